"""The kit's widgets for a keyboard and a screen reader: what ipywidgets cannot say from Python.

An :class:`Access` widget sits, invisible, inside a view (the Table, a quiz, the trainer) whose root carries the
class ``ks-a11y``. Its front end (an anywidget module: anywidget is the ecosystem's standard for a widget's own
JavaScript, loaded in JupyterLab, Notebook 7 and Voila alike) does, inside that root:

- a polite live region (``role="log"``): every sentence given to :meth:`Access.say` is appended to it and read out
  once, after what the reader is saying (turns, the bots' cards, a trick's winner, the review's line);
- ``marks``: ARIA attributes the Python side wants on elements of the view, kept there as the view redraws
  (landmarks, the bots' hands as one labelled group, a table header's name);
- a learner's hand (class ``ks-mine``): a card that may not be played is ``aria-disabled`` (and dimmed by its class
  ``ks-off``) instead of ``disabled``, so it can take the focus and, pressed, say why it may not be played; after a
  play the focus stays in the hand, on the next card that may be played;
- icon-font glyphs are hidden from the buttons' names ("Undo", not "\\uf0e2 Undo").

The module's CSS gives the views' buttons, section headers and focus rings their contrast (WCAG 2.2 AA).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import traitlets

from keinstich.i18n import _

from ._shared import plain

__all__ = ["Access", "Mark"]

Mark = tuple[str, dict[str, str | None]]
"""(CSS selector inside the view's root, "" for the root itself; {attribute: value, None removes it})."""

_ESM = r"""
const CARD = 'button.ks-card';

function cards(hand) { return hand ? [...hand.querySelectorAll(':scope > ' + CARD)] : []; }
function playable(b) { return !b.classList.contains('ks-off'); }

function render({ model, el }) {
  el.classList.add('ks-access');
  const live = document.createElement('div');
  live.className = 'ks-sr-only ks-live';
  live.setAttribute('role', 'log');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-label', model.get('live_label'));
  el.appendChild(live);
  const say = () => {
    const text = model.get('said');
    if (!text) return;
    const line = document.createElement('p');
    line.textContent = text;
    live.appendChild(line);
    while (live.childElementCount > 6) live.firstElementChild.remove();
  };
  model.on('change:said_id', say);
  say();  // what was said last, there to be read when the page opens (a log announces only what comes after)

  let root = null, observer = null, timer = null, stopped = false;
  // the learner's hand: where the focus was (its index), whether it should stay there, whether we put it on a card
  // that may not be played because none could be (then it moves on when one can)
  const focus = { index: 0, keep: false, placed: false };

  const mark = () => {
    for (const [selector, attrs] of model.get('marks')) {
      const nodes = selector === '' ? [root] : root.querySelectorAll(selector);
      for (const node of nodes) {
        for (const [name, value] of Object.entries(attrs)) {
          if (value === null) { if (node.hasAttribute(name)) node.removeAttribute(name); }
          else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
        }
      }
    }
    for (const icon of root.querySelectorAll('button i.fa, button i.widget-icon, .jupyter-button > i')) {
      if (icon.getAttribute('aria-hidden') !== 'true') icon.setAttribute('aria-hidden', 'true');
    }
    for (const hand of root.querySelectorAll('.ks-mine')) {
      for (const b of cards(hand)) {
        if (b.disabled) b.disabled = false;  // ipywidgets' disabled: the class ks-off says it, focusable
        const off = playable(b) ? null : 'true';
        if (off === null) { if (b.hasAttribute('aria-disabled')) b.removeAttribute('aria-disabled'); }
        else if (b.getAttribute('aria-disabled') !== off) b.setAttribute('aria-disabled', off);
      }
    }
  };

  const settle = () => {
    timer = null;
    if (!root || stopped) return;
    mark();
    const hand = root.querySelector('.ks-mine');
    if (!hand || !focus.keep) return;
    const active = document.activeElement;
    const inHand = active && hand.contains(active);
    const lost = !active || active === document.body || !active.isConnected || !root.contains(active);
    const list = cards(hand);
    if (!list.length) {  // the deal is over: to the line under the table, else the status
      if (lost) {
        focus.keep = false;
        const shown = [...root.querySelectorAll('.ks-review-banner button:not([disabled]), .ks-status')]
          .filter(node => node.offsetParent !== null);
        const target = shown.find(node => node.matches('button')) || shown[0];
        if (target) { if (!target.matches('button')) target.tabIndex = -1; target.focus({ preventScroll: true }); }
      }
      return;
    }
    if (!(lost || (inHand && focus.placed && !playable(active)))) return;
    const start = Math.min(lost ? focus.index : list.indexOf(active), list.length - 1);
    let target = null;
    for (let k = 0; k < list.length && !target; k++) {
      const b = list[(Math.max(start, 0) + k) % list.length];
      if (playable(b)) target = b;
    }
    focus.placed = !target;  // no card may be played yet (the bots are at it): wait on the card in that place
    target = target || list[Math.max(start, 0)];
    if (target !== active) target.focus({ preventScroll: true });
  };
  const later = () => { if (!timer) timer = setTimeout(settle, 30); };

  const onFocus = (event) => {
    const hand = root && root.querySelector('.ks-mine');
    const list = cards(hand);
    const at = list.indexOf(event.target);
    if (at >= 0) { focus.index = at; focus.keep = true; }
    else if (root.contains(event.target) || event.target !== document.body) { focus.keep = false; }
  };
  const onKey = () => { focus.placed = false; };

  const attach = (tries) => {
    if (stopped) return;
    root = el.isConnected ? el.closest(model.get('root')) : null;
    if (!root) { if (tries < 400) setTimeout(() => attach(tries + 1), 50); return; }
    model.send({ event: 'shown' });  // the view is in the page: work put off until then may start (Access.when_shown)
    mark();
    observer = new MutationObserver(later);
    observer.observe(root, { subtree: true, childList: true, attributes: true,
                             attributeFilter: ['class', 'disabled', 'style'] });
    document.addEventListener('focusin', onFocus, true);
    root.addEventListener('keydown', onKey, true);
    model.on('change:marks', later);
  };
  attach(0);
  return () => {
    stopped = true;
    if (observer) observer.disconnect();
    document.removeEventListener('focusin', onFocus, true);
    if (root) root.removeEventListener('keydown', onKey, true);
  };
}
export default { render };
"""

_CSS = """
.ks-access { height: 0; width: 0; overflow: visible; margin: 0 !important; }
.ks-sr-only { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
              clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
/* contrast (WCAG 2.2 AA, 4.5:1 for text): white on ipywidgets' info cyan #0097a7 is 3.5:1, on #00727e 5.7:1 */
.ks-a11y .jupyter-button.mod-info { background-color: #00727e; }
.ks-a11y .jupyter-button.mod-info:hover:enabled { background-color: #005f69; }
.ks-a11y .jupyter-button.mod-info.mod-active { background-color: #004f57; }
/* a collapsed section's header, a tab not shown: ipywidgets' secondary grey on #eeeeee is 4.45:1, the primary ink
   13:1 */
.ks-a11y .jupyter-widget-Collapse-header, .ks-a11y .p-Collapse-header, .ks-a11y .lm-Collapse-header,
.ks-a11y .lm-TabBar-tab, .ks-a11y .widget-tab > .lm-TabBar .lm-TabBar-tab {
  color: var(--jp-ui-font-color1, rgba(0, 0, 0, 0.87)); }
/* a focus ring on every control, 3 px of dark blue (6.3:1 on white), also where ipywidgets draws none */
.ks-a11y button:focus-visible, .ks-a11y select:focus-visible, .ks-a11y input:focus-visible,
.ks-a11y textarea:focus-visible, .ks-a11y .jupyter-widget-Collapse-header:focus-visible,
.ks-a11y [tabindex]:focus-visible {
  outline: 3px solid #1a5fb4 !important; outline-offset: 2px; }
.ks-a11y select:focus, .ks-a11y input:focus, .ks-a11y textarea:focus {
  outline: 3px solid #1a5fb4; outline-offset: 1px; }
.ks-a11y .jupyter-widget-Collapse-header:focus-within { outline: 3px solid #1a5fb4; outline-offset: -3px; }
.ks-a11y .jupyter-button.ks-card:focus-visible {
  outline: 3px solid #1a5fb4 !important; outline-offset: 2px; box-shadow: 0 0 0 2px #ffffff; }
/* a card of the learner's that may not be played: dimmed, as a disabled one was, and still focusable */
.ks-a11y .ks-mine > .jupyter-button.ks-card.ks-off { opacity: .45; cursor: not-allowed; filter: grayscale(35%); }
.ks-a11y .ks-mine > .jupyter-button.ks-card.ks-off:hover { transform: none; box-shadow: none; }
"""


class Access(anywidget.AnyWidget):
    """The live region and the ARIA marks of one view (see the module's docstring). ``root``: the CSS selector of
    the view's root, looked up from the widget's place in the page (the nearest one around it)."""

    _esm = _ESM
    _css = _CSS
    root = traitlets.Unicode(".ks-a11y").tag(sync=True)
    live_label = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    said_id = traitlets.Int(0).tag(sync=True)
    marks: traitlets.List[list[Any]] = traitlets.List().tag(sync=True)

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return "Access()"

    def __init__(self, live_label: str = "", marks: Sequence[Mark] = (), **kwargs: Any) -> None:
        super().__init__(live_label=live_label, marks=[[s, dict(a)] for s, a in marks],
                         **{**plain(anywidget.AnyWidget), **kwargs})  # never seen: a shared, fixed box
        self.spoken: list[str] = []
        """Every sentence said, in order (what a screen reader was given to read)."""
        self._when_shown: list[Callable[[], None]] = []
        self.on_msg(self._message)

    def when_shown(self, then: Callable[[], None]) -> None:
        """Call ``then`` when a page shows the view (its front end says so; again for each page that does): the
        Table's coach starts thinking ahead only then, so a student's first table comes first."""
        self._when_shown.append(then)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "shown":
            for then in self._when_shown:
                then()

    def say(self, *sentences: str) -> None:
        """Give the live region these sentences (one announcement; empty ones are left out)."""
        text = " ".join(s.strip() for s in sentences if s and s.strip())
        if not text:
            return
        self.spoken.append(text)
        with self.hold_sync():
            self.said = text
            self.said_id += 1

    def refuse(self, card: str, reason: str) -> None:
        """Say why the card named ``card`` may not be played (``reason``: the refusal its tooltip gives)."""
        why = reason.strip().rstrip(".") or _("not playable now")
        self.say(_("You cannot play {card}: {reason}.", card=card, reason=why))

    def set_marks(self, marks: Sequence[Mark]) -> None:
        """Replace the marks (the front end applies them at once and after every redraw)."""
        value = [[s, dict(a)] for s, a in marks]
        if value != self.marks:
            self.marks = value
