"""What the Table says to a screen reader (its live region, widgets/_speech.py) and the marks it gives the page
(widgets/_access.py): each card played, each trick's winner, the learner's turn, why a card may not be played, the
review's line; the bots' hands as one labelled group each; a card that may not be played marked, not lost."""

from __future__ import annotations

from keinstich.cards import cards
from keinstich_widgets.table import Table

HANDS = [  # seat 0 leads 7C: everyone holds a club
    cards("7C 8C 9C 7S 8S 9S 7H 8H"),
    cards("10C JC 10S JS 9H 10H 7D 8D"),
    cards("QC KC QS KS JH QH 9D 10D"),
    cards("AC AS KH AH JD QD KD AD"),
]
TEXT = "\n".join(" ".join(c.code for c in h) for h in HANDS)


def table(**kwargs: object) -> Table:
    t = Table("kein-stich", "no-hearts", text=TEXT, synchronous=True, **kwargs)  # type: ignore[arg-type]
    t.session.wait()
    return t


def test_a_trick_is_said_card_by_card_then_its_winner_then_the_turn() -> None:
    t = table()
    assert t.speech.access.spoken == ["Your turn: lead a card."]
    t.play("7C")
    said = t.speech.access.spoken[-1]
    assert said.startswith("You play 7 of Acorns. Seat 1 plays "), said
    assert said.index("Seat 3 plays") < said.index("Seat 3 wins the trick with the Daus of Acorns.") < said.index(
        "Seat 3 plays", said.index("wins")), said
    assert said.endswith("Your turn: play a card.") or said.endswith("Your turn: lead a card."), said


def test_a_card_that_may_not_be_played_says_why_and_nothing_moves() -> None:
    t = table()
    t.play("7C")  # seat 3 wins with the Ace and leads: the learner must follow
    legal = set(t.session.legal())
    off = [c for c in t.hand_view.cards if c not in legal]
    assert off, "the learner should hold a card that may not be played"
    before = (t.session.deal.copy().history, len(t.speech.access.spoken))
    button = t.hand_view.button(off[0])
    assert "ks-off" in button._dom_classes and button.disabled
    assert all("ks-off" not in t.hand_view.button(c)._dom_classes for c in legal)
    button.click()
    assert t.session.deal.history == before[0], "a card that may not be played was played"
    said = t.speech.access.spoken[-1]
    assert len(t.speech.access.spoken) == before[1] + 1
    assert said == f"You cannot play {t.words(off[0])}: {button.tooltip.rstrip('.')}.", said
    assert "must" in said, said


def test_the_bots_hands_are_labelled_groups_their_backs_hidden_unless_open() -> None:
    t = table()
    marks = dict((s, a) for s, a in t.speech.access.marks)
    assert marks[".ks-seat-1"] == {"role": "group", "aria-label": "Seat 1: 8 cards"}
    backs = t.other_views[1].picture  # face down: a picture of empty boxes, no button, no text for a reader
    assert backs is not None and not t.other_views[1].buttons and ">card" not in backs.value
    assert backs.value.replace("></span>", "").count(">") == 0
    assert marks[".ks-table"]["role"] == "region" and marks[".ks-review-box"]["role"] == "region"
    t.play("7C")
    marks = dict((s, a) for s, a in t.speech.access.marks)
    left = len(t.session.deal.hand(1))
    assert left < 8 and marks[".ks-seat-1"]["aria-label"] == f"Seat 1: {left} cards", marks[".ks-seat-1"]
    t.open_toggle.value = True
    marks = dict((s, a) for s, a in t.speech.access.marks)
    assert t.other_views[1].picture is None and len(t.other_views[1].buttons) == left
    assert marks[".ks-seat-1"]["aria-label"] == f"Seat 1: {left} cards"


def test_the_end_of_the_deal_and_the_review_are_said() -> None:
    t = table()
    while not t.session.deal.over:
        t.play(t.session.legal()[0])
    spoken = " ".join(t.speech.access.spoken)
    assert spoken.count("the trick with") == 8, spoken
    assert "The deal is over." in spoken
    assert t.speech.access.spoken[-1].startswith("Your review: "), t.speech.access.spoken[-3:]


def test_german_sentences_come_from_the_catalogs() -> None:
    t = table(lang="de")
    t.play("7C")
    said = t.speech.access.spoken[-1]
    assert said.startswith("Du spielst ") and " spielt " in said and "Stich" in said, said
    marks = dict((s, a) for s, a in t.speech.access.marks)
    assert marks[".ks-table"]["aria-label"] == "Kartentisch" and marks[".ks-seat-1"]["aria-label"].endswith("Karten")
