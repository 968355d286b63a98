"""The exact solver: hand-built endgames worked out by hand, and plain minimax as an oracle.

The oracle below is written from scratch on the public TrickDeal API (copy, legal, play, scores):
no pruning, no transposition table, no equivalent cards. The solver must agree with it on
thousands of small random positions of every contract and rule set, including trumps (Herzblatt),
the March, the Heart-lead ban and the forced King of Hearts.
"""

import random

import pytest

from keinstich.bots.heuristic import sign_of
from keinstich.bots.solver import Solution, SolverError, best_cards, card_values, solve
from keinstich.cards import cards, pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS
from keinstich.games.herzblatt import HERZBLATT_POINTS, HerzblattDeal, HerzblattRules, card_points
from keinstich.games.herzeln import HERZELN_CONTRACTS
from keinstich.layoff import DominoContract, DominoDeal, DominoRules
from keinstich.tricks import TrickDeal, TrickRules

CONTRACTS = [*KEIN_STICH_CONTRACTS.values(), NO_TRICKS.with_march(), KEIN_STICH_CONTRACTS["power"].with_march(),
             HERZBLATT_POINTS, NO_HEARTS.with_rules(no_lead="H"), NO_MAX.with_rules(forced_discard="KH"),
             *[c for c in HERZELN_CONTRACTS.values() if hasattr(c, "components")]]


def minimax(d, side, sign):
    """The side's final value (sign × summed score), side maximising, everyone else minimising."""
    if d.is_over:
        return sign * sum(d.scores()[s] for s in side)
    values = []
    for c in d.legal():
        e = d.copy()
        e.play(c)
        values.append(minimax(e, side, sign))
    return max(values) if d.turn in side else min(values)


def hand_deal(hands, contract, leader=0, plays="", rules=None):
    d = TrickDeal([cards(h) for h in hands], contract, leader=leader, rules=rules)
    for code in plays.split():
        d.play(code)
    return d


# --- hand-built endgames ---------------------------------------------------------------------------------


def test_either_order_costs_the_leader_one_trick():
    # Seat 0 holds the lowest and the highest club: whichever he leads first, he takes exactly one trick.
    d = hand_deal(["7C AC", "8C 9C", "10C JC", "QC KC"], NO_TRICKS)
    sol = solve(d)
    assert sol.value == 5
    assert set(best_cards(d)) == set(cards("7C AC"))
    assert card_values(d) == {cards("7C")[0]: 5, cards("AC")[0]: 5}


def test_duck_now_to_stay_clean():
    # Seat 1 leads 9C, seat 2 follows 7C, seat 3 has no club; seat 0 plays last. Ducking with 8C
    # lets seat 1 lead JC next, over seat 0's 10C: no trick. Winning with 10C costs that trick, and
    # seat 0 must then lead 8C under JC. So 8C costs 0 and 10C costs 5.
    d = hand_deal(["8C 10C", "9C JC", "7C 7H", "7D 8D"], NO_TRICKS, leader=1, plays="9C 7C 7D")
    assert card_values(d) == {cards("8C")[0]: 0, cards("10C")[0]: 5}
    assert best_cards(d) == (cards("8C")[0],)
    sol = solve(d)
    assert sol.card.code == "8C" and sol.value == 0
    assert [c.code for _, c in sol.line] == ["8C", "JC", "7H", "8D", "10C"]


def test_equivalent_cards_are_all_best():
    # 7C and 8C are next to each other among the cards in play: the solver tries one, reports both.
    d = hand_deal(["7C 8C", "9C 10C", "JC QC", "KC AC"], NO_TRICKS)
    assert set(best_cards(d)) == set(cards("7C 8C"))
    assert solve(d).value == 0


def test_the_result_a_seat_can_force_when_another_seat_is_to_move():
    # Seat 1 to lead against seat 0: whatever seat 1 does, seat 0 can duck both tricks.
    d = hand_deal(["7C 7D", "AC AD", "8C 8D", "9C 9D"], NO_TRICKS, leader=1)
    assert solve(d, seat=0).value == 0
    assert solve(d, seat=1).value == 10


