"""Card-sense drills: "Who holds the König of Hearts?", "How many Hearts are still out?", "Who is void in
Leaves?", answered with a chance for each answer and scored against what the evidence supports.

The evidence is what the learner's seat has seen: its hand, every card played, the voids shown and what
the must-trump duties reveal. The kit's sampler (:class:`~keinstich.bots.sampler.HandSampler`) counts the
deals of the hidden cards that fit it, every one equally likely, so the *posterior* of an answer is the
share of those deals in which it is true: counted exactly (how many deals fit with the King in seat 2, out
of how many fit at all) or, when there are too many to count, estimated from 4000 seeded draws.

A forecast ``p`` (the learner's chances, or 1 on the answer picked) is scored by its expected Brier score
under the posterior ``q``: the mean of Σ (pᵢ − oᵢ)² over the deals that fit, where o is the true answer in
that deal. Lower is better; :attr:`Question.floor` is the best score the evidence allows (the forecast
p = q), so the learner's card sense is how close they come to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from keinstich.bots.knowledge import Knowledge, in_play_mask, trick_knowledge
from keinstich.bots.sampler import HandSampler
from keinstich.cards import SUIT_MASKS, Card, Rank, Style, Suit, cards_of, mask_of
from keinstich.coach.equivalence import card_costs
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal, Kind
from keinstich.i18n import _

if TYPE_CHECKING:
    from keinstich.trainer.bank import Bank

KINDS = ("holds", "count", "void")
DRAWS = 4000
"""Draws that estimate a posterior when the deals that fit are too many to count."""


class SenseError(ValueError):
    """A position or a forecast a card-sense question cannot take."""


@dataclass(frozen=True)
class Question:
    """A card-sense question about ``position`` from ``seat``'s view: ``text``, the ``options`` to give a
    chance to, and the ``posterior`` of each (summing to 1 for "holds" and "count"; for "void" each option is
    a yes-or-no of its own: the chance that that seat is void). ``exact``: the posterior was counted, not
    estimated."""

    kind: str
    text: str
    options: tuple[str, ...]
    posterior: tuple[float, ...]
    position: Deal
    seat: int
    exact: bool

    @property
    def floor(self) -> float:
        """The best expected Brier score the evidence allows (forecasting the posterior itself)."""
        return brier(self, self.posterior)

    def best(self) -> str:
        """The option the evidence favours most."""
        return self.options[max(range(len(self.options)), key=lambda i: self.posterior[i])]


def brier(q: Question, forecast: Sequence[float]) -> float:
    """The expected Brier score of ``forecast`` under the question's posterior (see the module's docstring)."""
    if len(forecast) != len(q.options):
        raise SenseError(_("give one chance for each of the {n} answers, not {given}", n=len(q.options),
                               given=len(forecast)))
    if any(not 0 <= p <= 1 for p in forecast):
        raise SenseError(_("every chance must be between 0 and 1"))
    p, post = list(forecast), q.posterior
    if q.kind == "void":  # one yes-or-no question per seat
        return sum(pi * pi - 2 * pi * qi + qi for pi, qi in zip(p, post, strict=True))
    total = sum(p)
    if total <= 0:
        raise SenseError(_("give a chance to at least one answer"))
    p = [x / total for x in p]
    return sum(x * x for x in p) - 2 * sum(x * y for x, y in zip(p, post, strict=True)) + 1


def pick(q: Question, option: str) -> list[float]:
    """The forecast of picking one answer: 1 on it, 0 elsewhere."""
    if option not in q.options:
        raise SenseError(_("{option} is not one of the answers: {answers}", option=repr(option),
                               answers=", ".join(q.options)))
    return [1.0 if o == option else 0.0 for o in q.options]


# --- what the seat knows -------------------------------------------------------------------------------


def knowledge(position: Deal, seat: int) -> Knowledge:
    """What ``seat`` knows about the hidden cards (trick play of any game)."""
    if position.phase != "play" or position.trick_deal is None:
        raise SenseError("card-sense questions are asked in the card play of a trick deal")
    obs = position.observation(seat)
    if obs.kind is Kind.HERZBLATT:
        t = obs.trick
        return trick_knowledge(t, obs.rules.pack.mask, discards=mask_of(obs.discards))
    return trick_knowledge(obs, in_play_mask(obs, pack_in_play(position)))


def _others(know: Knowledge) -> list[int]:
    return [s for s in range(len(know.sizes)) if s != know.seat]


def _sampler(know: Knowledge, extra: dict[int, int] | None = None) -> HandSampler:
    """The sampler over the other hands (and the cards out of play, as one more slot), with ``extra`` cards
    excluded per slot (slot = index among the other seats, then the out-of-play slot)."""
    others = _others(know)
    caps = [know.sizes[s] for s in others] + ([know.out] if know.out else [])
    excl = [know.excluded[s] for s in others] + ([0] if know.out else [])
    for slot, mask in (extra or {}).items():
        excl[slot] |= mask
    return HandSampler(know.unseen, caps, excl)


def _share(know: Knowledge, extra: dict[int, int]) -> float | None:
    """The share of deals that fit with ``extra`` exclusions, counted exactly (None if too many to count)."""
    base = _sampler(know)
    total = base.count()
    if total <= 0:
        return None
    try:
        part = _sampler(know, extra).count()
    except ValueError:  # no deal fits these exclusions
        return 0.0
    return None if part < 0 else part / total


def _draws(know: Knowledge, seed: str) -> list[list[int]]:
    rng = random.Random(seed)
    sampler = _sampler(know)
    return [sampler.sample(rng) for _x in range(DRAWS)]


# --- the questions ------------------------------------------------------------------------------------


def _seat_names(know: Knowledge) -> list[str]:
    names = [_("seat {n}", n=s) for s in _others(know)]
    return names + ([_("out of play")] if know.out else [])


def holds(position: Deal, c: Card, seat: int | None = None, *, style: Style | None = None) -> Question:
    """"Who holds ``c``?" from ``seat``'s view (default: the seat to move): one option per other seat (and
    "out of play" where cards are laid away)."""
    seat = _seat(position, seat)
    know = knowledge(position, seat)
    if not know.unseen & c.bit:
        raise SenseError(_("{card} is not hidden from seat {seat}: it is in its hand or has been played",
                               card=c.code, seat=seat))
    names = _seat_names(know)
    slots = len(names)
    shares = [_share(know, {k: c.bit for k in range(slots) if k != j}) for j in range(slots)]
    exact = all(s is not None for s in shares)
    if exact:
        post = [float(s or 0.0) for s in shares]
    else:
        drawn = _draws(know, f"holds:{c.code}:{position.record().to_json()}")
        post = [sum(1 for d in drawn if d[j] & c.bit) / DRAWS for j in range(slots)]
    words = style or pack_in_play(position).style
    return Question("holds", _("Who holds the {card}?", card=c.label(words)), tuple(names), _normal(post), position,
                    seat, exact)


def count_out(position: Deal, suit: Suit, seat: int | None = None, *, style: Style | None = None) -> Question:
    """"How many cards of ``suit`` are still out (in the other hands)?" from ``seat``'s view."""
    seat = _seat(position, seat)
    know = knowledge(position, seat)
    hidden = (know.unseen & SUIT_MASKS[suit]).bit_count()
    words = style or pack_in_play(position).style
    text = _("How many {suit} are still in the other hands?", suit=suit.label(words).capitalize())
    options = tuple(str(k) for k in range(hidden + 1))
    if not know.out:
        post = [1.0 if k == hidden else 0.0 for k in range(hidden + 1)]
        return Question("count", text, options, tuple(post), position, seat, True)
    out_slot = len(_others(know))
    drawn = _draws(know, f"count:{suit}:{position.record().to_json()}")
    post = [0.0] * (hidden + 1)
    for d in drawn:
        post[hidden - (d[out_slot] & SUIT_MASKS[suit]).bit_count()] += 1 / DRAWS
    return Question("count", text, options, _normal(post), position, seat, False)


