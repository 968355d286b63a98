"""SVG card faces: deterministic, parseable, named for screen readers, in every pack."""

import re
import xml.etree.ElementTree as ET

import pytest

from keinstich import faces
from keinstich.cards import PACK_IDS, Rank, Suit, card, cards, pack
from keinstich.faces import Cards, back_svg, card_svg, cards_html, rank_index, svg_data_uri, trick_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def fills(svg: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-f]{6})"', svg))


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_every_card_of_every_pack_renders_as_xml_with_its_name(pack_id: str) -> None:
    p = pack(pack_id)
    for c in p:
        for lang in ("en", "de"):
            svg = card_svg(c, style=p.style, lang=lang)
            root = parse(svg)
            assert root.tag == SVG + "svg"
            assert root.get("role") == "img"
            assert root.get("aria-label") == c.label(p.style, lang)
            title = root.find(SVG + "title")
            assert title is not None and title.text == c.label(p.style, lang)


def test_names_are_the_names_of_cards_py_written_out_by_hand() -> None:
    assert parse(card_svg(card("QS"), style="german", lang="de")).get("aria-label") == "Grün-Ober"
    assert parse(card_svg(card("QS"), style="german", lang="en")).get("aria-label") == "Ober of Leaves"
    assert parse(card_svg(card("AD"), style="german", lang="de")).get("aria-label") == "Schellen-Daus"
    assert parse(card_svg(card("JC"), style="french", lang="de")).get("aria-label") == "Kreuz-Bube"
    assert parse(card_svg(card("10H"), style="french", lang="en")).get("aria-label") == "10 of Hearts"


def test_same_input_same_bytes_and_no_ids() -> None:
    for c in pack("french-52"):
        a = card_svg(c, style="french", four_colour=True, width=80)
        assert a == card_svg(c, style="french", four_colour=True, width=80)
        assert " id=" not in a
    assert back_svg(50) == back_svg(50) and " id=" not in back_svg(50)
    assert cards_html(cards("QS KH")) == cards_html(cards("QS KH"))


def test_corner_indices() -> None:
    assert [rank_index(r, "german", "de") for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)] == list("AKOU")
    assert [rank_index(r, "french", "en") for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)] == list("AKQJ")
    assert [rank_index(r, "french", "de") for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)] == list("AKDB")
    assert rank_index(Rank.TEN) == "10" and rank_index(Rank.TWO, "french") == "2"
    texts = [t.text for t in parse(card_svg(card("QS"), style="german")).iter(SVG + "text")]
    assert texts.count("O") == 3  # two corners and the big letter
    texts = [t.text for t in parse(card_svg(card("10H"), style="french")).iter(SVG + "text")]
    assert texts == ["10", "10"]


def test_number_cards_have_as_many_pips_as_their_rank() -> None:
    for c in pack("french-52"):
        if c.rank <= Rank.TEN:
            groups = parse(card_svg(c, style="french")).findall(SVG + "g")
            # two corner groups (each holding a small pip) plus one group per pip in the middle
            assert len(groups) - 2 == int(c.rank), c


def test_four_colour_changes_the_colours() -> None:
    two = card_svg(card("7C"), style="french", four_colour=False)
    four = card_svg(card("7C"), style="french", four_colour=True)
    assert "#111111" in fills(two) and "#0b7a28" in fills(four) and "#111111" not in fills(four)
    assert "#0a55c2" in fills(card_svg(card("7D"), style="french", four_colour=True))
    # German two-colour: acorns black, bells red; the default for German faces is four colours
    assert "#111111" in fills(card_svg(card("7C"), style="german", four_colour=False))
    assert card_svg(card("7C"), style="german") == card_svg(card("7C"), style="german", four_colour=True)
    assert card_svg(card("7C"), style="french") == card_svg(card("7C"), style="french", four_colour=False)
    colours = faces.suit_colours("german", True)
    assert len(set(colours.values())) == 4


def test_suits_differ_between_german_and_french_faces() -> None:
    for s in Suit:
        assert faces.suit_svg(s, "german") != faces.suit_svg(s, "french")
    assert len({faces.suit_svg(s, "german") for s in Suit}) == 4


def test_dimmed_and_highlighted_faces_are_marked() -> None:
    plain = card_svg(card("QS"))
    assert 'opacity=".62"' in card_svg(card("QS"), dimmed=True) and 'opacity=".62"' not in plain
    assert "#e69500" in card_svg(card("QS"), highlighted=True) and "#e69500" not in plain
    row = cards_html(cards("QS KH 7C"), dim=cards("KH"), highlight=["7C"])
    assert row.count('opacity=".62"') == 1 and row.count("#e69500") == 1


def test_width_sets_the_size() -> None:
    root = parse(card_svg(card("QS"), width=100))
    assert root.get("width") == "100" and root.get("height") == "140"


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="german"):
        card_svg(card("QS"), style="italian")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'en' or 'de'"):
        card_svg(card("QS"), lang="fr")  # type: ignore[arg-type]


def test_data_uri_has_no_raw_hash_or_quote() -> None:
    uri = svg_data_uri(card_svg(card("QS")))
    assert uri.startswith("data:image/svg+xml")
    assert "#" not in uri and '"' not in uri and "<" not in uri


