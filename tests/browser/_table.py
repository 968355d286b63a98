"""Play the Table in a browser page and check it against a mirror: the same notebook run in the test process.

The kernel behind the page and the mirror build the same Table from the same cells (seeded deal, deterministic
bots), so after the same clicks their widgets must hold the same state. The test reads what the page shows (the
learner's card buttons, the trick drawn in the middle, the status line) and compares it with the mirror's
widgets, after every click. That checks the round trip browser -> kernel -> engine -> widgets -> browser, not
just that something changed.
"""

from __future__ import annotations

import ast
import html
import json
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

SYNC_TIMEOUT = 20.0  # seconds for the page to show a state the mirror reached (bots here answer in milliseconds)

# What the page shows of the first Table: the learner's hand (direct child of the table; the bots' hands are
# nested deeper), the trick SVG's text alternative, the status line, the message area.
JS_VIEW = """() => {
  const table = document.querySelector('.ks-table');
  if (!table) return null;
  const hand = [...table.querySelectorAll(':scope > .ks-hand button.ks-card')].map(b => ({
    // a card that may not be played is aria-disabled (focusable, saying why), the page's own disabled otherwise
    name: b.textContent.trim(), disabled: b.disabled || b.getAttribute('aria-disabled') === 'true', title: b.title,
    face: getComputedStyle(b).backgroundImage, width: b.getBoundingClientRect().width,
    height: b.getBoundingClientRect().height}));
  const svg = table.querySelector('.ks-trick svg');
  const text = sel => { const n = table.querySelector(sel); return n ? n.textContent.trim() : null; };
  return {hand, trick: svg ? svg.getAttribute('aria-label') : null,
          trickCards: svg ? [...svg.querySelectorAll('svg[aria-label]')].map(s => s.getAttribute('aria-label')) : [],
          status: text(':scope > .ks-status'), messages: text('.ks-messages')};
}"""

JS_FACES = """(root) => [...document.querySelectorAll(root + ' button.ks-card')].map(b => ({
  name: b.textContent.trim(), face: getComputedStyle(b).backgroundImage,
  width: b.getBoundingClientRect().width, height: b.getBoundingClientRect().height}))"""


def plain_text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


def code_cells(notebook: Path) -> list[str]:
    """The notebook's code cells, IPython magics and shell lines dropped (the mirror runs plain Python)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
               for c in cells if c["cell_type"] == "code"]
    return ["\n".join(line for line in src.splitlines() if not line.lstrip().startswith(("%", "!")))
            for src in sources]


def run_cells(notebook: Path) -> dict[str, Any]:
    """Run the notebook's code cells in this process; returns their namespace (the widgets, not displayed).

    As in IPython, a cell's last expression is its output: kept in the namespace as `_out1`, `_out2`, ….
    """
    namespace: dict[str, Any] = {"__name__": "__mirror__"}
    for number, source in enumerate(code_cells(notebook), 1):
        tree = ast.parse(source, str(notebook))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(notebook), "exec"), namespace)
        if last is not None:
            expression = ast.Expression(last.value)
            namespace[f"_out{number}"] = eval(compile(expression, str(notebook), "eval"), namespace)
    return namespace


def find_widget(namespace: dict[str, Any], kind: type) -> Any:
    """The first widget of class `kind` among the namespace's values and their children."""
    import ipywidgets

    todo = list(namespace.values())
    seen: set[int] = set()
    while todo:
        value = todo.pop(0)
        if isinstance(value, kind):
            return value
        if isinstance(value, ipywidgets.Box) and id(value) not in seen:
            seen.add(id(value))
            todo.extend(value.children)
    return None


class Mirror:
    """The notebook's Table built in this process, with the moves replayed as the browser test makes them."""

    def __init__(self, notebook: Path, moves: Sequence[str] = ()) -> None:
        from keinstich_widgets.table import Table

        self.notebook = notebook
        self.table = find_widget(run_cells(notebook), Table)
        if self.table is None:
            raise AssertionError(f"{notebook.name} builds no keinstich_widgets.table.Table")
        self.table.wait()
        self.moves: list[str] = []
        for name in moves:
            self.play(name)

    @classmethod
    def of(cls, table: Any) -> Mirror:
        """A mirror of a Table built here some other way (from a deal code, say), with no notebook."""
        mirror = cls.__new__(cls)
        mirror.notebook, mirror.table, mirror.moves = Path(), table, []
        table.wait()
        return mirror

    def play(self, name: str) -> None:
        button = next((b for b in self.table.hand_view.buttons if b.description == name), None)
        if button is None or button.disabled:
            raise AssertionError(f"the mirror cannot play {name!r}")
        button.click()
        self.table.wait()
        self.moves.append(name)

    def view(self) -> dict[str, Any]:
        """The same fields as JS_VIEW, from the mirror's widgets."""
        t = self.table
        label = re.search(r'aria-label="([^"]*)"', t.trick_view.html.value)
        return {
            "hand": [{"name": b.description, "disabled": bool(b.disabled), "title": b.tooltip}
                     for b in t.hand_view.buttons],
            "trick": html.unescape(label.group(1)) if label else None,
            "status": plain_text(t.status.value),
        }

    def legal(self) -> list[str]:
        return [b.description for b in self.table.hand_view.buttons if not b.disabled]

    def illegal(self) -> list[str]:
        return [b.description for b in self.table.hand_view.buttons if b.disabled]

    def trick_cards(self) -> list[str]:
        return [c.label(self.table.faces, self.table.lang) for _, c in self.table.trick_view.plays]


def page_view(page: Any) -> dict[str, Any] | None:
    view: dict[str, Any] | None = page.evaluate(JS_VIEW)
    return view


