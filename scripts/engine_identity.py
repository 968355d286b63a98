"""Record what the engine does on seeded corpora, and compare two such records byte for byte.

A refactor below the API must leave every engine output as it was: simulation frames (with 1 and 2
workers), every bot's moves and reasons, the solver's values, the refusals and the play-outs. This
writes them as text files into a folder; ``compare`` says whether two folders agree, file by file, and
shows the first lines that differ.

    python scripts/engine_identity.py produce OUT          # about five minutes on two shared cores
    python scripts/engine_identity.py produce OUT --quick  # a smaller corpus
    python scripts/engine_identity.py compare BEFORE AFTER

To check a change: ``produce`` at the commit before it (``git worktree add``), ``produce`` after, ``compare``.
The script asks the engine only through calls that the versions it compares all offer.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from keinstich.games import GAMES

# --- what differs between the versions compared: ask through these, never directly -----------------


def bot_answer(bot: Any, obs: Any) -> tuple[Any, str]:
    """A bot's move and reason on an observation, by whichever entry point the version has."""
    if not hasattr(bot, "explain"):  # one entry point: observation in, move and reason out
        answer = bot.decide(obs)
        return answer.move, str(answer.reason)
    if getattr(obs, "kind", None) == "herzblatt":
        from keinstich.bots.herzblatt import herzblatt_move

        d = bot.decide(obs)
        return herzblatt_move(obs, d), d.reason
    ch = bot.explain(obs)
    return ch.card, ch.reason


def move_text(m: Any) -> str:
    """A move as the corpus writes it: a card's code, "pass", or a call's words (the same in every version)."""
    return "pass" if m is None else str(m)


def refusal_text(deal: Any, move: Any, seat: int | None, *, you: bool = False, style: str | None = None) -> str:
    """``why_illegal``'s sentence (the engine's, or said to the learner with ``you``) in either version."""
    try:
        from keinstich.wording import refusal_words
    except ImportError:
        kw: dict[str, Any] = {"you": you}
        if style is not None:
            kw["style"] = style
        return str(deal.why_illegal(move, seat, **kw))
    why = deal.why_illegal(move, seat)
    if why is None:
        return "None"
    if not you and style is None:
        return str(why)
    return refusal_words(why, you=you, style=style or deal_style(deal))


def deal_style(deal: Any) -> str:
    return str(getattr(deal, "style", None) or "french")


def make_bot(spec: str, seed: int) -> Any:
    try:
        from keinstich.bots.registry import make_bot as mk
    except ImportError:
        from keinstich.sim.bot_specs import make_bot as mk
    return mk(spec, seed)


# --- the corpora ------------------------------------------------------------------------------------


def variants() -> list[tuple[str, Any, int]]:
    """Kein Stich contracts under the rule variants (a banned lead, a forced discard, the early end, the March)."""
    from keinstich.contracts import KEIN_STICH_CONTRACTS, NO_HEARTS, NO_MAX, NO_TRICKS

    return [("kein-stich", c, 4) for c in (
        NO_HEARTS.with_rules(no_lead="H"), NO_MAX.with_rules(forced_discard="KH"),
        NO_HEARTS.with_rules(stop_when_decided=True), NO_TRICKS.with_march(),
        KEIN_STICH_CONTRACTS["power"].with_march().with_rules(stop_when_decided=True))]


def setups(quick: bool) -> list[tuple[str, Any, int]]:
    """Every contract of every game at the player counts it offers (3 to 5), and the variants."""
    out: list[tuple[str, Any, int]] = []
    for g in GAMES.values():
        for players in g.player_counts:
            if players not in ((4,) if quick else (3, 4, 5)):
                continue
            for cid in g.contracts(players):
                try:
                    g.deal(cid, 0, players=players)
                except ValueError:
                    continue
                out.append((g.id, cid, players))
    return out + variants()


def name(contract: Any) -> str:
    if isinstance(contract, str):
        return contract
    return f"{contract.id}[{contract.rules!r} march={getattr(contract, 'march', None)}]"


