"""The Table: play a deal of Kein Stich, Herzeln or Herzblatt against bots, in a notebook or a Voila app.

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
per seat are the controls. Every callback is guarded: an error shows in red in the message area
and the deal stays as it was. The widget decides no rule: it asks the engine for everything.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from keinstich.bots.heuristic import Bot
from keinstich.cards import Card, Lang, Style, hands_to_text, sort_hand
from keinstich.contracts import Contract
from keinstich.games.herzblatt import HerzblattDeal
from keinstich.games.kein_stich_record import STANDARD_POT
from keinstich.layoff import DominoContract, DominoDeal, payout_shares
from keinstich.tricks import TrickDeal

from ._games import (
    BOT_NAMES,
    AnyDeal,
    Setup,
    SetupError,
    bot_label,
    contract_ids,
    contract_name,
    resolve,
    setup_of,
)
from ._guard import MessageArea, guard, report
from ._session import Session, TableError, copy_deal
from .cardview import CardStyles, HandView, TrickView

__all__ = ["STRINGS", "Table", "TableError"]

CSS = ("<style>.ks-table table.ks-grid{border-collapse:collapse}"
       ".ks-table table.ks-grid th,.ks-table table.ks-grid td{padding:2px 10px;text-align:left}"
       ".ks-table table.ks-grid tr:nth-child(even) td{background:rgba(0,0,0,.04)}</style>")
"""Spacing for the table's small tables (score, tricks), scoped to the Table widget."""

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "you": "You", "seat": "Seat {n}", "hint": "Hint", "undo": "Undo", "open": "Open hands",
        "new": "New deal", "seed": "Seed", "from_text": "Deal from text", "text_title": "Deal from text",
        "history": "Tricks and moves", "contract": "Contract", "thinking": "{name} is thinking…",
        "your_card": "Your turn: play a card.", "your_lead": "Your turn: lead a card.",
        "your_lay": "Your turn: lay a card.", "must_pass": "No card fits: press Pass.",
        "may_pass": "Your turn: lay a card, or pass.",
        "ask": "Do you play (solo, with the skat) or pass?", "discard": "Pick two cards to lay away, then press "
        "Discard ({k} of 2 picked).", "announce": "Announce: nothing, 66 or du (all tricks)?",
        "contra": "Say contra against the soloist?", "re": "{name} said contra: say re?",
        "waiting": "{name} to move.", "over": "The deal is over. {result} Press New deal for another.",
        "solo": "Play (solo)", "pass": "Pass", "discard_btn": "Discard", "no_ann": "No announcement",
        "contra_btn": "Contra", "no_contra": "No contra", "re_btn": "Re", "no_re": "No re",
        "end": "Lay at", "bots": "Bots", "tricks": "tricks", "score": "score", "pf": "pf", "points": "points",
        "pot": "Pot so far: {pot} of {total} pf", "points_sum": "Points so far: {pts} of {total}",
        "places": "Out: {order}", "passes": "passes", "soloist": "Soloist: {name}",
        "card_points": "card points", "skat": "Skat: {cards}", "hint_text": "Hint ({bot}): {move} — {reason}",
        "hint_none": "", "trick_won": "Trick {k}: {name} wins it.", "trick_won_you": "Trick {k}: you win it.",
        "to_play": "{name} to play",
        "phase": "Phase: {phase}", "dealt": "New deal (seed {seed}).", "dealt_text": "Dealt from your text.",
        "undone": "Taken back to your previous move.", "redeal": "Everyone passed: the deal is thrown in.",
    },
    "de": {
        "you": "Du", "seat": "Platz {n}", "hint": "Tipp", "undo": "Zurück", "open": "Offene Karten",
        "new": "Neu geben", "seed": "Seed", "from_text": "Aus Text geben", "text_title": "Karten als Text",
        "history": "Stiche und Züge", "contract": "Spiel", "thinking": "{name} denkt nach…",
        "your_card": "Du bist dran: spiel eine Karte.", "your_lead": "Du spielst aus.",
        "your_lay": "Du bist dran: leg eine Karte an.", "must_pass": "Keine Karte passt: drück Passen.",
        "may_pass": "Du bist dran: anlegen oder passen.",
        "ask": "Spielst du (mit dem Skat) oder passt du?", "discard": "Wähl zwei Karten zum Drücken, dann "
        "„Drücken“ ({k} von 2 gewählt).", "announce": "Ansage: keine, 66 oder du (alle Stiche)?",
        "contra": "Kontra gegen den Spieler?", "re": "{name} sagt Kontra: Re?",
        "waiting": "{name} ist dran.", "over": "Das Spiel ist aus. {result} „Neu geben“ für das nächste.",
        "solo": "Ich spiele", "pass": "Passen", "discard_btn": "Drücken", "no_ann": "Keine Ansage",
        "contra_btn": "Kontra", "no_contra": "Kein Kontra", "re_btn": "Re", "no_re": "Kein Re",
        "end": "Anlegen", "bots": "Bots", "tricks": "Stiche", "score": "Stand", "pf": "Pf", "points": "Punkte",
        "pot": "Im Topf: {pot} von {total} Pf", "points_sum": "Punkte bisher: {pts} von {total}",
        "places": "Draußen: {order}", "passes": "gepasst", "soloist": "Spieler: {name}",
        "card_points": "Augen", "skat": "Skat: {cards}", "hint_text": "Tipp ({bot}): {move} — {reason}",
        "hint_none": "", "trick_won": "Stich {k}: {name} sticht.", "trick_won_you": "Stich {k}: du stichst.",
        "to_play": "{name} ist dran",
        "phase": "Phase: {phase}", "dealt": "Neu gegeben (Seed {seed}).", "dealt_text": "Aus deinem Text gegeben.",
        "undone": "Zurück zu deinem letzten Zug.", "redeal": "Alle haben gepasst: neu geben.",
    },
}
"""The table's own words in English and German (card names come from the engine)."""

