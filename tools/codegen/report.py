"""Text for `aten-lite-gen list` and `aten-lite-gen show OP`: the user's map of the ops."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from functools import lru_cache
from pathlib import Path

from . import api_cpp, api_forward, emit_forward, gen, vocab
from .formula import python_free_names
from .runtime_source import CppSource, Definition, RuntimeSource, source
from .model import SchemaKind
from .spec import Derivative, NativeFunction, Spec
from .suggest import close_names
from .vocab import DTYPE_GROUPS

_COMPOSITE = "CompositeImplicitAutograd"


def _dtypes_text(dtypes: tuple[str, ...]) -> str:
    for name, members in DTYPE_GROUPS.items():
        if tuple(members) == tuple(dtypes):
            return name
    return ", ".join(dtypes)


def kernel_keys(nf: NativeFunction) -> list[str]:
    """The dispatch keys an op has kernels for, as the runtime fills its table."""
    if nf.elementwise is not None or nf.reduction is not None:
        keys = ["CPU", "Meta"]
        return keys + [k for k in nf.dispatch if k not in keys]
    return list(nf.dispatch)


def _groups(spec: Spec) -> list[list[NativeFunction]]:
    """Functional ops each followed by their in-place/out siblings, in YAML order."""
    by_sig: dict[object, list[NativeFunction]] = {}
    for nf in spec.native:
        by_sig.setdefault(nf.func.signature(), []).append(nf)
    order = {SchemaKind.functional: 0, SchemaKind.inplace: 1, SchemaKind.out: 2, SchemaKind.mutable: 3}
    return [sorted(g, key=lambda nf: order[nf.func.kind()]) for g in by_sig.values()]


def _derivatives(spec: Spec) -> dict[str, Derivative]:
    return {str(d.func.name): d for d in spec.derivatives}


def _grad_text(nf: NativeFunction, derivs: dict[str, Derivative]) -> str:
    if str(nf.func.name) in derivs:
        return "yes"
    return "composite" if _COMPOSITE in nf.dispatch else "-"


def _forward_text(nf: NativeFunction, forward: dict[str, tuple[str, str, str]]) -> str:
    """The `fwd` column: where the op's forward-mode rule comes from (Note [Forward rules] in
    api_forward.py), 'composite' through its decomposition, '-' for none."""
    if _COMPOSITE in nf.dispatch:
        return "composite"
    origin = forward.get(str(nf.func.name), ("none",))[0]
    return "-" if origin == "none" else origin


def list_ops(spec: Spec) -> str:
    derivs = _derivatives(spec)
    forward = emit_forward.describe(spec)
    rows = [("op", "variants", "dispatch keys", "dtypes", "grad", "fwd")]
    for group in _groups(spec):
        head = group[0]
        name = str(head.func.name)
        extra = [str(nf.func.name) for nf in group[1:]]
        label = name + (f" (+ {', '.join(extra)})" if extra else "")
        rows.append((
            label,
            ", ".join(sorted(head.variants)),
            ", ".join(kernel_keys(head)),
            _dtypes_text(head.dtypes),
            _grad_text(head, derivs),
            _forward_text(head, forward),
        ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    n_grad = sum(1 for g in _groups(spec) if str(g[0].func.name) in derivs)
    n_fwd = sum(1 for r in rows[1:] if r[5] != "-")
    lines.append(f"\n{len(spec.native)} schemas in {len(rows) - 1} ops; {n_grad} with a "
                 f"derivative, {n_fwd} with forward mode; 'composite': autograd through the "
                 f"{_COMPOSITE} kernel's ops; fwd: where the forward-mode rule comes from")
    return "\n".join(lines)


def _matching(spec: Spec, query: str) -> list[list[NativeFunction]]:
    found = []
    for group in _groups(spec):
        names = {str(nf.func.name) for nf in group} | {nf.func.name.name.base for nf in group}
        if query in names:
            found.append(group)
    return found


def _locations(spec: Spec, nf: NativeFunction) -> list[str]:
    out = []
    for emitter in gen.EMITTERS:
        locate = getattr(emitter, "locate", None)
        if locate is not None:
            out.extend(locate(spec, nf))
    return out


def show_op(root: Path, spec: Spec, query: str, runtime: RuntimeSource | None = None) -> int:
    """Print everything about the op ``query``, with ``path:line`` of each hand-written
    definition it names (found in ``runtime``'s source, Note [Finding hand-written definitions]
    in runtime_source.py; the runtime package beside this generator by default) and of each
    generated one. 1 and a suggestion on stderr for an unknown op."""
    groups = _matching(spec, query)
    if not groups:
        names = {nf.func.name.name.base for nf in spec.native}
        close = close_names(query, names, 3)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else "; see `aten-lite-gen list`"
        print(f"no op named {query!r}{hint}", file=sys.stderr)
        return 1
    derivs = _derivatives(spec)
    if runtime is None:  # the runtime of the checkout at root, else the one beside the generator
        runtime = source(root / "aten_lite") if (root / "aten_lite").is_dir() else source()
    where = _Where(root, runtime)
    for group in groups:
        print(_show_group(spec, group, derivs, where))
    return 0


class _Where:
    """``path:line`` of what `show` names: hand-written definitions in the runtime's source,
    generated ones in the files under ``root``."""

    def __init__(self, root: Path, runtime: RuntimeSource) -> None:
        self.root = root
        self.runtime = runtime
        self.cpp = CppSource(runtime.base)  # headers are included from the package's parent

    def py(self, found: Definition | None, what: str) -> str:
        if found is None:
            return f"  (no {what} found in {self.runtime.package.name}/)"
        return f"  {found}{found.note()}"

    def generated(self, text: str) -> str:
        """An emitter's ``locate`` line, ``PATH: SYMBOL ...``, as ``PATH:LINE: SYMBOL ...``;
        unchanged when the file or the symbol is not there."""
        path, sep, rest = text.partition(": ")
        line = _generated_line(self.root / path, rest) if sep else None
        if not line:
            return text
        return f"{path}:{line}: {_secondary_lines(self.root / path, rest)}"


def _show_group(spec: Spec, group: list[NativeFunction], derivs: dict[str, Derivative],
                where: _Where | None = None) -> str:
    """The text of one op group; with ``where``, the ``path:line`` of everything it names
    (an op library's report, library_build.show, has none: its files are elsewhere)."""
    head = group[0]
    lines = [f"{head.func.name}    ({head.loc})"]
    if head.doc:
        lines.append(f"  {head.doc}")
    lines.append("  schemas:")
    for nf in group:
        lines.append(f"    {str(nf.func):<70} {nf.func.kind().name:<10} {nf.loc}")
    lines.append(f"  variants: {', '.join(sorted(head.variants))}")
    if head.tags:
        lines.append(f"  tags:     {', '.join(head.tags)}")
    lines.append(f"  dtypes:   {_dtypes_text(head.dtypes)} ({', '.join(head.dtypes)})")
    lines.append("  dispatch:")
    if head.elementwise is not None:
        lines.append(f"    elementwise: {head.elementwise.expr}   (type_promotion: {head.type_promotion})")
    if head.reduction is not None:
        lines.append(f"    reduction: {head.reduction}")
    if where is None:
        lines.extend(f"    {key:<26} -> {head.dispatch.get(key, 'generated kernel')}"
                     for key in kernel_keys(head))
    else:
        lines.extend(_kernel_lines(head, where))
        lines.extend(_cpp_lines(head, where))
    if head.shape:
        found = "" if where is None else where.py(where.runtime.shape_rule(head.shape),
                                                  f"shape rule {head.shape!r}")
        lines.append(f"  shape rule: {head.shape}{found}")
    if head.domain != "any":
        lines.append(f"  domain:   {head.domain} (where tests/op_table.py's derived row samples)")
    if head.int_operand is not None:
        lines.append(f"  int_operand: {head.int_operand} (integer dtypes: the runtime checks the last "
                     "operand before the C++ kernel runs)")
    d = derivs.get(str(head.func.name))
    if d is None and _COMPOSITE in head.dispatch:
        lines.append(f"  derivative: through its decomposition ({_COMPOSITE}: autograd records "
                     "the ops its kernel calls)")
    elif d is None:
        lines.append("  derivative: none (a floating result's backward raises; add one to "
                     "derivatives.yaml)")
    else:
        lines.append(f"  derivative ({d.loc}):")
        for f in d.formulas:
            lines.append(f"    {', '.join(f.inputs)}: {f.expr}")
        lines.extend(_helper_lines(d, where) if where is not None else [])
        if d.non_differentiable:
            lines.append(f"    non-differentiable: {', '.join(d.non_differentiable)}")
        if d.output_differentiability is not None:
            flags = ", ".join(str(flag) for flag in d.output_differentiability)
            lines.append(f"    output_differentiability: [{flags}]")
    lines.extend(_forward_lines(spec, head, d))
    made = [loc for nf in group for loc in _locations(spec, nf)]
    if made:
        lines.append("  generated:")
        lines.extend(f"    {where.generated(w) if where else w}" for w in dict.fromkeys(made))
        if where is not None:
            lines.extend(_variant_lines(head))
    tests = _tests_of(where.root, head.func.name.name.base) if where is not None else []
    if tests:
        lines.append(f"  tests naming it: {', '.join(tests)}")
    return "\n".join(lines)


# ---- hand-written definitions (Note [Finding hand-written definitions], runtime_source.py) ----

# What the runtime's table builder makes for a key without a named kernel, in its order
# (aten_lite/backends/__init__.py, _generic_kernel): the factory, and what it is made from.
_FACTORIES = (("elementwise", "make_elementwise"), ("reduction", "make_reduction"),
              ("shape", "make_from_rule"))


def _kernel_lines(nf: NativeFunction, where: _Where) -> list[str]:
    """One line per dispatch key: the named kernel, or the generic one and its factory."""
    runtime = where.runtime
    lines = []
    keys = kernel_keys(nf)
    if nf.shape and _COMPOSITE not in nf.dispatch and "Meta" not in keys and \
            runtime.has_kernel("Meta", "make_from_rule"):
        keys.append("Meta")  # the runtime's Meta kernel runs the shape rule
    if nf.keeps_zero and nf.elementwise is not None and "SparseCPU" not in keys:
        keys.append("SparseCPU")  # f(0) = 0: the sparse backend maps the stored values
    for key in keys:
        name = nf.dispatch.get(key)
        if name is not None:
            lines.append(f"    {key:<26} -> {name}" + where.py(runtime.kernel(key, name),
                                                               f"kernel {name!r}"))
            continue
        kind, factory = next(((k, f) for k, f in _FACTORIES if _has(nf, k) and
                              runtime.has_kernel(key, f)), ("", ""))
        if not factory:
            lines.append(f"    {key:<26} -> generated kernel")
            continue
        made = {"elementwise": "generated kernel", "reduction": "generated kernel",
                "shape": f"shape rule {nf.shape}"}[kind]
        if key == "SparseCPU":
            made = "the dense kernel on the stored values (keeps_zero)"
        lines.append(f"    {key:<26} -> {made}, made by {factory}"
                     + where.py(runtime.kernel(key, factory), f"factory {factory!r}"))
    return lines


def _has(nf: NativeFunction, kind: str) -> bool:
    return {"elementwise": nf.elementwise is not None, "reduction": nf.reduction is not None,
            "shape": bool(nf.shape)}[kind]


# The dtypes the wider variants of a kernel are compiled for (AL_CPU_DTYPES in
# aten_lite/csrc/cpu_capability.h).
_VARIANT_DTYPES = ("float16", "float32", "float64", "bfloat16")


def _variant_lines(nf: NativeFunction) -> list[str]:
    """Which capability variants the op's C++ kernel has (Note [CPU capability variants] in
    aten_lite/csrc/cpu_capability.h) and, when the extension loads, which one each of its
    dtypes runs in this process."""
    kernels = []
    if nf.cpp is not None:
        k = api_cpp.custom_kernel(nf)
        kernels.append((k.ident, k.dtypes))
    if api_cpp._has_own_kernel(nf):
        k = api_cpp.cpp_kernel(nf)
        kernels.append((k.op_name, k.dtypes))
    if not kernels:
        return []
    try:  # the extension of the aten_lite beside this generator, when it is built
        _C = importlib.import_module("aten_lite._C")
    except ImportError:
        _C = None
    lines = []
    for name, dtypes in kernels:
        wide = [d.name for d in dtypes if d.name in _VARIANT_DTYPES]
        compiled = _C.compiled_capabilities() if _C is not None else ("default", "avx2", "avx512")
        text = f"    C++ variants of {name}: default ({', '.join(d.name for d in dtypes)})"
        if wide and len(compiled) > 1:
            text += f"; {', '.join(compiled[1:])} ({', '.join(wide)})"
        lines.append(text)
        if _C is not None and name not in _C.kernel_names():
            lines.append("      (not in the built extension yet: `aten-lite-gen` builds it)")
        elif _C is not None:
            kernel = _C.get_kernel(name)
            runs = {d.name: kernel.cpu_capability(d.code) for d in dtypes}
            by = {c: [d for d, r in runs.items() if r == c] for c in dict.fromkeys(runs.values())}
            lines.append(f"      this process ({_C.get_cpu_capability()}) runs: " +
                         "; ".join(f"{c} for {', '.join(ds)}" for c, ds in by.items()))
    return lines


def _cpp_lines(nf: NativeFunction, where: _Where) -> list[str]:
    """The hand-written C++ an op's generated kernel runs: a `cpp:` kernel's header and what
    its Kernel names; the loop or reducer templates of a generated one."""
    wanted: list[tuple[str, str, str]] = []  # (title, file that includes it, qualified name)
    if nf.cpp is not None:
        k = api_cpp.custom_kernel(nf)
        wanted.append((f"cpp: {nf.cpp}", k.header, k.template))
    if api_cpp._has_own_kernel(nf):
        k = api_cpp.cpp_kernel(nf)
        if k.kind == "elementwise":
            wanted.append(("loop", k.path, "::al::elementwise"))
        else:
            wanted += [("loop", k.path, "::al::reduce"), ("reducer", k.path, k.reducer)]
    lines = []
    for title, start, qualified in wanted:
        chain = where.cpp.chain(start, qualified)
        if not chain:
            lines.append(f"    {title}: {qualified}  (not found from {start})")
            continue
        lines.extend(f"    {title if i == 0 else '':<{len(title)}}  {d}: {d.text}"
                     for i, d in enumerate(chain))
    return ["  hand-written C++:", *lines] if lines else []


def _helper_lines(d: Derivative, where: _Where) -> list[str]:
    """The formula helpers the entry's formulas call (its `result:` one included)."""
    names: list[str] = []
    for f in d.formulas:
        names += sorted(f.names)
    if d.result_formula and d.result_formula.strip() not in vocab.FORWARD_AUTO:
        names += sorted(python_free_names(d.result_formula))
    found = []
    for name in dict.fromkeys(names):
        helper = where.runtime.helper(name)
        if helper is not None:
            found.append(f"{name}{where.py(helper, 'helper')}")
    return [f"    helpers: {found[0]}", *(f"             {h}" for h in found[1:])] if found else []


# ---- generated definitions ----


@lru_cache(maxsize=None)
def _parsed(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None


@lru_cache(maxsize=None)
def _text(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []


def _generated_line(path: Path, rest: str) -> int | None:
    """The line of ``path`` that defines what an emitter's locate line names: a quoted op
    (``OPS record 'relu'``: its record or row), else the first symbol (``relu()``,
    ``_m_relu``, ``ReluBackward0``, ``TensorOps.relu``); a C++ file's entry function."""
    if path.suffix == ".cpp":
        lines = _text(path)
        return next((i + 1 for i, line in enumerate(lines) if line.startswith("int entry(")),
                    None)
    tree = _parsed(path)
    if tree is None:
        return None
    quoted = re.match(r"[^'(]*'([^']+)'", rest)
    if quoted:
        return _record_line(tree, quoted.group(1))
    symbol = re.split(r"[\s,]", rest.strip(), maxsplit=1)[0].removesuffix("()")
    return _def_line(tree.body, symbol.split("."))


def _secondary_lines(path: Path, rest: str) -> str:
    """``rest`` with the line of each further symbol it names: the second of ``relu(),
    TensorOps.relu`` and a node's recorder (``recorded by record_relu``)."""
    tree = _parsed(path)
    if tree is None:
        return rest

    def annotate(m: re.Match[str]) -> str:
        line = _def_line(tree.body, m.group(2).removesuffix("()").split("."))
        return f"{m.group(0)} (line {line})" if line else m.group(0)

    head, sep, tail = rest.partition(" (")  # the symbols, then what they are
    head = re.sub(r"(, )([\w.]+(?:\(\))?)", annotate, head)
    return head + sep + re.sub(r"(recorded by )(\w+)", annotate, tail)


def _record_line(tree: ast.Module, op: str) -> int | None:
    """The line of the record of ``op``: a call with ``name=op``, a tuple or call whose first
    item is ``op``, or a dict entry keyed by it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if any(k.arg == "name" and isinstance(k.value, ast.Constant) and k.value.value == op
                   for k in node.keywords):
                return node.lineno
        if isinstance(node, (ast.Call, ast.Tuple)):
            items = node.args if isinstance(node, ast.Call) else node.elts
            if items and isinstance(items[0], ast.Constant) and items[0].value == op:
                return node.lineno
        if isinstance(node, ast.Dict):
            for key in node.keys:
                if isinstance(key, ast.Constant) and key.value == op:
                    return key.lineno
    return None


def _def_line(body: list[ast.stmt], parts: list[str]) -> int | None:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == parts[0]:
                if len(parts) == 1:
                    return node.lineno
                if isinstance(node, ast.ClassDef):
                    return _def_line(node.body, parts[1:])
        elif isinstance(node, ast.Assign) and len(parts) == 1 and any(
                isinstance(t, ast.Name) and t.id == parts[0] for t in node.targets):
            return node.lineno
    return None


def _tests_of(root: Path, name: str, limit: int = 6) -> list[str]:
    """The test files that call the op (``al.NAME(``, ``.NAME(``) or name it in quotes, most
    mentions first: where to look, not a proof of coverage."""
    folder = root / "tests"
    if not folder.is_dir():
        return []
    pattern = re.compile(rf"(?:\.{re.escape(name)}_?\(|['\"]{re.escape(name)}(?:\.\w+)?['\"])")
    counts = []
    for path in sorted(folder.glob("test_*.py")):
        n = len(pattern.findall(path.read_text(encoding="utf-8", errors="replace")))
        if n:
            counts.append((-n, path.relative_to(root).as_posix()))
    return [f"{p} ({-n})" for n, p in sorted(counts)[:limit]]


def _forward_lines(spec: Spec, nf: NativeFunction, d: Derivative | None) -> list[str]:
    """The forward-mode rule and where it comes from (Note [Forward rules] in api_forward.py)."""
    if _COMPOSITE in nf.dispatch:
        return ["  forward mode: through its decomposition (the ops its kernel calls)"]
    if d is None:
        return ["  forward mode: none (a tangent raises; add a derivatives.yaml entry with "
                "'result:')"]
    origin, loc, why = emit_forward.describe(spec).get(str(nf.func.name), ("none", str(d.loc), ""))
    if origin == "none":
        return [f"  forward mode: none ({why}); add 'result:' to the entry at {loc}"]
    lines = [f"  forward mode ({origin}, {loc}):"]
    rule = next(r for r in api_forward.rules(spec) if r.op == str(nf.func.name))
    if origin == "zero":
        lines.append("    the tangent is zero")
    elif rule.linear:
        tangents = ", ".join(f"{x.name}_t" for x in rule.inputs)
        lines.append(f"    {nf.func.name.name.base} applied to the tangents ({tangents})")
    else:
        for t in rule.terms:
            lines.append(f"    {'+ ' if t is not rule.terms[0] else ''}{t.expr}")
    return lines


def install_note(root: Path) -> str | None:
    """Say so when the `aten_lite` Python imports is not this checkout (a non-editable install)."""
    spec = importlib.util.find_spec("aten_lite")
    if spec is None or spec.origin is None:
        return "note: aten_lite is not installed; run `pip install -e .` in this checkout"
    installed = Path(spec.origin).resolve().parent
    if installed != (root / "aten_lite").resolve():
        return (f"note: Python imports aten_lite from {installed}, not from this checkout, so it "
                "will not see this change; run `pip install .` again, or `pip install -e .` once "
                "so that aten-lite-gen changes are live")
    return None


# Reducers whose result is bool whatever the input (the others keep a floating input floating).
_BOOL_REDUCERS = ("all", "any")


def missing_derivative_notes(spec: Spec) -> list[str]:
    """One line per functional op with a floating result and no derivative, so its author
    learns now, not from a user's backward(), that autograd will refuse it. Only ops whose
    result dtype the YAML decides (``elementwise:``/``reduction:``) are judged; a
    ``dispatch:`` kernel's result dtype is its own business (argmax returns int64)."""
    derivs = _derivatives(spec)
    notes = []
    for nf in spec.native:
        if nf.func.kind() is not SchemaKind.functional or str(nf.func.name) in derivs:
            continue
        if not _floating_result(nf):
            continue
        notes.append(f"note: {nf.loc}: {nf.func.name} returns floating tensors and has no "
                     f"derivative, so backward() through it raises; add one to "
                     f"{gen.DERIVATIVES}, or ignore this if the op is not differentiable")
    return notes


def _floating_result(nf: NativeFunction) -> bool:
    if nf.elementwise is None and nf.reduction is None:
        return False
    if nf.type_promotion == "always_bool" or nf.reduction in _BOOL_REDUCERS:
        return False
    # int_to_float turns every input dtype into a floating result.
    floating = [d for d in nf.dtypes if d.startswith("float")]
    return bool(floating) or nf.type_promotion == "int_to_float"
