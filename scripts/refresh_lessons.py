"""Re-run lesson notebooks top to bottom in a fresh kernel and commit-ready them.

    python scripts/refresh_lessons.py                 # every notebook in lessons/ and lessons/de/
    python scripts/refresh_lessons.py lessons/03-no-tricks.ipynb lessons/de/03-kein-stich.ipynb
    python scripts/refresh_lessons.py --format-only   # normalise the files without running them

Run it after a change to the engine's rich displays, the card faces or a widget: committed outputs are
what nbval compares and what the web shows. Widget state and per-cell execution timestamps are stripped,
so a refresh with no real change leaves the files as they were.

The files are written in the form JupyterLab would save them, so a fresh clone's lessons open without the
"modified" dot: nbformat's own writer (sorted keys, one-space indent, a final newline), and the kernelspec
that JupyterLab writes into the notebook when the kernel starts (ipykernel's "Python 3 (ipykernel)"; a
different display name there was why every lesson opened as modified).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
REDRAWN = re.compile(r"^.*\r(?=[^\n])", re.MULTILINE)
"""A line's text before a carriage return that redraws it (a progress bar): front ends and nbval show only the rest."""


def kernelspec() -> dict[str, str]:
    """The notebook metadata JupyterLab sets when it starts the ``python3`` kernel (ipykernel's own spec)."""
    from ipykernel.kernelspec import get_kernel_dict

    spec = get_kernel_dict()
    return {"display_name": spec["display_name"], "language": spec["language"], "name": "python3"}


def normalised(text: str) -> str:
    """The notebook ``text`` as JupyterLab keeps it: no widget state, no execution timestamps, the kernelspec
    it would write, nbformat's layout; a progress bar's last drawing only (:func:`last_drawings`). A widget's
    output keeps only its text: without the widget state, its view would open as "Error displaying widget: model
    not found" before the reader runs the cell (nbval does not compare widget views)."""
    import nbformat

    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = kernelspec()
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)
        if cell.get("outputs"):
            cell["outputs"] = last_drawings(cell["outputs"])
            for output in cell["outputs"]:
                output.get("data", {}).pop(WIDGET_VIEW, None)
    out = str(nbformat.writes(nb))
    return out if out.endswith("\n") else out + "\n"  # as nbformat.write, and so the Jupyter server, saves it


def last_drawings(outputs: list[Any]) -> list[Any]:
    """``outputs`` with a progress bar's drawings kept only as the last: a run of one stream's outputs is joined
    (the kernel cuts printed text into messages as timing falls), and the text a carriage return redraws is
    dropped, as nbval compares them; so the stored text is the same on every run. Other outputs are left as
    they are."""
    runs: list[list[Any]] = []
    for output in outputs:
        last = runs[-1][-1] if runs else None
        same = (last is not None and output.get("output_type") == "stream" == last.get("output_type")
                and output.get("name") == last.get("name"))
        runs[-1:] = [[*runs[-1], output]] if same else [*runs[-1:], [output]]
    kept: list[Any] = []
    for run in runs:
        if run[0].get("output_type") == "stream" and (len(run) > 1 or any("\r" in o["text"] for o in run)):
            run[0]["text"] = REDRAWN.sub("", "".join(o["text"] for o in run))
            run = run[:1]
        kept.extend(run)
    return kept


def strip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    new = normalised(text)
    if new != text:
        path.write_text(new, encoding="utf-8")


def refresh(path: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.timeout=120", str(path)], check=True, cwd=ROOT)
    strip(path)
    return time.perf_counter() - t0


def main() -> None:
    args = sys.argv[1:]
    format_only = "--format-only" in args
    paths = [Path(p) for p in args if p != "--format-only"] or [
        *sorted((ROOT / "lessons").glob("*.ipynb")), *sorted((ROOT / "lessons" / "de").glob("*.ipynb"))]
    for path in paths:
        if format_only:
            strip(path)
            print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: normalised", flush=True)
        else:
            print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: {refresh(path):.1f} s", flush=True)


if __name__ == "__main__":
    main()
