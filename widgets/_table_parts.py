"""Small parts of the Table built once: the bot dropdowns, the card size dropdown, and the widths of
the other views for a card size (the learner's cards are the size chosen; the rest in proportion).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from keinstich.faces import CARD_SIZES, SIZE_LABELS
from keinstich.i18n import _

from ._games import BOT_NAMES, bot_label, bot_name, game_of
from ._session import TableError
from ._shared import plain

if TYPE_CHECKING:
    from ._session import Session

__all__ = ["BOT_OPTIONS", "bot_dropdowns", "domino_width", "fan_width", "game_name", "other_width", "part_of",
           "seed_value", "size_dropdown", "trick_width"]

BOT_OPTIONS = [("random", "random"), ("heuristic", "heuristic"), ("Monte Carlo", "montecarlo")]


def bot_options() -> list[tuple[str, str]]:
    """The bots a seat's dropdown offers, named in the language spoken."""
    return [(bot_name(spec), spec) for _label, spec in BOT_OPTIONS]


def other_width(px: int, players: int = 4) -> int:
    """The bots' hands: two thirds of the learner's cards, less for a projector's large cards (the room goes to the
    tricks and the learner's hand), and less again for five and six players (four or five bots, in two columns)."""
    width = px * 2 // 3 if px <= CARD_SIZES["medium"] else 48 + (px - CARD_SIZES["medium"]) // 4
    return max(36, width * 3 // 4 if players >= 5 else width)


def fan_width(cards: int, px: int) -> int:
    """The narrowest a hand of ``cards`` cards ``px`` wide can be drawn on one row: fanned, each card showing its
    left 30 % (its index; :mod:`.cardview`'s ``ks-fit`` rules), the last one whole, with their margins."""
    return 0 if cards <= 0 else (cards - 1) * (round(px * 0.3) + 2) + px + 2


def trick_width(px: int, players: int = 4) -> int:
    """The cards on the cloth (the trick and the finished trick beside it, drawn alike): eight ninths of the learner's,
    no larger above the large size (a 1280×720 projector keeps the tricks, the hand and the teacher's row in view at
    the extra large size), and smaller for five and six players, whose tricks have two rows of cards
    (:func:`keinstich.faces.trick_svg`) beside bots' hands in two columns."""
    width = min(px, CARD_SIZES["large"]) * 8 // 9
    return max(40, int(width * _RING.get(players, Fraction(1))))


_RING = {5: Fraction(3, 4), 6: Fraction(3, 4)}
"""How much smaller the tricks' cards are drawn for five and six players than for three and four."""


def domino_width(px: int) -> int:
    """The lay-off layout's cards (44 px at the medium size)."""
    return max(28, round(px * 44 / CARD_SIZES["medium"]))


def seed_value(text: str) -> int | str:
    t = text.strip()
    if not t:
        raise TableError("type a seed (a whole number or a word) in the seed box first")
    try:
        return int(t)
    except ValueError:
        return t


def game_name(game_id: str) -> str:
    """A game's name for the dropdown, with its German name where that differs: "Hearts (Herzeln)"."""
    g = game_of(game_id)
    return g.name if g.german == g.name else f"{g.name} ({g.german})"


def size_dropdown(px: int, label: str) -> widgets.Dropdown:
    """S / M / L / XL (and the width given, if it is none of them)."""
    options: list[tuple[str, Any]] = [(SIZE_LABELS[name], name) for name in CARD_SIZES]
    named = {w: name for name, w in CARD_SIZES.items()}
    value: Any = named.get(px, px)
    if value == px:
        options.append((f"{px} px", px))
    return widgets.Dropdown(options=options, value=value, description=label,
                            **plain(widgets.Dropdown, style={"description_width": "44px"}, width="130px"))


def bot_dropdowns(ses: Session,
                  handler: Callable[[int], Callable[[dict[str, Any]], None]]) -> dict[int, widgets.Dropdown]:
    """A dropdown per bot seat: the bots by name, and a bot object given to the table as "(given)"."""
    boxes: dict[int, widgets.Dropdown] = {}
    for s in range(ses.setup.players):
        if s == ses.seat:
            continue
        spec = ses.specs[s]
        options = bot_options()
        value = spec if isinstance(spec, str) and spec in BOT_NAMES else None
        if value is None:
            label = spec if isinstance(spec, str) else _("{bot} (given)", bot=bot_label(spec))
            options.append((label, f"custom:{s}"))
            value = f"custom:{s}"
        box = widgets.Dropdown(options=options, value=value, description=_("Seat {n}", n=s),
                               **plain(widgets.Dropdown, style={"description_width": "56px"}, width="200px"))
        box.observe(handler(s), "value")
        boxes[s] = box
    return boxes


class part_of:  # named as a function is: ``trick_view = part_of("board")``
    """A widget of one of the Table's parts, read through the Table, where notebooks and tests have always found it
    (``table.trick_view`` is ``table.board.trick_view``): read-only, the part owns it."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        return self if table is None else getattr(getattr(table, self.part), self.name)
