"""What a replay can be given: a deal as it is, a Record, or a record's JSON (text or file path)."""

from __future__ import annotations

import os
from typing import Any, cast

from keinstich.deal import Deal
from keinstich.records import Record
from keinstich.wording.i18n import _


class ReplayError(ValueError):
    """A source that cannot be replayed, or a step that does not exist."""


def _is_deal(source: object) -> bool:
    return all(hasattr(source, name) for name in ("legal_moves", "history", "undo", "observation"))


def load_source(source: Any) -> Deal:
    """The deal a replay source stands for: a deal as it is, a Record replayed, or a record's JSON
    (text starting with ``{``) or file path."""
    if isinstance(source, Record):
        return source.replay()
    if isinstance(source, bytes) or (isinstance(source, str) and source.lstrip().startswith("{")):
        return Record.from_json(source).replay()
    if isinstance(source, str | os.PathLike):
        try:
            return Record.load(source).replay()
        except FileNotFoundError:
            raise ReplayError(_("no record file {path}: give a path to a record's JSON file, the JSON text itself, a "
                                "Record or a deal", path=repr(os.fspath(source)))) from None
        except IsADirectoryError:
            raise ReplayError(_("{path} is a folder, not a record file", path=repr(os.fspath(source)))) from None
    if _is_deal(source):
        return cast(Deal, source)
    raise ReplayError(_("cannot replay {kind}: give a Record, a record's JSON (text or path), or a deal (TrickDeal, "
                        "DominoDeal, HerzblattDeal, …)", kind=type(source).__name__))
