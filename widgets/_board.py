"""The Table's board: the bots' hands beside the trick (and the finished trick) and the score, on one row above
the learner's hand, so a projector shows the whole table at once (:mod:`._layout` gives it its CSS).

:func:`build_board` makes its widgets once, on the Table: ``other_labels`` and ``other_views`` (each bot's name
above its hand, fanned when short of room; in two columns for five and six players), ``others``, ``trick_view``,
``last_view`` (the finished trick beside the trick, drawn as large, the seat names at the table's text size),
``tricks_row`` (the two tricks), ``centre_box`` (the tricks, or a lay-off deal's layout), ``score`` and, under
it, who won the trick and who is to play (the tricks' captions), and ``board``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ._layout import text_px
from ._table_parts import other_width, trick_width
from .cardview import HandView, TrickView

if TYPE_CHECKING:
    from .table import Table

__all__ = ["build_board"]


def build_board(table: Table, width: int) -> None:
    """The board's widgets, on ``table``, for cards ``width`` pixels wide."""
    ses = table.session
    n = ses.setup.players
    table.other_views = {}
    table.other_labels = {}
    rows = []
    for k in range(1, n):
        s = (ses.seat + k) % n
        table.other_labels[s] = widgets.HTML()
        table.other_views[s] = HandView((), None, None, None, width=other_width(width, n), styles=table.styles,
                                        **table.look)
        table.other_views[s].add_class("ks-fit")
        table.other_views[s].add_class(f"ks-seat-{s}")  # one labelled group for a screen reader (._speech)
        rows.append(widgets.VBox([table.other_labels[s], table.other_views[s]]))  # the seat's name above its hand
    table.others = widgets.VBox(rows)
    table.others.add_class("ks-others")
    if bot_columns(n) > 1:  # four or five bots: two columns, so the board stays as low as the trick
        table.others.add_class("ks-others-2")
    look = dict(table.look, width=trick_width(width, n), font=text_px(width), winner_tag=False, caption_apart=True)
    table.trick_view = TrickView(n, names=table.names, me=ses.seat, **look)
    table.last_view = TrickView(n, names=table.names, me=ses.seat, **look,
                                layout=widgets.Layout(display="none", margin="0 0 0 12px"))
    table.last_view.add_class("ks-last-trick")
    table.domino_view = None
    table.tricks_row = widgets.HBox([table.trick_view, table.last_view], layout=widgets.Layout(align_items="center"))
    table.centre_box = widgets.VBox([table.tricks_row])
    table.centre_box.add_class("ks-centre")
    table.score = widgets.HTML()
    table.score.add_class("ks-side")
    # who won the trick (and who is to play), in words beside the finished trick, under the score: the board is no
    # taller for it (a 1280×720 projector has no line to spare)
    captions = widgets.VBox([table.last_view.caption, table.trick_view.caption])
    captions.add_class("ks-trick-captions")
    side = widgets.VBox([table.score, captions])
    side.add_class("ks-side-column")
    table.board = widgets.HBox([table.others, table.centre_box, side])
    table.board.add_class("ks-board")


def bot_columns(players: int) -> int:
    """The columns the bots' hands are drawn in: one for up to three bots, two for four and five."""
    return 1 if players <= 4 else 2
