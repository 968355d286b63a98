"""The one game interface: every game behind Game, every deal kind behind Deal (docs/rules.md §1).

The same checks run on every game and every deal kind, so a new game that passes them works with
the bots, simulate, records and the widgets.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from keinstich.cards import Card, cards
from keinstich.contracts import Contract, PerTrick
from keinstich.deal import Deal, Result
from keinstich.game import Game, GameError, Setting
from keinstich.games import GAMES, game, register
from keinstich.games.herzblatt import Announce, Ask, Contra, Discard, HerzblattDeal, HerzblattRules, Re
from keinstich.layoff import Lay
from keinstich.tricks import TrickDeal
from keinstich.wording import use_language


def every_contract() -> list[tuple[str, str, int]]:
    out = []
    for g in GAMES.values():
        for n in g.player_counts:
            if n not in (3, 4):
                continue
            for cid in g.contracts(n):
                out.append((g.id, cid, n))
    return out


CASES = every_contract()


def test_the_registry_holds_the_three_games_in_teaching_order():
    assert list(GAMES) == ["kein-stich", "herzeln", "herzblatt"]
    for gid, g in GAMES.items():
        assert isinstance(g, Game) and g.id == gid and g.name and g.german and g.unit
        assert game(gid.upper()) is g
    with pytest.raises(GameError, match=r"unknown game 'skat': use one of kein-stich, herzeln, herzblatt"):
        game("skat")


def play_randomly(deal: Deal, rng: random.Random) -> list[tuple[int, object]]:
    """Play a deal to its end through the protocol alone, checking each step's promises."""
    made = []
    while not deal.over:
        seat = deal.turn
        assert seat is not None and deal.phase != "over"
        moves = deal.legal_moves()
        assert moves, f"no legal move in phase {deal.phase}"
        for m in moves:
            assert deal.why_illegal(m) is None, m
        move = rng.choice(moves)
        deal.play(move, seat)
        made.append((seat, move))
    assert deal.turn is None and deal.phase == "over" and deal.legal_moves() == ()
    return made


@pytest.mark.parametrize(("gid", "cid", "players"), CASES, ids=[f"{g}-{c}-{n}p" for g, c, n in CASES])
def test_every_contract_of_every_game_plays_through_the_deal_protocol(gid, cid, players):
    g = GAMES[gid]
    for seed in range(3):
        deal = g.deal(cid, seed, players=players)
        assert deal.game == gid and deal.players == players
        again = g.deal(cid, seed, players=players)
        assert again.dealt == deal.dealt  # the same seed, the same cards
        rng = random.Random(seed)
        made = play_randomly(deal, rng)
        assert [(s, m) for s, m in deal.history] == made
        result = deal.result()
        assert isinstance(result, Result) and len(result.scores) == players and result.unit in (
            "pfennig", "points", "stakes")
        # undo takes back exactly the last move, and a copy is independent
        copy = deal.copy()
        last = copy.undo()
        assert last == made[-1] and not copy.over and deal.over
        assert copy.history == deal.history[:-1]
        copy.play(last[1], last[0])
        assert copy.result() == result


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_refused_move_says_why_and_changes_nothing(gid):
    g = GAMES[gid]
    deal = g.deal(next(iter(g.contracts(4))), 11, players=4)
    rng = random.Random(2)
    for _ in range(6):
        if deal.over:
            break
        seat = deal.turn
        wrong = (seat + 1) % deal.players
        move = deal.legal_moves()[0]
        before = (deal.history, deal.phase, deal.turn)
        reason = deal.why_illegal(move, wrong)
        assert reason and str(seat) in reason
        with pytest.raises(ValueError) as refused:
            deal.play(move, wrong)
        assert str(refused.value) == reason
        assert (deal.history, deal.phase, deal.turn) == before
        deal.play(rng.choice(deal.legal_moves()))


