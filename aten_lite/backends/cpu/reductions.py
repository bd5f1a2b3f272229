"""CPU reductions: the generic kernel of every `reduction:` op (``make_reduction``: permute the
reduced dims to the end, call C++), and the index reductions, which NumPy computes: max and
min along a dim with their indices, argmax, argmin.
"""

from __future__ import annotations

import numpy as np

from ...vocab import trace as _trace
from ...vocab.dtype import DTYPES, bool_, int64, uint8
from ...rules.kernel_rules import (
    BOOL_REDUCERS, NO_IDENTITY_REDUCERS, WIDE_REDUCERS, c_kernel, check_out_dtype, entry_cell,
    check_writable, reduction_plan, reduction_positions, resize_out,
)
from ...rules.shapes import core as rules
from ...tensors.tensor import Tensor, empty_array, sync_stream

__all__ = ["max_dim", "min_dim", "argmax", "argmin"]

_wrap = Tensor._wrap


# ---- the generic kernel ----


# Plans a reduction kernel remembers (per op), before it starts over: shapes in a program
# repeat, and a plan is a pure function of its key, so forgetting one only costs time.
_PLAN_CACHE_SIZE = 256


def make_reduction(h, src):
    """The CPU kernel of a `reduction:` op: permute the reduced dims to the end, call C++.

    What to do for given (shape, dtype, dim, keepdim, dtype=) is planned once, with every
    check, and kept in ``plans`` (Note [Reduction plans] in
    aten_lite/rules/kernel_rules.py)."""
    positions = reduction_positions(h)
    si, di, ki, ti = positions
    out_pos = next((i for i, a in enumerate(h.args) if a.is_write), None)
    cell = entry_cell(src.name)
    # dtype -> (dtype code, result dtype) for a reduction over everything with no options.
    simple = {}
    for d in DTYPES:
        if d.name in src.dtypes and not (src.reduction in BOOL_REDUCERS and d is uint8):
            out_dt = bool_ if src.reduction in BOOL_REDUCERS else int64 if (
                src.reduction in WIDE_REDUCERS and not d.is_floating_point) else d
            simple[d] = (d.code, out_dt)
    needs_elements = src.reduction in NO_IDENTITY_REDUCERS
    bool_out = src.reduction in BOOL_REDUCERS  # all/any: dim=() reduces nothing
    plans: dict = {}

    def plan_for(args):
        self, dims, kept, final, compute, out_dt, result_dt = reduction_plan(
            h, src, args, positions)
        nd = len(self._shape)
        perm = None
        if len(dims) != nd and dims != tuple(range(nd - len(dims), nd)):
            perm = [i for i in range(nd) if i not in dims] + list(dims)
        cast = None if compute is self._dtype else compute.np
        return cast, perm, kept, final, compute.code, compute.name, out_dt, result_dt

    def reduction(*args):
        self = args[si]
        dim = args[di] if di is not None else None
        keepdim = args[ki] if ki is not None else False
        dtype = args[ti] if ti is not None else None
        if (out_pos is None and self.__class__ is Tensor and (dim is None or (
                dim == () and not bool_out))
                and keepdim is False and dtype is None):
            entry = simple.get(self._dtype)
            if entry is not None and not (needs_elements and self._a.size == 0):
                out = empty_array((), entry[1])
                if cell[0] is None:
                    cell[0] = c_kernel(src.name)
                path = cell[0](entry[0], out, self._a)
                if _trace.active is not None:
                    _trace.note(self._dtype.name, path, cell[0], entry[0])
                return _wrap(out)
        if dim.__class__ is list:
            dim = tuple(dim)  # a key must be hashable
        key = (self._shape, self._dtype, dim, keepdim, dtype)
        plan = plans.get(key)
        if plan is None:
            plan = plan_for(args)
            if len(plans) >= _PLAN_CACHE_SIZE:
                plans.clear()
            plans[key] = plan
        cast, perm, kept, final, code, compute_name, out_dt, result_dt = plan
        x = self._a
        if cast is not None:
            sync_stream()  # NumPy's cast reads the values
            x = x.astype(cast)
        if perm is not None:
            x = x.transpose(perm)
        out = empty_array(kept, out_dt)
        if cell[0] is None:
            cell[0] = c_kernel(src.name)
        path = cell[0](code, out, x)
        if _trace.active is not None:
            _trace.note(compute_name, path, cell[0], code)
        if final != kept:
            out = out.reshape(final)
        if result_dt is not out_dt:
            sync_stream()  # the cast reads the result
            out = out.astype(result_dt.np)
        if out_pos is None:
            return _wrap(out)
        return _copy_into_out(args[out_pos], out, result_dt)

    # Note [Stream-safe kernels] in dispatch/dispatcher.py: its NumPy reads drain first.
    reduction.stream_safe = True
    return reduction


def _copy_into_out(out: Tensor, result: np.ndarray, result_dt) -> Tensor:
    check_out_dtype(result_dt, out._dtype)
    if out._shape != result.shape:
        resize_out(out, result.shape)
    if not out._a.flags.writeable:
        check_writable(out)
    sync_stream()  # the copy reads the result
    np.copyto(out._a, result, casting="unsafe")
    return out


# ---- index reductions (YAML `dispatch: CPU: <name>`) ----


def _index_reduce(pick, self, dim, keepdim):
    """Indices of the max/min along ``dim`` (None: over the flattened tensor)."""
    a = self._a
    if dim is None:
        idx = np.asarray(pick(a.reshape(-1)), dtype=np.int64)
        return idx.reshape((1,) * a.ndim) if keepdim else idx
    if a.ndim == 0:
        return np.zeros((), np.int64)
    return np.asarray(pick(a, axis=dim, keepdims=keepdim), dtype=np.int64)


def _values_indices(pick, self, dim, keepdim):
    (vshape, vdtype), (ishape, idtype) = rules.reduction_with_indices(self, dim, keepdim)
    d = dim % self.ndim if self.ndim else None
    idx = _index_reduce(pick, self, d, True)
    a = self._a
    values = np.take_along_axis(a, idx, axis=d) if a.ndim else a.copy()
    return _wrap(values.reshape(vshape).copy()), _wrap(idx.reshape(ishape).copy())


def max_dim(self, dim, keepdim=False):
    return _values_indices(np.argmax, self, dim, keepdim)


def min_dim(self, dim, keepdim=False):
    return _values_indices(np.argmin, self, dim, keepdim)


def _arg(pick, self, dim, keepdim):
    shape, dtype = rules.arg_reduction(self, dim, keepdim)
    d = None if dim is None else (dim % self.ndim if self.ndim else None)
    if dim is not None and d is None:
        return _wrap(np.zeros(shape, np.int64))
    return _wrap(_index_reduce(pick, self, d, keepdim).reshape(shape))


def argmax(self, dim=None, keepdim=False):
    return _arg(np.argmax, self, dim, keepdim)


def argmin(self, dim=None, keepdim=False):
    return _arg(np.argmin, self, dim, keepdim)
