"""A simulation's tables shown in the reader's words (keinstich.sim.words.in_words): the headings and the ids said in
the language spoken, the numbers and the frame itself unchanged."""

from __future__ import annotations

import pandas as pd

from keinstich.games.kein_stich import Partie, preset
from keinstich.sim import in_words, simulate, stats, summarize, tournament
from keinstich.wording.i18n import use_language


def test_a_summary_in_german_and_in_english() -> None:
    duel = summarize(tournament(["heuristic", "random"], "no-hearts", deals=20, seed=1))
    kept = duel.copy()
    with use_language("de"):
        german = in_words(duel)
    assert list(german.columns) == ["Bot", "Spiele", "Mittel", "KI unten", "KI oben", "SA", "Einheit"]
    assert list(german["Bot"]) == ["Heuristik", "Zufall"] and set(german["Einheit"]) == {"Pfennig"}
    assert german["Mittel"].tolist() == duel["mean"].tolist()
    assert duel.equals(kept), "the frame itself keeps its ids"
    with use_language("en"):
        english = in_words(duel)
    assert list(english.columns) == ["bot", "deals", "mean", "ci_low", "ci_high", "sd", "unit"]
    assert list(english["bot"]) == ["heuristic", "random"]


def test_a_score_sheet_names_its_deals_by_their_contracts() -> None:
    partie = Partie(preset("standard"), seed=1)
    partie.play()
    ledger = pd.DataFrame(partie.ledger.rows())
    sheet = stats.score_sheet(ledger)
    with use_language("de"):
        shown = in_words(sheet)
        rows = in_words(ledger)
    assert list(shown.columns) == ["Kein Stich", "Kein Herz", "Kein Ober", "Kein Herz-König", "Unteransetzen",
                                   "gezahlt − erhalten"]
    assert shown.index.name == "Platz" and shown.columns.name == "Spiel"
    assert list(rows.columns) == ["Spiel Nr.", "Spiel", "Platz", "Betrag", "Grund"]
    assert rows["Spiel"].iloc[0] == "Kein Stich" and (shown.to_numpy() == sheet.to_numpy()).all()
    with use_language("en"):
        assert list(in_words(sheet).columns)[:2] == ["No Tricks", "No Hearts"]


def test_roles_in_a_series_and_a_categorical_index() -> None:
    frame = simulate("herzblatt", 6, game="herzblatt", players=3, bots="heuristic", seed=4)
    counts = frame["role"].value_counts()
    by_role = frame.groupby("role", observed=True)["score"].sum()
    with use_language("de"):
        said = in_words(counts)
        grouped = in_words(by_role)
        table = in_words(frame)
    assert set(said.index) <= {"Spieler", "Gegenspieler", "neu geben"} and said.index.name == "Rolle"
    assert set(grouped.index) <= {"Spieler", "Gegenspieler", "neu geben"} and grouped.sum() == by_role.sum()
    assert set(table["Rolle"]) <= {"Spieler", "Gegenspieler", "neu geben"} and set(table["Kartenspiel"]) == {"Herzblatt"}
