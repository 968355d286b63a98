"""simulate and simulate_partie through the one interface (Game, Deal, Partie) for every game, and for a
game of this test's own; golden frames computed before keinstich/sim was rewritten against it."""

import pandas as pd
import pytest

from keinstich.bots import play_deal
from keinstich.cards import Card
from keinstich.contracts import Contract, PerCard, PerTrick
from keinstich.dealing import deal_hands
from keinstich.game import Game, GameError, Settled
from keinstich.games import GAMES, register
from keinstich.games.herzblatt import HerzblattError
from keinstich.games.herzeln import HerzelnError
from keinstich.layoff import PAYOUT_WEIGHTS, domino_contract, payout_shares
from keinstich.partie import play_partie
from keinstich.sim import (
    SimulationError,
    bot_seed,
    deal_seed,
    make_bot,
    one_deal,
    simulate,
    simulate_partie,
    tournament,
)
from keinstich.sim.bot_specs import partie_bot_seed, partie_seed
from keinstich.tricks import TrickDeal, forehand


def values(frame, column):
    return [None if pd.isna(x) else x if isinstance(x, str) else int(x) for x in frame[column]]


# --- the same seeds give the same frames as before ------------------------------------------------

GOLDEN = [
    (lambda: simulate("no-hearts", 3, seed=1), "score", [5, 20, 15, 0, 25, 5, 5, 5, 10, 20, 0, 10]),
    (lambda: simulate("no-obers", 3, bots="heuristic,random,heuristic,random", seed="x"), "score",
     [10, 0, 10, 20, 20, 0, 0, 20, 0, 10, 0, 30]),
    (lambda: simulate("domino", 3, bots="random", seed=3), "score",
     [-10, 0, -100, -50, -100, -50, -10, 0, -50, -10, 0, -100]),
    (lambda: simulate("domino", 3, bots="random", seed=3), "place", [3, 4, 1, 2, 1, 2, 3, 4, 2, 3, 4, 1]),
    (lambda: simulate("tricks", 3, game="herzeln", bots="random", seed=1), "score",
     [20, 20, 30, 10, 10, 10, 30, 30, 30, 0, 20, 30]),
    (lambda: simulate("herzeln-domino", 2, game="herzeln", players=3, bots="heuristic", seed=1), "score",
     [-10, 0, -20, -10, -20, 0]),
    (lambda: simulate("herzblatt", 4, game="herzblatt", players=3, bots="heuristic,random,random", seed=4), "score",
     [0, 0, 0, 4, -8, 4, 0, 0, 0, 2, 2, -4]),
    (lambda: simulate("herzblatt", 4, game="herzblatt", players=3, bots="heuristic,random,random", seed=4),
     "card_points", [None, None, None, 43, 20, 57, None, None, None, 29, 37, 54]),
    (lambda: tournament("heuristic,random", "no-max", 2, seed=4), "score",
     [0, 40, 0, 0, 0, 0, 40, 0, 40, 0, 0, 0, 40, 0, 0, 0]),
    (lambda: simulate_partie("king-louis", 1, bots="random", seed=4), "net",
     [-25, 0, 0, -15, -35, -10, 0, -35, -75, -10, 0, -35, -70, -10, 40, 40]),
    (lambda: simulate_partie("herzblatt-4", 1, game="herzblatt", bots="heuristic", seed=2), "score",
     [3, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 3, -1]),
]


@pytest.mark.parametrize(("make", "column", "expected"), GOLDEN)
def test_the_same_seeds_give_the_frames_they_gave_before(make, column, expected):
    assert values(make(), column) == expected


def test_a_herzeln_partie_ends_as_before():
    f = simulate_partie("herzeln-3", 1, game="herzeln", bots="random", seed=2)
    assert values(f[f["deal_no"] == 8], "net") == [-48, -32, -101]


# --- one interface for every game -----------------------------------------------------------------

