"""A worked deal stepped through trick by trick: the data a lesson shows instead of a text log.

:func:`show_tricks` lets a bot play every seat, as :func:`play_tricks` does, and
keeps per trick who played which card and why (the bot's reason in the faces' words), who won it, what
it cost and what each seat has paid so far. The result draws itself in a notebook as one trick display
per trick (:mod:`keinstich.faces.walk`, found through :mod:`keinstich.pictures` when it is drawn) and prints as
plain text::

    walk = show_tricks(deal, 5)          # plays tricks up to 5; the deal moves on
    walk                                 # in a notebook: the tricks with card faces and reasons
    walk.trick(2).winner                 # who won trick 2 (for a lesson's Check cell)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from keinstich.bots.heuristic import HeuristicBot
from keinstich.cards import Card, Style, quoted
from keinstich.display import guess_style
from keinstich.wording import cards_in_words, contract_name, naming, the_card
from keinstich.wording.i18n import _
from keinstich.wording.names import unit_word

if TYPE_CHECKING:
    from collections.abc import Iterator

    from keinstich.bots.base import Bot, Choice
    from keinstich.tricks import Trick, TrickDeal

__all__ = ["Played", "TrickWalk", "WalkedTrick", "bot_plays", "check_walk", "play_tricks", "show_tricks", "trick_lines"]


@dataclass(frozen=True)
class Played:
    """One card of a trick: the seat, the card and the bot's reason ("" for a card played before the walk)."""

    seat: int
    card: Card
    reason: str


@dataclass(frozen=True)
class WalkedTrick:
    """A finished trick: its cards in play order, the winner, what it cost each seat and what each
    seat has paid after it (the deal's scores)."""

    number: int
    plays: tuple[Played, ...]
    winner: int
    cost: tuple[int, ...]
    paid: tuple[int, ...]

    def played(self, seat: int) -> Played:
        """The card ``seat`` played in this trick."""
        for p in self.plays:
            if p.seat == seat:
                return p
        raise KeyError(f"seat {seat} played no card in trick {self.number}")


@dataclass(frozen=True)
class TrickWalk:
    """The tricks a bot played in one :func:`show_tricks` call, with the names and units to show them."""

    tricks: tuple[WalkedTrick, ...]
    players: int
    style: Style
    contract: str
    unit: str
    rules: Any = field(default=None, compare=False, repr=False)
    """The deal's contract (its :meth:`~keinstich.contracts.Contract.title` names it in the language spoken)."""

    @property
    def title(self) -> str:
        """The contract's name in the language spoken and the faces' words ("No Tricks", "Kein Stich")."""
        said = getattr(self.rules, "title", None)
        if callable(said):
            return str(said(self.style))
        return contract_name(self.contract) if self.contract else _("no contract")

    def trick(self, number: int) -> WalkedTrick:
        """The trick with this number (1 is the deal's first trick)."""
        for t in self.tricks:
            if t.number == number:
                return t
        shown = ", ".join(str(t.number) for t in self.tricks) or "none"
        raise KeyError(f"trick {number} is not in this walk (tricks shown: {shown})")

    def name(self, c: Card) -> str:
        """A card's name in the faces' words: "8♥", or "8 of Hearts" with German faces."""
        return cards_in_words([c], self.style)

    def say(self, c: Card) -> str:
        """A card in a sentence: "8♥", or "the 8 of Hearts" with German faces."""
        return the_card(c, self.style)

    def cost_words(self, t: WalkedTrick) -> str:
        """Who won ``t`` and what it cost: "Seat 2 wins it and pays 5 pfennig"."""
        paying = [(s, v) for s, v in enumerate(t.cost) if v]
        unit = unit_word(self.unit)
        if not paying:
            return _("Seat {seat} wins it; it costs nothing", seat=t.winner)
        if paying == [(t.winner, t.cost[t.winner])]:
            return _("Seat {seat} wins it and pays {amount} {unit}", seat=t.winner, amount=t.cost[t.winner], unit=unit)
        payments = ", ".join(_("Seat {seat} pays {amount} {unit}", seat=s, amount=v, unit=unit) for s, v in paying)
        return _("Seat {seat} wins it; {payments}", seat=t.winner, payments=payments)

    def paid_words(self, t: WalkedTrick) -> str:
        """ "Paid so far: Seat 0 0, Seat 1 5, ..." """
        # TRANSLATORS: one seat's total in "Paid so far: Seat 0 0, Seat 1 5, …"
        paid = ", ".join(_("Seat {seat} {amount}", seat=s, amount=v) for s, v in enumerate(t.paid))
        return _("Paid so far: {paid}", paid=paid)

    def __str__(self) -> str:
        lines = []
        for t in self.tricks:
            lines.append(_("Trick {k}", k=t.number))
            for p in t.plays:
                lines.append("  " + _("Seat {n}", n=p.seat) + f": {self.say(p.card)}: "
                             + (p.reason or "(" + _("played before") + ")"))
            lines.append(f"  {self.cost_words(t)}. {self.paid_words(t)}.")
        return "\n".join(lines) if lines else _("no trick was played")

    def __repr__(self) -> str:
        contract = self.title
        if not self.tricks:
            return _("TrickWalk({contract}: no trick played)", contract=contract)
        first, last = self.tricks[0].number, self.tricks[-1].number
        paid = self.tricks[-1].paid
        # TRANSLATORS: a walk through a deal in short (a notebook's plain text): "TrickWalk(No Tricks: tricks 1 to 5,
        # paid so far (5, 10, 10, 0))"; "TrickWalk" is code
        if first == last:
            return _("TrickWalk({contract}: trick {k}, paid so far {paid})", contract=contract, k=first, paid=paid)
        return _("TrickWalk({contract}: tricks {first} to {last}, paid so far {paid})", contract=contract,
                 first=first, last=last, paid=paid)

    def _repr_html_(self) -> str:
        from keinstich.pictures import html

        return html("walk", self)


