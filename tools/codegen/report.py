"""Text for `aten-lite-gen list` and `aten-lite-gen show OP`: the user's map of the ops."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from . import api_forward, emit_forward, gen
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


def show_op(root: Path, spec: Spec, query: str) -> int:
    groups = _matching(spec, query)
    if not groups:
        names = {nf.func.name.name.base for nf in spec.native}
        close = close_names(query, names, 3)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else "; see `aten-lite-gen list`"
        print(f"no op named {query!r}{hint}", file=sys.stderr)
        return 1
    derivs = _derivatives(spec)
    for group in groups:
        print(_show_group(spec, group, derivs))
    return 0


def _show_group(spec: Spec, group: list[NativeFunction], derivs: dict[str, Derivative]) -> str:
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
    for key in kernel_keys(head):
        lines.append(f"    {key:<26} -> {head.dispatch.get(key, 'generated kernel')}")
    if head.shape:
        lines.append(f"  shape rule: {head.shape}")
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
        if d.non_differentiable:
            lines.append(f"    non-differentiable: {', '.join(d.non_differentiable)}")
        if d.output_differentiability is not None:
            flags = ", ".join(str(flag) for flag in d.output_differentiability)
            lines.append(f"    output_differentiability: [{flags}]")
    lines.extend(_forward_lines(spec, head, d))
    where = [loc for nf in group for loc in _locations(spec, nf)]
    if where:
        lines.append("  generated:")
        lines.extend(f"    {w}" for w in dict.fromkeys(where))
    return "\n".join(lines)


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
