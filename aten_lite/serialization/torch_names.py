"""The globals of torch's checkpoint pickles, and what aten_lite makes of each.

Note [Torch's globals]
``torch.save`` pickles a tensor as a call of ``torch._utils._rebuild_tensor_v2`` on (a storage,
its element offset, size, stride, requires_grad, backward hooks), the storage being a persistent
id ``('storage', torch.FloatStorage, key, location, numel)`` whose bytes are the archive entry
``data/<key>``; a Parameter wraps that call in ``_rebuild_parameter``; dtypes pickle as the
globals ``torch.float32``..., sizes as ``torch.Size(tuple)``, bytes as ``_codecs.encode(text,
'latin1')``. ``GLOBALS`` maps each such name torch's ``weights_only=True`` accepts to an
aten_lite stand-in that checks its arguments (a file is not trusted: every rebuild function
validates types, signs and extents before it makes anything). Reading never imports torch;
writing names the same globals through ``TorchName`` (``torch_format.py``).

A name torch accepts but aten_lite cannot honour is refused by name: a dtype aten_lite lacks
(``torch.complex64``, its ``ComplexFloatStorage``...) and tensor kinds other than dense strided ones
(``_rebuild_sparse_tensor``, ``_rebuild_qtensor``...).
"""

from __future__ import annotations

import codecs
import math
from collections import Counter, OrderedDict

import numpy as np

from ..vocab import dtype as _dtype
from ..vocab.device import device
from ..tensors.tensor import Tensor, Size
from ..nn.module import Parameter


class TorchName:
    """The global ``module.name`` of torch's pickles (aten_lite writes it, never imports it)."""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __repr__(self) -> str:
        return f"{self.module}.{self.name}"

    def __call__(self, *args):  # pickle's save_reduce requires a callable
        raise TypeError(f"{self!r} stands for torch's global in a pickle; it is not called")


_NAMES: dict[str, TorchName] = {}


def torch_name(full: str) -> TorchName:
    """One shared ``TorchName`` per name (the pickler memoizes it by identity)."""
    hit = _NAMES.get(full)
    if hit is None:
        module, _, name = full.rpartition(".")
        hit = _NAMES[full] = TorchName(module, name)
    return hit


class LoadError(ValueError):
    """A checkpoint that aten_lite refuses: damaged, or holding what aten_lite cannot represent."""


class StorageType:
    """What a storage class global (``torch.FloatStorage``) stands for: its dtype, or None for
    ``torch.UntypedStorage`` (bytes, typed by the tensor that uses them)."""

    __slots__ = ("name", "dtype")

    def __init__(self, name: str, dtype) -> None:
        self.name, self.dtype = name, dtype

    def __repr__(self) -> str:
        return f"torch.{self.name}"


