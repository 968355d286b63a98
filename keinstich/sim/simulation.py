"""Many deals with bots, as a tidy pandas DataFrame: one row per deal and seat.

::

    frame = simulate("no-hearts", deals=1000, bots="heuristic", seed=1)
    frame.groupby("seat")["score"].mean()          # what each seat pays on average
    summarize(tournament(["heuristic", "random"], "no-tricks", deals=200))

:func:`simulate` plays one contract (any game: Kein Stich's trick and lay-off deals, Herzeln's eight
deals, whole Herzblatt deals with asking and skat); :func:`simulate_partie` plays whole parties and
follows the pot; :func:`tournament` replays every deal once per rotation of a lineup round the seats
(duplicate deals), and :func:`summarize` gives each bot's mean with a 95% confidence interval.

Results depend only on the seed: deal ``i`` is dealt from :func:`deal_seed` ``(seed, i)`` and the bot
in a seat gets :func:`bot_seed` ``(seed, i, seat, rotation)``, both stable hashes, so the frame is the
same for any number of worker processes, any chunk size and any :class:`concurrent.futures.Executor`
(a Dask cluster's ``client.get_executor()`` serves when one machine is not enough). Seat 0 is
forehand in every deal (the dealer is the last seat), so "seat" also means "position at the table".

Fast paths give the same result as :func:`~keinstich.bots.heuristic.play_deal` with the same bots (the tests
check it): an all-heuristic no-trump trick deal is finished by
:func:`~keinstich.bots.heuristic_playout`, and a :class:`~keinstich.bots.heuristic.RandomBot` in a trick deal
draws its card from its own generator exactly as it would from an observation.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import math
import pickle
import statistics
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from keinstich.bots.heuristic import Bot, HeuristicBot, RandomBot, heuristic_playout, play_deal
from keinstich.cards import Pack, PackError, mask_of, pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_OBERS, NO_TRICKS, Contract
from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules
from keinstich.games.kein_stich import DEFAULT_PACKS
from keinstich.games.presets import GAMES
from keinstich.layoff import DOMINO_CONTRACTS, PAYOUT_WEIGHTS, DominoContract, DominoDeal, DominoError, payout_shares
from keinstich.tricks import TrickDeal

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BOT_KINDS", "COLUMNS", "GAMES", "PARTIE_COLUMNS", "BotKind", "BotSpec", "SimulationError", "bot_seed",
    "contracts_of", "deal_seed", "make_bot", "one_deal", "parse_lineup", "simulate", "simulate_partie",
    "summarize", "tournament",
]

BotSpec: TypeAlias = "str | Callable[[int], Bot]"
"""A bot: a name with options (``"montecarlo:samples=40"``), or a factory called with an int seed."""
Progress: TypeAlias = "bool | Callable[[int, int], None]"

COLUMNS = ("deal", "seed", "game", "contract", "players", "pack", "seat", "bot", "tricks", "score", "unit", "place")
"""The columns of a :func:`simulate` frame (a tournament adds ``rotation``; Herzblatt adds ``role`` and
``card_points``). ``score`` is in ``unit``: Kein Stich pfennig paid (positive = pays), Herzeln points
(signed, higher is better), Herzblatt stakes won (+) or lost (−)."""
PARTIE_COLUMNS = ("partie", "seed", "game", "preset", "players", "pack", "deal_no", "contract", "dealer", "seat",
                  "bot", "score", "unit", "paid", "received", "pot", "net")
"""The columns of a :func:`simulate_partie` frame, one row per partie, deal and seat."""

_MAX_CHUNK = 50
_HERZBLATT_EXTRA = ("role", "card_points")


class SimulationError(ValueError):
    """A simulation that cannot run as asked; the message says what is accepted."""


# --- seeds ----------------------------------------------------------------------------------------


def _digest(text: str) -> bytes:
    return hashlib.blake2b(f"keinstich-sim/1:{text}".encode(), digest_size=8).digest()


def deal_seed(seed: int | str, deal: int) -> str:
    """The seed deal ``deal`` of a simulation with ``seed`` is dealt from (a stable hash, 16 hex digits):
    ``TrickDeal.from_seed(pack, players, deal_seed(seed, i), contract)`` is that deal again."""
    return _digest(f"deal:{seed}:{deal}").hex()


def bot_seed(seed: int | str, deal: int, seat: int, rotation: int = 0) -> int:
    """The seed of the bot in ``seat`` of deal ``deal`` (rotation ``rotation`` in a tournament)."""
    return int.from_bytes(_digest(f"bot:{seed}:{deal}:{seat}:{rotation}"), "big")


def _partie_seed(seed: int | str, partie: int) -> str:
    return _digest(f"partie:{seed}:{partie}").hex()


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


def _parse_spec(text: str) -> tuple[str, dict[str, int | str]]:
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


def _label(spec: BotSpec) -> str:
    """The name a bot goes by in a frame's ``bot`` column."""
    if isinstance(spec, str):
        name, options = _parse_spec(spec)
        return name + (":" + ",".join(f"{k}={v}" for k, v in options.items()) if options else "")
    return str(getattr(spec, "__name__", None) or getattr(spec, "name", None) or type(spec).__name__)


