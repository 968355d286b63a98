"""Statistics a lesson reads after the play: named questions about simulated deals, each answered as a
small pandas table.

::

    obers = penalty_cards(NO_OBERS, Rank.QUEEN, deals=1000)   # one row per Ober dealt
    risk_by_length(obers)                                     # how often it comes back, by suit length
    king = penalty_cards(NO_MAX, "KH")                        # who took the King, deal by deal
    hands = domino_hands(simulate("domino", 500))             # the cards each seat was dealt
    mean_by(hands, "Unters dealt", "received")                # what a hand won, by its Unters
    winnings(summarize(tournament(["heuristic", "random"], "domino", 300)))   # won, not paid
    score_sheet(pd.DataFrame(partie.ledger.rows()))           # what each seat paid in each deal
    paid_per_deal(simulate_partie("standard", 200, bots=lineup))
    how_it_is_paid(simulate("power", 250))                   # mean, spread, share paying nothing, most

Every function takes and returns a DataFrame (``penalty_cards`` plays the deals itself), and leaves its
input alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from keinstich.cards import Rank, card, deal_hands
from keinstich.limits import check_whole, quoted
from keinstich.sim.bot_specs import SimulationError

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["domino_hands", "how_it_is_paid", "mean_by", "paid_per_deal", "penalty_cards", "risk_by_length",
           "score_sheet", "winnings"]

LENGTH = "cards of its suit"
TAKEN = "taken by its holder"


def penalty_cards(contract: object, cards: Rank | str, deals: int = 1000, seed: int | str = 5,
                  longest: int = 5) -> pd.DataFrame:
    """Deals ``0 .. deals-1`` of :func:`~keinstich.sim.simulation.simulate` (four heuristic bots) played
    again; one row per dealt penalty card: every card of a rank (``Rank.QUEEN``), or one card (``"KH"``).

    Columns: ``deal``, ``card`` (its code), ``holder`` (the seat it was dealt to), ``cards of its suit``
    (how many of its suit the holder was dealt, the card included; ``longest`` stands for that many or more),
    ``taker`` (the seat whose trick it ended in), ``taken by its holder`` and ``holder paid`` (the holder's
    whole bill for the deal).
    """
    import pandas as pd

    from keinstich.sim.simulation import one_deal

    check_whole("deals", deals, 1, error=SimulationError)
    check_whole("longest", longest, 1, error=SimulationError)
    if not isinstance(cards, Rank | str):
        raise SimulationError(f"cards must be a rank such as Rank.QUEEN or one card such as \"KH\", "
                              f"not {quoted(cards)}")
    wanted = card(cards) if isinstance(cards, str) else None
    rows = []
    for i in range(deals):
        d = one_deal(contract, i, seed=seed)
        td: Any = getattr(d, "trick_deal", d)  # the trick deal inside a game's deal
        taker = {c: t.winner for t in td.tricks for c in t.cards}
        bill = td.scores()
        for seat, hand in enumerate(td.dealt):
            for c in hand:
                if (c == wanted) if wanted is not None else (c.rank == cards):
                    rows.append({"deal": i, "card": c.code, "holder": seat,
                                 LENGTH: min(longest, sum(x.suit == c.suit for x in hand)),
                                 "taker": taker[c], TAKEN: taker[c] == seat, "holder paid": bill[seat]})
    return pd.DataFrame(rows, columns=["deal", "card", "holder", LENGTH, "taker", TAKEN, "holder paid"])


def risk_by_length(cards: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """How often a penalty card comes back to its holder, by the length of its suit in the holder's hand
    (a frame of :func:`penalty_cards`), and in a last row ``all hands``.

    Without ``by``: the columns ``cards`` (how many were dealt in such a hand) and ``taken by its holder``
    (the share, 0 to 1). With ``by`` (a column such as ``"contract"``): one column of shares per value.
    """
    import pandas as pd

    if by is None:
        table = cards.groupby(LENGTH)[TAKEN].agg(["count", "mean"])
        table.loc["all hands"] = [len(cards), cards[TAKEN].mean()]
        table = table.astype({"count": "int64"})
        return table.rename(columns={"count": "cards", "mean": TAKEN})
    table = cards.pivot_table(index=LENGTH, columns=by, values=TAKEN, aggfunc="mean", sort=False).sort_index()
    table.loc["all hands"] = cards.groupby(by, sort=False)[TAKEN].mean()
    table.columns = pd.Index(list(table.columns), name=by)
    return table


def domino_hands(frame: pd.DataFrame) -> pd.DataFrame:
    """A :func:`~keinstich.sim.simulation.simulate` frame of domino deals with three more columns: what the
    seat ``received`` from the pot (``-score``), and the ``7s and Daus dealt`` (the ends of the rows) and
    ``Unters dealt`` in its hand, dealt again from each row's seed."""
    hands = {(seed, pack, n): deal_hands(pack, n, seed)
             for seed, pack, n in set(zip(frame["seed"], frame["pack"], frame["players"], strict=True))}
    dealt = [hands[seed, pack, n][seat]
             for seed, pack, n, seat in zip(frame["seed"], frame["pack"], frame["players"], frame["seat"], strict=True)]

    def count(ranks: Iterable[Rank]) -> list[int]:
        wanted = set(ranks)
        return [sum(c.rank in wanted for c in hand) for hand in dealt]

    return frame.assign(received=-frame["score"], **{"7s and Daus dealt": count({Rank.SEVEN, Rank.ACE}),
                                                     "Unters dealt": count({Rank.JACK})})


