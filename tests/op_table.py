"""The op table: one row per op, driving the forward, meta and dtype-error tests.

A row names the op (``al.<name>``), a NumPy reference, the dtypes the op supports (exactly
its YAML `dtypes:`; a test checks), how to make sample inputs for a dtype, and the rule for
the result dtype. Adding an op = adding a row. ``tests/test_ops.py`` runs every row on every
supported dtype and both devices (cpu: values against NumPy; meta: shapes and dtypes), and
checks that the other dtypes fail with the documented message.

Samples cover broadcasting, 0-dim, empty and non-contiguous (strided, negative-step) inputs.
A sample's arguments are NumPy arrays (made into tensors by the test), lists of arrays and
None (for `Tensor[]` and `Tensor?[]` arguments), ``DEVICE`` (the device the test runs on) or
Python numbers. A row of a method-only op (``x.view(...)``) sets ``method=True``; tests call
every row through ``OpCase.fn``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

import aten_lite as al

ALL = ("uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64")
ALL_AND_BOOL = ("bool",) + ALL
FLOATING = ("float16", "float32", "float64")
INTEGRAL = ("uint8", "int8", "int16", "int32", "int64")


def yaml_dtypes(dtypes: tuple) -> tuple:
    """The dtypes an op whose table row tests ``dtypes`` declares: bfloat16 too wherever
    float16 is (every YAML group holding float16 holds bfloat16; the cases compare with NumPy,
    which has no bfloat16, and tests/test_bfloat16.py compares it with torch instead)."""
    return dtypes + ("bfloat16",) if "float16" in dtypes else dtypes


@dataclass(frozen=True)
class Sample:
    args: tuple  # NumPy arrays become tensors; anything else is passed as is
    kwargs: dict = field(default_factory=dict)
    note: str = ""  # what the sample exercises, for failure messages
    result: str | None = None  # the result dtype, when an argument (dtype=) decides it


@dataclass(frozen=True)
class OpCase:
    name: str  # the al function: al.<name>(*args, **kwargs)
    ref: Callable  # NumPy reference on the same arguments (arrays, numbers, kwargs)
    dtypes: tuple[str, ...]  # the op's YAML dtypes
    samples: Callable[[str], list[Sample]]  # dtype name -> samples
    # Result dtype rule: same, float (int_to_float), bool, wide (sum/prod), int64; for an op
    # with several results (multi), one rule per result, or one rule for all of a list.
    result: str | tuple[str, ...] = "same"
    tol: float | None = None  # relative tolerance for floating results (None: default)
    # The op's handle name, when the dtype-error message and `dtypes:` belong to it.
    op: str | None = None
    multi: bool = False  # returns several tensors: a tuple (values, indices) or a list
    dtype_error: bool = True  # unsupported dtypes raise "not implemented for"
    method: bool = False  # a Tensor method only (view, contiguous, to): args[0].<name>(...)
    # The sparse column (tests/test_sparse.py): each entry lists the argument positions made
    # sparse COO in one variant (coalesced, with duplicates, empty); every variant must give
    # the result of the op on the dense arguments.
    sparse: tuple[tuple[int, ...], ...] = ()
    derived: bool = False  # made from the YAML (Note [Default gradcheck rows]), not by hand

    @property
    def fn(self) -> Callable:
        """The op as a function of the sample's arguments (converted to tensors)."""
        if not self.method:
            # Private ops (a leading underscore) are not exported; their bindings are in ops.py.
            home = al._generated.ops if self.name.startswith("_") else al
            return getattr(home, self.name)
        return lambda self_, *args, **kwargs: getattr(self_, self.name)(*args, **kwargs)


class _Device:
    """The DEVICE placeholder: a device argument that follows the test's device, so that a
    row of `to(device)` runs on cpu and on meta alike."""

    def __repr__(self) -> str:
        return "DEVICE"


DEVICE = _Device()


# ---- sample data ----

_RNG = np.random.default_rng(0)


def data(shape, dtype: str, kind: str = "any") -> np.ndarray:
    """Random data of a dtype. kind: any, positive (log/sqrt domain), nonzero (divisors),
    small (pow exponents 0..3), unit (-0.9..0.9)."""
    return np.asarray(_data(shape, dtype, kind))


def _data(shape, dtype: str, kind: str):
    if dtype == "bool":
        return _RNG.integers(0, 2, shape).astype(bool)
    np_dtype = np.dtype(dtype)
    if np_dtype.kind == "f":
        x = _RNG.standard_normal(shape) * 2
        if kind == "positive":
            x = np.abs(x) + 0.25
        elif kind == "nonzero":
            x = np.where(np.abs(x) < 0.25, 1.5, x)
        elif kind == "small":
            x = _RNG.integers(0, 4, shape).astype(np.float64)
        elif kind == "unit":
            x = _RNG.uniform(-0.9, 0.9, shape)
        return x.astype(np_dtype)
    lo = 0 if dtype == "uint8" else -5
    if kind in ("positive", "small"):
        lo = 1 if kind == "positive" else 0
    hi = 4 if kind == "small" else 6
    x = _RNG.integers(lo, hi, shape)
    if kind == "nonzero":
        x = np.where(x == 0, 3, x)
    return x.astype(np_dtype)


def strided(shape, dtype: str, kind: str = "any") -> np.ndarray:
    """A non-contiguous view with a negative step in the last dim."""
    big = data(tuple(2 * n for n in shape), dtype, kind)
    index = tuple(slice(None, None, 2) for _ in shape[:-1]) + (slice(None, None, -2),)
    return big[index]


def unary_samples(kind: str = "any"):
    def make(dtype):
        return [
            Sample((data((2, 3), dtype, kind),), note="2-D"),
            Sample((data((), dtype, kind),), note="0-dim"),
            Sample((data((0, 3), dtype, kind),), note="empty"),
            Sample((strided((3, 4), dtype, kind),), note="non-contiguous, negative step"),
            Sample((data((3, 4), dtype, kind).T,), note="transposed"),
        ]
    return make


def binary_samples(kind: str = "any", numbers: bool = True):
    """Samples for (self, other); `kind` shapes the second operand's values."""
    def make(dtype):
        out = [
            Sample((data((2, 3), dtype), data((2, 3), dtype, kind)), note="same shape"),
            Sample((data((2, 3), dtype), data((3,), dtype, kind)), note="broadcast (3,)"),
            Sample((data((2, 1), dtype), data((1, 3), dtype, kind)), note="broadcast both"),
            Sample((data((), dtype), data((), dtype, kind)), note="0-dim"),
            Sample((data((0, 3), dtype), data((3,), dtype, kind)), note="empty"),
            Sample((strided((3, 4), dtype), data((4, 3), dtype, kind).T), note="non-contiguous"),
        ]
        if numbers and dtype != "bool":
            # A number of the tensor's own category, so the result dtype stays the tensor's.
            number = 2.0 if np.dtype(dtype).kind == "f" else 3
            out.append(Sample((data((2, 3), dtype), number), note="Python number"))
        return out
    return make


def reduction_samples(dims: bool = True, empty: bool = True):
    def make(dtype):
        out = [
            Sample((data((2, 3, 4), dtype),), note="all dims"),
            Sample((data((), dtype),), note="0-dim"),
            Sample((strided((3, 4), dtype),), note="non-contiguous"),
        ]
        if empty:
            out.append(Sample((data((0, 3), dtype),), note="empty"))
        if dims:
            out += [
                Sample((data((2, 3, 4), dtype), 1), note="dim=1"),
                Sample((data((2, 3, 4), dtype), (0, 2)), {"keepdim": True}, "dims (0, 2), keepdim"),
                Sample((data((2, 3, 4), dtype), -1), note="dim=-1"),
                Sample((strided((3, 4), dtype), 0), note="non-contiguous dim=0"),
            ]
        return out
    return make


def _axis(dim):
    return None if dim is None else (tuple(dim) if isinstance(dim, (list, tuple)) else dim)


def _red(fn):
    """A NumPy reduction taking torch's (x, dim=None, keepdim=False)."""
    def ref(x, dim=None, keepdim=False):
        axis = _axis(dim)
        if x.ndim == 0:
            axis = None
        return np.asarray(fn(x, axis=axis, keepdims=keepdim))
    return ref


def _f64(x):
    return x.astype(np.float64) if isinstance(x, np.ndarray) else x


def _sigmoid(x):
    return 1 / (1 + np.exp(-_f64(x)))


def _logsumexp(x, dim, keepdim=False):
    x = _f64(x)
    m = np.max(x, axis=_axis(dim), keepdims=True)
    r = np.log(np.sum(np.exp(x - m), axis=_axis(dim), keepdims=True)) + m
    return r if keepdim else np.squeeze(r, axis=_axis(dim))


def _softmax(x, dim, dtype=None):
    x = _f64(x)
    e = np.exp(x - np.max(x, axis=dim, keepdims=True))
    return e / e.sum(axis=dim, keepdims=True)


def _log_softmax(x, dim, dtype=None):
    shifted = _f64(x) - np.max(_f64(x), axis=dim, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=dim, keepdims=True))


def _nll_loss(x, target, weight=None, reduction=1, ignore_index=-100):
    rows = _f64(x).reshape(-1, x.shape[-1])
    t = np.asarray(target).reshape(-1)
    kept = t != ignore_index
    w = np.where(kept, 1.0 if weight is None else np.asarray(weight)[np.where(kept, t, 0)], 0.0)
    losses = -rows[np.arange(t.size), np.where(kept, t, 0)] * w
    if reduction == 0:
        return losses.reshape(np.shape(target))
    return losses.sum() / w.sum() if reduction == 1 else losses.sum()


def _nll_loss_backward(g, x, target, weight, reduction, ignore_index):
    # nll_loss is linear in x: its gradient is the loss of the unit vectors, scaled by g.
    out = np.zeros(x.shape)
    for k in np.ndindex(x.shape):
        e = np.zeros(x.shape)
        e[k] = 1.0
        out[k] = np.sum(_f64(g) * _nll_loss(e, target, weight, reduction, ignore_index))
    return out


def _phi_cdf(x):
    return 0.5 * (1 + np.vectorize(math.erf, otypes=[float])(_f64(x) / math.sqrt(2)))


def _layer_norm_ref(x, w, b, eps):
    x = _f64(x)
    c = x - x.mean(-1, keepdims=True)
    return c / np.sqrt((c * c).mean(-1, keepdims=True) + eps) * _f64(w) + _f64(b)


def _layer_norm_backward_ref(g, x, w, eps):
    x = _f64(x)
    c = x - x.mean(-1, keepdims=True)
    r = 1 / np.sqrt((c * c).mean(-1, keepdims=True) + eps)
    xhat, gw = c * r, _f64(g) * _f64(w)
    return r * (gw - gw.mean(-1, keepdims=True) - xhat * (gw * xhat).mean(-1, keepdims=True))


