"""Herzblatt's rules and settlement (docs/rules.md §4): the settings (:class:`HerzblattRules`), the
pack per removal rule and player count, card points, and what a finished deal is worth
(:func:`settle`). The deal is :mod:`keinstich.games.herzblatt_deal`, the game and its partie
:mod:`keinstich.games.herzblatt`, which also re-exports every name here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from keinstich.cards import Card, Pack, Rank, Suit, cards, pack
from keinstich.contracts import Contract, PerCard
from keinstich.deal import Announcement
from keinstich.i18n import NP_, _, pgettext
from keinstich.limits import check_fields
from keinstich.tricks import TrickRules, forehand


class HerzblattError(ValueError):
    """A move or a setting Herzblatt does not allow; the message says what would be allowed."""


Phase = Literal["asking", "discard", "announce", "contra", "re", "play", "over"]
Removal = Literal["braun_red", "keep_trumps"]

CARD_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
"""Card points (docs/rules.md §4.1); every other rank counts 0. A whole pack holds 120."""
TOTAL_POINTS = 120
SKAT = 2

PACKS: dict[tuple[str, int], str] = {
    ("braun_red", 2): "french-20",
    ("braun_red", 3): "french-26",
    ("braun_red", 4): "french-32-minus-7H-7D",
    ("braun_red", 5): "french-32",
    ("keep_trumps", 2): "french-20",
    ("keep_trumps", 3): "french-32-minus-7C-7S-7D-8C-8S-8D",
    ("keep_trumps", 4): "french-32-minus-7C-7S-7D-8C-8S-8D",
}
"""The pack by removal rule and players (docs/rules.md §4.2). With two players both rules play the 20-card pack
(A 10 K Q J): KSN-HB removes every 9, 8 and 7, and its "10 each" is 9 each after the skat (20 − 2 = 18)."""



CHOICES: dict[str, tuple[str, ...]] = {
    "removal": ("braun_red", "keep_trumps"),
    "ask_order": ("forehand_first", "dealer_first"),
    "all_pass": ("redeal", "dealer_plays"),
}
"""The values allowed for the settings of :class:`HerzblattRules` that are a choice."""


@dataclass(frozen=True)
class HerzblattRules:
    """Every Herzblatt setting (docs/rules.md §4, defaults as in §5).

    ``removal``: which cards leave the pack (``"braun_red"``: red Sevens/Eights, §4.2;
    ``"keep_trumps"``: every 7 and 8 but the Hearts, 2 to 4 players; with 2 players every 9, 8 and 7,
    as in Braun's 2-player pack). ``ask_order``: who is asked
    first whether he plays. ``all_pass``: what happens when nobody plays. The three must-trump
    flags go to the trick machine. Braun's settlement: the soloist wins with ``win_threshold``;
    a side at or below ``schneider_threshold`` is schneider; the stakes are per defender.
    ``muhr``: Muhr's variant (§4.6) instead: more points than the defenders wins, the soloist may
    announce "66" or "du", defenders who were never asked may say contra, the soloist re;
    the value is ``win_stake`` times the multipliers, paid or received per defender.
    """

    players: int = 4
    removal: Removal = "braun_red"
    ask_order: Literal["forehand_first", "dealer_first"] = "forehand_first"
    all_pass: Literal["redeal", "dealer_plays"] = "redeal"
    must_trump: bool = True
    must_overtrump_trump_lead: bool = True
    must_overtrump_always: bool = False
    win_threshold: int = 66
    schneider_threshold: int = 33
    win_stake: int = 1
    win_schneider_stake: int = 3
    loss_stake: int = 2
    loss_schneider_stake: int = 4
    muhr: bool = False
    du_stacks_schneider: bool = False

    def __post_init__(self) -> None:
        check_fields(self, HerzblattError)
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise HerzblattError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")
        if not 2 <= self.players <= 5:
            raise HerzblattError(f"Herzblatt is for 2 to 5 players, not {self.players}")
        if (self.removal, self.players) not in PACKS:
            raise HerzblattError(
                f"removal='keep_trumps' is defined for 2 to 4 players (docs/rules.md §4.2): with "
                f"{self.players} players no cards are removed; use removal='braun_red'")
        if not 0 <= self.schneider_threshold < self.win_threshold <= TOTAL_POINTS:
            raise HerzblattError(
                f"need 0 <= schneider_threshold < win_threshold <= {TOTAL_POINTS}, "
                f"got {self.schneider_threshold} and {self.win_threshold}")
        stakes = ("win_stake", "win_schneider_stake", "loss_stake", "loss_schneider_stake")
        for name in stakes:
            if getattr(self, name) < 0:
                raise HerzblattError(f"{name} must be 0 or more, not {getattr(self, name)}")
        pack(PACKS[self.removal, self.players]).hand_size(self.players, SKAT)

    @property
    def pack(self) -> Pack:
        """The cards in use for this number of players and removal rule."""
        return pack(PACKS[self.removal, self.players])

    @property
    def hand_size(self) -> int:
        return self.pack.hand_size(self.players, SKAT)

    @property
    def trick_rules(self) -> TrickRules:
        """Ace-ten order, Hearts trumps, and this game's must-trump duties, for the trick machine."""
        return TrickRules(order="ace-ten", trump=Suit.HEARTS, must_trump=self.must_trump,
                          must_overtrump_trump_lead=self.must_overtrump_trump_lead,
                          must_overtrump_always=self.must_overtrump_always)

    @property
    def contract(self) -> Contract:
        """The card-point count as contract data, with these trick rules."""
        return _contract(self.trick_rules)

    def asking_order(self, dealer: int) -> tuple[int, ...]:
        """The seats in the order they are asked whether they play."""
        n = self.players
        first = forehand(dealer, n) if self.ask_order == "forehand_first" else dealer
        return tuple((first + i) % n for i in range(n))


HERZBLATT_POINTS = Contract(
    "herzblatt", NP_("herzblatt contract", "Herzblatt card points"),
    tuple(PerCard(points, rank=r) for r, points in CARD_POINTS.items()),
    german="Herzblatt", rules=TrickRules(order="ace-ten", trump=Suit.HEARTS, must_trump=True,
                                         must_overtrump_trump_lead=True), unit="points",
    game="herzblatt")
"""Card points per trick won (A 11, 10 10, K 4, Q 3, J 2) under the default Braun trick rules."""


@lru_cache(maxsize=32)
def _contract(rules: TrickRules) -> Contract:
    """:data:`HERZBLATT_POINTS` under ``rules``: one (immutable) contract per rules, not one per deal, so that
    the tables bots and the kernel keep per contract are found again."""
    return dataclasses.replace(HERZBLATT_POINTS, rules=rules)


def card_points(cs: Sequence[Card | str]) -> int:
    """The card points of some cards."""
    return sum(CARD_POINTS.get(c.rank, 0) for c in cards(cs))


# --- settlement ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement:
    """The result of a deal: ``stakes`` per seat (positive = receives; zero-sum) and why.

    ``value`` is what passes between the soloist and each defender; ``won`` is None for a redeal.
    """

    stakes: tuple[int, ...]
    explanation: str
    soloist: int | None = None
    soloist_points: int | None = None
    won: bool | None = None
    value: int = 0

    def __str__(self) -> str:
        return self.explanation


def settle(rules: HerzblattRules, soloist: int, soloist_points: int, soloist_tricks: int, total_tricks: int,
           *, announcement: Announcement | None = None, contra: bool = False, re: bool = False) -> Settlement:
    """Settle a finished deal from the soloist's card points and tricks (docs/rules.md §4.5, §4.6).

    A side that took no trick at all (schwarz) counts as schneider whatever its points [DER].
    """
    n = rules.players
    if not 0 <= soloist < n:
        raise HerzblattError(f"soloist must be a seat from 0 to {n - 1}, not {soloist}")
    if not 0 <= soloist_points <= TOTAL_POINTS or not 0 <= soloist_tricks <= total_tricks:
        raise HerzblattError(f"impossible result: {soloist_points} points, {soloist_tricks} of "
                             f"{total_tricks} tricks")
    if not rules.muhr and (announcement is not None or contra or re):
        raise HerzblattError("announcements, contra and re belong to Muhr's variant (muhr=True)")
    if re and not contra:
        raise HerzblattError("re answers a contra: there was none")
    defenders = TOTAL_POINTS - soloist_points
    thr = rules.schneider_threshold
    soloist_schneider = soloist_points <= thr or soloist_tricks == 0
    defenders_schneider = defenders <= thr or soloist_tricks == total_tricks
    head = _("soloist {points}", points=soloist_points)
    if rules.muhr:
        won, value, why = _muhr(rules, soloist_points, soloist_tricks == total_tricks,
                                soloist_schneider, defenders_schneider, announcement, contra, re)
        head = _("soloist {points} (Muhr{calls})", points=soloist_points, calls=why[0])
        tail = why[1]
    else:
        won = soloist_points >= rules.win_threshold
        if won and defenders_schneider:
            value, tail = rules.win_schneider_stake, _("wins schneider (defenders {points})", points=defenders)
        elif won:
            value, tail = rules.win_stake, _("wins single")
        elif soloist_schneider:
            value = rules.loss_schneider_stake
            tail = _("loses schneider (took no trick)") if soloist_tricks == 0 else _("loses schneider")
        else:
            value, tail = rules.loss_stake, _("loses")
    per = value if won else -value  # what the soloist receives from each defender
    stakes = [-per] * n
    stakes[soloist] = per * (n - 1)
    pays = _("each defender pays {value}", value=value) if won else _("pays each defender {value}", value=value)
    # TRANSLATORS: a Herzblatt settlement: "soloist 70: wins single, each defender pays 2"
    return Settlement(tuple(stakes), _("{head}: {result}, {pays}", head=head, result=tail, pays=pays), soloist,
                      soloist_points, won, value)


def _muhr(rules: HerzblattRules, points: int, all_tricks: bool, soloist_schneider: bool,
          defenders_schneider: bool, announcement: Announcement | None, contra: bool,
          re: bool) -> tuple[bool, int, tuple[str, str]]:
    """Muhr's win condition and value: base × {1, 2, 3} × schneider 2 × contra 2 × re 2."""
    if announcement == "du":
        won, factor, said = all_tricks, 3, "du"
    elif announcement == "66":
        won, factor, said = points >= rules.win_threshold, 2, "66"
    else:
        won, factor, said = points > TOTAL_POINTS - points, 1, ""
    factors = [(said, factor)] if said else []
    schneider = defenders_schneider if won else soloist_schneider
    if schneider and (announcement != "du" or rules.du_stacks_schneider):
        factors.append((pgettext("settlement", "schneider"), 2))
    if contra:
        factors.append((pgettext("settlement", "contra"), 2))
    if re:
        factors.append((pgettext("settlement", "re"), 2))
    value = rules.win_stake
    for _name, f in factors:
        value *= f
    said_calls = [_("announced {call}", call=announcement) if announcement else "",
                  pgettext("settlement", "contra") if contra else "", pgettext("settlement", "re") if re else ""]
    calls = "".join(f", {c}" for c in said_calls if c)
    detail = _("value {stake}", stake=rules.win_stake) + "".join(f" × {f} ({name})" for name, f in factors) + (
        f" = {value}")
    return won, value, (calls, _("wins, {detail}", detail=detail) if won else _("loses, {detail}", detail=detail))
