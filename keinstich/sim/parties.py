"""Whole parties with bots, as a tidy pandas DataFrame: one row per partie, deal and seat.

One loop serves every game, through the :class:`~keinstich.game.Partie` interface: ``deal_next()``,
the bots play the deal, ``settle()`` says what each seat paid and received (and what the pot holds,
in Kein Stich). Partie ``p`` is dealt from its own seed and its bots are seeded for it, so the frame
depends only on the seed, never on workers or chunks.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keinstich.i18n import _
from keinstich.sim.bot_specs import (
    BotSpec,
    SimulationError,
    check_seed,
    label,
    make_bot,
    partie_bot_seed,
    partie_seed,
    seat_specs,
    whole,
)
from keinstich.sim.chunks import chunk_size_for
from keinstich.sim.frames import Row, to_frame
from keinstich.sim.play import play
from keinstich.sim.pool import Progress, execute, pool_args
from keinstich.sim.simulation import game_of

if TYPE_CHECKING:
    import pandas as pd

    from keinstich.game import Game, Partie

PARTIE_COLUMNS = ("partie", "seed", "game", "preset", "players", "pack", "deal_no", "contract", "dealer", "seat",
                  "bot", "score", "unit", "paid", "received", "pot", "net")
"""The columns of a :func:`simulate_partie` frame, one row per partie, deal and seat."""


@dataclass(frozen=True)
class _PartieSetup:
    """Everything a worker needs to play its parties; picklable."""

    game: Game
    preset: object
    """A preset id or a rules object of the game, as :meth:`Game.partie` takes it."""
    changes: tuple[tuple[str, object], ...]
    name: str
    players: int
    pack: str
    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    seed: int | str

    def partie(self, seed: int | str) -> Partie:
        return self.game.partie(self.preset, seed, **dict(self.changes))


def _run_parties(setup: _PartieSetup, start: int, stop: int) -> list[Row]:
    """Play parties ``start`` … ``stop - 1``; the rows in partie and deal order."""
    n = setup.players
    out: list[Row] = []
    for p in range(start, stop):
        bots = [make_bot(setup.specs[s], partie_bot_seed(setup.seed, p, s), pack=setup.pack) for s in range(n)]
        seed = partie_seed(setup.seed, p)
        partie = setup.partie(seed)
        net = [0] * n
        while not partie.is_over:
            play(partie.deal_next(), bots)
            settled = partie.settle()
            assert settled.paid is not None and settled.received is not None
            for s in range(n):
                net[s] += settled.received[s] - settled.paid[s]
                out.append((p, seed, setup.game.id, setup.name, n, setup.pack, settled.number, settled.contract,
                            settled.dealer, s, setup.labels[s], settled.scores[s], setup.game.unit,
                            settled.paid[s], settled.received[s], settled.pot, net[s]))
    return out


def _setup(preset: object, game_id: str, players: int | None, seed: object) -> _PartieSetup:
    """Resolve the game and its partie rules; make one partie here, so that bad settings are refused
    before any worker starts."""
    g = game_of(game_id)
    named = isinstance(preset, str)
    changes = {} if players is None or not named else {"players": whole("players", players, 2)}
    try:
        first = g.partie(preset, 0, **changes)
    except ValueError as e:
        raise SimulationError(str(e)) from None
    if not named and players is not None and players != first.players:
        raise SimulationError(f"the rules are for {first.players} players, not {players}")
    name = str(preset if named else getattr(preset, "id", g.id))
    return _PartieSetup(g, preset, tuple(changes.items()), name, first.players, first.pack.id, (), (),
                        check_seed(seed))


def simulate_partie(preset: str | Any = "standard", parties: int = 100, *, game: str = "kein-stich",
                    players: int | None = None, bots: BotSpec | Sequence[BotSpec] = "heuristic",
                    seed: int | str = 0, workers: int = 1, executor: cf.Executor | None = None,
                    progress: Progress = False, cancel: Callable[[], bool] | None = None,
                    chunk_size: int | None = None) -> pd.DataFrame:
    """Play ``parties`` whole parties of a preset (``preset`` of :func:`keinstich.games.presets.presets`, or a
    rules object of ``game``); one row per partie, deal and seat (see :data:`PARTIE_COLUMNS`).

    ``paid``/``received`` are what the seat paid into and got out of the pot in that deal (Kein
    Stich, pfennig; Herzeln points lost/won; Herzblatt stakes lost/won), ``pot`` what the pot holds
    after the deal (<NA> outside Kein Stich), ``net`` the seat's running result (received − paid).
    Every partie starts with the game's first dealer; the deal passes as the rules say.
    """
    n = whole("parties", parties, 1)
    base = _setup(preset, game, players, seed)
    specs = seat_specs(bots, base.players, base.pack)
    setup = _PartieSetup(base.game, base.preset, base.changes, base.name, base.players, base.pack, specs,
                         tuple(label(s) for s in specs), base.seed)
    w = pool_args(workers, executor, specs)
    chunk = chunk_size_for(chunk_size, n, w, specs)
    chunk = max(1, min(chunk, 10)) if chunk_size is None else chunk
    blocks, cancelled = execute(_run_parties, setup, n, columns=PARTIE_COLUMNS, workers=w, executor=executor,
                                progress=progress, cancel=cancel, chunk=chunk, adaptive=chunk_size is None,
                                # TRANSLATORS: a progress bar's name: "standard parties [###] 10/10 parties, done"
                                desc=_("{name} parties", name=setup.name), unit="partie")
    return to_frame(blocks, PARTIE_COLUMNS, {"cancelled": cancelled, "kind": "parties", "seed": setup.seed,
                                             "parties": n})
