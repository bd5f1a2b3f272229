"""Adding rows by index in C++ (``aten_lite/csrc/index_add.h``): what ``index_add`` and an
accumulating ``index_put`` with one integer index (the gradient of ``x[idx]`` and of
``embedding``) run, instead of ``np.add.at``.

The kernel adds in index order, so repeated indices add up in one fixed order whatever the
thread count, and it checks every index before writing anything; it returns how many leading
indices were in range, which names the bad one here.
"""

from __future__ import annotations

import numpy as np

from ..rules.kernel_rules import cached_c_kernel

__all__ = ["add_rows"]

def add_rows(dtype, out: np.ndarray, index: np.ndarray, source: np.ndarray, dim: int,
             wrap_negative: bool) -> None:
    """``out[p, index[n], k] += source[p, n, k]`` in place, n in order. ``out`` is (P, R, K)
    and ``source`` (P, N, K), both of ``dtype`` (a DType); ``index`` is (N,), any integer
    dtype; ``dim`` is the indexed dim of the caller's tensor, for the message. With
    ``wrap_negative`` an index in [-R, 0) counts from the end."""
    idx = index if index.dtype == np.int64 else index.astype(np.int64)
    done = cached_c_kernel("index_add")(dtype.code, out, idx, source, wrap_negative)
    if done < idx.size:
        raise IndexError(f"index {int(idx[done])} is out of bounds for dimension {dim} with "
                         f"size {out.shape[1]}")

