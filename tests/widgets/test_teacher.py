"""The teacher's table: codes and links, reveal, step, ask the class, best cards, the app's ?deal= link, and the
class results widget."""

import html
import random

import pytest

from keinstich.codes import read_code
from keinstich_widgets.classroom import class_results
from keinstich_widgets.table import Table, app_table


def _table(**kw):
    t = Table("kein-stich", "no-hearts", seed=3, teacher=True, synchronous=True, review=False, **kw)
    t.play(t.session.legal()[0])
    return t


def test_the_code_reopens_the_position():
    t = _table()
    code = t.codes.deal_code
    assert code.text in t.codes.code.value and "Copy link" in t.codes.code.value
    assert f"?deal={code.text}" in t.codes.code.value
    again = Table.from_code(code.text, synchronous=True, review=False)
    assert again.deal.history == t.deal.history and again.seat == t.seat and again.session.seed == 3


def test_step_back_and_forward_with_the_bots_waiting():
    t = _table()
    n = len(t.deal.history)
    line = t.deal.history
    tp = t.teacher_panel
    tp.back()
    tp.back()
    assert len(t.deal.history) == n - 2 and t.session.paused
    tp.forward()
    assert t.deal.history == line[:n - 1]  # the same card again
    assert "stepping" in t.status.value
    tp.play_on()
    assert not t.session.paused and t.deal.turn == t.seat


def test_reveal_ask_and_show_the_best_cards():
    t = _table()
    tp = t.teacher_panel
    tp.back()  # a bot's turn
    seat = t.deal.turn
    assert seat != t.seat and t.other_views[seat].face_down and not t.other_views[seat].buttons
    tp.ask()
    assert "The answer is hidden" in tp.note.value and not tp.marks(seat)
    tp.show_answer()
    assert tp.marks(seat) and not t.other_views[seat].face_down  # the answer's hand is shown
    assert not any(b.face_down for b in t.other_views[seat].buttons)
    lit = [b.card for b in t.other_views[seat].buttons if "ks-lit" in b._dom_classes]
    assert set(lit) == set(tp.marks(seat)) and "from what" in tp.note.value
    tp.show_best()
    assert "all hands open" in tp.note.value.lower() and tp.marks(seat)
    tp.forward()
    assert tp.note.value.startswith("<i>") and not tp.marks(seat)  # the answer goes with its position


def test_result_code_when_the_deal_ends():
    t = _table()
    given = t.codes.start()
    while not t.deal.over:
        t.play(t.session.legal()[0])
    t.codes.name.value = "Anna"
    result = read_code(t.codes.result_code.text)
    assert result.kind == "result" and result.name == "Anna" and result.deal.text == given.text


def test_the_app_opens_a_link_and_refuses_a_bad_one():
    t = _table()
    code = t.codes.deal_code.text
    student = app_table(f"deal={code}", game="kein-stich", contract="no-hearts", seed=1, synchronous=True, review=False)
    assert student.teacher_panel is None and student.deal.history == t.deal.history
    bad = app_table(f"deal={code[:-1]}", game="kein-stich", contract="no-hearts", seed=1, synchronous=True,
                    review=False)
    assert bad.notice is not None and "could not be opened" in bad.notice.text and "checksum" in bad.notice.text
    assert bad.session.seed == 1 and bad.teacher_panel is None, "a refused link gives the student's view"
    assert bad.main.children.index(bad.notice) < bad.main.children.index(bad.title), "the refusal is at the top"
    garbage = app_table("deal=hello", game="kein-stich", contract="no-hearts", seed=1, synchronous=True,
                        review=False)
    assert garbage.teacher_panel is None and "not a deal code" in garbage.notice.text
    teacher = app_table(f"deal={code}&teacher=1", game="kein-stich", contract="no-hearts", seed=1,
                        synchronous=True, review=False)
    assert teacher.teacher_panel is not None and teacher.deal.history == t.deal.history


