"""Records through the one interface: every game's deal writes itself with ``deal.record()`` and
reads back with ``replay`` and ``check``; a game defined here records with no change to records.py;
the format module imports no game (docs/records.md, "Adding a game")."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from keinstich.cards import Suit, pack
from keinstich.contracts import NO_HEARTS, Contract, ForTrick, PerTrick
from keinstich.dealing import deal_hands
from keinstich.games import GAMES, register
from keinstich.games.codec import MachineRecords
from keinstich.hand_text import hands_from_text
from keinstich.i18n import use_language
from keinstich.records import IllegalRecordPlay, Record, RecordError, check, record_of, replay
from keinstich.tricks import TrickDeal, TrickRules, forehand


def play_some(deal, rng, stop=None):
    """Random legal moves through the Deal interface, to the end or ``stop`` moves."""
    made = 0
    while not deal.over and made != stop:
        deal.play(rng.choice(deal.legal_moves()))
        made += 1
    return deal


def assert_reads_back(deal):
    """The record of a deal replays, through the game's methods and the module's, to the same deal."""
    rec = deal.record()
    assert rec.game == deal.game and rec.pack == deal.pack
    back = Record.from_json(rec.to_json())
    assert back == rec
    game = GAMES[rec.game]
    game.validate(back)
    for again in (replay(back), game.replay(back), back.replay()):
        assert again.game == deal.game and again.pack == deal.pack
        assert again.dealt == deal.dealt and again.history == deal.history
        assert again.over == deal.over and again.turn == deal.turn and again.phase == deal.phase
        assert again.result() == deal.result()
    summary = check(back)
    assert summary == game.summary(back, replay(back))
    assert (summary["game"], summary["complete"], summary["turn"]) == (deal.game, deal.over, deal.turn)
    return rec


CASES = [(g.id, cid, n) for g in GAMES.values() for n in g.player_counts if n in (3, 4)
         for cid in g.contracts(n)]


@pytest.mark.parametrize(("gid", "cid", "players"), CASES, ids=[f"{g}-{c}-{n}p" for g, c, n in CASES])
def test_every_game_writes_its_deals_and_reads_them_back(gid, cid, players):
    g = GAMES[gid]
    for seed in range(3):
        rng = random.Random(seed)
        deal = g.deal(cid, seed, players=players, dealer=seed % players)
        assert deal.pack is not None  # a dealt deal knows its pack
        assert_reads_back(deal)  # not started
        assert_reads_back(play_some(deal, rng, rng.randrange(1, 12)))  # in progress
        assert_reads_back(play_some(deal, rng))  # finished


def test_a_herzblatt_deal_reads_back_after_every_move():
    g = GAMES["herzblatt"]
    for seed, contract in enumerate(["herzblatt", "herzblatt-4-muhr", "herzblatt-3-keep-trumps", "herzblatt-5"] * 3):
        rng = random.Random(seed)
        deal = g.deal(contract, seed)
        assert_reads_back(deal)
        while not deal.over:
            moves = deal.legal_moves()
            deal.play(rng.choice(moves[:1] if deal.phase == "asking" and rng.random() < 0.5 else moves))
            assert_reads_back(deal)


def test_a_deal_knows_its_pack_and_keeps_it():
    ks = GAMES["kein-stich"]
    french = ks.deal("no-hearts", 5, pack="french-32")
    assert french.pack == "french-32" and french.record().pack == "french-32"
    play_some(french, random.Random(1), 5)
    assert french.copy().pack == "french-32"
    french.undo()
    assert french.pack == "french-32"
    assert TrickDeal.from_seed("german-24", 3, 1, NO_HEARTS).pack == "german-24"
    text = ks.deal_from_text("domino", "\n".join(" ".join(c.code for c in h) for h in deal_hands("german-32", 4, 2)))
    assert text.pack == "german-32" and text.record().pack == "german-32" and text.pot == 160
    lay_off = ks.deal("domino", 2)
    play_some(lay_off, random.Random(2), 6)
    lay_off.undo()
    assert (lay_off.pack, lay_off.pot) == ("german-32", 160)
    assert GAMES["herzblatt"].deal("herzblatt", 1).pack == "french-32-minus-7H-7D"


@pytest.mark.parametrize(("gid", "rules", "expected"), [
    ("kein-stich", {"style": "french"}, "french-32"),
    ("kein-stich", {"players": 3}, "german-24"),
    ("kein-stich", {"players": 5}, "french-50"),
    ("herzeln", {"style": "german"}, "german-32"),
    ("herzeln", {"players": 3}, "french-24"),
    ("herzblatt", {"players": 3, "removal": "keep_trumps"}, None),
])
def test_a_partie_deal_names_the_partie_pack(gid, rules, expected):
    g = GAMES[gid]
    partie = g.partie(g.preset(None, **rules), seed=4)
    expected = expected or partie.pack.id
    rng = random.Random(4)
    for _ in range(2):
        deal = partie.deal_next()
        assert partie.pack.id == expected and deal.pack == expected
        assert deal.record().pack == expected and replay(deal.record()).dealt == deal.dealt
        play_some(deal, rng)
        assert deal.record().pack == expected
        partie.settle()
    hands = deal_hands(expected, partie.players, 9) if gid != "herzblatt" else None
    if hands is not None:  # hands given to the partie: the deal still names its pack
        assert partie.deal_next(hands).record().pack == expected


@pytest.mark.parametrize(("dealt_from", "players"), [
    ("german-32", 4),                      # the game's usual pack, of two with the same cards
    ("german-30", 3),                      # a named reduction
    ("german-32-minus-7D-8D-9D-10D", 4),   # the smallest named pack, less the cards not dealt
    ("french-52", 4),
])
def test_hands_typed_without_a_pack_are_recorded_with_the_smallest_pack_that_holds_them(dealt_from, players):
    deal = TrickDeal(deal_hands(dealt_from, players, 3), NO_HEARTS, leader=0)
    assert deal.pack is None
    rec = deal.record()
    assert rec.pack == pack(dealt_from).id
    assert replay(rec).dealt == deal.dealt and replay(rec).pack == rec.pack
    assert record_of(deal, pack=pack(dealt_from).id.replace("german", "french")).pack.startswith("french")


def test_the_format_module_imports_no_game():
    """The format, the games' interface and the machines name no game, not even inside a function: they read the
    registry (keinstich.game.GAMES) that the games fill."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "keinstich"
    named = []
    for name in ("records.py", "record_cards.py", "deal.py", "game.py", "machine.py"):
        for node in ast.walk(ast.parse((root / name).read_text())):
            modules = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                       else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            named += [f"{name}:{node.lineno} {m}" for m in modules if m.startswith("keinstich.games")]
    assert named == []
    code = "import keinstich.records; from keinstich.game import GAMES; print(list(GAMES))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['kein-stich', 'herzeln', 'herzblatt']"  # registered, in the lessons' order


