"""The coach: every decision of a played deal judged, and why.

:func:`judge` weighs one move in its position two ways (from what the player could know, and with all
hands open), grades it by what it cost (:mod:`.grades`) and says why in one sentence (:mod:`.why`);
:func:`review` does so for every decision of a seat in a deal and compares its result with the same
deal played by the solver and by the heuristic bot in that seat.
"""

from .grades import GRADES, Grades, grades_of, scale_of, unit_of
from .judge import CoachError, Judgement, judge
from .partie import PartieReview, review_partie
from .review import Review, duplicate, outcome, review

__all__ = ["GRADES", "CoachError", "Grades", "Judgement", "PartieReview", "Review", "duplicate", "grades_of", "judge",
           "outcome", "review", "review_partie", "scale_of", "unit_of"]
