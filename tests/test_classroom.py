"""The class's results on one deal, on a synthetic class of 30 result codes (plus duplicates, other deals and
damaged codes)."""

import random

import pytest

from keinstich.bots import HeuristicBot, RandomBot
from keinstich.bots.play import bot_move
from keinstich.classroom import class_results, example_class, matchpoints
from keinstich.codes import CodeError, deal_code, read_code, result_code
from keinstich.games import GAMES

SEAT = 0


def _play_on(start, first_move, rng):
    """The student's deal: ``first_move`` at the first decision, then heuristic or random cards; heuristic bots."""
    deal = start.copy()
    student = HeuristicBot() if rng.random() < 0.5 else RandomBot(rng.randrange(1000))
    decided = False
    while not deal.over:
        seat = deal.turn
        if seat == SEAT:
            move = first_move if not decided else bot_move(student, deal.observation(seat))
            decided = True
        else:
            move = bot_move(HeuristicBot(), deal.observation(seat))
        deal.play(move, seat)
    return deal


@pytest.fixture(scope="module")
def a_class():
    deal = GAMES["kein-stich"].deal("no-hearts", 5)
    given = deal_code(deal, SEAT, seed=5, bots="heuristic")
    # seat 0 leads: 20 students throw away the Ober of Hearts at once (a blunder), 10 lead the 8 of Hearts
    rng = random.Random(1)
    codes = {}
    for i in range(30):
        first = "QH" if i < 20 else "8H"
        codes[f"student {i + 1:02d}"] = result_code(given, _play_on(deal, _card(first), rng)).text
    return given, codes


def _card(code):
    from keinstich.cards import card

    return card(code)


def test_thirty_students_ranked_by_matchpoints(a_class):
    given, codes = a_class
    results = class_results(codes)
    assert results.deal.text == given.text and len(results.students) == 30 and not results.notes
    scores = [s.score for s in results.students]
    assert results.lower_is_better and results.unit in ("pf", "pfennig")
    # matchpoints as duplicate bridge scores them: worked out again here, pair by pair
    for s in results.students:
        worse = sum(1 for t in results.students if t is not s and t.score > s.score)
        equal = sum(1 for t in results.students if t is not s and t.score == s.score)
        assert s.matchpoints == worse + equal / 2
        assert s.percent == pytest.approx(100 * s.matchpoints / 29)
        assert s.rank == 1 + sum(1 for t in results.students if t.matchpoints > s.matchpoints)
    assert sum(s.matchpoints for s in results.students) == 30 * 29 / 2
    assert [s.rank for s in results.students] == sorted(s.rank for s in results.students)
    assert min(scores) == results.students[0].score
    frame = results.frame()
    assert len(frame) == 30 and list(frame["rank"]) == [s.rank for s in results.students]
    fig = results.chart()
    assert len(fig.axes[0].patches) == 30
    assert results.chart_svg().startswith("<svg")


def test_where_most_of_the_class_went_wrong(a_class):
    _, codes = a_class
    results = class_results(codes)
    first = results.decisions[0]
    assert first.index == 0 and first.reached == 30 and first.wrong == 20 and str(first.move) == "QH"
    assert first.verdict.grade in ("mistake", "blunder") and first.verdict.why
    assert len(first.chosen_by) == 20 and "student 01" in first.chosen_by
    assert all(d.wrong * 2 > d.reached and d.reached >= 3 for d in results.decisions)
    assert "Trick 1: 20 of the 30 students went wrong" in results.decision_words(first)
    assert "student 01" in results.decision_words(first), "the students who chose the move are named"
    assert "most played Ober of Hearts (" in results.decision_words(first)  # the pack's words, not "QH"


