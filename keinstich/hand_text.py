"""Hands as text, as a teacher types them: one line per seat (``0: QS 10H 7C …``), a skat line where
the game sets cards aside; read back and written out.
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.cards import Card, CardCodeError, Pack, cards, pack, quoted
from keinstich.i18n import _
from keinstich.limits import check_whole


class DealTextError(ValueError):
    """Hands typed as text that do not make a deal of the pack."""


def hands_from_text(text: str, p: Pack | str, players: int | None = None,
                    skat: int = 0) -> tuple[tuple[Card, ...], ...]:
    """Hands typed by a teacher: one line per seat, seat 0 first, card codes separated by spaces.

    A line may start with a label such as ``0:`` or ``seat 2:``; ``#`` starts a comment. With
    ``skat`` > 0, a last line labelled ``skat:`` holds the set-aside cards. Every card of the pack
    must appear exactly once and all hands must be the same size.
    """
    if not isinstance(text, str):
        raise DealTextError(_("hands_from_text takes the hands as text, one line per seat such as \"QS 10H 7C …\", "
                              "not {text}", text=quoted(text)))
    p = pack(p)
    rows: list[tuple[str, tuple[Card, ...]]] = []
    skat_cards: tuple[Card, ...] | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        label, colon, rest = line.partition(":")
        body = rest if colon else line
        try:
            parsed = cards(body)
        except CardCodeError as e:
            raise DealTextError(_("line {k}: {error}", k=lineno, error=e)) from None
        if colon and label.strip().lower() in ("skat", "stock", "talon"):
            skat_cards = parsed
        else:
            rows.append((_("line {k}", k=lineno), parsed))
    n = check_whole("players", players, 2, error=DealTextError) if players is not None else len(rows)
    check_whole("skat", skat, 0, error=DealTextError)
    if len(rows) != n:
        raise DealTextError(_("expected {n} hands (one line per seat), found {found}", n=n, found=len(rows)))
    if skat and skat_cards is None:
        raise DealTextError(_("expected a line 'skat: …' with {n} cards", n=skat))
    if not skat and skat_cards is not None:
        raise DealTextError(_("this game has no skat: remove the 'skat:' line"))
    seen: dict[Card, str] = {}
    groups = rows + ([(_("the skat"), skat_cards)] if skat_cards is not None else [])
    for where, hand in groups:
        for c in hand:
            if c not in p:
                raise DealTextError(_("{where}: {card} is not in the {pack} pack", where=where, card=c.code, pack=p.id))
            if c in seen:
                raise DealTextError(_("{card} appears twice ({first} and {second})", card=c.code, first=seen[c],
                                      second=where))
            seen[c] = where
    missing = [c.code for c in p.cards if c not in seen]
    if missing:
        raise DealTextError(_("cards missing from the deal: {cards} (every card of the {pack} pack must be dealt)",
                              cards=", ".join(missing), pack=p.id))
    size = p.hand_size(n, skat)
    for where, hand in rows:
        if len(hand) != size:
            raise DealTextError(_("{where} has {n} cards; every hand needs {size} ({cards} cards of {pack} among "
                                  "{players} players)", where=where, n=len(hand), size=size, cards=len(p), pack=p.id,
                                  players=n))
    if skat_cards is not None and len(skat_cards) != skat:
        raise DealTextError(_("the skat has {n} cards; it needs {size}", n=len(skat_cards), size=skat))
    hands = tuple(tuple(sorted(h)) for _where, h in rows)
    return hands + ((tuple(sorted(skat_cards)),) if skat_cards is not None else ())


def hands_to_text(hands: Sequence[Sequence[Card]], skat: Sequence[Card] = ()) -> str:
    """The text form ``hands_from_text`` reads back."""
    lines = [f"{seat}: " + " ".join(c.code for c in h) for seat, h in enumerate(hands)]
    if skat:
        lines.append("skat: " + " ".join(c.code for c in skat))
    return "\n".join(lines)


__all__ = ["DealTextError", "hands_from_text", "hands_to_text"]
