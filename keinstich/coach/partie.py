"""A whole partie reviewed from one seat: every deal played by the given bots, then reviewed.

This is the strategy lab's view of a player over a partie (docs/coach.md): where the mistakes were,
which contract cost most against best play, and how the seat compares with the heuristic bot on the
same cards.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.base import Bot
from keinstich.bots.play import play_deal
from keinstich.deal import Deal
from keinstich.game import Partie
from keinstich.games import game

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
            verb = "paid" if r.lower_is_better else "got"
            out.append({"deal": k, "contract": g.contract_name(g.contract_of(d)), "decisions": len(r.decisions),
                        "mistakes": r.count(Grade.MISTAKE), "blunders": r.count(Grade.BLUNDER),
                        **{who: "not settled" if v is None else f"{verb} {v + 0.0:g} {r.unit}"
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
        return (f"{len(self.reviews)} deals, {sum(len(r.decisions) for r in self.reviews)} decisions: "
                f"{_count(mistakes, 'mistake')} and {_count(blunders, 'blunder')}.")

    def _repr_html_(self) -> str:
        cols = list(self.rows()[0]) if self.reviews else []
        head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(row[c]))}</td>" for c in cols) + "</tr>"
                       for row in self.rows())
        worst = "".join(f"<li>deal {n}, {html.escape(_where(j))}: <b>{j.grade}</b>. {html.escape(j.why)}</li>"
                        for n, j in self.worst())
        return (f"<p>{html.escape(self.summary)}</p><table>{head and f'<tr>{head}</tr>'}{body}</table>"
                + (f"<p>The costliest decisions:</p><ul>{worst}</ul>" if worst else ""))


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cell(v: object) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _where(j: Judgement) -> str:
    return f"trick {j.trick}" if j.trick is not None else f"move {j.index + 1}"


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
