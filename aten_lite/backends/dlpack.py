"""DLPack, both ways: ``Tensor.__dlpack__`` / ``__dlpack_device__`` (aten_lite tensors into torch,
NumPy, JAX...) and ``from_dlpack`` (their tensors into aten_lite), without copying.

Note [DLPack through NumPy]
A CPU tensor's storage is an ndarray (Note [Tensor storage] in tensors/tensor.py), and NumPy
(2.1 and later) is a complete DLPack 1.x producer and consumer for ndarrays: versioned
("dltensor_versioned") and legacy ("dltensor") capsules, the READ_ONLY and IS_COPIED flags, a
manager that keeps the ndarray alive until the consumer calls the deleter (which takes the GIL, so
a consumer may call it from any thread), a capsule destructor that frees an unconsumed capsule,
and, on import, an ndarray whose base owns the consumed capsule and calls its deleter once when
the last view dies. So the structs and deleters are NumPy's; this module decides what may be
exported and imported and says why not in aten_lite's words: tensors that require grad, meta and
sparse tensors, devices other than the CPU, dtypes aten_lite has no kernels for. To name a foreign
dtype or device that NumPy refused it reads the capsule's DLTensor header with ctypes (read
only; Note [Reading a capsule]).

Read-only data: a read-only tensor (one over a read-only ndarray, e.g. an ``expand`` view) is
exported in a versioned capsule with DLPACK_FLAG_BITMASK_READ_ONLY set. A legacy capsule cannot
say read-only, so a legacy consumer gets a copy (or BufferError with ``copy=False``). Importing a
read-only versioned capsule gives a tensor over a read-only ndarray: it shares the memory, reads
work, and in-place writes are refused ("it shares a read-only NumPy array; clone() it first").

>>> import aten_lite as al, numpy as np
>>> x = al.arange(4.0)
>>> a = np.from_dlpack(x); a[0] = 7.0
>>> x.tolist(), al.from_dlpack(a).data_ptr() == x.data_ptr()
([7.0, 1.0, 2.0, 3.0], True)
"""

from __future__ import annotations

import ctypes
import struct

import numpy as np

from ..vocab import dtype as _dtype
from ..vocab.device import strided as _STRIDED
from ..vocab.dispatch_keys import META as _KEY_META
from ..tensors.tensor import Tensor, share_with_numpy

__all__ = ["from_dlpack", "tensor_dlpack", "tensor_dlpack_device", "DLPACK_VERSION"]

# The newest DLPack ABI this module reads and asks for.
DLPACK_VERSION = (1, 0)
_KDLCPU = 1

# DLDeviceType values, for messages (dlpack.h).
_DEVICE_NAMES = {
    1: "kDLCPU", 2: "kDLCUDA", 3: "kDLCUDAHost", 4: "kDLOpenCL", 7: "kDLVulkan", 8: "kDLMetal",
    9: "kDLVPI", 10: "kDLROCM", 11: "kDLROCMHost", 12: "kDLExtDev", 13: "kDLCUDAManaged",
    14: "kDLOneAPI", 15: "kDLWebGPU", 16: "kDLHexagon", 17: "kDLMAIA",
}
# DLDataTypeCode values, for messages.
_CODE_NAMES = {0: "int", 1: "uint", 2: "float", 3: "opaque_handle", 4: "bfloat", 5: "complex",
               6: "bool", 7: "float8_e3m4", 8: "float8_e4m3", 9: "float8_e4m3b11fnuz",
               10: "float8_e4m3fn", 11: "float8_e4m3fnuz", 12: "float8_e5m2",
               13: "float8_e5m2fnuz", 14: "float8_e8m0fnu", 15: "float6_e2m3fn",
               16: "float6_e3m2fn", 17: "float4_e2m1fn"}
# (code, bits) aten_lite holds (lanes must be 1): what the header check accepts.
_DTYPE_OF_CODE = {
    (6, 8): _dtype.bool_, (1, 8): _dtype.uint8, (0, 8): _dtype.int8, (0, 16): _dtype.int16,
    (0, 32): _dtype.int32, (0, 64): _dtype.int64, (2, 16): _dtype.float16,
    (2, 32): _dtype.float32, (2, 64): _dtype.float64, (4, 16): _dtype.bfloat16,
}
_SUPPORTED = ", ".join(d.name for d in _dtype.DTYPES)
_DTYPE_OF_NP = {d.np: d for d in _dtype.DTYPES}


