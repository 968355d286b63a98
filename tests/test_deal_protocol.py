"""What every deal says of itself (the :class:`keinstich.deal.Deal` protocol): its kind, its returns (higher always
better, in one unit) and what a seat can know (its information key), so that no caller works them out again."""

from __future__ import annotations

import random

import pytest

from keinstich.bots import HeuristicBot, RandomBot, play_deal
from keinstich.bots.base import deal_value, domino_value, objective
from keinstich.deal import Kind, Result, Unit, better
from keinstich.games import GAMES, game
from keinstich.layoff import DominoDeal
from keinstich.tricks import TrickDeal

CASES = [("kein-stich", "no-hearts", Kind.TRICK), ("kein-stich", "power", Kind.TRICK),
         ("kein-stich", "domino", Kind.LAY_OFF), ("herzeln", "herzeln-no-hearts", Kind.TRICK),
         ("herzeln", "domino", Kind.LAY_OFF), ("herzblatt", "herzblatt-4", Kind.HERZBLATT)]


def _played(game_id: str, contract: str, seed: int, bots: str = "random"):
    deal = game(game_id).deal(contract, seed, players=4)
    make = (lambda s: RandomBot(seed=s)) if bots == "random" else (lambda s: HeuristicBot())
    return play_deal(deal, [make(seed * 10 + s) for s in range(4)])


@pytest.mark.parametrize(("game_id", "contract", "kind"), CASES)
def test_a_deal_and_every_observation_of_it_say_its_kind(game_id, contract, kind):
    deal = game(game_id).deal(contract, 3, players=4)
    assert deal.kind is kind
    while not deal.over:
        assert deal.observation(deal.turn).kind is kind
        deal.play(random.Random(len(deal.history)).choice(deal.legal_moves()))
    assert deal.kind is kind
    assert deal.copy().kind is kind


def test_a_kind_and_a_unit_read_as_their_text():
    assert Kind.LAY_OFF == "lay-off" and f"{Kind.HERZBLATT}" == "herzblatt"
    assert Result((1, 2), "pfennig").unit is Unit.PFENNIG  # text given is read as the unit
    assert str(Result((1, -1), Unit.POINTS)) == "seat 0: +1, seat 1: -1 (points)"
    assert "unit='points'" in repr(Result((1, -1), Unit.POINTS))  # reads as it did when the unit was text
    with pytest.raises(ValueError):
        Result((1, 2), "pf")  # one vocabulary: the coach's old "pf" is no unit


def test_better_is_the_one_sign():
    assert [better(u) for u in Unit] == [-1, 1, 1, 1]
    assert Result((3, 0), Unit.PFENNIG).lower_is_better and not Result((3, 0), Unit.STAKES).lower_is_better


@pytest.mark.parametrize(("game_id", "contract", "kind"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_returns_are_the_bots_value_higher_better(game_id, contract, kind, seed):
    deal = _played(game_id, contract, seed)
    result = deal.result()
    for s in range(deal.players):
        r = deal.returns(s)
        assert r == deal_value(deal, s)
        if kind is Kind.LAY_OFF:
            assert r == domino_value(getattr(deal.contract, "points", None), deal.finish_order, s, deal.fees())
        else:  # the score, signed so that higher is better: what the seat's objective says
            assert r == objective(deal.observation(s)).sign * result.scores[s] == better(result.unit) * result.scores[s]


def test_returns_of_kein_stich_domino_rank_the_first_out_highest_whatever_the_pot():
    deal = _played("kein-stich", "domino", 4)
    first, *_, last = deal.finish_order
    for pot in (None, 160, 40):
        deal.pot = pot
        assert deal.returns(first) > deal.returns(last)
        assert deal.returns(first) == 100 - deal.fees()[first]


def test_returns_so_far_and_seats_out_of_range():
    deal = game("kein-stich").deal("domino", 4, players=4)
    assert [deal.returns(s) for s in range(4)] == [0, 0, 0, 0]  # nothing paid yet
    td = game("kein-stich").deal("no-tricks", 4, players=4)
    for deal in (td, game("kein-stich").deal("domino", 4, players=4), game("herzblatt").deal("herzblatt-4", 4)):
        with pytest.raises(ValueError, match="seat"):
            deal.returns(7)


def test_info_key_is_what_the_seat_can_know():
    deal = game("kein-stich").deal("no-hearts", 8, players=4)
    for _ in range(5):
        deal.play(deal.legal()[0])
    seat = deal.turn
    key = deal.info_key(seat)
    assert hash(key) == hash(deal.copy().info_key(seat))
    # the same position with two other seats' hidden cards exchanged: the seat cannot tell them apart
    hands = [list(h) for h in deal.dealt]
    a, b = [s for s in range(4) if s != seat][:2]
    moved = {c for _s, c in deal.history}
    ia = next(i for i, c in enumerate(hands[a]) if c not in moved)
    ib = next(i for i, c in enumerate(hands[b]) if c not in moved
              if hands[b][i].suit == hands[a][ia].suit or not deal.observation(seat).voids[a])
    hands[a][ia], hands[b][ib] = hands[b][ib], hands[a][ia]
    other = TrickDeal(hands, deal.contract, leader=deal.first_leader, pack=deal.pack, style=deal.style)
    try:
        for s, m in deal.history:
            other.play(m, s)
    except ValueError:
        pytest.skip("the exchange broke a rule of the play so far")
    assert other.info_key(seat) == key
    assert other.info_key(a) != deal.info_key(a)  # a seat whose own hand changed can tell


def test_info_key_of_lay_off_and_herzblatt_deals():
    for deal in (game("kein-stich").deal("domino", 2, players=4), game("herzblatt").deal("herzblatt-4", 2)):
        keys = {deal.info_key(s) for s in range(deal.players)}
        assert len(keys) == deal.players  # every seat holds its own cards
        hash(deal.info_key(0))


def test_every_deal_type_offers_the_protocol():
    for cls in (TrickDeal, DominoDeal, type(GAMES["herzblatt"].deal("herzblatt-4", 1))):
        assert isinstance(cls.kind, Kind)
        assert callable(cls.returns) and callable(cls.info_key)
