"""Game records of Herzeln and Herzblatt: the handlers behind ``"game": "herzeln"`` and ``"herzblatt"``.

Both plug into :mod:`keinstich.records` through :func:`~keinstich.records.register_game` (that
module imports this one at its end), so ``Record``, ``replay``, ``record_of``, ``check`` and
``keinstich check`` read them like Kein Stich records, with the same two kinds of error. The
formats are documented in ``docs/records.md``.

- **Herzeln**: the seven trick contracts and the Domino (chain or rows, ace-ten or natural order);
  3 players with a 24-card pack, 4 with 32. A chain card that fits both ends is written with its
  end, ``"QS@bottom"``.
- **Herzblatt**: one deal of :class:`~keinstich.games.herzblatt.HerzblattDeal` with its phases as
  top-level keys: ``skat``, ``asking``, ``discards`` and, in Muhr's variant, ``announcement``,
  ``contra`` and ``re``; the options are :class:`~keinstich.games.herzblatt.HerzblattRules` fields.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable, Mapping
from typing import Any

from keinstich.cards import Card, Pack
from keinstich.cards import pack as get_pack
from keinstich.contracts import Contract
from keinstich.games.herzblatt import SKAT, HerzblattDeal, HerzblattError, HerzblattRules
from keinstich.games.herzeln import EARLY_END, HERZELN_CONTRACTS, herzeln_pack
from keinstich.layoff import DominoContract, DominoDeal, DominoError, End, Layout, Order, herzeln_domino
from keinstich.records import (
    PASS,
    Deal,
    Option,
    Record,
    RecordError,
    _check_options,
    _parse_card,
    check_deal_cards,
    dealer_for,
    lay_off_moves,
    layout_summary,
    play_lay_off,
    play_tricks,
    refuse_lay_off_plays,
    register_game,
    summary_head,
    trick_summary,
)
from keinstich.tricks import TrickDeal


def _show(value: object) -> str:
    """A value as the record's JSON would show it (repr when it is no JSON)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _is_bool(v: object) -> bool:
    return isinstance(v, bool)


