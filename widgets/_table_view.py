"""The Table's drawing: one redraw from the deal and the learner's observation, every widget updated
in place. Written once against the Deal protocol: the centre shows the trick (a deal played in
tricks, with the finished trick the learner has not yet seen beside it: :mod:`._centre`) or the
layout (a lay-off deal, ranked by place); the buttons under the hand are the learner's legal moves
that put down no card; the score panel is the deal's ``result()``. A hint shows beside its button
for as long as the position it answered is on the table.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as widgets

from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.coach.why import move_text as named_move
from keinstich.deal import Kind, Lay, Unit
from keinstich.wording import card_words
from keinstich.wording.i18n import _, number, pgettext
from keinstich.wording.names import move_words, value_words
from keinstich.wording.refusals import phase_name

from ._board import bot_columns
from ._centre import centre_of, won_words
from ._games import bot_label, calls, lays_off, move_cards, tricks_of
from ._layout import size_class, text_px
from ._table_parts import domino_width, fan_width, other_width, trick_width
from ._words import BUTTON_STYLES, action_key, label, move_text, seat_name, speaks, unit_name

if TYPE_CHECKING:
    from ._session import Session
    from .cardview import HandView, TrickView

__all__ = ["CSS", "TableView", "column_name", "said_move"]


def _phase_prompt(phase: str, last: str) -> str | None:
    """What the learner is asked in a phase of calls (Herzblatt's), or None."""
    if phase == "asking":
        return _("Do you play (solo, with the skat) or pass?")
    if phase == "announce":
        return _("Announce: nothing, 66 or du (all tricks)?")
    if phase == "contra":
        return _("Say contra against the soloist?")
    if phase == "re":
        return _("{name} said contra: say re?", name=last)
    return None


def said_move(move: Any) -> str:
    """A move that puts down no card, in a line of text: "play", "pass", "announce 66", "discard 7C 8H"."""
    return move_words(None if move is None else move)


def column_name(name: str) -> str:
    """A result's column as the score table heads it ("tricks", "points", …)."""
    names: dict[str, Callable[[], str]] = {
        "points": lambda: pgettext("column", "points"), "tricks": lambda: pgettext("column", "tricks"),
             "penalty": lambda: pgettext("column", "penalty"), "place": lambda: pgettext("column", "place"),
             "passes": lambda: pgettext("column", "passes"),
             "role": lambda: pgettext("column", "role"), "card_points": lambda: pgettext("column", "card points"),
             "left": lambda: pgettext("column", "left")}
    said = names.get(name)
    return said() if said is not None else name.replace("_", " ")

CSS = ("<style>.ks-table table.ks-grid{border-collapse:collapse}"
       ".ks-table table.ks-grid th,.ks-table table.ks-grid td{padding:2px 10px;text-align:left}"
       ".ks-table table.ks-grid tr:nth-child(even) td{background:rgba(0,0,0,.04)}</style>")
"""Spacing for the table's small tables (score, tricks), scoped to the Table widget."""


class TableView:
    """The drawing half of :class:`~keinstich_widgets.table.Table` (its widgets are built there)."""

    session: Session
    lang: Lang
    faces: Style
    look: dict[str, Any]
    messages: Any
    title: widgets.HTML
    score: widgets.HTML
    status: widgets.HTML
    history: widgets.HTML
    hand_view: HandView
    trick_view: TrickView
    last_view: TrickView
    last_toggle: widgets.ToggleButton
    hint_note: widgets.HTML
    card_px: int
    other_views: dict[int, HandView]
    other_labels: dict[int, widgets.HTML]
    others: widgets.VBox
    main: widgets.VBox
    css: widgets.HTML
    _sizes: set[int]
    centre_box: widgets.VBox
    tricks_row: widgets.HBox
    domino_view: Any
    actions: widgets.HBox
    action_buttons: dict[str, widgets.Button]
    end_box: widgets.ToggleButtons
    open_toggle: widgets.ToggleButton
    undo_button: widgets.Button
    hint_button: widgets.Button
    render_seconds: float
    _hint_cards: tuple[Card, ...]
    _hint_mark: tuple[int, int] | None

    def seed_words(self) -> str:  # pragma: no cover - the Table defines it
        raise NotImplementedError

    # --- words ---------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """"You" or "Seat 2", in the table's language."""
        return seat_name(seat, self.session.seat)

    @property
    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.session.setup.players)]

    def card_text(self, c: Card) -> str:
        """A card as the hint names it: "Q♠ (Queen of Spades)" with French faces, "Ober of Leaves" with German
        ones (whose suits are not the French symbols)."""
        return f"{self.words(c)} ({c.label(self.faces)})" if self.faces == "french" else self.words(c)

    def words(self, c: Card) -> str:
        """A card in a line of text, in the faces' words."""
        return card_words(c, self.faces)

    def label(self, text: str) -> str:
        """A button's label for a move's text (or a phase's name)."""
        return label(text)

    def unit(self, unit: str) -> str:
        return unit_name(unit)

    def move_words(self, move: Any, seat: int) -> str:
        """A move in the history: a card, or the move's text (a secret one as the others learn of it)."""
        cs = move_cards(move)
        if len(cs) == 1:
            return self.words(cs[0])
        ses = self.session
        secret = seat != ses.seat and not self.open_toggle.value and not ses.deal.over
        g = ses.setup.rules
        return g.public_move(move, self.faces) if secret else said_move(move)

    def advice(self, move: Any) -> str:
        """A hinted move: "Ober of Leaves", "Q♠ (Queen of Spades)", "Daus of Acorns at the bottom" (a card laid at a
        chosen end), "play", "discard 7C 8H", "pass"."""
        cs = move_cards(move)
        if isinstance(move, Lay):
            return named_move(move, self.faces)
        return self.card_text(cs[0]) if len(cs) == 1 else said_move(move)

    def hint_html(self, move: Any, reason: str, how: str = "") -> str:
        """The hint beside its button: the coach's move in bold, then why in plain words (``how``: how it was
        judged, in the note's tooltip)."""
        tip = f' title="{html.escape(_("How was this judged?") + " " + how)}"' if how else ""
        return (f'<div class="ks-hint-note" style="background:#fff4d6;border-radius:4px;padding:4px 8px;'
                f'line-height:1.4"{tip}>'
                f'{html.escape(_("The coach suggests"))} <b>{html.escape(self.advice(move))}</b>'
                f'{" — " + html.escape(reason) if reason else ""}</div>')

    def teacher_marks(self, seat: int) -> tuple[Card, ...]:
        """The cards the teacher's answer rings in ``seat``'s hand (none without a teacher's panel)."""
        teacher = getattr(self, "teacher_panel", None)
        return () if teacher is None else teacher.marks(seat)

    def _hint_still(self) -> bool:
        """Whether the hint shown answers the position on the table; a stale one is taken away."""
        mark = self._hint_mark
        if mark is not None and not self.session.still(mark):
            self._hint_mark, self._hint_cards = None, ()
            self.hint_note.value = ""
        return self._hint_mark is not None

    # --- the one redraw ----------------------------------------------------------------------------

    @speaks
    def _render(self) -> None:
        """Show the session's state: every widget updated in place (called under the session's lock)."""
        if not hasattr(self, "messages") or not hasattr(self, "history"):
            return  # still building
        t0 = time.perf_counter()
        ses = self.session
        deal = ses.deal
        with self.hold_sync():  # type: ignore[attr-defined]
            self.title.value = (f'<div style="font-size:1.1em"><b>{html.escape(ses.setup.describe())}</b>'
                                f' <small>— {html.escape(self.seed_words())}</small></div>')
            self._hint_still()
            self._render_hands()
            self._render_centre()
            self.score.value = self._score_html()
            self.status.value = f'<div style="font-size:1.15em;padding:4px 0">{html.escape(self._status_text())}</div>'
            self._render_actions()
            self.undo_button.disabled = not ses.can_undo
            self.hint_button.disabled = not ses.learner_to_move
            self.history.value = self._history_html()
            for s, lab in self.other_labels.items():
                lab.value = (f"<b>{html.escape(self.name(s))}</b> <small>{html.escape(bot_label(ses.bots[s]))}"
                             f"{' · ' + str(len(deal.hand(s))) if not self.open_toggle.value else ''}</small>")
            for panel in (getattr(self, "codes", None), getattr(self, "teacher_panel", None)):
                if panel is not None:
                    panel.after_render()
        self.render_seconds = time.perf_counter() - t0
        speech = getattr(self, "speech", None)
        if speech is not None:  # what happened, said to a screen reader (the live region)
            speech.after_render()
        coach = getattr(self, "coach", None)
        if coach is not None:
            coach.after_render()

    def _render_hands(self) -> None:
        ses = self.session
        deal = ses.deal
        order = ses.setup.order
        hv = self.hand_view
        if not hv.enabled:
            hv.enable()
        hv.set_cards(sort_hand(deal.hand(ses.seat), order), ses.legal(), ses.why_not)
        # the row keeps a card's height while there are cards (no jump as the last is played); after the last card
        # it takes no room, so the review's line and the buttons under it stay together
        hv.layout.min_height = hv.room if hv.cards else "0"
        teacher = getattr(self, "teacher_panel", None)
        # the hint's ring (only while it holds), or the teacher's answer's
        hv.highlight(ses.selected if ses.picking else self._hint_cards or self.teacher_marks(ses.seat))
        dealt = max((len(h) for h in deal.dealt), default=0)  # the bots' hands fanned no narrower than this
        players = ses.setup.players
        columns = bot_columns(players)
        fan = fan_width(dealt, other_width(self.card_px, players))
        self.others.layout.min_width = f"{columns * fan + 12 * (columns - 1)}px"
        for s, view in self.other_views.items():
            cards = sort_hand(deal.hand(s), order)
            show = self.open_toggle.value or (teacher is not None and teacher.revealed(s))
            view.set_cards(cards, None if show else (), None, face_down=not show)
            view.highlight(self.teacher_marks(s) if show else ())

    def _render_centre(self) -> None:
        ses = self.session
        deal = ses.deal
        if lays_off(deal):
            view = self._domino()
            if tuple(self.centre_box.children) != (view,):
                self.centre_box.children = [view]
            self.last_toggle.layout.display = "none"
            return
        if tuple(self.centre_box.children) != (self.tricks_row,):
            self.centre_box.children = [self.tricks_row]
        play = tricks_of(deal)
        shown = centre_of(play, ses.seen_tricks, bool(self.last_toggle.value))
        self.last_toggle.layout.display = ""
        self.last_toggle.disabled = not play.tricks
        if not play.trick and not play.tricks and deal.phase not in ("play", "over"):
            self.trick_view.update((), None, caption=_("Phase: {phase}", phase=phase_name(deal.phase)))
        elif shown.finished is None:
            turn = deal.turn
            caption = "" if turn is None or turn == ses.seat else _("{name} to play", name=self.name(turn))
            self.trick_view.update(shown.plays, None, caption=caption)
        else:
            self.trick_view.update(shown.plays, shown.winner, caption=self.won(shown.finished))
        beside = shown.beside
        if beside is None:
            self.last_view.layout.display = "none"
        else:
            self.last_view.update(beside.plays(), beside.winner, caption=self.won(beside),
                                  title=_("Trick {k}", k=beside.number))
            self.last_view.layout.display = ""

    def size_text(self, px: int) -> None:
        """The root's size class for cards ``px`` wide, and the text size rules of every size shown so far."""
        size_class(self.main, self.css, self._sizes, px, CSS)

    def resize(self, px: int) -> None:
        """Every card view redrawn in place for cards ``px`` wide (the learner's; the rest, and the review's, in
        proportion), the text in proportion."""
        self.card_px = px
        self.size_text(px)
        self.hand_view.set_look(width=px)
        players = self.session.setup.players
        for view in self.other_views.values():
            view.set_look(width=other_width(px, players))
        for trick in (self.trick_view, self.last_view):
            trick.set_look(width=trick_width(px, players), font=text_px(px))
        if self.domino_view is not None:
            self.domino_view.set_look(width=domino_width(px))
        coach = getattr(self, "coach", None)
        if coach is not None:  # the review's cards follow the table's
            coach.resize(px)
        self._render()

    def won(self, trick: Any) -> str:
        """"Seat 3 wins the trick with 8♠." in the table's faces and language."""
        return won_words(trick, trick.winner == self.session.seat, self.name(trick.winner), self.faces)

    def _domino(self) -> widgets.Widget:
        from .domino import DominoView

        deal = self.session.deal
        open_hands = bool(self.open_toggle.value)
        if self.domino_view is None:
            self.domino_view = DominoView(cast(Any, deal), seat=self.session.seat, open_hands=open_hands,
                                          names=self.names, width=domino_width(self.card_px), **self.look)
        else:
            self.domino_view.update(deal, open_hands=open_hands)
        return cast(widgets.Widget, self.domino_view)

    def _button(self, key: str, text: str) -> widgets.Button:
        """The button for a move (made once, the first time the move is offered)."""
        button = self.action_buttons.get(key)
        if button is None:
            button = widgets.Button(description=self.label(text), button_style=BUTTON_STYLES.get(key, ""))
            button.on_click(self._action_handler(key))
            button.layout.display = "none"
            self.action_buttons[key] = button
            self.actions.children = [*self.action_buttons.values(), self.end_box]
        return button

    def _render_actions(self) -> None:
        ses = self.session
        deal = ses.deal
        show: set[str] = set()
        if ses.learner_to_move:
            for move in calls(deal):
                show.add(action_key(move))
                self._button(action_key(move), move_text(move))
            if ses.picking:
                confirm = self._button(deal.phase, deal.phase)
                confirm.disabled = ses.picked_move() is None
                confirm.description = self.label(deal.phase) + (
                    " " + ", ".join(self.words(c) for c in ses.selected) if ses.selected else "")
                show.add(deal.phase)
        for key, button in self.action_buttons.items():
            display = "" if key in show else "none"
            if button.layout.display != display:
                button.layout.display = display
        moves = deal.legal_moves() if ses.learner_to_move else ()
        per_card = [move_cards(m) for m in moves if len(move_cards(m)) == 1]
        both_ends = len(per_card) != len(set(per_card))  # a card that fits at either end of the chain
        self.end_box.layout.display = "" if both_ends else "none"

    def _status_text(self) -> str:
        ses = self.session
        deal = ses.deal
        if ses.thinking is not None:
            return _("{name} is thinking…", name=self.name(ses.thinking))
        if deal.over:
            return _("The deal is over. {result} Press New deal for another.", result=self._result_text())
        turn = deal.turn
        assert turn is not None
        if turn != ses.seat:
            if ses.paused:
                return _("{name} to move (stepping: press Forward)", name=self.name(turn))
            return _("{name} to move.", name=self.name(turn))
        phase = deal.phase
        moves = deal.legal_moves()
        cards = any(move_cards(m) for m in moves)
        if ses.picking:
            if phase == "discard":
                return _("Pick two cards to lay away, then press Discard ({k} of 2 picked).", k=len(ses.selected))
            return _("Pick {n} cards, then press {button} ({k} of {n} picked).", n=ses.picking, k=len(ses.selected),
                     button=self.label(phase))
        if None in moves:
            return _("Your turn: lay a card, or pass.") if cards else _("No card fits: press Pass.")
        if not cards:
            prompt = _phase_prompt(phase, self.name(deal.history[-1][0] if deal.history else turn))
            if prompt is not None:
                return prompt
            return _("Your turn: {moves}?", moves=" / ".join(self.label(move_text(m)) for m in moves))
        if lays_off(deal):
            return _("Your turn: lay a card.")
        return _("Your turn: play a card.") if tricks_of(deal).trick else _("Your turn: lead a card.")

    def _result_text(self) -> str:
        deal = self.session.deal
        result = deal.result()
        parts = []
        if result.places is not None:
            order = sorted((p, s) for s, p in enumerate(result.places) if p)
            parts.append(_("Out: {order}.", order=", ".join(f"{p}. {self.name(s)}" for p, s in order)))
        if deal.kind is Kind.LAY_OFF and result.unit is Unit.PFENNIG and getattr(deal, "pot", 0) is None:
            from keinstich.coach import outcome  # what the review counts: the payout of a standard pot, less fees

            gets = ", ".join(f"{self.name(s)} {number(outcome(deal, s), None)}" for s in range(deal.players))
            return " ".join([*parts, _("Paid out by place from a standard pot, less the pass fees (pf): {gets}.",
                                       gets=gets)])
        scores = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(result.scores))
        parts.append(_("Score ({unit}): {scores}.", unit=self.unit(result.unit), scores=scores))
        if result.text:  # a sentence of its own: "… Platz 2 0. Alle haben gepasst: …" ("soloist 85: …" begins lower)
            parts.append(result.text[:1].upper() + result.text[1:] + ".")
        return " ".join(parts)

    def _score_html(self) -> str:
        ses = self.session
        deal = ses.deal
        if lays_off(deal):
            return ""  # the DominoView shows each seat's cards left, passes and place
        result = deal.result()
        heads = ([pgettext("column", "tricks")] if result.tricks is not None else []) + [
            column_name(name) for name in result.columns] + [self.unit(result.unit)]
        rows = []
        for s in range(deal.players):
            cells = ([str(result.tricks[s])] if result.tricks is not None else []) + [
                html.escape(value_words(name, values[s]) if values[s] is not None else "")
                for name, values in result.columns.items()]
            cells.append(str(result.scores[s]))
            rows.append(f"<tr><td>{html.escape(self.name(s))}</td>" + "".join(f"<td>{x}</td>" for x in cells)
                        + "</tr>")
        seat = html.escape(pgettext("column", "player"))  # a header a screen reader says, not shown
        head = (f"<tr><th><span class='ks-sr-only'>{seat}</span></th>"
                + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>")
        notes = []
        if sum(result.scores):
            notes.append(_("So far: {total} {unit}", total=sum(result.scores), unit=self.unit(result.unit)))
        skat = tuple(getattr(deal, "skat", None) or ())  # Herzblatt's: dealt to the table, not aside
        aside = [c for c in ses.setup.pack.cards if c not in {x for h in deal.dealt for x in h} and c not in skat]
        if self.open_toggle.value or deal.over:
            if aside:
                notes.append(_("Not dealt: {cards}", cards=", ".join(self.words(c) for c in aside)))
            if skat:
                notes.append(self._skat_note(deal, skat))
        if result.text and not deal.over:
            notes.append(result.text)
        foot = "".join(f"<div>{html.escape(x)}</div>" for x in notes)
        return f"<table class='ks-grid'>{head}{''.join(rows)}</table>{foot}"

    def _skat_note(self, deal: Any, skat: tuple[Card, ...]) -> str:
        """Where Herzblatt's skat went: into the soloist's hand, and which two cards it laid away."""
        cards = ", ".join(self.words(c) for c in skat)
        soloist, laid = getattr(deal, "soloist", None), getattr(deal, "discards", None)
        if soloist is None or not laid:
            return _("Skat: {cards}", cards=cards)
        away = ", ".join(self.words(c) for c in laid)
        if soloist == self.session.seat:  # "you", mid-sentence, not the seat's name "You"
            return _("Skat: {cards}; you took it and laid away {laid}", cards=cards, laid=away)
        return _("Skat: {cards}; {seat} took it and laid away {laid}", cards=cards, seat=self.name(soloist),
                 laid=away)

    def _history_html(self) -> str:
        ses = self.session
        deal = ses.deal
        parts = []
        if not lays_off(deal) and tricks_of(deal).tricks:
            rows = []
            for tr in tricks_of(deal).tricks:
                cells = " ".join(f"{html.escape(self.name(s))}: {html.escape(self.words(c))}" for s, c in tr.plays())
                rows.append(f"<tr><td>{tr.number}</td><td>{cells}</td><td>{html.escape(self.name(tr.winner))}</td>"
                            "</tr>")
            parts.append(f"<table class='ks-grid'><tr><th>#</th><th>{html.escape(pgettext('column', 'cards'))}</th>"
                         f"<th>{html.escape(pgettext('column', 'won by'))}</th></tr>" + "".join(rows) + "</table>")
        show_reasons = self.open_toggle.value or deal.over
        lines = []
        for m in ses.moves:
            why = f" — {m.reason}" if m.reason and show_reasons else ""
            lines.append(f"<li>{html.escape(self.name(m.seat))}: {html.escape(self.move_words(m.move, m.seat))}"
                         f"{html.escape(why)}</li>")
        if lines:
            parts.append("<ol>" + "".join(lines) + "</ol>")
        return "".join(parts) or f"<i>{html.escape(_('no moves yet'))}</i>"

    def _action_handler(self, key: str) -> Any:  # pragma: no cover - the Table defines it
        raise NotImplementedError
