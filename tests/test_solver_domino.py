"""The fast lay-off solver: its bitmask board follows the deal move for move, its values equal the old
solver's (kept in tests/domino_reference.py) on many small seeded deals, and its budget (time, nodes,
Stop) ends a search early with bounds that hold."""

from __future__ import annotations

import random
import threading

import domino_reference as old
import pytest

from keinstich.bots.bounded import move_values
from keinstich.bots.budget import Budget, Stopped
from keinstich.bots.domino_board import Board
from keinstich.bots.solver import card_values, solve
from keinstich.bots.solver_domino import domino_move_bounds, domino_move_values, solve_domino
from keinstich.cards import cards, pack
from keinstich.contracts import NO_HEARTS
from keinstich.layoff import DominoContract, DominoDeal, DominoRules, domino_contract
from keinstich.layoff_layout import BOTTOM, TOP
from keinstich.tricks import TrickDeal


def random_rules(rng: random.Random) -> DominoRules:
    layout = rng.choice(["rows", "chain"])
    if layout == "chain":
        return DominoRules(layout="chain", order=rng.choice(["ace-ten", "natural"]),
                           voluntary_pass=rng.random() < 0.7, pass_fee=rng.choice([0, 5, 10]))
    return DominoRules(start=rng.choice(["any", "acorns"]), order=rng.choice(["natural", "ace-ten"]),
                       wrap=rng.random() < 0.3, voluntary_pass=rng.random() < 0.7, pass_fee=rng.choice([0, 5, 10]))


def small_deal(rng: random.Random, most: int = 3) -> DominoDeal:
    """A few cards per hand from two to four suits, every Jack of them dealt, a few random moves made."""
    rules = random_rules(rng)
    n = rng.choice([2, 3, 4])
    points = None if rng.random() < 0.5 else tuple(-10 * i for i in range(n))
    contract = DominoContract("mini", "mini", rules=rules, points=points)
    per = rng.randint(2, most + {2: 1, 3: 0, 4: -1}[n])
    suits = rng.sample("CSHD", rng.choice([2, 3, 4]))
    if rules.start_card is not None and "C" not in suits:
        suits[0] = "C"
    jacks = list(cards(" ".join(f"J{x}" for x in suits)))[:per * n]
    if rules.start_card is not None and cards("JC")[0] not in jacks:
        jacks[0] = cards("JC")[0]
    others = [c for c in pack("french-32") if c.suit.code in suits and c.rank.code != "J"]
    cs = [*jacks, *rng.sample(others, per * n - len(jacks))]
    rng.shuffle(cs)
    d = DominoDeal([cs[i * per:(i + 1) * per] for i in range(n)], contract, leader=rng.randrange(n))
    for _ in range(rng.randrange(4)):
        if d.is_over:
            break
        d.play(rng.choice(d.legal_moves()))
    return d


def dealt(rng: random.Random) -> DominoDeal:
    """A whole seeded deal of a real pack with random rules."""
    rules = random_rules(rng)
    n = rng.choice([3, 4])
    packs = {3: ["german-24", "french-30", "french-48"], 4: ["german-32", "german-24", "french-32"]}[n]
    p = rng.choice(packs if rules.layout == "rows" else [*packs[1:], "french-48" if n == 3 else "french-52"])
    return DominoDeal.from_seed(p, n, rng.randrange(10**6), DominoContract("x", "x", rules=rules))


