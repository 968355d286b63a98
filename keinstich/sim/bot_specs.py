"""The bots and the seeds of a simulation: what ``bots="heuristic,montecarlo:samples=40"`` seats where.

A simulation never shares a bot between deals: every seat of every deal gets a bot of its own, made
from its spec by the bots' registry (:mod:`keinstich.bots.registry`: a name with options, or a factory
called with an int seed) and seeded with :func:`bot_seed`; every deal is dealt from :func:`deal_seed`.
Both are stable hashes, so results depend only on the seed, never on workers or chunks.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from keinstich.bots import Bot, registry
from keinstich.bots.registry import BOT_KINDS as BOT_KINDS  # the bots' names, as the simulations offer them
from keinstich.bots.registry import BotKind as BotKind
from keinstich.bots.registry import BotSpec as BotSpec
from keinstich.bots.registry import BotSpecError
from keinstich.cards import Pack
from keinstich.limits import LimitError, check_seed_number


class SimulationError(ValueError):
    """A simulation that cannot run as asked; the message says what is accepted."""


def whole(name: str, value: object, least: int) -> int:
    """``value`` if it is a whole number of ``least`` or more; else a refusal naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"{name} must be a whole number of {least} or more, not {value!r}")
    return value


def check_seed(seed: object) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SimulationError(f"seed must be a whole number or text, not {seed!r}")
    try:
        check_seed_number(seed)
    except LimitError as e:
        raise SimulationError(str(e)) from None
    return seed


# --- seeds ----------------------------------------------------------------------------------------


def _digest(text: str) -> bytes:
    return hashlib.blake2b(f"keinstich-sim/1:{text}".encode(), digest_size=8).digest()


def deal_seed(seed: int | str, deal: int) -> str:
    """The seed deal ``deal`` of a simulation with ``seed`` is dealt from (a stable hash, 16 hex digits):
    ``GAMES[game].deal(contract, deal_seed(seed, i))`` is that deal again."""
    return _digest(f"deal:{seed}:{deal}").hex()


def bot_seed(seed: int | str, deal: int, seat: int, rotation: int = 0) -> int:
    """The seed of the bot in ``seat`` of deal ``deal`` (rotation ``rotation`` in a tournament)."""
    return int.from_bytes(_digest(f"bot:{seed}:{deal}:{seat}:{rotation}"), "big")


def partie_seed(seed: int | str, partie: int) -> str:
    """The seed partie ``partie`` of :func:`~keinstich.sim.simulate_partie` is dealt from."""
    return _digest(f"partie:{seed}:{partie}").hex()


def partie_bot_seed(seed: int | str, partie: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the whole of partie ``partie``."""
    return int.from_bytes(_digest(f"partie-bot:{seed}:{partie}:{seat}"), "big")


# --- bots: named in keinstich.bots.registry, refused here as a simulation's errors ----------------------


@contextmanager
def _refused() -> Iterator[None]:
    """A bad bot name or option, refused by the registry, as a :class:`SimulationError`."""
    try:
        yield
    except BotSpecError as e:
        raise SimulationError(str(e)) from None


def parse_spec(text: str) -> tuple[str, dict[str, int | str]]:
    """:func:`keinstich.bots.registry.parse_spec`, refusing as a :class:`SimulationError`."""
    with _refused():
        return registry.parse_spec(text)


def label(spec: BotSpec) -> str:
    """The name a bot goes by in a frame's ``bot`` column."""
    with _refused():
        return registry.label(spec)


def make_bot(spec: BotSpec, seed: int = 0, *, pack: Pack | str | None = None) -> Bot:
    """:func:`keinstich.bots.registry.make_bot` (the bots' registry), refusing a bad spec as a
    :class:`SimulationError`: ``keinstich.sim.make_bot`` as simulations, lessons and readers have called it."""
    with _refused():
        return registry.make_bot(spec, seed, pack=pack)


def parse_lineup(text: str) -> list[str]:
    """Split ``"heuristic,montecarlo:samples=40,exact_tricks=2,random"`` into bot specs: a comma item with
    ``=`` and no ``:`` is one more option of the bot before it."""
    out: list[str] = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            raise SimulationError(f"empty bot name in {text!r}: separate bot names by single commas")
        if "=" in item and ":" not in item and out:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def specs_of(bots: BotSpec | Sequence[BotSpec]) -> list[BotSpec]:
    """The bot specs of one spec, a comma list or a sequence, in order."""
    if isinstance(bots, str):
        return list(parse_lineup(bots))
    if callable(bots):
        return [bots]
    if isinstance(bots, Iterable):
        return list(bots)
    return [bots]


def seat_specs(bots: BotSpec | Sequence[BotSpec], players: int, pack: str) -> tuple[BotSpec, ...]:
    """One spec per seat from one spec, a comma list or a sequence; every name and option is checked
    here (bad option values too, by making each named bot once), not in a worker."""
    seq = specs_of(bots)
    for s in seq:
        if not isinstance(s, str) and not callable(s):
            what = "a bot object" if callable(getattr(s, "decide", None)) else repr(s)
            raise SimulationError(
                f"a bot is a name ({registry.accepted_bots()}) or a factory, a function taking a seed and returning "
                "a new bot; "
                f"not {what}: every deal gets a bot of its own, seeded for it, so results do not depend on "
                "workers or chunks (e.g. bots=lambda seed: MyBot(seed))")
    if len(seq) == 1:
        seq = list(seq) * players
    if len(seq) != players:
        raise SimulationError(f"give one bot for all seats or one per seat ({players}), not {len(seq)}")
    for s in seq:
        label(s)  # refuses unknown names and options early
    for name in set(s for s in seq if isinstance(s, str)):
        make_bot(name, 0, pack=pack)
    return tuple(seq)


def check_factories(specs: Iterable[BotSpec]) -> None:
    """A factory sent to worker processes must pickle; say so plainly if it does not."""
    for s in specs:
        if isinstance(s, str):
            continue
        try:
            pickle.dumps(s)
        except Exception as e:
            raise SimulationError(
                f"the bot factory {label(s)} cannot be sent to worker processes (it is not picklable: {e}); "
                "define it with def at module level, or use workers=1 or a ThreadPoolExecutor") from None
