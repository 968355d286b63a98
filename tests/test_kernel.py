"""The kernel against the reference engine, deal by deal (docs/rules.md §2, §4).

The kernel (:mod:`keinstich.kernel`) plays out deals as the trick machine's own loop plays them card by
card, the heuristic's play-outs as the same choices made card by card, and the exact search as the search
it replaced (tests/reference_search.py, written independently). Every game and contract of the registry is
dealt from seeds and compared: the cards at every step, the winners and the scores of random and heuristic
play-outs (and the random numbers they use), the solver's values, and the Monte Carlo bot's choices. The
last test runs the same source as plain Python (``KEINSTICH_JIT=0``), the fallback for a machine without
numba.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import reference_search

import keinstich.bots.montecarlo as montecarlo
from keinstich.bots import HeuristicBot
from keinstich.bots.base import objective
from keinstich.bots.heuristic import _python_playout, heuristic_playout
from keinstich.bots.knowledge import exclusions
from keinstich.bots.montecarlo import MonteCarloBot
from keinstich.bots.search import TrickSearch
from keinstich.bots.solver import solve
from keinstich.bots.tables import tables
from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_TRICKS
from keinstich.deal import Deal
from keinstich.games import GAMES
from keinstich.kernel.jit import JIT
from keinstich.tricks import TrickDeal

ROOT = Path(__file__).resolve().parent.parent

# every trick contract of every game (the lay-off deals have no tricks), plus the variant rules
VARIANTS = [NO_HEARTS.with_rules(no_lead="H"), NO_MAX.with_rules(forced_discard="KH"),
            NO_HEARTS.with_rules(stop_when_decided=True), NO_TRICKS.with_march(),
            KEIN_STICH_CONTRACTS["power"].with_march().with_rules(stop_when_decided=True)]


def _setups() -> list[tuple[str, object, int]]:
    out: list[tuple[str, object, int]] = []
    for g in GAMES.values():
        for players in g.player_counts:
            if players not in (3, 4, 5):
                continue
            for cid in g.contracts(players):
                try:
                    deal = g.deal(cid, 0, players=players)
                except ValueError:  # a preset made for other player counts
                    continue
                if deal.trick_deal is not None or deal.phase == "asking":  # Herzblatt plays after asking
                    out.append((g.id, cid, players))
    out += [("kein-stich", c, 4) for c in VARIANTS]
    return out


SETUPS = _setups()


def _ids(setup: tuple[str, object, int]) -> str:
    gid, c, players = setup
    return f"{gid}-{getattr(c, 'id', c)}-{players}p" + ("-variant" if not isinstance(c, str) else "")


def _card_play(gid: str, contract: object, players: int, seed: int) -> tuple[Deal, TrickDeal]:
    """A seeded deal brought to its card play (Herzblatt's asking and discards by the heuristic bot; a
    Herzblatt deal everybody passes is skipped for the next seed)."""
    g = GAMES[gid]
    bot = HeuristicBot()
    for s in range(seed, seed + 1000, 1):
        deal = g.deal(contract, s * 1009 + seed if s > seed else seed, players=players)
        while deal.trick_deal is None and not deal.is_over:
            deal.play(bot.decide(deal.observation(deal.turn)).move)  # type: ignore[arg-type]
        td = deal.trick_deal
        if td is not None:
            return deal, td
    raise AssertionError(f"no card play in 1000 deals of {contract}")


def _soloist(deal: Deal) -> int | None:
    return getattr(deal.observation(0), "soloist", None)


def _same_deal(a: TrickDeal, b: TrickDeal) -> None:
    assert [(t.leader, t.cards, t.winner) for t in a.tricks] == [(t.leader, t.cards, t.winner) for t in b.tricks]
    assert a.scores() == b.scores() and a.tricks_won() == b.tricks_won()
    assert a.hands == b.hands and a.is_over and b.is_over
    assert [a.voids(s) for s in range(a.players)] == [b.voids(s) for s in range(b.players)]


@pytest.mark.parametrize("setup", SETUPS, ids=_ids)
def test_random_playouts_play_the_trick_machine_card_for_card(setup: tuple[str, object, int]) -> None:
    """``playout`` in the kernel: the same cards, tricks, scores and voids as the machine's own loop,
    and the same random numbers taken (including a deal that ends early)."""
    gid, contract, players = setup
    for seed in range(60):
        _, td = _card_play(gid, contract, players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 3 * players)):  # from the start and from inside the play
            td.play(td.legal()[rng.randrange(len(td.legal()))])
        a, b = td.copy(), td.copy()
        ra, rb = random.Random(seed), random.Random(seed)
        assert a.playout(ra) == b._python_playout(rb)
        _same_deal(a, b)
        assert ra.random() == rb.random()


@pytest.mark.parametrize("setup", SETUPS, ids=_ids)
def test_heuristic_playouts_make_the_bots_choices(setup: tuple[str, object, int]) -> None:
    """The heuristic's play-out in the kernel against the same choices made card by card through ``play()``
    outside the kernel (what it knows of each seat kept there), from many points."""
    gid, contract, players = setup
    for seed in range(60):
        deal, td = _card_play(gid, contract, players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 4 * players)):
            if td.is_over:
                break
            td.play(td.legal()[rng.randrange(len(td.legal()))])
        soloist = _soloist(deal)
        a, b = td.copy(), td.copy()
        tb = tables(b.contract, b.rules, b.total_tricks)
        known = exclusions(b.observation(0)) if b.rules.trump is not None else [
            sum(1 << s for s in b.voids(p)) for p in range(b.players)]
        assert heuristic_playout(a, soloist) == _python_playout(b, tb, known, soloist)
        _same_deal(a, b)


def test_the_kernel_plays_only_legal_cards_and_the_machine_agrees_at_every_step() -> None:
    """Every card of a kernel play-out, replayed through ``play()`` (which refuses illegal cards), gives
    the same deal: so every kernel card was legal, and the winners and scores are the machine's."""
    for gid, contract, players in SETUPS:
        for seed in range(10):
            _, td = _card_play(gid, contract, players, seed)
            done = td.copy()
            done.playout(random.Random(seed))
            replay = td.copy()
            for t in done.tricks[len(td.tricks):]:
                for _, c in t.plays()[len(replay.trick):]:
                    replay.play(c)
            _same_deal(done, replay)