def test_herzblatt_answers_discards_and_calls_are_moves_like_cards():
    deal = HerzblattDeal.from_seed(5, HerzblattRules(players=3, muhr=True))
    assert deal.phase == "asking" and deal.legal_moves() == (Ask(True), Ask(False))
    first = deal.turn
    deal.play(Ask(True))
    assert deal.phase == "discard" and deal.soloist == first
    held = deal.hand(first)
    discards = deal.legal_moves()
    assert len(discards) == len(held) * (len(held) - 1) // 2 and all(isinstance(m, Discard) for m in discards)
    deal.play(Discard(held[0], held[1]))
    assert deal.phase == "announce" and deal.legal_moves() == (Announce(None), Announce("66"), Announce("du"))
    deal.play(Announce("66"))
    while deal.phase in ("contra", "re"):
        deal.play(Contra(True) if deal.phase == "contra" else Re(False))
    assert deal.phase == "play" and all(isinstance(m, Card) for m in deal.legal_moves())
    assert [str(m) for _, m in deal.history][:3] == ["play", f"discard {held[0].code} {held[1].code}",
                                                    "announce 66"]
    # undo walks back through the calls too
    while deal.history:
        deal.undo()
    assert deal.phase == "asking" and deal.soloist is None
    assert deal.why_illegal(Discard(held[0], held[1])) == "cannot discard now: the deal is in the asking phase " \
                                                        f"(seat {first} to act)"


def test_a_chain_card_that_fits_both_ends_is_offered_once_per_end():
    g = GAMES["herzeln"]
    for seed in range(40):
        deal = g.deal("domino", seed)
        rng = random.Random(seed)
        while not deal.over:
            both = [m for m in deal.legal_moves() if isinstance(m, Lay)]
            if both:
                m = both[0]
                assert Lay(m.card, "top" if m.end == "bottom" else "bottom") in both
                assert str(m) == f"{m.card.code}@{m.end}"
                return
            deal.play(rng.choice(deal.legal_moves()))
    pytest.fail("no chain card fitted both ends in 40 deals")


def test_kein_stich_lay_off_pays_out_the_standard_pot():
    deal = GAMES["kein-stich"].deal("domino", 4)
    assert deal.pot == 160
    play_randomly(deal, random.Random(4))
    result = deal.result()
    assert result.unit == "pfennig" and sum(result.scores) == -160
    assert sorted(result.places) == [1, 2, 3, 4] and result.scores[result.places.index(1)] < 0


def test_games_refuse_what_does_not_fit_with_what_would():
    ks, hz, hb = GAMES["kein-stich"], GAMES["herzeln"], GAMES["herzblatt"]
    with pytest.raises(GameError, match=r"unknown kein-stich contract 'tricks' \('tricks' is a herzeln deal"):
        ks.contract("tricks")
    with pytest.raises(GameError, match=r"Herzeln is for 3 or 4 players, not 5"):
        hz.deal("tricks", 1, players=5)
    with pytest.raises(GameError, match=r"Herzeln with 4 players uses french-32 or german-32, not french-52"):
        hz.pack(4, "french-52")
    with pytest.raises(GameError, match=r"no Kein Stich pack for 7 players"):
        ks.pack(7)
    assert len(ks.pack(7, "french-32-minus-7C-7S-7H-7D")) == 28
    with pytest.raises(GameError, match=r"unknown herzblatt contract 'no-hearts'"):
        hb.deal("no-hearts", 1)


def test_dealing_from_text_goes_through_the_game():
    text = "AC KC QC JC\nAS KS QS JS\nAH KH QH JH\nAD KD QD JD"
    small = "french-32-minus-" + "-".join(f"{r}{s}" for r in ("10", "9", "8", "7") for s in "CSHD")
    deal = GAMES["kein-stich"].deal_from_text("no-hearts", text, pack=small)
    assert set(deal.hand(2)) == set(cards("AH KH QH JH")) and deal.turn == 0 and deal.game == "kein-stich"
    with pytest.raises(ValueError, match="AH"):
        GAMES["kein-stich"].deal_from_text("no-hearts", text.replace("AD", "AH"), pack=small)


# --- a fourth game: one small module's worth of code, one registry line ---------------------------


@dataclass(frozen=True)
class _Rules:
    players: int = 2


