"""The heuristic bot's reasons in German: the same claims as :mod:`keinstich.bots.reasons` (read off the same
:class:`~keinstich.bots.reasons.Spot`), said to the seat as ``du``, cards named in the faces' German words
("Grün-Ober", or "Q♠" with French faces)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from keinstich.bots.domino import opens
from keinstich.bots.reasons import (
    Spot,
    _higher_out,
    _later,
    _points,
    cheap_facts,
    free_high,
    lead_wins_worth,
    leaves_void,
    lowest_in,
    lowest_of,
    nobody_over,
    shortest_side,
    take_kind,
)
from keinstich.cards import SUIT_MASKS, Card, Suit
from keinstich.kernel.heuristic import (
    DUCK,
    FREE,
    LEAD_EXIT,
    LEAD_FREE,
    LEAD_FREE_SHORT,
    LEAD_RISK,
    LEAD_SAFE,
    LEAD_SHORT,
    LEAD_WIN,
    LOW_HOPE,
    ONLY,
    SHED_UNDER,
    T_CASH,
    T_CHEAP,
    T_DRAW,
    T_DRAW_TOP,
    T_LEAD_LOW,
    T_LEAD_TRUMP,
    T_RUFF,
    T_SCHMIER,
    T_TAKE,
    TAKE_HIGH,
    TAKE_LAST,
    VOID_HIGH,
    VOID_LOW,
    VOID_SHED,
    WIN,
)
from keinstich.wording import card_words, current_style

SOWEIT = "soweit du es sagen kannst"


def karte(c: Card) -> str:
    """One card in the faces' German words: "Grün-Ober", or "Q♠" with French faces."""
    return card_words(c, current_style(), "de")


