"""The bank of rated positions: a few thousand decisions from seeded deals of every game, each with a clear
answer, its themes and a Glicko-2 rating, shipped with the package (``bank.jsonl.gz``).

``scripts/make_bank.py`` makes it, offline: for every contract of :data:`CONTRACTS` it walks the deals of
seeds 0, 1, 2, … (played by heuristic bots, :func:`~.positions.decisions`) and keeps a position only when
the judge (:func:`~.verdicts.solution`) separates its good cards from the rest by at least the mistake
threshold, settled (:attr:`keinstich.coach.Verdict.separated`). Each kept position is tagged with its themes
(:mod:`.themes`) and rated as lichess rates a new puzzle (1500, RD 500, volatility 0.09, τ 0.75), then moved
by how often bots of different strength solve it (:data:`BOTS`: the random bot, the heuristic bot and the
Monte Carlo bot with a few samples, each taken as a player of a fixed rating).

The bank's first line says which judge made it (:data:`~.verdicts.JUDGE` and :func:`~.verdicts.stamp`): when
the judge changes, the bank must be made again, and ``tests/test_trainer_bank.py`` says so.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.play import bot_move
from keinstich.coach import Verdict
from keinstich.coach.fair import as_played, key
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal, Unit

from .glicko import Game, Rating, update
from .positions import code_of, contract_id, decisions, family_of, position_of
from .themes import themes_of
from .verdicts import JUDGE, gap, solution

FORMAT = "keinstich-bank/1"
FILE = "bank.jsonl.gz"

CONTRACTS: tuple[tuple[str, str], ...] = (
    ("kein-stich", "no-tricks"), ("kein-stich", "no-hearts"), ("kein-stich", "no-obers"), ("kein-stich", "no-max"),
    ("kein-stich", "black-pig"), ("kein-stich", "no-penultimate"), ("kein-stich", "no-first-last"),
    ("kein-stich", "power"), ("kein-stich", "power-black-pig"), ("kein-stich", "domino"),
    ("herzeln", "herzeln-no-hearts"), ("herzeln", "herzeln-tricks"), ("herzeln", "herzeln-no-tricks"),
    ("herzeln", "herzeln-no-queens"), ("herzeln", "herzeln-king-of-hearts"), ("herzeln", "herzeln-last-trick"),
    ("herzeln", "herzeln-no-last-trick"), ("herzeln", "herzeln-domino"), ("herzeln", "herzeln-domino-rows"),
    ("herzblatt", "herzblatt-3"), ("herzblatt", "herzblatt-4"), ("herzblatt", "herzblatt-5"))
"""(game, contract) of every contract the bank draws positions from."""

PER_CONTRACT = 140
"""Positions kept per contract (fewer where the seeds run out first)."""
PER_DEAL = 2
"""Positions kept from one deal at most (so the bank is not a few deals seen many times)."""
MAX_SEEDS = 600
"""Seeds tried per contract at most."""

BOTS: tuple[tuple[str, float, int], ...] = (("random", 1000.0, 1), ("heuristic", 1650.0, 1),
                                            ("montecarlo-4", 1800.0, 4), ("montecarlo-16", 2000.0, 4))
"""The bots that seed a position's rating: (name, the rating it plays as, tries). The random bot's chance is
worked out exactly; the Monte Carlo bots (4 and 16 samples) try with different seeds."""
BOT_RD = 60.0
"""The deviation the bots' ratings are taken with."""


class BankError(ValueError):
    """A bank file that cannot be read."""


