"""ipywidgets views of the Kein Stich engine: play, replay, edit rules, quiz and chart in a notebook.

Pure ipywidgets plus HTML and SVG drawn by :mod:`keinstich.faces`: no JavaScript build, so the views
work the same in JupyterLab, Notebook 7, Voila and Binder. Callbacks are thin: they ask the engine and
redraw; an error in a callback shows in the widget's message area.

Each name is imported on first use (PEP 562), so ``from keinstich_widgets.table import app_table`` (the Voila
table a class opens) loads the table's modules only, not the rule editor's and the trainer's charts
(matplotlib): a student's kernel stays smaller and starts sooner.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "MessageArea": "_guard", "guard": "_guard", "guarded": "_guard",
    "CardButton": "cardview", "CardStyles": "cardview", "HandView": "cardview", "TrickView": "cardview",
    "card_style_widget": "cardview",
    "DominoView": "domino", "RuleEditor": "editor",
    "BestCardQuiz": "quiz", "LegalCardsQuiz": "quiz", "quiz_position": "quiz",
    "Replay": "replay", "Table": "table", "app_table": "table", "Trainer": "trainer",
}

__all__ = [
    "BestCardQuiz", "CardButton", "CardStyles", "DominoView", "HandView", "LegalCardsQuiz", "MessageArea",
    "Replay", "RuleEditor", "Table", "Trainer", "TrickView", "app_table", "card_style_widget", "guard", "guarded",
    "quiz_position",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'keinstich_widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


if TYPE_CHECKING:
    from ._guard import MessageArea, guard, guarded
    from .cardview import CardButton, CardStyles, HandView, TrickView, card_style_widget
    from .domino import DominoView
    from .editor import RuleEditor
    from .quiz import BestCardQuiz, LegalCardsQuiz, quiz_position
    from .replay import Replay
    from .table import Table, app_table
    from .trainer import Trainer
