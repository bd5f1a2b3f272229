"""Batching rules: how an op runs on a batch of samples at once (Note [Batching rules]).

Note [Batching rules]
A rule is ``rule(level, h, args) -> result``: ``h`` is the op's handle, ``args`` its arguments
in schema order, some of them ``BatchedTensor``s of ``level`` (``level.level``, batch size
``level.size``). It runs with the level's dispatch mode set aside, so the ops it calls on the
physical values are ordinary calls (recorded by autograd, seen by an outer vmap level), and
returns the result with the batch wrapped again. Which rule an op gets (``rule_for``):

* **elementwise**: every op the YAML declares ``elementwise:`` or tags ``pointwise`` (the
  runtime reads both from the op's registry record: ``h.elementwise``, ``h.tags``), in-place
  forms included. One generic rule: each batched operand's batch dim goes to the front and
  size-1 dims are put after it until every batched operand has the rank of the highest-rank
  operand; then broadcasting lines the samples up, unbatched operands included.
* **reductions**: ops with a ``reduction:`` entry (sum, mean, prod, amax, amin, all, any), and
  argmax/argmin: the batch goes to the front and the ``dim`` argument shifts by one; no
  ``dim`` (reduce everything) becomes every dim but the batch.
* **dim ops** (``DIM_ARGS``): ops that treat every dim but the named ones independently
  (softmax, cumsum, select, narrow, transpose, cat, stack, gather, sort, ...): the batch goes
  to the front of every aligned tensor operand (an unbatched one is expanded), and each named
  dim argument is wrapped against the logical rank and shifted by one.
* **hand-written**: views whose arguments are shapes (view, reshape, expand, permute, t,
  squeeze), matmul and its family (mm, bmm, dot), index with tensors, nll_loss, and ops that
  keep the batch where it is (clone, to).
* **composite** ops without a rule run their decomposition: its ops reach the mode one by one.
* everything else falls back to ``per_sample``: the op runs once per sample and the results
  are stacked, with a warning once per op (``vmap.py`` records which ops fell back).
"""

from __future__ import annotations

from ..rules.shapes.core import broadcast_shapes
from ..tensors.tensor import Tensor, wrap_dim
from .batched_tensor import BatchedTensor, batched

__all__ = ["rule_for", "per_sample", "out_overload_error"]


# ---- helpers ----


def _mine(x, level) -> bool:
    return isinstance(x, BatchedTensor) and x._level == level.level


def _front(x, level):
    """``(physical tensor with the batch at dim 0, True)`` for ``x`` batched at ``level``,
    else ``(x, False)``."""
    if not _mine(x, level):
        return x, False
    v, d = x._value, x._bdim
    if d == 0:
        return v, True
    return v.permute([d] + [i for i in range(v.dim()) if i != d]), True


def _materialize(x, level) -> Tensor:
    """``x`` with the batch at dim 0, an unbatched tensor expanded to the batch size."""
    v, mine = _front(x, level)
    if mine:
        return v
    return x.unsqueeze(0).expand([level.size] + list(x.shape))


def _wrap(out, level, bdim: int = 0):
    if isinstance(out, Tensor):
        return batched(out, bdim, level.level)
    if isinstance(out, (tuple, list)):
        items = [_wrap(o, level, bdim) for o in out]
        return items if isinstance(out, list) else tuple(items)
    return out


def _pos(h, name: str):
    for i, a in enumerate(h.args):
        if a.name == name:
            return i
    return None


def _logical_rank(h, args) -> int:
    for i in h.tensor_pos:
        a = args[i]
        if isinstance(a, Tensor):
            return a.dim()
        if isinstance(a, (list, tuple)) and a and isinstance(a[0], Tensor):
            return a[0].dim()
    return 0


def _any_mine(x, level) -> bool:
    if isinstance(x, (list, tuple)):
        return any(_mine(t, level) for t in x)
    return _mine(x, level)


def out_overload_error(h) -> RuntimeError:
    return RuntimeError(
        f"vmap: al.{h.base} with out= ({h.name}) is not supported inside vmap: the output "
        "cannot hold every sample; call the functional form and return its result")


def _inplace_error(h) -> RuntimeError:
    return RuntimeError(
        f"vmap: {h.name}(self, *extra_args) is not possible because there exists a Tensor "
        "`other` in extra_args that has more elements than `self`. This happened due to "
        "`other` being vmapped over but `self` not being vmapped over in a vmap. Please try "
        "to use out-of-place operators instead of inplace arithmetic.")


