"""The heuristic bot: contract-aware play a teacher would recognise, each choice with a one-line reason.

A bot is handed one seat's observation, never the hidden hands, and returns its move::

    bot = HeuristicBot()
    choice = bot.decide(deal.observation(deal.turn))   # Choice(move, reason)
    deal.play(choice.move)

The same bot plays trick deals (its card is the kernel's one decision, :mod:`keinstich.kernel.heuristic`,
which it explains: :mod:`~keinstich.bots.reasons`), the lay-off deals (:mod:`~keinstich.bots.domino`) and
Herzblatt (:mod:`~keinstich.bots.herzblatt`). :func:`heuristic_playout` makes the same choices for
every seat of a trick deal without building observations: the Monte Carlo bot's rollout, and with
:class:`HeuristicQuick` (the bot's ``quick_play()``) the simulations' way to the same moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from keinstich.bots.base import (
    Bot,
    BotError,
    Choice,
    Objective,
    QuickPlay,
    check_turn,
    deal_value,
    domino_value,
    objective,
    sign_of,
)
from keinstich.bots.domino import domino_heuristic
from keinstich.bots.herzblatt import (
    best_discards,
    hand_value,
    herzblatt_deal_card,
    herzblatt_heuristic_card,
    herzblatt_heuristic_cards,
)
from keinstich.bots.knowledge import exclusions, in_play_mask, suit_bits
from keinstich.bots.pick import heuristic_card
from keinstich.bots.play import BaseBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.bots.reasons import Reason, Spot
from keinstich.bots.tables import Tables, tables
from keinstich.cards import Card, Pack, mask_of, pack
from keinstich.deal import Kind
from keinstich.games.herzblatt import HerzblattObservation
from keinstich.kernel.layout import FAIR, HEURISTIC
from keinstich.kernel.rules import reveals, rule_tables
from keinstich.layoff import DominoObservation
from keinstich.limits import check_whole
from keinstich.tricks import Observation, TrickDeal, trick_deal_of

if TYPE_CHECKING:
    from keinstich.deal import Deal


def _trick_view(obs: Observation, in_play: int) -> tuple[int, int, int, list[Card], int, list[int]]:
    """(trick number, hand, legal, trick cards, unseen mask, void bits) for the heuristic."""
    hand = mask_of(obs.hand)
    unseen = in_play & ~hand & ~obs.played_mask
    return (len(obs.tricks) + 1, hand, mask_of(obs.legal), [c for _, c in obs.trick], unseen,
            suit_bits(obs.voids))

class HeuristicBot(BaseBot):
    """Contract-aware play a teacher would recognise, each choice with a one-line reason.

    Trick deals: duck under the card now winning; shed the dangerous card when void (the King of
    Hearts in No Max, the Queen of Spades in Black Pig, high Hearts in No Hearts, Obers in No
    Obers); lead low from short suits to make voids; keep a sure loser as an exit card. The contract
    is read as data (what each card and trick costs), so new contracts need no new code. Deterministic.
    Lay-off deal: lay the card that frees your own next cards, hold back cards that only help others.
    Herzblatt: counts trumps and points (:func:`herzblatt_heuristic_card`, :func:`hand_value`,
    :func:`best_discards`).
    """

    name = "heuristic"
    cheap = True
    """It answers in well under a millisecond: a search may ask it about many imagined positions."""

    @property
    def pure(self) -> bool:
        """Its move depends on the observation alone (no random draws, nothing remembered): the coach may ask
        it again about the same position and get the same answer. Not so for a subclass deciding otherwise."""
        return self._decides_as(HeuristicBot)

    @property
    def kernel_mode(self) -> int | None:
        """The mode the kernel plays its moves in (:mod:`keinstich.kernel.playout`), for searches; None for a
        subclass that decides otherwise."""
        return HEURISTIC if self._decides_as(HeuristicBot) else None

    def _trick(self, obs: Observation) -> Choice:
        c, code, ref, spot = self._pick(obs)
        if obs.rules.trump is not None:
            return Choice(c, Reason("trump", code=code, card=c, ref=ref, spot=spot))
        return Choice(c, Reason("trick", code=code, card=c, ref=ref, contract=obs.contract, spot=spot))

    def _pick(self, obs: Observation) -> tuple[Card, int, Card | None, Spot]:
        """The card for a trick observation, its reason code, the card the reason refers to, and the
        :class:`~keinstich.bots.reasons.Spot` the reason is told from."""
        check_turn(obs)
        k, hand, legal, trick, unseen, voids = _trick_view(obs, in_play_mask(obs, self.pack))
        total = (sum(obs.hand_sizes) + len(obs.played)) // obs.players
        tb = tables(obs.contract, obs.rules, total)
        if obs.rules.trump is not None:
            excl = exclusions(obs)
            spot = Spot(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, excl, (obs.seat,))
            return (*heuristic_card(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, excl, (obs.seat,),
                                    max(obs.hand_sizes)), spot)
        spot = Spot(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids)
        return (*heuristic_card(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids), spot)

    def _herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        return herzblatt_heuristic_card(obs)

    def _lay_off(self, obs: DominoObservation) -> Choice:
        return domino_heuristic(obs)

    def quick_play(self) -> QuickPlay | None:
        """:class:`HeuristicQuick`, the same moves without an observation per move; None for a bot of a class
        that decides otherwise."""
        return HeuristicQuick(self) if self._decides_as(HeuristicBot) else None


class HeuristicQuick:
    """:class:`HeuristicBot`'s moves made on the deal itself, from what the seat to move may see: in a trick deal
    without trumps the kernel's card (:func:`heuristic_plays`; every seat at once, :func:`heuristic_playout`),
    in Herzblatt's card play its card from the seat's own view (:func:`herzblatt_deal_card`; every seat at once
    in the kernel), in a lay-off deal its choice worked out on the deal itself instead of a replay. Every other
    move is the bot's :meth:`~HeuristicBot.decide`. Tests check each against the bot handed observations."""

    __slots__ = ("_deal", "_served", "bot")

    def __init__(self, bot: HeuristicBot) -> None:
        self.bot = bot
        self._deal: Deal | None = None
        self._served: TrickDeal | None = None

    def __eq__(self, other: object) -> bool:
        """Two quick plays of the heuristic bot play alike when their packs (if given) are the same cards."""
        if not isinstance(other, HeuristicQuick):
            return False
        mine, theirs = self.bot.pack, other.bot.pack
        return mine == theirs or _mask(mine) == _mask(theirs)  # the same name: the same cards, without a look-up

    __hash__ = None  # type: ignore[assignment]

    def _serves(self, deal: Deal) -> TrickDeal | None:
        """The deal, when it is played in tricks without trumps from the first card to the last and the bot's
        pack (if it has one) is the cards dealt: where the kernel's play-out is the bot's play. Asked for every
        card, it is worked out once per deal (the cards dealt do not change while it is played)."""
        if deal is not self._deal:
            self._served = self._work_out(deal)
            self._deal = deal
        return self._served

    def _work_out(self, deal: Deal) -> TrickDeal | None:
        td = trick_deal_of(deal)
        if td is not deal or td is None or td.rules.trump is not None:
            return None
        p = self.bot.pack
        if p is not None and pack(p).mask != td.dealt_mask():
            return None
        return td

    def play(self, deal: Deal) -> None:
        seat = deal.turn
        assert seat is not None
        td = self._serves(deal)
        if td is not None:
            heuristic_plays(td, 1)
        elif deal.kind is Kind.LAY_OFF:  # the frontier is public: the deal itself stands in for the replayed one
            deal.play(domino_heuristic(cast(Any, deal.observation(seat)), cast(Any, deal)).move, seat)
        elif deal.kind is Kind.HERZBLATT and deal.phase == "play":
            deal.play(herzblatt_deal_card(cast(Any, deal)), seat)
        else:
            deal.play(self.bot.decide(deal.observation(seat)).move, seat)

    def finish(self, deal: Deal) -> bool:
        td = self._serves(deal)
        if td is not None:
            heuristic_playout(td)
            return True
        if deal.kind is Kind.HERZBLATT and deal.phase == "play":
            cards = herzblatt_heuristic_cards(deal)
            if cards is not None:  # Herzblatt's card play, every seat at once in the kernel
                for c in cards:
                    deal.play(c)
                return True
        return False


