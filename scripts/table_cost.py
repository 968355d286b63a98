"""What a student's first table costs, in counts the machine's load does not change: ``make table-cost``.

A kernel is started as Voila's pool starts one (the app's imports and :func:`keinstich_widgets._app.warm` run before
the student comes), then the app's cell opens a deal link (``?deal=KS1-…``) in the student's view, as a page in Voila
would. Counted from the kernel's own messages until it is idle again: the widget models it opens (one comm open
each, by model), the updates it sends, the bytes of those messages (JSON, as the server passes them to the page),
and the kernel's CPU seconds (user + system, all its threads; read from /proc, so the load does not change them
much), up to the table, and a few seconds after the page has shown it (the coach judging ahead while the student
thinks: it waits for the page's word that the table is shown, which is sent here as the page would). The page's own
first request (every widget's state) carries the same models again: "the page's state" counts them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from jupyter_client.manager import KernelManager

ROOT = Path(__file__).resolve().parent.parent

PREHEAT = """
import os, psutil
from keinstich_widgets.table import app_help, app_table
from keinstich_widgets._app import warm
DEFAULTS = dict(game="kein-stich", contract="no-hearts", seed=1, bots="heuristic", open_hands=False,
                faces="german", card_size="medium")
warm(DEFAULTS)
"""

ARRIVE = """
os.environ.update(QUERY_STRING={query!r}, SERVER_SOFTWARE="voila/0.5", SCRIPT_NAME="/")
table = app_table(**DEFAULTS)
display(table)
display(app_help())
"""

SHOWN = """
if hasattr(table.speech.access, "when_shown"):  # what the page's front end sends once it shows the table
    table.speech.access._message(table.speech.access, {"event": "shown"}, [])
"""

CPU = "import psutil as _p; _t = _p.Process().cpu_times(); print(_t.user + _t.system)"

STATES = """
import json as _j, ipywidgets as _w
_s = _w.Widget.get_manager_state(drop_defaults=True)["state"]
print(_j.dumps([len(_s), len(_j.dumps(_s))]))
"""


def deal_code(seed: int) -> str:
    """The link's deal: the app's own contract and bots (No Hearts against heuristic bots), from ``seed``."""
    from keinstich_widgets.table import Table

    return str(Table("kein-stich", "no-hearts", seed=seed, bots="heuristic", synchronous=True,
                     review=False).codes.start().text)


def run(kc: Any, code: str) -> tuple[list[dict[str, Any]], str]:
    """Execute ``code``; the kernel's IOPub messages until it is idle, and what it printed."""
    msg_id = kc.execute(code)
    got: list[dict[str, Any]] = []
    out = []
    while True:
        msg = kc.get_iopub_msg(timeout=120)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        got.append(msg)
        kind = msg["msg_type"]
        if kind == "stream":
            out.append(msg["content"]["text"])
        elif kind == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return got, "".join(out)


def size(msg: dict[str, Any]) -> int:
    """The message's bytes as the page gets it (the JSON of its header, parent, metadata and content)."""
    parts = {k: msg[k] for k in ("header", "parent_header", "metadata", "content")}
    return len(json.dumps(parts, default=str).encode())


def cpu(kc: Any) -> float:
    return float(run(kc, CPU)[1].strip())


def measure(seed: int, after: float) -> dict[str, Any]:
    query = f"deal={deal_code(seed)}"
    km = KernelManager(kernel_name="python3", transport="ipc" if os.name == "posix" else "tcp")
    km.start_kernel(cwd=str(ROOT), env={**os.environ, "PYTHONHASHSEED": "0"})
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)
        run(kc, PREHEAT)
        before = cpu(kc)
        start = time.perf_counter()
        msgs, _out = run(kc, ARRIVE.format(query=query))
        wall = time.perf_counter() - start
        table_cpu = cpu(kc) - before
        run(kc, SHOWN)
        time.sleep(after)
        later_cpu = cpu(kc) - before
        models: Counter[str] = Counter()
        model_bytes: Counter[str] = Counter()
        changed: Counter[str] = Counter()
        names = {}
        updates = 0
        for m in msgs:
            if m["msg_type"] == "comm_open":
                name = m["content"]["data"]["state"].get("_model_name", "?")
                names[m["content"]["comm_id"]] = name
                models[name] += 1
                model_bytes[name] += size(m)
            elif m["msg_type"] == "comm_msg":
                updates += 1
                name = names.get(m["content"]["comm_id"], "?")
                for key in m["content"]["data"].get("state", {}):
                    changed[f"{name}.{key}"] += 1
        states, state_bytes = json.loads(run(kc, STATES)[1])
        return {
            "models": sum(models.values()), "by_model": dict(models.most_common()), "updates": updates,
            "messages": len(msgs), "bytes": sum(size(m) for m in msgs),
            "open_bytes": sum(size(m) for m in msgs if m["msg_type"] == "comm_open"),
            "open_bytes_by_model": dict(model_bytes.most_common()), "updated": dict(changed.most_common()),
            "kinds": dict(Counter(m["msg_type"] for m in msgs)),
            "states": states, "state_bytes": state_bytes,
            "cpu_table": round(table_cpu, 3), f"cpu_{after:g}s_later": round(later_cpu, 3),
            "wall": round(wall, 3), "load": os.getloadavg()[0],
        }
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3, help="the deal link's seed (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="kernels measured; CPU figures are their median")
    parser.add_argument("--after", type=float, default=5.0, help="seconds after the table to count CPU for")
    parser.add_argument("--json", action="store_true", help="everything counted, as JSON")
    args = parser.parse_args(argv)
    results = [measure(args.seed, args.after) for _ in range(args.runs)]
    first = results[0]
    for key in ("models", "updates"):  # the bytes vary by a few: message ids and dates in the headers
        if any(r[key] != first[key] for r in results):
            print(f"note: {key} differs between runs: {[r[key] for r in results]}", file=sys.stderr)
    later = f"cpu_{args.after:g}s_later"
    for key in ("cpu_table", later, "wall", "load"):
        first[key] = sorted(r[key] for r in results)[len(results) // 2]
    if args.json:
        print(json.dumps(first, indent=1))
        return 0
    print(f"A student's first table (deal link of seed {args.seed}), {args.runs} kernels:")
    print(f"  widget models opened  {first['models']}  ({', '.join(f'{n} {k}' for k, n in first['by_model'].items())})")
    print(f"  updates after them    {first['updates']}")
    print(f"  kernel messages       {first['messages']}, {first['bytes'] / 1024:.0f} KiB "
          f"(the models' first messages {first['open_bytes'] / 1024:.0f} KiB)")
    print(f"  the page's state      {first['states']} models, {first['state_bytes'] / 1024:.0f} KiB")
    print(f"  kernel CPU            {first['cpu_table']:.2f} s to the table, {first[later]:.2f} s {args.after:g} s "
          f"later (median; load {first['load']:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