class _TypeMarker:
    """``torch.Tensor`` / ``torch.nn.parameter.Parameter`` as the type argument of
    ``_rebuild_from_type_v2``."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


TENSOR_TYPE = _TypeMarker("torch.Tensor")
PARAMETER_TYPE = _TypeMarker("torch.nn.parameter.Parameter")

# torch's typed storage classes and the aten_lite dtype of each
STORAGE_OF_DTYPE = {
    "bool": "BoolStorage", "uint8": "ByteStorage", "int8": "CharStorage",
    "int16": "ShortStorage", "int32": "IntStorage", "int64": "LongStorage",
    "float16": "HalfStorage", "float32": "FloatStorage", "float64": "DoubleStorage",
    "bfloat16": "BFloat16Storage",
}
# torch dtypes (and their storage classes) that aten_lite has no dtype for
MISSING_STORAGES = {
    "ComplexFloatStorage": "complex64",
    "ComplexDoubleStorage": "complex128", "QInt8Storage": "qint8", "QUInt8Storage": "quint8",
    "QInt32Storage": "qint32", "QUInt4x2Storage": "quint4x2", "QUInt2x4Storage": "quint2x4",
}
MISSING_DTYPES = frozenset(
    ["complex32", "complex64", "complex128", "cfloat", "cdouble", "chalf",
     "uint16", "uint32", "uint64", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
     "float8_e5m2fnuz", "float8_e8m0fnu", "float4_e2m1fn_x2", "bits1x8", "bits2x4", "bits4x2",
     "bits8", "bits16", "qint8", "quint8", "qint32", "quint4x2", "quint2x4"]
    + [f"int{n}" for n in range(1, 8)] + [f"uint{n}" for n in range(1, 8)])
# torch's rebuild functions of tensor kinds aten_lite does not read
OTHER_REBUILDS = frozenset(
    ["_rebuild_sparse_tensor", "_rebuild_qtensor", "_rebuild_nested_tensor",
     "_rebuild_meta_tensor_no_storage", "_rebuild_wrapper_subclass",
     "_rebuild_device_tensor_from_cpu_tensor", "_rebuild_device_tensor_from_numpy",
     "_rebuild_mkldnn_tensor", "_rebuild_xla_tensor", "_rebuild_mtia_tensor",
     "_rebuild_tensor", "_rebuild_tensor_v3_with_metadata"])

_SUPPORTED_DTYPES = ", ".join(d.name for d in _dtype.DTYPES)


def missing_dtype_error(name: str) -> LoadError:
    return LoadError(f"load(): the file holds dtype torch.{name}, which aten_lite has no dtype "
                     f"for (it has {_SUPPORTED_DTYPES}); convert it in torch first, e.g. "
                     "t.to(torch.float32)")


# ---- the loaded storages ----


class LoadedStorage:
    """One storage of the file: its values as a 1-dim array (allocated after the archive
    entry's size was checked, torch_format.py), one base tensor per dtype it is read as, so
    that every tensor over it is a view of that base (one storage, one version counter).
    `big_endian`: the values are still in big-endian order (an untyped storage of a big-endian
    file, byte-swapped once the tensors over it give it a dtype)."""

    __slots__ = ("key", "entry", "array", "bases", "swap_itemsize", "big_endian")

    def __init__(self, key: str, entry: str, array: np.ndarray, big_endian: bool) -> None:
        self.key, self.entry, self.array, self.bases = key, entry, array, {}
        self.big_endian = big_endian
        self.swap_itemsize = None  # the item size the values were byte-swapped as

    def typed(self, dt) -> tuple[np.ndarray, Tensor]:
        """The storage's values as dtype `dt` and its base tensor of that dtype."""
        hit = self.bases.get(dt.name)
        if hit is not None:
            return hit
        raw = self.array
        if raw.nbytes % dt.itemsize:
            raise LoadError(f"load(): storage {self.key!r} ({self.entry}) holds {raw.nbytes} "
                            f"bytes, not a whole number of {dt.name} values")
        arr = raw if raw.dtype == dt.np else raw.view(dt.np)
        if self.big_endian and dt.itemsize > 1:
            if self.swap_itemsize is None:
                arr.byteswap(inplace=True)
                self.swap_itemsize = dt.itemsize
            elif self.swap_itemsize != dt.itemsize:
                raise LoadError(f"load(): storage {self.key!r} ({self.entry}) of a big-endian "
                                f"file is read as values of {self.swap_itemsize} and "
                                f"{dt.itemsize} bytes; its byte order cannot be fixed for both")
        hit = self.bases[dt.name] = (arr, Tensor._wrap(arr))
        return hit


# ---- the stand-ins (each checks its arguments: the file is not trusted) ----


def _int(x, what: str) -> int:
    if type(x) is not int:
        raise LoadError(f"load(): {what} must be an int, got {type(x).__name__}")
    return x


def _ints(x, what: str) -> tuple[int, ...]:
    if not isinstance(x, tuple) or not all(type(v) is int for v in x):
        raise LoadError(f"load(): {what} must be a tuple of ints, got {x!r:.80}")
    return x


def _no_hooks(hooks) -> None:
    if not isinstance(hooks, dict) or hooks:
        raise LoadError(f"load(): a tensor comes with backward hooks {hooks!r:.80}; aten_lite "
                        "reads tensors without hooks only")


def _tensor(storage, offset, size, stride, requires_grad, dt) -> Tensor:
    if not isinstance(storage, LoadedStorage):
        raise LoadError(f"load(): a tensor's storage is a {type(storage).__name__}, not a "
                        "storage of the archive")
    offset = _int(offset, "a tensor's storage offset")
    size, stride = _ints(size, "a tensor's size"), _ints(stride, "a tensor's stride")
    if len(size) != len(stride):
        raise LoadError(f"load(): a tensor's size {size} and stride {stride} differ in length")
    if offset < 0 or any(d < 0 for d in size) or any(s < 0 for s in stride):
        raise LoadError(f"load(): a tensor has a negative size, stride or offset (size {size}, "
                        f"stride {stride}, offset {offset})")
    if type(requires_grad) is not bool:
        raise LoadError(f"load(): requires_grad must be a bool, got {requires_grad!r:.40}")
    arr, base = storage.typed(dt)
    n = math.prod(size)
    if n:
        last = offset + sum((d - 1) * s for d, s in zip(size, stride))
        if last >= arr.size:
            raise LoadError(f"load(): a tensor of size {size}, stride {stride} and offset "
                            f"{offset} reaches element {last} of storage {storage.key!r} "
                            f"({storage.entry}), which holds {arr.size} {dt.name} values")
    n_bytes = dt.itemsize
    a = np.ndarray(size, dt.np, buffer=arr, offset=offset * n_bytes if n else 0,
                   strides=tuple(s * n_bytes for s in stride))
    t = Tensor._wrap(a, base=base)
    if requires_grad:
        t.requires_grad = True
    return t


def rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad=False,
                      backward_hooks=None, metadata=None):
    _no_hooks({} if backward_hooks is None else backward_hooks)
    if metadata:
        raise LoadError(f"load(): a tensor comes with metadata {metadata!r:.80}; aten_lite reads "
                        "plain tensors only")
    return _tensor(storage, storage_offset, size, stride, requires_grad,
                   _storage_dtype(storage))


