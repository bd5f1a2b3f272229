"""The C++ source of a row kernel: a fused group whose reductions over a row are read back by
the row's elementwise tail (Note [Row fusion] in passes/fusion.py; the spec's fields are in
fused_spec.py).

Note [Row kernels]
The kernel walks the rows (the leading dims of the iteration space), a block of rows per task
of the core's thread pool, and for each row runs one pass over the row per reduction step,
then one pass writing the element-level outputs. A pass recomputes the element-level steps it
needs from the inputs, which after the first pass come from the cache (a 1024-float row is
4 KB), so nothing of the row but the outputs is written to memory. Between passes, the
row-level steps (``var + eps``, its ``rsqrt``) run once on the row's values. A reduction pass
folds as reduce.h folds a contiguous run (Note [Lanes follow the logical index]): element i of
each kBlock block into lane i % L, lanes merged pairwise, blocks widened and merged in order.
So a row's result depends on its values only, never on the thread count or the addresses,
and a sum or mean of a row equals eager's reduction of the same values bit for bit. An input
read along the row with a stride other than one element (a transposed input, a per-row
value broadcast over the row) is first gathered into a buffer of one row, so every pass runs
unit-stride loops that GCC vectorises.
"""

from __future__ import annotations

import hashlib
import importlib

from ..vocab import dtype as _dtype
from . import fusion_entries
from .fused_spec import FusedSpec
from .kernels_source import (FusedSource, FusionBuildError, _entries, _environment,
                             _restore_lines, _step, _storage, wide_vectors)

__all__ = ["row_source", "ROW_REDUCERS", "step_levels"]

ROW_REDUCERS = ("sum", "mean", "amax", "amin", "prod")


def step_levels(spec: FusedSpec) -> list:
    """Per step: True when it is row-level (fused_spec.py)."""
    rows = set(spec.row_inputs)
    levels: list = []
    for step in spec.steps:
        if step.op in ROW_REDUCERS:
            levels.append(True)
            continue
        tensors = [(k, v) for k, v in step.args if k != "const"]
        levels.append(bool(tensors) and all((v in rows) if k == "in" else levels[v]
                                            for k, v in tensors))
    return levels


