"""CPU kernels of softmax and log_softmax: each is one op (one autograd node, one formula in
derivatives.yaml) whose steps run in the C++ entries the other ops generate.

Both shift by the max along ``dim`` before ``exp``, so nothing overflows: softmax is
``e * (1 / sum(e))`` with ``e = exp(x - max)``, log_softmax is ``(x - max) - log(sum(e))``.
As in torch, a row holding +inf (or only -inf) gives NaN. float16 and bfloat16 compute in
float32 and round once at the end, as torch does.
"""

from __future__ import annotations

import numpy as np

from ...vocab import trace as _trace
from ...vocab.dtype import bfloat16, float16, float32, float64
from ...rules.kernel_rules import cached_c_kernel as _kernel
from ...tensors.tensor import Tensor, empty_array, sync_stream, wrap_dim
from ...rules import shapes as rules

__all__ = ["softmax_cpu", "softmax_backward_cpu", "log_softmax_cpu", "log_softmax_backward_cpu"]

_wrap = Tensor._wrap


def _prepare(self: Tensor, dim: int, dtype):
    """(input array in the compute dtype, at least 1-D; dim; result dtype; compute dtype)."""
    shape, result_dt = rules.softmax(self, dim, dtype)
    compute = float32 if result_dt is float16 or result_dt is bfloat16 else result_dt
    x = self._a
    if x.dtype != compute.np:
        sync_stream()  # the cast reads the values
        x = x.astype(compute.np)
    if not shape:
        x = x.reshape(1)  # a 0-dim tensor is one row of one element
    return x, wrap_dim(dim, x.ndim), result_dt, compute


def _reduce_keep(name: str, code: int, x: np.ndarray, d: int) -> np.ndarray:
    """C++ reducer `name` (amax, sum) over dim d of x, keeping d with size 1. The reducers
    take the reduced dims last (docs/DESIGN.md, "The C++ kernel ABI")."""
    nd = x.ndim
    src = x if d == nd - 1 else x.transpose([i for i in range(nd) if i != d] + [d])
    out = np.empty(src.shape[:-1], x.dtype)
    _kernel(name)(code, out, src)
    return out.reshape(x.shape[:d] + (1,) + x.shape[d + 1:])


def _finish(self: Tensor, out: np.ndarray, result_dt, compute) -> Tensor:
    if _trace.active is not None:
        _trace.note(compute.name, None)
    if out.shape != self._shape:
        out = out.reshape(self._shape)
    if result_dt is compute:
        return _wrap(out)
    sync_stream()  # the cast reads the result
    return _wrap(out.astype(result_dt.np))


def _rows(a: np.ndarray) -> np.ndarray:
    """a (its last dim the reduced one) as a matrix of rows: a view when a's layout allows."""
    if not a.flags.c_contiguous:
        sync_stream()  # reshape may copy: a read of the values
    return a.reshape(-1, a.shape[-1])


def softmax_cpu(self: Tensor, dim: int, dtype=None) -> Tensor:
    x, d, result_dt, compute = _prepare(self, dim, dtype)
    if x.size == 0:
        return _wrap(empty_array(self._shape, result_dt))
    code = compute.code
    out = empty_array(x.shape, compute)
    if d == x.ndim - 1:  # the common case (attention's scores): one C++ pass per row
        _kernel("softmax")(code, _rows(out), _rows(x))
        return _finish(self, out, result_dt, compute)
    _kernel("sub.Tensor")(code, out, x, _reduce_keep("amax", code, x, d), 1)
    _kernel("exp")(code, out, out)
    scale = _reduce_keep("sum", code, out, d)  # Note [Softmax scales by the reciprocal]
    _kernel("reciprocal")(code, scale, scale)
    _kernel("mul.Tensor")(code, out, out, scale)
    return _finish(self, out, result_dt, compute)


def _backward_operands(result: Tensor, grad_output: Tensor):
    """(compute dtype, result's array, grad's array) of a softmax-family gradient: half
    precisions compute in float32; a 0-d pair as one row."""
    compute = float32 if result._dtype in (float16, bfloat16) else result._dtype
    y, g = result._a, grad_output._a
    if y.dtype != compute.np:
        sync_stream()  # the casts read the values
        y, g = y.astype(compute.np), g.astype(compute.np)
    if not result._shape:
        y, g = y.reshape(1), g.reshape(1)
    return compute, y, g


