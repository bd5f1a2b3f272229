"""The reference executor of a FusedSpec: its steps run one op at a time through the normal ops.

``eager_fused(spec)`` has the signature of the fused-kernel builder's ``compile_fused(spec)``
(the contract in ``fused_spec.py``): it returns a callable ``kernel(inputs, out=None)`` giving
one tensor per ``spec.outputs`` entry, the reduction's result last. Graph mode runs a fused
group through it when no built kernel is available for the group, and tests use it as the
oracle of the built kernels: it is eager aten_lite by construction, since each step runs the
CPU kernel the dispatcher gives the op the step names.

>>> import aten_lite as al
>>> from aten_lite.compile.fused_spec import FusedSpec, FusedStep, FusedReduction
>>> spec = FusedSpec(inputs=("float32", "float32"),
...                  steps=(FusedStep("mul.Tensor", (("in", 0), ("const", 2)), "float32"),
...                         FusedStep("add.Tensor", (("step", 0), ("in", 1), ("const", 1)), "float32")),
...                  outputs=(), reduction=FusedReduction("sum", (), False, "float32"))
>>> eager_fused(spec)([al.ones(3), al.ones(3)])[0].item()
9.0

Note [Fused outputs cover the iteration space]
Every output of a fused kernel is a dense, contiguous tensor of the iteration space (the
broadcast of all the kernel's inputs), even a step that reads only some inputs: the kernel
writes every output at every point of its one loop. Likewise the reduction reduces the last
step over the whole iteration space. This executor expands the step results accordingly, so
its answers are what a fused loop computes.
"""

from __future__ import annotations

from ..vocab import dtype as _dtype
from ..dispatch.dispatcher import handle
from ..tensors.tensor import Tensor
from ..vocab.dispatch_keys import CPU
from .fused_spec import FusedSpec

__all__ = ["eager_fused"]

# The reduction ops a spec may name, and how their YAML schema takes dims: a list, or one int.
_REDUCTIONS = {"sum": "list", "mean": "list", "amax": "list", "amin": "list", "prod": "one"}


def eager_fused(spec: FusedSpec):
    """A callable running ``spec`` op by op (see the module docstring); checks the spec once."""
    _check_spec(spec)
    # Each step calls its op's CPU kernel: what the dispatcher would pick for CPU strided
    # inputs that need no gradient (the contract's inputs), without its per-call decisions.
    kinds = {"in": 0, "step": 1, "const": 2}
    plans = [(None if _is_row_reduction(spec, step) else handle(step.op).table,
              tuple((kinds[k], v) for k, v in step.args)) for step in spec.steps]
    expand = handle("expand")
    contiguous = handle("contiguous")
    copy_ = handle("copy_")

    def kernel(inputs, out=None):
        if len(inputs) != len(spec.inputs):
            raise ValueError(f"fused kernel: expected {len(spec.inputs)} inputs, got {len(inputs)}")
        for i, (t, name) in enumerate(zip(inputs, spec.inputs)):
            if not isinstance(t, Tensor) or t._dtype.name != name:
                got = t._dtype.name if isinstance(t, Tensor) else type(t).__name__
                raise TypeError(f"fused kernel: input {i} must be a {name} tensor, got {got}")
        shapes = [t._shape for t in inputs]
        space = shapes[0] if shapes and all(x == shapes[0] for x in shapes) \
            else _broadcast_shape(shapes)
        results: list = []
        for step, (table, argplan) in zip(spec.steps, plans):
            args = [inputs[v] if k == 0 else results[v] if k == 1 else v for k, v in argplan]
            if table is None:
                x = _to_space(args[0], space, expand, contiguous)
                results.append(_reduce_row(step, x, spec.row_dims))
            else:
                results.append(table[CPU](*args))
        levels = _levels(spec)
        row_shape = tuple(space[:len(space) - spec.row_dims]) + (1,) * spec.row_dims
        full = [_to_space(results[j], row_shape if levels[j] else space, expand, contiguous)
                for j in spec.outputs]
        if spec.reduction is not None:
            full.append(_reduce(spec, _to_space(results[-1], space, expand, contiguous)))
        if out is None:
            return full
        if len(out) != len(full):
            raise ValueError(f"fused kernel: expected {len(full)} out tensors, got {len(out)}")
        for o, r in zip(out, full):
            copy_.call((o, r, False))
        return list(out)

    return kernel


def _is_row_reduction(spec: FusedSpec, step) -> bool:
    return spec.row_dims > 0 and step.op in _REDUCTIONS


