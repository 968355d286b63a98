"""`make lab` starts JupyterLab for root and for a normal user alike.

JupyterLab refuses to run as root unless given --allow-root, and a container or a fresh cloud machine
often runs as root. The Makefile asks `id -u`; these tests put a fake `id` first on PATH and read the
command `make -n lab` would run (nothing is installed or started).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKE = shutil.which("make")

pytestmark = pytest.mark.skipif(MAKE is None, reason="no `make` on this machine")


def lab_command(tmp_path: Path, uid: int) -> str:
    """The `jupyter lab` line of `make -n lab` when `id -u` answers `uid`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_id = bin_dir / "id"
    fake_id.write_text(f'#!/bin/sh\n[ "$1" = "-u" ] && echo {uid} && exit 0\nexec /usr/bin/id "$@"\n')
    fake_id.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("USER_ID", None)  # the Makefile's override; here `id -u` must decide
    out = subprocess.run([MAKE or "make", "-n", "-C", str(ROOT), "lab"], env=env, capture_output=True, text=True,
                         check=True).stdout
    lines = [line for line in out.splitlines() if "jupyter lab" in line]
    assert len(lines) == 1, out
    return lines[0]


def test_lab_as_root_passes_allow_root(tmp_path: Path) -> None:
    assert "--allow-root" in lab_command(tmp_path, 0).split()


def test_lab_as_a_normal_user_does_not(tmp_path: Path) -> None:
    command = lab_command(tmp_path, 1000).split()
    assert "--allow-root" not in command
    assert any(arg.endswith("lessons/00-index.ipynb") for arg in command), "the lab opens on the index"


def test_lab_says_where_to_open_it() -> None:
    out = subprocess.run([MAKE or "make", "-n", "-C", str(ROOT), "lab", "USER_ID=1000"], capture_output=True,
                         text=True, check=True).stdout
    assert "lab/tree/lessons/00-index.ipynb?token=" in out, "make lab tells the reader which address to open"
    # JupyterLab prints that address itself: the lab's default URL is the index, under the repository root.
    assert "--LabApp.default_url=/lab/tree/lessons/00-index.ipynb" in out
    assert "--ServerApp.root_dir=." in out
