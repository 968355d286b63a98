"""Positions for the trainer: where they come from, how they are written down, which family they belong to.

A position is written as its game record (docs/records.md) in one line of JSON (:func:`code_of`): the hands as
dealt and the moves made, so it replays by the game's own rules on any computer (:func:`position_of`).
:func:`decisions` walks a seeded deal played by heuristic bots and yields every point where the seat to move
chooses between cards (trick play, a lay-off deal, Herzblatt's card play).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from keinstich.bots.base import lay_off
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.coach.fair import key
from keinstich.deal import Deal
from keinstich.i18n import N_, _
from keinstich.records import Record, RecordError

FAMILIES: dict[str, str] = {
    "kein-stich/tricks": N_("Kein Stich, trick deals"),
    "kein-stich/domino": N_("Kein Stich, domino"),
    "herzeln/tricks": N_("Herzeln, trick deals"),
    "herzeln/domino": N_("Herzeln, domino"),
    "herzblatt/tricks": N_("Herzblatt, card play"),
}
"""The contract families the learner is rated in, with their names (translated where shown)."""


def family_name(family: str) -> str:
    """A contract family's name in the language spoken: "Kein Stich, trick deals"."""
    return _(FAMILIES[family]) if family in FAMILIES else family


class PositionError(ValueError):
    """A position code that does not replay."""


def family_of(position: Deal) -> str:
    """The position's contract family (a key of :data:`FAMILIES`)."""
    return f"{position.game}/{'domino' if lay_off(position) else 'tricks'}"


def contract_id(position: Deal) -> str:
    """The id of the contract the position is played under ("no-hearts", "herzblatt-4", …)."""
    return str(position.record().contract)


def code_of(position: Deal) -> str:
    """The position as one line of text: its game record in compact JSON."""
    return json.dumps(position.record().to_dict(), separators=(",", ":"))


def position_of(code: str) -> Deal:
    """The position a :func:`code_of` text describes, replayed."""
    try:
        return Record.from_json(code).replay()
    except (RecordError, ValueError) as e:
        raise PositionError(f"not a position the kit can replay: {e}") from None


def choice(position: Deal) -> bool:
    """The seat to move chooses between at least two different cards (or a card and a pass) in the play."""
    if position.over or position.phase not in ("play", "lay"):
        return False
    return len({key(m) for m in position.legal_moves()}) >= 2


def decisions(game: str, contract: str, seed: int | str, players: int | None = None) -> Iterator[Deal]:
    """Every position with a choice (:func:`choice`) in the deal of ``contract`` from ``seed``, played by
    heuristic bots in every seat, first to last (copies)."""
    from keinstich.games import GAMES

    g = GAMES[game]
    deal = g.deal(contract, seed) if players is None else g.deal(contract, seed, players=players)
    bot = HeuristicBot(pack=g.pack_of(g.contract(contract, deal.players), deal.players))
    while not deal.over:
        if choice(deal):
            yield deal.copy()
        seat = deal.turn
        assert seat is not None
        deal.play(bot_move(bot, deal.observation(seat)), seat)


__all__ = ["FAMILIES", "PositionError", "choice", "code_of", "contract_id", "decisions", "family_name", "family_of",
           "position_of"]
