"""axe-core in a page: the accessibility checker, injected from tests/browser/node_modules (`make browser` installs
it from the npm registry at the version package-lock.json pins), and its findings counted by impact.

A missing axe-core is an error, never a skip: the check would report as passed what it never looked at.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
MISSING_AXE = (f"axe-core is missing ({AXE}): install it with `make {AXE.relative_to(Path(__file__).parents[2])}` "
               "(`cd tests/browser && npm ci`), which `make browser` does.")
IMPACTS = ("critical", "serious", "moderate", "minor")
BLOCKING = ("critical", "serious")

# axe's WCAG 2.x A and AA rules and its best practices (landmarks, empty table headers among them)
JS_RUN = """async (context) => {
  const result = await axe.run(context ? document.querySelectorAll(context) : document,
                               {resultTypes: ['violations'],
                                runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa',
                                                                 'wcag22aa', 'best-practice']}});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary,
                              html: n.html.slice(0, 200)}))}));
}"""


def inject(page: Any) -> None:
    """Put axe-core into the page (once)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))


def run_axe(page: Any, context: str | None = None) -> list[dict[str, Any]]:
    """axe's violations in the page (or in the elements matching the CSS selector ``context``)."""
    inject(page)
    found: list[dict[str, Any]] = page.evaluate(JS_RUN, context)
    return found


def figures(violations: list[dict[str, Any]]) -> dict[str, int]:
    """Violations counted by impact, one per element that fails a rule (as axe's own reports count them)."""
    counts: Counter[str] = Counter()
    for v in violations:
        counts[v["impact"] or "minor"] += len(v["nodes"])
    return {impact: counts[impact] for impact in IMPACTS}


def describe(violations: list[dict[str, Any]]) -> str:
    """One line per rule broken (impact, rule, elements), then each element's target and axe's summary."""
    lines = []
    for v in sorted(violations, key=lambda v: IMPACTS.index(v["impact"] or "minor")):
        lines.append(f"{v['impact']}: {v['id']} ({v['help']}): {len(v['nodes'])} element(s)")
        for node in v["nodes"][:8]:
            summary = " ".join((node["summary"] or "").split())[:300]
            lines.append(f"    {node['target']}  {summary}")
    return "\n".join(lines)


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The serious and critical violations, which fail the test."""
    return [v for v in violations if v["impact"] in BLOCKING]
