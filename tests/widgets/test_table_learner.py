"""The Table as a learner sees it (the coach issue): a finished trick stays visible with its winner, the
Last trick button, the hint beside its button and gone once the position moves on, reasons said to
"you", one hand order in every view, the card size, and the seed shown only when it is known."""

from __future__ import annotations

import re

import pytest

from keinstich.cards import card, cards, sort_hand
from keinstich.contracts import NO_HEARTS
from keinstich.faces import card_name, set_display, trickdeal_html
from keinstich.games.herzblatt import HerzblattDeal
from keinstich.layoff import DOMINO, DominoDeal
from keinstich.tricks import TrickDeal
from keinstich.wording import refusal_words
from keinstich_widgets._games import move_cards
from keinstich_widgets._words import action_key
from keinstich_widgets.quiz import LegalCardsQuiz
from keinstich_widgets.replay import Replay
from keinstich_widgets.table import Table

HANDS = [
    cards("7C 8C 9C 7S 8S 9S 7H 8H"),
    cards("10C JC 10S JS 9H 10H 7D 8D"),
    cards("QC KC QS KS JH QH 9D 10D"),
    cards("AC AS KH AH JD QD KD AD"),
]


def clubs_led() -> TrickDeal:
    deal = TrickDeal(HANDS, NO_HEARTS, leader=0)
    deal.play("7C")
    return deal


def shown(view) -> bool:  # type: ignore[no-untyped-def]
    return view.layout.display != "none"


# --- a finished trick stays on the table ------------------------------------------------------------


def test_a_trick_a_bot_wins_stays_beside_the_next_until_the_learner_moves() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    table.card_button("JC").click()  # seat 3 takes it with AC and leads trick 2; seat 0 follows
    first = table.deal.tricks[0]
    assert first.winner == 3 and len(table.deal.trick) == 2
    assert table.trick_view.plays == table.deal.trick  # the new trick in the middle ...
    assert shown(table.last_view) and table.last_view.plays == first.plays()  # ... the finished one beside it
    assert table.last_view.winner == 3
    assert table.last_view.caption.value == "Seat 3 wins the trick with the Daus of Acorns."
    assert "Trick 1" in table.last_view.html.value
    table.play(table.session.legal()[0])  # the learner's next move: trick 1 has been seen
    assert not (shown(table.last_view) and table.last_view.plays == first.plays())


def test_a_trick_the_learner_wins_reads_you_win_and_french_faces_name_the_card_by_symbol() -> None:
    table = Table.from_deal(TrickDeal(HANDS, NO_HEARTS, leader=0), seat=3, synchronous=True, faces="french")
    led = table.deal.trick[0][1].suit
    assert len(table.deal.trick) == 3
    ace = next(c for c in table.deal.hand(3) if c.suit == led)  # seat 3 holds every Ace
    table.play(ace)  # the learner wins trick 1 and leads: the finished trick is the one in the middle
    assert table.trick_view.winner == 3 and not table.deal.trick
    assert table.trick_view.caption.value == f"You win the trick with {ace.text}."


def test_german_words_for_the_winner() -> None:
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True, lang="de")
    table.card_button("JC").click()
    assert table.last_view.caption.value == "Platz 3 gewinnt den Stich mit Eichel-Daus."


def learner_move(table: Table) -> None:
    """The hint bot's move, made through the table's buttons as a learner would."""
    move, _ = table.session.hint()
    cs = move_cards(move)
    if len(cs) == 1:
        table.play(cs[0])
    elif cs:  # Herzblatt's discard: pick the cards, then press Discard
        for c in cs:
            table.play(c)
        table.act(table.deal.phase)
    else:
        table.act(action_key(move))
    assert table.messages.kind != "error", table.messages.text


@pytest.mark.parametrize(("game", "contract", "seed"), [
    ("kein-stich", "no-hearts", 3), ("kein-stich", "no-tricks", 8), ("herzeln", "herzeln-no-queens", 2),
    ("herzblatt", "herzblatt-4", 3), ("herzblatt", "herzblatt-3", 1)])
