"""The ``keinstich`` command line: ``check`` a game record, ``simulate`` deals, play a ``tournament``.

Exit codes of ``check``: 0 the record is well-formed and every play legal (a JSON summary on
stdout), 1 a play breaks the rules, 2 a malformed record (or one beyond :mod:`keinstich.limits`:
1 MiB, 32 levels of nesting, 10,000 plays), a file that cannot be read or a bad command line.
``simulate`` and ``tournament``: 0 done (a summary table on stdout, the frame in ``--out`` as CSV
or Parquet), 2 a bad command line (unknown game, contract or bot, a count that is not a whole
number of 1 or more, a seed that is neither a number nor a word), 3 the output cannot be written
(a missing folder, a folder of that name, a read-only file: checked before any deal is played, so
no work is lost), 130 interrupted. ``--out`` is written whole or not at all
(:mod:`keinstich.files`): a failed or interrupted write keeps the file that was there. A Ctrl-C
after the new file is in place keeps it and exits 0: the command then ignores Ctrl-C and finishes
its summary (or, in the moment before, says the results were written). Errors are
one line on stderr, never a traceback; a reader that closes stdout early
(``keinstich check r.json | head``) is not an error.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

from keinstich.files import cannot_write, file_id, write_atomically
from keinstich.games import GAMES
from keinstich.i18n import _, pgettext
from keinstich.limits import MAX_RECORD_BYTES, LimitError, seed_from_text
from keinstich.records import IllegalRecordPlay, Record, RecordError, check

PROG = "keinstich"
EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_USAGE, EXIT_IO, EXIT_INTERRUPTED = 2, 3, 130


class UsageError(Exception):
    """A command line argparse refused; main prints it as one line and exits 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (no usage block) and do not exit the process."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(_("{prog}: error: {message} (see {prog} --help)", prog=self.prog, message=message))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Kein Stich teaching kit: check game records, simulate deals with "
                                            "bots, play duplicate tournaments.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", required=True)
    check_cmd = commands.add_parser(
        "check", help="check a game record (Kein Stich, Herzeln, Herzblatt): legal plays, tricks and scores as JSON",
        description="Replay a game record (keinstich-record/1 JSON) and print a JSON summary: tricks, "
                    "penalties (or, for a lay-off deal, layout, finishing order and payout). "
                    "Exit 0 if every play is legal, 1 for an illegal play, 2 for a malformed record.")
    check_cmd.add_argument("file", metavar="FILE",
                           help="the record file, - to read standard input, or a deal or result code (KS1-…, KR1-…)")
    check_cmd.add_argument("--pretty", action="store_true",
                           help="lay the JSON out for reading: one key, trick or play per line")
    check_cmd.set_defaults(run=_check)
    _add_simulation_commands(commands)
    return parser


def _say(line: str) -> None:
    """One line on stderr; characters no terminal can show (a lone surrogate from a record) escaped."""
    text = " ".join(line.splitlines()).encode("utf-8", "backslashreplace").decode("utf-8")
    print(text, file=sys.stderr)


