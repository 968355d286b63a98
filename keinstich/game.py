"""What a game is: the one place that knows its names, packs, contracts, presets, variants, dealing,
partie and records. Callers ask a :class:`Game` (``GAMES["herzeln"]``) and a :class:`~keinstich.deal.Deal`,
never a deal type, so a fourth game is one module in ``keinstich/games/`` plus a line in its registry.
"""

from __future__ import annotations

import dataclasses
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeVar, get_args, get_origin

from keinstich.cards import Card, Pack, PackError, Style, pack
from keinstich.deal import Kind
from keinstich.hand_text import hands_to_text
from keinstich.plugins import PluginError, Registry
from keinstich.record_cards import CORE_KEYS
from keinstich.wording import card_words
from keinstich.wording.i18n import _, language
from keinstich.wording.names import move_words

if TYPE_CHECKING:
    from keinstich.deal import Deal, GameRecord, Move, Result


R = TypeVar("R")


class GameError(ValueError):
    """A game, contract, pack or setting that does not exist or does not fit; says what would."""


@dataclass(frozen=True)
class Setting:
    """One rule variant of a game: its setting name, default, allowed values, and the section of
    docs/rules.md that explains it."""

    name: str
    default: object
    doc: str
    choices: tuple[object, ...] | None = None
    section: str = ""


def settings_of(rules_type: type, docs: Mapping[str, tuple[str, str]]) -> tuple[Setting, ...]:
    """Every field of a rules dataclass as a :class:`Setting`, in field order: its default, its
    allowed values where the type names them (a ``Literal``, or ``bool``), and ``docs[name]`` = (what
    it does, its section of docs/rules.md). A field missing from ``docs`` is not a setting (a preset's
    own id, name and deals)."""
    hints = typing.get_type_hints(rules_type, vars(__import__(rules_type.__module__, fromlist=["_"])))
    out = []
    for f in dataclasses.fields(rules_type):
        if f.name not in docs:
            continue
        hint = hints.get(f.name)
        choices: tuple[object, ...] | None = None
        if hint is bool:
            choices = (False, True)
        elif get_origin(hint) is Literal:
            choices = get_args(hint)
        what, section = docs[f.name]
        out.append(Setting(f.name, f.default, what, choices, section))
    return tuple(out)


@dataclass(frozen=True)
class Settled:
    """One finished deal of a partie: its number (1-based), contract id, dealer and what each seat
    scored (in the game's unit); ``paid``/``received`` split it by sign, ``pot`` is what the pot holds
    afterwards (None for games without a pot)."""

    number: int
    contract: str
    dealer: int
    scores: tuple[int, ...]
    pot: int | None = None
    paid: tuple[int, ...] | None = None
    received: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.paid is None:
            object.__setattr__(self, "paid", tuple(max(-x, 0) for x in self.scores))
        if self.received is None:
            object.__setattr__(self, "received", tuple(max(x, 0) for x in self.scores))


class Partie(Protocol):
    """A game's sequence of deals: deal the next, let it be played, settle it; until over.
    :func:`keinstich.partie.play_partie` is that loop."""

    @property
    def players(self) -> int: ...

    @property
    def pack(self) -> Pack:
        """The pack every deal of the partie is dealt from."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def current(self) -> Deal | None:
        """The deal dealt and not yet settled, or None."""
        ...

    def deal_next(self, hands: Sequence[Sequence[Card | str]] | None = None) -> Deal:
        """The next deal, from the partie's seed or from ``hands``; refused while a deal is unsettled."""
        ...

    def settle(self) -> Settled:
        """Book the finished current deal (the pot's ledger or the standings)."""
        ...


