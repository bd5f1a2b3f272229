"""Creating tensors: from data (``tensor``, ``as_tensor``, ``from_numpy``), filled factories
and ranges. Random factories (``rand``, ``randn``...) live in ``frontend/random.py``.

Factories take ``dtype=``, ``device=`` and ``requires_grad=`` as torch's do; sizes are given as
ints or as one sequence (``zeros(2, 3)`` or ``zeros((2, 3))``). On ``device='meta'`` they
return shape-only tensors and draw no random numbers.

>>> import aten_lite as al
>>> al.tensor([[1, 2], [3, 4]]).dtype, al.arange(0.0, 1.0, 0.25).tolist()
(aten_lite.int64, [0.0, 0.25, 0.5, 0.75])
"""

from __future__ import annotations

import math
import operator

import numpy as np

from ..vocab import dtype as _dtype
from ..rules.kernel_rules import scalar_for
from ..vocab.device import device as _device, strided as _STRIDED
from ..tensors.tensor import Tensor, empty_array, share_with_numpy
from ..rules.views import preserved_strides
from .dlpack import from_dlpack
from . import devices as _devices

__all__ = [
    "tensor", "as_tensor", "from_numpy", "from_dlpack", "empty", "zeros", "ones", "full", "arange",
    "linspace", "eye", "empty_like", "zeros_like", "ones_like", "full_like",
]

_wrap = Tensor._wrap


# ---- argument helpers ----


