"""The lay-off (domino) deal for bots: the heuristic, and the worlds that fit what a seat has seen.

:func:`domino_heuristic` lays the card that opens the way to the seat's own cards and not to the
others'. :func:`domino_world` rebuilds the observed deal with guessed hidden hands, for the heuristic's
look-ahead and the Monte Carlo bot; :func:`domino_exclusions` says which cards a seat that passed
cannot hold.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, cast

from keinstich.bots.base import BotError, Choice
from keinstich.bots.reasons import Reason, saying
from keinstich.bots.tables import card_list
from keinstich.cards import SUIT_MASKS, Card, cards_of, mask_of
from keinstich.i18n import _
from keinstich.layoff import DominoContract, DominoDeal, DominoObservation, End
from keinstich.wording import say


def domino_world(obs: DominoObservation, others: Sequence[int],
                 passes: list[tuple[int, int]] | None = None) -> DominoDeal:
    """A lay-off deal in the observed state, with ``others[s]`` (a mask) as the hidden hand of every
    other seat: the observed moves replayed on those hands.

    Passing is voluntary during the replay (a pass seen in play is replayed whatever the guessed hand
    holds); afterwards the deal follows the observed rules again. With ``passes`` given, each pass is
    recorded there as (seat, mask of the cards that fitted the layout at that moment).
    """
    n = obs.players
    played = [0] * n
    for s, c in obs.plays:
        if c is not None:
            played[s] |= c.bit
    hands = [cards_of((mask_of(obs.hand) if s == obs.seat else others[s]) | played[s]) for s in range(n)]
    leader = obs.plays[0][0] if obs.plays else (obs.turn if obs.turn is not None else 0)
    loose = dataclasses.replace(obs.rules, voluntary_pass=True)
    contract = DominoContract("replay", "replay", rules=obs.rules, points=domino_points(obs))
    deal = DominoDeal(hands, contract, leader=leader, rules=loose)
    chain = obs.layout if isinstance(obs.layout, tuple) else ()
    first = next((c for _x, c in obs.plays if c is not None), None)
    for s, c in obs.plays:
        if c is None:
            if passes is not None:
                passes.append((s, mask_of(deal.frontier)))
            deal.replay(s, None)
            continue
        end: End | None = None
        if chain and first is not None and deal.ends(c) == ("top", "bottom"):
            end = "bottom" if chain.index(c) < chain.index(first) else "top"
        deal.replay(s, c, end)
    deal.rules = obs.rules
    return deal


def domino_exclusions(obs: DominoObservation) -> list[int]:
    """Per seat, the cards it is known not to hold: when passing is allowed only without a card that
    fits, a seat that passed held none of the cards that fitted then (and cards only leave hands)."""
    out = [0] * obs.players
    if obs.rules.voluntary_pass or not any(c is None for _x, c in obs.plays):
        return out
    passes: list[tuple[int, int]] = []
    domino_world(obs, filler_hands(obs), passes)
    for s, front in passes:
        out[s] |= front
    return out


def filler_hands(obs: DominoObservation) -> list[int]:
    """Some hidden hands of the right sizes, for replays in which only the layout matters."""
    rest = card_list(mask_of(obs.unseen))
    out = [0] * obs.players
    i = 0
    for s in range(obs.players):
        if s != obs.seat:
            out[s] = mask_of(rest[i:i + obs.hand_sizes[s]])
            i += obs.hand_sizes[s]
    return out


def domino_points(obs: DominoObservation) -> tuple[int, ...] | None:
    """Points by place for the observed lay-off deal: Herzeln's -10 per place for its layouts (the
    chain, or rows in the ace-ten order or wrapping round), else None: Kein Stich pays out the pot.
    [DER: the observation does not name the contract, so the rules tell the game.]"""
    r = obs.rules
    if r.layout == "chain" or r.order == "ace-ten" or r.wrap:
        return tuple(-10 * i for i in range(obs.players))
    return None


def may_pass(obs: DominoObservation) -> bool:
    """Whether the seat may pass: when it has no card that fits, or (with voluntary passing) unless a
    whole round has just passed, so that bots never pass round and round for ever [DER]."""
    return passing_allowed(obs.can_pass, bool(obs.legal), obs.plays, obs.hand_sizes)


def passing_allowed(can_pass: bool, fits: bool, plays: Sequence[tuple[int, Card | None]],
                    hand_sizes: Sequence[int]) -> bool:
    """:func:`may_pass` from its parts (what a deal also tells, without an observation)."""
    if not can_pass:
        return False
    if not fits:
        return True
    in_a_row = 0
    for _seat, c in reversed(plays):
        if c is not None:
            break
        in_a_row += 1
    holding = sum(1 for h in hand_sizes if h)
    return in_a_row < holding - 1


def domino_heuristic(obs: DominoObservation, world: DominoDeal | None = None) -> Choice:
    """Lay the card that opens the way to your own cards; avoid opening the way for others.

    For each legal card: the cards it makes layable next (found by laying it on a replay of the
    open layout), counted +1 if you hold them and -1 if you do not; then prefer cards from the rows
    where you hold the most cards still to come. Pass only when you must (or when every card would
    only help the others and passing is allowed). ``world``: a deal in the observed state to lay the
    cards on instead of the replay (the frontier is public, so any hidden hands give the same answer):
    simulations pass the deal itself.
    """
    kind, card, own, other = _weigh(obs, world)
    if kind == "none-fits" or kind == "hold-back":
        return Choice(None, Reason("lay-off", kind=kind))
    if kind == "only":
        return Choice(card, Reason("lay-off", kind="only", card=card))
    return Choice(card, Reason("lay-off", kind="lay", card=card, own=own, other=other))


def domino_lay(obs: DominoObservation, world: DominoDeal | None = None) -> Card | None:
    """:func:`domino_heuristic`'s move alone, without its reason in words (the coach's search asks it for every
    answer it imagines)."""
    return _weigh(obs, world)[1]


def _weigh(obs: DominoObservation, world: DominoDeal | None) -> tuple[str, Card | None, int, int]:
    """:func:`domino_heuristic`'s choice: the kind of its reason, the card (None: pass), the own cards and the
    others' it lets in."""
    if not obs.legal:
        if not obs.can_pass:
            raise BotError(f"seat {obs.seat} has no legal move")
        return "none-fits", None, 0, 0
    if len(obs.legal) == 1 and not may_pass(obs):
        return "only", obs.legal[0], 0, 0
    mine = mask_of(obs.hand)
    if world is None:
        world = domino_world(obs, filler_hands(obs))
    before = mask_of(world.frontier)
    scored = []
    for c in obs.legal:
        d = world.copy()
        d.play(c)
        opened = mask_of(d.frontier) & ~before & ~c.bit
        own = (opened & mine).bit_count()
        other = (opened & ~mine).bit_count()
        same_suit = (mine & SUIT_MASKS[c.suit]).bit_count() if obs.rules.layout == "rows" else \
            sum(1 for x in obs.hand if x.rank == c.rank)
        scored.append((own - other, same_suit, -c.index, c, own, other))
    scored.sort(key=lambda t: t[:3], reverse=True)
    best, own, other = scored[0][3:]
    if may_pass(obs) and own - other < 0 and len(obs.hand) > 1:
        return "hold-back", None, 0, 0
    return "lay", best, own, other


