"""Writing a file whole or not at all: nothing a reader had is lost to a failed or interrupted write.

:func:`write_atomically` writes to a temporary file beside the target and renames it over the
target only when the writing succeeded, so a full disk, a file size limit or Ctrl-C leaves the
previous file as it was and no partial file behind. :func:`cannot_write` checks a path before any
work is done for it (the command line checks ``--out`` before it simulates).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def cannot_write(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be written (one phrase), or None when it can: its folder must exist and
    take a new file, and the path must not be a folder. A probe file is created beside it and removed."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        return "it is a folder"
    if not folder.is_dir():
        return f"there is no folder {str(folder)!r}" if not folder.exists() else f"{str(folder)!r} is not a folder"
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        return f"cannot create a file in {str(folder)!r} ({e.strerror or e})"
    os.close(fd)
    os.unlink(probe)
    if target.exists() and not os.access(target, os.W_OK):
        return "the file is read-only"
    return None


def file_id(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """Which file ``path`` names now, as (device, inode), or None when there is none. A file
    :func:`write_atomically` renamed over it has another id: a caller interrupted around the rename
    compares ids to say truly whether the old file is still there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def write_atomically(path: str | os.PathLike[str], write: Callable[[str], None]) -> None:
    """Call ``write(temporary_path)`` and move the result to ``path`` only if it returned.

    The temporary file is beside ``path`` (so the rename is atomic) and gets the permissions a new
    file would get (or the old file's). On any error or interrupt it is removed and ``path`` is
    left as it was; the error propagates.
    """
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        os.chmod(tmp, _mode_for(target))
        write(tmp)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _mode_for(target: Path) -> int:
    """The permission bits of the old file, or those a new file gets under the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


__all__ = ["cannot_write", "file_id", "write_atomically"]
