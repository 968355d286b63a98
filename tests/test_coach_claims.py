"""Every sentence of the coach's reviews says only what is true (tests/coach_claims.py; the ideas they name,
tests/idea_claims.py), and a review never fails.

Reviews of seeded deals of every game, each learner seat played by a random bot (a learner makes mistakes: the
review then tells the most) against heuristic bots; every judgement's sentence is matched against the forms the
coach may use and every number in it read back against the verdict and the lines of play it speaks of. The
benchmark (benchmarks/coach.py) runs the same check over thousands of reviews.
"""

from __future__ import annotations

import dataclasses

import pytest
from coach_claims import Claim, check
from idea_claims import check as check_idea

from keinstich.bots import HeuristicBot, play_deal
from keinstich.bots.random import RandomBot
from keinstich.cards import card
from keinstich.coach import outcome, review
from keinstich.coach.fair import key
from keinstich.coach.idea_words import how_seen
from keinstich.coach.judgement import answers_for
from keinstich.coach.why import amount, move_text
from keinstich.deal import Lay
from keinstich.games import game
from keinstich.i18n import use_language

CASES = [("kein-stich", c, 4) for c in ("no-tricks", "no-hearts", "no-max", "black-pig", "no-first-last", "power",
                                        "domino")] + \
        [("kein-stich", "no-obers", 3), ("herzeln", "herzeln-no-hearts", 4), ("herzeln", "herzeln-tricks", 4),
         ("herzeln", "herzeln-king-of-hearts", 4), ("herzeln", "herzeln-domino", 4), ("herzeln", "herzeln-domino", 3),
         ("herzblatt", "herzblatt-4", 4), ("herzblatt", "herzblatt-3", 3), ("herzblatt", "herzblatt-4-muhr", 4)]


def played(gid: str, cid: str, players: int, seed: int, seat: int = 0) -> object:
    d = game(gid).deal(cid, seed, players=players)
    bots = [HeuristicBot() for _ in range(players)]
    bots[seat] = RandomBot(seed)  # type: ignore[call-overload]
    return play_deal(d, bots)


@pytest.mark.parametrize(("gid", "cid", "players"), CASES)
def test_every_claim_of_a_review_is_true(gid: str, cid: str, players: int) -> None:
    checked = 0
    for seed in (1, 2):
        seat = seed % players
        d = played(gid, cid, players, 300 + seed, seat)
        r = review(d, seat)  # type: ignore[arg-type]
        answers = answers_for(d, seat, "heuristic")  # type: ignore[arg-type]
        for j in r.decisions:
            assert check(j, answers)
            check_idea(j, how_seen(j.idea, j.verdict.style) if j.idea is not None else None)
            checked += 1
        if r.best_paid is not None:  # knowing every hand, against the same opponents: never worse than what was got
            assert r.best_paid <= r.paid if r.lower_is_better else r.best_paid >= r.paid
        assert r.paid == outcome(d, seat)  # type: ignore[arg-type]
    assert checked


GERMAN = [("kein-stich", "no-hearts", 4), ("kein-stich", "domino", 4), ("kein-stich", "power", 4),
          ("herzeln", "herzeln-tricks", 4), ("herzeln", "herzeln-domino", 3), ("herzblatt", "herzblatt-4-muhr", 4)]


@pytest.mark.parametrize(("gid", "cid", "players"), GERMAN)
def test_every_claim_of_a_german_review_is_true(gid: str, cid: str, players: int) -> None:
    """The same claims read back from the German sentences (the catalogs' German forms, numbers in German form)."""
    checked = 0
    with use_language("de"):
        for seed in (1, 2):
            seat = seed % players
            d = played(gid, cid, players, 300 + seed, seat)
            r = review(d, seat)  # type: ignore[arg-type]
            answers = answers_for(d, seat, "heuristic")  # type: ignore[arg-type]
            for j in r.decisions:
                assert check(j, answers)
                check_idea(j, how_seen(j.idea, j.verdict.style) if j.idea is not None else None)
                checked += 1
    assert checked


def test_a_wrong_number_in_a_german_sentence_is_caught() -> None:
    with use_language("de"):
        d = played("kein-stich", "no-hearts", 4, 302)
        r = review(d, 0)  # type: ignore[arg-type]
        answers = answers_for(d, 0, "heuristic")  # type: ignore[arg-type]
        j = next(j for j in r.decisions if j.grade in ("mistake", "blunder", "fine"))
        assert " kostet " in j.why
        check(j, answers)
        number = next(w for w in j.why.split() if w.replace(",", "").isdigit())
        for wrong in (j.why.replace(f" {number} ", f" {int(float(number.replace(',', '.'))) + 7} ", 1),
                      j.why.replace(" kostet ", " costs ", 1), j.why + " — und das war's"):
            with pytest.raises(Claim):
                check(dataclasses.replace(j, why=wrong), answers)


