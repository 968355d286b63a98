"""Bots: the protocol, what a bot can see, the heuristic's teaching moves, the sampler, strength.

Hand-built positions check each heuristic rule (the card and the reason a teacher would give);
walking every object reachable from an observation checks that no hidden card is there; the
constrained sampler is checked against brute-force counts and for uniformity; seeded duplicate
deals check that the heuristic beats random play and that Monte Carlo is exact in a known endgame.
"""

import dataclasses
import enum
import itertools
import random
import statistics
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keinstich.bots.heuristic import (
    Bot,
    BotError,
    Choice,
    HeuristicBot,
    Objective,
    RandomBot,
    best_discards,
    deal_value,
    domino_value,
    exclusions,
    hand_value,
    heuristic_playout,
    in_play_mask,
    objective,
    play_deal,
)
from keinstich.bots.montecarlo import HandSampler, MonteCarloBot, SamplerError, trick_knowledge, world
from keinstich.bots.solver import best_cards
from keinstich.cards import Card, cards, mask_of, pack
from keinstich.contracts import BLACK_PIG, KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS
from keinstich.games.herzblatt import HERZBLATT_POINTS, Ask, HerzblattDeal, HerzblattRules
from keinstich.games.herzeln import HERZELN_CONTRACTS
from keinstich.layoff import DOMINO, HERZELN_DOMINO, DominoDeal, domino_contract
from keinstich.tricks import Observation, TrickDeal

TRICK_CONTRACTS = [NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX]


def deal_of(hands, contract, leader=0, plays=""):
    d = TrickDeal([cards(h) for h in hands], contract, leader=leader)
    for code in plays.split():
        d.play(code)
    return d


def heuristic(d, p="german-32"):
    return HeuristicBot(pack=p).decide(d.observation(d.turn))


# --- the protocol -------------------------------------------------------------------------------


def test_every_bot_follows_the_protocol():
    for bot in (RandomBot(1), HeuristicBot(), MonteCarloBot(1)):
        assert isinstance(bot, Bot)
        assert isinstance(bot.name, str) and bot.name


def test_a_bot_refuses_an_observation_when_it_is_not_its_turn():
    d = TrickDeal.from_seed("german-32", 4, 1, NO_TRICKS)
    with pytest.raises(BotError, match="it is seat 0's turn"):
        HeuristicBot().decide(d.observation(2))


@pytest.mark.parametrize(("game", "contract", "kind"), [
    ("kein-stich", "no-hearts", "trick"), ("kein-stich", "domino", "lay-off"), ("herzeln", "herzeln-tricks", "trick"),
    ("herzeln", "herzeln-domino", "lay-off"), ("herzblatt", "herzblatt", "herzblatt"),
])
def test_play_deal_plays_every_game_through_the_deal_interface(game, contract, kind):
    """One loop for every game: the observation's kind says what the bot answers, its answer is the move."""
    from keinstich.games import GAMES

    d = GAMES[game].deal(contract, seed=3)
    assert d.observation(0).kind == kind
    bots = [HeuristicBot(), RandomBot(1), HeuristicBot(), RandomBot(2)][:d.players]
    assert play_deal(d, bots) is d and d.over
    replayed = GAMES[game].deal(contract, seed=3)
    for seat, move in d.history:  # the history holds the deal's own moves: they replay it
        replayed.play(move, seat)
    assert replayed.over and replayed.result() == d.result()


# --- nothing hidden is reachable -------------------------------------------------------------------

RULE_DATA = {"contract", "rules"}  # contract and rule data: public by definition


def reachable_cards(obj, found=None, depth=0):
    """Every Card reachable from ``obj`` through attributes and containers, skipping rule data.
    Fails on any object of a kind that could hide something (a deal, a function, a module...)."""
    found = set() if found is None else found
    assert depth < 20, "structure too deep"
    if isinstance(obj, Card):
        found.add(obj)
    elif obj is None or isinstance(obj, bool | int | float | str | enum.Enum):
        pass
    elif isinstance(obj, tuple | list | frozenset | set):
        for x in obj:
            reachable_cards(x, found, depth + 1)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            reachable_cards(k, found, depth + 1)
            reachable_cards(v, found, depth + 1)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            if f.name not in RULE_DATA:
                reachable_cards(getattr(obj, f.name), found, depth + 1)
        extra = set(vars(obj)) - {f.name for f in dataclasses.fields(obj)} if hasattr(obj, "__dict__") else set()
        assert not extra, f"{type(obj).__name__} carries undeclared attributes {extra}"
    else:
        raise AssertionError(f"an observation reaches a {type(obj).__name__}: it could hide cards")
    return found