def karten(cs: Iterable[Card]) -> str:
    names = [karte(c) for c in cs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " und " + names[-1]


def farbe(s: Suit) -> str:
    return s.label(current_style(), "de")


def anzahl(k: int, one: str, many: str) -> str:
    return f"{k} {one if k == 1 else many}"


def _draussen(sp: Spot, c: Card) -> str:
    k = _higher_out(sp, c)
    if not k:
        return f"keine höhere Karte in {farbe(c.suit)} ist noch draußen"
    return f"{anzahl(k, 'höhere Karte', 'höhere Karten')} in {farbe(c.suit)} {'ist' if k == 1 else 'sind'} noch draußen"


def _ausspielen(sp: Spot, c: Card) -> str:
    """"spiel Grün-Unter aus", with the card's place in the hand's suit when it is the lowest there: "spiel
    Grün-Unter aus, die niedrigere deiner 2 Karten in Grün"."""
    k = lowest_of(sp, c)
    if not k:
        return f"spiel {karte(c)} aus"
    if k == 1:
        return f"spiel {karte(c)} aus, deine einzige Karte in {farbe(c.suit)}"
    return f"spiel {karte(c)} aus, die {'niedrigere' if k == 2 else 'niedrigste'} deiner {k} Karten in {farbe(c.suit)}"


def _fehlfarbe(sp: Spot, c: Card) -> str:
    if leaves_void(sp, c):
        return f"und danach hast du kein {farbe(c.suit)} mehr"
    return "und das arbeitet auf eine Fehlfarbe hin"


def _nimm(sp: Spot, c: Card) -> str:
    return (f"nimm ihn mit {karte(c)}", f"nimm ihn mit deiner höchsten Karte, {karte(c)}",
            f"nimm ihn mit {karte(c)}: jede andere Karte würde den Stich teurer machen",
            f"nimm ihn mit {karte(c)}: keine Karte macht den Stich billiger, und sie ist die höchste davon"
            )[take_kind(sp, c)]


def _niemand_drueber(sp: Spot, c: Card) -> str | None:
    why = nobody_over(sp, c)
    if why == 1:
        return f"keine höhere Karte in {farbe(c.suit)} ist noch draußen"
    return f"alle nach dir haben gezeigt, dass sie kein {farbe(c.suit)} haben" if why == 2 else None


def trick_reason_de(code: int, c: Card, ref: Card | None, name: str, sp: Spot) -> str:
    """:func:`~keinstich.bots.reasons.trick_reason` in German (``name``: the contract's German name)."""
    x = karte(c)
    r = karte(ref) if ref is not None else ""
    if code == ONLY:
        return f"{x} ist die einzige Karte, die du spielen darfst"
    if code == DUCK:
        return (f"drunter bleiben: {x} bleibt unter {r}, der höchsten Karte im Stich (die höchste Karte, die noch "
                "verliert)")
    if code == SHED_UNDER:
        return f"wirf die gefährliche Karte {x} unter {r} ab: der Stich geht an einen anderen"
    if code == TAKE_LAST:
        return f"du musst diesen Stich nehmen (jede Karte, die du spielen darfst, schlägt {r}): {_nimm(sp, c)}"
    if code == LOW_HOPE:
        return (f"du kannst nicht unter {r} bleiben: spiel {x}, {SOWEIT} die am wenigsten riskante Karte; "
                f"{_draussen(sp, c)}, also kann ein späterer Spieler darüber gehen")
    if code == TAKE_HIGH:
        why = _niemand_drueber(sp, c)
        if why is None:
            return f"du kannst nicht unter {r} bleiben: {_nimm(sp, c)}"
        return f"du kannst nicht unter {r} bleiben: {_nimm(sp, c)}; niemand nach dir kann sie schlagen ({why})"
    if code in (WIN, FREE):
        last = not _later(sp)
        how = f"gewinn ihn mit {x}" if last else f"geh mit {x} über {r}"
        if code == WIN:
            return f"{how}: bei „{name}“ lohnt sich dieser Stich"
        high = ("", "deiner höchsten Karte", "deiner höchsten Karte, die nichts kostet")[free_high(sp, c)]
        whatever = "" if last else ", und keine Karte, die noch draußen ist, kostet etwas"
        return f"in diesem Stich geht es um nichts{whatever}: {how}" + (f", {high}, um sie loszuwerden" if high else "")
    if code in (VOID_SHED, VOID_HIGH, VOID_LOW):
        void = f"du hast kein {farbe(sp.trick[0].suit)}"
        if code == VOID_SHED:
            return f"{void}: wirf die gefährliche Karte {x} ab"
        likely = "am ehesten" if code == VOID_HIGH else "am wenigsten wahrscheinlich"
        return (f"{void}: wirf {x} ab, {SOWEIT} die Karte, die {likely} später einen Stich gewinnt "
                f"({_draussen(sp, c)})")
    if code == LEAD_SAFE:
        return (f"spiel {x} aus: jede Karte in {farbe(c.suit)}, die die anderen haben, ist höher, also kann sie "
                "nicht gewinnen")
    if code == LEAD_EXIT:
        return (f"spiel {x} aus und heb {r} als Abspielkarte für später auf: jede Karte in "
                f"{farbe(ref.suit) if ref else ''}, die noch draußen ist, ist höher, also kann {r} vorerst nicht "
                "gewinnen")
    if code == LEAD_SHORT:
        if not _higher_out(sp, c):
            return f"{_ausspielen(sp, c)}: {SOWEIT} kostet der Stich wenig, {_fehlfarbe(sp, c)}"
        return f"{_ausspielen(sp, c)}: {_draussen(sp, c)}, also verliert sie wohl, {_fehlfarbe(sp, c)}"
    if code in (LEAD_FREE, LEAD_FREE_SHORT):
        free = f"ein Stich in {farbe(c.suit)} kostet nichts, solange alle bedienen"
        if code == LEAD_FREE:
            return f"spiel {x} aus: {free}"
        return f"{_ausspielen(sp, c)}: {free}, {_fehlfarbe(sp, c)}"
    if code == LEAD_RISK:
        return (f"{_ausspielen(sp, c)}: jedes Ausspiel kann dich etwas kosten, und {SOWEIT} riskiert "
                "dieses am wenigsten")
    if code == LEAD_WIN:
        if lead_wins_worth(sp, c):
            return (f"spiel {x} aus: bei „{name}“ lohnt sich dieser Stich, und {SOWEIT} hat {x} die beste Chance, "
                    "ihn zu gewinnen")
        return f"{_ausspielen(sp, c)}: bei „{name}“ bringt dieser Stich für sich nichts"
    raise ValueError(f"no reason with code {code}")


def _punkte(pts: int) -> str:
    return anzahl(pts, "Punkt", "Punkte") if pts else "keine Punkte"


def trump_reason_de(code: int, c: Card, ref: Card | None, sp: Spot) -> str:
    """:func:`~keinstich.bots.reasons.trump_reason` in German."""
    x = karte(c)
    r = karte(ref) if ref is not None else ""
    trump = sp.tb.trump
    tmask = SUIT_MASKS[trump] if trump is not None else 0
    if code == ONLY:
        return f"{x} ist die einzige Karte, die du spielen darfst"
    if code == T_TAKE:
        held = _punkte(_points(sp, [*sp.trick, c]))
        if not _later(sp):
            return f"nimm den Stich mit {x}, über {r}: er enthält {held}"
        return f"geh mit {x} über {r}: im Stich sind bisher {held}"
    if code == T_RUFF:
        if ref is not None and ref.suit == trump:
            return f"übertrumpf {r} mit {x}"
        return f"stich mit {x}: jeder Trumpf schlägt {r}"
    if code == T_SCHMIER:
        return f"deine Seite gewinnt den Stich mit {r}: schmier die {_punkte(_points(sp, [c]))} von {x} dazu"
    if code == T_CHEAP:
        ours, fewest = cheap_facts(sp, c)
        play = f"spiel {x}, das gibt {_punkte(_points(sp, [c]))}"
        if ours:
            return f"deine Seite gewinnt den Stich vorerst mit {r}: {play}"
        return f"die andere Seite gewinnt den Stich mit {r}: {play}" + (", so wenige wie möglich" if fewest else "")
    if code == T_DRAW_TOP:
        m = (sp.unseen & tmask).bit_count()
        return f"zieh Trümpfe mit {x}: noch {anzahl(m, 'Trumpf ist', 'Trümpfe sind')} draußen, keiner höher als {x}"
    if code == T_DRAW:
        mine, m = (sp.hand & tmask).bit_count(), (sp.unseen & tmask).bit_count()
        which = f"deinem niedrigsten Trumpf, {x}" if lowest_in(sp, c, sp.hand & tmask) else x
        return (f"zieh Trümpfe mit {which}: du hast {anzahl(mine, 'Trumpf', 'Trümpfe')}, und {m} "
                f"{'ist' if m == 1 else 'sind'} noch draußen")
    if code == T_CASH:
        return f"hol dir den Stich mit {x}: keine höhere Karte in {farbe(c.suit)} ist noch draußen"
    if code == T_LEAD_LOW:
        return _ausspielen(sp, c) + (": keine deiner Nebenfarben ist kürzer" if shortest_side(sp, c) else "")
    if code == T_LEAD_TRUMP:
        return f"du hast nur noch Trümpfe: spiel {'deinen niedrigsten, ' if lowest_in(sp, c, sp.hand) else ''}{x} aus"
    raise ValueError(f"no reason with code {code}")


def herzblatt_tail_de(soloist: bool, pts: int, trumps_out: int) -> str:
    """The count after a Herzblatt card's reason: the side's points and the trumps not yet seen."""
    who = "du hast" if soloist else "deine Seite hat"
    return f" ({who} {anzahl(pts, 'Punkt', 'Punkte')}; {anzahl(trumps_out, 'Trumpf', 'Trümpfe')} noch nicht gesehen)"


def herzblatt_call_de(phase: str, yes: bool, value: float, need: float, trumps: int,
                      high: Sequence[Card] = (), pair: Sequence[Card] = (), banked: int = 0,
                      voided: Sequence[Suit] = ()) -> str:
    """Herzblatt's asking, discard and calls in German
    (:func:`~keinstich.bots.herzblatt.herzblatt_heuristic_decision`)."""
    mit = f"mit {anzahl(trumps, 'Trumpf', 'Trümpfen')}"
    if phase == "asking":
        return (f"{'ich spiele' if yes else 'passen'}: {mit} und den hohen Karten sollte die Hand etwa "
                f"{value:.0f} Punkte machen; ein Solo lohnt sich ab etwa {need:.0f}")
    if phase == "discard":
        why = f"drück {karten(pair)}: {banked} Punkte sicher"
        if voided:
            why += ", danach kein " + " und ".join(farbe(s) for s in sorted(voided)) + " mehr"
        return why
    if phase == "announce":
        if yes:
            return f"sag 66 an: die Hand ist etwa {value:.0f} Punkte wert"
        return f"keine Ansage: etwa {value:.0f} Punkte sind keine sicheren 66"
    if phase == "contra":
        among = f", darunter {karten(high)}" if high else ""
        if yes:
            return f"Kontra: {mit}{among} erwartest du, den Spieler zu schlagen"
        return f"kein Kontra: {mit}{among} erwartest du nicht, den Spieler allein zu schlagen"
    return f"{'Re' if yes else 'kein Re'}: die Hand ist etwa {value:.0f} Punkte wert"


def lay_off_de(kind: str, c: Card | None = None, own: int = 0, other: int = 0) -> str:
    """The lay-off heuristic's reasons in German (:func:`~keinstich.bots.domino.domino_heuristic`)."""
    if kind == "none-fits":
        return "keine Karte passt an: passen"
    if kind == "hold-back":
        return "jede Karte, die du anlegen könntest, würde den anderen den Weg öffnen: passen"
    assert c is not None
    if kind == "only":
        return f"{karte(c)} ist die einzige Karte, die passt"
    why = {
        "own-only": f"sie öffnet den Weg für {own} deiner eigenen Karten und für keine der anderen",
        "own": f"sie öffnet den Weg für {own} deiner Karten (und {other} der anderen)",
        "nothing": "sie öffnet den anderen nichts",
        "least": "jede Karte hilft jemandem; diese hilft den anderen am wenigsten",
    }[opens(own, other)]
    return f"leg {karte(c)} an: {why}"


__all__ = ["herzblatt_call_de", "herzblatt_tail_de", "lay_off_de", "trick_reason_de", "trump_reason_de"]
