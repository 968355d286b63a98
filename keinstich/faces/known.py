"""What the player to move could know, as HTML beside a question (the quiz, the trainer, "Find better cards now"):
the tricks so far, who has shown a void in what, which cards of each suit it has not seen yet, and in Herzblatt
its role. The coach judges a card from exactly this (:mod:`keinstich.coach`), so the learner is shown it.

Pure functions of the deal: no Jupyter import, no deal module (the deal protocols of :mod:`keinstich.deal`).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from keinstich.cards import Card, Style, Suit, pack, sort_hand
from keinstich.deal import Deal
from keinstich.i18n import _
from keinstich.tricks import trick_deal_of
from keinstich.wording.words import listed

Who = Callable[[int], str]


def _seat(n: int) -> str:
    return _("seat {n}", n=n)


def role(d: Deal, seat: int, who: Who = _seat) -> str:
    """The seat's role where the game has one (Herzblatt: the soloist, or a defender against it, with the seats it
    defends with by name: in a three-player game one partner, not "the other defenders"); "" where not."""
    soloist = getattr(d, "soloist", None)
    if soloist is None:
        return ""
    if soloist == seat:
        return _("You are the soloist: you play alone against the others, with the skat.")
    partners = [who(s) for s in range(len(d.dealt)) if s not in (seat, soloist)]
    return _("You defend: {soloist} is the soloist; you play with {partners} against it.", soloist=who(soloist),
             partners=listed(partners))


def unseen(d: Deal, seat: int) -> dict[Suit, list[Card]]:
    """The cards of the pack in play that ``seat`` has not seen (not in its hand, not played, not laid away by it),
    by suit, highest first: in another hand, or out of play unseen."""
    td = trick_deal_of(d)
    seen = set(d.hand(seat))
    if td is not None:
        seen |= {c for t in td.tricks for c in t.cards} | {c for _s, c in td.trick}
    if getattr(d, "soloist", None) == seat:
        seen |= set(getattr(d, "discards", None) or ())
    out: dict[Suit, list[Card]] = {}
    every = pack(d.pack).cards if d.pack is not None else [c for h in d.dealt for c in h]
    for c in sort_hand([c for c in every if c not in seen]):
        out.setdefault(c.suit, []).append(c)
    return out


def known_html(d: Deal, seat: int, style: Style, who: Who = _seat) -> str:
    """The tricks so far (one short row each, open), the voids shown, the cards not seen yet by suit, and the
    seat's role: what the player to move could know. Empty outside a trick play."""
    td = trick_deal_of(d)
    if td is None or d.phase != "play":
        return ""
    parts = []
    said = role(d, seat, who)
    if said:
        parts.append(f"<div class='ks-role'><b>{html.escape(said)}</b></div>")
    if td.tricks:
        rows = []
        for t in td.tricks:
            plays = ", ".join(f"{who(s)}: {c.label(style)}" for s, c in t.plays())
            row = _("trick {k}: {plays} → {winner}", k=t.number, plays=plays, winner=who(t.winner))
            rows.append(f"<div>{html.escape(row)}</div>")
        summary = html.escape(_("Tricks so far ({n})", n=len(td.tricks)))
        parts.append(f"<details open class='ks-tricks-so-far'><summary>{summary}</summary>"
                     f"<div style='font-size:92%;line-height:1.35'>{''.join(rows)}</div></details>")
    voids = [_("{seat} in {suits}", seat=who(s), suits=", ".join(_suit(x, style) for x in sorted(td.voids(s))))
             for s in range(d.players) if s != seat and td.voids(s)]
    if voids:
        parts.append(f"<div class='ks-voids'>{html.escape(_('Shown void: {voids}.', voids='; '.join(voids)))}</div>")
    if td.tricks or td.trick:
        left = "; ".join(_("{suit}: {ranks}", suit=_suit(s, style), ranks=", ".join(c.rank.label(style) for c in cs))
                         for s, cs in sorted(unseen(d, seat).items()))
        if left:
            parts.append(f"<div class='ks-unseen'>{html.escape(_('Not seen yet: {cards}.', cards=left))}</div>")
    if not parts:
        return ""
    return f"<div class='ks-known' style='margin:2px 0 4px'>{''.join(parts)}</div>"


def _suit(s: Suit, style: Style) -> str:
    name = s.label(style)
    return name[:1].upper() + name[1:]


__all__ = ["known_html", "role", "unseen"]
