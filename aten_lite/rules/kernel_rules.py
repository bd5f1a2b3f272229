"""Rules every backend's kernels share (the rules layer, docs/DESIGN.md "Layers"): dtype
promotion of elementwise ops (``ElementwisePlan``), reduction plans, the checks of in-place,
out= and copy destinations, Python numbers as elements of a dtype, and the C++ entry by name.

They read tensors' shapes and dtypes and never dispatch; the CPU, Meta and Sparse kernels all
call them, so none of those backends imports another's private module for them.
"""

from __future__ import annotations

import math
import warnings

import ml_dtypes
import numpy as np

from ..vocab import dtype as _dtype, library_kernels as _library_kernels
from ..vocab.dtype import DTYPES, bool_, can_cast, int64, result_type, uint8
from ..tensors.tensor import Tensor, contiguous_strides, empty_array
from .shapes.core import broadcast_shapes, reduced_shape, reduction_dims

# PyTorch's ScalarType names, used in its cast-error messages that users search for.
TORCH_NAMES = {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short",
               "int32": "Int", "int64": "Long", "float16": "Half", "float32": "Float",
               "float64": "Double", "bfloat16": "BFloat16"}


def c_kernel(name: str):
    """The C++ entry registered under an op's full name (imported on first use, so that
    ``import aten_lite`` works before the extension is built)."""
    try:
        from .. import _C  # downward (layer 0); here because the extension may be unbuilt
    except ImportError as error:
        raise RuntimeError(
            "aten_lite._C, the C++ extension, is not built; run `pip install .` (or "
            "`aten-lite-gen` in a checkout) to build it"
        ) from error
    if "::" in name:  # an op library's entry (Note [Library kernels] in vocab/library_kernels.py)
        return _library_kernels.get_kernel(name)
    return _C.get_kernel(name)


_CACHED: dict = {}  # op name -> its C++ entry, for the kernels that call one directly


# Note [Strided copies]
# NumPy copies a strided array element by element in its own order: a transposed 4096 x 4096
# float32 takes ~110 ms (torch: ~36), its reads a whole row apart. The C++ elementwise loops
# tile such operands (Note [Packing a transposed tile] in aten_lite/csrc/loops.cpp), so copy_,
# clone and contiguous hand a large strided copy of one dtype to the kernel of the YAML op
# `_copy_strided` (`elementwise: self`): the same values, bit for bit, since the functor only
# loads and stores; except float16 and bfloat16, which its functor computes in float32 (a
# signalling NaN would come back quiet), so NumPy keeps them. Small or contiguous copies stay with NumPy,
# whose call costs less.
_STRIDED_COPY_MIN = 1 << 16  # elements
_NO_STRIDED_COPY = frozenset({_dtype.float16, _dtype.bfloat16})


def copy_strided(dst: np.ndarray, src: np.ndarray, dtype, any_size: bool = False) -> bool:
    """Copy ``src`` (of ``dtype``, broadcast to ``dst``'s shape; ``dst`` writable, of the same
    dtype, not partially overlapping it: the caller checked) into ``dst`` with the C++ loops
    when that pays or ``any_size`` (Note [Strided copies]); False, having copied nothing, if not."""
    if dtype in _NO_STRIDED_COPY or not any_size and (
            dst.size < _STRIDED_COPY_MIN or src.flags.c_contiguous and dst.flags.c_contiguous):
        return False
    if src.shape != dst.shape:
        src = np.broadcast_to(src, dst.shape)
    cached_c_kernel("_copy_strided")(dtype.code, dst, src)
    return True


def cached_c_kernel(name: str):
    """``c_kernel(name)`` for aten_lite's own entries, looked up once per process (an op
    library's entries are not cached here: a library can be rebuilt and reloaded)."""
    k = _CACHED.get(name)
    if k is None:
        k = _CACHED[name] = c_kernel(name)
    return k


# Note [Timed entries]
# The kernels hold their C++ entries in two places: a cell per op (``entry_cell``, filled on
# the first call) and ``_CACHED``. While a profile is open, ``time_entries`` (aten_lite/profiler/
# instrument.py) puts a timed wrapper in each (the profiler's kernel lane: the C++ call's own interval), and
# ``restore_entries`` puts the plain entries back; so the calls pay nothing when no profile is
# open, and the kernels' code does not know about profiling at all.
_CELLS: list = []  # (cell, op name) of every entry cell


