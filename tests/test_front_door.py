"""The front door: ``from keinstich import …`` offers the public API, curated in ``__all__``, loaded on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import keinstich


def test_every_name_of_the_front_door_is_there_and_is_the_modules_own():
    import keinstich.sim
    import keinstich.tricks

    for name in keinstich.__all__:
        assert getattr(keinstich, name) is not None, name
    assert keinstich.TrickDeal is keinstich.tricks.TrickDeal
    assert keinstich.simulate is keinstich.sim.simulate
    assert len(set(keinstich.__all__)) == len(keinstich.__all__)
    assert set(keinstich.__all__) <= set(dir(keinstich))


def test_the_front_door_plays_a_deal():
    from keinstich import GAMES, HeuristicBot, Kind, play_deal

    deal = play_deal(GAMES["kein-stich"].deal("no-hearts", 3, players=4), [HeuristicBot()] * 4)
    assert deal.over and deal.kind is Kind.TRICK


def test_an_unknown_name_is_refused_with_what_there_is():
    with pytest.raises(AttributeError, match=r"front door offers .*TrickDeal"):
        keinstich.TrikDeal  # noqa: B018


def test_importing_the_kit_loads_no_game_simulation_or_kernel():
    code = ("import sys, keinstich, keinstich.cards; "
            "print(sorted(m for m in sys.modules if m.startswith(('pandas', 'numba', 'keinstich.sim', "
            "'keinstich.games', 'keinstich.kernel', 'keinstich.faces'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
