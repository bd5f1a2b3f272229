"""``vmap``: a function of one sample run on a batch of samples at once, as ``torch.func.vmap``.

>>> import aten_lite as al
>>> x = al.tensor([[1.0, 2.0], [3.0, 4.0]])
>>> al.vmap(lambda row: (row * row).sum())(x)
tensor([ 5., 25.])

Note [vmap levels]
Each call of a vmapped function opens a level: a dispatch mode (Note [Dispatch modes] in
dispatch/dispatcher.py) that sees every op while the function runs. The batched inputs enter
as ``BatchedTensor``s of the level (Note [Batched tensors] in batched_tensor.py); an op with
one of them among its arguments runs its batching rule (Note [Batching rules] in
batching_rules.py) with the level's mode set aside; any other op passes on to the mode below
(an outer vmap level, forward mode, a trace) or its kernel. Levels are numbered in the order
they open, so an inner level's number is higher, and leaving the level unwraps the outputs
(the batch moved to ``out_dims``). The level also watches random draws (``randomness``).

Note [Gradients under vmap]
``al.func.grad`` (and vjp, jacrev) inside vmap differentiate the physical tensors: each input
is made to hold every sample (an unbatched one expanded), with the batch of every active level
in front, and becomes the leaf; the output is brought to the same layout and the backward
runs once over all samples. Samples never mix in a batching rule, so the gradient of the
physical leaf is every sample's gradient, which is wrapped again for the levels. This is how
``vmap(grad(loss), in_dims=(None, 0, 0))(params, x, y)`` gives per-sample gradients with one
backward pass.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import warnings

from ..autograd import forward_ad as _fw
from ..dispatch import dispatcher as _dispatch
from ..frontend import random as _random
from ..tensors.tensor import Tensor, wrap_dim
from .batched_tensor import BatchedTensor, batched
from .batching_rules import out_overload_error, per_sample, rule_for

__all__ = ["vmap", "active", "lift_for_grad", "grads_of_lifted", "is_lifted",
           "dual_level_below", "lifted_dual", "unpack_lifted"]

_RANDOMNESS = ("error", "different", "same")
_LEVELS: list = []  # the open levels, outermost first
_numbers = itertools.count(1)
_RULES: dict = {}  # op name -> its rule, or False (none), looked up once
_WARNED: set = set()  # ops whose fallback has been warned about


class _VmapLevel:
    """One open vmap level: its dispatch mode (Note [vmap levels])."""

    __slots__ = ("level", "size", "randomness", "fallbacks", "previous")

    def __init__(self, size: int, randomness: str, fallbacks: set) -> None:
        self.level = next(_numbers)
        self.size = size
        self.randomness = randomness
        self.fallbacks = fallbacks  # the vmapped function's record of ops run per sample
        self.previous = None

    def run(self, h, key, keys, args, below_autograd):
        if not _has_batched(h, args, self.level):
            prev = self.previous
            if prev is not None:
                return prev.run(h, key, keys, args, below_autograd)
            return h.table[key](*args)
        if h.kind == "out":
            raise out_overload_error(h)
        rule = _RULES.get(h.name)
        if rule is None:
            rule = _RULES[h.name] = rule_for(h) or False
        if not rule and h.composite:
            return h.table[key](*args)  # the decomposition's ops come back here one by one
        outer = _dispatch.set_mode(self.previous)
        try:
            return (rule or per_sample)(self, h, args)
        finally:
            _dispatch.set_mode(outer)

    def note_fallback(self, h) -> None:
        self.fallbacks.add(h.name)
        if h.name not in _WARNED:
            _WARNED.add(h.name)
            warnings.warn(
                f"vmap: al.{h.base} ({h.name}, {h.loc}) has no batching rule, so it runs once "
                "per sample and the results are stacked; see docs/VMAP.md",
                RuntimeWarning, stacklevel=4)


def _has_batched(h, args, level: int) -> bool:
    for i in h.tensor_pos:
        a = args[i]
        if isinstance(a, BatchedTensor):
            if a._level == level:
                return True
        elif isinstance(a, (list, tuple)):
            for t in a:
                if isinstance(t, BatchedTensor) and t._level == level:
                    return True
    return False


def _random_draw() -> None:
    if any(lvl.randomness == "error" for lvl in _LEVELS):
        raise RuntimeError(
            "vmap: called random operation while in randomness error mode. Please either use "
            "the 'same' or 'different' randomness flags on vmap or perform the randomness "
            "operation out of vmap")


def active() -> bool:
    """Whether a vmapped function is running."""
    return bool(_LEVELS)


# ---- pytrees of arguments and outputs (tuples, lists, dicts) ----


def _leaves(tree) -> list:
    if isinstance(tree, (tuple, list)):
        return [x for t in tree for x in _leaves(t)]
    if isinstance(tree, dict):
        return [x for t in tree.values() for x in _leaves(t)]
    return [tree]


def _rebuild(tree, leaves):
    """``tree`` with its leaves replaced, in order, by the iterator ``leaves``."""
    if isinstance(tree, (tuple, list)):
        items = [_rebuild(t, leaves) for t in tree]
        if isinstance(tree, list):
            return items
        return type(tree)(*items) if hasattr(tree, "_fields") else tuple(items)
    if isinstance(tree, dict):
        return {k: _rebuild(v, leaves) for k, v in tree.items()}
    return next(leaves)


def _structure(tree) -> str:
    if isinstance(tree, (tuple, list)):
        inner = ", ".join(_structure(t) for t in tree)
        return f"({inner},)" if isinstance(tree, tuple) and len(tree) == 1 else \
            (f"({inner})" if isinstance(tree, tuple) else f"[{inner}]")
    if isinstance(tree, dict):
        return "{" + ", ".join(f"{k!r}: {_structure(v)}" for k, v in tree.items()) + "}"
    return "*"


def _broadcast(dims, tree):
    """One dim per leaf of ``tree`` (``dims`` an int or None for a whole subtree, else the
    subtree's own structure); None when the structures do not match."""
    if dims is None or isinstance(dims, int):
        return [dims] * len(_leaves(tree))
    if isinstance(dims, (tuple, list)) and isinstance(tree, (tuple, list)) \
            and len(dims) == len(tree):
        out = []
        for d, t in zip(dims, tree):
            part = _broadcast(d, t)
            if part is None:
                return None
            out += part
        return out
    if isinstance(dims, dict) and isinstance(tree, dict) and set(dims) == set(tree):
        out = []
        for k, t in tree.items():
            part = _broadcast(dims[k], t)
            if part is None:
                return None
            out += part
        return out
    return None


def _name(func) -> str:
    return getattr(func, "__name__", None) or repr(func)


# ---- the transform ----


def vmap(func, in_dims=0, out_dims=0, randomness: str = "error", *, chunk_size=None):
    """``func`` mapped over dim ``in_dims`` of its inputs: the returned function calls ``func``
    once, on ``BatchedTensor``s that look like one sample, and returns its outputs with the
    batch at ``out_dims``.

    ``in_dims``: an int or None for every input, or a tuple with one entry per positional
    argument, each an int, None (not mapped) or a nested structure matching that argument's
    tuples, lists and dicts. ``out_dims``: the same for the outputs. ``randomness``: 'error'
    (a random op inside raises) or 'same' (one draw, shared by every sample); 'different'
    is refused (docs/VMAP.md). ``chunk_size``: map that many samples per call of ``func``.

    Ops without a batching rule run once per sample (a RuntimeWarning once per op); the
    returned function's ``fallbacks`` attribute is the set of such ops its calls have met."""
    if randomness not in _RANDOMNESS:
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or "
                           f"'same'. Got {randomness}")
    if randomness == "different":
        raise NotImplementedError(
            "vmap: randomness='different' is not supported by aten_lite (a random op would "
            "need one draw per sample); use randomness='same' (one draw shared by every "
            "sample), or draw the values outside vmap and pass them in with in_dims")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size <= 0):
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got "
                         f"{chunk_size})")
    fallbacks: set = set()

    @functools.wraps(func)
    def vmapped(*args, **kwargs):
        name = _name(func)
        flat, dims = _inputs(name, func, in_dims, args)
        size = _batch_size(flat, dims)
        if chunk_size is None or chunk_size >= size:
            return _call(func, name, args, flat, dims, kwargs, size, out_dims, randomness,
                         fallbacks)
        results = []
        for start in range(0, size, chunk_size):
            n = min(chunk_size, size - start)
            part = [a.narrow(d, start, n) if d is not None else a for a, d in zip(flat, dims)]
            results.append(_call(func, name, args, part, dims, kwargs, n, out_dims,
                                 randomness, fallbacks))
        return _join_chunks(results, out_dims)

    vmapped.fallbacks = fallbacks
    return vmapped