def void(position: Deal, suit: Suit, seat: int | None = None, *, style: Style | None = None) -> Question:
    """"Who is void in ``suit``?" from ``seat``'s view: for each other seat, the chance it holds none."""
    seat = _seat(position, seat)
    know = knowledge(position, seat)
    others = _others(know)
    shares = [_share(know, {k: SUIT_MASKS[suit]}) for k in range(len(others))]
    exact = all(s is not None for s in shares)
    if exact:
        post = [float(s or 0.0) for s in shares]
    else:
        drawn = _draws(know, f"void:{suit}:{position.record().to_json()}")
        post = [sum(1 for d in drawn if not d[k] & SUIT_MASKS[suit]) / DRAWS for k in range(len(others))]
    words = style or pack_in_play(position).style
    return Question("void", _("Who is void in {suit}? Give each seat its chance.", suit=suit.label(words).capitalize()),
                    tuple(_("seat {n}", n=s) for s in others), tuple(post), position, seat, exact)


def _seat(position: Deal, seat: int | None) -> int:
    s = position.turn if seat is None else seat
    if s is None:
        raise SenseError(_("the deal is over: ask about a position in play"))
    return s


def _normal(post: Sequence[float]) -> tuple[float, ...]:
    total = sum(post)
    return tuple(p / total for p in post) if total else tuple(post)