def known_to(deal_hands_now, seat, played):
    return set(deal_hands_now[seat]) | set(played)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), contract=st.sampled_from(TRICK_CONTRACTS), moves=st.integers(0, 31))
def test_a_trick_observation_reaches_no_hidden_card(seed, contract, moves):
    d = TrickDeal.from_seed("german-32", 4, seed, contract)
    rng = random.Random(seed)
    for _ in range(moves):
        d.play(rng.choice(d.legal()))
    played = [c for _, c in d.plays]
    for seat in range(4):
        obs = d.observation(seat)
        assert reachable_cards(obs) <= known_to(d.hands, seat, played)
        other = d.hand((seat + 1) % 4)
        if other:  # the walk does find a hidden card wherever it is put
            leaky = dataclasses.replace(obs, tricks=(*obs.tricks, obs.tricks[0]._replace(cards=other))
                                        if obs.tricks else ((), other))
            assert not reachable_cards(leaky) <= known_to(d.hands, seat, played)


def test_a_domino_observation_reaches_no_hidden_card():
    for seed in range(20):
        d = DominoDeal.from_seed("german-32", 4, seed, DOMINO)
        rng = random.Random(seed)
        for _ in range(rng.randrange(30)):
            if d.is_over:
                break
            d.play(rng.choice(d.moves()))
        laid = [c for _, c in d.plays if c is not None]
        for seat in range(4):
            obs = d.observation(seat)
            # in_play, the cards dealt, is public (the pack in use); every other field is checked
            assert set(obs.in_play) == {c for h in d.dealt for c in h}
            rest = dataclasses.replace(obs, in_play=())
            assert reachable_cards(rest) <= known_to(d.hands, seat, laid)


def test_a_herzblatt_observation_shows_the_skat_only_to_the_soloist():
    rules = HerzblattRules(players=4)
    for seed in range(12):
        d = HerzblattDeal.from_seed(seed, rules)
        rng = random.Random(seed)
        while not d.is_over:
            seat = d.turn
            for s in range(4):
                obs = d.observation(s)
                played = [c for _, c in d.trick_deal.plays] if d.trick_deal is not None else []
                allowed = set(d.hand(s)) | set(played)
                if s == d.soloist and d.phase != "asking":
                    allowed |= set(d.skat) | set(d.discards or ())
                assert reachable_cards(obs) <= allowed, (d.phase, s)
            d.play(RandomBot(rng).decide(d.observation(seat)).move if d.phase != "asking"
                   else Ask(seat == d.asking_order[0]))


def test_play_deal_hands_each_bot_its_own_seats_observation_only():
    seen = []

    class Spy(RandomBot):
        def __init__(self, seat):
            super().__init__(seat)
            self.seat = seat

        def decide(self, obs):
            seen.append((self.seat, obs.seat, type(obs)))
            return super().decide(obs)

    d = play_deal(TrickDeal.from_seed("german-32", 4, 3, NO_HEARTS), [Spy(s) for s in range(4)])
    assert d.is_over and len(seen) == 32
    assert all(mine == theirs and kind is Observation for mine, theirs, kind in seen)


# --- what better means ----------------------------------------------------------------------------


