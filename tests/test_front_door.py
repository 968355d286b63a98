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


def test_no_name_of_the_front_door_is_also_a_module_of_the_kit():
    """``import keinstich.cards`` sets the package's ``cards`` to the module: a front-door ``cards`` would change."""
    import pkgutil

    modules = {m.name for m in pkgutil.iter_modules(keinstich.__path__)}
    assert set(keinstich.__all__) & modules == set()


def test_the_lessons_import_the_front_doors_names_from_it(capsys):
    """Every engine name a lesson imports that the front door offers comes from it (both series): what
    ``scripts/front_door_imports.py`` would change is nothing."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scripts" / "front_door_imports.py"
    spec = importlib.util.spec_from_file_location("front_door_imports", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert len(script.lessons()) >= 30
    assert script.rewrite("from keinstich.tricks import TrickDeal, forehand\nfrom keinstich.sim.charts import Chart\n"
                          "from keinstich.bots import HeuristicBot\nx = 1\n") == (
        "from keinstich import HeuristicBot, TrickDeal, forehand\nfrom keinstich.sim.charts import Chart\nx = 1\n")
    assert script.main(["--check"]) == 0, capsys.readouterr().out
