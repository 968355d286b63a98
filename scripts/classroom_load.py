"""A class of thirty on one Voila server: `make classroom` (not part of `make test`).

    python scripts/classroom_load.py                       # 30 students in 3 waves on a Voila server of its own
    python scripts/classroom_load.py --students 10 --waves 1 --spread 0   # ten at the same moment

Starts `voila apps/table.ipynb` with the kit's settings (config/voila.py: preheated kernels, culling; by default a
pool of one kernel per student, each replaced 120 s after it is taken, as docs/classroom.md advises for a lesson),
waits for its pool of kernels, and sends students to one deal link in waves: each opens the link, plays the deal to
the end and closes the page. A student is a real browser's traffic without the browser: the page (and, once per
student, the static files a first visit to the page loads, as recorded from headless Chromium), then the kernel's
websocket as Voila's page speaks it (the v1 kernel websocket protocol): the widgets' state asked for (ipywidgets'
control comm), a card clicked (the button's "click" message), the redraw waited for (the kernel idle after the
click). One student per wave is a real headless Chromium page, timed until its hand is drawn. A page is closed as a
browser closes it: with Voila's shutdown message (the page's unload beacon) for half the class, without it for the
other half (a beacon lost: a laptop shut, a phone locked), so the culling is what brings those kernels back.

It prints the time to the first table (median, 95th percentile, worst), click to redraw under that load, failures,
the server's kernels and memory over time, each student kernel's memory once its table is shown, and how long after
the last page closed the kernels were back to the pool's baseline; and the machine's load beside them. Exit status 1
when a goal is missed: any failure, a p95 time to the first table over 5 s, kernels not back within 120 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import classroom_browser  # noqa: E402
from classroom_browser import browser_student, close_browser, record_first_visit  # noqa: E402
from classroom_report import Report, kernels_of  # noqa: E402


@dataclass
class Result:
    """One student's visit: seconds to the first table, each click's seconds to its redraw, what went wrong."""

    student: int
    wave: int
    browser: bool = False
    first_table: float | None = None
    clicks: list[float] = field(default_factory=list)
    finished: bool = False
    failure: str = ""
    kernel: str = ""
    phases: dict[str, float] = field(default_factory=dict)  # seconds to the page, its files, the widgets' states
    kernel_mib: tuple[float, float] | None = None  # resident, own (MiB), once the table is shown
    kernel_end_mib: tuple[float, float] | None = None  # the same at the end of the deal, the review being made
    closed_at: float = 0.0


def _message(msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student", "session": session,
              "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime()), "version": "5.3"}
    return {"header": header, "msg_id": header["msg_id"], "msg_type": msg_type, "parent_header": {},
            "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": []}


V1 = "v1.kernel.websocket.jupyter.org"
"""The kernel websocket protocol a browser's page speaks (JupyterLab 4's services, in Voila's page too): the server
passes the kernel's messages on without decoding them. The legacy protocol (JSON text) makes the server decode and
encode again each message, which would count CPU time against the server that a real class does not cost."""


def _encode(msg: dict[str, Any], v1: bool) -> str | bytes:
    if not v1:
        return json.dumps(msg)
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    return bytes(serialize_msg_to_ws_v1(msg, msg["channel"], pack=lambda part: json.dumps(part).encode()))


def _decode(frame: str | bytes, v1: bool = False) -> dict[str, Any]:
    """A kernel message off Voila's websocket: a v1 protocol frame; or, in the legacy protocol, JSON text or the
    binary frame of a message with buffers."""
    if v1 and isinstance(frame, bytes):
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

        _channel, parts = deserialize_msg_from_ws_v1(frame)
        header, parent, _metadata, content = (json.loads(part) for part in parts[:4])
        return {"header": header, "msg_type": header.get("msg_type"), "parent_header": parent, "content": content}
    if isinstance(frame, str):
        return dict(json.loads(frame))
    n = struct.unpack_from("!I", frame, 0)[0]
    offsets = struct.unpack_from("!" + "I" * n, frame, 4)
    end = offsets[1] if n > 1 else len(frame)
    return dict(json.loads(frame[offsets[0]:end].decode()))


def playable(card: dict[str, Any]) -> bool:
    """Whether a card button's model is one the student may play: enabled and not marked ``ks-off`` (a card that may
    not be played is drawn focusable and aria-disabled in the page, but its model says it both ways)."""
    return not card.get("disabled", True) and "ks-off" not in card.get("_dom_classes", [])


class Page:
    """The kernel side of one student's Voila page: the widgets' models, kept up to date from the kernel."""

    def __init__(self, ws: Any, root: str) -> None:
        self.ws = ws
        self.v1 = ws.selected_subprotocol == V1
        self.root = root
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.idle: dict[str, asyncio.Event] = {}
        self.changed = asyncio.Event()
        self.control = uuid.uuid4().hex
        self.states = asyncio.Event()
        self.error = ""
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            await self._read_messages()
        except Exception as error:
            self.error = f"reading the kernel's messages: {type(error).__name__}: {error}"
        self.error = self.error or "the kernel's websocket closed"
        self.changed.set()
        self.states.set()
        for event in self.idle.values():
            event.set()

    async def wait(self, event: asyncio.Event, timeout: float, what: str) -> None:
        """Wait for ``event`` (a redraw, the states, a click's idle), failing with ``what`` after ``timeout`` s."""
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            raise RuntimeError(f"no {what} within {timeout:g} s") from None
        if self.error:
            raise RuntimeError(self.error)

    async def _read_messages(self) -> None:
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                return
            msg = _decode(frame, self.v1)
            kind = msg.get("msg_type") or msg["header"]["msg_type"]
            content, parent = msg.get("content", {}), msg.get("parent_header", {}).get("msg_id")
            if kind == "status" and content.get("execution_state") == "idle" and parent in self.idle:
                self.idle[parent].set()
            elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
                self.changed.set()
            elif kind == "comm_msg":
                data = content.get("data", {})
                if content.get("comm_id") == self.control and data.get("method") == "update_states":
                    for model_id, model in data["states"].items():
                        self.models[model_id] = dict(model["state"])
                    self.states.set()
                elif data.get("method") == "update":
                    self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
                    self.changed.set()

    async def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        msg = _message(msg_type, content, self.session, metadata)
        self.idle[msg["msg_id"]] = asyncio.Event()
        await self.ws.write_message(_encode(msg, self.v1), binary=self.v1)
        return str(msg["msg_id"])

    async def load_states(self) -> None:
        """Ask for every widget's state, as ipywidgets' manager does when a page connects."""
        await self.send("comm_open", {"comm_id": self.control, "target_name": "jupyter.widget.control", "data": {}},
                        {"version": "1.0.0"})
        await self.send("comm_msg", {"comm_id": self.control, "data": {"method": "request_states"}})
        await self.wait(self.states, 120, "widget states")

    def child(self, parent: dict[str, Any], css: str) -> tuple[str, dict[str, Any]] | None:
        for ref in parent.get("children", []):
            model_id = ref.removeprefix("IPY_MODEL_")
            model = self.models.get(model_id, {})
            if css in model.get("_dom_classes", []):
                return model_id, model
        return None

    def table(self) -> dict[str, Any] | None:
        """The table the page shows: in the output's widget (the page's root), the box with the class ks-table."""
        root = self.models.get(self.root)
        found = self.child(root, "ks-table") if root else None
        return found[1] if found else None

    def part(self, css: str) -> dict[str, Any] | None:
        table = self.table()
        found = self.child(table, css) if table else None
        return found[1] if found else None

    def hand(self) -> list[tuple[str, dict[str, Any]]]:
        hand = self.part("ks-hand")
        if hand is None:
            return []
        refs = [r.removeprefix("IPY_MODEL_") for r in hand.get("children", [])]
        return [(r, self.models[r]) for r in refs if r in self.models]

    def status(self) -> str:
        status = self.part("ks-status")
        return re.sub(r"<[^>]+>", " ", status.get("value", "")) if status else ""

    def code_shown(self) -> str:
        codes = self.part("ks-codes")
        code = self.child(codes, "ks-deal-code") if codes else None
        return code[1].get("value", "") if code else ""

    async def shown(self) -> None:
        """Say that the page shows the table, as the table's keyboard and screen reader helper does once the browser
        has drawn it (``keinstich_widgets._access``: its front end's message): the coach starts thinking ahead then."""
        for model_id, model in list(self.models.items()):
            if "said_id" in model and "marks" in model:
                await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom",
                                                                             "content": {"event": "shown"}}})

    async def click(self, model_id: str) -> str:
        return await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom",
                                                                             "content": {"event": "click"}}})


