"""What the widgets ask of the engine, written once for every game in ``keinstich.games.GAMES``.

A :class:`Setup` is one game, contract, player count and pack, resolved and checked by the game
itself (``GAMES[game].contract``, ``.pack_for``, ``.deal``), so a bad choice is refused with the
engine's message; it deals from a seed or from text. The helpers below read a deal only through the
Deal protocol (``legal_moves``, ``result``, ``observation``): which cards a move puts down, whether a
deal is laid off in rows rather than played in tricks, and a bot's move. No rule is decided here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from keinstich.bots import registry
from keinstich.bots.base import Bot, quick_play
from keinstich.cards import Pack, Rank, Style
from keinstich.coach.grades import pack_in_play
from keinstich.deal import Deal, Kind, Move, TrickPlay, move_cards
from keinstich.game import Game, GameError
from keinstich.games import GAMES
from keinstich.i18n import _
from keinstich.records import record_pack
from keinstich.wording import naming
from keinstich.wording.names import bot_name

from ._guard import BotFault

BOT_NAMES = tuple(registry.BOT_KINDS)
"""The bots a table offers by name (:data:`keinstich.bots.registry.BOT_KINDS`)."""


class SetupError(ValueError):
    """A game, contract, pack, player count or bot the widgets cannot set up; says what would work."""


# --- games and their contracts ---------------------------------------------------------------------


def game_ids() -> tuple[str, ...]:
    """The games a widget offers: every game in the registry, in its order."""
    return tuple(GAMES)


def game_of(game: str | Game) -> Game:
    """The registry's game for an id (or the game itself); refused with the ids there are."""
    if isinstance(game, Game):
        return game
    g = GAMES.get(str(game).strip().lower()) if isinstance(game, str) else None
    if g is None:
        raise SetupError(_("unknown game {game}: use one of {games}", game=repr(game), games=", ".join(GAMES)))
    return g


def contract_choices(game: str | Game, players: int = 4) -> dict[str, Any]:
    """The game's contracts by id, each once: an id that only repeats a later one's contract (an alias
    such as Herzblatt's ``"herzblatt"`` for ``"herzblatt-4"``) is left out."""
    table = dict(game_of(game).contracts(players))
    ids = list(table)
    return {k: table[k] for i, k in enumerate(ids) if not any(table[j] == table[k] for j in ids[i + 1:])}


def contract_ids(game: str | Game, players: int = 4) -> tuple[str, ...]:
    """The contract ids a game offers, in playing order."""
    return tuple(contract_choices(game, players))


def contract_id_of(game: str | Game, contract: Any, players: int = 4) -> str:
    """The id under which the game offers ``contract``, or ``"custom"`` (a reader's own contract)."""
    return next((k for k, v in contract_choices(game, players).items() if v == contract), "custom")


def default_contract(game: str | Game, players: int = 4) -> str:
    """The game's first contract (under the id it is offered by)."""
    g = game_of(game)
    return contract_id_of(g, next(iter(g.contracts(players).values())), players)


def contract_name(game: str | Game, cid: str, players: int = 4, style: Style | None = None) -> str:
    """A readable name for a contract id (for dropdowns), in the words of the faces shown (``style``)."""
    g = game_of(game)
    try:
        return g.contract_name(contract_choices(g, players)[cid], style)
    except (KeyError, ValueError):
        return cid


def players_named(game: str | Game, cid: str) -> int | None:
    """The player count a contract names itself (a Herzblatt preset does), else None."""
    try:
        n = getattr(game_of(game).contract(cid), "players", None)
    except ValueError:
        return None
    return n if isinstance(n, int) and not isinstance(n, bool) else None


@dataclass(frozen=True)
class Setup:
    """A game ready to deal: its contract (a contract object, or Herzblatt's rules), players and pack."""

    game: str
    contract: Any
    players: int
    pack: Pack
    contract_id: str = "custom"
    hand_size: int = 0

    @property
    def rules(self) -> Game:
        """The game that deals, names and describes this setup."""
        return game_of(self.game)

    @property
    def order(self) -> str:
        """The rank order cards are sorted in for display."""
        return self.rules.card_order(self.contract)

    def describe(self) -> str:
        return self.rules.describe_deal(self.contract, self.players, self.pack)

    def name(self) -> str:
        return self.rules.contract_name(self.contract)

    def deal(self, seed: int | str, dealer: int | None = None) -> Deal:
        """Deal from ``seed`` (dealer defaults to the last seat, so seat 0 is forehand)."""
        return self.rules.deal(self.contract, seed, players=self.players, pack=self.pack, dealer=dealer)

    def from_text(self, text: str, dealer: int | None = None) -> Deal:
        """Hands typed one line per seat (Herzblatt: then ``skat: …``); refused with the engine's message."""
        return self.rules.deal_from_text(self.contract, text, players=self.players, pack=self.pack, dealer=dealer)

    def text(self, deal: Deal) -> str:
        """The deal's hands as the text :meth:`from_text` reads back."""
        return self.rules.deal_text(deal)


