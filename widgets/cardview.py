"""Cards as ipywidgets: a clickable card, a hand of them, and the trick on the table.

An ipywidgets ``Button`` has no HTML description, so a card face is put on it with CSS: each
:class:`CardButton` gets a class per card and look (``ks-c-QS-g4-en-72``), and a :class:`CardStyles`
``HTML`` widget, included in the view, holds one ``<style>`` block that gives those classes the SVG
face of :mod:`keinstich.faces` as a ``data:`` URI background. The button's description stays the
card's name (what a screen reader says), drawn in transparent ink. Disabled buttons show dimmed,
with the engine's reason as their tooltip; a click on a disabled button, or on a card no longer in
the hand (a double click that arrives late), never reaches ``on_click``.

Views update in place (``set_cards``): one button per card, created once and reused, so nothing
flickers and a stale click can never play a different card than the one it showed.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from keinstich.cards import Card, Lang, Style, card
from keinstich.faces import card_name, trick_svg
from keinstich.i18n import _

from ._card_css import CardStyles, Look, _look, backs_html, card_class, card_css, card_style_widget
from ._shared import plain
from ._words import speaking

__all__ = ["CardButton", "CardStyles", "HandView", "TrickView", "backs_html", "card_class", "card_css",
           "card_style_widget", "guarded"]

KEEP: Any = object()
"""Default of ``set_look`` arguments: leave this option as it is."""

def guarded(report: Callable[[str], None], fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` wrapped so an exception goes to ``report`` (a message area) instead of a log."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            report(f"{type(e).__name__}: {e}")
            traceback.print_exc()
            return None

    return run


def _face(c: Card | None, face_down: bool, look: Look) -> tuple[Card | None, bool, str, str]:
    """What a card button shows: (its card, None when face down; face down; its CSS class; its name)."""
    st, fc, lg, w = look
    down = face_down or c is None
    shown = None if down else c
    if shown is None:
        with speaking(lg):
            name = _("card face down")
    else:
        name = card_name(shown, st, lg)
    return shown, down, card_class(shown, st, fc, lg, w), name


def card_layout(width: int) -> widgets.Layout:
    """The box of a card button ``width`` pixels wide (one Layout may serve a whole hand: :class:`HandView`)."""
    return widgets.Layout(width=f"{width}px", height=f"{round(width * 1.4)}px", padding="0px")


class CardButton(widgets.Button):  # type: ignore[misc]
    """A button showing a card face (its CSS class; the rules come from a :class:`CardStyles`).

    ``.card`` is the card (None when face down); ``description`` is the card's name, the text
    alternative; ``tooltip`` the reason it may not be played, when disabled. ``layout`` and ``button_style`` (the
    ButtonStyle widget) may be shared by many cards, as a hand's are.
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"CardButton({self.card.code if self.card is not None else 'back'})"


    def __init__(self, c: Card | str | None, style: Style = "german", four_colour: bool | None = None,
                 lang: Lang | None = None, width: float = 72, *, face_down: bool = False, off: bool = False,
                 button_style: widgets.ButtonStyle | None = None, **kwargs: Any) -> None:
        look = _look(style, four_colour, lang, width)
        w = look[3]
        shown, down, cls, name = _face(None if c is None else card(c), face_down or c is None, look)
        # the card's whole look in the widget's first message (not in updates after it: a table makes ~30 cards)
        if "layout" not in kwargs:
            kwargs["layout"] = card_layout(w)
        if button_style is not None:  # the ButtonStyle widget (``style`` names the faces here)
            kwargs["style"] = button_style
        classes = ["ks-card", f"ks-w-{w}", cls, *(["ks-face-down"] if down else []), *(["ks-off"] if off else [])]
        super().__init__(description=name, _dom_classes=classes, **kwargs)
        self._look = look
        self._face_class = cls
        self.card: Card | None = shown
        self.face_down = down

    def show(self, c: Card | None, *, face_down: bool = False, look: Look | None = None) -> None:
        """Show another card (or the back) in place: swaps the CSS class and the text alternative."""
        if look is not None:
            self._look = look
        self.card, self.face_down, cls, name = _face(c, face_down, self._look)
        with self.hold_sync():
            if cls != self._face_class:
                if self._face_class:
                    self.remove_class(self._face_class)
                self.add_class(cls)
                self._face_class = cls
            (self.add_class if self.face_down else self.remove_class)("ks-face-down")
            self.description = name

    def set_off(self, off: bool) -> None:
        """Mark the card as one that may not be played now (class ``ks-off``): in a hand of class ``ks-mine`` the page
        shows it dimmed and ``aria-disabled``, focusable, instead of ``disabled`` (:mod:`._access`)."""
        (self.add_class if off else self.remove_class)("ks-off")

    def set_lit(self, lit: bool) -> None:
        """Mark the button (a golden ring), e.g. the card the hint suggests."""
        (self.add_class if lit else self.remove_class)("ks-lit")


