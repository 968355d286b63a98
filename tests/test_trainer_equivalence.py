"""Equivalent positions: suits permuted and ranks shifted where the contract allows give the same game, card
for card. The exact open-hands solver proves it (its values are deterministic); the trainer's adapter to the
judge gives the same costs up to the renaming; the judge on its own is checked too."""

from __future__ import annotations

import itertools

import pytest

from keinstich.bots.budget import Budget
from keinstich.bots.solver import card_values
from keinstich.bots.solver_domino import domino_move_bounds
from keinstich.coach import verdict
from keinstich.coach.equivalence import (
    Relabel,
    canonical,
    equivalent,
    rank_shift,
    seat_view,
    suit_permutations,
    suit_relabel,
    symmetries,
)
from keinstich.coach.fair import key
from keinstich.deal import Deal
from keinstich.trainer.bank import CONTRACTS
from keinstich.trainer.positions import decisions
from keinstich.trainer.verdicts import solution


def sample(game: str, contract: str, seeds: range, every: int = 3) -> list[Deal]:
    """Every ``every``-th position with a choice in the deals of ``seeds`` (further seeds where these have none:
    in Herzblatt everyone may pass)."""
    out = [p for s in seeds for i, p in enumerate(decisions(game, contract, s)) if i % every == 1]
    more = seeds.stop
    while len(out) < 3 * len(seeds) and more < seeds.stop + 40:
        out += [p for i, p in enumerate(decisions(game, contract, more)) if i % every == 1]
        more += 1
    return out


def open_values(position: Deal) -> dict[object, float] | None:
    """Each legal move's exact value with all hands open (None where the lay-off search is not settled)."""
    if position.trick_deal is None:
        got = domino_move_bounds(position, budget=Budget(nodes=200_000))
        return {key(m): float(v) for m, v in got.values.items()} if got.exact else None
    return {key(m): float(v) for m, v in card_values(position).items()}


@pytest.mark.parametrize("game, contract", CONTRACTS, ids=[c for _, c in CONTRACTS])
def test_the_solver_values_every_equivalent_position_the_same(game: str, contract: str) -> None:
    checked = 0
    for n, position in enumerate(sample(game, contract, range(3))):
        if position.trick_deal is None and len(position.hand(position.turn or 0)) > 5:
            continue  # early lay-off positions are beyond the exact search's budget
        values = open_values(position)
        for k in range(2):
            moved, r = equivalent(position, f"{contract}:{n}:{k}", shift=True)
            assert moved.turn == position.turn and moved.phase == position.phase
            assert {key(r.move(m)) for m in position.legal_moves()} == {key(m) for m in moved.legal_moves()}
            got = open_values(moved)
            if values is None or got is None:
                continue
            assert {key(r.move(m)): v for m, v in values.items()} == got, (contract, n, k)
            checked += 1
    assert checked >= 3


def test_what_each_contract_allows() -> None:
    def sym(game: str, contract: str) -> tuple[int, str]:
        p = next(iter(sample(game, contract, range(1))))
        s = symmetries(p)
        return s.count, "".join(x.code for x in s.shiftable)

    assert sym("kein-stich", "no-tricks") == (24, "CSHD")
    assert sym("kein-stich", "no-hearts") == (6, "CSHD")  # Hearts cost the same each: their ranks may shift
    assert sym("kein-stich", "no-obers") == (24, "")  # every suit has its costly Ober
    assert sym("kein-stich", "no-max") == (6, "CSD")
    assert sym("kein-stich", "black-pig") == (6, "CHD")
    assert sym("kein-stich", "power") == (6, "")
    assert sym("kein-stich", "domino") == (6, "")  # the Unter of Acorns opens: Acorns stay
    assert sym("herzeln", "herzeln-domino") == (24, "")
    assert sym("herzblatt", "herzblatt-4") == (2, "")  # Hearts are trumps, the pack lacks the red Sevens


