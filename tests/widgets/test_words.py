"""Every word a learner or a teacher reads comes from the message catalogs, and reads German in German.

In a pseudo-locale every message of the catalogs shows wrapped in ⟦…⟧ (tests/widgets/words.py): the table through a
whole deal and its review (with a refusal and a hint), the teacher's panels, the quizzes, the trainer, the replay,
the lay-off view, the rule editor, the classroom and a handout must show no letter outside ⟦…⟧ (card codes, pack ids,
deal codes, the games' own names and the made-up class's names aside). In German the same views show no English
word of a list a German reader would trip over.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from drive import play_out
from words import bypassed, html_texts, pseudo_english, texts

from keinstich.cards import card
from keinstich.classroom import class_results, example_class
from keinstich.handout import handout_svg
from keinstich.sim.charts import penalty_distribution
from keinstich.sim.simulation import simulate
from keinstich.trainer.memory import Memory
from keinstich.trainer.practice import SimulatedClock
from keinstich.wording import i18n
from keinstich_widgets import BestCardQuiz, DominoView, LegalCardsQuiz, Replay, RuleEditor, Table, Trainer
from keinstich_widgets.classroom import ClassResultsView, HandoutPanel
from keinstich_widgets.table import app_help


def _table_views(lang: str | None) -> list[Any]:
    """A table played to its end and reviewed, with a refused card, a hint and the teacher's answer on the way."""
    t = Table("kein-stich", "no-hearts", seed=5, synchronous=True, teacher=True, lang=lang)
    illegal = [b.card for b in t.hand_view.buttons if b.disabled and b.card is not None]
    if illegal:
        t.play(illegal[0])  # refused: the reason shows in the message area
    t.hint_button.click()
    assert t.teacher_panel is not None
    t.teacher_panel.ask()
    t.teacher_panel.show_answer()
    shown = texts(t)
    play_out(t)
    return [t, shown]


def _views(lang: str | None, tmp_path: Path) -> list[Any]:
    out: list[Any] = _table_views(lang)
    domino = Table("kein-stich", "domino", seed=2, synchronous=True, lang=lang)
    play_out(domino)
    out.append(domino)
    herzblatt = Table("herzblatt", "herzblatt-4-muhr", seed=3, synchronous=True, lang=lang)
    play_out(herzblatt)
    out.append(herzblatt)
    quiz = BestCardQuiz.from_seed("no-hearts", 3, lang=lang)
    quiz.check()
    quiz.hand.buttons[0].click()
    quiz.check()
    quiz.show_answer()
    out.append(quiz)
    legal = LegalCardsQuiz.from_seed("no-hearts", 3, lang=lang)
    legal.hand.buttons[0].click()
    legal.check()
    out.append(legal)
    trainer = Trainer(Memory.open(tmp_path / f"m-{lang}.sqlite3"), clock=SimulatedClock(_start()), synchronous=True,
                      lang=lang)
    q = trainer.practice.question
    if q is not None:
        trainer.answer(q.position.legal()[0])
        trainer.show_answer()
    trainer.show_progress()
    trainer.next_sense()
    q = trainer.sense_tab.question
    trainer.check_sense([1.0] + [0.0] * (len(q.options) - 1) if q else None)
    out.append(trainer)
    replay = Replay(domino.deal.copy(), lang=lang, reasons=True, synchronous=True)
    replay.go(3)
    out.append(replay)
    out.append(Replay(out[0].deal.copy(), lang=lang, reasons=True, synchronous=True, step=5))
    out.append(DominoView(domino.deal.copy(), seat=0, lang=lang))
    editor = RuleEditor("kein-stich", "no-hearts", deals=20, synchronous=True, lang=lang)
    editor.run()
    out.append(editor)
    results = class_results(example_class(4))
    view = ClassResultsView(results, lang=lang)
    view.show_review(results.students[0])
    view.wait()
    out.append(view)
    panel = HandoutPanel(results, lang=lang)
    panel.make()
    out.append(panel)
    with i18n.use_language(lang):
        out.append(app_help())
    return out


def _start() -> Any:
    from datetime import UTC, datetime

    return datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _all_texts(views: list[Any]) -> list[str]:
    out: list[str] = []
    for v in views:
        out += v if isinstance(v, list) else texts(v)
    return out


