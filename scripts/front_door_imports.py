"""Rewrite the lessons' imports of the engine to the front door: ``from keinstich import …`` for every name it offers.

In every code cell of the lessons (both series), each top-level ``from keinstich.<module> import …`` gives up the names
that ``keinstich.__all__`` offers (the same object, checked); a cell's front-door names are joined into one
``from keinstich import …`` where its first engine import stood, and the names the front door does not offer keep
their module's import. Only import lines change, so no output does. ``--check`` changes nothing and fails (exit 1)
where a lesson still imports a front-door name from its module.

    python scripts/front_door_imports.py [--check] [NOTEBOOK ...]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import sys
from pathlib import Path

import keinstich

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 110


def offered(module: str, name: str) -> bool:
    """Whether the front door offers ``module``'s ``name`` as the same object."""
    if module == "keinstich" or name not in keinstich.__all__:
        return False
    home = importlib.import_module(module)
    theirs = getattr(home, name) if hasattr(home, name) else importlib.import_module(f"{module}.{name}")
    return getattr(keinstich, name) is theirs


def _line(module: str, names: list[str]) -> list[str]:
    ordered = sorted(set(names), key=lambda n: (0 if n.isupper() else 1 if n[:1].isupper() else 2, n.lower()))
    one = f"from {module} import {', '.join(ordered)}"
    if len(one) <= WIDTH:
        return [one]
    out, row = [f"from {module} import ("], "   "
    for n in ordered:
        if len(row) + len(n) + 2 > WIDTH:
            out.append(row)
            row = "   "
        row += f" {n},"
    return [*out, row, ")"]


def rewrite(source: str) -> str:
    """The cell's source with its engine imports moved to the front door (unchanged where none is offered)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.split("\n")
    front: list[str] = []
    first: int | None = None
    edits: list[tuple[int, int, list[str]]] = []
    for node in tree.body:
        if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                and node.module.startswith("keinstich.") and node.end_lineno is not None):
            continue
        moved = [a for a in node.names if a.asname is None and offered(node.module, a.name)]
        if not moved:
            continue
        front += [a.name for a in moved]
        kept = [a.name if a.asname is None else f"{a.name} as {a.asname}" for a in node.names if a not in moved]
        edits.append((node.lineno - 1, node.end_lineno, _line(node.module, kept) if kept else []))
        first = node.lineno - 1 if first is None else first
    if first is None:
        return source
    for start, end, new in reversed(edits):
        if start == first:
            new = _line("keinstich", front) + new
        lines[start:end] = new
    return "\n".join(lines)


def lessons() -> list[Path]:
    return sorted((ROOT / "lessons").glob("*.ipynb")) + sorted((ROOT / "lessons" / "de").glob("*.ipynb"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail where a lesson would change")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    stale = []
    for path in args.notebooks or lessons():
        raw = path.read_text(encoding="utf-8")
        nb = json.loads(raw)
        changed = 0
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            new = rewrite(source)
            if new != source:
                cell["source"] = new.splitlines(keepends=True)
                changed += 1
        if changed:
            stale.append(f"{path.relative_to(ROOT)}: {changed} cells")
            if not args.check:
                path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("\n".join(stale) or "every lesson imports the front door's names from it")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