def _levels(spec: FusedSpec) -> list:
    """Per step: whether it is row-level (fused_spec.py), always False without row_dims."""
    rows = set(spec.row_inputs)
    levels: list = []
    for step in spec.steps:
        if _is_row_reduction(spec, step):
            levels.append(True)
            continue
        tensors = [(k, v) for k, v in step.args if k != "const"]
        levels.append(spec.row_dims > 0 and bool(tensors) and all(
            (v in rows) if k == "in" else levels[v] for k, v in tensors))
    return levels


def _reduce_row(step, x: Tensor, row_dims: int) -> Tensor:
    """A row kernel's reduction step: ``step.op`` over the last ``row_dims`` dims, kept."""
    nd = x.dim()
    dims = list(range(nd - row_dims, nd))
    if step.op == "prod":
        for d in reversed(dims):
            x = handle("prod").call((x, d, True, None))
        return x
    if step.op in ("amax", "amin"):
        return handle(step.op).call((x, dims, True))
    return handle(step.op).call((x, dims, True, None))


def _check_spec(spec: FusedSpec) -> None:
    n_in = len(spec.inputs)
    if spec.row_dims < 0 or (spec.row_dims and spec.reduction is not None):
        raise ValueError(f"FusedSpec: row_dims={spec.row_dims} must be >= 0, and a row kernel "
                         "has no trailing reduction")
    for i in spec.row_inputs:
        if not 0 <= i < n_in:
            raise ValueError(f"FusedSpec: row input {i} out of range 0..{n_in - 1}")
    for j, step in enumerate(spec.steps):
        if _is_row_reduction(spec, step):
            if len(step.args) != 1 or step.args[0][0] == "const" or (
                    step.args[0][0] == "step" and _levels(spec)[step.args[0][1]]) or (
                    step.args[0][0] == "in" and step.args[0][1] in spec.row_inputs):
                raise ValueError(f"FusedSpec step {j} ({step.op}): a row reduction takes one "
                                 "element-level argument")
        for a in step.args:
            kind, v = a
            if kind == "in" and not (0 <= v < n_in):
                raise ValueError(f"FusedSpec step {j} ({step.op}): input {v} out of range 0..{n_in - 1}")
            if kind == "step" and not (0 <= v < j):
                raise ValueError(f"FusedSpec step {j} ({step.op}): step {v} is not an earlier step")
            if kind not in ("in", "step", "const"):
                raise ValueError(f"FusedSpec step {j} ({step.op}): unknown argument kind {kind!r}; "
                                 "valid: 'in', 'step', 'const'")
    for j in spec.outputs:
        if not (0 <= j < len(spec.steps)):
            raise ValueError(f"FusedSpec: output step {j} out of range 0..{len(spec.steps) - 1}")
    r = spec.reduction
    if r is not None and r.op not in _REDUCTIONS:
        raise ValueError(f"FusedSpec: unsupported reduction {r.op!r}; valid: {', '.join(_REDUCTIONS)}")
    if r is not None and not spec.steps:
        raise ValueError("FusedSpec: a reduction needs at least one step to reduce")


def _broadcast_shape(shapes) -> tuple:
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for s in shapes:
        for i, n in enumerate(s, ndim - len(s)):
            if n != 1:
                if out[i] not in (1, n):
                    raise ValueError(f"fused kernel: input shapes {[tuple(x) for x in shapes]} "
                                     "do not broadcast to one iteration space")
                out[i] = n
    return tuple(out)


def _to_space(t: Tensor, space: tuple, expand, contiguous) -> Tensor:
    """Note [Fused outputs cover the iteration space]."""
    if tuple(t._shape) != space:
        t = expand.call((t, list(space), False))
    return contiguous.call((t,)) if not t.is_contiguous() else t


def _reduce(spec: FusedSpec, x: Tensor) -> Tensor:
    r = spec.reduction
    dims = list(r.dims) if r.dims else list(range(x.dim()))
    dtype = _dtype.parse(r.dtype)
    if r.op == "prod":
        # prod takes one dim: reduce the highest dims first, so the lower indices stay valid.
        if not r.dims:
            out = handle("prod").call((x, None, False, dtype))
            return out.reshape([1] * x.dim()) if r.keepdim else out
        for d in sorted(dims, reverse=True):
            x = handle("prod").call((x, d, r.keepdim, dtype))
        return x
    if r.op in ("amax", "amin"):
        result = handle(r.op).call((x, dims, r.keepdim))
    else:
        result = handle(r.op).call((x, dims, r.keepdim, dtype))
    if result._dtype is not dtype:
        raise TypeError(f"FusedSpec: reduction {r.op} gives {result._dtype.name}, spec says {r.dtype}")
    return result
