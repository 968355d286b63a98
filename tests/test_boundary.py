"""Every public constructor and function refuses a wrong argument at the boundary: one TypeError or
ValueError that names the parameter and says what it takes, never Python's own words
("'<' not supported between instances of 'str' and 'int'", "'int' object has no attribute 'rules'") and
never a silent misreading that fails later; a refused call on a deal leaves the deal as it was.

The table below came from calling each function with one argument of a wrong type at a time (a text
for a number, a float for a seat, None, a list, an object): each row is a refusal that, before, spoke
Python's words or was accepted."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from keinstich import sim
from keinstich.bots import HeuristicBot, RandomBot, deal_value, heuristic_playout, play_deal, play_tricks, show_tricks
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.solver import best_cards, card_values, solve
from keinstich.cards import cards, deal_hands, hands_from_text, pack
from keinstich.codes import deal_code, result_code
from keinstich.contracts import NO_HEARTS, ForTrick, PerCard, PerTrick
from keinstich.faces import Cards, card_svg, cards_html, domino_html, seat_name, set_display
from keinstich.games.herzblatt import HerzblattDeal, HerzblattPartie, HerzblattRules, card_points
from keinstich.games.herzblatt import preset as herzblatt_preset
from keinstich.games.herzeln import HerzelnPartie, HerzelnRules, herzeln_contract, herzeln_deals, herzeln_pack
from keinstich.games.herzeln import preset as herzeln_preset
from keinstich.games.kein_stich import Partie
from keinstich.games.kein_stich import preset as kein_stich_preset
from keinstich.games.presets import preset as any_preset
from keinstich.handout import handout_svg
from keinstich.layoff import DominoDeal, DominoRules, domino_contract, herzeln_domino, payout_shares, payout_weights
from keinstich.positions import quiz_position
from keinstich.records import record_of
from keinstich.sim.batch import random_deals
from keinstich.sim.stats import penalty_cards
from keinstich.tricks import TrickDeal, TrickRules, forehand
from keinstich.wording import card_words

HANDS = TrickDeal.from_seed("german-32", 4, 1, NO_HEARTS).dealt


def trick() -> TrickDeal:
    return TrickDeal.from_seed("german-32", 4, 1, NO_HEARTS)


def lay_off() -> DominoDeal:
    return DominoDeal.from_seed("german-32", 4, 1)


def small() -> TrickDeal:
    return TrickDeal(tuple(h[:3] for h in HANDS), NO_HEARTS)


def finished() -> TrickDeal:
    return play_deal(trick(), [RandomBot(1)] * 4)


# (the call with one wrong argument, the parameter its refusal must name)
REFUSED = [
    # cards and packs
    (lambda: cards(1.5), "cards takes codes"),
    (lambda: pack([]), "a pack is an id"),
    (lambda: deal_hands("german-32", "4", 1), "players"),
    (lambda: deal_hands("german-32", None, 1), "players"),
    (lambda: deal_hands("german-32", 4, 1, skat=None), "skat"),
    (lambda: hands_from_text("QS", "german-32", players=1.5), "players"),
    (lambda: hands_from_text("QS", "german-32", skat=[]), "skat"),
    # trick deals and their rules
    (lambda: TrickDeal(1.5), "hands"),
    (lambda: TrickDeal([1.5, 2.5]), "hands[0]"),
    (lambda: TrickDeal(HANDS, 5), "contract"),
    (lambda: TrickDeal(HANDS, NO_HEARTS, rules="natural"), "rules"),
    (lambda: TrickDeal(HANDS, NO_HEARTS, pack=32), "pack"),
    (lambda: TrickDeal.from_seed("german-32", "4", 1, NO_HEARTS), "players"),
    (lambda: TrickDeal.from_seed("german-32", 4, 1, [], dealer=1), "contract"),
    (lambda: TrickDeal.from_seed("german-32", 4, 1, NO_HEARTS, dealer="1"), "dealer"),
    (lambda: TrickRules(order=1.5), "order"),
    (lambda: TrickRules(order=[]), "order"),
    (lambda: TrickRules(trump="4"), "trump"),
    (lambda: TrickRules(no_lead=5), "no_lead"),
    (lambda: TrickRules(must_trump=None), "must_trump"),
    (lambda: TrickRules(stop_when_decided="yes"), "stop_when_decided"),
    (lambda: forehand("3", 4), "dealer"),
    (lambda: forehand(3, None), "players"),
    (lambda: PerCard("5", suit="H"), "amount"),
    (lambda: PerTrick(1.5), "amount"),
    (lambda: ForTrick(None, 5), "number"),
    # lay-off deals and their rules
    (lambda: DominoDeal(None), "hands"),
    (lambda: DominoDeal(HANDS, None), "contract"),
    (lambda: DominoDeal(HANDS, rules="rows"), "rules"),
    (lambda: DominoDeal.from_seed("german-32", None, 1), "players"),
    (lambda: DominoDeal.from_seed("german-32", 4, 1, dealer="3"), "dealer"),
    (lambda: DominoRules(wrap="yes"), "wrap"),
    (lambda: DominoRules(voluntary_pass=1), "voluntary_pass"),
    (lambda: DominoRules(start=[]), "start"),
    (lambda: DominoRules(order=None), "order"),
    (lambda: domino_contract([]), "start"),
    (lambda: domino_contract(voluntary_pass="no"), "voluntary_pass"),
    (lambda: domino_contract(pass_fee=None), "pass_fee"),
    (lambda: herzeln_domino(order=1.5), "order"),
    (lambda: payout_shares("160", (0, 1, 2, 3)), "pot"),
    (lambda: payout_shares(160, 4), "finish_order"),
    (lambda: payout_shares(160, (0, 1, 2, 3), 1.5), "weights"),
    (lambda: payout_shares(160, (0, 1, 2, 3), unit=None), "unit"),
    (lambda: payout_weights("4"), "players"),
    # the games
    (lambda: Partie(5), "rules"),
    (lambda: Partie(first_dealer="0"), "first_dealer"),
    (lambda: Partie(first_dealer=None), "first_dealer"),
    (lambda: Partie().play(rng=5), "rng"),
    (lambda: kein_stich_preset([]), "unknown preset []"),
    (lambda: HerzelnPartie([]), "rules"),
    (lambda: HerzelnPartie(policies=5), "policies"),
    (lambda: HerzelnPartie(first_dealer="0"), "first_dealer"),
    (lambda: HerzelnPartie(rng=5), "rng"),
    (lambda: HerzelnRules(players=[]), "3 or 4 players"),
    (lambda: HerzelnRules(domino_layout=[]), "domino_layout"),
    (lambda: HerzelnRules(domino_order=[]), "domino_order"),
    (lambda: herzeln_preset([]), "unknown preset []"),
    (lambda: herzeln_deals(domino_layout=5), "domino_layout"),
    (lambda: herzeln_pack([]), "3 or 4 players"),
    (lambda: herzeln_contract([], 4), "contract_id"),
    (lambda: herzeln_contract("herzeln-tricks", 4, options="voluntary_pass"), "options"),
    (lambda: HerzblattDeal.from_seed(1, 5), "rules"),
    (lambda: HerzblattPartie(5), "rules"),
    (lambda: HerzblattPartie(policies=5), "policies"),
    (lambda: HerzblattPartie(deals="4"), "deals"),
    (lambda: HerzblattPartie(first_dealer="0"), "first_dealer"),
    (lambda: herzblatt_preset([]), "unknown preset []"),
    (lambda: card_points(1.5), "cards takes codes"),
    (lambda: any_preset([]), "unknown game []"),
    # bots and the solver
    (lambda: HeuristicBot(pack=[]), "a pack is an id"),
    (lambda: MonteCarloBot(samples="4"), "samples"),
    (lambda: MonteCarloBot(exact_tricks=None), "exact_tricks"),
    (lambda: MonteCarloBot(time_limit="1"), "time_limit"),
    (lambda: show_tricks("deal", 2), "show_tricks plays a trick deal"),
    (lambda: show_tricks(trick(), "2"), "until"),
    (lambda: show_tricks(trick(), 2, bot="heuristic"), "bot"),
    (lambda: play_tricks(None, 2), "bot_plays plays a trick deal"),
    (lambda: play_tricks(trick(), None), "until"),
    (lambda: heuristic_playout(trick(), soloist="1"), "soloist"),
    (lambda: deal_value("deal", 1), "deal_value takes a deal"),
    (lambda: deal_value(finished(), 4), "seat"),
    (lambda: solve(None), "solve takes a deal"),
    (lambda: solve(small(), seat="1"), "seat"),
    (lambda: card_values([], seat=None), "card_values takes a deal"),
    (lambda: card_values(small(), seat=1.5), "seat"),
    (lambda: best_cards(5), "best_cards takes a deal"),
    # simulations, records, displays, quizzes, words
    (lambda: sim.simulate("no-hearts", 2, pack=[]), "a pack is an id"),
    (lambda: sim.summarize(sim.simulate("no-hearts", 2, bots="random"), by=None), "by"),
    (lambda: penalty_cards("no-hearts", "KH", deals="5"), "deals"),
    (lambda: penalty_cards("no-hearts", 5), "cards"),
    (lambda: random_deals("no-hearts", "german-32", 4, 3), "contract"),
    (lambda: random_deals(NO_HEARTS, "german-32", "4", 3), "players"),
    (lambda: random_deals(NO_HEARTS, "german-32", 4, 1.5), "deals"),
    (lambda: random_deals(NO_HEARTS, "german-32", 4, 3, start=-1), "start"),
    (lambda: random_deals(NO_HEARTS, "german-32", 4, 3, dealer="3"), "dealer"),
    (lambda: record_of(trick(), dealer="3"), "dealer"),
    (lambda: Cards(None), "cards takes codes"),
    (lambda: Cards("QS", width="big"), "width"),
    (lambda: cards_html(5), "cards takes codes"),
    (lambda: card_svg("QS", width=None), "width"),
    (lambda: set_display(width=[]), "width"),
    (lambda: domino_html("deal"), "domino_html shows a lay-off deal"),
    (lambda: domino_html(trick()), "domino_html shows a lay-off deal"),
    (lambda: domino_html(lay_off(), open_seats=1), "open_seats"),
    (lambda: domino_html(lay_off(), open_seats=[7]), "open_seats"),
    (lambda: domino_html(lay_off(), names=5), "names"),
    (lambda: seat_name("1"), "seat"),
    (lambda: seat_name(1, names=1.5), "names"),
    (lambda: seat_name(1, lang="fr"), "language"),  # None is the language spoken
    (lambda: quiz_position("no-hearts", 1, tricks_played="2"), "tricks_played"),
    (lambda: quiz_position("no-hearts", 1, in_trick=1.5), "in_trick"),
    (lambda: card_words(None, "german"), "a card code"),
    (lambda: card_words(trick().hand(0)[0], None), "style"),
    (lambda: card_words(trick().hand(0)[0], "german", lang="fr"), "lang"),  # None: the language spoken
    (lambda: deal_code("deal"), "deal_code takes a deal"),
    (lambda: deal_code(trick(), bots=1.5), "bots are one spec per seat"),
    (lambda: result_code(deal_code(trick()), None), "result_code takes a deal"),
    (lambda: handout_svg(None), "handout_svg takes a deal"),
]

PYTHONS_WORDS = re.compile(r"not supported between|unsupported operand|has no attribute|object is not|indices must|"
                           r"can only concatenate|has no len|cannot be interpreted|unhashable|out of range|"
                           r"not iterable|doesn't define")


@pytest.mark.parametrize(("call", "named"), REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_a_wrong_argument_is_refused_in_words_that_name_it(call, named):
    with pytest.raises((TypeError, ValueError)) as refused:
        call()
    text = str(refused.value)
    assert named in text, text
    assert not PYTHONS_WORDS.search(text), text
    assert len(text) < 400


# --- a refused call changes nothing --------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 4, 1.5, "0", None, True])
def test_voids_and_observations_refuse_what_is_not_a_seat(seat):
    """Before, voids(-1) answered for seat 3 and voids(4) raised IndexError."""
    deal = trick()
    deal.play(deal.legal()[0])
    before = deal.history
    message = rf"^seat must be a seat from 0 to 3, not {re.escape(repr(seat))}$"
    for ask in (deal.voids, deal.observation, lay_off().observation, HerzblattDeal.from_seed(1).hand):
        with pytest.raises(ValueError, match=message):
            ask(seat)
    assert deal.history == before and deal.voids(1) == frozenset()


@pytest.mark.parametrize("seat", ["0", 1.5, True])
def test_a_move_for_a_seat_that_is_no_seat_number_is_refused_as_such(seat):
    for deal in (trick(), lay_off()):
        with pytest.raises(ValueError, match=rf"^seat must be a whole number such as {deal.turn} \(the seat to move\), "
                                             rf"not {re.escape(repr(seat))}"):
            deal.play(deal.legal()[0], seat)
        assert deal.history == ()


@pytest.mark.parametrize("dealer", [1.5, True, "1", -1, 4])
def test_a_dealer_that_is_no_seat_is_refused(dealer):
    """Before, dealer=1.5 was accepted: turn became 2.5, and legal() and play() failed with Python's words."""
    message = rf"^dealer must be a seat from 0 to 3, not {re.escape(repr(dealer))}$"
    for make in (TrickDeal.from_seed, DominoDeal.from_seed):
        with pytest.raises(ValueError, match=message):
            make("german-32", 4, 1, dealer=dealer)