def test_deal_value_is_minus_the_penalty_or_the_points():
    d = deal_of(["AH 7C", "KH 8C", "10H QS", "QH 9C"], NO_HEARTS, plays="AH KH 10H QH 7C 8C QS 9C")
    assert d.scores() == (20, 0, 0, 0)  # seat 0 took four hearts
    assert deal_value(d, 0) == -20 and deal_value(d, 1) == 0
    h = deal_of(["AH 7C", "KH 8C", "10H QS", "QH 9C"], HERZELN_CONTRACTS["herzeln-tricks"],
                plays="AH KH 10H QH 7C 8C QS 9C")
    assert deal_value(h, 0) == 10 and deal_value(h, 3) == 10  # +10 per trick, higher is better
    assert Objective(0, (0,), -1).value((20, 0, 0, 0)) == -20


def test_domino_value_by_place_and_fees():
    assert domino_value(None, (2, 0, 3, 1), 2) == 100  # first out: the weight of the pot share
    assert domino_value(None, (2, 0, 3, 1), 1) == 0
    assert domino_value(None, (2, 0, 3, 1), 0, fees=(5, 0, 0, 0)) == 45
    assert domino_value((0, -10, -20, -30), (2, 0, 3, 1), 3) == -20


def test_the_herzblatt_objective_is_the_sides_points():
    d = HerzblattDeal.from_seed(4, HerzblattRules(players=3))
    d.ask(True)
    sol = d.soloist
    assert objective(d.observation(sol)).side == (sol,)
    other = (sol + 1) % 3
    assert objective(d.observation(other)).side == tuple(s for s in range(3) if s != sol)
    assert objective(d.observation(other)).sign == 1


# --- the heuristic's teaching moves -----------------------------------------------------------------


def test_duck_under_the_card_now_winning_with_the_highest_card_that_still_loses():
    d = deal_of(["10H 7C 8C", "QH 9C 10C", "9H JH AH", "KC AC QC"], NO_TRICKS, plays="10H QH")
    ch = heuristic(d)
    assert ch.card.code == "JH"
    assert "duck" in ch.reason and "Q♥" in ch.reason


@pytest.mark.parametrize(("contract", "hand", "dangerous"), [
    (NO_MAX, "KH AS 7S", "KH"),
    (BLACK_PIG, "QS AH 7D", "QS"),
    (NO_HEARTS, "7H AH AS", "AH"),
    (NO_OBERS, "QD AS 7S", "QD"),
])
def test_shed_the_dangerous_card_when_void(contract, hand, dangerous):
    # Seat 0 leads clubs; seat 1 has none and throws its most dangerous card.
    d = deal_of(["7C 8C 9C", hand, "10C JC 8D", "QC KC 9D"], contract, plays="7C")
    ch = heuristic(d)
    assert ch.card.code == dangerous
    assert "void in clubs" in ch.reason and "shed" in ch.reason


def test_shed_the_dangerous_card_under_a_higher_one_while_following():
    d = deal_of(["AH 7C", "KH 7H", "8C 9C", "10C JC"], NO_MAX, plays="AH")
    ch = heuristic(d)
    assert ch.card.code == "KH" and "shed" in ch.reason


def test_lead_from_the_short_suit_to_make_a_void():
    # Sevens of clubs and diamonds are both sure losers (the lowest cards of the pack); the singleton goes.
    d = TrickDeal([cards("7C 8C 9C 7D AS KS QS JS"), cards("10C JC QC 8D 9D 10D 7S 8S"),
                   cards("KC AC JD QD KD AD 9S 10S"), cards("7H 8H 9H 10H JH QH KH AH")], NO_TRICKS)
    ch = heuristic(d)
    assert ch.card.code == "7D"
    assert "lead" in ch.reason


def test_keep_a_safe_exit_card():
    # 7C is the only card that can never win; 8D (with six higher diamonds out) is nearly as safe,
    # so the heuristic leads it and keeps 7C for later.
    d = TrickDeal([cards("7C 8C 9C 10C 8D AS AH KH"), cards("JC QC KC AC 7D 9D 10D 7S"),
                   cards("JD QD KD AD 8S 9S 10S JS"), cards("QS KS 7H 8H 9H 10H JH QH")], NO_TRICKS)
    ch = heuristic(d)
    assert ch.card.code == "8D"
    assert "exit" in ch.reason and "7♣" in ch.reason


