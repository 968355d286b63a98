"""Re-run lesson notebooks top to bottom in a fresh kernel and commit-ready them.

    python scripts/refresh_lessons.py                 # every notebook in lessons/
    python scripts/refresh_lessons.py lessons/03-no-tricks.ipynb

Run it after a change to the engine's rich displays, the card faces or a widget: committed outputs are
what nbval compares and what the web shows. Widget state and per-cell execution timestamps are stripped,
so a refresh with no real change leaves the files as they were.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def strip(path: Path) -> None:
    nb = json.loads(path.read_text())
    nb["metadata"].pop("widgets", None)
    for cell in nb["cells"]:
        cell.get("metadata", {}).pop("execution", None)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def refresh(path: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.timeout=120", str(path)], check=True, cwd=ROOT)
    strip(path)
    return time.perf_counter() - t0


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or sorted((ROOT / "lessons").glob("*.ipynb"))
    for path in paths:
        print(f"{path.name}: {refresh(path):.1f} s", flush=True)


if __name__ == "__main__":
    main()