def test_duplicates_other_deals_and_damaged_codes(a_class):
    given, codes = a_class
    pasted = "\n".join(f"{name}: {code}" for name, code in codes.items())
    other = GAMES["kein-stich"].deal("no-hearts", 6)
    other_given = deal_code(other, SEAT, seed=6)
    finished = other.copy()
    rng = random.Random(3)
    while not finished.over:
        finished.play(rng.choice(finished.legal_moves()))
    damaged = codes["student 03"][:-3] + ("000" if not codes["student 03"].endswith("000") else "111")
    pasted += (f"\nstudent 04: {codes['student 04']}"            # sent twice
               f"\nZoe: {result_code(other_given, finished).text}"  # another deal
               f"\nMax: {damaged}"                                 # cut or changed
               f"\nLea: {given.text}")                             # the deal code, not a result
    results = class_results(pasted, decisions=False)
    assert len(results.students) == 30
    notes = "\n".join(results.notes)
    assert "counted once" in notes and "Zoe: played another deal" in notes
    assert "Max: refused" in notes and "checksum" in notes and "Lea: a deal code, not a result code" in notes
    assert len(results.notes) == 4


def test_nothing_to_score_is_refused():
    with pytest.raises(CodeError, match="none of the codes"):
        class_results(["KS1-XYZ", "hello"])


def test_matchpoints_of_ties():
    assert matchpoints([10, 10, 5], lower_is_better=True) == [0.5, 0.5, 2.0]
    assert matchpoints([3, 1, 3], lower_is_better=False) == [1.5, 0.0, 1.5]


def test_a_made_up_class_to_try_the_teachers_notebook():
    codes = example_class(14, seed=5)
    assert codes == example_class(14, seed=5) and len(codes) == 14  # the same class every time
    results = class_results(codes, decisions=False)
    assert [s.name for s in sorted(results.students, key=lambda s: s.name)] == sorted(codes)
    assert results.deal.text == read_code(next(iter(codes.values()))).deal.text and not results.notes
    assert results.deal.position().history == () and results.deal.seed == 5
    assert len({s.score for s in results.students}) > 1  # careful and careless students: not one result for all
    assert list(example_class(27))[25:] == ["Anna 2", "Ben 2"]
    for kwargs, words in (({"students": 0}, "students must be a whole number from 1 to 200"),
                          ({"students": "3"}, "students must be a whole number"), ({"game": "chess"}, "unknown game"),
                          ({"contract": "nope"}, "unknown kein-stich contract"), ({"seat": 9}, "seat must be a seat"),
                          ({"seed": 1.5}, "seed must be a whole number")):
        with pytest.raises((TypeError, ValueError), match=words):
            example_class(**kwargs)


def _one_mistake(start, first):
    """A student's deal: ``first``, then heuristic cards but at the first decision where the coach grades a card a
    mistake or a blunder: that card."""
    from keinstich.coach import judge

    deal = start.copy()
    erred = False
    while not deal.over:
        seat = deal.turn
        move = bot_move(HeuristicBot(), deal.observation(seat))
        if seat == SEAT and not deal.history:
            move = first
        elif seat == SEAT and not erred:
            wrong = [m for m in deal.legal_moves() if judge(deal, m).grade in ("mistake", "blunder")]
            if wrong:
                move, erred = wrong[0], True
        deal.play(move, seat)
    return deal


def test_a_decision_only_some_of_the_class_came_to_says_of_whom():
    """Nine of twelve lead the Ober of Hearts, three the Ober of Acorns: the three meet the same next position (the bots
    answer alike) and make the same mistake later on, and the line says of whom: the three who came there, of twelve."""
    deal = GAMES["kein-stich"].deal("no-hearts", 5)
    given = deal_code(deal, SEAT, seed=5, bots="heuristic")
    rng = random.Random(1)
    codes = {f"student {i + 1:02d}": result_code(given, _play_on(deal, _card("QH"), rng)).text for i in range(9)}
    codes |= {f"late {i}": result_code(given, _one_mistake(deal, _card("QC"))).text for i in range(3)}
    results = class_results(codes)
    some = [d for d in results.decisions if d.reached < len(results.students)]
    assert some, [(d.index, d.reached, d.wrong) for d in results.decisions]
    words = results.decision_words(some[0])
    assert "3 of the 3 students who came to this position (of 12 in the class) went wrong" in words, words
    assert "late 0, late 1, late 2" in words, words
