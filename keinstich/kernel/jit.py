"""Compile the kernel with numba when it is there; run the same source as plain Python when not.

``KEINSTICH_JIT=0`` turns compilation off (for debugging, or to compare both paths). Compiled code is
cached beside the modules (numba's ``cache=True``), so a fresh process loads it instead of compiling:
Binder's build warms the cache (:func:`warm`).
"""

from __future__ import annotations

import array as _array
import importlib.util
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

JIT = False
"""Whether the kernel is compiled (numba is importable and ``KEINSTICH_JIT`` is not ``0``)."""

if os.environ.get("KEINSTICH_JIT", "1") != "0":
    # found, not imported: the compiler loads with the first kernel module, when a deal is played out
    JIT = importlib.util.find_spec("numba") is not None


def jit(signature: str | None = None, *, nogil: bool = False) -> Callable[[F], F]:
    """A decorator: ``fn`` compiled in nopython mode (cached on disk) when numba is on, else ``fn`` itself.

    ``signature`` (numba's notation, ``"i8(i8, i8[::1])"``: 64-bit integers and flat integer arrays) compiles
    one version up front. Recursive functions need it: numba's disk cache breaks on a recursive call
    whose argument types differ from the outer call's (numba issue 6061). ``nogil``: the compiled code lets
    go of Python's lock, so two threads can run it on two cores at once.
    """
    def wrap(fn: F) -> F:
        if not JIT:
            return fn
        import numba

        if signature is None:
            return cast(F, numba.njit(cache=True, nogil=nogil)(fn))
        return cast(F, numba.njit(signature, cache=True, nogil=nogil)(fn))
    return wrap


def array(values: Sequence[int]) -> Any:
    """A flat integer table for the kernel: an int64 array when compiled; when not, a memoryview of 64-bit
    integers, whose slices are views as numpy's are (the kernel updates parts of a state in place)."""
    if not JIT:
        return memoryview(_array.array("q", values))
    import numpy as np

    return np.array(values, dtype=np.int64)


def padded(values: Sequence[int], size: int) -> Any:
    """:func:`array` of ``values`` followed by zeros up to ``size`` entries; numpy converts only the values
    (a kernel state is read from its first entries, the rest is written)."""
    if not JIT:
        return array([*values, *[0] * (size - len(values))])
    import numpy as np

    out = np.zeros(size, dtype=np.int64)
    out[:len(values)] = values
    return out


def zeros(size: int, fill: int = 0) -> Any:
    """A flat integer table of ``size`` entries, all ``fill`` (see :func:`array`)."""
    if not JIT:
        return memoryview(_array.array("q", [fill]) * size)
    import numpy as np

    return np.full(size, fill, dtype=np.int64)


def float_array(values: Sequence[float]) -> Any:
    """A flat table of floats for the kernel (float64 array when compiled, a memoryview when not)."""
    if not JIT:
        return memoryview(_array.array("d", values))
    import numpy as np

    return np.array(values if len(values) else (0.0,), dtype=np.float64)




__all__ = ["JIT", "array", "float_array", "jit", "padded", "zeros"]