class TwoHands(Game):
    """A toy game for the test: two players, 24 cards, one point per trick taken."""

    id = "two-hands"
    name = "Two Hands"
    german = "Zwei Hände"
    unit = "points"
    player_counts = (2,)
    CONTRACT = Contract("each-trick", "Each Trick", (PerTrick(1),), unit="points", game="two-hands")

    def packs(self, players):
        return ("french-24",)

    def contracts(self, players=2):
        return {"each-trick": self.CONTRACT}

    def presets(self):
        return {"two-hands": _Rules()}

    def preset(self, preset_id=None, **changes):
        return _Rules(**changes)

    def settings(self):
        return (Setting("players", 2, "two players"),)

    def deal(self, contract, seed=0, *, players=None, pack=None, dealer=None):
        return TrickDeal.from_seed(self.pack(2, pack), 2, seed, self.contract(contract, 2), dealer=dealer)

    def deal_from_text(self, contract, text, *, players=None, pack=None, dealer=None):
        raise NotImplementedError

    def partie(self, preset=None, seed=0, **changes):
        raise NotImplementedError

    def record_of(self, deal, *, pack=None, dealer=None):
        raise NotImplementedError

    def replay(self, record, upto=None):
        raise NotImplementedError

    def validate(self, record):
        raise NotImplementedError

    def summary(self, record, deal):
        raise NotImplementedError


def test_a_fourth_game_is_one_class_and_one_registry_line():
    g = register(TwoHands())
    try:
        assert game("two-hands") is g
        deal = g.deal("each-trick", 3)
        play_randomly(deal, random.Random(3))
        result = deal.result()
        assert result.unit == "points" and sum(result.scores) == 12 and result.tricks == result.scores
    finally:
        del GAMES["two-hands"]


# --- every rule variant a setting, documented -----------------------------------------------------

RULES_MD = (Path(__file__).parent.parent / "docs" / "rules.md").read_text()
SECTION_5 = RULES_MD[RULES_MD.index("## 5. Settings"):RULES_MD.index("## 6.")]


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_field_of_a_games_rules_is_a_documented_setting(gid):
    g = GAMES[gid]
    rules = g.preset()
    fixed = {"id", "name", "deals"}
    names = [s.name for s in g.settings()]
    assert names == [f.name for f in dataclasses.fields(rules) if f.name not in fixed]
    for s in g.settings():
        assert s.doc and s.section, s.name
        assert f"`{s.name}`" in SECTION_5, f"{s.name} is missing from docs/rules.md §5"
        assert f"### {s.section}" in RULES_MD or f"## {s.section}." in RULES_MD, s.section
        assert getattr(rules, s.name) == s.default or s.default is None, s.name  # the game's default preset


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_choice_of_every_setting_is_reached_through_a_preset(gid):
    g = GAMES[gid]
    for s in g.settings():
        for choice in s.choices or ():
            try:
                rules = g.preset(None, **{s.name: choice})
            except ValueError as e:  # a choice that needs another setting says so
                assert s.name in str(e) or str(choice) in str(e) or "player" in str(e), (s.name, choice, e)
                continue
            assert getattr(rules, s.name) == choice, (s.name, choice)


def test_a_move_is_described_in_the_words_of_the_faces_shown():
    """``describe_move`` names a card as a learner reads it (the Ober of Leaves, or Q♠), a pass and a call in
    their own words; Herzblatt's discard stays secret to the other seats."""
    ks, hb = GAMES["kein-stich"], GAMES["herzblatt"]
    qs = cards("QS")[0]
    assert ks.describe_move(qs, "german") == "Ober of Leaves"
    assert ks.describe_move(qs, "french") == "Q♠"
    assert ks.describe_move(None) == "pass"
    assert hb.describe_move(Ask(True)) == "play"
    assert hb.public_move(Discard(*cards("7C 8C"))) == "discard two cards"
    assert hb.public_move(qs, "french") == "Q♠"
    with use_language("de"):  # the other seats' moves in the table's history, in the reader's words
        assert ks.describe_move(None) == "passen" and hb.public_move(None) == "passen"
        assert hb.public_move(Discard(*cards("7C 8C"))) != "discard two cards"


def test_a_herzblatt_deal_in_short_is_said_in_the_readers_words():
    """A notebook's plain text of a Herzblatt deal: its players, dealer, soloist and phase, German in German."""
    deal = HerzblattDeal.from_seed(7, HerzblattRules(players=3))
    assert repr(deal) == "<HerzblattDeal 3p dealer 2: asking>"
    with use_language("de"):
        assert repr(deal) == "<HerzblattDeal 3 Spieler, Geber Platz 2: Fragen>"
    deal.play(Ask(True))
    with use_language("de"):
        assert repr(deal) == "<HerzblattDeal 3 Spieler, Geber Platz 2, Alleinspieler Platz 0: Drücken>"
