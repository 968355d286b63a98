"""Quiz widgets built from engine positions: "Which cards may you play?" and "Which card would you play?".

Positions come from :func:`quiz_position`: a seeded deal of any game in the registry, some moves
played by heuristic bots. The widgets never decide a rule and never change the deal they ask about:
the answer to the first question is the deal's ``legal()`` with ``why_illegal()`` as the reason for
every other card; the second is judged by a bot (heuristic or Monte Carlo) or the exact solver's
``card_values()``. Both are written against the Deal protocol: a trick deal, a lay-off deal (the
first quiz) and Herzblatt's card play. Every button is guarded: an exception shows in the message area.
Every change of the position and the hand happens under the quiz's lock. A judge that takes a while
(the solver, the Monte Carlo bot) thinks in a background thread: when it has not answered within
:data:`INLINE` seconds the quiz shows a progress note and a Stop button and stays usable.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

import ipywidgets as widgets

from keinstich.bots.heuristic import HeuristicBot, sign_of
from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.deal import Deal
from keinstich.faces import card_name, card_width, domino_svg, guess_style, seat_name
from keinstich.faces.layout import LayOffView

from ._games import bot_move, game_of, hand_order, lays_off, tricks_of
from ._positions import QuizError, dealt_pack, has_choice, instructive, quiz_position, some_illegal
from ._thinking import Thinking
from .cardview import HandView, TrickView

__all__ = ["BestCardQuiz", "LegalCardsQuiz", "QuizError", "dealt_pack", "quiz_position"]

Judge = Literal["solver", "heuristic", "montecarlo"]
JUDGES: tuple[str, ...] = ("solver", "heuristic", "montecarlo")
INLINE = 0.4
"""Seconds a Check waits for a slow judge before it shows a progress note and a Stop button instead."""
Verdict = tuple[tuple[Card, ...], str, dict[Card | None, int] | None]


# --- shared widget plumbing -------------------------------------------------------------------------


class _Quiz(widgets.VBox):  # type: ignore[misc]
    """Position display, a hand, Check / Show answer / Next, and a message area."""

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"{type(self).__name__}({self.deal!r}, seat {self.seat})"


    question_en = ""
    question_de = ""

    def __init__(self, deal: Deal, seat: int | None, *, factory: Callable[[int | str], Deal] | None,
                 seed: int | str | None, names: Sequence[str] | None, style: Style | None,
                 four_colour: bool | None, lang: Lang, width: float, card_size: str | float | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if card_size is not None:  # "small", "medium", "large" or pixels, as the Table takes it
            width = card_width(card_size)
        self.add_class("ks-quiz")
        self.lock = threading.RLock()
        self.factory = factory
        self.seed = seed
        self.names = list(names) if names is not None else None
        self.lang: Lang = lang
        self.four_colour = four_colour
        self.width = width
        self._style_choice = style
        self.asked = 0
        self.right = 0
        self.title = widgets.HTML()
        self.position = widgets.HTML()
        self.trick_view: TrickView | None = None
        self.table_box = widgets.Box()
        self.hand = HandView((), on_click=self._guard(self._card_clicked), on_error=self.say, width=width,
                             lang=lang, four_colour=four_colour)
        self.check_button = widgets.Button(description="Check" if lang == "en" else "Prüfen", button_style="primary")
        self.answer_button = widgets.Button(description="Show answer" if lang == "en" else "Lösung zeigen")
        self.next_button = widgets.Button(description="Next" if lang == "en" else "Nächste")
        self.check_button.on_click(self._guard(lambda _: self.check()))
        self.answer_button.on_click(self._guard(lambda _: self.show_answer()))
        self.next_button.on_click(self._guard(lambda _: self.next()))
        self.feedback = widgets.HTML()
        self.score_html = widgets.HTML()
        self.children = [self.title, self.position, self.table_box, self.hand,
                         widgets.HBox([self.check_button, self.answer_button, self.next_button]),
                         self.feedback, self.score_html]
        self.deal: Deal = deal
        self.seat = 0
        self.load(deal, seat)

    # --- helpers ------------------------------------------------------------------------------------

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception as e:  # every callback error shows in the widget
                self.say(f"{type(e).__name__}: {e}", error=True)
                return None

        return run

    def say(self, text: str, *, error: bool = True, raw: bool = False) -> None:
        """Show a message (an error in red) in the message area."""
        body = text if raw else html.escape(text)
        self.feedback.value = f"<div style='color:#b00020'>{body}</div>" if error else body

    @property
    def en(self) -> bool:
        return self.lang == "en"

    @property
    def style(self) -> Style:
        if self._style_choice is not None:
            return self._style_choice
        return guess_style([c for h in self.deal.dealt for c in h])

    def name(self, c: Card) -> str:
        return card_name(c, self.style, self.lang)

    def who(self, s: int) -> str:
        return seat_name(s, self.names, self.lang)

    # --- a position ---------------------------------------------------------------------------------

    def load(self, deal: Deal, seat: int | None = None) -> None:
        """Ask about another position (the seat to move answers)."""
        with self.lock:
            self._load(deal, seat)

    def _load(self, deal: Deal, seat: int | None) -> None:
        if deal.turn is None:
            raise QuizError("the deal is over: a quiz needs a position with a player to move")
        if seat is not None and seat != deal.turn:
            raise QuizError(f"it is seat {deal.turn}'s turn, not seat {seat}'s: the quiz asks the player to move")
        self.deal, self.seat = deal, deal.turn
        self.checked = False
        self.reset()
        with self.hold_sync():
            self.title.value = f"<h4 style='margin:4px 0'>{html.escape(self.question())}</h4>"
            self.position.value = self._position_text()
            self._draw_table()
            self.hand.set_look(style=self.style, four_colour=self.four_colour, lang=self.lang, width=self.width)
            self.refresh_hand()
            self.feedback.value = ""
            self.next_button.disabled = self.factory is None
            self.next_button.tooltip = "" if self.factory is not None else (
                "build the quiz with from_seed(...) to get new positions" if self.en else "kein Nachschub")

    def question(self) -> str:
        return self.question_en if self.en else self.question_de

    def _position_text(self) -> str:
        d = self.deal
        g = game_of(d.game)
        name = html.escape(g.contract_name(g.contract_of(d)))
        you = html.escape(self.who(self.seat))
        if not lays_off(d):
            play = tricks_of(d)
            k = len(play.tricks) + 1
            text = (f"<b>{name}</b> · trick {k} of {play.total_tricks} · you are <b>{you}</b>" if self.en else
                    f"<b>{name}</b> · Stich {k} von {play.total_tricks} · du bist <b>{you}</b>")
            if not play.trick:
                text += " · you lead" if self.en else " · du spielst aus"
            return text
        return (f"<b>{name}</b> · you are <b>{you}</b>" if self.en else f"<b>{name}</b> · du bist <b>{you}</b>")

    def _draw_table(self) -> None:
        d = self.deal
        if not lays_off(d):
            trick = tricks_of(d).trick
            if self.trick_view is None:
                self.trick_view = TrickView(d.players, trick, self.names, me=self.seat, style=self.style,
                                            four_colour=self.four_colour, lang=self.lang, width=self.width * 0.8)
            else:
                self.trick_view.me = self.seat
                self.trick_view.set_look(style=self.style, four_colour=self.four_colour, lang=self.lang)
                self.trick_view.update(trick, None, players=d.players, names=self.names)
            self.table_box.children = [self.trick_view]
        else:
            svg = domino_svg(cast(LayOffView, d), style=self.style, four_colour=self.four_colour, lang=self.lang,
                             width=self.width * 0.6)
            self.table_box.children = [widgets.HTML(svg)]

    # --- to be filled in --------------------------------------------------------------------------

    def reset(self) -> None: ...

    def refresh_hand(self) -> None: ...

    def _card_clicked(self, c: Card) -> None: ...

    def check(self) -> None: ...

    def show_answer(self) -> None: ...

    def next(self) -> None:
        """A new position from the next seed."""
        if self.factory is None or self.seed is None:
            self.say("no next position: build the quiz with from_seed(...)" if self.en
                     else "keine weitere Aufgabe: from_seed(...) benutzen")
            return
        nxt = self.seed + 1 if isinstance(self.seed, int) else f"{self.seed}+"
        self.say("dealing the next position…" if self.en else "teile die nächste Aufgabe aus…", error=False)
        deal = self.factory(nxt)
        with self.lock:  # the position, the hand and the seed change together
            self.seed = nxt
            self.load(deal)

    def _score(self, good: bool) -> None:
        if not self.checked:
            self.asked += 1
            self.right += int(good)
            self.checked = True
        self.score_html.value = (f"<small>{self.right} of {self.asked} right at the first try</small>" if self.en
                                 else f"<small>{self.right} von {self.asked} auf Anhieb richtig</small>")


# --- "Which cards may you play?" --------------------------------------------------------------------


class LegalCardsQuiz(_Quiz):
    """"Which cards may you play?": toggle the cards you think are allowed, then press Check.

    The feedback says right or wrong and, for every card, the engine's reason (``why_illegal``).
    ``LegalCardsQuiz.from_seed("no-hearts", 7)`` builds positions where some cards are not allowed
    and "Next" deals the next seed.
    """

    question_en = "Which cards may you play?"
    question_de = "Welche Karten darfst du spielen?"

    def __init__(self, deal: Deal, seat: int | None = None, *, factory: Callable[[int | str], Deal] | None = None,
                 seed: int | str | None = None, names: Sequence[str] | None = None, style: Style | None = None,
                 four_colour: bool | None = None, lang: Lang = "en", width: float = 64, **kwargs: Any) -> None:
        self.selected: set[Card] = set()
        super().__init__(deal, seat, factory=factory, seed=seed, names=names, style=style,
                         four_colour=four_colour, lang=lang, width=width, **kwargs)

    @classmethod
    def from_seed(cls, contract: Any = "no-hearts", seed: int | str = 0, *,
                  players: int | None = None, pack_id: str | None = None, game: str = "kein-stich",
                  **kwargs: Any) -> LegalCardsQuiz:
        """A quiz on seeded positions in which some of the learner's cards are not allowed."""
        def factory(s: int | str) -> Deal:
            return quiz_position(contract, s, players=players, pack_id=pack_id, game=game, want=some_illegal)

        return cls(factory(seed), factory=factory, seed=seed, **kwargs)

    def reset(self) -> None:
        self.selected = set()

    def refresh_hand(self) -> None:
        hand = sort_hand(self.deal.hand(self.seat), hand_order(self.deal))
        self.hand.set_cards(hand)  # every card can be toggled
        self.hand.highlight(self.selected)

    def _card_clicked(self, c: Card) -> None:
        if c in self.selected:
            self.selected.discard(c)
        else:
            self.selected.add(c)
        self.hand.highlight(self.selected)

    def answer(self) -> frozenset[Card]:
        """The cards the engine allows."""
        return frozenset(self.deal.legal())

    def check(self) -> None:
        """Compare the selection with the engine's legal cards; give the reason for each card."""
        if not self.selected:
            self.say("Select the cards you think you may play, then press Check." if self.en else
                     "Wähle die Karten, die du spielen darfst, dann „Prüfen“.", error=False)
            return
        legal = self.answer()
        good = self.selected == legal
        self._score(good)
        head = ("<b style='color:#0b7a28'>Right!</b>" if good else "<b style='color:#b00020'>Not quite.</b>") \
            if self.en else ("<b style='color:#0b7a28'>Richtig!</b>" if good else
                             "<b style='color:#b00020'>Nicht ganz.</b>")
        self.say(head + self._explain(mark=True), error=False, raw=True)

    def show_answer(self) -> None:
        """Show the legal cards (ringed) and the reason for every card."""
        legal = self.answer()
        self.selected = set(legal)
        self.hand.highlight(legal)
        self._score(False)
        head = "<b>Answer:</b>" if self.en else "<b>Lösung:</b>"
        self.say(head + self._explain(mark=False), error=False, raw=True)

    def _explain(self, *, mark: bool) -> str:
        legal = self.answer()
        lines = []
        for c in self.deal.hand(self.seat):
            ok = c in legal
            reason = (("may be played" if self.en else "erlaubt") if ok
                      else (self.deal.why_illegal(c, self.seat, style=self.style) or ""))
            note = ""
            if mark and (c in self.selected) != ok:
                note = (" — <i>you left it out</i>" if ok else " — <i>you chose it</i>") if self.en else \
                    (" — <i>fehlt bei dir</i>" if ok else " — <i>von dir gewählt</i>")
            sign = "✓" if ok else "✗"
            colour = "#0b7a28" if ok else "#b00020"
            lines.append(f"<li><span style='color:{colour}'>{sign}</span> <b>{html.escape(self.name(c))}</b>: "
                         f"{html.escape(reason)}{note}</li>")
        return f"<ul style='margin:4px 0'>{''.join(lines)}</ul>"


