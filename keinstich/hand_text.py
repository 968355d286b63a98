"""Hands as text, as a teacher types them: one line per seat (``0: QS 10H 7C …``), a skat line where
the game sets cards aside; read back and written out.
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.cards import Card, CardCodeError, Pack, cards, pack, quoted
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
        raise DealTextError(f"hands_from_text takes the hands as text, one line per seat such as "
                            f"\"QS 10H 7C …\", not {quoted(text)}")
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
            raise DealTextError(f"line {lineno}: {e}") from None
        if colon and label.strip().lower() in ("skat", "stock", "talon"):
            skat_cards = parsed
        else:
            rows.append((f"line {lineno}", parsed))
    n = check_whole("players", players, 2, error=DealTextError) if players is not None else len(rows)
    check_whole("skat", skat, 0, error=DealTextError)
    if len(rows) != n:
        raise DealTextError(f"expected {n} hands (one line per seat), found {len(rows)}")
    if skat and skat_cards is None:
        raise DealTextError(f"expected a line 'skat: …' with {skat} cards")
    if not skat and skat_cards is not None:
        raise DealTextError("this game has no skat: remove the 'skat:' line")
    seen: dict[Card, str] = {}
    groups = rows + ([("the skat", skat_cards)] if skat_cards is not None else [])
    for where, hand in groups:
        for c in hand:
            if c not in p:
                raise DealTextError(f"{where}: {c.code} is not in the {p.id} pack")
            if c in seen:
                raise DealTextError(f"{c.code} appears twice ({seen[c]} and {where})")
            seen[c] = where
    missing = [c.code for c in p.cards if c not in seen]
    if missing:
        raise DealTextError(f"cards missing from the deal: {', '.join(missing)} "
                            f"(every card of the {p.id} pack must be dealt)")
    size = p.hand_size(n, skat)
    for where, hand in rows:
        if len(hand) != size:
            raise DealTextError(f"{where} has {len(hand)} cards; every hand needs {size} "
                                f"({len(p)} cards of {p.id} among {n} players)")
    if skat_cards is not None and len(skat_cards) != skat:
        raise DealTextError(f"the skat has {len(skat_cards)} cards; it needs {skat}")
    hands = tuple(tuple(sorted(h)) for _, h in rows)
    return hands + ((tuple(sorted(skat_cards)),) if skat_cards is not None else ())


def hands_to_text(hands: Sequence[Sequence[Card]], skat: Sequence[Card] = ()) -> str:
    """The text form ``hands_from_text`` reads back."""
    lines = [f"{seat}: " + " ".join(c.code for c in h) for seat, h in enumerate(hands)]
    if skat:
        lines.append("skat: " + " ".join(c.code for c in skat))
    return "\n".join(lines)


__all__ = ["DealTextError", "hands_from_text", "hands_to_text"]
