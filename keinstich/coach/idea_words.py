"""The sentences of the ideas (:mod:`.ideas`): what a reading says, with the deal's own cards, in one or two plain
sentences; the clue a wrong try gets (the idea's name, no card); and how the judge saw it (in how many of the deals
where the card cost the lines show it).

Each form of a reading has one message (two where "the next" and "a later" lead differ), whole, with named
placeholders; ``tests/idea_claims.py`` reads every one back against the judge's lines.
"""

from __future__ import annotations

from keinstich.cards import Style, Suit
from keinstich.deal import Move, move_cards
from keinstich.wording.i18n import _, ngettext

from .fair import key
from .grades import Grade
from .ideas import IDEAS, Reading, idea_name
from .judge import Verdict
from .why import amount, move_text

FORMS = ("duck", "duck-low", "lead-safe", "lead-cheaper", "exit", "void-next", "void-later", "shed", "unblock-follow",
         "unblock-lead", "unblock-take", "take-now", "take-cheap", "take", "trump", "smear", "spare", "keep", "count")
"""Every form's message (:func:`form_text` says them). A form names the leading move ``{best}``, the move it is
measured against ``{move}``, and the card ``{card}`` and suit ``{suit}`` the reading found."""


def template(form: str) -> str:
    """A form's message in the language spoken with its placeholders unfilled (what a checker reads back)."""
    return form_text(form, best="{best}", move="{move}", card="{card}", suit="{suit}")


def form_key(r: Reading) -> str:
    """The message a reading is said with (its form; a void's by whether the next lead of the suit is meant)."""
    if r.form == "void":
        return "void-next" if r.next else "void-later"
    return r.form


def form_text(form: str, **fields: str) -> str:
    """A form's message in the language spoken, its fields filled (each a literal for the catalogs' extractor)."""
    said = {
        "duck": lambda: _("Duck: {best} stays under {card}, and someone else takes this trick; {move} takes it.",
                          **fields),
        "duck-low": lambda: _("Play low: a later card goes over {best}, and that player takes this trick; {move} takes "
                              "it.", **fields),
        "lead-safe": lambda: _("Choose a safe lead: led, {best} leaves this trick to someone else; {move} takes it.",
                               **fields),
        "lead-cheaper": lambda: _("Choose a safe lead: you take this trick either way, but it costs you less after "
                                  "{best} than after {move}.", **fields),
        "exit": lambda: _("Keep an exit card: keep {move}, a low {suit} card, to play under a later {suit} lead; "
                          "without it you take that trick with {card}.", **fields),
        "void-next": lambda: _("Make a void: {best} is your only {suit} card; after it, the next {suit} lead lets you "
                               "throw {card}, which otherwise takes a trick.", **fields),
        "void-later": lambda: _("Make a void: {best} is your only {suit} card; after it, a later {suit} lead lets you "
                                "throw {card}, which otherwise takes a trick.", **fields),
        "shed": lambda: _("Shed the dangerous card: you cannot follow {suit}, so throw {best} now; kept, it takes a "
                          "trick later.", **fields),
        "unblock-follow": lambda: _("Unblock: {best} is safe under {card} now; kept, it takes a trick later.",
                                    **fields),
        "unblock-lead": lambda: _("Unblock: lead {best} now, while a higher {suit} card is still out; kept, it takes "
                                  "a trick later.", **fields),
        "unblock-take": lambda: _("Unblock: you take this trick anyway, so take it with {best}; kept, it takes a "
                                  "trick later.", **fields),
        "take-now": lambda: _("Take the trick while it is cheap: {best} takes this one; kept, it takes a dearer trick "
                              "later.", **fields),
        "take-cheap": lambda: _("Take the trick while it is cheap: {best} takes this one; after {move} you take a "
                                "later trick that costs you more.", **fields),
        "take": lambda: _("Take the trick: {best} wins this one for your side; after {move} the other side takes it.",
                          **fields),
        "trump": lambda: _("Trump: you cannot follow {suit}, and {best} takes this trick for your side; after {move} "
                           "the other side takes it.", **fields),
        "smear": lambda: _("Smear: your partner takes this trick, and {best} gives it more points than {move}.",
                           **fields),
        "spare": lambda: _("Keep your points: {card} takes this trick for the other side either way, and {move} "
                           "gives it more points than {best}.", **fields),
        "keep": lambda: _("Keep your winner: {card} takes this trick either way, so play {best} to it; kept, {move} "
                          "takes a later trick for you.", **fields),
        "count": lambda: _("Count the {suit}: after {move}, your {card} is left to take a later {suit} trick; after "
                           "{best} it stays under.", **fields),
    }
    return said[form]()


def fields_of(r: Reading, style: Style) -> dict[str, str]:
    """What a reading's message names, in the pack's words."""
    out = {"best": move_cards(r.best)[0].label(style), "move": move_cards(r.move)[0].label(style)}
    if r.cards:
        out["card"] = r.cards[0].label(style)
    if r.suit is not None:
        out["suit"] = suit_name(r.suit, style)
    return out