@dataclass(frozen=True)
class Entry:
    """One position of the bank: its ``id`` ("no-hearts:12:9": contract, seed, moves made), its code, the
    contract (as :data:`CONTRACTS` names it) and family, the good moves (codes), its themes, its rating and how
    often each bot solved it."""

    id: str
    game: str
    contract: str
    family: str
    code: str
    good: tuple[str, ...]
    gap: float
    unit: str
    themes: tuple[str, ...]
    rating: Rating
    solved_by: dict[str, float]

    def position(self) -> Deal:
        return position_of(self.code)

    def to_json(self) -> str:
        return json.dumps({"id": self.id, "game": self.game, "contract": self.contract, "family": self.family,
                           "code": json.loads(self.code), "good": list(self.good), "gap": round(self.gap, 2),
                           "unit": self.unit, "themes": list(self.themes),
                           "rating": [round(self.rating.rating, 1), round(self.rating.rd, 1),
                                      round(self.rating.volatility, 5)],
                           "solved_by": {k: round(v, 3) for k, v in self.solved_by.items()}},
                          separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> Entry:
        d = json.loads(line)
        return cls(d["id"], d["game"], d["contract"], d["family"], json.dumps(d["code"], separators=(",", ":")),
                   tuple(d["good"]), float(d["gap"]), d["unit"], tuple(d["themes"]), Rating(*d["rating"]),
                   dict(d["solved_by"]))


@dataclass(frozen=True)
class Bank:
    """The bank: its header (which judge made it, with what) and its entries."""

    header: dict[str, Any]
    entries: tuple[Entry, ...]
    index: dict[str, Entry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {e.id: e for e in self.entries})

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def stamp(self) -> str:
        return str(self.header.get("stamp", ""))

    def by_id(self, entry_id: str) -> Entry | None:
        return self.index.get(entry_id)

    def select(self, *, family: str | None = None, contract: str | None = None, theme: str | None = None,
               near: float | None = None, exclude: Iterable[str] = (), count: int = 1,
               rng: random.Random | None = None) -> list[Entry]:
        """``count`` entries of ``family``, ``contract`` and ``theme`` (each if given), not in ``exclude``; with
        ``near``, those rated closest to it (as lichess picks a puzzle near the player's rating), else drawn by
        ``rng``."""
        skip = set(exclude)
        pool = [e for e in self.entries if e.id not in skip and (family is None or e.family == family)
                and (contract is None or e.contract == contract) and (theme is None or theme in e.themes)]
        if near is not None:
            r = rng or random.Random(0)
            pool.sort(key=lambda e: (abs(e.rating.rating - near) // 50, r.random()))
            return pool[:count]
        r = rng or random.Random(0)
        return r.sample(pool, min(count, len(pool)))

    def contracts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.contract] = out.get(e.contract, 0) + 1
        return out

    def themes(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries:
            for t in e.themes:
                out[t] = out.get(t, 0) + 1
        return dict(sorted(out.items(), key=lambda kv: -kv[1]))

    def write(self, path: str | Path) -> None:
        with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as f:
            f.write(json.dumps(self.header, separators=(",", ":"), sort_keys=True) + "\n")
            for e in self.entries:
                f.write(e.to_json() + "\n")


def read(path: str | Path | None = None) -> Bank:
    """The bank at ``path`` (default: the one shipped with the package)."""
    try:
        if path is None:
            raw = resources.files("keinstich.trainer").joinpath(FILE).read_bytes()
        else:
            raw = Path(path).read_bytes()
        lines = gzip.decompress(raw).decode("utf-8").splitlines()
        header = json.loads(lines[0])
    except (OSError, ValueError, IndexError) as e:
        raise BankError(f"cannot read the bank of positions ({e}): make it with "
                        "`python scripts/make_bank.py`") from None
    if header.get("format") != FORMAT:
        raise BankError(f"the bank is in format {header.get('format')!r}, not {FORMAT!r}: make it again")
    return Bank(header, tuple(Entry.from_json(line) for line in lines[1:] if line))


@cache
def shipped() -> Bank:
    """The bank shipped with the package, read once."""
    return read()


# --- making it ---------------------------------------------------------------------------------------


def solved_by(position: Deal, sol: Verdict, seed: str) -> dict[str, float]:
    """How often each bot of :data:`BOTS` plays a good move here (the random bot: its exact chance)."""
    seat = sol.seat
    obs = position.observation(seat)
    good = {key(m) for m in sol.good}
    out: dict[str, float] = {"random": sum(1 for m in sol.legal if key(m) in good) / len(sol.legal)}
    p = pack_in_play(position)
    out["heuristic"] = float(key(as_played(sol.legal, bot_move(HeuristicBot(pack=p), obs))) in good)
    for name, _, tries in BOTS[2:]:
        samples = int(name.split("-")[1])
        hits = sum(key(as_played(sol.legal, bot_move(MonteCarloBot(f"{seed}:{name}:{k}", samples=samples, pack=p),
                                                     obs))) in good
                   for k in range(tries))
        out[name] = hits / tries
    return out


def first_rating(solved: dict[str, float]) -> Rating:
    """A new position's rating (lichess's start) after one rating period against the bots: the position
    "wins" each game its bot does not solve (a fraction: how often it does not)."""
    games = [Game(Rating(r, BOT_RD), 1.0 - solved[name]) for name, r, _ in BOTS if name in solved]
    return update(Rating(), games)


def entry(position: Deal, sol: Verdict, seed: int | str, contract: str | None = None) -> Entry:
    """The bank's entry for a kept position (``contract``: the id it was dealt from, as :data:`CONTRACTS` names
    it, e.g. "herzblatt-4"; by default the id its record names)."""
    contract = contract or contract_id(position)
    eid = f"{contract}:{seed}:{len(position.history)}"
    solved = solved_by(position, sol, eid)
    return Entry(eid, position.game, contract, family_of(position), code_of(position),
                 tuple(sorted({_code(m) for m in sol.good})), gap(sol), Unit(sol.unit).short, themes_of(position, sol),
                 first_rating(solved), solved)


def _code(move: Any) -> str:
    """A move's code: "QS", "9C@bottom", "pass"."""
    from keinstich.deal import move_code

    return move_code(move)


def candidates(game: str, contract: str, *, per_contract: int = PER_CONTRACT,
               max_seeds: int = MAX_SEEDS) -> Iterator[Entry]:
    """The kept positions of one contract, seed by seed (see the module's docstring)."""
    kept = 0
    for seed in range(max_seeds):
        here = 0
        for position in decisions(game, contract, seed):
            sol = solution(position)
            if not sol.separated:
                continue
            yield entry(position, sol, seed, contract)
            kept += 1
            here += 1
            if kept >= per_contract:
                return
            if here >= PER_DEAL:
                break


def header(stamp: str, **more: Any) -> dict[str, Any]:
    return {"format": FORMAT, "judge": JUDGE, "stamp": stamp, "contracts": [c for _, c in CONTRACTS],
            "per_contract": PER_CONTRACT, "per_deal": PER_DEAL, "bots": [list(b) for b in BOTS], **more}


def still_right(e: Entry) -> str | None:
    """None when the judge still gives the entry's answer (the same good moves), else what differs."""
    position = e.position()
    sol = solution(position)
    good = tuple(sorted({_code(m) for m in sol.good}))
    if good != e.good:
        return f"{e.id}: the bank says {', '.join(e.good)}; the judge now says {', '.join(good) or 'none'}"
    return None


__all__ = ["BOTS", "CONTRACTS", "FILE", "FORMAT", "Bank", "BankError", "Entry", "candidates", "entry",
           "first_rating", "header", "read", "shipped", "solved_by", "still_right"]