# --- a game of the reader's own: one class, one registry line, and its records work ------------------

TRUMPS = TrickRules(order="ace-ten", trump=Suit.HEARTS, must_trump=True)
EACH_TRICK = Contract("tiny-each-trick", "Each Trick", (PerTrick(1),), unit="points", game="tiny")
LAST_TRICK = Contract("tiny-last-trick", "Last Trick", (ForTrick(-1, 5),), rules=TRUMPS, unit="points",
                      game="tiny")


class Tiny(MachineRecords):
    """Two players, 24 cards: a point per trick, or 5 for the last trick with Hearts trumps."""

    id = "tiny"
    name = "Tiny"
    german = "Klein"
    unit = "points"
    player_counts = (2,)

    def packs(self, players):
        return ("french-24", "german-24")

    def contracts(self, players=2):
        return {c.id: c for c in (EACH_TRICK, LAST_TRICK)}

    def presets(self):
        return {}

    def preset(self, preset_id=None, **changes):
        raise NotImplementedError

    def settings(self):
        return ()

    def deal(self, contract, seed=0, *, players=None, pack=None, dealer=None):
        p = self.pack(2, pack)
        return self.deal_from_hands(contract, deal_hands(p, 2, seed), pack=p, dealer=dealer)

    def deal_from_text(self, contract, text, *, players=None, pack=None, dealer=None):
        p = self.pack(2, pack)
        return self.deal_from_hands(contract, hands_from_text(text, p, 2), pack=p, dealer=dealer)

    def deal_from_hands(self, contract, hands, *, pack=None, dealer=None, aside=()):
        lead = forehand(dealer if dealer is not None else 1, 2)
        return TrickDeal(hands, self.contract(contract, 2), leader=lead,
                         pack=None if pack is None else self.pack(2, pack).id)

    def partie(self, preset=None, seed=0, **changes):
        raise NotImplementedError


@pytest.fixture
def tiny():
    g = register(Tiny())
    try:
        yield g
    finally:
        del GAMES["tiny"]


def test_a_game_defined_here_round_trips_its_records(tiny):
    for cid in tiny.contracts():
        for seed in range(5):
            deal = tiny.deal(cid, seed, dealer=seed % 2)
            rng = random.Random(seed)
            assert_reads_back(play_some(deal, rng, 5))
            rec = assert_reads_back(play_some(deal, rng))
            summary = check(rec)
            assert summary["points"] == list(deal.result().scores) and summary["total"] == sum(summary["points"])
            assert len(summary["tricks"]) == 12 and summary["tricks_won"] == list(deal.tricks_won())
    assert '"game": "tiny"' in rec.to_json()


def test_a_game_defined_here_refuses_records_as_the_others_do(tiny):
    deal = tiny.deal("tiny-last-trick", 4)
    d = deal.record().to_dict()
    with pytest.raises(RecordError, match=r"^unknown option 'march' for contract tiny-last-trick: the options are "
                                          r"none$"):
        Record.from_dict(d | {"options": {"march": True}})
    with pytest.raises(RecordError, match=r"unknown tiny contract 'no-hearts'"):
        Record.from_dict(d | {"contract": "no-hearts"})
    with pytest.raises(RecordError, match=r"^Tiny with 2 players uses french-24 or german-24, not german-32$"):
        Record.from_dict(d | {"pack": "german-32"})
    # A card that does not follow suit: the same words as every trick game's records.
    lead = deal.legal()[0]
    deal.play(lead)
    other = next(c for c in deal.hand(deal.turn) if c not in deal.legal())
    bad = Record.from_dict(d | {"plays": [lead.code, other.code]})
    with pytest.raises(IllegalRecordPlay, match=rf"^trick 1, seat {deal.turn} played {other.code}: seat "
                                                rf"{deal.turn} must "):
        replay(bad)
    # A contract of another game is not a Tiny contract, and a Tiny deal is not another game's.
    with pytest.raises(RecordError, match=r"cannot record contract 'no-hearts' as Tiny"):
        record_of(TrickDeal.from_seed("german-24", 2, 1, NO_HEARTS), game="tiny")
    with pytest.raises(RecordError, match=r"cannot record contract 'tiny-last-trick' as Kein Stich"):
        record_of(deal, game="kein-stich")
    # A German learner reads it in German: a reader's own contract at a table has no deal code (lesson de/13).
    german = r"^das Spiel 'tiny-last-trick' lässt sich nicht als Kein Stich aufzeichnen: es ist kein Spiel von "
    with use_language("de"), pytest.raises(RecordError, match=german):
        record_of(deal, game="kein-stich")
