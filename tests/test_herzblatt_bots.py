"""Herzblatt's Monte Carlo bot plays for the stake, not for card points.

The settlement (docs/rules.md §4.5, §4.6) is a step function of the soloist's points: 65 and 66 are a
whole game apart, 70 and 80 are not. Hand-built endings where a card that secures the result and a
card that makes more points on average part ways check that ``MonteCarloBot`` (``play_for="stake"``,
the default) takes the first and ``play_for="points"`` the second, for the soloist and for a defender;
the stake tables are checked against the settlement rules worked out by hand; the null-window endgame
search is checked against the full solver; seeded deals under every rule variant are played to the end.
"""

import random

import pytest

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.search import TrickSearch
from keinstich.bots.solver import card_values
from keinstich.bots.stakes import exact_points, stake_ladder, stake_table
from keinstich.games.herzblatt import Announce, Contra, HerzblattDeal, HerzblattRules, Re, preset

# --- the stake table: the settlement by the soloist's final points ---------------------------------------

BRAUN4 = HerzblattRules(players=4)


@pytest.mark.parametrize(("points", "soloist_stake", "defender_stake"), [
    (120, 9, -3),  # wins schneider: each of 3 defenders pays 3
    (87, 9, -3),   # defenders 33 <= 33: schneider
    (86, 3, -1),   # wins single
    (66, 3, -1),   # the win threshold
    (65, -6, 2),   # one point short: pays each defender 2
    (34, -6, 2),
    (33, -12, 4),  # schneider himself: pays each defender 4
    (0, -12, 4),
])
def test_the_stake_table_is_braun_settlement_by_the_soloists_points(points, soloist_stake, defender_stake):
    soloist = stake_table(BRAUN4, 0, 0, 7)
    defender = stake_table(BRAUN4, 2, 0, 7)
    assert soloist.stake(points, 3, 7) == soloist_stake
    assert defender.stake(points, 3, 7) == defender_stake
    assert soloist.wins[1][points] == (points >= 66) != defender.wins[1][points]


def test_tricks_count_only_for_du_and_for_a_schneider_threshold_below_two_aces():
    braun = stake_table(BRAUN4, 0, 0, 7)
    # Braun: a soloist without a trick has at most his discards (22 <= 33), one with every trick has 120:
    # the points already say schneider.
    assert braun.stake(20, 0, 7) == braun.stake(20, 1, 7) == -12
    assert braun.stake(120, 7, 7) == braun.stake(120, 6, 7) == 9
    assert not braun.tricks_matter(0, 5) and not braun.tricks_matter(5, 5)
    low = stake_table(HerzblattRules(players=4, schneider_threshold=10), 0, 0, 7)
    assert low.stake(20, 0, 7) == -12 and low.stake(20, 1, 7) == -6  # no trick: schneider whatever the points
    assert low.tricks_matter(0, 5) and not low.tricks_matter(1, 5)
    du = stake_table(preset("herzblatt-4-muhr"), 0, 0, 7, "du")
    # "du" wins only with every trick: value 1 x 3 from each of 3 defenders, else pays 3 to each.
    assert du.stake(120, 7, 7) == 9 and du.stake(120, 6, 7) == -9
    assert du.tricks_matter(5, 5) and not du.tricks_matter(4, 5)


def test_muhr_plain_game_is_won_with_61_and_contra_doubles():
    muhr = preset("herzblatt-4-muhr")
    plain = stake_table(muhr, 0, 0, 7)
    assert plain.stake(60, 3, 7) == -3 and plain.stake(61, 3, 7) == 3   # 60-60 loses [DER]
    doubled = stake_table(muhr, 0, 0, 7, None, True)
    assert doubled.stake(61, 3, 7) == 6 and doubled.stake(33, 3, 7) == -12  # schneider 2 x contra 2


# --- a soloist: the sure 66 against more points on average ------------------------------------------------

