"""The RuleEditor driven by its form: the description and total, custom contracts from rows, the
engine's refusals, a synchronous run with its chart, and a threaded run cut short with Stop."""

from __future__ import annotations

import time

import pytest

from keinstich.contracts import Contract, ForTrick, PerCard, PerTrick
from keinstich_widgets.editor import ComponentRow, RuleEditor


def test_the_form_describes_the_contract_and_its_total() -> None:
    e = RuleEditor("kein-stich", "no-hearts", synchronous=True)
    # eight hearts at 5 pf in german-32: 40 pf a deal
    assert "5 per card of Hearts" in e.description.value and "40 pf" in e.description.value
    e.contract_box.value = "no-obers"
    assert "40 pf" in e.description.value and "10 per Ober" in e.description.value  # four Obers at 10
    e.players_box.value = 3
    assert "german-24" in e.description.value and "8 cards each" in e.description.value
    e.contract_box.value = "no-tricks"
    assert "40 pf" in e.description.value  # 8 tricks with 3 players, 5 pf each


def test_seven_players_on_24_cards_shows_the_engines_message_and_runs_nothing() -> None:
    e = RuleEditor("kein-stich", "no-hearts", deals=20, synchronous=True)
    e.pack_box.value = "german-24"
    e.players_box.value = 7
    assert e.messages.kind == "error"
    assert e.messages.text.startswith("german-24 has 24 cards, which do not divide evenly among 7 players")
    assert e.run_button.disabled and e.description.value == ""
    e._on_run()
    assert "do not divide evenly" in e.messages.text and e.frame is None
    e.pack_box.value = ""
    assert "Kein Stich is for 3 to 6 players, not 7" in e.messages.text
    e.players_box.value = 4
    assert e.messages.kind == "" and not e.run_button.disabled


def test_custom_contract_from_rows() -> None:
    e = RuleEditor("kein-stich", "black-pig", synchronous=True)
    e.contract_box.value = "custom"
    assert e.custom_box.layout.display == ""
    rows = [(r.kind.value, r.what.value, r.amount.value) for r in e.rows.children]
    assert rows == [("card", "OS", 40)]  # starts from the contract chosen before, in the German pack's letters
    e.add_row("position", "-1", 20)
    e.add_row("trick", "", 5)
    e.add_row("rank", "K", 10)
    c = e.custom_contract()
    assert c.components == (PerCard(40, card="QS"), ForTrick(-1, 20), PerTrick(5), PerCard(10, rank="K"))
    # 40 + 20 for the last trick + 8 tricks × 5 + 4 Kings × 10 = 140 pf a deal with 4 players
    assert "140 pf" in e.description.value
    bad = e.rows.children[-1]
    assert isinstance(bad, ComponentRow)
    bad.what.value = "Z"
    assert e.messages.kind == "error" and "Z" in e.messages.text and e.run_button.disabled
    bad.remove.click()
    assert e.messages.kind == "" and "100 pf" in e.description.value


def test_an_empty_custom_contract_is_refused() -> None:
    e = RuleEditor("kein-stich", "no-tricks", synchronous=True)
    e.contract_box.value = "custom"
    for row in list(e.rows.children):
        row.remove.click()
    assert "the custom contract is empty" in e.messages.text and e.run_button.disabled
    e._on_run()
    assert e.frame is None and "empty" in e.messages.text


def test_a_contract_object_opens_as_custom_rows() -> None:
    mine = Contract("no-diamonds", "No Diamonds", (PerCard(5, suit="D"),))
    e = RuleEditor("kein-stich", mine, synchronous=True)
    assert e.contract_box.value == "custom" and e.custom_name.value == "No Diamonds"
    assert e.custom_contract().components == mine.components


def test_run_draws_the_chart_and_the_penalties_add_up() -> None:
    e = RuleEditor("kein-stich", "no-hearts", deals=12, seed=3, synchronous=True)
    e.run_button.click()
    f = e.frame
    assert f is not None and len(f) == 12 * 4 and not f.attrs["cancelled"]
    assert set(f.groupby("deal")["score"].sum()) == {40}  # every deal hands out all eight hearts
    assert e.progress.value == 12 and e.progress.max == 12
    assert e.chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert "mean pfennig per deal" in e.summary.value
    assert e.messages.text == "done: 12 deals" and e.messages.kind == "ok"
    assert not e.run_button.disabled and e.stop_button.disabled


