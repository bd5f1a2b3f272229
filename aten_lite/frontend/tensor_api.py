"""The parts of torch's Tensor surface that CPU-only PyTorch programs use and that are not
ops: ``Tensor.data``, the legacy constructors (``al.Tensor(2, 3)``, ``al.FloatTensor``),
``x.type()``, ``x.new_*``, ``x.cpu()``, ``is_tensor``, ``allclose``/``isclose``/``equal``,
the default device, and a clear error for torch dtypes aten_lite does not have.

The methods are put on Tensor by ``frontend/tensor_surface.py``, with the rest of the Tensor surface.

>>> import aten_lite as al
>>> x = al.tensor([1.0, 2.0], requires_grad=True)
>>> x.data.requires_grad, x.type(), al.Tensor(2, 3).shape
(False, 'aten_lite.FloatTensor', aten_lite.Size([2, 3]))
"""

from __future__ import annotations

import operator

import numpy as np

from ..vocab import dtype as _dtype
from ..backends.creation import as_tensor, empty, full, ones, tensor, zeros
from .._generated.ops import _unique2
from ..vocab.device import device as _device
from ..tensors.tensor import Tensor
from ..rules.shapes.core import broadcast_shapes

__all__ = [
    "FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "LongTensor", "IntTensor", "ShortTensor",
    "CharTensor", "ByteTensor", "BoolTensor", "is_tensor", "allclose", "isclose", "equal",
    "set_default_device", "get_default_device", "unique",
]

__version__ = "0.1.0"  # the version in pyproject.toml (tests/test_tensor_api.py checks)

# ---- Tensor.data ----


def _get_data(self: Tensor) -> Tensor:
    """A detached alias with a version counter of its own, as torch's: same storage, no
    history, and writes through it are not seen by autograd's saved-tensor checks (Note
    [Detached aliases] in aten_lite/autograd/node.py)."""
    alias = self.detach()
    if (alias._a is not None or alias._store is not None) and not alias.is_sparse:
        alias._vc = None
    return alias


def _set_data(self: Tensor, new: Tensor) -> None:
    """``x.data = y``: x now shows y's storage, shape and dtype, and keeps its own autograd
    state and version counter (torch's set_data)."""
    if not isinstance(new, Tensor):
        raise TypeError(f"data must be a Tensor, got {type(new).__name__}")
    if new._layout is not self._layout or type(new) is not type(self) and new.is_sparse:
        raise RuntimeError(
            f"data set to a tensor of layout {new._layout} on a tensor of layout "
            f"{self._layout}; the layouts must match")
    self._version_counter  # keep this tensor's own counter, made before the storage changes
    for slot in ("_a", "_shape", "_st", "_offset", "_dtype", "_device", "_key", "_store"):
        setattr(self, slot, getattr(new, slot))
    self._base = None


# ---- legacy constructors ----


def _legacy(dtype, fn: str, args, device):
    """torch's legacy constructor rules: no argument -> an empty 1-D tensor; ints (or one
    Size) -> an uninitialised tensor of that shape; one sequence or array -> a copy of it;
    one tensor of the same dtype -> that tensor."""
    dt = _dtype.get_default_dtype() if dtype is None else dtype
    if len(args) == 1 and isinstance(args[0], Tensor):
        src = args[0]
        if src._dtype is not dt:
            raise TypeError(f"{fn}(): expected a {dt.name} tensor, got {src._dtype.name}; "
                            f"use tensor.to(aten_lite.{dt.name})")
        return src
    if len(args) == 1 and not isinstance(args[0], (int, np.integer)) and not (
            type(args[0]).__name__ == "Size"):
        data = args[0]
        if not isinstance(data, (list, tuple, range, np.ndarray)):
            raise TypeError(f"{fn}(): data must be a sequence or an int size, got "
                            f"{type(data).__name__} {data!r}")
        return tensor(data, dtype=dt, device=device)
    if len(args) == 1 and type(args[0]).__name__ == "Size":
        args = tuple(args[0])
    for a in args:
        if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
            raise TypeError(f"{fn}(): expected sizes as ints or one sequence of data, got "
                            f"{type(a).__name__} {a!r}")
    return empty(*args, dtype=dt, device=device) if args else empty(0, dtype=dt, device=device)