def _check(args: argparse.Namespace) -> int:
    name: str = args.file
    if looks_like_code(name) and not os.path.exists(name):
        return _check_code(name, args.pretty)
    where = "<stdin>" if name == "-" else name
    try:
        if name == "-":  # at most one byte past the limit is read: enough to refuse it
            stream = sys.stdin
            data: bytes = (stream.buffer.read(MAX_RECORD_BYTES + 1) if hasattr(stream, "buffer")
                           else stream.read(MAX_RECORD_BYTES + 1).encode())
        else:
            with open(name, "rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        _say(_("{prog} check: cannot read {where}: {error}", prog=PROG, where=where, error=e.strerror or e))
        return EXIT_MALFORMED
    try:
        summary = check(Record.from_json(data))
    except IllegalRecordPlay as e:
        _say(_("{prog} check: {where}: illegal play: {error}", prog=PROG, where=where, error=e))
        return EXIT_ILLEGAL
    except RecordError as e:
        _say(_("{prog} check: {where}: malformed record: {error}", prog=PROG, where=where, error=e))
        return EXIT_MALFORMED
    print(_pretty(summary) if args.pretty else json.dumps(summary))
    return EXIT_OK


def looks_like_code(text: str) -> bool:
    """A deal or result code (``KS1-…``, ``KR1-…``) or a link holding one, rather than a file name."""
    head = text.strip()[:4].upper()
    return (head[:2] in ("KS", "KR") and "-" in text[:8] and head[2:3].isdigit()) or "deal=" in text


def _check_code(text: str, pretty: bool) -> int:
    """``keinstich check CODE``: the code's record checked as a record is, and what the code adds (seat, seed, …)."""
    from keinstich.codes import CodeError, read_code

    shown = text if len(text) <= 24 else text[:20] + "…"
    try:
        code = read_code(text)
        summary = check(code.record)
    except CodeError as e:
        _say(_("{prog} check: {where}: {error}", prog=PROG, where=shown, error=e))
        return EXIT_MALFORMED
    summary["code"] = code.summary()
    print(_pretty(summary) if pretty else json.dumps(summary))
    return EXIT_OK


def _pretty(summary: dict[str, object]) -> str:
    """JSON for reading: one key per line, and one line per trick or play."""
    lines = []
    for key, value in summary.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            body = ",\n".join("    " + json.dumps(v) for v in value)
            text = f"[\n{body}\n  ]"
        else:
            text = json.dumps(value)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}"


# --- simulate and tournament ------------------------------------------------------------------------


