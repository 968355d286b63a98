"""Simulations into pandas: rows checked against deals played by hand, pot and total invariants worked
out from the rules, duplicate rotations, determinism across workers and executors, cancel, errors."""

import io
import math
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from keinstich.bots.heuristic import HeuristicBot, RandomBot, play_deal
from keinstich.cards import mask_of
from keinstich.contracts import NO_HEARTS, NO_OBERS, NO_TRICKS, Contract, PerCard
from keinstich.dealing import deal_hands
from keinstich.layoff import DOMINO, DominoDeal
from keinstich.sim import (
    BOT_KINDS,
    COLUMNS,
    SimulationError,
    bot_seed,
    deal_seed,
    make_bot,
    one_deal,
    parse_lineup,
    simulate,
    simulate_partie,
    summarize,
    t975,
    tournament,
)
from keinstich.tricks import TrickDeal


def cautious(seed):
    """A bot factory defined at module level, so worker processes can unpickle it."""
    return HeuristicBot(seed, pack="german-32")


def scores_of(frame, deal):
    rows = frame[frame["deal"] == deal].sort_values("seat")
    return [int(x) for x in rows["score"]]


# --- rows against deals played by hand ------------------------------------------------------------


def test_the_frame_has_one_row_per_deal_and_seat():
    f = simulate("no-hearts", 3, seed=5)
    assert tuple(f.columns) == COLUMNS
    assert len(f) == 12
    assert list(f["deal"]) == [0] * 4 + [1] * 4 + [2] * 4
    assert list(f["seat"]) == [0, 1, 2, 3] * 3
    assert set(f["game"]) == {"kein-stich"} and set(f["contract"]) == {"no-hearts"}
    assert set(f["pack"]) == {"german-32"} and set(f["players"]) == {4} and set(f["unit"]) == {"pfennig"}
    assert f["place"].isna().all()
    assert list(f[f["deal"] == 1]["seed"]) == [deal_seed(5, 1)] * 4
    assert f.attrs["cancelled"] is False