def test_the_app_gives_the_teacher_s_row_only_when_asked_or_in_a_notebook(monkeypatch):
    """In Voila the bare address is a student's view (a link cut short must not show the bots' hands); opened as a
    notebook, the app is the teacher's own table."""
    kwargs = dict(game="kein-stich", contract="no-hearts", seed=1, synchronous=True, review=False)
    assert app_table("", **kwargs).teacher_panel is None
    assert app_table("teacher=1", **kwargs).teacher_panel is not None
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert app_table(**kwargs).teacher_panel is not None, "the app run as a notebook is the teacher's"
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("QUERY_STRING", "")
    assert app_table(**kwargs).teacher_panel is None, "the app's bare address in Voila is a student's"
    monkeypatch.setenv("QUERY_STRING", "deal=KS1-nonsense&teacher=1")
    refused = app_table(**kwargs)
    assert refused.teacher_panel is not None and refused.notice is not None


def test_a_preheated_kernel_warms_then_sets_its_heap_apart_then_waits_for_its_student(monkeypatch):
    """A pool kernel loads the compiled code, then freezes what it holds out of the garbage collector's walks (a
    kernel shut down once took 0.7 s of a core there), then waits for its page: the order matters, or the warm-up's
    garbage would be frozen and the student's table would be made before the heap is set apart."""
    import gc

    from keinstich_widgets import _app

    done = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "deal=KS1-A")
    monkeypatch.setattr(_app, "warm", lambda defaults: done.append("warm"))
    monkeypatch.setattr(_app, "wait_for_request", lambda: done.append("wait") or True)
    monkeypatch.setattr(gc, "collect", lambda *a: done.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: done.append("freeze"))  # the test's own process stays as it was
    assert _app.page_query({"game": "kein-stich"}) == "deal=KS1-A"
    assert done == ["warm", "collect", "freeze", "wait"]
    done.clear()
    monkeypatch.delenv("VOILA_PREHEAT")
    assert _app.page_query({"game": "kein-stich"}) == "deal=KS1-A" and done == [], "a notebook's kernel is left as is"


def test_a_students_table_loads_no_pandas():
    """A student's kernel makes the app's table, plays its deal to the end and gets its review without pandas and the
    simulations (0.38 s of a core and 65 MiB in every kernel of a class, when seeding the bots loaded them)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from keinstich_widgets.table import Table\n"
        "t = Table('kein-stich', 'no-hearts', seed=3, bots='heuristic', synchronous=True)\n"
        "while not t.deal.over:\n"
        "    t.play(t.session.legal()[0])\n"
        "assert t.coach.review is not None, 'no review'\n"
        "print(sorted(m for m in ('pandas', 'keinstich.sim.simulation', 'keinstich.sim.shown') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_deal_link_on_each_kind_of_server(monkeypatch):
    """The link a teacher copies works for the students: Voila's own address, a JupyterHub user-redirect (each student
    to their own server), a Binder launch of the same commit, JupyterLab's voila/render."""
    from keinstich_widgets._app import link_for

    for name in ("SERVER_SOFTWARE", "SCRIPT_NAME", "JUPYTERHUB_BASE_URL", "JUPYTERHUB_SERVICE_PREFIX",
                 "BINDER_LAUNCH_HOST", "BINDER_REQUEST", "BINDER_PERSISTENT_REQUEST"):
        monkeypatch.delenv(name, raising=False)
    assert link_for("KS1-A") == "/voila/render/apps/table.ipynb?deal=KS1-A"
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("SCRIPT_NAME", "/")
    assert link_for("KS1-A") == "/?deal=KS1-A"
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/apps/table.ipynb")
    assert link_for("KS1-A") == "/voila/render/apps/table.ipynb?deal=KS1-A"
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/school/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/school/user/teacher/")
    assert link_for("KS1-A") == "/school/hub/user-redirect/voila/render/apps/table.ipynb?deal=KS1-A"
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    monkeypatch.setenv("BINDER_REQUEST", "v2/gh/keinstich/keinstich-kit/HEAD")
    monkeypatch.setenv("BINDER_PERSISTENT_REQUEST", "v2/gh/keinstich/keinstich-kit/0123abc")
    assert link_for("KS1-A") == ("https://mybinder.org/v2/gh/keinstich/keinstich-kit/0123abc"
                                 "?urlpath=voila/render/apps/table.ipynb%3Fdeal%3DKS1-A")


