"""Herzeln (docs/rules.md §3): the eight deals as data, ace-ten trick play, a partie with shared places.

Expected results are worked out by hand in the comments; the property tests check random
parties against the point table and small independent oracles written here.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.cards import ACE_TEN, card, cards
from keinstich.contracts import Contract
from keinstich.games.herzeln import (
    HERZELN_CONTRACTS,
    KING_OF_HEARTS,
    LAST_TRICK,
    NO_HEARTS,
    NO_LAST_TRICK,
    NO_QUEENS,
    NO_TRICKS,
    PRESETS,
    TRICKS,
    HerzelnError,
    HerzelnPartie,
    HerzelnRules,
    Standing,
    herzeln_deals,
    herzeln_pack,
    preset,
    standings,
)
from keinstich.hand_text import hands_from_text
from keinstich.layoff import DominoContract, DominoDeal
from keinstich.tricks import IllegalPlay, Trick, TrickDeal

IDS = ["herzeln-no-hearts", "herzeln-tricks", "herzeln-no-tricks", "herzeln-no-queens",
       "herzeln-king-of-hearts", "herzeln-last-trick", "herzeln-no-last-trick", "herzeln-domino"]

# The table of docs/rules.md §3.2, typed by hand: points per deal, 4 players/32 cards and 3 players/24.
TABLE_4 = [-33, 80, -80, -80, -40, 40, -40, -60]
TABLE_3 = [-31, 80, -80, -80, -40, 40, -40, -30]


def test_the_eight_deals_in_order():
    deals = herzeln_deals(4)
    assert [c.id for c in deals] == IDS
    assert list(HERZELN_CONTRACTS) == IDS
    assert all(isinstance(c, Contract) and c.rules.order == "ace-ten" and c.rules.trump is None
               and c.unit == "points" for c in deals[:7])
    assert isinstance(deals[7], DominoContract)


@pytest.mark.parametrize(("players", "pack_id", "table"), [(4, "french-32", TABLE_4), (3, "french-24", TABLE_3)])
def test_point_totals_per_deal(players, pack_id, table):
    deals = herzeln_deals(players)
    assert herzeln_pack(players).id == pack_id
    assert [c.total(pack_id, players) for c in deals[:7]] == table[:7]
    assert sum(deals[7].points[:players]) == table[7]


def test_the_domino_scores_0_10_20_30_by_finishing_place():
    assert herzeln_deals(4)[7].points == (0, -10, -20, -30)
    assert herzeln_deals(3)[7].points == (0, -10, -20)
    assert herzeln_deals(4)[7].score((2, 0, 3, 1)) == (-10, -30, 0, -20)


def test_no_hearts_values_each_heart():
    # A 11, 10 10, K 4, Q 3, J 2, 9 8 7 one each; hand-built tricks, winners given.
    tricks = [Trick(1, 0, cards("AH 7H 10C 9H"), 2), Trick(2, 2, cards("KS 10H QH JH"), 1),
              Trick(3, 1, cards("KH 8H AC QC"), 1)]
    assert NO_HEARTS.score(tricks, 4, 8) == (0, -(10 + 3 + 2) - (4 + 1), -(11 + 1 + 1), 0)


@pytest.mark.parametrize(("pid", "style"), [(3, "french"), (4, "german")])
def test_packs_by_players_and_style(pid, style):
    p = herzeln_pack(pid, style)
    assert len(p) == {3: 24, 4: 32}[pid] and p.id.startswith(style)


@pytest.mark.parametrize(("kw", "message"), [
    ({"players": 5}, "3 or 4 players"),
    ({"players": 2}, "3 or 4 players"),
    ({"domino_layout": "spiral"}, "domino_layout must be"),
    ({"domino_order": "reverse"}, "domino_order must be"),
    ({"style": "swiss"}, "style must be"),
])
def test_bad_settings_are_refused(kw, message):
    with pytest.raises(HerzelnError, match=message):
        HerzelnRules(**kw)


def test_domino_variants_and_their_aliases():
    rows = HerzelnRules(domino_layout="per_suit", domino_order="natural")
    assert rows.domino_layout == "rows" and rows.domino_order == "natural"
    dom = rows.deals[7]
    assert dom.rules.layout == "rows" and dom.rules.wrap and dom.rules.order == "natural"
    chain = herzeln_deals(3, "single_chain", "ace_ten")[7]
    assert chain.rules.layout == "chain" and chain.rules.order == "ace-ten"


def test_presets():
    assert preset("herzeln-3").players == 3
    assert preset("herzeln-3", style="german").pack.id == "german-24"
    assert PRESETS["herzeln-per-suit"].deals[7].rules.layout == "rows"
    with pytest.raises(HerzelnError, match="unknown preset"):
        preset("barbu")


# --- a hand-built 3-player deal, played the same way under every trick contract -----------------------

HANDS_3 = """
0: AH 9H AC KC 9C AS QS JD
1: 10H KH 10C QC 10S 9S AD KD
2: QH JH JC KS JS 10D QD 9D
"""
# Seat 0 leads (dealer 2). Trick by trick, in the ace-ten order:
# T1 AC QC JC -> 0      T2 9H 10H QH -> 1 (10 beats Q)   T3 KD 9D JD -> 1   T4 KH JH AH -> 0
# T5 AS 9S KS -> 0      T6 KC 10C 10D -> 1 (10 beats K)  T7 10S JS QS -> 1  T8 AD QD 9C -> 1
SCRIPT_3 = "AC QC JC 9H 10H QH KD 9D JD KH JH AH AS 9S KS KC 10C 10D 10S JS QS AD QD 9C"


def scripted(contract):
    deal = TrickDeal(hands_from_text(HANDS_3, "french-24"), contract, leader=0)
    for code in SCRIPT_3.split():
        deal.play(code)
    return deal


@pytest.mark.parametrize(("contract", "expected"), [
    (NO_HEARTS, (-(11 + 4 + 2), -(1 + 10 + 3), 0)),  # T4 AH KH JH to seat 0; T2 9H 10H QH to seat 1
    (TRICKS, (30, 50, 0)),
    (NO_TRICKS, (-30, -50, 0)),
    (NO_QUEENS, (-20, -60, 0)),  # QC in T1 (seat 0); QH T2, QS T7, QD T8 (seat 1)
    (KING_OF_HEARTS, (-40, 0, 0)),
    (LAST_TRICK, (0, 40, 0)),
    (NO_LAST_TRICK, (0, -40, 0)),
])
def test_a_scripted_deal_under_every_trick_contract(contract, expected):
    deal = scripted(contract)
    assert [t.winner for t in deal.tricks] == [0, 1, 1, 0, 0, 1, 1, 1]
    assert deal.scores() == expected


def test_a_ten_beats_a_king_and_there_are_no_trumps():
    deal = TrickDeal([cards("KS AD"), cards("10S 9D"), cards("AH QD")], NO_HEARTS, leader=0)
    deal.play("KS")
    deal.play("10S")
    t = deal.play("AH")  # a Heart discard does not trump
    assert t.winner == 1


def test_suit_must_be_followed():
    deal = TrickDeal(hands_from_text(HANDS_3, "french-24"), TRICKS, leader=0)
    deal.play("AC")
    assert set(deal.legal()) == set(cards("10C QC"))
    with pytest.raises(IllegalPlay, match="must follow clubs"):
        deal.play("AD")


# --- standings ----------------------------------------------------------------------------------------


def test_tied_totals_share_a_place():
    assert standings([10, -5, 10, -20]) == (Standing(1, 0, 10), Standing(1, 2, 10), Standing(3, 1, -5),
                                            Standing(4, 3, -20))
    assert [s.place for s in standings([-7, -7, -7])] == [1, 1, 1]


# --- the partie -----------------------------------------------------------------------------------


def test_a_partie_in_a_few_lines():
    p = HerzelnPartie(HerzelnRules(players=3), seed=7).play()
    assert p.is_over and len(p.results) == 8
    assert [sum(r.scores) for r in p.results] == TABLE_3
    assert p.totals == tuple(sum(r.scores[s] for r in p.results) for s in range(3))
    assert p.winners == tuple(s for s in range(3) if p.totals[s] == max(p.totals))
    assert HerzelnPartie(3, seed=7).play().totals == p.totals
    assert len(p.table()) == 8 and p.table()[0]["contract"] == "herzeln-no-hearts"
    assert "<table>" in p._repr_html_()
    with pytest.raises(HerzelnError, match="partie is over"):
        p.play_deal()


def test_the_dealer_moves_one_seat_clockwise_and_forehand_leads():
    p = HerzelnPartie(HerzelnRules(players=4), seed=3, first_dealer=2).play()
    assert [r.dealer for r in p.results] == [2, 3, 0, 1, 2, 3, 0, 1]
    assert [r.deal.first_leader for r in p.results] == [3, 0, 1, 2, 3, 0, 1, 2]
    assert [r.seed for r in p.results] == [f"3/{k}" for k in range(8)]
    assert isinstance(p.results[7].deal, DominoDeal)


def test_policies_see_observations_and_their_cards_are_checked():
    seen = []

    def lowest(obs):
        seen.append(obs.seat)
        return obs.legal[0] if obs.legal else None

    p = HerzelnPartie(HerzelnRules(players=3), seed=1, policies=lowest).play()
    assert [sum(r.scores) for r in p.results] == TABLE_3
    assert set(seen) == {0, 1, 2}
    again = HerzelnPartie(HerzelnRules(players=3), seed=1, policies=[lowest] * 3).play()
    assert again.totals == p.totals  # a deterministic policy gives the same partie

    def cheat(obs):
        return card("AH") if card("AH") not in obs.hand else obs.legal[0]

    with pytest.raises(IllegalPlay):
        HerzelnPartie(HerzelnRules(players=4), seed=1, policies=cheat).play()
    with pytest.raises(HerzelnError, match="policies must be one policy for every seat or one per seat"):
        HerzelnPartie(HerzelnRules(players=4), policies=[lowest] * 3)


def test_given_hands_are_played():
    p = HerzelnPartie(HerzelnRules(players=3), seed=0, first_dealer=2)
    r = p.play_deal(hands_from_text(HANDS_3, "french-24"))
    assert r.deal.dealt == hands_from_text(HANDS_3, "french-24") and sum(r.scores) == -31


# --- properties over seeded random parties ------------------------------------------------------


def ace_ten_winner(t):
    power = {r: len(ACE_TEN) - i for i, r in enumerate(ACE_TEN)}
    led = t.cards[0].suit
    best = max((i for i, c in enumerate(t.cards) if c.suit is led), key=lambda i: power[t.cards[i].rank])
    return (t.leader + best) % len(t.cards)


def followed_suit(deal):
    """Every card follows the led suit unless its player held none of that suit at the time."""
    held = [set(h) for h in deal.dealt]
    for t in deal.tricks:
        led = t.cards[0].suit
        for seat, c in t.plays():
            if c.suit is not led and any(x.suit is led for x in held[seat]):
                return False
            held[seat].remove(c)
    return True


RULES = [*PRESETS.values(), HerzelnRules(players=3, domino_layout="rows", domino_order="natural"),
         HerzelnRules(players=3, voluntary_pass=True)]


@settings(max_examples=1200, deadline=None, derandomize=True)
@given(st.sampled_from(RULES), st.integers(0, 2**32), st.integers(0, 3))
def test_random_parties_score_the_table(rules, seed, first):
    p = HerzelnPartie(rules, seed=seed, first_dealer=first % rules.players).play()
    table = TABLE_4 if rules.players == 4 else TABLE_3
    assert [sum(r.scores) for r in p.results] == table
    assert sum(p.totals) == sum(table)
    for r in p.results[:7]:
        deal = r.deal
        assert len(deal.tricks) == 8
        assert all(t.winner == ace_ten_winner(t) for t in deal.tricks)
        assert followed_suit(deal)
    domino = p.results[7]
    assert sorted(domino.scores) == sorted(range(0, -10 * rules.players, -10))
    places = {s.seat: s.place for s in p.standings()}
    for s in range(rules.players):
        assert places[s] == 1 + sum(1 for t in p.totals if t > p.totals[s])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 2**32))
def test_random_policies_by_observation_play_legal_parties(seed):
    rng = random.Random(seed)

    def pick(obs):
        return rng.choice(obs.legal) if obs.legal else None

    p = HerzelnPartie(HerzelnRules(players=4), seed=seed, policies=pick).play()
    assert [sum(r.scores) for r in p.results] == TABLE_4


def test_the_deals_named_after_cards_take_the_faces_words():
    from keinstich.games import GAMES
    from keinstich.games.herzeln import KING_OF_HEARTS, NO_QUEENS
    from keinstich.i18n import use_language

    assert NO_QUEENS.describe() == "No Queens: -20 per Queen"  # Herzeln's usual French pack
    assert NO_QUEENS.describe("german") == "No Obers: -20 per Ober"
    assert KING_OF_HEARTS.describe("german") == "König of Hearts: -40 for the König of Hearts"
    assert GAMES["herzeln"].contract_name(NO_QUEENS, "german") == "No Obers (Keine Dame)"
    assert GAMES["herzeln"].contract_name(NO_QUEENS) == "No Queens (Keine Dame)"
    with use_language("de"):  # the German name is the name: in the pack's words, not glossed again
        assert GAMES["herzeln"].contract_name(NO_QUEENS, "german") == "Kein Ober"
        assert GAMES["herzeln"].contract_name(NO_QUEENS) == "Keine Dame"