@pytest.mark.parametrize("seat", [0, 2])
def test_in_every_trick_game_the_last_trick_finished_since_the_learners_move_is_in_view(
        game: str, contract: str, seed: int, seat: int) -> None:
    table = Table(game, contract, seed=seed, seat=seat, synchronous=True)
    checked = 0
    while not table.deal.over:
        before = len(table.deal.tricks)
        learner_move(table)
        tricks = table.deal.tricks
        if len(tricks) > before:  # tricks finished by the learner's card or the bots' replies
            last = tricks[-1]
            views = [v for v in (table.trick_view, table.last_view) if shown(v) and v.plays == last.plays()]
            assert views, f"trick {last.number} vanished before the learner saw it"
            assert views[0].winner == last.winner and re.search("wins? the trick with", views[0].caption.value)
            assert table.name(last.winner).lower() in views[0].caption.value.lower()
            checked += 1
    assert checked >= 3


def test_the_last_trick_button_shows_the_trick_before_and_closes_at_the_next_move() -> None:
    table = Table("kein-stich", "no-hearts", seed=3, synchronous=True)
    assert table.last_toggle.disabled  # no trick finished yet
    while len(table.deal.tricks) < 2 or table.deal.trick:
        table.play(table.session.legal()[0])
    # between tricks, the finished trick is in the middle: Last trick shows the one before it
    tricks = table.deal.tricks
    assert table.trick_view.plays == tricks[-1].plays() and not shown(table.last_view)
    table.last_toggle.value = True
    assert shown(table.last_view) and table.last_view.plays == tricks[-2].plays()
    table.play(table.session.legal()[0])
    assert table.last_toggle.value is False
    if table.deal.trick and len(table.deal.tricks) == len(tricks):  # the learner led: nothing unseen beside
        assert not shown(table.last_view)


def test_a_lay_off_deal_has_no_last_trick_button_and_plays_on() -> None:
    table = Table("kein-stich", "domino", seed=2, synchronous=True)
    assert table.last_toggle.layout.display == "none"
    while not table.deal.over:
        learner_move(table)
    assert table.deal.result().places is not None


# --- the hint beside its button -------------------------------------------------------------------


def test_the_hint_sits_beside_its_button_and_goes_once_a_card_is_played() -> None:
    table = Table("kein-stich", "no-hearts", seed=3, synchronous=True)
    table.hint_button.click()
    assert table.hint_box in table.controls.children  # the row under the hand
    row = list(table.hint_box.children)
    assert row.index(table.hint_note) > row.index(table.hint_button)
    move, _ = table.session.hint()
    note = table.hint_note.value
    assert f"<b>{card_name(move, 'german')}</b>" in note and " — " in note
    assert not set("♣♠♥♦") & set(note)  # German faces: the reason names cards in German words too
    assert "ks-lit" in table.card_button(move)._dom_classes
    assert table.messages.text == ""
    table.play(move)
    assert table.hint_note.value == "" and not any("ks-lit" in b._dom_classes for b in table.hand_view.buttons)


@pytest.mark.parametrize("how", ["undo", "new deal", "text deal", "other card"])
def test_the_hint_goes_with_undo_a_new_deal_and_another_card(how: str) -> None:
    table = Table("kein-stich", "no-hearts", seed=3, synchronous=True)
    table.play(table.session.legal()[0])
    table.hint_button.click()
    move, _ = table.session.hint()
    assert table.hint_note.value
    if how == "undo":
        table.undo_button.click()
    elif how == "new deal":
        table.new_deal(9)
    elif how == "text deal":
        table.deal_text("\n".join(" ".join(c.code for c in h) for h in HANDS))
    else:
        table.play(next(c for c in table.session.legal() if c != move) if len(table.session.legal()) > 1 else move)
    assert table.hint_note.value == ""
    assert not any("ks-lit" in b._dom_classes for b in table.hand_view.buttons)


def test_the_hint_goes_when_the_deal_ends() -> None:
    table = Table("kein-stich", "no-tricks", seed=4, synchronous=True)
    while len(table.deal.hand(0)) > 1:
        learner_move(table)
    table.hint_button.click()
    assert table.hint_note.value
    learner_move(table)
    assert table.deal.over and table.hint_note.value == ""