def _storage_dtype(storage):
    if not isinstance(storage, LoadedStorage):
        raise LoadError(f"load(): a tensor's storage is a {type(storage).__name__}, not a "
                        "storage of the archive")
    return _dtype.from_numpy(storage.array.dtype)


def rebuild_tensor_v3(storage, storage_offset, size, stride, requires_grad, backward_hooks,
                      dtype, metadata=None):
    _no_hooks(backward_hooks)
    if metadata:
        raise LoadError(f"load(): a tensor comes with metadata {metadata!r:.80}; aten_lite reads "
                        "plain tensors only")
    if not isinstance(dtype, _dtype.DType):
        raise LoadError(f"load(): a tensor's dtype is {dtype!r:.40}, not a dtype")
    return _tensor(storage, storage_offset, size, stride, requires_grad, dtype)


def rebuild_parameter(data, requires_grad, backward_hooks):
    _no_hooks(backward_hooks)
    if not isinstance(data, Tensor) or type(requires_grad) is not bool:
        raise LoadError(f"load(): a Parameter of a {type(data).__name__} (requires_grad "
                        f"{requires_grad!r:.20}); expected a tensor and a bool")
    return Parameter(data, requires_grad)


def rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    _no_state(state, "a Parameter")
    return rebuild_parameter(data, requires_grad, backward_hooks)


def _no_state(state, what: str) -> None:
    parts = state if isinstance(state, tuple) else (state,)
    if any(parts):
        raise LoadError(f"load(): {what} comes with Python attributes {state!r:.80}; aten_lite "
                        "reads them without attributes only")


_REBUILDS: set = set()


def rebuild_from_type_v2(func, new_type, args, state):
    if not (callable(func) and func in _REBUILDS) or not isinstance(args, tuple):
        raise LoadError(f"load(): _rebuild_from_type_v2 of {func!r:.60}; only torch's tensor "
                        "rebuild functions are read")
    if new_type is not TENSOR_TYPE and new_type is not PARAMETER_TYPE:
        raise LoadError(f"load(): a tensor of type {new_type!r:.60}; aten_lite reads "
                        "torch.Tensor and torch.nn.Parameter")
    ret = func(*args)
    _no_state(state, "a tensor")
    if new_type is PARAMETER_TYPE and not isinstance(ret, Parameter):
        ret = Parameter(ret, ret.requires_grad)
    return ret