# Three players (26 cards: no Sevens, no red Eights). Seat 0 plays, discards QC 9D (3 points).
# T1 AH JH 9H 13, T2 10H QS 10D 23, T3 KH JS QD 9, T4 QH 8S JD 5 to the soloist: 50 + 3 = 53.
# T5 9S AS KD 15 (seat 1), T6 10S KC KS 18 (seat 1): the defenders 33.
# T7: seat 1 leads JC, seat 2 plays 8C; the soloist holds AC 9C. Unseen to him: 10C and AD, one with each
# defender (nobody has shown a void in clubs or diamonds): two deals fit.
#   AC: takes JC 8C AC = 13 -> 66; then 9C loses to 10C whoever holds it: 66 in both deals, wins single.
#   9C: JC wins (2 to the defenders) and seat 1 leads the last trick:
#     seat 1 holds 10C: 10C, AD (seat 2 cannot follow), AC takes 32 -> 85, wins single;
#     seat 1 holds AD: AD, 10C, AC (cannot follow) -> the defenders take 32, soloist 53: loses.
#   Points: AC 66, 9C (85 + 53) / 2 = 69 on average. Stake (2 defenders): AC +2 in both deals;
#   9C +2 or -4, -1 on average.
SOLOIST_ENDING = """
0: AH 10H KH QH 9S KS AC 9C
1: JH QS JS 8S AS 10S JC 10C
2: 9H 10D QD JD KD KC 8C AD
skat: QC 9D
"""
SOLOIST_PLAY = "AH JH 9H  10H QS 10D  KH JS QD  QH 8S JD  9S AS KD  10S KC KS  JC 8C"


def soloist_ending(rules=None):
    d = HerzblattDeal.from_text(SOLOIST_ENDING, rules or HerzblattRules(players=3))
    d.ask(True)
    d.discard("QC", "9D")
    while d.phase != "play":  # Muhr: no announcement, no contra
        d.play(Announce(None) if d.phase == "announce" else Contra(False) if d.phase == "contra" else Re(False))
    for code in SOLOIST_PLAY.split():
        d.play(code)
    assert d.turn == 0 and d.card_points()[0] == 53
    return d


# Muhr (wins with 61, plain value 1 from each defender; 35 defenders' points is no schneider):
# AC 66 wins, +2; 9C 85 wins (+2) or 53 loses (-2), +0 on average.
@pytest.mark.parametrize(("rules", "other"), [(HerzblattRules(players=3), "-1.00"),
                                              (HerzblattRules(players=3, muhr=True), "+0.00")])
def test_the_soloist_takes_the_sure_win_rather_than_more_points_on_average(rules, other):
    d = soloist_ending(rules)
    obs = d.observation(0)
    stake = MonteCarloBot(1).decide(obs)
    assert stake.move.code == "AC"
    assert "all 2 deals" in stake.reason and "you win 100%" in stake.reason
    assert "+2.00" in stake.reason and f"(9♣: {other})" in stake.reason
    assert MonteCarloBot(1, play_for="points").decide(obs).move.code == "9C"
    # with every hand open (the true deal: seat 1 holds 10C) the solver prefers 9C, 85 points
    assert {c.code: v for c, v in card_values(d).items()} == {"AC": 66, "9C": 85}


# --- a defender: holding the soloist under 66 for sure, against more points on average --------------------

# Three players. Seat 0 passes, seat 1 plays, takes 9S QD and discards JD QD (5 points).
# T1 QC 9C AC 14 (seat 2); T2 AD 9D KH 15 (soloist trumps); T3 AS 8S KS 15 (soloist);
# T4 10S JS AH 23 (seat 0 trumps); T5 KD JH 8C 6 (soloist trumps; seat 2 neither follows nor trumps);
# T6 9S QS 10H 13 (seat 0). Soloist 36 + 5 = 41, defenders 50; 29 points left.
# Seat 0 leads, holding 9H 10D. Seat 2 has shown it holds no diamond and no trump, the soloist no
# diamond: JD QD are the discards, QH is the soloist's, and of JC 10C KC he holds one, seat 2 two.
#   10D: the soloist must trump with QH and takes 10D QH and seat 2's cheapest club (KC 4 or JC 2);
#     then seat 0 trumps his club with 9H. Soloist 58, 56, 56: loses in all three deals, +2 each.
#   9H: the soloist must beat it with QH, seat 2 throws a club; then the soloist leads his club:
#     JC: seat 2 threw KC and wins with 10C: soloist 41 + 7 = 48, loses (+2);
#     10C: nobody beats it: the soloist takes all 29 -> 70, wins (-1);
#     KC: seat 2 threw JC and wins with 10C: soloist 41 + 5 = 46, loses (+2).
#   Defenders' points: 10D 62, 64, 64 (63.3 on average); 9H 72, 50, 74 (65.3). Stake: 10D +2, 9H +1.
DEFENDER_ENDING = """
0: QC KS 9H 10H AH 9D 10D KD
1: 9C JC 10S AS JH QH KH JD
2: 8C 10C KC AC 8S JS QS AD
skat: 9S QD
"""
DEFENDER_PLAY = "QC 9C AC  AD 9D KH  AS 8S KS  10S JS AH  KD JH 8C  9S QS 10H"


