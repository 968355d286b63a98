"""Many deals with bots, as a tidy pandas DataFrame: one row per deal and seat.

::

    frame = simulate("no-hearts", deals=1000, bots="heuristic", seed=1)
    frame.groupby("seat")["score"].mean()          # what each seat pays on average
    summarize(tournament(["heuristic", "random"], "no-tricks", deals=200))

:func:`simulate` plays one contract of any game in :data:`keinstich.games.GAMES` (Kein Stich's trick
and lay-off deals, Herzeln's eight deals, whole Herzblatt deals with asking and skat, a reader's own
game): ``game.deal(contract, seed)`` deals it, the bots play it through the Deal interface, and
``deal.result()`` is the row. :func:`tournament` replays every deal once per rotation of a lineup round
the seats (duplicate deals). Parties are :func:`keinstich.sim.parties.simulate_partie`, summaries
:func:`keinstich.sim.summary.summarize`.

Results depend only on the seed: deal ``i`` is dealt from :func:`deal_seed` ``(seed, i)`` and the bot
in a seat gets :func:`bot_seed` ``(seed, i, seat, rotation)``, both stable hashes, so the frame is the
same for any number of worker processes, any chunk size and any :class:`concurrent.futures.Executor`
(a Dask cluster's ``client.get_executor()`` serves when one machine is not enough). Seat 0 is
forehand in every deal (the dealer is the last seat), so "seat" also means "position at the table".
The fast paths of :mod:`keinstich.sim.play` give the same result as playing with the same bots.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol, cast

from keinstich.bots import Bot
from keinstich.bots.registry import quick_play_of
from keinstich.cards import Pack, PackError, pack
from keinstich.games import GAMES, game
from keinstich.i18n import _
from keinstich.layoff import payout_shares, payout_weights
from keinstich.sim.bot_specs import (
    BOT_KINDS,
    BotKind,
    BotSpec,
    SimulationError,
    bot_seed,
    check_seed,
    deal_seed,
    label,
    make_bot,
    parse_lineup,
    seat_specs,
    specs_of,
    whole,
)
from keinstich.sim.chunks import chunk_size_for
from keinstich.sim.frames import Row, to_frame
from keinstich.sim.play import play
from keinstich.sim.pool import Progress, execute, pool_args

if TYPE_CHECKING:
    import pandas as pd

    from keinstich.deal import Deal
    from keinstich.game import Game

__all__ = [
    "BOT_KINDS", "COLUMNS", "GAMES", "BotKind", "BotSpec", "SimulationError", "bot_seed", "contracts_of",
    "deal_seed", "make_bot", "one_deal", "parse_lineup", "simulate", "tournament",
]

COLUMNS = ("deal", "seed", "game", "contract", "players", "pack", "seat", "bot", "tricks", "score", "unit", "place")
"""The columns of a :func:`simulate` frame (a tournament adds ``rotation``; a game adds its
``extra_columns``, Herzblatt ``role`` and ``card_points``). ``score`` is in ``unit``: Kein Stich
pfennig paid (positive = pays), Herzeln points (signed, higher is better), Herzblatt stakes won (+)
or lost (−)."""


def game_of(game_id: str) -> Game:
    """The game registered under ``game_id``, or a refusal naming the games there are."""
    try:
        return game(game_id)
    except ValueError as e:
        raise SimulationError(str(e)) from None


def contracts_of(game: str, players: int = 4) -> dict[str, Any]:
    """The contracts a game offers by id (for Herzblatt: ``"herzblatt"`` and its presets)."""
    try:
        return dict(game_of(game).contracts(players))
    except SimulationError:
        raise
    except ValueError as e:
        raise SimulationError(str(e)) from None


# --- what is simulated ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Setup:
    """Everything a worker needs to play its deals; picklable."""

    game: Game
    contract: Any
    cid: str
    players: int
    pack: str
    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    seed: int | str
    pot: int | None = None
    rotations: int = 1
    duplicate: bool = False
    """A tournament's deals: the frame has a ``rotation`` column."""

    @property
    def columns(self) -> tuple[str, ...]:
        return COLUMNS + (("rotation",) if self.duplicate else ()) + self.game.extra_columns


class _PaysOutPot(Protocol):
    pot: int | None
    """What a deal that pays out the pot (Kein Stich's lay-off deal) pays out; None in other deals."""


def _fits(p: Pack) -> str:
    n = len(p)
    return ", ".join(str(k) for k in range(2, n + 1) if n % k == 0)


def _pack_problem(e: ValueError, wanted: str | Pack | None) -> str:
    text = str(e)
    if wanted is not None and "do not divide evenly" in text:
        try:
            p = pack(wanted)
        except PackError:
            return text
        text += f"; {p.id} deals evenly to {_fits(p)} players"
    return text