def frames(quick: bool) -> Iterator[tuple[str, str]]:
    from keinstich.sim import simulate, tournament

    jobs = [
        ("kein-stich", "no-hearts", "heuristic", 300), ("kein-stich", "no-max", "random", 300),
        ("kein-stich", "black-pig", "heuristic,random,heuristic,random", 200),
        ("kein-stich", "power", "heuristic", 200), ("kein-stich", "no-tricks", "heuristic", 200),
        ("kein-stich", "domino", "heuristic", 100), ("kein-stich", "domino", "random", 100),
        ("kein-stich", "domino-any", "heuristic,random,random,heuristic", 60),
        ("herzeln", "herzeln-tricks", "heuristic", 200),
        ("herzeln", "herzeln-domino", "heuristic,random,heuristic,random", 80),
        ("herzeln", "herzeln-no-queens", "random", 150),
        ("herzblatt", "herzblatt-4", "heuristic", 200),
        ("herzblatt", "herzblatt-4-muhr", "heuristic,random,heuristic,random", 150),
        ("herzblatt", "herzblatt-4-no-trump-duty", "heuristic", 150),
        ("herzblatt", "herzblatt-3-keep-trumps", "heuristic", 150),
        ("herzblatt", "herzblatt-4", "random", 150),
        ("kein-stich", "no-hearts", "montecarlo:samples=6,heuristic,heuristic,heuristic", 8),
        ("herzblatt", "herzblatt-4", "montecarlo:samples=6,heuristic,heuristic,heuristic", 6),
    ]
    for game, contract, bots, deals in jobs:
        deals = max(2, deals // 4) if quick else deals
        for workers in (1, 2):
            players = 3 if contract.startswith("herzblatt-3") else None
            f = simulate(contract, deals=deals, game=game, players=players, bots=bots, seed=23, workers=workers)
            yield f"frame {game} {contract} {bots} workers={workers}", f.to_csv(index=False)
    t = tournament("heuristic,random", "no-obers", deals=40 if quick else 150, seed=5)
    yield "tournament no-obers heuristic,random", t.to_csv(index=False)


def bot_games(quick: bool) -> Iterator[str]:
    """Every bot in every seat of seeded deals of every setup: each move with its reason, and at each
    position the refusal of every card the mover holds that may not be played."""
    kinds = [("random", 4), ("heuristic", 6), ("montecarlo:samples=6,exact_tricks=2", 2)]
    for gid, cid, players in setups(quick):
        g = GAMES[gid]
        for spec, seeds in kinds:
            if quick:
                seeds = 1
            for seed in range(seeds):
                deal = g.deal(cid, seed * 7 + 1, players=players)
                bots = [make_bot(spec, 1000 * seed + s) for s in range(players)]
                yield f"## {gid} {name(cid)} {players}p {spec} seed {seed}"
                steps = 0
                while not deal.over and steps < 400:
                    seat = deal.turn
                    obs = deal.observation(seat)
                    move, reason = bot_answer(bots[seat], obs)
                    if spec != "random" or steps % 3 == 0:
                        for c in deal.hand(seat):
                            why = refusal_text(deal, c, seat)
                            if why != "None":
                                yield f"  refuse {c.code}: {why}"
                    yield f"{seat}: {move_text(move)} | {reason}"
                    deal.play(move, seat)
                    steps += 1
                yield f"result {deal.result()}"


def solver_values(quick: bool) -> Iterator[str]:
    from keinstich.bots.solver import card_values, solve

    for gid, cid, players in setups(True):
        g = GAMES[gid]
        for seed in range(1 if quick else 4):
            deal = g.deal(cid, seed + 11, players=players)
            rng = random.Random(seed)
            heur = [make_bot("heuristic", s) for s in range(players)]
            # bring the deal to its card play, then to a few tricks before the end
            while not deal.over and (deal.trick_deal is None or deal.phase not in ("play", "lay")):
                deal.play(bot_answer(heur[deal.turn], deal.observation(deal.turn))[0], deal.turn)
            if deal.over:
                continue
            lay = deal.phase == "lay"
            left = (12 if lay else 5 * players) - (seed % 2) * (2 if lay else players)
            while not deal.over and sum(len(deal.hand(s)) for s in range(players)) > left:
                moves = deal.legal_moves()
                deal.play(moves[int(rng.random() * len(moves))], deal.turn)
            if deal.over:
                continue
            values = card_values(deal)
            shown = ", ".join(f"{move_text(m)}={v}" for m, v in sorted(values.items(), key=lambda kv: move_text(kv[0])))
            yield f"{gid} {name(cid)} {players}p seed {seed}: {shown}"
            sol = solve(deal)
            yield f"  solve: {sol.value} {move_text(getattr(sol, 'move', None) or getattr(sol, 'card', None))}"


def playouts(quick: bool) -> Iterator[str]:
    from keinstich.bots.heuristic import heuristic_playout

    for gid, cid, players in setups(quick):
        g = GAMES[gid]
        for seed in range(3):
            deal = g.deal(cid, seed + 101, players=players)
            td = deal.trick_deal
            if td is None:
                if deal.phase == "lay":
                    d = deal.copy()
                    yield f"{gid} {name(cid)} {players}p seed {seed} lay random: {d.playout(random.Random(seed))}"
                continue
            for k in (0, players + 1):
                a = td.copy()
                rng = random.Random(seed)
                for _ in range(k):
                    a.play(a.legal()[int(rng.random() * len(a.legal()))])
                b = a.copy()
                yield (f"{gid} {name(cid)} {players}p seed {seed} after {k}: random {a.playout(random.Random(seed))} "
                       f"{[str(t) for t in a.tricks][-1:]} heuristic {heuristic_playout(b)} "
                       f"{[str(t) for t in b.tricks][-1:]}")


def learner_refusals(quick: bool) -> Iterator[str]:
    """Refusals said to the learner ("you must follow ...") in both faces, along random deals."""
    for gid, cid, players in setups(True):
        g = GAMES[gid]
        for style in ("french", "german"):
            deal = g.deal(cid, 3, players=players)
            rng = random.Random(7)
            steps = 0
            while not deal.over and steps < (20 if quick else 60):
                seat = deal.turn
                for c in deal.hand(seat):
                    why = refusal_text(deal, c, seat, you=True, style=style)
                    if why != "None":
                        yield f"{gid} {name(cid)} {style} {c.code}: {why}"
                other = (seat + 1) % players
                if deal.hand(other):
                    why = refusal_text(deal, deal.hand(other)[0], other, you=True, style=style)
                    yield f"{gid} {name(cid)} {style} out of turn: {why}"
                moves = deal.legal_moves()
                deal.play(moves[int(rng.random() * len(moves))], seat)
                steps += 1


SECTIONS: dict[str, Callable[[bool], Iterator[Any]]] = {
    "bots": bot_games, "solver": solver_values, "playouts": playouts, "refusals": learner_refusals,
}


def produce(out: Path, quick: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SECTIONS.items():
        (out / f"{name}.txt").write_text("\n".join(make(quick)) + "\n")
        print(f"wrote {name}", flush=True)
    lines = []
    for title, text in frames(quick):
        lines.append(f"### {title}\n{text}")
    (out / "frames.txt").write_text("".join(lines))
    print("wrote frames", flush=True)


def compare(a: Path, b: Path) -> int:
    bad = 0
    for f in sorted(a.glob("*.txt")):
        g = b / f.name
        if not g.exists():
            print(f"{f.name}: missing in {b}")
            bad += 1
            continue
        x, y = f.read_text(), g.read_text()
        if x == y:
            print(f"{f.name}: identical ({len(x.splitlines())} lines, {len(x)} bytes)")
            continue
        bad += 1
        print(f"{f.name}: DIFFERS")
        diff = difflib.unified_diff(x.splitlines(), y.splitlines(), str(f), str(g), lineterm="", n=1)
        for i, line in enumerate(diff):
            if i > 40:
                print("  ...")
                break
            print("  " + line)
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("produce")
    p.add_argument("out", type=Path)
    p.add_argument("--quick", action="store_true")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.cmd == "produce":
        produce(args.out, args.quick)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
