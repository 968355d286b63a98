"""What a student's first table costs the server (issue 30): the widget models it opens (one comm, one message and one
view in the page each), the looks its widgets share, the bots' face-down hands as one picture each, and the coach,
which thinks ahead only once the page shows the table and then at a lower priority. ``make table-cost``
(scripts/table_cost.py) measures the same on a real kernel, with the bytes and the CPU seconds."""

from __future__ import annotations

import os
import sys
import threading
from collections import Counter

import ipywidgets as widgets
import pytest
from ipywidgets.widgets import widget as widget_module

from keinstich_widgets._app import open_app
from keinstich_widgets._shared import fixed, plain
from keinstich_widgets._words import background
from keinstich_widgets.cardview import CardButton
from keinstich_widgets.table import Table


def _code() -> str:
    return str(Table("kein-stich", "no-hearts", seed=3, bots="heuristic", synchronous=True,
                     review=False).codes.start().text)


def _opened(make) -> Counter[str]:  # type: ignore[no-untyped-def]
    """The widget models ``make()`` opens, by class."""
    before = set(widget_module._instances)
    made = make()
    new = [w for k, w in widget_module._instances.items() if k not in before]
    assert made is not None
    return Counter(type(w).__name__ for w in new)


def test_a_students_table_opens_few_models_and_no_button_for_a_face_down_card(monkeypatch) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")  # the student's view, as in Voila
    code = _code()
    widgets.Widget.close_all()  # the shared looks are made afresh, as in a new kernel
    opened = _opened(lambda: open_app(Table, f"deal={code}", {"game": "kein-stich", "contract": "no-hearts",
                                                             "bots": "heuristic", "card_size": "medium"}))
    total = sum(opened.values())
    # 266 models before the looks were shared, the backs drawn as pictures and the review made at the deal's end (43
    # buttons, 92 layouts, 27 HTML styles, 15 button styles); now about 130
    assert total <= 140, opened
    assert opened["ReviewView"] == 0, opened  # made when the deal ends
    assert opened["CardButton"] == 8, opened  # the learner's eight cards: the bots' 24 backs are no buttons
    layouts = sum(n for name, n in opened.items() if name.endswith("Layout"))
    assert layouts <= 40, opened  # 92 before
    assert sum(n for name, n in opened.items() if name.endswith("Style")) <= 16, opened  # 57 before


def test_a_second_table_in_the_kernel_shares_the_first_ones_looks() -> None:
    first = Table("kein-stich", "no-hearts", seed=1, synchronous=True)
    again = _opened(lambda: Table("kein-stich", "no-hearts", seed=2, synchronous=True))
    assert first.title.layout is first.status.layout and first.title.style is first.score.style
    assert again["FixedLayout"] == 0 and again["FixedHTMLStyle"] == 0, again


def test_a_shared_look_refuses_a_change_that_would_change_every_widget_sharing_it() -> None:
    a = widgets.HTML("a", **plain(widgets.HTML))
    b = widgets.HTML("b", **plain(widgets.HTML))
    assert a.layout is b.layout and a.style is b.style
    with pytest.raises(AttributeError, match="shared by many widgets"):
        a.layout.display = "none"
    with pytest.raises(AttributeError, match="shared by many widgets"):
        a.style.font_size = "20px"
    assert b.layout.display is None and b.style.font_size is None
    wide = widgets.Dropdown(options=[1], **plain(widgets.Dropdown, style={"description_width": "56px"},
                                                  width="200px"))
    assert wide.layout.width == "200px" and wide.style.description_width == "56px"
    assert wide.layout is fixed(widgets.Layout, width="200px") and wide.layout is not a.layout
    widgets.Widget.close_all()  # a closed one is made again, not handed out closed
    c = widgets.HTML(**plain(widgets.HTML))
    assert c.layout is not a.layout and c.layout.comm is not None


def test_every_table_widget_a_redraw_changes_has_a_look_of_its_own() -> None:
    """Play a whole deal with the hands opened and shut, the last trick shown, the cards resized, the review opened:
    any change to a shared look would raise (and the table would report it)."""
    t = Table("kein-stich", "no-hearts", seed=5, synchronous=True, teacher=True)
    t.open_toggle.value = True
    t.last_toggle.value = True
    t.set_card_size("large")
    t.open_toggle.value = False
    while not t.deal.over:
        t.play(next(b.card for b in t.hand_view.buttons if not b.disabled))
    t.set_card_size("small")
    assert t.messages.text == "", t.messages.text
    assert t.review_box.layout.display == "" and t.coach.review is not None


def test_the_review_panel_is_made_when_the_deal_ends() -> None:
    t = Table("kein-stich", "no-hearts", seed=5, synchronous=True)
    t.set_card_size("large")  # followed by the review made later
    assert t.coach._view is None and t.coach.review is None
    while not t.deal.over:
        t.play(next(b.card for b in t.hand_view.buttons if not b.disabled))
    assert t.coach._view is not None and t.review_box.children == (t.coach.view,) and t.coach.review is not None
    assert t.coach.view.look["width"] == t.coach._width and t.coach.back in t.coach.view.children


def test_the_coach_thinks_ahead_only_once_the_page_shows_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib
    from collections import OrderedDict

    judge = importlib.import_module("keinstich.coach.judge")  # the module: keinstich.coach.judge is also a function
    monkeypatch.setattr(judge, "_KEPT", OrderedDict())  # no verdict kept by an earlier test: there is one to ponder
    t = Table("kein-stich", "no-hearts", seed=1)  # not synchronous: the coach thinks ahead in a thread
    assert t.wait(30) and t.session.learner_to_move
    assert t.coach._ponder is None  # no page yet: nothing competes with the first table
    t.speech.access._message(t.speech.access, {"event": "shown"}, [])  # what the page's front end sends
    assert t.coach._ponder is not None and t.coach._ponder[0].history == t.deal.history
    t.coach.asked(t.deal)  # Hint: the lower-priority ponder stops, the hint works at the usual priority
    assert t.coach._ponder is None


def test_the_coach_is_told_by_the_page_front_end() -> None:
    from keinstich_widgets._access import _ESM

    assert "model.send({ event: 'shown' })" in _ESM


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own nice value is Linux's")
def test_background_work_runs_ten_nice_levels_below_the_kernel() -> None:
    got: list[int] = []

    def work() -> None:
        background()
        got.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert got == [min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == os.getpriority(os.PRIO_PROCESS, 0)


def test_a_face_down_hand_is_never_a_button() -> None:
    t = Table("kein-stich", "no-hearts", seed=1, synchronous=True)
    for view in t.other_views.values():
        assert view.face_down and not any(isinstance(w, CardButton) for w in view.children)