def softmax_backward_cpu(grad_output: Tensor, probs: Tensor, dim: int) -> Tensor:
    """``probs * (grad - (grad * probs).sum(dim))``: softmax's gradient as one op, C++ passes
    with no dispatch between them (attention's backward runs it every step)."""
    rules.softmax_backward(grad_output, probs, dim)
    compute, y, g = _backward_operands(probs, grad_output)
    if y.size == 0:
        return _wrap(empty_array(probs._shape, probs._dtype))
    d, code = wrap_dim(dim, y.ndim), compute.code
    out = empty_array(y.shape, compute)
    if d == y.ndim - 1:  # one C++ pass per row (csrc/softmax_backward.h)
        _kernel("softmax_backward")(code, _rows(out), _rows(g), _rows(y))
        return _finish(probs, out, probs._dtype, compute)
    _kernel("mul.Tensor")(code, out, g, y)
    _kernel("sub.Tensor")(code, out, g, _reduce_keep("sum", code, out, d), 1)
    _kernel("mul.Tensor")(code, out, y, out)
    return _finish(probs, out, probs._dtype, compute)


def log_softmax_cpu(self: Tensor, dim: int, dtype=None) -> Tensor:
    x, dt = self._a, self._dtype
    if dtype is None and x.ndim == 2 and dim.__class__ is int and (dim == 1 or dim == -1) \
            and (dt is float32 or dt is float64) and x.size:
        # cross_entropy's logits, every step: _prepare's checks and the row case below, in
        # line (a valid dim, the input's own dtype, rows already the last dim).
        out = empty_array(x.shape, dt)
        _kernel("log_softmax")(dt.code, out, x)
        if _trace.active is not None:
            _trace.note(dt.name, None)
        return _wrap(out)
    x, d, result_dt, compute = _prepare(self, dim, dtype)
    if x.size == 0:
        return _wrap(empty_array(self._shape, result_dt))
    code = compute.code
    out = empty_array(x.shape, compute)
    if d == x.ndim - 1:  # the common case: one C++ pass per row (csrc/log_softmax.h)
        _kernel("log_softmax")(code, _rows(out), _rows(x))
        return _finish(self, out, result_dt, compute)
    _kernel("sub.Tensor")(code, out, x, _reduce_keep("amax", code, x, d), 1)
    e = np.empty(x.shape, compute.np)
    _kernel("exp")(code, e, out)
    log_sum = _reduce_keep("sum", code, e, d)
    _kernel("log")(code, log_sum, log_sum)
    _kernel("sub.Tensor")(code, out, out, log_sum, 1)
    return _finish(self, out, result_dt, compute)


def log_softmax_backward_cpu(grad_output: Tensor, log_probs: Tensor, dim: int) -> Tensor:
    """``grad - exp(log_probs) * grad.sum(dim)``: log_softmax's gradient as one op, C++
    passes with no dispatch between them (cross_entropy's backward runs it every step)."""
    y, g, dt = log_probs._a, grad_output._a, log_probs._dtype
    if (dt is float32 or dt is float64) and grad_output._dtype is dt and g is not None and \
            y.ndim == 2 and g.shape == y.shape and dim.__class__ is int and \
            (dim == 1 or dim == -1) and y.size:
        # cross_entropy's backward, every step: the rule's checks and the row case below, in
        # line (one float dtype, one shape, rows along the last dim).
        out = empty_array(y.shape, dt)
        _kernel("log_softmax_backward")(dt.code, out, g, y)
        if _trace.active is not None:
            _trace.note(dt.name, None)
        return _wrap(out)
    rules.log_softmax_backward(grad_output, log_probs, dim)
    compute, y, g = _backward_operands(log_probs, grad_output)
    if y.size == 0:
        return _wrap(empty_array(log_probs._shape, log_probs._dtype))
    d, code = wrap_dim(dim, y.ndim), compute.code
    out = empty_array(y.shape, compute)
    if d == y.ndim - 1:  # one C++ pass per row (csrc/log_softmax_backward.h)
        _kernel("log_softmax_backward")(code, _rows(out), _rows(g), _rows(y))
        return _finish(log_probs, out, log_probs._dtype, compute)
    _kernel("exp")(code, out, y)
    _kernel("mul.Tensor")(code, out, out, _reduce_keep("sum", code, g, d))
    _kernel("sub.Tensor")(code, out, g, out, 1)
    return _finish(log_probs, out, log_probs._dtype, compute)


# Note [Stream-safe kernels] in dispatch/dispatcher.py: C++ passes only; the casts drain.
for _kernel_fn in (softmax_cpu, softmax_backward_cpu, log_softmax_cpu, log_softmax_backward_cpu):
    _kernel_fn.stream_safe = True
del _kernel_fn