def _mask(p: Pack | str | None) -> int | None:
    return None if p is None else pack(p).mask


# --- every seat at once ---------------------------------------------------------------------------


def heuristic_playout(deal: TrickDeal, soloist: int | None = None) -> tuple[int, ...]:
    """Finish a trick deal with :class:`HeuristicBot` in every seat; returns the scores.

    The same decisions as the bot handed each seat's observation (a test checks it), computed from
    each seat's own hand and the open play only, without building observations: the rollout the
    Monte Carlo bot uses and the fast path for simulations. In a trump game (Herzblatt) the sides are
    ``soloist`` alone against the others (every seat alone without one), each seat deciding as
    :func:`~keinstich.bots.herzblatt.herzblatt_heuristic_card` does. Played in the kernel
    (:mod:`keinstich.kernel.playout`) when it can play the deal.
    """
    if not callable(getattr(deal, "run_out", None)):
        raise TypeError(f"heuristic_playout plays a trick deal (a TrickDeal, or deal.trick_deal), not "
                        f"{type(deal).__name__}")
    if soloist is not None:
        check_whole("soloist", soloist, 0, deal.players - 1)
    heuristic_plays(deal, 0, soloist)
    return deal.scores()


def fair_playout(deal: TrickDeal, soloist: int | None = None) -> tuple[int, ...]:
    """Finish a trick deal as the coach's fair judgement plays its deals out; returns the scores.

    The heuristic in every seat (as :func:`heuristic_playout`), with every tie it would break by a suit's or a
    rank's name broken by what the deal says instead (mode ``FAIR`` of :mod:`keinstich.kernel.playout`), so that
    a deal and its renamed twin (:mod:`keinstich.coach.equivalence`) are played out alike, card for card. A deal the
    kernel cannot play is played as :func:`heuristic_playout` plays it.
    """
    if not callable(getattr(deal, "run_out", None)):
        raise TypeError(f"fair_playout plays a trick deal (a TrickDeal, or deal.trick_deal), not "
                        f"{type(deal).__name__}")
    if soloist is not None:
        check_whole("soloist", soloist, 0, deal.players - 1)
    if not deal.kernel_plays:
        return heuristic_playout(deal, soloist)
    tb = tables(deal.contract, deal.rules, deal.total_tricks)
    known = exclusions(deal.observation(0)) if deal.rules.trump is not None else None
    deal.run_out(FAIR, known=known, soloist=soloist, heuristic=tb.kernel())
    return deal.scores()


