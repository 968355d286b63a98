"""A class's results on one deal: each student's result code scored, ranked by matchpoints, and the decisions
where most of the class went wrong, with the coach's sentence.

A teacher hands out one deal (a deal code, :mod:`keinstich.codes`); each student plays it from the position
handed out and sends back the result code the table offers at the end. :func:`class_results` reads them::

    results = class_results({"Anna": "KR1-…", "Ben": "KR1-…"})   # or a list of codes, or lines "name: code"
    results.frame()        # one row per student: score, matchpoints, percentage, rank
    results.chart()        # a matplotlib figure of the scores, with each student's rank
    results.decisions      # the positions most of the class met and got wrong, the coach's sentence on each
    results.luck_said      # how much the cards decided: the best play and the heuristic bot on the same cards
    example_class()        # a made-up class (bots in the students' seat), to try all this before a lesson

**Matchpoints** are scored as duplicate bridge scores them: a student gets one point for every other student
whose result on the deal is worse, half a point for every equal result; the percentage is of the points there
are to win (one per other student), and the rank orders the matchpoints (equal matchpoints share a rank).
A result is the student's seat's score in the deal's unit (:attr:`keinstich.deal.Result.lower_is_better`: pfennig
paid in Kein Stich, a domino's payout from the pot counted as paid less, so fewer is better; points or stakes won in
Herzeln and Herzblatt, more is better).

Every student played the same cards, so the matchpoints compare play alone; :attr:`ClassResults.luck` says what
those cards allowed (the duplicate comparison, :mod:`keinstich.coach.luck`): the best play knowing every hand
against the same bots, and the heuristic bot in the students' seat.

Codes pasted twice are counted once; codes of another deal than the class's (the deal most codes were played
from, or the one given) are set aside and named; a damaged code is refused with its reason. Nothing is
dropped silently: :attr:`ClassResults.notes` says what was left out and why.
"""

from __future__ import annotations

import html
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keinstich.codes import MAX_CODE, MAX_NAME, CodeError, DealCode, read_code
from keinstich.deal import Deal, Move
from keinstich.i18n import _, ngettext, number, pgettext
from keinstich.limits import one_line
from keinstich.teaching import judged
from keinstich.wording.names import grade_name, unit_word

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from keinstich.coach import Judgement
    from keinstich.coach.luck import Luck

__all__ = ["ClassResults", "Decision", "Student", "class_results", "example_class", "matchpoints"]


@dataclass(frozen=True)
class Student:
    """One student's result: name, code, ``score`` (the seat's result), ``matchpoints``, ``percent`` and ``rank``."""

    name: str
    code: DealCode
    score: float
    matchpoints: float
    percent: float
    rank: int

    def deal(self) -> Deal:
        """The student's finished deal."""
        return self.code.position()


@dataclass(frozen=True)
class Decision:
    """A position that ``reached`` students met with the same cards and moves before it, where ``wrong`` of them
    chose a move the coach grades a mistake or a blunder; ``verdict`` is the coach's judgement of the move most
    of them chose (its sentence why, and the best moves)."""

    index: int
    trick: int | None
    reached: int
    wrong: int
    move: Move
    chosen_by: tuple[str, ...]
    verdict: Judgement

    @property
    def share(self) -> float:
        return self.wrong / self.reached