def test_when_forced_to_win_last_take_it_high_without_adding_a_penalty():
    # No Obers: seat 2 threw the Ober QS; seat 3 (KS, AS) must take the trick: it takes it with AS.
    d = deal_of(["7S 7C", "8S 8C", "QS 9C", "KS AS"], NO_OBERS, plays="7S 8S QS")
    ch = heuristic(d)
    assert ch.card.code == "AS" and "must take" in ch.reason


def test_every_heuristic_choice_is_legal_and_has_a_reason():
    bot = HeuristicBot()
    for seed in range(40):
        for contract in list(KEIN_STICH_CONTRACTS.values()) + [c for c in HERZELN_CONTRACTS.values()
                                                                if isinstance(c, type(NO_TRICKS))]:
            p, n = ("german-32", 4) if contract.rules.order == "natural" else ("french-24", 3)
            d = TrickDeal.from_seed(p, n, seed, contract)
            while not d.is_over:
                ch = bot.decide(d.observation(d.turn))
                assert isinstance(ch, Choice) and ch.card in d.legal()
                assert len(ch.reason) > 10 and "\n" not in ch.reason
                d.play(ch.card)


def test_the_fast_playout_makes_the_same_choices_as_the_bot_handed_observations():
    bot = HeuristicBot()
    contracts = [*TRICK_CONTRACTS, BLACK_PIG, KEIN_STICH_CONTRACTS["power"],
                 HERZELN_CONTRACTS["herzeln-no-hearts"], HERZELN_CONTRACTS["herzeln-tricks"]]
    for seed in range(25):
        for contract in contracts:
            p = "german-32" if contract.rules.order == "natural" else "french-32"
            d = TrickDeal.from_seed(p, 4, seed, contract)
            slow = play_deal(d.copy(), [bot] * 4)
            fast = d.copy()
            heuristic_playout(fast)
            assert slow.plays == fast.plays, (contract.id, seed)


def test_simulations_play_mixed_lineups_as_the_bots_handed_observations():
    """The simulation's shortcut for a heuristic seat among other bots (its card from the kernel, no
    observation built) makes the moves ``play_deal`` makes, random bots drawing the same numbers."""
    from keinstich.sim.play import play

    for seed in range(20):
        for contract in (NO_HEARTS, KEIN_STICH_CONTRACTS["power"], HERZELN_CONTRACTS["herzeln-tricks"]):
            p = "german-32" if contract.rules.order == "natural" else "french-32"
            d = TrickDeal.from_seed(p, 4, seed, contract)
            lineup = [HeuristicBot(), RandomBot(seed), HeuristicBot(pack=p), RandomBot(seed + 1)]
            slow = play_deal(d.copy(), lineup)
            fast = d.copy()
            play(fast, [HeuristicBot(), RandomBot(seed), HeuristicBot(pack=p), RandomBot(seed + 1)])
            assert slow.plays == fast.plays and slow.scores() == fast.scores(), (contract.id, seed)


def test_simulations_play_herzblatt_cards_as_the_heuristic_bots_handed_observations():
    """A Herzblatt deal of heuristic bots: the cards the kernel finds for the card play are the ones each
    seat's bot picks from its own observation, in every preset and player count; among random bots, the
    card a heuristic seat picks on the deal itself (:func:`herzblatt_deal_card`) is the bot's too."""
    from keinstich.games import GAMES
    from keinstich.sim.play import play

    herzblatt = GAMES["herzblatt"]
    played = 0
    for players in (2, 3, 4, 5):
        for preset_id in herzblatt.contracts(players):
            for seed in range(6):
                try:
                    d = herzblatt.deal(preset_id, seed, players=players)
                except ValueError:  # a preset for other player counts
                    break
                for mixed in (False, True):
                    def lineup(mixed: bool = mixed, seed: int = seed, n: int = players) -> list[Bot]:
                        return [RandomBot(seed + s) if mixed and s % 2 else HeuristicBot() for s in range(n)]
                    slow = play_deal(d.copy(), lineup())
                    fast = d.copy()
                    play(fast, lineup())
                    assert slow.history == fast.history and slow.result() == fast.result(), (preset_id, seed)
                played += slow.trick_deal is not None
    assert played > 50