BOT_OPTIONS = [("random", "random"), ("heuristic", "heuristic"), ("Monte Carlo", "montecarlo")]


def _seed_value(text: str) -> int | str:
    t = text.strip()
    if not t:
        raise TableError("type a seed (a whole number or a word) in the seed box first")
    try:
        return int(t)
    except ValueError:
        return t


class Table(widgets.VBox):  # type: ignore[misc]
    """Play one deal of any game, contract and variant against bots.

    ``game``: "kein-stich", "herzeln" or "herzblatt"; ``contract``: a contract id of the game (Herzeln
    ids with or without "herzeln-"; Herzblatt preset ids), or a Contract / DominoContract object;
    ``rules``: TrickRules / DominoRules / HerzblattRules, or a dict of changes (``{"no_lead": "H"}``,
    ``{"march": True}``, ``{"wrap": True}``, ``{"muhr": True}``); ``players`` defaults to four (or the
    Herzblatt preset's); ``pack`` to the game's usual pack for them. ``seat``: the learner's seat;
    ``bots``: one spec for every other seat or one per seat ("random", "heuristic", "montecarlo",
    "montecarlo:samples=40" or Bot objects); ``hint``: the bot that gives hints. ``text``: hands typed
    one line per seat instead of a seeded deal. ``four_colour`` None is the faces' usual look.
    ``synchronous`` makes every bot answer inside the click (deterministic; for tests).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        # not the deal's progress: bots may be moving in a thread while a notebook saves this
        return f"Table({self.session.setup.describe()}, seed {self.session.seed}, learner seat {self.seat})"


    def __init__(self, game: str = "kein-stich", contract: str | Contract | DominoContract | None = None, *,
                 players: int | None = None, pack: str | None = None, seed: int | str = 0, seat: int = 0,
                 bots: str | Bot | Sequence[str | Bot] = "heuristic", open_hands: bool = False, lang: Lang = "en",
                 faces: Style = "german", four_colour: bool | None = None, text: str | None = None,
                 rules: Any = None, hint: str | Bot = "heuristic", synchronous: bool = False,
                 deal: AnyDeal | None = None, width: int = 72) -> None:
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
            start = copy_deal(deal)
        else:
            setup = resolve(game, contract, players, pack, rules=rules, style=faces)
            start = setup.from_text(text) if text is not None else setup.deal(seed)
        self.game = setup.game
        self.messages = MessageArea()
        self.session = Session(setup, start, seat, bots, seed=seed, hint=hint, synchronous=synchronous,
                               on_change=self._render, on_error=self._bot_failed)
        self.session.style = faces
        self._hint_cards: tuple[Card, ...] = ()
        self.render_seconds = 0.0
        self._build(open_hands, width)
        self.session.start()

    @classmethod
    def from_deal(cls, deal: AnyDeal, seat: int = 0, bots: str | Bot | Sequence[str | Bot] = "heuristic",
                  **kwargs: Any) -> Table:
        """A table for a deal made elsewhere (from a seed, typed in, or half played): the learner in ``seat``."""
        return cls(seat=seat, bots=bots, deal=deal, **kwargs)

    # --- words ---------------------------------------------------------------------------------

    def t(self, key: str, **kw: Any) -> str:
        return STRINGS[self.lang][key].format(**kw)

    def name(self, seat: int) -> str:
        return self.t("you") if seat == self.session.seat else self.t("seat", n=seat)

    @property
    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.session.setup.players)]

    def card_text(self, c: Card) -> str:
        return f"{c.text} ({c.label(self.faces, self.lang)})"

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
        self.domino_view: widgets.Widget | None = None
        self.centre_box = widgets.VBox([self.trick_view])
        self.score = widgets.HTML(layout=widgets.Layout(min_width="240px", margin="0 0 0 16px"))
        self.centre = widgets.HBox([self.centre_box, self.score], layout=widgets.Layout(align_items="center"))
        self.status = widgets.HTML()
        self.status.add_class("ks-status")
        self.hand_view = HandView((), (), None, self._on_card, width=width, styles=self.styles,
                                  on_error=self.messages.error, **self.look)
        # the learner's decisions besides cards
        b = widgets.Button
        self.action_buttons: dict[str, widgets.Button] = {
            "solo": b(description=self.t("solo"), button_style="success"),
            "pass": b(description=self.t("pass")),
            "discard": b(description=self.t("discard_btn"), button_style="primary"),
            "announce-none": b(description=self.t("no_ann")),
            "announce-66": b(description="66"),
            "announce-du": b(description="du"),
            "contra": b(description=self.t("contra_btn"), button_style="warning"),
            "no-contra": b(description=self.t("no_contra")),
            "re": b(description=self.t("re_btn"), button_style="warning"),
            "no-re": b(description=self.t("no_re")),
            "lay-pass": b(description=self.t("pass"), button_style="warning"),
        }
        for key, button in self.action_buttons.items():
            button.on_click(self._action_handler(key))
            button.layout.display = "none"
        self.end_box = widgets.ToggleButtons(options=[("top", "top"), ("bottom", "bottom")], value="top",
                                             description=self.t("end"),
                                             style={"button_width": "70px"}, layout=widgets.Layout(display="none"))
        self.actions = widgets.HBox([*self.action_buttons.values(), self.end_box])
        # controls
        self.hint_button = b(description=self.t("hint"), icon="lightbulb-o", tooltip="the hint bot's move and why")
        self.undo_button = b(description=self.t("undo"), icon="undo", tooltip="back to your previous move")
        self.open_toggle = widgets.ToggleButton(value=open_hands, description=self.t("open"), icon="eye")
        self.seed_box = widgets.Text(value=str(ses.seed), description=self.t("seed"),
                                     layout=widgets.Layout(width="170px"), style={"description_width": "40px"})
        self.new_button = b(description=self.t("new"), icon="refresh", button_style="info")
        ids = list(contract_ids(self.game))
        current = ses.setup.contract_id if self.game != "herzblatt" else self._herzblatt_id()
        if current not in ids:
            ids.append(current)
        self.contract_box = widgets.Dropdown(
            options=[(contract_name(self.game, i) if i != current or self._preset_contract() else
                      self._custom_name(), i) for i in ids],
            value=current, description=self.t("contract"), style={"description_width": "60px"},
            layout=widgets.Layout(width="330px"))
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.open_toggle.observe(self._on_open, "value")
        self.new_button.on_click(self._on_new)
        self.contract_box.observe(self._on_contract, "value")
        self.controls = widgets.HBox([self.hint_button, self.undo_button, self.open_toggle, self.seed_box,
                                      self.new_button, self.contract_box],
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
        self._custom_bots = {s: ses.specs[s] for s in range(n) if isinstance(self.bot_boxes.get(s), widgets.Dropdown)
                             and self.bot_boxes[s].value.startswith("custom:")}
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

    def _herzblatt_id(self) -> str:
        import keinstich.games.herzblatt as hb

        r = self.session.setup.herzblatt
        return next((k for k, v in hb.PRESETS.items() if v == r), "custom")

    def _preset_contract(self) -> bool:
        setup = self.session.setup
        if setup.herzblatt is not None:
            return self._herzblatt_id() != "custom"
        try:
            return resolve(self.game, setup.contract_id, setup.players, setup.pack).contract == setup.contract
        except ValueError:
            return False

    def _custom_name(self) -> str:
        c = self.session.setup.contract
        return f"{c.name} (own rules)" if c is not None else "Herzblatt (own rules)"

    def _fill_text(self) -> None:
        deal = self.session.deal
        skat = deal.skat if isinstance(deal, HerzblattDeal) else ()
        self.text_area.value = hands_to_text(deal.dealt, skat)

    # --- the one redraw ----------------------------------------------------------------------------

    def _render(self) -> None:
        """Show the session's state: every widget updated in place (called under the session's lock)."""
        if not hasattr(self, "messages") or not hasattr(self, "history"):
            return  # still building
        t0 = time.perf_counter()
        ses = self.session
        deal = ses.deal
        setup = ses.setup
        with self.hold_sync():
            self.title.value = self._title_html()
            self._render_hands()
            self._render_centre()
            self.score.value = self._score_html()
            self.status.value = f'<div style="font-size:1.15em;padding:4px 0">{html.escape(self._status_text())}</div>'
            self._render_actions()
            self.undo_button.disabled = not ses.can_undo
            self.hint_button.disabled = not ses.learner_to_move
            self.history.value = self._history_html()
            for s, lab in self.other_labels.items():
                lab.value = (f"<b>{html.escape(self.name(s))}</b><br><small>{html.escape(bot_label(ses.bots[s]))}"
                             f"{' · ' + str(len(deal.hand(s))) if not self.open_toggle.value else ''}</small>")
        del setup
        self.render_seconds = time.perf_counter() - t0

    def _title_html(self) -> str:
        setup = self.session.setup
        seed = self.session.seed
        return (f'<div style="font-size:1.2em"><b>{html.escape(setup.describe())}</b>'
                f' <small>— seed {html.escape(str(seed))}</small></div>')

    def _render_hands(self) -> None:
        ses = self.session
        deal = ses.deal
        order = ses.setup.order
        hand = sort_hand(deal.hand(ses.seat), order)
        hv = self.hand_view
        if not hv.enabled:
            hv.enable()
        legal = ses.legal() if ses.learner_to_move else ()
        hv.set_cards(hand, legal, ses.why_not)
        hv.highlight(ses.selected if ses.phase == "discard" else self._hint_cards)
        show = self.open_toggle.value
        for s, view in self.other_views.items():
            cards = sort_hand(deal.hand(s), order)
            if show:
                view.set_cards(cards, None, None, face_down=False)
            else:
                view.set_cards(cards, (), None, face_down=True)

    def _render_centre(self) -> None:
        ses = self.session
        deal = ses.deal
        if isinstance(deal, DominoDeal):
            view = self._domino(deal)
            if tuple(self.centre_box.children) != (view,):
                self.centre_box.children = [view]
            return
        if tuple(self.centre_box.children) != (self.trick_view,):
            self.centre_box.children = [self.trick_view]
        td = deal.trick_deal if isinstance(deal, HerzblattDeal) else deal
        if td is None:
            assert isinstance(deal, HerzblattDeal)
            self.trick_view.update((), None, caption=self.t("phase", phase=deal.phase))
            return
        if td.trick or not td.tricks:
            turn = td.turn
            caption = "" if turn is None or turn == ses.seat else self.t("to_play", name=self.name(turn))
            self.trick_view.update(td.trick, None, caption=caption)
        else:
            last = td.tricks[-1]
            caption = (self.t("trick_won_you", k=last.number) if last.winner == ses.seat
                       else self.t("trick_won", k=last.number, name=self.name(last.winner)))
            self.trick_view.update(last.plays(), last.winner, caption=caption)

    def _domino(self, deal: DominoDeal) -> widgets.Widget:
        from .domino import DominoView

        open_hands = bool(self.open_toggle.value)
        if self.domino_view is None:
            self.domino_view = DominoView(deal, seat=self.session.seat, open_hands=open_hands, names=self.names,
                                          **self.look)
        else:
            self.domino_view.update(deal, open_hands=open_hands)
        return self.domino_view

    def _render_actions(self) -> None:
        ses = self.session
        deal = ses.deal
        ph = ses.phase if ses.learner_to_move else ""
        show: set[str] = set()
        if ph == "ask":
            show = {"solo", "pass"}
        elif ph == "discard":
            show = {"discard"}
        elif ph == "announce":
            show = {"announce-none", "announce-66", "announce-du"}
        elif ph == "contra":
            show = {"contra", "no-contra"}
        elif ph == "re":
            show = {"re", "no-re"}
        elif ph == "card" and isinstance(deal, DominoDeal) and deal.can_pass():
            show = {"lay-pass"}
        for key, button in self.action_buttons.items():
            display = "" if key in show else "none"
            if button.layout.display != display:
                button.layout.display = display
        discard = self.action_buttons["discard"]
        discard.disabled = len(ses.selected) != 2
        discard.description = self.t("discard_btn") + (
            " " + " ".join(c.text for c in ses.selected) if ses.selected else "")
        chain = (ph == "card" and isinstance(deal, DominoDeal) and deal.rules.layout == "chain"
                 and any(len(deal.ends(c)) == 2 for c in deal.legal()))
        self.end_box.layout.display = "" if chain else "none"

    def _status_text(self) -> str:
        ses = self.session
        deal = ses.deal
        if ses.thinking is not None:
            return self.t("thinking", name=self.name(ses.thinking))
        if deal.is_over:
            return self.t("over", result=self._result_text())
        turn = deal.turn
        assert turn is not None
        if turn != ses.seat:
            return self.t("waiting", name=self.name(turn))
        ph = ses.phase
        if isinstance(deal, DominoDeal):
            if not deal.legal():
                return self.t("must_pass")
            return self.t("may_pass") if deal.can_pass() else self.t("your_lay")
        if ph == "card":
            td = deal.trick_deal if isinstance(deal, HerzblattDeal) else deal
            return self.t("your_lead") if td is not None and not td.trick else self.t("your_card")
        if ph == "discard":
            return self.t("discard", k=len(ses.selected))
        if ph == "re":
            assert isinstance(deal, HerzblattDeal) and deal.contra_by is not None
            return self.t("re", name=self.name(deal.contra_by))
        return self.t(ph)

    def _result_text(self) -> str:
        deal = self.session.deal
        me = self.session.seat
        if isinstance(deal, TrickDeal):
            scores = deal.scores()
            unit = getattr(deal.contract, "unit", "pfennig")
            parts = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(scores))
            what = self.t("pf") if unit == "pfennig" else self.t("points")
            return f"{self.t('score').capitalize()} ({what}): {parts}."
        if isinstance(deal, DominoDeal):
            order = ", ".join(f"{i}. {self.name(s)}" for i, s in enumerate(deal.finish_order, 1))
            shares = self._domino_result(deal)
            return f"{self.t('places', order=order)}." + (f" {shares}" if shares else "")
        st = deal.settlement()
        if deal.outcome == "redeal":
            return self.t("redeal")
        return f"{st.explanation}. {self.name(me)}: {st.stakes[me]:+d}."

    def _domino_result(self, deal: DominoDeal) -> str:
        n = deal.players
        if deal.contract.points is not None:
            pts = deal.contract.score(deal.finish_order)
            return ", ".join(f"{self.name(s)} {pts[s]:+d}" for s in range(n)) + f" {self.t('points')}."
        try:
            pot = sum(c.total(self.session.setup.pack, n) for c in STANDARD_POT) + sum(deal.fees())
            shares = payout_shares(pot, deal.finish_order)
        except ValueError:
            return ""
        return (f"A pot of {pot} {self.t('pf')} pays " +
                ", ".join(f"{self.name(s)} {shares[s]}" for s in range(n)) + ".")

    def _score_html(self) -> str:
        ses = self.session
        deal = ses.deal
        n = ses.setup.players
        rows = []
        if isinstance(deal, DominoDeal):
            return ""  # the DominoView shows each seat's cards left, passes and place
        td = deal.trick_deal if isinstance(deal, HerzblattDeal) else deal
        if isinstance(deal, HerzblattDeal):
            pts = deal.card_points()
            head = f"<tr><th></th><th>{self.t('tricks')}</th><th>{self.t('card_points')}</th></tr>"
            won = td.tricks_won() if td is not None else (0,) * n
            for s in range(n):
                mark = " ★" if s == deal.soloist else ""
                rows.append(f"<tr><td>{html.escape(self.name(s))}{mark}</td><td>{won[s]}</td><td>{pts[s]}</td></tr>")
            foot = []
            if deal.soloist is not None:
                foot.append(self.t("soloist", name=self.name(deal.soloist)))
            if self.open_toggle.value or deal.is_over or (deal.soloist == ses.seat and deal.phase != "asking"):
                foot.append(self.t("skat", cards=" ".join(c.text for c in deal.skat)))
            if deal.announcement:
                foot.append(f"announced {deal.announcement}")
            if deal.contra_by is not None:
                foot.append("contra" + (", re" if deal.re else ""))
            notes = "".join(f"<div>{html.escape(x)}</div>" for x in foot)
            return f"<table class='ks-grid'>{head}{''.join(rows)}</table>{notes}"
        assert isinstance(deal, TrickDeal)
        scores = deal.scores()
        won = deal.tricks_won()
        unit = getattr(deal.contract, "unit", "pfennig")
        what = self.t("pf") if unit == "pfennig" else self.t("points")
        head = f"<tr><th></th><th>{self.t('tricks')}</th><th>{what}</th></tr>"
        for s in range(n):
            rows.append(f"<tr><td>{html.escape(self.name(s))}</td><td>{won[s]}</td><td>{scores[s]}</td></tr>")
        contract = deal.contract
        total = contract.total(ses.setup.pack, n) if isinstance(contract, Contract) else 0
        line = (self.t("pot", pot=sum(scores), total=total) if unit == "pfennig"
                else self.t("points_sum", pts=sum(scores), total=total))
        return f"<table class='ks-grid'>{head}{''.join(rows)}</table><div>{html.escape(line)}</div>"

    def _history_html(self) -> str:
        ses = self.session
        deal = ses.deal
        parts = []
        td = deal.trick_deal if isinstance(deal, HerzblattDeal) else deal if isinstance(deal, TrickDeal) else None
        if td is not None and td.tricks:
            contract = td.contract
            rows = []
            for tr in td.tricks:
                cost = contract.score([tr], td.players, td.total_tricks)[tr.winner] if contract is not None else 0
                cells = " ".join(f"{html.escape(self.name(s))}: {html.escape(c.text)}" for s, c in tr.plays())
                rows.append(f"<tr><td>{tr.number}</td><td>{cells}</td><td>{html.escape(self.name(tr.winner))}</td>"
                            f"<td>{cost}</td></tr>")
            parts.append("<table class='ks-grid'><tr><th>#</th><th>cards</th><th>won by</th><th>worth</th></tr>"
                         + "".join(rows) + "</table>")
        show_reasons = self.open_toggle.value or deal.is_over
        lines = []
        for m in ses.moves:
            what = self._move_text(m.kind, m.value, m.seat)
            why = f" — {m.reason}" if m.reason and show_reasons else ""
            lines.append(f"<li>{html.escape(self.name(m.seat))}: {html.escape(what)}{html.escape(why)}</li>")
        if lines:
            parts.append("<ol>" + "".join(lines) + "</ol>")
        return "".join(parts) or "<i>no moves yet</i>"

    def _move_text(self, kind: str, value: Any, seat: int) -> str:
        if kind == "card":
            return str(value.text)
        if kind == "pass":
            return self.t("pass").lower()
        if kind == "ask":
            return "plays" if value else "passes"
        if kind == "discard":
            secret = seat != self.session.seat and not self.open_toggle.value and not self.session.deal.is_over
            return "lays two cards away" if secret else "lays away " + " ".join(c.text for c in value)
        if kind == "announce":
            return f"announces {value}" if value else "no announcement"
        if kind == "contra":
            return "contra" if value else "no contra"
        if kind == "re":
            return "re" if value else "no re"
        return f"{kind} {value}"

    def _advice(self, kind: str, value: Any) -> str:
        """A hinted move in the imperative: "Q♠ (Ober of Leaves)", "play solo", "lay away 7♣ 8♥"."""
        if kind == "card":
            return self.card_text(value)
        words = {("pass", None): "pass", ("ask", True): "play solo", ("ask", False): "pass",
                 ("contra", True): "say contra", ("contra", False): "no contra", ("re", True): "say re",
                 ("re", False): "no re", ("announce", None): "no announcement"}
        if kind == "discard":
            return "lay away " + " ".join(self.card_text(c) for c in value)
        if kind == "announce" and value:
            return f"announce {value}"
        return words.get((kind, value), f"{kind} {value}")

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
        """Play (or pick, while discarding) a card as if the learner clicked it; errors show in the widget."""
        self._on_card(c)

    def _action_handler(self, key: str) -> Any:
        @guard
        def handler(self: Table, _button: Any = None) -> None:
            ses = self.session
            self._hint_cards = ()
            if key == "lay-pass":
                ses.pass_turn()
            elif key in ("solo", "pass"):
                ses.decide("ask", key == "solo")
            elif key == "discard":
                ses.decide("discard")
            elif key.startswith("announce-"):
                call = key.removeprefix("announce-")
                ses.decide("announce", None if call == "none" else call)
            elif key in ("contra", "no-contra"):
                ses.decide("contra", key == "contra")
            else:
                ses.decide("re", key == "re")
            self._after()

        return lambda button=None: handler(self, button)

    def act(self, key: str) -> None:
        """Press one of the action buttons by key ("solo", "pass", "discard", "announce-66", "contra",
        "no-re", "lay-pass", …), as the learner would."""
        if key not in self.action_buttons:
            raise KeyError(f"no action {key!r}: use one of {', '.join(self.action_buttons)}")
        self.action_buttons[key].click()

    @guard
    def _on_hint(self, _button: Any = None) -> None:
        ses = self.session
        kind, value, reason = ses.hint()
        if kind == "card":
            self._hint_cards = (value,)
        elif kind == "discard":
            self._hint_cards = tuple(value)
        else:
            self._hint_cards = ()
        move = self._advice(kind, value)
        self.hand_view.highlight(self._hint_cards)
        self.messages.info(self.t("hint_text", bot=bot_label(ses.hint_bot), move=move, reason=reason))

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

    @guard
    def _on_contract(self, change: dict[str, Any]) -> None:
        ses = self.session
        cid = change["new"]
        old = ses.setup
        if cid == (old.contract_id if old.herzblatt is None else self._herzblatt_id()):
            return
        try:
            setup = resolve(self.game, cid, old.players if self.game != "herzblatt" else None,
                            old.pack if self.game != "herzblatt" else None, rules=None, style=self.faces)
            if setup.players != old.players:
                raise SetupError(f"{cid} is for {setup.players} players; this table has {old.players} seats")
            deal = setup.deal(ses.seed)
        except ValueError:
            self.contract_box.unobserve(self._on_contract, "value")
            self.contract_box.value = change["old"]
            self.contract_box.observe(self._on_contract, "value")
            raise
        self._hint_cards = ()
        ses.replace(setup, deal)
        self._fill_text()
        self._after(self.t("dealt", seed=ses.seed))

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
    def deal(self) -> AnyDeal:
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