@dataclass(frozen=True)
class ClassResults:
    """The class's results on one deal (see the module's docstring)."""

    deal: DealCode
    students: tuple[Student, ...]
    decisions: tuple[Decision, ...]
    unit: str
    lower_is_better: bool
    notes: tuple[str, ...]
    luck: Luck | None = None

    @property
    def luck_said(self) -> str:
        """One sentence: the students played the same cards, and what the best play knowing every hand and the
        heuristic bot in their seat got on them ("" when not worked out)."""
        return "" if self.luck is None else self.luck.said_of_class(len(self.students))

    def frame(self) -> pd.DataFrame:
        """One row per student, best first: rank, name, score, matchpoints, percent."""
        import pandas as pd

        return pd.DataFrame([{"rank": s.rank, "name": s.name, f"score ({self.unit})": s.score,
                              "matchpoints": s.matchpoints, "percent": round(s.percent, 1)} for s in self.students])

    def chart(self) -> Figure:
        """The class's scores as bars, best rank at the top, each labelled with the rank and matchpoint percentage.
        Names are drawn as typed: a "$" in one is a dollar sign, not the start of a formula."""
        import matplotlib

        with matplotlib.rc_context({"text.parse_math": False}):  # a Text takes it when made
            return self._chart()

    def _chart(self) -> Figure:
        from matplotlib.figure import Figure

        n = len(self.students)
        fig = Figure(figsize=(7.5, max(2.0, 0.28 * n + 1.2) + (0.3 if self.luck is not None else 0)))
        ax = fig.subplots()
        names = [f"{s.rank}. {s.name}" for s in self.students][::-1]
        scores = [s.score for s in self.students][::-1]
        shares = [s.percent for s in self.students][::-1]
        colours = [(0.85 - 0.6 * p / 100, 0.35 + 0.45 * p / 100, 0.35) for p in shares]
        bars = ax.barh(range(n), scores, color=colours)
        ax.set_yticks(range(n), names, fontsize=8)
        for bar, p in zip(bars, shares, strict=True):
            ax.annotate(number(p / 100, percent=True), (bar.get_width(), bar.get_y() + bar.get_height() / 2),
                        xytext=(3, 0), textcoords="offset points", va="center", fontsize=7)
        unit = unit_word(self.unit)
        ax.set_xlabel(_("score ({unit}, fewer is better); the percentage is of the matchpoints", unit=unit)
                      if self.lower_is_better else
                      _("score ({unit}, more is better); the percentage is of the matchpoints", unit=unit))
        ax.set_title(ngettext("The class on one deal: {n} student", "The class on one deal: {n} students", n))
        ax.axvline(0, color="#888888", linewidth=0.8)
        if self.luck is not None:  # what the cards allowed: the same cards, played by the bot and by the best play
            ax.axvline(self.luck.bot, color="#1f4e99", linewidth=1.2, linestyle="--",
                       label=_("the heuristic bot on these cards: {score}", score=number(self.luck.bot, None)))
            if self.luck.best is not None:
                ax.axvline(self.luck.best, color="#2e7d32", linewidth=1.2, linestyle=":",
                           label=_("the best play, knowing every hand: {score}", score=number(self.luck.best, None)))
            # under the axis title, clear of the bars and their labels
            ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False)
        fig.tight_layout()
        return fig

    def chart_svg(self) -> str:
        """:meth:`chart` as SVG text (for a web page or a widget)."""
        import io

        import matplotlib

        out = io.StringIO()
        with matplotlib.rc_context({"svg.hashsalt": "keinstich", "svg.fonttype": "none"}):
            self.chart().savefig(out, format="svg")
        text = out.getvalue()
        return text[text.index("<svg"):]

    def decision_words(self, d: Decision) -> str:
        """One line: where, how many went wrong, the move most chose, the best, and the coach's sentence (cards
        named in the pack's words: "Unter of Bells")."""
        from keinstich.coach.grades import pack_in_play
        from keinstich.coach.why import move_text

        style = pack_in_play(self.deal.position()).style
        more = len(d.chosen_by) - 6
        names = ", ".join(d.chosen_by[:6]) if more <= 0 else _("{names} and {n} more", names=", ".join(d.chosen_by[:6]),
                                                               n=more)
        fields = dict(trick=d.trick, move=d.index + 1, wrong=d.wrong, reached=d.reached, students=len(self.students),
                      played=move_text(d.move, style), names=names, grade=grade_name(d.verdict.grade),
                      why=d.verdict.said, best=", ".join(move_text(m, style) for m in d.verdict.best))
        everyone = d.reached == len(self.students)
        if d.trick is not None and everyone:
            return _("Trick {trick}: {wrong} of the {reached} students went wrong; most played {played} ({names}; "
                     "{grade}, best: {best}) — {why}", **fields)
        if d.trick is not None:
            return _("Trick {trick}: {wrong} of the {reached} students who came to this position (of {students} in "
                     "the class) went wrong; most played {played} ({names}; {grade}, best: {best}) — {why}", **fields)
        if everyone:
            return _("Move {move}: {wrong} of the {reached} students went wrong; most played {played} ({names}; "
                     "{grade}, best: {best}) — {why}", **fields)
        return _("Move {move}: {wrong} of the {reached} students who came to this position (of {students} in the "
                 "class) went wrong; most played {played} ({names}; {grade}, best: {best}) — {why}", **fields)

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{s.rank}</td><td>{html.escape(s.name)}</td><td>{s.score:g}</td>"
                       f"<td>{s.matchpoints:g}</td><td>{s.percent:.0f}%</td></tr>" for s in self.students)
        heads = [pgettext("column", "rank"), pgettext("column", "student"),
                 _("score ({unit})", unit=unit_word(self.unit)),
                 pgettext("column", "matchpoints"), "%"]
        table = ("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + f"</tr>{rows}</table>")
        decisions = "".join(f"<li>{html.escape(self.decision_words(d))}</li>" for d in self.decisions)
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in self.notes)
        luck = f"<p class='ks-class-luck'>{html.escape(self.luck_said)}</p>" if self.luck_said else ""
        return (f"<div class='ks-class'>{self.chart_svg()}{luck}{table}"
                + (f"<p><b>{html.escape(_('Where most of the class went wrong'))}</b></p><ul>{decisions}</ul>"
                   if decisions else "")
                + (f"<p><b>{html.escape(_('Left out'))}</b></p><ul>{notes}</ul>" if notes else "") + "</div>")


