"""Card-sense drills: the posterior is the share of the deals that fit what the seat saw (checked against
listing them all), and the Brier score is lowest for the posterior itself."""

from __future__ import annotations

import itertools

import pytest

from keinstich.cards import SUIT_MASKS, Suit
from keinstich.deal import Deal
from keinstich.trainer import sense
from keinstich.trainer.positions import decisions


def late(game: str, contract: str, seed: int, left: int) -> Deal:
    """A position of the deal of ``seed`` with about ``left`` cards in the hand to move (few deals fit)."""
    ps = [p for p in decisions(game, contract, seed) if p.phase == "play"]
    return min(ps, key=lambda p: abs(len(p.hand(p.turn or 0)) - left))


def listed(position: Deal) -> list[list[int]]:
    know = sense.knowledge(position, position.turn or 0)
    return list(sense._sampler(know).all())


@pytest.mark.parametrize("game, contract, seed", [("kein-stich", "no-hearts", 3), ("herzeln", "herzeln-no-queens", 5),
                                                  ("herzblatt", "herzblatt-4", 3), ("kein-stich", "no-max", 8)])
def test_the_posterior_is_the_share_of_the_deals_that_fit(game: str, contract: str, seed: int) -> None:
    position = late(game, contract, seed, 4)
    deals = listed(position)
    assert 1 < len(deals) < 100_000
    know = sense.knowledge(position, position.turn or 0)
    for c in [c for c in sense.cards_of(know.unseen)][:4]:
        q = sense.holds(position, c)
        assert q.exact
        share = [sum(1 for d in deals if d[j] & c.bit) / len(deals) for j in range(len(q.options))]
        assert q.posterior == pytest.approx(share)
    for s in Suit:
        if know.unseen & SUIT_MASKS[s]:
            q = sense.void(position, s)
            share = [sum(1 for d in deals if not d[j] & SUIT_MASKS[s]) / len(deals) for j in range(len(q.options))]
            assert q.posterior == pytest.approx(share)
            c = sense.count_out(position, s)
            out = len(q.options)
            counts = [sum(1 for d in deals if sum((d[j] & SUIT_MASKS[s]).bit_count() for j in range(out)) == k)
                      / len(deals) for k in range(len(c.options))]
            assert c.posterior == pytest.approx(counts, abs=0.03)  # estimated from draws where cards are laid away


def test_the_brier_score_is_lowest_for_the_posterior() -> None:
    position = late("kein-stich", "no-hearts", 3, 5)
    for kind in sense.KINDS:
        q = sense.question(position, 11, kind)
        assert q.kind == kind
        best = sense.brier(q, q.posterior)
        assert best == pytest.approx(q.floor)
        for option in q.options:
            assert sense.brier(q, sense.pick(q, option)) >= best - 1e-12
        for p in itertools.product([0.0, 0.3, 1.0], repeat=len(q.options)):
            if sum(p) > 0 or kind == "void":
                assert sense.brier(q, p) >= best - 1e-12


def test_a_void_shown_is_certain() -> None:
    for seed in range(30):
        position = late("kein-stich", "no-tricks", seed, 5)
        td = position.trick_deal
        assert td is not None
        shown = [(s, v) for s in range(4) if s != position.turn for v in td.voids(s)]
        if shown:
            s, suit = shown[0]
            q = sense.void(position, suit)
            assert q.posterior[q.options.index(f"seat {s}")] == 1.0
            return
    pytest.fail("no void shown in 30 deals")


def test_bad_forecasts_and_questions_are_refused() -> None:
    position = late("kein-stich", "no-hearts", 3, 5)
    q = sense.question(position, 1, "holds")
    with pytest.raises(sense.SenseError, match="one chance for each"):
        sense.brier(q, [1.0])
    with pytest.raises(sense.SenseError, match="between 0 and 1"):
        sense.brier(q, [2.0] + [0.0] * (len(q.options) - 1))
    with pytest.raises(sense.SenseError, match="not one of the answers"):
        sense.pick(q, "seat 9")
    own = position.hand(position.turn or 0)[0]
    with pytest.raises(sense.SenseError, match="not hidden"):
        sense.holds(position, own)
    with pytest.raises(sense.SenseError, match="unknown kind"):
        sense.question(position, 1, "weather")