def make_bot(spec: BotSpec, seed: int = 0, *, pack: Pack | str | None = None) -> Bot:
    """A bot from its spec: a name (see :data:`BOT_KINDS`) with options, or a factory called with ``seed``.

    Unknown names and bad options raise :class:`SimulationError` listing what is accepted.
    """
    if isinstance(spec, str):
        name, options = _parse_spec(spec)
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
        raise SimulationError(f"the bot factory {_label(spec)} returned {bot!r}, which is not a bot "
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


def _specs(bots: BotSpec | Sequence[BotSpec], players: int) -> tuple[BotSpec, ...]:
    """One spec per seat from one spec, a comma list or a sequence."""
    if isinstance(bots, str):
        seq: Sequence[BotSpec] = parse_lineup(bots)
    elif callable(bots):
        seq = [bots]
    elif isinstance(bots, Iterable):
        seq = list(bots)
    else:
        seq = [bots]
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
        _label(s)  # refuses unknown names and options early
    return tuple(seq)


def _check_factories(specs: Iterable[BotSpec]) -> None:
    """A factory sent to worker processes must pickle; say so plainly if it does not."""
    for s in specs:
        if isinstance(s, str):
            continue
        try:
            pickle.dumps(s)
        except Exception as e:
            raise SimulationError(
                f"the bot factory {_label(s)} cannot be sent to worker processes (it is not picklable: {e}); "
                "define it with def at module level, or use workers=1 or a ThreadPoolExecutor") from None


# --- what is simulated ----------------------------------------------------------------------------

AnyContract: TypeAlias = "Contract | DominoContract | HerzblattRules"
_POT_DEALS = (NO_TRICKS, NO_HEARTS, NO_OBERS, NO_MAX)


def contracts_of(game: str, players: int = 4) -> dict[str, AnyContract]:
    """The contracts a game offers by id (for Herzblatt: ``"herzblatt"`` and its presets)."""
    if game == "kein-stich":
        return {**KEIN_STICH_CONTRACTS, **{c.id: c for c in DOMINO_CONTRACTS.values()}}
    if game == "herzeln":
        from keinstich.games.herzeln import herzeln_deals

        out: dict[str, AnyContract] = {}
        for layout in ("chain", "rows"):
            for order in ("ace-ten", "natural"):
                for c in herzeln_deals(players, layout, order):
                    out.setdefault(c.id, c)
        return out
    if game == "herzblatt":
        from keinstich.games.herzblatt import PRESETS

        return {"herzblatt": HerzblattRules(players=players), **PRESETS}
    raise SimulationError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")


def _whole(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"{name} must be a whole number of {least} or more, not {value!r}")
    return value


def _check_seed(seed: object) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SimulationError(f"seed must be a whole number or text, not {seed!r}")
    return seed


def _fits(p: Pack) -> str:
    n = len(p)
    return ", ".join(str(k) for k in range(2, n + 1) if n % k == 0)


def _pack_for(game: str, players: int, wanted: str | Pack | None) -> str:
    """The pack id in use, checked against the player count with the engine's own messages."""
    if game == "herzeln":
        from keinstich.games.herzeln import herzeln_pack

        try:
            want = pack(wanted) if wanted is not None else None
            p = herzeln_pack(players, "german" if want is not None and want.id.startswith("german") else "french")
        except ValueError as e:
            raise SimulationError(str(e)) from None
        if want is not None and want.mask != p.mask:
            raise SimulationError(f"Herzeln with {players} players uses {p.id} (or its German twin), not {want.id}")
        return p.id
    if wanted is None:
        defaults = {k: v.format(style="german") for k, v in DEFAULT_PACKS.items()}
        if players not in defaults:
            raise SimulationError(
                f"no Kein Stich pack for {players} players: the game is for 3 to 6 players ("
                + ", ".join(f"{k}: {v}" for k, v in defaults.items())
                + "); name a pack (pack=…, --pack) to play other counts")
        return defaults[players]
    try:
        p = pack(wanted)
    except PackError as e:
        raise SimulationError(str(e)) from None
    try:
        p.hand_size(players)
    except PackError as e:
        raise SimulationError(f"{e}; {p.id} deals evenly to {_fits(p)} players") from None
    return p.id


@dataclass(frozen=True)
class _Setup:
    """Everything a worker needs to play its deals; picklable."""

    game: str
    contract: AnyContract
    cid: str
    players: int
    pack: str
    unit: str
    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    seed: int | str
    pot: int | None = None
    rotations: int = 1

    @property
    def columns(self) -> tuple[str, ...]:
        cols = COLUMNS + (("rotation",) if self.rotations > 1 else ())
        return cols + (_HERZBLATT_EXTRA if self.game == "herzblatt" else ())


def _setup(contract: str | AnyContract, game: str, players: int | None, pack_id: str | Pack | None,
           seed: object, pot: int | None) -> _Setup:
    """Resolve the game, contract, players and pack (no bots yet)."""
    if game not in GAMES:
        raise SimulationError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    if players is not None:
        _whole("players", players, 2)
    n = players if players is not None else 4
    s = _check_seed(seed)
    if game == "herzblatt":
        rules = _herzblatt_rules(contract, players)
        if pack_id is not None:
            try:
                wanted = pack(pack_id)
            except PackError as e:
                raise SimulationError(str(e)) from None
            if wanted.mask != rules.pack.mask:
                raise SimulationError(f"Herzblatt with these rules uses {rules.pack.id}, not {wanted.id}: "
                                      "the removal rule picks the pack")
        if pot is not None:
            raise SimulationError("pot= is for a lay-off deal that pays out the pot (Kein Stich's domino)")
        cid = contract.strip().lower() if isinstance(contract, str) else "herzblatt"
        return _Setup(game, rules, cid, rules.players, rules.pack.id, "stakes", (), (), s)
    if isinstance(contract, str):
        try:
            table = contracts_of(game, n)
        except ValueError as e:
            raise SimulationError(str(e)) from None
        key = contract.strip().lower()
        if game == "herzeln" and key not in table and f"herzeln-{key}" in table:
            key = f"herzeln-{key}"
        if key not in table:
            hint = ""
            for other in GAMES:
                if other != game and other != "herzblatt" and key in contracts_of(other, 4):
                    hint = f" ({contract!r} is a {other} deal: pass game={other!r})"
            if key == "herzblatt":
                hint = " (pass game='herzblatt')"
            raise SimulationError(f"unknown {game} contract {contract!r}{hint}: use one of {', '.join(table)}")
        c = table[key]
    else:
        c = contract
    if not isinstance(c, Contract | DominoContract):
        raise SimulationError(f"a {game} contract is an id, a Contract or a DominoContract, not {c!r}")
    p = _pack_for(game, n, pack_id)
    if isinstance(c, DominoContract) and c.points is None:
        pot = _pot(p, n, pot)
    elif pot is not None:
        raise SimulationError("pot= is for a lay-off deal that pays out the pot (Kein Stich's domino)")
    unit = c.unit if isinstance(c, Contract) else ("pfennig" if c.points is None else "points")
    return _Setup(game, c, c.id, n, p, unit, (), (), s, pot)


def _pot(p: str, players: int, pot: int | None) -> int:
    """The pot a lone Kein Stich lay-off deal pays out: given, or what the four standard trick deals
    put in with this pack and player count (160 for 4 players and 32 cards) [DER]."""
    value = sum(c.total(p, players) for c in _POT_DEALS) if pot is None else _whole("pot", pot, 0)
    try:
        payout_shares(value, range(players), _weights(players))
    except DominoError as e:
        raise SimulationError(str(e)) from None
    return value


def _weights(players: int) -> tuple[int, ...]:
    return PAYOUT_WEIGHTS.get(players, (100, 50, 10) + (0,) * (players - 3))


def _herzblatt_rules(contract: object, players: int | None) -> HerzblattRules:
    from keinstich.games.herzblatt import PRESETS, preset

    if isinstance(contract, HerzblattRules):
        if players is not None and players != contract.players:
            raise SimulationError(f"the rules are for {contract.players} players, not {players}")
        return contract
    if not isinstance(contract, str):
        raise SimulationError(f"a Herzblatt deal is 'herzblatt', a preset id or HerzblattRules, not {contract!r}")
    key = contract.strip().lower()
    try:
        if key == "herzblatt":
            return HerzblattRules(players=players if players is not None else 4)
        if key in PRESETS:
            return preset(key) if players is None else preset(key, players=players)
    except ValueError as e:
        raise SimulationError(str(e)) from None
    raise SimulationError(f"unknown herzblatt contract {contract!r}: use one of herzblatt, {', '.join(PRESETS)}")


def _with_bots(setup: _Setup, bots: BotSpec | Sequence[BotSpec], rotations: int = 1) -> _Setup:
    specs = _specs(bots, setup.players)
    for sp in set(s for s in specs if isinstance(s, str)):
        make_bot(sp, 0, pack=setup.pack)  # refuses bad option values now, not in a worker
    return _Setup(setup.game, setup.contract, setup.cid, setup.players, setup.pack, setup.unit, specs,
                  tuple(_label(s) for s in specs), setup.seed, setup.pot, rotations)


# --- playing one deal -----------------------------------------------------------------------------


def _play_tricks(deal: TrickDeal, bots: Sequence[Bot]) -> None:
    """Finish a trick deal as :func:`play_deal` would, by the fastest equivalent path."""
    if deal.rules.trump is None and all(type(b) is HeuristicBot for b in bots):
        in_play = mask_of(c for _, c in deal.plays)
        for seat in range(deal.players):
            in_play |= mask_of(deal.hand(seat))
        # the play-out sees the cards dealt as the pack in play; so does a bot told that pack
        if all(b.pack is None or pack(b.pack).mask == in_play for b in bots if isinstance(b, HeuristicBot)):
            heuristic_playout(deal)
            return
    while not deal.is_over:
        s = deal.turn
        assert s is not None
        b = bots[s]
        if type(b) is RandomBot:
            deal.play(b.rng.choice(deal.legal()), s)  # what RandomBot.explain_trick draws
            continue
        c = b.choose(deal.observation(s))
        if c is None:
            raise SimulationError(f"{b.name} passed in a trick deal (seat {s})")
        deal.play(c, s)


def _new_deal(setup: _Setup, unit: int) -> TrickDeal | DominoDeal | HerzblattDeal:
    seed = deal_seed(setup.seed, unit)
    c = setup.contract
    if isinstance(c, HerzblattRules):
        return HerzblattDeal.from_seed(seed, c)
    if isinstance(c, DominoContract):
        return DominoDeal.from_seed(setup.pack, setup.players, seed, c)
    return TrickDeal.from_seed(setup.pack, setup.players, seed, c)


def _try_deal(setup: _Setup) -> None:
    """Deal the first deal here, so that hands the contract cannot be played with (a lay-off deal on a
    pack without its starting Unter, say) are refused before any worker starts."""
    try:
        _new_deal(setup, 0)
    except ValueError as e:
        raise SimulationError(f"cannot deal {setup.cid} with {setup.players} players and {setup.pack}: {e}") from None


def _seat_bots(setup: _Setup, unit: int, rotation: int) -> list[Bot]:
    n = setup.players
    return [make_bot(setup.specs[(s - rotation) % n], bot_seed(setup.seed, unit, s, rotation), pack=setup.pack)
            for s in range(n)]


def _play(deal: TrickDeal | DominoDeal | HerzblattDeal, bots: Sequence[Bot]) -> None:
    if isinstance(deal, TrickDeal):
        _play_tricks(deal, bots)
    else:
        play_deal(deal, bots)


Row = tuple[Any, ...]


def _rows(setup: _Setup, unit: int, rotation: int, deal: TrickDeal | DominoDeal | HerzblattDeal) -> list[Row]:
    n = setup.players
    tricks: Sequence[int | None] = (None,) * n
    place: Sequence[int | None] = (None,) * n
    extra: list[tuple[Any, ...]] = [()] * n
    if isinstance(deal, TrickDeal):
        scores = deal.scores()
        tricks = deal.tricks_won()
    elif isinstance(deal, DominoDeal):
        order = deal.finish_order
        place = [order.index(s) + 1 for s in range(n)]
        if setup.pot is None:
            scores = deal.scores()
        else:
            fees = deal.fees()
            shares = payout_shares(setup.pot + sum(fees), order, _weights(n))
            scores = tuple(fees[s] - shares[s] for s in range(n))
    else:
        settlement = deal.settlement()
        scores = settlement.stakes
        if deal.trick_deal is not None and deal.soloist is not None:
            tricks = deal.trick_deal.tricks_won()
            points = deal.card_points()
            extra = [("soloist" if s == deal.soloist else "defender", points[s]) for s in range(n)]
        else:
            extra = [("redeal", None)] * n
    seed = deal_seed(setup.seed, unit)
    rot = (rotation,) if setup.rotations > 1 else ()
    return [(unit, seed, setup.game, setup.cid, n, setup.pack, s, setup.labels[(s - rotation) % n], tricks[s],
             scores[s], setup.unit, place[s], *rot, *extra[s]) for s in range(n)]


def _run_deals(setup: _Setup, start: int, stop: int) -> list[Row]:
    """Play deals ``start`` … ``stop - 1`` (every rotation of each); the rows in deal order."""
    c = setup.contract
    # every seat a HeuristicBot of the pack dealt, in a no-trump trick deal: the bots are never asked
    # (heuristic_playout makes their choices), so they need not be built
    playout = (isinstance(c, Contract) and c.rules.trump is None
               and all(isinstance(s, str) and _parse_spec(s) == ("heuristic", {}) for s in setup.specs))
    out: list[Row] = []
    for unit in range(start, stop):
        for rotation in range(setup.rotations):
            deal = _new_deal(setup, unit)
            if playout:
                assert isinstance(deal, TrickDeal)
                heuristic_playout(deal)
            else:
                _play(deal, _seat_bots(setup, unit, rotation))
            out.extend(_rows(setup, unit, rotation, deal))
    return out


# --- running chunks -------------------------------------------------------------------------------


def _chunk_size(chunk_size: int | None, units: int, workers: int, specs: Sequence[BotSpec], weight: int = 1) -> int:
    """Deals (or parties) per chunk: given, or small enough that cancelling is prompt (at most 50 plays
    of a deal, 2 with Monte Carlo or unknown bots) and that every worker gets several chunks."""
    if chunk_size is not None:
        return _whole("chunk_size", chunk_size, 1)
    slow = any(not isinstance(s, str) or s.strip().lower().startswith("montecarlo") for s in specs)
    cap = max(1, (2 if slow else _MAX_CHUNK) // weight)
    return max(1, min(cap, math.ceil(units / (4 * workers))))


def _reporter(progress: object, total: int, desc: str) -> tuple[Callable[[int], None], Callable[[], None]]:
    """(advance by n deals, close) for a tqdm bar on stderr, a callback ``(done, total)``, or nothing."""
    if progress is True:
        from tqdm.std import tqdm  # not tqdm.auto: no IPython

        bar = tqdm(total=total, desc=desc, unit="deal", file=sys.stderr, leave=False)
        return bar.update, bar.close
    if progress is False or progress is None:
        return (lambda k: None), (lambda: None)
    if not callable(progress):
        raise SimulationError(f"progress must be True, False or a callable (done, total), not {progress!r}")
    done = [0]

    def advance(k: int) -> None:
        done[0] += k
        progress(done[0], total)

    return advance, (lambda: None)


def _execute(run: Callable[[Any, int, int], list[Row]], setup: Any, units: int, *, workers: int,
             executor: cf.Executor | None, progress: object, cancel: Callable[[], bool] | None,
             chunk: int, desc: str) -> tuple[list[Row], bool]:
    """Run ``run(setup, a, b)`` over chunks of ``range(units)``; rows in unit order, and whether cancelled.

    In-process when ``workers == 1`` and no executor; else chunks are submitted a few at a time
    (``cancel`` is polled while waiting; on cancel no more are submitted and pending ones dropped).
    The rows returned are those of the finished chunks before the first unfinished one.
    """
    if cancel is not None and not callable(cancel):
        raise SimulationError(f"cancel must be a callable returning True to stop, not {cancel!r}")
    chunks = [(a, min(a + chunk, units)) for a in range(0, units, chunk)]
    results: dict[int, list[Row]] = {}
    advance, close = _reporter(progress, units, desc)
    cancelled = False
    try:
        if executor is None and workers == 1:
            for k, (a, b) in enumerate(chunks):
                if cancel is not None and cancel():
                    cancelled = True
                    break
                results[k] = run(setup, a, b)
                advance(b - a)
        else:
            cancelled = _in_pool(run, setup, chunks, results, advance, workers, executor, cancel)
    finally:
        close()
    rows: list[Row] = []
    for k in range(len(chunks)):
        if k not in results:
            break
        rows.extend(results[k])
    return rows, cancelled


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops submitting and returns (no worker tracebacks)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_pool(run: Callable[[Any, int, int], list[Row]], setup: Any, chunks: list[tuple[int, int]],
             results: dict[int, list[Row]], advance: Callable[[int], None], workers: int,
             executor: cf.Executor | None, cancel: Callable[[], bool] | None) -> bool:
    own = executor is None
    ex: cf.Executor = executor if executor is not None else cf.ProcessPoolExecutor(
        max_workers=workers, initializer=_quiet_worker)
    hint = int(getattr(ex, "_max_workers", 0) or 0)
    window = max(2 * workers, 2 * hint, 4)
    pending: dict[cf.Future[list[Row]], int] = {}
    nxt = 0
    cancelled = False
    failed = True
    try:
        while nxt < len(chunks) or pending:
            if cancel is not None and cancel():
                cancelled = True
                break
            while nxt < len(chunks) and len(pending) < window:
                a, b = chunks[nxt]
                pending[ex.submit(run, setup, a, b)] = nxt
                nxt += 1
            done, _ = cf.wait(pending, timeout=0.2, return_when=cf.FIRST_COMPLETED)
            for f in done:
                k = pending.pop(f)
                results[k] = f.result()
                a, b = chunks[k]
                advance(b - a)
        failed = False
    finally:
        for f in pending:
            f.cancel()
        if own:
            ex.shutdown(wait=not (cancelled or failed), cancel_futures=True)
    return cancelled


def _frame(rows: list[Row], columns: Sequence[str], nullable: Sequence[str], attrs: Mapping[str, Any]
           ) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame.from_records(rows, columns=list(columns))
    ints = {c: "int64" for c in columns if c not in nullable and c in
            ("deal", "players", "seat", "score", "rotation", "partie", "deal_no", "dealer", "paid", "received", "net")}
    texts = {c: "str" for c in columns if c in ("seed", "game", "contract", "pack", "bot", "unit", "role", "preset")}
    frame = frame.astype({**ints, **texts, **{c: "Int64" for c in nullable if c in columns}})
    frame.attrs.update(attrs)
    return frame


# --- the public functions -------------------------------------------------------------------------


def _pool_args(workers: object, executor: object, specs: Sequence[BotSpec]) -> int:
    w = _whole("workers", workers, 1)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    if (executor is None and w > 1) or isinstance(executor, cf.ProcessPoolExecutor):
        _check_factories(specs)
    return w


def simulate(contract: str | AnyContract, deals: int = 1000, *, game: str = "kein-stich", players: int | None = None,
             pack: str | Pack | None = None, bots: BotSpec | Sequence[BotSpec] = "heuristic", seed: int | str = 0,
             workers: int = 1, executor: cf.Executor | None = None, progress: Progress = False,
             cancel: Callable[[], bool] | None = None, chunk_size: int | None = None,
             pot: int | None = None) -> pd.DataFrame:
    """Play ``deals`` deals of ``contract`` with ``bots``; one row per deal and seat (see :data:`COLUMNS`).

    ``contract``: an id of ``game`` (see :func:`contracts_of`), a Contract or DominoContract of your
    own, or for Herzblatt ``"herzblatt"``, a preset id or HerzblattRules (whole deals: asking, skat,
    announcements, tricks, settlement). ``players`` defaults to 4, ``pack`` to the game's pack for them.
    ``bots``: one spec for every seat or one per seat (a list, or names separated by commas).
    ``pot``: what a lone Kein Stich lay-off deal pays out (default: the standard partie's pot).
    ``workers`` > 1 runs chunks of deals in that many processes; ``executor`` runs them in any
    :class:`concurrent.futures.Executor` you own. ``progress``: True for a bar on stderr, or a
    callback ``(done, total)``. ``cancel``: polled between chunks; when it returns True the rows of
    the deals finished so far are returned, and ``frame.attrs["cancelled"]`` is True.
    """
    n = _whole("deals", deals, 1)
    setup = _with_bots(_setup(contract, game, players, pack, seed, pot), bots)
    _try_deal(setup)
    w = _pool_args(workers, executor, setup.specs)
    rows, cancelled = _execute(_run_deals, setup, n, workers=w, executor=executor, progress=progress,
                               cancel=cancel, chunk=_chunk_size(chunk_size, n, w, setup.specs),
                               desc=f"{setup.cid}")
    return _frame(rows, setup.columns, ("tricks", "place", "card_points"),
                  {"cancelled": cancelled, "kind": "deals", "seed": setup.seed, "deals": n})


def tournament(lineup: BotSpec | Sequence[BotSpec], contract: str | AnyContract, deals: int = 2000, *,
               game: str = "kein-stich", players: int | None = None, pack: str | Pack | None = None,
               seed: int | str = 0, workers: int = 1, executor: cf.Executor | None = None,
               progress: Progress = False, cancel: Callable[[], bool] | None = None,
               chunk_size: int | None = None, pot: int | None = None) -> pd.DataFrame:
    """Duplicate deals: every deal is played once per rotation of ``lineup`` round the seats, so every
    bot holds every hand in every seat. The lineup (e.g. ``["heuristic", "random"]`` or
    ``"heuristic,random"``) is repeated to fill the seats; rotations that would repeat a seating are
    skipped. One row per deal, rotation and seat (the frame of :func:`simulate` plus ``rotation``);
    rotation 0 is :func:`simulate` with the filled lineup and the same seed. :func:`summarize` it.
    """
    n_deals = _whole("deals", deals, 1)
    base = _setup(contract, game, players, pack, seed, pot)
    specs = list(parse_lineup(lineup)) if isinstance(lineup, str) else [lineup] if callable(lineup) else list(lineup)
    n = base.players
    if not specs or len(specs) > n:
        raise SimulationError(f"a lineup has 1 to {n} bots for {n} seats, not {len(specs)}")
    filled = [specs[s % len(specs)] for s in range(n)]
    labels = [_label(s) for s in filled]
    period = next(p for p in range(1, n + 1) if n % p == 0 and all(labels[s] == labels[(s + p) % n]
                                                                   for s in range(n)))
    setup = _with_bots(base, filled, rotations=period)
    _try_deal(setup)
    w = _pool_args(workers, executor, setup.specs)
    rows, cancelled = _execute(_run_deals, setup, n_deals, workers=w, executor=executor, progress=progress,
                               cancel=cancel, chunk=_chunk_size(chunk_size, n_deals, w, setup.specs, period),
                               desc=f"{setup.cid} tournament")
    columns = setup.columns if period > 1 else (*COLUMNS, "rotation", *setup.columns[len(COLUMNS):])
    if period == 1:
        rows = [(*r[:len(COLUMNS)], 0, *r[len(COLUMNS):]) for r in rows]
    return _frame(rows, columns, ("tricks", "place", "card_points"),
                  {"cancelled": cancelled, "kind": "tournament", "seed": setup.seed, "deals": n_deals,
                   "rotations": period})


def one_deal(contract: str | AnyContract, deal: int = 0, *, game: str = "kein-stich", players: int | None = None,
             pack: str | Pack | None = None, bots: BotSpec | Sequence[BotSpec] = "heuristic", seed: int | str = 0,
             rotation: int = 0, pot: int | None = None) -> TrickDeal | DominoDeal | HerzblattDeal:
    """Deal ``deal`` of :func:`simulate` (or rotation ``rotation`` of :func:`tournament` with ``bots`` as the
    filled lineup) with the same arguments, played again and returned whole: for
    :func:`keinstich.sim.charts.deal_frame`, a record, or a look at what the bots did."""
    setup = _with_bots(_setup(contract, game, players, pack, seed, pot), bots)
    d = _new_deal(setup, _whole("deal", deal, 0))
    _play(d, _seat_bots(setup, deal, _whole("rotation", rotation, 0)))
    return d


# --- parties --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _PartieSetup:
    game: str
    preset: str
    rules: Any
    players: int
    pack: str
    unit: str
    specs: tuple[BotSpec, ...]
    labels: tuple[str, ...]
    seed: int | str


def _partie_rules(game: str, preset: object, players: int | None) -> tuple[str, Any]:
    from keinstich.games import herzblatt, herzeln
    from keinstich.games import kein_stich as partie
    from keinstich.games.presets import preset as make

    kinds = {"kein-stich": partie.PartieRules, "herzeln": herzeln.HerzelnRules, "herzblatt": herzblatt.HerzblattRules}
    if game not in kinds:
        raise SimulationError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    if isinstance(preset, kinds[game]):
        have = getattr(preset, "players", None)
        if players is not None and players != have:
            raise SimulationError(f"the rules are for {have} players, not {players}")
        return str(getattr(preset, "id", game)), preset
    if not isinstance(preset, str):
        raise SimulationError(f"preset must be a {game} preset id or {kinds[game].__name__}, not {preset!r}")
    changes = {} if players is None else {"players": _whole("players", players, 2)}
    try:
        return preset, make(game, preset, **changes)
    except ValueError as e:
        raise SimulationError(str(e)) from None


def _run_parties(setup: _PartieSetup, start: int, stop: int) -> list[Row]:
    out: list[Row] = []
    for p in range(start, stop):
        bots = [make_bot(setup.specs[s], int.from_bytes(_digest(f"partie-bot:{setup.seed}:{p}:{s}"), "big"),
                         pack=setup.pack)
                for s in range(setup.players)]
        seed = _partie_seed(setup.seed, p)
        if setup.game == "kein-stich":
            out.extend(_kein_stich_partie(setup, p, seed, bots))
        elif setup.game == "herzeln":
            out.extend(_herzeln_partie(setup, p, seed, bots))
        else:
            out.extend(_herzblatt_partie(setup, p, seed, bots))
    return out


def _partie_row(setup: _PartieSetup, p: int, seed: str, k: int, cid: str, dealer: int, s: int, score: int,
                paid: int, received: int, pot: int | None, net: int) -> Row:
    return (p, seed, setup.game, setup.preset, setup.players, setup.pack, k, cid, dealer, s, setup.labels[s],
            score, setup.unit, paid, received, pot, net)


def _kein_stich_partie(setup: _PartieSetup, p: int, seed: str, bots: Sequence[Bot]) -> list[Row]:
    from keinstich.games.kein_stich import Partie

    partie = Partie(setup.rules, seed=seed)
    n = setup.players
    net = [0] * n
    out = []
    while not partie.is_over:
        deal = partie.deal_next()
        _play(deal, bots)
        result = partie.settle()
        paid, received = [0] * n, [0] * n
        for e in partie.ledger.entries:
            if e.deal == result.number:
                if e.amount > 0:
                    paid[e.seat] += e.amount
                else:
                    received[e.seat] -= e.amount
        for s in range(n):
            net[s] += received[s] - paid[s]
            out.append(_partie_row(setup, p, seed, result.number, result.contract, result.dealer, s,
                                   paid[s] - received[s], paid[s], received[s], partie.ledger.pot, net[s]))
    return out


def _herzeln_partie(setup: _PartieSetup, p: int, seed: str, bots: Sequence[Bot]) -> list[Row]:
    from keinstich.games.herzeln import HerzelnPartie

    partie = HerzelnPartie(setup.rules, seed=seed)
    net = [0] * setup.players
    out = []
    while not partie.is_over:
        deal = partie.new_deal()
        _play(deal, bots)
        result = partie.record(deal)
        for s, x in enumerate(result.scores):
            net[s] += x
            out.append(_partie_row(setup, p, seed, result.number, result.contract, result.dealer, s, x,
                                   max(-x, 0), max(x, 0), None, net[s]))
    return out


def _herzblatt_partie(setup: _PartieSetup, p: int, seed: str, bots: Sequence[Bot]) -> list[Row]:
    from keinstich.games.herzblatt import HerzblattPartie

    def policy(bot: Bot) -> Callable[[Any], object]:
        return lambda obs: bot.decide(obs).move

    partie = HerzblattPartie(setup.rules, seed=seed, policies=[policy(b) for b in bots]).play()
    net = [0] * setup.players
    out = []
    for k, (deal, settlement) in enumerate(zip(partie.deals, partie.settlements, strict=True), 1):
        for s, x in enumerate(settlement.stakes):
            net[s] += x
            out.append(_partie_row(setup, p, seed, k, "herzblatt", deal.dealer, s, x, max(-x, 0), max(x, 0),
                                   None, net[s]))
    return out


def simulate_partie(preset: str | Any = "standard", parties: int = 100, *, game: str = "kein-stich",
                    players: int | None = None, bots: BotSpec | Sequence[BotSpec] = "heuristic",
                    seed: int | str = 0, workers: int = 1, executor: cf.Executor | None = None,
                    progress: Progress = False, cancel: Callable[[], bool] | None = None,
                    chunk_size: int | None = None) -> pd.DataFrame:
    """Play ``parties`` whole parties of a preset (``preset`` of :func:`keinstich.games.presets.presets`, or a
    rules object of ``game``); one row per partie, deal and seat (see :data:`PARTIE_COLUMNS`).

    ``paid``/``received`` are what the seat paid into and got out of the pot in that deal (Kein
    Stich, pfennig; Herzeln points lost/won; Herzblatt stakes lost/won), ``pot`` what the pot holds
    after the deal (<NA> outside Kein Stich), ``net`` the seat's running result (received − paid).
    Every partie starts with seat 0 dealing; the deal passes clockwise as the rules say.
    """
    n = _whole("parties", parties, 1)
    pid, rules = _partie_rules(game, preset, players)
    if game == "kein-stich":
        pk, unit = rules.pack_id, "pfennig"
    elif game == "herzeln":
        pk, unit = rules.pack.id, "points"
    else:
        pk, unit = rules.pack.id, "stakes"
    specs = _specs(bots, rules.players)
    for sp in set(s for s in specs if isinstance(s, str)):
        make_bot(sp, 0, pack=pk)
    setup = _PartieSetup(game, pid, rules, rules.players, pk, unit, specs, tuple(_label(s) for s in specs),
                         _check_seed(seed))
    w = _pool_args(workers, executor, specs)
    chunk = _chunk_size(chunk_size, n, w, specs)
    chunk = max(1, min(chunk, 10)) if chunk_size is None else chunk
    rows, cancelled = _execute(_run_parties, setup, n, workers=w, executor=executor, progress=progress,
                               cancel=cancel, chunk=chunk, desc=f"{pid} parties")
    return _frame(rows, PARTIE_COLUMNS, ("pot",),
                  {"cancelled": cancelled, "kind": "parties", "seed": setup.seed, "parties": n})


# --- summaries ------------------------------------------------------------------------------------

_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def t975(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom (for a two-sided 95% interval)."""
    if df < 1:
        return math.nan
    if df <= len(_T975):
        return _T975[df - 1]
    z = statistics.NormalDist().inv_cdf(0.975)
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def summarize(frame: pd.DataFrame, by: str | Sequence[str] = "bot") -> pd.DataFrame:
    """One row per bot (or per ``by``): ``deals`` (independent deals, or ``parties``), ``mean``,
    ``ci_low``, ``ci_high`` (95%, Student's t), ``sd`` and ``unit``.

    A deal is the independent unit: a bot's result in a deal is its mean over the seats (and
    rotations) it played there, so duplicate deals are not counted as independent. For a
    :func:`simulate_partie` frame the result is each seat's final ``net`` per partie.
    """
    import pandas as pd

    keys = [by] if isinstance(by, str) else list(by)
    if "partie" in frame.columns and "net" in frame.columns:
        unit_col, value, count = "partie", "net", "parties"
        last = frame[frame["deal_no"] == frame.groupby("partie")["deal_no"].transform("max")]
        data = last
    elif "deal" in frame.columns and "score" in frame.columns:
        unit_col, value, count = "deal", "score", "deals"
        data = frame
    else:
        raise SimulationError("summarize takes a frame of simulate, tournament or simulate_partie")
    missing = [k for k in keys if k not in data.columns]
    if missing:
        raise SimulationError(f"no column {missing[0]!r} to summarize by: use some of {', '.join(data.columns)}")
    per = data.groupby([*keys, unit_col], sort=False)[value].mean().reset_index()
    rows = []
    for key, group in per.groupby(keys, sort=False):
        xs = [float(x) for x in group[value]]
        m = statistics.fmean(xs)
        sd = statistics.stdev(xs) if len(xs) > 1 else math.nan
        half = t975(len(xs) - 1) * sd / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
        names = key if isinstance(key, tuple) else (key,)
        rows.append((*names, len(xs), m, m - half, m + half, sd))
    out = pd.DataFrame.from_records(rows, columns=[*keys, count, "mean", "ci_low", "ci_high", "sd"])
    units = frame["unit"].dropna().unique() if "unit" in frame.columns else []
    out["unit"] = units[0] if len(units) == 1 else "mixed"
    out.attrs["measure"] = value
    return out
