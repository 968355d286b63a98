"""What the games' record codecs share: replaying a record's moves with the messages of
docs/records.md, writing a deal's moves, the parts of a summary, and :class:`MachineRecords`, the
whole codec of a game whose deals run on the trick and lay-off machines (Kein Stich, Herzeln, a
reader's own game).

The format itself is :mod:`keinstich.records`; each game's meaning of a record (contracts,
options, its own keys) is its codec module beside it: ``kein_stich_record``, ``herzeln_record``,
``herzblatt_record``. A game inherits its codec, so ``GAMES[game].replay(record)`` is the codec.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.cards import Card, quoted
from keinstich.deal import Deal, GameRecord
from keinstich.game import Game
from keinstich.i18n import _
from keinstich.layoff import DominoContract, DominoDeal, End, Lay
from keinstich.limits import shown
from keinstich.machine import check_seat
from keinstich.records import (
    PASS,
    IllegalRecordPlay,
    Record,
    RecordError,
    check_deal_cards,
    record_pack,
    refuse_lay_off_plays,
)
from keinstich.tricks import TrickDeal, forehand, trick_deal_of

# --- options ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A variant flag a record may set: its name, a check of the value, and what it should be."""

    name: str
    accepts: Callable[[object], bool]
    expected: str


def is_bool(v: object) -> bool:
    return isinstance(v, bool)


