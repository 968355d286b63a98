"""Babel's extractor for the kit's Python (``babel.cfg`` names it ``keinstich``; ``pybabel extract`` finds it by the
``babel.extractors`` entry point in ``pyproject.toml``).

Babel's own Python extractor reads tokens, and before Python 3.12 an f-string is one token: a message inside one,
``f"<b>{_('Hint')}</b>"``, is never found. This one reads the syntax tree instead, so it finds every call of a
keyword wherever it stands, with the same keywords and the same output as Babel's (message, context, plural,
the ``TRANSLATORS:`` comments just above). A message that is not a literal (``_(name)``) is marked elsewhere
(``N_``, ``NP_``) and skipped here, as Babel skips it.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterator, Mapping
from typing import Any

__all__ = ["extract"]

Spec = tuple[Any, ...]


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract(fileobj: io.BufferedReader, keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel's extraction protocol: ``(lineno, funcname, arguments, comments)`` for every call of a keyword, the
    arguments as Babel's own extractor gives them (each literal string, None for anything else): Babel picks the
    message, its plural and its context out of them by the keyword's spec, and skips a call whose message is no
    literal."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name is None or name not in keywords:
            continue
        yield node.lineno, name, tuple(_literal(a) for a in node.args), _comments(lines, node.lineno, comment_tags)


def _comments(lines: list[str], lineno: int, tags: Collection[str]) -> list[str]:
    """The ``TRANSLATORS:`` comment lines right above line ``lineno`` (the comment text from the tag on)."""
    out: list[str] = []
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        out.insert(0, lines[i].strip().lstrip("#").strip())
        i -= 1
    for k, text in enumerate(out):
        if any(text.startswith(tag) for tag in tags):
            return out[k:]
    return []
