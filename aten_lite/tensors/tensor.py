"""The Tensor class: a NumPy array (CPU) or a bare shape (meta), plus dtype, device, layout,
a version counter shared by views, and the slots autograd fills in.

Ops are not defined here, nor anything that needs a layer above this one (docs/DESIGN.md,
"Layers"): the Tensor surface (the generated methods and operators, indexing, ``backward`` and
``grad``, factories such as ``new_zeros``, pickling) is attached by one module of the front
end, ``aten_lite/frontend/tensor_surface.py``, when ``aten_lite`` is imported.

>>> import aten_lite as al
>>> t = al.tensor([[1.0, 2.0], [3.0, 4.0]])
>>> t.shape, t.stride(), t.dtype
(aten_lite.Size([2, 2]), (2, 1), aten_lite.float32)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from ..vocab import dtype as _dtype
from ..vocab.device import cpu as _CPU, meta as _META, strided as _STRIDED
from ..vocab.dispatch_keys import CPU as _KEY_CPU, META as _KEY_META
from ..vocab.dtype import DType
from .printing import tensor_repr

if TYPE_CHECKING:
    # The generated methods, typed (Note [The type stub] in tools/codegen/api_pyi.py).
    from .._ops import TensorOps as _TensorOps
else:
    _TensorOps = object  # at run time Tensor's only base stays `object`

__all__ = ["Tensor", "Size", "empty_array", "contiguous_strides", "is_contiguous_strides",
           "new_tensor", "sync_stream", "share_with_numpy", "in_line"]

_new = object.__new__
_DTYPE_OF_NP = _dtype._FROM_NP  # np.dtype -> DType, one dict lookup on the hot path


try:  # the C++ extension may not be built yet: `import aten_lite` must work anyway
    from .._C import empty as _c_empty
    from .._C import stream_share as _stream_share
    from .._C import stream_synchronize as sync_stream
    from .._C import stream_enter_inline as _enter_inline, stream_exit_inline as _exit_inline
except ImportError:
    _c_empty = None
    _enter_inline = _exit_inline = None

    def sync_stream() -> None:
        """Without the extension no instruction is ever queued."""

    def _stream_share(a) -> None:
        pass


class _InLine:
    """``with in_line:`` drains the instruction stream, then runs the block with every kernel
    call of this thread in the call (graph mode's replays, whose kernels were chosen at
    capture; docs/ASYNC.md). Reentrant; a no-op without the extension."""

    __slots__ = ()

    def __enter__(self):
        if _enter_inline is not None:
            _enter_inline()

    def __exit__(self, *exc):
        if _exit_inline is not None:
            _exit_inline()


in_line = _InLine()


def share_with_numpy(a: np.ndarray) -> np.ndarray:
    """Mark ``a``'s memory as shared with NumPy code outside aten_lite (``Tensor.numpy()``,
    ``from_numpy``, ``as_tensor``): every kernel call on it then runs in line, never queued,
    since a write through NumPy is not ordered with the stream (docs/ASYNC.md). Returns a."""
    _stream_share(a)
    return a


def empty_array(shape, dtype: DType) -> np.ndarray:
    """Allocate an uninitialised C-contiguous array for a CPU result.

    Every CPU kernel allocates through here. ``_C.empty`` is np.empty whose large results
    (1 MB and up) come from a cache of freed blocks, so a loop over fresh 64 MB results takes
    no page faults and no zeroing by the OS (Note [Large block cache] in csrc/allocator.h)."""
    if _c_empty is None:
        return np.empty(shape, dtype.np)
    return _c_empty(shape, dtype.np)


def contiguous_strides(shape) -> tuple[int, ...]:
    """Row-major strides, in elements, for `shape`."""
    strides = []
    step = 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def is_contiguous_strides(shape, strides) -> bool:
    """Whether (shape, strides) is row-major contiguous. Like torch (and NumPy), dims of size 1
    may have any stride, and a tensor with no elements is contiguous."""
    if 0 in shape:
        return True
    step = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1:
            if s != step:
                return False
            step *= n
    return True


class Size(tuple):
    """A tensor's shape: a tuple of ints, printed as ``aten_lite.Size([2, 3])``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"aten_lite.Size({list(self)!r})"

    def __getitem__(self, item):
        result = tuple.__getitem__(self, item)
        return Size(result) if isinstance(item, slice) else result

    def numel(self) -> int:
        n = 1
        for d in self:
            n *= d
        return n


