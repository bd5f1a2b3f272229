"""What the C++ emitter needs from one op: pure functions from a loaded entry to a CppKernel.

Every decision about the generated C++ is made here (which arguments become functor inputs or
captured scalars, the dtype switch, the out dtype rule, names); ``emit_cpp`` and the templates
only assemble text.

    >>> from tools.codegen.model import FunctionSchema
    >>> from tools.codegen.spec import Elementwise, Location
    >>> class Entry:  # the fields of load.NativeFunction that matter here
    ...     func = FunctionSchema.parse("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
    ...     loc = Location("native_functions.yaml", 10)
    ...     elementwise = Elementwise("self + alpha * other", Location("native_functions.yaml", 12))
    ...     reduction = None
    ...     dtypes = ("int64", "float32")
    ...     type_promotion = "default"
    >>> k = cpp_kernel(Entry())
    >>> k.ident, k.tensor_args, k.scalar_args, k.dtype_mask, k.out_type
    ('add_Tensor', ('self', 'other'), ('alpha',), '0x0a0', 'AlStorage')
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Any

from . import vocab
from .formula import typed_literals
from .spec import SpecError
from .model import SchemaKind

GENERATED_DIR = "generated/csrc"

# The C++ storage type of each dtype, in vocab.DTYPES order (= the dtype code): graph mode's
# fused kernels name it (through the fusion table, api_fusion.py); dtype_entry (aten_lite/csrc/
# kernel_api.h) runs a generated kernel's dtypes with the same types.
STORAGE = {
    "bool": "bool", "uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t",
    "int32": "int32_t", "int64": "int64_t", "float16": "::al::half", "float32": "float",
    "float64": "double", "bfloat16": "::al::bf16",
}

# Schema types an elementwise kernel receives: tensors as inputs, the rest as scalars.
# Arguments of any other type (str, int[], ...) are handled in Python and never reach C++.
_TENSOR_TYPES = ("Tensor",)
_SCALAR_TYPES = tuple(t for t in vocab.ELEMENTWISE_ARG_TYPES if t not in _TENSOR_TYPES)

# The reducer class template (aten_lite/csrc/reducers.h) and the out dtype rule of each reducer.
REDUCERS = {
    "sum": ("::al::SumReducer", "kWideInt"),
    "prod": ("::al::ProdReducer", "kWideInt"),
    "mean": ("::al::MeanReducer", "kSame"),
    "amax": ("::al::AmaxReducer", "kSame"),
    "amin": ("::al::AminReducer", "kSame"),
    "all": ("::al::AllReducer", "kBool"),
    "any": ("::al::AnyReducer", "kBool"),
}

# Names an argument cannot have, because the functor declares them as C++ parameters.
_CPP_KEYWORDS = frozenset("""
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class compl concept const consteval constexpr constinit const_cast continue
    co_await co_return co_yield decltype default delete do double dynamic_cast else enum
    explicit export extern false float for friend goto if inline int long mutable namespace new
    noexcept not not_eq nullptr operator or or_eq private protected public register
    reinterpret_cast requires return short signed sizeof static static_assert static_cast
    struct switch template this thread_local throw true try typedef typeid typename union
    unsigned using virtual void volatile wchar_t while xor xor_eq AlCompute AlStorage
""".split())


@dataclass(frozen=True)
class CppDType:
    """One dtype of the kernel's dtype switch (its bit in ``dtype_mask``; the storage type
    each code runs with is dtype_entry's, in aten_lite/csrc/kernel_api.h)."""

    code: int  # the dtype code (index in vocab.DTYPES)
    name: str  # "float32"


# Functions of aten_lite/csrc/scalar_math.h whose float versions are plain arithmetic or single
# instructions, never a libmvec call: exp is Note [Float exp]'s, sigmoid is built on it.
WIDE_SAFE_CALLS = frozenset({
    "exp", "sigmoid", "abs", "sqrt", "rsqrt", "reciprocal", "sign", "maximum", "minimum",
    "floor", "ceil", "trunc", "round_half_even",
})