def _layer_norm_weight_grad_ref(g, x, eps):
    x = _f64(x)
    c = x - x.mean(-1, keepdims=True)
    xhat = c / np.sqrt((c * c).mean(-1, keepdims=True) + eps)
    return (_f64(g) * xhat).reshape(-1, x.shape[-1]).sum(0)


def _sdpa_ref(q, k, v, scale, is_causal):
    q, k, v = _f64(q), _f64(k), _f64(v)
    scores = q @ np.swapaxes(k, -1, -2) * scale
    if is_causal:
        scores = np.where(np.tril(np.ones(scores.shape[-2:], bool)), scores, -np.inf)
    p = np.exp(scores - scores.max(-1, keepdims=True))
    return p / p.sum(-1, keepdims=True) @ v


def _gelu_backward(g, x):
    x = _f64(x)
    return _f64(g) * (_phi_cdf(x) + x * np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi))


def _gelu_tanh(x):
    x = _f64(x)
    return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


def _gelu_tanh_backward(g, x):
    x = _f64(x)
    t = np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3))
    dt = (1 - t * t) * math.sqrt(2 / math.pi) * (1 + 3 * 0.044715 * x * x)
    return _f64(g) * (0.5 * (1 + t) + 0.5 * x * dt)


def _nll_samples(dtype):
    return [Sample((data((4, 3), dtype), np.array([2, 0, 1, 2])), note="mean"),
            Sample((data((4, 3), dtype), np.array([2, -100, 1, 0]), None, 2), note="sum, ignored"),
            Sample((strided((3, 4), dtype), np.array([3, 1, 1]), None, 0, 1),
                   note="none, ignore_index=1, non-contiguous"),
            Sample((data((5,), dtype), np.array(4)), note="one sample, 1-D")]


def _nll_backward_samples(dtype):
    return [Sample((data((), dtype), data((4, 3), dtype), np.array([2, 0, 1, 2]), None, 1,
                    -100), note="mean"),
            Sample((data((3,), dtype), data((3, 4), dtype), np.array([3, -1, 1]), None, 0, -1),
                   note="none, ignored")]


def _max_dim(pick_v, pick_i):
    def ref(x, dim, keepdim=False):
        return (np.asarray(pick_v(x, axis=dim, keepdims=keepdim)),
                np.asarray(pick_i(x, axis=dim, keepdims=keepdim)))
    return ref


def _arg(pick):
    def ref(x, dim=None, keepdim=False):
        if dim is None:
            r = np.asarray(pick(x.reshape(-1)))
            return r.reshape((1,) * x.ndim) if keepdim else r
        return np.asarray(pick(x, axis=dim, keepdims=keepdim))
    return ref


def _div_mode(a, b, rounding_mode):
    q = _f64(a) / _f64(b)
    return np.trunc(q) if rounding_mode == "trunc" else np.floor(q)


def _clamp(x, min=None, max=None):  # noqa: A002 (torch's argument names)
    r = _f64(x)
    if min is not None:
        r = np.maximum(r, min)
    if max is not None:
        r = np.minimum(r, max)
    return r


def _where_samples(dtype):
    cond = data((2, 3), "bool")
    return [
        Sample((cond, data((2, 3), dtype), data((2, 3), dtype)), note="same shape"),
        Sample((cond, data((3,), dtype), data((2, 1), dtype)), note="broadcast"),
        Sample((data((), "bool"), data((), dtype), data((), dtype)), note="0-dim"),
    ]


def _clamp_samples(dtype):
    lo, hi = (-1.0, 1.0) if np.dtype(dtype).kind == "f" else (-1, 2)
    if dtype == "uint8":
        lo = 1
    return [
        Sample((data((2, 3), dtype), lo, hi), note="both bounds"),
        Sample((data((2, 3), dtype),), {"min": lo}, "min only"),
        Sample((strided((3, 4), dtype),), {"max": hi}, "max only, non-contiguous"),
    ]


def _clamp_tensor_samples(dtype):
    x = data((2, 3), dtype)
    lo = np.minimum(data((3,), dtype), data((3,), dtype))
    return [Sample((x, lo, lo + np.asarray(2, dtype)), note="tensor bounds, broadcast"),
            Sample((x,), {"max": data((2, 1), dtype)}, "tensor max only")]


def _matrix_samples(shapes):
    def make(dtype):
        kind = "unit" if dtype == "float16" else "any"
        return [Sample(tuple(data(s, dtype, kind) for s in pair), note=str(pair)) for pair in shapes]
    return make


def _softmax_samples(dtype):
    return [Sample((data((2, 5), dtype), 1)), Sample((data((3, 4), dtype), 0)),
            Sample((strided((3, 4), dtype), -1), note="non-contiguous"),
            Sample((data((2, 3, 4), dtype), 1), note="middle dim of 3"),
            Sample((data((), dtype), 0), note="0-dim"),
            Sample((data((0, 3), dtype), 1), note="empty"),
            Sample((data((2, 5), dtype) * 300, 1), note="large values (exp would overflow)"),
            Sample((data((2, 3), dtype), 1), {"dtype": al.float64}, "dtype=float64", "float64")]


def _logsumexp_samples(dtype):
    return [Sample((data((2, 5), dtype), 1)),
            Sample((data((2, 3, 4), dtype), (0, 2)), {"keepdim": True}, "dims, keepdim")]


def _max_dim_samples(dtype):
    return [Sample((data((2, 3, 4), dtype), 1)),
            Sample((data((2, 3, 4), dtype), -1), {"keepdim": True}, "keepdim"),
            Sample((strided((3, 4), dtype), 0), note="non-contiguous")]


def _prod_samples(dtype):
    # prod takes one dim (int?), and small values keep float16 products finite.
    return [Sample((data((2, 3), dtype, "unit"),), note="all"),
            Sample((data((), dtype, "unit"),), note="0-dim"),
            Sample((data((0, 3), dtype),), note="empty"),
            Sample((data((2, 3), dtype, "unit"), 1), {"keepdim": True}, "dim=1, keepdim"),
            Sample((strided((3, 4), dtype, "unit"), 0), note="non-contiguous dim=0")]


def _args_samples(specs):
    """Samples from (shape, *other args[, "strided"]) tuples: the first argument is data."""
    def make(dtype):
        out = []
        for shape, *rest in specs:
            kind = rest.pop() if rest and rest[-1] == "strided" else None
            x = strided(shape, dtype) if kind else data(shape, dtype)
            out.append(Sample((x, *rest), note=kind or str(shape)))
        return out
    return make


def _shaped(name, ref, specs, **kw):
    return OpCase(name, ref, ALL_AND_BOOL, _args_samples(specs), dtype_error=False, **kw)


def _flatten(x, start=0, end=-1):
    if x.ndim == 0:
        return x.reshape(1)
    start, end = start % x.ndim, end % x.ndim
    return x.reshape(x.shape[:start] + (-1,) + x.shape[end + 1:])


def _norm(x, p=2, dim=None, keepdim=False):
    a = np.abs(_f64(x))
    axis = None if dim is None else tuple(dim) if isinstance(dim, list) else dim
    if math.isinf(p):
        return a.max(axis=axis, keepdims=keepdim).astype(x.dtype)
    return ((a ** p).sum(axis=axis, keepdims=keepdim) ** (1 / p)).astype(x.dtype)


def _roll(x, shifts, dims=()):
    return np.roll(x, shifts, axis=dims) if dims else np.roll(x, shifts[0])


def _repeat_interleave(x, repeats, dim=None):
    return np.repeat(x, repeats, axis=dim) if x.ndim else np.repeat(x.reshape(1), repeats)


def _diagonal(x, offset=0, dim1=0, dim2=1):
    return np.diagonal(x, offset, dim1 % x.ndim, dim2 % x.ndim)


def _diag(x, k=0):
    return np.diag(x, k)


