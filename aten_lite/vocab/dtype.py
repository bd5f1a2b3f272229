"""Data types: the ten dtype objects, their groups, parsing, and PyTorch's type promotion.

The names and their order mirror ``tools/codegen/vocab.py`` (a test asserts they agree); the
index of a dtype in ``DTYPES`` is its ``code``, the number the generated C++ switches on.

>>> import aten_lite as al
>>> al.float32.itemsize, al.int64.is_floating_point
(4, False)
>>> result_type(al.ones(3, dtype=al.int64), 2.5)
aten_lite.float32

bfloat16 (code 9, after float64, so the older codes keep their numbers) is stored as
``ml_dtypes.bfloat16``: NumPy has no 16-bit brain float, and that package's dtype converts
with round-to-nearest-even and keeps NaN a NaN, as torch does (docs/BFLOAT16.md). Kernels
compute it in float32 and round each result back, as they do float16.

The names ``bool``, ``int``, ``float``, ``double``, ``half``, ``long`` and ``short`` are dtypes
in the public namespace (``al.bool``, ``al.float`` is ``al.float32``, as in torch). They are
served by the module ``__getattr__`` below rather than bound as globals, so that inside this
module ``bool``, ``int`` and ``float`` keep meaning the Python builtins.
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

__all__ = [
    "DType", "DTYPES", "DTYPE_GROUPS", "uint8", "int8", "int16", "int32", "int64",
    "float16", "float32", "float64", "bfloat16", "parse", "from_numpy", "result_type", "promote_types",
    "can_cast", "get_default_dtype", "set_default_dtype", "finfo", "iinfo",
]

# Type categories of PyTorch's promotion: a scalar or 0-dim operand only changes the result when
# its category is higher than that of the dimensioned operands.
_BOOL, _INTEGRAL, _FLOATING = 0, 1, 2


class DType:
    """One element type. Instances are unique: compare with ``is`` or ``==``."""

    __slots__ = ("name", "code", "itemsize", "is_floating_point", "is_signed", "np", "category")

    def __init__(self, name: str, code: int) -> None:
        self.name = name  # 'float32': the vocabulary name shared with the generator
        self.code = code  # index in DTYPES: the C++ kernels' dtype switch value
        # the NumPy dtype CPU storage uses (bfloat16's is ml_dtypes', whose kind is 'V')
        self.np = np.dtype(ml_dtypes.bfloat16 if name == "bfloat16" else name)
        self.itemsize = self.np.itemsize
        self.is_floating_point = self.np.kind == "f" or name == "bfloat16"
        self.is_signed = self.is_floating_point or self.np.kind == "i"
        self.category = _BOOL if name == "bool" else _FLOATING if self.is_floating_point else _INTEGRAL

    @property
    def is_complex(self) -> bool:
        return False  # kept for torch-like code that asks; no complex dtypes exist here

    def __repr__(self) -> str:
        return f"aten_lite.{self.name}"

    def __reduce__(self):
        # Pickle by name so that unpickling returns the one shared instance.
        return (parse, (self.name,))


DTYPES: tuple[DType, ...] = tuple(
    DType(name, code)
    for code, name in enumerate(
        ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
         "bfloat16")
    )
)
bool_, uint8, int8, int16, int32, int64, float16, float32, float64, bfloat16 = DTYPES

_BY_NAME: dict[str, DType] = {d.name: d for d in DTYPES}
# torch's aliases, also accepted by parse() ('float' is float32, 'double' float64, ...).
_ALIASES: dict[str, DType] = {
    "float": float32, "double": float64, "half": float16,
    "long": int64, "int": int32, "short": int16,
}
_PUBLIC_SPECIAL = {"bool": bool_, **_ALIASES}


def __getattr__(name: str) -> DType:
    # Serves `from aten_lite.vocab.dtype import bool, float, ...` (see the module docstring).
    try:
        return _PUBLIC_SPECIAL[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


_INTEGRAL_NAMES = ("uint8", "int8", "int16", "int32", "int64")
_FLOATING_NAMES = ("float16", "float32", "float64", "bfloat16")
# Same names and contents as vocab.DTYPE_GROUPS (a test checks), as DType objects.
DTYPE_GROUPS: dict[str, tuple[DType, ...]] = {
    group: tuple(_BY_NAME[n] for n in names)
    for group, names in {
        "all": _INTEGRAL_NAMES + _FLOATING_NAMES,
        "all_and_bool": ("bool",) + _INTEGRAL_NAMES + _FLOATING_NAMES,
        "floating": _FLOATING_NAMES,
        "integral": _INTEGRAL_NAMES,
        "integral_and_bool": ("bool",) + _INTEGRAL_NAMES,
        "signed": ("int8", "int16", "int32", "int64") + _FLOATING_NAMES,
    }.items()
}

_SUPPORTED = ", ".join(d.name for d in DTYPES)

# NumPy dtype -> DType. Equal NumPy dtypes hash equally ('l' and 'q' are both int64 here), so
# one entry per name covers every spelling of a native-order dtype.
_FROM_NP: dict[np.dtype, DType] = {d.np: d for d in DTYPES}


def from_numpy(np_dtype) -> DType:
    """The DType of a NumPy dtype; TypeError naming the supported ones when there is none."""
    dt = np.dtype(np_dtype)
    found = _FROM_NP.get(dt)
    if found is not None:
        return found
    if dt.byteorder not in "=|" and dt.newbyteorder("=") in _FROM_NP:
        raise TypeError(
            f"numpy dtype {dt.str!r} has non-native byte order; convert it first with "
            f"a.astype(a.dtype.newbyteorder('='))"
        )
    raise TypeError(f"unsupported numpy dtype {dt.name}; supported: {_SUPPORTED}")


class _DefaultDType:
    """Holds the default floating dtype (torch.get_default_dtype): one process-wide setting."""

    __slots__ = ("dtype",)

    def __init__(self) -> None:
        self.dtype = float32


_default = _DefaultDType()


def get_default_dtype() -> DType:
    """The dtype of Python floats and float data with no dtype given (float32 unless set)."""
    return _default.dtype


def set_default_dtype(d) -> None:
    """Set the default floating dtype: one of the floating dtypes (float16, bfloat16, float32,
    float64), as torch allows."""
    d = parse(d)
    if not d.is_floating_point:
        raise TypeError(
            f"only floating-point types are supported as the default type, got {d.name}; "
            f"choose one of float16, bfloat16, float32, float64"
        )
    _default.dtype = d


def parse(x) -> DType:
    """Accept a DType, a name ('float32', or torch's aliases 'float', 'long', ...), a NumPy
    dtype or scalar type, or the Python types bool/int/float (-> bool, int64, float64, as
    torch does)."""
    if isinstance(x, DType):
        return x
    if isinstance(x, str):
        found = _BY_NAME.get(x) or _ALIASES.get(x)
        if found is None:
            raise ValueError(f"unknown dtype {x!r}; valid: {_SUPPORTED}")
        return found
    if x is bool:
        return bool_
    if x is int:
        return int64
    if x is float:
        return float64
    if isinstance(x, np.dtype) or (isinstance(x, type) and issubclass(x, np.generic)):
        return from_numpy(x)
    raise TypeError(f"expected a dtype (e.g. aten_lite.float32 or 'float32'), got {x!r}")


def _promote_pair(a: DType, b: DType) -> DType:
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if a.category == _FLOATING:
        if a.itemsize == b.itemsize:  # float16 with bfloat16: neither holds the other
            return float32
        return a if a.itemsize > b.itemsize else b
    if a.is_signed == b.is_signed:
        return a if a.itemsize >= b.itemsize else b
    # One signed and one unsigned integer: only uint8 is unsigned, so a signed type wider than
    # one byte holds both; int8 with uint8 needs int16.
    signed = a if a.is_signed else b
    return int16 if signed is int8 else signed


def promote_types(a, b) -> DType:
    """The smallest dtype both a and b convert to safely, by torch's table
    (e.g. uint8 with int8 -> int16, int64 with float16 -> float16, float16 with bfloat16
    -> float32)."""
    return _promote_pair(parse(a), parse(b))


def _combine(higher: DType | None, lower: DType | None) -> DType | None:
    # PyTorch's combine_categories: `lower` (0-dim tensors, or Python scalars) only matters
    # when its category is above `higher`'s (dimensioned tensors), or when `higher` is bool.
    if higher is None:
        return lower
    if lower is None or higher.category == _FLOATING:
        return higher
    if higher is bool_ or lower.category == _FLOATING:
        return _promote_pair(higher, lower)
    return higher


def _scalar_dtype(x) -> DType:
    # Python numbers ("wrapped numbers" in torch): floats take the default dtype.
    if isinstance(x, bool):
        return bool_
    if isinstance(x, int):
        return int64
    if isinstance(x, float):
        return _default.dtype
    raise TypeError(
        f"result_type: expected Tensors or Python bool/int/float, got {type(x).__name__} {x!r}"
    )


def result_type(*operands) -> DType:
    """The dtype an elementwise op computes in, by PyTorch's rules: tensors with dimensions
    decide first, then 0-dim tensors, then Python scalars, the latter two only when of a higher
    category (bool < integer < floating). int64 tensor + 2.5 -> float32 (the default dtype);
    int8 tensor + 1000 -> int8; int32 tensor + 0-dim float64 tensor -> float64."""
    dim = zero = scalar = None
    for x in operands:
        d = getattr(x, "_dtype", None)
        if d is None:
            s = _scalar_dtype(x)
            scalar = s if scalar is None else _promote_pair(scalar, s)
        elif x._shape:
            dim = d if dim is None else _promote_pair(dim, d)
        else:
            zero = d if zero is None else _promote_pair(zero, d)
    result = _combine(_combine(dim, zero), scalar)
    if result is None:
        raise TypeError("result_type: expected at least one Tensor or number")
    return result


def can_cast(from_, to) -> bool:
    """Whether in-place and out= ops may write a `from_` result into a `to` tensor (torch's
    rule: not floating -> integer or bool, not integer -> bool; widening or narrowing within a
    category is allowed)."""
    src, dst = parse(from_), parse(to)
    if src.category == _FLOATING and dst.category != _FLOATING:
        return False
    return not (dst is bool_ and src is not bool_)


class finfo:  # noqa: N801 (torch's name)
    """Machine limits of a floating dtype, as torch.finfo: ``bits``, ``eps`` (the gap above
    1), ``max``, ``min`` (= -max), ``tiny`` and ``smallest_normal`` (the smallest positive
    normal number), ``resolution`` (10 ** -decimal digits) and ``dtype`` (its name).
    ``finfo()`` describes the default dtype.

    >>> finfo(bfloat16).eps, finfo(bfloat16).resolution
    (0.0078125, 0.01)
    """

    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, type=None) -> None:  # noqa: A002 (torch's argument name)
        d = _default.dtype if type is None else parse(type)
        if not d.is_floating_point:
            raise TypeError(f"finfo: expected a floating dtype, got {d.name}; use iinfo for "
                            f"integers (floating: {', '.join(_FLOATING_NAMES)})")
        info = ml_dtypes.finfo(d.np)
        self.bits = d.itemsize * 8
        self.eps = float(info.eps)
        self.max = float(info.max)
        self.min = float(info.min)
        self.tiny = self.smallest_normal = float(info.smallest_normal)
        self.resolution = 10.0 ** -int(-math.log10(self.eps))  # decimal digits held
        self.dtype = d.name

    def __repr__(self) -> str:
        return (f"finfo(resolution={self.resolution}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.tiny:g}, tiny={self.tiny:g}, "
                f"dtype={self.dtype})")


class iinfo:  # noqa: N801 (torch's name)
    """Limits of an integer dtype (or bool), as torch.iinfo: ``bits``, ``max``, ``min`` and
    ``dtype`` (its name)."""

    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, type) -> None:  # noqa: A002 (torch's argument name)
        d = parse(type)
        if d.is_floating_point:
            raise TypeError(f"iinfo: expected an integer dtype, got {d.name}; use finfo for "
                            "floating dtypes")
        self.bits = d.itemsize * 8
        if d is bool_:
            self.min, self.max = 0, 1
        else:
            info = np.iinfo(d.np)
            self.min, self.max = int(info.min), int(info.max)
        self.dtype = d.name

    def __repr__(self) -> str:
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"
