"""What the widgets need to know about the games, asked of the engine: contracts, packs, deals, bots.

A :class:`Setup` is one game, contract (or Herzblatt rules), player count and pack, resolved and
checked by the engine's own constructors, so a bad choice is refused with the engine's message.
It deals (from a seed or from text) any of the three kinds of deal. No rule is decided here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from keinstich.bots.heuristic import Bot, HeuristicBot, RandomBot
from keinstich.cards import PACK_IDS, Card, Pack, Style, deal_hands, hands_from_text, mask_of, pack
from keinstich.contracts import KEIN_STICH_CONTRACTS, Contract, ContractError
from keinstich.games import herzblatt as hb
from keinstich.games import herzeln
from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules
from keinstich.games.herzeln import herzeln_contract
from keinstich.games.herzeln_record import HERZELN_DOMINO_IDS
from keinstich.games.kein_stich import DEFAULT_PACKS
from keinstich.layoff import DOMINO_CONTRACTS, DominoContract, DominoDeal, DominoRules
from keinstich.tricks import TrickDeal, TrickRules

GAMES = ("kein-stich", "herzeln", "herzblatt")
AnyDeal: TypeAlias = TrickDeal | DominoDeal | HerzblattDeal
AnyContract: TypeAlias = Contract | DominoContract
BOT_NAMES = ("random", "heuristic", "montecarlo")

KEIN_STICH_LAY_OFF: dict[str, DominoContract] = {c.id: c for c in DOMINO_CONTRACTS.values()}
"""Kein Stich's lay-off deals by contract id (domino, domino-hearts, …, domino-any)."""


class SetupError(ValueError):
    """A game, contract, pack, player count or bot the widgets cannot set up; says what would work."""


def contract_ids(game: str) -> tuple[str, ...]:
    """The contract ids a game offers, in playing order."""
    if game == "kein-stich":
        return (*KEIN_STICH_CONTRACTS, *KEIN_STICH_LAY_OFF)
    if game == "herzeln":
        return (*herzeln.HERZELN_CONTRACTS, *(i for i in HERZELN_DOMINO_IDS if i not in herzeln.HERZELN_CONTRACTS))
    if game == "herzblatt":
        return tuple(hb.PRESETS)
    raise SetupError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")


def default_contract(game: str) -> str:
    return {"kein-stich": "no-tricks", "herzeln": "herzeln-no-hearts", "herzblatt": "herzblatt-4"}.get(game, "")


def contract_name(game: str, cid: str) -> str:
    """A readable name for a contract id (for dropdowns)."""
    try:
        c = resolve(game, cid, None, None).contract
    except ValueError:
        return cid
    if c is None:
        return _herzblatt_name(cid)
    return f"{c.name} ({c.german})" if c.german and c.german != c.name else c.name


def _herzblatt_name(cid: str) -> str:
    r = hb.PRESETS.get(cid, HerzblattRules())
    extras = [x for x, on in (("keep trumps", r.removal == "keep_trumps"), ("no trump duty", not r.must_trump),
                              ("dealer asked first", r.ask_order == "dealer_first"), ("Muhr", r.muhr)) if on]
    return f"Herzblatt, {r.players} players" + "".join(f", {x}" for x in extras)


@dataclass(frozen=True)
class Setup:
    """A game ready to deal: ``contract`` for trick and lay-off deals, ``herzblatt`` rules for Herzblatt."""

    game: str
    contract: AnyContract | None
    herzblatt: HerzblattRules | None
    players: int
    pack: Pack

    @property
    def contract_id(self) -> str:
        return self.contract.id if self.contract is not None else "herzblatt"

    @property
    def hand_size(self) -> int:
        return self.herzblatt.hand_size if self.herzblatt is not None else self.pack.hand_size(self.players)

    @property
    def order(self) -> str:
        """The rank order cards are sorted in for display."""
        if self.herzblatt is not None:
            return "ace-ten"
        assert self.contract is not None
        return self.contract.rules.order

    def describe(self) -> str:
        if self.herzblatt is not None:
            r = self.herzblatt
            extra = ", Muhr's variant" if r.muhr else ""
            return (f"Herzblatt, {r.players} players, {r.pack.id}: Hearts trump, a soloist with the skat "
                    f"against the rest{extra}")
        assert self.contract is not None
        return f"{self.contract.describe()} — {self.players} players, {self.pack.id}"

    def deal(self, seed: int | str, dealer: int | None = None) -> AnyDeal:
        """Deal from ``seed`` (dealer defaults to the last seat, so seat 0 is forehand)."""
        if self.herzblatt is not None:
            return HerzblattDeal.from_seed(seed, self.herzblatt, dealer=dealer)
        return self.from_hands(deal_hands(self.pack, self.players, seed), dealer)

    def from_text(self, text: str, dealer: int | None = None) -> AnyDeal:
        """Hands typed one line per seat (Herzblatt: then ``skat: …``); refused with the engine's message."""
        if self.herzblatt is not None:
            return HerzblattDeal.from_text(text, self.herzblatt, dealer=dealer)
        return self.from_hands(hands_from_text(text, self.pack, self.players), dealer)

    def from_hands(self, hands: Any, dealer: int | None = None) -> AnyDeal:
        n = self.players
        d = n - 1 if dealer is None else dealer
        leader = (d + 1) % n
        if isinstance(self.contract, DominoContract):
            return DominoDeal(hands, self.contract, leader=leader, style=self.pack.style)
        assert isinstance(self.contract, Contract)
        return TrickDeal(hands, self.contract, leader=leader, style=self.pack.style)