def device_name(device_type: int, device_id: int = 0) -> str:
    name = _DEVICE_NAMES.get(device_type, "unknown device type")
    return f"({device_type}, {device_id}) ({name})"


# ---- export ----


def _exportable(t: Tensor, what: str) -> np.ndarray:
    """The ndarray behind `t`, or the error saying why it cannot leave through DLPack."""
    if t._requires_grad:
        # torch's wording: a consumer's writes would bypass autograd.
        raise RuntimeError("Can't export tensors that require gradient, use tensor.detach()")
    if t._layout is not _STRIDED:
        raise BufferError(
            f"{what}: cannot export a tensor of layout {t._layout}: DLPack describes strided "
            f"(dense) tensors only; call to_dense() first")
    if t._a is None and t._key is _KEY_META:
        raise BufferError(
            f"{what}: cannot export a tensor on device 'meta': it has no data; DLPack export "
            f"supports device 'cpu' only")
    if t._store is not None:  # a registered device (Note [Devices from outside])
        raise BufferError(
            f"{what}: cannot export a tensor on device '{t._device.type}': DLPack export "
            f"supports device 'cpu' only; call .cpu() first")
    return t._data_or_raise(what)


def tensor_dlpack_device(self: Tensor) -> tuple[int, int]:
    """``Tensor.__dlpack_device__()``: (kDLCPU, 0) = (1, 0), the device of every tensor with
    data. Meta and sparse tensors raise BufferError (they cannot be exported)."""
    if self._layout is not _STRIDED or self._a is None and (self._key is _KEY_META or
                                                            self._store is not None):
        _exportable(self, "__dlpack_device__()")
    return (_KDLCPU, 0)


def tensor_dlpack(self: Tensor, *, stream=None, max_version=None, dl_device=None, copy=None):
    """``Tensor.__dlpack__``: a PyCapsule for a DLPack consumer (the Python array API's
    protocol, DLPack 1.x).

    * ``max_version`` (major, minor) of 1.0 or later gets a "dltensor_versioned" capsule
      (DLManagedTensorVersioned, version 1.0, READ_ONLY set for a read-only tensor, IS_COPIED
      when a copy was made); None or an older version gets a legacy "dltensor" capsule.
    * ``copy``: True always copies; False never does (BufferError where one is needed: a
      read-only tensor asked for by a legacy consumer); None copies only where needed.
    * ``dl_device``: None or (1, 0) (kDLCPU); any other device is a BufferError naming it.
    * ``stream`` must be None: CPU data has no stream to synchronise.
    The tensor's memory stays alive until the consumer calls the capsule's deleter (or the
    unconsumed capsule is collected), even if the tensor itself is deleted first."""
    if stream is not None:
        raise ValueError(f"__dlpack__(): stream must be None for CPU tensors, got {stream!r}")
    if dl_device is not None:
        try:
            dev_type, dev_id = (int(v) for v in dl_device)
        except (TypeError, ValueError):
            raise TypeError(f"__dlpack__(): dl_device must be a (device_type, device_id) pair, "
                            f"got {dl_device!r}") from None
        if (dev_type, dev_id) != (_KDLCPU, 0):
            raise BufferError(
                f"__dlpack__(): cannot export to dl_device {device_name(dev_type, dev_id)}: "
                f"aten_lite tensors live on (1, 0) (kDLCPU) and are exported there only")
    if copy not in (None, True, False):
        raise ValueError(f"__dlpack__(): copy must be None, True or False, got {copy!r}")
    versioned = False
    if max_version is not None:
        try:
            major = int(max_version[0])
        except (TypeError, ValueError, IndexError):
            raise TypeError(f"__dlpack__(): max_version must be a (major, minor) pair, got "
                            f"{max_version!r}") from None
        versioned = major >= 1
    a = _exportable(self, "__dlpack__()")  # a sync point: the consumer reads the values
    share_with_numpy(a)  # and may write them: calls on this memory run in line from now on
    if self._dtype is _dtype.bfloat16:
        return _bfloat16_capsule(a, versioned, copy)
    if versioned:
        return a.__dlpack__(max_version=DLPACK_VERSION, copy=True) if copy else \
            a.__dlpack__(max_version=DLPACK_VERSION)
    if not a.flags.writeable:
        # A legacy capsule has no read-only flag: the consumer would believe it may write.
        if copy is False:
            raise BufferError(
                "__dlpack__(): this tensor is read-only (it shares a read-only NumPy array, "
                "e.g. an expand() view) and a legacy 'dltensor' capsule cannot mark data "
                "read-only, so it needs a copy, which copy=False forbids; ask with "
                "max_version=(1, 0) for a read-only versioned capsule")
        copy = True
    if copy:
        a = a.copy()  # C-contiguous, writeable, owned by the capsule alone
    return a.__dlpack__()


