"""The bots' reasons say only what is true of the position the seat sees (issue 12, "Reasons that are true").

Seeded deals of every game, contract and player count are played (a mix of the heuristic's and random
moves), and at every decision the heuristic bot's reason is checked against the claims of
tests/reason_claims.py, the specification: each claim a small predicate on the position as the seat
sees it. Fewer positions check the Monte Carlo bot's own lines.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from reason_claims import (
    HERZBLATT_TAIL,
    View,
    check_herzblatt_decision,
    check_herzblatt_tail,
    check_lay_off,
    check_names,
    check_same_play,
    check_trick_reason,
    named,
    only_card,
)

from keinstich.bots import HeuristicBot
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.cards import Card, Suit, card, cards
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS
from keinstich.deal import Announce, Ask, Contra, Re
from keinstich.games import GAMES
from keinstich.tricks import TrickDeal
from keinstich.wording import naming, reason_words

BOT = HeuristicBot()
POWER = KEIN_STICH_CONTRACTS["power"]


@pytest.fixture(autouse=True)
def french_words() -> Any:
    """The claims read the engine's words (card symbols, French suit names): a German deal's bot would
    otherwise explain itself in German words (tests/test_play_tricks.py)."""
    with naming("french"):
        yield


# --- positions ------------------------------------------------------------------------------------


def setups(game_id: str) -> list[tuple[str, int]]:
    g = GAMES[game_id]
    out = []
    for players in g.player_counts:
        for cid in g.contracts(players):
            try:
                g.deal(cid, 0, players=players)
            except ValueError:  # a preset made for other player counts
                continue
            out.append((cid, players))
    return out


def positions(game_id: str, deals: int) -> Any:
    """(deal, observation, the heuristic's move and reason) at every decision of seeded deals, played on
    by the heuristic or at random (half and half), so that odd positions come up too."""
    g = GAMES[game_id]
    for cid, players in setups(game_id):
        for seed in range(deals):
            deal = g.deal(cid, seed, players=players)
            rng = random.Random(seed)
            while not deal.is_over:
                obs = deal.observation(deal.turn)
                if obs.kind == "herzblatt":
                    d = BOT.decide(obs)
                    bot_move, reason = d.move, d.reason
                    # what the claims read: a call's value (True, "66", None), the discard's two cards, a card
                    move = bot_move[0] if isinstance(bot_move, Ask | Announce | Contra | Re) else bot_move
                else:
                    ch = BOT.decide(obs)
                    move = bot_move = ch.card
                    reason = ch.reason
                yield deal, obs, move, reason
                moves = deal.legal_moves()
                deal.play(bot_move if rng.random() < 0.5 else moves[rng.randrange(len(moves))])


def check_trick(obs: Any, move: Card, reason: str, discards: tuple[Card, ...] = (),
                side: tuple[int, ...] | None = None, in_play: int | None = None) -> str:
    v = View(obs, discards, side, in_play)
    assert move in v.legal
    check_names(reason, v.hand | {c for _, c in v.trick})
    assert ("the only card" in reason) == only_card(v), reason
    return check_trick_reason(v, reason)


@pytest.mark.parametrize("game_id", ["kein-stich", "herzeln"])
def test_every_trick_and_lay_off_reason_is_true(game_id: str) -> None:
    seen: dict[str, int] = {}
    checked = 0
    for deal, obs, move, reason in positions(game_id, 2 if game_id == "kein-stich" else 4):
        if obs.kind == "lay-off":
            key = check_lay_off(deal, obs, move, reason)
        else:
            key = check_trick(obs, move, reason)
        seen[key] = seen.get(key, 0) + 1
        checked += 1
    assert checked > 2000
    print(f"{game_id}: {checked} positions, {len(seen)} kinds of reason")


def test_every_herzblatt_reason_is_true() -> None:
    checked = held_higher = 0
    for _, obs, move, reason in positions("herzblatt", 4):
        if obs.phase == "play":
            m = re.fullmatch(HERZBLATT_TAIL, reason)
            assert m, reason
            v_side = ((obs.soloist,) if obs.seat == obs.soloist else
                      tuple(s for s in range(obs.players) if s != obs.soloist))
            check_trick(obs.trick, move, m["main"], obs.discards, v_side, obs.rules.pack.mask)
            check_herzblatt_tail(obs, m, v_side)
            # the issue's case: drawing trumps with 10♥ while holding A♥ (once "the highest trump left")
            held_higher += m["main"].startswith("draw trumps with") and any(
                c.suit == Suit.HEARTS and c.rank > move.rank for c in obs.hand)
        else:
            check_herzblatt_decision(obs, move, reason)
        checked += 1
    assert checked > 2000 and held_higher > 0
    print(f"herzblatt: {checked} positions")


def test_the_issues_examples_now_say_what_the_code_means() -> None:
    """No Hearts: the last seat holds Q♥ and A♥, and both win the trick. Once "take it with A♥, the cheapest
    card that wins"; A♥ is taken because both cost the same and it is the highest."""
    d = TrickDeal([cards("7H 7C"), cards("9H 8C"), cards("8H 9C"), cards("QH AH")], NO_HEARTS, leader=0)
    for code in ("7H", "9H", "8H"):
        d.play(code)
    ch = HeuristicBot(pack="french-52").decide(d.observation(3))
    assert ch == (card("AH"), "you must take this trick (every card you may play beats 9♥): take it with your "
                              "highest card, A♥")
    # Power: K♥ costs 45 and A♥ 5: A♥ is the card that adds least, which is not the lowest
    d = TrickDeal([cards("7H 7C"), cards("9H 8C"), cards("8H 9C"), cards("KH AH")], POWER, leader=0)
    for code in ("7H", "9H", "8H"):
        d.play(code)
    ch = HeuristicBot(pack="french-52").decide(d.observation(3))
    assert ch == (card("AH"), "you must take this trick (every card you may play beats 9♥): take it with A♥: every "
                              "other card would add more to what the trick costs")


# --- the Monte Carlo bot's own lines -------------------------------------------------------------------


def test_monte_carlo_reasons_name_the_seats_cards_and_say_only_when_it_is_the_only_card() -> None:
    checked = 0
    for game_id in GAMES:
        for i, (_, obs, _, _) in enumerate(positions(game_id, 1)):
            if i % 41 or (obs.kind == "herzblatt" and obs.phase != "play"):
                continue
            bot = MonteCarloBot(i, samples=4)
            if obs.kind == "herzblatt":
                ch = bot.decide(obs)
                t, move, reason = obs.trick, ch.move, ch.reason
            else:
                ch2 = bot.decide(obs)
                t, move, reason = obs, ch2.card, ch2.reason
            legal = list(t.legal)
            assert move is None or move in legal
            assert set(named(reason)) <= set(legal), reason
            assert "only card" not in reason or len(legal) == 1, reason
            assert "only card" in reason or len(legal) != 1 or getattr(obs, "can_pass", False), reason
            if "plays the same" in reason:
                check_same_play(t, legal, obs.rules.pack.mask if obs.kind == "herzblatt" else None)
            checked += 1
    assert checked > 60


# --- the same reasons in German ----------------------------------------------------------------------------


ENGLISH = re.compile(r"\b(you|your|the|trick|lead|card|cards|play|points?|trumps?|with|and|of)\b")


@pytest.mark.parametrize("game_id", ["kein-stich", "herzeln", "herzblatt"])
def test_every_heuristic_reason_is_said_in_german_too(game_id: str) -> None:
    """A heuristic reason is data: said again in German it is German (no English word left), names the cards
    of the English line in the faces' German words, and is said the same however often it is asked."""
    kinds: set[str] = set()
    checked = 0
    for _, _, _, reason in positions(game_id, 1):
        german = reason_words(reason, "de", style="german")
        assert german and not ENGLISH.search(german), (reason, german)
        french_named = reason_words(reason, "en", style="french")
        assert french_named == reason  # the English line, made with French names here (this test's naming)
        for c in named(reason):  # one card by its name ("Grün-Ober"); several of a suit together ("7 und Ober in Grün")
            assert c.label("german", "de") in german or (c.rank.label("german", "de") in german
                                                         and c.suit.label("german", "de") in german), (reason, german)
        assert reason_words(reason, "de", style="german") == german
        kinds.add(reason.rule)
        checked += 1
    assert checked > 300 and kinds >= ({"trump", "herzblatt-call"} if game_id == "herzblatt" else {"trick"})
    print(f"{game_id}: {checked} reasons said in German")


def test_a_german_reason_names_the_contract_in_german() -> None:
    d = TrickDeal.from_seed("german-32", 4, 7, NO_HEARTS)
    reason = HeuristicBot().decide(d.observation(d.turn)).reason
    with naming("german"):
        again = HeuristicBot().decide(d.observation(d.turn)).reason
    assert reason_words(reason, "de", style="german") == reason_words(again, "de")
    assert reason_words("random: the 7 of Acorns out of 8 legal cards", "de") == (
        "random: the 7 of Acorns out of 8 legal cards")  # a line that is no data comes back as it is