def _size(fn: str, size) -> tuple[int, ...]:
    """Sizes given as ints (``zeros(2, 3)``) or as one sequence (``zeros((2, 3))``)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = size[0]
    out = []
    for pos, n in enumerate(size):
        try:
            n = operator.index(n)
        except TypeError:
            raise TypeError(
                f"{fn}(): argument 'size' must be a sequence of ints, but found element of "
                f"type {type(n).__name__} at pos {pos}"
            ) from None
        if n >= 1 << 63:
            raise TypeError(f"{fn}(): argument 'size' must be a sequence of ints that fit in "
                            f"int64, but found {n} at pos {pos}")
        out.append(n)
    if any(n < 0 for n in out):
        bad = next(n for n in out if n < 0)
        raise RuntimeError(
            f"{fn}(): Trying to create tensor with negative dimension {bad}: {out}"
        )
    return tuple(out)


def _dt(dtype, default=None) -> _dtype.DType:
    if dtype is None:
        return default if default is not None else _dtype.get_default_dtype()
    return _dtype.parse(dtype)


def _finish(t: Tensor, requires_grad: bool) -> Tensor:
    if requires_grad:
        t.requires_grad = True
    return t


def _is_meta(device) -> bool:
    return device is not None and _device(device).type == "meta"


def _on_registered_device(device) -> bool:
    return device is not None and _devices.is_registered(_device(device).type)


def _make(shape, dtype, device, requires_grad, fill):
    """A fresh tensor of `shape`; `fill(array)` writes its values on CPU (then copied in, for
    a registered device: Note [Devices from outside] in backends/devices.py)."""
    if _is_meta(device):
        return _finish(Tensor._meta(shape, dtype), requires_grad)
    a = empty_array(shape, dtype)
    if fill is not None:
        fill(a)
    if _on_registered_device(device):
        return _finish(_devices.from_host(a, device), requires_grad)
    return _finish(_wrap(a), requires_grad)


# ---- from data ----


def array_from_data(data, dtype: "_dtype.DType | None" = None) -> np.ndarray:
    """A new ndarray holding `data`, with torch's dtype inference (see ``tensor``). Python
    numbers convert straight to ``dtype`` when one is given: going through the default float
    dtype first would round ``1.45`` to float32 before it reached float64."""
    if isinstance(data, Tensor):
        return np.array(data._a, copy=True)
    data = _foreign_array(data)
    if isinstance(data, (np.ndarray, np.generic)):
        dt = _dtype.from_numpy(data.dtype.newbyteorder("=")) if data.dtype.byteorder not in "=|" \
            else _dtype.from_numpy(data.dtype)
        return np.array(data, dtype=dt.np, copy=True)
    if isinstance(data, (bool, int, float)):
        return _python_array(data, data, dtype)
    if isinstance(data, range):
        data = list(data)  # a sequence of ints, as torch takes it
    if isinstance(data, (list, tuple)):
        try:
            a = np.array(data)
        except (ValueError, OverflowError):
            a = None
        if a is None or a.dtype.kind not in "biuf":
            _explain_bad_sequence(data)
        if dtype is None:
            found = _inferred_dtype(data)
            if found is not None:
                return a.astype(found.np)
        return _python_array(a, data, dtype)
    raise TypeError(f"tensor(): could not infer dtype of {type(data).__name__}")


def _foreign_array(data):
    """Another library's array as an ndarray sharing its memory where it can: an object with
    ``__dlpack__`` (torch, JAX, CuPy on the CPU...) through DLPack, else one with ``__array__``
    through NumPy; anything else unchanged. (NumPy's own arrays and scalars are handled by the
    callers before this.)"""
    if isinstance(data, (np.ndarray, np.generic, list, tuple, range, bool, int, float)):
        return data
    if hasattr(data, "__dlpack__"):
        return from_dlpack(data)._a
    if hasattr(data, "__array__"):
        return np.asarray(data)
    return data


def _python_array(a, data, dtype=None) -> np.ndarray:
    # Python numbers: bools stay bool, integers become int64, floats the default dtype, unless
    # a dtype is asked for (NumPy read the floats as float64, so nothing was rounded yet).
    a = np.asarray(a)
    kind = a.dtype.kind
    if kind == "f":
        target = _dtype.get_default_dtype().np if dtype is None else dtype.np
        if dtype is not None:
            _check_fits(a, dtype)
        with np.errstate(invalid="ignore", over="ignore"):
            return a.astype(target)
    if kind in "iu":
        if a.size and (a.max() > np.iinfo(np.int64).max or a.min() < np.iinfo(np.int64).min):
            raise RuntimeError("tensor(): an integer in the data does not fit in int64")
        return a.astype(np.int64)
    if kind == "b":
        return a.astype(np.bool_, copy=True)
    raise TypeError(f"tensor(): could not infer dtype of {type(data).__name__}")


def _explain_bad_sequence(data) -> None:
    """Raise the error for nested data NumPy could not turn into a numeric array: a ragged
    nesting (torch's message: the first element at each depth sets the expected lengths),
    a non-number, or an integer too large for int64."""
    shape, x = [], data
    while isinstance(x, (list, tuple)):
        shape.append(len(x))
        if not x:
            break
        x = x[0]
    _check_nested(data, shape, 0)
    raise TypeError("tensor(): could not infer a numeric dtype from the data")


def _check_nested(x, shape: list[int], dim: int) -> None:
    if dim == len(shape):
        if isinstance(x, (list, tuple)):
            raise ValueError(f"expected a number at dim {dim} (got a sequence of length {len(x)})")
        if not isinstance(x, (bool, int, float, np.number, np.bool_, Tensor)):
            raise TypeError(f"tensor(): could not infer dtype of {type(x).__name__}")
        if isinstance(x, int) and not -2**63 <= x < 2**63:
            raise RuntimeError(f"tensor(): integer {x} does not fit in int64")
        return
    if not isinstance(x, (list, tuple)):
        raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} (got a number)")
    if len(x) != shape[dim]:
        raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} (got {len(x)})")
    for y in x:
        _check_nested(y, shape, dim + 1)


def tensor(data, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A new tensor holding a copy of `data` (nested lists, numbers, NumPy arrays or
    scalars, tensors, objects with ``__dlpack__`` or ``__array__`` such as torch or JAX arrays). The dtype is inferred as torch does: bools -> bool, ints -> int64,
    any float -> the default dtype (float32); NumPy data keeps its dtype."""
    if isinstance(data, Tensor) and data._store is not None:  # a registered device's
        data = _devices.to_host(data)
    if isinstance(data, Tensor) and data._a is None:
        dt = data._dtype if dtype is None else _dtype.parse(dtype)
        if not _is_meta(device):
            raise RuntimeError("tensor(): cannot copy data out of a meta tensor: it has none")
        return _finish(Tensor._meta(data._shape, dt), requires_grad)
    dt = None if dtype is None else _dtype.parse(dtype)
    a = array_from_data(data, dt)
    if dt is not None:
        if not isinstance(data, (Tensor, np.ndarray, np.generic)):
            _check_fits(a, dt)  # Python numbers only: arrays convert as NumPy casts, as torch
        if a.dtype != dt.np:
            with np.errstate(invalid="ignore", over="ignore"):
                a = a.astype(dt.np)
    if _is_meta(device):
        return _finish(Tensor._meta(a.shape, _dtype.from_numpy(a.dtype)), requires_grad)
    if _on_registered_device(device):
        return _finish(_devices.from_host(a, device), requires_grad)
    return _finish(_wrap(a), requires_grad)


def _check_fits(a: np.ndarray, dt) -> None:
    """Python numbers given an integer dtype must fit it, as torch checks ("cannot be converted
    ... without overflow"); floats truncate. Negative integers wrap into an unsigned dtype down
    to -max, as torch allows (tensor([-1], dtype=uint8) is 255)."""
    if dt.is_floating_point or dt is _dtype.bool_ or a.size == 0 or a.dtype.kind not in "fiu":
        return
    info = np.iinfo(dt.np)
    low = -info.max if info.min == 0 else info.min
    if a.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            bad = ~np.isfinite(a) | (a > float(info.max)) | (a < float(low))
    else:
        bad = (a > info.max) | (a < low)
    if bad.any():
        value = a[bad].flat[0].item()
        raise RuntimeError(
            f"tensor(): value {value!r} cannot be converted to type {dt.name} without overflow")


def _inferred_dtype(data):
    """torch's dtype for nested data holding NumPy scalars: the promotion of every number's
    type, a Python float counting as the default dtype, an int as int64, a bool as bool and
    a NumPy scalar as its own dtype (tensor([np.float64(1), 2]) is float64, a list of
    np.int8 is int8). None when no NumPy scalar is in it (NumPy's inference is torch's)."""
    seen = set()
    stack = [data]
    while stack:
        x = stack.pop()
        kind = type(x)
        if kind is list or kind is tuple:
            stack.extend(x)
        else:
            seen.add(x.dtype if isinstance(x, np.generic) else kind)
    if not any(isinstance(k, np.dtype) for k in seen):
        return None
    python = {float: _dtype.get_default_dtype(), int: _dtype.int64, bool: _dtype.bool_}
    found = None
    for k in seen:
        d = _dtype.from_numpy(k) if isinstance(k, np.dtype) else python.get(k)
        if d is not None:
            found = d if found is None else _dtype.promote_types(found, d)
    return found


def as_tensor(data, dtype=None, device=None) -> Tensor:
    """Like ``tensor`` but without a copy when `data` already is a tensor, a NumPy array, or
    another library's array (through ``__dlpack__``, else ``__array__``) of the requested dtype
    and device (then the result shares its memory)."""
    if isinstance(data, Tensor):
        dev = data._device if device is None else _device(device)
        dt = data._dtype if dtype is None else _dtype.parse(dtype)
        if dev is data._device and dt is data._dtype:
            return data
        return data.to(dev, dt)
    data = _foreign_array(data)
    if isinstance(data, np.ndarray) and not _is_meta(device) and data.flags.aligned and not any(
            s % data.itemsize for s in data.strides):
        shared = from_numpy(data)
        if dtype is None or _dtype.parse(dtype) is shared._dtype:
            return shared
    return tensor(data, dtype=dtype, device=device)


def from_numpy(a: np.ndarray) -> Tensor:
    """A CPU tensor sharing `a`'s memory: writes to either show in the other."""
    if not isinstance(a, np.ndarray):
        raise TypeError(f"from_numpy(): expected np.ndarray (got {type(a).__name__})")
    _dtype.from_numpy(a.dtype)  # TypeError for unsupported dtypes and byte orders
    if any(s % a.itemsize for s in a.strides):
        raise ValueError(
            f"from_numpy(): strides {a.strides} are not multiples of the element size "
            f"{a.itemsize}; copy the array first (np.ascontiguousarray)"
        )
    if not a.flags.aligned:
        # The C++ kernels read elements as their C type, which needs aligned addresses.
        raise ValueError(
            f"from_numpy(): the array's data (address {a.ctypes.data:#x}) is not aligned to "
            f"its {a.dtype} elements; copy the array first (a.copy())"
        )
    # Shared with the caller's NumPy code: kernels on it run in line (docs/ASYNC.md).
    return _wrap(share_with_numpy(a.view(np.ndarray) if type(a) is not np.ndarray else a))


# ---- filled factories ----


def empty(*size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """An uninitialised tensor."""
    return _make(_size("empty", size), _dt(dtype), device, requires_grad, None)


def zeros(*size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    return _make(_size("zeros", size), _dt(dtype), device, requires_grad, lambda a: a.fill(0))


def ones(*size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    return _make(_size("ones", size), _dt(dtype), device, requires_grad, lambda a: a.fill(1))


def _fill_dtype(value) -> _dtype.DType:
    if isinstance(value, (bool, np.bool_)):
        return _dtype.bool_
    if isinstance(value, (int, np.integer)):
        return _dtype.int64
    return _dtype.get_default_dtype()


def full(size, fill_value, *, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A tensor of `size` filled with `fill_value`; the dtype follows the value (bool, int64,
    or the default float) unless given."""
    dt = _dt(dtype, _fill_dtype(fill_value))
    v = scalar_for(fill_value, dt, "full")
    return _make(_size("full", (size,)), dt, device, requires_grad, lambda a: a.fill(v))


def eye(n: int, m: int | None = None, *, dtype=None, device=None,
        requires_grad: bool = False) -> Tensor:
    """The n x m identity (ones on the diagonal)."""
    m = n if m is None else m
    shape = _size("eye", (n, m))

    def fill(a):
        a.fill(0)
        np.fill_diagonal(a, 1)

    return _make(shape, _dt(dtype), device, requires_grad, fill)


# ---- ranges ----


def arange(start, end=None, step=1, *, dtype=None, device=None,
           requires_grad: bool = False) -> Tensor:
    """Values start, start + step, ... below `end` (above it for a negative step).
    ``arange(n)`` counts 0..n-1. Integers give int64, any float the default dtype."""
    if end is None:
        start, end = 0, start
    for name, v in (("start", start), ("end", end), ("step", step)):
        if not isinstance(v, (int, float, np.number)) or isinstance(v, complex):
            raise TypeError(f"arange(): {name} must be a number, got {type(v).__name__}")
        if isinstance(v, float) and not math.isfinite(v):
            raise RuntimeError(f"arange(): {name} must be finite, got {v}")
    if step == 0:
        raise RuntimeError("arange(): step must be nonzero")
    if (end - start) * step < 0:
        raise RuntimeError(
            f"arange(): upper bound and larger bound inconsistent with step sign "
            f"(start={start}, end={end}, step={step})"
        )
    floats = any(isinstance(v, (float, np.floating)) for v in (start, end, step))
    dt = _dt(dtype, None if floats else _dtype.int64)
    if floats and not dt.is_floating_point:
        return _integer_arange(start, end, step, dt, device, requires_grad)
    n = max(math.ceil((end - start) / step), 0)

    def fill(a):
        if floats or dt.is_floating_point:
            # Computed in float64 as start + i * step, then converted (torch's accuracy).
            a[...] = np.arange(n, dtype=np.float64) * step + start
        else:
            a[...] = np.arange(start, start + n * step, step, dtype=np.int64)[:n]

    return _make((n,), dt, device, requires_grad, fill)


def _integer_arange(start, end, step, dt, device, requires_grad) -> Tensor:
    """arange with float arguments and an integer dtype, as torch computes it: start, end and
    step are truncated to integers first; int64 counts with the truncated values, other
    integer dtypes count with the given ones. A step that truncates to 0 is an error (torch
    2.13 raises for int64 but returns repeated values for int32: refused here for all)."""
    xs, xe, xst = int(start), int(end), int(step)
    if xst == 0:
        raise RuntimeError(
            f"arange(): step must be nonzero; step={step} truncates to 0 for dtype {dt.name}")
    if dt is _dtype.int64:
        span = xe - xs + xst - (1 if xst > 0 else -1)
        n = max(-(-span // xst), 0)  # exact integer ceil
    else:
        n = max(math.ceil((end - start) / step), 0)

    def fill(a):
        a[...] = xs + np.arange(n, dtype=np.int64) * xst

    return _make((n,), dt, device, requires_grad, fill)


def linspace(start, end, steps: int, *, dtype=None, device=None,
             requires_grad: bool = False) -> Tensor:
    """`steps` evenly spaced values from start to end, both included."""
    steps = operator.index(steps)
    if steps < 0:
        raise RuntimeError(f"linspace(): number of steps must be non-negative, got {steps}")

    def fill(a):
        values = np.linspace(start, end, steps, dtype=np.float64)
        with np.errstate(invalid="ignore"):
            a[...] = values if a.dtype.kind in "fV" else np.trunc(values)  # V: bfloat16

    return _make((steps,), _dt(dtype), device, requires_grad, fill)


# ---- *_like ----


def _like(fn, input: Tensor, dtype, device, requires_grad):
    # Same shape and layout (torch's preserve_format: the strides of `input` when dense
    # without overlap, else dense ones in their order), and unless given, the same dtype and
    # device as `input`.
    dev = input._device if device is None else device
    dt = input._dtype if dtype is None else dtype
    if input._layout is not _STRIDED or input.is_contiguous() or _on_registered_device(dev):
        t = fn(input._shape, dtype=dt, device=dev, requires_grad=requires_grad)
        if input._layout is _STRIDED and input._st is not None and t._st != input._st:
            t._st = input._st  # the strides torch gives size-1 dims
        return t
    strides = preserved_strides(input._shape, input._strides)
    if _is_meta(dev):
        return _finish(Tensor._meta(input._shape, _dt(dt), strides), requires_grad)
    # The values are made in the order of the layout (row-major over the dims sorted by
    # stride), then laid out over input's dims.
    outer_first = sorted(range(len(strides)), key=lambda d: -strides[d])
    made = fn([input._shape[d] for d in outer_first], dtype=dt, device=dev)
    t = _wrap(made._a.transpose(np.argsort(outer_first)))
    t._st = strides
    return _finish(t, requires_grad)


def empty_like(input: Tensor, *, dtype=None, device=None, requires_grad: bool = False):
    return _like(empty, input, dtype, device, requires_grad)


def zeros_like(input: Tensor, *, dtype=None, device=None, requires_grad: bool = False):
    return _like(zeros, input, dtype, device, requires_grad)


def ones_like(input: Tensor, *, dtype=None, device=None, requires_grad: bool = False):
    return _like(ones, input, dtype, device, requires_grad)


def full_like(input: Tensor, fill_value, *, dtype=None, device=None,
              requires_grad: bool = False):
    def fill(shape, dtype, device, requires_grad=False):
        return full(shape, fill_value, dtype=dtype, device=device, requires_grad=requires_grad)
    return _like(fill, input, dtype, device, requires_grad)
