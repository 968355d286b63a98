"""A fresh clone's lessons open as they were saved in JupyterLab, before the reader runs or types anything: drawn, and
not modified.

Drawn: the outputs the lessons ship with show their cards. JupyterLab sanitises the HTML outputs of a notebook the
user has not trusted, which strips the cards' SVG and runs their labels together as stray text; `make lab` and
binder/postBuild trust the kit's own notebooks (scripts/trust_lessons.sh), and so does this test's site.

Not modified: no dirty dot on the tab. No widget output says "Error displaying widget": the lessons are saved without
widget state, so a widget's output keeps only its text until the cell is run.

JupyterLab marks a notebook modified when the model it builds from the file differs from the file: a format it
upgrades (nbformat minor version, missing cell ids), metadata it adds or rewrites when the kernel starts
(language_info), outputs or widget state it normalises. The committed files must already be in that form
(scripts/refresh_lessons.py writes it). The site of the other tests strips outputs, so this test serves the
committed files byte for byte, from a folder of their own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _kit import ROOT, Server, jupyter_env, open_in_lab

pytestmark = pytest.mark.browser

LESSONS = sorted(str(path.relative_to(ROOT / "lessons")) for path in (ROOT / "lessons").rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in path.parts)

# Per output of the open notebook: how many SVG drawings it shows.
JS_DRAWN = """() => [...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-OutputArea-output')]
  .map(o => o.querySelectorAll('svg').length)"""

# Outputs that show ipywidgets' error for a widget whose state was not saved.
JS_BROKEN = """() => [...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-OutputArea-output')]
  .map(o => o.innerText).filter(t => t.includes('Error displaying widget'))"""

JS_DIRTY = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const tab = document.querySelector('.lm-DockPanel-tabBar .lm-TabBar-tab.jp-mod-current');
  return {model: panel.context.model.dirty, tab: !!(tab && tab.classList.contains('jp-mod-dirty'))};
}"""

# The model as JupyterLab would save it, less what the save leaves out or the server drops (trusted, empty
# attachments of a markdown cell), so the failure message lists real changes only.
JS_MODEL = """() => {
  const nb = window.jupyterapp.shell.currentWidget.context.model.toJSON();
  for (const cell of nb.cells) {
    if (cell.metadata) delete cell.metadata.trusted;
    if (!cell.attachments || Object.keys(cell.attachments).length === 0) delete cell.attachments;
  }
  return nb;
}"""


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two JSON values differ, as paths (for the failure message: what JupyterLab changed)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                out.append(f"{path}/{key}: only in {'the model' if key in b else 'the file'}")
            else:
                out += differences(a[key], b[key], f"{path}/{key}")
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: {len(a)} items in the file, {len(b)} in the model"]
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in differences(x, y, f"{path}/{i}")]
    if isinstance(a, str | list) and isinstance(b, str | list) and type(a) is not type(b):
        return [] if "".join(a) == "".join(b) else [f"{path}: text differs"]
    return [] if a == b else [f"{path}: {json.dumps(a)[:80]} in the file, {json.dumps(b)[:80]} in the model"]


@pytest.fixture(scope="module")
def pristine(site: Path, browser_home: Path) -> str:
    """The committed lessons, copied unchanged into the served site and trusted as `make lab` trusts them (folder
    name relative to the site)."""
    folder = site / "pristine"
    shutil.copytree(ROOT / "lessons", folder / "lessons", ignore=shutil.ignore_patterns(".ipynb_checkpoints"),
                    dirs_exist_ok=True)
    env = dict(jupyter_env(browser_home), JUPYTER=str(Path(sys.executable).with_name("jupyter")))
    subprocess.run(["sh", str(ROOT / "scripts" / "trust_lessons.sh")], cwd=folder, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return f"{folder.name}/lessons"


def drawn_outputs(notebook: dict[str, Any]) -> int:
    """How many outputs of a saved notebook carry an SVG drawing (cards, tricks, charts): each must show one."""
    return sum(1 for cell in notebook["cells"] if cell["cell_type"] == "code" for out in cell.get("outputs", [])
               if "image/svg+xml" in out.get("data", {}) or "<svg" in "".join(out.get("data", {}).get("text/html", "")))


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_opens_as_saved(page: Any, lab: Server, pristine: str, lesson: str) -> None:
    on_disk = json.loads((ROOT / "lessons" / lesson).read_text(encoding="utf-8"))
    open_in_lab(page, lab, f"{pristine}/{lesson}")
    page.wait_for_timeout(1500)  # late metadata updates (kernel info, widget manager) land within this
    dirty = page.evaluate(JS_DIRTY)
    if dirty["model"] or dirty["tab"]:
        model = page.evaluate(JS_MODEL)
        changed = differences(on_disk, model)
        pytest.fail(f"{lesson} opens modified (tab dirty: {dirty['tab']}, model dirty: {dirty['model']}); "
                    f"JupyterLab changed: {changed[:20] or 'nothing visible in toJSON (order or format only)'}")
    want = drawn_outputs(on_disk)
    shown = page.evaluate(JS_DRAWN)
    drawn = sum(1 for n in shown if n)
    assert drawn >= want, (f"{lesson} opens with {want - drawn} of its {want} saved drawings not drawn (cards "
                           "stripped to text: is the notebook trusted? scripts/trust_lessons.sh)")
    broken = page.evaluate(JS_BROKEN)
    assert not broken, (f"{lesson} opens with {len(broken)} widget outputs saying {broken[0]!r}: a saved widget "
                        "view without its state (scripts/refresh_lessons.py keeps a widget's text only)")
    assert not page.js_errors, f"JavaScript errors while opening {lesson}: {page.js_errors}"