def _with_rules(contract: AnyContract, rules: Any) -> AnyContract:
    """The contract under changed rules: a TrickRules / DominoRules, or a dict of changes
    (``{"forced_discard": "KH"}``, ``{"no_lead": "H"}``, ``{"march": True}``, ``{"wrap": True}``)."""
    if rules is None:
        return contract
    if isinstance(contract, Contract):
        if isinstance(rules, TrickRules):
            return dataclasses.replace(contract, rules=rules)
        if isinstance(rules, Mapping):
            changes = dict(rules)
            march = changes.pop("march", None)
            out = contract.with_rules(**changes) if changes else contract
            return out.with_march(bool(march)) if march is not None else out
    else:
        if isinstance(rules, DominoRules):
            return dataclasses.replace(contract, rules=rules)
        if isinstance(rules, Mapping):
            try:
                return dataclasses.replace(contract, rules=dataclasses.replace(contract.rules, **rules))
            except TypeError as e:
                raise SetupError(f"{contract.id}: {e}") from None
    kind = "TrickRules" if isinstance(contract, Contract) else "DominoRules"
    raise SetupError(f"rules must be a dict of changes or a {kind}, not {rules!r}")


def _herzeln_id(cid: str) -> str:
    return cid if cid.startswith("herzeln-") else f"herzeln-{cid}"


def resolve(game: str, contract: str | AnyContract | HerzblattRules | None, players: int | None,
            pack_id: str | Pack | None, *, rules: Any = None, style: str = "german") -> Setup:
    """Check a game, contract, player count and pack with the engine and return a :class:`Setup`.

    ``contract``: an id of the game (Herzeln ids with or without ``herzeln-``; Herzblatt preset ids),
    a Contract or DominoContract (a reader's own), or HerzblattRules. ``players`` None means four
    (or what a Herzblatt preset says). ``pack_id`` None means the game's usual pack for the players.
    """
    if game not in GAMES:
        raise SetupError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise SetupError(f"players must be a whole number, not {players!r}")
    if game == "herzblatt":
        return _resolve_herzblatt(contract, players, pack_id, rules)
    n = 4 if players is None else players
    if n < 2:
        raise SetupError(f"a deal needs at least 2 players, not {n}")
    c: AnyContract
    if contract is None:
        contract = default_contract(game)
    if isinstance(contract, Contract | DominoContract):
        c = contract
    elif isinstance(contract, str) and game == "kein-stich":
        if contract in KEIN_STICH_CONTRACTS:
            c = KEIN_STICH_CONTRACTS[contract]
        elif contract in KEIN_STICH_LAY_OFF:
            c = KEIN_STICH_LAY_OFF[contract]
        else:
            raise SetupError(f"unknown contract {contract!r} for kein-stich: use one of "
                             f"{', '.join(contract_ids('kein-stich'))}")
    elif isinstance(contract, str):
        if n not in (3, 4):
            raise SetupError(f"Herzeln is for 3 or 4 players, not {n}")
        try:
            c = herzeln_contract(_herzeln_id(contract), n)
        except ValueError as e:
            raise SetupError(str(e)) from None
    else:
        raise SetupError(f"contract must be a contract id such as 'no-hearts' or a Contract, not {contract!r}")
    c = _with_rules(c, rules)
    if pack_id is None:
        if game == "herzeln":
            p = herzeln.herzeln_pack(n, "german" if style == "german" else "french")
        elif n in DEFAULT_PACKS:
            p = pack(DEFAULT_PACKS[n].format(style=style))
        else:
            fits = [x for x in PACK_IDS if len(pack(x)) % n == 0]
            raise SetupError(f"Kein Stich is for 3 to 6 players, not {n}: " + (
                f"to try {n} players, pick a pack that deals evenly to them ({', '.join(fits)})" if fits
                else f"no pack deals evenly to {n} players"))
    else:
        p = pack(pack_id)
    p.hand_size(n)  # refuses a pack that does not deal evenly, naming the packs that do
    if isinstance(c, DominoContract):
        # the engine refuses a lay-off that can never start (e.g. a pack without the starting Unter)
        DominoDeal([p.cards[i::n] for i in range(n)], c, leader=0)
    return Setup(game, c, None, n, p)


