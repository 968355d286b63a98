"""The judge plays a deal and its renamed twin out alike, so a position and its stand-in are the same problem.

The coach judges a canonical stand-in of every position (its suits permuted: keinstich.coach.equivalence) and
renames the answer back. That is only right if the whole judgement is invariant under the renaming, play-outs
included: here every contract of the three games is played out from positions of seeded deals, and again after every
suit permutation ``symmetries()`` allows, with the same random numbers; the two must go
card for card alike (renamed), or, where the deal reads two suits alike at the start (then it is the same deal
either way round), end with the same scores. Then the issue's examples: the stand-in's grade and cost are the
position's own.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from keinstich.bots.domino_board import Board
from keinstich.bots.domino_rollouts import random_finish
from keinstich.bots.heuristic import HeuristicBot, fair_playout
from keinstich.bots.play import bot_move
from keinstich.cards import Card
from keinstich.coach import verdict
from keinstich.coach.equivalence import Relabel, canonical, card_costs, suit_permutations, suit_relabel
from keinstich.coach.fair import fair
from keinstich.deal import Deal, Lay, parse_move
from keinstich.games import GAMES
from keinstich.trainer.positions import decisions

CONTRACTS = [(gid, cid, players) for gid in ("kein-stich", "herzeln") for players in ((4,) if gid == "kein-stich"
                                                                                      else (3, 4))
             for cid in GAMES[gid].contracts(players)] + \
    [("herzblatt", cid, None) for cid in GAMES["herzblatt"].contracts(4) if cid != "herzblatt"] + \
    [("herzblatt", "herzblatt", p) for p in (2, 3, 5)]


def positions(gid: str, cid: str, players: int | None) -> Iterator[Deal]:
    """A few positions of the card play from two seeded deals that have some (in Herzblatt everyone may pass),
    early and late."""
    deals = 0
    for seed in range(60):
        found = list(decisions(gid, cid, f"twin:{seed}", players=players))
        if found:
            yield from found[1::max(1, len(found) // 3)]
            deals += 1
        if deals == 2:
            return


def renamings(position: Deal, rng: random.Random) -> Iterator[Relabel]:
    """Every suit permutation the contract allows (the identity aside): the judge's renamings. (A rank shift is not
    one of them: the play-outs read ranks as the heuristic bot does.)"""
    for perm in suit_permutations(position)[1:]:
        yield suit_relabel(perm)


def soloist_of(position: Deal) -> int | None:
    return getattr(position.observation(position.turn or 0), "soloist", None)


def trick_signature(position: Deal, suit: int) -> tuple[Any, ...]:
    """How the deal reads a suit at the start of a play-out: who holds each of its cards still in play, weakest
    first, what it costs, and who has shown a void in it."""
    td = position.trick_deal
    assert td is not None
    costs = card_costs(position) or (0,) * 52
    from keinstich.cards import strength_table

    st = strength_table(td.rules.order)
    holder: dict[Card, Any] = {c: s for s in range(td.players) for c in td.hand(s)}
    holder.update({c: ("trick", i) for i, (_, c) in enumerate(td.trick)})
    live = sorted((c for c in holder if c.suit == suit), key=lambda c: st[c.index])
    return (tuple((holder[c], costs[c.index]) for c in live), tuple(suit in td.voids(s) for s in range(td.players)))


def domino_signature(position: Deal, suit: int) -> tuple[int, ...]:
    b = Board(position)  # type: ignore[arg-type]
    return tuple(next((p for p, h in enumerate(b.hands) if h & bit), -1) for bit in b.seqs[suit])


@pytest.mark.parametrize("gid, cid, players", CONTRACTS, ids=[f"{c}-{p or ''}" for _, c, p in CONTRACTS])
def test_a_deal_and_its_renamed_twin_are_played_out_alike(gid: str, cid: str, players: int | None) -> None:
    twins = alike = 0
    for n, position in enumerate(positions(gid, cid, players)):
        rng = random.Random(f"{cid}:{n}")
        for r in renamings(position, rng):
            twin = r(position)
            twins += 1
            if position.trick_deal is None:  # a lay-off deal: the same random numbers
                seed = rng.random()
                mine, theirs = random_finish(position, random.Random(seed)), random_finish(twin, random.Random(seed))
                same = [r.move(m) for m in mine] == theirs
                if position.rules.layout == "chain":  # suits play no part there: alike is rank for rank
                    same = [(_rank(m), _end(m)) for m in mine] == [(_rank(m), _end(m)) for m in theirs]
                if not same:
                    a = position.copy()
                    b = twin.copy()
                    for m in mine:
                        a.play(m)
                    for m in theirs:
                        b.play(m)
                    assert a.finish_order == b.finish_order and a.fees() == b.fees(), (cid, n, r)
                    if position.rules.layout == "chain":  # suits play no part: the same ranks, the same ends
                        assert [(_rank(m), _end(m)) for m in mine] == [(_rank(m), _end(m)) for m in theirs], \
                            (cid, n, r)
                    else:
                        sigs = [domino_signature(position, s) for s in range(4)]
                        assert len(set(sigs)) < 4, (cid, n, r)  # two suits read alike at the start
                alike += same
                continue
            mine_deal, twin_deal = position.copy(), twin.copy()
            td, tt = mine_deal.trick_deal, twin_deal.trick_deal
            assert td is not None and tt is not None
            start = len(td.plays)
            fair_playout(td, soloist_of(position))
            fair_playout(tt, soloist_of(twin))
            mine = [c for _, c in td.plays[start:]]
            theirs = [c for _, c in tt.plays[start:]]
            assert td.scores() == tt.scores(), (cid, n, r)
            if [r.card(c) for c in mine] != theirs:
                j = next(i for i, (x, y) in enumerate(zip(mine, theirs, strict=True)) if r.card(x) != y)
                back = r.inverse().card(theirs[j])
                assert back.suit != mine[j].suit, (cid, n, r)
                assert trick_signature(position, mine[j].suit) == trick_signature(position, back.suit), (cid, n, r)
            else:
                alike += 1
    assert twins >= (1 if gid == "herzblatt" else 3)
    assert alike >= 0.9 * twins, f"{alike} of {twins} twins played card for card alike"


def _rank(m: Any) -> Any:
    return m.card.rank if isinstance(m, Lay) else None if m is None else m.rank


def _end(m: Any) -> str | None:
    return m.end if isinstance(m, Lay) else None


def reach(gid: str, cid: str, players: int, seed: int, mine: list[str], at: int) -> Deal:
    """The issue's learner position: seat 0 plays ``mine`` (in order), heuristic bots the others, until ``at``
    moves were made (seat 0 to move)."""
    d = GAMES[gid].deal(cid, seed, players=players)
    bot = HeuristicBot()
    moves = [parse_move(m) for m in mine]
    while len(d.history) < at:
        s = d.turn
        assert s is not None
        d.play(moves.pop(0) if s == 0 else bot_move(bot, d.observation(s)), s)
    assert d.turn == 0
    return d


EXAMPLES = [  # the issue's examples: (game, contract, players, seed, seat 0's moves, the move judged, moves before)
    ("herzeln", "herzeln-last-trick", 3, 53053, ["AS", "QC", "10C"], "AH", 9),
    ("herzeln", "herzeln-no-last-trick", 3, 53063, ["JC", "QC", "KH", "AS"], "JS", 12),
    ("herzeln", "herzeln-domino", 3, 53073, ["pass", "KD", "AD@top"], "KH", 9),
]


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e[1]}-{e[3]}" for e in EXAMPLES])
def test_the_stand_in_gets_the_positions_own_grade_and_cost(example: tuple[Any, ...]) -> None:
    gid, cid, players, seed, mine, move, at = example
    position = reach(gid, cid, players, seed, mine, at)
    _, r = canonical(position)
    assert not r.identity
    v = verdict(position)  # judged on the stand-in, renamed back
    own = fair(position)  # judged as it stands
    m = parse_move(move)
    i = own.index(m)
    assert v.grade(m) == own.grade[i] or abs(v.cost(m) - own.cost[i]) <= v.margin(m) + own.margin[i]
    assert abs(v.cost(m) - own.cost[i]) <= v.margin(m) + own.margin[i] + 1e-9
    if own.certain:  # every deal listed, each valued without luck: exactly the same
        assert v.cost(m) == own.cost[i] and v.grade(m) == own.grade[i] and v.margin(m) == 0
    else:
        assert v.margin(m) > 0  # a lay-off deal's random play-outs: give or take, even with every deal listed


def test_a_lay_is_judged_with_its_end() -> None:
    """Herzeln's chain, 4 players: laying the Daus of Acorns at the bottom goes out first; at the top it does not."""
    position = reach("herzeln", "herzeln-domino", 4, 55081, ["JS", "10C", "7C", "9C", "QS@bottom", "pass", "pass"],
                     28)
    v = verdict(position)
    bottom, top = parse_move("AC@bottom"), parse_move("AC@top")
    assert {bottom, top} <= set(v.legal)
    assert v.grade(bottom) == "best" and bottom in v.best and top not in v.best
    assert v.grade(top).bad and v.cost(top) >= v.grades.mistake
    assert v.hint == bottom or (isinstance(v.hint, Lay) and v.hint.end == "bottom")
    assert "at the bottom" in v.hint_text() and "at the top" in v.why(top)
    assert v.grade("AC") == v.grade(top)  # a card named without an end is laid at the top, as Deal.play lays it