def test_class_results_widget_reviews_a_student():
    t = Table("kein-stich", "no-hearts", seed=5, synchronous=True, review=False)
    given = t.codes.start()
    codes = {}
    for i in range(4):
        s = Table.from_code(given.text, synchronous=True, review=False)
        rng = random.Random(i)
        while not s.deal.over:
            s.play(rng.choice(s.session.legal()))
        codes[f"s{i}"] = s.codes.result_code.text
    view = class_results(codes)
    assert len(view.results.students) == 4 and view.children[0].value.startswith("<svg")
    view.show_review("s2")
    assert view.wait() and view.review.review is not None
    summary = html.unescape(view.review.summary.value)
    assert "s2 paid" in summary and "from s2's seat" in summary and "You" not in summary, summary


def test_the_quizzes_open_a_deal_code():
    from keinstich_widgets.quiz import BestCardQuiz, LegalCardsQuiz, QuizError

    t = _table()
    t.play(t.session.legal()[0])
    code = t.codes.deal_code.text
    for quiz in (BestCardQuiz.from_code(code), LegalCardsQuiz.from_code(f"http://localhost:8866/?deal={code}")):
        assert quiz.deal.history == t.deal.history and quiz.seat == t.deal.turn == t.seat
        assert quiz.deal.hand(t.seat) == t.deal.hand(t.seat)
    assert BestCardQuiz.from_code(code, size=3).size == 3
    for bad, words in ((code[:-1], "checksum"), ("KS7-" + code[4:], "newer version"), ("no code", "not a deal code")):
        with pytest.raises(QuizError, match=words):
            BestCardQuiz.from_code(bad)
    while not t.deal.over:
        t.play(t.session.legal()[0])
    over = read_code(t.codes.deal_code.text)
    with pytest.raises(QuizError, match="deal is over"):
        LegalCardsQuiz.from_code(over)
    result = t.codes.result_code  # a result code opens the position its student was given
    assert BestCardQuiz.from_code(result.text).deal.history == result.start_position().history


def test_show_the_best_cards_says_what_it_assumes_and_rings_the_search_s_best_set():
    from keinstich.coach import open_values
    from keinstich.coach.fair import key
    from keinstich.coach.judgement import answers_for

    t = _table(bots=["heuristic", "random", "heuristic", "heuristic"])
    tp = t.teacher_panel
    position = t.deal.copy()
    got = open_values(position, answers_for(position, t.seat, list(t.session.specs)))
    best = {c for m in position.legal_moves() if key(m) in got.best for c in [m]}
    tp.show_best()
    assert set(tp.marks(t.seat)) == best and best < set(position.legal_moves())
    lit = {b.card for b in t.hand_view.buttons if "ks-lit" in b._dom_classes}
    assert lit == best
    assert "With all hands open, against these opponents:" in tp.note.value
    assert "as their bots at this table do" in tp.note.value
    assert "against these opponents" in tp.best_button.tooltip


