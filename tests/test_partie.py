"""A partie and its pot: presets, dealer rotation, the ledger and the payout."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import PackError
from keinstich.games.kein_stich import PRESETS, Partie, PartieError, preset
from keinstich.tricks import TrickDeal


@pytest.mark.parametrize(("preset_id", "deals", "pot"), [
    ("standard", ["no-tricks", "no-hearts", "no-obers", "no-max", "domino"], 160),
    ("king-louis", ["no-hearts", "no-obers", "no-max", "domino"], 120),
    ("six-penultimate", ["no-tricks", "no-hearts", "no-obers", "no-max", "no-penultimate", "domino"], 200),
    ("six-first-last", ["no-tricks", "no-hearts", "no-obers", "no-max", "no-first-last", "domino"], 200),
    ("power", ["power", "domino"], 160),
    ("black-pig", ["no-tricks", "no-hearts", "no-obers", "black-pig", "domino"], 160),
    ("march", ["no-tricks", "no-hearts", "no-obers", "no-max", "domino"], 160),
])
def test_presets_as_rules_md_sets_them(preset_id, deals, pot):
    rules = preset(preset_id)
    assert [c.id for c in rules.deals] == deals
    assert rules.pot_total == pot
    assert rules.describe().startswith(rules.name)


def test_the_starting_unter_variants():
    for preset_id, start in (("hearts-unter", "hearts"), ("leaves-unter", "leaves"), ("any-unter", "any")):
        assert preset(preset_id).deals[-1].rules.start == start


@pytest.mark.parametrize(("preset_id", "players", "shares"), [
    ("standard", 4, [100, 50, 10, 0]),
    ("king-louis", 4, [75, 40, 5, 0]),
    ("six-penultimate", 4, [125, 65, 10, 0]),
    ("standard", 3, [100, 50, 0]),
])
def test_the_pot_is_paid_out_by_finishing_place(preset_id, players, shares):
    partie = Partie(preset(preset_id, players=players), seed=11)
    result = partie.play()
    lay_off = result.deals[-1]
    order = lay_off.deal.finish_order
    paid = [-lay_off.scores[seat] for seat in order]
    assert paid == shares
    assert result.carry_out == 0 and partie.ledger.pot == 0
    assert sum(result.net) == 0


def test_the_ledger_books_every_payment():
    partie = Partie("standard", seed=3)
    result = partie.play()
    entries = result.ledger.entries
    for number, res in enumerate(result.deals[:4], 1):
        booked = [e for e in entries if e.deal == number]
        assert sum(e.amount for e in booked) == 40
        assert [sum(e.amount for e in booked if e.seat == s) for s in range(4)] == list(res.scores)
    payouts = [e for e in entries if e.deal == 5]
    assert sum(e.amount for e in payouts) == -160
    net = [0] * 4
    for e in entries:
        net[e.seat] -= e.amount
    assert tuple(net) == result.net


def test_dealer_rotation():
    per_deal = Partie("standard", seed=1, first_dealer=2)
    assert [per_deal.dealer_of(k) for k in range(5)] == [2, 3, 0, 1, 2]
    assert per_deal.next_dealer == 3
    per_partie = Partie(preset("standard", dealer_rotation="per_partie"), seed=1, first_dealer=2)
    assert [per_partie.dealer_of(k) for k in range(5)] == [2] * 5
    assert per_partie.next_dealer == 3
    deal = per_deal.deal_next()
    assert deal.turn == 3  # forehand, left of dealer 2


def test_fixed_payout_carries_the_surplus():
    rules = preset("standard", players=5, payout_policy="fixed_carry")
    assert rules.pot_total == 195
    result = Partie(rules, seed=4).play()
    assert result.carry_out == 35
    assert sum(result.net) == -35  # the carried 35 belongs to the next partie's pot


def test_each_seat_is_played_by_its_policy_from_its_observation():
    seen = []

    def lowest(obs):
        seen.append(obs.seat)
        return min(obs.legal, key=lambda c: c.rank) if obs.legal else None

    result = Partie(preset("power"), seed=8).play(lowest)
    assert set(seen) == {0, 1, 2, 3}
    assert sum(result.net) == 0


def test_a_partie_step_by_step():
    partie = Partie("king-louis", seed=5)
    deal = partie.deal_next()
    assert isinstance(deal, TrickDeal) and deal.contract.id == "no-hearts"
    with pytest.raises(PartieError, match="still being played"):
        partie.deal_next()
    with pytest.raises(PartieError, match="no finished deal"):
        partie.settle()
    deal.playout(random.Random(1))
    assert partie.settle().scores == deal.scores()
    with pytest.raises(PartieError, match="not over"):
        partie.result()


@pytest.mark.parametrize(("make", "error", "message"), [
    (lambda: preset("nonsense"), PartieError, "unknown preset 'nonsense'"),
    (lambda: preset("standard", players=7), PartieError, "3 to 6 players, not 7"),
    (lambda: preset("standard", players=3, pack="german-32"), PackError, "do not divide evenly among 3"),
    (lambda: preset("standard", colour="red"), PartieError, "unknown setting 'colour'"),
    (lambda: preset("standard", payout_weights=(1, 2)), PartieError, "need 4 non-negative numbers"),
    (lambda: Partie("standard", first_dealer=4), PartieError, "first_dealer must be a seat from 0 to 3, not 4"),
])
def test_impossible_parties_are_refused(make, error, message):
    with pytest.raises(error, match=message):
        make()


@settings(max_examples=300, deadline=None, derandomize=True)
@given(preset_id=st.sampled_from(sorted(PRESETS)), players=st.integers(3, 6), seed=st.integers(0, 2**32),
       dealer=st.integers(0, 5), march=st.booleans())
def test_random_parties_balance(preset_id, players, seed, dealer, march):
    rules = preset(preset_id, players=players, march=march or preset_id == "march")
    partie = Partie(rules, seed=seed, first_dealer=dealer % players)
    result = partie.play()
    assert len(result.deals) == len(rules.deals)
    trick_results = [r for r in result.deals if r.contract != rules.deals[-1].id]
    assert sum(sum(r.scores) for r in trick_results) == rules.pot_total
    assert result.ledger.pot == 0
    assert sum(result.net) == 0
    assert sorted(result.deals[-1].deal.finish_order) == list(range(players))


def test_pass_fees_go_into_the_pot_and_are_paid_out():
    from keinstich.layoff import domino_contract

    rules = preset("standard", players=4)
    with_fees = with_lay_off(rules, domino_contract("acorns", pass_fee=5))
    result = Partie(with_fees, seed=2).play()
    fees = sum(e.amount for e in result.ledger.entries if e.reason == "pass fees")
    payout = -sum(e.amount for e in result.ledger.entries if e.reason.startswith("lay-off"))
    assert fees > 0 and payout == 160 + fees and result.ledger.pot == 0
    with pytest.raises(PartieError, match="pass fee of 3 cannot be paid out in whole stakes of 5"):
        with_lay_off(rules, domino_contract("acorns", pass_fee=3, stake=1))  # a fee for stakes of 1


def with_lay_off(rules, lay_off):
    import dataclasses

    return dataclasses.replace(rules, deals=(*rules.deals[:-1], lay_off))
