"""One style of card names per sentence, the pack's: the coach names a French pack's cards by name ("Ace of
Hearts"), so the rule of thumb's reason inside its sentences does too, never by symbol ("A♥"); a German pack's
sentences never borrow French symbols, even when the bot first said its reason elsewhere in French symbols."""

import re

import pytest

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.play import bot_move
from keinstich.coach import verdict
from keinstich.coach.idea_words import hint_plain
from keinstich.contracts import NO_TRICKS
from keinstich.games import game
from keinstich.i18n import use_language
from keinstich.tricks import TrickDeal

SYMBOLS = "♠♥♦♣"


def _sentences(position):
    v = verdict(position)
    out = [v.hint_reason(), hint_plain(v)]
    out += [v.why(m) for m in position.legal_moves()]
    return out


def _positions(deal, seat, every=2):
    return [deal.rewound(i) for i, (s, _m) in enumerate(deal.history) if s == seat][::every]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_french_packs_sentences_name_cards_by_name_only(lang):
    deal = play_deal(TrickDeal.from_seed("french-32", 4, seed=52, contract=NO_TRICKS), [HeuristicBot()] * 4)
    with use_language(lang):
        said = [s for p in _positions(deal, 0) for s in _sentences(p)]
    assert said and not [s for s in said if any(x in s for x in SYMBOLS)]
    if lang == "en":
        assert any(re.search(r"the rule of thumb.* of (Hearts|Spades|Clubs|Diamonds)", s) for s in said)


def test_herzblatts_sentences_name_cards_by_name_only():
    deal = None
    for seed in range(300, 320):  # the first deal someone plays (all may pass)
        deal = game("herzblatt").deal("herzblatt-3", seed)
        while not deal.over:
            seat = deal.turn
            deal.play(bot_move(HeuristicBot(), deal.observation(seat)), seat)
        if deal.trick_deal is not None and deal.trick_deal.tricks:
            break
    positions = [p for p in (deal.rewound(i) for i in range(0, len(deal.history), 3)) if p.phase == "play"]
    said = [s for p in positions for s in _sentences(p)]
    assert said and not [s for s in said if any(x in s for x in SYMBOLS)]


def test_a_german_pack_keeps_its_names_though_the_bot_spoke_french_first():
    """The heuristic bot answered at a table with no naming set (French symbols, the engine's default); the coach's
    sentences on a German pack still say "Ober of Hearts", never "Q♥"."""
    deal = play_deal(TrickDeal.from_seed("german-32", 4, seed=52, contract=NO_TRICKS), [HeuristicBot()] * 4)
    positions = _positions(deal, 0)
    for p in positions:
        HeuristicBot().decide(p.observation(0))  # said once without a naming
    said = [s for p in positions for s in _sentences(p)]
    assert said and not [s for s in said if any(x in s for x in SYMBOLS)]