def test_custom_contract_runs_through_simulate() -> None:
    e = RuleEditor("kein-stich", "no-tricks", deals=6, synchronous=True)
    e.contract_box.value = "custom"
    e.rows.children[0].amount.value = 10  # 10 per trick: 80 pf a deal
    e.run_button.click()
    assert set(e.frame.groupby("deal")["score"].sum()) == {80}
    assert set(e.frame["contract"]) == {"custom"}


def test_other_games() -> None:
    e = RuleEditor("herzeln", "no-queens", deals=4, synchronous=True)
    assert "-80 points" in e.description.value  # four Queens at -20
    e.game_box.value = "herzblatt"
    assert e.contract_box.value == "herzblatt-4" and ("Custom…", "custom") not in e.contract_box.options
    e.contract_box.value = "herzblatt-3"
    assert e.players_box.value == 3 and "3 players" in e.description.value
    e.run_button.click()
    assert len(e.frame) == 4 * 3 and e.frame["unit"].iloc[0] == "stakes"


def test_stop_cuts_a_long_run_short() -> None:
    e = RuleEditor("kein-stich", "no-tricks", deals=100_000, bots="random")
    e.run_button.click()
    assert e.running and not e.stop_button.disabled and e.run_button.disabled
    deadline = time.monotonic() + 20
    while e.progress.value == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    e.run_button.click()  # a second run while one is running is refused (the button is disabled anyway)
    e._on_run()
    assert "a simulation is running" in e.messages.text
    e.stop_button.click()
    assert e.wait(20)
    f = e.frame
    assert f.attrs["cancelled"] and 0 < f["deal"].nunique() < 100_000
    assert list(f["deal"].unique()) == list(range(f["deal"].nunique()))  # a prefix of the deals
    assert e.messages.text.startswith(f"stopped after {f['deal'].nunique()} of 100000 deals")
    assert not e.running and e.stop_button.disabled and not e.run_button.disabled
    e._on_stop()
    assert "nothing is running" in e.messages.text


@pytest.mark.parametrize(("text", "message"), [
    ("²", "Seed: the seed '²' is not a whole number such as 7 or -3, nor a word such as lesson-3"),
    ("--5", "Seed: the seed '--5' is not a whole number"),
    ("9" * 5000, "Seed: a seed number has at most 100 digits, not 5,000"),
])
def test_an_odd_seed_is_a_clear_message_not_pythons(text: str, message: str) -> None:
    e = RuleEditor("kein-stich", "no-hearts", deals=2, synchronous=True)
    e.seed_box.value = text
    e.run_button.click()
    assert e.messages.text.startswith(message) and e.messages.kind == "error"
    assert e.frame is None and not e.running and not e.run_button.disabled


def test_a_word_is_a_seed() -> None:
    e = RuleEditor("kein-stich", "no-hearts", deals=2, synchronous=True)
    e.seed_box.value = "lesson-3"
    e.run_button.click()
    assert e.frame is not None and set(e.frame["seed"].str.len()) == {16}


def test_rows_take_the_german_letters_the_lessons_teach() -> None:
    e = RuleEditor("kein-stich", "no-obers", synchronous=True)
    e.contract_box.value = "custom"
    assert [(r.kind.value, r.what.value) for r in e.rows.children] == [("rank", "O")]
    e.add_row("rank", "U", 5)
    e.add_row("card", "OH", 20)
    assert e.custom_contract().components == (PerCard(10, rank="Q"), PerCard(5, rank="J"), PerCard(20, card="QH"))


def test_a_contract_the_rows_cannot_write_is_refused_in_the_learners_language() -> None:
    from keinstich.contracts import ContractError
    from keinstich.wording.i18n import use_language
    from keinstich_widgets._component_row import rows_of

    both = Contract("both", "a suit and a rank together", [PerCard(5, suit="H", rank="O")])
    with pytest.raises(ContractError, match=r"\(suit and rank together\) has no editor row: write it in Python"):
        rows_of(both)
    with use_language("de"), pytest.raises(ContractError, match="hat keine Zeile im Editor: schreib es in Python"):
        rows_of(both)
    with use_language("de"), pytest.raises(ContractError, match="ist nicht aus Bestandteilen gebaut"):
        rows_of(object())
