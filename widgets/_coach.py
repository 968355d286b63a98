"""The review beside the Table: made when a deal ends, and "Try again from here".

When the learner's deal is over, :class:`Coach` reviews it from the learner's seat
(:func:`keinstich.coach.review`, with the table's bots for the duplicates) in a background thread,
with a progress note and a Stop button, and shows the :class:`~keinstich_widgets.review.ReviewView`
beside the table. A decision's "Try again from here" reopens the reviewed deal just before it, with
the same cards (:meth:`~keinstich_widgets._session.Session.rewind`); the review stays in view while
the learner plays on, and the next finished deal brings a new one. A new deal, a typed deal, another
contract or an Undo takes the review away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from keinstich.coach import Review, review
from keinstich.deal import Deal

from ._guard import report
from ._thinking import Thinking
from .review import ReviewView

if TYPE_CHECKING:
    from .table import Table

SAMPLES = 100
"""Deals the fair judgement samples per decision in the Table's review."""


class Coach:
    """The Table's review panel (see the module's docstring). ``enabled=False`` makes no reviews."""

    def __init__(self, table: Table, enabled: bool = True, samples: int = SAMPLES) -> None:
        self.table = table
        self.enabled = enabled
        self.samples = samples
        ses = table.session
        self.view = ReviewView(on_try=self.try_again, style=table.faces, four_colour=table.four_colour,
                               lang=table.lang, width=round(table.card_px * 0.45), on_later=self.practise_later,
                               on_now=self.find_better)
        self.job: Thinking[Review] = Thinking(ses.lock, words=table.t("reviewing"), stop_words=table.t("stop"),
                                              stopped_words=table.t("stopped"))
        self.view.children = [self.view.children[0], self.job.box, *self.view.children[1:]]
        self.reviewed: Deal | None = None  # the deal the review shown is about
        self._asked: tuple[int, int] | None = None  # (generation, moves) of the finished deal asked about
        self._kept = -1  # the generation the review stays in view for (after a Try again)

    @property
    def review(self) -> Review | None:
        """The review shown (None while it is being made, or when there is none)."""
        return self.view.review

    def after_render(self) -> None:
        """Called after every redraw of the table (under the session's lock): start the review of a deal
        just finished; take the review away when the table moved on to something else."""
        ses = self.table.session
        if not self.enabled:
            return
        gen = ses.generation
        if ses.deal.over:
            mark = (gen, len(ses.deal.history))
            if mark != self._asked:
                self._start(mark)
        elif gen != self._kept and self._asked is not None:
            self.clear()

    def clear(self) -> None:
        self.job.withdraw()
        self._asked = None
        self.reviewed = None
        self.view.update(None)
        self.table.show_panel(None)

    def _start(self, mark: tuple[int, int]) -> None:
        ses = self.table.session
        self.job.withdraw()
        self._asked = mark
        deal, seat, bots = ses.deal.copy(), ses.seat, list(ses.specs)
        seed = ses.seed if ses.seed is not None else 0
        self.view.update(None)
        self.table.show_panel(self.view)
        self.job.synchronous = ses.synchronous

        def done(r: Review) -> None:
            self.reviewed = deal
            self.view.update(r)

        style = self.table.faces
        self.job.start(lambda budget: review(deal, seat, bots=bots, samples=self.samples, seed=seed, budget=budget,
                                             style=style),
                       done, lambda e: report(self.table.messages, e, "review"))

    def try_again(self, index: int) -> None:
        """Reopen the reviewed deal just before its move ``index`` (the learner's decision)."""
        deal = self.reviewed
        if deal is None:
            raise ValueError("there is no reviewed deal to reopen: finish a deal first")
        ses = self.table.session
        with ses.lock:
            self._kept = ses.generation + 1  # the rewind's redraw must keep the review in view
            ses.rewind(deal, index)
            self.table.messages.info(self.table.t("retry", where=_where(deal, index)))


    def practise_later(self, r: Review) -> None:
        """"Practise these later": the review's mistakes into the learner's deck (keinstich.trainer)."""
        from keinstich.trainer import remember
        from keinstich.trainer.practice import add_mistakes, now_utc

        deal = self.reviewed
        if deal is None:
            raise ValueError("there is no reviewed deal: finish a deal first")
        memory = remember()
        written = add_mistakes(memory, deal, r.mistakes, at=now_utc())
        new = sum(1 for w in written if w.answer is not None)
        self.view.messages.ok(f"{new} position{'' if new == 1 else 's'} put into your deck: they come back, renamed, "
                              "from tomorrow on. Practise them in the trainer: Trainer()." if new else
                              "These positions are in your deck already.")

    def find_better(self, r: Review) -> None:
        """"Find better cards now": the review's mistakes one by one, the answer hidden (a trainer below the review)."""
        from .trainer import Trainer

        deal = self.reviewed
        if deal is None:
            raise ValueError("there is no reviewed deal: finish a deal first")
        trainer = Trainer.for_mistakes(deal, [j.index for j in r.mistakes], synchronous=self.table.session.synchronous,
                                       style=self.table.faces, lang=self.table.lang)
        self.view.extra.children = (trainer,)


def _where(deal: Deal, index: int) -> str:
    """"trick 3" (in the card play) or "move 2": where the reopened deal stands."""
    position = deal.rewound(index)
    td = position.trick_deal
    if td is not None and position.phase == "play":
        return f"trick {len(td.tricks) + 1}"
    return f"move {index + 1}"


__all__ = ["Coach"]
