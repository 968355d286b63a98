"""The ideas the coach names (keinstich.coach.ideas): read off the judge's own lines, every claim true of them
(tests/idea_claims.py), a wrong claim caught, the same idea for a renamed position, and a name for every mistake of
a beginner's No Tricks deal (lesson 3)."""

from __future__ import annotations

import pytest
from idea_claims import Claim, check, parse

from keinstich.bots import HeuristicBot, RandomBot, play_deal
from keinstich.cards import card
from keinstich.coach import judge, review, verdict
from keinstich.coach.equivalence import equivalent
from keinstich.coach.idea_words import FORMS, how_seen, template, wrong_try
from keinstich.coach.ideas import IDEAS, idea_name
from keinstich.coach.lines import pair, rows, value_of
from keinstich.contracts import NO_TRICKS
from keinstich.games import game
from keinstich.i18n import use_language
from keinstich.trainer.themes import THEMES
from keinstich.tricks import TrickDeal


def beginner(seed: int, contract: str = "no-tricks", seat: int = 0) -> object:
    d = game("kein-stich").deal(contract, seed, players=4)
    bots = [HeuristicBot() for _ in range(4)]
    bots[seat] = RandomBot(seed)  # type: ignore[call-overload]
    return play_deal(d, bots)


def lesson_three() -> object:
    """Lesson 3's beginner: deal 52 of No Tricks, a random bot (seed 9) in seat 0."""
    return play_deal(TrickDeal.from_seed("german-32", 4, seed=52, contract=NO_TRICKS),
                     [RandomBot(seed=9), HeuristicBot(), HeuristicBot(), HeuristicBot()])


def test_the_lines_replayed_differ_by_exactly_what_the_judge_counted() -> None:
    """The judge's deals played out again after the card and after the best card, card by card: the two lines'
    difference is the judge's own (played out in the kernel, near the end searched exactly; Herzblatt too)."""
    checked = exact = 0
    for gid, cid, players, seed, seat in (("kein-stich", "no-tricks", 4, 306, 2),
                                          ("kein-stich", "no-hearts", 4, 312, 0),
                                          ("herzblatt", "herzblatt-3", 3, 301, 1)):
        d = game(gid).deal(cid, seed, players=players)
        bots = [HeuristicBot() for _ in range(players)]
        bots[seat] = RandomBot(seed)  # type: ignore[call-overload]
        play_deal(d, bots)
        for j in review(d, seat).decisions:
            v = j.verdict
            if v.judged is None or v.forced or j.grade.good:
                continue
            for k in rows(v, j.move):
                p = pair(v, j.move, k)
                assert value_of(v, p.best) - value_of(v, p.mine) == pytest.approx(p.loss)
                checked += 1
                exact += v.judged.exact
    assert checked > 20 and exact


def test_every_mistake_of_lesson_threes_beginner_names_an_idea_with_the_deals_cards() -> None:
    r = review(lesson_three(), seat=0)  # type: ignore[arg-type]
    assert r.mistakes
    for j in r.mistakes:
        assert j.idea is not None, j.said
        assert check(j, how_seen(j.idea, j.verdict.style))
        assert j.said.startswith(f"{idea_name(j.idea.idea)}:")
    trick4 = r.mistakes[0]
    assert trick4.said.startswith("Duck: 10 of Bells stays under Ober of Bells, and someone else takes this trick; "
                                  "König of Bells takes it.")


def test_a_defender_who_gives_the_soloist_points_is_told_to_keep_them() -> None:
    """Lesson 11's quiz: the soloist's Ace of Clubs takes the trick whatever the defender plays; the 10 of Clubs gives
    it 10 points where the Jack gives 2. The idea is named with the deal's cards and reads back true on the lines; the
    same claim with the Jack played is caught."""
    from keinstich.games.herzblatt import HerzblattDeal, HerzblattRules

    position = HerzblattDeal.from_seed(29, HerzblattRules(players=3))
    bot = HeuristicBot()
    while len(position.tricks) < 2 or not position.trick_deal.trick:  # type: ignore[union-attr]
        position.play(bot.decide(position.observation(position.turn)).move)  # type: ignore[arg-type]
    j = judge(position, card("10C"), style="french")
    assert j.idea is not None and j.idea.idea == "spare", j.said
    assert j.said.startswith("Keep your points: Ace of Clubs takes this trick for the other side either way, and "
                             "10 of Clubs gives it more points than Jack of Clubs.")
    check(j, how_seen(j.idea, j.verdict.style))
    with pytest.raises(Claim):
        check(j, said=j.said.replace("10 of Clubs gives it more points than Jack of Clubs",
                                     "Jack of Clubs gives it more points than 10 of Clubs", 1))


def test_a_player_who_wants_tricks_is_told_to_keep_the_winner() -> None:
    """Herzeln's Tricks (+10 a trick), the first lead of deal 306: the Ace of Spades takes a Spade lead either way, so
    the 7 is enough; kept, the 10 takes a later trick. Read off the lines with the deal's cards, read back true, in
    English and German; the same sentence with another card taking the trick is caught."""
    d = game("herzeln").deal("herzeln-tricks", 306, players=4)
    j = judge(d, card("10S"), style="french")
    assert j.idea is not None and j.idea.idea == "keep", j.said
    assert j.said.startswith("Keep your winner: Ace of Spades takes this trick either way, so play 7 of Spades to it; "
                             "kept, 10 of Spades takes a later trick for you.")
    check(j, how_seen(j.idea, j.verdict.style))
    with pytest.raises(Claim):
        check(j, said=j.said.replace("Ace of Spades takes", "King of Spades takes", 1))
    with use_language("de"):
        said = judge(d, card("10S"), style="french").said
    assert said.startswith("Hohe Karte aufheben: Pik-Ass nimmt diesen Stich so oder so"), said