def _is_count(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


# --- Herzeln ---------------------------------------------------------------------------------------

HERZELN_TRICK_CONTRACTS: dict[str, Contract] = {
    c.id: c for c in HERZELN_CONTRACTS.values() if isinstance(c, Contract)}
"""Herzeln's seven trick deals by id (``herzeln-no-hearts`` … ``herzeln-no-last-trick``)."""

HERZELN_DOMINO_IDS: dict[str, tuple[Layout, Order]] = {
    herzeln_domino(4, layout, order).id: (layout, order)
    for layout in ("chain", "rows") for order in ("ace-ten", "natural")}
"""Herzeln's Domino by id: ``herzeln-domino`` (the chain, ace-ten order), ``herzeln-domino-natural``,
``herzeln-domino-rows`` (per suit, RULES.md §3.3) and ``herzeln-domino-rows-natural``."""

HERZELN_DOMINO_OPTIONS: dict[str, Option] = {
    "voluntary_pass": Option("voluntary_pass", _is_bool, "true or false")}
HERZELN_EARLY_END_OPTIONS: dict[str, Option] = {
    "stop_when_decided": Option("stop_when_decided", _is_bool, "true or false")}
"""The option of deals 4 and 5 (``herzeln-no-queens``, ``herzeln-king-of-hearts``): they may end as soon as
no further trick can change their points (docs/rules.md §3.2)."""
HERZELN_EARLY_END_IDS = tuple(c.id for c in EARLY_END)
HERZELN_PLAYERS = (3, 4)


def herzeln_contract(contract_id: str, players: int,
                     options: Mapping[str, Any] | None = None) -> Contract | DominoContract:
    """The Herzeln contract a record names for ``players`` seats, its options applied."""
    options = options or {}
    if contract_id in HERZELN_TRICK_CONTRACTS:
        if contract_id not in HERZELN_EARLY_END_IDS and "stop_when_decided" in options:
            raise RecordError(f"option 'stop_when_decided' is only for deals 4 and 5, "
                              f"{' and '.join(HERZELN_EARLY_END_IDS)} (docs/rules.md §3.2): {contract_id} "
                              "is always played to the end")
        early = contract_id in HERZELN_EARLY_END_IDS
        _check_options(contract_id, options, HERZELN_EARLY_END_OPTIONS if early else {})
        c = HERZELN_TRICK_CONTRACTS[contract_id]
        return c.with_rules(stop_when_decided=True) if options.get("stop_when_decided") else c
    if contract_id in HERZELN_DOMINO_IDS:
        _check_options(contract_id, options, HERZELN_DOMINO_OPTIONS)
        layout, order = HERZELN_DOMINO_IDS[contract_id]
        return herzeln_domino(players, layout, order, voluntary_pass=bool(options.get("voluntary_pass")))
    ids = ", ".join([*HERZELN_TRICK_CONTRACTS, *HERZELN_DOMINO_IDS])
    raise RecordError(f"unknown contract {contract_id!r} for herzeln: use one of {ids}")


def _herzeln_packs(players: int) -> tuple[str, ...]:
    return tuple(herzeln_pack(players, style).id for style in ("french", "german"))


class HerzelnGame:
    """Records of Herzeln deals: the seven trick contracts (points) and the Domino (places)."""

    id = "herzeln"
    extra_keys: frozenset[str] = frozenset()

    def contract(self, record: Record) -> Contract | DominoContract:
        return herzeln_contract(record.contract, record.players, record.options)

    def validate(self, record: Record) -> None:
        if record.contract not in HERZELN_TRICK_CONTRACTS and record.contract not in HERZELN_DOMINO_IDS:
            self.contract(record)  # raises: unknown contract
        n = record.players
        if n not in HERZELN_PLAYERS:
            raise RecordError(f"Herzeln is for 3 or 4 players; this record has {n} hand{'s' if n != 1 else ''}")
        contract = self.contract(record)
        packs = _herzeln_packs(n)
        if record.pack not in packs:
            raise RecordError(f"Herzeln with {n} players is played with the {len(get_pack(packs[0]))}-card pack "
                              f"({' or '.join(packs)}), not {record.pack}")
        check_deal_cards(record)
        if isinstance(contract, Contract):
            refuse_lay_off_plays(record)
        else:
            try:
                DominoDeal(record.hands, contract, leader=record.forehand)
            except DominoError as e:  # pragma: no cover - a full Herzeln pack always holds Jacks
                raise RecordError(f"contract {record.contract}: {e}") from None

    def replay(self, record: Record, upto: int | None = None) -> Deal:
        contract = self.contract(record)
        plays = record.plays if upto is None else record.plays[:upto]
        style = get_pack(record.pack).style
        if isinstance(contract, Contract):
            deal = TrickDeal(record.hands, contract, leader=record.forehand, style=style)
            play_tricks(deal, plays)
            return deal
        lay_off = DominoDeal(record.hands, contract, leader=record.forehand, style=style)
        play_lay_off(lay_off, plays, record.ends[:len(plays)])
        return lay_off

    def claims(self, deal: object) -> bool:
        """A TrickDeal or DominoDeal under a Herzeln contract."""
        contract = getattr(deal, "contract", None)
        cid = getattr(contract, "id", None)
        return isinstance(deal, TrickDeal | DominoDeal) and (
            cid in HERZELN_TRICK_CONTRACTS or cid in HERZELN_DOMINO_IDS)

    def record_of(self, deal: Any, *, pack: Pack | None, dealer: int | None) -> Record:
        if not isinstance(deal, TrickDeal | DominoDeal):
            raise RecordError(f"cannot record {type(deal).__name__} as Herzeln: record a TrickDeal or a "
                              "DominoDeal under a Herzeln contract")
        n = deal.players
        options: dict[str, Any] = {}
        ends: list[End | None] = []
        contract: Any = deal.contract
        cid = getattr(contract, "id", None)
        refuse = RecordError(f"cannot record contract {cid!r} as Herzeln: it is not a Herzeln contract (or "
                             "differs from the one of that id); records name contracts by id")
        if isinstance(deal, TrickDeal):
            if isinstance(contract, Contract) and contract.rules.stop_when_decided:
                options["stop_when_decided"] = True
            try:
                named = herzeln_contract(cid, n, options) if isinstance(cid, str) else None
            except RecordError:
                named = None
            if not isinstance(contract, Contract) or named != contract:
                raise refuse
            if deal.rules != contract.rules:
                raise RecordError("cannot record a trick deal whose rules differ from its contract's")
            plays: list[Card | None] = [c for _, c in deal.plays]
            lead = deal.first_leader
        else:
            if contract.id not in HERZELN_DOMINO_IDS:
                raise refuse
            layout, order = HERZELN_DOMINO_IDS[contract.id]
            named = herzeln_domino(n, layout, order, voluntary_pass=contract.rules.voluntary_pass)
            if contract.rules != named.rules or contract.points is None or contract.points[:n] != named.points:
                raise refuse
            if deal.rules != contract.rules:
                raise RecordError("cannot record a lay-off deal whose rules differ from its contract's")
            if contract.rules.voluntary_pass:
                options["voluntary_pass"] = True
            plays, ends = lay_off_moves(deal)
            lead = deal.forehand
        if n not in HERZELN_PLAYERS:
            raise RecordError(f"Herzeln is for 3 or 4 players, not {n}")
        p = pack if pack is not None else herzeln_pack(n)
        return Record(game=self.id, contract=contract.id, pack=p.id, dealer=dealer_for(lead, n, dealer),
                      hands=deal.dealt, plays=tuple(plays), ends=tuple(ends), options=options)

    def summary(self, record: Record, deal: Any) -> dict[str, Any]:
        head = summary_head(record, deal)
        if isinstance(deal, TrickDeal):
            points = deal.scores()
            return head | trick_summary(deal) | {"points": list(points), "total": sum(points)}
        assert isinstance(deal, DominoDeal)
        out = head | {
            "plays": [{"turn": i, "seat": s, "card": PASS if c is None else c.code, "end": end}
                      for i, (s, c, end) in enumerate(deal.lay_history, 1)],
            "layout": layout_summary(deal),
            "finish_order": list(deal.finish_order)}
        if deal.is_over:
            points = deal.scores()
            out |= {"points": list(points), "total": sum(points)}
        return out


HERZELN = register_game(HerzelnGame())
"""The handler of ``"game": "herzeln"`` records."""


# --- Herzblatt -------------------------------------------------------------------------------------

HERZBLATT_CONTRACT = "herzblatt"
"""The one contract id of a Herzblatt record (the variants are options)."""


def _herzblatt_options() -> dict[str, Option]:
    """One option per HerzblattRules field but ``players`` (the record's hands say that)."""
    hints = typing.get_type_hints(HerzblattRules)
    out: dict[str, Option] = {}
    for f in dataclasses.fields(HerzblattRules):
        if f.name == "players":
            continue
        if isinstance(f.default, bool):
            out[f.name] = Option(f.name, _is_bool, "true or false")
        elif isinstance(f.default, int):
            out[f.name] = Option(f.name, _is_count, "a whole number, 0 or more")
        else:
            choices = typing.get_args(hints[f.name])
            out[f.name] = Option(f.name, _one_of(choices), "one of " + ", ".join(f'"{c}"' for c in choices))
    return out


def _one_of(choices: tuple[object, ...]) -> Callable[[object], bool]:
    def accepts(v: object) -> bool:
        return isinstance(v, str) and v in choices

    return accepts


HERZBLATT_OPTIONS: dict[str, Option] = _herzblatt_options()
"""The options of a Herzblatt record: the :class:`HerzblattRules` fields but ``players``."""

_ANSWERS: dict[str, dict[str, bool]] = {"asking": {"play": True, "pass": False},
                                        "contra": {"contra": True, "pass": False}}
_ANNOUNCEMENTS = ("none", "66", "du")
_NEXT: dict[str, str] = {
    "asking": "'asking' must name a soloist",
    "discard": "give the soloist's 'discards'",
    "announce": "give the soloist's 'announcement' (\"none\", \"66\" or \"du\")",
    "contra": "give the defenders' 'contra' answers",
    "re": "give the soloist's 're' (true or false)",
}
"""What a record must give before the first card, by the phase it stopped in."""


def herzblatt_rules(record: Record) -> HerzblattRules:
    """The rules a Herzblatt record names: its player count and options (refuses unknown ones)."""
    n = record.players
    if not 2 <= n <= 5:
        raise RecordError(f"Herzblatt is for 2 to 5 players; this record has {n} hand{'s' if n != 1 else ''}")
    if record.contract != HERZBLATT_CONTRACT:
        raise RecordError(f"unknown contract {record.contract!r} for herzblatt: the contract is always "
                          f"\"{HERZBLATT_CONTRACT}\" (variants are options, e.g. {{\"muhr\": true}})")
    _check_options(HERZBLATT_CONTRACT, record.options, HERZBLATT_OPTIONS)
    try:
        return HerzblattRules(players=n, **record.options)
    except HerzblattError as e:
        raise RecordError(f"options: {e}") from None


def _two_cards(record: Record, key: str, what: str) -> tuple[Card, Card]:
    value = record.extra[key]
    if isinstance(value, str | bytes) or not isinstance(value, list | tuple) or len(value) != SKAT:
        raise RecordError(f"'{key}' must be two card codes such as [\"7C\", \"KD\"], not {_show(value)}")
    p = get_pack(record.pack)
    a, b = (_parse_card(code, what, p) for code in value)
    if a is b:
        raise RecordError(f"{what} holds {a.code} twice: it is two different cards")
    return a, b


def _answers(record: Record, key: str) -> list[bool]:
    value = record.extra[key]
    words = _ANSWERS[key]
    example = ", ".join(f'"{w}"' for w in reversed(words))
    if isinstance(value, str | bytes) or not isinstance(value, list | tuple):
        raise RecordError(f"'{key}' must be a list of answers such as [{example}], not {_show(value)}")
    out = []
    for i, a in enumerate(value, 1):
        said = a.strip().lower() if isinstance(a, str) else None
        if said not in words:
            raise RecordError(f"{key}: answer {i} must be {' or '.join(repr(w) for w in words)}, not {_show(a)}")
        out.append(words[said])
    return out


def _muhr_only(rules: HerzblattRules, key: str) -> None:
    if not rules.muhr:
        raise RecordError(f"'{key}' belongs to Muhr's variant: set the option \"muhr\": true, or drop '{key}'")


def _missing_before(deal: HerzblattDeal, key: str, what: str) -> RecordError:
    """A key given while the deal is still in an earlier phase."""
    if deal.phase == "over":
        return RecordError(f"{key}: every seat passed and the deal is thrown in (all_pass \"redeal\"): "
                           f"there is no {what}")
    return RecordError(f"{key}: the deal is still in the {deal.phase} phase: {_NEXT[deal.phase]} first")


def _herzblatt_deal(record: Record, rules: HerzblattRules) -> HerzblattDeal:
    """The deal with everything before the first card applied: asking, discards, Muhr's calls.

    Every refusal is a :class:`RecordError`: these are the record's facts, not plays.
    """
    x = record.extra
    skat = _two_cards(record, "skat", "the skat")
    try:
        deal = HerzblattDeal(record.hands, skat, rules, dealer=record.dealer)
    except HerzblattError as e:  # pragma: no cover - check_deal_cards has refused it already
        raise RecordError(str(e)) from None
    n = rules.players
    if "asking" in x:
        for i, says in enumerate(_answers(record, "asking"), 1):
            if deal.phase != "asking":
                word = "play" if says else "pass"
                if deal.answers[-1][1]:
                    soloist = deal.answers[-1][0]
                    who = f", seat {deal.asking_order[i - 1]}" if i <= n else ""
                    raise RecordError(f"asking: answer {i}{who} says \"{word}\" after seat {soloist} "
                                      f"already said play: there is no second soloist (the first \"play\" "
                                      "ends the asking)")
                raise RecordError(f"asking: answer {i} is one too many: all {n} players have answered, "
                                  "each is asked once")
            deal.ask(says)
    if "discards" in x:
        a, b = _two_cards(record, "discards", "the discards")
        if deal.phase != "discard":
            raise _missing_before(deal, "discards", "soloist to discard")
        s = deal.soloist
        assert s is not None
        held = deal.hand(s)
        for c in (a, b):
            if c not in held:
                other = next((f" (seat {t} holds it)" for t in range(n) if c in deal.dealt[t]), "")
                raise RecordError(f"discards: the soloist, seat {s}, does not hold {c.code}{other}; with the "
                                  f"skat seat {s} holds {' '.join(h.code for h in held)}")
        deal.discard(a, b)
    if "announcement" in x:
        _muhr_only(rules, "announcement")
        value = x["announcement"]
        said = value.strip().lower() if isinstance(value, str) else None
        if said not in _ANNOUNCEMENTS:
            raise RecordError(f"'announcement' must be \"none\", \"66\" or \"du\", not {_show(value)}")
        if deal.phase != "announce":
            raise _missing_before(deal, "announcement", "soloist to announce")
        deal.announce(None if said == "none" else said)
    if "contra" in x:
        _muhr_only(rules, "contra")
        answers = _answers(record, "contra")
        if deal.phase != "contra" and answers:
            if deal.phase in ("play", "over") and deal.soloist is not None:
                raise RecordError(f"contra: no defender may say contra: only defenders never asked may, and "
                                  f"the soloist, seat {deal.soloist}, was the last one asked")
            raise _missing_before(deal, "contra", "soloist to say contra against")
        for i, says in enumerate(answers, 1):
            if deal.phase != "contra":
                if deal.contra_by is not None:
                    raise RecordError(f"contra: answer {i} comes after seat {deal.contra_by} said contra: "
                                      "one contra is enough, no one answers after it")
                eligible = ", ".join(map(str, deal.contra_eligible))
                raise RecordError(f"contra: answer {i} is one too many: only seats {eligible} may say contra, "
                                  "each once")
            deal.contra(says)
    if "re" in x:
        _muhr_only(rules, "re")
        value = x["re"]
        if not isinstance(value, bool):
            raise RecordError(f"'re' must be true or false, not {_show(value)}")
        if deal.phase != "re":
            if deal.phase in ("play", "over") and deal.soloist is not None:
                raise RecordError("re: the soloist says re only to answer a contra, and no defender said contra")
            raise _missing_before(deal, "re", "soloist to say re")
        deal.redouble(value)
    return deal


def _discards_aside(deal: HerzblattDeal) -> dict[Card, str]:
    return {c: "it is among the discards" for c in deal.discards or ()}


class HerzblattGame:
    """Records of Herzblatt deals: the skat, the asking, the discards, Muhr's calls, the tricks."""

    id = "herzblatt"
    extra_keys: frozenset[str] = frozenset({"skat", "asking", "discards", "announcement", "contra", "re"})

    def validate(self, record: Record) -> None:
        rules = herzblatt_rules(record)
        if get_pack(record.pack).mask != rules.pack.mask:
            raise RecordError(f"Herzblatt for {rules.players} players (removal \"{rules.removal}\") uses the "
                              f"{rules.pack.id} pack, not {record.pack}")
        if "skat" not in record.extra:
            raise RecordError("missing key 'skat': a Herzblatt record needs the two cards set aside, "
                              "e.g. \"skat\": [\"7C\", \"KD\"]")
        check_deal_cards(record, _two_cards(record, "skat", "the skat"), "the skat")
        refuse_lay_off_plays(record)
        deal = _herzblatt_deal(record, rules)
        if record.plays and deal.phase != "play":
            if deal.phase == "over":
                raise RecordError("plays: every seat passed and the deal is thrown in (all_pass \"redeal\"): "
                                  "no card is played")
            raise RecordError(f"plays: the deal is still in the {deal.phase} phase: {_NEXT[deal.phase]} "
                              "before the first card")

    def replay(self, record: Record, upto: int | None = None) -> Deal:
        deal = _herzblatt_deal(record, herzblatt_rules(record))
        plays = record.plays if upto is None else record.plays[:upto]
        if plays:
            assert deal.trick_deal is not None  # validate() saw the play phase
            play_tricks(deal.trick_deal, plays, play=deal.play, aside=_discards_aside(deal))
        return deal

    def claims(self, deal: object) -> bool:
        return isinstance(deal, HerzblattDeal)

    def record_of(self, deal: Any, *, pack: Pack | None, dealer: int | None) -> Record:
        if not isinstance(deal, HerzblattDeal):
            raise RecordError(f"cannot record {type(deal).__name__} as Herzblatt: record a HerzblattDeal")
        rules = deal.rules
        if pack is not None and pack.mask != rules.pack.mask:
            raise RecordError(f"this Herzblatt deal is dealt from the {rules.pack.id} pack, not {pack.id}")
        if dealer is not None and dealer != deal.dealer:
            raise RecordError(f"dealer {dealer} does not fit the deal: it was dealt by seat {deal.dealer}")
        options = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
                   if f.name != "players" and getattr(rules, f.name) != f.default}
        extra: dict[str, Any] = {"skat": [c.code for c in deal.skat]}
        if deal.answers:
            extra["asking"] = ["play" if says else "pass" for _, says in deal.answers]
        if deal.discards is not None:
            extra["discards"] = [c.code for c in deal.discards]
            if rules.muhr and deal.phase != "announce":
                extra["announcement"] = deal.announcement or "none"
        if deal.contra_answers:
            extra["contra"] = ["contra" if says else "pass" for _, says in deal.contra_answers]
        if deal.contra_by is not None and deal.phase != "re":
            extra["re"] = deal.re
        plays = tuple(c for _, c in deal.trick_deal.plays) if deal.trick_deal is not None else ()
        p = pack if pack is not None else rules.pack
        return Record(game=self.id, contract=HERZBLATT_CONTRACT, pack=p.id, dealer=deal.dealer,
                      hands=deal.dealt, plays=plays, options=options, extra=extra)

    def summary(self, record: Record, deal: Any) -> dict[str, Any]:
        assert isinstance(deal, HerzblattDeal)
        out = summary_head(record, deal) | {
            "phase": deal.phase,
            "asking": [{"seat": s, "answer": "play" if says else "pass"} for s, says in deal.answers],
            "soloist": deal.soloist,
            "skat": [c.code for c in deal.skat],
            "discards": None if deal.discards is None else [c.code for c in deal.discards]}
        if deal.rules.muhr:
            announced = deal.discards is not None and deal.phase != "announce"
            out |= {"announcement": (deal.announcement or "none") if announced else None,
                    "contra": deal.contra_by, "re": deal.re}
        if deal.trick_deal is not None:
            out |= trick_summary(deal.trick_deal)
        else:
            out |= {"tricks": [], "current_trick": [], "tricks_won": [0] * deal.players}
        if deal.soloist is None:
            out["card_points"] = None
        else:
            points = deal.card_points()
            out["card_points"] = {"soloist": points[deal.soloist],
                                  "defenders": sum(points) - points[deal.soloist]}
        if deal.is_over:
            settlement = deal.settlement()
            out |= {"outcome": deal.outcome, "value": settlement.value, "stakes": list(settlement.stakes),
                    "settlement": settlement.explanation}
        else:
            out |= {"outcome": None, "value": None, "stakes": None, "settlement": None}
        return out


HERZBLATT = register_game(HerzblattGame())
"""The handler of ``"game": "herzblatt"`` records."""
