"""The Table: play a deal of any game in ``keinstich.games.GAMES`` against bots, in a notebook or a Voila app.

::

    from keinstich_widgets.table import Table
    Table("kein-stich", "no-hearts", seed=7)                    # you are seat 0; heuristic bots
    Table("herzeln", "domino", players=3, bots="random")          # the lay-off chain
    Table("herzblatt", "herzblatt-4-muhr", open_hands=True)       # asking, skat, announcements, tricks
    Table.from_deal(deal, seat=2, bots=["random", "montecarlo", "heuristic", "heuristic"])

The learner clicks a card (legal cards are enabled; the others are disabled with the engine's
``why_illegal`` as tooltip); the bots answer at once, or, for a slow bot, in a background thread
while the view says "Seat 2 is thinking…" and refuses clicks. Hint, Undo (back to the learner's
previous decision, the bots' replies too), Open hands, New deal (seed), Deal from text and a bot
per seat are the controls, and a game and a contract to switch to. Every callback is guarded: an
error shows in red in the message area and the deal stays as it was. The widget decides no rule: it
asks the engine for everything, through the Deal protocol (``legal_moves``, ``play``, ``result``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from keinstich.bots.heuristic import Bot
from keinstich.cards import Card, Lang, Style
from keinstich.deal import Deal

from ._games import (
    BOT_NAMES,
    Setup,
    SetupError,
    bot_label,
    bot_move,
    calls,
    contract_ids,
    contract_name,
    game_ids,
    is_fast,
    move_cards,
    players_named,
    resolve,
    setup_of,
)
from ._guard import MessageArea, guard, report
from ._session import Session, TableError
from ._table_view import CSS, TableView
from ._thinking import Thinking
from ._words import STRINGS, action_key
from .cardview import CardStyles, HandView, TrickView

__all__ = ["CSS", "STRINGS", "Table", "TableError"]

BOT_OPTIONS = [("random", "random"), ("heuristic", "heuristic"), ("Monte Carlo", "montecarlo")]


def _seed_value(text: str) -> int | str:
    t = text.strip()
    if not t:
        raise TableError("type a seed (a whole number or a word) in the seed box first")
    try:
        return int(t)
    except ValueError:
        return t


class Table(TableView, widgets.VBox):  # type: ignore[misc]
    """Play one deal of any game, contract and variant against bots.

    ``game``: a game id of the registry ("kein-stich", "herzeln", "herzblatt", …); ``contract``: a
    contract id of the game (with or without the game's prefix), or a contract object of the game
    (a Contract, a DominoContract, HerzblattRules); ``rules``: the contract's rules object, or a dict
    of changes (``{"no_lead": "H"}``, ``{"march": True}``, ``{"wrap": True}``, ``{"muhr": True}``);
    ``players`` defaults to four (or what the contract names); ``pack`` to the game's usual pack for
    them. ``seat``: the learner's seat; ``bots``: one spec for every other seat or one per seat
    ("random", "heuristic", "montecarlo", "montecarlo:samples=40" or Bot objects); ``hint``: the bot
    that gives hints. ``text``: hands typed one line per seat instead of a seeded deal. ``four_colour``
    None is the faces' usual look. ``synchronous`` makes every bot answer inside the click
    (deterministic; for tests).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        # not the deal's progress: bots may be moving in a thread while a notebook saves this
        return f"Table({self.session.setup.describe()}, seed {self.session.seed}, learner seat {self.seat})"

    def __init__(self, game: str = "kein-stich", contract: Any = None, *,
                 players: int | None = None, pack: str | None = None, seed: int | str = 0, seat: int = 0,
                 bots: str | Bot | Sequence[str | Bot] = "heuristic", open_hands: bool = False, lang: Lang = "en",
                 faces: Style = "german", four_colour: bool | None = None, text: str | None = None,
                 rules: Any = None, hint: str | Bot = "heuristic", synchronous: bool = False,
                 deal: Deal | None = None, width: int = 72) -> None:
        super().__init__()
        if lang not in STRINGS:
            raise SetupError(f"lang must be 'en' or 'de', not {lang!r}")
        if faces not in ("german", "french"):
            raise SetupError(f"faces must be 'german' or 'french', not {faces!r}")
        self.lang: Lang = lang
        self.faces: Style = faces
        self.four_colour = four_colour
        self.look: dict[str, Any] = {"style": faces, "four_colour": four_colour, "lang": lang}
        self.add_class("ks-table")
        if deal is not None:
            setup = setup_of(deal)
            start = deal.copy()
        else:
            setup = resolve(game, contract, players, pack, rules=rules, style=faces)
            start = setup.from_text(text) if text is not None else setup.deal(seed)
        self.messages = MessageArea()
        self.session = Session(setup, start, seat, bots, seed=seed, hint=hint, synchronous=synchronous,
                               on_change=self._render, on_error=self._bot_failed)
        self.session.style = faces
        self._hint_cards: tuple[Card, ...] = ()
        self.render_seconds = 0.0
        self._build(open_hands, width)
        self.session.start()

    @classmethod
    def from_deal(cls, deal: Deal, seat: int = 0, bots: str | Bot | Sequence[str | Bot] = "heuristic",
                  **kwargs: Any) -> Table:
        """A table for a deal made elsewhere (from a seed, typed in, or half played): the learner in ``seat``."""
        return cls(seat=seat, bots=bots, deal=deal, **kwargs)

    @property
    def game(self) -> str:
        """The id of the game being played."""
        return self.session.setup.game

    # --- building the widgets once ---------------------------------------------------------------

    def _build(self, open_hands: bool, width: int) -> None:
        ses = self.session
        n = ses.setup.players
        self.styles = CardStyles()
        self.title = widgets.HTML()
        self.other_views: dict[int, HandView] = {}
        self.other_labels: dict[int, widgets.HTML] = {}
        rows = []
        for k in range(1, n):
            s = (ses.seat + k) % n
            self.other_labels[s] = widgets.HTML(layout=widgets.Layout(width="150px"))
            self.other_views[s] = HandView((), None, None, None, width=max(36, width * 2 // 3),
                                           styles=self.styles, **self.look)
            rows.append(widgets.HBox([self.other_labels[s], self.other_views[s]],
                                     layout=widgets.Layout(align_items="center")))
        self.others = widgets.VBox(rows)
        self.trick_view = TrickView(n, names=self.names, me=ses.seat, width=max(48, width * 8 // 9), **self.look)
        self.domino_view: Any = None
        self.centre_box = widgets.VBox([self.trick_view])
        self.score = widgets.HTML(layout=widgets.Layout(min_width="240px", margin="0 0 0 16px"))
        self.centre = widgets.HBox([self.centre_box, self.score], layout=widgets.Layout(align_items="center"))
        self.status = widgets.HTML()
        self.status.add_class("ks-status")
        self.hand_view = HandView((), (), None, self._on_card, width=width, styles=self.styles,
                                  on_error=self.messages.error, **self.look)
        # the learner's moves besides cards: a button per move, made when the move is first offered
        self.action_buttons: dict[str, widgets.Button] = {}
        self.end_box = widgets.ToggleButtons(options=[("top", "top"), ("bottom", "bottom")], value="top",
                                             description=self.t("end"),
                                             style={"button_width": "70px"}, layout=widgets.Layout(display="none"))
        self.actions = widgets.HBox([self.end_box])
        # controls
        b = widgets.Button
        self.hint_button = b(description=self.t("hint"), icon="lightbulb-o", tooltip="the hint bot's move and why")
        self.undo_button = b(description=self.t("undo"), icon="undo", tooltip="back to your previous move")
        self.open_toggle = widgets.ToggleButton(value=open_hands, description=self.t("open"), icon="eye")
        self.seed_box = widgets.Text(value=str(ses.seed), description=self.t("seed"),
                                     layout=widgets.Layout(width="170px"), style={"description_width": "40px"})
        self.new_button = b(description=self.t("new"), icon="refresh", button_style="info")
        self.game_box = widgets.Dropdown(options=[(self._game_name(g), g) for g in game_ids()], value=self.game,
                                         description=self.t("game"), style={"description_width": "60px"},
                                         layout=widgets.Layout(width="230px"))
        self.contract_box = widgets.Dropdown(description=self.t("contract"), style={"description_width": "60px"},
                                             layout=widgets.Layout(width="330px"))
        self._fill_contracts()
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.open_toggle.observe(self._on_open, "value")
        self.new_button.on_click(self._on_new)
        self.game_box.observe(self._on_game, "value")
        self.contract_box.observe(self._on_contract, "value")
        self.hint_job: Thinking[tuple[Any, str]] = Thinking(
            ses.lock, words=self.t("hint_thinking"), stop_words=self.t("stop"), stopped_words=self.t("stopped"))
        self.controls = widgets.HBox([self.hint_button, self.hint_job.box, self.undo_button, self.open_toggle,
                                      self.seed_box, self.new_button, self.game_box, self.contract_box],
                                     layout=widgets.Layout(flex_flow="row wrap"))
        # bots
        self.bot_boxes: dict[int, widgets.Dropdown] = {}
        for s in range(n):
            if s == ses.seat:
                continue
            spec = ses.specs[s]
            options = list(BOT_OPTIONS)
            value = spec if isinstance(spec, str) and spec in BOT_NAMES else None
            if value is None:
                label = spec if isinstance(spec, str) else f"{bot_label(spec)} (given)"
                options.append((label, f"custom:{s}"))
                value = f"custom:{s}"
            box = widgets.Dropdown(options=options, value=value, description=self.t("seat", n=s),
                                   style={"description_width": "56px"}, layout=widgets.Layout(width="200px"))
            box.observe(self._bot_handler(s), "value")
            self.bot_boxes[s] = box
        self._custom_bots = {s: ses.specs[s] for s, box in self.bot_boxes.items() if box.value.startswith("custom:")}
        self.bots_row = widgets.HBox([widgets.HTML(f"<b>{self.t('bots')}</b>&nbsp;"), *self.bot_boxes.values()],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # deal from text
        self.text_area = widgets.Textarea(value="", placeholder="0: 7C 8C …\n1: …",
                                          layout=widgets.Layout(width="100%", height="130px"))
        self.text_button = b(description=self.t("from_text"), icon="keyboard-o")
        self.text_button.on_click(self._on_text)
        self.text_panel = widgets.Accordion([widgets.VBox([self.text_area, self.text_button])], selected_index=None)
        self.text_panel.set_title(0, self.t("text_title"))
        # history
        self.history = widgets.HTML()
        self.css = widgets.HTML(CSS, layout=widgets.Layout(display="none"))
        self.history_panel = widgets.Accordion([self.history], selected_index=None)
        self.history_panel.set_title(0, self.t("history"))
        self._fill_text()
        self.children = [self.styles, self.css, self.title, self.others, self.centre, self.status, self.hand_view,
                         self.actions, self.controls, self.bots_row, self.text_panel, self.history_panel,
                         self.messages]

    def _game_name(self, game_id: str) -> str:
        from ._games import game_of

        g = game_of(game_id)
        return g.name if g.german == g.name else f"{g.name} ({g.german})"

    def _fill_contracts(self) -> None:
        """The contract dropdown for the game being played: its contracts, and this deal's own one."""
        setup = self.session.setup
        ids = list(contract_ids(self.game, setup.players))
        options = [(contract_name(self.game, i, setup.players), i) for i in ids]
        if setup.contract_id not in ids:
            options.append((f"{setup.name()} (own rules)", setup.contract_id))
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

    @guard
    def _on_card(self, c: Card) -> None:
        self._hint_cards = ()
        end = self.end_box.value if self.end_box.layout.display != "none" else None
        self.session.click(c, end)
        self._after()

    def play(self, c: Card | str) -> None:
        """Play (or pick, while picking several) a card as if the learner clicked it; errors show in the widget."""
        self._on_card(c)

    def _action_handler(self, key: str) -> Any:
        @guard
        def handler(self: Table, _button: Any = None) -> None:
            ses = self.session
            self._hint_cards = ()
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
        """The hint bot's move: inline when the bot is fast, else in a thread with a note and Stop; the
        answer is shown (under the session's lock) only if the position is still the one asked about."""
        ses = self.session
        with ses.lock:
            if self.hint_job.busy:
                raise TableError(self.t("hint_busy"))
            bot, position, mark = ses.hint_question()
            seat = ses.seat
            self.hint_job.synchronous = ses.synchronous or is_fast(bot)
            self.hint_job.start(lambda _budget: bot_move(bot, position, seat),
                                lambda answer: self._hinted(mark, bot, answer),
                                lambda e: report(self.messages, e, "hint"))

    def _hinted(self, mark: tuple[int, int], bot: Bot, answer: tuple[Any, str]) -> None:
        if not self.session.still(mark):
            return  # the learner moved, undid or dealt anew meanwhile: the hint is for a position gone
        move, reason = answer
        self._hint_cards = move_cards(move)
        self.hand_view.highlight(self._hint_cards)
        self.messages.info(self.t("hint_text", bot=bot_label(bot), move=self.advice(move), reason=reason))

    @guard
    def _on_undo(self, _button: Any = None) -> None:
        self._hint_cards = ()
        self.session.undo()
        self._after(self.t("undone"))

    @guard
    def _on_open(self, _change: Any = None) -> None:
        with self.session.lock:
            self._render()

    @guard
    def _on_new(self, _button: Any = None) -> None:
        seed = _seed_value(self.seed_box.value)
        if str(seed) == str(self.session.seed) and isinstance(seed, int):
            seed += 1  # the box still shows this deal's seed: New deal means the next one
        self._deal_seed(seed)

    def _deal_seed(self, seed: int | str) -> None:
        ses = self.session
        deal = ses.setup.deal(seed)
        self._hint_cards = ()
        ses.replace(ses.setup, deal, seed)
        self.seed_box.value = str(seed)
        self._fill_text()
        self._after(self.t("dealt", seed=seed))

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
        self._hint_cards = ()
        ses.replace(ses.setup, deal)
        self._after(self.t("dealt_text"))

    def deal_text(self, text: str) -> None:
        """Deal the hands typed in ``text`` (one line per seat), as the Deal from text button does."""
        self.text_area.value = text
        self.text_button.click()

    def _switch(self, setup: Setup) -> None:
        """Deal this table's seed under another setup (contract or game); refused if the seats differ."""
        ses = self.session
        if setup.players != ses.setup.players:
            raise SetupError(f"{setup.contract_id} is for {setup.players} players; this table has "
                             f"{ses.setup.players} seats")
        deal = setup.deal(ses.seed)
        self._hint_cards = ()
        ses.replace(setup, deal)
        self._fill_text()

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
                raise SetupError(f"{cid} is for {named} players; this table has {old.players} seats")
            try:
                setup = resolve(self.game, cid, old.players, old.pack, style=self.faces)
            except ValueError:  # the contract deals another pack (a Herzblatt removal rule)
                setup = resolve(self.game, cid, old.players, None, style=self.faces)
            self._switch(setup)
        except ValueError:
            self._put_back(self.contract_box, self._on_contract, change["old"])
            raise
        self._after(self.t("dealt", seed=self.session.seed))

    @guard
    def _on_game(self, change: dict[str, Any]) -> None:
        """Another game at the same seats: its first contract, the same seed."""
        try:
            self._switch(resolve(change["new"], None, self.session.setup.players, None, style=self.faces))
        except ValueError:
            self._put_back(self.game_box, self._on_game, change["old"])
            raise
        self._fill_contracts()
        self._after(self.t("new_game", game=self._game_name(self.game), seed=self.session.seed))

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

    def card_button(self, c: Card | str) -> widgets.Button:
        """The learner's button for card ``c``."""
        return self.hand_view.button(c)
