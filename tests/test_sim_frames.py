"""Compact simulation frames: names as categoricals, numbers in small integer types, and the same values
(and the same CSV) as a frame built the old way, row by row from deals replayed with ``one_deal``."""

import io
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise

import numpy as np
import pandas as pd
import pytest

from keinstich.contracts import Contract, PerCard
from keinstich.sim import deal_seed, one_deal, parse_lineup, simulate, simulate_partie, summarize, tournament
from keinstich.sim.chunks import TARGET_SECONDS, ChunkPlan
from keinstich.sim.frames import block, kinds_of, smallest_int, to_frame

OLD_TYPES = {"deal": "int64", "seed": "str", "game": "str", "contract": "str", "players": "int64", "pack": "str",
             "seat": "int64", "bot": "str", "tricks": "Int64", "score": "int64", "unit": "str", "place": "Int64",
             "rotation": "int64", "role": "str", "card_points": "Int64"}
"""The types every simulate frame had before: int64, text as str, Int64 where a value may be missing."""


def by_hand(contract, deals, *, seed, bots="heuristic", game="kein-stich", rotations=(0,), duplicate=False):
    """The frame of simulate (or tournament, ``duplicate``) built the old way: every deal replayed on its
    own with one_deal, a row per seat from its result, the old types."""
    lineup = parse_lineup(bots)
    rows = []
    for i in range(deals):
        for r in rotations:
            n = 3 if game == "herzblatt" else 4
            filled = [lineup[s % len(lineup)] for s in range(n)]
            d = one_deal(contract, i, game=game, bots=filled, seed=seed, rotation=r)
            res = d.result()
            assert d.players == n
            for s in range(n):
                row = {"deal": i, "seed": deal_seed(seed, i), "game": d.game,
                       "contract": contract if isinstance(contract, str) else contract.id, "players": n,
                       "pack": d.pack, "seat": s, "bot": filled[(s - r) % n],
                       "tricks": None if res.tricks is None else res.tricks[s], "score": res.scores[s],
                       "unit": res.unit, "place": None if res.places is None else res.places[s]}
                if duplicate:
                    row["rotation"] = r
                row.update({k: v[s] for k, v in res.columns.items()})
                rows.append(row)
    frame = pd.DataFrame(rows)
    return frame.astype({c: OLD_TYPES[c] for c in frame.columns})


CASES = [
    ("no-hearts", dict(deals=6, seed=1)),
    ("no-obers", dict(deals=5, seed="x", bots="heuristic,random,random,heuristic")),
    ("domino", dict(deals=5, seed=7)),
    ("power", dict(deals=5, seed=3, bots="random")),
    ("herzeln-tricks", dict(deals=4, seed=2, game="herzeln")),
    ("herzblatt-3", dict(deals=6, seed=11, game="herzblatt")),
]


@pytest.mark.parametrize(("contract", "args"), CASES, ids=[c for c, _ in CASES])
def test_the_values_and_the_csv_are_those_of_a_frame_built_the_old_way(contract, args):
    frame = simulate(contract, **args)
    old = by_hand(contract, **args)
    assert list(frame.columns) == list(old.columns)
    pd.testing.assert_frame_equal(frame.astype(dict(old.dtypes)), old)
    assert frame.to_csv(index=False) == old.to_csv(index=False)
    again = pd.read_csv(io.StringIO(frame.to_csv(index=False)), dtype={"seed": str})
    assert again["score"].tolist() == old["score"].tolist()


def test_a_tournament_frame_has_the_old_values_with_its_rotation():
    t = tournament("heuristic,random", "no-tricks", 4, seed=3)
    old = by_hand("no-tricks", 4, seed=3, bots="heuristic,random", rotations=(0, 1), duplicate=True)
    pd.testing.assert_frame_equal(t.astype(dict(old.dtypes)), old)
    assert t.to_csv(index=False) == old.to_csv(index=False)