def test_the_herzeln_points_count_upwards():
    # Herzeln "Tricks" (+10 a trick): seat 0 with both Aces takes both tricks.
    d = hand_deal(["AC AD", "7C 7D", "8C 8D", "9C 9D"], HERZELN_CONTRACTS["herzeln-tricks"])
    assert solve(d).value == 20
    assert sign_of(HERZELN_CONTRACTS["herzeln-tricks"]) == 1


def test_a_finished_deal_and_bad_seats():
    d = hand_deal(["7C", "8C", "9C", "10C"], NO_TRICKS, plays="7C 8C 9C 10C")
    assert solve(d, seat=3) == Solution(5, None, ())
    with pytest.raises(SolverError, match="give the seat"):
        solve(d)
    with pytest.raises(SolverError, match="seat must be a seat from 0 to 3"):
        solve(hand_deal(["7C", "8C", "9C", "10C"], NO_TRICKS), seat=4)


# --- the oracle ------------------------------------------------------------------------------------------


def random_position(rng):
    contract = rng.choice(CONTRACTS)
    n = rng.choice([3, 4])
    size = rng.choice([2, 3, 4])
    deck = list(pack("french-32"))
    if contract.rules.forced_discard is not None and rng.random() < 0.7:
        deck.remove(cards("KH")[0])
        hand_cs = [cards("KH")[0], *rng.sample(deck, n * size - 1)]
    else:
        hand_cs = rng.sample(deck, n * size)
    rng.shuffle(hand_cs)
    hands = [hand_cs[i * size:(i + 1) * size] for i in range(n)]
    d = TrickDeal(hands, contract, leader=rng.randrange(n))
    for _ in range(rng.randrange(n + 1)):
        d.play(rng.choice(d.legal()))
    return d, contract


def test_the_solver_agrees_with_plain_minimax():
    rng = random.Random(2024)
    for _ in range(300):
        d, contract = random_position(rng)
        seat = rng.randrange(d.players)
        sign = sign_of(contract)
        want = minimax(d, (seat,), sign)
        sol = solve(d, seat)
        assert sign * sol.value == want, (contract.id, d.dealt, seat)
        # the line is legal and ends in the value
        e = d.copy()
        for s, c in sol.line:
            e.play(c, s)
        assert e.is_over and sign * e.scores()[seat] == want
        if d.turn == seat:
            for c, v in card_values(d).items():
                e = d.copy()
                e.play(c)
                assert sign * v == minimax(e, (seat,), sign)


def test_the_solver_agrees_with_minimax_for_sides_in_herzblatt_play():
    rules = HerzblattRules(players=3)
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        d = HerzblattDeal.from_seed(seed, rules)
        d.ask(True)
        d.discard(*d.hand(d.soloist)[:2])
        td = d.trick_deal
        while len(td.hand(0)) > 3:
            d.play(rng.choice(d.legal()))
        sol_seat = d.soloist
        for seat in (sol_seat, (sol_seat + 1) % 3):
            side = (sol_seat,) if seat == sol_seat else tuple(s for s in range(3) if s != sol_seat)
            want = minimax(td, side, 1)
            got = solve(d, seat).value
            banked = card_points(d.discards) if seat == sol_seat else 0
            assert got - banked == want
            checked += 1
    assert checked == 80


def test_a_full_deal_is_solved_with_a_consistent_line():
    d = TrickDeal.from_seed("german-32", 4, 11, NO_HEARTS)
    sol = solve(d, 0)
    e = d.copy()
    for s, c in sol.line:
        e.play(c, s)
    assert e.is_over and e.scores()[0] == sol.value
    assert sol.card == sol.line[0][1]


