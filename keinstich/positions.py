"""Quiz positions from any game: a seeded deal, some moves played by heuristic bots, and the tests
that pick a position worth asking about (some cards illegal; a real choice).

Written against the Deal protocol (``GAMES[game].deal``, ``deal.play``, the bots' moves), so a
position of a trick deal, a lay-off (domino) deal or Herzblatt's card play is made the same way.
The same seed gives the same position on every computer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from keinstich.bots.base import lay_off
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.cards import Card, Pack
from keinstich.deal import Deal
from keinstich.faces import guess_style
from keinstich.game import Game
from keinstich.limits import check_whole, quoted

__all__ = ["QuizError", "dealt_pack", "has_choice", "hash_seed", "next_seed", "quiz_position", "some_illegal"]


class QuizError(ValueError):
    """A quiz that cannot be built as asked (the deal is over, an unknown judge or contract)."""


def quiz_position(contract: Any, seed: int | str, tricks_played: int | None = None,
                  players: int | None = None, pack_id: str | Pack | None = None, *, in_trick: int | None = None,
                  game: str = "kein-stich", want: Callable[[Deal], bool] | None = None) -> Deal:
    """A quiz position: ``GAMES[game].deal(contract, seed)`` (``players`` None: four, or what the
    contract names; ``pack_id`` None: the game's usual pack, German faces where it has them), then
    ``tricks_played`` rounds and ``in_trick`` more moves played by heuristic bots (defaults taken from
    the seed: 1 to 3 rounds, 1 to players-1 moves so the learner follows). A round is one move per
    seat (a trick, or a lap of the lay-off).

    ``want``: a test the position should pass (e.g. "some cards are illegal"); other numbers of
    rounds and moves are tried, in a fixed order, until one passes (else the first is returned).
    """
    found = positions(contract, seed, tricks_played, players, pack_id, in_trick=in_trick, game=game,
                      every=want is not None)
    first: Deal | None = None
    for deal in found:
        if first is None:
            first = deal
        if want is None or want(deal):
            return deal
    if first is None:
        raise QuizError("no position: the deal ended before the quiz could ask")
    return first


def positions(contract: Any, seed: int | str, tricks_played: int | None = None, players: int | None = None,
              pack_id: str | Pack | None = None, *, in_trick: int | None = None, game: str = "kein-stich",
              every: bool = True) -> Iterator[Deal]:
    """The positions :func:`quiz_position` tries, in its order (an iterator of deals): the seed's own
    first, then (``every``) every later and every earlier point of the same deal (lazily)."""
    from keinstich.games import GAMES

    g: Game | None = GAMES.get(game) if isinstance(game, str) else None
    if g is None:
        raise QuizError(f"unknown game {quoted(game)}: use one of {', '.join(GAMES)}")
    try:
        if players is None:
            players = g.deal(contract, seed, pack=pack_id).players  # four, or what the contract names
        p = g.pack_for(contract, players, pack_id, "german")
        total = len(g.deal(contract, seed, players=players, pack=p).dealt[0])
    except ValueError as e:
        raise QuizError(str(e)) from None
    h = hash_seed(seed)
    first_t = tricks_played if tricks_played is not None else 1 + h % 3
    first_k = in_trick if in_trick is not None else 1 + h % max(1, players - 1)
    check_whole("tricks_played", first_t, error=QuizError)
    check_whole("in_trick", first_k, error=QuizError)
    if not 0 <= first_t < total:
        raise QuizError(f"tricks_played must be from 0 to {total - 1} with {total} cards a hand, not {tricks_played}")
    if not 0 <= first_k < players:
        raise QuizError(f"in_trick must be from 0 to {players - 1}, not {in_trick}")
    tries = [(first_t, first_k)]
    if every:
        tries += [(t, k) for t in range(first_t, total - 1) for k in range(players) if (t, k) != (first_t, first_k)]
        tries += [(t, k) for t in range(0, first_t) for k in range(players)]
    n = players
    for t, k in tries:
        deal = _play_to(g.deal(contract, seed, players=n, pack=p), t * n + k, p)
        if deal is not None:
            yield deal


def hash_seed(seed: int | str) -> int:
    """A small stable number from a seed (Python's hash() of text changes between runs)."""
    if isinstance(seed, int):
        return abs(seed)
    return sum((i + 1) * ord(ch) for i, ch in enumerate(str(seed)))


def next_seed(seed: int | str, k: int = 1) -> int | str:
    """The seed ``k`` steps after ``seed``: a number plus ``k``, text with ``+k`` appended."""
    return seed + k if isinstance(seed, int) else (f"{seed}+{k}" if k else seed)


def _play_to(deal: Deal, moves: int, pack: Pack) -> Deal | None:
    """The deal after ``moves`` heuristic moves (bots told the pack dealt), or None if it ends before."""
    bot = HeuristicBot(pack=pack)
    for _ in range(moves):
        if deal.over:
            return None
        seat = deal.turn
        assert seat is not None
        deal.play(bot_move(bot, deal.observation(seat)), seat)
    return None if deal.over else deal


def _cards_of(move: object) -> tuple[Card, ...]:
    if isinstance(move, Card):
        return (move,)
    if isinstance(move, tuple):
        return tuple(x for x in move if isinstance(x, Card))
    return ()


def dealt_pack(deal: Deal) -> Pack:
    """The cards in play, as a pack (what a bot needs to know): the hands now and the cards played one
    by one (not a skat laid away)."""
    held = {c for s in range(deal.players) for c in deal.hand(s)}
    played = {c for _, m in deal.history for c in _cards_of(m) if len(_cards_of(m)) == 1}
    cs = tuple(sorted(held | played))
    return Pack("dealt", guess_style(cs), cs)


def some_illegal(deal: Deal) -> bool:
    """Some of the player's cards are allowed and some are not: a question worth asking."""
    seat = deal.turn
    return seat is not None and 0 < len(deal.legal()) < len(deal.hand(seat))


def has_choice(deal: Deal) -> bool:
    """At least two cards are allowed in a trick: there is a choice to judge."""
    return not lay_off(deal) and len(deal.legal()) >= 2