def test_herzblatt_deal_card_is_refused_outside_the_card_play():
    from keinstich.bots.herzblatt import herzblatt_deal_card
    from keinstich.games import GAMES

    d = GAMES["herzblatt"].deal("herzblatt-3", 1, players=3)
    assert d.phase == "asking"
    with pytest.raises(BotError, match="card play"):
        herzblatt_deal_card(d)


def test_simulations_play_lay_off_deals_as_the_bots_handed_observations():
    """A heuristic bot in a lay-off deal (rows or chain, passing free or not, among random bots or not)
    chooses on the deal itself in simulations: the same moves as from its observation's replay."""
    from keinstich.games import GAMES
    from keinstich.sim.play import play

    for gid in ("kein-stich", "herzeln"):
        g = GAMES[gid]
        for cid in [c for c in g.contracts(4) if "domino" in c]:
            for seed in range(4):
                d = g.deal(cid, seed, players=4)
                for lineup in (lambda: [HeuristicBot()] * 4, lambda s=seed: [HeuristicBot(), RandomBot(s)] * 2):
                    slow = play_deal(d.copy(), lineup())
                    fast = d.copy()
                    play(fast, lineup())
                    assert slow.history == fast.history and slow.result() == fast.result(), (cid, seed)
    voluntary = domino_contract("any", voluntary_pass=True)  # random bots pass at random, not round and round
    passes = 0
    for seed in range(6):
        d = DominoDeal.from_seed("german-32", 4, seed, voluntary)
        slow = play_deal(d.copy(), [HeuristicBot(), RandomBot(seed)] * 2)
        fast = d.copy()
        play(fast, [HeuristicBot(), RandomBot(seed)] * 2)
        assert slow.plays == fast.plays and slow.finish_order == fast.finish_order, seed
        passes += sum(c is None for _, c in slow.plays)
    assert passes > 6


def test_the_pack_in_play_is_told_from_the_observation_or_given():
    d = TrickDeal.from_seed("german-24", 3, 1, NO_HEARTS)
    assert in_play_mask(d.observation(0)) == pack("german-24").mask
    odd = TrickDeal([cards("AH KH"), cards("QH JH")], NO_HEARTS)
    with pytest.raises(BotError, match="pack="):
        in_play_mask(odd.observation(0))
    assert in_play_mask(odd.observation(0), "french-32") == pack("french-32").mask


# --- what the play reveals ------------------------------------------------------------------------------


def test_exclusions_from_not_following_not_trumping_and_not_overtrumping():
    rules = HERZBLATT_POINTS.rules  # hearts trump, must trump, must beat a trump lead
    # Trick 1: seat 0 leads AS, seat 1 throws 7C (no spade, so no trump either), seat 2 trumps 7H.
    # Trick 2: seat 2 leads KH (ace-ten order: A 10 K Q J 9 8 7), seat 0 follows 9H: no A or 10 of hearts.
    d = TrickDeal([cards("AS 9H 8D"), cards("7C 8C 9C"), cards("7H KH 7D")], HERZBLATT_POINTS, leader=0,
                  rules=rules)
    d.play("AS")
    d.play("7C")
    d.play("7H")
    d.play("KH")
    ex = exclusions(d.observation(1))
    assert ex[1] & mask_of(cards("KS 10H 2H"))  # spades and trumps
    assert ex[1] & mask_of(cards("AH")) and not ex[1] & mask_of(cards("AD"))
    assert ex[2] & mask_of(cards("AS")) and not ex[2] & mask_of(cards("AH"))
    assert not ex[0]
    with_follow = TrickDeal([cards("AS 9H 8D"), cards("7C 8C 9C"), cards("7H KH 7D")], HERZBLATT_POINTS,
                            leader=2, rules=rules)
    with_follow.play("KH")
    with_follow.play("9H")
    ex = exclusions(with_follow.observation(1))
    assert ex[0] == mask_of(cards("AH 10H"))


