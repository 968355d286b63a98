"""What the trainer draws, as HTML: the position's line, the answer's feedback, the refuting layout, the ratings,
a card-sense question and its score. Pure functions of the trainer's values; the widget (widgets/trainer.py)
wires them to its buttons."""

from __future__ import annotations

import html

from keinstich.cards import Lang, Style, sort_hand
from keinstich.coach import Grade
from keinstich.coach.why import move_text
from keinstich.deal import Deal, Move
from keinstich.faces import cards_html
from keinstich.faces.review import lesson_link
from keinstich.i18n import _, day, ngettext, number
from keinstich.trainer import sense as card_sense
from keinstich.trainer.bank import Bank
from keinstich.trainer.memory import Memory
from keinstich.trainer.positions import family_name
from keinstich.trainer.practice import Outcome, Question
from keinstich.trainer.themes import THEMES, theme_name
from keinstich.wording.names import grade_name

from ._games import game_of, hand_order, lays_off, tricks_of

GRADE_COLOURS = {Grade.BEST: "#0b7a28", Grade.FINE: "#2e7d32", Grade.ONLY: "#0b7a28", Grade.MISTAKE: "#b26a00",
                 Grade.BLUNDER: "#b00020"}


def move_name(move: Move, style: Style) -> str:
    """A move as the trainer names it: as the coach's sentences do ("Daus of Acorns at the bottom", "pass")."""
    return move_text(move, style)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last (empty stays empty)."""
    text = text.strip()
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def contract_options(bank: Bank, style: Style | None) -> list[tuple[str, str]]:
    """The bank's contracts for a dropdown: each named in the pack's words, with its number of positions."""
    out = []
    for cid, n in bank.contracts().items():
        g = game_of(next(e for e in bank.entries if e.contract == cid).game)
        try:
            name = g.contract_name(g.contract(cid), style)
        except ValueError:
            name = cid
        out.append((f"{name} ({n})", cid))
    return out


def contract_label(d: Deal, style: Style, fallback: str = "") -> str:
    """A position's contract in the pack's words ("No Hearts", "Herzblatt, 3 players …"); ``fallback`` where the
    game cannot name it."""
    g = game_of(d.game)
    try:
        return g.contract_name(g.contract_of(d), style)
    except (ValueError, AttributeError):
        return fallback


def missed_line(memory: Memory, view: str, misses: int, n: int, contract: str, style: Style | None) -> str:
    """A position missed, as the Progress tab lists it: its contract by name and where in the deal it stands."""
    last = memory.last_position(view)
    if last is None:
        return _("{contract}: missed {misses} of {n}", contract=contract, misses=misses, n=n)
    from keinstich.coach.grades import pack_in_play
    from keinstich.trainer.positions import position_of

    d = position_of(last["position"])
    name = contract_label(d, style or pack_in_play(d).style, contract)
    if lays_off(d):
        return _("{contract}: missed {misses} of {n}", contract=name, misses=misses, n=n)
    where = _("trick {k} of {n}", k=len(tricks_of(d).tricks) + 1, n=tricks_of(d).total_tricks)
    return _("{contract}, {where}: missed {misses} of {n}", contract=name, where=where, misses=misses, n=n)


def position_line(q: Question, style: Style) -> str:
    """The line above a position: contract, trick, seat, where it comes from, its rating and themes."""
    d = q.position
    name = contract_label(d, style, q.contract)
    where = ""
    if not lays_off(d):
        play = tricks_of(d)
        where = " · " + html.escape(_("trick {k} of {n}", k=len(play.tricks) + 1, n=play.total_tricks)) + (
            "" if play.trick else " · " + html.escape(_("you lead")))
    source = {"due": _("from your deck"), "bank": _("rated position"), "mistakes": _("your own mistake")}[q.source]
    rating = " · " + html.escape(_("rated {rating}", rating=number(q.rating.rating))) if q.rated else ""
    themes = ""
    if q.source == "bank" and q.themes:
        themes = " · " + html.escape(_("themes: {themes}", themes=", ".join(theme_name(t) for t in q.themes
                                                                             if t in THEMES)))
    seat = html.escape(_("seat {n}", n=q.seat))
    return (f"<b>{html.escape(name)}</b>{where} · {html.escape(_('you are'))} <b>{seat}</b> · "
            f"<i>{html.escape(source)}</i>{rating}{themes}<br><b>{html.escape(_('Find the best card.'))}</b>")


def earlier_html(d: Deal, style: Style) -> str:
    """The finished tricks in one small line each (what a player counts)."""
    if lays_off(d):
        return ""
    tricks = tricks_of(d).tricks
    if not tricks:
        return ""
    rows = []
    for t in tricks:
        plays = ", ".join(f"{s}: {c.label(style)}" for s, c in t.plays())
        rows.append(f"<div>{html.escape(_('trick {k}: {plays} → seat {seat}', k=t.number, plays=plays, seat=t.winner))}"
                    "</div>")
    summary = html.escape(_("Tricks so far ({n})", n=len(tricks)))
    return f"<details><summary>{summary}</summary><small>{''.join(rows)}</small></details>"


def table_line(d: Deal, style: Style) -> str:
    """The cards of the trick in progress, in one line (empty when a trick is to be led)."""
    trick = tricks_of(d).trick
    if not trick:
        return ""
    cards = ", ".join(f"{s}: {c.label(style)}" for s, c in trick)
    return f"<div>{html.escape(_('On the table: {cards}', cards=cards))}</div>"


def wrong_html(out: Outcome, style: Style) -> str:
    """The feedback after a card that is not good enough, before the second try: what it cost and the idea's name
    as a clue; no good card is named (the answer stays hidden until the last try or Show answer)."""
    colour = GRADE_COLOURS.get(out.grade, "#333")
    head = _("Not this one: {move} is a {grade}.", move=move_name(out.move, style), grade=grade_name(out.grade))
    return (f"<div><b style='color:{colour}'>{html.escape(head)}</b> {html.escape(out.wrong)}</div>"
            f"<div><b>{html.escape(_('Try again:'))}</b> {html.escape(_('find a better card.'))}</div>")


def answered_html(out: Outcome, style: Style, *, kept: bool = True) -> str:
    """The feedback once a position is done: right, right at the second try, not found, or the answer asked for;
    what the coach says of the card (the idea, with this deal's cards, and what it cost), the good cards and the
    idea they follow; how it was judged, folded away; when it comes back from the deck (``kept``: the memory is
    a file; a memory kept only in this kernel promises no day)."""
    name, colour = move_name(out.move, style), GRADE_COLOURS.get(out.grade, "#333")
    good = ", ".join(move_name(m, style) for m in out.answer)
    said = html.escape(out.said) + (f" ({lesson_link(out.idea)})" if out.idea else "")
    if out.solved:
        right = _("Right: {move} is {grade}.", move=name, grade=grade_name(out.grade))
        head = f"<b style='color:{colour}'>{html.escape(right)}</b>"
    elif out.good:
        head = f"<b style='color:{colour}'>{html.escape(_('Right at the second try: {move}.', move=name))}</b>"
    elif out.tries:
        head = f"<b style='color:#b00020'>{html.escape(_('Not found.'))}</b> {said}"
    else:
        head = f"<b>{html.escape(_('The answer:'))}</b>"
    parts = [f"<div>{head}</div>", f"<div>{html.escape(_('Good here:'))} <b>{html.escape(good)}</b>."
                                   + (f" {html.escape(out.best_idea)} ({lesson_link(out.best_idea_id)})"
                                      if out.best_idea and out.best_idea_id else "") + "</div>"]
    how = " ".join(sentence(t) for t in (out.why if out.tries else "", out.best_why) if t)
    parts.append(f"<details class='ks-how'><summary style='cursor:pointer;color:#555'>"
                 f"{html.escape(_('How was this judged?'))}</summary>{html.escape(how)}</details>")
    w = out.written if kept else None
    if w is not None and w.due is not None and not out.solved:
        parts.append(f"<div><i>{html.escape(_('In your deck: it comes back, renamed, on {day}.', day=day(w.due)))}"
                     "</i></div>")
    elif w is not None and w.due is not None:
        parts.append(f"<div><i>{html.escape(_('Next time in your deck: {day}.', day=day(w.due)))}</i></div>")
    return "".join(parts)


def layout_html(q: Question, out: Outcome, style: Style, *, four_colour: bool | None, lang: Lang | None = None) -> str:
    """The refuting layout: the hidden hands as they could lie, and what happens then."""
    layout = out.refutation
    if layout is None:
        return ("<div class='ks-no-layout'><i>" + html.escape(_(
            "No single layout of the hidden cards shows it plainly: the card costs on average, over the deals that "
            "fit what you saw.")) + "</i></div>")
    rows = [f"<div><b>{html.escape(_('Here is how the cards could lie'))}</b> " + html.escape(_(
        "(it fits everything you saw). With these hands, played on, {move} costs you at least a mistake's worth more "
        "than the best card:", move=move_name(out.move, style))) + "</div>"]
    for s in range(layout.players):
        if s == q.seat:
            continue
        hand = sort_hand(layout.hand(s), hand_order(layout))
        faces = cards_html(hand, style=style, four_colour=four_colour, lang=lang, width=34)
        rows.append(f"<div style='display:flex;align-items:center;gap:8px'><span style='width:56px'>"
                    f"{html.escape(_('seat {n}', n=s))}</span>{faces}</div>")
    return "<div class='ks-refutation'>" + "".join(rows) + "</div>"


def ratings_html(memory: Memory) -> str:
    """The learner's rating, and per contract family, each give or take twice its deviation."""
    overall = memory.rating()
    items = [f"<li>{html.escape(family_name(f))}: <b>{number(r.rating)}</b> ± {number(2 * r.rd)} "
             f"({html.escape(ngettext('{n} answer', '{n} answers', n))})</li>"
             for f, (r, n) in memory.ratings("family").items()]
    return (f"<div>{html.escape(_('Your rating:'))} <b>{number(overall.rating)}</b> ± {number(2 * overall.rd)}</div>"
            + (f"<ul style='margin:2px 0'>{''.join(items)}</ul>" if items else ""))


def sense_view_html(q: card_sense.Question, style: Style, *, four_colour: bool | None) -> str:
    """A card-sense question's position: the seat, its hand, the tricks so far (open) and the trick on the table."""
    d = q.position
    hand = sort_hand(d.hand(q.seat), hand_order(d))
    return (f"<div>{html.escape(_('You are'))} <b>{html.escape(_('seat {n}', n=q.seat))}</b>. "
            f"{html.escape(_('Your hand:'))}</div>"
            + cards_html(hand, style=style, four_colour=four_colour, width=40)
            + earlier_html(d, style).replace("<details>", "<details open>")
            + table_line(d, style))


def shown(q: card_sense.Question, forecast: list[float]) -> list[float]:
    """The forecast as it is scored (chances that must sum to one are normalised)."""
    if q.kind == "void":
        return list(forecast)
    total = sum(forecast)
    return [p / total for p in forecast] if total else list(forecast)


def sense_score_html(q: card_sense.Question, forecast: list[float], score: float) -> str:
    """The Brier score of ``forecast``, beside the best the evidence allows, and each answer's chances."""
    # the table styled here, not by the notebook's (JupyterLab's rendered tables are small and right-aligned):
    # answers on the left, chances right-aligned under their headings, at the text's own size
    cell = "padding:2px 10px;border-bottom:1px solid #e0e0e0;font-size:inherit"
    num = f"{cell};text-align:right;font-variant-numeric:tabular-nums"
    rows = "".join(f"<tr><td style='{cell};text-align:left'>{html.escape(o)}</td>"
                   f"<td style='{num}'>{number(p, percent=True)}</td>"
                   f"<td style='{num}'><b>{number(x, percent=True)}</b></td></tr>"
                   for o, p, x in zip(q.options, shown(q, forecast), q.posterior, strict=True))
    evidence = (_("The evidence: what you have seen (your hand, every card played, the voids shown), counted over "
                  "every deal that fits.") if q.exact else
                _("The evidence: what you have seen (your hand, every card played, the voids shown), estimated from "
                  "{n} sampled deals.", n=card_sense.DRAWS))
    score_line = _("(the best the evidence allows: {floor}; lower is better).", floor=number(q.floor, 3))
    head = "padding:2px 10px;border-bottom:1px solid #999;font-size:inherit;text-align:right"
    return (f"<div>{html.escape(_('Your Brier score:'))} <b class='ks-brier'>{number(score, 3)}</b> "
            f"{html.escape(score_line)}</div><table class='ks-sense-table' style='border-collapse:collapse;"
            f"margin:6px 0;font-size:inherit;table-layout:auto'><tr><th style='{head}'></th>"
            f"<th style='{head}'>{html.escape(_('you'))}</th><th style='{head}'>{html.escape(_('the evidence'))}</th>"
            f"</tr>{rows}</table><div style='color:#555'>{html.escape(evidence)}</div>")