def matchpoints(scores: list[float], lower_is_better: bool) -> list[float]:
    """Each score's matchpoints against the others: 1 for every worse score, 1/2 for every equal one."""
    sign = -1 if lower_is_better else 1
    return [sum(1.0 if sign * (a - b) > 0 else 0.5 if a == b else 0.0 for j, b in enumerate(scores) if j != i)
            for i, a in enumerate(scores)]


MAX_CODES = 500
"""The most codes read at once: a class, or a whole school's year, on one deal."""
MAX_TEXT = MAX_CODES * (MAX_CODE + 80)
"""The most characters of pasted text read: as many lines as :data:`MAX_CODES`, each a name and a code."""

_LINE = re.compile(r"^\s*(?:(?P<name>[^:]{1,60}?)\s*[:=\t]\s*)?(?P<code>K[SR]\d+-\S+)\s*$", re.IGNORECASE)


def _entries(codes: Mapping[str, str] | Iterable[str | tuple[str, str]] | str) -> list[tuple[str, str]]:
    """(name, code) pairs from a mapping, a list of codes or pairs, or pasted text ("Anna: KR1-…" per line); at most
    :data:`MAX_CODES` of them (the rest is not read)."""
    if isinstance(codes, str):
        if len(codes) > MAX_TEXT:
            raise CodeError(_("this is more text than a class's codes: {n} characters, and the codes of {students} "
                              "students take at most {most}", n=number(len(codes)), students=MAX_CODES,
                              most=number(MAX_TEXT)))
        out = []
        for line in codes.splitlines():
            if line.strip():
                m = _LINE.match(line)
                out.append((m.group("name") or "", m.group("code")) if m else ("", line.strip()))
        return _at_most(out)
    if isinstance(codes, Mapping):
        return _at_most([(_text(k), _text(v)) for k, v in itertools.islice(codes.items(), MAX_CODES + 1)])
    if not isinstance(codes, Iterable):
        raise TypeError(_("codes are the text pasted from a chat (one \"name: KR1-…\" a line), a dict {{name: code}} "
                          "or a list of codes, not {kind}", kind=type(codes).__name__))
    out = []
    for item in itertools.islice(codes, MAX_CODES + 1):
        if isinstance(item, tuple):
            if len(item) != 2:
                raise CodeError(_("a student's result is a code, or a pair (name, code), not a tuple of {n}",
                                  n=len(item)))
            out.append((_text(item[0]), _text(item[1])))
        else:
            out.append(("", _text(item)))
    return _at_most(out)


