"""A review (:mod:`keinstich.coach`) as HTML: the summary, then one row per decision with the faces of the
card played and the best cards, the costs, the grade as a coloured badge and the sentence why.

The same rows serve a notebook's static display (``Review._repr_html_``) and the review widget, which
adds a "Try again from here" button to each row.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from keinstich.cards import Lang, Style
from keinstich.coach.grades import Grade
from keinstich.coach.why import amount
from keinstich.deal import Move, move_cards
from keinstich.faces.hands import cards_html
from keinstich.i18n import N_, _, number
from keinstich.wording.names import grade_name, move_words, unit_word

if TYPE_CHECKING:
    from keinstich.coach import Judgement, Review

GRADE_COLOURS = {Grade.BEST: "#2e7d32", Grade.FINE: "#7cb342", Grade.MISTAKE: "#ef6c00", Grade.BLUNDER: "#c62828",
                 Grade.DIFFERS: "#757575", Grade.ONLY: "#9e9e9e"}
"""The badge colour of each grade (green to red; grey where only the heuristic bot judged)."""

COLUMNS = (("", 60), (N_("you played"), 80), (N_("best"), 112), (N_("cost"), 92), (N_("all hands open"), 104),
           (N_("grade"), 76))
"""The fixed columns of a row (title, width in pixels); the sentence why runs under them. The cost is the coach's
(from what you could know: it gives the grade); all hands open is a second view, against the opponents who
played."""


def columns(width: float = 34) -> tuple[tuple[str, int], ...]:
    """:data:`COLUMNS` for cards ``width`` pixels wide: the card columns grow with larger cards (one card played,
    up to three best), so a projector's cards never run into the cost."""
    grow = {1: round(width + 16), 2: round(3 * (width + 2) + 4)}
    return tuple((title, max(w, grow.get(i, 0))) for i, (title, w) in enumerate(COLUMNS))


def _move_html(move: Move, style: Style, four_colour: bool | None, lang: Lang | None, width: float) -> str:
    cards = move_cards(move)
    if cards:
        return cards_html(cards, style=style, four_colour=four_colour, lang=lang, width=width, gap=2)
    return f"<span style='font-weight:600'>{html.escape(move_words(move))}</span>"


def _cell(content: str, width: int) -> str:
    return f"<div style='flex:0 0 {width}px;padding:0 4px'>{content}</div>"


def badge(grade: Grade) -> str:
    """A grade as a coloured badge."""
    colour = GRADE_COLOURS.get(grade, "#757575")
    return (f"<span class='ks-grade ks-grade-{grade}' style='background:{colour};color:white;border-radius:10px;"
            f"padding:1px 8px;font-size:90%'>{html.escape(grade_name(grade))}</span>")


def _amount(value: float | None, unit: str, margin: float = 0.0) -> str:
    """A cost in a cell: "4.2 pf", "4 ± 1 pf" with its doubt, "20 pf" when exact and whole, "0", or "—" when not
    measured."""
    if value is None:
        return "—"
    if margin < 0.05:
        return "0" if round(value, 1) == 0 else amount(value, unit)
    unit = unit_word(unit, short=True)
    if margin >= 1:
        return f"{number(round(value), None)} ± {round(margin)} {unit}"
    return f"{number(value, 1)} ± {number(margin, 1)} {unit}"


