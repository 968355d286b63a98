"""Replay(reasons=...): at each step the card just played and the bot's reason for it, in the faces' words."""

from __future__ import annotations

import pytest

from keinstich.bots import HeuristicBot, RandomBot, play_deal
from keinstich.cards import cards
from keinstich.contracts import NO_HEARTS, NO_TRICKS
from keinstich.layoff import DOMINO, DominoDeal
from keinstich.tricks import TrickDeal
from keinstich.wording import naming, say
from keinstich_widgets.replay import Replay, ReplayError


def bot_deal(seed: int = 52) -> TrickDeal:
    return play_deal(TrickDeal.from_seed("german-32", 4, seed=seed, contract=NO_TRICKS), [HeuristicBot()] * 4)


def expected(r: Replay, k: int, style: str = "german") -> str:
    """What a fresh heuristic bot says for the play before step ``k``, worked out here from the position."""
    seat, c = r.plays[k - 1]
    with naming(style):
        choice = HeuristicBot().explain(r.steps[k - 1].observation(seat))
        assert choice.card == c
        return f"Seat {seat} played {say(c)}: {choice.reason}"


def test_stepping_forward_and_back_shows_each_cards_reason() -> None:
    r = Replay(bot_deal(), synchronous=True, reasons=True)
    assert "Every hand is open" in r.reason_text() and r.reason.layout.display != "none"
    shown = [r.reason.value]
    for k in range(1, 6):
        r.forward_button.click()
        assert r.step == k and r.reason_text() == expected(r, k)
        assert r.reason_text().replace("'", "&#x27;") in r.reason.value
        shown.append(r.reason.value)
    assert len(set(shown)) == len(shown), "every step shows its own line"
    r.back_button.click()
    assert r.reason.value == shown[4] and r.reason_text() == expected(r, 4)
    r.last_button.click()
    assert r.reason_text() == expected(r, len(r.plays))


def test_the_reasons_name_cards_as_the_faces_do() -> None:
    german = Replay(bot_deal(), synchronous=True, reasons=True, step=1)
    french = Replay(bot_deal(), synchronous=True, reasons=True, step=1, faces="french")
    assert german.reason_text().startswith("Seat 0 played the 8 of Hearts: ")
    assert french.reason_text().startswith("Seat 0 played 8♥: ")
    assert french.reason_text() == expected(french, 1, "french")


def test_a_card_the_bot_would_not_have_played_says_what_it_would_have() -> None:
    deal = TrickDeal.from_seed("german-32", 4, seed=52, contract=NO_TRICKS)
    play_deal(deal, [RandomBot(seed=4)] * 4)
    r = Replay(deal, synchronous=True, reasons=HeuristicBot())
    differs = [k for k in range(1, len(r.plays) + 1)
               if HeuristicBot().explain(r.steps[k - 1].observation(r.plays[k - 1][0])).card != r.plays[k - 1][1]]
    assert differs, "random play differs from the heuristic somewhere"
    r.go(differs[0])
    assert "the bot would have played" in r.reason_text()


def test_without_reasons_the_line_is_hidden_and_asking_is_refused() -> None:
    deal = TrickDeal([cards("10H 7C"), cards("AC KC"), cards("QC JC"), cards("9C 8C")], NO_HEARTS, leader=0)
    r = Replay(deal, synchronous=True)
    assert r.reason.layout.display == "none" and r.reason.value == ""
    with pytest.raises(ReplayError, match="reasons=True"):
        r.reason_text()


def test_a_lay_off_deal_gives_its_reasons_and_its_passes() -> None:
    deal = play_deal(DominoDeal.from_seed("german-32", 4, seed=5, contract=DOMINO), [HeuristicBot()] * 4)
    r = Replay(deal, synchronous=True, reasons=True)
    passes = [k for k in range(1, len(r.plays) + 1) if r.plays[k - 1][1] is None]
    assert passes, "this deal has a pass"
    r.go(passes[0])
    seat = r.plays[passes[0] - 1][0]
    with naming("german"):
        why = HeuristicBot().explain(r.steps[passes[0] - 1].observation(seat)).reason
    assert r.reason_text() == f"Seat {seat} passed: {why}"
    r.go(1)
    assert r.reason_text() == expected(r, 1)


class ReadersBot:
    """A bot a reader wrote in a cell: it answers, but its own code fails."""

    name = "mine"

    def choose(self, obs):  # type: ignore[no-untyped-def]
        return self.explain(obs).card

    def explain(self, obs):  # type: ignore[no-untyped-def]
        return 1 / 0

    def decide(self, obs):  # type: ignore[no-untyped-def]
        return 1 / 0


def test_a_readers_bot_that_fails_is_named_and_blamed_not_the_widget() -> None:
    r = Replay(bot_deal(), synchronous=True, reasons=ReadersBot())
    r.forward_button.click()
    assert r.messages.kind == "error"
    assert r.messages.text == ("the bot ReadersBot ('mine') in seat 0 raised ZeroDivisionError: division by zero — "
                               "the fault is in that bot's code, not in the widget; nothing was played")
