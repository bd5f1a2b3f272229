"""The C++ source of a fused kernel, from a FusedSpec and the ops' YAML ``elementwise:``
expressions (Note [Fused kernels and the YAML expressions]), as the fusion tables hold them
(aten_lite's generated/fusion_table.py, an op library's own; fusion_entries.py).

    >>> from aten_lite.compile.fused_spec import FusedSpec, FusedStep
    >>> spec = FusedSpec(("float32",), (FusedStep("relu", (("in", 0),), "float32"),), (0,))
    >>> "self < 0 ? 0 : self" in fused_source(spec).text  # doctest: +SKIP
    True

Note [Fused kernels and the YAML expressions]
Each step becomes the functor the op's own generated kernel has: its expression under a
``#line`` of its YAML line, its tensor arguments as parameters of the compute type and its
Scalar arguments as members; so argument substitution is C++'s, and a step computes exactly
what the op's kernel computes. Around the functors, the kernel does what eager's Python side
does between ops (Note [Elementwise kernels] in backends/cpu/elementwise.py): each argument is
cast to the step's compute dtype (the storage type, as NumPy's astype does, then the compute
type, as the loop does), a number argument is a constant of the compute dtype ("wrapped
number"), a Scalar argument is converted as Scalar::to<C> converts it, and the result is stored
in the step's result dtype (so float16 rounds between steps, as eager's float16 intermediates
do).
The compute dtype is the step's result dtype, except for `always_bool` ops (comparisons),
which compute in the promoted dtype of their arguments. What eager checks on the data (an
integer zero divisor) a kernel cannot raise, so such steps are refused: the group runs eagerly.
The expressions, and which arguments are tensors and which Scalars, are the generator's, read
from the fusion table it wrote (Note [The fusion table] in tools/codegen/api_fusion.py): graph
mode never parses the YAML nor imports the generator to render a kernel.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import math
import platform
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from ..vocab import checkout as _checkout, dtype as _dtype
from ..rules.kernel_rules import wrapped
from . import fusion_entries
from .fused_spec import FusedSpec

__all__ = ["FusionBuildError", "FusedSource", "fused_source", "checkout_root"]

# The reductions a spec may name (all and any reduce bool, which no fused step gives); the
# reducer class template of each is the generated kernels' (fusion_entries.reducer).
REDUCERS = ("sum", "mean", "prod", "amax", "amin")
# Reductions whose compute dtype is the spec's result dtype (they take dtype=, as in eager).
_TAKES_DTYPE = ("sum", "mean", "prod")
_JIT_DIR = Path(__file__).resolve().parent / "jit"


class FusionBuildError(RuntimeError):
    """A fused kernel cannot be built (an unsupported step, or the C++ compiler failed); the
    message names the op group and the YAML lines. Graph mode runs the group eagerly then."""


@dataclass(frozen=True)
class FusedSource:
    """One generated translation unit."""

    name: str  # "fused_<hash>": the C++ namespace and the kernel's registry-style name
    text: str  # the C++ source
    summary: str  # "mul.Tensor (native_functions.yaml:300) -> add.Tensor (...) -> sum"
    operand_dtypes: tuple[str, ...]  # dtype of each tensor of the call, out first
    result_dtype: str | None  # the reduction's result dtype, None without a reduction


def checkout_root() -> Path:
    """The folder fused kernels are built from (``-I`` root of their includes): a source
    checkout, or the site folder holding an installed (non-editable) aten_lite, whose package
    ships the headers (aten_lite/csrc/*.h, compile/jit/*.h)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "aten_lite" / "csrc" / "loops.h").is_file():
        raise FusionBuildError(
            f"fused kernels are built from aten_lite's headers (aten_lite/csrc/*.h); {root} has "
            "neither a checkout's nor an install's copy: reinstall aten_lite (pip install .)")
    return root


def codegen():
    """The package of tools/codegen, as ``aten_lite.codegen``: graph mode uses its compiler
    driver (build.py) and cache checks (private_cache.py), never its YAML loader or emitters
    (Note [The fusion table]). Like ``aten_lite._generated``, a checkout uses its own copy even
    when another is installed."""
    name = "aten_lite.codegen"
    if name in sys.modules:
        return sys.modules[name]
    return _checkout.load_package(name, checkout_root() / "tools" / "codegen")


def _cg(module: str):
    """A module of the generator package (codegen() first: it decides which copy)."""
    codegen()
    return importlib.import_module(f"aten_lite.codegen.{module}")


def _entries() -> dict:
    """op full name -> fusion_entries.Entry of every functional `elementwise:` op of aten_lite."""
    return fusion_entries.builtin()


def _storage(name: str) -> str:
    return fusion_entries.storage(name)  # the generated kernels' dtype -> C++ type table


def _cpp_number(value, storage: str) -> str:
    """A C++ expression of type ``storage`` with exactly ``value`` (already of that dtype)."""
    if isinstance(value, bool) or storage == "bool":
        return "true" if value else "false"
    if isinstance(value, int):
        if value == -(1 << 63):
            return f"static_cast<{storage}>(-INT64_C(9223372036854775807) - 1)"
        return f"static_cast<{storage}>(INT64_C({value}))"
    if math.isnan(value):
        return f"static_cast<{storage}>(std::numeric_limits<double>::quiet_NaN())"
    if math.isinf(value):
        sign = "-" if value < 0 else ""
        return f"static_cast<{storage}>({sign}std::numeric_limits<double>::infinity())"
    return f"static_cast<{storage}>({float(value).hex()})"


def _compute_dtype(step, nf, arg_dtypes, numbers) -> _dtype.DType:
    """The dtype a step computes in (Note [Fused kernels and the YAML expressions])."""
    result = _dtype.parse(step.dtype)
    if nf.type_promotion != "always_bool":
        return result
    dims = None
    for d in arg_dtypes:
        dims = d if dims is None else _dtype.promote_types(dims, d)
    return _dtype.result_type(*([_Typed(dims)] if dims is not None else []), *numbers)


class _Typed:
    """A stand-in dimensioned tensor of one dtype for ``_dtype.result_type``."""

    _shape = (1,)

    def __init__(self, dtype):
        self._dtype = dtype


def fused_source(spec: FusedSpec) -> FusedSource:
    """The translation unit of ``spec``; FusionBuildError for a step no kernel can run."""
    # A library's op (NS::op): Note [Library ops in fused kernels].
    from .library_entries import LibraryEntryError, library_entry

    if spec.row_dims:
        raise FusionBuildError("fused kernel: a row kernel's spec (row_dims > 0) is rendered by "
                               "kernels_rows.row_source, not fused_source")
    entries = _entries()
    where, nfs = [], []
    for j, step in enumerate(spec.steps):
        try:
            nf = entries.get(step.op) or library_entry(step.op)
        except LibraryEntryError as exc:
            raise FusionBuildError(str(exc)) from None
        if nf is None:
            yaml = "its library's YAML" if "::" in step.op else "native_functions.yaml"
            raise FusionBuildError(f"fused kernel: step {j} is {step.op!r}, which has no "
                                   f"`elementwise:` expression in {yaml}")
        nfs.append(nf)
        where.append(f"{step.op} ({nf.loc})")
    summary = " -> ".join(where + ([spec.reduction.op] if spec.reduction else []))
    _check_shape_of(spec, summary)
    value_dtypes = [_dtype.parse(d) for d in spec.inputs]
    step_dtypes: list = []
    steps = []
    for j, step in enumerate(spec.steps):
        steps.append(_step(j, step, nfs[j], value_dtypes, step_dtypes, summary))
        step_dtypes.append(_dtype.parse(step.dtype))
    return _render(spec, steps, step_dtypes, summary)


def _check_shape_of(spec: FusedSpec, summary: str) -> None:
    if not spec.steps:
        raise FusionBuildError("fused kernel: a spec needs at least one step")
    n_out = len(spec.outputs) + (spec.reduction is not None)
    if n_out == 0:
        raise FusionBuildError(f"fused kernel {summary}: the spec has no outputs")
    for j in spec.outputs:
        if not 0 <= j < len(spec.steps):
            raise FusionBuildError(f"fused kernel {summary}: output step {j} out of range "
                                   f"0..{len(spec.steps) - 1}")
    tensors = len(spec.inputs) + n_out
    if tensors > 17:  # out + kMaxKernelArgs (aten_lite/csrc/kernel_api.h)
        raise FusionBuildError(f"fused kernel {summary}: {tensors} tensors (inputs and "
                               "outputs); a kernel takes at most 17: split the group")
    r = spec.reduction
    if r is not None and r.op not in REDUCERS:
        raise FusionBuildError(f"fused kernel {summary}: unsupported reduction {r.op!r}; "
                               f"valid: {', '.join(REDUCERS)}")


@dataclass(frozen=True)
class _Step:
    index: int
    op: str
    expr: str
    expr_file: str
    expr_line: int
    params: tuple[str, ...]
    scalar_names: tuple[str, ...]
    scalar_inits: tuple[str, ...]
    compute: str  # C++ compute type
    compute_dtype: str
    result: str  # C++ storage type of the result
    result_dtype: str
    args: tuple[str, ...]  # C++ arguments of the functor call


def _step(j, step, nf, input_dtypes, step_dtypes, summary, names=None) -> _Step:
    """The functor of step ``j``; ``names(kind, v)`` is the C++ expression of argument
    ("in", v) or ("step", v) (default ``in{v}`` and ``v{v}``)."""
    schema = nf.args  # (name, default) in schema order
    where = f"fused kernel {summary}: step {j} ({step.op}, {nf.loc})"
    if len(step.args) > len(schema):
        raise FusionBuildError(f"{where}: {len(step.args)} arguments, the schema takes "
                               f"{len(schema)}")
    values = {}  # schema name -> ("in"/"step"/"const", value)
    for (name, _), arg in zip(schema, step.args):
        values[name] = tuple(arg)
    for name, default in schema[len(step.args):]:
        if default is None:
            raise FusionBuildError(f"{where}: argument '{name}' is missing")
        values[name] = ("const", _default(default, where))
    tensor_dtypes, numbers = [], []
    for name in nf.tensors:
        kind, v = values[name]
        if kind == "in":
            tensor_dtypes.append(input_dtypes[v])
        elif kind == "step":
            if not 0 <= v < j:
                raise FusionBuildError(f"{where}: step {v} is not an earlier step")
            tensor_dtypes.append(step_dtypes[v])
        elif kind == "const" and isinstance(v, (bool, int, float)):
            numbers.append(v)
        else:
            raise FusionBuildError(f"{where}: bad argument {values[name]!r} for '{name}'; "
                                   "expected ('in', i), ('step', j) or ('const', number)")
    compute = _compute_dtype(step, nf, tensor_dtypes, numbers)
    if compute.name not in nf.dtypes:
        raise FusionBuildError(f"{where}: computes in {compute.name}, which the op does not "
                               f"support; supported: {', '.join(nf.dtypes)}")
    if nf.int_operand is not None and not compute.is_floating_point:
        raise FusionBuildError(f"{where}: integer {step.op} checks its operand ("
                               f"{nf.int_operand}) on the data, which a fused kernel cannot do; "
                               "run it eagerly")
    k_storage = _storage(compute.name)
    c_type = f"::al::compute_t<{k_storage}>"
    args = []
    for name in nf.tensors:
        kind, v = values[name]
        if kind == "const":
            args.append(f"static_cast<{c_type}>({_wrapped(v, compute, k_storage, where)})")
        else:
            source = names(kind, v) if names else f"in{v}" if kind == "in" else f"v{v}"
            args.append(f"static_cast<{c_type}>(static_cast<{k_storage}>({source}))")
    inits = []
    for name in nf.scalars:
        kind, v = values[name]
        if kind != "const" or not isinstance(v, (bool, int, float)):
            raise FusionBuildError(f"{where}: '{name}' must be a ('const', number), got "
                                   f"{values[name]!r}")
        if isinstance(v, float) and not compute.is_floating_point:
            raise FusionBuildError(f"{where}: {name}={v!r} is a float but the op computes in "
                                   f"{compute.name}; eager refuses it")
        literal = _cpp_number(v, "double" if isinstance(v, float) else "int64_t")
        inits.append(f"static_cast<{c_type}>({literal})")
    result = "bool" if nf.type_promotion == "always_bool" else k_storage
    if _storage(step.dtype) != result:
        raise FusionBuildError(f"{where}: the spec says it gives {step.dtype}, but the op "
                               f"gives {'bool' if result == 'bool' else compute.name}")
    return _Step(j, step.op, nf.expr, nf.file, nf.line,
                 tuple(f"AlCompute {n}" for n in nf.tensors), nf.scalars,
                 tuple(inits), c_type, compute.name, result, step.dtype, tuple(args))


def _default(text: str, where: str):
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = None
    if not isinstance(value, (bool, int, float)):
        raise FusionBuildError(f"{where}: cannot bake the default {text!r} into a kernel")
    return value


def _wrapped(v, compute, storage: str, where: str) -> str:
    """A number argument as eager passes it: a 0-dim array of the compute dtype."""
    try:
        value = wrapped(v, compute.np).item()
    except (RuntimeError, OverflowError) as exc:
        raise FusionBuildError(f"{where}: constant {v!r}: {exc}") from None
    return _cpp_number(value, storage)


def _render(spec, steps, step_dtypes, summary) -> FusedSource:
    jinja2 = importlib.import_module("jinja2")
    r = spec.reduction
    last = steps[-1]
    outputs = [{"storage": steps[j].result, "step": j} for j in spec.outputs]
    acc, result, reducer, result_dtype = last.result, "", "", None
    if r is not None:
        acc_dtype = r.dtype if r.op in _TAKES_DTYPE else spec.steps[-1].dtype
        last_dt = step_dtypes[-1]
        if last_dt.is_floating_point and not _dtype.parse(acc_dtype).is_floating_point:
            raise FusionBuildError(f"fused kernel {summary}: a {last_dt.name} step reduced "
                                   f"as {acc_dtype} would truncate; run it eagerly")
        if r.op in ("amax", "amin") and r.dtype != spec.steps[-1].dtype:
            raise FusionBuildError(f"fused kernel {summary}: {r.op} gives "
                                   f"{spec.steps[-1].dtype}, the spec says {r.dtype}")
        if r.op == "mean" and not _dtype.parse(acc_dtype).is_floating_point:
            raise FusionBuildError(f"fused kernel {summary}: mean of {acc_dtype} is not "
                                   "defined; pass a floating dtype")
        acc, result = _storage(acc_dtype), _storage(r.dtype)
        reducer = fusion_entries.reducer(r.op)
        result_dtype = r.dtype
    operands = [o["storage"] for o in outputs] + [_storage(d) for d in spec.inputs]
    n_out = len(outputs)
    in_types = [_storage(d) for d in spec.inputs]
    restrict = ([f"{o['storage']}* __restrict o{i}" for i, o in enumerate(outputs)] +
                [f"const {t}* __restrict i{i}" for i, t in enumerate(in_types)])
    contiguous_args = ([f"reinterpret_cast<{o['storage']}*>(p[{i}])"
                        for i, o in enumerate(outputs)] +
                       [f"reinterpret_cast<const {t}*>(p[{n_out + i}])"
                        for i, t in enumerate(in_types)])
    strided_loads = [f"*reinterpret_cast<const {t}*>(p[{n_out + i}] + j * s[{n_out + i}])"
                     for i, t in enumerate(in_types)]
    value_inits = [f"v{j}" for j in spec.outputs] + [
        f"static_cast<Acc>(v{len(steps) - 1})"]
    full_operand = 1 if r is not None else 0
    names = (["out"] if r is not None else []) + [f"out{i}" for i in range(n_out)] + [
        f"in{i}" for i in range(len(in_types))]
    dtypes = ([result_dtype] if r is not None else []) + [
        spec.steps[j].dtype for j in spec.outputs] + list(spec.inputs)
    codes = [_dtype.parse(d).code for d in dtypes]
    written = (1 if r is not None else 0) + n_out
    k = {
        "name": "", "summary": summary, "yaml": "native_functions.yaml", "path": "",
        "steps": steps, "acc": acc, "outputs": outputs, "result": result, "reducer": reducer,
        "eval_params": [f"{t} in{i}" for i, t in enumerate(in_types)],
        "restrict_params": restrict, "contiguous_loads": [f"i{i}[j]" for i in range(len(in_types))],
        "lane_loads": [f"i{i}[j + u]" for i in range(len(in_types))],
        "strided_loads": strided_loads, "value_inits": value_inits,
        "unit_checks": [f"s[{i}] == sizeof({t})" for i, t in enumerate(operands)],
        "unit_or_zero_checks": [f"s[{i}] == sizeof({t})" for i, t in enumerate(operands[:n_out])]
        + [f"(s[{n_out + i}] == sizeof({t}) || s[{n_out + i}] == 0)"
           for i, t in enumerate(in_types)] or ["true"],
        "input_types": in_types, "n_outputs": n_out,
        "elements_args": [f"o{i}" for i in range(n_out)] + [f"i{i}" for i in range(len(in_types))],
        "shifted_args": [f"o{i} + head" for i in range(n_out)] + [
            f"i{i} + head" for i in range(len(in_types))],
        "align_operand": "i0" if in_types else "o0",
        "chunk_args": [f"reinterpret_cast<{o['storage']}*>(p[{i}]) + i"
                       for i, o in enumerate(outputs)] +
                      [f"s[{n_out + i}] == 0 ? b{i} : reinterpret_cast<const {t}*>(p[{n_out + i}]) + i"
                       for i, t in enumerate(in_types)],
        "contiguous_args": contiguous_args, "operands": operands,
        "full_operand": full_operand, "n_tensors": len(names) - 1, "tensor_names": names[1:],
        "dtype_codes": codes, "writes": hex((1 << written) - 1),
    }
    template = _environment(jinja2).get_template("fused.cpp.j2")
    # The name is a hash of the text rendered without it, so equal specs share a kernel.
    draft = template.render(k=k)
    name = "fused_" + hashlib.sha256(draft.encode()).hexdigest()[:16]
    k["name"], k["path"] = name, f"{name}.cpp"
    text = wide_vectors(_restore_lines(template.render(k=k)))
    return FusedSource(name, text, summary, tuple(dtypes), result_dtype)


# Note [Wide vectors in fused kernels]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# Every AVX-512 build asks for 256-bit vectors (Note [One vector width] in
# tools/codegen/build.py) because libmvec's 512-bit tanhf, logf, ... round differently from its
# 256-bit and scalar ones, and a fused kernel must give eager's bits. A kernel that calls no
# libmvec function computes the same bits at any width: the float exp is plain arithmetic
# (Note [Float exp]), nothing is contracted (Note [No contraction]), and reductions fold into
# lanes fixed by the element's index, not by the vector (Note [Lanes follow the logical
# index]). Such a kernel's own loops are therefore compiled for 512-bit vectors, with a pragma
# after the includes (the precompiled header keeps its flags). Measured on an AVX-512 Intel
# Cascade Lake, one thread, alternating runs: (x*2+y).relu().exp().sum() on 4M floats 4.1 ms
# against 7.0-10.1 at 256 bits, a softmax over rows of 1024 (4096 rows) 8.0-9.2 ms against
# 10.3-13.4. The text check below skips the functions libmvec vectorises; a build whose object
# still names a 512-bit libmvec function (``_ZGVe...``, a double exp say) is compiled again
# without the pragma (kernels_cache.py).
WIDE_PRAGMA = ('#pragma GCC target("prefer-vector-width=512")'
               "  // Note [Wide vectors in fused kernels]")
_LIBMVEC_CALL = re.compile(r"\b(?:sin|cos|tan|sinh|cosh|tanh|asin|acos|atan|atan2|asinh|acosh|"
                           r"atanh|log|log2|log10|log1p|expm1|exp2|exp10|pow|erf|erfc|cbrt|"
                           r"hypot|lgamma|tgamma|sincos)\s*\(")


def wide_vectors(text: str) -> str:
    """``text`` with WIDE_PRAGMA after its includes when it may use 512-bit vectors."""
    if platform.machine().lower() not in ("x86_64", "amd64") or _LIBMVEC_CALL.search(text):
        return text
    lines = text.split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith("#include"))
    return "\n".join(lines[:last + 1] + [WIDE_PRAGMA] + lines[last + 1:])


def _restore_lines(text: str) -> str:
    """Each ``#line @RESTORE@`` after an expression puts the numbering back on this file."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("#line @RESTORE@"):
            lines[i] = line.replace("@RESTORE@", str(i + 2))
    return "\n".join(lines)


_ENV: list = []  # the Jinja2 environment, made on first use


def _environment(jinja2):
    """The environment the template renders in: the generator's settings (StrictUndefined,
    trimmed blocks, the trailing newline kept; tools/codegen/templating.py), so that a
    misspelt template variable is an error and the text is laid out as the generated
    kernels' is."""
    if not _ENV:
        _ENV.append(jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(_JIT_DIR)), undefined=jinja2.StrictUndefined,
            trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False))
    return _ENV[0]