def _tensor_new(cls, *args, device=None):
    if cls is not Tensor:  # a subclass with its own construction (Parameter, sparse)
        raise TypeError(f"{cls.__name__} cannot be constructed through aten_lite.Tensor()")
    return _legacy(None, "Tensor", args, device)


class _LegacyType(type):
    """``isinstance(x, al.LongTensor)`` asks for an int64 tensor, as in torch."""

    def __instancecheck__(cls, obj) -> bool:
        return isinstance(obj, Tensor) and obj._dtype is cls.dtype and obj._device.type == "cpu"


def _legacy_class(name: str, dt) -> type:
    def __new__(cls, *args, device=None):
        return _legacy(cls.dtype, name, args, device)

    doc = f"Legacy constructor of {dt.name} tensors: {name}(2, 3) (uninitialised) or {name}(data)."
    return _LegacyType(name, (), {"__new__": __new__, "dtype": dt, "__doc__": doc})


_LEGACY = {
    "FloatTensor": _dtype.float32, "DoubleTensor": _dtype.float64, "HalfTensor": _dtype.float16,
    "BFloat16Tensor": _dtype.bfloat16,
    "LongTensor": _dtype.int64, "IntTensor": _dtype.int32, "ShortTensor": _dtype.int16,
    "CharTensor": _dtype.int8, "ByteTensor": _dtype.uint8, "BoolTensor": _dtype.bool_,
}
# Spelled out one per line (not made in a loop) so that type checkers see the names.
FloatTensor = _legacy_class("FloatTensor", _LEGACY["FloatTensor"])
DoubleTensor = _legacy_class("DoubleTensor", _LEGACY["DoubleTensor"])
HalfTensor = _legacy_class("HalfTensor", _LEGACY["HalfTensor"])
BFloat16Tensor = _legacy_class("BFloat16Tensor", _LEGACY["BFloat16Tensor"])
LongTensor = _legacy_class("LongTensor", _LEGACY["LongTensor"])
IntTensor = _legacy_class("IntTensor", _LEGACY["IntTensor"])
ShortTensor = _legacy_class("ShortTensor", _LEGACY["ShortTensor"])
CharTensor = _legacy_class("CharTensor", _LEGACY["CharTensor"])
ByteTensor = _legacy_class("ByteTensor", _LEGACY["ByteTensor"])
BoolTensor = _legacy_class("BoolTensor", _LEGACY["BoolTensor"])
_TYPE_NAME = {dt: name for name, dt in _LEGACY.items()}


# ---- x.type(), x.cpu(), x.new_* ----


def _type(self: Tensor, dtype=None, non_blocking: bool = False):
    """Without an argument, the type name ('aten_lite.FloatTensor'); with a dtype, a legacy
    class or its name ('torch.LongTensor' is accepted too), the converted tensor."""
    if dtype is None:
        return "aten_lite." + _TYPE_NAME[self._dtype]
    if isinstance(dtype, _LegacyType):
        return self.to(dtype.dtype)
    if isinstance(dtype, str) and dtype.rpartition(".")[2] in _LEGACY:
        return self.to(_LEGACY[dtype.rpartition(".")[2]])
    try:
        return self.to(_dtype.parse(dtype))
    except (ValueError, TypeError):
        valid = ", ".join(f"'aten_lite.{n}'" for n in _LEGACY)
        raise ValueError(f"type(): invalid type {dtype!r}; valid: a dtype or one of {valid}") from None


def _cpu(self: Tensor, memory_format=None) -> Tensor:
    """This tensor on the CPU: itself when it already is there."""
    return self if self._device.type == "cpu" else self.to("cpu")


def _cuda(self: Tensor, device=None, non_blocking: bool = False, memory_format=None) -> Tensor:
    """This tensor on the CUDA device: itself when it already is there (device "cuda" or
    "cuda:0"; the first use registers it, or fails naming what to install)."""
    target = _device("cuda" if device is None or device == 0 else device)
    return self if self._device is target else self.to(target)


def _new_factory(name: str, make):
    def method(self: Tensor, size, *args, dtype=None, device=None, requires_grad: bool = False):
        dt = self._dtype if dtype is None else dtype
        dev = self._device if device is None else device
        return make(size, *args, dtype=dt, device=dev, requires_grad=requires_grad)

    method.__name__ = name
    method.__doc__ = f"Like aten_lite.{name[4:]}, with this tensor's dtype and device by default."
    return method