def test_cards_object_shows_a_row() -> None:
    shown = Cards(cards("QS KH"))
    out = shown._repr_html_()
    assert out.count("<svg") == 2 and 'aria-label="Ober of Leaves"' in out
    assert Cards("QS 2H")._repr_html_().count('aria-label="Queen of Spades"') == 1  # a 2 makes it French
    assert Cards("QS", style="french", lang="de")._repr_html_().count("Pik-Dame") == 2
    assert Cards([])._repr_html_() == "<i>no cards</i>"
    assert len(shown) == 2 and list(shown) == list(cards("QS KH")) and repr(shown) == "Cards(QS KH)"


def test_trick_svg_shows_seats_cards_and_the_winner() -> None:
    svg = trick_svg(4, [(3, card("10H")), (0, card("AH"))], names=["Ann", "Bo", "Cy", "Di"], winner=0)
    root = parse(svg)
    label = root.get("aria-label") or ""
    assert "Di: 10 of Hearts" in label and "Ann: Daus of Hearts" in label and "won by Ann" in label
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "Ann · wins" in texts and "Bo" in texts
    assert svg.count('stroke-dasharray="6 4"') == 2  # Bo and Cy have not played
    with pytest.raises(ValueError):
        trick_svg(1, [])


# --- rich displays of engine values -------------------------------------------------------------------

from keinstich.contracts import NO_HEARTS  # noqa: E402
from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules  # noqa: E402
from keinstich.layoff import DOMINO, HERZELN_DOMINO, DominoDeal  # noqa: E402
from keinstich.tricks import TrickDeal  # noqa: E402


@pytest.fixture(autouse=True)
def default_display():
    faces.set_display(lang="en", width=56)
    yield
    faces.set_display(lang="en", width=56)


def test_card_and_pack_show_faces() -> None:
    out = card("QS")._repr_html_()
    assert parse(out).get("aria-label") == "Ober of Leaves"  # German faces unless told otherwise
    faces.set_display(style="french", lang="de")
    assert parse(card("QS")._repr_html_()).get("aria-label") == "Pik-Dame"
    faces.set_display(lang="en")  # style None: automatic again
    out = pack("german-24")._repr_html_()
    assert out.count("<svg") == 24 and out.count('class="ks-cards"') == 4 and "german-24" in out
    assert pack("french-52")._repr_html_().count('aria-label="2 of Clubs"') == 1


def test_trick_and_trick_deal_show_who_played_what() -> None:
    deal = TrickDeal([cards("QS 7H"), cards("AS 8H"), cards("7S 9H")], NO_HEARTS, leader=0)
    deal.play("QS")
    deal.play("AS")
    out = deal._repr_html_()
    assert "No Hearts" in out and "seat 2 to play" in out and "trick 1/2" in out
    assert "Seat 0: Ober of Leaves" in out and "Seat 1: Daus of Leaves" in out
    assert out.count("<tr>") == 4  # a header and one row per seat
    trick = deal.play("7S")
    assert trick is not None
    t = trick._repr_html_()
    assert "won by Seat 1" in t and "Trick 1" in t
    out = deal._repr_html_()
    assert "last trick 1" in out


def test_domino_deal_shows_rows_hands_and_passes() -> None:
    deal = DominoDeal([cards("JC 8C 9C"), cards("QC 10C KC")], DOMINO, leader=0)
    deal.play("JC")
    deal.play("QC")
    deal.play(None)
    out = deal._repr_html_()
    assert "acorns: Unter, Ober" in out and "(rows)" in out and "seat 1 to move" in out
    chain = DominoDeal([cards("JC QH"), cards("KD 10S")], HERZELN_DOMINO, leader=0)
    assert "chain" in chain._repr_html_()


def test_domino_position_for_a_quiz_frames_no_answer() -> None:
    """The position of a "which cards may you lay?" quiz shows the hands without framing the legal cards."""
    deal = DominoDeal.from_seed("german-32", 4, seed=12)
    gold = "#e69500"  # the frame of a playable card (card_svg(..., highlighted=True))
    assert deal.legal() and gold in faces.domino_html(deal)
    quiz = faces.domino_html(deal, mark_legal=False)
    assert gold not in quiz
    assert all(f'aria-label="{c.label("german")}"' in quiz for c in deal.hand(deal.turn))  # the hand is shown


def test_herzblatt_deal_shows_phase_skat_and_settlement() -> None:
    deal = HerzblattDeal.from_seed(3, HerzblattRules(players=3))
    out = deal._repr_html_()
    assert "phase: asking" in out and "skat" in out and 'aria-label="Queen of Hearts"' in out  # French pack
    assert "dealer Seat 2" in out
    deal.ask(True)
    hand = deal.hand(deal.soloist)
    deal.discard(hand[0], hand[1])
    out = deal._repr_html_()
    assert "laid away" in out and "soloist" in out
    while not deal.is_over:
        deal.play(deal.legal()[0])
    out = deal._repr_html_()
    assert str(deal.settlement()) in out.replace("&#x27;", "'")


