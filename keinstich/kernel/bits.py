"""Bit counting on card masks (at most 52 bits), the same in compiled and plain-Python kernels."""

from __future__ import annotations

from typing import Any

from keinstich.kernel.jit import JIT, jit


def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _low_index(x: int) -> int:
    """The index of the lowest set bit of ``x`` (> 0)."""
    b = x & -x
    i = 0
    if b >= 1 << 32:
        b >>= 32
        i += 32
    if b >= 1 << 16:
        b >>= 16
        i += 16
    if b >= 1 << 8:
        b >>= 8
        i += 8
    if b >= 1 << 4:
        b >>= 4
        i += 4
    if b >= 1 << 2:
        b >>= 2
        i += 2
    if b >= 2:
        i += 1
    return i


def _high_index(x: int) -> int:
    """The index of the highest set bit of ``x`` (> 0)."""
    i = 0
    if x >= 1 << 32:
        x >>= 32
        i += 32
    if x >= 1 << 16:
        x >>= 16
        i += 16
    if x >= 1 << 8:
        x >>= 8
        i += 8
    if x >= 1 << 4:
        x >>= 4
        i += 4
    if x >= 1 << 2:
        x >>= 2
        i += 2
    if x >= 2:
        i += 1
    return i


if JIT:
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

    _tz: Any = trailing_zeros
    _lz: Any = leading_zeros
    popcount = jit()(_popcount)  # LLVM turns the loop into the processor's popcount

    @jit()
    def low_index(x: int) -> int:
        """The index of the lowest set bit of ``x`` (0 when there is none, as :func:`_low_index`): one
        instruction, where the search of :func:`_low_index` branches unpredictably."""
        return _tz(x) if x else 0

    @jit()
    def high_index(x: int) -> int:
        """The index of the highest set bit of ``x`` (0 when there is none, as :func:`_high_index`)."""
        return 63 - _lz(x) if x else 0
else:  # plain Python has these built in, and faster
    def popcount(x: int) -> int:
        return x.bit_count()

    def low_index(x: int) -> int:
        return (x & -x).bit_length() - 1 if x else 0  # 0 for none, as compiled: both paths answer alike

    def high_index(x: int) -> int:
        return x.bit_length() - 1 if x else 0


__all__ = ["high_index", "low_index", "popcount"]