def test_every_text_a_person_reads_comes_from_the_catalogs(tmp_path: Path) -> None:
    with pseudo_english():
        views = _views("en", tmp_path)
        got = _all_texts(views)
        d = views[0].deal
        got += html_texts(handout_svg(d, hands="open"))
        got += html_texts(d._repr_html_())
        fig = penalty_distribution(simulate("no-hearts", 8, seed=1, progress=False))
        got += [t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")) if t.get_text().strip()]
        got.append(str(views[0].coach.review))
    assert len(got) > 500
    bad = bypassed(got)
    assert not bad, f"{len(bad)} texts bypass the catalogs, e.g.:\n" + "\n".join(sorted(set(bad))[:40])


def test_a_text_that_bypasses_the_catalogs_is_caught() -> None:
    """The check above can fail: an English sentence written straight into a widget is found."""
    import ipywidgets as widgets

    with pseudo_english():
        box = widgets.VBox([widgets.HTML(f"<b>{i18n._('Hint')}</b>"), widgets.Button(description="Show me")])
        assert bypassed(texts(box)) == ["Show me"]


ENGLISH = re.compile(r"\b(the|you|your|yours|trick|tricks|card|cards|play|played|pass|seat|deal|and|of|with|is|"
                     r"are|best|mistake|mistakes|blunder|review|hint|undo|score|next|show|answer|wins|lead|"
                     r"contract|points|stakes|turn|hand|hands|right|wrong|thinking|coach|Trainer\(\))\b")
"""English words a German reader would trip over (a few German words look alike: "Hand", "Trainer")."""

GERMAN_ALIKE = {"Hand", "hand"}


def test_the_german_kit_reads_german(tmp_path: Path) -> None:
    views = _views("de", tmp_path)
    got = _all_texts(views)
    english = []
    for t in got:
        t = re.sub(r"\S*/voila/render/\S*|(?:/[\w.-]+){2,}", " ", t)  # links and file paths are no words
        words = {w for w in ENGLISH.findall(t) if w not in GERMAN_ALIKE}
        if words:
            english.append(f"{sorted(words)}: {t}")
    assert not english, f"{len(english)} German texts with English words, e.g.:\n" + "\n".join(english[:40])
    joined = "\n".join(got)
    for said in ("Stich", "Rückblick auf dein Spiel", "Tipp", "Platz", "Neu geben", "Prüfen", "Trainer"):
        assert said in joined, said


def test_german_review_refusal_and_numbers() -> None:
    t = Table("kein-stich", "no-hearts", seed=5, synchronous=True, lang="de")
    illegal = [b for b in t.hand_view.buttons if b.disabled]
    if illegal:
        assert illegal[0].tooltip.startswith(("du musst", "du darfst", "du hast")), illegal[0].tooltip
    play_out(t)
    r = t.coach.review
    assert r is not None
    summary = t.coach.view.summary.value
    assert "Entscheidung" in summary and ("gezahlt" in summary or "bekommen" in summary), summary
    assert t.coach.found.value.startswith("<b>Dein Rückblick:"), t.coach.found.value
    assert all(re.search(r"\d,\d|\b\d+\b", j.why) for j in r.decisions)  # the figures are there, in German form
    assert not any(re.search(r"\d\.\d", j.why) for j in r.decisions), [j.why for j in r.decisions]


def test_plural_forms_in_the_review_line() -> None:
    from keinstich_widgets._coach import Coach

    class R:
        decisions = (1, 2, 3)

        def __init__(self, mistakes: int, blunders: int) -> None:
            self.m, self.b = mistakes, blunders

        def count(self, g: str) -> int:
            return self.m if g == "mistake" else self.b if g == "blunder" else 0

    t = Table(seed=1, synchronous=True, lang="de", review=False)
    coach: Coach = t.coach
    assert coach.summary(R(1, 0)) == "Dein Rückblick: 1 Fehler."  # type: ignore[arg-type]
    assert coach.summary(R(2, 1)) == "Dein Rückblick: 2 Fehler, 1 grober Fehler."  # type: ignore[arg-type]
    assert coach.summary(R(0, 2)) == "Dein Rückblick: 2 grobe Fehler."  # type: ignore[arg-type]
    english = Table(seed=1, synchronous=True, lang="en", review=False)
    assert english.coach.summary(R(1, 1)) == "Your review: 1 mistake, 1 blunder."  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_widget_speaks_its_own_language_whatever_the_kernel_speaks(lang: str) -> None:
    other = "de" if lang == "en" else "en"
    with i18n.use_language(other):
        t = Table(seed=2, synchronous=True, lang=lang)
    with i18n.use_language(other):
        t.card_button(t.session.legal()[0]).click()
        t.undo_button.click()
    assert t.hint_button.description == ("Hint" if lang == "en" else "Tipp")
    assert t.messages.text == ("Taken back to your previous move." if lang == "en" else "Zurück zu deinem letzten Zug.")


def test_set_language_makes_new_widgets_german() -> None:
    i18n.set_language("de")
    try:
        t = Table(seed=2, synchronous=True)
        assert t.lang == "de" and t.hint_button.description == "Tipp"
        assert card("QS").label("german") == "Grün-Ober"
    finally:
        i18n.set_language(None)


def test_the_voila_app_takes_lang_de_and_hands_out_german_links() -> None:
    from keinstich_widgets.table import app_table

    try:
        t = app_table("lang=de", game="kein-stich", contract="no-hearts", seed=1, synchronous=True, review=False)
        assert t.lang == "de" and t.hint_button.description == "Tipp" and i18n.language() == "de"
        assert "lang=de" in t.codes.code.value
        student = app_table(f"deal={t.codes.deal_code.text}&lang=de", game="kein-stich", synchronous=True,
                            review=False)
        assert student.lang == "de" and student.undo_button.description == "Zurück"
        english = app_table("", game="kein-stich", seed=1, synchronous=True, review=False, lang="en")
        assert english.hint_button.description == "Hint"
    finally:
        i18n.set_language(None)