# --- said to the learner ----------------------------------------------------------------------------


def test_reasons_speak_to_you_and_the_engine_keeps_its_own_words() -> None:
    deal = clubs_led()
    assert deal.why_illegal("9H", 1) == "seat 1 must follow clubs (holds 10C, JC): 9H is not allowed"
    said = refusal_words(deal.why_illegal("9H", 1), style="french", you=True)
    assert said == "you must follow clubs (you hold 10♣ J♣)"
    assert refusal_words(deal.why_illegal("9H", 2), you=True) == "it is seat 1's turn, not yours"


def test_out_of_turn_and_wrong_cards_are_said_to_you() -> None:
    from keinstich_widgets._games import setup_of
    from keinstich_widgets._session import Session

    waiting = Session(setup_of(clubs_led()), clubs_led(), 2, "heuristic", synchronous=True)  # not started
    waiting.style = "german"
    assert waiting.why_not(card("QC")) == "it is seat 1's turn, not yours"
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True)
    assert table.session.why_not(card("9H")) == "you must follow Acorns (you hold 10 and Unter of Acorns)"
    deal = DominoDeal([cards("7C 8C 9C 10C 7S 8S 9S 10S"), cards("JC QC KC AC JS QS KS AS"),
                       cards("7H 8H 9H 10H 7D 8D 9D 10D"), cards("JH QH KH AH JD QD KD AD")], DOMINO, leader=0)
    assert deal.turn == 1  # seat 1 holds the Unter of Acorns
    said = refusal_words(deal.why_illegal("QC", 1), you=True)
    assert said == "you must lay the Unter of Acorns first: it starts the lay-off"
    assert deal.why_illegal("QC", 1) == "seat 1 must lay JC first: the Unter of Acorns starts the lay-off"


def test_a_german_table_says_the_refusal_in_german() -> None:
    """The engine's refusal is data; the table says it in its own language, to the learner, in its faces' words."""
    table = Table.from_deal(clubs_led(), seat=1, synchronous=True, lang="de")
    assert table.session.why_not(card("9H")) == "du musst Eichel bedienen (du hast 10 und Unter in Eichel)"
    table.play("9H")
    assert table.messages.kind == "error" and "du musst Eichel bedienen" in table.messages.text


# --- one hand order ---------------------------------------------------------------------------------


def _static_order(html: str, seat: int, style: str) -> list[str]:
    """The card codes of ``seat``'s hand row in a static deal display, in the order drawn."""
    row = re.findall(r"<tr>(.*?)</tr>", html, re.S)[seat + 1]
    codes = {card_name(card(r + s), style): r + s for r in ("7", "8", "9", "10", "J", "Q", "K", "A") for s in "CSHD"}
    return [codes[n] for n in re.findall(r'aria-label="([^"]+)"', row)]


@pytest.mark.parametrize(("game", "contract", "seed"), [("kein-stich", "no-hearts", 5),
                                                       ("herzeln", "herzeln-no-queens", 1)])
def test_the_table_the_static_display_and_the_quiz_show_a_hand_in_the_same_order(
        game: str, contract: str, seed: int) -> None:
    table = Table(game, contract, seed=seed, synchronous=True, faces="french")
    deal = table.deal
    seat = deal.turn
    assert seat == 0
    in_table = [b.card.code for b in table.hand_view.buttons]
    static = _static_order(trickdeal_html(deal), seat, "french" if game == "herzeln" else "german")
    quiz = LegalCardsQuiz(deal.copy(), seat=seat)
    in_quiz = [b.card.code for b in quiz.hand.buttons]
    assert in_table == static == in_quiz
    order = deal.rules.order
    assert in_table == [c.code for c in sort_hand(deal.hand(seat), order)]
    if order == "ace-ten":  # the Herzeln deal was chosen so that the order differs from the cards' own
        assert in_table != [c.code for c in sorted(deal.hand(seat))]