@dataclass(frozen=True)
class CppKernel:
    """Everything one generated translation unit says about one op."""

    op_name: str  # full name, "add.Tensor": the registry key Python looks up
    ident: str  # "add_Tensor": file stem, C++ namespace suffix, registration tag
    path: str  # "generated/csrc/add_Tensor.cpp", relative to the repository root
    kind: str  # "elementwise", "reduction" or "custom" (a `cpp:` template): picks the template
    tensor_args: tuple[str, ...]  # functor inputs, in schema order
    scalar_args: tuple[str, ...]  # captured scalars, in schema order (after the tensors in a call)
    dtypes: tuple[CppDType, ...]  # the dtypes it runs for, in dtype code order
    dtype_mask: str  # "0x1ff": bit c set for each supported dtype code c
    out_kind: str  # "::al::OutKind::kSame" etc.: which dtype the core expects for out
    out_type: str  # element type of out in the loop: "AlStorage" or "bool"
    expr: str  # the elementwise expression as C++ compiles it ("" for a reduction)
    expr_file: str  # YAML file name for the #line directive
    expr_line: int  # line of the expression (of the entry, for a reduction)
    reducer: str  # reducer class template ("" for elementwise)
    # For "custom": the hand-written header and the struct whose run<S> each dtype calls; the
    # registry key is then `ident` (the `cpp:` name), not the op's name.
    header: str = ""  # "aten_lite/csrc/sparse_mm.h"
    template: str = ""  # "::al::sparse_mm::Kernel"

    @property
    def params(self) -> tuple[str, ...]:
        """The functor's parameter declarations: each tensor input in the compute type."""
        return tuple(f"AlCompute {name}" for name in self.tensor_args)

    @property
    def wide(self) -> bool:
        """Whether the expression calls only functions that compute the same bits at any
        vector width (no libmvec function): its float loops may then use 512-bit vectors
        (Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h)."""
        if self.kind != "elementwise":
            return False
        called = set(re.findall(r"([A-Za-z_][A-Za-z_0-9]*)\s*\(", self.expr))
        return called <= WIDE_SAFE_CALLS

    @property
    def wide_member(self) -> str:
        """The functor's kWide line (with its newline) when ``wide``, else nothing."""
        if not self.wide:
            return ""
        return ("  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] "
                "in aten_lite/csrc/loops.h\n")

    @property
    def kernel_struct(self) -> str:
        """The struct whose ``run<storage type>`` the entry calls per dtype: Elementwise over
        the functor (aten_lite/csrc/loops.h), Reduction over the reducer (reduce.h), or the
        `cpp:` template's own."""
        if self.kind == "elementwise":
            bool_out = ", true" if self.out_type == "bool" else ""
            return (f"::al::Elementwise<Functor, {len(self.tensor_args)}, "
                    f"{len(self.scalar_args)}{bool_out}>")
        if self.kind == "reduction":
            return f"::al::Reduction<{self.reducer}>"
        return self.template


def cpp_kernels(spec: Any) -> tuple[CppKernel, ...]:
    """One CppKernel per functional op with an ``elementwise:`` or ``reduction:`` entry, in
    file order. Raises SpecError listing every op whose schema C++ cannot take."""
    kernels: list[CppKernel] = []
    problems: list[str] = []
    for nf in spec.native:
        if getattr(nf, "cpp", None) is not None:  # entries made by hand may lack the field
            kernels.append(custom_kernel(nf))
        if not _has_own_kernel(nf):
            continue
        try:
            kernels.append(cpp_kernel(nf))
        except SpecError as exc:
            problems.extend(exc.messages)
    if problems:
        raise SpecError(problems)
    return tuple(kernels)


def _has_own_kernel(nf: Any) -> bool:
    generated = nf.elementwise is not None or nf.reduction is not None
    return generated and nf.func.kind() == SchemaKind.functional


