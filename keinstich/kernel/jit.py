"""Compile the kernel with numba when it is there; run the same source as plain Python when not.

``KEINSTICH_JIT=0`` turns compilation off (for debugging, or to compare both paths). Compiled code is
cached beside the modules (numba's ``cache=True``), so a fresh process loads it instead of compiling:
Binder's build warms the cache (:func:`warm`). A function's cached code holds what it calls and inlines
from the kernel's other modules, while numba checks only the function's own file: so the cache key also
carries a digest of every kernel module (:func:`_kernel_cache`), and an edit anywhere in the kernel
recompiles.
"""

from __future__ import annotations

import array as _array
import hashlib
import importlib.util
import os
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

JIT = False
"""Whether the kernel is compiled (numba is importable and ``KEINSTICH_JIT`` is not ``0``)."""

if os.environ.get("KEINSTICH_JIT", "1") != "0":
    # found, not imported: the compiler loads with the first kernel module, when a deal is played out
    JIT = importlib.util.find_spec("numba") is not None


def jit(signature: str | None = None, *, nogil: bool = False, inline: bool = False,
        counted: bool = True) -> Callable[[F], F]:
    """A decorator: ``fn`` compiled in nopython mode (cached on disk) when numba is on, else ``fn`` itself.

    ``signature`` (numba's notation, ``"i8(i8, i8[::1])"``: 64-bit integers and flat integer arrays) compiles
    one version up front. Recursive functions need it: numba's disk cache breaks on a recursive call
    whose argument types differ from the outer call's (numba issue 6061). ``nogil``: the compiled code lets
    go of Python's lock, so two threads can run it on two cores at once. ``inline``: a part of a kernel
    function written apart for the reader, compiled into each caller (no call, nothing passed).
    ``counted=False``: compiled without numba's reference counting of arrays (its NRT), for code that only
    reads and writes arrays it is given and makes none: the exact search, whose parts (bounds, the table's
    probe and store, move ordering) would otherwise count each array they are handed at every position,
    a third of the search's time.
    """
    def wrap(fn: F) -> F:
        if not JIT:
            return fn
        import numba

        options: dict[str, Any] = {"cache": True, "nogil": nogil, "inline": "always" if inline else "never"}
        if not counted:
            options["_nrt"] = False
        if signature is None:
            return cast(F, _kernel_cache(numba.njit(**options)(fn)))
        return cast(F, numba.njit(signature, **options)(fn))
    return wrap


@cache
def _digest() -> str:
    """A digest of the kernel's sources (every module of this package)."""
    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _kernel_cache(dispatcher: Any) -> Any:
    """``dispatcher`` (compiled lazily, cached on disk) with the kernel's digest in its cache key; left as it
    is should numba's cache not be shaped as expected."""
    caching: Any = importlib.import_module("numba.core.caching")
    base: Any = getattr(caching, "FunctionCache", None)
    if base is None or not hasattr(base, "_index_key") or getattr(dispatcher, "_cache", None) is None:
        return dispatcher

    def index_key(self: Any, sig: Any, codegen: Any) -> Any:
        return (*base._index_key(self, sig, codegen), _digest())

    dispatcher._cache = type("KernelCache", (base,), {"_index_key": index_key})(dispatcher.py_func)
    return dispatcher


_COMPILED: dict[Any, Any] = {}


def compiled(fn: F) -> F:
    """A plain function written for both worlds (the rules of :mod:`keinstich.kernel.rules`) as the kernel
    calls it: compiled once per process with :func:`jit` (the same object for every kernel module that asks),
    or ``fn`` itself when the kernel runs as plain Python. Its callers outside the kernel call ``fn``."""
    got = _COMPILED.get(fn)
    if got is None:
        got = _COMPILED[fn] = jit()(fn)
    return cast(F, got)


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


__all__ = ["JIT", "array", "compiled", "float_array", "jit", "padded", "zeros"]
