"""Backends: where each op's kernels come from, and the rules their generic kernels share.

Each backend key has one module here (Note [One backend, one module]):

    CPU -> cpu.py    Meta -> meta.py    SparseCPU -> sparse.py    CompositeImplicitAutograd -> composite.py

A YAML ``dispatch: {CPU: mm}`` names a function of that module. Ops without a kernel named
for a key get a generic one when the module offers a factory for their kind:
``make_elementwise(h, src)`` for `elementwise:` ops, ``make_reduction(h, src)`` for
`reduction:` ops, and (Meta) ``make_from_rule(h, src)`` for ops with a `shape:` rule. An
in-place or out= sibling with no kernel of its own runs its functional sibling's kernel and
copies the result. ``src`` is always the functional sibling, which holds the YAML kernel data.
"""

from __future__ import annotations

import collections
import importlib
import warnings

import numpy as np

from .. import _dtype
from .._dtype import DTYPES, bool_, can_cast, result_type
from .._tensor import Tensor, contiguous_strides, empty_array
from ..shape_rules.core import broadcast_shapes
from ._cpu_data import check_writable

# Note [One backend, one module]: adding a backend adds its module and one line here.
MODULES = {"CPU": "cpu", "Meta": "meta", "SparseCPU": "sparse",
           "CompositeImplicitAutograd": "composite"}
BACKEND_KEYS = ("CPU", "Meta", "SparseCPU")
COMPOSITE = "CompositeImplicitAutograd"

# PyTorch's ScalarType names, used in its cast-error messages that users search for.
TORCH_NAMES = {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short",
               "int32": "Int", "int64": "Long", "float16": "Half", "float32": "Float",
               "float64": "Double"}


def backend_module(key: str):
    """The module of a backend key, or None when that backend has no module yet."""
    name = f"{__name__}.{MODULES[key]}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


# ---- table building ----


def build_table(h, handles) -> None:
    """Fill ``h.stacks`` (the YAML kernels) and ``h.table``."""
    src = handles[h.functional] if h.functional else h
    stacks = {}
    for key, fname in h.dispatch.items():
        module = backend_module(key)
        fn = getattr(module, fname, None) if module is not None else None
        if fn is None:
            raise ImportError(
                f"{h.loc}: {h.name}: dispatch {key}: no function {fname!r} in "
                f"aten_lite/backends/{MODULES[key]}.py; define it there or fix the YAML"
            )
        if key != COMPOSITE:
            fn = _dtype_guard(src, fn)
        stacks[key] = [(fn, f"{MODULES[key]}.{fname}")]
    if not h.composite:
        if src is not h and src.composite and h.kind in ("inplace", "out"):
            stacks[COMPOSITE] = [(_derived_composite(h, src), f"{h.kind} via {src.name}")]
        else:
            for key in BACKEND_KEYS:
                if key not in stacks:
                    found = _generic_kernel(h, src, key)
                    if found is not None:
                        stacks[key] = [found]
    h.stacks = stacks
    names = [r[0] for r in h.returns]
    if len(names) > 1 and all(names):
        h.result_tuple = collections.namedtuple(h.base, names)
    h.composite = COMPOSITE in stacks
    h.rebuild_table()


def _generic_kernel(h, src, key):
    module = backend_module(key)
    if module is None:
        return None
    where = MODULES[key]
    if src.elementwise and hasattr(module, "make_elementwise"):
        fn = module.make_elementwise(h, src)  # None: this backend has no kernel for the op
        return None if fn is None else (fn, f"{where}: elementwise, C++ {src.name}")
    if src.reduction and hasattr(module, "make_reduction"):
        return module.make_reduction(h, src), f"{where}: reduction {src.reduction}, C++ {src.name}"
    if src is not h and h.kind in ("inplace", "out") and src.stacks.get(key):
        return _derived(h, src, key), f"{where}: {h.kind} via {src.name}"
    if src.shape and hasattr(module, "make_from_rule"):
        return _dtype_guard(src, module.make_from_rule(h, src)), f"{where}: shape rule {src.shape}"
    return None


def _dtype_guard(src, fn):
    """Check the dtype the op computes in against its `dtypes:` before a named kernel: the
    `dtype=` argument when given (self is converted to it), else the `self` argument's."""
    allowed = frozenset(d for d in DTYPES if d.name in src.dtypes)
    names = [a.name for a in src.args]
    if not allowed or len(allowed) == len(DTYPES) or "self" not in names:
        return fn
    i = names.index("self")
    if "dtype" not in names:
        def guarded(*args):
            x = args[i]
            if isinstance(x, Tensor) and x._dtype not in allowed:
                not_implemented(src, x._dtype)
            return fn(*args)
    else:
        j = names.index("dtype")

        def guarded(*args):
            dtype = args[j] if j < len(args) else None
            if dtype is None:
                x = args[i]
                dtype = x._dtype if isinstance(x, Tensor) else None
            if dtype is not None and dtype not in allowed:
                not_implemented(src, dtype)
            return fn(*args)

    guarded.__wrapped__ = fn
    return guarded


def _split_out(h, args):
    n_out = sum(1 for a in h.args if a.is_write and a.kwarg_only)
    return args[: len(args) - n_out], args[len(args) - n_out:]


def _derived(h, src, key):
    """A backend kernel for an in-place/out= sibling: run the functional kernel, copy."""
    table = src.table

    def derived(*args):
        if h.kind == "inplace":
            result = table[key](*args)
            dests = (args[0],)
            check_same_shape(args[0], result)
        else:
            inputs, dests = _split_out(h, args)
            if key == "SparseCPU" and not any(getattr(x, "is_sparse", False) for x in inputs):
                # A sparse out= alone selected the sparse kernel, which needs a sparse input.
                raise RuntimeError(
                    f"al.{h.base}: out= is a sparse tensor but the inputs are strided; pass a "
                    "strided out= (or convert an input with .to_sparse())")
            result = table[key](*inputs)
        results = result if isinstance(result, tuple) else (result,)
        for dest, res in zip(dests, results):
            check_derived_out(h, res._dtype, dest._dtype)
            if dest._shape != res._shape:
                resize_out(dest, res._shape)
            if dest._a is not None:
                if not dest._a.flags.writeable:
                    check_writable(dest)
                np.copyto(dest._a, res._a, casting="unsafe")
        return dests[0] if len(dests) == 1 else dests

    return derived


def _derived_composite(h, src):
    """Like ``_derived`` for a composite functional: the copy goes through ``copy_`` so that
    autograd sees it, as the rest of the decomposition."""

    def derived(*args):
        if h.kind == "inplace":
            result = src.call(args)
            dests = (args[0],)
            check_same_shape(args[0], result)
        else:
            inputs, dests = _split_out(h, args)
            result = src.call(inputs)
        results = result if isinstance(result, tuple) else (result,)
        for dest, res in zip(dests, results):
            check_derived_out(h, res._dtype, dest._dtype)
            if dest._shape != res._shape:
                resize_out(dest, res._shape)
            dest.copy_(res)
        return dests[0] if len(dests) == 1 else dests

    return derived


# ---- rules shared by every backend's generic kernels ----

# Note [Exact out= dtypes]: most torch ops write into an out= of any dtype their result casts
# to (check_out_dtype); its one-tensor ops that keep the input's dtype (abs, neg, floor, sign,
# relu, ...) and the ops below take only an out= of exactly the result's dtype. So do these
# ops' out= kernels: elementwise ones through ElementwisePlan.check_out, the others (derived
# from their functional kernel) in _derived and _derived_composite.
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


# Note [Integer operand checks] in tools/codegen/api_registry.py: the registry names the check,
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