def _values(search: object, td: TrickDeal) -> dict[str, int]:
    return {c.code: search.after(td, c) for c, _ in search.candidates(td)}  # type: ignore[attr-defined]


@pytest.mark.parametrize("setup", SETUPS, ids=_ids)
def test_solver_values_equal_the_reference_search(setup: tuple[str, object, int]) -> None:
    """Every candidate's exact value, from positions with a few tricks left and from inside a trick."""
    gid, contract, players = setup
    for seed in range(12):
        deal, td = _card_play(gid, contract, players, seed)
        rng = random.Random(seed)
        left = rng.randrange(2, 5)
        while not td.is_over and len(td.hand(td.turn)) > left:  # type: ignore[arg-type]
            td.play(td.legal()[rng.randrange(len(td.legal()))])
        for _ in range(rng.randrange(0, players)):
            if not td.is_over:
                td.play(td.legal()[rng.randrange(len(td.legal()))])
        if td.is_over:
            continue
        obj = objective(deal.observation(td.turn))  # type: ignore[arg-type]
        kernel = TrickSearch(td, obj.side, obj.sign)
        reference = reference_search.TrickSearch(td, obj.side, obj.sign)
        assert _values(kernel, td) == _values(reference, td)


@pytest.mark.parametrize("cid", ["power", "no-tricks", "no-first-last"])
def test_a_lone_seats_bounds_keep_the_reference_values(cid: str) -> None:
    """Positions three to five tricks from the end of 4-player Kein Stich deals, at a trick's start and inside
    it, searched for each seat: there the bounds of a lone seat's cards (it can go under every lead the others
    can make, or they can leave it every trick) settle much of the search. Every candidate's value is the
    reference search's."""
    contract = KEIN_STICH_CONTRACTS[cid]
    for seed in range(25):
        td = TrickDeal.from_seed("german-32", 4, f"lone-seat:{seed}", contract)
        rng = random.Random(seed)
        left = rng.randrange(3, 6)
        while len(td.hand(td.turn)) > left:  # type: ignore[arg-type]
            td.play(td.legal()[rng.randrange(len(td.legal()))])
        for _ in range(rng.randrange(0, 4)):
            td.play(td.legal()[rng.randrange(len(td.legal()))])
        for seat in range(4):
            obj = objective(td.observation(seat))
            kernel = TrickSearch(td, obj.side, obj.sign)
            reference = reference_search.TrickSearch(td, obj.side, obj.sign)
            assert _values(kernel, td) == _values(reference, td), (cid, seed, seat)