# ---- elementwise (derived from the YAML: h.elementwise, the pointwise tag) ----


def elementwise(level, h, args):
    tensors = [i for i in h.tensor_pos if isinstance(args[i], Tensor)]
    rank = max(args[i].dim() for i in tensors)
    writes = h.kind == "inplace"
    if writes and not _mine(args[0], level):
        raise _inplace_error(h)
    call = list(args)
    for i in tensors:
        v, mine = _front(args[i], level)
        if mine and args[i].dim() < rank:
            v = v.reshape([level.size] + [1] * (rank - args[i].dim()) + list(args[i].shape))
        call[i] = v
    out = h.call(tuple(call))
    return args[0] if writes else _wrap(out, level)


# ---- reductions over dims ----


def reduction(level, h, args):
    x = args[0]
    rank = x.dim()
    v, _ = _front(x, level)
    call = list(args)
    p, k = _pos(h, "dim"), _pos(h, "keepdim")
    keepdim = bool(args[k]) if k is not None else False
    spec = h.args[p]
    dims = args[p]
    every = dims is None or (spec.is_list and len(dims) == 0)
    if rank == 0:  # a 0-dim sample: a dim of size 1 to reduce, dropped after
        if not every:
            for d in ([dims] if isinstance(dims, int) else dims):
                wrap_dim(d, 0)
        v = v.unsqueeze(1)
        call[0], call[p] = v, ([1] if spec.is_list else 1)
        return _wrap(h.call(tuple(call)).reshape([level.size]), level)
    if every and spec.is_list:
        call[p] = list(range(1, rank + 1))
    elif every:  # an `int?` dim (prod, argmax): reduce the flattened sample
        call[0], call[p] = v.reshape([level.size, -1]), 1
        out = h.call(tuple(call))
        return _wrap(out.reshape([level.size] + [1] * rank) if keepdim else out, level)
    elif isinstance(dims, int):
        call[p] = wrap_dim(dims, rank) + 1
    else:
        call[p] = [wrap_dim(d, rank) + 1 for d in dims]
    call[0] = v
    return _wrap(h.call(tuple(call)), level)


# ---- ops with dim arguments ----

# op -> (its dim arguments, what the result's rank adds to the input's, the tensor arguments
# lined up with the batch (None: all); any other tensor argument must be unbatched).
DIM_ARGS = {
    "softmax.int": (("dim",), 0, None),
    "log_softmax.int": (("dim",), 0, None),
    "_log_softmax_backward": (("dim",), 0, None),
    "cumsum": (("dim",), 0, None),
    "cumprod": (("dim",), 0, None),
    "max.dim": (("dim",), 0, None),
    "min.dim": (("dim",), 0, None),
    "sort": (("dim",), 0, None),
    "topk": (("dim",), 0, None),
    "select.int": (("dim",), 0, None),
    "slice.Tensor": (("dim",), 0, None),
    "narrow": (("dim",), 0, None),
    "split.Tensor": (("dim",), 0, None),
    "split.sizes": (("dim",), 0, None),
    "chunk": (("dim",), 0, None),
    "unbind.int": (("dim",), 0, None),
    "transpose.int": (("dim0", "dim1"), 0, None),
    "diagonal": (("dim1", "dim2"), 0, None),
    "flatten.using_ints": (("start_dim", "end_dim"), 0, None),
    "squeeze.dim": (("dim",), 0, None),
    "squeeze.dims": (("dim",), 0, None),
    "unsqueeze": (("dim",), 1, None),
    "cat": (("dim",), 0, None),
    "stack": (("dim",), 1, None),
    "gather": (("dim",), 0, None),
    "scatter.src": (("dim",), 0, None),
    "scatter.value": (("dim",), 0, None),
    "scatter_add": (("dim",), 0, None),
    "index_select": (("dim",), 0, ("self",)),
    "index_add": (("dim",), 0, ("self", "source")),
}