def entry_cell(name: str) -> list:
    """A one-slot list for op ``name``'s C++ entry, which the kernel fills on its first call
    (``cell[0] or load()``); registered so that ``time_entries`` can reach it."""
    cell = [None]
    _CELLS.append((cell, name))
    return cell


# ---- elementwise promotion and out= dtypes ----

# Note [Exact out= dtypes]: most torch ops write into an out= of any dtype their result casts
# to (check_out_dtype); its one-tensor ops that keep the input's dtype (abs, neg, floor, sign,
# relu, ...) and the ops below take only an out= of exactly the result's dtype. So do these
# ops' out= kernels: elementwise ones through ElementwisePlan.check_out, the others (derived
# from their functional kernel) in _derived and _derived_composite of backends/__init__.py.
EXACT_OUT = frozenset(("mm", "bmm", "addmm", "baddbmm", "tril", "triu", "bitwise_not",
                       "nan_to_num"))


def exact_out_error(name: str, result, out) -> None:
    raise RuntimeError(
        f"al.{name}: out= has dtype {out.name} but the result is {result.name}; {name} "
        "writes only into an out= of its result's dtype, as in torch")


def check_derived_out(h, result, dest) -> None:
    if h.kind == "out" and h.base in EXACT_OUT and dest is not result:
        exact_out_error(h.base, result, dest)
    check_out_dtype(result, dest)


def not_implemented(src, dtype) -> None:
    raise NotImplementedError(
        f"al.{src.base}: not implemented for '{dtype.name}'; supported: {', '.join(src.dtypes)}"
    )


# Note [Bool operands of sub]: torch refuses `-` with a bool operand (a bool tensor or the
# number True/False): `mask - 1` or `a - b` of masks is almost always meant as ~mask or a ^ b,
# and computing it in int64 would hide that. The plan of `sub` refuses them (torch's
# sub_check); every path of its kernels (tensor pair, tensor and number, general) asks it.
_BOOL_OPERAND_ERRORS = {
    "sub": ("al.sub: subtraction with a bool operand is not supported; to invert a mask use "
            "~mask or al.logical_not(mask), to compare two masks use a ^ b or "
            "al.logical_xor(a, b)"),
}


class ElementwisePlan:
    """Maps the promoted dtype of an elementwise op's operands to
    ``(compute dtype, result dtype, dtype code, numpy compute dtype)`` by `type_promotion`,
    refusing dtypes outside `dtypes:`. ``table`` holds the entries that need no thought."""

    def __init__(self, src) -> None:
        self.name = src.base
        self.src = src
        self.promotion = src.type_promotion
        self.int_check = INTEGER_OPERAND_CHECKS[src.int_check]
        self.always_bool = self.promotion == "always_bool"
        # Names of the Scalar arguments, in the order the C++ kernel takes them.
        self.scalar_names = [a.name for a in src.args if not a.tensor_like]
        self._number_cache = {}
        self._pair_cache = {}
        self.bool_error = _BOOL_OPERAND_ERRORS.get(src.base)  # Note [Bool operands of sub]
        # Note [Exact out= dtypes]
        unary = sum(1 for a in src.args if a.tensor_like and not a.is_write) == 1
        self.exact_out = (unary and self.promotion == "default") or src.base in EXACT_OUT
        self.table = {}
        for d in DTYPES:
            # int_to_float maps integers to the default dtype, which can change: not cached.
            if d.name in src.dtypes and (self.promotion != "int_to_float" or d.is_floating_point):
                self.table[d] = self._entry(d)

    def _entry(self, compute):
        return compute, bool_ if self.always_bool else compute, compute.code, compute.np

    def check_scalars(self, compute, scalars) -> None:
        """A float Scalar (alpha=2.5) cannot enter an integer computation without being
        truncated; refuse it, as torch does."""
        for name, value in zip(self.scalar_names, scalars):
            if isinstance(value, float):
                raise RuntimeError(
                    f"al.{self.name}: {name}={value!r} is a float but the op computes in "
                    f"{compute.name}; for integral and bool inputs pass an int"
                )

    def for_dtype(self, promoted):
        entry = self.table.get(promoted)
        if entry is not None:
            return entry
        compute = promoted
        if self.promotion == "int_to_float" and not promoted.is_floating_point:
            compute = _dtype.get_default_dtype()
        if compute.name not in self.src.dtypes:
            not_implemented(self.src, promoted)
        return self._entry(compute)

    def _refuse_bools(self, operands) -> None:
        for x in operands:
            if x.__class__ is bool or (isinstance(x, Tensor) and x._dtype is bool_):
                raise RuntimeError(self.bool_error)

    def check_out(self, result, out) -> None:
        """An out= tensor of dtype ``out`` for a result of dtype ``result``."""
        if self.exact_out and out is not result:
            exact_out_error(self.name, result, out)
        check_out_dtype(result, out)

    def for_operands(self, operands):
        if self.bool_error is not None:
            self._refuse_bools(operands)
        first = operands[0]
        if len(operands) == 1:
            if first.__class__ is Tensor:
                return self.for_dtype(first._dtype)
        elif len(operands) == 2:
            second = operands[1]
            # The common cases: two tensors of one dtype, or a tensor and a Python number.
            if first.__class__ is Tensor:
                if second.__class__ is Tensor and first._dtype is second._dtype:
                    return self.for_dtype(first._dtype)
                if second.__class__ in _NUMBERS:
                    return self.for_tensor_and_number(first._dtype, second)
            elif second.__class__ is Tensor and first.__class__ in _NUMBERS:
                return self.for_tensor_and_number(second._dtype, first)
        return self.for_dtype(result_type(*operands))

    def for_tensor_pair(self, a, b):
        """The entry for two tensors, cached per (dtypes, which are 0-dim, default dtype):
        all that result_type reads from them."""
        key = (a._dtype, b._dtype, not a._shape, not b._shape, _dtype._default.dtype)
        entry = self._pair_cache.get(key)
        if entry is None:
            if self.bool_error is not None:
                self._refuse_bools((a, b))
            entry = self._pair_cache[key] = self.for_dtype(result_type(a, b))
        return entry

    def for_tensor_and_number(self, dtype, number):
        # Cached per (tensor dtype, number type, default dtype): result_type is the same.
        key = (dtype, number.__class__, _dtype._default.dtype)
        entry = self._number_cache.get(key)
        if entry is None:
            if self.bool_error is not None and (dtype is bool_ or number.__class__ is bool):
                raise RuntimeError(self.bool_error)
            entry = self._number_cache[key] = self.for_dtype(result_type(_Probe(dtype), number))
        return entry


