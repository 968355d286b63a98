"""Quiz sets from the engine: seeded, instructive, graded by difficulty (keinstich.drills)."""

import pytest

from keinstich.bots.heuristic import HeuristicBot
from keinstich.bots.play import bot_move
from keinstich.cards import card, cards
from keinstich.coach import verdict
from keinstich.contracts import NO_HEARTS
from keinstich.drills import DIFFICULTIES, drill, drill_set, drills, study
from keinstich.positions import QuizError, dealt_pack, next_seed
from keinstich.tricks import TrickDeal

CONTRACTS = ("no-hearts", "no-tricks", "no-obers", "no-max", "power")


def grades(deal):  # type: ignore[no-untyped-def]
    """Each legal move's grade, from the coach's verdict directly (not from the Drill)."""
    v = verdict(deal)
    return {m: v.grade(m) for m in v.legal}


@pytest.mark.parametrize("contract", CONTRACTS)
def test_every_drill_of_a_difficulty_has_the_property_that_defines_it(contract: str) -> None:
    seen = set()
    for seed in range(6):
        for d in drills(contract, seed):
            if d.seed != seed:
                break  # the seed's own deal only: enough positions, and quick
            position = d.deal
            g = grades(position)
            assert {"mistake", "blunder"} & set(g.values())  # instructive: the choice clearly matters
            bot = bot_move(HeuristicBot(pack=dealt_pack(position)), position.observation(position.turn))
            finds = g[bot] == "best"
            close = sum(1 for v in g.values() if v == "fine")
            clearly = all(v in ("best", "blunder") for v in g.values())
            if d.difficulty == "easy":
                assert finds and clearly and close == 0
            elif d.difficulty == "medium":
                assert finds and not clearly and close <= 1
            else:
                assert not finds or close >= 2
            seen.add(d.difficulty)
    assert seen  # at least one drill in the contract's first deals


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_set_asks_for_a_difficulty_and_is_the_same_from_the_same_seed(difficulty: str) -> None:
    one = drill_set("no-hearts", seed=3, size=3, difficulty=difficulty)  # type: ignore[arg-type]
    two = drill_set("no-hearts", seed=3, size=3, difficulty=difficulty)  # type: ignore[arg-type]
    assert [d.deal.history for d in one] == [d.deal.history for d in two]
    assert [d.deal.dealt for d in one] == [d.deal.dealt for d in two]
    assert all(d.difficulty == difficulty and d.instructive for d in one)
    assert one[1].deal.history == drill("no-hearts", next_seed(3, 1), difficulty=difficulty).deal.history  # type: ignore[arg-type]
    assert len({d.deal.dealt for d in one}) == 3  # three deals, not one position thrice


def test_drills_of_other_games() -> None:
    for game, contract in (("herzeln", "herzeln-no-hearts"), ("kein-stich", "domino")):
        d = drill(contract, 1, game=game)
        assert d.instructive and d.deal.turn is not None and d.deal.game == game


def test_study_needs_a_choice_and_refuses_unknown_difficulties() -> None:
    deal = TrickDeal([cards("QS KH"), cards("AS 9H")], NO_HEARTS, leader=1)
    deal.play("AS")
    assert deal.legal() == (card("QS"),) and study(deal) is None  # one legal card: nothing to ask
    deal.play("QS")
    assert len(deal.legal()) == 1 and study(deal) is None
    with pytest.raises(QuizError, match="difficulty"):
        drill("no-hearts", 0, difficulty="fiendish")  # type: ignore[arg-type]