def test_legality_follows_the_trick_machine_under_every_rule():
    rules = [TrickRules(), TrickRules(order="ace-ten"), HERZBLATT_POINTS.rules,
             TrickRules(trump=None, no_lead=cards("7H")[0].suit), TrickRules(forced_discard="KH"),
             TrickRules(order="ace-ten", trump=cards("7H")[0].suit, must_trump=True, must_overtrump_always=True)]
    rng = random.Random(8)
    for i in range(120):
        r = rules[i % len(rules)]
        deck = list(pack("french-32"))
        rng.shuffle(deck)
        hands = [deck[j * 3:(j + 1) * 3] for j in range(4)]
        d = TrickDeal(hands, NO_TRICKS, rules=r)
        for _ in range(rng.randrange(4)):
            d.play(rng.choice(d.legal()))
        # card_values asserts internally that its legal mask equals the machine's
        assert set(card_values(d)) <= set(d.legal())
        assert set(d.legal()) == set(card_values(d))


# --- the lay-off deal --------------------------------------------------------------------------------------

TWO_ROWS = DominoContract("mini", "mini", rules=DominoRules())


def test_the_domino_solver_on_a_hand_built_deal():
    # Clubs row J Q K and the spades Unter. Seat 0 lays JC (he must). If seat 1 lays QC, seat 0 goes
    # out with KC; seat 1 lays JS instead, seat 0 must pass, seat 1 lays QC and is out first.
    d = DominoDeal([cards("JC KC"), cards("QC JS")], TWO_ROWS)
    sol = solve(d, 0)
    assert sol.value == 0 and sol.card.code == "JC"
    assert [(s, c.code if c else None) for s, c in sol.line] == [(0, "JC"), (1, "JS"), (0, None), (1, "QC")]
    d.play("JC")
    assert best_cards(d) == (cards("JS")[0],)
    assert solve(d, 1).value == 100


def domino_minimax(d, seat):
    from keinstich.bots.heuristic import domino_value

    if d.is_over:
        return domino_value(d.contract.points, d.finish_order, seat, d.fees())
    values = []
    for m in d.moves():
        ends = d.ends(m) if m is not None else ()
        for end in (ends if len(ends) == 2 else (None,)):
            e = d.copy()
            e.play(m, end=end)
            values.append(domino_minimax(e, seat))
    return max(values) if d.turn == seat else min(values)


@pytest.mark.parametrize("layout", ["rows", "chain"])
def test_the_domino_solver_agrees_with_plain_minimax(layout):
    rules = DominoRules(layout=layout, start="any", order="ace-ten" if layout == "chain" else "natural",
                        pass_fee=5)
    contract = DominoContract("mini", "mini", rules=rules, points=(0, -10, -20) if layout == "chain" else None)
    rng = random.Random(len(layout))
    checked = 0
    for _ in range(30):
        suits = rng.sample("CSHD", rng.choice([2, 3]))
        jacks = cards(" ".join(f"J{x}" for x in suits))
        others = [c for c in pack("french-32") if c.suit.code in suits and c.rank.code in ("Q", "K", "10", "A")]
        cs = [*jacks, *rng.sample(others, 9 - len(jacks))]
        rng.shuffle(cs)
        d = DominoDeal([cs[0:3], cs[3:6], cs[6:9]], contract, leader=rng.randrange(3))
        seat = rng.randrange(3)
        assert solve(d, seat).value == domino_minimax(d, seat)
        checked += 1
    assert checked >= 20


def test_solving_needs_a_card_play():
    d = HerzblattDeal.from_seed(1, HerzblattRules(players=3))
    with pytest.raises(SolverError, match="card play"):
        solve(d, 0)


def test_a_trick_search_stops_when_its_budget_runs_out():
    """A Stop (or a node limit) ends the trick solver between its kernel searches; the deal is untouched
    and an unlimited budget gives the exact values."""
    from keinstich.bots.budget import Budget, Stopped

    d = TrickDeal.from_seed("german-32", 4, 5, NO_OBERS)
    before = d.history
    stopped = Budget()
    stopped.stop()
    with pytest.raises(Stopped):
        card_values(d, budget=stopped)
    with pytest.raises(Stopped):
        card_values(d, budget=Budget(nodes=1000))
    assert d.history == before
    assert card_values(d, budget=Budget()) == card_values(d)