def _constant_pad(x, pad, value=0):
    out = x
    for i in range(len(pad) // 2):
        d, (left, right) = x.ndim - 1 - i, pad[2 * i:2 * i + 2]
        crop = [slice(None)] * x.ndim
        crop[d] = slice(max(0, -left), out.shape[d] - max(0, -right))
        out = out[tuple(crop)]
        width = [(0, 0)] * x.ndim
        width[d] = (max(0, left), max(0, right))
        out = np.pad(out, width, constant_values=value)
    return out


def _meshgrid(ts, indexing="ij"):
    return np.meshgrid(*[t.reshape(-1) for t in ts], indexing=indexing)


def _cosine(a, b, dim=1):
    a, b = np.broadcast_arrays(_f64(a), _f64(b))
    na = np.maximum(np.sqrt((a * a).sum(dim, keepdims=True)), 1e-8)
    nb = np.maximum(np.sqrt((b * b).sum(dim, keepdims=True)), 1e-8)
    return ((a / na) * (b / nb)).sum(dim).astype(a.dtype)


def _kl_div(x, t, reduction=1, log_target=False):
    x64, t64 = _f64(x), _f64(t)
    if log_target:
        loss = np.exp(t64) * (t64 - x64)
    else:
        loss = np.where(t64 == 0, 0.0, t64 * np.log(np.where(t64 == 0, 1.0, t64))) - t64 * x64
    out = loss if reduction == 0 else loss.mean() if reduction == 1 else loss.sum()
    return np.asarray(out).astype(x.dtype)


def _huber(x, t, reduction=1, delta=1.0):
    d = _f64(x) - _f64(t)
    loss = np.where(np.abs(d) < delta, 0.5 * d * d, delta * (np.abs(d) - 0.5 * delta))
    out = loss if reduction == 0 else loss.mean() if reduction == 1 else loss.sum()
    return np.asarray(out).astype(x.dtype)


def _split(x, size, dim=0):
    if isinstance(size, int):
        return np.split(x, range(size, x.shape[dim], size), axis=dim)
    return np.split(x, np.cumsum(size)[:-1], axis=dim)


def _slice(x, dim=0, start=None, end=None, step=1):
    return x[(slice(None),) * dim + (slice(start, end, step),)]


def _index_key(indices):
    # Tensor?[]: None takes a whole dim (a slice in NumPy).
    return tuple(slice(None) if i is None else i for i in indices)


def _index_put(x, indices, values, accumulate=False):
    r = x.copy()
    if accumulate:
        np.add.at(r, _index_key(indices), values)  # once per occurrence, repeats add up
    else:
        r[_index_key(indices)] = values
    return r


def _index_samples(dtype):
    x = data((3, 4), dtype)
    return [Sample((x, [np.array([2, 0, 2])]), note="rows, repeated"),
            Sample((x, [None, np.array([[3, 1], [0, 0]])]), note="None, 2-D index"),
            Sample((strided((3, 4), dtype), [np.array([1, 2]), np.array([0, 3])]),
                   note="two indices, non-contiguous")]


def _index_put_samples(dtype):
    return [Sample((data((3, 4), dtype), [np.array([2, 0])], data((2, 4), dtype)),
                   note="rows"),
            Sample((data((3, 4), dtype), [None, np.array([1])], data((3, 1), dtype)),
                   note="None, one column"),
            Sample((data((3, 4), dtype), [np.array([0, 2, 0])], data((3, 4), dtype)),
                   {"accumulate": True}, "accumulate, repeated")]


def _list_samples(shapes_dims):
    """Samples for (tensors, dim) ops from ([shapes], dim) pairs."""
    def make(dtype):
        return [Sample(([data(s, dtype) for s in shapes], dim), note=f"{shapes} dim={dim}")
                for shapes, dim in shapes_dims]
    return make


def _cat(tensors, dim=0):
    # torch still skips 1-D empty tensors, whatever their partners' shapes.
    return np.concatenate([t for t in tensors if t.shape != (0,)], axis=dim)


def _to(x, *args, dtype=None, copy=False):
    # to(device[, dtype]) or to(dtype): the DType among the arguments, if any, converts.
    # to(other): other's dtype.
    dtype = next((a for a in args if isinstance(a, al.DType)), dtype)
    other = next((a for a in args if isinstance(a, np.ndarray)), None)
    if other is not None:
        return x.astype(other.dtype)
    return x.astype(dtype.np) if dtype is not None else x


def _to_samples(dtype):
    return [Sample((data((2, 3), dtype), DEVICE), {"copy": True}, "device, copy"),
            Sample((strided((3, 4), dtype), DEVICE), {"dtype": al.float64}, "device, dtype",
                   "float64"),
            Sample((data((2, 3), dtype), al.float64), {"copy": True}, "dtype, copy", "float64"),
            Sample((strided((3, 4), dtype), np.zeros(2)), {}, "other", "float64"),
            Sample((data((2, 3), dtype), np.zeros(1)), {"copy": True}, "other, copy", "float64")]


def _type_as_samples(dtype):
    return [Sample((data((2, 3), dtype), np.zeros(2)), {}, "float64 other", "float64"),
            Sample((strided((3, 4), dtype), np.zeros((), dtype=np.float64)), {}, "strided",
                   "float64")]


def _sparse_coo(indices, values, size):
    out = np.zeros(size, values.dtype)
    flat = out.reshape(-1)  # 0-dim too: one position, 0
    keys = np.ravel_multi_index(tuple(indices), size) if len(size) else np.zeros(len(values), int)
    np.add.at(flat, keys, values)  # duplicates add up (bool: or)
    return out


def _sparse_coo_samples(dtype):
    idx = np.array([[0, 1, 1, 0], [2, 0, 2, 2]])
    return [
        Sample((idx, data((4,), dtype), (2, 3)), note="duplicates, unsorted"),
        Sample((idx[:, :0], data((0,), dtype), (2, 3)), note="nnz = 0"),
        Sample((np.zeros((0, 1), np.int64), data((1,), dtype), ()), note="0-dim"),
        Sample((idx[:, 1:3], strided((2,), dtype), (3, 4)), note="non-contiguous values"),
    ]


def _unary(name, ref, dtypes, kind="any", result="same", **kw):
    return OpCase(name, ref, dtypes, unary_samples(kind), result, **kw)


def _binary(name, ref, dtypes, kind="any", result="same", numbers=True, **kw):
    return OpCase(name, ref, dtypes, binary_samples(kind, numbers), result, **kw)


# The sparse column's usual entries: the first argument sparse; or either or both.
S0 = ((0,),)
S01 = ((0,), (1,), (0, 1))

_MM = [((2, 3), (3, 4)), ((1, 1), (1, 5)), ((0, 3), (3, 2)), ((3, 0), (0, 2))]
_BMM = [((2, 2, 3), (2, 3, 4)), ((1, 0, 2), (1, 2, 3))]
_MATMUL = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 4)),
           ((2, 2, 3), (3, 4)), ((2, 1, 2, 3), (3, 3, 2)), ((4,), (2, 4, 3)), ((2, 2, 3), (3,))]

