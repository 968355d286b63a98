"""A whole partie reviewed from one seat: every deal played by the given bots, then reviewed.

This is the strategy lab's view of a player over a partie (docs/coach.md): where the mistakes were,
which contract cost most against best play, and how the seat compares with the heuristic bot on the
same cards.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.base import Bot
from keinstich.bots.play import play_deal
from keinstich.deal import Deal
from keinstich.game import Partie
from keinstich.games import game
from keinstich.i18n import _, ngettext, number, pgettext
from keinstich.wording.names import grade_name, unit_word

from .grades import Grade
from .judgement import Judgement
from .review import Review, review


@dataclass(frozen=True)
class PartieReview:
    """Each deal of a partie (``deals``, finished) with its review from ``seat`` (``reviews``)."""

    seat: int
    deals: tuple[Deal, ...]
    reviews: tuple[Review, ...]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per deal: its contract, the grades counted, what the seat got and the duplicates."""
        out = []
        for k, (d, r) in enumerate(zip(self.deals, self.reviews, strict=True), 1):
            g = game(d.game)
            out.append({"deal": k, "contract": g.contract_name(g.contract_of(d)), "decisions": len(r.decisions),
                        "mistakes": r.count(Grade.MISTAKE), "blunders": r.count(Grade.BLUNDER),
                        **{who: _("not settled") if v is None else _paid(r.lower_is_better, v, r.unit)
                           for who, v in (("you", r.paid), ("best play", r.best_paid),
                                          ("heuristic bot", r.heuristic_paid))}})
        return out

    def worst(self, k: int = 3) -> list[tuple[int, Judgement]]:
        """The ``k`` costliest decisions of the partie, as (deal number, judgement)."""
        every = [(n, j) for n, r in enumerate(self.reviews, 1) for j in r.mistakes]
        return sorted(every, key=lambda nj: -nj[1].cost)[:k]

    @property
    def summary(self) -> str:
        mistakes = sum(r.count(Grade.MISTAKE) for r in self.reviews)
        blunders = sum(r.count(Grade.BLUNDER) for r in self.reviews)
        return _("{deals}, {decisions}: {mistakes} and {blunders}.",
                 deals=ngettext("{n} deal", "{n} deals", len(self.reviews)),
                 decisions=ngettext("{n} decision", "{n} decisions", sum(len(r.decisions) for r in self.reviews)),
                 mistakes=ngettext("{n} mistake", "{n} mistakes", mistakes),
                 blunders=ngettext("{n} blunder", "{n} blunders", blunders))

    def _repr_html_(self) -> str:
        cols = list(self.rows()[0]) if self.reviews else []
        head = "".join(f"<th>{html.escape(_HEADINGS[c]() if c in _HEADINGS else c)}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(row[c]))}</td>" for c in cols) + "</tr>"
                       for row in self.rows())
        worst = "".join(f"<li>{html.escape(_('deal {n}, {where}', n=n, where=_where(j)))}: "
                        f"<b>{html.escape(grade_name(j.grade))}</b>. {html.escape(j.said)}</li>"
                        for n, j in self.worst())
        return (f"<p>{html.escape(self.summary)}</p><table>{head and f'<tr>{head}</tr>'}{body}</table>"
                + (f"<p>{html.escape(_('The costliest decisions:'))}</p><ul>{worst}</ul>" if worst else ""))


_HEADINGS: dict[str, Callable[[], str]] = {
    "deal": lambda: pgettext("column", "deal"), "contract": lambda: pgettext("column", "contract"),
    "decisions": lambda: pgettext("column", "decisions"), "mistakes": lambda: pgettext("column", "mistakes"),
    "blunders": lambda: pgettext("column", "blunders"), "you": lambda: pgettext("column", "you"),
    "best play": lambda: pgettext("column", "best play"), "heuristic bot": lambda: pgettext("column", "heuristic bot"),
}
"""The table's headings in the reader's words (the rows' keys stay as they are: they are the API)."""


def _paid(lower_is_better: bool, v: float, unit: str) -> str:
    """"paid 15 pf", "got 3 points"."""
    amount, said = number(v + 0.0, None), unit_word(unit, short=True)
    return _("paid {amount} {unit}", amount=amount, unit=said) if lower_is_better else _(
        "got {amount} {unit}", amount=amount, unit=said)


def _cell(v: object) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _where(j: Judgement) -> str:
    return _("trick {k}", k=j.trick) if j.trick is not None else _("move {k}", k=j.index + 1)


def review_partie(partie: Partie, seat: int, bots: Sequence[Bot]) -> PartieReview:
    """Play the rest of ``partie`` with ``bots`` (one per seat; ``bots[seat]`` stands for the player being
    reviewed), settling each deal, and review every deal from ``seat``; the duplicates seat the same
    bots in the other seats."""
    deals: list[Deal] = []
    reviews: list[Review] = []
    while not partie.is_over:
        d = partie.current if partie.current is not None else partie.deal_next()
        play_deal(d, list(bots))
        deals.append(d)
        reviews.append(review(d, seat, bots=list(bots)))
        partie.settle()
    return PartieReview(seat, tuple(deals), tuple(reviews))


__all__ = ["PartieReview", "review_partie"]