def question(position: Deal, seed: int | str, kind: str | None = None, *, style: Style | None = None) -> Question:
    """A card-sense question about ``position`` drawn from ``seed``: of ``kind`` (default: drawn too), about a
    card worth knowing (one that costs or scores, or a high card) or a suit some of which has been played."""
    rng = random.Random(f"sense:{seed}")
    kinds = [kind] if kind is not None else list(KINDS)
    if kind is not None and kind not in KINDS:
        raise SenseError(_("unknown kind {kind}: use one of {kinds}", kind=repr(kind), kinds=", ".join(KINDS)))
    rng.shuffle(kinds)
    seat = _seat(position, None)
    know = knowledge(position, seat)
    hidden = cards_of(know.unseen)
    costs = card_costs(position) or (0,) * 52
    played = {c.suit for _x, m in position.history for c in ([m] if isinstance(m, Card) else [])}
    for k in kinds:
        if k == "holds" and hidden:
            worth = [c for c in hidden if costs[c.index] != 0 or c.rank >= Rank.KING] or list(hidden)
            return holds(position, rng.choice(worth), seat, style=style)
        suits = [s for s in Suit if know.unseen & SUIT_MASKS[s] and s in played]
        if k == "count" and suits:
            return count_out(position, rng.choice(suits), seat, style=style)
        if k == "void" and suits:
            return void(position, rng.choice(suits), seat, style=style)
    raise SenseError(_("nothing is hidden worth asking about in this position"))


def from_bank(bank: Bank, seeds: Iterator[str], style_of: Callable[[Deal], Style | None] = lambda _d: None,
              tries: int = 20) -> Question:
    """A card-sense question about a trick position of ``bank`` (lay-off positions have no hidden hands to ask
    about): each seed of ``seeds`` draws a position and a question; a position with nothing worth asking about
    is passed over, up to ``tries`` times. ``style_of`` names the position's cards."""
    entries = [e for e in bank.entries if e.family not in ("kein-stich/domino", "herzeln/domino")]
    if not entries:
        raise SenseError(_("the bank has no trick positions to ask about"))
    for _try, seed in zip(range(tries), seeds, strict=False):
        position = random.Random(seed).choice(entries).position()
        try:
            return question(position, seed, style=style_of(position))
        except SenseError:
            continue
    raise SenseError(_("no card-sense question found"))


__all__ = ["DRAWS", "KINDS", "Question", "SenseError", "brier", "count_out", "from_bank", "holds", "knowledge",
           "pick", "question", "void"]
