"""The games' registry (keinstich.game.GAMES) reads pyproject's entry points when first asked: nothing is imported
before, a reader's package adds a game with an entry point of its own, and a tree never installed says how to mend
it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from keinstich import game as game_module
from keinstich import plugins
from keinstich.game import GAMES, GameError, game
from keinstich.plugins import PluginError, Registry

ROOT = Path(__file__).parent.parent


def _run(code: str, path: Path | None = None) -> str:
    env = None
    if path is not None:
        import os

        env = {**os.environ, "PYTHONPATH": str(path)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout


def test_the_games_are_imported_when_first_asked_for_and_only_the_one_asked():
    out = _run("import sys, keinstich.records, keinstich.machine\n"
               "games = lambda: sorted(m for m in sys.modules if m.startswith('keinstich.games.'))\n"
               "print(games())\n"
               "from keinstich.game import GAMES\n"
               "GAMES['kein-stich']\n"
               "print('keinstich.games.herzblatt' in games(), 'keinstich.games.kein_stich' in games())\n"
               "print(list(GAMES))")
    assert out.splitlines() == ["[]", "False True", "['kein-stich', 'herzeln', 'herzblatt']"]


def test_the_installed_games_are_pyprojects():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["keinstich.games"]
    assert {gid: f"{type(g).__module__}:{type(g).__name__}" for gid, g in GAMES.items()} == declared
    assert [g.id for g in GAMES.values()] == ["kein-stich", "herzeln", "herzblatt"]  # the lessons' order


def test_a_readers_package_adds_a_game_with_an_entry_point(tmp_path):
    (tmp_path / "kin_game.py").write_text(textwrap.dedent('''
        from keinstich.games.kein_stich import KeinStich

        class Kin(KeinStich):
            id = "kin"
            name = "Kin"
            order = 4
        '''))
    info = tmp_path / "kin_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kin-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[keinstich.games]\nkin = kin_game:Kin\n")
    out = _run("from keinstich import GAMES\nprint(list(GAMES), GAMES['kin'].name)", tmp_path)
    assert out.strip() == "['kein-stich', 'herzeln', 'herzblatt', 'kin'] Kin"


def test_an_entry_point_that_names_no_such_game_is_refused(monkeypatch):
    eps = (EntryPoint("kin", "keinstich.games.kein_stich:KeinStich", "keinstich.games"),)
    monkeypatch.setattr(plugins, "_entry_points", lambda group: eps)
    games: Registry[object] = Registry("keinstich.games", game_module._game_of)
    with pytest.raises(PluginError, match=r"The entry point 'kin' .* names <class .*KeinStich'>, which is not a game "
                                          r"with the id 'kin'"):
        games["kin"]


def test_a_tree_never_installed_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(plugins, "_entry_points", lambda group: ())
    games: Registry[object] = Registry("keinstich.games", game_module._game_of)
    with pytest.raises(PluginError, match=r"No entry points of the group 'keinstich.games' are installed.*"
                                          r"pip install -e \."):
        list(games)


def test_an_unknown_game_is_refused_with_the_games_there_are():
    with pytest.raises(GameError, match="unknown game 'kinn': use one of kein-stich, herzeln, herzblatt"):
        game("kinn")