# Called as hook(t, what) when code reads the data of a CPU-keyed tensor that has none (a
# capture tensor), before the read fails; set while a compiled call runs split into graphs
# (Note [Split calls] in aten_lite/compile/segments.py), which fills the tensor in place.
_data_hook = None


def set_data_hook(hook):
    """Set the data-read hook (None: none); returns the previous one, for restoring it."""
    global _data_hook
    previous, _data_hook = _data_hook, hook
    return previous


# Called as hook(t) when code reads the data of a tensor that has it (item, tolist, numpy,
# bool...) while graph mode captures a function: the value read is part of what the capture
# traced, so the graph is replayed only while that tensor is unchanged (Note [Data read
# during capture] in aten_lite/compile/capture.py).
_read_hook = None


# The reader of a registered device's tensors: t -> a NumPy copy of its values, set by
# aten_lite/backends/devices.py (a layer above this one) when it is imported.
_device_reader = None


def set_device_reader(fn) -> None:
    """Set the function that copies a registered device's tensor to a NumPy array."""
    global _device_reader
    _device_reader = fn


def set_read_hook(hook):
    """Set the read hook (None: none); returns the previous one, for restoring it."""
    global _read_hook
    previous, _read_hook = _read_hook, hook
    return previous


class _VersionCounter:
    """Counts in-place writes to one storage; shared by every view of it. Autograd saves the
    value when it records a tensor and refuses to use the tensor if the value has changed."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0


# Note [Tensor slots]
# A tensor's slots are named once, here: the storage slots, whose values each constructor
# computes, and the autograd slots, which every new tensor starts with as "no history" (it
# does not require grad, and has no .grad, grad_fn or hooks). Every constructor is made from
# these two tables by `_constructor`, so each one sets every slot, and a slot added here is
# set by all of them. They are made, not written by hand, so that `Tensor._wrap` (once per op
# result) keeps its sixteen stores in line: a shared helper called per tensor costs about as
# much again. `new_tensor` is the constructor the other modules call (sparse tensors, detached
# aliases, parameters), the storage slots as its arguments.
_STORAGE_SLOTS = ("_a", "_shape", "_st", "_offset", "_dtype", "_device", "_layout", "_key",
                  "_vc", "_base", "_store")
_NO_HISTORY = {"_requires_grad": "False", "_grad": "None", "grad_fn": "None",
               "_retains_grad": "False", "_hooks": "None", "_output_nr": "0"}


def _constructor(signature: str, doc: str, prelude: list, cls: str = "Tensor", **storage: str):
    """The function ``def <signature>``: runs the ``prelude`` lines, makes a ``cls`` and sets
    every slot, each storage slot ``_name`` to the expression given as ``name``, each autograd
    slot to no history, and returns it (Note [Tensor slots])."""
    given = {f"_{name}" for name in storage}
    if given != set(_STORAGE_SLOTS):
        raise TypeError(f"{signature}: storage slots missing {sorted(set(_STORAGE_SLOTS) - given)}"
                        f", unknown {sorted(given - set(_STORAGE_SLOTS))}")
    stores = [f"t.{slot} = {storage[slot[1:]]}" for slot in _STORAGE_SLOTS]
    stores += [f"t.{slot} = {value}" for slot, value in _NO_HISTORY.items()]
    lines = [f"def {signature}:", *(f"    {line}" for line in prelude),
             f"    t = _new({cls})", *(f"    {line}" for line in stores), "    return t", ""]
    scope: dict = {}
    name = signature.partition("(")[0]
    # Compiled under this module's `from __future__ import annotations`: the annotations
    # stay text, as the hand-written functions' do.
    exec(compile("\n".join(lines), f"<tensor constructor {name}>", "exec"), globals(), scope)
    fn = scope[name]
    fn.__doc__ = doc
    return fn


# The prelude of a view's constructor: `base` becomes the tensor owning the storage, whose
# version counter `vc` the view shares (None, and no base, for a tensor of its own storage).
_SHARED_COUNTER = ["vc = None", "if base is not None:", "    if base._base is not None:",
                   "        base = base._base", "    vc = base._version_counter"]

new_tensor = _constructor(
    "new_tensor(cls: type, a, shape, st, offset, dtype, device, layout, key, vc, base, "
    "store=None) -> Tensor",
    """A new ``cls`` (Tensor or a subclass, which sets its own slots after) with these storage
    slots and no history (Note [Tensor slots]).""",
    [], cls="cls", a="a", shape="shape", st="st", offset="offset", dtype="dtype",
    device="device", layout="layout", key="key", vc="vc", base="base", store="store")


class Tensor(_TensorOps):
    """An n-dimensional array of one dtype on one device.

    Invariants (see Note [Tensor storage]):
      * CPU: `_a` is an ndarray with exactly this tensor's shape and strides; views share its
        memory. `_st` caches the strides in elements (None until first asked for).
      * meta: `_a` is None; `_shape`, `_st` and `_offset` (in elements) describe the geometry.
      * a registered device (Note [Devices from outside] in aten_lite/backends/devices.py):
        `_a` is None as for meta, and `_store` holds the device's memory object, shared by
        views; `_store` is None on the CPU and meta.
      * `_vc` is the version counter shared with every view of the storage, made on first
        use; `_base` is the tensor that owns the storage when this is a view, else None.
    """

    # Note [Tensor storage]: state lives in slots so that making a tensor (every op does) costs
    # a few attribute stores; strides and the version counter are computed lazily because most
    # results are never asked for either.
    __slots__ = _STORAGE_SLOTS + tuple(_NO_HISTORY) + ("__weakref__",)

    # NumPy hands every ufunc involving a Tensor to __array_ufunc__ (Note [NumPy operands] in
    # frontend/tensor_api.py).
    __array_priority__ = 1000

    def __new__(cls, *args, **kwargs):
        raise TypeError(
            "aten_lite.Tensor cannot be constructed directly; use aten_lite.tensor(data), "
            "aten_lite.empty(shape) or aten_lite.from_numpy(array)"
        )

    # ---- constructors (internal; the hot path): made by _constructor (Note [Tensor slots]) ----

    _wrap = staticmethod(_constructor(
        "_wrap(a: np.ndarray, base: Tensor | None = None) -> Tensor",
        """A CPU strided tensor over `a` (shared, not copied). `base`: the tensor `a` is a
        view of; the result then shares its version counter.""",
        _SHARED_COUNTER, a="a", shape="a.shape", st="None", offset="0",
        dtype="_DTYPE_OF_NP[a.dtype]", device="_CPU", layout="_STRIDED", key="_KEY_CPU",
        vc="vc", base="base", store="None"))

    _meta = staticmethod(_constructor(
        "_meta(shape, dtype: DType, strides=None, base: Tensor | None = None, offset: int = 0) "
        "-> Tensor",
        """A meta tensor: geometry and dtype, no data. `strides` default to contiguous;
        `offset` is the element offset into the (imaginary) storage, for views.""",
        ["shape = tuple(shape)", *_SHARED_COUNTER], a="None", shape="shape",
        st="contiguous_strides(shape) if strides is None else tuple(strides)",
        offset="offset", dtype="dtype", device="_META", layout="_STRIDED", key="_KEY_META",
        vc="vc", base="base", store="None"))

    _on_device = staticmethod(_constructor(
        "_on_device(store, shape, dtype: DType, device, key, strides=None, offset: int = 0, "
        "base: Tensor | None = None) -> Tensor",
        """A tensor of a device a package registered (Note [Devices from outside] in
        aten_lite/backends/devices.py): `store` is the device's memory object, which views
        share; `shape`, `strides` (default contiguous) and `offset` (in elements) place the
        elements in it. `_a` is None, as for meta tensors: no NumPy array holds the data.""",
        ["shape = tuple(shape)", *_SHARED_COUNTER], a="None", shape="shape",
        st="contiguous_strides(shape) if strides is None else tuple(strides)",
        offset="offset", dtype="dtype", device="device", layout="_STRIDED", key="key",
        vc="vc", base="base", store="store"))

    # ---- lazily made state ----

    @property
    def _strides(self) -> tuple[int, ...]:
        st = self._st
        if st is None:
            a = self._a
            if a.size == 0:
                # NumPy gives an empty array zero strides; torch reports the contiguous ones.
                st = self._st = contiguous_strides(a.shape)
                return st
            n = a.itemsize
            st = self._st = tuple([s // n for s in a.strides])
        return st

    @property
    def _version_counter(self) -> _VersionCounter:
        vc = self._vc
        if vc is None:
            vc = self._vc = _VersionCounter()
        return vc

    @property
    def _version(self) -> int:
        """The number of in-place writes to this storage so far, an int as torch's
        ``t._version`` (the counter itself, shared by views, is ``_version_counter``)."""
        vc = self._vc
        return 0 if vc is None else vc.value

    def _bump_version(self) -> None:
        """Record an in-place write (every in-place op and __setitem__ calls this)."""
        vc = self._vc  # the counter read directly when made: SGD bumps every parameter's
        (vc if vc is not None else self._version_counter).value += 1

    # ---- geometry ----

    @property
    def shape(self) -> Size:
        return Size(self._shape)

    def size(self, dim: int | None = None):
        """The shape, or the size of one dimension (negative dims count from the end)."""
        if dim is None:
            return Size(self._shape)
        return self._shape[_dim_of_shape(dim, self._shape)]

    def stride(self, dim: int | None = None):
        """Strides in elements (not bytes), or the stride of one dimension."""
        if dim is None:
            return self._strides
        return self._strides[_dim_of_shape(dim, self._shape)]

    @property
    def ndim(self) -> int:
        return len(self._shape)

    def dim(self) -> int:
        return len(self._shape)

    def ndimension(self) -> int:
        return len(self._shape)

    def numel(self) -> int:
        n = 1
        for d in self._shape:
            n *= d
        return n

    nelement = numel

    def is_contiguous(self) -> bool:
        if self._a is not None:
            return self._a.flags.c_contiguous
        return is_contiguous_strides(self._shape, self._st)

    def element_size(self) -> int:
        return self._dtype.itemsize

    @property
    def itemsize(self) -> int:
        return self._dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.numel() * self._dtype.itemsize

    def storage_offset(self) -> int:
        """Offset in elements of the first element from the start of the storage."""
        if self._a is None:
            return self._offset
        # A CPU root's `_offset` is 0, except for a detached alias of a view, which owns no
        # storage of its own (Note [Detached aliases] in aten_lite/autograd/node.py).
        root = self._base if self._base is not None else self
        here = self._a.__array_interface__["data"][0]
        return (here - root._a.__array_interface__["data"][0]) // self._dtype.itemsize + \
            root._offset

    # ---- dtype, device, layout ----

    @property
    def dtype(self) -> DType:
        return self._dtype

    @property
    def device(self):
        return self._device

    @property
    def layout(self):
        return self._layout

    @property
    def is_meta(self) -> bool:
        return self._key is _KEY_META

    @property
    def is_cpu(self) -> bool:
        return self._device is _CPU

    @property
    def is_cuda(self) -> bool:
        return self._device.type == "cuda"

    @property
    def is_sparse(self) -> bool:
        return self._layout is not _STRIDED

    def is_floating_point(self) -> bool:
        return self._dtype.is_floating_point

    def is_signed(self) -> bool:
        return self._dtype.is_signed

    def data_ptr(self) -> int:
        """Address of the first element (0 for meta tensors, which have no data)."""
        if self._a is None:
            return 0
        return self._a.__array_interface__["data"][0]

    # ---- autograd state (the engine lives in aten_lite/autograd) ----

    @property
    def requires_grad(self) -> bool:
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value: bool) -> None:
        value = bool(value)
        if value and not self._dtype.is_floating_point:
            raise RuntimeError(
                "only Tensors of floating point dtype can require gradients, "
                f"got {self._dtype.name}"
            )
        if not value and self.grad_fn is not None:
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables; to use a computed "
                "tensor without gradients, use tensor.detach()"
            )
        self._requires_grad = value

    def requires_grad_(self, requires_grad: bool = True) -> "Tensor":
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self) -> bool:
        return self.grad_fn is None

    # ---- conversion to Python and NumPy ----

    def _data_or_raise(self, what: str) -> np.ndarray:
        if self._store is not None:  # a registered device's tensor: its values, copied
            if what == "Tensor.numpy()":
                raise TypeError(f"can't convert {self._device.type} device type tensor to "
                                "numpy. Use Tensor.cpu() to copy the tensor to host memory "
                                "first.")
            return _device_reader(self)
        if self._a is None:
            hook = _data_hook
            if hook is not None and self._key is _KEY_CPU:
                hook(self, what)  # Note [Split calls] in aten_lite/compile/segments.py
            if self._a is None:
                raise RuntimeError(f"{what}: meta tensors have no data")
        elif _read_hook is not None:
            _read_hook(self)  # Note [Data read during capture] in aten_lite/compile/capture.py
        sync_stream()  # a read of the values waits for the instructions that write them
        return self._a

    def item(self):
        """The value of a one-element tensor as a Python number."""
        a = self._data_or_raise("Tensor.item()")
        if a.size != 1:
            raise ValueError(
                f"a Tensor with {a.size} elements cannot be converted to Scalar"
            )
        if self._dtype is _dtype.bfloat16:  # ml_dtypes' scalar, not a Python float
            return float(a.reshape(()))
        return a.item()

    def tolist(self):
        """Nested Python lists of Python numbers (a number for a 0-dim tensor)."""
        return self._data_or_raise("Tensor.tolist()").tolist()

    def numpy(self, *, force: bool = False) -> np.ndarray:
        """The data as an ndarray sharing memory with this tensor (no copy). Refused when the
        tensor requires grad (writes would bypass autograd) unless `force=True`."""
        a = self._data_or_raise("Tensor.numpy()")
        if a is self._a:
            share_with_numpy(a)
        if self._dtype is _dtype.bfloat16:
            # NumPy has no bfloat16 (the storage's ml_dtypes array is an implementation detail)
            raise TypeError("Got unsupported ScalarType BFloat16; convert first with "
                            "t.float().numpy()")
        if self._requires_grad and not force:
            raise RuntimeError(
                "Can't call numpy() on Tensor that requires grad. "
                "Use tensor.detach().numpy() instead."
            )
        return a

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        if dtype is not None and np.dtype(dtype) != a.dtype:
            return a.astype(dtype)
        return a.copy() if copy else a

    def __len__(self) -> int:
        if not self._shape:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __iter__(self):
        if not self._shape:
            raise TypeError("iteration over a 0-d tensor")
        for i in range(self._shape[0]):
            yield self[i]

    def __bool__(self) -> bool:
        n = self.numel()
        if n != 1:
            which = "no values" if n == 0 else "more than one value"
            raise RuntimeError(f"Boolean value of Tensor with {which} is ambiguous")
        return bool(self.item())

    def __float__(self) -> float:
        return float(self.item())

    def __int__(self) -> int:
        return int(self.item())

    def __index__(self) -> int:
        if self._dtype.is_floating_point or self.numel() != 1:
            raise TypeError(
                "only integer tensors of a single element can be converted to an index"
            )
        return int(self.item())

    def __hash__(self) -> int:
        # By identity, as torch: == is elementwise, so equal-valued tensors are distinct keys.
        return id(self)

    def __repr__(self) -> str:
        if self._a is None and self._key is _KEY_CPU:  # a capture tensor: printing reads data
            self._data_or_raise("print(Tensor)")
        if self._store is not None:  # a registered device's tensor: printed from a copy
            return tensor_repr(self, self._data_or_raise("print(Tensor)"))
        if self._a is not None:
            sync_stream()
        return tensor_repr(self)

    def __format__(self, spec: str) -> str:
        # A 0-dim tensor formats like its number (f"{loss:.3f}"), as in torch.
        if self._a is None and self._key is _KEY_CPU:  # a capture tensor: formatting reads data
            self._data_or_raise("format(Tensor)")
        if not self._shape and (self._a is not None or self._store is not None):
            return format(self.item(), spec)
        return format(repr(self), spec)

    def __pos__(self) -> "Tensor":
        """Unary plus returns the tensor itself, as in torch (there is no op to run)."""
        if self._dtype is _dtype.bool_:
            raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
        return self

    # ---- for type checkers only (Note [The type stub] in tools/codegen/api_pyi.py) ----
    # frontend/tensor_surface.py attaches these at import, and `grad_fn` is a slot, so a type checker
    # would see none of them; the run time never executes this block. tests/test_stub.py checks
    # the names and parameters against what is attached. (The autograd types, Node and
    # RemovableHandle, are Any here: this layer may not name autograd, not even for typing.)
    if TYPE_CHECKING:
        grad_fn: Any

        @property
        def grad(self) -> Tensor | None: ...
        @grad.setter
        def grad(self, value: Tensor | None) -> None: ...
        @property
        def retains_grad(self) -> bool: ...
        def backward(self, gradient: Tensor | None = None, retain_graph: bool | None = None,
                     create_graph: bool = False) -> None: ...
        def register_hook(self, hook: Callable[[Tensor], Tensor | None]) -> Any: ...
        def register_post_accumulate_grad_hook(self, hook: Callable[[Tensor], None]) -> Any: ...
        def retain_grad(self) -> None: ...
        def detach(self) -> Tensor: ...
        def detach_(self) -> Tensor: ...
        def __getitem__(self, index: Any) -> Tensor: ...
        def __setitem__(self, index: Any, value: Any) -> None: ...
        # from frontend/tensor_api.py and frontend/random.py (torch's non-op Tensor surface)
        @property
        def data(self) -> Tensor: ...
        @data.setter
        def data(self, new: Tensor) -> None: ...
        def type(self, dtype: Any = None, non_blocking: bool = False) -> Any: ...
        def cpu(self, memory_format: Any = None) -> Tensor: ...
        def cuda(self, device: Any = None, non_blocking: bool = False,
                 memory_format: Any = None) -> Tensor: ...
        def new_tensor(self, data: Any, *, dtype: Any = None, device: Any = None,
                       requires_grad: bool = False) -> Tensor: ...
        def new_zeros(self, size: Any, *args: Any, dtype: Any = None, device: Any = None,
                      requires_grad: bool = False) -> Tensor: ...
        def new_ones(self, size: Any, *args: Any, dtype: Any = None, device: Any = None,
                     requires_grad: bool = False) -> Tensor: ...
        def new_empty(self, size: Any, *args: Any, dtype: Any = None, device: Any = None,
                      requires_grad: bool = False) -> Tensor: ...
        def new_full(self, size: Any, *args: Any, dtype: Any = None, device: Any = None,
                     requires_grad: bool = False) -> Tensor: ...
        def bernoulli(self, p: Any = None, *, generator: Any = None) -> Tensor: ...
        def multinomial(self, num_samples: int, replacement: bool = False, *,
                        generator: Any = None) -> Tensor: ...
        def uniform_(self, a: float = 0.0, b: float = 1.0, *, generator: Any = None) -> Tensor: ...
        def normal_(self, mean: float = 0.0, std: float = 1.0, *,
                    generator: Any = None) -> Tensor: ...
        def unique(self, sorted: bool = True, return_inverse: bool = False,
                   return_counts: bool = False, dim: Any = None) -> Any: ...
        # from backends/dlpack.py (DLPack export)
        def __dlpack__(self, *, stream: Any = None, max_version: tuple[int, int] | None = None,
                       dl_device: tuple[int, int] | None = None,
                       copy: bool | None = None) -> Any: ...
        def __dlpack_device__(self) -> tuple[int, int]: ...

    # ---- dtype conversion methods (torch's float(), long(), ...; `to` comes from YAML) ----

    def double(self) -> "Tensor":
        return self.to(_dtype.float64)

    def half(self) -> "Tensor":
        return self.to(_dtype.float16)

    def bfloat16(self) -> "Tensor":
        return self.to(_dtype.bfloat16)

    def long(self) -> "Tensor":
        return self.to(_dtype.int64)

    def short(self) -> "Tensor":
        return self.to(_dtype.int16)

    def byte(self) -> "Tensor":
        return self.to(_dtype.uint8)

    def char(self) -> "Tensor":
        return self.to(_dtype.int8)

    @property
    def T(self) -> "Tensor":
        """All dimensions reversed (a view), as ndarray.T."""
        return self.permute(list(range(len(self._shape) - 1, -1, -1)))

    @property
    def mT(self) -> "Tensor":
        """The last two dimensions swapped (a view)."""
        return self.transpose(-2, -1)

    # Defined last: inside the class body these names shadow the builtins from here on.
    def float(self) -> "Tensor":
        return self.to(_dtype.float32)

    def int(self) -> "Tensor":
        return self.to(_dtype.int32)

    def bool(self) -> "Tensor":
        return self.to(_dtype.bool_)


def wrap_dim(dim: int, ndim: int) -> int:
    """Map a possibly negative dim into [0, ndim), with torch's message when out of range.
    A 0-dim tensor accepts dims -1 and 0, as in torch."""
    n = ndim if ndim > 0 else 1
    if not -n <= dim < n:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})"
        )
    return dim + n if dim < 0 else dim


def _dim_of_shape(dim: int, shape) -> int:
    """size(dim)/stride(dim): a 0-dim tensor has no dimension to name (torch's IndexError,
    where ops that reduce or view accept dims -1 and 0 of a 0-dim tensor)."""
    if not shape:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return wrap_dim(dim, len(shape))
