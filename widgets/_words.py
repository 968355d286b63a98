"""The Table's own words in English and German, and the names of its buttons for moves.

Card names come from the engine; a move that puts down no card (a pass, Herzblatt's answers and
calls) is named by its own text (``str(move)``, "pass" for a lay-off pass), which keys the button
labels below; a move without a label here shows its text as it is.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BUTTON_STYLES", "LABELS", "STRINGS", "UNITS", "action_key", "move_text"]

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "you": "You", "seat": "Seat {n}", "hint": "Hint", "undo": "Undo", "open": "Open hands",
        "new": "New deal", "seed": "Seed", "from_text": "Deal from text", "text_title": "Deal from text",
        "history": "Tricks and moves", "contract": "Contract", "game": "Game", "thinking": "{name} is thinking…",
        "your_card": "Your turn: play a card.", "your_lead": "Your turn: lead a card.",
        "your_lay": "Your turn: lay a card.", "must_pass": "No card fits: press Pass.",
        "may_pass": "Your turn: lay a card, or pass.",
        "asking": "Do you play (solo, with the skat) or pass?", "discard": "Pick two cards to lay away, then press "
        "Discard ({k} of 2 picked).", "announce": "Announce: nothing, 66 or du (all tricks)?",
        "contra": "Say contra against the soloist?", "re": "{name} said contra: say re?",
        "pick": "Pick {n} cards, then press {button} ({k} of {n} picked).", "decide": "Your turn: {moves}?",
        "waiting": "{name} to move.", "over": "The deal is over. {result} Press New deal for another.",
        "end": "Lay at", "bots": "Bots", "tricks": "tricks", "score": "score",
        "lay_top": "{card} at the top", "lay_bottom": "{card} at the bottom",
        "total": "So far: {total} {unit}", "places": "Out: {order}", "set_aside": "Not dealt: {cards}",
        "hint_note": "The coach suggests", "trick_k": "Trick {k}", "last_trick": "Last trick",
        "last_tip": "show the trick before the one on the table", "cards": "Cards",
        "to_play": "{name} to play", "phase": "Phase: {phase}",
        "dealt": "New deal (seed {seed}).", "dealt_text": "Dealt from your text.",
        "undone": "Taken back to your previous move.", "new_game": "Now {game}: new deal (seed {seed}).",
        "hint_thinking": "the coach is thinking", "stop": "Stop", "stopped": "stopped",
        "reviewing": "reviewing your deal", "retry": "Trying again from {where}: the same cards, your move.",
        "hint_busy": "the coach is still thinking: wait, or press Stop",
        "payout": "Paid out by place from a standard pot, less the pass fees (pf): {gets}.",
    },
    "de": {
        "you": "Du", "seat": "Platz {n}", "hint": "Tipp", "undo": "Zurück", "open": "Offene Karten",
        "new": "Neu geben", "seed": "Seed", "from_text": "Aus Text geben", "text_title": "Karten als Text",
        "history": "Stiche und Züge", "contract": "Spiel", "game": "Spielart", "thinking": "{name} denkt nach…",
        "your_card": "Du bist dran: spiel eine Karte.", "your_lead": "Du spielst aus.",
        "your_lay": "Du bist dran: leg eine Karte an.", "must_pass": "Keine Karte passt: drück Passen.",
        "may_pass": "Du bist dran: anlegen oder passen.",
        "asking": "Spielst du (mit dem Skat) oder passt du?", "discard": "Wähl zwei Karten zum Drücken, dann "
        "„Drücken“ ({k} von 2 gewählt).", "announce": "Ansage: keine, 66 oder du (alle Stiche)?",
        "contra": "Kontra gegen den Spieler?", "re": "{name} sagt Kontra: Re?",
        "pick": "Wähl {n} Karten, dann „{button}“ ({k} von {n} gewählt).", "decide": "Du bist dran: {moves}?",
        "waiting": "{name} ist dran.", "over": "Das Spiel ist aus. {result} „Neu geben“ für das nächste.",
        "end": "Anlegen", "bots": "Bots", "tricks": "Stiche", "score": "Stand",
        "lay_top": "{card} oben", "lay_bottom": "{card} unten",
        "total": "Bisher: {total} {unit}", "places": "Draußen: {order}", "set_aside": "Nicht ausgeteilt: {cards}",
        "hint_note": "Der Trainer rät:", "trick_k": "Stich {k}", "last_trick": "Letzter Stich",
        "last_tip": "den Stich vor dem auf dem Tisch zeigen", "cards": "Karten",
        "to_play": "{name} ist dran", "phase": "Phase: {phase}",
        "dealt": "Neu gegeben (Seed {seed}).", "dealt_text": "Aus deinem Text gegeben.",
        "undone": "Zurück zu deinem letzten Zug.", "new_game": "Jetzt {game}: neu gegeben (Seed {seed}).",
        "hint_thinking": "der Trainer denkt nach", "stop": "Stopp", "stopped": "gestoppt",
        "reviewing": "dein Spiel wird durchgesehen", "retry": "Noch einmal ab {where}: dieselben Karten, du bist dran.",
        "hint_busy": "der Trainer denkt noch: warte, oder drück Stopp",
        "payout": "Nach Platz aus einem üblichen Topf ausgezahlt, weniger Passgebühren (Pf): {gets}.",
    },
}
"""The table's words; a phase's prompt is keyed by the phase's name (``deal.phase``)."""

LABELS: dict[str, dict[str, str]] = {
    "en": {"play": "Play (solo)", "pass": "Pass", "discard": "Discard", "announce nothing": "No announcement",
           "announce 66": "66", "announce du": "du", "contra": "Contra", "no contra": "No contra", "re": "Re",
           "no re": "No re"},
    "de": {"play": "Ich spiele", "pass": "Passen", "discard": "Drücken", "announce nothing": "Keine Ansage",
           "announce 66": "66", "announce du": "du", "contra": "Kontra", "no contra": "Kein Kontra", "re": "Re",
           "no re": "Kein Re"},
}
"""Button labels by the move's text (a picking phase's button by the phase's name)."""

_KEYS = {"play": "solo", "announce nothing": "announce-none"}
BUTTON_STYLES = {"solo": "success", "discard": "primary", "contra": "warning", "re": "warning",
                 "lay-pass": "warning"}
UNITS: dict[str, dict[str, str]] = {
    "en": {"pfennig": "pf", "points": "points", "stakes": "stakes"},
    "de": {"pfennig": "Pf", "points": "Punkte", "stakes": "Einsätze"},
}


def move_text(move: Any) -> str:
    """A move that puts down no card, in words: its own text; a lay-off pass (None) is "pass"."""
    return "pass" if move is None else str(move)


def action_key(move: Any) -> str:
    """The key of a move's button (``Table.act(key)``): "solo", "pass", "announce-66", "no-contra",
    …; a lay-off pass is "lay-pass" (Herzblatt's answer "pass" is "pass")."""
    if move is None:
        return "lay-pass"
    text = move_text(move)
    return _KEYS.get(text, text.replace(" ", "-"))