CASES: list[OpCase] = [
    # ---- unary ----
    _unary("neg", np.negative, ALL, sparse=S0),
    # the copy kernel behind copy_/clone/contiguous of large strided tensors
    _unary("_copy_strided", lambda x: x.copy(), ALL_AND_BOOL),
    _unary("abs", np.abs, ALL, sparse=S0),
    # torch's sign of a bool is the bool itself; NumPy has no bool sign.
    _unary("sign", lambda x: x.copy() if x.dtype == bool else np.sign(x), ALL_AND_BOOL,
           sparse=S0),
    _unary("relu", lambda x: np.maximum(x, 0).astype(x.dtype), ALL, sparse=S0),
    _unary("sigmoid", _sigmoid, FLOATING, result="float"),
    _unary("tanh", lambda x: np.tanh(_f64(x)), FLOATING, result="float", sparse=S0),
    _unary("exp", lambda x: np.exp(_f64(x)), FLOATING, result="float"),
    _unary("expm1", lambda x: np.expm1(_f64(x)), FLOATING, result="float", sparse=S0),
    _unary("log", lambda x: np.log(_f64(x)), FLOATING, "positive", result="float"),
    _unary("log1p", lambda x: np.log1p(_f64(x)), FLOATING, "positive", result="float", sparse=S0),
    _unary("sqrt", lambda x: np.sqrt(_f64(x)), FLOATING, "positive", result="float", sparse=S0),
    _unary("rsqrt", lambda x: 1 / np.sqrt(_f64(x)), FLOATING, "positive", result="float"),
    _unary("reciprocal", lambda x: 1 / _f64(x), FLOATING, "nonzero", result="float"),
    _unary("sin", lambda x: np.sin(_f64(x)), FLOATING, result="float", sparse=S0),
    _unary("cos", lambda x: np.cos(_f64(x)), FLOATING, result="float"),
    _unary("floor", np.floor, ALL, sparse=S0),
    _unary("ceil", np.ceil, ALL, sparse=S0),
    _unary("round", np.round, ALL, sparse=S0),
    _unary("trunc", np.trunc, ALL, sparse=S0),
    _unary("logical_not", np.logical_not, ALL_AND_BOOL, result="bool"),
    # ---- binary ----
    _binary("add", np.add, ALL_AND_BOOL, sparse=S01),
    OpCase("add", lambda a, b, alpha: a + alpha * b, ALL,
           lambda d: [Sample((data((2, 3), d), data((3,), d)), {"alpha": 2}, "alpha=2")],
           dtype_error=False, sparse=S0),
    # A bool operand gets its own error, not "not implemented for 'bool'" (Note [Bool operands
    # of sub]; tests/test_parity_ops.py).
    _binary("sub", np.subtract, ALL, sparse=S01, dtype_error=False),
    _binary("mul", np.multiply, ALL_AND_BOOL, sparse=S01),
    _binary("div", lambda a, b: _f64(a) / _f64(b), FLOATING, "nonzero", result="float",
            sparse=S0),
    OpCase("div", _div_mode, FLOATING,
           lambda d: [Sample((data((2, 3), d), data((2, 3), d, "nonzero")),
                             {"rounding_mode": "trunc"}, "trunc")], dtype_error=False),
    OpCase("div", _div_mode, ALL,
           lambda d: [Sample((data((2, 3), d), data((3,), d, "nonzero")),
                             {"rounding_mode": "floor"}, "floor")], dtype_error=False),
    _binary("floor_divide", lambda a, b: np.floor(_f64(a) / _f64(b)), ALL, "nonzero"),
    _binary("remainder", np.remainder, ALL, "nonzero", tol=1e-2),
    _binary("pow", lambda a, b: np.power(_f64(a), _f64(b)), ALL, "small", tol=1e-2,
            sparse=S0),
    _binary("maximum", np.maximum, ALL_AND_BOOL),
    _binary("minimum", np.minimum, ALL_AND_BOOL),
    _binary("eq", np.equal, ALL_AND_BOOL, result="bool"),
    _binary("ne", np.not_equal, ALL_AND_BOOL, result="bool"),
    _binary("lt", np.less, ALL_AND_BOOL, result="bool"),
    _binary("le", np.less_equal, ALL_AND_BOOL, result="bool"),
    _binary("gt", np.greater, ALL_AND_BOOL, result="bool"),
    _binary("ge", np.greater_equal, ALL_AND_BOOL, result="bool"),
    _binary("logical_and", np.logical_and, ALL_AND_BOOL, result="bool"),
    _binary("logical_or", np.logical_or, ALL_AND_BOOL, result="bool"),
    OpCase("where", lambda c, a, b: np.where(c, a, b), ALL_AND_BOOL, _where_samples),
    OpCase("clamp", _clamp, ALL, _clamp_samples, dtype_error=False),
    OpCase("clamp", _clamp, ALL, _clamp_tensor_samples, dtype_error=False),
    OpCase("clip", _clamp, ALL, _clamp_samples, dtype_error=False),
    OpCase("clamp_min", _clamp, ALL,
           lambda d: [Sample(s.args[:2]) for s in _clamp_samples(d)[:1]], dtype_error=False),
    OpCase("clamp_max", lambda x, hi: _clamp(x, None, hi), ALL,
           lambda d: [Sample((s.args[0], s.args[2])) for s in _clamp_samples(d)[:1]],
           dtype_error=False),
    # ---- reductions ----
    OpCase("sum", _red(np.sum), ALL_AND_BOOL, reduction_samples(), "wide", sparse=S0),
    OpCase("mean", _red(np.mean), FLOATING, reduction_samples(empty=False), "same", tol=1e-2),
    OpCase("prod", _red(np.prod), ALL_AND_BOOL, _prod_samples, "wide", tol=1e-2),
    OpCase("amax", _red(np.max), ALL_AND_BOOL, reduction_samples(empty=False)),
    OpCase("amin", _red(np.min), ALL_AND_BOOL, reduction_samples(empty=False)),
    OpCase("all", _red(np.all), ALL_AND_BOOL, reduction_samples(), "mask", sparse=S0),
    OpCase("any", _red(np.any), ALL_AND_BOOL, reduction_samples(), "mask", sparse=S0),
    OpCase("max", _max_dim(np.max, np.argmax), ALL_AND_BOOL, _max_dim_samples,
           ("same", "int64"), multi=True, op="max.dim"),
    OpCase("min", _max_dim(np.min, np.argmin), ALL_AND_BOOL, _max_dim_samples,
           ("same", "int64"), multi=True, op="min.dim"),
    OpCase("max", lambda x: np.max(x), ALL_AND_BOOL, reduction_samples(False, False),
           dtype_error=False),
    OpCase("min", lambda x: np.min(x), ALL_AND_BOOL, reduction_samples(False, False),
           dtype_error=False),
    OpCase("max", np.maximum, ALL_AND_BOOL, binary_samples(numbers=False), dtype_error=False),
    OpCase("min", np.minimum, ALL_AND_BOOL, binary_samples(numbers=False), dtype_error=False),
    OpCase("argmax", _arg(np.argmax), ALL,
           lambda d: [Sample((data((2, 3, 4), d),)), Sample((data((2, 3, 4), d), 1)),
                      Sample((strided((3, 4), d), 0), {"keepdim": True}, "keepdim")],
           "int64"),
    OpCase("argmin", _arg(np.argmin), ALL,
           lambda d: [Sample((data((2, 3, 4), d),)), Sample((data((2, 3), d),),
                                                         {"keepdim": True}, "keepdim")],
           "int64"),
    OpCase("logsumexp", _logsumexp, FLOATING, _logsumexp_samples, dtype_error=False, tol=1e-2),
    OpCase("softmax", _softmax, FLOATING, _softmax_samples, op="softmax.int", tol=1e-2),
    OpCase("log_softmax", _log_softmax, FLOATING, _softmax_samples, op="log_softmax.int",
           tol=1e-2),
    OpCase("nll_loss", _nll_loss, FLOATING, _nll_samples, tol=1e-2),
    OpCase("_nll_loss_backward", _nll_loss_backward, FLOATING, _nll_backward_samples, tol=1e-2),
    _unary("gelu", lambda x: _f64(x) * _phi_cdf(x), FLOATING, result="float", sparse=S0,
           tol=1e-2),
    _binary("_gelu_backward", _gelu_backward, FLOATING, result="float", numbers=False, tol=1e-2),
    _unary("_gelu_tanh", _gelu_tanh, FLOATING, tol=1e-2),
    _binary("_gelu_tanh_backward", _gelu_tanh_backward, FLOATING, numbers=False, tol=1e-2),
    _unary("silu", lambda x: _f64(x) / (1 + np.exp(-_f64(x))), FLOATING, result="float",
           tol=1e-2),
    OpCase("leaky_relu", lambda x, s: np.where(x > 0, x, x * np.asarray(s, x.dtype)), FLOATING,
           lambda d: [Sample((data((2, 3), d), 0.2)), Sample((strided((3, 4), d), 0.01),
                                                              note="strided")]),
    OpCase("_leaky_relu_backward", lambda g, x, s: np.where(x > 0, g, g * np.asarray(s, g.dtype)),
           FLOATING, lambda d: [Sample((data((2, 3), d), data((2, 3), d), 0.1))],
           op="_leaky_relu_backward"),
    # square of bool is int64 (the oracle compares it with torch); the row covers the rest.
    _unary("square", np.square, ALL, dtype_error=False, tol=1e-2),
    _binary("_tanh_backward", lambda g, y: _f64(g) * (1 - _f64(y) ** 2), FLOATING,
            result="float", numbers=False, tol=1e-2),
    OpCase("_layer_norm", _layer_norm_ref, FLOATING,
           lambda d: [Sample((data((2, 5), d), data((5,), d), data((5,), d), 1e-5)),
                      Sample((strided((2, 3, 4), d), data((4,), d), data((4,), d), 0.1),
                             note="non-contiguous, 3-D")], tol=1e-2),
    OpCase("_layer_norm_backward", _layer_norm_backward_ref, FLOATING,
           lambda d: [Sample((data((2, 5), d), data((2, 5), d), data((5,), d), 1e-5)),
                      Sample((strided((3, 4), d), data((3, 4), d), data((4,), d), 0.1),
                             note="non-contiguous grad_output")], tol=1e-2),
    OpCase("_layer_norm_weight_grad", _layer_norm_weight_grad_ref, FLOATING,
           lambda d: [Sample((data((2, 5), d), data((2, 5), d), 1e-5)),
                      Sample((strided((2, 3, 4), d), data((2, 3, 4), d), 0.1),
                             note="non-contiguous grad_output, 3-D")], tol=1e-2),
    OpCase("_sdpa", _sdpa_ref, FLOATING,
           lambda d: [Sample((data((1, 2, 3, 4), d), data((1, 2, 5, 4), d), data((1, 2, 5, 2), d),
                              0.5, False)),
                      Sample((strided((2, 1, 4, 3), d), data((2, 1, 4, 3), d), data((2, 1, 4, 3), d),
                              0.7, True), note="causal, non-contiguous query")], tol=1e-2),
    OpCase("_softmax_backward",
           lambda g, y, d: _f64(y) * (_f64(g) - (_f64(g) * _f64(y)).sum(axis=d, keepdims=True)),
           FLOATING, lambda d: [Sample((data((2, 5), d), data((2, 5), d), 1)),
                                Sample((strided((3, 4), d), data((3, 4), d), 0),
                                       note="non-contiguous, dim 0")], tol=1e-2),
    OpCase("_log_softmax_backward",
           lambda g, y, d: _f64(g) - np.exp(_f64(y)) * _f64(g).sum(axis=d, keepdims=True),
           FLOATING, lambda d: [Sample((data((2, 5), d), data((2, 5), d), 1)),
                                Sample((strided((3, 4), d), data((3, 4), d), 0),
                                       note="non-contiguous, dim 0")], tol=1e-2),
    # ---- linear algebra ----
    OpCase("mm", np.matmul, ALL, _matrix_samples(_MM), tol=1e-2, sparse=S0),
    # al.sparse.mm: mm's product; a sparse first operand's gradient is sparse (test_sparse.py).
    OpCase("_sparse_mm", np.matmul, ALL, _matrix_samples(_MM), tol=1e-2, sparse=S0),
    OpCase("bmm", np.matmul, ALL, _matrix_samples(_BMM), tol=1e-2),
    OpCase("dot", np.dot, ALL, _matrix_samples([((3,), (3,)), ((0,), (0,))]), tol=1e-2),
    OpCase("matmul", np.matmul, ALL, _matrix_samples(_MATMUL), dtype_error=False, tol=1e-2,
           sparse=S0),
    # ---- views and data movement ----
    _shaped("reshape", lambda x, s: x.reshape(s), [((2, 3), (3, 2)), ((3, 4), (-1,), "strided"),
                                                   ((), (1,))]),
    _shaped("t", np.transpose, [((2, 3),), ((3,),), ((3, 4), "strided")], sparse=S0),
    _shaped("transpose", np.swapaxes, [((2, 3, 4), 0, 2), ((3, 4), -1, 0, "strided")],
            sparse=S0),
    _shaped("permute", np.transpose, [((2, 3, 4), (2, 0, 1)), ((3, 4), (1, 0), "strided")]),
    _shaped("squeeze", np.squeeze, [((2, 1, 3),), ((1, 1),), ((2, 1, 3), 1),
                                     ((1, 2, 1, 3), (0, -2)), ((3, 1, 4), (1,), "strided")]),
    _shaped("unsqueeze", np.expand_dims, [((2, 3), 1), ((), 0), ((3, 4), -1, "strided")]),
    _shaped("flatten", _flatten, [((2, 3, 4),), ((2, 3, 4), 1), ((3, 4), "strided")]),
    _shaped("narrow", lambda x, d, start, n: np.take(x, range(start, start + n), axis=d),
            [((4, 5), 1, 1, 2), ((3, 4), 0, 1, 2, "strided")]),
    _shaped("select", lambda x, d, i: np.take(x, i, axis=d), [((2, 3), 1, 2), ((3, 4), 0, -1)]),
    _shaped("slice", _slice, [((4, 5), 1, 0, 4, 2), ((3, 4), 0, 1, None, 1, "strided")]),
    _shaped("clone", np.copy, [((2, 3),), ((3, 4), "strided"), ((),)], sparse=S0),
    OpCase("split", _split, ALL_AND_BOOL,
           _args_samples([((5, 2), 2), ((2, 6), 3, 1), ((5, 2), [1, 4]), ((2, 6), [2, 0, 4], 1)]),
           multi=True, dtype_error=False),
    OpCase("chunk", lambda x, n, d=0: np.array_split(x, n, axis=d), ALL_AND_BOOL,
           _args_samples([((6, 2), 3), ((2, 4), 2, 1)]), multi=True, dtype_error=False),
    OpCase("gather", lambda x, d, i: np.take_along_axis(x, i, axis=d), ALL_AND_BOOL,
           lambda d: [Sample((data((3, 4), d), 1, np.array([[0, 3], [1, 1], [2, 0]])))],
           dtype_error=False),
    OpCase("index_select", lambda x, d, i: np.take(x, i, axis=d), ALL_AND_BOOL,
           lambda d: [Sample((data((3, 4), d), 1, np.array([3, 0, 3]))),
                      Sample((strided((3, 4), d), 0, np.array([2])), note="non-contiguous")],
           dtype_error=False),
    OpCase("cat", _cat, ALL_AND_BOOL,
           _list_samples([([(2, 3), (1, 3)], 0), ([(2, 1), (2, 3)], -1), ([(2, 3), (0,)], 0)]),
           dtype_error=False),
    OpCase("stack", lambda ts, dim=0: np.stack(ts, axis=dim), ALL_AND_BOOL,
           _list_samples([([(2, 3), (2, 3)], 0), ([(3,), (3,), (3,)], -1)]),
           dtype_error=False),
    OpCase("index", lambda x, i: x[_index_key(i)], ALL_AND_BOOL, _index_samples,
           dtype_error=False),
    OpCase("index_put", _index_put, ALL_AND_BOOL, _index_put_samples, dtype_error=False),
    OpCase("view", lambda x, s: x.reshape(s), ALL_AND_BOOL,
           _args_samples([((2, 3), (3, 2)), ((2, 3, 4), (-1, 4)), ((), (1,))]),
           dtype_error=False, method=True),
    OpCase("contiguous", np.ascontiguousarray, ALL_AND_BOOL,
           _args_samples([((3, 4), "strided"), ((2, 3),)]), dtype_error=False, method=True),
    OpCase("to", _to, ALL_AND_BOOL, _to_samples, dtype_error=False, method=True, sparse=S0),
    OpCase("type_as", lambda x, other: x.astype(other.dtype), ALL_AND_BOOL, _type_as_samples,
           dtype_error=False, method=True),
    # torch's REPL habits; unique has no row: its size depends on the values, so it
    # has no meta kernel for the table's meta column (tests/test_tensor_api.py tests it).
    _shaped("repeat", np.tile, [((2, 3), (2, 1)), ((3,), (2, 2)), ((3, 4), (1, 2), "strided")],
            method=True),
    _shaped("flip", np.flip, [((2, 3), (0,)), ((3, 4), (0, 1), "strided"), ((2, 3, 4), (-1,))]),
    _shaped("roll", _roll, [((2, 3), (1,)), ((3, 4), (1, -2), (0, 1), "strided"),
                            ((2, 3), (4,), (1,))]),
    # The shape of another tensor (as real programs use it): other's values and dtype are unread.
    OpCase("expand_as", lambda x, other: np.broadcast_to(x, other.shape), ALL_AND_BOOL,
           lambda d: [Sample((data((3, 1), d), np.zeros((3, 4)))),
                      Sample((data((4,), d), np.zeros((2, 3, 4))), note="new leading dims")],
           dtype_error=False, method=True),
    OpCase("view_as", lambda x, other: x.reshape(other.shape), ALL_AND_BOOL,
           lambda d: [Sample((data((2, 3), d), np.zeros((3, 2)))),
                      Sample((data((2, 3), d), np.zeros(6, np.int64)), note="int other")],
           dtype_error=False, method=True),
    OpCase("norm", _norm, FLOATING,
           lambda d: [Sample((data((2, 3), d, "nonzero"),)),
                      Sample((data((2, 3), d, "nonzero"), 1, 1), note="p=1, dim 1"),
                      Sample((strided((3, 4), d, "nonzero"), 3, [0], True), note="p=3, keepdim"),
                      Sample((data((2, 3), d, "nonzero"), math.inf, -1), note="inf")],
           dtype_error=False, tol=1e-2),
    _shaped("broadcast_to", np.broadcast_to, [((3, 1), (2, 3, 4)), ((3,), (2, 3), "strided")],
            method=True),
    _shaped("tile", lambda x, d: np.tile(x, d), [((2, 3), (2,)), ((3,), (2, 2)),
                                                 ((3, 4), (1, 2, 1), "strided")]),
    _shaped("movedim", np.moveaxis, [((2, 3, 4), 0, -1), ((2, 3, 4), -1, 1, "strided"),
                                     ((2, 3), 1, 1)]),
    OpCase("hstack", np.hstack, ALL_AND_BOOL,
           lambda d: [Sample(([data(s, d) for s in shapes],), note=str(shapes))
                      for shapes in ([(2, 3), (2, 1)], [(3,), (2,)])], dtype_error=False),
    OpCase("vstack", np.vstack, ALL_AND_BOOL,
           lambda d: [Sample(([data(s, d) for s in shapes],), note=str(shapes))
                      for shapes in ([(2, 3), (1, 3)], [(3,), (3,)])], dtype_error=False),
    OpCase("unbind", lambda x, dim=0: list(np.moveaxis(x, dim, 0)), ALL_AND_BOOL,
           lambda d: [Sample((data((2, 3), d),)), Sample((strided((3, 4), d), -1), note="dim -1"),
                      Sample((data((1, 2, 3), d), 1), note="3-D")],
           multi=True, dtype_error=False),
    OpCase("reshape_as", lambda x, other: x.reshape(other.shape), ALL_AND_BOOL,
           lambda d: [Sample((strided((3, 4), d), np.zeros((2, 6))), note="strided: a copy"),
                      Sample((data((2, 3), d), np.zeros((6, 1))))],
           dtype_error=False, method=True),
    OpCase("masked_fill", lambda x, m, v: np.where(m, np.asarray(v).astype(x.dtype), x),
           ALL_AND_BOOL, lambda d: [Sample((data((2, 3), d), data((2, 3), "bool"), 1)),
                                    Sample((data((2, 3), d), data((3,), "bool"), 0),
                                           note="broadcast mask")],
           dtype_error=False),
    # ---- sparse COO (results that are sparse are compared in their dense form) ----
    OpCase("sparse_coo_tensor", _sparse_coo, ALL_AND_BOOL, _sparse_coo_samples,
           dtype_error=False),
    OpCase("to_sparse", np.copy, ALL_AND_BOOL, unary_samples(), dtype_error=False, method=True,
           sparse=S0),
    OpCase("to_dense", np.copy, ALL_AND_BOOL, unary_samples(), dtype_error=False, method=True,
           sparse=S0),
    # The gradient of sparse_coo_tensor's values; repeated positions make its own gradient sum.
    OpCase("_sparse_values_at", lambda x, i: x[tuple(i)], ALL_AND_BOOL,
           lambda d: [Sample((data((3, 4), d), np.array([[0, 2, 2], [1, 3, 3]])))],
           dtype_error=False, sparse=S0),
]