def vary(contract: Any, rules: Any) -> Any:
    """The contract under changed rules: a rules object of the contract's own kind (TrickRules,
    DominoRules, HerzblattRules), or a dict of changes (``{"no_lead": "H"}``, ``{"march": True}``,
    ``{"wrap": True}``, ``{"muhr": True}``) to the contract's settings or to its trick or lay-off rules."""
    if rules is None:
        return contract
    inner = getattr(contract, "rules", None)
    if not isinstance(rules, Mapping):
        if type(rules) is type(contract):
            return rules
        if inner is not None and type(rules) is type(inner):
            return dataclasses.replace(contract, rules=rules)
        kind = type(inner if inner is not None else contract).__name__
        raise SetupError(_("rules must be a dict of changes or a {kind}, not {rules}", kind=kind, rules=repr(rules)))
    own = {f.name for f in dataclasses.fields(contract)} - {"rules"}
    top = {k: v for k, v in rules.items() if k in own}
    rest = {k: v for k, v in rules.items() if k not in own}
    try:
        if rest:
            if inner is None:
                raise TypeError(_("unknown settings {names}", names=", ".join(rest)))
            with_rules = getattr(contract, "with_rules", None)  # a contract that reads its settings' words
            contract = with_rules(**rest) if with_rules is not None else dataclasses.replace(
                contract, rules=dataclasses.replace(inner, **rest))
        return dataclasses.replace(contract, **top) if top else contract
    except TypeError as e:
        raise SetupError(f"{getattr(contract, 'id', type(contract).__name__)}: {e}") from None


def faces_for(pack: Pack, faces: Style) -> Style:
    """The faces a table draws ``pack`` with: the ones asked for, but French for a pack with cards under the Seven
    (the five- and six-player packs french-50 and french-48, french-52): a German pack has no 2 of Leaves."""
    if faces == "german" and any(c.rank < Rank.SEVEN for c in pack.cards):
        return "french"
    return faces


def resolve(game: str, contract: Any, players: int | None, pack_id: str | Pack | None, *, rules: Any = None,
            style: Style | None = "german") -> Setup:
    """Check a game, contract, player count and pack with the engine and return a :class:`Setup`.

    ``contract``: an id of the game (with or without the game's prefix, as ``"domino"`` for
    ``"herzeln-domino"``), or a contract object of the game (a reader's own). ``players`` None means
    four, or what the contract names. ``pack_id`` None means the game's usual pack for the players,
    in ``style`` faces where the game has them.
    """
    g = game_of(game)
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise SetupError(_("players must be a whole number, not {players}", players=repr(players)))
    try:
        if contract is None:
            contract = default_contract(g, players or 4)
        if isinstance(contract, str):
            key = contract.strip().lower()
            known = g.contracts(players or 4)
            if key not in known and f"{g.id}-{key}" not in known:
                raise SetupError(_("unknown contract {contract} for {game}: use one of {contracts}",
                                   contract=repr(contract), game=g.id,
                                   contracts=", ".join(contract_ids(g, players or 4))))
        c = vary(g.contract(contract) if players is None else g.contract(contract, players), rules)
        n = players if players is not None else g.deal(c, 0, pack=pack_id).players
        p = g.pack_for(c, n, pack_id, style)
        probe = g.deal(c, 0, players=n, pack=p)  # the engine refuses what cannot be dealt or started
    except GameError as e:
        raise SetupError(str(e)) from None
    cid = contract_id_of(g, c, n)
    return Setup(g.id, c, n, p, cid, len(probe.dealt[0]))


def setup_of(deal: Deal) -> Setup:
    """The setup a deal was dealt under (for a Table built from a deal): game, contract, players, pack."""
    g = game_of(deal.game)
    contract = g.contract_of(deal)
    if contract is None:
        raise SetupError(_("the deal has no contract: give the TrickDeal a contract such as NO_HEARTS"))
    try:
        p = record_pack(g, deal)  # the deal's own pack, or the smallest one holding its cards
    except ValueError as e:
        raise SetupError(str(e)) from None
    return Setup(g.id, contract, deal.players, p, contract_id_of(g, contract, deal.players), len(deal.dealt[0]))