def comparable(view: dict[str, Any] | None) -> dict[str, Any] | None:
    if view is None:
        return None
    return {"hand": [{k: card[k] for k in ("name", "disabled", "title")} for card in view["hand"]],
            "trick": view["trick"], "status": view["status"]}


def wait_for_view(page: Any, expected: dict[str, Any], what: str, timeout: float = SYNC_TIMEOUT) -> dict[str, Any]:
    """Poll the page until it shows `expected`; fail with both views when it does not within `timeout`."""
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        seen = page_view(page)
        if comparable(seen) == expected:
            assert seen is not None
            return seen
        time.sleep(0.2)
    raise AssertionError(f"{what}: the page does not show what the Table holds.\n"
                         f"expected {json.dumps(expected, indent=1)}\nseen {json.dumps(comparable(seen), indent=1)}"
                         f"\nmessages: {seen and seen.get('messages')!r}")


def hand_button(page: Any, name: str) -> Any:
    return page.locator(".ks-table > .ks-hand button.ks-card").filter(has_text=re.compile(f"^{re.escape(name)}$"))


def check_faces(page: Any, root: str = ".ks-table") -> None:
    """Every card button under `root` (the learner's faces, the bots' backs) is drawn by an SVG background."""
    faces = page.evaluate(JS_FACES, root)
    assert faces, "no card buttons on the page"
    for face in faces:
        assert face["face"].startswith('url("data:image/svg+xml'), f"{face['name']}: no SVG face ({face['face'][:80]})"
        assert face["width"] >= 30 and face["height"] >= 40, f"{face['name']}: drawn {face['width']}x{face['height']}"


def pick(notebook: Path, moves: Sequence[str], candidates: Sequence[str],
         wanted: Callable[[Mirror, str], bool]) -> str | None:
    """The first candidate card after which (played on top of `moves`) `wanted(mirror, card)` holds."""
    for name in candidates:
        trial = Mirror(notebook, [*moves, name])
        if wanted(trial, name):
            return name
    return None


def play_table(page: Any, notebook: Path, *, screenshot: Callable[[str], None] | None = None) -> list[str]:
    """The browser test of a Table notebook already shown in `page`. Returns a log of what was checked.

    1. the page shows the Table's state, every card drawn as an SVG face;
    2. a click on a legal card plays it: the trick in the middle shows it with the bots' answers;
    3. played on until the learner must follow suit: illegal cards are disabled with the engine's reason as
       tooltip, and neither a forced click nor a click event dispatched by script plays one;
    4. a legal card still plays after that.
    """
    log: list[str] = []
    mirror = Mirror(notebook)
    wait_for_view(page, mirror.view(), "the table as dealt")
    check_faces(page)
    log.append(f"dealt: {len(mirror.view()['hand'])} cards in hand, faces drawn")

    # 2. A legal card that the trick view then shows together with three answers (the learner wins the trick,
    #    so the finished trick stays on the cloth); any legal card if no card does that.
    def shows_full_trick(trial: Mirror, name: str) -> bool:
        cards = trial.trick_cards()
        return name in cards and len(cards) == trial.table.setup.players

    first = pick(notebook, [], mirror.legal(), shows_full_trick) or mirror.legal()[0]
    before = len(mirror.trick_cards())
    hand_button(page, first).click()
    mirror.play(first)
    seen = wait_for_view(page, mirror.view(), f"after clicking {first}")
    assert first not in [c["name"] for c in seen["hand"]], f"{first} is still in the hand after it was played"
    assert first in seen["trickCards"] or first in mirror.table.history.value, f"{first} is not in trick or history"
    log.append(f"played {first}: trick shows {seen['trickCards']} (had {before} cards)")
    if first in seen["trickCards"]:
        assert len(seen["trickCards"]) == mirror.table.setup.players, "the bots did not answer"
    if screenshot is not None:
        screenshot("after-first-card")

    # 3. Play on until the learner must follow suit and holds cards he may not play.
    for _ in range(len(mirror.view()["hand"])):
        if mirror.illegal() or not mirror.legal():
            break

        def leads_to_illegal(trial: Mirror, name: str) -> bool:
            return bool(trial.illegal())

        move = pick(notebook, mirror.moves, mirror.legal(), leads_to_illegal) or mirror.legal()[0]
        hand_button(page, move).click()
        mirror.play(move)
        wait_for_view(page, mirror.view(), f"after clicking {move}")
        log.append(f"played {move}")
    illegal = mirror.illegal()
    assert illegal, "the deal never put the learner in a position with an illegal card: choose another seed"
    state = mirror.view()
    seen = wait_for_view(page, state, "before the illegal click")
    bad = illegal[0]
    shown = next(c for c in seen["hand"] if c["name"] == bad)
    assert shown["disabled"], f"{bad} is not disabled"
    assert shown["title"] and shown["title"] != bad, f"{bad} has no reason as tooltip: {shown['title']!r}"
    log.append(f"{bad} disabled: {shown['title']}")
    if screenshot is not None:
        screenshot("illegal-card")
    hand_button(page, bad).click(force=True)  # the page lets the keyboard and the mouse press it (aria-disabled) ...
    page.wait_for_timeout(1500)
    wait_for_view(page, state, f"after a forced click on the disabled {bad}", timeout=2)
    hand_button(page, bad).dispatch_event("click")  # ... and a script: the kernel refuses both
    page.wait_for_timeout(1500)
    after = wait_for_view(page, state, f"after a scripted click on the disabled {bad}", timeout=2)
    log.append(f"forced and scripted clicks on {bad}: nothing played; messages {after['messages']!r}")

    # 4. A legal card still plays.
    good = mirror.legal()[0]
    hand_button(page, good).click()
    mirror.play(good)
    wait_for_view(page, mirror.view(), f"after clicking {good}")
    log.append(f"played {good}")
    return log
