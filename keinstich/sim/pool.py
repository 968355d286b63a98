"""Running a simulation's units (deals or parties) in chunks: in this process, in worker processes or in
any :class:`concurrent.futures.Executor`; with a progress bar or callback, and cancellable between chunks.

The chunks are cut by :mod:`keinstich.sim.chunks`. Each chunk's rows become columns where the chunk ran
(:func:`keinstich.sim.frames.block`), and come back in unit order whatever ran them;
:func:`keinstich.sim.frames.to_frame` makes them one typed DataFrame.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import pickle
import queue
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from functools import partial
from multiprocessing.connection import wait as mp_wait
from typing import Any, TypeAlias, cast

from keinstich.i18n import gettext, ngettext
from keinstich.sim.bot_specs import BotSpec, SimulationError, check_factories, whole
from keinstich.sim.chunks import ChunkPlan
from keinstich.sim.frames import Block, Row, block, kinds_of

Run: TypeAlias = Callable[[Any, int, int], list[Row]]
Progress: TypeAlias = "bool | Callable[[int, int], None]"


class TextBar:
    """A progress bar for a stream that is not a terminal (a notebook's output, a log file): one line redrawn
    after a carriage return at most every ``interval`` seconds, with the time left, and a last line that
    says only what was done. Every drawing has the same width, so a front end that overwrites the line in
    place (JupyterLab does) leaves nothing of a longer one behind; and the last drawing is the same text on
    every run, which is what nbval compares. Needs no widget and no Jupyter import.
    """

    WIDTH = 20
    """Characters of the bar itself."""
    TAIL = 22
    """Characters after the count: ", about 12345 s left", or ", done" padded to the same width."""

    def __init__(self, total: int, desc: str, unit: str, file: Any, interval: float = 0.25) -> None:
        self.total, self.desc, self.unit, self.file, self.interval = max(total, 1), desc, unit, file, interval
        self.done = 0
        self.started = self.shown = time.perf_counter()
        self._draw("")

    def _draw(self, tail: str) -> None:
        filled = self.WIDTH * self.done // self.total
        done = f"{self.done:>{len(str(self.total))}}"
        if self.unit == "partie":
            count = ngettext("{done}/{total} partie", "{done}/{total} parties", self.total, done=done, total=self.total)
        else:
            count = ngettext("{done}/{total} deal", "{done}/{total} deals", self.total, done=done, total=self.total)
        self.file.write(f"\r{self.desc} [{'#' * filled}{'.' * (self.WIDTH - filled)}] {count}{tail:<{self.TAIL}}")
        self.file.flush()

    def update(self, k: int) -> None:
        """``k`` more units done; redraws when ``interval`` has passed since the last drawing."""
        self.done = min(self.done + k, self.total)
        now = time.perf_counter()
        if now - self.shown >= self.interval and self.done < self.total:
            self.shown = now
            left = (now - self.started) / self.done * (self.total - self.done)
            # TRANSLATORS: the end of a progress bar's line: "domino [##....] 100/500 deals, about 4 s left"
            self._draw(gettext(", about {seconds} s left", seconds=math.ceil(left)))

    def close(self) -> None:
        """The last line: the units done, with no time in it (the same text on every run)."""
        # TRANSLATORS: the end of a progress bar's last line: "domino [######] 500/500 deals, done"
        self._draw(gettext(", done"))
        self.file.write("\n")
        self.file.flush()


def _bar_stream() -> Any:
    """Where a text bar goes: a notebook's stdout (its stderr shows in an error's colours, which would alarm a
    learner), else stderr, so that a command's piped output stays clean. ``ipykernel`` is looked up, not
    imported."""
    return sys.stdout if "ipykernel" in sys.modules else sys.stderr


def _reporter(progress: object, total: int, desc: str,
              unit: str = "deal") -> tuple[Callable[[int], None], Callable[[], None]]:
    """(advance by n units, close) for a progress bar, a callback ``(done, total)``, or nothing.

    The bar is tqdm's in a terminal (not tqdm.auto: no IPython), else a :class:`TextBar`, whose output
    in a notebook is deterministic.
    """
    if progress is True:
        if sys.stderr.isatty():
            from tqdm.std import tqdm

            bar = tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, leave=False)
            return bar.update, bar.close
        text = TextBar(total, desc, unit, _bar_stream())
        return text.update, text.close
    if progress is False or progress is None:
        return (lambda k: None), (lambda: None)
    if not callable(progress):
        raise SimulationError(f"progress must be True, False or a callable (done, total), not {progress!r}")
    done = [0]

    def advance(k: int) -> None:
        done[0] += k
        progress(done[0], total)

    return advance, (lambda: None)


def execute(run: Run, setup: Any, units: int, *, columns: Sequence[str], workers: int,
            executor: cf.Executor | None, progress: object, cancel: Callable[[], bool] | None,
            chunk: int, adaptive: bool, desc: str, unit: str = "deal") -> tuple[list[Block], bool]:
    """Run ``run(setup, a, b)`` over chunks of ``range(units)``; each chunk's rows as a :data:`Block` of
    ``columns``, in unit order, and whether cancelled.

    In-process when ``workers == 1`` and no executor, in chunks of ``chunk`` units; else chunks are
    submitted a few at a time, sized as they go when ``adaptive`` (:class:`ChunkPlan`), and ``cancel``
    is polled while waiting (on cancel no more are submitted and pending ones dropped). The blocks
    returned are those of the finished chunks before the first unfinished one.
    """
    if cancel is not None and not callable(cancel):
        raise SimulationError(f"cancel must be a callable returning True to stop, not {cancel!r}")
    kinds = kinds_of(columns)
    in_process = executor is None and workers == 1
    plan = ChunkPlan(units, chunk, workers, adaptive and not in_process)
    results: dict[int, Block] = {}
    advance, close = _reporter(progress, units, desc, unit)
    cancelled = False
    try:
        if in_process:
            while (span := plan.next()) is not None:
                if cancel is not None and cancel():
                    cancelled = True
                    break
                results[plan.count - 1] = run_chunk(run, kinds, setup, *span)
                advance(span[1] - span[0])
        elif isinstance(executor, cf.ThreadPoolExecutor):  # threads share the setup
            cancelled = _in_pool(partial(timed_chunk, run, kinds), setup, plan, results, advance, workers,
                                 executor, cancel)
        else:  # the setup pickled once, not once a chunk, and unpickled once a process
            cancelled = _in_pool(partial(run_pickled, run, kinds), pickle.dumps(setup), plan, results, advance,
                                 workers, executor, cancel)
    finally:
        close()
    done = next((k for k in range(plan.count) if k not in results), plan.count)
    return [results[k] for k in range(done)], cancelled


def run_chunk(run: Run, kinds: Sequence[str], setup: Any, start: int, stop: int) -> Block:
    """Units ``start`` … ``stop - 1`` played and made columns, in the process that plays them."""
    return block(run(setup, start, stop), kinds)


def timed_chunk(run: Run, kinds: Sequence[str], setup: Any, start: int, stop: int) -> tuple[Block, float]:
    """:func:`run_chunk`, and the seconds it took."""
    t = time.perf_counter()
    out = run_chunk(run, kinds, setup, start, stop)
    return out, time.perf_counter() - t


_last_setup: tuple[bytes, Any] = (b"", None)
"""The setup a worker process unpickled last, and its bytes: the same for every chunk of a run."""


def run_pickled(run: Run, kinds: Sequence[str], pickled: bytes, start: int, stop: int) -> tuple[Block, float]:
    """:func:`timed_chunk` with the setup as pickled bytes (unpickled once while they stay the same)."""
    global _last_setup
    known, setup = _last_setup
    if known != pickled:
        setup = pickle.loads(pickled)
        _last_setup = (pickled, setup)
    return timed_chunk(run, kinds, setup, start, stop)


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no worker tracebacks). A worker starts
    with SIGINT blocked (:func:`interrupts_held`), so a Ctrl-C that came while it started is dropped here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back while worker processes start, and delivered when they have.

    A Ctrl-C that arrives while a process forks can be lost (Python reports a KeyboardInterrupt raised in
    a fork handler as "Exception ignored" and carries on) or kill the new worker before it ignores
    SIGINT. A worker started now inherits the blocked signal and ignores it before unblocking it; the
    main process gets the Ctrl-C as KeyboardInterrupt when this block ends. Does nothing where signals
    cannot be blocked (Windows).
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop_workers(ex: cf.ProcessPoolExecutor) -> None:
    """Stop a pool of our own now: pending chunks dropped, running ones ended (the workers ignore
    Ctrl-C and play no chunk for anyone else), and the pool's thread finished, so that no worker
    outlives the run and the interpreter does not wait for one at exit."""
    processes = list((getattr(ex, "_processes", None) or {}).values())
    results = getattr(ex, "_result_queue", None)
    manager = getattr(ex, "_executor_manager_thread", None)
    ex.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        with suppress(OSError, ValueError):  # already gone
            p.terminate()
    for p in processes:
        if not mp_wait([p.sentinel], timeout=5):
            with suppress(OSError, ValueError):
                p.kill()
            mp_wait([p.sentinel], timeout=5)
    if manager is not None:
        manager.join(timeout=5)
        if manager.is_alive() and results is not None:
            # a worker stopped halfway through sending its rows: the pool's thread waits for the rest
            # of them; closing our end of the pipe lets it read the end of the file instead
            results._writer.close()
            manager.join(timeout=5)


def _in_pool(task: Callable[[Any, int, int], tuple[Block, float]], setup: Any, plan: ChunkPlan,
             results: dict[int, Block], advance: Callable[[int], None], workers: int,
             executor: cf.Executor | None, cancel: Callable[[], bool] | None) -> bool:
    own = executor is None
    ex: cf.Executor = executor if executor is not None else cf.ProcessPoolExecutor(
        max_workers=workers, initializer=_quiet_worker)
    pending: dict[cf.Future[tuple[Block, float]], tuple[int, int, int]] = {}  # future: (chunk, start, stop)
    cancelled, failed = False, True
    try:
        # the loop is a call of its own: in Python 3.11 a Ctrl-C at the jump back to a loop that opens
        # a try block escapes the block's finally, which would leave the workers running
        cancelled = _submit_and_collect(ex, task, setup, plan, results, advance, workers, cancel, pending)
        failed = False
    finally:
        with interrupts_held():  # a second Ctrl-C waits until the pool is down
            for f in pending:
                f.cancel()
            if own and (cancelled or failed):
                _stop_workers(cast(cf.ProcessPoolExecutor, ex))
            elif own:
                ex.shutdown(wait=True)
    return cancelled


def _submit_and_collect(ex: cf.Executor, task: Callable[[Any, int, int], tuple[Block, float]], setup: Any,
                        plan: ChunkPlan, results: dict[int, Block], advance: Callable[[int], None], workers: int,
                        cancel: Callable[[], bool] | None,
                        pending: dict[cf.Future[tuple[Block, float]], tuple[int, int, int]]) -> bool:
    """Keep a few chunks submitted to ``ex`` and collect them as they finish, until all are done
    (False) or ``cancel`` says stop (True). ``pending`` holds the chunks submitted and not collected."""
    hint = int(getattr(ex, "_max_workers", 0) or 0)
    window = max(2 * workers, 2 * hint, 4)
    finished: queue.SimpleQueue[cf.Future[tuple[Block, float]]] = queue.SimpleQueue()  # as they finish
    while True:
        if cancel is not None and cancel():
            return True
        with interrupts_held():  # a submit may start worker processes
            while len(pending) < window and (span := plan.next()) is not None:
                f = ex.submit(task, setup, *span)
                pending[f] = (plan.count - 1, *span)
                f.add_done_callback(finished.put)
        if not pending:
            return False
        try:
            done = [finished.get(timeout=0.2)]
        except queue.Empty:
            continue
        while not finished.empty():
            done.append(finished.get())
        for f in done:
            k, a, b = pending.pop(f)
            results[k], seconds = f.result()
            plan.timed(b - a, seconds)
            advance(b - a)


def pool_args(workers: object, executor: object, specs: Sequence[BotSpec]) -> int:
    """The worker count, checked; bot factories must pickle when they go to worker processes."""
    w = whole("workers", workers, 1)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    if (executor is None and w > 1) or isinstance(executor, cf.ProcessPoolExecutor):
        check_factories(specs)
    return w