def _dim_rule(names: tuple, extra: int, aligned):
    def rule(level, h, args):
        call = list(args)
        for i in h.tensor_pos:
            a = args[i]
            if aligned is not None and h.args[i].name not in aligned:
                if _any_mine(a, level):
                    return per_sample(level, h, args)
                continue
            if isinstance(a, Tensor):
                call[i] = _materialize(a, level)
            elif isinstance(a, (list, tuple)):
                call[i] = [_materialize(t, level) for t in a]
        rank = _logical_rank(h, args) + extra
        for name in names:
            p = _pos(h, name)
            d = args[p]
            if isinstance(d, (list, tuple)):
                call[p] = [wrap_dim(e, rank) + 1 for e in d]
            elif d is not None:
                call[p] = wrap_dim(d, rank) + 1
        return _wrap(h.call(tuple(call)), level)
    return rule


# ---- hand-written rules ----


def keeps_batch(level, h, args):
    """Ops whose result has the input's geometry: the batch stays where it is."""
    x = args[0]
    out = h.call((x._value,) + tuple(args[1:]))
    return batched(out, x._bdim, level.level)


def _reshape(level, h, args):
    v, _ = _front(args[0], level)
    size = [level.size] + list(args[1])
    # A batch moved to the front is a permuted view, which view() may refuse: reshape copies
    # only when it must.
    return _wrap(h.call((v, size)) if args[0]._bdim == 0 else v.reshape(size), level)


def _expand(level, h, args):
    x, size = args[0], list(args[1])
    v, _ = _front(x, level)
    if len(size) < x.dim():
        raise RuntimeError(
            f"expand: the number of sizes provided ({len(size)}) must be greater or equal to "
            f"the number of dimensions in the tensor ({x.dim()})")
    v = v.reshape([level.size] + [1] * (len(size) - x.dim()) + list(x.shape))
    return _wrap(v.expand([level.size] + size), level)


def _permute(level, h, args):
    v, _ = _front(args[0], level)
    rank = args[0].dim()
    return _wrap(v.permute([0] + [wrap_dim(d, rank) + 1 for d in args[1]]), level)


def _t(level, h, args):
    v, _ = _front(args[0], level)
    if args[0].dim() > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is "
                           f"{args[0].dim()}D")
    return _wrap(v.transpose(1, 2) if args[0].dim() == 2 else v, level)


def _squeeze(level, h, args):
    v, _ = _front(args[0], level)
    dims = [i + 1 for i, n in enumerate(args[0].shape) if n == 1]
    return _wrap(v.squeeze(dims) if dims else v, level)


def _matmul(level, h, args):
    """matmul and its family (mm, bmm, dot) as one batched matmul: 1-D operands become
    matrices, the batch goes to the front with size-1 dims after it up to the other
    operand's rank, and matmul's broadcasting folds the batch into one product."""
    a, b = args[0], args[1]
    ra, rb = a.dim(), b.dim()
    if ra == 0 or rb == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are "
                           f"{ra}D and {rb}D")
    if h.name == "mm" and (ra != 2 or rb != 2):
        raise RuntimeError("self must be a matrix" if ra != 2 else "mat2 must be a matrix")
    if h.name == "bmm" and (ra != 3 or rb != 3):
        raise RuntimeError("batch1 must be a 3D tensor" if ra != 3 else
                           "batch2 must be a 3D tensor")
    if h.name == "dot" and (ra != 1 or rb != 1):
        raise RuntimeError(f"1D tensors expected, but got {ra}D and {rb}D tensors")
    va, ma = _front(a, level)
    vb, mb = _front(b, level)
    # logical unsqueeze of vectors: a (..., m) -> (..., 1, m); b (m) -> (m, 1)
    if ra == 1:
        va = va.unsqueeze(-2)
    if rb == 1:
        vb = vb.unsqueeze(-1)
    la, lb = max(ra, 2), max(rb, 2)
    top = max(la, lb)
    if ma and la < top:
        va = va.reshape([level.size] + [1] * (top - la) + list(va.shape[1:]))
    if mb and lb < top:
        vb = vb.reshape([level.size] + [1] * (top - lb) + list(vb.shape[1:]))
    # An unbatched operand lines up with the dims after the batch by broadcasting.
    out = va.matmul(vb)
    if ra == 1:
        out = out.squeeze(-2)
    if rb == 1:
        out = out.squeeze(-1)
    return _wrap(out, level)


def _index(level, h, args):
    """``x[i, j]`` with tensor indices: the batch is one more sliced dim in front, so the
    indexed dims move or stay as NumPy's placement rule says, and the batch dim follows."""
    x, indices = args[0], list(args[1])
    if any(_mine(t, level) for t in indices):
        return per_sample(level, h, args)
    v, _ = _front(x, level)
    out = h.call((v, [None] + indices))
    used = [i for i, t in enumerate(indices) if t is not None]
    adjacent = used == list(range(used[0], used[-1] + 1)) if used else True
    if adjacent:
        return _wrap(out, level)
    # Separated tensor indices put their result dims first; the batch comes right after.
    shape = broadcast_shapes(*[tuple(indices[i].shape) for i in used])
    return _wrap(out, level, len(shape))