def _setup(contract: object, game_id: str, players: int | None, wanted: str | Pack | None,
           seed: object, pot: int | None) -> _Setup:
    """Resolve the game, contract, players, pack and pot (no bots yet); deal the first deal here, so
    that hands the contract cannot be played with (a lay-off deal on a pack without its starting
    Unter, say) are refused before any worker starts."""
    g = game_of(game_id)
    if players is not None:
        whole("players", players, 2)
    s = check_seed(seed)
    try:
        c = g.contract(contract) if players is None else g.contract(contract, players)
    except ValueError as e:
        raise SimulationError(str(e)) from None
    cid = getattr(c, "id", None) or (contract.strip().lower() if isinstance(contract, str) else g.id)
    try:
        p = g.pack_of(c, players, wanted)
    except ValueError as e:
        raise SimulationError(_pack_problem(e, wanted)) from None
    try:
        first = g.deal(c, deal_seed(s, 0), players=players, pack=p)
    except ValueError as e:
        count = "" if players is None else f"{players} players and "
        raise SimulationError(f"cannot deal {cid} with {count}{p.id}: {e}") from None
    return _Setup(g, c, cid, first.players, p.id, (), (), s, _pot(first, pot))


def _pot(first: Deal, pot: int | None) -> int | None:
    """The pot a lone deal that pays one out pays out: ``pot``, or the one the game deals it with
    (Kein Stich: what the four standard trick deals put in, 160 for 4 players and 32 cards)."""
    dealt: int | None = getattr(first, "pot", None)
    if dealt is None:
        if pot is not None:
            raise SimulationError("pot= is for a lay-off deal that pays out the pot (Kein Stich's domino)")
        return None
    value = dealt if pot is None else whole("pot", pot, 0)
    try:
        payout_shares(value, range(first.players), payout_weights(first.players))
    except ValueError as e:
        raise SimulationError(str(e)) from None
    return value


def _with_bots(setup: _Setup, bots: BotSpec | Sequence[BotSpec], rotations: int = 1, duplicate: bool = False
               ) -> _Setup:
    specs = seat_specs(bots, setup.players, setup.pack)
    return replace(setup, specs=specs, labels=tuple(label(s) for s in specs), rotations=rotations,
                   duplicate=duplicate)


# --- playing the deals ----------------------------------------------------------------------------


def _new_deal(setup: _Setup, unit: int) -> Deal:
    deal = setup.game.deal(setup.contract, deal_seed(setup.seed, unit), players=setup.players, pack=setup.pack)
    if setup.pot is not None:
        cast(_PaysOutPot, deal).pot = setup.pot
    return deal


def _seat_bots(setup: _Setup, unit: int, rotation: int) -> list[Bot]:
    n = setup.players
    return [make_bot(setup.specs[(s - rotation) % n], bot_seed(setup.seed, unit, s, rotation), pack=setup.pack)
            for s in range(n)]


def _rows(setup: _Setup, unit: int, rotation: int, deal: Deal) -> list[Row]:
    n = setup.players
    result = deal.result()
    tricks = result.tricks if result.tricks is not None else (None,) * n
    places = result.places if result.places is not None else (None,) * n
    extra = [result.columns.get(name, (None,) * n) for name in setup.game.extra_columns]
    seed = deal_seed(setup.seed, unit)
    rot = (rotation,) if setup.duplicate else ()
    return [(unit, seed, setup.game.id, setup.cid, n, setup.pack, s, setup.labels[(s - rotation) % n], tricks[s],
             result.scores[s], result.unit, places[s], *rot, *(values[s] for values in extra)) for s in range(n)]


def _run_deals(setup: _Setup, start: int, stop: int) -> list[Row]:
    """Play deals ``start`` … ``stop - 1`` (every rotation of each); the rows in deal order."""
    out: list[Row] = []
    for unit in range(start, stop):
        for rotation in range(setup.rotations):
            deal = _new_deal(setup, unit)
            _play_unit(setup, unit, rotation, deal)
            out.extend(_rows(setup, unit, rotation, deal))
    return out


def _play_unit(setup: _Setup, unit: int, rotation: int, deal: Deal) -> None:
    """Play one deal of the setup with its bots. Where every seat's spec offers the same quick play without a
    bot being made (the heuristic bot: :func:`~keinstich.bots.registry.quick_play_of`), it finishes the deal
    when it can (the heuristic's play-out), and the bots are never built."""
    quick = [quick_play_of(s, setup.pack) if isinstance(s, str) else None for s in setup.specs]
    first = quick[0]
    if first is not None and all(q == first for q in quick) and first.finish(deal):
        return
    play(deal, _seat_bots(setup, unit, rotation))


# --- the public functions -------------------------------------------------------------------------


