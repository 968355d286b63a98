"""Herzblatt's records (``"game": "herzblatt"``, docs/records.md): one deal with its phases as
top-level keys, ``skat``, ``asking``, ``discards`` and, in Muhr's variant, ``announcement``,
``contra`` and ``re``; the options are the game's settings (the :class:`HerzblattRules` fields).

:class:`HerzblattRecords` is the codec; :class:`~keinstich.games.herzblatt.Herzblatt` inherits it
and deals through its ``deal_from_hands`` (this module does not import the game's module).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from keinstich.cards import Card, Pack, quoted
from keinstich.cards import pack as get_pack
from keinstich.deal import Deal, GameRecord
from keinstich.game import Game
from keinstich.games.codec import Option, check_options, is_bool, is_count, play_moves, summary_head, trick_summary
from keinstich.limits import shown
from keinstich.records import (
    Record,
    RecordError,
    check_deal_cards,
    parse_card,
    record_pack,
    refuse_lay_off_plays,
)

if TYPE_CHECKING:
    from keinstich.games.herzblatt_deal import HerzblattDeal
    from keinstich.games.herzblatt_rules import HerzblattRules

HERZBLATT_CONTRACT = "herzblatt"
"""The one contract id of a Herzblatt record (the variants are options)."""
SKAT = 2


_show = shown
"""A value as the record's JSON would show it, cut short (repr when it is no JSON)."""


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


def _two_cards(record: GameRecord, key: str, what: str) -> tuple[Card, Card]:
    value = record.extra[key]
    if isinstance(value, str | bytes) or not isinstance(value, list | tuple) or len(value) != SKAT:
        raise RecordError(f"'{key}' must be two card codes such as [\"7C\", \"KD\"], not {_show(value)}")
    p = get_pack(record.pack)
    a, b = (parse_card(code, what, p) for code in value)
    if a is b:
        raise RecordError(f"{what} holds {a.code} twice: it is two different cards")
    return a, b


def _answers(record: GameRecord, key: str) -> list[bool]:
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


def _one_of(choices: tuple[object, ...]) -> Callable[[object], bool]:
    def accepts(v: object) -> bool:
        return isinstance(v, str) and v in choices

    return accepts


def _muhr_only(rules: HerzblattRules, key: str) -> None:
    if not rules.muhr:
        raise RecordError(f"'{key}' belongs to Muhr's variant: set the option \"muhr\": true, or drop '{key}'")


def _missing_before(deal: HerzblattDeal, key: str, what: str) -> RecordError:
    """A key given while the deal is still in an earlier phase."""
    if deal.phase == "over":
        return RecordError(f"{key}: every seat passed and the deal is thrown in (all_pass \"redeal\"): "
                           f"there is no {what}")
    return RecordError(f"{key}: the deal is still in the {deal.phase} phase: {_NEXT[deal.phase]} first")