_REBUILDS.update((rebuild_tensor_v2, rebuild_tensor_v3, rebuild_parameter,
                  rebuild_parameter_with_state))


def make_size(dims=()):
    return Size(_ints(tuple(dims) if isinstance(dims, list) else dims, "torch.Size"))


def make_device(kind, index=None):
    if not isinstance(kind, str) or not (index is None or type(index) is int):
        raise LoadError(f"load(): torch.device({kind!r:.40}, {index!r:.20}) is not a device")
    return device(kind if index is None else f"{kind}:{index}")


def encode(text, encoding="latin1"):
    """``_codecs.encode``, which protocol-2 pickles call to make bytes: text only."""
    if not isinstance(text, str) or encoding not in ("latin1", "latin-1", "utf-8", "utf8"):
        raise LoadError(f"load(): _codecs.encode({type(text).__name__}, {encoding!r:.20}); "
                        "only text in latin1 or utf-8 makes bytes")
    return codecs.encode(text, encoding)


def make_bytearray(data=b""):
    if not isinstance(data, (bytes, bytearray, list)):  # never an int: bytearray(n) allocates n
        raise LoadError(f"load(): bytearray of a {type(data).__name__}; expected bytes")
    return bytearray(data)


GLOBALS: dict[str, object] = {
    "collections.OrderedDict": OrderedDict,
    "collections.Counter": Counter,
    "builtins.set": set,
    "builtins.frozenset": frozenset,
    "builtins.complex": complex,
    "builtins.bytearray": make_bytearray,
    "_codecs.encode": encode,
    "torch.Size": make_size,
    "torch.device": make_device,
    "torch.Tensor": TENSOR_TYPE,
    "torch.nn.parameter.Parameter": PARAMETER_TYPE,
    "torch._utils._rebuild_tensor_v2": rebuild_tensor_v2,
    "torch._utils._rebuild_tensor_v3": rebuild_tensor_v3,
    "torch._utils._rebuild_parameter": rebuild_parameter,
    "torch._utils._rebuild_parameter_with_state": rebuild_parameter_with_state,
    "torch._tensor._rebuild_from_type_v2": rebuild_from_type_v2,
    "torch.UntypedStorage": StorageType("UntypedStorage", None),
    "torch.storage.UntypedStorage": StorageType("UntypedStorage", None),
    **{f"torch.{cls}": StorageType(cls, _dtype.parse(name))
       for name, cls in STORAGE_OF_DTYPE.items()},
    **{f"torch.{d.name}": d for d in _dtype.DTYPES},
    **{f"torch.{alias}": _dtype.parse(alias)
       for alias in ("float", "double", "half", "long", "int", "short")},
}
# What the rebuild calls may call (REDUCE and NEWOBJ refuse anything else).
CALLABLES = frozenset(v for v in GLOBALS.values() if callable(v) and not isinstance(v, type)) | {
    OrderedDict, Counter, set, frozenset, complex}
CLASSES = frozenset({OrderedDict, Counter, set, frozenset, complex})


def refusal(full: str) -> LoadError | None:
    """The specific refusal of a global torch knows but aten_lite cannot read, else None."""
    module, _, name = full.rpartition(".")
    if module == "torch" and name in MISSING_DTYPES:
        return missing_dtype_error(name)
    if module == "torch" and name in MISSING_STORAGES:
        return missing_dtype_error(MISSING_STORAGES[name])
    if module == "torch._utils" and name in OTHER_REBUILDS:
        return LoadError(f"load(): the file holds a tensor rebuilt by {full}; aten_lite reads "
                         "dense strided tensors only (sparse, quantized, nested, meta and "
                         "device tensors are not read)")
    return None