def simulate(contract: object, deals: int = 1000, *, game: str = "kein-stich", players: int | None = None,
             pack: str | Pack | None = None, bots: BotSpec | Sequence[BotSpec] = "heuristic", seed: int | str = 0,
             workers: int = 1, executor: cf.Executor | None = None, progress: Progress = False,
             cancel: Callable[[], bool] | None = None, chunk_size: int | None = None,
             pot: int | None = None) -> pd.DataFrame:
    """Play ``deals`` deals of ``contract`` with ``bots``; one row per deal and seat (see :data:`COLUMNS`).

    ``contract``: an id of ``game`` (see :func:`contracts_of`), a contract object of that game (a
    Contract or DominoContract of your own), or for Herzblatt ``"herzblatt"``, a preset id or
    HerzblattRules (whole deals: asking, skat, announcements, tricks, settlement). ``players``
    defaults to 4, ``pack`` to the game's pack for them. ``bots``: one spec for every seat or one
    per seat (a list, or names separated by commas).
    ``pot``: what a lone Kein Stich lay-off deal pays out (default: the standard partie's pot).
    ``workers`` > 1 runs chunks of deals in that many processes; ``executor`` runs them in any
    :class:`concurrent.futures.Executor` you own. ``progress``: True for a bar on stderr, or a
    callback ``(done, total)``. ``cancel``: polled between chunks; when it returns True the rows of
    the deals finished so far are returned, and ``frame.attrs["cancelled"]`` is True.
    """
    n = whole("deals", deals, 1)
    setup = _with_bots(_setup(contract, game, players, pack, seed, pot), bots)
    w = pool_args(workers, executor, setup.specs)
    blocks, cancelled = execute(_run_deals, setup, n, columns=setup.columns, workers=w, executor=executor,
                                progress=progress, cancel=cancel,
                                chunk=chunk_size_for(chunk_size, n, w, setup.specs), adaptive=chunk_size is None,
                                desc=f"{setup.cid}")
    return to_frame(blocks, setup.columns, {"cancelled": cancelled, "kind": "deals", "seed": setup.seed, "deals": n})


def tournament(lineup: BotSpec | Sequence[BotSpec], contract: object, deals: int = 2000, *,
               game: str = "kein-stich", players: int | None = None, pack: str | Pack | None = None,
               seed: int | str = 0, workers: int = 1, executor: cf.Executor | None = None,
               progress: Progress = False, cancel: Callable[[], bool] | None = None,
               chunk_size: int | None = None, pot: int | None = None) -> pd.DataFrame:
    """Duplicate deals: every deal is played once per rotation of the lineup round the seats, so every
    bot holds every hand in every seat. The lineup (e.g. ``["heuristic", "random"]`` or
    ``"heuristic,random"``) is repeated to fill the seats; rotations that would repeat a seating are
    skipped. One row per deal, rotation and seat (the frame of :func:`simulate` plus ``rotation``);
    rotation 0 is :func:`simulate` with the filled lineup and the same seed. :func:`summarize` it.
    """
    n_deals = whole("deals", deals, 1)
    base = _setup(contract, game, players, pack, seed, pot)
    specs = specs_of(lineup)
    n = base.players
    if not specs or len(specs) > n:
        raise SimulationError(f"a lineup has 1 to {n} bots for {n} seats, not {len(specs)}")
    filled = [specs[s % len(specs)] for s in range(n)]
    labels = [label(s) for s in filled]
    period = next(p for p in range(1, n + 1) if n % p == 0 and all(labels[s] == labels[(s + p) % n]
                                                                   for s in range(n)))
    setup = _with_bots(base, filled, rotations=period, duplicate=True)
    w = pool_args(workers, executor, setup.specs)
    blocks, cancelled = execute(_run_deals, setup, n_deals, columns=setup.columns, workers=w, executor=executor,
                                progress=progress, cancel=cancel,
                                chunk=chunk_size_for(chunk_size, n_deals, w, setup.specs, period),
                                adaptive=chunk_size is None, desc=_("{contract} tournament", contract=setup.cid))
    return to_frame(blocks, setup.columns, {"cancelled": cancelled, "kind": "tournament", "seed": setup.seed,
                                            "deals": n_deals, "rotations": period})


def one_deal(contract: object, deal: int = 0, *, game: str = "kein-stich", players: int | None = None,
             pack: str | Pack | None = None, bots: BotSpec | Sequence[BotSpec] = "heuristic", seed: int | str = 0,
             rotation: int = 0, pot: int | None = None) -> Deal:
    """Deal ``deal`` of :func:`simulate` (or rotation ``rotation`` of :func:`tournament` with ``bots`` as the
    filled lineup) with the same arguments, played again and returned whole (a
    :class:`~keinstich.deal.Deal`): for :func:`keinstich.sim.charts.deal_frame`, a record, or a look
    at what the bots did."""
    lineup = tuple(bots) if isinstance(bots, list) else bots
    try:  # a loop over one_deal (a lesson's) resolves its arguments once
        setup = _one_setup(contract, game, players, pack, seed, pot, lineup)
    except TypeError:  # something unhashable among them
        setup = _with_bots(_setup(contract, game, players, pack, seed, pot), bots)
    d = _new_deal(setup, whole("deal", deal, 0))
    _play_unit(setup, deal, whole("rotation", rotation, 0), d)
    return d


@lru_cache(maxsize=32)
def _one_setup(contract: object, game: str, players: int | None, pack: str | Pack | None, seed: int | str,
               pot: int | None, bots: BotSpec | Sequence[BotSpec]) -> _Setup:
    return _with_bots(_setup(contract, game, players, pack, seed, pot), bots)
