"""A chart's picture that takes no room until it has one.

An ``ipywidgets.Image`` with no value shows in the browser as a broken picture (its ``<img>`` loads an empty blob):
the trainer's card-sense chart showed one under the first question, and in the moment between Check's feedback
and the chart. A :class:`Picture` is hidden while it is empty and shown once its picture is set.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets


class Picture(widgets.Image):  # type: ignore[misc]
    """A PNG picture, hidden until :meth:`show` gives it one (and again if given none)."""

    def __init__(self, *, max_width: str, **kwargs: Any) -> None:
        super().__init__(format="png", layout=widgets.Layout(max_width=max_width, display="none"), **kwargs)

    def show(self, png: bytes) -> None:
        """Show ``png``: the picture is set before it is shown, and hidden before it is emptied, so the browser never
        draws an empty one."""
        if png:
            self.value = png
            self.layout.display = None
        else:
            self.layout.display = "none"
            self.value = png