_NUMBERS = frozenset((int, float, bool))


class _Probe:
    """A stand-in tensor for result_type: a dimensioned tensor of one dtype."""

    __slots__ = ("_dtype", "_shape")

    def __init__(self, dtype) -> None:
        self._dtype = dtype
        self._shape = (1,)


def wrapped(x, np_dtype) -> np.ndarray:
    """A Python number as a 0-dim array of the compute dtype (torch's "wrapped number").
    Integers out of the dtype's range wrap around as in a C cast, as torch does."""
    try:
        return np.asarray(x, dtype=np_dtype)
    except OverflowError:
        if type(x) is int and not -(1 << 63) <= x < (1 << 64):
            # NumPy cannot even hold it; torch refuses it the same way.
            raise RuntimeError(f"Overflow when unpacking long: the Python int {x} does not "
                               "fit in 64 bits") from None
        return np.asarray(x).astype(np_dtype)


def _nonzero(name: str, divisor: np.ndarray) -> None:
    """An integer division by zero has no result (and C++ must not trap on it)."""
    if not divisor.all():
        raise ZeroDivisionError(f"al.{name}: integer division by zero")


def check_number_fits(name: str, number, dtype) -> None:
    """A Python int that becomes an element of an integer dtype must fit it, where torch
    checks (pow's exponent, where's values): int8 ** 300 is an error, not ** 44. Negative
    numbers wrap into unsigned dtypes down to -max, as torch allows."""
    if number.__class__ is not int or dtype.is_floating_point or dtype is bool_:
        return
    info = np.iinfo(dtype.np)
    low = -info.max if info.min == 0 else info.min
    if not low <= number <= info.max:
        raise RuntimeError(
            f"al.{name}: value {number} cannot be converted to type {dtype.name} without "
            "overflow")


def _nonnegative(name: str, exponent: np.ndarray) -> None:
    """An integer to a negative integer power is not an integer; torch refuses it too."""
    if exponent.dtype.kind == "i" and (exponent < 0).any():
        bad = int(exponent.min())
        raise RuntimeError(f"al.{name}: integers to negative integer powers are not allowed "
                           f"(exponent {bad}); use a floating point base or exponent")


# Note [Integer operand checks] in tools/codegen/vocab.py: the registry names the check,
# the kernels call it on the last tensor operand when the compute dtype is integral.
INTEGER_OPERAND_CHECKS = {None: None, "nonzero": _nonzero, "nonnegative": _nonnegative}