def _text(value: object) -> str:
    """A name or a code as text, cut short past :data:`MAX_CODE` characters (the code reader refuses it then)."""
    text = value if isinstance(value, str) else repr(value) if not isinstance(value, int | float) else str(value)
    return text if len(text) <= MAX_CODE + 1 else text[:MAX_CODE + 1]


def _at_most(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    if len(entries) > MAX_CODES:
        raise CodeError(_("these are the codes of more than {most} students: score at most {most} at once",
                          most=MAX_CODES))
    return entries


def _score(deal: Deal, seat: int) -> tuple[float, str, bool]:
    result = deal.result()
    return float(result.scores[seat]), result.unit, result.lower_is_better


Codes = Mapping[str, str] | Iterable[str | tuple[str, str]] | str
"""Result codes: by name, a list (of codes, or of (name, code) pairs), or text pasted one "name: code" a line."""


def class_results(codes: Codes, *, deal: DealCode | str | None = None, decisions: bool = True,
                  least: int = 3) -> ClassResults:
    """Read the class's result codes and score them (see the module's docstring). ``deal``: the deal the class was
    given (its deal code); by default the one most codes were played from. ``decisions=False`` skips the coach
    and the comparison with the bots on the same cards (quick); ``least``: how many students must meet a position
    for it to count as the class's decision."""
    notes: list[str] = []
    seen: dict[str, str] = {}
    read: list[tuple[str, DealCode]] = []
    for i, (name, text) in enumerate(_entries(codes), 1):
        label = name.strip() or _("code {n}", n=i)
        if name.strip() and not one_line(name.strip(), MAX_NAME):
            notes.append(_("{name}: refused — a student's name is text of at most {most} characters, on one line",
                           name=_("code {n}", n=i), most=MAX_NAME))
            continue
        try:
            code = read_code(text)
        except CodeError as e:
            notes.append(_("{name}: refused — {error}", name=label, error=e))
            continue
        if code.kind != "result":
            notes.append(_("{name}: a deal code, not a result code — the student sends the code the table offers "
                           "when the deal is over", name=label))
            continue
        if not code.position().over:
            notes.append(_("{name}: the deal in this code is not finished", name=label))
            continue
        who = name.strip() or code.name or ""
        key = f"{who}\n{code.text}"
        if key in seen:
            notes.append(_("{name}: the same code as {other} — counted once", name=label, other=seen[key]))
            continue
        seen[key] = label
        read.append((who, code))
    if not read:
        raise CodeError(_("none of the codes is a finished result code of a deal: {why}",
                          why="; ".join(notes) if notes else _("no codes were given")))
    counted = Counter(c.deal.text for _name, c in read)
    given = read_code(deal).deal.text if deal is not None else counted.most_common(1)[0][0]
    mine = [(w, c) for w, c in read if c.deal.text == given]
    for w, c in read:
        if c.deal.text != given:
            notes.append(_("{name}: played another deal ({code}…) — set aside", name=w or _("a student"),
                           code=c.deal.text[:16]))
    if not mine:
        raise CodeError(_("none of the codes was played from the deal given"))
    names = _names([w for w, _code in mine])
    scored = [(_score(c.position(), c.seat), c) for c in (c for _x, c in mine)]
    unit, lower = scored[0][0][1], scored[0][0][2]
    values = [s[0][0] for s in scored]
    mps = matchpoints(values, lower)
    others = max(1, len(values) - 1)
    students = [Student(n, c, v, mp, 100.0 * mp / others if len(values) > 1 else 100.0, 1 + sum(x > mp for x in mps))
                for n, (_score, c), v, mp in zip(names, scored, values, mps, strict=True)]
    students.sort(key=lambda s: (s.rank, s.name))
    found = _decisions(students, least) if decisions else ()
    handed = read_code(given)
    luck = None
    if decisions:
        from keinstich.coach.luck import deal_luck

        luck = deal_luck(handed.position(), handed.seat, handed.bots, (unit, lower))
    return ClassResults(handed, tuple(students), found, unit, lower, tuple(notes), luck)


def _names(given: list[str]) -> list[str]:
    """Every student a name of their own: the one given, else "student N"; a name used twice gets "(2)"."""
    out: list[str] = []
    count: Counter[str] = Counter()
    for i, name in enumerate(given, 1):
        base = name or _("student {n}", n=i)
        count[base] += 1
        out.append(base if count[base] == 1 else f"{base} ({count[base]})")
    return out


def _decisions(students: list[Student], least: int) -> tuple[Decision, ...]:
    """The positions at least ``least`` students met (the same cards, the same moves before) where more than half
    of them chose a move the coach grades a mistake or a blunder."""
    met: dict[tuple[Any, ...], list[tuple[str, Move]]] = defaultdict(list)
    positions: dict[tuple[Any, ...], tuple[Deal, int]] = {}
    for s in students:
        deal = s.deal()
        history = deal.history
        for i in range(s.code.start, len(history)):
            seat, move = history[i]
            if seat != s.code.seat:
                continue
            key = tuple(history[:i])
            met[key].append((s.name, move))
            positions.setdefault(key, (deal, i))
    out = []
    for key, chosen in met.items():
        if len(chosen) < max(2, least):
            continue
        deal, i = positions[key]
        position = deal.rewound(i)
        if len(position.legal_moves()) < 2:
            continue
        verdicts: dict[Any, Judgement] = {}
        for _seat, move in chosen:
            k = repr(move)
            if k not in verdicts:
                verdicts[k] = judged(position, move)
        wrong = [(n, m) for n, m in chosen if verdicts[repr(m)].grade.bad]
        if 2 * len(wrong) <= len(chosen):
            continue
        common = Counter(repr(m) for _x, m in wrong).most_common(1)[0][0]
        move = next(m for _x, m in wrong if repr(m) == common)
        td = position.trick_deal
        trick = len(td.tricks) + 1 if td is not None and position.phase == "play" else None
        out.append(Decision(i, trick, len(chosen), len(wrong), move,
                            tuple(n for n, m in wrong if repr(m) == common), verdicts[common]))
    out.sort(key=lambda d: (-d.share, d.index))
    return tuple(out)


NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes", "Ida", "Jonas", "Klara", "Lukas",
         "Mia", "Noah", "Olga", "Paul", "Rosa", "Simon", "Tara", "Udo", "Vera", "Willi", "Xaver", "Yvonne", "Zoe")
