"""Bots by name: what ``"heuristic"`` or ``"montecarlo:samples=40,exact_tricks=2"`` means, and the bot it makes.

:data:`BOT_KINDS` lists the bots the kit knows by name and the options each takes; :func:`make_bot` makes one
from its spec (a name with options, or a factory called with a seed). Simulations, the widgets' tables and
the coach all make their bots here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeAlias

from keinstich.bots.base import Bot, BotError, QuickPlay
from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.random import RandomBot
from keinstich.cards import Pack

BotSpec: TypeAlias = "str | Callable[[int], Bot]"
"""A bot: a name with options (``"montecarlo:samples=40"``), or a factory called with an int seed."""


class BotSpecError(BotError):
    """A bot name or option that does not exist; the message lists what is accepted."""


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


def accepted_bots() -> str:
    """The names and options accepted, for a refusal's message."""
    parts = [k.name + (f" (options {', '.join(k.options)})" if k.options else "") for k in BOT_KINDS.values()]
    return ", ".join(parts) + "; e.g. 'montecarlo:samples=40,exact_tricks=2'"


def parse_spec(text: str) -> tuple[str, dict[str, int | str]]:
    """``"montecarlo:samples=40,exact_tricks=2"`` -> ("montecarlo", {"samples": 40, "exact_tricks": 2})."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in BOT_KINDS:
        raise BotSpecError(f"unknown bot {text.strip()!r}: use {accepted_bots()}")
    kind = BOT_KINDS[name]
    words = dict(kind.choices)
    options: dict[str, int | str] = {}
    for item in (p.strip() for p in rest.split(",")):
        if not item:
            continue
        key, eq, value = item.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not kind.options:
            raise BotSpecError(f"bot {name!r} takes no options, got {item!r}: use {accepted_bots()}")
        if key not in kind.options or not eq:
            accepted = (f"{o}={'|'.join(words[o])}" if o in words else f"{o}=N" for o in kind.options)
            raise BotSpecError(f"bot {name!r}: unknown option {item!r}; it accepts {', '.join(accepted)}")
        word = value.strip().lower()
        if key in words:
            if word not in words[key]:
                raise BotSpecError(f"bot {name!r}: {key} must be {' or '.join(words[key])}, not {word!r}")
            options[key] = word
            continue
        try:
            number = int(word)
        except ValueError:
            raise BotSpecError(f"bot {name!r}: option {key} needs a whole number, not {value.strip()!r}") from None
        if number < (1 if key == "samples" else 0):
            raise BotSpecError(f"bot {name!r}: {key} must be {1 if key == 'samples' else 0} or more, not {number}")
        options[key] = number
    return name, options


def label(spec: BotSpec) -> str:
    """The name a bot goes by in a frame's ``bot`` column."""
    if isinstance(spec, str):
        name, options = parse_spec(spec)
        return name + (":" + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
    return str(getattr(spec, "__name__", None) or getattr(spec, "name", None) or type(spec).__name__)


def make_bot(spec: BotSpec, seed: int = 0, *, pack: Pack | str | None = None) -> Bot:
    """A bot from its spec: a name (see :data:`BOT_KINDS`) with options, or a factory called with ``seed``.

    Unknown names and bad options raise :class:`BotSpecError` listing what is accepted.
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
        raise BotSpecError(f"a bot is a name or a factory (a callable taking a seed), not {spec!r}: "
                           f"use {accepted_bots()}")
    bot = spec(seed)
    if not callable(getattr(bot, "decide", None)):
        raise BotSpecError(f"the bot factory {label(spec)} returned {bot!r}, which is not a bot "
                           "(it needs decide(obs), which returns the move and its reason)")
    return bot


@lru_cache(maxsize=64)
def quick_play_of(spec: str, pack: Pack | str | None = None) -> QuickPlay | None:
    """The :class:`~keinstich.bots.base.QuickPlay` every bot of ``spec`` offers, known without making one bot a
    seat (None when it offers none, or its moves depend on a seed): what lets a simulation of the heuristic bot
    in every seat play each deal out at once."""
    name, options = parse_spec(spec)
    return HeuristicBot(pack=pack).quick_play() if (name, options) == ("heuristic", {}) else None


__all__ = ["BOT_KINDS", "BotKind", "BotSpec", "BotSpecError", "accepted_bots", "label", "make_bot", "parse_spec",
           "quick_play_of"]
