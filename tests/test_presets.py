"""All games' presets side by side, changed through one function."""

import pytest

from keinstich.games.presets import GAMES, preset, presets


def test_every_game_lists_its_presets():
    listed = presets()
    assert {g for g, _, _ in listed} == set(GAMES)
    ids = {(g, p) for g, p, _ in listed}
    assert {("kein-stich", "standard"), ("kein-stich", "king-louis"), ("herzeln", "herzeln-3"),
            ("herzblatt", "herzblatt-4-muhr")} <= ids


def test_a_preset_of_any_game_with_changed_settings():
    # three players, 24 cards: No Hearts 6 x 5 = 30, No Obers 4 x 10 = 40, No Max 40
    assert preset("kein-stich", "king-louis", players=3).pot_total == 110
    assert preset("herzeln", "herzeln-3", style="german").players == 3
    assert preset("herzblatt", "herzblatt-4-muhr", loss_stake=1).loss_stake == 1
    assert preset("herzblatt").players == 4


@pytest.mark.parametrize(("args", "kw", "message"), [
    (("skat",), {}, "unknown game 'skat'"),
    (("herzeln", "herzeln-9"), {}, "unknown preset 'herzeln-9'"),
    (("herzblatt", "herzblatt-4"), {"trumps": "clubs"}, "unknown setting 'trumps'"),
    (("kein-stich", "standard"), {"deals": ()}, "unknown setting 'deals'"),
])
def test_unknown_games_presets_and_settings_are_refused(args, kw, message):
    with pytest.raises(ValueError, match=message):
        preset(*args, **kw)