def _new_tensor(self: Tensor, data, *, dtype=None, device=None, requires_grad: bool = False):
    """A copy of `data` with this tensor's dtype and device unless given."""
    dt = self._dtype if dtype is None else dtype
    dev = self._device if device is None else device
    if isinstance(data, Tensor):
        data = data.detach()
    return tensor(data, dtype=dt, device=dev, requires_grad=requires_grad)


def _sizes(size, more=()):
    """torch's size argument: one sequence (list, tuple, Size) or the sizes as ints."""
    if isinstance(size, (list, tuple)):
        if more:
            raise TypeError(f"sizes given both as a sequence {tuple(size)} and as further "
                            f"arguments {more}; pass one sequence or ints only")
        return tuple(size)
    return (size,) + tuple(more)


def _factories():
    return {
        "new_zeros": lambda size, *more, **kw: zeros(*_sizes(size, more), **kw),
        "new_ones": lambda size, *more, **kw: ones(*_sizes(size, more), **kw),
        "new_empty": lambda size, *more, **kw: empty(*_sizes(size, more), **kw),
        "new_full": lambda size, fill_value, **kw: full(_sizes(size), fill_value, **kw),
    }


# ---- comparisons of whole tensors ----


def is_tensor(obj) -> bool:
    """Whether `obj` is an aten_lite tensor (a Parameter counts)."""
    return isinstance(obj, Tensor)


def isclose(input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08,
            equal_nan: bool = False) -> Tensor:
    """Elementwise ``|input - other| <= atol + rtol * |other|`` (broadcast), with equal
    infinities close and NaNs close only under `equal_nan`; a bool tensor."""
    for name, t in (("input", input), ("other", other)):
        if not isinstance(t, Tensor):
            raise TypeError(f"isclose(): argument '{name}' must be Tensor, not {type(t).__name__}")
    if input._dtype is not other._dtype:
        raise RuntimeError(f"isclose(): {input._dtype.name} did not match {other._dtype.name}")
    if rtol < 0 or atol < 0:
        raise ValueError(f"isclose(): rtol and atol must be non-negative, got rtol={rtol}, atol={atol}")
    try:  # aten_lite's message naming both shapes, as every binary op's (not NumPy's)
        shape = broadcast_shapes(input._shape, other._shape)
    except RuntimeError as exc:
        raise RuntimeError(f"al.isclose: {exc}") from None
    a = input.detach()._data_or_raise("isclose()")
    b = other.detach()._data_or_raise("isclose()")
    with np.errstate(invalid="ignore", over="ignore"):
        out = np.isclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=atol,
                         equal_nan=equal_nan)
    if not input._dtype.is_floating_point:
        out |= a == b  # exact for integers beyond float64's 2**53
    return Tensor._wrap(np.ascontiguousarray(np.broadcast_to(out, shape)))


def allclose(input: Tensor, other: Tensor, rtol: float = 1e-05, atol: float = 1e-08,
             equal_nan: bool = False) -> bool:
    """Whether every element pair is close (see ``isclose``); a Python bool."""
    return bool(isclose(input, other, rtol, atol, equal_nan)._a.all())


def equal(input: Tensor, other: Tensor) -> bool:
    """Whether the two tensors have the same shape and the same values (NaN is never equal)."""
    for name, t in (("input", input), ("other", other)):
        if not isinstance(t, Tensor):
            raise TypeError(f"equal(): argument '{name}' must be Tensor, not {type(t).__name__}")
    if input._shape != other._shape:
        return False
    return bool(np.array_equal(input.detach()._data_or_raise("equal()"),
                               other.detach()._data_or_raise("equal()")))


# ---- default device ----


def set_default_device(device) -> None:
    """torch.set_default_device: aten_lite's factories make CPU tensors, so only 'cpu' (or
    None, the same) is accepted; any other device is refused with the available ones."""
    if device is None:
        return
    d = _device(device)  # ValueError naming the available devices for 'cuda', 'mps'...
    if d.type != "cpu":
        raise ValueError(f"set_default_device: only 'cpu' can be the default device, got {str(d)!r}")