def check_out_dtype(result, dest) -> None:
    """In-place and out= may write a result only into a dtype it can be cast to."""
    if not can_cast(result, dest):
        raise RuntimeError(
            f"result type {TORCH_NAMES[result.name]} can't be cast to the desired output type "
            f"{TORCH_NAMES[dest.name]}"
        )


def check_inplace_shape(self, operands) -> None:
    """An in-place result must have self's shape: the operands broadcast to it."""
    shapes = [x._shape for x in operands if isinstance(x, Tensor) and x._shape != self._shape]
    shape = broadcast_shapes(self._shape, *shapes) if shapes else self._shape
    if shape != self._shape:
        raise RuntimeError(
            f"output with shape {list(self._shape)} doesn't match the broadcast shape "
            f"{list(shape)}"
        )


def check_same_shape(self, result) -> None:
    if result._shape != self._shape:
        raise RuntimeError(
            f"output with shape {list(self._shape)} doesn't match the broadcast shape "
            f"{list(result._shape)}"
        )


def resize_out(out: Tensor, shape) -> None:
    """Give an out= tensor the result's shape, as torch does: silently when it is empty, with
    a warning when it had elements (its old data is dropped either way)."""
    shape = tuple(shape)
    if out.numel() != 0:
        warnings.warn(
            f"An output with one or more elements was resized since it had shape "
            f"{list(out._shape)}, which does not match the required output shape "
            f"{list(shape)}. Pass an empty tensor (numel 0) as out= to avoid this warning.",
            UserWarning, stacklevel=4,
        )
    if out._a is None:
        out._shape = shape
        out._st = contiguous_strides(shape)
    else:
        out._a = empty_array(shape, out._dtype)
        out._shape = out._a.shape
        out._st = None


# ---- destinations and numbers ----


def check_writable(t: Tensor) -> None:
    """Refuse to write into memory several elements share (an expanded tensor) or that NumPy
    marked read-only; C kernels would otherwise write regardless."""
    a = t._a
    if a.flags.writeable:
        return
    if _overlaps(t):
        raise RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation."
        )
    raise RuntimeError(
        "cannot write into this tensor: it shares a read-only NumPy array; clone() it first"
    )


# Note [Partial overlap]
# An in-place op, an out= or a copy_ whose destination shares some memory with an input, but
# not all of it in the same layout, would read elements it has already written. torch refuses
# it when it can tell cheaply: both operands are dense without internal overlap (so each spans
# one interval of memory) and the intervals meet without being the same interval with the same
# strides ("partial" overlap). aten_lite refuses exactly those cases with torch's message; the
# same elements in the same layout (``x.add_(x)``) are fine, and overlaps torch cannot tell
# cheaply (strided operands) are computed from a copy of the input, so the answer is right.

PARTIAL_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer "
    "to a single memory location. Please clone() the tensor before performing the operation."
)


def _dense_span(a: np.ndarray):
    """(first byte, end byte) of an array whose elements fill one interval of memory, each once;
    None when they do not (a strided view, an expanded one, negative strides)."""
    expected = a.itemsize
    for s, n in sorted((s, n) for s, n in zip(a.strides, a.shape) if n > 1):
        if s != expected:
            return None
        expected *= n
    start = a.ctypes.data
    return start, start + a.size * a.itemsize


def overlap(a: np.ndarray, dest: np.ndarray) -> str:
    """How input ``a`` meets ``dest``: 'no', 'full' (same elements, same layout), 'partial'
    (torch refuses it) or 'unknown' (strided operands that may share memory) (Note [Partial
    overlap])."""
    if a is dest:
        return "full"
    if not a.size or not dest.size or not np.may_share_memory(a, dest):
        return "no"
    sa, sd = _dense_span(a), _dense_span(dest)
    if sa is None or sd is None:
        return "unknown"
    if sa == sd and a.shape == dest.shape and all(
            x == y for x, y, n in zip(a.strides, dest.strides, a.shape) if n > 1):
        return "full"
    return "partial" if sa[0] < sd[1] and sd[0] < sa[1] else "no"


def _overlaps(t: Tensor) -> bool:
    # Only expand makes a read-only view of writable memory, so such a view (or a view of it
    # that dropped the expanded dim: x.expand(2, 3)[0]) has elements sharing memory.
    root = t._base if t._base is not None else t
    if root._a.flags.writeable:
        return True
    return any(s == 0 and n > 1 for a in (t._a, root._a) for s, n in zip(a.strides, a.shape))