@pytest.mark.parametrize("contract", [5, TrickRules(), [], 1.5])
def test_a_contract_that_is_none_is_refused_naming_contract(contract):
    """Before: AttributeError: 'int' object has no attribute 'rules'."""
    for make in (lambda: TrickDeal.from_seed("german-32", 4, 1, contract), lambda: TrickDeal(HANDS, contract)):
        with pytest.raises(ValueError, match=r"^contract must be a trick contract or its id \(such as 'no-tricks'\), "
                                             r"not "):
            make()
    with pytest.raises(ValueError, match="a TrickRules goes in rules=, beside the contract"):
        TrickDeal(HANDS, TrickRules())
    assert TrickDeal(HANDS, NO_HEARTS, rules=TrickRules()).rules == TrickRules()


def test_the_solver_takes_a_deal():
    """Before: AttributeError: 'NoneType' object has no attribute 'result'."""
    with pytest.raises(TypeError, match=r"^solve takes a deal, e\.g\. TrickDeal\.from_seed\(.*\), not None$"):
        solve(None)
    with pytest.raises(TypeError, match=r"not 'no-hearts'"):
        solve("no-hearts")
    assert solve(small()).card in small().legal()


# --- settings that were accepted and failed later ------------------------------------------------------


@pytest.mark.parametrize(("carried_in", "message"), [
    ("x", "carried_in must be a whole number of 0 or more, not 'x'"),
    (1.5, "carried_in must be a whole number of 0 or more, not 1.5"),
    (-5, "carried_in must be a whole number of 0 or more, not -5"),
    (True, "carried_in must be a whole number of 0 or more, not True"),
    (3, r"carried_in must be a multiple of the stake \(5 pfennig\): the pot is paid out in whole stakes, not 3"),
])
def test_money_carried_in_is_whole_stakes(carried_in, message):
    """Before, "x" failed in play() (can only concatenate str) and 1.5 made a pot of 161.5."""
    with pytest.raises(ValueError, match=f"^{message}$"):
        Partie("standard", carried_in=carried_in)
    result = Partie("standard", seed=3, carried_in=20).play()
    assert result.ledger.carried_in == 20 and result.carry_out == 0


