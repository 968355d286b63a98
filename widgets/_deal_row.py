"""The Table's deal controls: the seed and New deal, the game, the contract and the card size on one row, a bot
per seat on the next, and a deal typed as text in a panel of its own.

:class:`DealRow` owns these widgets and changes the learner's :class:`~._session.Session` itself (a new deal,
another contract or game at the same seats, another bot); the table gives it what it cannot do alone:
``moving()`` (the learner's view moves on: the Last trick view closes), ``restyle(faces)`` (another game's pack
has other faces), ``resize(px)`` (another card size) and ``redraw()``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from keinstich.cards import Style
from keinstich.faces import card_width
from keinstich.i18n import _

from ._games import Setup, SetupError, contract_ids, contract_name, faces_for, game_ids, players_named, resolve
from ._guard import MessageArea, guard, tell
from ._table_parts import bot_dropdowns, game_name, seed_value, size_dropdown

if TYPE_CHECKING:
    from ._session import Session
from ._shared import plain

__all__ = ["DealRow"]


class DealRow:
    """The deal's controls (see the module's docstring): ``rows`` are the widgets to show, in order;
    ``asked_faces`` the faces asked for (a pack with cards under the Seven is drawn French)."""

    def __init__(self, session: Session, messages: MessageArea, *, lang: Any, asked_faces: Style, width: int,
                 moving: Callable[[], None], restyle: Callable[[Style], None], resize: Callable[[int], None],
                 redraw: Callable[[], None]) -> None:
        ses = self.session = session
        self.messages = messages
        self.lang = lang
        self.asked_faces = asked_faces
        self.moving, self.restyle, self.resize, self.redraw = moving, restyle, resize, redraw
        b = widgets.Button
        self.seed_box = widgets.Text(value="" if ses.seed is None else str(ses.seed), description=_("Seed"),
                                     **plain(widgets.Text, style={"description_width": "40px"}, width="170px"))
        self.new_button = b(description=_("New deal"), icon="refresh", button_style="info", **plain(b))
        self.game_box = widgets.Dropdown(options=[(game_name(g), g) for g in game_ids()], value=self.game,
                                         description=_("Game"),
                                         **plain(widgets.Dropdown, style={"description_width": "60px"}, width="230px"))
        self.contract_box = widgets.Dropdown(description=_("Contract"), **plain(
            widgets.Dropdown, style={"description_width": "60px"}, width="330px"))
        self.size_box = size_dropdown(width, _("Cards"))
        self.fill_contracts()
        self.new_button.on_click(self._on_new)
        self.game_box.observe(self._on_game, "value")
        self.contract_box.observe(self._on_contract, "value")
        self.size_box.observe(self._on_size, "value")
        self.deal_row = widgets.HBox([self.seed_box, self.new_button, self.game_box, self.contract_box, self.size_box],
                                     **plain(widgets.HBox, flex_flow="row wrap"))
        self.bot_boxes = bot_dropdowns(ses, self._bot_handler)
        self._custom_bots = {s: ses.specs[s] for s, box in self.bot_boxes.items() if box.value.startswith("custom:")}
        self.bots_row = widgets.HBox([widgets.HTML(f"<b>{html.escape(_('Bots'))}</b>&nbsp;", **plain(widgets.HTML)),
                                      *self.bot_boxes.values()],
                                     **plain(widgets.HBox, flex_flow="row wrap", align_items="center"))
        # deal from text
        self.text_area = widgets.Textarea(value="", placeholder="0: 7C 8C …\n1: …",
                                          **plain(widgets.Textarea, width="100%", height="130px"))
        self.text_button = b(description=_("Deal from text"), icon="keyboard-o", **plain(b))
        self.text_button.on_click(self._on_text)
        self.text_panel = widgets.Accordion([widgets.VBox([self.text_area, self.text_button], **plain(widgets.VBox))],
                                            selected_index=None, **plain(widgets.Accordion))
        self.text_panel.set_title(0, _("Deal from text"))
        self.fill_text()

    @property
    def game(self) -> str:
        return self.session.setup.game

    @property
    def rows(self) -> list[widgets.Widget]:
        return [self.deal_row, self.bots_row, self.text_panel]

    def fill_contracts(self) -> None:
        """The contract dropdown for the game being played: its contracts, and this deal's own one."""
        setup = self.session.setup
        ids = list(contract_ids(self.game, setup.players))
        options = [(contract_name(self.game, i, setup.players, self.session.style), i) for i in ids]
        if setup.contract_id not in ids:
            options.append((_("{contract} (own rules)", contract=setup.name()), setup.contract_id))
        self._filling = True  # the dropdown changes with the game: that is no choice of the learner's
        try:
            self.contract_box.options = options
            self.contract_box.value = setup.contract_id
        finally:
            self._filling = False

    def fill_text(self) -> None:
        ses = self.session
        self.text_area.value = ses.setup.text(ses.deal)

    # --- callbacks ----------------------------------------------------------------------------------

    @guard
    def _on_new(self, _button: Any = None) -> None:
        seed = seed_value(self.seed_box.value)
        if str(seed) == str(self.session.seed) and isinstance(seed, int):
            seed += 1  # the box still shows this deal's seed: New deal means the next one
        self.deal_seed(seed)

    def deal_seed(self, seed: int | str) -> None:
        """Deal from ``seed`` under this setup."""
        ses = self.session
        deal = ses.setup.deal(seed)
        self.moving()
        ses.replace(ses.setup, deal, seed)
        self.seed_box.value = str(seed)
        self.fill_text()
        tell(self.messages, _("New deal (seed {seed}).", seed=seed))

    @guard
    def _on_text(self, _button: Any = None) -> None:
        ses = self.session
        deal = ses.setup.from_text(self.text_area.value)  # refused with the engine's message: nothing changes
        self.moving()
        ses.replace(ses.setup, deal, None)
        self.seed_box.value = ""
        tell(self.messages, _("Dealt from your text."))

    def _switch(self, setup: Setup) -> None:
        """Deal this table's seed under another setup (contract or game); refused if the seats differ."""
        ses = self.session
        if setup.players != ses.setup.players:
            raise SetupError(_("{contract} is for {players} players; this table has {seats} seats",
                               contract=setup.contract_id, players=setup.players, seats=ses.setup.players))
        seed = ses.bot_seed  # a typed deal switches to seed 0
        deal = setup.deal(seed)
        self.moving()
        self.restyle(faces_for(setup.pack, self.asked_faces))
        ses.replace(setup, deal, seed)
        self.seed_box.value = str(seed)
        self.fill_text()

    def _put_back(self, box: widgets.Dropdown, handler: Any, value: Any) -> None:
        box.unobserve(handler, "value")
        box.value = value
        box.observe(handler, "value")

    @guard
    def _on_contract(self, change: dict[str, Any]) -> None:
        old = self.session.setup
        cid = change["new"]
        if cid == old.contract_id or self._filling:
            return
        try:
            named = players_named(self.game, cid)
            if named is not None and named != old.players:
                raise SetupError(_("{contract} is for {players} players; this table has {seats} seats", contract=cid,
                                   players=named, seats=old.players))
            try:
                setup = resolve(self.game, cid, old.players, old.pack, style=self.asked_faces)
            except ValueError:  # the contract deals another pack (a Herzblatt removal rule)
                setup = resolve(self.game, cid, old.players, None, style=self.asked_faces)
            self._switch(setup)
        except ValueError:
            self._put_back(self.contract_box, self._on_contract, change["old"])
            raise
        tell(self.messages, _("New deal (seed {seed}).", seed=self.session.seed))

    @guard
    def _on_game(self, change: dict[str, Any]) -> None:
        """Another game at the same seats: its first contract, the same seed."""
        try:
            self._switch(resolve(change["new"], None, self.session.setup.players, None, style=self.asked_faces))
        except ValueError:
            self._put_back(self.game_box, self._on_game, change["old"])
            raise
        self.fill_contracts()
        tell(self.messages, _("Now {game}: new deal (seed {seed}).", game=game_name(self.game),
                              seed=self.session.seed))

    @guard
    def _on_size(self, change: dict[str, Any]) -> None:
        """Another card size: every view redrawn in place at the new width."""
        self.resize(round(card_width(change["new"])))

    def _bot_handler(self, seat: int) -> Any:
        @guard
        def handler(self: DealRow, change: dict[str, Any]) -> None:
            value = change["new"]
            spec = self._custom_bots[seat] if value.startswith("custom:") else value
            self.session.set_bot(seat, spec)
            with self.session.lock:
                self.redraw()

        return lambda change: handler(self, change)
