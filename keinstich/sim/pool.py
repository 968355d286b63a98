"""Running a simulation's units (deals or parties) in chunks: in this process, in worker processes or in
any :class:`concurrent.futures.Executor`; with a progress bar or callback, and cancellable between chunks.

The rows come back in unit order whatever ran them, and :func:`frame` makes them a typed DataFrame.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from keinstich.sim.bot_specs import BotSpec, SimulationError, check_factories, whole

if TYPE_CHECKING:
    import pandas as pd

Row = tuple[Any, ...]
Progress: TypeAlias = "bool | Callable[[int, int], None]"

_MAX_CHUNK = 50


def chunk_size_for(chunk_size: int | None, units: int, workers: int, specs: Sequence[BotSpec], weight: int = 1) -> int:
    """Deals (or parties) per chunk: given, or small enough that cancelling is prompt (at most 50 plays
    of a deal, 2 with Monte Carlo or unknown bots) and that every worker gets several chunks."""
    if chunk_size is not None:
        return whole("chunk_size", chunk_size, 1)
    slow = any(not isinstance(s, str) or s.strip().lower().startswith("montecarlo") for s in specs)
    cap = max(1, (2 if slow else _MAX_CHUNK) // weight)
    return max(1, min(cap, math.ceil(units / (4 * workers))))


def _reporter(progress: object, total: int, desc: str) -> tuple[Callable[[int], None], Callable[[], None]]:
    """(advance by n deals, close) for a tqdm bar on stderr, a callback ``(done, total)``, or nothing."""
    if progress is True:
        from tqdm.std import tqdm  # not tqdm.auto: no IPython

        bar = tqdm(total=total, desc=desc, unit="deal", file=sys.stderr, leave=False)
        return bar.update, bar.close
    if progress is False or progress is None:
        return (lambda k: None), (lambda: None)
    if not callable(progress):
        raise SimulationError(f"progress must be True, False or a callable (done, total), not {progress!r}")
    done = [0]

    def advance(k: int) -> None:
        done[0] += k
        progress(done[0], total)

    return advance, (lambda: None)


def execute(run: Callable[[Any, int, int], list[Row]], setup: Any, units: int, *, workers: int,
            executor: cf.Executor | None, progress: object, cancel: Callable[[], bool] | None,
            chunk: int, desc: str) -> tuple[list[Row], bool]:
    """Run ``run(setup, a, b)`` over chunks of ``range(units)``; rows in unit order, and whether cancelled.

    In-process when ``workers == 1`` and no executor; else chunks are submitted a few at a time
    (``cancel`` is polled while waiting; on cancel no more are submitted and pending ones dropped).
    The rows returned are those of the finished chunks before the first unfinished one.
    """
    if cancel is not None and not callable(cancel):
        raise SimulationError(f"cancel must be a callable returning True to stop, not {cancel!r}")
    chunks = [(a, min(a + chunk, units)) for a in range(0, units, chunk)]
    results: dict[int, list[Row]] = {}
    advance, close = _reporter(progress, units, desc)
    cancelled = False
    try:
        if executor is None and workers == 1:
            for k, (a, b) in enumerate(chunks):
                if cancel is not None and cancel():
                    cancelled = True
                    break
                results[k] = run(setup, a, b)
                advance(b - a)
        else:
            cancelled = _in_pool(run, setup, chunks, results, advance, workers, executor, cancel)
    finally:
        close()
    rows: list[Row] = []
    for k in range(len(chunks)):
        if k not in results:
            break
        rows.extend(results[k])
    return rows, cancelled


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops submitting and returns (no worker tracebacks)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_pool(run: Callable[[Any, int, int], list[Row]], setup: Any, chunks: list[tuple[int, int]],
             results: dict[int, list[Row]], advance: Callable[[int], None], workers: int,
             executor: cf.Executor | None, cancel: Callable[[], bool] | None) -> bool:
    own = executor is None
    ex: cf.Executor = executor if executor is not None else cf.ProcessPoolExecutor(
        max_workers=workers, initializer=_quiet_worker)
    hint = int(getattr(ex, "_max_workers", 0) or 0)
    window = max(2 * workers, 2 * hint, 4)
    pending: dict[cf.Future[list[Row]], int] = {}
    nxt = 0
    cancelled = False
    failed = True
    try:
        while nxt < len(chunks) or pending:
            if cancel is not None and cancel():
                cancelled = True
                break
            while nxt < len(chunks) and len(pending) < window:
                a, b = chunks[nxt]
                pending[ex.submit(run, setup, a, b)] = nxt
                nxt += 1
            done, _ = cf.wait(pending, timeout=0.2, return_when=cf.FIRST_COMPLETED)
            for f in done:
                k = pending.pop(f)
                results[k] = f.result()
                a, b = chunks[k]
                advance(b - a)
        failed = False
    finally:
        for f in pending:
            f.cancel()
        if own:
            ex.shutdown(wait=not (cancelled or failed), cancel_futures=True)
    return cancelled


def to_frame(rows: list[Row], columns: Sequence[str], nullable: Sequence[str], attrs: Mapping[str, Any]
             ) -> pd.DataFrame:
    """The rows as a DataFrame with the columns' types (``nullable`` ones as Int64) and ``attrs``."""
    import pandas as pd

    frame = pd.DataFrame.from_records(rows, columns=list(columns))
    ints = {c: "int64" for c in columns if c not in nullable and c in
            ("deal", "players", "seat", "score", "rotation", "partie", "deal_no", "dealer", "paid", "received", "net")}
    texts = {c: "str" for c in columns if c in ("seed", "game", "contract", "pack", "bot", "unit", "role", "preset")}
    frame = frame.astype({**ints, **texts, **{c: "Int64" for c in nullable if c in columns}})
    frame.attrs.update(attrs)
    return frame


def pool_args(workers: object, executor: object, specs: Sequence[BotSpec]) -> int:
    """The worker count, checked; bot factories must pickle when they go to worker processes."""
    w = whole("workers", workers, 1)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    if (executor is None and w > 1) or isinstance(executor, cf.ProcessPoolExecutor):
        check_factories(specs)
    return w