# ---- the op surface of real programs: NumPy references and samples ----

INTEGRAL_AND_BOOL = ("bool",) + INTEGRAL


def _specials(dtype):
    """NaN, +-inf, -0.0 and ordinary values (floating dtypes), else ordinary data."""
    if np.dtype(dtype).kind != "f":
        return data((2, 3), dtype)
    return np.array([[np.nan, np.inf, -np.inf], [-0.0, 1.5, -2.0]], dtype=dtype)


def _nan_to_num_samples(dtype):
    return [Sample((_specials(dtype),), note="NaN, inf, -inf"),
            Sample((_specials(dtype),), {"nan": 1.0, "posinf": 2.0, "neginf": -3.0}, "given"),
            Sample((strided((3, 4), dtype),), note="non-contiguous")]


def _nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    return np.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)


def _lerp(a, b, w):
    a, b, w = _f64(a), _f64(b), _f64(w)
    return np.where(np.abs(w) < 0.5, a + w * (b - a), b - (b - a) * (1 - w))


def _lerp_samples(dtype):
    return [Sample((data((2, 3), dtype), data((3,), dtype), 0.3), note="scalar weight"),
            Sample((data((2, 3), dtype), data((2, 3), dtype), 0.75), note="weight >= 0.5"),
            Sample((data((2, 1), dtype), data((1, 3), dtype), data((2, 3), dtype, "unit")),
                   note="tensor weight, broadcast"),
            Sample((strided((3, 4), dtype), data((4,), dtype), data((), dtype, "unit")),
                   note="non-contiguous, 0-dim weight")]


def _scan(fn):
    def ref(x, dim, dtype=None):
        wide = x.dtype if x.dtype.kind == "f" else np.int64
        out = fn(x.reshape(x.shape or (1,)).astype(dtype.np if dtype else wide), axis=dim)
        return out.reshape(x.shape)
    return ref


def _scan_samples(dtype):
    kind = "unit" if dtype in FLOATING else "small"
    with_zero = data((2, 4), dtype, kind)
    with_zero[:, 1] = 0
    return [Sample((data((2, 3, 4), dtype, kind), 1), note="dim=1"),
            Sample((data((3, 4), dtype, kind), -1), note="dim=-1"),
            Sample((data((), dtype, kind), 0), note="0-dim"),
            Sample((data((0, 3), dtype, kind), 0), note="empty"),
            Sample((strided((3, 4), dtype, kind), 0), note="non-contiguous"),
            Sample((with_zero, 1), note="zeros in the scanned dim"),
            Sample((data((2, 3), dtype, kind), 0), {"dtype": al.float64}, "dtype=float64",
                   "float64")]


def _stable_order(x, dim, descending):
    # The float64 image of every dtype keeps its order; negating it reverses the order and
    # keeps ties in index order (a stable descending sort).
    key = x.astype(np.float64)
    return np.argsort(-key if descending else key, axis=dim, kind="stable")


def _sort(x, dim=-1, descending=False, stable=None):
    y = x.reshape(x.shape or (1,))
    idx = _stable_order(y, dim, descending)
    return (np.take_along_axis(y, idx, dim).reshape(x.shape), idx.reshape(x.shape))


def _argsort(x, dim=-1, descending=False, stable=None):
    return _sort(x, dim, descending)[1]


def _topk(x, k, dim=-1, largest=True, sorted=True):  # noqa: A002
    y = x.reshape(x.shape or (1,))
    idx = np.take(_stable_order(y, dim, largest), np.arange(k), axis=dim)
    shape = x.shape if not x.shape else idx.shape
    return (np.take_along_axis(y, idx, dim).reshape(shape), idx.reshape(shape))


def _sort_samples(dtype):
    return [Sample((data((2, 3, 4), dtype),), note="last dim"),
            Sample((data((3, 4), dtype), 0, True), note="dim 0, descending"),
            Sample((strided((3, 4), dtype),), {"descending": True}, "non-contiguous"),
            Sample((data((), dtype),), note="0-dim"),
            Sample((data((0, 3), dtype), 1), note="empty"),
            Sample((data((3, 4), dtype),), {"stable": True, "dim": 0}, "stable=True")]


def _topk_samples(dtype):
    return [Sample((data((2, 5), dtype), 2), note="2 largest"),
            Sample((data((4, 3), dtype), 3, 0, False), note="3 smallest along dim 0"),
            Sample((strided((3, 4), dtype), 1), note="non-contiguous"),
            Sample((data((), dtype), 1), note="0-dim")]


def _scatter_where(index, dim):
    where = list(np.indices(index.shape, sparse=True))
    where[dim] = index
    return tuple(where)


def _scatter(x, dim, index, src):
    out = x.copy()
    value = src[tuple(slice(0, n) for n in index.shape)] if isinstance(src, np.ndarray) else src
    out[_scatter_where(index, dim)] = value
    return out


def _scatter_add(x, dim, index, src):
    out = x.copy()
    np.add.at(out, _scatter_where(index, dim), src[tuple(slice(0, n) for n in index.shape)])
    return out


_SCATTER_INDEX = np.array([[2, 0, 1, 0], [1, 2, 0, 2]])  # distinct positions per column


def _scatter_samples(dtype):
    return [Sample((data((3, 4), dtype), 0, _SCATTER_INDEX, data((2, 4), dtype)), note="dim 0"),
            Sample((data((3, 4), dtype), 1, np.array([[3, 1], [0, 2]]), data((3, 5), dtype)),
                   note="dim 1, index smaller than self and src"),
            Sample((strided((3, 4), dtype), 0, _SCATTER_INDEX[:1], data((1, 4), dtype)),
                   note="non-contiguous self")]


def _scatter_value_samples(dtype):
    value = 1.5 if dtype in FLOATING else True if dtype == "bool" else 2
    return [Sample((data((3, 4), dtype), 0, _SCATTER_INDEX, value), note="value")]


def _scatter_add_samples(dtype):
    return [Sample((data((3, 4), dtype), 0, np.array([[2, 0, 2, 2], [2, 1, 0, 2]]),
                    data((2, 4), dtype)), note="repeated positions add up"),
            Sample((data((3, 4), dtype), 1, np.array([[0, 0], [3, 1]]), data((2, 3), dtype)),
                   note="dim 1, small index")]


def _index_add(x, dim, index, source, alpha=1):
    out = x.copy()
    np.add.at(out, (slice(None),) * dim + (index,), source * np.asarray(alpha, x.dtype))
    return out


def _index_add_samples(dtype):
    return [Sample((data((3, 4), dtype), 0, np.array([2, 0, 2]), data((3, 4), dtype)),
                   note="repeated rows"),
            Sample((strided((3, 4), dtype), 1, np.array([1]), data((3, 1), dtype)),
                   {"alpha": 2} if dtype != "bool" else {}, "alpha, non-contiguous")]


def _one_hot(x, num_classes=-1):
    return (x[..., None] == np.arange(num_classes)).astype(np.int64)


