"""The formulas' way around dispatch (Note [Formulas without dispatch]): whether a formula may
compute on its tensors' arrays directly, and the matrix product it then makes. formulas.py
(mm's formulas, sum_to) and _formulas_linalg.py (`_linear`'s) use them.
"""

from __future__ import annotations

from ..dispatch import dispatcher as _dispatch
from ..rules.stream_products import matmul_into as _matmul_into
from ..tensors.tensor import Tensor, empty_array as _empty_array
from ..vocab import dtype as _dtype
from ..vocab.dispatch_keys import CPU

__all__ = ["_unobserved", "_plain_product"]


# Note [Formulas without dispatch]
# Formulas call ops, so that a backward under create_graph is itself recorded and dispatch
# modes (forward AD, trace_dispatch) and compile's capture see every op. A plain backward of a
# training step needs none of that, and there the dispatches of a few formulas run every step
# (mm's two products and their t() views, a bias's sum over the batch). So those formulas
# compute directly, with the very kernel the op would run on the same arrays (results equal to
# the bit), only when `_unobserved`: the dispatcher says the ops would not be observed
# (Note [One dispatch path] in aten_lite/dispatch/dispatcher.py: no mode, so no trace, forward
# AD or capture; nothing recorded), and the tensors are dense CPU float32/float64 ones holding
# data (not capture tensors). Otherwise they run the ops. The engine asks the dispatcher too,
# once per backward, before its walk sums a bias's gradient itself.

_PLAIN_FLOATS = (_dtype.float32, _dtype.float64)


def _unobserved(a: Tensor, b: Tensor) -> bool:
    """Whether a formula may compute on ``a`` and ``b``'s arrays directly (Note [Formulas
    without dispatch])."""
    return a.__class__ is Tensor and b.__class__ is Tensor and a._key is CPU and \
        b._key is CPU and a._dtype is b._dtype and a._dtype in _PLAIN_FLOATS and \
        a._a is not None and b._a is not None and not _dispatch.observed(a, b)


def _plain_product(a: Tensor, b: Tensor, a_t: bool, b_t: bool):
    """``a`` (transposed when ``a_t``) times ``b`` (likewise), computed as mm's kernel does
    (NumPy's dot) on the transposed view, when `_unobserved` and both are matrices whose
    sizes agree (Note [Formulas without dispatch]). None otherwise: the caller then runs the
    ops themselves (and their checks)."""
    if not _unobserved(a, b):
        return None
    x, y = a._a, b._a
    if x.ndim != 2 or y.ndim != 2:
        return None
    if a_t:
        x = x.T
    if b_t:
        y = y.T
    if x.shape[1] != y.shape[0]:
        return None
    out = _empty_array((x.shape[0], y.shape[1]), a._dtype)
    _matmul_into(out, x, y)  # mm's own call (np.dot's), queued when async execution is on
    return Tensor._wrap(out)