def opens(own: int, other: int) -> str:
    """What laying a card opens, as one word the languages word alike: ``own-only`` (only our own cards),
    ``own`` (ours and others'), ``nothing`` (nobody's) or ``least`` (others' only, the fewest)."""
    if own:
        return "own" if other else "own-only"
    return "least" if other else "nothing"


@saying("lay-off")
def _say(f: Mapping[str, Any]) -> str:
    kind, c = f["kind"], cast(Card | None, f.get("card"))
    if kind == "none-fits":
        return _("no card fits the layout: pass")
    if kind == "hold-back":
        return _("every card you could lay would open the way for the others: pass")
    assert c is not None
    if kind == "only":
        return _("{card} is the only card that fits", card=say(c))
    own, other = f["own"], f["other"]
    why = {
        "own-only": lambda: _("it opens the way to {own} of your own cards and to nobody else's", own=own),
        "own": lambda: _("it opens the way to {own} of your cards (and {other} of others')", own=own, other=other),
        "nothing": lambda: _("it opens nothing for the others"),
        "least": lambda: _("every card helps someone; this one helps the others least"),
    }[opens(own, other)]()
    return _("lay {card}: {why}", card=say(c), why=why)


__all__ = ["domino_exclusions", "domino_heuristic", "domino_lay", "domino_points", "domino_world", "filler_hands",
           "may_pass"]
