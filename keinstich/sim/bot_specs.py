"""Bots by name and the seeds of a simulation: what ``bots="heuristic,montecarlo:samples=40"`` means.

A simulation never shares a bot between deals: every seat of every deal gets a bot of its own, made
from its spec (a name with options, or a factory called with an int seed) and seeded with
:func:`bot_seed`; every deal is dealt from :func:`deal_seed`. Both are stable hashes, so results
depend only on the seed, never on workers or chunks.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from keinstich.bots import Bot, HeuristicBot, RandomBot
from keinstich.cards import Pack
from keinstich.limits import LimitError, check_seed_number

BotSpec: TypeAlias = "str | Callable[[int], Bot]"
"""A bot: a name with options (``"montecarlo:samples=40"``), or a factory called with an int seed."""


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


# --- bots -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotKind:
    """A bot the simulations know by name: what it does and the whole-number options it takes."""

    name: str
    summary: str
    options: tuple[str, ...] = ()
    choices: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Options that take a word rather than a whole number: (option, the words allowed)."""


BOT_KINDS: dict[str, BotKind] = {k.name: k for k in (
    BotKind("random", "a uniformly random legal card (and random calls in Herzblatt)"),
    BotKind("heuristic", "contract-aware rules of thumb, as a teacher would play"),
    BotKind("montecarlo", "samples the hidden hands and plays each card out (strong, slow)",
            ("samples", "exact_tricks", "enumerate_below", "play_for"), (("play_for", ("stake", "points")),)),
)}
"""The bot names accepted in a spec, e.g. ``"heuristic"`` or ``"montecarlo:samples=40,exact_tricks=2"``.
(MonteCarloBot's ``time_limit`` is left out on purpose: it would make results depend on the machine.)"""


def _accepted() -> str:
    parts = [k.name + (f" (options {', '.join(k.options)})" if k.options else "") for k in BOT_KINDS.values()]
    return ", ".join(parts) + "; e.g. 'montecarlo:samples=40,exact_tricks=2'"


def parse_spec(text: str) -> tuple[str, dict[str, int | str]]:
    """``"montecarlo:samples=40,exact_tricks=2"`` -> ("montecarlo", {"samples": 40, "exact_tricks": 2})."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in BOT_KINDS:
        raise SimulationError(f"unknown bot {text.strip()!r}: use {_accepted()}")
    kind = BOT_KINDS[name]
    words = dict(kind.choices)
    options: dict[str, int | str] = {}
    for item in (p.strip() for p in rest.split(",")):
        if not item:
            continue
        key, eq, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not kind.options:
            raise SimulationError(f"bot {name!r} takes no options, got {item!r}: use {_accepted()}")
        if key not in kind.options or not eq:
            accepted = (f"{o}={'|'.join(words[o])}" if o in words else f"{o}=N" for o in kind.options)
            raise SimulationError(f"bot {name!r}: unknown option {item!r}; it accepts {', '.join(accepted)}")
        word = value.strip().lower()
        if key in words:
            if word not in words[key]:
                raise SimulationError(f"bot {name!r}: {key} must be {' or '.join(words[key])}, not {word!r}")
            options[key] = word
            continue
        try:
            number = int(word)
        except ValueError:
            raise SimulationError(f"bot {name!r}: option {key} needs a whole number, not {value.strip()!r}") from None
        if number < (1 if key == "samples" else 0):
            raise SimulationError(f"bot {name!r}: {key} must be {1 if key == 'samples' else 0} or more, not {number}")
        options[key] = number
    return name, options


def label(spec: BotSpec) -> str:
    """The name a bot goes by in a frame's ``bot`` column."""
    if isinstance(spec, str):
        name, options = parse_spec(spec)
        return name + (":" + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
    return str(getattr(spec, "__name__", None) or getattr(spec, "name", None) or type(spec).__name__)


def is_plain_heuristic(spec: BotSpec) -> bool:
    """Whether ``spec`` names the heuristic bot without options (the play-out can stand in for it)."""
    return isinstance(spec, str) and parse_spec(spec) == ("heuristic", {})


def make_bot(spec: BotSpec, seed: int = 0, *, pack: Pack | str | None = None) -> Bot:
    """A bot from its spec: a name (see :data:`BOT_KINDS`) with options, or a factory called with ``seed``.

    Unknown names and bad options raise :class:`SimulationError` listing what is accepted.
    """
    if isinstance(spec, str):
        name, options = parse_spec(spec)
        if name == "random":
            return RandomBot(seed, pack=pack)
        if name == "heuristic":
            return HeuristicBot(seed, pack=pack)
        from keinstich.bots.montecarlo import MonteCarloBot

        given: dict[str, Any] = dict(options)  # only the options named: the bot's own defaults for the rest
        return MonteCarloBot(seed, pack=pack, **given)
    if not callable(spec):
        raise SimulationError(f"a bot is a name or a factory (a callable taking a seed), not {spec!r}: "
                              f"use {_accepted()}")
    bot = spec(seed)
    if not callable(getattr(bot, "choose", None)):
        raise SimulationError(f"the bot factory {label(spec)} returned {bot!r}, which is not a bot "
                              "(it needs choose(obs), explain(obs) and decide(obs))")
    return bot


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
            what = "a bot object" if callable(getattr(s, "choose", None)) else repr(s)
            raise SimulationError(
                f"a bot is a name ({_accepted()}) or a factory, a function taking a seed and returning a new bot; "
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
