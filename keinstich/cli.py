"""The ``keinstich`` command line: ``keinstich check FILE`` checks a game record.

Exit codes of ``check``: 0 the record is well-formed and every play legal (a JSON summary on
stdout), 1 a play breaks the rules, 2 a malformed record, a file that cannot be read or a bad
command line. Errors are one line on stderr, never a traceback. Later commands (``simulate``,
``tournament``) add a subparser each in :func:`build_parser`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from .records import IllegalRecordPlay, Record, RecordError, check

PROG = "keinstich"
EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """A command line argparse refused; main prints it as one line and exits 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (no usage block) and do not exit the process."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Kein Stich teaching kit: tools for game records.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", required=True)
    check_cmd = commands.add_parser(
        "check", help="check a game record (Kein Stich, Herzeln, Herzblatt): legal plays, tricks and scores as JSON",
        description="Replay a game record (keinstich-record/1 JSON) and print a JSON summary: tricks, "
                    "penalties (or, for a lay-off deal, layout, finishing order and payout). "
                    "Exit 0 if every play is legal, 1 for an illegal play, 2 for a malformed record.")
    check_cmd.add_argument("file", metavar="FILE", help="the record file, or - to read standard input")
    check_cmd.add_argument("--pretty", action="store_true",
                           help="lay the JSON out for reading: one key, trick or play per line")
    check_cmd.set_defaults(run=_check)
    return parser


def _say(line: str) -> None:
    print(" ".join(line.splitlines()), file=sys.stderr)


def _check(args: argparse.Namespace) -> int:
    name: str = args.file
    where = "<stdin>" if name == "-" else name
    try:
        if name == "-":
            stream = sys.stdin
            data: bytes = stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode()
        else:
            with open(name, "rb") as f:
                data = f.read()
    except OSError as e:
        _say(f"{PROG} check: cannot read {where}: {e.strerror or e}")
        return EXIT_MALFORMED
    try:
        summary = check(Record.from_json(data))
    except IllegalRecordPlay as e:
        _say(f"{PROG} check: {where}: illegal play: {e}")
        return EXIT_ILLEGAL
    except RecordError as e:
        _say(f"{PROG} check: {where}: malformed record: {e}")
        return EXIT_MALFORMED
    print(_pretty(summary) if args.pretty else json.dumps(summary))
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as e:
        _say(str(e))
        return EXIT_MALFORMED
    except SystemExit as e:  # --help and --version exit through argparse
        return e.code if isinstance(e.code, int) else EXIT_OK
    try:
        code: int = args.run(args)
    except Exception as e:  # a bug: still one line, no traceback for a learner
        _say(f"{PROG}: internal error ({type(e).__name__}: {e}); please report it")
        return EXIT_INTERNAL
    return code