def test_names_are_categoricals_and_numbers_small_integers():
    f = simulate("no-hearts", 30, bots="heuristic,random,random,heuristic", seed=1)
    for c in ("game", "contract", "pack", "bot", "unit"):
        assert isinstance(f[c].dtype, pd.CategoricalDtype), c
        assert list(f[c].cat.categories) == sorted(set(f[c]))  # alphabetical, as groupby sorts names
    assert list(f["bot"].cat.categories) == ["heuristic", "random"]
    assert {c: str(f[c].dtype) for c in ("players", "seat", "deal", "score", "tricks", "place")} == {
        "players": "int8", "seat": "int8", "deal": "int16", "score": "int16", "tricks": "Int8", "place": "Int8"}
    assert str(f["seed"].dtype) == "str"  # one per deal: a categorical would not save much
    t = tournament("heuristic,random", "no-tricks", 3, seed=1)
    assert str(t["rotation"].dtype) == "int8"
    b = simulate("herzblatt-3", 4, game="herzblatt", seed=11)
    assert isinstance(b["role"].dtype, pd.CategoricalDtype) and str(b["card_points"].dtype) == "Int16"
    p = simulate_partie("standard", 2, seed=1)
    assert isinstance(p["preset"].dtype, pd.CategoricalDtype) and isinstance(p["contract"].dtype, pd.CategoricalDtype)
    assert {c: str(p[c].dtype) for c in ("partie", "deal_no", "dealer", "paid", "received", "net", "pot")} == {
        "partie": "int16", "deal_no": "int8", "dealer": "int8", "paid": "int16", "received": "int16", "net": "int16",
        "pot": "Int16"}


def test_a_frame_takes_few_bytes_a_row():
    f = simulate("no-hearts", 200, seed=1)
    old = f.astype({c: OLD_TYPES[c] for c in f.columns})
    assert f.memory_usage(deep=True).sum() < old.memory_usage(deep=True).sum() / 3


def test_values_beyond_the_small_types_get_a_wider_type():
    big = Contract("no-unters-dear", "No Unters, dear", (PerCard(20_000, rank="J"),))
    f = simulate(big, 3, bots="random", seed=2)
    assert str(f["score"].dtype) == "int32"
    assert f["score"].tolist() == [s for i in range(3) for s in one_deal(big, i, bots="random", seed=2).scores()]
    assert (f.groupby("deal")["score"].sum() == 80_000).all()
    assert smallest_int(np.array([-129, 5])) == "int16" and smallest_int(np.array([0, 127])) == "int8"
    assert smallest_int(np.array([0, 2 ** 31])) == "int64" and smallest_int(np.array([3]), 16) == "int16"


def test_summaries_add_up_in_int64():
    f = simulate("no-tricks", 40, bots="heuristic,random,heuristic,random", seed=5)
    f["score"] = (f["score"] + 32_000).astype("int16")  # a sum of two such scores overflows int16
    s = summarize(f, by="bot").set_index("bot")
    by_hand = f.astype({"score": "int64"}).groupby(["bot", "deal"], observed=True)["score"].mean()
    for bot in ("heuristic", "random"):
        assert s.loc[bot, "mean"] == pytest.approx(by_hand[bot].mean())
        assert s.loc[bot, "mean"] > 32_000


def test_frames_of_different_contracts_concatenate_as_text_and_group_as_before():
    a, b = simulate("no-tricks", 5, seed=1), simulate("no-hearts", 5, seed=1)
    both = pd.concat([a, b], ignore_index=True)
    old = pd.concat([x.astype({c: OLD_TYPES[c] for c in x.columns}) for x in (a, b)], ignore_index=True)
    pd.testing.assert_series_equal(both.groupby("contract")["score"].mean(), old.groupby("contract")["score"].mean())
    pd.testing.assert_series_equal(both.groupby("contract", sort=False)["score"].mean(),
                                   old.groupby("contract", sort=False)["score"].mean())
    cut = a[a["bot"] == "nobody"]  # no rows: the bot's category is not a group
    assert len(cut.groupby("bot", observed=True)["score"].mean()) == 0
    assert len(summarize(simulate("domino", 4, seed=1).iloc[:4])) == 1