def is_count(v: object) -> bool:
    """A whole number, 0 or more (JSON's true and false are not numbers here)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def check_options(contract_id: str, options: Mapping[str, Any], known: Mapping[str, Option]) -> None:
    """Refuse an option ``known`` does not name, or a value it does not accept."""
    for name, value in options.items():
        opt = known.get(name)
        if opt is None:
            names = ", ".join(known) or "none"
            raise RecordError(f"unknown option {quoted(name)} for contract {contract_id}: the options are {names}")
        if not opt.accepts(value):
            raise RecordError(f"option {name!r} must be {opt.expected}, not {shown(value)}")


# --- replaying a record's moves --------------------------------------------------------------------


def _reason(why: str, c: Card | None) -> str:
    """The rule in a refusal, without the trailing ': XX is not allowed' the engine adds."""
    if c is not None:
        return why.removesuffix(f": {c.code} is not allowed")
    return why


def _holder(deal: Deal, c: Card, aside: Mapping[Card, str] | None = None) -> str:
    for s in range(deal.players):
        if c in deal.hand(s):
            return f" (seat {s} holds it)"
    if aside and c in aside:
        return f" ({aside[c]})"
    return ""


def _in_chain(deal: Any) -> bool:
    """Whether a lay-off deal lays one chain, where a card that fits both ends needs its end named
    (in rows by suit only the card completing a row fits both, and its end cannot matter)."""
    return bool(deal.rules.layout == "chain")


def _where(deal: Any, c: Card) -> str:
    """The layout a lay-off card joins, for messages: "the chain (JC…AH)" or "the hearts row (9H…KH)"."""
    if _in_chain(deal):
        chain = deal.chain
        return f"the chain ({chain[0].code}…{chain[-1].code})"
    row = deal.rows[c.suit]
    return f"the {c.suit.label(deal.style)} row ({row[0].code}…{row[-1].code})"


def _over(deal: Deal, i: int, lay_off: bool) -> str:
    """Why a deal takes no play ``i + 1``: it is over, perhaps ended early (docs/rules.md §2.5)."""
    if lay_off:
        return f"the lay-off deal is already over after {i} turns"
    tricks = trick_deal_of(deal)
    if tricks is not None and tricks.ended_early:
        return (f"the deal ended after trick {len(tricks.tricks)} of {tricks.total_tricks} (stop_when_decided: "
                f"no further trick can change any score), so it has {i} plays; drop the plays from play {i + 1} on")
    return f"the deal is already over after {i} plays"


def play_moves(deal: Deal, plays: Sequence[Card | None], ends: Sequence[End | None] = (), *,
               aside: Mapping[Card, str] | None = None) -> None:
    """Apply a record's plays to ``deal`` in order, each checked first; the one replay of every game.

    In trick play (the deal's phase is ``"play"``) every play is a card and errors name the trick;
    in a lay-off deal (``"lay"``) a play is a card, with its end where ``ends`` gives one, or None
    for a pass, and errors name the turn. A card the seat to move does not hold is a
    :class:`RecordError` ("play 5 (trick 2): …"), and so is a card that fits both ends of a lay-off
    chain when the record does not say which: the deal would depend on a guess. (In rows that wrap
    round, only the card that completes a row fits both ends, and there its end cannot matter:
    without one it is laid at the top.) A play after a trick deal ended early (``stop_when_decided``)
    is a :class:`RecordError` naming the trick it ended after. A move the rules forbid is an
    :class:`IllegalRecordPlay` ("trick 2, seat 1 played 9D: …"). ``aside`` says where cards no one
    holds went, e.g. ``{KD: "it is among the discards"}``.
    """
    lay_off = deal.phase == "lay"
    for i, c in enumerate(plays):
        end = ends[i] if ends else None
        seat = deal.turn
        if lay_off:
            unit, number, who = "turn", i + 1, f"turn {i + 1}: seat {seat} is to move"
        else:
            unit, number = "trick", i // deal.players + 1
            who = f"play {i + 1} (trick {number}): seat {seat} is to play"
            if c is None:  # validation refuses passes in trick deals; kept for records built around it
                raise RecordError(f"play {i + 1}: \"pass\" is not a card")
        if seat is None:
            raise RecordError(f"play {i + 1}: {_over(deal, i, lay_off)}")
        if c is not None and c not in deal.hand(seat):
            raise RecordError(f"{who} but does not hold {c.code}{_holder(deal, c, aside)}")
        move = Lay(c, end) if c is not None and end is not None else c
        why = deal.why_illegal(move)
        if why is not None:
            raise IllegalRecordPlay(unit=unit, number=number, index=i, seat=seat, card=c, reason=_reason(why, c))
        if lay_off and c is not None and end is None and _in_chain(deal) and Lay(c, "top") in deal.legal_moves():
            raise RecordError(f"turn {i + 1}: seat {seat} lays {c.code}, which fits both ends of "
                              f"{_where(deal, c)}; say which: \"{c.code}@top\" or \"{c.code}@bottom\"")
        deal.play(move)


# --- writing a deal's moves, summaries -------------------------------------------------------------


def moves_of(deal: Deal) -> tuple[tuple[Card | None, ...], tuple[End | None, ...]]:
    """A deal's plays for a record, from its history: the cards (None for a pass) and, beside them,
    the end of a lay-off card laid where it fitted both (None elsewhere), so the record replays exactly."""
    plays: list[Card | None] = []
    ends: list[End | None] = []
    for _seat, move in deal.history:
        if isinstance(move, Lay):
            plays.append(move.card)
            ends.append(move.end)
        elif move is None or isinstance(move, Card):
            plays.append(move)
            ends.append(None)
        else:  # a game with calls writes them under its own keys (Herzblatt's record)
            raise RecordError(f"{move} is not a card play: a record's plays are cards and passes")
    return tuple(plays), tuple(ends)


def dealer_for(lead: int, players: int, dealer: int | None) -> int:
    """The dealer whose forehand is ``lead``; refuses a given ``dealer`` that does not fit."""
    if dealer is None:
        return (lead - 1) % players
    check_seat(dealer, players, RecordError, "dealer")
    if forehand(dealer, players) != lead:
        raise RecordError(f"dealer {dealer} does not fit the deal: its forehand is seat {lead}, "
                          f"so the dealer is seat {(lead - 1) % players}")
    return dealer


def summary_head(record: GameRecord, deal: Deal) -> dict[str, Any]:
    """What every summary starts with: the record's identity and whose turn it is."""
    head: dict[str, Any] = {"format": record.format, "game": record.game, "contract": record.contract,
                            "pack": record.pack, "players": record.players, "dealer": record.dealer,
                            "complete": deal.over, "turn": deal.turn}
    if record.options:
        head["options"] = dict(record.options)
    return head


def trick_summary(deal: TrickDeal) -> dict[str, Any]:
    """The tricks of a summary: ``tricks``, ``current_trick`` and ``tricks_won``; under
    ``stop_when_decided`` also ``ended_early`` (the deal is over before its last trick)."""
    out: dict[str, Any] = {
        "tricks": [{"number": t.number, "leader": t.leader, "cards": [c.code for c in t.cards],
                    "winner": t.winner} for t in deal.tricks],
        "current_trick": [{"seat": s, "card": c.code} for s, c in deal.trick],
        "tricks_won": list(deal.tricks_won())}
    if deal.rules.stop_when_decided:
        out["ended_early"] = deal.ended_early
    return out


def lay_off_summary(deal: DominoDeal, *, ends: bool = True) -> dict[str, Any]:
    """The moves of a lay-off deal (each turn's card or "pass", with its end if ``ends``), the layout
    (rows by suit letter, low end to high end, or the chain's cards) and the finishing order."""
    plays = [{"turn": i, "seat": s, "card": PASS if c is None else c.code} | ({"end": end} if ends else {})
             for i, (s, c, end) in enumerate(deal.lay_history, 1)]
    layout: list[str] | dict[str, list[str]]
    if deal.rules.layout == "chain":
        layout = [c.code for c in deal.chain]
    else:
        layout = {s.code: [c.code for c in row] for s, row in deal.rows.items()}
    return {"plays": plays, "layout": layout, "finish_order": list(deal.finish_order)}


def lays_off(contract: object) -> bool:
    """Whether a contract is played on the lay-off machine (else on the trick machine)."""
    return isinstance(contract, DominoContract)


# --- the codec of a game on the trick and lay-off machines -----------------------------------------


class MachineRecords(Game):
    """The record codec of a game whose deals are :class:`~keinstich.tricks.TrickDeal` or
    :class:`~keinstich.layoff.DominoDeal` under a contract named by id: a game inherits it and gets
    ``validate``, ``replay``, ``record_of`` and ``summary``. It replays through the game's own
    :meth:`~keinstich.game.Game.deal_from_hands`; a game changes what differs in the hooks below
    (its options, its player counts and packs, its summary's words)."""

    score_key = "points"
    """What a summary calls the scores: ``"points"``, or ``"penalties"`` in Kein Stich."""

    # --- hooks -----------------------------------------------------------------------------------

    def record_contract(self, contract_id: str, players: int, options: Mapping[str, Any]) -> Any:
        """The contract a record names, its options applied; refuses unknown ids and options."""
        check_options(contract_id, options, {})
        try:
            return self.contract(contract_id, players)
        except ValueError as e:
            raise RecordError(str(e)) from None

    def record_options(self, contract: Any) -> dict[str, Any]:
        """The options a record writes for ``contract`` (those :meth:`record_contract` reads back)."""
        return {}

    def same_contract(self, named: Any, contract: Any) -> bool:
        """Whether the contract a record would name is the deal's (then the record replays it)."""
        return bool(named == contract)

    def check_record(self, record: GameRecord) -> None:
        """Refuse a record's player count or pack that this game does not play."""
        try:
            self.check_players(record.players)
            self.pack(record.players, record.pack)
        except ValueError as e:
            raise RecordError(str(e)) from None

    def lay_off_summary(self, record: GameRecord, deal: DominoDeal) -> dict[str, Any]:
        """The summary of a lay-off deal after its head: moves, layout, places and, once over, scores."""
        out = lay_off_summary(deal)
        if deal.over:
            scores = deal.result().scores
            out |= {self.score_key: list(scores), "total": sum(scores)}
        return out

    # --- the codec -------------------------------------------------------------------------------

    def validate(self, record: GameRecord) -> None:
        contract = self.record_contract(record.contract, record.players, record.options)
        self.check_record(record)
        check_deal_cards(record)
        try:  # the deal must be able to start, e.g. a lay-off's starting Unter must be dealt
            fresh = self.deal_from_hands(contract, record.hands, pack=record.pack, dealer=record.dealer)
        except ValueError as e:
            raise RecordError(f"contract {record.contract}: {e}") from None
        if fresh.phase != "lay":
            refuse_lay_off_plays(record)

    def replay(self, record: GameRecord, upto: int | None = None) -> Deal:
        contract = self.record_contract(record.contract, record.players, record.options)
        deal = self.deal_from_hands(contract, record.hands, pack=record.pack, dealer=record.dealer)
        plays = record.plays if upto is None else record.plays[:upto]
        play_moves(deal, plays, record.ends[:len(plays)])
        return deal

    def record_of(self, deal: Any, *, pack: Any = None, dealer: int | None = None) -> Record:
        contract: Any = getattr(deal, "contract", None)
        lay_off = lays_off(contract)
        if getattr(contract, "id", None) is None:
            example = next(iter(self.contracts(deal.players)))
            raise RecordError(
                _("cannot record a lay-off deal without a contract: give the deal a {game} contract such as {example}",
                  game=self.name, example=example) if lay_off else
                _("cannot record a trick deal without a contract: give the deal a {game} contract such as {example}",
                  game=self.name, example=example))
        options = self.record_options(contract)
        try:
            named = self.record_contract(contract.id, deal.players, options)
        except RecordError as e:
            if options:  # the contract is known, but an option of its rules is not one a record can hold
                raise RecordError(_("cannot record contract {contract} as {game}: {error}", contract=repr(contract.id),
                                    game=self.name, error=e)) from None
            named = None
        if named is None or not self.same_contract(named, contract):
            raise RecordError(_("cannot record contract {contract} as {game}: it is not a {game} contract (or differs "
                                "from the one of that id); records name contracts by id", contract=repr(contract.id),
                                game=self.name))
        if deal.rules != contract.rules:
            raise RecordError(_("cannot record a lay-off deal whose rules differ from its contract's") if lay_off else
                              _("cannot record a trick deal whose rules differ from its contract's"))
        plays, ends = moves_of(deal)
        return Record(game=self.id, contract=contract.id, pack=record_pack(self, deal, pack).id,
                      dealer=dealer_for(deal.forehand, deal.players, dealer), hands=deal.dealt,
                      plays=plays, ends=ends, options=options)

    def summary(self, record: GameRecord, deal: Any) -> dict[str, Any]:
        head = summary_head(record, deal)
        if lays_off(deal.contract):
            return head | self.lay_off_summary(record, deal)
        scores = deal.result().scores
        return head | trick_summary(deal) | {self.score_key: list(scores), "total": sum(scores)}