# The largest finite value of each floating dtype (np.finfo is slow to ask on every call).
_FLOAT_MAX = {np.dtype(t): float(ml_dtypes.finfo(t).max)
              for t in (np.float16, np.float32, np.float64, ml_dtypes.bfloat16)}


def scalar_for(value, dtype, op: str = "fill_"):
    """`value` as a Python number of `dtype`'s kind, refusing values the dtype cannot hold
    (torch's "cannot be converted ... without overflow"). Floats truncate into integers."""
    if isinstance(value, Tensor):
        value = value.item()
    if not isinstance(value, (bool, int, float, np.number, np.bool_)):
        raise TypeError(f"{op}: expected a number, got {type(value).__name__} {value!r}")
    if dtype is bool_:
        return bool(value)
    if dtype.is_floating_point:
        v = float(value)
        if math.isfinite(v) and abs(v) > _FLOAT_MAX[dtype.np]:
            _overflow(op, value, dtype)
        return v
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            _overflow(op, value, dtype)
        v = int(value)
    else:
        v = int(value)
    info = np.iinfo(dtype.np)
    if not info.min <= v <= info.max:
        _overflow(op, value, dtype)
    return v


def _overflow(op: str, value, dtype):
    raise RuntimeError(
        f"{op}: value {value!r} cannot be converted to type {dtype.name} without overflow"
    )


def check_copy_shape(self: Tensor, src: Tensor) -> None:
    try:
        ok = broadcast_shapes(self._shape, src._shape) == self._shape
    except RuntimeError:
        ok = False
    if not ok:
        raise RuntimeError(
            f"copy_: source of shape {list(src._shape)} cannot be broadcast to the "
            f"destination's shape {list(self._shape)}"
        )


# ---- reductions ----

# Note [Reduction plans]
# A reduction's Python work (normalising dims, checking them and the dtype, the permutation
# that puts reduced dims last, the kept and final shapes, the result dtype) depends only on
# (shape, dtype, dim, keepdim, dtype=), not on data. ``make_reduction`` computes it once per
# such key, raising every error then, and keeps it: a later call with the same key goes
# straight to the C++ call. (A failed plan is not kept, so errors repeat.)

# What each C++ reducer writes (aten_lite/csrc/kernel_api.h, OutKind).
WIDE_REDUCERS = frozenset(("sum", "prod"))  # int64 for bool and integer inputs
BOOL_REDUCERS = frozenset(("all", "any"))
NO_IDENTITY_REDUCERS = frozenset(("amax", "amin"))  # an empty reduction is an error


def reduction_plan(h, src, args, positions):
    """(input after dtype=, dims, kept shape, keepdim shape, compute, result dtype) shared by
    the CPU and Meta reduction kernels."""
    si, di, ki, ti = positions
    self = args[si]
    dim = args[di] if di is not None else None
    keepdim = args[ki] if ki is not None else False
    dtype = args[ti] if ti is not None else None
    compute = dtype if dtype is not None else self._dtype
    if compute.name not in src.dtypes:
        not_implemented(src, compute)
    shape = self._shape
    dims = reduction_dims(shape, dim)
    reducer = src.reduction
    if reducer in BOOL_REDUCERS and dim is not None and not isinstance(dim, int) and not dim:
        dims = ()  # all/any over an empty list of dims reduce nothing, as in torch and NumPy
    if reducer in NO_IDENTITY_REDUCERS:
        for d in dims:
            if shape[d] == 0:
                raise IndexError(
                    f"al.{h.base}(): expected reduction dim {d} to have non-zero size "
                    f"(shape {tuple(shape)})"
                )
    if reducer in BOOL_REDUCERS:
        out_dt = bool_
    elif reducer in WIDE_REDUCERS and not compute.is_floating_point:
        out_dt = int64
    else:
        out_dt = compute
    kept = reduced_shape(shape, dims, False)
    final = reduced_shape(shape, dims, True) if keepdim else kept
    result_dt = dtype if dtype is not None else out_dt
    if reducer in BOOL_REDUCERS and compute is uint8:
        result_dt = uint8  # torch's all/any keep uint8 (its legacy byte masks)
    return self, dims, kept, final, compute, out_dt, result_dt


def reduction_positions(h):
    names = [a.name for a in h.args]

    def pos(n):
        return names.index(n) if n in names else None

    return pos("self"), pos("dim"), pos("keepdim"), pos("dtype")
