"""Drive a Table as a learner does, by its buttons alone, in any game: tests/widgets and the lesson probe
(tests/lesson_probe.py) use it."""

from __future__ import annotations

from keinstich_widgets import Table


def learner_moves(table: Table) -> list[object]:
    return [m.move for m in table.session.moves if m.learner]


def click_once(table: Table) -> None:
    """The learner's next move by the widgets alone: pick cards and confirm, click a card, or press a button."""
    ses = table.session
    enabled = [b for b in table.hand_view.buttons if not b.disabled]
    shown = [k for k, b in table.action_buttons.items() if b.layout.display != "none"]
    if ses.picking:
        for b in enabled[:ses.picking]:
            b.click()
        table.act(table.deal.phase)
    elif enabled:
        enabled[0].click()
    else:
        assert shown, f"the learner is to move in the {table.deal.phase} phase but nothing is offered"
        table.act(shown[0])
    assert table.messages.kind != "error", table.messages.text


def play_out(table: Table) -> None:
    for _ in range(200):
        if table.deal.over:
            return
        click_once(table)
    raise AssertionError("the deal did not end")