def _tooltip(reason: str | None) -> str:
    return reason or ""


class HandView(widgets.HBox):  # type: ignore[misc]
    """A hand as a row of :class:`CardButton` (wrapping on narrow screens).

    ``legal``: the cards that may be played (None: all of them); the others are disabled with
    ``reasons[card]`` (the engine's ``why_illegal``) as tooltip. ``on_click(card)`` is called for a
    click on an enabled card still in the hand, never otherwise. ``face_down`` shows backs, no buttons: one
    picture of them (:func:`backs_html`, one HTML widget), which keeps the cards out of the page.
    Update with :meth:`set_cards`; the buttons are reused, one per card.
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"HandView({len(self.cards)} cards)"


    def __init__(self, cards: Iterable[Card | str] = (), legal: Iterable[Card | str] | None = None,
                 reasons: Mapping[Card, str] | Callable[[Card], str | None] | None = None,
                 on_click: Callable[[Card], object] | None = None, style: Style = "german",
                 four_colour: bool | None = None, lang: Lang | None = None, width: float = 72, face_down: bool = False,
                 *, styles: CardStyles | None = None, on_error: Callable[[str], None] | None = None,
                 **kwargs: Any) -> None:
        kwargs.setdefault("layout", widgets.Layout(flex_flow="row wrap", align_items="flex-end",
                                                   min_height=f"{round(width * 1.4) + 12}px"))
        super().__init__(**{**kwargs, "_dom_classes": ["ks-hand", *kwargs.get("_dom_classes", ())]})
        self.styles = styles if styles is not None else CardStyles()
        self._own_styles = styles is None
        self.on_click = on_click
        self.on_error = on_error
        self._look = _look(style, four_colour, lang, width)
        # one box and one button style for all the hand's cards (the box made with the first card shown face up; a
        # face-down hand has none): not two widgets for each card
        self._card_layout: widgets.Layout | None = None
        self._card_style = plain(widgets.Button)["style"]  # the kernel's one plain ButtonStyle
        self._face_down = face_down
        self._by_card: dict[Card, CardButton] = {}
        self._backs: widgets.HTML | None = None  # the face-down hand's picture, made when first needed
        self.cards: tuple[Card, ...] = ()
        self.legal: frozenset[Card] = frozenset()
        self.enabled = True
        self.last_error: str | None = None
        self.on_refused: Callable[[Card, str], object] | None = None
        """Called with a card of the hand pressed while it may not be played, and the reason its tooltip gives
        (a keyboard user hears it: the page keeps such a card focusable, :mod:`._access`)."""
        self.set_cards(cards, legal, reasons)

    # --- state ----------------------------------------------------------------------------------

    @property
    def buttons(self) -> tuple[CardButton, ...]:
        """The card buttons shown, in hand order (none while the hand is face down)."""
        return tuple(b for b in self.children if isinstance(b, CardButton))

    @property
    def face_down(self) -> bool:
        """Whether the hand shows its backs (one picture of them, :func:`backs_html`), not its cards."""
        return self._face_down

    @property
    def backs(self) -> int:
        """The backs drawn: the hand's cards while it is face down, else none."""
        return len(self.cards) if self._face_down else 0

    @property
    def picture(self) -> widgets.HTML | None:
        """The picture of the backs shown while the hand is face down (None while it is face up)."""
        return self._backs if self._face_down else None

    def button(self, c: Card | str) -> CardButton:
        """The button showing ``c`` (face up hands only)."""
        c = card(c)
        if self._face_down or c not in self.cards:
            raise KeyError(f"{c.code} is not shown in this hand")
        return self._by_card[c]

    @property
    def room(self) -> str:
        """The height one row of this hand's cards takes (its ``min_height`` while it holds cards)."""
        return f"{round(self._look[3] * 1.4) + 12}px"

    def set_look(self, style: Style | None = None, four_colour: bool | object | None = KEEP,
                 lang: Lang | None = None, width: float | None = None) -> None:
        """Change faces (German/French, colours, language, size) in place; omitted ones stay."""
        st, fc, lg, w = self._look
        self._look = _look(style or st, fc if four_colour is KEEP else four_colour,  # type: ignore[arg-type]
                           lang or lg, width or w)
        if self._card_layout is not None:
            self._card_layout.width = f"{self._look[3]}px"
            self._card_layout.height = f"{round(self._look[3] * 1.4)}px"
        for b in self._by_card.values():
            b._look = self._look
            with b.hold_sync():
                for cls in [x for x in b._dom_classes if x.startswith("ks-w-")]:
                    b.remove_class(cls)
                b.add_class(f"ks-w-{self._look[3]}")
        self.set_cards(self.cards, self.legal, None, keep_reasons=True)

    def set_cards(self, cards: Iterable[Card | str], legal: Iterable[Card | str] | None = None,
                  reasons: Mapping[Card, str] | Callable[[Card], str | None] | None = None, *,
                  face_down: bool | None = None, keep_reasons: bool = False) -> None:
        """Show ``cards`` with ``legal`` enabled (None: all); the others disabled with their reason."""
        shown = tuple(card(c) for c in cards)
        if len(set(shown)) != len(shown):
            raise ValueError("a hand cannot show the same card twice")
        if face_down is not None:
            self._face_down = face_down
        ok = frozenset(shown) if legal is None else frozenset(card(c) for c in legal) & frozenset(shown)
        old_tips = {c: b.tooltip for c, b in self._by_card.items()} if keep_reasons else {}
        st, fc, lg, w = self._look
        with self.hold_sync():
            self.styles.need([None] if self._face_down else shown, st, fc, lg, w)
            buttons: list[widgets.Widget] = []
            if self._face_down:
                if self._backs is None:
                    self._backs = widgets.HTML(_dom_classes=["ks-backs"], **plain(widgets.HTML))
                picture = backs_html(len(shown), *self._look)
                if self._backs.value != picture:
                    self._backs.value = picture
                buttons.append(self._backs)
            else:
                for c in shown:
                    playable = self.enabled and c in ok
                    if playable:
                        tip = card_name(c, st, lg)
                    elif keep_reasons and c in old_tips:
                        tip = old_tips[c]
                    else:
                        tip = _tooltip(self._reason(c, reasons) if self.enabled else self._off_reason)
                    b = self._by_card.get(c)
                    if b is None:  # made with its whole state: one message, no updates after it
                        if self._card_layout is None:
                            self._card_layout = card_layout(w)
                        b = self._by_card[c] = CardButton(c, st, fc, lg, w, off=not playable, disabled=not playable,
                                                          tooltip=tip, layout=self._card_layout,
                                                          button_style=self._card_style)
                        b.on_click(self._clicked)
                    with b.hold_sync():
                        b.show(c, look=self._look)
                        b.disabled = not playable
                        b.set_off(not playable)
                        b.tooltip = tip
                    buttons.append(b)
            self.cards, self.legal = shown, ok
            kids = ([self.styles] if self._own_styles else []) + buttons
            if tuple(kids) != tuple(self.children):  # type: ignore[has-type]
                self.children = kids

    _off_reason = ""

    def _reason(self, c: Card, reasons: Mapping[Card, str] | Callable[[Card], str | None] | None) -> str:
        with speaking(self._look[2]):
            if reasons is None:
                return _("not playable now")
            got = reasons(c) if callable(reasons) else reasons.get(c)
            return got or _("not playable now")

    def disable(self, reason: str = "") -> None:
        """Disable every card (e.g. while the bots play or after the deal), ``reason`` as tooltip."""
        self.enabled = False
        self._off_reason = reason
        for b in self.buttons:
            with b.hold_sync():  # one message for each card (the hand's own hold_sync holds only the hand's)
                b.disabled = True
                b.set_off(not b.face_down)
                b.tooltip = reason

    def enable(self) -> None:
        """Undo :meth:`disable` (the legal cards become clickable again)."""
        self.enabled = True
        self._off_reason = ""
        self.set_cards(self.cards, self.legal, None, keep_reasons=True)

    def highlight(self, cs: Iterable[Card | str] = ()) -> None:
        """Ring these cards (e.g. the hint); all others lose their ring."""
        lit = {card(c) for c in cs}
        for c, b in self._by_card.items():
            b.set_lit(c in lit and c in self.cards)

    # --- clicks -----------------------------------------------------------------------------------

    def _clicked(self, b: CardButton) -> None:
        c = b.card
        if c is not None and c in self.cards and (b.disabled or not self.enabled or c not in self.legal):
            if self.on_refused is not None and not self._face_down:
                self.on_refused(c, b.tooltip)
            return  # a card that may not be played: nothing happens but, where asked, the reason said
        if b.disabled or c is None or not self.enabled or c not in self.cards or c not in self.legal:
            return  # a face-down card, a late second click: nothing happens
        if self.on_click is None:
            return
        try:
            self.on_click(c)
        except Exception as e:
            self.last_error = f"{type(e).__name__}: {e}"
            if self.on_error is not None:
                self.on_error(self.last_error)
            else:
                raise

    def click(self, c: Card | str) -> None:
        """Click the button of ``c`` as a user would (for tests and scripted demos)."""
        self.button(c).click()


