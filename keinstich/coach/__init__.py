"""The coach: every decision of a played deal judged, and why.

:func:`verdict` is the one judge: every legal move of a decision judged from what the player could know
(:mod:`.fair`), graded by the contract's thresholds (:mod:`.grades`), with one sentence why (:mod:`.why`).
:func:`judge` adds what each move was worth with all hands open against the opponents who played
(:mod:`.against`); :func:`review` does so for every decision of a seat in a deal and compares its result with the
best it could have got knowing every hand, and with the heuristic bot in its seat. docs/coach.md says it in words.
"""

from .against import Answers, OpenValues, open_values
from .fair import view_key
from .grades import GRADES, Grade, Grades, grades_of, scale_of, unit_of
from .judge import CoachError, Verdict, known, verdict
from .judgement import Judgement, judge
from .partie import PartieReview, review_partie
from .review import Review, duplicate, outcome, review

__all__ = ["GRADES", "Answers", "CoachError", "Grade", "Grades", "Judgement", "OpenValues", "PartieReview", "Review",
           "Verdict", "duplicate", "grades_of", "judge", "known", "open_values", "outcome", "review", "review_partie",
           "scale_of", "unit_of", "verdict", "view_key"]