# Note [bfloat16 capsules]
# NumPy's DLPack exchange takes integers, floats and complex numbers only, not bfloat16 (ml_dtypes'
# dtype, kind 'V'), which DLPack does describe: code 4 (kDLBfloat), 16 bits. So a bfloat16 tensor
# leaves as a capsule NumPy makes of its 16-bit patterns (uint16, code 1), whose dtype code is
# then set to 4 before anyone else sees the capsule; and a capsule of code 4 whose header checked
# out (CPU, 16 bits, one lane) has its code set to 1 before NumPy imports it, and the array NumPy
# makes is viewed as bfloat16. Only the one byte of the header is written, through the pointer
# of the capsule's own name (Note [Reading a capsule]), while the capsule is held and unconsumed:
# its DLManagedTensor belongs to whoever holds the capsule.


def _set_dtype_code(capsule, code: int) -> None:
    name = _api.PyCapsule_GetName(capsule)
    p = _api.PyCapsule_GetPointer(capsule, name)
    head = p + (_VERSIONED_HEAD.size if name == b"dltensor_versioned" else 0)
    ctypes.c_uint8.from_address(head + _CODE_OFFSET).value = code


def _bfloat16_capsule(a: np.ndarray, versioned: bool, copy):
    """``__dlpack__`` of a bfloat16 array (Note [bfloat16 capsules])."""
    bits = a.view(np.uint16)
    if versioned:
        capsule = bits.__dlpack__(max_version=DLPACK_VERSION, copy=True) if copy else \
            bits.__dlpack__(max_version=DLPACK_VERSION)
    else:
        if not a.flags.writeable:
            if copy is False:
                raise BufferError(
                    "__dlpack__(): this tensor is read-only and a legacy 'dltensor' capsule "
                    "cannot mark data read-only, so it needs a copy, which copy=False forbids; "
                    "ask with max_version=(1, 0) for a read-only versioned capsule")
            copy = True
        capsule = (bits.copy() if copy else bits).__dlpack__()
    _set_dtype_code(capsule, 4)
    return capsule


# ---- import ----

# Note [Reading a capsule]
# When NumPy refuses a capsule (it only says "Unsupported dtype in DLTensor" or "Unsupported
# device"), it leaves it unconsumed, and its DLTensor header is read here to say what aten_lite
# cannot hold, naming it. (Reading it on every import instead would cost a few microseconds of
# foreign calls per import.) The reads are of the fixed layout dlpack.h defines, through the pointer PyCapsule_GetPointer
# returns for the capsule's own name, while the capsule is held (so the memory is alive):
#   DLManagedTensorVersioned: version {u32 major, u32 minor} @0, manager_ctx @8, deleter @16,
#                             u64 flags @24, DLTensor @32
#   DLManagedTensor:          DLTensor @0, manager_ctx @48, deleter @56
#   DLTensor: data @0, device {i32 type @8, i32 id @12}, i32 ndim @16,
#             dtype {u8 code @20, u8 bits @21, u16 lanes @22}, shape @24, strides @32, offset @40
_api = ctypes.pythonapi
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_api.PyCapsule_GetName.restype = ctypes.c_char_p
_api.PyCapsule_GetName.argtypes = [ctypes.py_object]
_CapsuleType = type(np.arange(1).__dlpack__())