class HerzblattRecords(Game):
    """Records of Herzblatt deals: the skat, the asking, the discards, Muhr's calls, the tricks."""

    extra_keys: ClassVar[frozenset[str]] = frozenset({"skat", "asking", "discards", "announcement", "contra", "re"})

    def option_table(self) -> dict[str, Option]:
        """The options of a Herzblatt record: every setting (docs/rules.md §5) but ``players``, which
        the record's hands say."""
        out: dict[str, Option] = {}
        for s in self.settings():
            if s.name == "players":
                continue
            if isinstance(s.default, bool):
                out[s.name] = Option(s.name, is_bool, "true or false")
            elif isinstance(s.default, int):
                out[s.name] = Option(s.name, is_count, "a whole number, 0 or more")
            elif s.choices is not None:
                out[s.name] = Option(s.name, _one_of(s.choices), "one of " + ", ".join(f'"{c}"' for c in s.choices))
        return out

    def record_rules(self, record: GameRecord) -> HerzblattRules:
        """The rules a Herzblatt record names: its player count and options (refuses unknown ones)."""
        n = record.players
        if n not in self.player_counts:
            raise RecordError(f"Herzblatt is for {self.player_counts[0]} to {self.player_counts[-1]} players; "
                              f"this record has {n} hand{'s' if n != 1 else ''}")
        if record.contract != HERZBLATT_CONTRACT:
            raise RecordError(f"unknown contract {quoted(record.contract)} for herzblatt: the contract is always "
                              f"\"{HERZBLATT_CONTRACT}\" (variants are options, e.g. {{\"muhr\": true}})")
        check_options(HERZBLATT_CONTRACT, record.options, self.option_table())
        try:
            rules: HerzblattRules = dataclasses.replace(self.contract(HERZBLATT_CONTRACT, n), **record.options)
        except ValueError as e:
            raise RecordError(f"options: {e}") from None
        return rules

    def deal_before_play(self, record: GameRecord, rules: HerzblattRules) -> HerzblattDeal:
        """The deal with everything before the first card applied: asking, discards, Muhr's calls.

        Every refusal is a :class:`RecordError`: these are the record's facts, not plays.
        """
        x = record.extra
        skat = _two_cards(record, "skat", "the skat")
        try:
            deal = cast("HerzblattDeal", self.deal_from_hands(rules, record.hands, dealer=record.dealer, aside=skat))
        except ValueError as e:  # pragma: no cover - check_deal_cards has refused it already
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

    def validate(self, record: GameRecord) -> None:
        rules = self.record_rules(record)
        if get_pack(record.pack).mask != rules.pack.mask:
            raise RecordError(f"Herzblatt for {rules.players} players (removal \"{rules.removal}\") uses the "
                              f"{rules.pack.id} pack, not {record.pack}")
        if "skat" not in record.extra:
            raise RecordError("missing key 'skat': a Herzblatt record needs the two cards set aside, "
                              "e.g. \"skat\": [\"7C\", \"KD\"]")
        check_deal_cards(record, _two_cards(record, "skat", "the skat"), "the skat")
        refuse_lay_off_plays(record)
        deal = self.deal_before_play(record, rules)
        if record.plays and deal.phase != "play":
            if deal.phase == "over":
                raise RecordError("plays: every seat passed and the deal is thrown in (all_pass \"redeal\"): "
                                  "no card is played")
            raise RecordError(f"plays: the deal is still in the {deal.phase} phase: {_NEXT[deal.phase]} "
                              "before the first card")

    def replay(self, record: GameRecord, upto: int | None = None) -> Deal:
        deal = self.deal_before_play(record, self.record_rules(record))
        plays = record.plays if upto is None else record.plays[:upto]
        play_moves(deal, plays, aside={c: "it is among the discards" for c in deal.discards or ()})
        return deal

    def record_of(self, deal: Any, *, pack: str | Pack | None = None, dealer: int | None = None) -> Record:
        if getattr(deal, "game", None) != self.id or not hasattr(deal, "skat"):
            raise RecordError(f"cannot record {type(deal).__name__} as Herzblatt: record a HerzblattDeal")
        rules = deal.rules
        p = record_pack(self, deal, pack)
        if p.mask != rules.pack.mask:
            raise RecordError(f"this Herzblatt deal is dealt from the {rules.pack.id} pack, not {p.id}")
        if dealer is not None and dealer != deal.dealer:
            raise RecordError(f"dealer {dealer} does not fit the deal: it was dealt by seat {deal.dealer}")
        known = self.option_table()
        options = {s.name: getattr(rules, s.name) for s in self.settings()
                   if s.name in known and getattr(rules, s.name) != s.default}
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
        return Record(game=self.id, contract=HERZBLATT_CONTRACT, pack=p.id, dealer=deal.dealer,
                      hands=deal.dealt, plays=plays, options=options, extra=extra)

    def summary(self, record: GameRecord, deal: Any) -> dict[str, Any]:
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
        if deal.over:
            settlement = deal.settlement()
            out |= {"outcome": deal.outcome, "value": settlement.value, "stakes": list(settlement.stakes),
                    "settlement": settlement.explanation}
        else:
            out |= {"outcome": None, "value": None, "stakes": None, "settlement": None}
        return out