def test_whole_deals_are_solved_as_the_reference_solves_them() -> None:
    """Full 4-player deals of every Kein Stich contract: the same value, best card and line."""
    import keinstich.bots.solver as solver

    for contract in list(KEIN_STICH_CONTRACTS.values())[:9]:
        if contract.id.startswith("domino"):
            continue
        td = TrickDeal.from_seed("german-32", 4, 3, contract)
        for _ in range(4):
            td.play(td.legal()[0])
        kernel = solve(td)
        real = solver.TrickSearch
        try:
            solver.TrickSearch = reference_search.TrickSearch  # type: ignore[misc,assignment]
            reference = solve(td)
        finally:
            solver.TrickSearch = real  # type: ignore[misc]
        assert (kernel.value, kernel.card, kernel.line) == (reference.value, reference.card, reference.line)


def test_monte_carlo_choices_are_the_same_with_and_without_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Monte Carlo bot in the kernel (play-outs and exact endgames) against its Python loop: the same
    card and the same reason, in every game (Herzblatt played for the stake)."""
    rng = random.Random(7)
    checked = 0
    for gid, contract, players in SETUPS[::3]:
        for seed in range(2):
            deal, td = _card_play(gid, contract, players, seed)
            for _ in range(rng.randrange(0, len(td.hand(0)) * players - 2)):
                if deal.is_over:
                    break
                moves = deal.legal_moves()
                deal.play(moves[rng.randrange(len(moves))])
            if deal.is_over:
                continue
            obs = deal.observation(deal.turn)  # type: ignore[arg-type]

            def choose(o: object = obs, s: int = seed) -> object:
                bot = MonteCarloBot(s, samples=40)
                return bot.decide(o)  # type: ignore[arg-type]

            with_kernel = choose()
            monkeypatch.setattr(montecarlo, "kernel_rolls", lambda o: False)
            without = choose()
            monkeypatch.undo()
            assert with_kernel == without
            checked += 1
    assert checked > 10


FALLBACK = """
import json, random, sys
from keinstich.kernel.jit import JIT
from keinstich.bots.heuristic import heuristic_playout
from keinstich.bots.solver import solve
from keinstich.games import game
out = {"jit": JIT}
deal = game("kein-stich").deal("no-obers", 5, players=4)
td = deal.trick_deal
out["random"] = td.copy().playout(random.Random(5))
out["heuristic"] = heuristic_playout(td.copy())
for _ in range(16):
    td.play(td.legal()[0])
s = solve(td)
out["solve"] = [s.value, s.card.code, [c.code for _, c in s.line]]
print(json.dumps(out))
"""


def test_the_same_source_runs_as_plain_python_without_numba() -> None:
    """``KEINSTICH_JIT=0`` (what a machine without numba gets): the kernel's source runs as Python and
    gives the compiled kernel's results."""
    env = dict(os.environ, KEINSTICH_JIT="0", PYTHONPATH=str(ROOT))
    plain = json.loads(subprocess.run([sys.executable, "-c", FALLBACK], env=env, capture_output=True, text=True,
                                      check=True).stdout)
    assert plain.pop("jit") is False
    env["KEINSTICH_JIT"] = "1"
    compiled = json.loads(subprocess.run([sys.executable, "-c", FALLBACK], env=env, capture_output=True,
                                         text=True, check=True).stdout)
    assert compiled.pop("jit") is JIT
    assert plain == compiled


def test_the_lowest_and_highest_bit_agree_with_python_and_say_0_for_none() -> None:
    """Compiled or plain (KEINSTICH_JIT=0), the bit helpers answer alike: the kernel's choices never depend on
    whether numba is there."""
    from keinstich.kernel.bits import high_index, low_index, popcount

    assert low_index(0) == high_index(0) == popcount(0) == 0
    for x in (1, 2, 3, 1 << 31, (1 << 52) - 1, 0b1011000, (1 << 62) | 5):
        assert (low_index(x), high_index(x), popcount(x)) == \
            ((x & -x).bit_length() - 1, x.bit_length() - 1, x.bit_count())
