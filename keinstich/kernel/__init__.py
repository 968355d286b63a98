"""The kernel: the hot loops of trick play, the exact search and the heuristic play-out, on bitmasks.

Everything here works on plain integers (card masks, card indices 0…51) and flat integer arrays, so
one source runs two ways: compiled by numba when it is installed (:data:`~keinstich.kernel.jit.JIT`),
and as plain Python when it is not, or when ``KEINSTICH_JIT=0`` is set. The learner-facing objects
(:class:`~keinstich.tricks.TrickDeal`, the bots, the solver) call into it and stay as readable as they
were; tests check the kernel against them deal by deal.
"""