def test_herzblatt_hands_sort_alike_in_table_and_static_display() -> None:
    deal = HerzblattDeal.from_seed(3)
    table = Table.from_deal(deal.copy(), seat=0, synchronous=True, faces="french")
    from keinstich.faces import herzblatt_html

    rows = re.findall(r"<tr>(.*?)</tr>", herzblatt_html(deal), re.S)
    labels = re.findall(r'aria-label="([^"]+)"', rows[1])
    assert [card_name(b.card, "french") for b in table.hand_view.buttons] == labels


# --- card size --------------------------------------------------------------------------------------


def test_card_size_names_numbers_and_the_dropdown() -> None:
    table = Table("kein-stich", "no-hearts", seed=1, synchronous=True, card_size="large")
    assert table.size_box.value == "large" and table.hand_view.buttons[0].layout.width == "112px"
    assert table.trick_view._look[3] == 112 * 8 // 9
    table.size_box.value = "small"
    assert table.hand_view.buttons[0].layout.width == "56px"
    backs = [v.picture for v in table.other_views.values()]  # the bots' hands, face down: pictures of their backs
    assert all(p is not None and "ks-w-37" in p.value and "width: 37px" in p.value and "ks-w-48" not in p.value
               for p in backs)
    table.set_card_size(90)
    assert table.hand_view.buttons[0].layout.width == "90px" and table.size_box.value == 90
    assert Table("kein-stich", "no-hearts", seed=1, synchronous=True).size_box.value == "medium"
    assert Table("kein-stich", "no-hearts", seed=1, synchronous=True, width=100).size_box.value == 100
    with pytest.raises(ValueError, match="card size"):
        Table("kein-stich", "no-hearts", seed=1, card_size="huge")


def test_quiz_replay_and_static_displays_take_the_same_sizes() -> None:
    quiz = LegalCardsQuiz.from_seed("no-hearts", 2, card_size="large")
    assert quiz.hand.buttons[0].layout.width == "112px"
    table = Table("kein-stich", "no-tricks", seed=2, synchronous=True)
    while not table.deal.over:
        learner_move(table)
    replay = Replay(table.deal, card_size="L", synchronous=True)
    assert replay.hand_views[0].buttons[0].layout.width == "112px"
    deal = TrickDeal(HANDS, NO_HEARTS, leader=0)
    small = trickdeal_html(deal)
    try:
        set_display(card_size="large")
        large = trickdeal_html(deal)
    finally:
        set_display(width=56)
    assert 'width="40"' in small and 'width="80"' in large and 'width="40"' not in large


# --- the seed in the title --------------------------------------------------------------------------


def test_a_deal_from_elsewhere_shows_its_seed_when_given_else_typed_deal() -> None:
    deal = TrickDeal.from_seed("german-32", 4, 21, NO_HEARTS)
    typed = Table.from_deal(deal, synchronous=True)
    assert "typed deal" in typed.title.value and "seed" not in typed.title.value
    assert repr(typed).endswith(", typed deal, learner seat 0)") and typed.seed_box.value == ""
    seeded = Table.from_deal(deal, seed=21, synchronous=True)
    assert "seed 21" in seeded.title.value and ", seed 21, " in repr(seeded) and seeded.seed_box.value == "21"
    table = Table("kein-stich", "no-hearts", seed=4, synchronous=True)
    table.deal_text("\n".join(" ".join(c.code for c in h) for h in HANDS))
    assert "typed deal" in table.title.value and table.session.seed is None
    table.new_button.click()  # the seed box is empty: the learner is asked for a seed
    assert "type a seed" in table.messages.text


def test_the_panel_slot_beside_the_table() -> None:
    import ipywidgets as widgets

    table = Table("kein-stich", "no-hearts", seed=1, synchronous=True)
    assert table.children == (table.main, table.review_box) and table.review_box.layout.display == "none"
    panel = widgets.HTML("review")
    table.show_panel(panel)
    assert table.review_box.children == (panel,) and table.review_box.layout.display == ""
    table.show_panel(None)
    assert table.review_box.children == () and table.review_box.layout.display == "none"
