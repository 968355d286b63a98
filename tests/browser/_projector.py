"""The Table's layout measured in a page: the boxes a class must see (the bots' hands, the trick, the finished trick,
the score, the status, the learner's hand) in view without scrolling, on one row where they should be, and no two
of them overlapping. Shared by the Voila tests of the projector layout and the JupyterLab test of the ordinary table.

The boxes are the elements' bounding boxes (``getBoundingClientRect``) with the page scrolled to its top and the
mouse away from the cards (a card under the mouse rises a few pixels).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

HAND = ".ks-table > .ks-hand button.ks-card"

BOXES = {
    "title": ".ks-table > .ks-scaled:not(.ks-board):not(.ks-status):not(.ks-notice)",
    "hands": ".ks-table .ks-others",
    "trick": ".ks-table .ks-trick:not(.ks-last-trick)",
    "finished trick": ".ks-table .ks-last-trick",
    "score": ".ks-table .ks-side",
    "status": ".ks-table > .ks-status",
    "hand": ".ks-table > .ks-hand",
}
"""The boxes that must all be in view and must not overlap (CSS selectors, the first match in the page)."""

JS_MEASURE = """(boxes) => {
  window.scrollTo(0, 0);
  for (const n of document.querySelectorAll('*')) if (n.scrollTop) n.scrollTop = 0;  // Voila, Lab: scrolled panels
  const rect = n => { const r = n.getBoundingClientRect();
    return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; };
  const out = {view: {w: innerWidth, h: innerHeight}, boxes: {}, inner: {}};
  for (const [name, sel] of Object.entries(boxes)) {
    const n = document.querySelector(sel);
    out.boxes[name] = n ? rect(n) : null;
  }
  const table = document.querySelector('.ks-table');
  out.hand = [...table.querySelectorAll(':scope > .ks-hand button.ks-card')].map(rect);
  out.others = [...table.querySelectorAll('.ks-others .ks-hand')].map(h => ({
    box: rect(h), cards: [...h.querySelectorAll('button.ks-card')].map(rect)}));
  const svgs = [['trick', '.ks-trick:not(.ks-last-trick) svg'], ['finished trick', '.ks-last-trick svg']];
  for (const [name, sel] of svgs) {
    const n = table.querySelector(sel);
    out.inner[name] = n ? rect(n) : null;
  }
  out.cards = {};  // a card drawn in each trick (the first nested face; a dashed place when none is played)
  for (const [name, sel] of svgs) {
    const n = table.querySelector(sel + ' svg[aria-label]') || table.querySelector(sel + ' rect[stroke-dasharray]');
    out.cards[name] = n ? rect(n) : null;
  }
  const size = sel => { const n = table.querySelector(sel); return n ? parseFloat(getComputedStyle(n).fontSize) : 0; };
  out.fonts = {status: size(':scope > .ks-status .widget-html-content'),
               score: size('.ks-side .widget-html-content td'),
               'trick labels': size('.ks-trick:not(.ks-last-trick) svg > text'),
               'finished trick labels': size('.ks-last-trick svg > text')};
  const teacher = table.querySelector('.ks-teacher');
  out.boxes.teacher = teacher ? rect(teacher.firstElementChild) : null;
  out.scroll = {x: document.scrollingElement.scrollWidth, y: document.scrollingElement.scrollHeight};
  return out;
}"""


@dataclass
class Layout:
    """What :data:`JS_MEASURE` measured."""

    view: dict[str, float]
    boxes: dict[str, dict[str, float] | None]
    hand: list[dict[str, float]]
    others: list[dict[str, Any]]
    inner: dict[str, dict[str, float] | None]
    fonts: dict[str, float]
    cards: dict[str, dict[str, float] | None]

    def line(self, names: tuple[str, ...] | None = None) -> str:
        """The boxes as "name x–right × y–bottom" (what the report gives)."""
        parts = []
        for name, b in self.boxes.items():
            if b is not None and (names is None or name in names):
                parts.append(f"{name} {b['x']:.0f}–{b['right']:.0f} × {b['y']:.0f}–{b['bottom']:.0f}")
        return "; ".join(parts)


def measure(page: Any, boxes: dict[str, str] = BOXES) -> Layout:
    page.mouse.move(1, 1)
    page.wait_for_timeout(300)  # the raised card under the mouse settles
    data = page.evaluate(JS_MEASURE, boxes)
    return Layout(data["view"], data["boxes"], data["hand"], data["others"], data["inner"], data["fonts"],
                  data["cards"])


def _overlap(a: dict[str, float], b: dict[str, float], slack: float = 0.5) -> float:
    """The area two boxes share (boxes that only touch share none)."""
    w = min(a["right"], b["right"]) - max(a["x"], b["x"])
    h = min(a["bottom"], b["bottom"]) - max(a["y"], b["y"])
    return w * h if w > slack and h > slack else 0.0


def _inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1.0) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["right"] <= outer["right"] + slack and inner["bottom"] <= outer["bottom"] + slack)


def layout_problems(layout: Layout, *, in_view: bool, required: tuple[str, ...] = tuple(BOXES)) -> list[str]:
    """What is wrong with the layout: a required box missing, out of view (``in_view``: within the window without
    scrolling), two boxes overlapping, a trick drawn wider than its box, the learner's hand on more than one row or
    a card of it outside its box, a bot's card outside its hand's box."""
    problems = []
    view = {"x": 0.0, "y": 0.0, "right": layout.view["w"], "bottom": layout.view["h"]}
    shown = {name: b for name, b in layout.boxes.items() if b is not None and b["w"] > 0 and b["h"] > 0}
    for name in required:
        if name not in shown:
            problems.append(f"the {name} is not shown")
        elif in_view and not _inside(shown[name], view, slack=0.0):
            b = shown[name]
            problems.append(f"the {name} is out of view: {b['x']:.0f}–{b['right']:.0f} × {b['y']:.0f}–{b['bottom']:.0f}"
                            f" in a window of {view['right']:.0f} × {view['bottom']:.0f}")
    names = list(shown)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            area = _overlap(shown[a], shown[b])
            if area:
                problems.append(f"the {a} and the {b} overlap ({area:.0f} px²)")
    for name, svg in layout.inner.items():
        if svg is not None and name in shown and not _inside(svg, shown[name]):
            problems.append(f"the {name} is drawn {svg['w']:.0f}×{svg['h']:.0f} px in a box of "
                            f"{shown[name]['w']:.0f}×{shown[name]['h']:.0f}")
    if layout.hand:
        tops = {round(c["y"]) for c in layout.hand}
        if max(tops) - min(tops) > 1:
            problems.append(f"the hand is on more than one row (card tops at {sorted(tops)})")
        hand = shown.get("hand")
        for c in layout.hand:
            if hand is not None and not _inside(c, hand):
                problems.append(f"a card of the hand lies outside the hand's box: {c} not in {hand}")
                break
            if in_view and not _inside(c, view, slack=0.0):
                problems.append(f"a card of the hand is out of view: {c}")
                break
    hands = shown.get("hands")
    for row in layout.others:
        if any(not _inside(c, row["box"]) or (hands is not None and not _inside(c, hands)) for c in row["cards"]):
            problems.append(f"a bot's card sticks out of its hand's box {row['box']}")
            break
    for name, cards in [("hand", layout.hand), *(("bot's hand", row["cards"]) for row in layout.others)]:
        if cards:  # a row short of room fans its cards: each shows its left edge, the last one whole
            last, full = cards[-1], cards[-1]["h"] / 1.4
            if abs(last["w"] - full) > 2 or any(c["w"] < 0.3 * full - 1 for c in cards):
                problems.append(f"a {name}'s cards are cut: widths {[round(c['w']) for c in cards]} of {full:.0f} px")
    return problems


def set_size(page: Any, label: str) -> None:
    """Choose Cards = ``label`` (S, M, L, XL) in the table's size dropdown and wait for the cards to be redrawn."""
    page.locator(".ks-table select").filter(
        has=page.locator("option", has_text=re.compile(f"^{re.escape(label)}$"))).select_option(label=label)
    from keinstich.faces import CARD_SIZES, SIZE_LABELS

    px = CARD_SIZES[next(k for k, v in SIZE_LABELS.items() if v == label)]
    page.wait_for_function(f"() => {{ const b = document.querySelector('{HAND}');"
                           f" return b && Math.abs(b.getBoundingClientRect().height - {round(px * 1.4)}) < 2; }}",
                           timeout=20_000)
    # the tricks are redrawn after the hand: wait for the trick's cards (or the dashed places) at their new width, read
    # from the width the table gave them (a card's drawn box is a pixel or two narrower: its border is inset)
    from keinstich_widgets._table_parts import trick_width

    players = page.evaluate("""() => { const s = document.querySelector('.ks-table .ks-trick svg');
        return s ? s.querySelectorAll(':scope > svg, :scope > rect[stroke-dasharray]').length : 0; }""")
    if players:
        page.wait_for_function("""(want) => { const s = document.querySelector('.ks-table .ks-trick svg');
            const card = s.querySelector(':scope > svg');
            if (card) return Math.abs(card.width.baseVal.value - want) < 1;
            const place = s.querySelector(':scope > rect[stroke-dasharray]');
            return place && Math.abs(place.width.baseVal.value - (want - 4)) < 1; }""",
                               arg=trick_width(px, players), timeout=20_000)
    page.wait_for_timeout(300)