def mean_by(frame: pd.DataFrame, column: str, value: str, min_count: int = 1) -> pd.DataFrame:
    """The mean of ``value`` for each value of ``column``: columns ``count`` (rows) and ``mean``, leaving
    out values with fewer than ``min_count`` rows (too rare to say much)."""
    table = frame.groupby(column)[value].agg(["count", "mean"])
    return table[table["count"] >= min_count]


def winnings(summary: pd.DataFrame) -> pd.DataFrame:
    """A :func:`~keinstich.sim.summary.summarize` table of a deal that pays out (the domino), with the signs
    turned: ``mean`` and its interval are the money *won* per deal, so the good result is the larger one."""
    won = summary.assign(mean=-summary["mean"], ci_low=-summary["ci_high"], ci_high=-summary["ci_low"])
    won.attrs = {**summary.attrs, "measure": "won"}
    return won


def score_sheet(ledger: pd.DataFrame) -> pd.DataFrame:
    """A partie's ledger (``pd.DataFrame(partie.ledger.rows())``) as a score sheet: one row per seat, one
    column per deal in the order played (paid in positive, taken out negative), and ``paid − received``."""
    order = list(dict.fromkeys(ledger.sort_values("deal")["contract"]))
    sheet = ledger.pivot_table(index="seat", columns="contract", values="amount", aggfunc="sum", fill_value=0,
                               observed=True)[order]
    sheet["paid − received"] = sheet.sum(axis=1)
    return sheet


def paid_per_deal(frame: pd.DataFrame, by: str = "bot") -> pd.DataFrame:
    """A :func:`~keinstich.sim.simulation.simulate_partie` frame as one row per bot (or ``by``): the mean
    ``paid`` in each trick deal, one column per deal (named by its contract), and the mean ``received from
    the pot`` in the deals that pay out."""
    import pandas as pd

    columns = {}
    for (_, contract), rows in frame.groupby(["deal_no", "contract"], sort=True, observed=True):
        pays_out = rows["received"].sum() > 0
        name = "received from the pot" if pays_out else str(contract)
        columns[name] = rows.groupby(by, sort=False, observed=True)["received" if pays_out else "paid"].mean()
    return pd.DataFrame(columns)


def how_it_is_paid(frame: pd.DataFrame, by: str = "contract") -> pd.DataFrame:
    """How the penalties of a :func:`~keinstich.sim.simulation.simulate` frame are paid, one row per contract
    (or ``by``), in the frame's order: the ``mean`` per player's deal, the ``spread (sd)``, the ``share paying
    nothing`` (0 to 1) and the ``most paid`` in one deal."""
    scores = frame.groupby(by, sort=False, observed=True)["score"]
    return scores.agg(**{"mean": "mean", "spread (sd)": "std", "share paying nothing": lambda s: (s == 0).mean(),
                         "most paid": "max"})
