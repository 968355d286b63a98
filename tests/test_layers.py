"""The engine's layers import downwards only: no module imports one that imports it back.

Every import counts: at load time, inside a function, under ``TYPE_CHECKING``, with no exception. A floor below that
needs something of a floor above offers a registry or a protocol instead: the games register in
``keinstich.game.GAMES``, the pictures a card, a deal or a review draws itself with (``_repr_html_``) in
``keinstich.pictures.PICTURES`` (both filled from entry points), and the Deal protocol names no concrete deal.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parent.parent / "keinstich"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, package: str) -> set[str]:
    """The keinstich modules (and names that may be modules) one import statement names, relative ones resolved."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name.startswith("keinstich")}
    base = node.module or ""
    if node.level:
        parent = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(parent + ([node.module] if node.module else []))
    if not base.startswith("keinstich"):
        return set()
    return {base} | {f"{base}.{a.name}" for a in node.names}


def imports(path: Path, root: Path = ROOT) -> set[str]:
    """Every keinstich module ``path`` imports, wherever the import stands (at the top, inside a function, under
    ``TYPE_CHECKING``)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.update(_imported(node, package))
    return out


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in ROOT.rglob("*.py")}
    return {m: {d for d in imports(p) if d in modules and d != m} for m, p in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(edges[m]):
            if state.get(d) == 1:
                found.append([*stack[stack.index(d):], d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    return found


def test_a_cycle_would_be_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_module_imports_one_that_imports_it_back():
    edges = graph()
    assert edges.get("keinstich.tricks")
    assert cycles(edges) == []


def test_imports_inside_functions_for_types_and_for_drawing_all_count(tmp_path):
    package = tmp_path / "keinstich" / "coach"
    package.mkdir(parents=True)
    source = package / "judge.py"
    source.write_text("from typing import TYPE_CHECKING\n"
                      "from .fair import key\n"
                      "if TYPE_CHECKING:\n    from keinstich.tricks import TrickDeal\n"
                      "def read():\n    from keinstich.games import GAMES\n"
                      "    from . import ideas\n"
                      "class Verdict:\n    def _repr_html_(self):\n        from keinstich.faces.review import html\n")
    found = imports(source, tmp_path / "keinstich")
    assert {"keinstich.coach.fair", "keinstich.tricks", "keinstich.games", "keinstich.coach",
            "keinstich.faces.review"} <= found


def test_no_value_imports_its_picture():
    """A card, a deal, a walk or a review asks the pictures' registry for its picture; no module below the faces
    imports them, and the registry itself imports nothing of the kit but the registries and the words."""
    edges = graph()
    faces = {m for m in edges if m.startswith("keinstich.faces")}
    drawn = ["keinstich.cards", "keinstich.trick_rules", "keinstich.tricks", "keinstich.layoff",
             "keinstich.games.herzblatt_deal", "keinstich.bots.walk", "keinstich.coach.review"]
    assert {m: sorted(edges[m] & faces) for m in drawn if edges[m] & faces} == {}
    assert all("keinstich.pictures" in edges[m] for m in drawn)
    assert edges["keinstich.pictures"] <= {"keinstich.plugins", "keinstich.wording.i18n"}
    assert edges["keinstich.plugins"] <= {"keinstich.wording.i18n"}


def test_the_machines_and_cards_import_no_game_bot_or_simulation():
    edges = graph()
    low = ["keinstich.cards", "keinstich.dealing", "keinstich.hand_text", "keinstich.deal", "keinstich.trick_rules",
           "keinstich.tricks", "keinstich.contracts",
           "keinstich.layoff_rules", "keinstich.layoff_layout", "keinstich.layoff", "keinstich.records",
           "keinstich.record_cards", "keinstich.machine", "keinstich.layoff_playout", "keinstich.game",
           "keinstich.partie", "keinstich.trick_playout"]
    for m in low:
        high = sorted(d for d in edges[m] if d.startswith(("keinstich.games", "keinstich.bots", "keinstich.sim")))
        assert high == [], f"{m} imports {high}"


def test_the_kernel_reaches_only_down():
    """The kernel sits under the trick machine: none of its modules imports (at load time or inside a
    function) anything of the engine but the cards, the trick rules and the kernel itself."""
    allowed = ("keinstich.kernel", "keinstich.cards", "keinstich.trick_rules")
    kernel = list((ROOT / "kernel").glob("*.py"))
    assert len(kernel) >= 6
    for path in kernel:
        tree = ast.parse(path.read_text())
        reached = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        up = sorted(m for m in reached if m.startswith("keinstich") and not m.startswith(allowed))
        assert up == [], f"{path.name} imports {up}"


DEAL_TYPES = ("TrickDeal", "DominoDeal", "HerzblattDeal", "Observation", "DominoObservation", "HerzblattObservation",
              "Contract", "DominoContract", "HerzblattRules", "PartieRules", "HerzelnRules")


def test_no_isinstance_switch_on_deal_or_contract_types_outside_the_games():
    """Where games differ, the difference is data or a method of the game, not a type test in a caller (the module
    that defines a type may narrow to it: ``tricks.trick_deal_of``)."""
    import re

    pattern = re.compile(r"isinstance\([^()]*,\s*\(?([A-Za-z_. |,]+)\)?\)")
    found = []
    for folder in (ROOT, ROOT.parent / "widgets"):
        for path in folder.rglob("*.py"):
            if "games" in path.relative_to(ROOT.parent).parts:
                continue
            text = path.read_text()
            own = set(re.findall(r"^class (\w+)", text, re.M))  # a type's own module may narrow to it
            for lineno, line in enumerate(text.splitlines(), 1):
                for m in pattern.finditer(line):
                    names = {n.strip().split(".")[-1] for n in re.split(r"[|,]", m.group(1))} - own
                    if names & set(DEAL_TYPES):
                        found.append(f"{path.relative_to(ROOT.parent)}:{lineno}: {line.strip()}")
    assert found == []


def test_every_engine_package_is_installed_by_pyproject():
    """A folder missing from pyproject's package list works in the editable install and breaks on Binder."""
    import tomllib

    listed = set(tomllib.loads((ROOT.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    packages = {module_name(p.parent / "__init__.py") for p in ROOT.rglob("__init__.py")}
    assert packages <= listed, f"add {sorted(packages - listed)} to [tool.setuptools] packages"


def test_no_caller_asks_a_bot_for_its_type():
    """Simulations and the widgets ask a bot for its quick play (``quick_play()``), never for its class."""
    import re

    pattern = re.compile(r"type\([^()]*\)\s*(is|in|==)\s*\(?[A-Za-z_.]*Bot\b")
    found = [f"{path.relative_to(ROOT.parent)}:{lineno}: {line.strip()}"
             for folder in (ROOT, ROOT.parent / "widgets") for path in folder.rglob("*.py")
             for lineno, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert found == []


def _source_lines(skip_games: bool = True):
    for folder in (ROOT, ROOT.parent / "widgets"):
        for path in folder.rglob("*.py"):
            if skip_games and "games" in path.relative_to(ROOT.parent).parts:
                continue
            for lineno, line in enumerate(path.read_text().splitlines(), 1):
                yield f"{path.relative_to(ROOT.parent)}:{lineno}", line


def test_no_string_switch_on_a_deals_kind_outside_the_games():
    """A deal says its kind (``deal.kind is Kind.LAY_OFF``): no caller works it out from a string, a phase, a game
    id or a type's name."""
    import re

    pattern = re.compile(r"""\.kind\s*[!=]=\s*["'](trick|lay-off|herzblatt)["']|phase\s*[!=]=\s*["']lay["']"""
                         r"""|\)\.__name__\s*[!=]=\s*["']|\bgame\s*[!=]=\s*["']herzblatt["']""")
    assert [f"{at}: {line.strip()}" for at, line in _source_lines() if pattern.search(line)] == []


def test_one_seat_check():
    """Every seat a reader passes is checked by :func:`keinstich.machine.check_seat`: one rule, one message in the
    reader's language."""
    import re

    pattern = re.compile(r"0 <= seat <|seat must be a seat")
    found = [f"{at}: {line.strip()}" for at, line in _source_lines(skip_games=False)
             if pattern.search(line) and not at.startswith("keinstich/machine.py")]
    assert found == []


def test_the_coach_asks_the_bots_not_the_kernel():
    """The coach's open-hands values, lines and play-outs come from the bots (bots/open_hands.py, the rollouts):
    no coach module imports the kernel or drives a deal's kernel play-out itself."""
    coach = sorted((ROOT / "coach").glob("*.py"))
    assert len(coach) >= 10
    reached = {p.name: sorted(m for m in imports(p) if m.startswith("keinstich.kernel")) for p in coach}
    assert {k: v for k, v in reached.items() if v} == {}
    driving = [f"{p.name}:{n}" for p in coach for n, line in enumerate(p.read_text().splitlines(), 1)
               if ".run_out(" in line or "kernel_state(" in line]
    assert driving == []
