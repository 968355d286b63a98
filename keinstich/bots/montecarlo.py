"""Perfect-information Monte Carlo: guess the hidden hands, play each card out, keep the best on average.

:class:`MonteCarloBot` is handed one seat's observation like every bot. For each decision it deals
the cards it has not seen to the other seats many times over (:class:`~keinstich.bots.sampler.HandSampler`),
each time consistently with everything the seat has seen (:class:`~keinstich.bots.knowledge.Knowledge`):
the hand sizes, the suits a seat has shown it lacks, what the must-trump duties reveal, passes in the
lay-off deal, and in Herzblatt its own discards (a defender's unseen cards include the two the soloist
laid away). Every legal card (one per class of equivalent cards) is then played out in every sampled
deal by the heuristic bots, and the card with the best average value for the seat's side is chosen.
When few tricks remain the play-outs are replaced by the exact search (:mod:`keinstich.bots.search`),
and when the possible deals are few they are all enumerated instead of sampled, so the bot is exact
at the end of a deal.

In Herzblatt the value is the seat's stake from the settlement, not its side's card points
(:mod:`keinstich.bots.stakes`): the step from 65 to 66 points is a whole game, a point beyond it is
nothing. Play-outs are scored by the settlement (the side's points only break ties); near the end
the exact search asks only which of the stake's steps the side reaches. Cards that fall clearly
behind are dropped, and during the play-outs their work goes to more deals for the close ones; when
the exact search has settled every card alike in each of half the sampled deals, the other half is
skipped.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from keinstich.bots.base import (
    AnyObservation,
    BotError,
    Choice,
    Objective,
    check_turn,
    objective,
)
from keinstich.bots.domino import may_pass
from keinstich.bots.herzblatt import best_discards, herzblatt_heuristic_card, herzblatt_view
from keinstich.bots.heuristic import heuristic_playout
from keinstich.bots.knowledge import Knowledge, in_play_mask, trick_knowledge
from keinstich.bots.play import BaseBot
from keinstich.bots.reasons import same_play
from keinstich.bots.rollouts import Rollouts, kernel_rolls
from keinstich.bots.sampled import DominoWorlds, TrickWorlds, draws
from keinstich.bots.sampler import HandSampler, SamplerError
from keinstich.bots.search import TrickSearch
from keinstich.bots.stakes import (
    PRUNE_DEALS,
    TIE_BREAK,
    PlayFor,
    StakeTable,
    exact_points,
    stake_ladder,
    stake_table,
    survivors,
)
from keinstich.bots.worlds import Means, MoveValues, candidates, world
from keinstich.cards import Card, Pack, cards_of, mask_of
from keinstich.deal import Ask, Kind
from keinstich.games.herzblatt import SKAT, TOTAL_POINTS, HerzblattDeal, HerzblattObservation, card_points, settle
from keinstich.i18n import _, number
from keinstich.layoff import DominoObservation
from keinstich.limits import check_flag, check_whole, quoted
from keinstich.tricks import Observation
from keinstich.wording import say

DEFAULT_SAMPLES = 160
"""Deals sampled per decision by default: at most about 0.3 s per move on a 2-core machine (4 players, 32 cards)."""


# --- the bot --------------------------------------------------------------------------------------



def _over(count: int, listing: bool, exact: bool) -> str:
    """What a Monte Carlo value was taken over: "12 sampled deals, played out", "all 6 deals that fit what you have
    seen, solved exactly"."""
    if listing:
        return (_("all {n} deals that fit what you have seen, solved exactly", n=count) if exact else
                _("all {n} deals that fit what you have seen, played out", n=count))
    return (_("{n} sampled deals, solved exactly", n=count) if exact else
            _("{n} sampled deals, played out", n=count))