class TrickView(widgets.VBox):  # type: ignore[misc]
    """The trick on the table: each seat's card round a green cloth, who played what, the winner framed.

    ``plays`` are (seat, card) in play order; ``me`` is the seat drawn at the bottom. One SVG in an
    ``HTML`` widget, redrawn in place by :meth:`update`, and the caption under it (``caption``, an ``HTML`` widget
    of its own, class ``ks-trick-caption``). ``font``: the seat names' size (None: growing with the cards);
    ``winner_tag``: "wins" after the winner's name in the picture; ``caption_apart``: the caption is not a child of
    the view (its owner shows it elsewhere, as the Table does under both tricks).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"TrickView({self.players} players)"


    def __init__(self, players: int, plays: Sequence[tuple[int, Card]] = (), names: Sequence[str] | None = None,
                 winner: int | None = None, *, me: int = 0, style: Style = "german",
                 four_colour: bool | None = None, lang: Lang | None = None, width: float = 64,
                 caption: str = "", font: float | None = None, winner_tag: bool = True, caption_apart: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**{**kwargs, "_dom_classes": ["ks-trick", *kwargs.get("_dom_classes", ())]})
        self.players = players
        self.names = list(names) if names is not None else None
        self.me = me
        self.font = font
        self.winner_tag = winner_tag
        self._look = _look(style, four_colour, lang, width)
        self.html = widgets.HTML(**plain(widgets.HTML))
        self.caption = widgets.HTML(style=plain(widgets.HTML)["style"],  # its own box: it comes and goes
                                    layout=widgets.Layout(display="none"), _dom_classes=["ks-trick-caption"])
        self.children = [self.html] if caption_apart else [self.html, self.caption]
        self.plays: tuple[tuple[int, Card], ...] = ()
        self.winner: int | None = None
        self._title: str | None = None
        self.update(plays, winner, caption=caption)

    def update(self, plays: Sequence[tuple[int, Card | str]] = (), winner: int | None = None, *,
               caption: str | None = None, names: Sequence[str] | None = None, players: int | None = None,
               title: str | None = None) -> None:
        """Redraw with these plays (and the winner, once the trick is complete)."""
        if players is not None:
            self.players = players
        if names is not None:
            self.names = list(names)
        ps = tuple((int(s), card(c)) for s, c in plays)
        for s, _card in ps:
            if not 0 <= s < self.players:
                raise ValueError(f"seat {s} is not at this table (seats 0 to {self.players - 1})")
        st, fc, lg, w = self._look
        self.plays, self.winner, self._title = ps, winner, title
        value = trick_svg(self.players, ps, names=self.names, winner=winner, me=self.me, style=st,
                          four_colour=fc, lang=lg, width=w, title=title, font=self.font, winner_tag=self.winner_tag)
        with self.hold_sync():
            if value != self.html.value:
                self.html.value = value
            if caption is not None:
                self.caption.value = html.escape(caption)
                shown = "" if caption else "none"  # an empty caption takes no line under the cloth
                if self.caption.layout.display != shown:
                    self.caption.layout.display = shown

    def set_look(self, style: Style | None = None, four_colour: bool | object | None = KEEP,
                 lang: Lang | None = None, width: float | None = None, font: float | object | None = KEEP) -> None:
        """Change faces in place (and the seat names' size); omitted options stay as they are."""
        st, fc, lg, w = self._look
        self._look = _look(style or st, fc if four_colour is KEEP else four_colour,  # type: ignore[arg-type]
                           lang or lg, width or w)
        if font is not KEEP:
            self.font = font  # type: ignore[assignment]
        self.update(self.plays, self.winner, title=self._title)
