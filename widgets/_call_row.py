"""The Table's row of calls: the learner's legal moves that put down no card (play or pass, announce, contra,
discard two cards…), a button per move made the first time the move is offered, and, in a lay-off deal, the end
of the chain a card that fits at both is laid at.

:class:`CallRow` owns these widgets and plays the move on the learner's :class:`~._session.Session`; the table
gives it ``moving()`` (the learner's view moves on: the Last trick view closes) and redraws it with the table's
words at each change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from keinstich.i18n import _, pgettext

from ._games import calls, move_cards
from ._guard import MessageArea, guard, tell
from ._session import TableError
from ._shared import plain
from ._words import BUTTON_STYLES, action_key, label, move_text

if TYPE_CHECKING:
    from ._session import Session
    from ._table_words import TableWords

__all__ = ["CallRow"]


class CallRow:
    """The calls' buttons and the end box (``actions``, the row to show; see the module's docstring)."""

    def __init__(self, session: Session, messages: MessageArea, *, lang: Any, moving: Callable[[], None]) -> None:
        self.session = session
        self.messages = messages
        self.lang = lang
        self.moving = moving
        self.action_buttons: dict[str, widgets.Button] = {}
        self.end_box = widgets.ToggleButtons(options=[(pgettext("end", "top"), "top"),
                                                      (pgettext("end", "bottom"), "bottom")], value="top",
                                             description=_("Lay at"),
                                             style={"button_width": "70px"}, layout=widgets.Layout(display="none"))
        self.actions = widgets.HBox([self.end_box], **plain(widgets.HBox))

    def end(self) -> str | None:
        """The end of the chain the learner's next card is laid at, when it fits at both (else None)."""
        return self.end_box.value if self.end_box.layout.display != "none" else None

    def _button(self, key: str, text: str) -> widgets.Button:
        """The button for a move (made once, the first time the move is offered)."""
        button = self.action_buttons.get(key)
        if button is None:
            button = widgets.Button(description=label(text), button_style=BUTTON_STYLES.get(key, ""))
            button.on_click(self.handler(key))
            button.layout.display = "none"
            self.action_buttons[key] = button
            self.actions.children = [*self.action_buttons.values(), self.end_box]
        return button

    def render(self, words: TableWords) -> None:
        """The buttons of the moves offered now shown, the others hidden; the end box when a card fits at both."""
        ses = self.session
        deal = ses.deal
        show: set[str] = set()
        if ses.learner_to_move:
            for move in calls(deal):
                show.add(action_key(move))
                self._button(action_key(move), move_text(move))
            if ses.picking:
                confirm = self._button(deal.phase, deal.phase)
                confirm.disabled = ses.picked_move() is None
                confirm.description = label(deal.phase) + (
                    " " + ", ".join(words.words(c) for c in ses.selected) if ses.selected else "")
                show.add(deal.phase)
        for key, button in self.action_buttons.items():
            display = "" if key in show else "none"
            if button.layout.display != display:
                button.layout.display = display
        moves = deal.legal_moves() if ses.learner_to_move else ()
        per_card = [move_cards(m) for m in moves if len(move_cards(m)) == 1]
        both_ends = len(per_card) != len(set(per_card))  # a card that fits at either end of the chain
        self.end_box.layout.display = "" if both_ends else "none"

    def handler(self, key: str) -> Any:
        """What the button of move ``key`` does: the move (or, while picking, the picked cards) played."""
        @guard
        def handler(self: CallRow, _button: Any = None) -> None:
            ses = self.session
            self.moving()
            if ses.picking and key == ses.phase:
                ses.confirm()
            else:
                offered = [m for m in calls(ses.deal) if action_key(m) == key]  # a pass is the move None
                if not offered:
                    raise TableError(ses.phase_hint())
                ses.call(offered[0])
            tell(self.messages)

        return lambda button=None: handler(self, button)

    def act(self, key: str) -> None:
        """Press the button of a move by its key, as the learner would; a move not offered now is refused."""
        button = self.action_buttons.get(key)
        if button is not None and button.layout.display != "none":
            button.click()
        else:
            self.handler(key)()
