"""What a judged decision offers the coach's words and readings: :class:`Judged`, the face of a
:class:`~.judge.Verdict` that the sentences (:mod:`.why`), the lines (:mod:`.lines`) and the ideas read off them
(:mod:`.ideas`) are written against, so that the verdict can speak through them without their importing it back.
"""

from __future__ import annotations

from typing import Protocol

from keinstich.cards import Style
from keinstich.deal import Deal, Move, Unit

from .equivalence import Relabel
from .fair import Fair
from .grades import Grade, Grades


class Judged(Protocol):
    """The judgement of the decision of ``seat`` in ``position``, every legal move judged (see
    :class:`~.judge.Verdict`, the one kind there is)."""

    @property
    def position(self) -> Deal: ...

    @property
    def seat(self) -> int: ...

    @property
    def index(self) -> int: ...

    @property
    def legal(self) -> tuple[Move, ...]: ...

    @property
    def grades(self) -> Grades: ...

    @property
    def judged(self) -> Fair | None: ...

    @property
    def usual(self) -> Move: ...

    @property
    def usual_reason(self) -> str: ...

    @property
    def style(self) -> Style: ...

    @property
    def canon(self) -> Judged | None: ...

    @property
    def relabel(self) -> Relabel | None: ...

    @property
    def unit(self) -> Unit: ...

    @property
    def forced(self) -> bool: ...

    @property
    def best(self) -> tuple[Move, ...]: ...

    @property
    def leader(self) -> Move: ...

    @property
    def hint(self) -> Move: ...

    @property
    def deals(self) -> int: ...

    def grade(self, move: Move | str) -> Grade: ...

    def cost(self, move: Move | str) -> float: ...

    def margin(self, move: Move | str) -> float: ...

    def why(self, move: Move | str, style: Style | None = None) -> str: ...