def test_the_classroom_pastes_codes_and_makes_a_handout():
    from keinstich.classroom import class_results as score_class
    from keinstich.classroom import example_class
    from keinstich.handout import handout_svg
    from keinstich_widgets.classroom import Classroom

    codes = example_class(6)
    room = Classroom(codes, synchronous=True)
    assert room.codes.value.splitlines()[0] == f"Anna: {codes['Anna']}"
    assert room.results == score_class(codes) and room.view is not None and room.handout is not None
    given = room.results.deal
    hidden = room.handout.make("hidden")
    assert hidden == handout_svg(given.position(), hands="hidden", seat=given.seat,
                                 title="No Hearts (Kein Herz): the deal handed out")
    assert 'download="deal-hidden.svg"' in room.handout.page.value and "Open to print" in room.handout.page.value
    top = room.results.students[0]
    assert room.handout.make("student:0") == handout_svg(
        top.deal(), hands="open", seat=top.code.seat,
        title=f"No Hearts (Kein Herz): {top.name}'s deal (rank 1, {top.score:g} {room.results.unit})")
    room.codes.value = f"Anna: {codes['Anna']}\nBen: {codes['Ben'][:-2]}"
    room.show_button.click()
    assert [s.name for s in room.results.students] == ["Anna"] and "Ben: refused" in room.results.notes[0]
    before = room.results
    for text, words in (("", "paste the class's result codes"), ("hello", "is not a deal code")):
        room.codes.value = text
        room.show_button.click()
        assert words in room.messages.text and room.results is before  # refused: the results shown stay
    assert Classroom().results is None and Classroom(example=True, synchronous=True).results is not None


def test_no_search_with_all_hands_open_against_the_monte_carlo_bot():
    from keinstich.teaching import best_moves

    t = _table(bots="montecarlo:samples=8")
    tp = t.teacher_panel
    tp.show_best()  # the coach's fair answer, and the note says why there is no search
    assert set(tp.marks(t.seat)) == set(best_moves(t.deal.copy()).cards)
    assert "against a bot that thinks long" in tp.note.value and "The coach, from what you could know" in tp.note.value


def test_wrong_arguments_are_refused_in_words():
    from keinstich.classroom import class_results as score_class
    from keinstich.teaching import best_moves, open_best
    from keinstich_widgets.classroom import Classroom
    from keinstich_widgets.review import ReviewView

    for call, words in ((lambda: score_class(5), "codes are the text pasted from a chat"),
                        (lambda: Classroom(5), "codes are the text pasted from a chat"),
                        (lambda: best_moves(None), "takes a deal"), (lambda: open_best("KS1-…"), "takes a deal"),
                        (lambda: ReviewView().set_width("wide"), "width must be a card width")):
        with pytest.raises((TypeError, ValueError), match=words):
            call()
    room = Classroom({"Anna": _finished_code()}, synchronous=True)
    with pytest.raises(ValueError, match=r'which must be "open", "hidden" or "student:N" \(N from 0 to 0\)'):
        room.handout.make("student:3")


def _finished_code():
    t = Table("kein-stich", "no-hearts", seed=2, synchronous=True, review=False)
    while not t.deal.over:
        t.play(t.session.legal()[0])
    return t.codes.result_code.text


def test_the_teachers_sentences_about_the_learners_seat_say_you():
    """Stepping to the learner's turn, and asking the class there: "your card", "What would you play?" (not "You's
    card", "What would You play?"); a bot's turn names the seat; German alike."""
    for lang, yours, asked, theirs in (("en", "Forward plays your card", "What would you play?", "Seat 3's card"),
                                       ("de", "Vor spielt deine Karte", "Was würdest du spielen?",
                                        "die Karte von Platz 3")):
        t = Table("kein-stich", "no-hearts", seed=3, teacher=True, synchronous=True, review=False, lang=lang)
        t.play(t.session.legal()[0])
        tp = t.teacher_panel
        tp.back()  # seat 3's lead taken back: a bot's turn

        def note(tp=tp):
            return html.unescape(tp.note.value)

        assert t.deal.turn == 3 and theirs in note(), note()
        stepping = {"en": "Seat 3 to move (stepping: press Forward)", "de": "Platz 3 ist dran"}
        assert stepping[lang] in t.status.value, t.status.value
        tp.forward()  # seat 3 again: the learner's turn while stepping
        assert t.deal.turn == t.seat and yours in note(), note()
        tp.ask()
        assert asked in note() and "You" not in note(), note()