"""The made-up class's first names."""


def example_class(students: int = 12, *, contract: str = "no-hearts", seed: int = 5, game: str = "kein-stich",
                  seat: int = 0) -> dict[str, str]:
    """A made-up class's result codes, by name: one deal (``contract`` from ``seed``, the heuristic bots in the
    other seats) played from its start by ``students`` students, each a bot in ``seat``: about half of them
    careful (the heuristic bot), the others playing any legal card (a seeded random bot). For trying the
    teacher's notebook before a lesson; a real class sends the codes its tables offer."""
    import random

    from keinstich.bots import HeuristicBot, RandomBot
    from keinstich.bots.play import bot_move
    from keinstich.codes import deal_code, result_code
    from keinstich.games import game as game_named
    from keinstich.limits import check_whole

    check_whole("students", students, 1, 200)
    start = game_named(game).deal(contract, seed)
    given = deal_code(start, seat, seed=seed, bots=["heuristic"] * start.players)
    rng = random.Random(f"{game} {contract} {seed} class")
    bots = HeuristicBot()
    codes = {}
    for i in range(students):
        name = NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else f" {i // len(NAMES) + 1}")
        student = bots if rng.random() < 0.5 else RandomBot(rng.randrange(10_000))
        deal = start.copy()
        while not deal.over:
            mover = deal.turn
            assert mover is not None
            deal.play(bot_move(student if mover == seat else bots, deal.observation(mover)), mover)
        codes[name] = result_code(given, deal, name=name).text
    return codes