def _count(text: str) -> int:
    """A whole number of 1 or more (deals, parties, workers, players)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number", text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{text} must be 1 or more", text=text))
    return value


def _add_simulation_commands(commands: argparse._SubParsersAction[Any]) -> None:
    def common(cmd: argparse.ArgumentParser, deals: int) -> None:
        cmd.add_argument("--game", choices=list(GAMES), default="kein-stich", help="the game (default kein-stich)")
        cmd.add_argument("--deals", type=_count, default=deals, metavar="N", help=f"deals to play (default {deals})")
        cmd.add_argument("--players", type=_count, metavar="N", help="players (default 4)")
        cmd.add_argument("--pack", metavar="PACK", help="pack id, e.g. german-32 (default: the game's pack)")
        cmd.add_argument("--seed", default="0", help="the seed, a whole number of at most 100 digits or a word "
                                                     "such as lesson-3: the same seed gives the same results "
                                                     "(default 0)")
        cmd.add_argument("--workers", type=_count, default=1, metavar="N",
                         help="worker processes (default 1; at most one per deal or partie and one per CPU); "
                              "results do not depend on it")
        cmd.add_argument("--pot", type=int, metavar="PFENNIG",
                         help="what a lone Kein Stich domino deal pays out (default: the standard partie's pot)")
        cmd.add_argument("--out", metavar="PATH",
                         help="write the whole frame, one row per deal and seat: .csv, .parquet, or - for CSV "
                              "on stdout")
        bar = cmd.add_mutually_exclusive_group()
        bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                         help="show a progress bar on stderr (default: when stderr is a terminal)")
        bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    sim = commands.add_parser(
        "simulate", help="play many deals (or parties) with bots; a summary, or the frame as CSV/Parquet",
        description="Play many deals of one contract (or whole parties with --partie) with bots and print "
                    "each seat's mean result with a 95% confidence interval, or write every deal and seat "
                    "to --out. Example: keinstich simulate --contract no-hearts --deals 1000 --bots heuristic "
                    "--seed 1 --workers 2 --out results.csv")
    what = sim.add_mutually_exclusive_group(required=True)
    what.add_argument("--contract", metavar="ID", help="a contract id of the game, e.g. no-hearts, domino, "
                                                       "herzeln-tricks, herzblatt")
    what.add_argument("--partie", metavar="PRESET", help="whole parties of a preset instead, e.g. standard, "
                                                         "king-louis, herzeln-4, herzblatt-4")
    sim.add_argument("--bots", default="heuristic", metavar="BOTS",
                     help="one bot for every seat or one per seat, separated by commas: random, heuristic, "
                          "montecarlo, montecarlo:samples=40,exact_tricks=2 (default heuristic)")
    sim.add_argument("--parties", type=_count, default=100, metavar="N", help="parties with --partie (default 100)")
    common(sim, 1000)
    sim.set_defaults(run=_simulate)

    tour = commands.add_parser(
        "tournament", help="duplicate deals: every bot plays every seat with the same cards; means with 95%% CIs",
        description="Play each deal once per rotation of the lineup round the seats (duplicate deals), so "
                    "every bot holds every hand in every seat, and print each bot's mean result with a 95% "
                    "confidence interval. Example: keinstich tournament --contract no-tricks --bots "
                    "heuristic,random --deals 200 --out t.csv")
    tour.add_argument("--contract", required=True, metavar="ID", help="a contract id of the game, e.g. no-tricks")
    tour.add_argument("--bots", default="heuristic,random", metavar="BOTS",
                      help="the lineup, separated by commas; repeated to fill the seats (default heuristic,random)")
    common(tour, 2000)
    tour.set_defaults(run=_tournament)


def _cannot_write_out(command: str, path: str | None) -> str | None:
    """Refuse an output file that cannot be written before any deal is played: a missing folder, a
    folder of that name, a read-only file or folder."""
    if path is None or path == "-" or not path.lower().endswith((".csv", ".parquet")):
        return None
    why = cannot_write(path)
    return None if why is None else _("{prog} {command}: cannot write {path}: {why}", prog=PROG, command=command,
                                      path=path, why=why)


def _check_out(command: str, path: str | None) -> str | None:
    """Refuse an output of a kind the frame cannot be written as before any deal is played."""
    if path is None or path == "-" or path.lower().endswith(".csv"):
        return None
    if path.lower().endswith(".parquet"):
        import importlib.util

        if importlib.util.find_spec("pyarrow") is None and importlib.util.find_spec("fastparquet") is None:
            return _("{prog} {command}: writing Parquet ({path}) needs pyarrow: pip install pyarrow, or write CSV "
                     "instead (--out results.csv)", prog=PROG, command=command, path=path)
        return None
    return _("{prog} {command}: --out {path}: use a file name ending .csv or .parquet, or - for CSV on stdout",
             prog=PROG, command=command, path=path)


def _progress(args: argparse.Namespace) -> bool:
    return bool(args.progress) if args.progress is not None else sys.stderr.isatty()


def _simulate(args: argparse.Namespace) -> int:
    return _simulation("simulate", args)


def _tournament(args: argparse.Namespace) -> int:
    return _simulation("tournament", args)


def _simulation(command: str, args: argparse.Namespace) -> int:
    problem = _check_out(command, args.out)
    if problem:
        _say(problem)
        return EXIT_USAGE
    problem = _cannot_write_out(command, args.out)
    if problem:
        _say(problem)
        return EXIT_IO
    try:
        seed = seed_from_text(args.seed)
    except LimitError as e:
        _say(_("{prog} {command}: --seed: {error}", prog=PROG, command=command, error=e))
        return EXIT_USAGE
    before = file_id(args.out) if args.out not in (None, "-") else None
    try:
        frame = _run_simulation(command, args, seed)
        if frame is None:
            return EXIT_USAGE
        if args.out is not None:
            if args.out == "-":
                frame.to_csv(sys.stdout, index=False)
                return EXIT_OK
            try:
                write_atomically(args.out, lambda tmp: _write_frame(frame, tmp, args.out))
            except OSError as e:
                _say(_("{prog} {command}: cannot write {path}: {error}; the file there is unchanged", prog=PROG,
                       command=command, path=args.out, error=e.strerror or e))
                return EXIT_IO
            _results_kept(args)
        print(_report(command, frame, args))
        if args.out is not None:
            print(_("wrote {n} rows to {path}", n=len(frame), path=args.out))
        sys.stdout.flush()  # here, so that a Ctrl-C while the summary goes out is told apart from one before
    except KeyboardInterrupt:
        return _interrupted(command, args.out, before)
    return EXIT_OK


def _results_kept(args: argparse.Namespace) -> None:
    """The new results are in place, and Ctrl-C can no longer undo them: the command run as a program
    ignores it from here on and finishes its summary (a few lines), so that it neither dies of it on the
    way out nor reports an interruption that changed nothing. Called in-process (``main([...])``, as the
    tests do), nothing changes."""
    if getattr(args, "program", False) and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupted(command: str, out: str | None, before: tuple[int, int] | None) -> int:
    """Say what a Ctrl-C left of ``--out`` (the file there before was ``before``), as it is: the new
    results already renamed into place are kept (exit 0), else the old file is there as it was (130)."""
    if out is None or out == "-":
        _say(_("{prog} {command}: interrupted", prog=PROG, command=command))
        return EXIT_INTERRUPTED
    if file_id(out) != before:
        _say(_("{prog} {command}: interrupted after the results were written to {path}; only the summary is cut "
               "short", prog=PROG, command=command, path=out))
        return EXIT_OK
    if before is not None:
        _say(_("{prog} {command}: interrupted; {path} is unchanged", prog=PROG, command=command, path=out))
    else:
        _say(_("{prog} {command}: interrupted; {path} was not written", prog=PROG, command=command, path=out))
    return EXIT_INTERRUPTED


def workers_for(requested: int, units: int) -> int:
    """The worker processes started: as requested, but no more than one per deal (or partie) and
    one per CPU, since more cannot finish sooner (results do not depend on the number)."""
    return max(1, min(requested, units, os.cpu_count() or 1))


def _run_simulation(command: str, args: argparse.Namespace, seed: int | str) -> Any:
    """The frame of ``simulate`` or ``tournament``, or None after saying why the command is refused."""
    from keinstich import sim

    progress = _progress(args)
    try:
        if command == "tournament":
            return sim.tournament(args.bots, args.contract, args.deals, game=args.game, players=args.players,
                                  pack=args.pack, seed=seed, workers=workers_for(args.workers, args.deals),
                                  progress=progress, pot=args.pot)
        if args.partie is not None:
            if args.pack is not None or args.pot is not None:
                _say(_("{prog} simulate: --pack and --pot belong to one contract; a partie's preset sets them",
                       prog=PROG))
                return None
            return sim.simulate_partie(args.partie, args.parties, game=args.game, players=args.players,
                                       bots=args.bots, seed=seed, workers=workers_for(args.workers, args.parties),
                                       progress=progress)
        return sim.simulate(args.contract, args.deals, game=args.game, players=args.players, pack=args.pack,
                            bots=args.bots, seed=seed, workers=workers_for(args.workers, args.deals),
                            progress=progress, pot=args.pot)
    except ValueError as e:  # SimulationError and the engine's own refusals
        _say(_("{prog} {command}: {error}", prog=PROG, command=command, error=e))
        return None


def _write_frame(frame: Any, tmp: str, out: str) -> None:
    """The frame as Parquet or CSV (by ``out``'s ending) in the temporary file ``tmp``."""
    if out.lower().endswith(".parquet"):
        frame.to_parquet(tmp, index=False)
    else:
        frame.to_csv(tmp, index=False)


def _report(command: str, frame: object, args: argparse.Namespace) -> str:
    """The summary table: mean result per seat and bot (simulate) or per bot (tournament), with 95% CIs."""
    from keinstich import sim

    f: Any = frame
    first = f.iloc[0]
    unit = str(first["unit"])
    lines: list[str] = []
    if "partie" in f.columns:
        lines.append(_("{preset} ({game}), {players} players, {pack}: {n} parties, seed {seed}",
                       preset=first["preset"], game=first["game"], players=first["players"], pack=first["pack"],
                       n=f["partie"].nunique(), seed=args.seed))
        lines.append(_("net result per partie ({unit}, received − paid; higher is better)", unit=unit))
        tables = [sim.summarize(f, by=["seat", "bot"])]
        if f["bot"].nunique() > 1:
            tables.append(sim.summarize(f, by="bot"))
    else:
        fields = {"contract": first["contract"], "game": first["game"], "players": first["players"],
                  "pack": first["pack"], "n": f["deal"].nunique(), "seed": args.seed}
        if "rotation" in f.columns:
            lines.append(_("{contract} ({game}), {players} players, {pack}: {n} deals × {k} rotations (duplicate), "
                           "seed {seed}", k=f["rotation"].nunique(), **fields))
        else:
            lines.append(_("{contract} ({game}), {players} players, {pack}: {n} deals, seed {seed}", **fields))
        what = {"pfennig": _("penalty paid per deal (pfennig; lower is better)"),
                "points": _("points per deal (higher is better)"),
                "stakes": _("stakes won (+) or lost (−) per deal (higher is better)")}.get(unit, unit)
        lines.append(what)
        tables = ([sim.summarize(f, by="bot")] if command == "tournament"
                  else [sim.summarize(f, by=["seat", "bot"])])
        if command == "simulate" and f["bot"].nunique() > 1:
            tables.append(sim.summarize(f, by="bot"))
    for table in tables:
        lines.append("")
        lines.append(_table(table))
    return "\n".join(lines)


def _table(summary: Any) -> str:
    keys = [c for c in ("seat", "bot") if c in summary.columns]
    count = "parties" if "parties" in summary.columns else "deals"
    names = {"seat": pgettext("column", "seat"), "bot": pgettext("column", "bot"),
             "parties": pgettext("column", "parties"), "deals": pgettext("column", "deals")}
    head = [*(names[k] for k in keys), names[count], pgettext("column", "mean"), pgettext("column", "95% CI"),
            pgettext("column", "sd")]
    rows = []
    for _row, r in summary.iterrows():
        rows.append([*(str(r[k]) for k in keys), str(r[count]), f"{r['mean']:.2f}",
                     f"[{r['ci_low']:.2f}, {r['ci_high']:.2f}]", f"{r['sd']:.2f}"])
    widths = [max(len(head[i]), *(len(row[i]) for row in rows)) for i in range(len(head))]
    text = ["  ".join(h.ljust(w) if i < len(keys) else h.rjust(w) for i, (h, w) in enumerate(zip(head, widths,
                                                                                                   strict=True)))]
    for row in rows:
        text.append("  ".join(c.ljust(w) if i < len(keys) else c.rjust(w)
                              for i, (c, w) in enumerate(zip(row, widths, strict=True))))
    return "\n".join(text)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that flushing at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real stdout (a test's capture): nothing to flush at exit
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        args.program = argv is None  # run as the keinstich command, not called from Python
    except UsageError as e:
        _say(str(e))
        return EXIT_MALFORMED
    except SystemExit as e:  # --help and --version exit through argparse
        return e.code if isinstance(e.code, int) else EXIT_OK
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # here, so that a reader gone away is noticed now and not at exit
    except BrokenPipeError:  # the reader closed stdout early (| head): normal, nothing to say
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        _say(_("{prog}: interrupted", prog=PROG))
        return EXIT_INTERRUPTED
    except Exception as e:  # a bug: still one line, no traceback for a learner
        _say(_("{prog}: internal error ({error}: {message}); please report it", prog=PROG, error=type(e).__name__,
               message=e))
        return EXIT_INTERNAL
    return code
