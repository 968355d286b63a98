"""A simulation's tables shown in the reader's words (keinstich.sim.shown.worded): the headings and the ids said in
the language spoken, the numbers and the frame itself unchanged."""

from __future__ import annotations

import pandas as pd

from keinstich.games.herzeln import HerzelnPartie, HerzelnRules
from keinstich.games.kein_stich import Partie, preset
from keinstich.i18n import use_language
from keinstich.sim import simulate, stats, summarize, tournament, worded


def test_a_summary_in_german_and_in_english() -> None:
    duel = summarize(tournament(["heuristic", "random"], "no-hearts", deals=20, seed=1))
    kept = duel.copy()
    with use_language("de"):
        german = worded(duel.round(2))
    assert list(german.columns) == ["Bot", "Spiele", "Mittel", "KI unten", "KI oben", "SA", "Einheit"]
    assert list(german["Bot"]) == ["Heuristik", "Zufall"] and set(german["Einheit"]) == {"Pfennig"}
    assert german["Mittel"].tolist() == [f"{x:.2f}".replace(".", ",") for x in duel["mean"]]
    assert duel.equals(kept), "the frame itself keeps its ids"
    with use_language("en"):
        english = worded(duel)
    assert list(english.columns) == ["bot", "deals", "mean", "ci_low", "ci_high", "sd", "unit"]
    assert list(english["bot"]) == ["heuristic", "random"]


def test_a_ledger_and_its_score_sheet_name_the_deals_by_their_contracts() -> None:
    partie = Partie(preset("standard"), seed=1)
    with use_language("de"):  # a payment's reason is a sentence, said when the deal is settled
        partie.play()
    ledger = pd.DataFrame(partie.ledger.rows())
    sheet = stats.score_sheet(ledger)
    with use_language("de"):
        shown = worded(sheet)
        rows = worded(ledger)
    assert list(shown.columns) == ["Kein Stich", "Kein Herz", "Kein Ober", "Kein Herz-König", "Unteransetzen",
                                   "gezahlt − erhalten"]
    assert shown.index.name == "Platz" and shown.columns.name == "Spiel"
    assert list(rows.columns) == ["Spiel Nr.", "Spiel", "Platz", "Betrag", "Grund"]
    assert rows["Spiel"].iloc[0] == "Kein Stich" and rows["Grund"].iloc[0] == "Kein Stich: Strafen"
    assert rows["Grund"].iloc[-1].startswith("Anlegen: ") and (shown.to_numpy() == sheet.to_numpy()).all()
    with use_language("en"):
        assert list(worded(sheet).columns)[:2] == ["No Tricks", "No Hearts"]


def test_a_herzeln_sheet_heads_its_seats() -> None:
    partie = HerzelnPartie(HerzelnRules(players=4), seed=3).play()
    with use_language("de"):
        sheet = worded(pd.DataFrame(partie.table()))
    assert list(sheet.columns)[-4:] == ["Platz 0", "Platz 1", "Platz 2", "Platz 3"]
    assert sheet.iloc[0, 1] == "Herz"  # Herzeln's first deal, No Hearts, by its German name


def test_roles_are_ids_in_the_frame_and_words_when_shown() -> None:
    frame = simulate("herzblatt", 6, game="herzblatt", players=3, bots="heuristic", seed=4)
    counts = frame["role"].value_counts()
    by_role = frame.groupby("role", observed=True)["score"].sum()
    with use_language("de"):
        said = worded(counts)
        grouped = worded(by_role)
        table = worded(frame)
    roles = {"Spieler", "Gegenspieler", "neu geben"}
    assert set(frame["role"]) <= {"soloist", "defender", "redeal"}
    assert set(said.index) <= roles and said.index.name == "Rolle"
    assert set(grouped.index) <= roles and grouped.sum() == by_role.sum()
    assert set(table["Rolle"]) <= roles