def test_the_board_follows_the_deal_move_for_move() -> None:
    rng = random.Random(11)
    moves = 0
    for _ in range(150):
        d = dealt(rng)
        b = Board(d)
        while not d.is_over:
            assert b.turn == d.turn and b.legal() == d.legal_mask() and b.rest.bit_count() == sum(d.hand_sizes)
            may = b.may_pass(b.legal())
            assert may == (d.can_pass() and (not d.legal() or b.passes < b.holding - 1))
            if b.chain and b.ct >= 0:
                for c in d.legal():
                    fits = b.ends(c.bit)
                    assert d.ends(c) == tuple(e for e, bit in (("top", TOP), ("bottom", BOTTOM)) if fits & bit)
            m = rng.choice(d.legal_moves())
            again = Board(d)
            u = b.lay(m.card.bit, BOTTOM if m.end == "bottom" else TOP) if hasattr(m, "card") else (
                b.lay(m.bit) if m is not None else b.pass_())
            if rng.random() < 0.3:  # take it back and make it again: undo restores the position exactly
                b.undo(u)
                assert (b.hands, b.front, b.turn, b.passes, b.key()) == (again.hands, again.front, again.turn,
                                                                        again.passes, again.key())
                b = again
                b.lay(m.card.bit, BOTTOM if m.end == "bottom" else TOP) if hasattr(m, "card") else (
                    b.lay(m.bit) if m is not None else b.pass_())
            d.play(m)
            moves += 1
        assert b.turn == -1
    assert moves > 2000


def test_the_new_solver_gives_the_old_solvers_values_and_lines() -> None:
    rng = random.Random(2026)
    checked = 0
    for _ in range(60):
        d = small_deal(rng)
        if d.is_over:
            continue
        seat = rng.randrange(d.players)
        assert domino_move_values(d, seat) == old.domino_move_values(d, seat)
        assert solve_domino(d, seat) == old.solve_domino(d, seat)
        assert solve_domino(d, seat, line=False) == old.solve_domino(d, seat, line=False)
        checked += 1
    assert checked >= 45


def test_a_voluntary_pass_deal_with_fees_against_the_old_solver() -> None:
    contract = domino_contract("acorns", voluntary_pass=True, pass_fee=10)
    # four hands of three cards from two suits, both Unters among them: every line is searched
    for seed in range(4):
        r = random.Random(seed)
        cs = [c for c in pack("german-32") if c.suit.code in "CS"]
        cs = [*cards("JC JS"), *r.sample([c for c in cs if c.code not in ("JC", "JS")], 10)]
        r.shuffle(cs)
        d = DominoDeal([cs[i * 3:i * 3 + 3] for i in range(4)], contract, leader=r.randrange(4))
        for seat in range(4):
            assert solve(d, seat) == old.solve_domino(d, seat)
        assert card_values(d) == old.domino_move_values(d)


def test_bounds_hold_whatever_the_budget() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        d = small_deal(rng, most=4)
        if d.is_over:
            continue
        exact = domino_move_values(d)
        for nodes in (0, 3, 30, 300):
            got = domino_move_bounds(d, budget=Budget(nodes=nodes))
            assert set(got.values) == set(exact)
            for m, v in exact.items():
                assert got.low[m] <= v <= got.high[m] and got.low[m] <= got.values[m] <= got.high[m]
                if got.is_exact(m):
                    assert got.values[m] == v
            assert got.exact == all(got.is_exact(m) for m in exact) or got.stopped is not None
            if got.exact:
                assert got.values == exact and got.stopped is None
            else:
                assert got.stopped == "node limit"
            checked += 1
    assert checked >= 100


def early_voluntary_deal() -> DominoDeal:
    """Early in a whole voluntary-pass deal: far too big to solve exactly in a test."""
    d = DominoDeal.from_seed("german-32", 4, 1, domino_contract("acorns", voluntary_pass=True, pass_fee=10))
    d.play(d.legal()[0])
    return d


def test_a_node_limit_gives_an_honest_bounded_answer() -> None:
    d = early_voluntary_deal()
    got = domino_move_bounds(d, budget=Budget(nodes=5000))
    assert not got.exact and got.stopped == "node limit" and 5000 <= got.nodes <= 5000 + 2048 + 100
    assert set(got.values) == set(d.moves())
    for m in got.values:
        assert got.low[m] <= got.values[m] <= got.high[m]
    assert any(not got.is_exact(m) for m in got.values)
    estimated = move_values(d, budget=Budget(nodes=5000))  # the same bounds, an estimate inside them
    assert (estimated.low, estimated.high, estimated.exact) == (got.low, got.high, False)
    assert all(got.low[m] <= v <= got.high[m] for m, v in estimated.values.items())
    with pytest.raises(Stopped, match="node limit"):
        domino_move_values(d, budget=Budget(nodes=5000))
    with pytest.raises(Stopped, match="node limit"):
        solve_domino(d, budget=Budget(nodes=5000))