def test_the_true_hands_always_fit_what_a_seat_knows():
    """The sampler's constraints never exclude the real deal (the bug class of samplers that leak or
    ignore voids): over random deals of every trick game, the true hidden hands satisfy them."""
    games = [(c, "german-32", 4) for c in TRICK_CONTRACTS] + [
        (HERZBLATT_POINTS, "french-32", 4), (HERZELN_CONTRACTS["herzeln-no-queens"], "french-24", 3)]
    for seed in range(60):
        contract, p, n = games[seed % len(games)]
        d = TrickDeal.from_seed(p, n, seed, contract)
        rng = random.Random(seed)
        for _ in range(rng.randrange(d.total_tricks * n)):
            d.play(rng.choice(d.legal()))
        for seat in range(n):
            know = trick_knowledge(d.observation(seat), pack(p).mask)
            for s in range(n):
                if s != seat:
                    assert not mask_of(d.hand(s)) & know.excluded[s], (seed, seat, s)
                    assert mask_of(d.hand(s)) & ~know.unseen == 0


# --- the sampler -------------------------------------------------------------------------------------


def brute_deals(cs, caps, excluded):
    out = []
    m = len(caps)
    for assign in itertools.product(range(m), repeat=len(cs)):
        if any(assign.count(j) != caps[j] for j in range(m)):
            continue
        if any(excluded[j] & cs[i].bit for i, j in enumerate(assign)):
            continue
        hands = [0] * m
        for i, j in enumerate(assign):
            hands[j] |= cs[i].bit
        out.append(tuple(hands))
    return out


@settings(max_examples=120, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_sampler_counts_and_lists_exactly_the_deals_that_fit(data):
    cs = cards("AC KC QC AS KS AH KH QH")[: data.draw(st.integers(3, 8))]
    m = data.draw(st.integers(1, 4))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(cs)), min_size=m - 1, max_size=m - 1)))
    caps = [b - a for a, b in zip([0, *cuts], [*cuts, len(cs)], strict=True)]
    suits = [data.draw(st.sampled_from([0, mask_of(cards("AC KC QC")), mask_of(cards("AH KH QH")),
                                        mask_of(cards("AS KS"))])) for _ in range(m)]
    truth = brute_deals(cs, caps, suits)
    if not truth:
        with pytest.raises(SamplerError):
            HandSampler(mask_of(cs), caps, suits)
        return
    s = HandSampler(mask_of(cs), caps, suits)
    assert s.count() == len(truth)
    assert sorted(tuple(h) for h in s.all()) == sorted(truth)
    rng = random.Random(1)
    for _ in range(5):
        assert tuple(s.sample(rng)) in set(truth)


def test_the_sampler_is_uniform():
    # 6 cards to 3 seats of 2; seat 0 has no spades: 3 spades must spread over seats 1 and 2.
    cs = cards("AS KS QS AH KH QH")
    s = HandSampler(mask_of(cs), [2, 2, 2], [mask_of(cards("AS KS QS")), 0, 0])
    truth = brute_deals(cs, [2, 2, 2], [mask_of(cards("AS KS QS")), 0, 0])
    assert s.count() == len(truth) == 18
    rng = random.Random(7)
    n = 9000
    freq = Counter(tuple(s.sample(rng)) for _ in range(n))
    assert set(freq) == set(truth)
    expected = n / len(truth)
    chi2 = sum((freq[t] - expected) ** 2 / expected for t in truth)
    assert chi2 < 45  # 17 degrees of freedom: the 99.99th percentile is about 45


def test_the_sequential_fallback_deals_valid_hands():
    cs = cards("AS KS QS JS AH KH QH JH AD KD")
    excluded = [mask_of(cards("AS KS QS JS")), mask_of(cards("AH KH QH JH")), 0]
    s = HandSampler(mask_of(cs), [3, 3, 4], excluded, budget=0)
    assert s.count() == -1
    rng = random.Random(3)
    for _ in range(200):
        hands = s.sample(rng)
        assert [h.bit_count() for h in hands] == [3, 3, 4]
        assert not any(h & e for h, e in zip(hands, excluded, strict=True))
        assert hands[0] | hands[1] | hands[2] == mask_of(cs)