# --- "Which card would you play here?" --------------------------------------------------------------


def _check_card_play(deal: Deal) -> None:
    """A position of card play in tricks (a trick deal, or Herzblatt once the cards are played)."""
    if lays_off(deal):
        raise QuizError("BestCardQuiz asks about trick deals; use LegalCardsQuiz for a domino position")
    if not deal.over and not deal.legal():
        raise QuizError(f"BestCardQuiz asks about the card play: the deal is in the {deal.phase} phase")


class BestCardQuiz(_Quiz):
    """"Which card would you play here?": click one of your legal cards, then press Check.

    ``judge``: ``"solver"`` (exact play with every hand open: the best cards and how much more your
    card costs), ``"heuristic"`` (the heuristic bot's choice and its reason) or ``"montecarlo"``
    (the Monte Carlo bot, which sees only your hand, and its reason).
    """

    question_en = "Which card would you play here?"
    question_de = "Welche Karte würdest du hier spielen?"

    def __init__(self, deal: Deal, seat: int | None = None, judge: Judge = "solver", *,
                 factory: Callable[[int | str], Deal] | None = None, seed: int | str | None = None,
                 names: Sequence[str] | None = None, style: Style | None = None, four_colour: bool | None = None,
                 lang: Lang = "en", width: float = 64, samples: int = 60, **kwargs: Any) -> None:
        if judge not in JUDGES:
            raise QuizError(f"unknown judge {judge!r}: use one of {', '.join(JUDGES)}")
        _check_card_play(deal)
        self.judge: Judge = judge
        self.samples = samples
        self.chosen: Card | None = None
        self._verdict: Verdict | None = None
        self._job: Thinking[Verdict] = Thinking(
            threading.RLock(), words="the judge is thinking" if lang == "en" else "der Richter denkt nach",
            stop_words="Stop" if lang == "en" else "Stopp", stopped_words="stopped" if lang == "en" else "gestoppt")
        super().__init__(deal, seat, factory=factory, seed=seed, names=names, style=style,
                         four_colour=four_colour, lang=lang, width=width, **kwargs)
        self._job.lock = self.lock
        buttons = self.children[4]
        buttons.children = (*buttons.children, self._job.box)

    @classmethod
    def from_seed(cls, contract: Any = "no-hearts", seed: int | str = 0, judge: Judge = "solver", *,
                  players: int | None = None, pack_id: str | None = None, game: str = "kein-stich",
                  **kwargs: Any) -> BestCardQuiz:
        """A quiz on seeded positions where the learner has at least two legal cards (with the solver
        as judge: cards that are not all equally good)."""
        want = instructive if judge == "solver" else has_choice

        def factory(s: int | str) -> Deal:
            return quiz_position(contract, s, players=players, pack_id=pack_id, game=game, want=want)

        return cls(factory(seed), judge=judge, factory=factory, seed=seed, **kwargs)

    def load(self, deal: Deal, seat: int | None = None) -> None:
        _check_card_play(deal)
        super().load(deal, seat)

    def reset(self) -> None:
        self.chosen = None
        self._verdict = None
        self._job.withdraw()  # a judge still thinking about the last position: its answer is dropped

    def refresh_hand(self) -> None:
        d = self.deal
        self.hand.set_cards(sort_hand(d.hand(self.seat), hand_order(d)), d.legal(),
                            lambda c: d.why_illegal(c, self.seat, style=self.style, you=True))
        self.hand.highlight([self.chosen] if self.chosen is not None else [])

    def _card_clicked(self, c: Card) -> None:
        with self.lock:
            self._chosen(c)

    def _chosen(self, c: Card) -> None:
        self.chosen = c
        self.hand.highlight([c])
        self.say((f"You chose {self.name(c)}: press Check." if self.en else
                  f"Gewählt: {self.name(c)} – jetzt „Prüfen“."), error=False)

    def verdict(self) -> Verdict:
        """The judge's best cards, its reason, and (solver) every legal card's final score."""
        if self._verdict is None:
            self._verdict = self._judge(self.deal)
        return self._verdict

    def _judge(self, d: Deal) -> Verdict:
        """The verdict on position ``d`` (no widget is touched: it may run in a thread)."""
        if self.judge == "solver":
            from keinstich.bots.solver import best_cards, card_values

            values = card_values(cast(Any, d))
            best = tuple(c for c in best_cards(cast(Any, d)) if c is not None)
            unit = getattr(tricks_of(d).contract, "unit", "")
            v = values[best[0]]
            reason = (f"with every hand open and everyone playing against you, the best play ends with "
                      f"{v} {unit}" if self.en else
                      f"mit offenen Karten und allen gegen dich endet das beste Spiel bei {v} {unit}")
            return best, reason, values
        in_play = dealt_pack(d)  # public: the cards in play (a hand-built deal is no named pack)
        bot: Any = HeuristicBot(pack=in_play)
        if self.judge == "montecarlo":
            from keinstich.bots.montecarlo import MonteCarloBot

            bot = MonteCarloBot(f"quiz:{self.seed}:{len(d.history)}", samples=self.samples, pack=in_play)
        seat = d.turn
        assert seat is not None
        move, reason = bot_move(bot, d, seat)  # the bot sees the learner's observation only
        return (move,), reason, None

    def _with_verdict(self, then: Callable[[Verdict], None]) -> None:
        """Call ``then(verdict)`` under the lock: at once when it is known or the judge is quick, else
        when the judge's thread answers (within :data:`INLINE` seconds this call waits for it)."""
        with self.lock:
            if self._job.busy:
                self.say("the judge is still thinking: wait, or press Stop" if self.en else
                         "der Richter denkt noch: warte, oder drück Stopp")
                return
            if self._verdict is not None or self.judge == "heuristic":
                then(self.verdict())
                return
            self.say("thinking…" if self.en else "rechne…", error=False)
            position = self.deal.copy()

            def done(v: Verdict) -> None:
                self._verdict = v
                then(v)

            self._job.start(lambda _budget: self._judge(position), done,
                            lambda e: self.say(f"{type(e).__name__}: {e}"), self._stopped)
        self._job.wait(INLINE)

    def _stopped(self) -> None:
        self.say("Stopped: press Check or Show answer to ask again." if self.en else
                 "Gestoppt: „Prüfen“ oder „Lösung zeigen“ fragt noch einmal.", error=False)

    def stop(self) -> None:
        """Stop a judge that is thinking (as the Stop button does)."""
        self._job.stop()

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for a judge that is thinking; True when none is."""
        return self._job.wait(timeout)

    def check(self) -> None:
        """Judge the chosen card: right or wrong, the judge's card and reason, the cost difference."""
        with self.lock:
            chosen = self.chosen
            if chosen is None:
                self.say("Click the card you would play, then press Check." if self.en else
                         "Klicke die Karte, die du spielen würdest, dann „Prüfen“.", error=False)
                return

        def judged(verdict: Verdict) -> None:
            best, reason, values = verdict
            good = chosen in best
            self._score(good)
            self.say(self._report(chosen, best, reason, values, good), error=False, raw=True)

        self._with_verdict(judged)

    def show_answer(self) -> None:
        """Show the judge's card(s) and reason without a guess."""
        def shown(verdict: Verdict) -> None:
            best, reason, values = verdict
            self._score(False)
            self.hand.highlight(best)
            self.say(self._report(None, best, reason, values, None), error=False, raw=True)

        self._with_verdict(shown)

    def _report(self, chosen: Card | None, best: tuple[Card, ...], reason: str,
                values: dict[Card | None, int] | None, good: bool | None) -> str:
        en = self.en
        judge = {"solver": "The solver" if en else "Der Löser", "heuristic": "The heuristic bot" if en else
                 "Der Heuristik-Bot", "montecarlo": "The Monte Carlo bot" if en else "Der Monte-Carlo-Bot"}[self.judge]
        names = ", ".join(self.name(c) for c in best)
        out = []
        if good is True:
            out.append("<b style='color:#0b7a28'>" + ("Good choice!" if en else "Gute Wahl!") + "</b>")
        elif good is False:
            out.append("<b style='color:#b00020'>" + ("Not the judge's card." if en else
                                                       "Nicht die Karte des Richters.") + "</b>")
        verb = ("would play" if en else "würde spielen") if len(best) == 1 else (
            "finds these equally good" if en else "hält diese für gleich gut")
        out.append(f"{judge} {verb}: <b>{html.escape(names)}</b> — {html.escape(reason)}.")
        if values is not None:
            contract = tricks_of(self.deal).contract
            sign = sign_of(contract)
            unit = html.escape(getattr(contract, "unit", ""))
            best_v = values[best[0]]
            if chosen is not None and chosen in values:
                diff = (values[chosen] - best_v) * -sign  # how much worse, in the contract's units
                if diff > 0:
                    what = "costs you" if sign < 0 else "scores"
                    more = "more" if sign < 0 else "less"
                    mine = html.escape(self.name(chosen))
                    out.append(f"{mine} {what} <b>{diff} {unit} {more}</b> than the best play." if en
                               else f"{mine}: <b>{diff} {unit}</b> schlechter als das beste Spiel.")
                else:
                    out.append("Your card is as good as the best play." if en
                               else "Deine Karte ist so gut wie die beste.")
            rows = "".join(
                f"<li>{html.escape(self.name(c))}: {v} {unit}</li>"
                for c, v in sorted(values.items(), key=lambda kv: (-sign * kv[1], kv[0].index if kv[0] else -1))
                if c is not None)
            out.append(("<div>Each card, with best play after it:" if en else
                        "<div>Jede Karte, bei bestem Spiel danach:") + f"<ul style='margin:2px 0'>{rows}</ul></div>")
        return "<br>".join(out)