def test_set_display_validates() -> None:
    with pytest.raises(ValueError):
        faces.set_display(width=0)
    with pytest.raises(ValueError):
        faces.set_display(lang="fr")  # type: ignore[arg-type]
    assert faces.set_display(width=30).width == 30


def test_small_faces_are_compact_one_index_and_one_pip() -> None:
    small = parse(card_svg(card("10H"), style="french", width=40))
    assert [t.text for t in small.iter(SVG + "text")] == ["10"]
    assert len(small.findall(SVG + "g")) == 1  # one big pip instead of ten small ones
    assert card_svg(card("10H"), width=40) == card_svg(card("10H"), width=40, compact=True)
    assert card_svg(card("10H"), width=80, compact=True).count("<g") == 1
    assert parse(card_svg(card("10H"), width=40)).get("aria-label") == "10 of Hearts"


def _boxes(svg: str) -> tuple[tuple[float, float], list[tuple[float, float, float, float]], list[tuple[float, float]]]:
    """The picture's size, each card's (or dashed place's) box, each name's anchor (x, baseline y)."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    size = (float(root.get("width", 0)), float(root.get("height", 0)))
    boxes = []
    for child in root:
        if child.tag == f"{ns}svg":
            boxes.append((float(child.get("x", 0)), float(child.get("y", 0)), float(child.get("width", 0)),
                          float(child.get("height", 0))))
        elif child.tag == f"{ns}rect" and child.get("stroke-dasharray"):
            boxes.append((float(child.get("x", 0)) - 2, float(child.get("y", 0)) - 2,
                          float(child.get("width", 0)) + 4, float(child.get("height", 0)) + 4))
    names = [(float(t.get("x", 0)), float(t.get("y", 0))) for t in root.findall(f"{ns}text")
             if t.get("font-size") and float(t.get("font-size", 0)) > 0 and t.get("fill") == "#222222"]
    return size, boxes, names


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize(("width", "font"), [(64, None), (74, 20), (99, 24), (48, 13)])
def test_a_trick_of_any_size_keeps_its_cards_apart_and_inside(players: int, width: int, font: float | None) -> None:
    """Every seat's card (or dashed place) inside the picture and clear of the others, every name inside it too,
    with the names at a projector's text size (five and six players: two rows, names on two lines if need be)."""
    plays = [(s, c) for s, c in zip(range(players), cards("AS KS QS JS 10S 9S"), strict=False)][:players - 1]
    svg = trick_svg(players, plays, names=[f"Seat {s}" for s in range(players)], winner=None, width=width,
                    font=font, winner_tag=False)
    (w, h), boxes, names = _boxes(svg)
    assert len(boxes) == players
    for i, (x, y, bw, bh) in enumerate(boxes):
        assert x >= 0 and y >= 0 and x + bw <= w + 0.5 and y + bh <= h + 0.5, (i, boxes[i], w, h)
        for x2, y2, bw2, bh2 in boxes[i + 1:]:
            assert x + bw <= x2 + 0.5 or x2 + bw2 <= x + 0.5 or y + bh <= y2 + 0.5 or y2 + bh2 <= y + 0.5, (
                "two cards overlap", boxes)
    fs = font or faces.trick_font(width)
    for x, y in names:
        assert fs * 0.7 <= y <= h and 0 <= x <= w, (x, y, w, h)


def _contrast(a: str, b: str) -> float:
    """WCAG 2.2's contrast ratio of two #rrggbb colours."""
    def lum(h: str) -> float:
        c = [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_suit_colour_has_contrast_on_the_white_card() -> None:
    """Each pack's colours, the four-colour ones too: a pip's fill 3:1 or more on white (a graphic, WCAG 1.4.11),
    its ink (the outline and the corner index, text) 4.5:1 or more (1.4.3)."""
    from keinstich.faces.svg import _PALETTES

    for (style, four), palette in _PALETTES.items():
        for suit, ink in zip(Suit, palette, strict=True):
            assert _contrast(ink.fill, "#ffffff") >= 3, f"{style} four={four} {suit}: pip {ink.fill} too light"
            assert _contrast(ink.ink, "#ffffff") >= 4.5, f"{style} four={four} {suit}: index {ink.ink} too light"


def test_a_reviews_costs_read_as_its_sentences_say_them():
    from keinstich.deal import Unit
    from keinstich.faces.review import _amount
    from keinstich.i18n import use_language

    pf = Unit.PFENNIG  # the coach's unit, as a judgement carries it

    assert [_amount(v, u, m) for v, u, m in [(20.0, pf, 0), (1, Unit.POINTS, 0), (4.25, pf, 0), (0.01, pf, 0),
                                             (4.3, pf, 0.4), (7.6, pf, 1.2), (None, pf, 0)]] == \
        ["20 pf", "1 point", "4.2 pf", "0", "4.3 ± 0.4 pf", "8 ± 1 pf", "—"]
    with use_language("de"):
        assert (_amount(20.0, pf), _amount(12.5, Unit.CARD_POINTS), _amount(4.3, pf, 0.4)) == \
            ("20 Pf", "12,5 Augen", "4,3 ± 0,4 Pf")