class Game(ABC):
    """A game: its names, packs per player count, contracts, presets, rule variants, dealing, partie
    and record codec. One subclass per game, one instance registered in :data:`GAMES`."""

    id: ClassVar[str]
    order: ClassVar[int] = 100
    """Where the game stands in every list of games (the lessons teach Kein Stich, Herzeln, Herzblatt in that order);
    a game of the reader's own comes after the kit's."""
    name: ClassVar[str]
    german: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    unit: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    extra_columns: ClassVar[tuple[str, ...]] = ()
    """Per-seat values of :attr:`Result.columns` this game adds to a simulation row."""
    extra_keys: ClassVar[frozenset[str]] = frozenset()
    """Top-level keys this game's records add (Herzblatt's ``skat``, …), read into ``Record.extra``."""

    # --- packs and contracts -------------------------------------------------------------------

    @abstractmethod
    def packs(self, players: int) -> tuple[str, ...]:
        """The packs this game deals to ``players``, the usual one first."""

    def pack(self, players: int = 4, wanted: str | Pack | None = None) -> Pack:
        """The pack in use: ``wanted``, checked against the game and player count, or the usual one."""
        self.check_players(players)
        allowed = self.packs(players)
        if wanted is None:
            return pack(allowed[0])
        try:
            p = pack(wanted)
        except PackError as e:
            raise GameError(str(e)) from None
        if not any(pack(a).mask == p.mask for a in allowed):
            raise GameError(f"{self.name} with {players} players uses {' or '.join(allowed)}, not {p.id}")
        return p

    def pack_of(self, contract: Any, players: int | None = None, wanted: str | Pack | None = None) -> Pack:
        """The pack a deal of ``contract`` (an object of :meth:`contract`) is dealt from, as :meth:`deal`
        deals it: ``wanted``, checked, or the usual one (``players`` defaults as in :meth:`deal`)."""
        return self.pack(4 if players is None else players, wanted)

    def pack_for(self, contract: object, players: int, wanted: str | Pack | None = None,
                 style: Style | None = None) -> Pack:
        """:meth:`pack_of`, in ``style`` faces where the game offers the same cards in that style and
        none is ``wanted`` (a table with German faces deals Herzeln from the German pack)."""
        usual = self.pack_of(contract, players, wanted)
        if wanted is None and style is not None and usual.style != style:
            for pid in self.packs(players):
                p = pack(pid)
                if p.style == style and len(p) == len(usual):
                    return p
        return usual

    def check_players(self, players: object) -> int:
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            c = self.player_counts
            counts = (f"{c[0]} or {c[1]}" if len(c) == 2 else f"{c[0]} to {c[-1]}"
                      if c == tuple(range(c[0], c[-1] + 1)) else ", ".join(map(str, c)))
            raise GameError(f"{self.name} is for {counts} players, not {players!r}")
        return players

    @abstractmethod
    def contracts(self, players: int = 4) -> Mapping[str, Any]:
        """The contracts (deal kinds) this game offers, by id."""

    def contract(self, spec: object, players: int = 4) -> Any:
        """A contract of this game from its id (or an object of this game, returned as it is)."""
        if not isinstance(spec, str):
            if getattr(spec, "game", None) == self.id:
                return spec
            raise GameError(f"a {self.name} contract is an id or a contract of that game, not {spec!r}")
        table = self.contracts(players)
        key = spec.strip().lower()
        for candidate in (key, f"{self.id}-{key}"):
            if candidate in table:
                return table[candidate]
        hint = ""
        for other in GAMES.values():
            theirs = other.contracts(4 if 4 in other.player_counts else other.player_counts[0])
            if other is not self and (key in theirs or f"{other.id}-{key}" in theirs):
                hint = f" ({spec!r} is a {other.id} deal: pass game={other.id!r})"
                break
        raise GameError(f"unknown {self.id} contract {spec!r}{hint}: use one of {', '.join(table)}")

    # --- presets and variants ------------------------------------------------------------------

    @abstractmethod
    def presets(self) -> Mapping[str, Any]:
        """The rule presets of this game (partie rules), by id."""

    @abstractmethod
    def preset(self, preset_id: str | None = None, **changes: object) -> Any:
        """A preset by id, with any setting changed (e.g. ``preset("standard", black_pig=True)``)."""

    @abstractmethod
    def settings(self) -> tuple[Setting, ...]:
        """Every rule variant as a setting with its default (see docs/rules.md §5)."""

    # --- dealing and playing -------------------------------------------------------------------

    @abstractmethod
    def deal(self, contract: object, seed: int | str = 0, *, players: int | None = None,
             pack: str | Pack | None = None, dealer: int | None = None) -> Deal:
        """A deal of ``contract`` from ``seed`` (the same seed, the same cards, on any machine)."""

    @abstractmethod
    def deal_from_text(self, contract: object, text: str, *, players: int | None = None,
                       pack: str | Pack | None = None, dealer: int | None = None) -> Deal:
        """A deal of ``contract`` from hands typed as text, one line per seat."""

    def deal_from_hands(self, contract: object, hands: Sequence[Sequence[Card]], *, pack: str | Pack | None = None,
                        dealer: int | None = None, aside: Sequence[Card] = ()) -> Deal:
        """A deal of ``contract`` from hands given as cards, seat 0 first; ``aside`` holds the cards set
        aside (Herzblatt's skat). Records replay through it. By default through :meth:`deal_from_text`."""
        return self.deal_from_text(contract, hands_to_text(hands, aside), players=len(hands), pack=pack,
                                   dealer=dealer)

    @abstractmethod
    def partie(self, preset: object = None, seed: int | str = 0, **changes: object) -> Partie:
        """A partie of a preset (id or rules object, see :meth:`rules_of`) from ``seed``."""

    def rules_of(self, preset: object, rules_type: type[R], **changes: object) -> R:
        """A partie's rules: a preset id (None: the usual preset) with ``changes``, or a rules object of
        this game (``rules_type``) with ``changes`` applied."""
        if isinstance(preset, rules_type):
            try:
                return dataclasses.replace(preset, **changes) if changes else preset  # type: ignore[type-var]
            except TypeError as e:
                raise GameError(f"{self.name} rules: {e}") from None
        if preset is None or isinstance(preset, str):
            rules: R = self.preset(preset, **changes)
            return rules
        raise GameError(f"a {self.name} partie is a preset id or {rules_type.__name__}, not {preset!r}")

    # --- records (keinstich.games.codec writes these once for the trick and lay-off machines) -------

    @abstractmethod
    def record_of(self, deal: Deal, *, pack: str | Pack | None = None, dealer: int | None = None) -> GameRecord:
        """The deal as a keinstich-record/1 record; ``pack`` defaults to the deal's own (see
        :func:`keinstich.records.record_pack`)."""

    @abstractmethod
    def replay(self, record: GameRecord, upto: int | None = None) -> Deal:
        """The deal a record describes, replayed move by move (the first ``upto`` moves)."""

    @abstractmethod
    def validate(self, record: GameRecord) -> None:
        """Refuse, with one clear message, a record this game cannot replay."""

    @abstractmethod
    def summary(self, record: GameRecord, deal: Deal) -> dict[str, Any]:
        """What ``keinstich check`` reports for a replayed record."""

    # --- words ---------------------------------------------------------------------------------

    def describe_move(self, move: Move, style: Style = "french") -> str:
        """A move in words for messages and move lists: a card's name, or the move's own words ("pass", "play",
        "announce 66"; German "passen", "ich spiele", "66 ansagen")."""
        if isinstance(move, Card):
            return card_words(move, style)
        return move_words(move)

    def public_move(self, move: Move, style: Style = "french") -> str:
        """A move as the other seats learn of it (:meth:`describe_move`, unless the move is secret)."""
        return self.describe_move(move, style)

    def contract_name(self, contract: Any, style: Style | None = None) -> str:
        """A contract's name for menus: "No Hearts", with the German name where it differs; ``style``: the
        faces shown, for a contract named after its cards (see :meth:`~keinstich.contracts.Contract.title`). In
        German the name is the German one already, given in the pack's words: "Kein Ober", not "Kein Ober (Keine
        Dame)" beside German faces."""
        title = getattr(contract, "title", None)
        name = title(style) if callable(title) else str(getattr(contract, "name", contract))
        german = str(getattr(contract, "german", "") or "")
        if not german or german == name or language() == "de":
            return name
        return _("{name} ({german})", name=name, german=german)

    def describe_deal(self, contract: Any, players: int, pack: Pack) -> str:
        """One line on a deal's rules, players and pack (the title of a table or a replay)."""
        return _("{contract} — {n} players, {pack}", contract=contract.describe(pack.style), n=players, pack=pack.id)

    def contract_of(self, deal: Deal) -> Any:
        """The contract (or rules) ``deal`` was dealt under, as :meth:`deal` takes it back (None if none)."""
        return getattr(deal, "contract", None)

    def value_words(self, deal: Deal, value: int) -> str:
        """What the solver's value of a move means for the seat to move (see
        :func:`keinstich.bots.solver.card_values`): a penalty paid, points scored, a place value."""
        if deal.kind is Kind.LAY_OFF:
            return _("place value {value}", value=value)
        unit = getattr(getattr(deal, "contract", None), "unit", "pfennig")
        if unit == "pfennig":
            return _("pays {value} pf", value=value)
        return _("scores {value} points", value=value) if unit == "points" else _("scores {value} {unit}", value=value,
                                                                                       unit=unit)

    def card_order(self, contract: Any) -> str:
        """The rank order a hand of this contract is sorted in for display."""
        return str(contract.rules.order)

    def deal_text(self, deal: Deal) -> str:
        """The deal's hands as text that :meth:`deal_from_text` reads back."""
        return hands_to_text(deal.dealt)

    def result_text(self, result: Result) -> str:
        return str(result)

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.name}>"