# --- reading a deal through the protocol ------------------------------------------------------------


def calls(deal: Deal) -> tuple[Move, ...]:
    """The legal moves that put down no card: a pass, Herzblatt's answers and calls (shown as buttons)."""
    return tuple(m for m in deal.legal_moves() if not move_cards(m))


def picks(deal: Deal) -> int:
    """How many cards the seat to move picks for one move (Herzblatt's discard: 2), or 0 when a
    move is one card (played with one click)."""
    return max((len(move_cards(m)) for m in deal.legal_moves()), default=0) if any(
        len(move_cards(m)) > 1 for m in deal.legal_moves()) else 0


def hand_order(deal: Deal) -> str:
    """The rank order ``deal``'s hands are sorted in for display (:func:`keinstich.cards.sort_hand`), as
    every view sorts them: the Table, Replay, the quizzes and the static displays."""
    g = game_of(deal.game)
    contract = g.contract_of(deal)
    return "natural" if contract is None else g.card_order(contract)


def lays_off(deal: Deal) -> bool:
    """Whether ``deal`` is a lay-off (domino) deal (its :attr:`~keinstich.deal.Deal.kind`): shown as its layout,
    not as tricks."""
    return deal.kind is Kind.LAY_OFF


def tricks_of(deal: Deal) -> TrickPlay:
    """The deal as a trick-taking deal (every deal that does not lay off)."""
    return cast(TrickPlay, deal)


def bot_move(bot: Bot, deal: Deal, seat: int, style: Style | None = None) -> tuple[Move, str]:
    """The move ``bot`` makes for ``seat`` from that seat's observation alone (:meth:`~keinstich.bots.base.Bot.decide`),
    and its reason, which names the cards in ``style``'s words (the faces shown; the pack's own by default).
    An exception raised inside the bot becomes a :class:`BotFault` that names the bot and says the fault is in
    it."""
    obs = deal.observation(seat)
    with naming(style or pack_in_play(deal).style):
        try:
            choice = bot.decide(obs)
        except Exception as e:
            raise BotFault(_("the bot {bot} in seat {seat} raised {error}: {message} — the fault is in that bot's "
                             "code, not in the widget; nothing was played", bot=bot_title(bot), seat=seat,
                             error=type(e).__name__, message=e)) from e
    return choice.move, choice.reason


def bot_title(bot: object) -> str:
    """A bot as a message names it: its class, and its own name when it has one ("MyBot", "HeuristicBot")."""
    kind = type(bot).__name__
    name = getattr(bot, "name", None)
    return kind if not isinstance(name, str) or name in ("", "bot") or name.lower() == kind.lower() else (
        f"{kind} ({name!r})")


# --- bots ------------------------------------------------------------------------------------------


def make_bot(spec: str | Bot, seed: int | str, seat: int, p: Pack | None = None) -> Bot:
    """A bot for ``seat`` from a spec ("random", "heuristic", "montecarlo", "montecarlo:samples=40", or a
    factory taking a seed: :func:`keinstich.bots.registry.make_bot`), seeded from the table's seed and the
    seat; a Bot object is used as it is."""
    from keinstich.sim.bot_specs import bot_seed

    if isinstance(spec, Bot) or callable(getattr(spec, "decide", None)):  # a bot, or a reader's one without a name
        return cast(Bot, spec)
    return registry.make_bot(spec, bot_seed(seed, 0, seat), pack=p)


def bot_label(bot: Bot) -> str:
    """A short name for a bot beside its seat, in the language spoken."""
    return bot_name(str(getattr(bot, "name", type(bot).__name__)))


def is_fast(bot: Bot) -> bool:
    """Bots that answer within a millisecond or two, played inline in a click handler: those that offer a quick
    play (:class:`~keinstich.bots.base.QuickPlay`), the random and the heuristic bot."""
    return quick_play(bot) is not None


__all__ = ["BOT_NAMES", "Setup", "SetupError", "bot_label", "bot_move", "bot_name", "calls", "contract_choices",
           "contract_id_of", "contract_ids", "contract_name", "default_contract", "game_ids", "game_of", "is_fast",
           "lays_off", "make_bot", "move_cards", "picks", "players_named", "resolve", "setup_of",
           "tricks_of", "vary"]