def decision_html(j: Judgement, *, style: Style = "german", four_colour: bool | None = None, lang: Lang | None = None,
                  width: float = 34) -> str:
    """One decision as a row (where, the card played, the best, the costs, the grade) with the sentence why
    under it."""
    where = _("trick {k}", k=j.trick) if j.trick is not None else _("move {k}", k=j.index + 1)
    best = "".join(_move_html(m, style, four_colour, lang, width) for m in j.best[:3])
    measured = j.method != "heuristic"
    cols = columns(width)
    cells = [
        _cell(html.escape(where), cols[0][1]),
        _cell(_move_html(j.move, style, four_colour, lang, width), cols[1][1]),
        _cell(f"<div style='display:flex;gap:4px'>{best}</div>", cols[2][1]),
        _cell(_amount(j.cost, j.unit, j.margin) if measured else html.escape(_("not measured")), cols[3][1]),
        _cell(_amount(j.open_cost, j.unit) if measured else "—", cols[4][1]),
        _cell(badge(j.grade), cols[5][1]),
    ]
    return (f"<div class='ks-review-row ks-{j.grade}' style='padding:4px 0;border-bottom:1px solid #eee'>"
            f"<div style='display:flex;align-items:center;gap:2px'>{''.join(cells)}</div>"
            f"<div class='ks-why' style='font-size:92%;line-height:1.35;padding:2px 4px 0 {COLUMNS[0][1] + 4}px'>"
            f"{said_html(j)}</div></div>")


def lesson_link(idea: str) -> str:
    """A link to the lesson that teaches an idea ("lesson 3"), relative to the lessons' folder."""
    from keinstich.coach.ideas import IDEAS

    lesson = IDEAS[idea].lesson
    number = int(lesson.split("-")[0])
    return (f"<a class='ks-idea-lesson' href='{html.escape(lesson)}' target='_blank' rel='noopener'>"
            f"{html.escape(_('lesson {n}', n=number))}</a>")


def said_html(j: Judgement, *, how: bool = True) -> str:
    """What the coach says of a decision: the idea with this deal's cards (and the lesson that teaches it) and the
    plain cost first; then, folded away, how it was judged (the method, the doubt, the lines with all hands open,
    and in how many of the judge's deals the idea shows)."""
    from keinstich.coach.idea_words import how_seen

    r = j.idea
    first = html.escape(j.said)
    if r is not None:
        first = f"{first} <span class='ks-idea-link'>({lesson_link(r.idea)})</span>"
    if not how:
        return first
    detail = html.escape(j.why[:1].upper() + j.why[1:] + ("" if j.why.endswith(".") else "."))
    if r is not None:
        detail += " " + html.escape(how_seen(r, j.verdict.style))
    return (f"<span class='ks-said'>{first}</span><details class='ks-how'><summary style='cursor:pointer;color:#555'>"
            f"{html.escape(_('How was this judged?'))}</summary><div style='color:#444'>{detail}</div></details>")


def header_html(width: float = 34) -> str:
    """The column titles of the rows (of cards ``width`` pixels wide)."""
    cells = "".join(_cell(f"<b style='white-space:nowrap'>{html.escape(_(t) if t else t)}</b>", w)
                    for t, w in columns(width))
    return f"<div class='ks-review-head' style='display:flex;gap:2px;font-size:90%;color:#555'>{cells}</div>"


def summary_html(r: Review, name: str | None = None) -> str:
    """The review's summary line, said to the learner, or of the student ``name``; under it how much of the score
    the cards decided (:attr:`Review.luck`)."""
    return (f"<p class='ks-review-summary' style='margin:4px 0 2px 0'>{html.escape(r.summary_of(name))}</p>"
            f"<p class='ks-review-luck' style='margin:0 0 8px 0;color:#444'>{html.escape(r.luck.said)}</p>")


def review_html(r: Review, *, style: Style | None = None, four_colour: bool | None = None, lang: Lang | None = None,
                width: float = 34) -> str:
    """The whole review: summary, column titles, a row per decision."""
    s: Style = style or r.style
    rows = "".join(decision_html(j, style=s, four_colour=four_colour, lang=lang, width=width) for j in r.decisions)
    return f"<div class='ks-review'>{summary_html(r)}{header_html()}{rows}</div>"


__all__ = ["GRADE_COLOURS", "badge", "columns", "decision_html", "grade_name", "header_html", "lesson_link",
           "move_words", "review_html", "said_html", "summary_html", "unit_word"]
