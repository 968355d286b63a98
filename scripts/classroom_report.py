"""The load test's watch on the server (`scripts/classroom_load.py`): its kernels and their memory over time, the
pool's baseline, and the report printed at the end."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import time
from dataclasses import dataclass
from typing import Any

import psutil

MIB = 1 << 20


def kernels_of(pid: int) -> list[psutil.Process]:
    """The server's kernel processes."""
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for child in children:
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                out.append(child)
        except psutil.Error:
            continue
    return out


def memory(processes: list[psutil.Process]) -> tuple[float, float]:
    """Resident and unique (what shutting them down frees) memory of ``processes``, in MiB."""
    rss = uss = 0.0
    for p in processes:
        try:
            info = p.memory_full_info()
        except psutil.Error:
            continue
        rss += info.rss / MIB
        uss += info.uss / MIB
    return rss, uss


@dataclass
class Sample:
    t: float  # seconds since the first student was sent
    kernels: int
    rss: float
    uss: float
    load: float


def _q(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def _figures(values: list[float]) -> str:
    if not values:
        return "none"
    return (f"median {statistics.median(values):.2f} s, p95 {_q(values, 0.95):.2f} s, worst {max(values):.2f} s "
            f"(n={len(values)})")


class Report:
    """Samples of the server's kernels, the baseline, and the figures at the end."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.samples: list[Sample] = []
        self.t0 = time.monotonic()
        self.baseline = 0
        self.baseline_mib = (0.0, 0.0)
        self.goals_met = False
        self.start_load = os.getloadavg()
        self.cpu_seconds: dict[int, float] = {}  # by process: the server's and every kernel's CPU seconds
        self.cpu_before: dict[int, float] = {}  # the same when the first student is sent

    def kernel_mib(self, pid: int, kernel_id: str) -> tuple[float, float] | None:
        """The resident and unique memory of the kernel ``kernel_id`` of the server ``pid``, in MiB."""
        for p in kernels_of(pid):
            try:
                if any(kernel_id in part for part in p.cmdline()):
                    return memory([p])
            except psutil.Error:
                continue
        return None

    async def wait_pool(self, process: Any, base: str, room: Any, timeout: float = 600) -> None:
        """Wait for the server to listen and for its pool of preheated kernels to be started and idle (warmed and
        waiting for their students): the baseline the run must come back to."""
        host, port = base.removeprefix("http://").split(":")
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"Voila exited with code {process.returncode}")
            try:
                with socket.create_connection((host, int(port)), timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("Voila did not start listening") from None
                await asyncio.sleep(0.5)
        # a preheated kernel is ready once it waits for its page's request: connected to the server's port
        steady = 0
        while steady < 3:
            if time.monotonic() > deadline:
                raise RuntimeError("the pool of kernels did not settle")
            kernels = kernels_of(process.pid)
            waiting = sum(1 for k in kernels if _connected(k, int(port)))
            steady = steady + 1 if kernels and waiting == len(kernels) else 0
            await asyncio.sleep(2)
        kernels = kernels_of(process.pid)
        self.baseline = len(kernels)
        self.baseline_mib = memory(kernels)
        print(f"classroom: baseline {self.baseline} preheated kernels, {self.baseline_mib[0]:.0f} MiB resident "
              f"({self.baseline_mib[0] / max(1, self.baseline):.0f} MiB each, "
              f"{self.baseline_mib[1] / max(1, self.baseline):.0f} MiB their own)", flush=True)

    async def sample_forever(self, pid: int, every: float = 2.0) -> None:
        self.t0 = time.monotonic()
        self.cpu(pid)
        self.cpu_before = dict(self.cpu_seconds)
        self.server_pid = pid
        while True:
            self.sample(pid)
            await asyncio.sleep(every)

    def cpu(self, pid: int) -> None:
        """Remember the CPU seconds the server and each kernel have used so far (a culled kernel's last count stays)."""
        for p in [psutil.Process(pid), *kernels_of(pid)]:
            try:
                times = p.cpu_times()
            except psutil.Error:
                continue
            self.cpu_seconds[p.pid] = times.user + times.system

    def arrived(self, pid: int) -> None:
        """A student's table is shown: the CPU seconds so far (the last call's are those of the class's arrival)."""
        self.cpu(pid)
        self.cpu_arrival = dict(self.cpu_seconds)

    def sample(self, pid: int) -> Sample:
        self.cpu(pid)
        kernels = kernels_of(pid)
        rss, uss = memory(kernels)
        s = Sample(time.monotonic() - self.t0, len(kernels), rss, uss, os.getloadavg()[0])
        self.samples.append(s)
        return s

    async def wait_baseline(self, pid: int, last_closed: float, settle: float) -> float | None:
        """Seconds from the last page's closing until the kernels are back to the baseline (None: not within
        ``settle`` seconds)."""
        while time.monotonic() - last_closed < settle:
            if self.sample(pid).kernels <= self.baseline:
                return time.monotonic() - last_closed
            await asyncio.sleep(1)
        return None

    def print(self, results: list[Any], back: float | None, last_closed: float) -> None:
        args = self.args
        load = "{:.2f} {:.2f} {:.2f}".format
        browsers = (f" (its browser at nice {args.browser_nice}, as if on the student's laptop)" if args.browser_nice
                    else " (its browser sharing the server's cores)") if args.browsers else \
            " (none: --browsers 0)"
        print(f"\nclassroom: {args.students} students in {args.waves} waves (arriving over {args.spread:g} s, waves "
              f"{args.gap:g} s apart), {args.think:g} s (±50%) to think before each card; the first of each wave a "
              f"headless Chromium page{browsers}; a pool of {self.baseline} "
              f"preheated kernels, each replaced {args.fill_delay:g} s after it is taken")
        print(f"load average (1, 5, 15 min) at the start {load(*self.start_load)}, at the end "
              f"{load(*os.getloadavg())}, on {os.cpu_count()} cores")
        ws = [r for r in results if not r.browser]
        pages = [r for r in results if r.browser]
        firsts = [r.first_table for r in results if r.first_table is not None]
        print(f"time to the first table, every student:     {_figures(firsts)}")
        print(f"  websocket students (table's state received): "
              f"{_figures([r.first_table for r in ws if r.first_table is not None])}")
        for phase, words in (("page", "the page received"), ("files", "its static files received"),
                             ("states", "the widgets' states received")):
            got = [r.phases[phase] for r in ws if phase in r.phases]
            if got:
                print(f"    {words + ':':31s} median {statistics.median(got):.2f} s, p95 {_q(got, 0.95):.2f} s")
        if pages:
            print(f"  Chromium students (hand drawn in the page):  "
                  f"{_figures([r.first_table for r in pages if r.first_table is not None])}")
        for wave in range(args.waves):
            got = [r.first_table for r in results if r.wave == wave and r.first_table is not None]
            print(f"  wave {wave + 1}: {_figures(got)}")
        clicks = [c for r in results for c in r.clicks]
        print(f"click to redraw under that load:             {_figures(clicks)}")
        failures = [r for r in results if r.failure or not r.finished]
        print(f"failures: {len(failures)} of {len(results)}")
        for r in failures:
            print(f"  student {r.student} (wave {r.wave + 1}{', Chromium' if r.browser else ''}): "
                  f"{r.failure or 'did not finish the deal'}")
        for when, attr in (("once its table is shown", "kernel_mib"), ("at the end of the deal", "kernel_end_mib")):
            mibs = [getattr(r, attr) for r in results if getattr(r, attr) is not None]
            if mibs:
                print(f"a student's kernel {when}: {statistics.median(m[0] for m in mibs):.0f} MiB resident "
                      f"(median of {len(mibs)}), {statistics.median(m[1] for m in mibs):.0f} MiB its own "
                      "(freed when it goes)")
        print("the server's kernels over time (s since the first student was sent; resident / own MiB; load):")
        step = max(1, round(10 / 2))
        shown = self.samples[::step] + ([self.samples[-1]] if len(self.samples) % step != 1 else [])
        t_closed = last_closed - self.t0
        for s in shown:
            mark = "  <- the last page closed" if abs(s.t - t_closed) < 5 else ""
            print(f"  {s.t:6.0f} s  {s.kernels:3d} kernels  {s.rss:7.0f} / {s.uss:6.0f} MiB  load {s.load:5.2f}{mark}")
        used = {p: t - self.cpu_before.get(p, 0.0) for p, t in self.cpu_seconds.items()}
        server = used.pop(getattr(self, "server_pid", -1), 0.0)
        kernels = sum(used.values())
        n = max(1, len(results))
        print(f"CPU used (seconds of one core, whatever the load): the Voila server {server:.0f} s "
              f"({server / n:.1f} s a student), the kernels {kernels:.0f} s ({kernels / n:.1f} s a student, the pool's "
              "refills included)")
        arrival = {p: t - self.cpu_before.get(p, 0.0) for p, t in getattr(self, "cpu_arrival", {}).items()}
        a_server = arrival.pop(getattr(self, "server_pid", -1), 0.0)
        print(f"  of which until the last student's table was shown: the Voila server {a_server:.1f} s, the kernels "
              f"{sum(arrival.values()):.1f} s")
        peak = max(self.samples, key=lambda s: s.kernels)
        print(f"peak: {peak.kernels} kernels, {max(s.rss for s in self.samples):.0f} MiB resident")
        if back is None:
            print(f"kernels NOT back to the baseline ({self.baseline}) within {args.settle:g} s of the last page "
                  f"closing: {self.samples[-1].kernels} still running")
        else:
            print(f"kernels back to the baseline ({self.baseline} preheated) {back:.0f} s after the last page closed")
        p95 = _q(firsts, 0.95) if firsts else float("inf")
        goals = [("no failure", not failures),
                 (f"p95 time to the first table <= {5:g} s ({p95:.2f} s)", p95 <= 5.0),
                 ("kernels back to the baseline within 120 s", back is not None and back <= 120)]
        self.goals_met = all(ok for _, ok in goals)
        print("goals: " + "; ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in goals))


def _connected(p: psutil.Process, port: int) -> bool:
    """Whether ``p`` holds a connection to the server's ``port`` (a preheated kernel waiting for its request)."""
    try:
        return any(c.raddr and c.raddr.port == port and c.status == psutil.CONN_ESTABLISHED
                   for c in p.net_connections(kind="tcp"))
    except psutil.Error:
        return False