class Classroom:
    """The server, the link, and the students sent to it."""

    def __init__(self, args: argparse.Namespace, base: str, pid: int, home: Path) -> None:
        self.args = args
        self.home = home
        self.base = base
        self.pid = pid
        self.http = AsyncHTTPClient(force_instance=True, max_clients=256)
        self.assets: list[str] = []
        self.code = ""
        self.shown = ""
        self.report = Report(args)

    async def fetch(self, url: str, **kwargs: Any) -> Any:
        return await self.http.fetch(HTTPRequest(url, request_timeout=180, connect_timeout=60, **kwargs),
                                     raise_error=True)

    async def student(self, n: int, wave: int, delay: float, beacon: bool, rng: random.Random) -> Result:
        await asyncio.sleep(delay)
        result = Result(n, wave)
        t0 = time.perf_counter()
        page: Page | None = None
        try:
            html = (await self.fetch(f"{self.base}/?deal={self.code}")).body.decode()
            result.phases["page"] = time.perf_counter() - t0
            found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
            if not found:
                (self.home / f"page-of-student-{n}.html").write_text(html)
                raise RuntimeError(f"the page names no kernel (the page is in {self.home})")
            result.kernel = found.group(1)
            shown = re.search(r'"application/vnd\.jupyter\.widget-view\+json":\s*\{[^}]*"model_id":\s*"([0-9a-f]+)"',
                              html)
            if not shown:
                (self.home / f"page-of-student-{n}.html").write_text(html)
                raise RuntimeError(f"the page shows no widget (the app's cell failed; the page is in {self.home})")
            root = shown.group(1)
            semaphore = asyncio.Semaphore(6)  # a browser's connections to one host

            async def asset(url: str) -> None:
                async with semaphore:
                    await self.fetch(url)

            await asyncio.gather(*(asset(url) for url in self.assets))
            result.phases["files"] = time.perf_counter() - t0
            ws = await websocket_connect(f"{self.base.replace('http', 'ws', 1)}/api/kernels/{result.kernel}/channels"
                                         f"?session_id={uuid.uuid4().hex}", max_message_size=64 << 20,
                                         subprotocols=[V1])
            page = Page(ws, root)
            await page.load_states()
            result.phases["states"] = time.perf_counter() - t0
            while not page.hand() or self.shown not in page.code_shown():
                if page.part("ks-teacher") is not None:
                    raise RuntimeError("the student's link shows the teacher's row")
                page.changed.clear()
                await page.wait(page.changed, 60, "table with the link's deal")
            result.first_table = time.perf_counter() - t0
            await page.shown()
            self.report.arrived(self.pid)
            result.kernel_mib = self.report.kernel_mib(self.pid, result.kernel)
            await self.play(page, result, rng)
            await asyncio.sleep(self.args.think * rng.uniform(0.5, 1.5))  # a look at the result and the review
            result.kernel_end_mib = self.report.kernel_mib(self.pid, result.kernel)
        except Exception as error:  # a failure of this student's visit, reported with the rest
            result.failure = f"{type(error).__name__}: {error}"[:300]
        finally:
            if beacon and result.kernel:
                try:
                    await self.fetch(f"{self.base}/voila/api/shutdown/{result.kernel}", method="POST", body="_xsrf=",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
                except Exception as error:
                    result.failure = result.failure or f"shutdown message refused: {error}"
            if page is not None:
                page.ws.close()
                page.reader.cancel()
            result.closed_at = time.monotonic()
        return result

    async def play(self, page: Page, result: Result, rng: random.Random) -> None:
        """Play the deal to its end: a legal card after a moment's thought, until the status says it is over."""
        deadline = time.monotonic() + 600
        while "The deal is over" not in page.status():
            if time.monotonic() > deadline:
                raise RuntimeError(f"the deal did not end within 600 s: {page.status()!r}")
            legal = [m for m, s in page.hand() if playable(s)]
            if not legal:  # the bots' turn, or a redraw on its way
                page.changed.clear()
                await page.wait(page.changed, 60, "redraw with a card to play")
                continue
            await asyncio.sleep(self.args.think * rng.uniform(0.5, 1.5))
            t = time.perf_counter()
            msg = await page.click(rng.choice(legal))
            await page.wait(page.idle[msg], 120, "redraw after a click")
            result.clicks.append(time.perf_counter() - t)
        result.finished = True

    async def run(self) -> None:
        args = self.args
        rng = random.Random(args.seed)
        jobs = []
        n = 0
        per_wave = [args.students // args.waves + (1 if w < args.students % args.waves else 0)
                    for w in range(args.waves)]
        for wave, size in enumerate(per_wave):
            for k in range(size):
                delay = wave * args.gap + rng.uniform(0, args.spread)
                beacon = n % 2 == 0
                if k == 0 and args.browsers:
                    jobs.append(browser_student(self, n, wave, delay, beacon, Result))
                else:
                    jobs.append(self.student(n, wave, delay, beacon, random.Random(rng.random())))
                n += 1
        sampler = asyncio.ensure_future(self.report.sample_forever(self.pid))
        results = await asyncio.gather(*jobs)
        last_closed = max(r.closed_at for r in results)
        back = await self.report.wait_baseline(self.pid, last_closed, args.settle)
        sampler.cancel()
        self.report.print(results, back, last_closed)
        self.http.close()


def start_server(home: Path, pool: int, fill_delay: float) -> tuple[subprocess.Popen[bytes], str]:
    """`voila apps/table.ipynb` with the kit's settings (config/; a pool of ``pool`` preheated kernels, each replaced
    ``fill_delay`` s after it is taken), on a free port, its Jupyter folders in ``home``."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "config"), "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTER_PLATFORM_DIRS": "1", "PYTHONUNBUFFERED": "1", "KEINSTICH_POOL": str(pool),
           "KEINSTICH_FILL_DELAY": f"{fill_delay:g}"}
    log = (home / "voila.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "voila", "apps/table.ipynb", "--no-browser", f"--port={port}",
                                "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"], cwd=ROOT, env=env, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    return process, f"http://127.0.0.1:{port}"


def deal_code(seed: int) -> tuple[str, str]:
    """The link's deal (the app's own contract and bots, No Hearts against heuristic bots, from ``seed``), and the code
    its table shows once the bots before the student have played (the check that a page opened the link's deal)."""
    from keinstich_widgets.table import Table

    table = Table("kein-stich", "no-hearts", seed=seed, bots="heuristic", synchronous=True, review=False)
    code = str(table.codes.start().text)
    return code, str(Table.from_code(code, synchronous=True, review=False).codes.deal_code.text)


async def main_async(args: argparse.Namespace) -> int:
    home = Path(tempfile.mkdtemp(prefix="keinstich-classroom-"))
    # one kernel per student, and one for the first visit that records the page's static files (the teacher's look)
    process, base = start_server(home, args.pool if args.pool is not None else args.students + args.browsers,
                                 args.fill_delay)
    try:
        room = Classroom(args, base, process.pid, home)
        room.code, room.shown = deal_code(args.deal_seed)
        print(f"classroom: Voila at {base} (pid {process.pid}, log {home / 'voila.log'}); load {_load()}", flush=True)
        await room.report.wait_pool(process, base, room)
        if args.browsers:
            room.assets = await record_first_visit(room)
        print(f"classroom: the link {base}/?deal={room.code}; {len(room.assets)} static files per first visit",
              flush=True)
        await room.run()
        return 0 if room.report.goals_met else 1
    finally:
        await close_browser()
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        for child in kernels_of(process.pid):  # a kernel the server left behind
            child.kill()


def _load() -> str:
    return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--waves", type=int, default=3)
    parser.add_argument("--spread", type=float, default=10.0, help="seconds over which a wave's students arrive")
    parser.add_argument("--gap", type=float, default=30.0, help="seconds from one wave's start to the next")
    parser.add_argument("--think", type=float, default=2.0, help="a student's seconds before each card (±50%%)")
    parser.add_argument("--browsers", type=int, default=1, choices=(0, 1),
                        help="1: the first student of each wave is a headless Chromium page")
    parser.add_argument("--browser-nice", type=int, default=10,
                        help="the Chromium pages' nice value (default 10: the server first, as if they ran on the "
                             "students' laptops; 0: as the server)")
    parser.add_argument("--settle", type=float, default=240.0, help="seconds to wait for the kernels to go")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels, filled before the first student comes (default: one per student, "
                             "and one for the first visit that records the page's files)")
    parser.add_argument("--fill-delay", type=float, default=120.0,
                        help="seconds before a kernel taken from the pool is replaced (default 120: after the class "
                             "has its tables)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deal-seed", type=int, default=1)
    args = parser.parse_args(argv)
    classroom_browser.NICE = args.browser_nice
    if args.waves < 1 or args.students < args.waves:
        parser.error("need at least one wave and one student per wave")
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