def defender_ending():
    d = HerzblattDeal.from_text(DEFENDER_ENDING, HerzblattRules(players=3))
    d.ask(False)
    d.ask(True)
    d.discard("JD", "QD")
    for code in DEFENDER_PLAY.split():
        d.play(code)
    assert d.turn == 0 and d.card_points() == (36, 41, 14)
    return d


def test_a_defender_holds_the_soloist_under_66_rather_than_taking_more_points_on_average():
    obs = defender_ending().observation(0)
    stake = MonteCarloBot(1).decide(obs)
    assert stake.move.code == "10D"
    assert "all 3 deals" in stake.reason and "your side wins 100%" in stake.reason
    assert "+2.00" in stake.reason and "+1.00" in stake.reason
    points = MonteCarloBot(1, play_for="points").decide(obs)
    assert points.move.code == "9H" and "+2.0 points" in points.reason


def test_play_for_is_checked():
    with pytest.raises(ValueError, match="play_for must be 'stake' or 'points'"):
        MonteCarloBot(1, play_for="money")  # type: ignore[arg-type]


# --- the endgame search and whole deals ---------------------------------------------------------------------


def test_the_stake_of_the_null_window_endgame_equals_the_stake_of_the_full_solution():
    """With three tricks left the bot settles each card by null-window searches at the stake's steps; with
    every hand known (the soloist of a 2-player deal sees them all) that must agree with the full solver,
    whatever step count the searches start from."""
    rules = HerzblattRules(players=2)
    checked = 0
    for seed in range(40):
        d = HerzblattDeal.from_seed(seed, rules)
        d.ask(True)
        h = HeuristicBot()
        while d.phase != "play":
            d.play(h.decide(d.observation(d.turn)).move)
        rng = random.Random(seed)
        while len(d.trick_deal.hand(d.soloist)) > 3 or d.turn != d.soloist:
            d.play(rng.choice(d.legal()))
        if len(d.legal()) < 2:
            continue
        values = card_values(d)  # the soloist's final points per card, every hand open
        td = d.trick_deal
        table = stake_table(rules, d.soloist, d.soloist, td.total_tricks)
        best = max(table.some[p] for p in values.values())
        choice = MonteCarloBot(seed).decide(d.observation(d.soloist))
        assert table.some[values[choice.move]] == best
        assert f"{best:+.2f}" in choice.reason
        start = d.card_points()[d.soloist]
        ladder = stake_ladder(table, True, start, 120 - start - d.card_points()[1 - d.soloist])
        game = TrickSearch(td, (d.soloist,), 1)
        for c in d.legal():
            for guess in (None, *range(len(ladder[0]) + 1)):
                assert table.some[exact_points(game, td, c, ladder, guess)] == table.some[values[c]]
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("rules_id", ["herzblatt-2", "herzblatt-3", "herzblatt-4", "herzblatt-5",
                                      "herzblatt-4-muhr", "herzblatt-4-no-trump-duty"])
def test_monte_carlo_plays_herzblatt_to_the_end_in_every_seat(rules_id):
    rules = preset(rules_id)
    for seed in range(3):
        d = HerzblattDeal.from_seed(seed, rules)
        d.ask(True)  # forehand plays, so every deal has a soloist
        bots = [MonteCarloBot(seed + s, samples=6, exact_tricks=2) for s in range(rules.players)]
        out = play_deal(d, bots)
        assert out.is_over and sum(out.settlement().stakes) == 0


def test_du_is_played_for_every_trick():
    """Muhr's "du" wins only with every trick, so the count of tricks, not the points, decides: the bot
    still finishes the deal and its reasons speak of winning, not of points."""
    rules = preset("herzblatt-4-muhr")
    d = HerzblattDeal.from_seed(3, rules)
    d.ask(True)
    h = HeuristicBot()
    d.play(h.decide(d.observation(d.turn)).move)
    d.announce("du")
    while d.phase in ("contra", "re"):
        d.play(Contra(False) if d.phase == "contra" else Re(False))
    reasons = []
    while not d.is_over:
        seat = d.turn
        dec = MonteCarloBot(seat, samples=8).decide(d.observation(seat))
        reasons.append(dec.reason)
        d.play(dec.move)
    assert any("win" in r for r in reasons) and not any("points on average" in r for r in reasons)
    assert d.settlement().won == (d.trick_deal.tricks_won()[d.soloist] == d.trick_deal.total_tricks)
