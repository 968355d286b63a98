"""How the Table grows with its cards: text in proportion to the card size, for a projector.

The Table's root carries a class per card width (``ks-px-112``); :func:`size_css` gives that class its
text size, so the title, the seat names, the status, the score table, the trick's caption and the
teacher's answers grow with the cards (13 px at the medium size, as before; about 20 px at the large
size), while the controls below the hand keep the notebook's size. The cards' own pieces that must stay
on one row (the learner's hand, the bots' hands) are marked ``ks-fit`` (:mod:`.cardview`): when the row is
too narrow their cards overlap like a fanned hand instead of wrapping; the board's pieces wrap only when even
the fanned bots' hands leave no room for the trick and the score.
"""

from __future__ import annotations

from typing import Any

from keinstich.faces import CARD_SIZES

__all__ = ["BOARD_CSS", "button_width", "size_class", "size_css", "text_px"]

BOARD_CSS = (".ks-table .ks-board{flex-wrap:wrap;align-items:flex-start;gap:12px}"
             ".ks-table .ks-others{flex:1 1 0;max-width:max-content}"
             ".ks-table .ks-others-2{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));column-gap:12px;"
             "align-content:start}"
             ".ks-table .ks-others .ks-hand{flex:0 1 auto}"
             # the seat names over the bots' hands: smaller than the table's text, on one line each (more specific
             # than the text size rules of size_css, which would give them the status's size and line)
             ".ks-table .ks-board.ks-scaled .ks-others .widget-html-content{font-size:.85em;line-height:1.15;"
             "white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
             ".ks-table .ks-others .widget-vbox{margin:0 0 2px 0}"
             ".ks-table .ks-board.ks-scaled .ks-others .widget-html{min-height:0;height:auto;margin-bottom:0}"
             ".ks-table .ks-centre,.ks-table .ks-trick{flex:0 0 auto}"
             ".ks-table .ks-trick{width:min-content}"
             ".ks-table .ks-side-column{flex:0 0 auto;width:min-content;min-width:10em}"
             ".ks-table .ks-trick-captions .widget-html{margin:0 0 4px 0}"
             ".ks-table .ks-side table.ks-grid th,.ks-table .ks-side table.ks-grid td{white-space:nowrap}"
             # the teacher's row: one line on a 1280 px projector, six players' seats and all
             ".ks-table .ks-teacher .widget-button,.ks-table .ks-teacher .widget-toggle-button{padding:0 7px}")
"""The board (the bots' hands, the trick, the finished trick, the score) on one row: the bots' hands (in two columns
for five and six players) give way, their cards fanned, down to the narrowest fan (their ``min-width``, set by the
Table: :func:`._table_parts.fan_width`); only a row too narrow even for that wraps (the score goes under the hands).
Who won the trick is said beside the finished trick, under the score (the board is no taller for it)."""


def text_px(card_px: int) -> int:
    """The text size in pixels beside cards ``card_px`` wide: 13 at the medium size and below, then growing
    a little slower than the cards (20 px at the large size, 23 at the extra large)."""
    return max(13, round(13 * float((card_px / CARD_SIZES["medium"]) ** 0.95)))


def size_css(card_px: int) -> str:
    """The text size of a Table whose root has the class ``ks-px-{card_px}`` (its scaled parts: ``ks-scaled``)."""
    fs = text_px(card_px)
    line = round(fs * 1.3)
    scope = f".ks-table.ks-px-{card_px} .ks-scaled"
    return (f"{scope}{{font-size:{fs}px;line-height:{line}px;--jp-widgets-font-size:{fs}px;"
            f"--jp-widgets-inline-height:{line}px;--jp-content-font-size1:{fs}px;--jp-ui-font-size1:{fs}px}}"
            f"{scope} .widget-html-content{{font-size:{fs}px;line-height:{line}px}}")


def size_class(root: Any, css: Any, sizes: set[int], px: int, base: str) -> None:
    """Give the Table's ``root`` the class of cards ``px`` wide, and the ``css`` widget (a ``<style>`` block:
    ``base`` and :data:`BOARD_CSS`) the text size rules of every size in ``sizes`` (``px`` added to them)."""
    for cls in [c for c in root._dom_classes if c.startswith("ks-px-")]:
        root.remove_class(cls)
    root.add_class(f"ks-px-{px}")
    if px not in sizes:
        sizes.add(px)
        css.value = base[:-len("</style>")] + BOARD_CSS + "".join(size_css(w) for w in sorted(sizes)) + "</style>"


def button_width(labels: Any, least: int) -> str:
    """A width for a row of toggle buttons (ipywidgets gives them all one) that fits the longest label at the
    notebook's 13 px text, and never less than ``least`` px: a German label is longer ("Auf meinem Niveau",
    "alle Entscheidungen") and was cut to "Auf meine…" at the English width."""
    longest = max((len(str(label)) for label in labels), default=0)
    return f"{max(least, round(7.5 * longest + 28))}px"