def get_default_device():
    return _device("cpu")


# ---- torch dtypes that do not exist here ----

_TORCH_ONLY_DTYPES = (
    "complex32", "complex64", "complex128", "cfloat", "cdouble", "chalf",
    "uint16", "uint32", "uint64", "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz",
    "float8_e5m2fnuz", "qint8", "quint8", "qint32", "quint4x2", "bits8", "bits16",
)


def __getattr__(name: str):
    """Module ``__getattr__`` of aten_lite (imported there): explain torch dtypes that
    aten_lite lacks instead of a bare AttributeError."""
    if name in _TORCH_ONLY_DTYPES:
        supported = ", ".join(d.name for d in _dtype.DTYPES)
        raise AttributeError(
            f"aten_lite.{name} is not supported: aten_lite has no {name} dtype; supported "
            f"dtypes: {supported}")
    raise AttributeError(f"module 'aten_lite' has no attribute {name!r}")


def new_factories() -> dict:
    """``Tensor.new_zeros`` and the other ``new_*`` methods, by name."""
    return {name: _new_factory(name, make) for name, make in _factories().items()}


# ---- NumPy operands ----

# Note [NumPy operands]: a Python operator between a tensor and a NumPy value
# (t * np.float32(2), np.float32(2) * t, t + ndarray) reaches NumPy when the tensor's operator
# declines the NumPy value, and NumPy calls Tensor.__array_ufunc__. Without it NumPy would
# convert the tensor and silently return an ndarray, losing autograd. As in torch, the NumPy
# operand becomes a Python number (a NumPy scalar) or a tensor (an array) and the tensor op
# runs. Other ufuncs (np.exp(t)) run in NumPy on the data, as before.

# The ufuncs NumPy calls for Python operators, by the operator they implement.
_NUMPY_OPERATORS = {
    np.add: operator.add, np.subtract: operator.sub, np.multiply: operator.mul,
    np.true_divide: operator.truediv, np.floor_divide: operator.floordiv,
    np.remainder: operator.mod, np.power: operator.pow, np.matmul: operator.matmul,
    np.less: operator.lt, np.less_equal: operator.le, np.greater: operator.gt,
    np.greater_equal: operator.ge, np.equal: operator.eq, np.not_equal: operator.ne,
}


def _from_numpy_operand(x):
    """A NumPy scalar as a Python number, an ndarray as a tensor sharing it when it can."""
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, np.ndarray):
        return as_tensor(x)
    return x


def _array_ufunc(self: Tensor, ufunc, method, *inputs, **kwargs):
    """``Tensor.__array_ufunc__`` (Note [NumPy operands])."""
    op = _NUMPY_OPERATORS.get(ufunc)
    if op is not None and method == "__call__" and not kwargs and len(inputs) == 2:
        return op(*[_from_numpy_operand(x) for x in inputs])
    inputs = tuple(np.asarray(x) if isinstance(x, Tensor) else x for x in inputs)
    out = kwargs.get("out")
    if out is not None:
        kwargs["out"] = tuple(np.asarray(o) if isinstance(o, Tensor) else o for o in out)
    result = getattr(ufunc, method)(*inputs, **kwargs)
    for o in out or ():
        if isinstance(o, Tensor):
            o._bump_version()
    return result



# ---- unique: torch's Python wrapper over the _unique2 op ----


def unique(input: Tensor, sorted: bool = True, return_inverse: bool = False,
           return_counts: bool = False, dim=None):
    """The sorted distinct values of `input`, plus the inverse indices (input's shape,
    mapping each element to its value) and/or the counts when asked for, as torch.unique.
    ``dim=`` (unique slices) is not supported."""
    if dim is not None:
        raise NotImplementedError(
            f"unique(dim={dim!r}) is not supported; unique over all elements (dim=None) is")
    values, inverse, counts = _unique2(input, sorted, return_inverse, return_counts)
    extra = ([inverse] if return_inverse else []) + ([counts] if return_counts else [])
    return (values, *extra) if extra else values


def _unique_method(self: Tensor, sorted: bool = True, return_inverse: bool = False,
                   return_counts: bool = False, dim=None):
    return unique(self, sorted, return_inverse, return_counts, dim)