def _embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    return weight[indices]


def _embedding_samples(dtype):
    return [Sample((data((5, 3), dtype), np.array([[0, 4], [2, 0]])), note="2-D indices"),
            Sample((data((4, 2), dtype), np.array([1, 1, 3])), note="repeated rows"),
            Sample((data((4, 2), dtype), np.array(2)), note="0-dim index"),
            Sample((strided((3, 4), dtype), np.array([0, 2], dtype=np.int32)),
                   note="non-contiguous weight, int32 indices")]


def _triangle_samples(dtype):
    return [Sample((data((3, 4), dtype),), note="2-D"),
            Sample((data((2, 3, 3), dtype), 1), note="batched, diagonal 1"),
            Sample((strided((4, 3), dtype), -1), note="non-contiguous, diagonal -1"),
            Sample((data((0, 2), dtype),), note="empty")]


def _var(x, dim=None, unbiased=True, keepdim=False, correction=None):
    if isinstance(dim, bool):  # the var(self, unbiased) overload
        dim, unbiased = None, dim
    ddof = correction if correction is not None else int(unbiased)
    axis = None if x.ndim == 0 else _axis(dim)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray(np.var(_f64(x), axis=axis, ddof=ddof, keepdims=keepdim))


def _var_samples(dtype):
    return [Sample((data((3, 4), dtype),), note="all"),
            Sample((data((3, 4), dtype), False), note="all, biased"),
            Sample((data((2, 3, 4), dtype), 1), note="dim 1"),
            Sample((data((2, 3, 4), dtype), (0, 2), True, True), note="dims, keepdim"),
            Sample((data((3, 4), dtype), 1), {"correction": 0}, "correction 0"),
            Sample((strided((3, 4), dtype),), {"dim": 0, "correction": 2, "keepdim": True},
                   "non-contiguous, correction 2, keepdim")]


def _std(*args, **kwargs):
    return np.sqrt(_var(*args, **kwargs))


def _var_mean(x, dim=None, unbiased=True, keepdim=False, correction=None):
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    axis = None if x.ndim == 0 else _axis(dim)
    return (_var(x, dim, unbiased, keepdim, correction),
            np.asarray(np.mean(_f64(x), axis=axis, keepdims=keepdim)))


def _std_mean(*args, **kwargs):
    v, m = _var_mean(*args, **kwargs)
    return np.sqrt(v), m


def _addmm(x, a, b, beta=1, alpha=1):
    return beta * _f64(x) + alpha * (_f64(a) @ _f64(b))


def _addmm_samples(batched):
    def make(dtype):
        kind = "unit" if dtype == "float16" else "any"
        lead = (2,) if batched else ()
        a, b = data(lead + (2, 3), dtype, kind), data(lead + (3, 4), dtype, kind)
        floating = dtype in FLOATING
        return [Sample((data((2, 4), dtype, kind), a, b), note="same shape"),
                Sample((data((4,), dtype, kind), a, b), {"beta": 2, "alpha": 3}, "broadcast self"),
                Sample((data((1, 4), dtype, kind), a, b),
                       {"beta": 0.5 if floating else 1, "alpha": -1}, "beta, alpha")]
    return make


# Every equation keeps the dtype (one that sums a label away, 'ij->j', widens integers as sum
# does, as in torch: tests/test_parity_ops.py).
_EINSUM = [("ij,jk->ik", [(2, 3), (3, 4)]), ("bij,bjk", [(2, 2, 3), (2, 3, 4)]),
           ("ii->i", [(3, 3)]), ("ij->ji", [(2, 3)]), ("i,j->ij", [(2,), (3,)]),
           ("...ij,...j->...i", [(2, 3, 4), (4,)]), ("ij,ij->j", [(2, 3), (2, 3)]),
           ("abc,cd,db->a", [(2, 3, 4), (4, 2), (2, 3)])]


def _einsum_samples(dtype):
    kind = "unit" if dtype == "float16" else "any"
    return [Sample((eq, [data(s, dtype, kind) for s in shapes]), note=eq) for eq, shapes in _EINSUM]


CASES += [
    _unary("log10", lambda x: np.log10(_f64(x)), FLOATING, "positive", result="float"),
    _unary("log2", lambda x: np.log2(_f64(x)), FLOATING, "positive", result="float"),
    OpCase("isnan", np.isnan, ALL_AND_BOOL, lambda d: [Sample((_specials(d),))], "bool"),
    OpCase("isinf", np.isinf, ALL_AND_BOOL, lambda d: [Sample((_specials(d),))], "bool"),
    OpCase("isfinite", np.isfinite, ALL_AND_BOOL, lambda d: [Sample((_specials(d),))], "bool"),
    _unary("isnan", np.isnan, ALL_AND_BOOL, result="bool"),
    OpCase("nan_to_num", _nan_to_num, FLOATING, _nan_to_num_samples, dtype_error=False),
    OpCase("nan_to_num", lambda x: x.copy(), ALL_AND_BOOL, unary_samples(), dtype_error=False),
    _binary("logical_xor", np.logical_xor, ALL_AND_BOOL, result="bool"),
    _binary("bitwise_and", np.bitwise_and, INTEGRAL_AND_BOOL, op="bitwise_and.Tensor"),
    _binary("bitwise_or", np.bitwise_or, INTEGRAL_AND_BOOL, op="bitwise_or.Tensor"),
    _binary("bitwise_xor", np.bitwise_xor, INTEGRAL_AND_BOOL, op="bitwise_xor.Tensor"),
    _unary("bitwise_not", np.invert, INTEGRAL_AND_BOOL),
    _binary("fmod", np.fmod, ALL, "nonzero", tol=1e-2, op="fmod.Tensor"),
    OpCase("lerp", _lerp, FLOATING, _lerp_samples, tol=1e-2, op="lerp.Scalar"),
    OpCase("cumsum", _scan(np.cumsum), ALL_AND_BOOL, _scan_samples, "wide", tol=1e-2),
    OpCase("cumprod", _scan(np.cumprod), ALL_AND_BOOL, _scan_samples, "wide", tol=1e-2),
    OpCase("sort", _sort, ALL_AND_BOOL, _sort_samples, ("same", "int64"), multi=True),
    OpCase("argsort", _argsort, ALL_AND_BOOL, _sort_samples, "int64", dtype_error=False),
    OpCase("topk", _topk, ALL, _topk_samples, ("same", "int64"), multi=True),
    OpCase("scatter", _scatter, ALL_AND_BOOL, _scatter_samples, op="scatter.src"),
    OpCase("scatter", _scatter, ALL_AND_BOOL, _scatter_value_samples, op="scatter.value"),
    OpCase("scatter_add", _scatter_add, ALL_AND_BOOL, _scatter_add_samples),
    OpCase("index_add", _index_add, ALL_AND_BOOL, _index_add_samples),
    OpCase("one_hot", _one_hot, ("int64",),
           lambda d: [Sample((np.array([[0, 3], [2, 2]]), 4)),
                      Sample((np.array([], dtype=np.int64), 3), note="empty")]),
    OpCase("embedding", _embedding, ALL_AND_BOOL, _embedding_samples, dtype_error=False),
    OpCase("tril", lambda x, k=0: np.tril(x, k), ALL_AND_BOOL, _triangle_samples),
    OpCase("triu", lambda x, k=0: np.triu(x, k), ALL_AND_BOOL, _triangle_samples),
    OpCase("var", _var, FLOATING, _var_samples, tol=1e-2, dtype_error=False),
    OpCase("std", _std, FLOATING, _var_samples, tol=1e-2, dtype_error=False),
    OpCase("var_mean", _var_mean, FLOATING, _var_samples, tol=1e-2, multi=True,
           dtype_error=False),
    OpCase("std_mean", _std_mean, FLOATING, _var_samples, tol=1e-2, multi=True,
           dtype_error=False),
    _shaped("unflatten", lambda x, d, sizes: x.reshape(
        x.shape[:d % x.ndim] + tuple(sizes) + x.shape[d % x.ndim + 1:]),
        [((2, 6), 1, (2, 3)), ((6, 2), 0, (-1, 2)), ((4, 3), -1, (3, 1), "strided")]),
    OpCase("outer", np.outer, ALL_AND_BOOL,
           lambda d: [Sample((data((3,), d), data((2,), d))),
                      Sample((strided((4,), d), data((0,), d)), note="non-contiguous, empty")],
           dtype_error=False),
    OpCase("addmm", _addmm, ALL, _addmm_samples(False), tol=1e-2, dtype_error=False),
    OpCase("baddbmm", _addmm, ALL, _addmm_samples(True), tol=1e-2, dtype_error=False),
    OpCase("einsum", lambda eq, ops: np.einsum(eq, *ops, dtype=np.float64), ALL,
           _einsum_samples, tol=1e-2, dtype_error=False),
    # Selections, grids, diagonals, padding (nonzero and masked_select have no row: their size
    # depends on the values, as unique's; tests/test_parity_select.py compares them with torch).
    _shaped("repeat_interleave", _repeat_interleave,
            [((2, 3), 2), ((2, 3), 3, 1), ((3, 4), 2, -1, "strided"), ((), 3)]),
    _shaped("diagonal", _diagonal, [((3, 4),), ((3, 4), 1), ((4, 3), -2, 1, 0, "strided"),
                                    ((2, 3, 4), 0, -1, 0), ((2, 3), 5)]),
    _shaped("diag", _diag, [((3,),), ((2,), 2), ((3,), -1), ((3, 4), 1), ((4, 3), -1, "strided")]),
    OpCase("trace", lambda x: np.trace(x).astype(x.dtype if x.dtype.kind == "f" else np.int64),
           ALL, _args_samples([((3, 4),), ((4, 3), "strided"), ((0, 2),)]), result="wide",
           dtype_error=False),
    _shaped("constant_pad_nd", _constant_pad,
            [((2, 3), (1, 2)), ((2, 3), (1, 0, 0, 2), 0), ((3, 4), (-1, 1), 0, "strided"),
             ((2, 3, 2), (0, 1, 2, 0, 1, 1))]),
    OpCase("meshgrid", _meshgrid, ALL_AND_BOOL,
           lambda d: [Sample(([data((2,), d), data((3,), d)],), note="no indexing: 'ij'"),
                      Sample(([data((3,), d), data((), d), data((2,), d)],), {"indexing": "ij"},
                             note="0-dim"),
                      Sample(([data((2,), d), data((3,), d)],), {"indexing": "xy"}, note="xy")],
           multi=True, dtype_error=False),
    OpCase("cosine_similarity", _cosine, FLOATING,
           lambda d: [Sample((data((3, 4), d), data((3, 4), d))),
                      Sample((data((2, 3), d), data((3,), d), 0), note="broadcast, dim 0")],
           tol=1e-2, dtype_error=False),
    OpCase("kl_div", _kl_div, FLOATING,
           lambda d: [Sample((data((2, 3), d), data((2, 3), d, "positive"), 1), note="mean"),
                      Sample((data((2, 3), d), data((2, 3), d), 2), {"log_target": True},
                             note="sum, log_target")],
           tol=1e-2, dtype_error=False),
    OpCase("huber_loss", _huber, FLOATING,
           lambda d: [Sample((data((2, 3), d), data((2, 3), d))),
                      Sample((data((3, 4), d), data((3, 4), d), 0, 0.5), note="none, delta")],
           tol=1e-2, dtype_error=False),
]


