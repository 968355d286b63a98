"""ipywidgets views of the Kein Stich engine: play, replay, edit rules, quiz and chart in a notebook.

Pure ipywidgets plus HTML and SVG drawn by :mod:`keinstich.faces`: no JavaScript build, so the views
work the same in JupyterLab, Notebook 7, Voila and Binder. Callbacks are thin: they ask the engine and
redraw; an error in a callback shows in the widget's message area.
"""

from ._guard import MessageArea, guard, guarded
from .cardview import CardButton, CardStyles, HandView, TrickView, card_style_widget
from .domino import DominoView
from .editor import RuleEditor
from .quiz import BestCardQuiz, LegalCardsQuiz, quiz_position
from .replay import Replay
from .table import Table, app_table
from .trainer import Trainer

__all__ = [
    "BestCardQuiz", "CardButton", "CardStyles", "DominoView", "HandView", "LegalCardsQuiz", "MessageArea",
    "Replay", "RuleEditor", "Table", "Trainer", "TrickView", "app_table", "card_style_widget", "guard", "guarded",
    "quiz_position",
]
