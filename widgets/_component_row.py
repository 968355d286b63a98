"""A row of a custom contract in the rule editor: so much per trick, per card of a suit, of a rank or one card, or for
a trick by its number, read as a component of :mod:`keinstich.contracts`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from keinstich.cards import rank_code, suit
from keinstich.contracts import Component, ContractError, ForTrick, PerCard, PerTrick
from keinstich.wording.i18n import N_, _

KINDS: list[tuple[str, str]] = [
    (N_("per trick taken"), "trick"),
    (N_("per card of suit"), "suit"),
    (N_("per card of rank"), "rank"),
    (N_("for the card"), "card"),
    (N_("for trick number"), "position"),
]
"""The kinds of row a custom contract is built from (the components of keinstich.contracts; translated where
shown)."""

_EXAMPLE = {"trick": "", "suit": "H", "rank": "O", "card": "KH", "position": "-1"}
_PLACEHOLDER = {"trick": N_("(nothing)"), "suit": N_("suit: C S H D"), "rank": N_("rank: A K O U 10 …"),
                "card": N_("card: KH, OS …"), "position": N_("1 = first, -1 = last")}

class ComponentRow(widgets.HBox):  # type: ignore[misc]
    """One row of a custom contract: amount, kind, and what it applies to."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return "ComponentRow()"

    def __init__(self, kind: str = "trick", what: str = "", amount: int = 5,
                 on_change: Callable[[], None] | None = None, on_remove: Callable[[ComponentRow], None] | None = None
                 ) -> None:
        self.amount = widgets.IntText(value=amount, layout=widgets.Layout(width="80px"))
        self.kind = widgets.Dropdown(options=[(_(k), v) for k, v in KINDS], value=kind,
                                     layout=widgets.Layout(width="170px"))
        self.what = widgets.Text(value=what, placeholder=_(_PLACEHOLDER[kind]), layout=widgets.Layout(width="170px"))
        self.remove = widgets.Button(description="✕", tooltip=_("remove this row"), layout=widgets.Layout(width="40px"))
        super().__init__([self.amount, self.kind, self.what, self.remove])
        self._on_change = on_change or (lambda: None)
        for w in (self.amount, self.what):
            w.observe(lambda _c: self._on_change(), "value")
        self.kind.observe(self._kind_changed, "value")
        if on_remove is not None:
            self.remove.on_click(lambda _b: on_remove(self))
        self._sync_kind()

    def _kind_changed(self, _change: Any) -> None:
        if self.kind.value != "trick" and not self.what.value:
            self.what.value = _EXAMPLE[self.kind.value]
        self._sync_kind()
        self._on_change()

    def _sync_kind(self) -> None:
        self.what.placeholder = _(_PLACEHOLDER[self.kind.value])
        self.what.disabled = self.kind.value == "trick"

    def component(self) -> Component:
        """The row as a contract component (the engine refuses a bad suit, rank, card or number)."""
        amount, kind, what = int(self.amount.value), self.kind.value, self.what.value.strip()
        if kind == "trick":
            return PerTrick(amount)
        if not what:
            raise ContractError(_("a row '{kind}' needs {what}", kind=_(dict((v, k) for k, v in KINDS)[kind]),
                                  what=_(_PLACEHOLDER[kind])))
        if kind == "suit":
            return PerCard(amount, suit=what)
        if kind == "rank":
            return PerCard(amount, rank=what)
        if kind == "card":
            return PerCard(amount, card=what)
        try:
            number = int(what)
        except ValueError:
            raise ContractError(_("a trick number is a whole number (1 = first, -1 = last), not {what}",
                                  what=repr(what))) from None
        return ForTrick(number, amount)


def rows_of(contract: Any) -> list[tuple[str, str, int]]:
    """A contract's components as editor rows (kind, what, amount)."""
    components = getattr(contract, "components", None)
    if components is None:
        raise ContractError(_("{contract} is not made of components: it has no editor rows", contract=repr(contract)))
    out = []
    for c in components:
        if isinstance(c, PerTrick):
            out.append(("trick", "", c.amount))
        elif isinstance(c, ForTrick):
            out.append(("position", str(c.number), c.amount))
        elif c.card is not None:
            out.append(("card", rank_code(c.card.rank, "german") + c.card.suit.code, c.amount))
        elif c.suit is not None and c.rank is None:
            out.append(("suit", suit(c.suit).code, c.amount))
        elif c.rank is not None and c.suit is None:
            out.append(("rank", rank_code(c.rank, "german"), c.amount))
        else:
            raise ContractError(_("{component} (suit and rank together) has no editor row: write it in Python",
                                  component=repr(c)))
    return out