def result_dtype(rule: str, dtype: str) -> str:
    """The dtype a result of `rule` has for inputs of `dtype` (torch's rules)."""
    floating = dtype in FLOATING
    return {
        "same": dtype,
        "float": dtype if floating else "float32",
        "bool": "bool",
        "wide": dtype if floating else "int64",
        "int64": "int64",
        "mask": "uint8" if dtype == "uint8" else "bool",  # torch's all/any keep uint8
    }[rule]



def case_id(case: OpCase, dtype: str | None = None) -> str:
    return case.name + (f"-{dtype}" if dtype else "")


# ---- default gradcheck rows ----
#
# Note [Default gradcheck rows]
# Following README's "Adding an op" adds a differentiable op and no row, and every differentiable
# op must be gradchecked (tests/test_gradcheck_ops.py). So an op that the hand-written rows
# above do not name gets a row derived from its YAML: its dtypes, one sample with a float
# array of shape (2, 3) per Tensor argument, drawn from the op's `domain:` (native_functions.
# yaml; default any), and every other argument left at its default. Private and sparse-only
# ops are left out (the public op's row, and test_sparse.py, reach them). The row has no NumPy
# reference, so only the gradient tests use it (GRAD_CASES); an op with an argument that has
# no default, or a Tensor[] one, gets no derived row: it needs a hand-written one. A
# hand-written row with the op's name always wins.


def default_rows(cases: list[OpCase]) -> list[OpCase]:
    """A derived gradcheck row for each differentiable op no row in ``cases`` names."""
    from pathlib import Path

    from tools.codegen.load import load
    from tools.codegen.model import SchemaKind

    root = Path(__file__).resolve().parents[1]
    spec = load(root / "native_functions.yaml", root / "derivatives.yaml", runtime_root=root)
    named = {c.name for c in cases}
    differentiable = {str(d.func.name) for d in spec.derivatives if d.formulas
                      and any(d.output_differentiability or (True,))}
    rows = []
    for nf in spec.native:
        name = str(nf.func.name.name)
        # Private ops (`_div_trunc`) are reached through the public op a row calls; ops whose
        # one kernel is sparse take samples a dense row cannot give (tests/test_sparse.py).
        sparse_only = set(nf.dispatch) == {"SparseCPU"} and nf.elementwise is None
        if (nf.func.kind() is not SchemaKind.functional or name in named
                or name.startswith("_") or sparse_only
                or str(nf.func.name) not in differentiable
                or not any(d.startswith("float") for d in nf.dtypes)):
            continue
        row = _derived_row(nf, name)
        if row is not None:
            rows.append(row)
            named.add(name)
    return rows


def _derived_row(nf, name: str) -> OpCase | None:
    tensors = []
    for a in nf.func.arguments.positional + nf.func.arguments.kwarg_only:
        if a.default is not None:
            continue  # left at its default
        if str(a.type) != "Tensor":
            return None  # a required int, list, Tensor[]...: only a person knows good values
        tensors.append(a)
    if not tensors or tensors != list(nf.func.arguments.positional[:len(tensors)]):
        return None  # the required tensors are not the leading positionals

    def samples(dtype: str) -> list[Sample]:
        args = tuple(data((2, 3), dtype, nf.domain) for _ in tensors)
        return [Sample(args, note=f"derived from the YAML, domain {nf.domain}")]

    return OpCase(name, _no_reference, tuple(nf.dtypes), samples, dtype_error=False,
                  method="function" not in nf.variants, derived=True)


def _no_reference(*args, **kwargs):
    raise AssertionError("a derived row has no NumPy reference; it drives gradient tests only")


# ---- convolution: direct loops over kernel positions, in float64 / int64 ----


def _wide(x):
    if not isinstance(x, np.ndarray):
        return x
    return x.astype(np.float64 if x.dtype.kind == "f" else np.int64)


def _narrow(out, like):
    return out.astype(like.dtype)


def _positions(kernel):
    import itertools
    return itertools.product(*(range(k) for k in kernel))


def _window(pos, dilation, stride, blocks):
    return (slice(None), slice(None)) + tuple(
        slice(i * dl, i * dl + s * (b - 1) + 1, s)
        for i, dl, s, b in zip(pos, dilation, stride, blocks))


def _pad(x, padding):
    return np.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in padding])


def _conv_blocks(size, kernel, stride, padding, dilation):
    return tuple((n + 2 * p - dl * (k - 1) - 1) // s + 1
                 for n, k, s, p, dl in zip(size, kernel, stride, padding, dilation))


def _convolution(x, w, b, stride, padding, dilation, transposed, output_padding, groups):
    x, w, like = _wide(x), _wide(w), x
    g, kernel = groups, w.shape[2:]
    if transposed:
        cin_g, cout_g = w.shape[0] // g, w.shape[1]
        size = tuple((n - 1) * s - 2 * p + dl * (k - 1) + op + 1 for n, k, s, p, dl, op in
                     zip(x.shape[2:], kernel, stride, padding, dilation, output_padding))
        out = np.zeros((x.shape[0], cout_g * g) + tuple(n + 2 * p for n, p in
                                                        zip(size, padding)), x.dtype)
        for pos in _positions(kernel):
            win = _window(pos, dilation, stride, x.shape[2:])
            for j in range(g):
                part = np.einsum("co,nc...->no...", w[(slice(j * cin_g, (j + 1) * cin_g),
                                                       slice(None)) + pos],
                                 x[:, j * cin_g:(j + 1) * cin_g])
                out[win][:, j * cout_g:(j + 1) * cout_g] += part
        out = out[(slice(None), slice(None)) + tuple(slice(p, p + n) for p, n in
                                                     zip(padding, size))]
    else:
        cout_g, cin_g = w.shape[0] // g, w.shape[1]
        blocks = _conv_blocks(x.shape[2:], kernel, stride, padding, dilation)
        xp = _pad(x, padding)
        out = np.zeros((x.shape[0], cout_g * g) + blocks, x.dtype)
        for pos in _positions(kernel):
            xs = xp[_window(pos, dilation, stride, blocks)]
            for j in range(g):
                out[:, j * cout_g:(j + 1) * cout_g] += np.einsum(
                    "oc,nc...->no...", w[(slice(j * cout_g, (j + 1) * cout_g), slice(None))
                                         + pos], xs[:, j * cin_g:(j + 1) * cin_g])
    if b is not None:
        out = out + _wide(b).reshape((-1,) + (1,) * (out.ndim - 2))
    return _narrow(out, like)


def _conv_weight_grad(x, gout, weight_size, stride, padding, dilation, groups):
    x, gw, like = _wide(x), _wide(gout), x
    g = groups
    cout_g, cin_g = weight_size[0] // g, weight_size[1]
    kernel = tuple(weight_size[2:])
    xp = _pad(x, padding)
    out = np.zeros(tuple(weight_size), x.dtype)
    for pos in _positions(kernel):
        xs = xp[_window(pos, dilation, stride, gw.shape[2:])]
        for j in range(g):
            a = gw[:, j * cout_g:(j + 1) * cout_g]
            b = xs[:, j * cin_g:(j + 1) * cin_g]
            out[(slice(j * cout_g, (j + 1) * cout_g), slice(None)) + pos] = np.einsum(
                "nol,ncl->oc", a.reshape(a.shape[:2] + (-1,)), b.reshape(b.shape[:2] + (-1,)))
    return _narrow(out, like)


def _im2col(x, kernel, dilation, padding, stride):
    xp = _pad(x, padding)
    blocks = _conv_blocks(x.shape[2:], kernel, stride, padding, dilation)
    cols = [xp[_window(pos, dilation, stride, blocks)] for pos in _positions(kernel)]
    out = np.stack(cols, axis=2)  # (N, C, K, *blocks)
    return out.reshape(x.shape[0], -1, int(np.prod(blocks)))