def heuristic_plays(deal: TrickDeal, cards: int = 1, soloist: int | None = None) -> None:
    """Play the next ``cards`` cards of a trick deal as :class:`HeuristicBot` would in each seat (0: to the
    end), from each seat's own hand and the open play (see :func:`heuristic_playout`)."""
    n = deal.players
    tb = tables(deal.contract, deal.rules, deal.total_tricks)
    trumps = deal.rules.trump is not None
    # per seat, the cards it cannot hold, as the trump duties reveal them; without trumps (None) the suits
    # it has shown it lacks, which the kernel reads from the deal's own voids
    known = exclusions(deal.observation(0)) if trumps else None
    if deal.kernel_plays:
        deal.run_out(HEURISTIC, known=known, soloist=soloist, heuristic=tb.kernel(), cards=cards)
        return
    if known is None:
        known = [0] * n
        for s in range(n):
            for su in deal.voids(s):
                known[s] |= 1 << su
    _python_playout(deal, tb, known, soloist, cards)


def _python_playout(deal: TrickDeal, tb: Tables, known: list[int], soloist: int | None,
                    cards: int = 0) -> tuple[int, ...]:
    """:func:`heuristic_plays` card by card in Python (``cards`` cards, 0: to the end), for deals the kernel
    does not play; the reference the kernel is tested against."""
    n = deal.players
    hands = [mask_of(deal.hand(s)) for s in range(n)]
    played = mask_of(c for _, c in deal.plays)
    in_play = played
    for h in hands:
        in_play |= h
    trumps = deal.rules.trump is not None
    rt = rule_tables(deal.rules)
    sides = [((s,) if soloist is None or s == soloist else tuple(p for p in range(n) if p != soloist))
             for s in range(n)]
    trick = [c for _, c in deal.trick]
    k = len(deal.tricks) + 1
    play = deal.play
    legal_mask = deal.legal_mask
    played_now = 0
    while played_now != cards or not cards:
        turn = deal.turn
        if turn is None:
            break
        played_now += 1
        s = turn
        hand = hands[s]
        legal = legal_mask()
        c = heuristic_card(tb, k, n, s, hand, legal, trick, in_play & ~played & ~hand, known, sides[s],
                           max(m.bit_count() for m in hands))[0]
        if trumps:
            on = [x.index for x in trick]
            reveals(known, on, len(on), s, c.index, rt.P, rt.strength, rt.higher)
        elif trick and c.suit != trick[0].suit:
            known[s] |= 1 << trick[0].suit
        hands[s] = hand ^ c.bit
        played |= c.bit
        if play(c) is not None:
            trick = []
            k += 1
        else:
            trick.append(c)
    return deal.scores()


# HeuristicBot and heuristic_playout live here; the other names stay importable from here for code
# written before the bots were split into modules (keinstich.bots is their public home)
__all__ = [
    "Bot", "BotError", "Choice", "HeuristicBot", "HeuristicQuick", "Objective", "RandomBot", "best_discards",
    "deal_value",
    "domino_value", "exclusions", "fair_playout", "hand_value", "heuristic_playout", "heuristic_plays", "in_play_mask",
    "objective",
    "play_deal", "sign_of",
]