def test_blocks_join_to_the_same_frame_however_the_rows_are_cut():
    columns = ("deal", "seed", "bot", "tricks", "score", "mystery")
    rows = [(i, f"s{i}", "b" if i % 3 else "a", None if i == 2 else i % 4, -i * 50, 0.5 * i) for i in range(9)]
    kinds = kinds_of(columns)
    whole = to_frame([block(rows, kinds)], columns, {})
    for cuts in ([3, 6], [1, 2, 8], []):
        parts = [rows[a:b] for a, b in zip([0, *cuts], [*cuts, len(rows)], strict=True)]
        pd.testing.assert_frame_equal(to_frame([block(p, kinds) for p in parts], columns, {}), whole)
    assert whole["tricks"].isna().tolist() == [i == 2 for i in range(9)]
    assert whole["mystery"].tolist() == [0.5 * i for i in range(9)] and str(whole["score"].dtype) == "int16"
    empty = to_frame([], columns, {"cancelled": True})
    assert list(empty.columns) == list(columns) and len(empty) == 0 and empty.attrs["cancelled"]


def cut(units, chunk, workers, seconds_a_unit, adaptive=True):
    """The chunks a plan hands out when every unit takes ``seconds_a_unit`` to play."""
    plan = ChunkPlan(units, chunk, workers, adaptive)
    spans = []
    while (span := plan.next()) is not None:
        spans.append(span)
        plan.timed(span[1] - span[0], seconds_a_unit * (span[1] - span[0]))
    assert plan.count == len(spans)
    return spans


def test_chunks_cover_every_deal_once_in_order():
    for units, chunk, workers, rate in ((10_000, 50, 2, 2e-4), (100, 13, 2, 1e-3), (7, 2, 3, 1.0), (1, 50, 2, 0.01),
                                        (333, 50, 4, 0.0), (10, 4, 2, 1.0)):
        for adaptive in (True, False):
            spans = cut(units, chunk, workers, rate, adaptive)
            assert [a for a, _ in spans] == [0, *(b for _, b in spans[:-1])] and spans[-1][1] == units
            assert all(b > a for a, b in spans)
    assert cut(10, 4, 2, 1.0, adaptive=False) == [(0, 4), (4, 8), (8, 10)]


def test_chunks_hold_a_tenth_of_a_second_and_shrink_at_the_end():
    sizes = [b - a for a, b in cut(10_000, 50, 2, 2e-4)]  # 5,000 deals a second: 500 in a tenth of a second
    assert sizes[0] == 50 and max(sizes) == round(TARGET_SECONDS / 2e-4) == 500
    assert all(x >= y for x, y in pairwise(sizes[1:])) and sizes[-1] <= 50
    assert [b - a for a, b in cut(20, 2, 2, 1.0)][:3] == [2, 1, 1]  # a second a deal: one deal a chunk


def test_the_adaptive_pool_gives_the_frame_of_one_process():
    args = dict(bots="random", seed=8)
    one = simulate("no-obers", 160, **args)
    pd.testing.assert_frame_equal(simulate("no-obers", 160, workers=2, **args), one)
    t1 = tournament("heuristic,random", "domino", 30, seed=8)
    pd.testing.assert_frame_equal(tournament("heuristic,random", "domino", 30, seed=8, workers=2), t1)


def test_a_worker_that_played_one_simulation_plays_the_next_with_its_own_setup():
    # the setup goes to a worker as bytes, unpickled once while the bytes stay the same
    with ProcessPoolExecutor(1) as ex:
        for contract, bots in (("no-hearts", "random"), ("no-max", "heuristic"), ("no-hearts", "heuristic")):
            alone = simulate(contract, 12, bots=bots, seed=3)
            pd.testing.assert_frame_equal(simulate(contract, 12, bots=bots, seed=3, executor=ex, chunk_size=5), alone)
