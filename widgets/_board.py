"""The Table's board: the bots' hands beside the trick (and the finished trick) and the score, on one row above
the learner's hand, so a projector shows the whole table at once (:mod:`._layout` gives it its CSS).

:class:`Board` owns its widgets: each bot's name above its hand (fanned when short of room; in two columns for five
and six players), the trick and, beside it, the finished trick the learner has not yet seen (:mod:`._centre`; drawn
as large, the seat names at the table's text size), or a lay-off deal's layout (ranked by place), and the score
(the deal's ``result()``) with who won the trick and who is to play under it. It reads the learner's
:class:`~._session.Session` and says things in the Table's :class:`~._table_words.TableWords`; what else it shows
(the hands open, the last trick, a teacher's rings) it is told at each :meth:`Board.render`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as widgets

from keinstich.cards import Card, Style, sort_hand
from keinstich.i18n import _, pgettext
from keinstich.wording.names import value_words

from ._centre import centre_of
from ._games import bot_label, lays_off, tricks_of
from ._layout import text_px
from ._shared import plain
from ._table_parts import domino_width, fan_width, other_width, trick_width
from ._table_words import column_name
from ._words import unit_name
from .cardview import CardStyles, HandView, TrickView

if TYPE_CHECKING:
    from ._session import Session
    from ._table_words import TableWords

__all__ = ["Board", "bot_columns"]


def bot_columns(players: int) -> int:
    """The columns the bots' hands are drawn in: one for up to three bots, two for four and five."""
    return 1 if players <= 4 else 2


