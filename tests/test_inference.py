"""The other seats' cards as evidence (keinstich.bots.inference): a guessed deal in which the heuristic would not have
played what was played weighs less, a deal and its renamed twin weigh the same, and the judge asks for the evidence
only with inference on (the default)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

import keinstich.coach.fair as judgement
from keinstich.bots.base import objective
from keinstich.bots.inference import Evidence
from keinstich.bots.knowledge import in_play_mask
from keinstich.bots.sampled import TrickWorlds
from keinstich.bots.tables import tables
from keinstich.bots.worlds import candidates
from keinstich.coach.equivalence import Relabel, suit_permutations, suit_relabel
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal
from keinstich.games import game
from keinstich.kernel.layout import FAIR
from keinstich.trainer.positions import decisions

CONTRACTS = ("no-tricks", "no-hearts", "no-obers", "no-max", "black-pig", "no-penultimate", "no-first-last", "power",
             "power-black-pig")


def fair_pick(d: Deal) -> Any:
    """The card the heuristic in mode FAIR plays next in ``d`` (read off a copy)."""
    td = d.trick_deal
    assert td is not None
    probe = td.copy()
    probe.run_out(FAIR, heuristic=tables(td.contract, td.rules, td.total_tricks).kernel(), cards=1)
    return probe.plays[-1][1]


def hands_now(d: Deal) -> Any:
    td = d.trick_deal
    assert td is not None
    return np.array([[sum(c.bit for c in td.hand(s)) for s in range(td.players)]], dtype=np.int64)


def evidence(d: Deal) -> Evidence:
    assert d.turn is not None
    return Evidence(d.observation(d.turn))  # type: ignore[arg-type]


def trick_worlds(position: Deal) -> tuple[Any, TrickWorlds]:
    """The observation of the seat to move in a Kein Stich trick deal, and the guessed deals' worlds the judge draws
    from there."""
    assert position.turn is not None
    obs: Any = position.observation(position.turn)
    in_play = in_play_mask(obs, pack_in_play(position))
    cards = [c for c, _ in candidates(obs, in_play)]
    return obs, TrickWorlds(obs, cards, objective(obs), in_play=in_play, fair=True)


@pytest.mark.parametrize("contract", ["no-tricks", "no-hearts", "power"])
def test_a_play_the_heuristic_would_not_make_lowers_the_weight(contract: str) -> None:
    """The same cards played twice: once every seat as the heuristic in mode FAIR, once with one seat, once, playing
    a card of another suit than the heuristic would. The true hands explain the first fully (no miss, weight 1) and
    the second not (a miss at least, weight eps or less)."""
    checked = 0
    for seed in range(30):
        start = game("kein-stich").deal(contract, f"inference:{seed}", players=4)
        alike, other = start.copy(), start.copy()
        strayed = -1
        while len(other.plays) < 16 or other.turn == strayed or alike.turn == strayed:
            for d in (alike, other):
                seat = d.turn
                assert seat is not None
                p = fair_pick(d)
                off = [m for m in d.legal_moves() if getattr(m, "suit", p.suit) != p.suit]
                if d is other and strayed < 0 and len(d.plays) > 4 and off:
                    p, strayed = off[-1], seat
                d.play(p, seat)
        if strayed < 0:
            continue
        assert evidence(alike).misses(hands_now(alike)).tolist() == [0]
        assert evidence(other).misses(hands_now(other)).tolist()[0] >= 1
        assert evidence(alike).weights(hands_now(alike), 0.2).tolist() == [1.0]
        both = np.concatenate([hands_now(other), hands_now(other)])
        assert evidence(other).weights(both, 0.2).tolist() == [1.0, 1.0]  # read against the best deal of a batch
        checked += 1
        if checked == 3:
            return
    assert checked, "no deal strayed"


def rename_masks(hands: Any, r: Relabel) -> Any:
    out = np.zeros_like(hands)
    for i in range(52):
        bit = np.int64(1) << np.int64(i)
        out |= np.where(hands & bit, np.int64(1) << np.int64(r.to[i]), np.int64(0))
    return out


@pytest.mark.parametrize("contract", CONTRACTS)
def test_a_deal_and_its_renamed_twin_weigh_the_same(contract: str) -> None:
    """The misses of guessed deals in a position are those of the renamed deals in its renamed twin, for every
    renaming of suits the contract allows."""

    compared = telling = 0
    for seed in range(3):
        found = list(decisions("kein-stich", contract, f"twin-inference:{seed}", players=4))
        for position in found[len(found) // 3::max(1, len(found) // 3)]:
            seat = position.turn
            assert seat is not None
            obs, worlds = trick_worlds(position)
            ev = Evidence(obs)
            if not ev.telling:
                continue
            pool = worlds.full_many(worlds.sampler.draw_many(np.random.RandomState(seed), 64))
            mine = ev.misses(pool)
            telling += int(mine.max() > 0)  # some guessed deal explains the plays worse
            for perm in suit_permutations(position)[1:]:
                r = suit_relabel(perm)
                twin = r(position)
                theirs = Evidence(twin.observation(seat)).misses(rename_masks(pool, r))  # type: ignore[arg-type]
                assert mine.tolist() == theirs.tolist(), (contract, seed, perm)
                compared += 1
    assert compared and telling


def test_the_judge_weighs_by_evidence_and_off_asks_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """With INFERENCE (the default) the judge builds an Evidence once the others have played, and the same position
    gets the same judgement; off, it draws as before, without one."""
    assert judgement.INFERENCE is True
    made: list[int] = []

    class Counting(Evidence):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(judgement, "Evidence", Counting)
    position = next(p for p in decisions("kein-stich", "no-tricks", "inference-off", players=4)
                    if len(p.trick_deal.plays) > 8)  # type: ignore[union-attr]
    a = judgement.fair(position, cap=2048)
    b = judgement.fair(position, cap=2048)
    assert made == [1, 1]
    assert a.cost == b.cost and a.leader == b.leader
    monkeypatch.setattr(judgement, "INFERENCE", False)
    judgement.fair(position, cap=2048)
    assert made == [1, 1]


def test_the_deals_kept_are_distinct_and_drawn_as_before_until_another_seat_plays() -> None:
    """A deal kept twice would count twice in the judge's margin: the deals picked by weight are distinct rows of the
    uniform pool. Before any other seat has played there is nothing to weigh, and the judge draws exactly the deals
    (and so gives exactly the verdict) it gives without inference."""

    found = [p for seed in range(3) for p in decisions("kein-stich", "no-tricks", f"distinct:{seed}", players=4)]
    late = [p for p in found if len(p.plays) >= 16]
    assert late
    for position in late[:4]:
        obs, worlds = trick_worlds(position)
        if worlds.count() <= 64:
            continue
        drawn = Evidence(obs).draw(worlds, np.random.RandomState(7), 64, 0.2, 2)
        pool = worlds.sampler.draw_many(np.random.RandomState(7), 128)  # the uniform deals it picked from
        kept, offered = (Counter(tuple(np.atleast_1d(r).tolist()) for r in rows) for rows in (drawn, pool))
        assert len(drawn) == 64 and all(kept[d] <= offered[d] for d in kept), "a deal of the pool kept twice"
    first = next(p for p in found if not p.plays)  # seat 0 leads the first trick
    on = judgement.fair(first, cap=2048)
    judgement.INFERENCE = False
    try:
        off = judgement.fair(first, cap=2048)
    finally:
        judgement.INFERENCE = True
    assert on.cost == off.cost and on.count == off.count and (on.drawn == off.drawn).all()


def test_listed_deals_are_weighted_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """With INFER_LISTED, a position whose deals are all listed is still exact (no margin), and each move's mean is
    its values' average by the deals' weights; without, the plain mean."""
    monkeypatch.setattr(judgement, "INFERENCE", True)
    found = [p for seed in range(4) for p in decisions("kein-stich", "no-hearts", f"listed:{seed}", players=4)
             if len(p.plays) >= 20]
    weighted = 0
    for position in found:
        monkeypatch.setattr(judgement, "INFER_LISTED", True)
        f = judgement.fair(position)
        if not f.listed:
            continue
        seat = position.turn
        assert seat is not None
        w = Evidence(position.observation(seat)).weights(f.drawn, judgement.INFER_EPS)  # type: ignore[arg-type]
        assert all(m == 0 for m in f.margin)
        assert f.mean == pytest.approx([float(np.average(f.values[:, i], weights=w)) for i in range(len(f.moves))])
        monkeypatch.setattr(judgement, "INFER_LISTED", False)
        plain = judgement.fair(position)
        assert plain.mean == pytest.approx([float(f.values[:, i].mean()) for i in range(len(f.moves))])
        weighted += len(set(w.tolist())) > 1
        if weighted >= 2:
            return
    assert weighted, "no listed position told the deals apart"


def counted_by_hand(obs: Any, hands: Any) -> int:
    """The misses of one guessed deal (every seat's current hands) counted in plain Python on the trick machine:
    the deal replayed from its first card and, before each card another seat played with a choice, the heuristic
    (mode FAIR) asked on a copy. A card of the played card's class (same suit, same cost, no live card of another
    hand between them in strength) is a hit."""
    from keinstich.bots.worlds import first_leader, played_masks
    from keinstich.cards import cards_of
    from keinstich.tricks import TrickDeal

    dealt = [cards_of(int(h) | m) for h, m in zip(hands, played_masks(obs), strict=True)]
    d = TrickDeal(dealt, obs.contract, leader=first_leader(obs), rules=obs.rules)
    t = tables(d.contract, d.rules, d.total_tricks)
    in_play = sum(c.bit for hand in dealt for c in hand)
    miss = 0
    for seat, card in obs.played:
        assert d.turn == seat
        if seat != obs.seat and len(d.legal()) > 1:
            probe = d.copy()
            probe.run_out(FAIR, heuristic=t.kernel(), cards=1)
            p = probe.plays[-1][1]
            gone = sum(c.bit for _, c in d.plays) & ~sum(c.bit for _, c in d.trick)
            others = (in_play & ~gone) & ~sum(c.bit for c in d.hand(seat))
            lo, hi = sorted((t.strength[p.index], t.strength[card.index]))
            suit = range(13 * card.suit, 13 * card.suit + 13)
            between = any(others >> y & 1 and lo < t.strength[y] < hi for y in suit)
            if p != card and not (p.suit == card.suit and t.cost[p.index] == t.cost[card.index] and not between):
                miss += 1
        d.play(card, seat)
    return miss


@pytest.mark.parametrize("contract", ["no-tricks", "no-first-last", "power-black-pig"])
def test_the_compiled_count_is_the_trick_machines(contract: str) -> None:
    """The kernel's count (the history replayed once, each guessed deal's hands put into its states) equals the count
    made deal by deal on the trick machine, at positions late in a deal, for guessed deals the sampler draws."""

    missed = 0
    for seed in range(2):
        found = [p for p in decisions("kein-stich", contract, f"by-hand:{seed}", players=4) if len(p.plays) >= 13]
        for position in found[:2]:
            obs, worlds = trick_worlds(position)
            pool = worlds.full_many(worlds.sampler.draw_many(np.random.RandomState(seed), 40))
            mine = Evidence(obs).misses(pool, most=52)
            assert mine.tolist() == [counted_by_hand(obs, row) for row in pool], (contract, seed)
            missed += int(mine.sum())
    assert missed, "no guessed deal missed a card: nothing compared"


def herzblatt_evidence(position: Deal) -> tuple[Evidence, Any]:
    """The evidence and the guessed deals' worlds the judge builds at a Herzblatt card play."""
    from keinstich.bots.herzblatt import herzblatt_view
    from keinstich.cards import mask_of
    from keinstich.deal import Kind

    seat = position.turn
    assert seat is not None
    obs: Any = position.observation(seat)
    assert obs.kind is Kind.HERZBLATT
    t = herzblatt_view(obs)[0]
    in_play = obs.rules.pack.mask
    cards = [c for c, _ in candidates(t, in_play, alike=True)]
    worlds = TrickWorlds(t, cards, objective(obs), in_play=in_play, discards=mask_of(obs.discards),
                         soloist=obs.soloist, fair=True)
    return Evidence(t, obs.soloist), worlds


@pytest.mark.parametrize("game_id, contract", [("kein-stich", "power"), ("herzblatt", "herzblatt-4")])
def test_each_deal_counts_alone_as_in_a_batch(game_id: str, contract: str) -> None:
    """A guessed deal's count does not depend on the deals beside it: the history is replayed once for a batch, and
    nothing private to one deal (its hands, the cards it leaves out of play) may carry over to another."""

    compared = 0
    for seed in range(4):
        for position in [p for p in decisions(game_id, contract, f"alone:{seed}", players=4)
                         if len(p.history) >= 12][:2]:
            if game_id == "herzblatt":  # a card play: the bids come before the twelfth move
                ev, worlds = herzblatt_evidence(position)
            else:
                obs, worlds = trick_worlds(position)
                ev = Evidence(obs)
            if not ev.telling:
                continue
            pool = worlds.full_many(worlds.sampler.draw_many(np.random.RandomState(seed), 48))
            batch = ev.misses(pool, most=52).tolist()
            assert batch == [int(ev.misses(pool[i:i + 1], most=52)[0]) for i in range(len(pool))], (contract, seed)
            compared += len(set(batch)) > 1
    assert compared, "no position whose guessed deals differ in their counts"