def test_a_pass_fee_is_a_multiple_of_the_stake():
    """docs/rules.md §2.6: the fee goes into the pot, which is paid out in whole stakes of 5."""
    with pytest.raises(ValueError, match=r"^pass_fee must be a multiple of the stake \(5 pfennig\), such as 0, 5 or "
                                         r"10, not 3: the fees go into the pot"):
        domino_contract(pass_fee=3)
    assert domino_contract(pass_fee=10).rules.pass_fee == 10
    assert domino_contract(pass_fee=3, stake=1).rules.pass_fee == 3  # a partie in stakes of 1 pfennig
    assert kein_stich_preset("standard", stake=1, pass_fee=3).stake == 1
    with pytest.raises(ValueError, match="a pass fee of 3 cannot be paid out in whole stakes of 5"):
        kein_stich_preset("standard", pass_fee=3)
    # a contract made by hand with such a fee: the record says what it cannot hold, not "not a Kein Stich contract"
    odd = dataclasses.replace(domino_contract(), rules=dataclasses.replace(domino_contract().rules, pass_fee=3))
    with pytest.raises(ValueError, match=r"^cannot record contract 'domino' as Kein Stich: option 'pass_fee' must be "
                                         r"a whole number of pfennig in stakes of 5"):
        DominoDeal.from_seed("german-32", 4, 1, odd).record()