def test_a_sampled_world_replays_the_open_play():
    d = TrickDeal.from_seed("german-32", 4, 9, NO_HEARTS)
    rng = random.Random(9)
    for _ in range(13):
        d.play(rng.choice(d.legal()))
    obs = d.observation(d.turn)
    know = trick_knowledge(obs, pack("german-32").mask)
    sampler = know.sampler()
    for _ in range(20):
        w = world(obs, know.hands(sampler.sample(rng), mask_of(obs.hand)))
        assert w.plays == d.plays and w.hand(obs.seat) == obs.hand and w.turn == d.turn
        assert w.observation(obs.seat).legal == obs.legal


# --- strength --------------------------------------------------------------------------------------


def duplicate_gain(contract, challenger, baseline, deals, offset=0):
    """Mean of (challenger's penalty - baseline's penalty) in the same seat of the same deal, the
    three other seats played by the baseline."""
    gains = []
    for i in range(deals):
        seat = i % 4
        d = TrickDeal.from_seed("german-32", 4, offset + i, contract)
        base = play_deal(d.copy(), [baseline(i, s) for s in range(4)]).scores()[seat]
        bots = [baseline(i, s) for s in range(4)]
        bots[seat] = challenger(i)
        gains.append(play_deal(d.copy(), bots).scores()[seat] - base)
    return statistics.mean(gains), statistics.stdev(gains) / len(gains) ** 0.5


@pytest.mark.parametrize("contract", TRICK_CONTRACTS, ids=lambda c: c.id)
def test_the_heuristic_beats_random_play(contract):
    mean, se = duplicate_gain(contract, lambda i: HeuristicBot(), lambda i, s: RandomBot(f"{i}:{s}"), 200)
    assert mean + 2.5 * se < 0, (mean, se)


def test_monte_carlo_beats_random_play():
    mean, se = duplicate_gain(NO_HEARTS, lambda i: MonteCarloBot(i, samples=12),
                              lambda i, s: RandomBot(f"{i}:{s}"), 24)
    assert mean + 2 * se < 0, (mean, se)


def test_monte_carlo_strength_and_time_are_settings():
    d = TrickDeal.from_seed("german-32", 4, 2, NO_OBERS)
    obs = d.observation(0)
    quick = MonteCarloBot(1, samples=500, time_limit=0.0).decide(obs)
    assert quick.card in obs.legal and "over 1 sampled deals" in quick.reason
    assert "over 7 sampled deals" in MonteCarloBot(1, samples=7).decide(obs).reason
    again = [MonteCarloBot(5, samples=10).decide(obs).move for _ in range(2)]
    assert again[0] == again[1]  # no time limit: the same seed gives the same choice
    with pytest.raises(ValueError, match="samples must be a whole number of 1 or more"):
        MonteCarloBot(samples=0)


def test_monte_carlo_can_play_out_without_reading_names():
    # names_free: the play-outs break the heuristic's ties as the coach's judgement does, not by suit name; the
    # same seed draws the same deals, so where a tie falls differently the averages (in the reason) differ
    differ = 0
    for seed in range(12):
        d = TrickDeal.from_seed("german-32", 4, seed, [NO_TRICKS, NO_HEARTS, NO_OBERS][seed % 3])
        obs = d.observation(d.turn)
        named = MonteCarloBot(seed, samples=24).decide(obs)
        free = MonteCarloBot(seed, samples=24, names_free=True).decide(obs)
        assert free.card in obs.legal and free == MonteCarloBot(seed, samples=24, names_free=True).decide(obs)
        differ += named.reason != free.reason
    assert differ
    with pytest.raises(ValueError, match="names_free must be True or False, not 'yes'"):
        MonteCarloBot(names_free="yes")