def test_a_wrong_number_a_wrong_card_or_an_unknown_wording_is_caught() -> None:
    d = played("kein-stich", "no-hearts", 4, 302)
    r = review(d, 0)  # type: ignore[arg-type]
    answers = answers_for(d, 0, "heuristic")  # type: ignore[arg-type]
    j = next(j for j in r.decisions if j.grade in ("mistake", "blunder", "fine"))
    check(j, answers)
    number = next(w for w in j.why.split() if w.replace(".", "").isdigit())
    for wrong in (j.why.replace(f" {number} ", f" {float(number) + 7:g} ", 1),
                  j.why.replace(" against ", " compared with ", 1),
                  j.why + " — and that is all"):
        with pytest.raises(Claim):
            check(dataclasses.replace(j, why=wrong), answers)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_review_never_fails_on_any_seat_of_a_finished_deal(seat: int) -> None:
    for gid, cid in (("kein-stich", "no-max"), ("kein-stich", "domino-any"), ("herzeln", "herzeln-domino-rows"),
                     ("herzblatt", "herzblatt-4-keep-trumps")):
        d = game(gid).deal(cid, 40 + seat, players=4)
        bots = [RandomBot(seat), HeuristicBot(), RandomBot(seat + 10), HeuristicBot()]
        play_deal(d, bots)  # type: ignore[arg-type]
        r = review(d, seat, bots=["random", "heuristic", "random", "heuristic"])
        assert r.seat == seat and str(r)


def test_the_herzeln_chain_that_once_crashed_reviews_cleanly() -> None:
    """Herzeln domino, seed 4, seat 0 laying JS 8D 7S 9D QH, pass, AS, pass, KS (a card that fits at one end only)."""
    d = game("herzeln").deal("herzeln-domino", 4, players=4)
    mine = ["JS", "8D", "7S", "9D", "QH", None, "AS", None, "KS"]
    bots = [HeuristicBot() for _ in range(4)]
    from keinstich.bots.play import bot_move

    while not d.over:
        s = d.turn
        assert s is not None
        if s == 0 and mine:
            want = mine.pop(0)
            moves = d.legal_moves()
            m = None if want is None else next(x for x in moves if getattr(x, "card", x) == card(want))
            assert m in moves
        else:
            m = bot_move(bots[s], d.observation(s))
        d.play(m, s)
    r = review(d, 0)
    # four decisions: a card that fits both ends of the chain is two moves, so laying the one card that fits is one
    assert len(r.decisions) == 4 and r.best_paid is not None and r.best_paid >= r.paid
    assert any(isinstance(m, Lay) for j in r.decisions for m in j.legal)
    answers = answers_for(d, 0, "heuristic")
    for j in r.decisions:
        check(j, answers)


def test_a_mistake_whose_best_card_with_all_hands_open_is_another_names_both_gaps() -> None:
    """A heuristic No Hearts deal (the first of seeds 1, 2, … that has one): a mistake that costs some pfennig against
    the coach's best card with all hands open and more against the best card there; the sentence gives both (the
    review's column shows the larger)."""
    for seed in range(1, 40):
        d = game("kein-stich").deal("no-hearts", seed, players=4)
        play_deal(d, [HeuristicBot() for _ in range(4)])
        r = review(d, 0)  # type: ignore[arg-type]
        for j in r.mistakes:
            if j.opened is None or not j.open_best or key(j.open_best[0]) == key(j.verdict.leader):
                continue
            gap = j.opened.values[key(j.verdict.leader)] - j.opened.values[key(j.move)]
            if j.open_cost is None or not 0 < gap < j.open_cost:
                continue
            told = (f"(with all hands open it costs {amount(gap, 'pf')} more than "
                    f"{move_text(j.verdict.leader, j.verdict.style)}, and {amount(j.open_cost, 'pf')} more than "
                    f"{move_text(j.open_best[0], j.verdict.style)}, the best there)")
            assert told in j.why
            assert check(j, answers_for(d, 0, "heuristic"))  # type: ignore[arg-type]
            return
    raise AssertionError("no such mistake in 39 deals")