def suit_name(suit: Suit, style: Style) -> str:
    """A suit as a sentence names it: its name in the pack's words, capitalised ("Leaves", "Grün")."""
    name = suit.label(style)
    return name[:1].upper() + name[1:]


def idea_sentence(r: Reading, style: Style) -> str:
    """The reading's sentence: the idea, with this deal's cards."""
    return form_text(form_key(r), **fields_of(r, style))


def clue(r: Reading) -> str:
    """What a wrong try may be told (no card named, the good ones least of all): the idea's name."""
    return _("A clue: {idea}.", idea=idea_name(r.idea))


def how_seen(r: Reading, style: Style) -> str:
    """How the judge saw it: in how many of the deals looked at where the move cost the lines show the idea."""
    return ngettext("The coach's lines show it in {k} of the {n} deals where {move} cost you more.",
                    "The coach's lines show it in {k} of the {n} deals where {move} cost you more.", r.costly,
                    k=len(r.rows), move=move_cards(r.move)[0].label(style))


def plain(v: Verdict, move: Move, style: Style | None = None) -> str:
    """What ``move`` cost, in plain words (the method and the doubt stay in the verdict's own sentence, :meth:`~.judge.
    Verdict.why`): "König of Bells costs you about 5 pf more than 10 of Bells, on average."."""
    s = style or v.style
    move = v._legal(move)
    grade, m = v.grade(move), move_text(move, s)
    if v.forced:
        return _("{move} was your only legal move", move=m)
    if v.judged is None:
        return v.why(move, s)
    if grade == Grade.BEST:
        return _("{move} was a best card.", move=m)
    cost, margin = v.cost(move), v.margin(move)
    fields = {"move": m, "best": move_text(v.leader, s), "amount": amount(round(cost) if margin >= 1 else cost, v.unit)}
    if grade == Grade.FINE:
        return _("{move} was close to the best: about {amount} behind {best}, on average.", **fields)
    return _("{move} costs you about {amount} more than {best}, on average.", **fields)


def wrong_try(v: Verdict, move: Move, style: Style | None = None) -> str:
    """What a wrong try is told before the next: what it cost, and the idea's name as a clue; no good card named."""
    s = style or v.style
    move = v._legal(move)
    cost, margin = v.cost(move), v.margin(move)
    said = _("{move} costs you about {amount} more than the best card here, on average.", move=move_text(move, s),
             amount=amount(round(cost) if margin >= 1 else cost, v.unit))
    r = v.idea(move)
    return said if r is None else f"{said} {clue(r)}"


def tempting(v: Verdict) -> Move | None:
    """The card a learner is most likely to play instead of the best: the rule of thumb's where it is not best, else
    the cheapest mistake, else the cheapest card close to the best (None where every legal card is best, or the judge
    measured none)."""
    if v.judged is None or v.forced:
        return None
    if v.grade(v.usual) != Grade.BEST and move_cards(v.usual):
        return v.usual
    for grades in ((Grade.MISTAKE, Grade.BLUNDER), (Grade.FINE,)):
        other = [m for m in v.legal if v.grade(m) in grades and move_cards(m)]
        if other:
            return min(other, key=lambda m: (v.cost(m), v.legal.index(m)))
    return None


def why_best(v: Verdict, style: Style | None = None) -> Reading | None:
    """The idea the best card follows against the most tempting other card (:func:`tempting`), read off the judge's
    lines: what a right answer, a shown answer or the Hint can teach (None where none is read)."""
    other = tempting(v)
    return None if other is None else v.idea(other)


def hint_plain(v: Verdict, style: Style | None = None) -> str:
    """Why the Hint's card, in plain words: where the rule of thumb plays it too, its reason; where the rule of thumb
    plays another card, the idea the Hint's card follows against it (or what that card would cost). How it was
    judged stays in :meth:`~.judge.Verdict.hint_reason`."""
    from keinstich.wording import reason_words

    s = style or v.style
    if v.forced:
        return _("your only legal move")
    if v.judged is None or key(v.usual) == key(v.hint):
        return _("the rule of thumb plays it too: {reason}",
                 reason=reason_words(v.usual_reason, style=s, spelled=True))
    if v.grade(v.usual) == Grade.BEST:
        return _("as good here as the rule of thumb's {move}: {reason}", move=move_text(v.usual, s),
                 reason=reason_words(v.usual_reason, style=s, spelled=True))
    r = v.idea(v.usual)
    if r is not None:
        return idea_sentence(r, s)
    cost, margin = v.cost(v.usual), v.margin(v.usual)
    return _("the rule of thumb would play {move}, but here that costs about {amount} more, on average",
             move=move_text(v.usual, s), amount=amount(round(cost) if margin >= 1 else cost, v.unit))


def lesson_of(r: Reading) -> str:
    """The lesson that teaches the reading's idea (its notebook's file name)."""
    return IDEAS[r.idea].lesson


__all__ = ["FORMS", "clue", "fields_of", "form_key", "form_text", "hint_plain", "how_seen", "idea_sentence",
           "lesson_of", "plain", "suit_name", "template", "tempting", "why_best", "wrong_try"]