# --- the registry: pyproject's entry points name the games; the floors below the games ask it ---------------


def _checked(g: Game) -> Game:
    if not g.id or not isinstance(g.id, str):
        raise ValueError(f"a game id is non-empty text, not {g.id!r}")
    clash = set(g.extra_keys) & CORE_KEYS
    if clash:
        raise ValueError(f"game {g.id!r}: extra keys {sorted(clash)} are core record keys")
    return g


def _game_of(name: str, loaded: object) -> Game:
    """The game an entry point names: a :class:`Game` subclass (made once here) or an instance, its id the name."""
    made = loaded() if isinstance(loaded, type) and issubclass(loaded, Game) else loaded
    if not isinstance(made, Game) or made.id != name:
        raise PluginError(_("The entry point '{name}' of the group 'keinstich.games' names {loaded}, which is not a "
                            "game with the id '{name}'.", name=name, loaded=repr(loaded)))
    return _checked(made)


GAMES: Registry[Game] = Registry("keinstich.games", _game_of, order=lambda g: g.order)
"""Every game by id, in the lessons' order (:attr:`Game.order`): the kit's three, named as entry points of the
group ``keinstich.games`` in pyproject.toml (and a reader's package may name its own), each imported the first
time it is asked for, so ``import keinstich.cards`` imports no game; then any registered by hand. The machines,
the records and the contracts' lookups read it here, so nothing below the games names one."""


def register(g: Game) -> Game:
    """Add a game to the registry by hand (a reader's own game in a notebook, a test's); its records read at once."""
    GAMES[_checked(g).id] = g
    return g


def game(game_id: str) -> Game:
    """The game with this id (``"kein-stich"``, ``"herzeln"``, ``"herzblatt"``), or a clear refusal."""
    try:
        return GAMES[game_id.strip().lower()]
    except (KeyError, AttributeError):
        raise GameError(f"unknown game {game_id!r}: use one of {', '.join(GAMES)}") from None