@pytest.mark.parametrize(("partie", "preset_id", "players"), [
    (Partie, "king-louis", 4), (HerzelnPartie, "herzeln-3", 3), (HerzblattPartie, "herzblatt-3", 3)])
def test_every_game_takes_its_rules_as_a_preset_id(partie, preset_id, players):
    """Partie("standard") always worked; HerzelnPartie(rules="herzeln-3") was refused ("not herzeln-3")."""
    game = partie(rules=preset_id, seed=1)
    assert game.rules.players == players
    assert partie(rules=preset_id).rules == partie(rules=any_preset(game_of[partie], preset_id)).rules
    with pytest.raises(ValueError, match=r"^unknown preset 'nonsense': use one of "):
        partie(rules="nonsense")
    with pytest.raises(ValueError, match=r"^rules must be a \w+Rules or a preset's id such as '[\w-]+', not 5\.5$"):
        partie(rules=5.5)


game_of = {Partie: "kein-stich", HerzelnPartie: "herzeln", HerzblattPartie: "herzblatt"}


def test_herzeln_still_takes_a_player_count_for_its_rules():
    assert HerzelnPartie(3).rules == HerzelnRules(players=3)
    assert HerzelnPartie().rules == HerzelnRules() and HerzblattPartie().rules == HerzblattRules()


def test_a_seats_hands_may_be_typed_as_text():
    """read_hands takes each hand as a list of cards or a text, as the cards() it uses does."""
    typed = [" ".join(c.code for c in h) for h in HANDS]
    assert TrickDeal(typed, NO_HEARTS).dealt == TrickDeal(HANDS, NO_HEARTS).dealt


def test_a_playout_random_source_is_still_checked_where_it_is_taken():
    with pytest.raises(TypeError, match=r"^rng draws from a random\.Random"):
        Partie().play(rng=7)
    assert Partie(seed=2).play(rng=random.Random(2)).ledger.pot == 0