CASES = {"kein-stich": ("no-obers", "king-louis"), "herzeln": ("no-queens", "herzeln-3"),
         "herzblatt": ("herzblatt-3", "herzblatt-3")}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_simulate_rows_are_the_games_deals_played_by_the_bots(game_id):
    g = GAMES[game_id]
    contract = CASES[game_id][0]
    players = g.deal(contract).players
    lineup = (["heuristic", "random"] * 3)[:players]
    f = simulate(contract, 3, game=game_id, bots=lineup, seed=7)
    assert set(f["game"]) == {game_id} and set(f["unit"]) == {g.unit}
    assert set(g.extra_columns) <= set(f.columns)
    for i in range(3):
        deal = g.deal(contract, deal_seed(7, i))
        pack = f["pack"].iloc[0]
        play_deal(deal, [make_bot(lineup[s], bot_seed(7, i, s), pack=pack) for s in range(players)])
        result = deal.result()
        rows = f[f["deal"] == i].sort_values("seat")
        assert values(rows, "score") == list(result.scores)
        assert values(rows, "tricks") == list(result.tricks or (None,) * players)
        for name in g.extra_columns:
            assert values(rows, name) == list(result.columns[name])
        assert one_deal(contract, i, game=game_id, bots=lineup, seed=7).history == deal.history


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_simulate_partie_rows_are_the_partie_settled_deal_by_deal(game_id):
    g = GAMES[game_id]
    preset = CASES[game_id][1]
    f = simulate_partie(preset, 1, game=game_id, bots="random", seed=5)
    partie = g.partie(preset, partie_seed(5, 0))
    bots = [make_bot("random", partie_bot_seed(5, 0, s), pack=partie.pack) for s in range(partie.players)]
    settled = []
    while not partie.is_over:
        play_deal(partie.deal_next(), bots)
        settled.append(partie.settle())
    assert partie.current is None and all(isinstance(s, Settled) for s in settled)
    assert list(f.groupby("deal_no")["contract"].first()) == [s.contract for s in settled]
    for s in settled:
        rows = f[f["deal_no"] == s.number].sort_values("seat")
        assert values(rows, "score") == list(s.scores)
        assert values(rows, "paid") == list(s.paid) and values(rows, "received") == list(s.received)
        assert values(rows, "pot") == [s.pot] * partie.players
    assert set(f["pack"]) == {partie.pack.id} and set(f["unit"]) == {g.unit}


def test_a_lone_domino_deal_pays_out_its_pass_fees_with_the_pot():
    # What a seat pays in a lone lay-off deal: its pass fees less its share of the pot and all the fees.
    with_fees = domino_contract("acorns", pass_fee=5)
    for pot in (None, 120):
        f = simulate(with_fees, 8, bots="random", seed=2, pot=pot)
        fees_paid = 0
        for i in range(8):
            d = one_deal(with_fees, i, bots="random", seed=2, pot=pot)
            fees = d.fees()
            fees_paid += sum(fees)
            shares = payout_shares((pot or 160) + sum(fees), d.finish_order, PAYOUT_WEIGHTS[4])
            assert values(f[f["deal"] == i], "score") == [fees[s] - shares[s] for s in range(4)]
        assert fees_paid > 0


# --- the parties: one loop, refusals --------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "error"), [("herzeln", HerzelnError), ("herzblatt", HerzblattError)])
def test_a_partie_deals_again_only_after_settling(game_id, error):
    partie = GAMES[game_id].partie(None, seed=3)
    deal = partie.deal_next()
    with pytest.raises(error, match="has not been settled"):
        partie.deal_next()
    with pytest.raises(error, match="no finished deal to settle"):
        partie.settle()
    play_deal(deal, [make_bot("random", s) for s in range(partie.players)])
    settled = partie.settle()
    assert settled.number == 1 and partie.current is None
    assert settled.paid == tuple(max(-x, 0) for x in settled.scores)


def test_herzblatt_deals_next_from_hands_and_skat():
    partie = GAMES["herzblatt"].partie("herzblatt-3", seed=1)
    *hands, skat = deal_hands(partie.pack, 3, 9, skat=2)
    deal = partie.deal_next([*hands, skat])
    assert deal.dealt == tuple(hands) and deal.dealer == partie.next_dealer()
    with pytest.raises(HerzblattError, match="give 3 hands and the skat"):
        GAMES["herzblatt"].partie("herzblatt-3").deal_next(hands)


def test_kein_stich_settles_pot_and_payments():
    partie = GAMES["kein-stich"].partie("king-louis", seed=2)
    partie.play()
    for result in partie.results:
        assert result.scores == tuple(p - r for p, r in zip(result.paid, result.received, strict=True))
    assert [r.pot for r in partie.results] == [40, 80, 120, 0]
    assert partie.results[0].scores == partie.results[0].deal.scores()


def test_a_policy_that_passes_in_a_trick_deal_is_refused():
    partie = GAMES["herzeln"].partie("herzeln-4")
    with pytest.raises(HerzelnError, match="passed, but a trick deal has no passing"):
        play_partie(partie, [lambda obs: None] * 4, None, HerzelnError)


