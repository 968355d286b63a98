"""What a person reads in a widget: every text node of a widget tree (HTML text, button labels and tooltips, the
options of a dropdown, titles of tabs and panels, an SVG's title), and a pseudo-locale that wraps every message of the
catalogs in ⟦…⟧, so that a text not wrapped is a text that bypassed the catalogs (tests/widgets/test_words.py)."""

from __future__ import annotations

import gettext
import html
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from keinstich import i18n

POT = Path(__file__).resolve().parents[2] / "keinstich" / "locale" / "keinstich.pot"
OPEN, CLOSE = "⟦", "⟧"


def pseudo_catalog() -> gettext.GNUTranslations:
    """Every message of the template translated as itself in ⟦…⟧ (its placeholders kept)."""
    with POT.open("rb") as fp:
        template = read_po(fp)
    out = Catalog(locale="en")
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            out.add(m.id, tuple(f"{OPEN}{x}{CLOSE}" for x in m.id), context=m.context)
        else:
            out.add(m.id, f"{OPEN}{m.id}{CLOSE}", context=m.context)
    buf = io.BytesIO()
    write_mo(buf, out)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@contextmanager
def pseudo_english() -> Iterator[None]:
    """English (the msgid language) spoken as the pseudo-locale for the block: every message wrapped in ⟦…⟧."""
    saved = i18n._CATALOGS.get("en")
    i18n._CATALOGS["en"] = pseudo_catalog()
    try:
        with i18n.use_language("en"):
            yield
    finally:
        if saved is None:
            i18n._CATALOGS.pop("en", None)
        else:
            i18n._CATALOGS["en"] = saved


_TAG = re.compile(r"<[^>]+>")
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_SVG_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_STYLE = re.compile(r"<(style|script)\b.*?</\1>", re.S)
_ATTR_TEXT = re.compile(r"""\b(?:title|aria-label|alt|data-label|data-done|placeholder)=(["'])(.*?)\1""", re.S)


def html_texts(value: str) -> list[str]:
    """The text nodes of an HTML value: text between tags, the titles of its SVG pictures (not their drawing: a
    card's corner letters are its face), the attributes a person reads (title, alt, aria-label, a copy button's
    labels)."""
    out: list[str] = []
    value = _STYLE.sub(" ", value)
    for svg in _SVG.findall(value):
        out += [html.unescape(t) for t in _SVG_TITLE.findall(svg)]
    value = _SVG.sub(" ", value)
    out += [html.unescape(m.group(2)) for m in _ATTR_TEXT.finditer(value)]
    out.append(html.unescape(" ".join(_TAG.split(value))))  # one text: a message may hold a tag, "<b>…</b>"
    return [" ".join(t.split()) for t in out if t.strip()]


def texts(root: Any) -> list[str]:
    """Every text a person reads in a widget tree (hidden parts included: they show later)."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(w: Any) -> None:
        if id(w) in seen or not isinstance(w, widgets.Widget):
            return
        seen.add(id(w))
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str) and value.strip():
                out.append(value.strip())
        if isinstance(w, widgets.HTML | widgets.HTMLMath | widgets.Label):
            out.extend(html_texts(w.value))
        labels = getattr(w, "_options_labels", None)
        if labels:
            out.extend(str(x) for x in labels)
        titles = getattr(w, "titles", None)
        if titles:
            out.extend(str(t) for t in titles if t)
        for child in getattr(w, "children", ()) or ():
            walk(child)

    walk(root)
    return out


def unwrapped(text: str) -> str:
    """``text`` with every ⟦…⟧ (nested ones too) taken out: what did not come from the catalogs."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            return text
        text = shorter