def row_source(spec: FusedSpec) -> FusedSource:
    """The translation unit of row kernel ``spec`` (Note [Row kernels])."""
    from .library_entries import LibraryEntryError, library_entry

    entries = _entries()
    n_in = len(spec.inputs)
    levels = step_levels(spec)
    row_inputs = set(spec.row_inputs)
    where = []
    for j, step in enumerate(spec.steps):
        if step.op in ROW_REDUCERS:
            where.append(step.op)
            continue
        try:
            nf = entries.get(step.op) or library_entry(step.op)
        except LibraryEntryError as exc:
            raise FusionBuildError(str(exc)) from None
        if nf is None:
            raise FusionBuildError(f"fused kernel: step {j} is {step.op!r}, which has no "
                                   "`elementwise:` expression")
        where.append(f"{step.op} ({nf.loc})")
    summary = "rows: " + " -> ".join(where)
    _check(spec, levels, summary)
    in_dtypes = [_dtype.parse(d) for d in spec.inputs]
    step_dtypes = [_dtype.parse(s.dtype) for s in spec.steps]

    def pass_names(kind, v):  # inside a pass over the row's elements
        if kind == "in":
            return f"ri{v}" if v in row_inputs else f"i{v}[j]"
        return f"r{v}" if levels[v] else f"v{v}"

    def row_names(kind, v):  # between passes, on the row's values
        return f"row.ri{v}" if kind == "in" else f"row.r{v}"

    elem_code, row_code = {}, {}
    for j, step in enumerate(spec.steps):
        if step.op in ROW_REDUCERS:
            continue
        nf = entries.get(step.op) or library_entry(step.op)
        if levels[j]:
            row_code[j] = _step(j, step, nf, in_dtypes, step_dtypes[:j], summary, row_names)
        else:
            elem_code[j] = _step(j, step, nf, in_dtypes, step_dtypes[:j], summary, pass_names)
    functors = [row_code.get(j) or elem_code[j] for j in sorted({*elem_code, *row_code})]

    def needed(roots, cached) -> list:
        """The lines computing the element-level values ``roots`` (step indices) from the
        inputs, the row's values and the ``cached`` steps' buffers, in step order."""
        seen, todo = set(), [j for j in roots if not levels[j]]
        while todo:
            j = todo.pop()
            if j in seen:
                continue
            seen.add(j)
            if j not in cached:
                todo.extend(v for k, v in spec.steps[j].args if k == "step" and not levels[v])
        lines = []
        for j in sorted(seen):
            c = elem_code[j]
            if j in cached:
                lines.append(f"const {c.result} v{j} = c{j}[j];")
            else:
                lines.append(f"const {c.result} v{j} = static_cast<{c.result}>("
                             f"kStep{j}({', '.join(c.args)}));")
        return lines

    def value(kind, v):
        return pass_names(kind, v) if kind == "in" else f"v{v}"

    elem_inputs = [i for i in range(n_in) if i not in row_inputs]
    outs = list(spec.outputs)
    elem_outs = [o for o, j in enumerate(outs) if not levels[j]]
    reductions = [j for j, step in enumerate(spec.steps) if step.op in ROW_REDUCERS]
    # A reduced element-level step a later pass reads again (softmax's exp) is kept in a
    # row buffer by the pass that reduces it (Note [Row kernels]).
    later: set = set()
    cache_steps: list = []
    roots_after = [outs[o] for o in elem_outs]
    for j in reversed(reductions):
        kind, v = spec.steps[j].args[0]
        if kind == "step" and v in _closure(spec, levels, roots_after):
            cache_steps.append(v)
        if kind == "step":
            roots_after = roots_after + [v]
    cache_steps.sort()
    cached: set = set()
    passes, sequence = [], []
    for j, step in enumerate(spec.steps):
        if step.op in ROW_REDUCERS:
            kind, v = step.args[0]
            red = fusion_entries.reducer(step.op)
            storage = _storage(spec.inputs[v] if kind == "in" else spec.steps[v].dtype)
            body = needed([v] if kind == "step" else [], cached)
            store = kind == "step" and v in cache_steps and v not in cached
            if store:
                body.append(f"c{v}[j] = v{v};")
            passes.append({"reducer": red, "storage": storage, "ret": _storage(step.dtype),
                           "body": body, "value": value(kind, v), "writes": [],
                           "what": f"step {j}: {step.op} of the row"})
            sequence.append(f"row.r{j} = pass{len(passes) - 1}(n, {_args(elem_inputs, [])}"
                            f"{_caches(cache_steps)}row);")
            if store:
                cached.add(v)
        elif levels[j]:
            s = row_code[j]
            sequence.append(f"row.r{j} = static_cast<{s.result}>(kStep{j}({', '.join(s.args)}));")
    if elem_outs:
        writes = [{"index": o, "step": outs[o]} for o in elem_outs]
        passes.append({"reducer": "", "ret": "void",
                       "body": needed([outs[o] for o in elem_outs], cached),
                       "writes": writes, "what": "the element-level outputs"})
        sequence.append(f"pass{len(passes) - 1}(n, {_args(elem_inputs, elem_outs)}"
                        f"{_caches(cache_steps)}row);")
    out_types = [_storage(spec.steps[j].dtype) for j in outs]
    in_types = [_storage(d) for d in spec.inputs]
    row_fields = [{"type": in_types[i], "name": f"ri{i}"} for i in spec.row_inputs] + [
        {"type": _storage(s.dtype), "name": f"r{j}"} for j, s in enumerate(spec.steps)
        if levels[j]]
    n_out = len(outs)
    operands = [{"type": t, "row": levels[j], "out": True} for t, j in zip(out_types, outs)] + [
        {"type": t, "row": i in row_inputs, "out": False} for i, t in enumerate(in_types)]
    k = {
        "name": "", "path": "", "summary": summary, "steps": functors, "row_fields": row_fields,
        "passes": passes, "sequence": sequence,
        "pass_params": [f"const {in_types[i]}* __restrict i{i}" for i in elem_inputs] +
                       [f"{_storage(spec.steps[j].dtype)}* __restrict c{j}"
                        for j in cache_steps],
        "caches": [{"step": j, "type": _storage(spec.steps[j].dtype)} for j in cache_steps],
        "out_params": {o: f"{out_types[o]}* __restrict o{o}" for o in elem_outs},
        "row_input_loads": [{"index": i, "type": in_types[i], "operand": n_out + i}
                            for i in spec.row_inputs],
        "elem_inputs": [{"index": i, "type": in_types[i], "operand": n_out + i}
                        for i in elem_inputs],
        "elem_outs": [{"index": o, "type": out_types[o]} for o in elem_outs],
        "row_outs": [{"index": o, "type": out_types[o], "step": j}
                     for o, j in enumerate(outs) if levels[j]],
        "operands": operands, "full": n_out + elem_inputs[0],
        "n_tensors": len(operands) - 1,
        "tensor_names": ([f"out{i}" for i in range(n_out)] +
                         [f"in{i}" for i in range(n_in)])[1:],
        "dtype_codes": [_dtype.parse(spec.steps[j].dtype).code for j in outs] +
                       [d.code for d in in_dtypes],
        "writes": hex((1 << n_out) - 1),
    }
    jinja2 = importlib.import_module("jinja2")
    template = _environment(jinja2).get_template("fused_rows.cpp.j2")
    draft = template.render(k=k)
    name = "fused_rows_" + hashlib.sha256(draft.encode()).hexdigest()[:16]
    k["name"], k["path"] = name, f"{name}.cpp"
    # Note [Wide vectors in fused kernels]
    text = wide_vectors(_restore_lines(template.render(k=k)))
    dtypes = tuple(spec.steps[j].dtype for j in outs) + tuple(spec.inputs)
    return FusedSource(name, text, summary, dtypes, None)


