"""The Table: play a deal of any game in ``keinstich.games.GAMES`` against bots, in a notebook or a Voila app.

::

    from keinstich_widgets.table import Table
    Table("kein-stich", "no-hearts", seed=7)                    # you are seat 0; heuristic bots
    Table("herzeln", "domino", players=3, bots="random")          # the lay-off chain
    Table("herzblatt", "herzblatt-4-muhr", open_hands=True)       # asking, skat, announcements, tricks
    Table.from_deal(deal, seat=2, bots=["random", "montecarlo", "heuristic", "heuristic"])

The learner clicks a card (legal cards are enabled; the others say the engine's ``why_illegal`` as tooltip); the
bots answer at once, or, for a slow bot, in a background thread while the view says "Seat 2 is thinking…". Undo,
Last trick, Open hands and Hint (its card and reason beside the button, gone once the position moves on) are the
play controls. Every callback is guarded: an error shows in red in the message area and the deal stays as it was.
The widget decides no rule: it asks the engine for everything, through the Deal protocol.

The Table is composed of parts it owns, each with its own widgets and state and a small interface, none of which
reads or sets the Table's attributes: the :class:`~._session.Session` (the deal, the bots, the threads), the
:class:`~._table_words.TableWords` (how seats, cards and moves are said), the :class:`~._board.Board` (the bots'
hands, the trick, the score), the :class:`~._call_row.CallRow` (moves that put down no card), the
:class:`~._deal_row.DealRow` (seed, game, contract, size, bots, typed deal), the :class:`~._coach.Coach` (the
review when a deal ends, "Try again from here"), the :class:`~._teacher.CodePanel` and
:class:`~._teacher.TeacherPanel`, and the :class:`~._speech.Speech` for a screen reader. The Table holds the
learner's hand and the play controls, lays the parts out, and redraws them all after every change.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from keinstich.bots.heuristic import Bot
from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.coach import Verdict, known, verdict
from keinstich.coach.idea_words import hint_plain
from keinstich.codes import DealCode
from keinstich.deal import Deal, Lay
from keinstich.faces import card_width
from keinstich.i18n import _

from ._app import app_help, open_app
from ._board import Board
from ._call_row import CallRow
from ._coach import Coach
from ._deal_row import DealRow
from ._games import Setup, SetupError, faces_for, move_cards, resolve, setup_of
from ._guard import MessageArea, guard, guarded, report, tell
from ._layout import size_class
from ._session import Session, TableError
from ._shared import plain
from ._speech import Speech
from ._table_parts import part_of
from ._table_words import CSS, TableWords
from ._teacher import CodePanel, TeacherPanel, opened
from ._thinking import Thinking
from ._words import language_of, speaking, speaks
from .cardview import CardStyles, HandView

__all__ = ["CSS", "Table", "TableError", "app_help", "app_table"]


class Table(widgets.HBox):  # type: ignore[misc]
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

    other_views, other_labels, trick_view, last_view, score, domino_view = (part_of("board") for _x in range(6))
    seed_box, new_button, game_box, contract_box, size_box, bot_boxes, text_area, text_button = (
        part_of("deal_row") for _x in range(8))
    action_buttons, end_box, actions = (part_of("call_row") for _x in range(3))

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
        # the root of the page-side care for a keyboard and a screen reader (._access): class ks-a11y
        super().__init__(layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
                         _dom_classes=["ks-a11y"])
        self._built = False
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
        ses = self.session = Session(setup, start, seat, bots, seed=seed, synchronous=synchronous,
                                     on_change=self._render, on_error=self._bot_failed)
        ses.style = self.faces
        ses.lang = lang
        self._hint_cards: tuple[Card, ...] = ()
        self._hint_mark: tuple[int, int] | None = None
        self.render_seconds = 0.0
        self.card_px = px
        self.styles = CardStyles()
        self.wording = TableWords(ses, lambda: bool(self.open_toggle.value))
        self.board = Board(ses, self.wording, self.look, self.styles, px)
        self._build(open_hands, px)
        self.codes = CodePanel(ses, self.messages, lang, handed_out)  # under the controls
        # the teacher's panel right under the learner's hand (above the controls: a 1280×720 projector shows it
        # with the whole table)
        self.teacher_panel = TeacherPanel(ses, self.messages, self.wording, lang, self.board.seats,
                                          redraw=self._render, open_hands=lambda: bool(self.open_toggle.value),
                                          ) if teacher else None
        self.coach = Coach(ses, self.messages, enabled=review, lang=lang, four_colour=four_colour, card_px=px,
                           show_panel=self.show_panel, focus_play=self.focus_play, say=self.speech.say)
        # the coach thinks ahead once the page shows the table (its first table is what a student waits for)
        self.speech.access.when_shown(guarded(self.messages, self.coach.table_shown))
        children = list(self.main.children)
        children.insert(children.index(self.controls) + 1, self.codes)
        if self.teacher_panel is not None:
            children.insert(children.index(self.controls), self.teacher_panel)
        at = children.index(self.status) + 1  # the review's line, right where the learner looks
        self.main.children = [*children[:at], self.coach.banner, *children[at:]]
        self._built = True
        ses.start()

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
        # classes given as the widgets are made: in their first message, not in an update each
        self.title = widgets.HTML(_dom_classes=["ks-scaled"], **plain(widgets.HTML))
        self.status = widgets.HTML(_dom_classes=["ks-status", "ks-scaled"], **plain(widgets.HTML))
        # ks-mine: its cards that may not be played stay focusable and say why
        self.hand_view = HandView((), (), None, self._on_card, width=width, styles=self.styles,
                                  on_error=self.messages.error, _dom_classes=["ks-fit", "ks-mine"], **self.look)
        self.speech = Speech(ses, self.wording, shown=self._shown, status=self.wording.status)
        self.hand_view.on_refused = guarded(self.messages, self.speech.refused)
        # the learner's moves besides cards: a button per move, made when the move is first offered
        self.call_row = CallRow(ses, self.messages, lang=self.lang, moving=self._moving)
        # controls: the play row (the hint's answer at its end, beside the button) and the deal row
        b = widgets.Button
        self.hint_button = b(description=_("Hint"), icon="lightbulb-o", tooltip=_("the coach's card and why"),
                             **plain(b, flex="0 0 auto"))
        self.hint_note = widgets.HTML(_dom_classes=["ks-hint"],
                                      **plain(widgets.HTML, margin="0 0 0 8px", flex="1 1 auto", min_width="0"))
        self.undo_button = b(description=_("Undo"), icon="undo", tooltip=_("back to your previous move"), **plain(b))
        toggle = widgets.ToggleButton
        self.last_toggle = toggle(value=False, description=_("Last trick"), icon="history",  # shown for tricks only
                                  tooltip=_("show the trick before the one on the table"),
                                  style=plain(toggle)["style"])
        self.open_toggle = toggle(value=open_hands, description=_("Open hands"), icon="eye", **plain(toggle))
        self.deal_row = DealRow(ses, self.messages, lang=self.lang, asked_faces=self.asked_faces, width=width,
                                moving=self._moving, restyle=self._restyle, resize=self._resized,
                                redraw=self._render)
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.last_toggle.observe(self._on_open, "value")
        self.open_toggle.observe(self._on_open, "value")
        self.hint_job: Thinking[Verdict] = Thinking(
            ses.lock, words=_("the coach is thinking"), stop_words=_("Stop"), stopped_words=_("stopped"))
        # the hint's answer beside its button: the three stay on one line, the answer's words wrap downwards; the
        # buttons keep the top of the row, so a long answer never pushes them down
        self.hint_box = widgets.HBox([self.hint_button, self.hint_job.box, self.hint_note],
                                     **plain(widgets.HBox, flex="1 1 420px", align_items="flex-start"))
        self.controls = widgets.HBox([self.undo_button, self.last_toggle, self.open_toggle, self.hint_box],
                                     _dom_classes=["ks-controls"],
                                     **plain(widgets.HBox, flex_flow="row wrap", align_items="flex-start"))
        self.history = widgets.HTML(**plain(widgets.HTML))
        self.css = widgets.HTML(**plain(widgets.HTML, display="none"))
        self._sizes: set[int] = set()
        self.history_panel = widgets.Accordion([self.history], selected_index=None, **plain(widgets.Accordion))
        self.history_panel.set_title(0, _("Tricks and moves"))
        self.main = widgets.VBox([self.styles, self.css, self.speech.access, self.title, self.board.box, self.status,
                                  self.hand_view, self.call_row.actions, self.controls, *self.deal_row.rows,
                                  self.history_panel, self.messages],
                                 _dom_classes=["ks-table"],
                                 **plain(widgets.VBox, flex="0 1 auto", min_width="0"))  # as wide as board and hand
        # the slot beside the table for a panel (the review after a deal): empty and taking no space until used
        self.size_text(width)
        self.review_box = widgets.VBox([], layout=widgets.Layout(display="none", margin="0 0 0 16px",
                                                                 flex="1 1 420px"), _dom_classes=["ks-review-box"])
        self.children = [self.main, self.review_box]

    def show_panel(self, panel: widgets.Widget | None) -> None:
        """Show ``panel`` (the review, say) beside the table, or clear the slot with None."""
        self.review_box.children = [] if panel is None else [panel]
        self.review_box.layout.display = "none" if panel is None else ""

    def show_notice(self, text: str) -> None:
        """Show ``text`` at the top of the table, above its title, where a student looks first (an error, in red)."""
        top = MessageArea()
        top.add_class("ks-notice")
        top.add_class("ks-scaled")
        top.error(text)
        children = list(self.main.children)
        at = children.index(self.title)
        self.main.children = [*children[:at], top, *children[at:]]
        self.notice = top

    # --- the one redraw ----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """"You" or "Seat 2", in the table's language."""
        return self.wording.name(seat)

    def words(self, c: Card) -> str:
        """A card in a line of text, in the table's faces and language."""
        return self.wording.words(c)

    def won(self, trick: Any) -> str:
        """"Seat 3 wins the trick with 8♠." in the table's faces and language."""
        return self.wording.won(trick)

    def _shown(self, seat: int) -> bool:
        """Whether a bot's hand is face up: every hand open, or the teacher showing this one to the class."""
        teacher = self.teacher_panel
        return bool(self.open_toggle.value) or (teacher is not None and teacher.revealed(seat))

    def _marks(self, seat: int) -> tuple[Card, ...]:
        """The cards the teacher's answer rings in ``seat``'s hand (none without a teacher's panel)."""
        return () if self.teacher_panel is None else self.teacher_panel.marks(seat)

    def _hint_still(self) -> bool:
        """Whether the hint shown answers the position on the table; a stale one is taken away."""
        mark = self._hint_mark
        if mark is not None and not self.session.still(mark):
            self._hint_mark, self._hint_cards = None, ()
            self.hint_note.value = ""
        return self._hint_mark is not None

    @speaks
    def _render(self) -> None:
        """Show the session's state: every part updated in place (called under the session's lock)."""
        if not self._built:
            return
        t0 = time.perf_counter()
        ses = self.session
        deal = ses.deal
        # the card styles once, with every face the redraw needs (the hand's, then the backs', was twice 40 kB)
        with self.hold_sync(), self.styles.hold_sync():
            self.title.value = (f'<div style="font-size:1.1em"><b>{html.escape(ses.setup.describe())}</b>'
                                f' <small>— {html.escape(self.seed_words())}</small></div>')
            self._hint_still()
            hv = self.hand_view
            if not hv.enabled:
                hv.enable()
            hv.set_cards(sort_hand(deal.hand(ses.seat), ses.setup.order), ses.legal(), ses.why_not)
            # the row keeps a card's height while there are cards (no jump as the last is played); after the last
            # card it takes no room, so the review's line and the buttons under it stay together
            hv.layout.min_height = hv.room if hv.cards else "0"
            # the hint's ring (only while it holds), or the teacher's answer's
            hv.highlight(ses.selected if ses.picking else self._hint_cards or self._marks(ses.seat))
            tricks = self.board.render(open_hands=bool(self.open_toggle.value), last_trick=bool(self.last_toggle.value),
                                       shown=self._shown, marks=self._marks)
            self.last_toggle.layout.display = "none" if tricks is None else ""
            if tricks is not None:
                self.last_toggle.disabled = not tricks
            status = html.escape(self.wording.status())
            self.status.value = f'<div style="font-size:1.15em;padding:4px 0">{status}</div>'
            self.call_row.render(self.wording)
            self.undo_button.disabled = not ses.can_undo
            self.hint_button.disabled = not ses.learner_to_move
            self.history.value = self.wording.history()
            for panel in (self.codes, self.teacher_panel):
                if panel is not None:
                    panel.after_render()
        self.render_seconds = time.perf_counter() - t0
        self.speech.after_render()  # what happened, said to a screen reader (the live region)
        self.coach.after_render()

    def size_text(self, px: int) -> None:
        """The root's size class for cards ``px`` wide, and the text size rules of every size shown so far."""
        size_class(self.main, self.css, self._sizes, px, CSS)

    def resize(self, px: int) -> None:
        """Every card view redrawn in place for cards ``px`` wide (the learner's; the rest, and the review's, in
        proportion), the text in proportion."""
        self.card_px = px
        self.size_text(px)
        self.hand_view.set_look(width=px)
        self.board.resize(px)
        self.coach.resize(px)  # the review's cards follow the table's
        self._render()

    def _resized(self, px: int) -> None:
        with self.session.lock, self.hold_sync():
            self.resize(px)

    def _restyle(self, faces: Style) -> None:
        """Draw the cards with ``faces`` from now on (another game's pack may have no German faces, or have them
        again): every card view, the bots' reasons and the review."""
        if faces == self.faces:
            return
        self.faces = self.session.style = self.look["style"] = faces
        self.hand_view.set_look(style=faces)
        self.board.restyle(faces)
        self.coach.restyle(faces)

    # --- callbacks ----------------------------------------------------------------------------------

    def _moving(self) -> None:
        """The learner moves: the Last trick view closes (the hint goes as the position changes)."""
        if self.last_toggle.value:
            self.last_toggle.unobserve(self._on_open, "value")
            self.last_toggle.value = False
            self.last_toggle.observe(self._on_open, "value")

    @guard
    def _on_card(self, c: Card) -> None:
        end = self.call_row.end()
        if not self.session.picking:
            self._moving()
        self.session.click(c, end)
        tell(self.messages)

    def play(self, c: Card | str) -> None:
        """Play (or pick, while picking several) a card as if the learner clicked it; errors show in the widget."""
        self._on_card(c)

    def act(self, key: str) -> None:
        """Press the button of a move by its key ("solo", "pass", "discard", "announce-66", "contra",
        "no-re", "lay-pass", …), as the learner would; a move not offered now is refused in the widget."""
        self.call_row.act(key)

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
            self.coach.asked(position)
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
                self.call_row.end_box.value = v.hint.end
            self.hint_note.value = self.wording.hint_html(v.hint, hint_plain(v, self.faces), v.hint_reason(self.faces))

    @guard
    def _on_undo(self, _button: Any = None) -> None:
        self._moving()
        self.session.undo()
        tell(self.messages, _("Taken back to your previous move."))

    @guard
    def _on_open(self, _change: Any = None) -> None:
        with self.session.lock:
            self._render()

    def new_deal(self, seed: int | str | None = None) -> None:
        """Deal from ``seed`` (default: the next seed, as the New deal button does)."""
        row = self.deal_row
        if seed is None:
            row._on_new()
        else:
            guard(DealRow.deal_seed)(row, seed)

    def deal_text(self, text: str) -> None:
        """Deal the hands typed in ``text`` (one line per seat), as the Deal from text button does."""
        self.text_area.value = text
        self.text_button.click()

    def set_card_size(self, size: str | int) -> None:
        """Cards "small", "medium", "large" or a width in pixels, as the size dropdown sets them."""
        value = size if isinstance(size, int) else {"s": "small", "m": "medium", "l": "large", "xl": "xlarge"}.get(
            size.lower(), size)
        if value not in [v for _x, v in self.size_box.options]:
            self.size_box.options = [*self.size_box.options, (f"{card_width(value):.0f} px", value)]
        self.size_box.value = value

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


def app_table(query: str | None = None, **defaults: Any) -> Table:
    """The Voila app's table (``apps/table.ipynb``): the deal of the page's ``?deal=CODE`` (else a table made from
    ``defaults``), in the student's view unless the link says ``&teacher=1`` or the app runs as a notebook;
    ``&lang=de`` speaks German. A code that is not one, damaged or from a newer kit opens the default table, in the
    student's view, with the reason at its top (:func:`._app.open_app`)."""
    return open_app(Table, query, defaults)