class MonteCarloBot(BaseBot):
    """Perfect-information Monte Carlo: sample the hidden hands, play each card out, keep the best.

    ``samples``: deals sampled per decision (its strength; in Herzblatt's play-outs the work of
    ``samples`` deals for every card, shared out among the cards still in the running, see
    :data:`PRUNE_DEALS`); ``time_limit``: seconds per decision
    (stops sampling early; None = no limit, which keeps the bot deterministic for its seed);
    ``exact_tricks``: with this many tricks left (or fewer) each sampled deal is solved exactly
    instead of played out by the heuristic bots; ``enumerate_below``: when no more deals than this fit
    what the seat has seen, every one of them is used instead of a sample. ``pack``: the pack in play
    when it cannot be told from the observation. ``play_for``: in Herzblatt's card play, ``"stake"``
    (default) values each card by the settlement its side can expect (docs/rules.md §4.5, §4.6: reaching
    66, schneider, the stakes), ``"points"`` by the side's card points alone (for comparison: the
    extra point that reaches 66 is worth far more than one beyond it). ``names_free``: the trick play-outs break
    the heuristic's ties by what the deal says, never by a suit's name, as the coach's judgement plays them
    (:mod:`keinstich.coach.fair`); by default they break them by name, as the heuristic bot does, and so model an
    opponent that is the heuristic bot exactly.
    """

    name = "montecarlo"

    def __init__(self, seed: int | str | random.Random | None = None, *, samples: int = DEFAULT_SAMPLES,
                 time_limit: float | None = None, exact_tricks: int = 3, enumerate_below: int | None = None,
                 pack: Pack | str | None = None, play_for: PlayFor = "stake", names_free: bool = False) -> None:
        super().__init__(seed, pack=pack)
        check_whole("samples", samples, 1)
        check_whole("exact_tricks", exact_tricks, 0)
        if enumerate_below is not None:
            check_whole("enumerate_below", enumerate_below, 0)
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, int | float)
                                       or not time_limit >= 0):
            raise ValueError(f"time_limit must be a number of seconds, 0 or more (0: one sampled deal), or None, "
                             f"not {quoted(time_limit)}")
        if play_for not in ("stake", "points"):
            raise ValueError(f"play_for must be 'stake' or 'points', not {play_for!r}")
        self.play_for: PlayFor = play_for
        self.names_free = check_flag("names_free", names_free)
        self.samples = samples
        self.time_limit = time_limit
        self.exact_tricks = exact_tricks
        self.enumerate_below = samples if enumerate_below is None else enumerate_below

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples}, time_limit={self.time_limit})"

    # trick deals -------------------------------------------------------------------------------------

    def _trick(self, obs: Observation) -> Choice:
        return self._card(obs, in_play_mask(obs, self.pack), objective(obs), 0, None)

    def _herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        t = herzblatt_view(obs)[0]
        if self.play_for == "points" or obs.soloist is None:
            return self._card(t, obs.rules.pack.mask, objective(obs), mask_of(obs.discards), obs.soloist)
        return self._stake_card(obs)

    def _card(self, obs: Observation, in_play: int, obj: Objective, discards: int,
              soloist: int | None) -> Choice:
        check_turn(obs)
        if len(obs.legal) == 1:
            return Choice(obs.legal[0], _("{card} is the only card you may play", card=say(obs.legal[0])))
        cands = candidates(obs, in_play)
        if len(cands) == 1:
            c, same = cands[0]
            return Choice(c, same_play(c, same))
        m = self._trick_means(obs, in_play, obj, discards, soloist, cands)
        means, count, listing, exact = m.means, m.count, m.listing, m.exact
        order = sorted(range(len(cands)), key=lambda i: (-means[i], cands[i][0].index))
        best, second = order[0], order[1]
        c = cands[best][0]
        over = _over(count, listing, exact)
        fields = {"card": say(c), "next": say(cands[second][0]), "over": over}
        if exact:
            # the solver values the future only; the scores so far are the same for every card
            worth = number(means[best] - means[second], 1, plus=True)
            if obj.sign > 0:
                text = _("{card}: over {over}, it is worth {worth} points against the next best, {next}", worth=worth,
                         **fields)
            else:
                text = _("{card}: over {over}, it is worth {worth} pf against the next best, {next}", worth=worth,
                         **fields)
        else:
            sb, ss = number(obj.sign * means[best], 1), number(obj.sign * means[second], 1)
            if obj.sign < 0:
                text = _("{card}: over {over}, you pay {best} pf on average ({next}: {second})", best=sb, second=ss,
                         **fields)
            elif len(obj.side) > 1:
                text = _("{card}: over {over}, your side makes {best} points on average ({next}: {second})", best=sb,
                         second=ss, **fields)
            else:
                text = _("{card}: over {over}, you make {best} points on average ({next}: {second})", best=sb,
                         second=ss, **fields)
        return Choice(c, text)

    def _trick_means(self, obs: Observation, in_play: int, obj: Objective, discards: int, soloist: int | None,
                     cands: list[tuple[Card, tuple[Card, ...]]]) -> Means:
        """Each candidate card's mean value (higher is better) over the deals sampled or listed."""
        worlds = TrickWorlds(obs, [c for c, _x in cands], obj, in_play=in_play, discards=discards, soloist=soloist,
                             exact=len(obs.hand) <= self.exact_tricks, fair=self.names_free)
        n_worlds = worlds.count()
        listing = 0 <= n_worlds <= self.enumerate_below
        totals = [0.0] * len(cands)
        deals: list[list[float]] = [[] for _x in cands]
        count = 0
        t0 = time.perf_counter()
        for drawn in draws(worlds.sampler, self.rng, listing, self.samples):
            for i, v in enumerate(worlds.values(worlds.hands(drawn))):
                totals[i] += v
                deals[i].append(v)
            count += 1
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit and not listing:
                break
        return Means([t / count for t in totals], count, listing, worlds.exact, deals)

    # what every move is worth, for the coach ----------------------------------------------------------

    def move_values(self, obs: AnyObservation) -> MoveValues:
        """Every legal move of the observing seat (to move) with its mean value for the seat's side over
        the deals that fit what the seat has seen: higher is better, in the contract's units (pfennig
        as negative numbers, points, card points in Herzblatt's card play, place value in a lay-off
        deal). Only differences between moves mean something: near the end the exact search values the
        rest of the deal only. Equivalent cards share their class's value."""
        if obs.kind is Kind.LAY_OFF:
            moves: list[Card | None] = list(obs.legal) + ([None] if may_pass(obs) else [])
            if len(moves) <= 1:
                return MoveValues(dict.fromkeys(moves, 0.0), 0, "only", {m: [] for m in moves})
            dm = self._domino_means(obs, moves)
            return MoveValues(dict(zip(moves, dm.means, strict=True)), dm.count, dm.how,
                              dict(zip(moves, dm.deals, strict=True)))
        if obs.kind is Kind.HERZBLATT:
            t = herzblatt_view(obs)[0]
            if t is None or obs.phase != "play":
                raise BotError("Monte Carlo values cards in Herzblatt's card play only")
            return self._trick_values(t, obs.rules.pack.mask, objective(obs), mask_of(obs.discards), obs.soloist)
        return self._trick_values(obs, in_play_mask(obs, self.pack), objective(obs), 0, None)

    def _trick_values(self, obs: Observation, in_play: int, obj: Objective, discards: int,
                      soloist: int | None) -> MoveValues:
        check_turn(obs)
        cands = candidates(obs, in_play)
        if len(cands) == 1:
            return MoveValues(dict.fromkeys(obs.legal, 0.0), 0, "only", {c: [] for c in obs.legal})
        m = self._trick_means(obs, in_play, obj, discards, soloist, cands)
        return MoveValues({x: v for (_x, same), v in zip(cands, m.means, strict=True) for x in same}, m.count, m.how,
                          {x: d for (_x, same), d in zip(cands, m.deals, strict=True) for x in same})

    # Herzblatt's card play, for the stake ------------------------------------------------------------

    def _stake_card(self, obs: HerzblattObservation) -> Choice:
        """A Herzblatt card valued by the settlement: each sampled deal is played out (or, near the end,
        solved) and scored by the seat's stake (:class:`StakeTable`), not by card points."""
        t = obs.trick
        soloist = obs.soloist
        assert t is not None and soloist is not None
        check_turn(t)
        if len(t.legal) == 1:
            return Choice(t.legal[0], _("{card} is the only card you may play", card=say(t.legal[0])))
        in_play = obs.rules.pack.mask
        cands = candidates(t, in_play)
        if len(cands) == 1:
            c, same = cands[0]
            return Choice(c, same_play(c, same))
        n = t.players
        total = (sum(t.hand_sizes) + len(t.played)) // n
        table = stake_table(obs.rules, obs.seat, soloist, total, obs.announcement, obs.contra_by is not None, obs.re)
        is_soloist = obs.seat == soloist
        side = objective(obs).side
        own_discards = mask_of(obs.discards)
        know = trick_knowledge(t, in_play, discards=own_discards)
        sampler = know.sampler()
        own = mask_of(t.hand)
        done = len(t.tricks)
        sol_tricks = sum(1 for tr in t.tricks if tr.winner == soloist)
        exact = len(t.hand) <= self.exact_tricks and not table.tricks_matter(sol_tricks, done)
        past = t.contract.score(t.tricks, n, total) if t.contract is not None else (0,) * n
        finished = sum(past)
        side_past = sum(past[s] for s in side)
        n_worlds = sampler.count()
        listing = 0 <= n_worlds <= self.enumerate_below
        # a card that falls clearly behind is dropped; when playing out, its share of the play-outs goes
        # to more deals for the others: the same work, less noise where the choice is close
        extend = not listing and not exact
        budget = self.samples * len(cands)
        draws: Iterator[list[int]] = sampler.all() if listing else (
            sampler.sample(self.rng) for _x in range(PRUNE_DEALS * self.samples if extend else self.samples))
        k_cands = len(cands)
        values: list[list[float]] = [[] for _x in range(k_cands)]
        stakes = [0.0] * k_cands
        wins = [0] * k_cands
        alive = list(range(k_cands))
        games: dict[int, TrickSearch] = {}
        ladders: dict[tuple[int, int], tuple[list[int], list[int]]] = {}  # by (start, left)
        count = 0
        used = 0
        every = max(8, self.samples // 4)
        rolls = Rollouts(t, [], objective(obs), soloist, lambda hands: world(t, hands)) if kernel_rolls(t) else None
        t0 = time.perf_counter()
        for drawn in draws:
            out = drawn[-1] if know.out else 0
            banked = card_points(cards_of(own_discards if is_soloist else out))
            hands = know.hands(drawn, own)
            if exact:
                deal = world(t, hands)
                key = in_play & ~(own_discards | out)
                game = games.get(key)
                if game is None:
                    game = games[key] = TrickSearch(deal, side, 1)
                start = side_past + (banked if is_soloist else 0)
                left = TOTAL_POINTS - finished - banked
                ladder = ladders.get((start, left))
                if ladder is None:
                    ladder = ladders[(start, left)] = stake_ladder(table, is_soloist, start, left)
                for i in alive:
                    # guess: as many steps as the stake this card had in the previous deal needs
                    prev = values[i][-1] if values[i] else None
                    guess = next((j for j, f in enumerate(ladder[1]) if table.some[f] == prev), None)
                    p = exact_points(game, deal, cands[i][0], ladder, guess)
                    st = table.some[p]
                    values[i].append(st)
                    stakes[i] += st
                    wins[i] += table.wins[1][p]
            else:
                for i, (scores, won) in zip(alive, self._outcomes(t, rolls, hands, [cands[i][0] for i in alive],
                                                                  soloist), strict=True):
                    p = scores[soloist] + banked
                    tricks = won[soloist]
                    k = table.kind(tricks, total)
                    stakes[i] += table.stakes[k][p]
                    values[i].append(table.rollout_value(p, tricks, total))
                    wins[i] += table.wins[k][p]
            count += 1
            used += len(alive)
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit and not listing:
                break
            if listing:
                continue
            if exact and count == self.samples // 2 and all(values[i] == values[alive[0]] for i in alive):
                break  # every card settled alike in each of half the deals: the rest would hardly differ
            if used + len(alive) > budget:
                break
            if count % every == 0:
                alive = survivors(values, alive)
                if len(alive) == 1:
                    break
        # cards that settle the same in every deal are told apart by the heuristic's choice (often the
        # case near the end, where the exact search does not count points beyond the stake's steps)
        usual = herzblatt_heuristic_card(obs).card
        means = [sum(v) / len(v) for v in values]
        order = sorted(range(k_cands), key=lambda i: (i not in alive, -means[i], usual not in cands[i][1],
                                                      cands[i][0].index))
        best, second = order[0], order[1]
        c = cands[best][0]
        n_best, n_second = len(values[best]), len(values[second])
        fields = {"card": say(c), "over": _over(count, listing, exact), "share": number(wins[best] / n_best,
                                                                                        percent=True),
                  "stake": number(stakes[best] / n_best, 2, plus=True), "next": say(cands[second][0]),
                  "second": number(stakes[second] / n_second, 2, plus=True)}
        if is_soloist:
            return Choice(c, _("{card}: over {over}, you win {share} of them and your stake is {stake} on average "
                               "({next}: {second})", **fields))
        return Choice(c, _("{card}: over {over}, your side wins {share} of them and your stake is {stake} on average "
                           "({next}: {second})", **fields))

    @staticmethod
    def _outcomes(t: Observation, rolls: Rollouts | None, hands: list[int], cards: list[Card],
                  soloist: int | None) -> list[tuple[list[int], list[int]]]:
        """Each card played in the deal with these hands, then the heuristic in every seat to the end:
        the scores and the tricks won per seat (in the kernel when it can)."""
        if rolls is not None:
            return rolls.outcomes(hands, cards)
        deal = world(t, hands)
        got = []
        for c in cards:
            d = deal.copy()
            d.play(c)
            got.append((list(heuristic_playout(d, soloist)), list(d.tricks_won())))
        return got

    # Herzblatt's solo decision ------------------------------------------------------------------------

    def _herzblatt_call(self, obs: HerzblattObservation) -> Choice:
        """Asked whether to play: simulate the solo over sampled hands and skats (heuristic discards and
        play all round) and play when the average stake is positive. Other phases: the heuristic."""
        if obs.phase != "asking":
            return super()._herzblatt_call(obs)
        rules = obs.rules
        n = obs.players
        others = [s for s in range(n) if s != obs.seat]
        own = mask_of(obs.hand)
        unseen = rules.pack.mask & ~own
        size = len(obs.hand)
        sampler = HandSampler(unseen, [size] * (n - 1) + [SKAT], [0] * n)
        total = 0.0
        wins = 0
        count = max(8, self.samples // 4)
        for _sample in range(count):
            drawn = sampler.sample(self.rng)
            hands: list[tuple[Card, ...]] = [()] * n
            hands[obs.seat] = obs.hand
            for s, h in zip(others, drawn, strict=False):
                hands[s] = cards_of(h)
            deal = HerzblattDeal(hands, cards_of(drawn[-1]), rules, dealer=obs.dealer)
            for seat, said in obs.answers:
                deal.ask(said, seat)
            deal.ask(True, obs.seat)
            pair = best_discards(deal.hand(obs.seat))[0]
            deal.discard(*pair)
            td = deal.trick_deal
            assert td is not None
            scores = heuristic_playout(td, obs.seat)
            points = scores[obs.seat] + card_points(pair)
            st = settle(rules, obs.seat, points, td.tricks_won()[obs.seat], td.total_tricks)
            total += st.stakes[obs.seat]
            wins += bool(st.won)
        mean = total / count
        verdict = mean > 0
        fields = {"n": count, "wins": wins, "mean": number(mean, 2, plus=True)}
        if verdict:
            return Choice(Ask(True), _("play: in {n} simulated solos with this hand the soloist won {wins} and "
                                       "averaged {mean} stakes", **fields))
        return Choice(Ask(False), _("pass: in {n} simulated solos with this hand the soloist won {wins} and averaged "
                                    "{mean} stakes", **fields))

    # the lay-off deal --------------------------------------------------------------------------------

    def _lay_off(self, obs: DominoObservation) -> Choice:
        moves: list[Card | None] = list(obs.legal) + ([None] if may_pass(obs) else [])
        if not moves:
            raise BotError(f"seat {obs.seat} has no legal move")
        if len(moves) == 1:
            m = moves[0]
            return Choice(m, _("no card fits the layout: pass") if m is None else
                          _("{card} is the only card that fits", card=say(m)))
        dm = self._domino_means(obs, moves)
        means = dm.means
        order = sorted(range(len(moves)), key=lambda i: (-means[i], _index(moves[i])))
        best = moves[order[0]]
        result = number(means[order[0]], 1)
        if best is None:
            if dm.listing:
                return Choice(None, _("pass: over all {n} deals that fit, it gives the best average result ({result})",
                                      n=dm.count, result=result))
            return Choice(None, _("pass: over {n} sampled deals, it gives the best average result ({result})",
                                  n=dm.count, result=result))
        if dm.listing:
            return Choice(best, _("{card}: over all {n} deals that fit, it gives the best average result ({result})",
                                  card=say(best), n=dm.count, result=result))
        return Choice(best, _("{card}: over {n} sampled deals, it gives the best average result ({result})",
                              card=say(best), n=dm.count, result=result))

    def _domino_means(self, obs: DominoObservation, moves: list[Card | None]) -> Means:
        """Each move's mean place value (less pass fees) over the deals sampled or listed."""
        exact = len(obs.hand) + sum(obs.hand_sizes) <= 3 * self.exact_tricks + 6
        worlds = DominoWorlds(obs, moves, exact=exact)
        n_worlds = worlds.count()
        listing = 0 <= n_worlds <= self.enumerate_below
        totals = [0.0] * len(moves)
        deals: list[list[float]] = [[] for _x in moves]
        count = 0
        t0 = time.perf_counter()
        for drawn in draws(worlds.sampler, self.rng, listing, self.samples):
            for i, v in enumerate(worlds.values(worlds.hands(drawn), self.rng)):
                totals[i] += v
                deals[i].append(v)
            count += 1
            if self.time_limit is not None and time.perf_counter() - t0 > self.time_limit and not listing:
                break
        return Means([t / count for t in totals], count, listing, exact, deals)


def _index(m: Card | None) -> int:
    return -1 if m is None else m.index


# the sampler, the knowledge and the stake tables stay importable from here, as before the split
__all__ = ["DEFAULT_SAMPLES", "TIE_BREAK", "HandSampler", "Knowledge", "MonteCarloBot", "MoveValues", "PlayFor",
           "SamplerError", "StakeTable", "candidates", "exact_points", "stake_ladder", "stake_table",
           "trick_knowledge", "world"]