def test_a_partie_is_a_preset_or_rules_of_its_game():
    with pytest.raises(GameError, match="a Herzeln partie is a preset id or HerzelnRules, not 42"):
        GAMES["herzeln"].partie(42)
    with pytest.raises(SimulationError, match="a Kein Stich partie is a preset id or PartieRules"):
        simulate_partie(GAMES["herzeln"].preset(), 1)


# --- a game of our own ------------------------------------------------------------------------------

NO_KINGS = Contract("no-kings", "No Kings", (PerCard(-10, rank="K"),), unit="points", game="mini-lorum")
TRICKS = Contract("tricks", "Tricks", (PerTrick(5),), unit="points", game="mini-lorum")


class MiniLorum(Game):
    """Four players, twenty cards, a deal without Kings and a deal of tricks: a Lorum in miniature."""

    id = "mini-lorum"
    name = "Mini Lorum"
    german = "Lorum"
    unit = "points"
    player_counts = (4,)

    def packs(self, players):
        return ("french-20",)

    def contracts(self, players=4):
        return {c.id: c for c in (NO_KINGS, TRICKS)}

    def presets(self):
        return {"mini": (NO_KINGS, TRICKS)}

    def preset(self, preset_id=None, **changes):
        return self.presets()[preset_id or "mini"]

    def settings(self):
        return ()

    def deal(self, contract, seed=0, *, players=None, pack=None, dealer=None):
        n = self.check_players(players if players is not None else 4)
        return TrickDeal.from_seed(self.pack(n, pack), n, seed, self.contract(contract, n), dealer=dealer)

    def deal_from_text(self, contract, text, *, players=None, pack=None, dealer=None):
        raise GameError("not in this test")

    def partie(self, preset=None, seed=0, **changes):
        return MiniPartie(self, self.preset(preset), seed)

    def record_of(self, deal, *, pack=None, dealer=None):
        raise GameError("not in this test")

    def replay(self, record, upto=None):
        raise GameError("not in this test")

    def validate(self, record):
        raise GameError("not in this test")

    def summary(self, record, deal):
        raise GameError("not in this test")


class MiniPartie:
    """Each contract once, the deal passing clockwise; points add up."""

    players = 4

    def __init__(self, game, contracts, seed):
        self.game, self.contracts, self.seed = game, contracts, seed
        self.settled: list[Settled] = []
        self.current = None

    @property
    def pack(self):
        return self.game.pack(4)

    @property
    def is_over(self):
        return len(self.settled) == len(self.contracts)

    def deal_next(self, hands=None):
        k = len(self.settled)
        self.current = TrickDeal(hands or deal_hands(self.pack, 4, f"{self.seed}/{k}"), self.contracts[k],
                                 leader=forehand(k, 4))
        return self.current

    def settle(self):
        k = len(self.settled)
        self.settled.append(Settled(k + 1, self.contracts[k].id, k, self.current.scores()))
        self.current = None
        return self.settled[-1]


@pytest.fixture
def mini_lorum():
    game = register(MiniLorum())
    yield game
    del GAMES[game.id]


def test_a_game_registered_by_a_reader_simulates(mini_lorum):
    f = simulate("no-kings", 6, game="mini-lorum", bots="heuristic,random,random,heuristic", seed=1)
    assert set(f["game"]) == {"mini-lorum"} and set(f["pack"]) == {"french-20"} and set(f["unit"]) == {"points"}
    assert (f.groupby("deal")["score"].sum() == -40).all()  # four Kings
    assert (f.groupby("deal")["tricks"].sum() == 5).all()  # 20 cards, 5 each
    heuristic = simulate("tricks", 3, game="mini-lorum", seed=1)  # the heuristic play-out serves any trick game
    assert (heuristic.groupby("deal")["score"].sum() == 25).all()
    d = one_deal("no-kings", 2, game="mini-lorum", bots="heuristic,random,random,heuristic", seed=1)
    assert d.over and all(isinstance(c, Card) for _, c in d.history)
    assert values(f[f["deal"] == 2], "score") == list(d.result().scores)
    p = simulate_partie("mini", 2, game="mini-lorum", bots="random", seed=1)
    assert list(p["contract"].unique()) == ["no-kings", "tricks"] and p["pot"].isna().all()
    assert set(p["unit"]) == {"points"}
    with pytest.raises(SimulationError, match="unknown mini-lorum contract 'no-queens'"):
        simulate("no-queens", 1, game="mini-lorum")