class Board:
    """The board's widgets (``box``, see the module's docstring), for cards ``width`` pixels wide drawn with
    ``look`` (``style``, ``four_colour``, ``lang``) and the page's ``styles``."""

    def __init__(self, session: Session, words: TableWords, look: dict[str, Any], styles: CardStyles,
                 width: int) -> None:
        self.session = session
        self.say = words
        self.look = dict(look)
        self.card_px = width
        n = session.setup.players
        self.seats = [(session.seat + k) % n for k in range(1, n)]  # the bots', clockwise from the learner
        self.other_views: dict[int, HandView] = {}
        self.other_labels: dict[int, widgets.HTML] = {}
        rows = []
        text, box = plain(widgets.HTML), plain(widgets.VBox)  # the board's boxes and text never change their look
        for s in self.seats:
            self.other_labels[s] = widgets.HTML(**text)
            # ks-seat-N: one labelled group for a screen reader (._speech)
            view = self.other_views[s] = HandView((), None, None, None, width=other_width(width, n), styles=styles,
                                                  _dom_classes=["ks-fit", f"ks-seat-{s}"], **self.look)
            rows.append(widgets.VBox([self.other_labels[s], view], **box))  # the seat's name above its hand
        # four or five bots: two columns (ks-others-2), so the board stays as low as the trick
        self.others = widgets.VBox(rows, _dom_classes=["ks-others", *(["ks-others-2"] if bot_columns(n) > 1 else [])])
        look_ = dict(self.look, width=trick_width(width, n), font=text_px(width), winner_tag=False, caption_apart=True)
        self.trick_view = TrickView(n, names=words.names, me=session.seat, **look_, **box)
        self.last_view = TrickView(n, names=words.names, me=session.seat, **look_,
                                   layout=widgets.Layout(display="none", margin="0 0 0 12px"),
                                   _dom_classes=["ks-last-trick"])
        self.domino_view: Any = None
        self.tricks_row = widgets.HBox([self.trick_view, self.last_view], **plain(widgets.HBox, align_items="center"))
        self.centre_box = widgets.VBox([self.tricks_row], _dom_classes=["ks-centre"], **box)
        self.score = widgets.HTML(_dom_classes=["ks-side"], **text)
        # who won the trick (and who is to play), in words beside the finished trick, under the score: the board is
        # no taller for it (a 1280×720 projector has no line to spare)
        captions = widgets.VBox([self.last_view.caption, self.trick_view.caption], _dom_classes=["ks-trick-captions"],
                                **box)
        side = widgets.VBox([self.score, captions], _dom_classes=["ks-side-column"], **box)
        self.box = widgets.HBox([self.others, self.centre_box, side], _dom_classes=["ks-board", "ks-scaled"],
                                **plain(widgets.HBox))

    # --- the redraw ---------------------------------------------------------------------------------------

    def render(self, *, open_hands: bool, last_trick: bool, shown: Callable[[int], bool],
               marks: Callable[[int], tuple[Card, ...]]) -> bool | None:
        """Show the session's deal: ``open_hands`` every hand face up, ``last_trick`` the trick before the one on
        the cloth, ``shown(seat)`` a bot's hand face up, ``marks(seat)`` the cards ringed in it. Returns whether a
        finished trick can be shown again (None for a lay-off deal, which has no tricks)."""
        ses = self.session
        deal = ses.deal
        for s, lab in self.other_labels.items():
            lab.value = (f"<b>{html.escape(self.say.name(s))}</b> <small>{html.escape(bot_label(ses.bots[s]))}"
                         f"{' · ' + str(len(deal.hand(s))) if not open_hands else ''}</small>")
        self._render_hands(shown, marks)
        self.score.value = self._score_html(open_hands)
        return self._render_centre(open_hands, last_trick)

    def _render_hands(self, shown: Callable[[int], bool], marks: Callable[[int], tuple[Card, ...]]) -> None:
        ses = self.session
        deal = ses.deal
        order = ses.setup.order
        dealt = max((len(h) for h in deal.dealt), default=0)  # the bots' hands fanned no narrower than this
        players = ses.setup.players
        columns = bot_columns(players)
        fan = fan_width(dealt, other_width(self.card_px, players))
        self.others.layout.min_width = f"{columns * fan + 12 * (columns - 1)}px"
        for s, view in self.other_views.items():
            cards = sort_hand(deal.hand(s), order)
            show = shown(s)
            view.set_cards(cards, None if show else (), None, face_down=not show)
            view.highlight(marks(s) if show else ())

    def _render_centre(self, open_hands: bool, last_trick: bool) -> bool | None:
        ses = self.session
        deal = ses.deal
        if lays_off(deal):
            view = self._domino(open_hands)
            if tuple(self.centre_box.children) != (view,):
                self.centre_box.children = [view]
            return None
        if tuple(self.centre_box.children) != (self.tricks_row,):
            self.centre_box.children = [self.tricks_row]
        play = tricks_of(deal)
        shown = centre_of(play, ses.seen_tricks, last_trick)
        if not play.trick and not play.tricks and deal.phase not in ("play", "over"):
            self.trick_view.update((), None, caption=self.say.phase(deal.phase))
        elif shown.finished is None:
            turn = deal.turn
            caption = "" if turn is None or turn == ses.seat else _("{name} to play", name=self.say.name(turn))
            self.trick_view.update(shown.plays, None, caption=caption)
        else:
            self.trick_view.update(shown.plays, shown.winner, caption=self.say.won(shown.finished))
        beside = shown.beside
        if beside is None:
            self.last_view.layout.display = "none"
        else:
            self.last_view.update(beside.plays(), beside.winner, caption=self.say.won(beside),
                                  title=_("Trick {k}", k=beside.number))
            self.last_view.layout.display = ""
        return bool(play.tricks)

    def _domino(self, open_hands: bool) -> widgets.Widget:
        from .domino import DominoView

        deal = self.session.deal
        if self.domino_view is None:
            self.domino_view = DominoView(cast(Any, deal), seat=self.session.seat, open_hands=open_hands,
                                          names=self.say.names, width=domino_width(self.card_px), **self.look)
        else:
            self.domino_view.update(deal, open_hands=open_hands)
        return cast(widgets.Widget, self.domino_view)

    def _score_html(self, open_hands: bool) -> str:
        ses = self.session
        deal = ses.deal
        if lays_off(deal):
            return ""  # the DominoView shows each seat's cards left, passes and place
        say = self.say
        result = deal.result()
        heads = ([pgettext("column", "tricks")] if result.tricks is not None else []) + [
            column_name(name) for name in result.columns] + [unit_name(result.unit)]
        rows = []
        for s in range(deal.players):
            cells = ([str(result.tricks[s])] if result.tricks is not None else []) + [
                html.escape(value_words(name, values[s]) if values[s] is not None else "")
                for name, values in result.columns.items()]
            cells.append(str(result.scores[s]))
            rows.append(f"<tr><td>{html.escape(say.name(s))}</td>" + "".join(f"<td>{x}</td>" for x in cells)
                        + "</tr>")
        seat = html.escape(pgettext("column", "player"))  # a header a screen reader says, not shown
        head = (f"<tr><th><span class='ks-sr-only'>{seat}</span></th>"
                + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>")
        notes = []
        if sum(result.scores):
            notes.append(_("So far: {total} {unit}", total=sum(result.scores), unit=unit_name(result.unit)))
        skat = tuple(getattr(deal, "skat", None) or ())  # Herzblatt's: dealt to the table, not aside
        aside = [c for c in ses.setup.pack.cards if c not in {x for h in deal.dealt for x in h} and c not in skat]
        if open_hands or deal.over:
            if aside:
                notes.append(_("Not dealt: {cards}", cards=", ".join(say.words(c) for c in aside)))
            if skat:
                notes.append(self._skat_note(deal, skat))
        if result.text and not deal.over:
            notes.append(result.text)
        foot = "".join(f"<div>{html.escape(x)}</div>" for x in notes)
        return f"<table class='ks-grid'>{head}{''.join(rows)}</table>{foot}"

    def _skat_note(self, deal: Any, skat: tuple[Card, ...]) -> str:
        """Where Herzblatt's skat went: into the soloist's hand, and which two cards it laid away."""
        say = self.say
        cards = ", ".join(say.words(c) for c in skat)
        soloist, laid = getattr(deal, "soloist", None), getattr(deal, "discards", None)
        if soloist is None or not laid:
            return _("Skat: {cards}", cards=cards)
        away = ", ".join(say.words(c) for c in laid)
        if soloist == self.session.seat:  # "you", mid-sentence, not the seat's name "You"
            return _("Skat: {cards}; you took it and laid away {laid}", cards=cards, laid=away)
        return _("Skat: {cards}; {seat} took it and laid away {laid}", cards=cards, seat=say.name(soloist),
                 laid=away)

    # --- the look -----------------------------------------------------------------------------------------

    def resize(self, px: int) -> None:
        """The bots' hands, the tricks and the layout for the learner's cards ``px`` wide (in proportion)."""
        self.card_px = px
        players = self.session.setup.players
        for view in self.other_views.values():
            view.set_look(width=other_width(px, players))
        for trick in (self.trick_view, self.last_view):
            trick.set_look(width=trick_width(px, players), font=text_px(px))
        if self.domino_view is not None:
            self.domino_view.set_look(width=domino_width(px))

    def restyle(self, faces: Style) -> None:
        """Every card on the board drawn with ``faces`` from now on."""
        self.look["style"] = faces
        for hand in self.other_views.values():
            hand.set_look(style=faces)
        for trick in (self.trick_view, self.last_view):
            trick.set_look(style=faces)
        if self.domino_view is not None:
            self.domino_view.set_look(style=faces)
