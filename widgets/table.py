"""The Table: play a deal of any game in ``keinstich.games.GAMES`` against bots, in a notebook or a Voila app.

::

    from keinstich_widgets.table import Table
    Table("kein-stich", "no-hearts", seed=7)                    # you are seat 0; heuristic bots
    Table("herzeln", "domino", players=3, bots="random")          # the lay-off chain
    Table("herzblatt", "herzblatt-4-muhr", open_hands=True)       # asking, skat, announcements, tricks
    Table.from_deal(deal, seat=2, bots=["random", "montecarlo", "heuristic", "heuristic"])

The learner clicks a card (legal cards are enabled; the others are disabled with the engine's
``why_illegal``, said to "you", as tooltip); the bots answer at once, or, for a slow bot, in a
background thread while the view says "Seat 2 is thinking…" and refuses clicks. A finished trick stays
on the cloth, with who won it, until the learner's next move (:mod:`._centre`); Last trick shows the one
before again. Undo (back to the learner's previous decision, the bots' replies too), Last trick, Open
hands, Hint (its card and reason beside the button, gone once the position moves on), New deal (seed),
the card size, Deal from text and a bot per seat are the controls, and a game and a contract to switch
to. Every callback is guarded: an error shows in red in the message area and the deal stays as it was.
The widget decides no rule: it asks the engine for everything, through the Deal protocol
(``legal_moves``, ``play``, ``result``). When a deal ends, the coach's review opens beside the table
(:mod:`._coach`): every decision of the learner graded, each with "Try again from here".
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from keinstich.bots.heuristic import Bot
from keinstich.cards import Card, Lang, Style
from keinstich.coach import Verdict, known, verdict
from keinstich.coach.idea_words import hint_plain
from keinstich.codes import DealCode
from keinstich.deal import Deal, Lay
from keinstich.faces import card_width
from keinstich.wording.i18n import _, pgettext

from ._app import app_help, app_table
from ._board import build_board
from ._coach import Coach
from ._games import (
    Setup,
    SetupError,
    calls,
    contract_ids,
    contract_name,
    faces_for,
    game_ids,
    move_cards,
    players_named,
    resolve,
    setup_of,
)
from ._guard import MessageArea, guard, guarded, report
from ._session import Session, TableError
from ._speech import Speech
from ._table_parts import bot_dropdowns, game_name, seed_value, size_dropdown
from ._table_view import CSS, TableView
from ._teacher import opened, panels
from ._thinking import Thinking
from ._words import action_key, language_of, speaking
from .cardview import CardStyles, HandView

__all__ = ["CSS", "Table", "TableError", "app_help", "app_table"]


class Table(TableView, widgets.HBox):  # type: ignore[misc]
    """Play one deal of any game, contract and variant against bots.

    ``game``: a game id of the registry ("kein-stich", "herzeln", "herzblatt", …); ``contract``: a
    contract id of the game (with or without the game's prefix), or a contract object of the game
    (a Contract, a DominoContract, HerzblattRules); ``rules``: the contract's rules object, or a dict
    of changes (``{"no_lead": "H"}``, ``{"march": True}``, ``{"wrap": True}``, ``{"muhr": True}``);
    ``players`` defaults to four (or what the contract names); ``pack`` to the game's usual pack for
    them. ``seat``: the learner's seat; ``bots``: one spec for every other seat or one per seat
    ("random", "heuristic", "montecarlo", "montecarlo:samples=40" or Bot objects); Hint shows the coach's
    card (the one judge, :func:`keinstich.coach.verdict`) and why. ``text``: hands typed one line per seat
    instead of a seeded deal; ``deal``: a deal made elsewhere (its ``seed``, when given, is shown; else it is
    a "typed deal"). ``card_size``:
    "small", "medium" (the default), "large" (a projector) or a width in pixels (``width`` is the old
    name). ``four_colour`` None is the faces' usual look. ``synchronous`` makes every bot answer
    inside the click (deterministic; for tests). ``review``: when a deal ends, the coach's review of the
    learner's decisions opens beside the table (:mod:`._coach`), each with "Try again from here".
    """

    notice: MessageArea | None = None
    """A sentence at the top of the table (the Voila app's refusal of a damaged link), if any."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        # not the deal's progress: bots may be moving in a thread while a notebook saves this
        # TRANSLATORS: a table in short (a notebook's plain text): "Table(No Tricks: 5 per trick — 4 players, german-32,
        # seed 3, learner seat 0)"; "Table" is the widget's name, code
        return _("Table({setup}, {seed}, learner seat {seat})", setup=self.session.setup.describe(),
                 seed=self.seed_words(), seat=self.seat)

    def __init__(self, game: str = "kein-stich", contract: Any = None, *,
                 players: int | None = None, pack: str | None = None, seed: int | str | None = None, seat: int = 0,
                 bots: str | Bot | Sequence[str | Bot] = "heuristic", open_hands: bool = False,
                 lang: Lang | None = None,
                 faces: Style = "german", four_colour: bool | None = None, text: str | None = None,
                 rules: Any = None, synchronous: bool = False,
                 deal: Deal | None = None, width: int = 72, card_size: str | int | None = None,
                 review: bool = True, teacher: bool = False, code: DealCode | str | None = None) -> None:
        super().__init__()
        try:
            self.lang: Lang = language_of(lang)
        except ValueError as e:
            raise SetupError(str(e)) from None
        with speaking(self.lang):
            self._setup(game, contract, players, pack, seed, seat, bots, open_hands, faces, four_colour, text, rules,
                        synchronous, deal, width, card_size, review, teacher, code)

    def _setup(self, game: str, contract: Any, players: int | None, pack: str | None, seed: int | str | None,
               seat: int, bots: Any, open_hands: bool, faces: Style, four_colour: bool | None, text: str | None,
               rules: Any, synchronous: bool, deal: Deal | None, width: int, card_size: str | int | None,
               review: bool, teacher: bool, code: DealCode | str | None) -> None:
        lang = self.lang
        if faces not in ("german", "french"):
            raise SetupError(f"faces must be 'german' or 'french', not {faces!r}")
        self.asked_faces: Style = faces  # the faces asked for; a pack with cards under the Seven is drawn French
        self.four_colour = four_colour
        self.layout.flex_flow = "row wrap"
        self.layout.align_items = "flex-start"
        self.add_class("ks-a11y")  # the root of the page-side care for a keyboard and a screen reader (._access)
        px = round(card_width(card_size if card_size is not None else width))
        handed_out = None
        if code is not None:  # a deal code: its position, seat, seed and bots, unless given here
            handed_out, deal, seat, seed, bots = opened(code, seed, bots)
        if deal is not None:
            setup = setup_of(deal)
            start = deal.copy()
        else:
            setup = resolve(game, contract, players, pack, rules=rules, style=faces)
            if text is None:
                seed = 0 if seed is None else seed
                start = setup.deal(seed)
            else:
                start = setup.from_text(text)
        self.faces: Style = faces_for(setup.pack, faces)
        self.look: dict[str, Any] = {"style": self.faces, "four_colour": four_colour, "lang": lang}
        self.messages = MessageArea()
        self.session = Session(setup, start, seat, bots, seed=seed, synchronous=synchronous,
                               on_change=self._render, on_error=self._bot_failed)
        self.session.style = self.faces
        self.session.lang = lang
        self._hint_cards: tuple[Card, ...] = ()
        self._hint_mark: tuple[int, int] | None = None
        self.render_seconds = 0.0
        self._build(open_hands, px)
        self.codes, self.teacher_panel = panels(self, handed_out, teacher)
        self.coach = Coach(self, review)
        at = list(self.main.children).index(self.status) + 1  # the review's line, right where the learner looks
        self.main.children = [*self.main.children[:at], self.coach.banner, *self.main.children[at:]]
        self.session.start()

    @classmethod
    def from_deal(cls, deal: Deal, seat: int = 0, bots: str | Bot | Sequence[str | Bot] = "heuristic",
                  **kwargs: Any) -> Table:
        """A table for a deal made elsewhere (from a seed, typed in, or half played): the learner in ``seat``.
        A deal does not know its seed: give ``seed=`` to show it (and deal on from it); else the title
        says "typed deal"."""
        return cls(seat=seat, bots=bots, deal=deal, **kwargs)

    @classmethod
    def from_code(cls, code: DealCode | str, **kwargs: Any) -> Table:
        """A table at the position a deal code (``KS1-…``, or a link with one) or a result code hands out, with its
        seat, seed and bots; a bad code is refused in one sentence (:class:`keinstich.codes.CodeError`)."""
        return cls(code=code, **kwargs)

    def seed_words(self) -> str:
        """"seed 7", or "typed deal" for a deal not dealt from a seed the table knows."""
        seed = self.session.seed
        return _("typed deal") if seed is None else _("seed {seed}", seed=seed)

    @property
    def game(self) -> str:
        """The id of the game being played."""
        return self.session.setup.game

    # --- building the widgets once ---------------------------------------------------------------

    def _build(self, open_hands: bool, width: int) -> None:
        ses = self.session
        self.card_px = width
        self.styles = CardStyles()
        self.title = widgets.HTML()
        build_board(self, width)
        self.status = widgets.HTML()
        self.status.add_class("ks-status")
        self.hand_view = HandView((), (), None, self._on_card, width=width, styles=self.styles,
                                  on_error=self.messages.error, **self.look)
        self.hand_view.add_class("ks-fit")
        self.hand_view.add_class("ks-mine")  # its cards that may not be played stay focusable and say why
        self.speech = Speech(self)
        self.hand_view.on_refused = guarded(self.messages, self.speech.refused)
        for part in (self.title, self.board, self.status):
            part.add_class("ks-scaled")
        # the learner's moves besides cards: a button per move, made when the move is first offered
        self.action_buttons: dict[str, widgets.Button] = {}
        self.end_box = widgets.ToggleButtons(options=[(pgettext("end", "top"), "top"),
                                                      (pgettext("end", "bottom"), "bottom")], value="top",
                                             description=_("Lay at"),
                                             style={"button_width": "70px"}, layout=widgets.Layout(display="none"))
        self.actions = widgets.HBox([self.end_box])
        # controls: the play row (the hint's answer at its end, beside the button) and the deal row
        b = widgets.Button
        self.hint_button = b(description=_("Hint"), icon="lightbulb-o", tooltip=_("the coach's card and why"),
                             layout=widgets.Layout(flex="0 0 auto"))
        self.hint_note = widgets.HTML(layout=widgets.Layout(margin="0 0 0 8px", flex="1 1 auto", min_width="0"))
        self.hint_note.add_class("ks-hint")
        self.undo_button = b(description=_("Undo"), icon="undo", tooltip=_("back to your previous move"))
        self.last_toggle = widgets.ToggleButton(value=False, description=_("Last trick"), icon="history",
                                                tooltip=_("show the trick before the one on the table"))
        self.open_toggle = widgets.ToggleButton(value=open_hands, description=_("Open hands"), icon="eye")
        self.seed_box = widgets.Text(value="" if ses.seed is None else str(ses.seed), description=_("Seed"),
                                     layout=widgets.Layout(width="170px"), style={"description_width": "40px"})
        self.new_button = b(description=_("New deal"), icon="refresh", button_style="info")
        self.game_box = widgets.Dropdown(options=[(game_name(g), g) for g in game_ids()], value=self.game,
                                         description=_("Game"), style={"description_width": "60px"},
                                         layout=widgets.Layout(width="230px"))
        self.contract_box = widgets.Dropdown(description=_("Contract"), style={"description_width": "60px"},
                                             layout=widgets.Layout(width="330px"))
        self.size_box = size_dropdown(width, _("Cards"))
        self._fill_contracts()
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.last_toggle.observe(self._on_open, "value")
        self.open_toggle.observe(self._on_open, "value")
        self.new_button.on_click(self._on_new)
        self.game_box.observe(self._on_game, "value")
        self.contract_box.observe(self._on_contract, "value")
        self.size_box.observe(self._on_size, "value")
        self.hint_job: Thinking[Verdict] = Thinking(
            ses.lock, words=_("the coach is thinking"), stop_words=_("Stop"), stopped_words=_("stopped"))
        # the hint's answer beside its button: the three stay on one line, the answer's words wrap downwards; the
        # buttons keep the top of the row, so a long answer never pushes them down
        self.hint_box = widgets.HBox([self.hint_button, self.hint_job.box, self.hint_note],
                                     layout=widgets.Layout(flex="1 1 420px", align_items="flex-start"))
        self.controls = widgets.HBox([self.undo_button, self.last_toggle, self.open_toggle, self.hint_box],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.controls.add_class("ks-controls")
        self.deal_row = widgets.HBox([self.seed_box, self.new_button, self.game_box, self.contract_box, self.size_box],
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.bot_boxes = bot_dropdowns(ses, self._bot_handler)
        self._custom_bots = {s: ses.specs[s] for s, box in self.bot_boxes.items() if box.value.startswith("custom:")}
        self.bots_row = widgets.HBox([widgets.HTML(f"<b>{html.escape(_('Bots'))}</b>&nbsp;"), *self.bot_boxes.values()],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # deal from text
        self.text_area = widgets.Textarea(value="", placeholder="0: 7C 8C …\n1: …",
                                          layout=widgets.Layout(width="100%", height="130px"))
        self.text_button = b(description=_("Deal from text"), icon="keyboard-o")
        self.text_button.on_click(self._on_text)
        self.text_panel = widgets.Accordion([widgets.VBox([self.text_area, self.text_button])], selected_index=None)
        self.text_panel.set_title(0, _("Deal from text"))
        # history
        self.history = widgets.HTML()
        self.css = widgets.HTML(layout=widgets.Layout(display="none"))
        self._sizes: set[int] = set()
        self.history_panel = widgets.Accordion([self.history], selected_index=None)
        self.history_panel.set_title(0, _("Tricks and moves"))
        self._fill_text()
        self.main = widgets.VBox([self.styles, self.css, self.speech.access, self.title, self.board, self.status,
                                  self.hand_view, self.actions, self.controls, self.deal_row, self.bots_row,
                                  self.text_panel, self.history_panel, self.messages])
        self.main.add_class("ks-table")
        # the slot beside the table for a panel (the review after a deal): empty and taking no space until used
        self.main.layout = widgets.Layout(flex="0 1 auto", min_width="0")  # as wide as its board and hand need
        self.size_text(width)
        self.review_box = widgets.VBox([], layout=widgets.Layout(display="none", margin="0 0 0 16px",
                                                                 flex="1 1 420px"))
        self.review_box.add_class("ks-review-box")
        self.children = [self.main, self.review_box]

    def show_panel(self, panel: widgets.Widget | None) -> None:
        """Show ``panel`` (the review, say) beside the table, or clear the slot with None."""
        self.review_box.children = [] if panel is None else [panel]
        self.review_box.layout.display = "none" if panel is None else ""

    def _fill_contracts(self) -> None:
        """The contract dropdown for the game being played: its contracts, and this deal's own one."""
        setup = self.session.setup
        ids = list(contract_ids(self.game, setup.players))
        options = [(contract_name(self.game, i, setup.players, self.faces), i) for i in ids]
        if setup.contract_id not in ids:
            options.append((_("{contract} (own rules)", contract=setup.name()), setup.contract_id))
        self._filling = True  # the dropdown changes with the game: that is no choice of the learner's
        try:
            self.contract_box.options = options
            self.contract_box.value = setup.contract_id
        finally:
            self._filling = False

    def _fill_text(self) -> None:
        ses = self.session
        self.text_area.value = ses.setup.text(ses.deal)

    # --- callbacks ----------------------------------------------------------------------------------

    def _after(self, note: str = "") -> None:
        if note:
            self.messages.info(note)
        elif self.messages.kind == "error":
            self.messages.clear()

    def _moving(self) -> None:
        """The learner moves: the Last trick view closes (the hint goes as the position changes)."""
        if self.last_toggle.value:
            self.last_toggle.unobserve(self._on_open, "value")
            self.last_toggle.value = False
            self.last_toggle.observe(self._on_open, "value")

    @guard
    def _on_card(self, c: Card) -> None:
        end = self.end_box.value if self.end_box.layout.display != "none" else None
        if not self.session.picking:
            self._moving()
        self.session.click(c, end)
        self._after()

    def play(self, c: Card | str) -> None:
        """Play (or pick, while picking several) a card as if the learner clicked it; errors show in the widget."""
        self._on_card(c)

    def _action_handler(self, key: str) -> Any:
        @guard
        def handler(self: Table, _button: Any = None) -> None:
            ses = self.session
            self._moving()
            if ses.picking and key == ses.phase:
                ses.confirm()
            else:
                offered = [m for m in calls(ses.deal) if action_key(m) == key]  # a pass is the move None
                if not offered:
                    raise TableError(ses.phase_hint())
                ses.call(offered[0])
            self._after()

        return lambda button=None: handler(self, button)

    def act(self, key: str) -> None:
        """Press the button of a move by its key ("solo", "pass", "discard", "announce-66", "contra",
        "no-re", "lay-pass", …), as the learner would; a move not offered now is refused in the widget."""
        button = self.action_buttons.get(key)
        if button is not None and button.layout.display != "none":
            button.click()
        else:
            self._action_handler(key)()

    @guard
    def _on_hint(self, _button: Any = None) -> None:
        """The coach's move: at once when its verdict is known (the coach works it out while the learner thinks),
        else in a thread with a note and Stop; shown (under the session's lock) only if the position is still the
        one asked about."""
        ses = self.session
        with ses.lock:
            if self.hint_job.busy:
                raise TableError(_("the coach is still thinking: wait, or press Stop"))
            position, mark = ses.hint_question()
            self.hint_job.synchronous = ses.synchronous or known(position)
            self.hint_job.start(lambda budget: verdict(position, budget=budget, style=self.faces),
                                lambda v: self._hinted(mark, v),
                                lambda e: report(self.messages, e, "hint"))

    def _hinted(self, mark: tuple[int, int], v: Verdict) -> None:
        """Show the hint beside its button; the redraw takes it away once the position moves on."""
        with self.session.lock:
            if not self.session.still(mark):
                return  # the learner moved, undid or dealt anew meanwhile: the hint is for a position gone
            self._hint_mark = mark
            self._hint_cards = move_cards(v.hint)
            self.hand_view.highlight(self._hint_cards)
            if isinstance(v.hint, Lay):  # the end the coach lays it at, ready for the click
                self.end_box.value = v.hint.end
            self.hint_note.value = self.hint_html(v.hint, hint_plain(v, self.faces), v.hint_reason(self.faces))

    @guard
    def _on_undo(self, _button: Any = None) -> None:
        self._moving()
        self.session.undo()
        self._after(_("Taken back to your previous move."))

    @guard
    def _on_open(self, _change: Any = None) -> None:
        with self.session.lock:
            self._render()

    @guard
    def _on_new(self, _button: Any = None) -> None:
        seed = seed_value(self.seed_box.value)
        if str(seed) == str(self.session.seed) and isinstance(seed, int):
            seed += 1  # the box still shows this deal's seed: New deal means the next one
        self._deal_seed(seed)

    def _deal_seed(self, seed: int | str) -> None:
        ses = self.session
        deal = ses.setup.deal(seed)
        self._moving()
        ses.replace(ses.setup, deal, seed)
        self.seed_box.value = str(seed)
        self._fill_text()
        self._after(_("New deal (seed {seed}).", seed=seed))

    def new_deal(self, seed: int | str | None = None) -> None:
        """Deal from ``seed`` (default: the next seed, as the New deal button does)."""
        if seed is None:
            self._on_new()
        else:
            guard(Table._deal_seed)(self, seed)

    @guard
    def _on_text(self, _button: Any = None) -> None:
        ses = self.session
        deal = ses.setup.from_text(self.text_area.value)  # refused with the engine's message: nothing changes
        self._moving()
        ses.replace(ses.setup, deal, None)
        self.seed_box.value = ""
        self._after(_("Dealt from your text."))

    def deal_text(self, text: str) -> None:
        """Deal the hands typed in ``text`` (one line per seat), as the Deal from text button does."""
        self.text_area.value = text
        self.text_button.click()

    def _switch(self, setup: Setup) -> None:
        """Deal this table's seed under another setup (contract or game); refused if the seats differ."""
        ses = self.session
        if setup.players != ses.setup.players:
            raise SetupError(_("{contract} is for {players} players; this table has {seats} seats",
                               contract=setup.contract_id, players=setup.players, seats=ses.setup.players))
        seed = ses.bot_seed  # a typed deal switches to seed 0
        deal = setup.deal(seed)
        self._moving()
        self._restyle(faces_for(setup.pack, self.asked_faces))
        ses.replace(setup, deal, seed)
        self.seed_box.value = str(seed)
        self._fill_text()

    def _restyle(self, faces: Style) -> None:
        """Draw the cards with ``faces`` from now on (another game's pack may have no German faces, or have them
        again): every card view, the bots' reasons and the review."""
        if faces == self.faces:
            return
        self.faces = self.session.style = self.look["style"] = faces
        for hand in (self.hand_view, *self.other_views.values()):
            hand.set_look(style=faces)
        for trick in (self.trick_view, self.last_view):
            trick.set_look(style=faces)
        if self.domino_view is not None:
            self.domino_view.set_look(style=faces)
        self.coach.view.style = faces

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
        self._after(_("New deal (seed {seed}).", seed=self.session.seed))

    @guard
    def _on_game(self, change: dict[str, Any]) -> None:
        """Another game at the same seats: its first contract, the same seed."""
        try:
            self._switch(resolve(change["new"], None, self.session.setup.players, None, style=self.asked_faces))
        except ValueError:
            self._put_back(self.game_box, self._on_game, change["old"])
            raise
        self._fill_contracts()
        self._after(_("Now {game}: new deal (seed {seed}).", game=game_name(self.game), seed=self.session.seed))

    @guard
    def _on_size(self, change: dict[str, Any]) -> None:
        """Another card size: every view redrawn in place at the new width."""
        with self.session.lock, self.hold_sync():
            self.resize(round(card_width(change["new"])))

    def set_card_size(self, size: str | int) -> None:
        """Cards "small", "medium", "large" or a width in pixels, as the size dropdown sets them."""
        value = size if isinstance(size, int) else {"s": "small", "m": "medium", "l": "large", "xl": "xlarge"}.get(
            size.lower(), size)
        if value not in [v for _x, v in self.size_box.options]:
            self.size_box.options = [*self.size_box.options, (f"{card_width(value):.0f} px", value)]
        self.size_box.value = value

    def _bot_handler(self, seat: int) -> Any:
        @guard
        def handler(self: Table, change: dict[str, Any]) -> None:
            value = change["new"]
            spec = self._custom_bots[seat] if value.startswith("custom:") else value
            self.session.set_bot(seat, spec)
            with self.session.lock:
                self._render()

        return lambda change: handler(self, change)

    def _bot_failed(self, error: BaseException) -> None:
        report(self.messages, error, "bot")

    # --- for tests and scripts ----------------------------------------------------------------------

    @property
    def deal(self) -> Any:
        """The deal being played (read it; change it only through the table)."""
        return self.session.deal

    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def setup(self) -> Setup:
        return self.session.setup

    def wait(self, timeout: float | None = 30.0) -> bool:
        """Wait until no bot is thinking; True if the table is idle."""
        return self.session.wait(timeout)

    def focus_play(self) -> None:
        """Bring the table into view: the browser scrolls to the button given the focus (the learner's first
        playable card, else Hint)."""
        for c in self.session.legal():
            self.hand_view.button(c).focus()
            return
        self.hint_button.focus()

    def card_button(self, c: Card | str) -> widgets.Button:
        """The learner's button for card ``c``."""
        return self.hand_view.button(c)
