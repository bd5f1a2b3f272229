"""The closed vocabularies the YAML files may use.

The runtime defines the same names (``aten_lite/vocab/dtype.py``, ``aten_lite/vocab/device.py``); a test
asserts the two agree, so a name added here without the runtime (or the other way) fails CI.
"""

from __future__ import annotations

# Order matters: the index of a dtype is its code in the generated C++ dtype switch.
DTYPES: tuple[str, ...] = (
    "bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
    "bfloat16",
)

_INTEGRAL = ("uint8", "int8", "int16", "int32", "int64")
_FLOATING = ("float16", "float32", "float64", "bfloat16")

# Named groups for `dtypes:`; a list of dtype names is accepted too.
DTYPE_GROUPS: dict[str, tuple[str, ...]] = {
    "all": _INTEGRAL + _FLOATING,
    "all_and_bool": ("bool",) + _INTEGRAL + _FLOATING,
    "floating": _FLOATING,
    "integral": _INTEGRAL,
    "integral_and_bool": ("bool",) + _INTEGRAL,
    "signed": ("int8", "int16", "int32", "int64") + _FLOATING,
}

# Backend keys a `dispatch:` map may name. The runtime adds `Autograd` above these; it is never
# written in YAML because every op gets it from derivatives.yaml.
DISPATCH_KEYS: tuple[str, ...] = ("CPU", "Meta", "SparseCPU", "CompositeImplicitAutograd")

# The package of aten_lite/backends/ whose registered kernel a `dispatch:` kernel name refers
# to (the runtime's backends.MODULES, Note [One backend, one package]).
BACKEND_MODULES: dict[str, str] = {"CPU": "cpu", "Meta": "meta", "SparseCPU": "sparse",
                                   "CompositeImplicitAutograd": "composite"}

# `type_promotion:` values, named after PyTorch's ELEMENTWISE_TYPE_PROMOTION_KIND.
TYPE_PROMOTION_KINDS: tuple[str, ...] = ("default", "int_to_float", "always_bool")

# `variants:` values.
VARIANTS: tuple[str, ...] = ("function", "method")

# C++ reducers that a `reduction:` entry may name (templates in aten_lite/csrc/reduce.h).
REDUCERS: tuple[str, ...] = ("sum", "prod", "mean", "amax", "amin", "all", "any")

# Functions an `elementwise:` expression may call. Each is defined for every dtype an op may
# list, in aten_lite/csrc/scalar_math.h (namespace al::math), which the generated kernels include.
# The loader rejects any other call with a "did you mean" hint.
ELEMENTWISE_FUNCTIONS: tuple[str, ...] = (
    "abs", "acos", "asin", "atan", "ceil", "cos", "cosh", "erf", "exp", "expm1", "floor",
    "floor_divide", "fmod", "log", "log10", "log1p", "log2", "maximum", "minimum", "pow",
    "reciprocal", "remainder", "round_half_even", "rsqrt", "sigmoid", "sign", "sin", "sinh",
    "sqrt", "tan", "tanh", "trunc", "trunc_divide",
)

# Argument types an `elementwise:` expression may read: the generated functor gets Tensor
# arguments as one element each and the others as C++ scalars.
ELEMENTWISE_ARG_TYPES: tuple[str, ...] = ("Tensor", "Scalar", "int", "float", "bool")

# Python builtins a derivatives.yaml formula may call or name besides grad/result/arguments,
# aten_lite ops and the helpers of aten_lite/autograd/formulas.py.
FORMULA_BUILTINS: tuple[str, ...] = (
    "len", "int", "float", "range", "tuple", "list", "min", "max", "abs", "isinstance",
    "None", "True", "False",
)

# `result:` values that ask the generator to derive the forward rule (Note [Forward rules] in
# api_forward.py), as PyTorch's derivatives.yaml spells them.
FORWARD_AUTO: tuple[str, ...] = ("auto_element_wise", "auto_linear")

# Most tensor plus scalar arguments one generated C++ kernel may take: the core keeps them in
# fixed arrays on the stack (kMaxKernelArgs in aten_lite/csrc/kernel_api.h; a test asserts the
# two agree). An op over more is refused at its YAML line rather than failing at import.
MAX_KERNEL_ARGS = 16

# `domain:` values: where an op's inputs may be sampled so that it is smooth there. The default
# gradcheck row of tests/op_table.py draws its inputs from it (there, `data(..., kind)`).
DOMAINS: tuple[str, ...] = ("any", "positive", "nonzero", "unit")

# Note [Integer operand checks]
# Some scalar functions have no integer result for some integer operands: a zero divisor, or a
# negative exponent. C++ returns a placeholder for those (it must not trap), so before calling
# the kernel of an `elementwise:` op with `int_operand: CHECK`, the runtime checks the op's last
# tensor operand whenever the compute dtype is integral, and raises as torch does
# (INTEGER_OPERAND_CHECKS in aten_lite/rules/kernel_rules.py). The YAML says so explicitly; an
# expression calling one of these functions without the key (or with another) is refused at
# its line.
INT_OPERAND_CHECKS: tuple[str, ...] = ("nonzero", "nonnegative")
INT_OPERAND_NEEDED: dict[str, str] = {
    "floor_divide": "nonzero", "remainder": "nonzero", "trunc_divide": "nonzero",
    "fmod": "nonzero", "pow": "nonnegative",
}