def _resolve_herzblatt(contract: Any, players: int | None, pack_id: str | Pack | None, rules: Any) -> Setup:
    if isinstance(rules, HerzblattRules):
        r = rules
    else:
        if contract is None or contract == "herzblatt":
            contract = "herzblatt-4"
        if isinstance(contract, HerzblattRules):
            r = contract
        elif isinstance(contract, str) and contract in hb.PRESETS:
            r = hb.PRESETS[contract]
            if players is None:
                players = r.players
        else:
            raise SetupError(f"unknown contract {contract!r} for herzblatt: use 'herzblatt' or one of "
                             f"{', '.join(hb.PRESETS)} (variants via rules={{…}})")
        changes = dict(rules) if isinstance(rules, Mapping) else {}
        if rules is not None and not isinstance(rules, Mapping):
            raise SetupError(f"rules must be HerzblattRules or a dict of changes, not {rules!r}")
        if players is not None:
            changes["players"] = players
        try:
            r = dataclasses.replace(r, **changes)
        except TypeError as e:
            raise SetupError(f"herzblatt: {e}") from None
    if players is not None and players != r.players:
        raise SetupError(f"the Herzblatt rules are for {r.players} players, not {players}")
    if pack_id is not None and pack(pack_id).mask != r.pack.mask:
        raise SetupError(f"Herzblatt for {r.players} players uses the {r.pack.id} pack, not {pack(pack_id).id}")
    return Setup("herzblatt", None, r, r.players, r.pack)


def setup_of(deal: AnyDeal) -> Setup:
    """The setup a deal was dealt under (for a Table built from a deal): game, contract, players, pack."""
    if isinstance(deal, HerzblattDeal):
        return Setup("herzblatt", None, deal.rules, deal.players, deal.rules.pack)
    contract = deal.contract
    if contract is None:
        raise SetupError("the deal has no contract: give the TrickDeal a contract such as NO_HEARTS")
    if not isinstance(contract, Contract | DominoContract):
        raise SetupError(f"the deal's contract {contract!r} is not a Contract or DominoContract")
    game = "herzeln" if contract.id.startswith("herzeln") else "kein-stich"
    return Setup(game, contract, None, deal.players, record_pack(mask_of(c for h in deal.dealt for c in h)))


def record_pack(mask: int) -> Pack:
    """The named pack holding exactly these cards, else the smallest base pack less the missing ones."""
    for pid in PACK_IDS:
        if pack(pid).mask == mask:
            return pack(pid)
    for base in ("french-24", "french-32", "french-52"):
        full = pack(base)
        if mask & ~full.mask == 0:
            missing = [c.code for c in full.cards if not mask & c.bit]
            return pack(f"{base}-minus-{'-'.join(missing)}")
    raise SetupError("these cards are not a pack")  # pragma: no cover - every card is in french-52


# --- bots ------------------------------------------------------------------------------------------


def make_bot(spec: str | Bot, seed: int | str, seat: int, p: Pack | None = None) -> Bot:
    """A bot for ``seat`` from a spec ("random", "heuristic", "montecarlo", "montecarlo:samples=40", or a
    factory taking a seed: :func:`keinstich.sim.simulation.make_bot`), seeded from the table's seed and the
    seat; a Bot object is used as it is."""
    from keinstich.sim.simulation import bot_seed
    from keinstich.sim.simulation import make_bot as sim_make_bot

    if isinstance(spec, Bot):
        return spec
    return sim_make_bot(spec, bot_seed(seed, 0, seat), pack=p)


def bot_label(bot: Bot) -> str:
    """A short name for a bot in a dropdown."""
    return str(getattr(bot, "name", type(bot).__name__))


def is_fast(bot: Bot) -> bool:
    """Bots that answer within a millisecond or two, played inline in a click handler."""
    return type(bot) in (RandomBot, HeuristicBot)


__all__ = ["GAMES", "AnyDeal", "Card", "ContractError", "Setup", "SetupError", "bot_label", "contract_ids",
           "is_fast", "make_bot", "record_pack", "resolve", "setup_of"]


def why_not(deal: AnyDeal, c: Card, seat: int | None, style: Style) -> str | None:
    """The engine's reason why ``c`` may not be played, with suits named as the faces show them."""
    if isinstance(deal, DominoDeal):
        return deal.why_illegal(c, seat)
    return deal.why_illegal(c, seat, style=style)