def capsule_header(capsule) -> dict:
    """What a DLPack capsule describes, read without consuming it: {"versioned", "version",
    "flags", "device", "dtype" (code, bits, lanes), "ndim"}; ValueError for a capsule that is
    not an unconsumed DLPack capsule, naming its name."""
    if not isinstance(capsule, _CapsuleType):
        raise TypeError(f"expected a PyCapsule, got {type(capsule).__name__}")
    # Three foreign calls in all (each costs about a microsecond): the name, the pointer for
    # that name, and one copy of the header's bytes.
    name = _api.PyCapsule_GetName(capsule)
    if name == b"dltensor_versioned":
        p = _api.PyCapsule_GetPointer(capsule, name)
        major, minor, _, _, flags = _VERSIONED_HEAD.unpack(
            ctypes.string_at(p, _VERSIONED_HEAD.size))
        if major != DLPACK_VERSION[0]:
            # The rest of the struct may differ in another major version: read nothing more.
            return {"versioned": True, "version": (major, minor), "flags": None,
                    "device": None, "dtype": None, "ndim": None}
        versioned, version, t = True, (major, minor), p + _VERSIONED_HEAD.size
    elif name == b"dltensor":
        p = _api.PyCapsule_GetPointer(capsule, name)
        version, flags, versioned, t = None, 0, False, p
    else:
        name = name.decode() if name is not None else None
        if name in ("used_dltensor", "used_dltensor_versioned"):
            raise ValueError(f"from_dlpack(): this DLPack capsule was already consumed (its name "
                             f"is {name!r}); a capsule can be imported only once")
        raise ValueError(f"from_dlpack(): not a DLPack capsule (its name is {name!r}; expected "
                         f"'dltensor_versioned' or 'dltensor')")
    dev_type, dev_id, ndim, code, bits, lanes = _TENSOR_HEAD.unpack(
        ctypes.string_at(t + _DATA_POINTER, _TENSOR_HEAD.size))
    return {"versioned": versioned, "version": version, "flags": flags,
            "device": (dev_type, dev_id), "dtype": (code, bits, lanes), "ndim": ndim}


# DLManagedTensorVersioned's first 32 bytes: version, manager_ctx, deleter, flags.
_VERSIONED_HEAD = struct.Struct("@IIPPQ")
# DLTensor from its device on: device type and id, ndim, dtype code, bits and lanes.
_TENSOR_HEAD = struct.Struct("@iiiBBH")
_DATA_POINTER = struct.calcsize("P")  # DLTensor.data comes before the device
_CODE_OFFSET = _DATA_POINTER + 12  # DLTensor.dtype.code, after the data pointer, device, ndim


def dlpack_dtype_name(code: int, bits: int, lanes: int) -> str:
    name = "bool" if (code, bits) == (6, 8) else f"{_CODE_NAMES.get(code, f'code {code}:')}{bits}"
    return name if lanes == 1 else f"{name}x{lanes}"


class _Given:
    """Hands NumPy a capsule already taken (and checked) from its producer."""

    __slots__ = ("capsule",)

    def __init__(self, capsule) -> None:
        self.capsule = capsule

    def __dlpack__(self, **_ignored):
        return self.capsule

    def __dlpack_device__(self):
        return (_KDLCPU, 0)


def _not_cpu(device, what: str) -> BufferError:
    return BufferError(
        f"from_dlpack(): {what} is on device {device_name(*device)}; aten_lite tensors live on "
        f"the CPU (kDLCPU, device type 1) only: move it to the CPU first (e.g. .cpu())")


def _unsupported_dtype(what: str, name: str) -> TypeError:
    return TypeError(
        f"from_dlpack(): {what} has DLPack dtype {name}, which aten_lite does not support; "
        f"supported: {_SUPPORTED} (convert it first, e.g. .float())")