def cpp_kernel(nf: Any) -> CppKernel:
    """The CppKernel of one functional entry with ``elementwise:`` or ``reduction:``."""
    op = str(nf.func.name)
    ident = op.replace(".", "_")
    tensors, scalars = _split_args(nf)
    dtypes = tuple(CppDType(vocab.DTYPES.index(d), d)
                   for d in sorted(nf.dtypes, key=vocab.DTYPES.index))
    mask = sum(1 << d.code for d in dtypes)
    path, dtype_mask = f"{GENERATED_DIR}/{ident}.cpp", f"0x{mask:03x}"
    if nf.elementwise is not None:
        always_bool = nf.type_promotion == "always_bool"
        return CppKernel(
            kind="elementwise", tensor_args=tensors, scalar_args=scalars,
            out_kind="::al::OutKind::" + ("kBool" if always_bool else "kSame"),
            out_type="bool" if always_bool else "AlStorage",
            # float literals in the compute type (Note [Literals in the compute type])
            expr=typed_literals(nf.elementwise.expr), expr_file=nf.elementwise.loc.file,
            expr_line=nf.elementwise.loc.line, reducer="", op_name=op, ident=ident, path=path,
            dtypes=dtypes, dtype_mask=dtype_mask)
    if len(tensors) != 1:
        _fail(nf, f"a reduction kernel takes exactly one Tensor argument; found "
              f"{len(tensors)} ({', '.join(tensors) or 'none'})")
    reducer, out_kind = REDUCERS[nf.reduction]
    return CppKernel(
        kind="reduction", tensor_args=tensors, scalar_args=(),
        out_kind=f"::al::OutKind::{out_kind}", out_type="", expr="",
        expr_file=nf.loc.file, expr_line=nf.loc.line, reducer=reducer, op_name=op, ident=ident,
        path=path, dtypes=dtypes, dtype_mask=dtype_mask)


def custom_kernel(nf: Any) -> CppKernel:
    """The CppKernel of an entry's `cpp:` template: the header declares the arguments, so only
    the dtype switch (the entry's `dtypes:`) and the names come from the YAML."""
    name = nf.cpp
    dtypes = tuple(CppDType(vocab.DTYPES.index(d), d)
                   for d in sorted(nf.dtypes, key=vocab.DTYPES.index))
    mask = sum(1 << d.code for d in dtypes)
    return CppKernel(
        op_name=str(nf.func.name), ident=name, path=f"{GENERATED_DIR}/{name}.cpp",
        kind="custom", tensor_args=(), scalar_args=(), dtypes=dtypes,
        dtype_mask=f"0x{mask:03x}", out_kind="::al::OutKind::kSame", out_type="", expr="",
        expr_file=nf.loc.file, expr_line=nf.loc.line, reducer="",
        header=f"aten_lite/csrc/{name}.h", template=f"::al::{name}::Kernel")


def _split_args(nf: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(tensor inputs, scalars) of the schema, in order; C++ keywords are refused."""
    args = nf.func.arguments.positional + nf.func.arguments.kwarg_only
    tensors = tuple(a.name for a in args if str(a.type) in _TENSOR_TYPES)
    scalars = tuple(a.name for a in args if str(a.type) in _SCALAR_TYPES)
    bad = [n for n in tensors + scalars if n in _CPP_KEYWORDS]
    if bad:
        _fail(nf, f"argument name '{bad[0]}' is reserved in the generated C++; rename it")
    if nf.elementwise is not None and not tensors:
        _fail(nf, "an elementwise kernel needs at least one Tensor argument")
    if len(tensors) + len(scalars) > vocab.MAX_KERNEL_ARGS:
        _fail(nf, f"takes {len(tensors)} tensor and {len(scalars)} scalar arguments, more than "
              f"the {vocab.MAX_KERNEL_ARGS} a generated C++ kernel can take (kMaxKernelArgs in "
              "aten_lite/csrc/kernel_api.h); pass the tensors as one 'Tensor[]' with a "
              "Python kernel under 'dispatch:', or split the op")
    return tensors, scalars


def _fail(nf: Any, text: str) -> None:
    raise SpecError([f"{nf.loc}: {nf.func.name}: {text}"])
