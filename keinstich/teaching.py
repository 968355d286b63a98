"""What a teacher asks the coach in front of a class: which moves keep the best result here, and why.

Every answer comes from the coach's one judge (:func:`keinstich.coach.verdict`), and with all hands open from
its search against the opponents at the table (:func:`keinstich.coach.open_values`)::

    answer = best_moves(position)        # fair: from what the player to move could know
    answer.moves, answer.why             # the moves that keep the best result; the coach's sentence
    open_best(position, bots=[...]).moves  # with all hands open, against these opponents: the exact best set of
                                           # the coach's search against the table's bots
    judged(position, move)               # one move: its grade, the best moves and the sentence on it
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from keinstich.cards import Style
from keinstich.deal import Deal, Move, move_cards
from keinstich.i18n import N_, _
from keinstich.wording import listed

if TYPE_CHECKING:
    from keinstich.coach import Judgement

__all__ = ["Answer", "best_moves", "judged", "open_best", "review_of"]

OPEN_VIEW = N_("with all hands open, against these opponents")
"""What the open-hands answer assumes, said with it: every hand known, the other seats playing as their bots at
the table do (a msgid: translated where shown)."""


@dataclass(frozen=True)
class Answer:
    """The moves that keep the best result in a position, the coach's sentence on them, and which view
    made them (``open_hands``: every hand known)."""

    seat: int
    moves: tuple[Move, ...]
    why: str
    open_hands: bool = False
    view: str = N_("from what the player could know")

    @property
    def cards(self) -> tuple[object, ...]:
        """The cards those moves put down (none for a pass or a call)."""
        return tuple(c for m in self.moves for c in move_cards(m))


def _seat(position: Deal) -> int:
    from keinstich.machine import check_deal

    check_deal(position, "the teacher's question")
    seat = position.turn
    if seat is None or position.over:
        raise ValueError("the deal is over: there is no move left to ask about")
    return seat


def best_moves(position: Deal, *, style: Style | None = None) -> Answer:
    """The moves that keep the best result for the player to move, judged fairly (from what that player could
    know: the coach's verdict, the one judge), with the coach's sentence why."""
    from keinstich.coach import verdict

    seat = _seat(position)
    v = verdict(position, style=style)
    return Answer(seat, v.best, v.best_why(style))


def open_best(position: Deal, *, bots: object = "heuristic", style: Style | None = None) -> Answer:
    """The moves that keep the best result for the player to move with all hands open, against these opponents:
    the other seats answer as their ``bots`` do (one spec for all, or one per seat; on the line played, as they
    played). The moves are exactly the best set of the coach's search (:func:`keinstich.coach.open_values`, the
    moves whose exact value is the top one)."""
    from keinstich.coach import open_values, verdict
    from keinstich.coach.fair import key
    from keinstich.coach.judgement import answers_for

    seat = _seat(position)
    legal = tuple(position.legal_moves())
    if len(legal) == 1:
        return Answer(seat, legal, _("{moves} is the only move here", moves=_names(position, legal, style)),
                      open_hands=True, view=OPEN_VIEW)
    if verdict(position, style=style).judged is None:  # Herzblatt's calls and discards: no search of them
        fair = best_moves(position, style=style)
        return Answer(seat, fair.moves, _("there is no search with all hands open for this move; {why}",
                                          why=fair.why))
    answers = answers_for(position, seat, bots)  # type: ignore[arg-type]
    got = open_values(position, answers)
    if got is None:  # no search: the coach's fair answer, said to be that, and why
        fair = best_moves(position, style=style)
        why = (_("there is no search with all hands open against a bot that thinks long (the Monte Carlo bot: "
                 "asking it about every line would take minutes)") if not answers.cheap else
               _("with all hands open the search does not finish this early in the deal"))
        return Answer(seat, fair.moves, _("{why}; from what the player could know: {fair}", why=why, fair=fair.why))
    moves = tuple(m for m in legal if key(m) in got.best)
    names = _names(position, moves, style)
    if len(moves) == 1:
        why = _("{moves} keeps the best result (the other seats playing as their bots at this table do)",
                moves=names)
    else:
        why = _("{moves} keep the best result (the other seats playing as their bots at this table do)", moves=names)
    return Answer(seat, moves, why, open_hands=True, view=OPEN_VIEW)


def judged(position: Deal, move: Move | str, *, style: Style | None = None) -> Judgement:
    """``move`` judged fairly in ``position`` (the coach's judgement, from what the player could know): its grade
    (``.grade.bad``: a mistake or a blunder), cost, the best moves and the sentences."""
    from keinstich.coach import judge

    _seat(position)
    return judge(position, move, open_hands=False, style=style)


def _names(position: Deal, moves: tuple[Move, ...], style: Style | None) -> str:
    """"Ober of Leaves", "7 of Acorns and 9 of Acorns": the moves as the coach's sentences name them."""
    from keinstich.coach.grades import pack_in_play
    from keinstich.coach.why import move_text

    return listed(move_text(m, style or pack_in_play(position).style) for m in moves)


def review_of(deal: Deal, seat: int, *, bots: object = "heuristic", style: Style | None = None) -> object:
    """The coach's review of ``seat``'s decisions in a finished deal (a student's, from the class results)."""
    from keinstich.coach import review

    return review(deal, seat, bots=bots, style=style)  # type: ignore[arg-type]
