"""numba's ``njit`` when numba is installed (compiled on first use, the machine code cached on disk), else the
plain Python function: the same kernel runs either way, compiled or not (slow but correct).

``BALOOT_PURE_PYTHON=1`` in the environment runs the kernel un-compiled even with numba installed (so does
numba's own ``NUMBA_DISABLE_JIT=1``); the tests use it to hold the fallback to the compiled answers.

>>> isinstance(COMPILED, bool)
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

try:
    if os.environ.get("BALOOT_PURE_PYTHON"):
        raise ImportError("BALOOT_PURE_PYTHON is set")
    import numba
except ImportError:  # numba missing (or refused): the kernel runs as plain Python
    numba = None

COMPILED = numba is not None and not numba.config.DISABLE_JIT
"""Whether the kernel runs as machine code (numba) or as plain Python."""


def njit(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Compile ``fn`` with numba (``cache=True``: later processes load it from ``__pycache__``), or return it."""
    if numba is None:
        return fn
    return numba.njit(cache=True, nogil=True)(fn)
