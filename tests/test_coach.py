"""The coach (docs/coach.md): judgements, grades, reasons and the review of a played deal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.coach import CoachError, Grade, grades_of, judge, review
from keinstich.coach.grades import BLUNDER, FINE, MISTAKE
from keinstich.deal import Unit, move_cards
from keinstich.games import GAMES, game
from keinstich.tricks import TrickDeal
from keinstich.wording import use_language

DOC = Path(__file__).parent.parent / "docs" / "coach.md"


def pig_position() -> TrickDeal:
    """Black Pig, two cards each: seat 1 leads clubs, seat 0 has none and holds the pig (Q♠); the only
    other spade left is led next trick by seat 3, who wins this one (docs/rules.md §3)."""
    d = TrickDeal([["QS", "7H"], ["7C", "8S"], ["8C", "9H"], ["9C", "7S"]], game("kein-stich").contract("black-pig"),
                  leader=1)
    for c in ("7C", "8C", "9C"):
        d.play(c)
    return d


def played(gid: str, cid: str, seed: int, players: int = 4) -> object:
    d = game(gid).deal(cid, seed, players=players)
    return play_deal(d, [RandomBot(seed)] + [HeuristicBot() for _ in range(players - 1)])


def test_keeping_the_pig_while_void_is_a_blunder_and_says_why() -> None:
    d = pig_position()
    before = d.history
    kept = judge(d, "7H")
    thrown = judge(d, "QS")
    assert d.history == before  # judging changes nothing
    assert thrown.grade == "best" and thrown.cost == 0 and thrown.open_cost == 0
    assert kept.open_cost == 40 and kept.grade == "blunder"
    assert kept.cost >= grades_of(d).blunder
    assert "you kept Queen of Spades while void in clubs" in kept.why
    assert "takes trick 2 (40 pf: Queen of Spades)" in kept.why
    assert kept.best == (thrown.move,)


def test_a_deal_of_typed_hands_from_no_named_pack_is_reviewed_too() -> None:
    d = pig_position()
    d.play("7H")
    d.play("7S")  # seat 3 won the clubs and leads its spade: the pig must follow
    d.play("QS")
    d.play("8S")
    d.play("9H")
    r = review(d, 0)
    assert [j.grade for j in r.decisions] == ["blunder"] and r.forced == 1
    assert (r.paid, r.best_paid, r.heuristic_paid) == (40, 0, 0)
    assert "You paid 40 pf" in r.summary


def test_an_illegal_move_is_refused_with_the_rule() -> None:
    d = TrickDeal([["QS", "7C"], ["8C", "8S"], ["9C", "9H"], ["10C", "7S"]], game("kein-stich").contract("black-pig"),
                  leader=1)
    d.play("8C")
    d.play("9C")
    d.play("10C")
    with pytest.raises(CoachError, match=r"not a legal move.*follow"):
        judge(d, "QS")
    done = played("kein-stich", "no-hearts", 1)
    with pytest.raises(CoachError, match="over"):
        judge(done, "7C")  # type: ignore[arg-type]


def test_a_forced_move_is_graded_only() -> None:
    d = pig_position()
    d.play("QS")
    d.play("7S")  # seat 3 won the clubs and leads its last card
    assert d.turn == 0 and len(d.legal()) == 1
    assert judge(d, d.legal()[0]).grade == "only"


def test_the_thresholds_are_the_documented_fractions_of_the_scale() -> None:
    d = game("kein-stich").deal("no-tricks", 1)
    g = grades_of(d)
    assert g.scale == 40 and g.unit is Unit.PFENNIG and g.unit.short == "pf"
    assert (g.fine, g.mistake, g.blunder) == (round(40 * FINE), round(40 * MISTAKE), round(40 * BLUNDER))
    assert [g.grade(c) for c in (0, g.fine - 0.1, g.fine, g.mistake, g.blunder)] == [
        "best", "best", "fine", "mistake", "blunder"]


def test_the_table_in_docs_coach_lists_every_contract_as_the_code_grades_it() -> None:
    rows = set(re.findall(r"^\| ([\w-]+) \| ([\w-]+) \| (\d+) ([\w ]+?) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$",
                          DOC.read_text(), re.M))
    want = set()
    for gid in ("kein-stich", "herzeln", "herzblatt"):
        for cid in GAMES[gid].contracts(4):
            g = grades_of(GAMES[gid].deal(cid, 1, players=4))
            want.add((gid, cid, str(g.scale), g.unit.short, f"{g.fine:g}", f"{g.mistake:g}", f"{g.blunder:g}"))
    assert rows == want


@pytest.mark.parametrize(("gid", "cid"), [("kein-stich", "no-hearts"), ("kein-stich", "power"),
                                          ("herzeln", "herzeln-no-queens"), ("kein-stich", "domino"),
                                          ("herzeln", "herzeln-domino"), ("herzblatt", "herzblatt-4")])
def test_a_review_judges_each_real_decision_where_it_was_made(gid: str, cid: str) -> None:
    d = played(gid, cid, 5)
    r = review(d, 0)  # type: ignore[arg-type]
    mine = [i for i, (s, _) in enumerate(d.history) if s == 0]  # type: ignore[attr-defined]
    choices = [i for i in mine if len(d.rewound(i).legal_moves()) > 1]  # type: ignore[attr-defined]
    assert [j.index for j in r.decisions] == choices
    assert r.forced == len(mine) - len(choices)
    for j in r.decisions:
        position = d.rewound(j.index)  # type: ignore[attr-defined]
        assert position.turn == 0
        assert j.move == d.history[j.index][1]  # type: ignore[attr-defined]
        f = j.verdict.judged
        if f is not None and f.count:
            i = f.index(j.move)
            n = f.deals[i]
            paired = float((f.values[:n, f.leader] - f.values[:n, i]).mean())  # on the deals both were valued on
            assert j.cost == pytest.approx(max(0.0, paired))
            if n == f.count and i != f.leader:  # valued to the end: graded by the cost's lower bound
                assert j.grade == grades_of(position).grade(max(0.0, j.cost - j.margin))
            assert (j.grade == "best") == (_key(j.move) in map(_key, j.best))
    assert r.paid == pytest.approx(_paid(d, 0))
    again = review(d, 0)  # type: ignore[arg-type]
    assert again.rows() == r.rows() and again.summary == r.summary  # deterministic


def _key(m: object) -> object:
    cards = move_cards(m)
    return cards[0] if len(cards) == 1 else (frozenset(cards) if cards else m)


def _paid(d: object, seat: int) -> float:
    from keinstich.coach import outcome

    return outcome(d, seat)  # type: ignore[arg-type]


def test_a_duplicate_with_the_seats_own_moves_replays_the_deal_exactly() -> None:
    from keinstich.coach import duplicate

    d = played("kein-stich", "no-obers", 2)
    mine = iter([m for s, m in d.history if s == 0])  # type: ignore[attr-defined]
    again = duplicate(d, 0, lambda _: next(mine), "heuristic")  # type: ignore[arg-type]
    assert again.history == d.history  # type: ignore[attr-defined]
    other = duplicate(d, 0, lambda x: HeuristicBot().decide(x.observation(0)).move, "heuristic")  # type: ignore[arg-type]
    assert other.dealt == d.dealt and other.history != d.history  # type: ignore[attr-defined]


def test_a_partie_is_played_out_and_every_deal_reviewed_from_the_seat() -> None:
    from keinstich.coach import review_partie

    partie = game("kein-stich").partie("power", seed=3)
    pr = review_partie(partie, 1, [HeuristicBot(), RandomBot(3), HeuristicBot(), HeuristicBot()])
    assert partie.is_over and len(pr.deals) == len(pr.reviews) == len(pr.rows()) >= 2
    assert all(d.over for d in pr.deals) and all(r.seat == 1 for r in pr.reviews)
    for row, r in zip(pr.rows(), pr.reviews, strict=True):
        assert row["mistakes"] == len([j for j in r.decisions if j.grade == "mistake"])
        assert row["you"].endswith(f"{r.paid:g} {r.unit}")
    costs = [j.cost for _, j in pr.worst(10)]
    assert costs == sorted(costs, reverse=True)
    assert f"{len(pr.deals)} deals" in pr.summary and "<table>" in pr._repr_html_()
    assert "<th>mistakes</th>" in pr._repr_html_()
    with use_language("de"):  # the table's headings in the reader's words; the rows' keys stay the API
        shown = pr._repr_html_()
        assert "<th>Fehler</th><th>grobe Fehler</th><th>du</th>" in shown and "mistakes" not in shown
        assert "mistakes" in pr.rows()[0]


def test_against_a_bot_that_thinks_long_there_is_no_open_search_and_the_review_says_so() -> None:
    from keinstich.bots.montecarlo import MonteCarloBot

    d = game("kein-stich").deal("no-hearts", 8)
    play_deal(d, [RandomBot(8), MonteCarloBot(1, samples=8), HeuristicBot(), HeuristicBot()])
    r = review(d, 0, bots=["heuristic", "montecarlo:samples=8", "heuristic", "heuristic"])
    assert r.decisions and all(j.open is None and j.open_cost is None for j in r.decisions)
    assert r.best_paid is None and "all hands open, against the same opponents: not settled" in r.summary


@pytest.mark.parametrize(("gid", "cid"), [("kein-stich", "no-first-last"), ("kein-stich", "power"),
                                          ("herzeln", "herzeln-tricks"), ("herzblatt", "herzblatt-4")])
def test_the_compiled_search_against_heuristic_answers_agrees_with_the_readable_one(
        gid: str, cid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """All hands open against the opponents who played: the kernel's search (heuristic answers) and the plain search
    through the Deal protocol (the bots asked as they are) give every move the same value."""

    checked = 0
    for seed in range(2, 8):
        d = played(gid, cid, seed)
        checked += _same_open_values(d, monkeypatch)
    assert checked >= 3


def _same_open_values(d: object, monkeypatch: pytest.MonkeyPatch) -> int:
    from keinstich.coach import against

    answers = against.Answers(0, ["heuristic"] * 4, d.history, pack=d.pack)  # type: ignore[attr-defined]
    positions = [d.rewound(i) for i, (s, _) in enumerate(d.history) if s == 0]  # type: ignore[attr-defined]
    positions = [p for p in positions if p.phase == "play" and len(p.legal_moves()) > 1
                 and len(p.trick_deal.tricks) >= 3]
    for p in positions:
        assert against._kernel_search(p) and answers.kernel_answers(p)
        compiled = against.open_values(p, answers)
        with monkeypatch.context() as m:
            m.setattr(against, "_kernel_search", lambda _p: False)
            readable = against.open_values(p, answers)
        assert compiled is not None and readable is not None
        assert compiled.values == readable.values and compiled.exact == readable.exact
    return len(positions)


def test_what_is_not_a_deal_or_a_move_is_refused_in_words() -> None:
    from keinstich.coach import verdict
    from keinstich.teaching import best_moves, judged

    for ask in (lambda: verdict(None), lambda: judge("QS", "QS"), lambda: review(3, 0),  # type: ignore[arg-type]
                lambda: grades_of([]), lambda: best_moves(None)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="takes a deal"):
            ask()
    d = game("kein-stich").deal("no-hearts", 1)
    with pytest.raises(CoachError, match="a move is one card"):
        judged(d, [])  # type: ignore[arg-type]


# --- tests that catch a wrong judge (issue 27): each fails when its fault is put in -----------------------------


def learner_review(cid: str, seeds: range) -> tuple[object, object]:
    """The first learner-like deal of ``cid`` among ``seeds`` whose review has both a mistake and a blunder."""
    for seed in seeds:
        d = played("kein-stich", cid, seed)
        r = review(d, 0, open_hands=False)
        grades = {j.grade for j in r.decisions}
        if Grade.MISTAKE in grades and Grade.BLUNDER in grades:
            return d, r
    raise AssertionError("no deal with a mistake and a blunder")


def test_the_reviews_mistakes_are_every_decision_that_costs_a_mistake_or_more() -> None:
    """Told by the costs and the contract's thresholds, not by the grades' own words: a review that drops its
    blunders (or its mistakes) from ``mistakes`` fails here."""
    _, r = learner_review("no-hearts", range(1, 40))
    g = grades_of(r.decisions[0].verdict.position)
    costly = [j for j in r.decisions if j.cost - j.margin >= g.mistake]  # what the thresholds call a mistake or worse
    assert any(j.cost - j.margin >= g.blunder for j in costly)  # a blunder among them
    assert list(r.mistakes) == costly
    assert all(j.grade.bad and not j.grade.good for j in r.mistakes)
    assert r.count("mistake") + r.count("blunder") == len(r.mistakes)


def test_the_coach_reads_a_move_as_the_deal_does() -> None:
    """Whatever ``Deal.play`` accepts as text, the coach judges: a pass, a card at an end, a card code."""
    lay = GAMES["kein-stich"].deal("domino", 5)
    bot = HeuristicBot()
    tried = set()
    while not lay.over and len(tried) < 2:
        seat = lay.turn
        assert seat is not None
        moves = lay.legal_moves()
        if None in moves and "pass" not in tried:
            probe = lay.copy()
            probe.play("pass")  # the deal takes it
            assert judge(lay, "pass", open_hands=False).move is None
            assert judge(lay, "pass", open_hands=False).grade == judge(lay, None, open_hands=False).grade
            tried.add("pass")
        lay.play(bot.decide(lay.observation(seat)).move, seat)
    assert "pass" in tried
    chain = GAMES["herzeln"].deal("herzeln-domino", 7, players=4)
    while not chain.over:
        seat = chain.turn
        assert seat is not None
        both = [m for m in chain.legal_moves() if m is not None and str(m).endswith("@bottom")]
        if both:
            text = str(both[0])
            probe = chain.copy()
            probe.play(text)
            assert judge(chain, text, open_hands=False).move == both[0]
            break
        chain.play(bot.decide(chain.observation(seat)).move, seat)
    else:
        raise AssertionError("no card that fits both ends of the chain")
    trick = played("kein-stich", "no-hearts", 3).rewound(4)
    code = trick.legal()[0].code
    assert judge(trick, code, open_hands=False).move == trick.legal()[0]
    with pytest.raises(CoachError, match="cannot read the move"):
        judge(trick, "QX", open_hands=False)