def test_monte_carlo_is_exact_when_the_hidden_hands_are_known():
    # Two players: the unseen cards are the other hand, so with three tricks left the bot solves the
    # one deal that fits and must play a card the solver calls best.
    checked = 0
    for seed in range(40):
        d = TrickDeal.from_seed("german-32", 2, seed, [NO_TRICKS, NO_HEARTS, NO_OBERS][seed % 3])
        rng = random.Random(seed)
        while len(d.hand(d.turn)) > 3 or d.trick:
            d.play(rng.choice(d.legal()))
        best = best_cards(d)
        if len(best) == len(d.legal()):
            continue  # every card is as good: nothing to check
        ch = MonteCarloBot(seed, exact_tricks=3).decide(d.observation(d.turn))
        assert ch.card in best, seed
        assert "all 1 deals that fit" in ch.reason and "solved exactly" in ch.reason
        checked += 1
    assert checked >= 8


# --- the lay-off deal and Herzblatt ------------------------------------------------------------------


@pytest.mark.parametrize("contract", [DOMINO, HERZELN_DOMINO, domino_contract("any", voluntary_pass=True)],
                         ids=lambda c: c.id)
def test_every_bot_plays_a_lay_off_deal_to_its_end(contract):
    p = "german-32" if contract.rules.order == "natural" else "french-32"
    for seed in range(3):
        d = DominoDeal.from_seed(p, 4, seed, contract)
        bots = [RandomBot(seed), HeuristicBot(), MonteCarloBot(seed, samples=6), RandomBot(seed + 1)]
        out = play_deal(d, bots)
        assert out.is_over and sorted(out.finish_order) == [0, 1, 2, 3]


def test_the_domino_heuristic_lays_the_unter_that_starts_and_explains():
    d = DominoDeal.from_seed("german-32", 4, 5, DOMINO)
    ch = HeuristicBot().decide(d.observation(d.turn))
    assert ch.card.code == "JC" and ch.reason


def test_discards_bank_loose_points_make_a_void_and_keep_trumps_aces_and_guarded_tens():
    hand = cards("AH 10H KH AC 10C 10S 8S KD 9D")
    pair, why = best_discards(hand)
    assert {c.code for c in pair} == {"10S", "8S"}
    assert "10 points banked" in why and "void in spades" in why


def test_the_solo_decision_counts_trumps_and_high_cards():
    strong = cards("AH 10H KH QH 9H AC 10C")
    weak = cards("8H 7C 9C JS 8S 9D 10D")
    assert hand_value(strong, 4) > 69 > hand_value(weak, 4)
    rules = HerzblattRules(players=4)
    d = HerzblattDeal([strong, weak, cards("JH AS 10S KS QS 7S KC"), cards("QC JC 8C AD KD QD JD")],
                      cards("9S 8D"), rules)
    seat = d.turn
    assert seat == 0
    yes = HeuristicBot().decide(d.observation(0))
    assert yes.move == Ask(True) and "trumps" in yes.reason


def test_bots_play_herzblatt_to_the_end():
    for players in (3, 4):
        rules = HerzblattRules(players=players)
        for seed in range(4):
            d = HerzblattDeal.from_seed(seed, rules)
            bots = [HeuristicBot(), RandomBot(seed), MonteCarloBot(seed, samples=8), HeuristicBot(),
                    RandomBot(seed + 1)][:players]
            out = play_deal(d, bots)
            assert out.is_over and sum(out.settlement().stakes) == 0


def test_a_bot_offers_its_quick_play_only_for_its_own_decisions():
    """The heuristic and the random bot offer a quick play (their moves made on the deal itself); a bot of a
    subclass that decides otherwise does not, so a simulation asks it for every move."""
    from keinstich.bots.base import quick_play

    class Stubborn(HeuristicBot):
        def _trick(self, obs):
            return Choice(obs.legal[-1], "always the last card")

    assert quick_play(HeuristicBot()) is not None and quick_play(RandomBot(1)) is not None
    assert quick_play(Stubborn()) is None and quick_play(MonteCarloBot(1)) is None
    assert quick_play(HeuristicBot(pack="german-32")) == quick_play(HeuristicBot(pack="german-32"))
    d = TrickDeal.from_seed("german-32", 4, 5, NO_HEARTS)
    from keinstich.sim.play import play

    slow, fast = d.copy(), d.copy()
    play_deal(slow, [Stubborn()] * 4)
    play(fast, [Stubborn()] * 4)
    assert slow.plays == fast.plays and slow.plays[0][1] == d.legal()[-1]
