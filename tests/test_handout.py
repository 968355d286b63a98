"""The printable handout: one A4 page of SVG with the hands open or hidden and every trick so far."""

import random
import re

import pytest

from keinstich.games import GAMES
from keinstich.handout import handout_svg, save_handout


def _deal(moves):
    deal = GAMES["kein-stich"].deal("no-hearts", 7)
    rng = random.Random(1)
    for _ in range(moves):
        deal.play(rng.choice(deal.legal_moves()))
    return deal


def test_open_and_hidden_hands(tmp_path):
    deal = _deal(22)
    page = handout_svg(deal, hands="open", title="No Hearts, seed 7")
    assert page.startswith("<svg") and 'width="210mm"' in page and "No Hearts, seed 7" in page
    faces = re.findall(r'aria-label="([^"]+ of [A-Za-z]+)"', page)
    assert all(c.label("german") in page for h in deal.dealt for c in h)  # every card as dealt
    assert page.count("Trick ") >= 6 and "(on the table)" in page and faces
    hidden = handout_svg(deal, hands="hidden", seat=2)
    assert "the hand of seat 2" in hidden and hidden.count("<svg") == page.count("<svg") - 3 * 8
    save_handout(deal, tmp_path / "h.svg")
    assert (tmp_path / "h.svg").read_text(encoding="utf-8") == handout_svg(deal)
    with pytest.raises(ValueError, match=r"path ending in \.svg"):
        save_handout(deal, tmp_path / "h.pdf")
    with pytest.raises(ValueError, match="'open' or 'hidden'"):
        handout_svg(deal, hands="shown")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lay-off"):
        handout_svg(GAMES["kein-stich"].deal("domino", 1))


def test_the_score_of_a_finished_deal_is_no_score_so_far():
    assert "Score so far (pfennig)" in handout_svg(_deal(22))
    done = _deal(32)
    assert done.over and "Score (pfennig)" in handout_svg(done) and "so far" not in handout_svg(done)
