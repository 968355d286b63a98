"""The widgets import one another downwards only: no module of ``keinstich_widgets`` imports, in any way, one that
imports it back. Every import counts here (at load time, inside a function, under ``TYPE_CHECKING``): a part of the
Table that names the Table, even for its type, is a part that reaches into the Table, which is what this forbids.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent / "widgets"


def _layers_test() -> object:
    """tests/test_layers.py, the engine's layers test, whose circle finder serves here too."""
    spec = importlib.util.spec_from_file_location("_engine_layers", Path(__file__).parent.parent / "test_layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


circles = _layers_test().cycles  # type: ignore[attr-defined]


def imported(path: Path) -> set[str]:
    """The widget modules ``path`` imports anywhere in it (``from .x import``, ``from . import x``,
    ``from keinstich_widgets.x import``, ``import keinstich_widgets.x``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                out.update([node.module] if node.module else [a.name for a in node.names])
            elif node.level == 0 and (node.module or "").startswith("keinstich_widgets."):
                out.add(node.module.split(".")[1])  # type: ignore[union-attr]
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[1] for a in node.names if a.name.startswith("keinstich_widgets."))
    return out


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = {p.stem: p for p in root.glob("*.py") if p.stem != "__init__"}
    return {m: {d.split(".")[0] for d in imported(p)} & set(modules) - {m} for m, p in modules.items()}


def test_a_circle_would_be_found(tmp_path: Path) -> None:
    (tmp_path / "table.py").write_text("from ._board import Board\n")
    (tmp_path / "_board.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                        "    from .table import Table\n")
    (tmp_path / "_app.py").write_text("def app():\n    from keinstich_widgets.table import Table\n")
    (tmp_path / "_words.py").write_text("import html\n")
    edges = graph(tmp_path)
    assert edges == {"table": {"_board"}, "_board": {"table"}, "_app": {"table"}, "_words": set()}
    assert circles(edges) == [["table", "_board", "table"]]


def test_no_widget_module_imports_one_that_imports_it_back() -> None:
    edges = graph()
    assert {"_board", "_coach", "_teacher", "_session"} <= edges["table"], "the Table's parts were not read"
    assert circles(edges) == []


@pytest.mark.parametrize("part", ["_app", "_board", "_call_row", "_coach", "_deal_row", "_session", "_speech",
                                  "_table_words", "_teacher"])
def test_the_tables_parts_do_not_know_the_table(part: str) -> None:
    """A part is given what it needs (the session, the words, a callback), never the Table itself."""
    assert "table" not in graph()[part]
    assert "Table" not in {n.id for n in ast.walk(ast.parse((ROOT / f"{part}.py").read_text(encoding="utf-8")))
                           if isinstance(n, ast.Name)}