def test_scores_equal_the_deals_played_by_hand_with_play_deal():
    lineups = ["heuristic", "heuristic,random,random,heuristic", "random"]
    for lineup in lineups:
        f = simulate("no-hearts", 2, bots=lineup, seed=5)
        specs = parse_lineup(lineup) * (4 // len(parse_lineup(lineup)))
        for i in range(2):
            deal = TrickDeal.from_seed("german-32", 4, deal_seed(5, i), NO_HEARTS)
            bots = [HeuristicBot(pack="german-32") if s == "heuristic" else RandomBot(bot_seed(5, i, seat))
                    for seat, s in enumerate(specs)]
            play_deal(deal, bots)
            assert scores_of(f, i) == list(deal.scores()), (lineup, i)
            rows = f[f["deal"] == i].sort_values("seat")
            assert list(rows["tricks"]) == list(deal.tricks_won())
            assert list(rows["bot"]) == specs


def test_one_deal_is_the_deal_of_the_frame():
    f = simulate("no-obers", 4, bots="heuristic,random,heuristic,random", seed="x")
    d = one_deal("no-obers", 3, bots="heuristic,random,heuristic,random", seed="x")
    assert isinstance(d, TrickDeal) and d.is_over
    assert scores_of(f, 3) == list(d.scores())
    assert d.dealt == deal_hands("german-32", 4, deal_seed("x", 3))


def test_penalties_of_every_kein_stich_trick_deal_add_up_to_the_contract_total():
    # 4 players, 32 cards: 8 tricks × 5 = 40; 8 Hearts × 5 = 40; 4 Obers × 10 = 40; the King of Hearts 40.
    # 3 players, 24 cards: 8 tricks × 5 = 40; 6 Hearts × 5 = 30.
    for contract, players, total in [("no-tricks", 4, 40), ("no-hearts", 4, 40), ("no-obers", 4, 40),
                                     ("no-max", 4, 40), ("no-tricks", 3, 40), ("no-hearts", 3, 30)]:
        for bots in ("random", "heuristic"):
            f = simulate(contract, 15, players=players, bots=bots, seed=2)
            assert (f.groupby("deal")["score"].sum() == total).all(), (contract, players, bots)
            assert (f.groupby("deal")["tricks"].sum() == 8).all()


def test_the_lone_domino_deal_pays_out_the_standard_pot_by_place():
    # No pot has been filled in a lone lay-off deal: it pays out what the four trick deals of a standard
    # partie put in, 160 with 4 players and 32 cards, as 100 / 50 / 10 / 0 by place (docs/rules.md §2.7).
    f = simulate("domino", 6, bots="random", seed=3)
    assert f["tricks"].isna().all() and f["unit"].eq("pfennig").all()
    for _, rows in f.groupby("deal"):
        assert sorted(rows["place"]) == [1, 2, 3, 4]
        assert {int(p): int(s) for p, s in zip(rows["place"], rows["score"], strict=True)} == {
            1: -100, 2: -50, 3: -10, 4: 0}
    # a pot of 120 (King Louis) pays 75 / 40 / 5 / 0
    g = simulate("domino", 2, bots="heuristic", pot=120)
    assert sorted(int(x) for x in g[g["deal"] == 0]["score"]) == [-75, -40, -5, 0]
    d = DominoDeal.from_seed("german-32", 4, deal_seed(0, 1), DOMINO)
    play_deal(d, [HeuristicBot(pack="german-32")] * 4)
    places = g[g["deal"] == 1].sort_values("seat")["place"]
    assert [d.finish_order.index(s) + 1 for s in range(4)] == list(places)


def test_herzeln_deals_score_points():
    f = simulate("tricks", 5, game="herzeln", bots="random", seed=1)  # short id of herzeln-tricks
    assert set(f["contract"]) == {"herzeln-tricks"} and set(f["unit"]) == {"points"}
    assert set(f["pack"]) == {"french-32"}
    assert (f.groupby("deal")["score"].sum() == 80).all()  # 8 tricks × 10 points
    g = simulate("herzeln-domino", 4, game="herzeln", players=3, bots="heuristic")
    assert set(g["pack"]) == {"french-24"}
    for _, rows in g.groupby("deal"):
        assert {int(p): int(s) for p, s in zip(rows["place"], rows["score"], strict=True)} == {1: 0, 2: -10, 3: -20}


def test_herzblatt_whole_deals_settle_zero_sum_with_roles():
    f = simulate("herzblatt", 12, game="herzblatt", players=3, bots="heuristic,random,random", seed=4)
    assert {"role", "card_points"} <= set(f.columns) and set(f["unit"]) == {"stakes"}
    assert (f.groupby("deal")["score"].sum() == 0).all()
    played = f[f["role"] != "redeal"]
    assert len(played)
    for _, rows in played.groupby("deal"):
        assert list(rows["role"]).count("soloist") == 1
        assert int(rows["card_points"].sum()) == 120  # every card point, the skat laid away included
        assert int(rows["tricks"].sum()) == 8  # french-26 less a skat of 2: 24 cards, 8 tricks
        solo = rows[rows["role"] == "soloist"]
        assert int(solo["score"].iloc[0]) == -2 * int(rows[rows["role"] == "defender"]["score"].iloc[0])



def test_a_frame_reads_the_same_in_every_language():
    """The roles are ids ("soloist", "defender", "redeal"), not words: code that keys on them runs in German too,
    and the same seed gives the same frame (role_word says them where a person reads them)."""
    from keinstich.i18n import use_language
    from keinstich.wording.names import role_word

    english = simulate("herzblatt", 6, game="herzblatt", players=3, bots="heuristic", seed=4)
    with use_language("de"):
        german = simulate("herzblatt", 6, game="herzblatt", players=3, bots="heuristic", seed=4)
        assert [role_word(r) for r in ("soloist", "defender", "redeal")] == ["Spieler", "Gegenspieler", "neu geben"]
    assert set(english["role"]) <= {"soloist", "defender", "redeal"} and "soloist" in set(english["role"])
    assert german.equals(english)

def test_a_contract_of_your_own():
    no_diamonds = Contract("no-diamonds", "No Diamonds", (PerCard(5, suit="D"),))
    f = simulate(no_diamonds, 5, bots="random")
    assert set(f["contract"]) == {"no-diamonds"}
    assert (f.groupby("deal")["score"].sum() == 40).all()


# --- duplicate tournaments ------------------------------------------------------------------------


def test_tournament_rotation_puts_every_bot_in_every_seat_with_the_same_cards():
    t = tournament(["heuristic", "random"], "no-tricks", deals=3, seed=9)
    assert sorted(set(t["rotation"])) == [0, 1]  # heuristic,random,heuristic,random: two seatings
    assert len(t) == 3 * 2 * 4
    for deal, rows in t.groupby("deal"):
        assert set(zip(rows["seat"], rows["bot"], strict=True)) == {(s, b) for s in range(4)
                                                                      for b in ("heuristic", "random")}
        assert set(rows["seed"]) == {deal_seed(9, deal)}
        assert (rows.groupby("rotation")["score"].sum() == 40).all()
    r1 = t[(t["deal"] == 0) & (t["rotation"] == 1)].sort_values("seat")
    assert list(r1["bot"]) == ["random", "heuristic", "random", "heuristic"]
    a = one_deal("no-tricks", 0, bots="heuristic,random,heuristic,random", seed=9, rotation=0)
    b = one_deal("no-tricks", 0, bots="heuristic,random,heuristic,random", seed=9, rotation=1)
    assert a.dealt == b.dealt and a.plays != b.plays
    assert list(r1["score"]) == list(b.scores())
    # rotation 0 is simulate with the filled lineup
    s = simulate("no-tricks", 3, bots="heuristic,random,heuristic,random", seed=9)
    r0 = t[t["rotation"] == 0].drop(columns="rotation").reset_index(drop=True)
    pd.testing.assert_frame_equal(r0, s, check_like=False)


def test_a_lineup_of_three_in_four_seats_takes_four_rotations():
    t = tournament("heuristic,random,heuristic", "no-hearts", deals=2, seed=1)
    # heuristic,random,heuristic,heuristic repeats only after four seats
    assert sorted(set(t["rotation"])) == [0, 1, 2, 3]
    for _, rows in t.groupby("deal"):
        assert set(rows[rows["bot"] == "random"]["seat"]) == {0, 1, 2, 3}


def test_summarize_by_hand():
    # Bot a: deal 0 seats pay 10 and 20 (mean 15), deal 1 pay 0 and 10 (mean 5): mean 10, sd √50,
    # 95% CI 10 ± 12.706·√50/√2 = 10 ± 63.53 (Student's t, 1 degree of freedom).
    rows = [(0, "a", 10), (0, "a", 20), (0, "b", 5), (0, "b", 5), (1, "a", 0), (1, "a", 10), (1, "b", 15),
            (1, "b", 15)]
    frame = pd.DataFrame([{"deal": d, "bot": b, "score": x, "unit": "pfennig"} for d, b, x in rows])
    s = summarize(frame).set_index("bot")
    assert list(s.index) == ["a", "b"]
    assert s.loc["a", "deals"] == 2 and s.loc["a", "mean"] == 10
    assert s.loc["a", "ci_low"] == pytest.approx(10 - 63.53, abs=0.01)
    assert s.loc["a", "ci_high"] == pytest.approx(10 + 63.53, abs=0.01)
    assert s.loc["b", "mean"] == 10 and s.loc["b", "sd"] == pytest.approx(math.sqrt(50))
    assert t975(1) == 12.706 and t975(200) == pytest.approx(1.972, abs=0.001)
    one = summarize(frame[frame["deal"] == 0])
    assert math.isnan(one["ci_low"].iloc[0])


def test_the_heuristic_beats_random_in_a_small_tournament():
    s = summarize(tournament("heuristic,random", "no-tricks", deals=60, seed=3)).set_index("bot")
    assert s.loc["heuristic", "ci_high"] < s.loc["random", "ci_low"]


# --- parties --------------------------------------------------------------------------------------


def test_partie_rows_follow_the_pot():
    f = simulate_partie("standard", 2, bots="heuristic,random,random,random", seed=1)
    assert len(f) == 2 * 5 * 4
    for _, rows in f.groupby("partie"):
        # the pot after each deal: 40 per trick deal (4 players, 32 cards), emptied by the lay-off deal
        assert list(rows.groupby("deal_no")["pot"].first()) == [40, 80, 120, 160, 0]
        assert list(rows.groupby("deal_no")["contract"].first()) == ["no-tricks", "no-hearts", "no-obers",
                                                                     "no-max", "domino"]
        last = rows[rows["deal_no"] == 5]
        assert int(last["net"].sum()) == 0 and sorted(last["received"]) == [0, 10, 50, 100]
        for _, seat in rows.groupby("seat"):
            assert list(seat["net"]) == list((seat["received"] - seat["paid"]).cumsum())
        assert list(rows[rows["deal_no"] == 1]["dealer"]) == [0] * 4
    s = summarize(f, by="seat")
    assert list(s["parties"]) == [2, 2, 2, 2]


def test_herzeln_and_herzblatt_parties():
    h = simulate_partie("herzeln-3", 1, game="herzeln", bots="random", seed=2)
    assert len(h) == 8 * 3 and h["pot"].isna().all() and set(h["unit"]) == {"points"}
    totals = h[h["deal_no"] == 8].sort_values("seat")["net"]
    assert list(totals) == list(h.groupby("seat")["score"].sum())
    b = simulate_partie("herzblatt-4", 1, game="herzblatt", bots="heuristic", seed=2)
    assert len(b) == 4 * 4 and int(b[b["deal_no"] == 4]["net"].sum()) == 0


# --- determinism, workers, executors, cancel, progress --------------------------------------------


def test_the_same_seed_gives_the_same_frame_for_any_workers_executor_and_chunk_size():
    args = dict(bots="heuristic,random,random,heuristic", seed=11)
    one = simulate("no-hearts", 40, **args)
    two = simulate("no-hearts", 40, workers=2, **args)
    with ThreadPoolExecutor(3) as ex:
        threads = simulate("no-hearts", 40, executor=ex, chunk_size=3, **args)
    small = simulate("no-hearts", 40, chunk_size=7, **args)
    for other in (two, threads, small):
        pd.testing.assert_frame_equal(one, other)
    assert not one.equals(simulate("no-hearts", 40, bots=args["bots"], seed=12))
    t1 = tournament("heuristic,random", "no-max", 10, seed=4)
    t2 = tournament("heuristic,random", "no-max", 10, seed=4, workers=2, chunk_size=3)
    pd.testing.assert_frame_equal(t1, t2)
    p1 = simulate_partie("king-louis", 3, bots="random", seed=4)
    p2 = simulate_partie("king-louis", 3, bots="random", seed=4, workers=2, chunk_size=1)
    pd.testing.assert_frame_equal(p1, p2)


def test_a_picklable_factory_runs_in_worker_processes():
    f = simulate("no-hearts", 6, bots=cautious, workers=2, seed=1)
    g = simulate("no-hearts", 6, bots="heuristic", seed=1)
    assert set(f["bot"]) == {"cautious"}
    assert list(f["score"]) == list(g["score"])


def test_cancel_returns_the_finished_prefix():
    polls = []

    def cancel():
        polls.append(1)
        return len(polls) > 3

    full = simulate("no-tricks", 400, bots="random", seed=6, chunk_size=5)
    f = simulate("no-tricks", 100, bots="random", seed=6, chunk_size=5, cancel=cancel)
    assert f.attrs["cancelled"] is True
    assert list(f["deal"].unique()) == list(range(15))  # three chunks of five deals before the fourth poll
    pd.testing.assert_frame_equal(f, full.iloc[:60])
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done >= 20:
            stop.set()

    with ThreadPoolExecutor(2) as ex:
        g = simulate("no-tricks", 400, bots="random", seed=6, chunk_size=5, executor=ex, cancel=stop.is_set,
                     progress=progress)
    assert g.attrs["cancelled"] is True
    deals = sorted(g["deal"].unique())
    assert deals == list(range(len(deals))) and 0 < len(deals) < 400
    assert list(g["score"]) == list(full["score"].iloc[:len(g)])
    assert all(t == 400 for _, t in seen) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_progress_callback_and_bar():
    seen = []
    simulate("no-hearts", 12, bots="random", chunk_size=5, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(5, 12), (10, 12), (12, 12)]


def test_the_text_bar_redraws_one_line_and_ends_on_a_line_without_times():
    from keinstich.sim.pool import TextBar

    out = io.StringIO()
    bar = TextBar(4, "no-hearts", "deal", out, interval=0)
    bar.update(1)
    bar.update(3)
    bar.close()
    drawings = out.getvalue().split("\r")[1:]
    assert drawings[0].rstrip() == "no-hearts [....................] 0/4 deals"
    assert drawings[1].startswith("no-hearts [#####...............] 1/4 deals, about ")
    assert drawings[-1].endswith("\n")
    assert drawings[-1].rstrip() == "no-hearts [####################] 4/4 deals, done"  # what a notebook keeps
    # every drawing as wide as the others: overwriting one in place leaves nothing of a longer one behind
    assert len({len(d.rstrip("\n")) for d in drawings}) == 1


def test_the_engine_path_imports_no_jupyter_and_the_bar_goes_to_stderr_outside_a_notebook():
    code = ("import sys\nfrom keinstich.sim.simulation import simulate\nfrom keinstich.sim import charts\n"
            "f = simulate('no-hearts', 60, bots='random', progress=True)\n"
            "charts.penalty_distribution(f).savefig(__import__('io').BytesIO())\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'ipykernel')"
            " or m in ('tqdm.auto', 'tqdm.notebook', 'matplotlib.pyplot')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
    assert "/60" in proc.stderr and "deal" in proc.stderr


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "words"), [
    (lambda: simulate("no-heart", 5), ["unknown kein-stich contract 'no-heart'", "no-hearts", "domino"]),
    (lambda: simulate("herzeln-tricks", 5), ["game='herzeln'"]),
    (lambda: simulate("no-hearts", 5, game="skat"), ["unknown game 'skat'", "herzblatt"]),
    (lambda: simulate("no-hearts", 5, bots="minimax"), ["unknown bot 'minimax'", "random", "heuristic",
                                                        "montecarlo", "samples"]),
    (lambda: simulate("no-hearts", 5, bots="montecarlo:samplez=3"), ["unknown option 'samplez=3'", "samples=N"]),
    (lambda: simulate("no-hearts", 5, bots="montecarlo:samples=0"), ["samples must be 1 or more"]),
    (lambda: simulate("no-hearts", 5, bots="montecarlo:samples=many"), ["needs a whole number"]),
    (lambda: simulate("no-hearts", 5, bots="heuristic:depth=2"), ["takes no options"]),
    (lambda: simulate("no-hearts", 5, bots="heuristic,random"), ["one per seat (4), not 2"]),
    (lambda: simulate("no-hearts", 0), ["deals must be a whole number of 1 or more, not 0"]),
    (lambda: simulate("no-hearts", 5, workers=0), ["workers must be"]),
    (lambda: simulate("no-hearts", 5, players=7, pack="german-24"), ["among 7 players", "2, 3, 4, 6, 8, 12"]),
    (lambda: simulate("no-hearts", 5, players=7), ["3 to 6 players", "german-32"]),
    (lambda: simulate("no-hearts", 5, game="herzeln", players=5), ["Herzeln is for 3 or 4 players"]),
    (lambda: simulate("herzblatt", 5, game="herzblatt", players=6), ["Herzblatt is for 2 to 5 players"]),
    (lambda: simulate("no-hearts", 5, pot=100), ["pot= is for a lay-off deal"]),
    (lambda: simulate("domino", 5, pot=33), ["units of 5"]),
    (lambda: simulate("no-hearts", 5, bots=lambda seed: HeuristicBot(), workers=2), ["not picklable",
                                                                                    "module level"]),
    (lambda: simulate("no-hearts", 5, bots=lambda seed: 42), ["not a bot"]),
    (lambda: simulate("no-hearts", 5, bots=HeuristicBot()), ["not a bot object", "a factory"]),
    (lambda: simulate("domino", 5, players=3, pack="french-52-minus-JC"), ["cannot deal domino", "JC"]),
    (lambda: simulate("herzblatt", 5, game="herzblatt", pack="french-32"), ["uses french-32-minus-7H-7D"]),
    (lambda: tournament("heuristic,random,random,random,heuristic", "no-hearts", 5), ["1 to 4 bots"]),
    (lambda: simulate_partie("royal", 2), ["unknown preset 'royal'", "standard"]),
])
def test_refusals_say_what_is_accepted(call, words):
    with pytest.raises(SimulationError) as info:
        call()
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value)


def test_bot_specs():
    assert set(BOT_KINDS) == {"random", "heuristic", "montecarlo"}
    assert parse_lineup("heuristic, montecarlo:samples=40,exact_tricks=2,random") == [
        "heuristic", "montecarlo:samples=40,exact_tricks=2", "random"]
    bot = make_bot("montecarlo:samples=40,exact_tricks=2", 1)
    assert (bot.samples, bot.exact_tricks) == (40, 2)
    assert isinstance(make_bot("random", 3), RandomBot)
    assert make_bot("montecarlo:play_for=points", 1).play_for == "points"
    with pytest.raises(SimulationError, match="play_for must be stake or points, not 'money'"):
        make_bot("montecarlo:play_for=money")
    f = simulate("no-hearts", 1, bots="Heuristic,random,montecarlo:samples=2,exact_tricks=1,random")
    assert list(f["bot"]) == ["heuristic", "random", "montecarlo:samples=2,exact_tricks=1", "random"]
    assert mask_of(c for h in one_deal("no-hearts", 0).dealt for c in h).bit_count() == 32
    assert NO_TRICKS.id == "no-tricks" and NO_OBERS.total("german-32", 4) == 40