def test_a_permutation_keeps_the_fixed_suits() -> None:
    p = next(iter(sample("kein-stich", "black-pig", range(1))))
    for perm in suit_permutations(p):
        assert perm[1] == 1
    assert len({perm for perm in itertools.permutations(range(4)) if perm[1] == 1}) == len(suit_permutations(p))


def test_equivalent_positions_look_different_but_have_one_canonical_view() -> None:
    for position in sample("kein-stich", "no-hearts", range(2)):
        moved, r = equivalent(position, 7)
        assert not r.identity
        assert moved.hand(moved.turn or 0) != position.hand(position.turn or 0) or moved.history != position.history
        assert seat_view(canonical(moved)[0]) == seat_view(canonical(position)[0])
        again, _ = canonical(canonical(position)[0])
        assert seat_view(again) == seat_view(canonical(position)[0])


def test_rank_shifts_keep_every_trick_and_its_winner() -> None:
    import random

    for position in sample("kein-stich", "no-tricks", range(3)):
        r = rank_shift(position, random.Random(1))
        moved = r(position)
        td, tm = position.trick_deal, moved.trick_deal
        assert td is not None and tm is not None
        assert [t.winner for t in td.tricks] == [t.winner for t in tm.tricks]
        suits = [[tuple(c.suit for c in t.cards) for t in d.tricks] for d in (td, tm)]
        assert suits[0] == suits[1]


def test_a_relabel_and_its_inverse() -> None:
    r = suit_relabel((1, 2, 3, 0))
    assert r.then(r.inverse()) == Relabel() and not r.identity


@pytest.mark.parametrize("game, contract", [("kein-stich", "no-hearts"), ("kein-stich", "domino"),
                                            ("herzeln", "herzeln-no-queens"), ("herzblatt", "herzblatt-4")])
def test_the_trainers_judge_gives_the_same_costs_up_to_the_renaming(game: str, contract: str) -> None:
    for n, position in enumerate(sample(game, contract, range(2), every=4)):
        s = solution(position)
        moved, r = equivalent(position, n)
        t = solution(moved)
        assert {key(r.move(m)): s.cost(m) for m in s.legal} == {key(m): t.cost(m) for m in t.legal}
        assert {key(r.move(m)) for m in s.good} == {key(m) for m in t.good}


def test_the_coachs_own_verdict_is_invariant_under_a_suit_permutation() -> None:
    """The coach judges a canonical representative (suits renamed by what the seat can know), so the Hint,
    the review, a quiz and the trainer give equivalent positions the same costs and grades, card for card."""
    for position in sample("kein-stich", "no-tricks", range(4), every=2):
        for perm in suit_permutations(position)[1:4]:
            r = suit_relabel(perm)
            a, b = verdict(position), verdict(r(position))
            assert {key(r.move(m)): a.cost(m) for m in a.legal} == {key(m): b.cost(m) for m in b.legal}
            assert {key(r.move(m)): a.grade(m) for m in a.legal} == {key(m): b.grade(m) for m in b.legal}


def test_a_contract_written_in_a_notebook_cell_is_judged_as_it_stands() -> None:
    """A contract the kit does not name may have rules no renaming can see: the coach keeps its positions as
    they are (and a hint on its table does not fail)."""
    from keinstich.contracts import Contract, ForTrick, PerCard
    from keinstich.tricks import TrickDeal

    unters = Contract("no-unters-last", "No Unters, no last trick", [PerCard(5, rank="U"), ForTrick(-1, 20)])
    position = TrickDeal.from_seed("german-32", 4, 1, unters)
    position.play(position.legal()[0])
    same, r = canonical(position)
    assert r.identity and same.history == position.history and same is not position
    got = verdict(position)
    assert got.canon is None and got.best and all(got.grade(c) in {"best", "fine", "mistake", "blunder"}
                                                  for c in position.legal())