def test_stop_from_another_thread_ends_the_search() -> None:
    d = early_voluntary_deal()
    budget = Budget()
    answer: list[object] = []
    t = threading.Thread(target=lambda: answer.append(domino_move_bounds(d, budget=budget)))
    t.start()
    budget.stop()
    t.join(30)
    assert not t.is_alive() and budget.stopped
    got = answer[0]
    assert got.stopped == "stopped" and not got.exact  # type: ignore[attr-defined]


def test_a_time_limit_stops_the_search() -> None:
    got = domino_move_bounds(early_voluntary_deal(), budget=Budget(seconds=0.0))
    assert got.stopped == "time limit" and not got.exact


def test_the_budget_refuses_nonsense_and_move_values_answers_any_deal() -> None:
    with pytest.raises(ValueError, match="seconds"):
        Budget(seconds=-1)
    with pytest.raises(ValueError, match="nodes"):
        Budget(nodes=1.5)  # type: ignore[arg-type]
    b = Budget(nodes=10)
    b.check(10)
    with pytest.raises(Stopped, match="node limit"):
        b.check(11)
    b.stop()
    with pytest.raises(Stopped, match="stopped"):
        b.check()
    td = TrickDeal([cards("10H 7C"), cards("AC KC"), cards("QC JC"), cards("9C 8C")], NO_HEARTS, leader=0)
    got = move_values(td)
    assert got.exact and got.values == card_values(td) and got.low == got.high == got.values
    with pytest.raises(Stopped):
        move_values(td, budget=b)
    small = DominoDeal([cards("JC KC"), cards("QC JS")], DominoContract("mini", "mini", rules=DominoRules()))
    assert move_values(small).values == old.domino_move_values(small)


def _kernel_against_board(d: DominoDeal) -> tuple[list[int], list[int]]:
    """Every move of the seat to move in ``d`` valued by the kernel's exact search and by :class:`DominoSearch`."""
    import numpy as np

    from keinstich.bots.domino_rollouts import LayOffRolls
    from keinstich.bots.solver_domino import DominoSearch
    from keinstich.deal import Lay

    seat = d.turn
    assert seat is not None
    search = DominoSearch(d, seat)
    moves = search.moves()
    board_values = [search.after(m) for m in moves]
    lays = [None if not bit else Lay(_card(bit), "bottom" if end == BOTTOM else "top") for bit, end in moves]
    hands = np.array([[sum(c.bit for c in h) for h in d.hands]], dtype=np.int64)
    got = LayOffRolls(d, seat).solved_many(hands, lays)[0]
    return [int(v) for v in got], board_values


def _card(bit: int) -> object:
    from keinstich.cards import ALL_CARDS

    return ALL_CARDS[bit.bit_length() - 1]


def test_the_kernels_exact_search_gives_the_boards_values() -> None:
    """The coach's exact search of a lay-off deal near its end, in the kernel (:mod:`keinstich.kernel.layoff_search`),
    values every move as :class:`DominoSearch` does: small seeded deals of every layout and rule (chain, rows,
    wrapping, voluntary passing with fees, a fixed start), and whole deals played down to their last dozen cards."""
    rng = random.Random(27)
    compared = 0
    for i in range(400):
        d = small_deal(rng, most=4) if i % 2 else dealt(rng)
        while not d.is_over and sum(len(h) for h in d.hands) > 12:
            d.play(rng.choice(d.legal_moves()))
        if d.is_over:
            continue
        got, want = _kernel_against_board(d)
        assert got == want, (d, got, want)
        compared += len(want)
    assert compared > 500