def _nll_loss(level, h, args):
    """nll_loss per sample: the samples' rows go through one nll_loss with reduction 'none',
    then each sample's reduction (a weighted mean divides by its own weight total)."""
    x, target, weight, reduction, ignore = args
    if _mine(weight, level) or x.dim() not in (1, 2):
        return per_sample(level, h, args)
    vx = _materialize(x, level)
    vt = _materialize(target, level)
    n = 1 if x.dim() == 1 else x.shape[0]
    c = x.shape[-1]
    losses = h.call((vx.reshape([level.size * n, c]), vt.reshape([-1]), weight, 0, ignore))
    losses = losses.reshape([level.size, n])
    if reduction == 0:
        return _wrap(losses.reshape([level.size]) if x.dim() == 1 else losses, level)
    total = losses.sum(1)
    if reduction == 2:
        return _wrap(total, level)
    kept = vt.reshape([level.size, n]) != ignore
    if weight is None:
        denom = kept.to(losses.dtype).sum(1)
    else:
        picked = weight.index_select(0, (vt.reshape([-1]) * kept.reshape([-1])))
        denom = (picked.reshape([level.size, n]) * kept).sum(1)
    return _wrap(total / denom, level)


_RULES = {
    "view": _reshape,
    "reshape": _reshape,
    "expand": _expand,
    "permute": _permute,
    "t": _t,
    "squeeze": _squeeze,
    "matmul": _matmul,
    "mm": _matmul,
    "bmm": _matmul,
    "dot": _matmul,
    "index.Tensor": _index,
    "nll_loss": _nll_loss,
    "clone": keeps_batch,
    "contiguous": keeps_batch,
    "to.dtype": keeps_batch,
    "to.device": keeps_batch,
    "argmax": reduction,
    "argmin": reduction,
}
_RULES.update({name: _dim_rule(*spec) for name, spec in DIM_ARGS.items()})


def rule_for(h):
    """The batching rule of ``h`` (Note [Batching rules]); None when it has none (a composite
    op then runs its decomposition, any other op ``per_sample``)."""
    rule = _RULES.get(h.name)
    if rule is not None:
        return rule
    if h.kind in ("functional", "inplace") and (h.elementwise or "pointwise" in h.tags):
        return elementwise
    if h.kind == "functional" and h.reduction is not None:
        return reduction
    if h.kind == "inplace" and h.name in ("fill_.Scalar", "zero_", "copy_",
                                          "masked_fill_.Scalar"):
        return elementwise  # in-place writes that broadcast like an elementwise op
    if h.name == "masked_fill.Scalar":
        return elementwise
    return None


# ---- the fallback ----


def per_sample(level, h, args):
    """The op once per sample (each batched argument's sample ``i``), results stacked along a
    new dim 0: what an op without a rule costs (Note [Batching rules])."""
    level.note_fallback(h)
    writes = h.kind == "inplace"
    if writes and not _mine(args[0], level):
        raise _inplace_error(h)
    results = []
    for i in range(level.size):
        call = list(args)
        for p in h.tensor_pos:
            a = args[p]
            if isinstance(a, (list, tuple)):
                call[p] = [_sample(t, level, i) for t in a]
            else:
                call[p] = _sample(a, level, i)
        results.append(h.call(tuple(call)))
    if writes:
        return args[0]
    return _stacked(results, level)


def _sample(t, level, i: int):
    return t._value.select(t._bdim, i) if _mine(t, level) else t


def _stacked(results: list, level):
    from .._generated.ops import stack  # noqa: PLC0415 (the bindings import after this layer's setup)

    first = results[0]
    if isinstance(first, Tensor):
        return batched(stack(results), 0, level.level)
    if isinstance(first, (tuple, list)):
        parts = [_stacked([r[k] for r in results], level) for k in range(len(first))]
        return parts if isinstance(first, list) else tuple(parts)
    if all(r == first for r in results):
        return first
    raise RuntimeError(f"vmap: the op returned a {type(first).__name__} that differs between "
                       "samples; it cannot be batched")
