"""The bots' hand-off to the kernel for the coach's open-hands search (keinstich.bots.open_hands): built from a
position, or refused with None where the kernel cannot search it; no assert decides anything."""

from __future__ import annotations

import ast
from pathlib import Path

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.open_hands import open_search, plays_heuristic
from keinstich.bots.random import RandomBot
from keinstich.games import game

ROOT = Path(__file__).parent.parent / "keinstich"


def _heuristic_deal(contract: str = "no-hearts", seed: int = 5):
    return play_deal(game("kein-stich").deal(contract, seed, players=4), [HeuristicBot()] * 4)


def test_the_heuristic_replays_its_own_line_and_not_another():
    played = _heuristic_deal()
    start = played.rewound(0)
    search = open_search(start, 0, limit=10**6)
    assert search is not None
    assert search.replays(played.history)
    other = play_deal(game("kein-stich").deal("no-hearts", 5, players=4), [HeuristicBot(), RandomBot(seed=1),
                                                                          RandomBot(seed=2), RandomBot(seed=3)])
    assert not open_search(other.rewound(0), 0, limit=10**6).replays(other.history)


def test_values_are_the_sides_higher_better_and_the_best_is_at_least_what_the_heuristic_got():
    played = _heuristic_deal()
    position = played.rewound(12)
    seat = position.turn
    search = open_search(position, seat, limit=10**6)
    values = {c: search.value(c) for c in position.legal()}
    assert max(values.values()) >= played.returns(seat)  # the heuristic's own card is among those searched
    assert all(v <= 0 for v in values.values())  # Kein Stich's penalties: nothing better than paying nothing
    best = max(values.values())
    assert all(search.value(c, alpha=best) <= best for c in values)  # at most alpha: a bound is enough to cut
    assert values == {c: open_search(position, seat, limit=10**6).value(c) for c in position.legal()}  # repeatable


def test_where_the_kernel_cannot_search_there_is_no_search():
    assert open_search(game("kein-stich").deal("domino", 1, players=4), 0, limit=100) is None  # no card play
    herzblatt = game("herzblatt").deal("herzblatt-4", 1)
    assert herzblatt.trick_deal is None and open_search(herzblatt, 0, limit=100) is None  # still asking
    assert plays_heuristic(HeuristicBot()) and not plays_heuristic(RandomBot(seed=1))


def test_no_assert_and_no_assertion_error_decides_anything_in_the_engine():
    """``python -O`` removes asserts: catching AssertionError would turn a check into a different answer."""
    found = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ExceptHandler) and node.type is not None and "AssertionError" in ast.unparse(
                    node.type):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}")
    assert found == []
