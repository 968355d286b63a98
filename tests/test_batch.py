"""The vectorised random player: every move legal and every score right, checked by the trick machine."""

from __future__ import annotations

import random

import numpy as np
import pytest

from keinstich.cards import PackError, Suit, cards_of
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_TRICKS, Contract, ForTrick, PerCard
from keinstich.games.herzeln import HERZELN_CONTRACTS
from keinstich.sim.batch import BatchError, random_deals
from keinstich.tricks import TrickDeal, TrickRules

CONFIGS = [("french-52", 4), ("german-32", 4), ("german-24", 3), ("french-50", 5), ("french-48", 6),
           ("german-30", 3), ("french-32", 4)]
NO_TRUMP = list(KEIN_STICH_CONTRACTS.values())


@pytest.mark.parametrize(("pack_id", "players"), CONFIGS)
def test_every_move_is_legal_and_every_score_right(pack_id: str, players: int) -> None:
    for contract in NO_TRUMP:
        batch = random_deals(contract, pack_id, players, 60, seed=f"{pack_id}:{contract.id}")
        for i in range(len(batch)):
            deal = batch.deal(i)  # TrickDeal.play refuses any illegal card
            assert deal.is_over
            assert tuple(int(x) for x in batch.scores[i]) == deal.scores()
            assert [t.winner for t in deal.tricks] == list(batch.winners[i])
            assert sum(deal.scores()) == contract.total(pack_id, players)
            assert tuple(batch.tricks[i]) == deal.tricks_won()


def test_march_and_herzeln_signed_points_are_scored_like_the_engine() -> None:
    # a March needs one seat to take every trick: in 3-player 24-card No Tricks random play that is rare,
    # so check the march arithmetic on the whole batch against the engine, including those rare rows
    march = NO_TRICKS.with_march()
    batch = random_deals(march, "german-24", 3, 400, seed=3)
    for i in range(len(batch)):
        assert tuple(int(x) for x in batch.scores[i]) == batch.deal(i).scores()
    for contract in HERZELN_CONTRACTS.values():
        if isinstance(contract, Contract) and contract.rules.trump is None:
            b = random_deals(contract, "french-32", 4, 50, seed=contract.id)
            for i in range(len(b)):
                assert tuple(int(x) for x in b.scores[i]) == b.deal(i).scores()


def test_a_readers_own_contract() -> None:
    mine = Contract("no-diamonds-last", "No Diamonds, last trick 20", (PerCard(5, suit="D"), ForTrick(-1, 20)))
    b = random_deals(mine, "german-32", 4, 100, seed="mine")
    assert (b.scores.sum(axis=1) == 8 * 5 + 20).all()
    for i in range(0, 100, 7):
        assert tuple(int(x) for x in b.scores[i]) == b.deal(i).scores()


def test_deal_i_does_not_depend_on_the_batch_it_falls_in() -> None:
    whole = random_deals(NO_HEARTS, "french-52", 4, 9000, seed=5)  # crosses the 8192-deal block
    part = random_deals(NO_HEARTS, "french-52", 4, 300, seed=5, start=8000)
    assert (part.cards == whole.cards[8000:8300]).all()
    assert (part.scores == whole.scores[8000:8300]).all()
    other = random_deals(NO_HEARTS, "french-52", 4, 300, seed=6, start=8000)
    assert not (other.hands == part.hands).all()


def test_same_seed_same_deals_on_every_machine() -> None:
    # pinned once: a change here means every stored batch result of a seed changes
    b = random_deals(NO_TRICKS, "german-32", 4, 1, seed=1)
    hands = [" ".join(c.code for c in cards_of(int(m))) for m in b.hands[0]]
    again = random_deals(NO_TRICKS, "german-32", 4, 1, seed=1)
    assert (again.cards == b.cards).all()
    assert hands == PINNED_SEED_1


PINNED_SEED_1 = ["8C KC AC 9S AS JH AH JD", "9C 7S 10S QS QH 8D QD AD", "7C 10C JC 8S JS KS 9H KH",
                 "QC 7H 8H 10H 7D 9D 10D KD"]


def test_choices_are_uniform_among_the_legal_cards() -> None:
    # the opening lead may be any of the leader's 13 cards: its position in the sorted hand is uniform
    n = 26_000
    b = random_deals(NO_HEARTS, "french-52", 4, n, seed="uniform")
    first = b.cards[:, 0]
    positions = np.array([sorted(c.index for c in cards_of(int(b.hands[i, 0]))).index(int(first[i]))
                          for i in range(n)])
    counts = np.bincount(positions, minlength=13)
    expected = n / 13
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 36.0, counts  # 12 degrees of freedom: p < 0.0005 for a fair player


def test_agrees_with_the_python_rollout_in_distribution() -> None:
    # how often forehand wins the first trick under random play, batch vs TrickDeal.playout
    n = 6000
    b = random_deals(NO_TRICKS, "german-32", 4, n, seed="dist")
    p_batch = float((b.winners[:, 0] == 0).mean())
    rng = random.Random(7)
    wins = 0
    for i in range(n):
        d = TrickDeal.from_seed("german-32", 4, f"dist:{i}", NO_TRICKS)
        d.playout(rng)
        wins += d.tricks[0].winner == 0
    p_engine = wins / n
    se = (2 * 0.25 * 0.75 / n) ** 0.5
    assert abs(p_batch - p_engine) < 4 * se + 0.01


def test_refusals_say_what_would_be_right() -> None:
    herz = Contract("h", "Hearts trump", (PerCard(5, suit="H"),), rules=TrickRules(trump=Suit.HEARTS))
    with pytest.raises(BatchError, match=r"TrickDeal\.playout"):
        random_deals(herz, "french-32", 4, 10)
    with pytest.raises(BatchError, match=r"TrickDeal\.playout"):
        random_deals(NO_HEARTS.with_rules(no_lead="H"), "french-32", 4, 10)
    with pytest.raises(BatchError, match="1 or more"):
        random_deals(NO_HEARTS, "french-32", 4, 0)
    with pytest.raises(PackError):
        random_deals(NO_HEARTS, "german-24", 7, 10)
    with pytest.raises(BatchError, match="dealer"):
        random_deals(NO_HEARTS, "german-32", 4, 10, dealer=4)
