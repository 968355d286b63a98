"""Quiz positions from any game: a seeded deal, some moves played by heuristic bots, and the tests
that pick a position worth asking about (some cards illegal; a real choice; a choice the solver can
teach). Written against the Deal protocol: ``GAMES[game].deal``, ``deal.play`` and the bots' moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from keinstich.bots.heuristic import HeuristicBot
from keinstich.cards import Pack
from keinstich.deal import Deal
from keinstich.faces import guess_style

from ._games import bot_move, game_of, lays_off, move_cards

__all__ = ["QuizError", "dealt_pack", "has_choice", "hash_seed", "instructive", "quiz_position", "some_illegal"]


class QuizError(ValueError):
    """A quiz that cannot be built as asked (the deal is over, an unknown judge or contract)."""



def quiz_position(contract: Any, seed: int | str, tricks_played: int | None = None,
                  players: int | None = None, pack_id: str | None = None, *, in_trick: int | None = None,
                  game: str = "kein-stich", want: Callable[[Deal], bool] | None = None) -> Deal:
    """A quiz position: ``GAMES[game].deal(contract, seed)`` (``players`` None: four, or what the
    contract names; ``pack_id`` None: the game's usual pack, German faces where it has them), then
    ``tricks_played`` rounds and ``in_trick`` more moves played by heuristic bots (defaults taken from
    the seed: 1 to 3 rounds, 1 to players-1 moves so the learner follows). A round is one move per
    seat (a trick, or a lap of the lay-off).

    ``want``: a test the position should pass (e.g. "some cards are illegal"); other numbers of
    rounds and moves are tried, in a fixed order, until one passes (else the first is returned).
    """
    try:
        g = game_of(game)
        if players is None:
            players = g.deal(contract, seed, pack=pack_id).players  # four, or what the contract names
        p = g.pack_for(contract, players, pack_id, "german")
        total = len(g.deal(contract, seed, players=players, pack=p).dealt[0])
    except ValueError as e:
        raise QuizError(str(e)) from None
    h = hash_seed(seed)
    first_t = tricks_played if tricks_played is not None else 1 + h % 3
    first_k = in_trick if in_trick is not None else 1 + h % max(1, players - 1)
    if not 0 <= first_t < total:
        raise QuizError(f"tricks_played must be from 0 to {total - 1} with {total} cards a hand, not {tricks_played}")
    if not 0 <= first_k < players:
        raise QuizError(f"in_trick must be from 0 to {players - 1}, not {in_trick}")
    tries = [(first_t, first_k)]
    if want is not None:
        tries += [(t, k) for t in range(first_t, total - 1) for k in range(players) if (t, k) != (first_t, first_k)]
        tries += [(t, k) for t in range(0, first_t) for k in range(players)]
    first: Deal | None = None
    for t, k in tries:
        deal = _play_to(g.deal(contract, seed, players=players, pack=p), t * players + k)
        if deal is None:
            continue
        if first is None:
            first = deal
        if want is None or want(deal):
            return deal
    if first is None:
        raise QuizError("no position: the deal ended before the quiz could ask")
    return first


def hash_seed(seed: int | str) -> int:
    """A small stable number from a seed (Python's hash() of text changes between runs)."""
    if isinstance(seed, int):
        return abs(seed)
    return sum((i + 1) * ord(ch) for i, ch in enumerate(str(seed)))


def _play_to(deal: Deal, moves: int) -> Deal | None:
    """The deal after ``moves`` heuristic moves, or None if it ends before."""
    bot = HeuristicBot()
    for _ in range(moves):
        if deal.over:
            return None
        seat = deal.turn
        assert seat is not None
        deal.play(bot_move(bot, deal, seat)[0], seat)
    return None if deal.over else deal


def dealt_pack(deal: Deal) -> Pack:
    """The cards in play, as a pack (what a bot needs to know): the hands now and the cards played one
    by one (not a skat laid away)."""
    held = {c for s in range(deal.players) for c in deal.hand(s)}
    played = {c for _, m in deal.history for c in move_cards(m) if len(move_cards(m)) == 1}
    cs = tuple(sorted(held | played))
    return Pack("dealt", guess_style(cs), cs)


def some_illegal(deal: Deal) -> bool:
    """Some of the player's cards are allowed and some are not: a question worth asking."""
    seat = deal.turn
    return seat is not None and 0 < len(deal.legal()) < len(deal.hand(seat))


def has_choice(deal: Deal) -> bool:
    """At least two cards are allowed: there is a choice to judge."""
    return not lays_off(deal) and len(deal.legal()) >= 2


def instructive(deal: Deal) -> bool:
    """A choice where the cards are not all equally good under best play (the solver can teach)."""
    if not has_choice(deal):
        return False
    from keinstich.bots.solver import card_values

    return len(set(card_values(cast(Any, deal)).values())) > 1
