"""Every game through the one interface: the Table, Replay and both quizzes driven the same way for a
Kein Stich trick deal and lay-off deal, Herzeln and Herzblatt, with no code that knows which game it is."""

from __future__ import annotations

import pytest
from drive import click_once, learner_moves, play_out

from keinstich.bots.heuristic import HeuristicBot
from keinstich.games.herzblatt import HerzblattDeal, preset
from keinstich_widgets import BestCardQuiz, LegalCardsQuiz, Replay, Table
from keinstich_widgets._games import move_cards

GAMES = [("kein-stich", "no-hearts"), ("kein-stich", "domino"), ("herzeln", "no-queens"),
         ("herzeln", "domino"), ("herzblatt", "herzblatt-4-muhr")]


@pytest.mark.parametrize(("game", "contract"), GAMES)
def test_table_plays_undoes_and_finishes_every_game(game: str, contract: str) -> None:
    table = Table(game, contract, seed=3, synchronous=True)
    assert table.game == game and table.contract_box.value == table.setup.contract_id
    start = table.deal.history
    click_once(table)
    after_one = table.deal.history
    assert len(after_one) > len(start) and learner_moves(table)
    click_once(table)
    table.undo_button.click()  # back to the learner's previous decision, the bots' replies too
    assert table.deal.history == after_one and table.messages.kind == "info"
    table.undo_button.click()
    assert table.deal.history == start and not learner_moves(table)
    play_out(table)
    result = table.deal.result()
    assert "The deal is over" in table.status.value and all(b.disabled for b in table.hand_view.buttons)
    assert f"({ {'pfennig': 'pf'}.get(result.unit, result.unit)})" in table.status.value
    history = [(s, move_cards(m) or m) for s, m in table.deal.history]
    for move in learner_moves(table):  # every move the learner made is in the deal's history, as his
        assert (table.seat, move_cards(move) or move) in history


@pytest.mark.parametrize(("game", "contract"), GAMES)
def test_replay_steps_through_the_card_play_and_asks_the_solver(game: str, contract: str) -> None:
    table = Table(game, contract, seed=5, synchronous=True)
    play_out(table)
    final = table.deal
    r = Replay(final, synchronous=True)
    plays = [(s, m) for s, m in final.history if m is None or len(move_cards(m)) == 1]
    assert r.slider.max == len(plays) and r.plays == plays
    before = len(final.history) - len(plays)  # decisions before the first card (Herzblatt's) are made at step 0
    for k in (0, 1, len(plays) // 2, len(plays)):
        r.go(k)
        assert r.deal.history == final.history[:before + k]
    r.last_button.click()
    assert r.deal.over and "the deal is over" in r.step_label.value
    r.back_button.click()
    assert r.step == len(plays) - 1 and not r.best_button.disabled
    r.go(len(plays) - 2)
    r.best_button.click()
    assert r.answer_text().startswith("Best for ") and " Played " in r.answer_text()
    best, _ = r.best()
    assert set(best) <= {move_cards(m)[0] if move_cards(m) else None for m in r.deal.legal_moves()}


@pytest.mark.parametrize(("game", "contract"), GAMES)
def test_legal_cards_quiz_on_every_game(game: str, contract: str) -> None:
    quiz = LegalCardsQuiz.from_seed(contract, 2, game=game)  # seed 2 and 3: Herzblatt's bots do not all pass
    deal = quiz.deal
    legal = set(deal.legal())
    assert deal.game == game and 0 < len(legal) < len(deal.hand(quiz.seat))
    for c in legal:
        quiz.hand.click(c)
    quiz.check_button.click()
    assert "Right!" in quiz.feedback.value and (quiz.asked, quiz.right) == (1, 1)
    assert quiz.feedback.value.count("✗") == len(deal.hand(quiz.seat)) - len(legal)
    history = deal.history
    quiz.next_button.click()
    assert quiz.seed == 3 and quiz.deal is not deal and deal.history == history  # the old deal is untouched


@pytest.mark.parametrize(("game", "contract"), [g for g in GAMES if g[1] != "domino"])
def test_best_card_quiz_on_every_trick_game(game: str, contract: str) -> None:
    quiz = BestCardQuiz.from_seed(contract, 2, game=game)
    assert quiz.deal.game == game and len(quiz.deal.legal()) >= 2
    quiz.answer_button.click()
    quiz.wait(60)
    assert "best from what you could know" in quiz.feedback.value and "rule of thumb" in quiz.feedback.value
    quiz.hand.click(quiz.deal.legal()[0])
    quiz.check_button.click()
    assert quiz.asked == 1


def herzblatt_position() -> HerzblattDeal:
    """Herzblatt for three (lesson 11's seed): bots ask, discard and play three tricks and a card."""
    deal = HerzblattDeal.from_seed(16, preset("herzblatt-3"))
    bot = HeuristicBot()
    while len(deal.tricks) < 3 or not deal.trick:
        deal.act(bot.decide(deal.observation(deal.turn)).move)
    return deal


def test_best_card_quiz_takes_a_herzblatt_deal_and_its_card_play_alike() -> None:
    deal = herzblatt_position()
    whole = BestCardQuiz(deal, style="french")
    alone = BestCardQuiz(deal.trick_deal, style="french")
    first = deal.legal()[0]
    assert whole.assessment(first).unit == "card points"  # the whole deal: the side's card points, as Herzblatt counts
    assert alone.assessment(first).best  # its card play alone is judged too (the seat for itself)
    assert "trick 4 of 8" in whole.position.value and "Herzblatt, 3 players" in whole.position.value
    whole.hand.click(whole.assessment(first).best[0])
    whole.check_button.click()
    assert "Good choice" in whole.feedback.value and deal.history == herzblatt_position().history


def test_a_herzblatt_deal_before_its_card_play_is_no_best_card_question() -> None:
    with pytest.raises(ValueError, match="asks about the card play: the deal is in the asking phase"):
        BestCardQuiz(HerzblattDeal.from_seed(1, preset("herzblatt-3")))


def test_the_table_switches_games_at_the_same_seats() -> None:
    table = Table("kein-stich", "no-tricks", seed=1, synchronous=True)
    assert set(table.game_box.options) >= {("Kein Stich", "kein-stich"), ("Herzeln", "herzeln"),
                                           ("Herzblatt", "herzblatt")}
    table.game_box.value = "herzblatt"
    assert table.deal.game == "herzblatt" and table.deal.phase == "asking" and table.setup.players == 4
    assert table.contract_box.value == "herzblatt-4" and "herzblatt" not in dict(table.contract_box.options).values()
    table.contract_box.value = "herzblatt-3"  # three players: not at this table
    assert "is for 3 players; this table has 4 seats" in table.messages.text
    assert table.contract_box.value == "herzblatt-4" and table.deal.players == 4
    table.game_box.value = "herzeln"
    assert table.deal.game == "herzeln" and table.contract_box.value == "herzeln-no-hearts"
    play_out(table)
    five = Table("kein-stich", "no-tricks", players=5, seed=1, synchronous=True)
    five.game_box.value = "herzeln"
    assert "Herzeln is for 3 or 4 players, not 5" in five.messages.text
    assert five.game == "kein-stich" and five.game_box.value == "kein-stich"