def faces_style(deal: TrickDeal) -> Style:
    """The style the deal's faces are drawn in (as :func:`~keinstich.faces.trickdeal_html` chooses it)."""
    return guess_style([c for h in deal.dealt for c in h], "french" if deal.rules.order == "ace-ten" else "german")


def show_tricks(deal: TrickDeal, until: int, bot: Bot | None = None, *, style: Style | None = None) -> TrickWalk:
    """Let ``bot`` (a heuristic bot if None) play every seat until ``until`` tricks are finished (the deal
    moves on, as with :func:`play_tricks`), and return the tricks stepped through:
    each card with its seat and reason, the winner, the cost and what each seat has paid so far.

    ``style`` names the cards in the reasons ("german": "the Ober of Leaves"); None takes the faces' style."""
    check_walk(deal, until, bot, "show_tricks")
    words: Style = style if style is not None else faces_style(deal)
    reasons: dict[tuple[int, Card], str] = {}  # a card played before this call has none
    paid = deal.scores()
    walked = []
    for seat, choice, trick in bot_plays(deal, until, bot, words):
        assert choice.card is not None
        reasons[seat, choice.card] = choice.reason
        if trick is not None:
            now = deal.scores()
            plays = tuple(Played(s, c, reasons.get((s, c), "")) for s, c in trick.plays())
            walked.append(WalkedTrick(trick.number, plays, trick.winner,
                                      tuple(b - a for a, b in zip(paid, now, strict=True)), now))
            paid = now
    contract = deal.contract
    return TrickWalk(tuple(walked), deal.players, words, getattr(contract, "name", ""),
                     getattr(contract, "unit", "") or "pfennig", contract)


def check_walk(deal: object, until: object, bot: object, what: str) -> None:
    """Refuse what a walk through a trick deal cannot use: a deal without tricks, a number of tricks
    that is not one of the deal's, a bot that is not one."""
    if deal is None or getattr(deal, "trick_deal", None) is not deal:  # a trick deal is its own trick play
        raise TypeError(f"{what} plays a trick deal, e.g. TrickDeal.from_seed(\"german-32\", 4, 7, \"no-hearts\"), "
                        f"not {quoted(deal)}")
    total: int = getattr(deal, "total_tricks", 0)
    if isinstance(until, bool) or not isinstance(until, int):
        raise TypeError(f"until must be a whole number of tricks from 0 to {total}, not {quoted(until)}")
    if not 0 <= until <= total:
        raise ValueError(f"this deal has {total} tricks: play until 0 to {total}, not {until}")
    if bot is not None and not callable(getattr(bot, "decide", None)):
        raise TypeError(f"bot must be a bot such as HeuristicBot(), or None for a heuristic one, not {quoted(bot)}")


def bot_plays(deal: TrickDeal, until: int, bot: Bot | None = None,
              style: Style = "french") -> Iterator[tuple[int, Choice, Trick | None]]:
    """Let ``bot`` (a heuristic bot if None) play every seat of a trick deal until ``until`` tricks are
    finished (or the deal is over), yielding each card as (seat, the bot's choice, the trick it finished
    or None). The reasons name cards in ``style`` (see :func:`keinstich.wording.naming`)."""
    check_walk(deal, until, bot, "bot_plays")
    if bot is None:
        bot = HeuristicBot()
    while len(deal.tricks) < until and not deal.over:
        seat = deal.turn
        assert seat is not None
        with naming(style):
            choice = bot.decide(deal.observation(seat))
        yield seat, choice, deal.play(choice.move)


def trick_lines(deal: TrickDeal, until: int, bot: Bot | None = None) -> Iterator[str]:
    """Let ``bot`` (a heuristic bot if None) play every seat of a trick deal until ``until`` tricks are
    finished (or the deal is over), yielding one line per card (the seat, the card, the bot's reason) and
    one per finished trick (the trick and what each seat has paid so far): a log for the command line."""
    for seat, choice, trick in bot_plays(deal, until, bot):
        assert choice.card is not None
        yield f"seat {seat}: {choice.card.text:4s} {choice.reason}"
        if trick:
            yield f"   {trick}; paid so far {deal.scores()}"


def play_tricks(deal: TrickDeal, until: int, bot: Bot | None = None) -> None:
    """Play a trick deal with bots until ``until`` tricks are finished, printing each card with the
    bot's reason and each finished trick with what has been paid so far (see :func:`trick_lines`)."""
    for line in trick_lines(deal, until, bot):
        print(line)
