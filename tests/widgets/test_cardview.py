"""Card buttons, hands and the trick view, driven by clicks and traits."""

import pytest

from keinstich.cards import card, cards
from keinstich.tricks import TrickDeal
from keinstich_widgets.cardview import (
    CardButton,
    CardStyles,
    HandView,
    TrickView,
    backs_html,
    card_class,
    card_style_widget,
)


def test_card_button_carries_card_name_and_class() -> None:
    b = CardButton(card("QS"), style="german", lang="de", width=60)
    assert b.card is card("QS") and b.description == "Grün-Ober"
    assert card_class(card("QS"), "german", None, "de", 60) in b._dom_classes and "ks-card" in b._dom_classes
    assert b.layout.width == "60px" and b.layout.height == "84px"
    b.show(card("7H"))
    assert b.description == "Herz-7"
    assert card_class(card("QS"), "german", None, "de", 60) not in b._dom_classes


def test_styles_hold_one_rule_per_card_class_and_change_only_for_new_cards() -> None:
    s = card_style_widget(cards("QS KH"))
    assert s.value.startswith("<style>") and s.value.count("background-image") == 2
    before = s.value
    s.need(cards("KH"))
    assert s.value == before
    s.need([None])
    assert s.value.count("background-image") == 3 and "ks-back-72" in s.value
    assert s.layout.display == "none"


def test_hand_enables_legal_cards_and_shows_reasons() -> None:
    deal = TrickDeal([cards("QS 7S KH"), cards("AS 8S 9H")], leader=1)
    deal.play("AS")
    hand = deal.hand(0)
    got: list = []
    view = HandView(hand, legal=deal.legal(), reasons=lambda c: deal.why_illegal(c), on_click=got.append)
    state = {b.card.code: (b.disabled, b.tooltip) for b in view.buttons}
    assert state["QS"][0] is False and state["7S"][0] is False
    assert state["KH"][0] is True and "must follow spades" in state["KH"][1]
    view.click("KH")  # a click on a disabled card never reaches on_click
    view.button("KH")._click_handlers(view.button("KH"))  # not even a message sent by a stale frontend
    assert got == []
    view.click("7S")
    assert got == [card("7S")]


def test_clicks_after_the_card_left_the_hand_do_nothing() -> None:
    got: list = []
    view = HandView(cards("QS 7S"), on_click=got.append)
    b = view.button("QS")
    b.click()
    view.set_cards(cards("7S"))
    b.click()  # the late second click of a double click
    assert got == [card("QS")]
    assert view.buttons == (view.button("7S"),)


def test_set_cards_reuses_buttons_and_keeps_children_stable() -> None:
    view = HandView(cards("QS 7S KH"))
    first = {b.card: b for b in view.buttons}
    view.set_cards(cards("QS KH"), legal=cards("KH"))
    assert view.button("QS") is first[card("QS")] and view.button("KH") is first[card("KH")]
    assert view.button("QS").disabled and not view.button("KH").disabled
    assert view.button("QS").tooltip == "not playable now"
    with pytest.raises(KeyError):
        view.button("7S")
    with pytest.raises(ValueError):
        view.set_cards(cards("QS QS"))


def test_face_down_hand_shows_backs_and_hides_the_cards() -> None:
    view = HandView(cards("QS 7S"), face_down=True, on_click=lambda c: pytest.fail("clicked"))
    # one picture of two backs, nothing to click: no button, and no card's name or face in the page
    assert view.buttons == () and view.backs == 2 and view.picture is not None and view.picture in view.children
    assert view.picture.value == backs_html(2, width=72) and view.picture.value.count("ks-back-72") == 2
    assert "QS" not in view.picture.value and "Spades" not in view.picture.value
    assert "ks-c-" not in view.styles.value  # no face of a hidden card is sent to the page
    assert ".ks-backs" in view.styles.value and "display:contents" in view.styles.value
    view.set_cards(cards("QS 7S"), face_down=False)
    assert [b.card for b in view.buttons] == list(cards("QS 7S")) and view.picture is None
    view.set_cards(cards("7S"), face_down=True)
    assert view.buttons == () and view.picture is not None and view.picture.value.count("ks-back-") == 1
    assert repr(view) == "HandView(1 cards)"


def test_backs_drawn_as_a_face_down_buttons_box() -> None:
    """Each back in the picture has a face-down button's classes and box, so the page's rules draw it alike."""
    one = backs_html(1, width=48)
    for cls in ("jupyter-widgets", "jupyter-button", "widget-button", "ks-card", "ks-w-48", "ks-back-48",
                "ks-face-down"):
        assert cls in one.split('"')[1].split()
    assert "width: 48px; height: 67px; padding: 0px;" in one and backs_html(0) == ""


def test_disable_and_enable() -> None:
    got: list = []
    view = HandView(cards("QS 7S"), legal=cards("QS"), on_click=got.append)
    view.disable("wait: the bots are playing")
    assert all(b.disabled and b.tooltip == "wait: the bots are playing" for b in view.buttons)
    view.click("QS")
    assert got == []
    view.enable()
    assert not view.button("QS").disabled and view.button("7S").disabled
    view.click("QS")
    assert got == [card("QS")]


def test_an_error_in_on_click_goes_to_on_error() -> None:
    errors: list[str] = []

    def boom(c: object) -> None:
        raise RuntimeError("engine said no")

    view = HandView(cards("QS"), on_click=boom, on_error=errors.append)
    view.click("QS")
    assert errors == ["RuntimeError: engine said no"] and view.last_error == errors[0]


def test_set_look_switches_faces_in_place() -> None:
    view = HandView(cards("QS"))
    b = view.button("QS")
    view.set_look(style="french", lang="de", width=50)
    assert view.button("QS") is b and b.description == "Pik-Dame" and b.layout.width == "50px"
    assert card_class(card("QS"), "french", None, "de", 50) in b._dom_classes
    assert card_class(card("QS"), "french", None, "de", 50) in view.styles.value


def test_shared_styles_widget_is_not_a_child() -> None:
    shared = CardStyles()
    view = HandView(cards("QS"), styles=shared)
    assert shared not in view.children and "ks-c-QS" in shared.value


def test_trick_view_shows_plays_and_winner() -> None:
    view = TrickView(4, [(1, card("QS"))], names=["You", "Ann", "Bo", "Cy"])
    assert "Ann: Ober of Leaves" in view.html.value and "wins" not in view.html.value
    view.update([(1, card("QS")), (2, card("KS")), (3, card("7S")), (0, card("AS"))], winner=0, caption="You win")
    assert "You · wins" in view.html.value and view.caption.value == "You win"
    with pytest.raises(ValueError):
        view.update([(4, card("QS"))])
