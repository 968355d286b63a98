"""A fresh clone's lessons open unmodified in JupyterLab: no dirty dot on the tab before the reader types anything.

JupyterLab marks a notebook modified when the model it builds from the file differs from the file: a format it
upgrades (nbformat minor version, missing cell ids), metadata it adds or rewrites when the kernel starts
(language_info), outputs or widget state it normalises. The committed files must already be in that form
(scripts/refresh_lessons.py writes it). The site of the other tests strips outputs, so this test serves the
committed files byte for byte, from a folder of their own.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from _kit import ROOT, Server, open_in_lab

pytestmark = pytest.mark.browser

LESSONS = sorted(path.name for path in (ROOT / "lessons").glob("*.ipynb"))

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
def pristine(site: Path) -> str:
    """The committed lessons, copied unchanged into the served site (folder name relative to it)."""
    folder = site / "pristine"
    shutil.copytree(ROOT / "lessons", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"),
                    dirs_exist_ok=True)
    return folder.name


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_opens_unmodified(page: Any, lab: Server, pristine: str, lesson: str) -> None:
    open_in_lab(page, lab, f"{pristine}/{lesson}")
    page.wait_for_timeout(1500)  # late metadata updates (kernel info, widget manager) land within this
    dirty = page.evaluate(JS_DIRTY)
    if dirty["model"] or dirty["tab"]:
        model = page.evaluate(JS_MODEL)
        on_disk = json.loads((ROOT / "lessons" / lesson).read_text(encoding="utf-8"))
        changed = differences(on_disk, model)
        pytest.fail(f"{lesson} opens modified (tab dirty: {dirty['tab']}, model dirty: {dirty['model']}); "
                    f"JupyterLab changed: {changed[:20] or 'nothing visible in toJSON (order or format only)'}")
    assert not page.js_errors, f"JavaScript errors while opening {lesson}: {page.js_errors}"