def _inputs(name: str, func, in_dims, args: tuple):
    """The flat inputs and the dim (or None) each is mapped over, checked as torch does."""
    if not isinstance(in_dims, (int, tuple)) or isinstance(in_dims, bool):
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` "
                         f"to be int or a (potentially nested) tuple matching the structure of "
                         f"inputs, got: {type(in_dims)}.")
    if not args:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add "
                         "inputs, or you are trying to vmap over a function with no inputs. "
                         "The latter is unsupported.")
    flat = _leaves(args)
    dims = _broadcast(in_dims, args)
    if dims is None:
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not "
                         f"compatible with the structure of `inputs`. in_dims has structure "
                         f"{_structure(in_dims)} but inputs has structure {_structure(args)}.")
    for i, (a, d) in enumerate(zip(flat, dims)):
        if d is None:
            continue
        if not isinstance(d, int):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} "
                             "for an input but in_dim must be either an integer dimension or "
                             "None.")
        if not isinstance(a, Tensor):
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} "
                             f"for an input but the input is of type {type(a)}. We cannot "
                             "vmap over non-Tensor arguments, please use None as the "
                             "respective in_dim")
        n = a.dim()
        if not -n <= d < n:
            raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} "
                             f"for some input, but that input is a Tensor of dimensionality "
                             f"{n} so expected in_dim to satisfy -{n} <= in_dim < {n}.")
        dims[i] = d % n
    return flat, dims


def _batch_size(flat: list, dims: list) -> int:
    sizes = [a.shape[d] for a, d in zip(flat, dims) if d is not None]
    if not sizes:
        raise ValueError("vmap: Expected at least one Tensor to vmap over")
    if any(s != sizes[0] for s in sizes):
        raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped "
                         f"dimension, got sizes {sizes} for the mapped dimension")
    return sizes[0]


def _call(func, name, args, flat, dims, kwargs, size, out_dims, randomness, fallbacks):
    level = _VmapLevel(size, randomness, fallbacks)
    level.previous = _dispatch.set_mode(level)
    _LEVELS.append(level)
    hook = _random.set_draw_hook(_random_draw)
    try:
        inputs = [batched(a, d, level.level) if d is not None else a for a, d in zip(flat, dims)]
        out = func(*_rebuild(args, iter(inputs)), **kwargs)
    finally:
        _random.set_draw_hook(hook)
        _LEVELS.pop()
        _dispatch.set_mode(level.previous)
    return _outputs(name, out, out_dims, level)


def _outputs(name: str, out, out_dims, level):
    if not isinstance(out_dims, (int, tuple, list)) and out_dims is not None:
        raise ValueError(f"vmap({name}, ..., out_dims={out_dims}): `out_dims` must be an int, "
                         f"None or a python collection of ints representing where in the "
                         f"outputs the vmapped dimension should appear.")
    flat = _leaves(out)
    dims = _broadcast(out_dims, out)
    if dims is None:
        raise ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not "
                         f"compatible with the structure of `outputs`. out_dims has structure "
                         f"{_structure(out_dims)} but outputs has structure {_structure(out)}.")
    return _rebuild(out, iter([_unbatch(name, o, d, level) for o, d in zip(flat, dims)]))


def _unbatch(name: str, o, out_dim, level):
    mine = isinstance(o, BatchedTensor) and o._level == level.level
    if out_dim is None:
        if mine:
            raise ValueError(f"vmap({name}, ...): `{name}` can not return a BatchedTensor "
                             "when out_dim is None")
        return o
    if not isinstance(o, Tensor):
        raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type "
                         f"{type(o)}. Did you mean to set out_dims= to None for output?")
    d = wrap_dim(out_dim, o.dim() + 1)
    if not mine:  # the same for every sample
        return o.unsqueeze(d).expand(list(o.shape[:d]) + [level.size] + list(o.shape[d:]))
    v, b = o._value, o._bdim
    return v if b == d else v.movedim(b, d)


def _join_chunks(results: list, out_dims):
    from .._generated.ops import cat  # noqa: PLC0415

    flat = [_leaves(r) for r in results]
    dims = _broadcast(out_dims, results[0])
    joined = [cat([f[k] for f in flat], d) if d is not None else flat[0][k]
              for k, d in enumerate(dims)]
    return _rebuild(results[0], iter(joined))


# ---- gradients under vmap (Note [Gradients under vmap]) ----


def _physical(t: Tensor, levels: list) -> Tensor:
    """``t`` as a tensor holding every sample, the batch of ``levels`` (outermost first) in
    front, in that order; unbatched levels expanded. Its ops run under the current modes: they
    touch only values below each level's wrapper, or tensors a level does not batch, so each
    level passes them on, and a mode above the levels (forward mode) still sees them."""
    for level in reversed(levels):
        t = _one_level_down(t, level)
    return t


def _one_level_down(t: Tensor, level) -> Tensor:
    if not (isinstance(t, BatchedTensor) and t._level == level.level):
        return t.unsqueeze(0).expand([level.size] + list(t.shape))
    v, b = t._value, t._bdim
    v = v.view(v.shape) if b == 0 else v.movedim(b, 0)
    return _carry_tangent(t, v, lambda tangent: _one_level_down(tangent, level))


def _rewrapped(t: Tensor, levels: list) -> Tensor:
    wrapped = t
    for level in levels:
        wrapped = batched(wrapped, 0, level.level)
    return _carry_tangent(t, wrapped, lambda tangent: _rewrapped(tangent, levels))


def _carry_tangent(source: Tensor, target: Tensor, convert) -> Tensor:
    """Under forward mode, give ``target`` (``source`` wrapped or unwrapped) ``source``'s
    tangent, converted alike: a dual level above vmap keeps tangents on the tensors the
    function sees, wrappers included, and a wrapper made or taken apart here would lose it."""
    if _fw._level is not None:
        tangent = _fw._get(source)
        if tangent is not None:
            _fw._set(target, convert(tangent))
    return target


def lift_for_grad(x: Tensor, make_leaf):
    """``x`` for ``al.func`` to differentiate inside vmap: ``make_leaf`` applied to its
    physical form (every active level's batch in front), wrapped again for the levels."""
    levels = list(_LEVELS)
    if _forward_above(levels):
        raise NotImplementedError(
            "vmap: a gradient inside vmap inside a dual level opened by hand inside vmap "
            "would lose the tangents (they live on the batched tensors there); use "
            "al.func.jvp inside vmap instead (Note [Forward mode under vmap])")
    return _rewrapped(make_leaf(_physical(x, levels)), levels)


def _forward_above(levels: list) -> bool:
    """Whether the active dual level was opened inside one of ``levels`` (above it)."""
    mode = _fw._level
    if mode is None:
        return False
    ours = {id(level) for level in levels}
    mode = mode.previous
    while mode is not None:
        if id(mode) in ours:
            return True
        mode = getattr(mode, "previous", None)
    return False


def is_lifted(t) -> bool:
    return isinstance(t, BatchedTensor)


def _levels_of(t: Tensor) -> list:
    """The levels a lifted input is wrapped for, outermost first."""
    by_number = {level.level: level for level in _LEVELS}
    found = []
    while isinstance(t, BatchedTensor):
        found.append(by_number[t._level])
        t = t._value
    return found[::-1]


def grads_of_lifted(outs: tuple, inputs: tuple, cots: tuple, grads_fn):
    """``grads_fn(outs, inputs, cots)`` on the physical forms of lifted inputs (from
    ``lift_for_grad``), the outputs and the cotangents; the gradients wrapped for the levels."""
    levels = _levels_of(inputs[0])
    leaves = []
    for x in inputs:
        while isinstance(x, BatchedTensor):
            x = x._value
        leaves.append(x)
    phys_outs = tuple(_physical(o, levels) for o in outs)
    phys_cots = tuple(_physical(c, levels) for c in cots)
    grads = grads_fn(phys_outs, tuple(leaves), phys_cots)
    return tuple(_rewrapped(g, levels) for g in grads)


# ---- forward mode under vmap (Note [Forward mode under vmap]) ----

# Note [Forward mode under vmap]
# ``al.func.jvp`` inside vmap works on the physical tensors too, as gradients do: its dual
# level is put beneath the open vmap levels (the levels' rules then run their physical ops
# through forward mode), each primal and tangent is brought to the physical layout and made
# dual there, and the outputs are taken apart there. So a backward inside the jvp (hessian's
# jacrev, hvp's grad) finds tangents on the physical tensors it saved. A dual level opened by
# hand inside vmap sits above the levels instead: its tangents live on the batched tensors,
# which is right for forward mode alone, not for a gradient taken inside it.


@contextlib.contextmanager
def dual_level_below():
    """A forward-mode dual level beneath every open vmap level."""
    bottom = _LEVELS[0]
    top = _dispatch.set_mode(bottom.previous)
    try:
        _fw.enter_dual_level()
        forward = _dispatch.set_mode(top)
        bottom.previous = forward
        try:
            yield
        finally:
            bottom.previous = forward.previous
            _dispatch.set_mode(forward)
            _fw.exit_dual_level()
    finally:
        _dispatch.set_mode(top)


def lifted_dual(primal: Tensor, tangent: Tensor) -> Tensor:
    """``primal`` made dual with ``tangent`` on the physical layout, wrapped for the levels."""
    levels = list(_LEVELS)
    dual = _fw.make_dual(_physical(primal, levels), _physical(tangent, levels))
    return _rewrapped(dual, levels)


def unpack_lifted(t: Tensor):
    """``(primal, tangent or None)`` of an output computed from ``lifted_dual`` inputs."""
    levels = list(_LEVELS)
    primal, tangent = _fw.unpack_dual(_physical(t, levels))
    return (_rewrapped(primal, levels),
            None if tangent is None else _rewrapped(tangent, levels))