def _col2im(cols, size, kernel, dilation, padding, stride):
    c, like = _wide(cols), cols
    k = int(np.prod(kernel))
    blocks = _conv_blocks(size, kernel, stride, padding, dilation)
    c = c.reshape((c.shape[0], c.shape[1] // k, k) + blocks)
    out = np.zeros(c.shape[:2] + tuple(n + 2 * p for n, p in zip(size, padding)), c.dtype)
    for i, pos in enumerate(_positions(kernel)):
        out[_window(pos, dilation, stride, blocks)] += c[:, :, i]
    out = out[(slice(None), slice(None)) + tuple(slice(p, p + n) for p, n in
                                                 zip(padding, size))]
    return _narrow(out, like)


def _convolution_samples(dtype):
    return [
        Sample((data((2, 4, 5, 6), dtype), data((6, 2, 3, 2), dtype), data((6,), dtype),
                [1, 2], [1, 0], [1, 1], False, [0, 0], 2), note="2-D, groups, stride, bias"),
        Sample((strided((2, 2, 5, 5), dtype), data((3, 2, 2, 2), dtype), None, [1, 1],
                [1, 1], [2, 2], False, [0, 0], 1), note="dilation, non-contiguous input"),
        Sample((data((2, 3, 4), dtype), data((3, 2, 3), dtype), data((2,), dtype), [2], [1],
                [1], True, [1], 1), note="1-D transposed, output_padding"),
        Sample((data((1, 4, 3, 3), dtype), data((4, 1, 2, 2), dtype), None, [1, 1], [1, 0],
                [1, 2], True, [0, 0], 2), note="2-D transposed, stride 1, groups"),
    ]


def _conv_weight_grad_samples(dtype):
    return [
        Sample((data((2, 4, 5, 6), dtype), data((2, 6, 5, 3), dtype), [6, 2, 3, 2], [1, 2],
                [1, 0], [1, 1], 2), note="groups, stride"),
        Sample((data((1, 2, 6), dtype), data((1, 3, 4), dtype), [3, 2, 2], [1], [0], [2], 1),
               note="1-D, dilation"),
    ]


def _im2col_samples(dtype):
    return [Sample((data((2, 3, 5, 4), dtype), [2, 3], [1, 1], [1, 0], [2, 1]),
                   note="padding, stride"),
            Sample((strided((1, 2, 4, 5), dtype), [2, 2], [2, 1], [0, 1], [1, 1]),
                   note="dilation, non-contiguous")]


def _col2im_samples(dtype):
    return [Sample((data((2, 18, 6), dtype), [5, 4], [2, 3], [1, 1], [1, 0], [2, 1]),
                   note="padding, stride, overlaps"),
            Sample((data((1, 8, 12), dtype), [4, 5], [2, 2], [2, 1], [0, 1], [1, 1]),
                   note="dilation")]


CASES += [
    OpCase("convolution", _convolution, ALL, _convolution_samples, tol=1e-2),
    OpCase("_conv_weight_grad", _conv_weight_grad, ALL, _conv_weight_grad_samples, tol=1e-2),
    OpCase("im2col", _im2col, ALL, _im2col_samples),
    OpCase("col2im", _col2im, ALL, _col2im_samples, tol=1e-2),
]


# Ops whose result size depends on the values have no meta kernel, so no row in CASES (whose
# meta column needs one): gradient rows only; tests/test_parity_select.py compares their
# values with torch's.
VALUE_SIZED = [
    OpCase("masked_select", lambda x, m: np.broadcast_to(x, np.broadcast(x, m).shape)[
        np.broadcast_to(m, np.broadcast(x, m).shape)], ALL_AND_BOOL,
        lambda d: [Sample((data((2, 3), d), np.array([True, False, True])), note="broadcast"),
                   Sample((strided((3, 4), d), data((3, 4), "bool")), note="non-contiguous")],
        dtype_error=False),
    OpCase("repeat_interleave", lambda x, r, dim=None: np.repeat(x, r, axis=dim), ALL_AND_BOOL,
           lambda d: [Sample((data((2, 3), d), np.array([2, 0, 1]), 1), note="dim 1"),
                      Sample((data((2, 3), d), np.array([3])), note="flattened")],
           op="repeat_interleave.self_Tensor", dtype_error=False),
]


# ---- linear algebra over LAPACK (values against numpy.linalg, the same LAPACK calls) ----


def _square_samples(dtype):
    return [Sample((data((3, 3), dtype),), note="one matrix"),
            Sample((data((2, 3, 3), dtype),), note="a batch"),
            Sample((strided((3, 3), dtype),), note="non-contiguous")]


def _pd_samples(dtype):
    def pd(shape):
        x = data(shape, dtype)
        return (x @ np.swapaxes(x, -1, -2) + shape[-1] * np.eye(shape[-1])).astype(dtype)
    return [Sample((pd((3, 3)),), note="one matrix"), Sample((pd((2, 3, 3)),), note="a batch"),
            Sample((pd((3, 3)),), {"upper": True}, note="upper")]


def _solve_samples(dtype):
    return [Sample((data((3, 3), dtype), data((3, 2), dtype)), note="one system"),
            Sample((data((2, 3, 3), dtype), data((3, 1), dtype)), note="B broadcast")]


def _rect_samples(extra):
    def make(dtype):
        return [Sample((data((3, 2), dtype),) + extra, note="tall"),
                Sample((data((2, 4), dtype),) + extra, note="wide"),
                Sample((data((2, 3, 3), dtype),) + extra, note="a batch")]
    return make


def _cholesky_ref(a, upper=False):
    low = np.linalg.cholesky(a)
    return np.swapaxes(low, -1, -2) if upper else low


LINALG_FLOATS = ("float32", "float64")
CASES += [
    OpCase("linalg_inv", np.linalg.inv, LINALG_FLOATS, _square_samples, dtype_error=False),
    OpCase("linalg_det", np.linalg.det, LINALG_FLOATS, _square_samples, dtype_error=False),
    OpCase("linalg_slogdet", lambda a: np.linalg.slogdet(a), LINALG_FLOATS, _square_samples,
           multi=True, dtype_error=False),
    OpCase("linalg_solve", np.linalg.solve, LINALG_FLOATS, _solve_samples, dtype_error=False),
    OpCase("linalg_cholesky", _cholesky_ref, LINALG_FLOATS, _pd_samples, dtype_error=False),
    OpCase("_linalg_eigh", lambda a, upper=False: np.linalg.eigh(a, "U" if upper else "L"),
           LINALG_FLOATS, lambda d: [Sample((data((3, 3), d),), note="lower"),
                                     Sample((data((2, 3, 3), d), True), note="upper, a batch")],
           multi=True, dtype_error=False),
    OpCase("_linalg_svd", lambda a, full=True: np.linalg.svd(a, full_matrices=full), LINALG_FLOATS,
           _rect_samples((False,)), multi=True, dtype_error=False),
    OpCase("_linalg_qr", lambda a, complete=False: np.linalg.qr(a), LINALG_FLOATS,
           _rect_samples(()), multi=True, dtype_error=False),
    # F.linear's one-op form (Note [Linear as one op]): input @ weight.T + bias.
    OpCase("_linear", lambda x, w, b: _f64(x) @ _f64(w).T + (0 if b is None else _f64(b)),
           LINALG_FLOATS,
           lambda d: [Sample((data((2, 3), d), data((4, 3), d), data((4,), d))),
                      Sample((strided((2, 3, 5), d), data((2, 5), d), None),
                             note="3-D, non-contiguous, no bias"),
                      Sample((data((0, 3), d), data((2, 3), d), data((2,), d)), note="no rows")],
           tol=1e-2),
]



# ---- the activations of torch.nn.functional and their backward ops ----


def _sig64(x):
    return 1 / (1 + np.exp(-_f64(x)))


def _softplus_ref(x, beta=1, threshold=20):
    x = _f64(x)
    return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)


def _mish_grad(x):
    x = _f64(x)
    t = np.tanh(np.log1p(np.exp(x)))
    return t + x * _sig64(x) * (1 - t * t)


def _act_samples(*scalars):
    """(2, 3) and strided data, with the op's scalar arguments (none: their defaults)."""
    def make(dtype):
        return [Sample((data((2, 3), dtype),) + scalars, note="2-D"),
                Sample((strided((3, 4), dtype),) + scalars, note="non-contiguous"),
                Sample((data((0, 3), dtype),) + scalars, note="empty")]
    return make


def _act_backward_samples(*scalars):
    def make(dtype):
        return [Sample((data((2, 3), dtype), data((2, 3), dtype)) + scalars, note="2-D"),
                Sample((data((3, 4), dtype).T, strided((4, 3), dtype)) + scalars,
                       note="non-contiguous")]
    return make


def _whole(dtype, value):
    """A scalar argument in the dtype's category (an integer dtype takes an int)."""
    return value if dtype in FLOATING else int(value)


def _hardtanh_samples(dtype):
    lo, hi = _whole(dtype, -1.0), _whole(dtype, 2.0)
    return [Sample((data((2, 3), dtype), lo, hi), note="2-D"),
            Sample((strided((3, 4), dtype), lo, hi), note="non-contiguous")]


def _threshold_samples(dtype):
    t, v = _whole(dtype, 1.0), _whole(dtype, 4.0 if dtype == "uint8" else -3.0)
    return [Sample((data((2, 3), dtype), t, v), note="2-D"),
            Sample((strided((3, 4), dtype), t, v), note="non-contiguous")]


CASES += [
    OpCase("elu", lambda x, a=1, s=1, i=1: np.where(_f64(x) > 0, _f64(x) * s,
                                                    np.expm1(_f64(x) * i) * a * s),
           FLOATING, lambda d: _act_samples()(d) + _act_samples(0.7, 1.2, 0.5)(d), tol=1e-2,
           sparse=S0),
    OpCase("_elu_backward", lambda g, x, a, s, i: _f64(g) * np.where(
        _f64(x) > 0, s, a * s * i * np.exp(_f64(x) * i)), FLOATING,
        _act_backward_samples(0.7, 1.2, 0.5), tol=1e-2),
    OpCase("hardtanh", lambda x, lo=-1, hi=1: np.clip(x, lo, hi),
           ("int8", "int16", "int32", "int64") + FLOATING, _hardtanh_samples),
    OpCase("_hardtanh_backward", lambda g, x, lo, hi: np.where((x <= lo) | (x >= hi), 0, g),
           FLOATING, _act_backward_samples(-1.0, 2.0)),
    _unary("hardsigmoid", lambda x: np.clip(_f64(x) + 3, 0, 6) / 6, FLOATING, tol=1e-2),
    _binary("_hardsigmoid_backward",
            lambda g, x: np.where((x > -3) & (x < 3), _f64(g) / 6, 0), FLOATING, numbers=False,
            tol=1e-2),
    _unary("hardswish", lambda x: _f64(x) * np.clip(_f64(x) + 3, 0, 6) / 6, FLOATING,
           tol=1e-2, sparse=S0),
    _binary("_hardswish_backward", lambda g, x: _f64(g) * np.where(
        x <= -3, 0, np.where(x < 3, _f64(x) / 3 + 0.5, 1)), FLOATING, numbers=False, tol=1e-2),
    OpCase("hardshrink", lambda x, l=0.5: np.where(np.abs(x) > l, x, 0), FLOATING,
           lambda d: _act_samples()(d) + _act_samples(1.5)(d), sparse=S0),
    OpCase("softshrink", lambda x, l=0.5: np.where(x > l, _f64(x) - l,
                                                   np.where(x < -l, _f64(x) + l, 0)),
           FLOATING, lambda d: _act_samples()(d) + _act_samples(1.5)(d), tol=1e-2, sparse=S0),
    OpCase("_shrink_backward", lambda g, x, l: np.where(np.abs(x) > l, g, 0), FLOATING,
           _act_backward_samples(1.5)),
    OpCase("_softplus", _softplus_ref, FLOATING,
           lambda d: _act_samples()(d) + _act_samples(2.0, 1.5)(d), tol=1e-2),
    OpCase("_softplus_backward", lambda g, x, b, t: _f64(g) * np.where(
        _f64(x) * b > t, 1, _sig64(_f64(x) * b)), FLOATING, _act_backward_samples(2.0, 1.5),
        tol=1e-2),
    _unary("log_sigmoid", lambda x: np.log(_sig64(x)), FLOATING, tol=1e-2),
    _binary("_log_sigmoid_backward", lambda g, x: _f64(g) * _sig64(-_f64(x)), FLOATING,
            numbers=False, tol=1e-2),
    _unary("mish", lambda x: _f64(x) * np.tanh(np.log1p(np.exp(_f64(x)))), FLOATING,
           tol=1e-2, sparse=S0),
    _binary("_mish_backward", lambda g, x: _f64(g) * _mish_grad(x), FLOATING, numbers=False,
            tol=1e-2),
    OpCase("threshold", lambda x, t, v: np.where(x <= t, v, x).astype(x.dtype), ALL,
           _threshold_samples),
    OpCase("_threshold_backward", lambda g, x, t: np.where(x <= t, 0, g), FLOATING,
           _act_backward_samples(0.0)),
]

# The rows the gradient tests run: the hand-written ones, then the derived ones.
GRAD_CASES = CASES + VALUE_SIZED + default_rows(CASES + VALUE_SIZED)