@pytest.mark.parametrize("seed", [306, 315, 329])
def test_no_tricks_mistakes_name_an_idea(seed: int) -> None:
    r = review(beginner(seed, seat=seed % 4), seat=seed % 4)  # type: ignore[arg-type]
    assert r.mistakes
    for j in r.mistakes:
        assert j.idea is not None, j.said
        check(j, how_seen(j.idea, j.verdict.style))


def test_a_wrong_card_a_wrong_trick_or_a_wrong_count_is_caught() -> None:
    r = review(lesson_three(), seat=0)  # type: ignore[arg-type]
    j = r.mistakes[0]
    how = how_seen(j.idea, j.verdict.style)  # type: ignore[arg-type]
    check(j, how)
    for wrong in (j.said.replace("Ober of Bells", "Unter of Bells", 1),
                  j.said.replace("someone else takes", "you take", 1)):
        with pytest.raises(Claim):
            check(j, how, said=wrong)
    count = how.split(" of the ")[0].split()[-1]
    with pytest.raises(Claim):
        check(j, how.replace(f" {count} of ", f" {int(count) + 1} of ", 1))


def test_an_idea_whose_claims_do_not_hold_on_the_lines_is_caught() -> None:
    """The same sentence form with the claims of another deal: "you cannot follow" where the seat can."""
    r = review(lesson_three(), seat=0)  # type: ignore[arg-type]
    j = r.mistakes[0]
    shed = template("shed").format(best="10 of Bells", suit="Bells")
    with pytest.raises(Claim):
        check(j, None, said=shed + " " + j.said.split(". ", 1)[1])


def test_every_form_is_one_message_in_each_language_and_reads_as_one_form() -> None:
    for lang in ("en", "de"):
        with use_language(lang):
            texts = [template(f) for f in FORMS]
            assert len(set(texts)) == len(FORMS)
            for f, t in zip(FORMS, texts, strict=True):
                filled = t.format(best="König of Bells", move="7 of Bells", card="Ober of Hearts", suit="Leaves")
                got = parse(filled)
                assert got is not None and got[0] == f


def test_a_renamed_position_reads_the_same_idea() -> None:
    d = lesson_three()
    j = review(d, seat=0).mistakes[0]  # type: ignore[arg-type]
    position = d.rewound(j.index)  # type: ignore[attr-defined]
    twin, relabel = equivalent(position, "idea-twin")
    assert not relabel.identity
    mine = judge(twin, relabel.move(j.move), open_hands=False)
    assert mine.idea is not None and j.idea is not None
    assert (mine.idea.form, mine.idea.rows) == (j.idea.form, j.idea.rows)
    assert mine.idea.cards == tuple(relabel.card(c) for c in j.idea.cards)
    check(mine, how_seen(mine.idea, mine.verdict.style))


def test_the_vocabulary_is_the_trainers_themes_each_idea_linked_to_a_lesson() -> None:
    from pathlib import Path

    lessons = Path(__file__).resolve().parent.parent / "lessons"
    for idea in IDEAS.values():
        assert (lessons / idea.lesson).exists(), idea
    assert set(THEMES) <= set(IDEAS)


def test_a_wrong_try_names_no_good_card() -> None:
    d = lesson_three()
    j = review(d, seat=0).mistakes[0]  # type: ignore[arg-type]
    v = verdict(d.rewound(j.index))  # type: ignore[attr-defined]
    said = wrong_try(v, j.move)
    assert "10 of Bells" not in said and "König of Bells" in said and "Duck" in said
    assert all(c.label(v.style) not in said for m in v.good for c in [card(str(m))])


STEP = 30
"""Every STEP-th position of the shipped bank (all three games, every contract family) is asked of the judge."""


@pytest.mark.parametrize("part", range(3))
def test_no_wrong_try_over_the_bank_names_a_good_card(part: int) -> None:
    """The answer stays hidden until the last try: for every card of the bank's positions that the trainer does not
    accept, what the wrong try is told names no good card (in the pack's words or by code), and names an idea only by
    its name."""
    from keinstich.deal import move_cards
    from keinstich.trainer.bank import shipped
    from keinstich.trainer.verdicts import solution

    entries = shipped().entries[::STEP][part::3]
    tried = named = 0
    for e in entries:
        v = solution(e.position())
        good = [c for m in v.good for c in move_cards(m)]
        for m in v.legal:
            if v.grade(m).good or not move_cards(m):
                continue
            said = wrong_try(v, m)
            tried += 1
            # A lay is a card and an end: the tried card at another end may be good, and naming it is the try.
            hidden = [c for c in good if c not in move_cards(m)]
            shown = [c for c in hidden if c.label(v.style) in said or f" {c.code} " in f" {said} "]
            assert not shown, f"{e.id}: {said}"
            named += "A clue:" in said
    assert tried > 40 and named