def _explain_refusal(capsule, what: str) -> None:
    """Raise the error naming what makes `capsule` unimportable, if its header shows it."""
    header = capsule_header(capsule)  # ValueError for a consumed or non-DLPack capsule
    if header["dtype"] is None:
        raise BufferError(
            f"from_dlpack(): {what} is a DLPack {header['version'][0]}.{header['version'][1]} "
            f"capsule; aten_lite reads DLPack major version {DLPACK_VERSION[0]} only")
    if header["device"][0] != _KDLCPU:
        raise _not_cpu(header["device"], what)
    code, bits, lanes = header["dtype"]
    if lanes != 1 or (code, bits) not in _DTYPE_OF_CODE:
        raise _unsupported_dtype(what, dlpack_dtype_name(code, bits, lanes))


def _is_bfloat16(capsule) -> bool:
    """Whether ``capsule`` is an unconsumed CPU capsule of 16-bit bfloat of one lane."""
    try:
        header = capsule_header(capsule)
    except (TypeError, ValueError):
        return False  # NumPy refuses it, and _explain_refusal names why
    return header["dtype"] == (4, 16, 1) and header["device"] == (_KDLCPU, 0)


def from_dlpack(ext_tensor) -> Tensor:
    """A CPU tensor sharing the memory of `ext_tensor`: an object with ``__dlpack__`` and
    ``__dlpack_device__`` (a torch tensor, NumPy array, JAX array, another aten_lite tensor)
    or a bare DLPack capsule, which is consumed (marked used; it cannot be imported twice).

    Asks for a versioned capsule (max_version=(1, 0)) and falls back to the legacy call when
    the producer's ``__dlpack__`` takes no arguments. Writes through either side show in the
    other. Only CPU data of aten_lite's dtypes (bool, uint8, int8, int16, int32, int64,
    float16, float32, float64, bfloat16) is accepted; anything else is refused naming the device or
    dtype. A read-only capsule gives a tensor that refuses in-place writes."""
    if isinstance(ext_tensor, _CapsuleType):
        capsule, what = ext_tensor, "the capsule"
    else:
        kind = type(ext_tensor)
        what = f"the {kind.__module__}.{kind.__qualname__}"
        if not hasattr(ext_tensor, "__dlpack__"):
            raise TypeError(
                f"from_dlpack(): expected an object with __dlpack__ and __dlpack_device__ or a "
                f"DLPack capsule, got {type(ext_tensor).__name__}")
        if hasattr(ext_tensor, "__dlpack_device__"):
            dev_type, dev_id = ext_tensor.__dlpack_device__()
            if int(dev_type) != _KDLCPU:
                raise _not_cpu((int(dev_type), int(dev_id)), what)
        try:
            capsule = ext_tensor.__dlpack__(max_version=DLPACK_VERSION)
        except TypeError:  # a producer of the legacy protocol: __dlpack__(stream=None) only
            capsule = ext_tensor.__dlpack__()
    bfloat16 = _is_bfloat16(capsule)
    if bfloat16:
        _set_dtype_code(capsule, 1)  # Note [bfloat16 capsules]
    try:
        a = np.from_dlpack(_Given(capsule))
        if bfloat16:
            a = a.view(_dtype.bfloat16.np)
    except (BufferError, RuntimeError, TypeError, ValueError) as error:
        if bfloat16:
            _set_dtype_code(capsule, 4)
        # NumPy refused without consuming it: say why in aten_lite's words (or NumPy's, for
        # what the header does not explain, e.g. a NumPy too old for versioned capsules).
        _explain_refusal(capsule, what)
        raise BufferError(f"from_dlpack(): NumPy could not import {what}: {error}") from error
    dt = _DTYPE_OF_NP.get(a.dtype)
    if dt is None:  # a DLPack dtype NumPy has and aten_lite lacks (uint16, complex64, ...)
        raise _unsupported_dtype(what, a.dtype.name)
    if not a.flags.aligned:
        raise ValueError(
            f"from_dlpack(): {what}'s data (address {a.ctypes.data:#x}) is not aligned to its "
            f"{a.dtype} elements; aten_lite's kernels need aligned data (copy it first)")
    return Tensor._wrap(share_with_numpy(a))  # the producer may still write it