def _closure(spec, levels, roots) -> set:
    """The element-level steps that computing ``roots`` reads, ``roots`` included."""
    seen, todo = set(), [j for j in roots if not levels[j]]
    while todo:
        j = todo.pop()
        if j not in seen:
            seen.add(j)
            todo.extend(v for k, v in spec.steps[j].args if k == "step" and not levels[v])
    return seen


def _caches(cache_steps) -> str:
    return "".join(f"c{j}, " for j in cache_steps)


def _args(elem_inputs, elem_outs) -> str:
    return "".join(f"o{o}, " for o in elem_outs) + "".join(f"i{i}, " for i in elem_inputs)


def _check(spec: FusedSpec, levels, summary: str) -> None:
    if not spec.steps or not spec.outputs:
        raise FusionBuildError(f"fused kernel {summary}: a row kernel needs steps and outputs")
    if spec.reduction is not None:
        raise FusionBuildError(f"fused kernel {summary}: a row kernel has no trailing reduction")
    tensors = len(spec.inputs) + len(spec.outputs)
    if tensors > 17:  # out + kMaxKernelArgs (aten_lite/csrc/kernel_api.h)
        raise FusionBuildError(f"fused kernel {summary}: {tensors} tensors (inputs and "
                               "outputs); a kernel takes at most 17: split the group")
    if all(i in spec.row_inputs for i in range(len(spec.inputs))):
        raise FusionBuildError(f"fused kernel {summary}: a row kernel reads at least one "
                               "element-level input")
    for j in spec.outputs:
        if not 0 <= j < len(spec.steps):
            raise FusionBuildError(f"fused kernel {summary}: output step {j} out of range "
                                   f"0..{len(spec.steps) - 1}")
    for j, step in enumerate(spec.steps):
        if step.op not in ROW_REDUCERS:
            continue
        if len(step.args) != 1 or step.args[0][0] not in ("in", "step"):
            raise FusionBuildError(f"fused kernel {summary}: step {j} ({step.op}) takes one "
                                   "tensor argument")
        kind, v = step.args[0]
        arg = spec.inputs[v] if kind == "in" else spec.steps[v].dtype
        if (kind == "step" and (not 0 <= v < j or levels[v])) or \
                (kind == "in" and v in spec.row_inputs):
            raise FusionBuildError(f"fused kernel {summary}: step {j} ({step.op}) must reduce "
                                   "an element-level value")
        if arg != step.dtype or not _dtype.parse(arg).is_floating_point:
            raise FusionBuildError(f"fused kernel {summary}: step {j} ({step.op}) reduces "
                                   f"{arg} into {step.dtype}; a row reduction keeps one "
                                   "floating dtype")