ALLOWED = re.compile(
    r"(?:\b(?:10|[2-9AKQJTOU])[CSHD]\b"          # card codes: QS, 10H, OS (the engine's voice, logs, codes)
    r"|(?:10|[2-9AKQJDB])[♣♠♥♦]"                  # cards by their symbols: Q♠
    r"|\b(?:german|french)-\d+\b"                 # pack ids
    r"|\bK[SR]\d-[\w…-]*"                         # deal and result codes
    r"|\S*/voila/render/\S*|(?:/[\w.-]+){2,}"        # links and file paths
    r"|\b(?:Kein Stich|Herzeln|Herzblatt|Muhr|du)\b"  # the games' own names, Muhr's variant, the announcement "du"
    r"|\bpx\b|\bXL\b|\b[SML]\b"                   # card sizes
    r"|\b(?:KR1|KS1)\b"
    r"|\b(?:Anna|Ben|Clara|David|Emma|Felix|Greta|Hannes|Ida|Jonas|Klara|Lukas|Mia|Noah|Olga|Paul|Rosa|Simon|"
    r"Tara|Udo|Vera|Willi|Xaver|Yvonne|Zoe)\b"   # the made-up class
    r")")


def bypassed(all_texts: list[str]) -> list[str]:
    """The texts (or parts of texts) with a letter that came from no catalog."""
    bad = []
    for t in all_texts:
        rest = ALLOWED.sub(" ", unwrapped(t))
        if re.search(r"[^\W\d_]", rest):
            bad.append(t)
    return bad


# --- English words in German text -------------------------------------------------------------------------------

ENGLISH_WORDS = frozenset("""
    the and or of with without to from for by on at into is are were be been has have had does did
    you your yours he she they them their his its it we our this that these those which what who when where why how
    each every any none some more less only just no yes if then than but because too very
    can cannot could would should must may might there here before again always never up down out over under
    first second third next new other own one two three four five six seven eight
    card cards trick tricks deal deals dealt dealer seat seats play plays played playing player players
    lead leads led follow follows suit suits trump trumps hearts acorns leaves bells clubs spades diamonds
    king kings queen queens jack jacks ace aces pay pays paid win wins won loses lost score scores
    review hint undo mistake mistakes blunder blunders best fine good show answer answers contract contracts
    points stake stakes turn pot penalty cost costs right wrong thinking coach game games row rows
    pass passes passed move moves rule rules void duck exit shed check try yourself solution exercise exercises
    lesson lessons mean count received taken holder true false
""".split())
"""English words a German reader would trip over. Left out on purpose, as German words too: also, all, am, an, art,
bad, die, do ("Do." is Thursday), hand, hat, in, kind, last, lose, man, most, not, rest, same, so, still, total,
was, will (and "Bot", "Quiz", "Trainer", "Domino", "Seed", which the German kit uses)."""

NOT_WORDS = re.compile(
    r"\b(?:King Louis|Monte Carlo)\b"                       # names: a name of the game, a method
    r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\([^()\n]*\)"           # a class's call, in a refusal: PerCard(5, suit='H')
    r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b"                     # a class's name in a short text: TrickDeal, BestCardQuiz
    r"|\b[a-z_]+\((?:'[^']*'|\"[^\"]*\")\)"                 # a value's code: card('10H')
    r"|\b[a-z]+(?:[-_][a-z0-9]+)+\b"                        # ids: no-tricks, german-32, force_max_when_void
    r"|\S+\.ipynb\b\S*|https?://\S+")                       # files and links (a notebook's link with its query)
"""Text in a German view that is code, not words: names, ids, codes, files."""


def english_in(text: str) -> list[str]:
    """The English words of :data:`ENGLISH_WORDS` in ``text`` (German words alike excluded), after what is code or a
    name (:data:`NOT_WORDS`, :data:`ALLOWED`) is taken out."""
    rest = NOT_WORDS.sub(" ", ALLOWED.sub(" ", text))  # a whole link first: "/voila/render/apps/t.ipynb?deal=…"
    return sorted({w for w in re.findall(r"[^\W\d_]+", rest) if w.lower() in ENGLISH_WORDS})
