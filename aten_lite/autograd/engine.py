"""The backward engine: order the graph, walk it from the outputs to the leaves, accumulate.

It reads like micrograd's ``backward`` but is iterative (a 100,000-op chain does not touch the
recursion limit) and counts dependencies instead of sorting: a node runs once every node that
feeds it a gradient has run, so its gradient buffer is complete. Everything per-op lives in the
generated nodes; the engine only moves gradients along edges (see node.py for what an edge
holds and Note [Gradients match their input]).

>>> import aten_lite as al
>>> x = al.tensor([1.0, 2.0, 3.0], requires_grad=True)
>>> (x * x).sum().backward()
>>> x.grad
tensor([2., 4., 6.])
"""

from __future__ import annotations

import sys

import numpy as np

from .. import _trace
from .._grad_mode import _state
from .._tensor import Tensor, is_contiguous_strides
from .node import Node
from .formulas import sum_to

__all__ = ["run"]


def run(roots: list, keep_graph: bool, create_graph: bool, targets: list | None = None):
    """Backpropagate ``roots`` (a list of ``(edge, grad)``).

    Without ``targets``, leaf gradients accumulate into ``.grad``. With ``targets`` (a list of
    edges, from ``autograd.grad``), nothing is accumulated: the gradient arriving at each
    target is returned, in order (None where none arrived), and only the part of the graph
    that leads to a target runs.
    """
    start = list(dict.fromkeys(e[0] for e, _ in roots if e[1] >= 0))
    buffers: dict[Node, list] = {}  # node -> the gradients of its outputs, summed so far
    leaves: dict[int, list] = {}  # id(leaf) -> [leaf, its gradient summed so far]
    for e, g in roots:
        _deliver(e, g, buffers, leaves)
    captured = None
    if targets is not None:
        keys = [(id(e[0]), e[1]) for e in targets]
        captured = dict.fromkeys(keys)
    prev = _state.enabled
    _state.enabled = create_graph  # a recorded backward is what makes double backward work
    _trace.enter_backward()  # trace_dispatch marks what the backward pass dispatched
    try:
        wanted = None if targets is None else _leading_to(start, targets)
        _walk(start, buffers, leaves, keep_graph, wanted, captured)
        for slot in leaves.values():
            leaf = slot[0]
            if leaf._hooks:
                slot[1] = _leaf_hooks(leaf, slot[1])
            if captured is None:
                _accumulate(leaf, slot, create_graph)
            elif (id(leaf), -1) in captured:
                captured[(id(leaf), -1)] = slot[1]
    finally:
        _trace.exit_backward()
        _state.enabled = prev
    return None if captured is None else [captured[k] for k in keys]


def _walk(start: list, buffers: dict, leaves: dict, keep_graph: bool, wanted, captured) -> None:
    """Run each node once all the nodes feeding it have run, passing gradients down edges."""
    deps = _dependencies(start)
    ready = [n for n in start if n not in deps]
    pop_buffer = buffers.pop
    while ready:
        node = ready.pop()
        grads = pop_buffer(node, None)
        edges = node._next
        outs = None
        if grads is not None:  # else no gradient reached it: it only releases its children
            if node._hooks is not None:
                grads = _pre_hooks(node, grads)
            if captured is not None:
                _capture(node, grads, captured)
            if wanted is None or node in wanted:
                outs = node.apply(grads)
                if len(outs) != len(edges):  # extra trailing gradients are dropped
                    outs = (tuple(outs) + (None,) * len(edges))[:len(edges)]
                if not keep_graph:
                    node.release()
        for i, e in enumerate(edges):
            if e is None:
                continue
            g = None if outs is None else outs[i]
            target, nr = e[0], e[1]
            if g is not None:
                if g._shape != e[2] or g._dtype is not e[3]:
                    g = _matched(node, edges, e, g)
                if nr < 0:
                    _deliver(e, g, buffers, leaves)
                else:  # _deliver's node case, in line (one call per edge, every backward)
                    buf = buffers.get(target)
                    if buf is None:
                        buf = buffers[target] = [None] * target._n_out
                    buf[nr] = g if buf[nr] is None else buf[nr] + g
            if nr >= 0:
                n = deps[target] - 1
                deps[target] = n
                if n == 0:
                    ready.append(target)


def _dependencies(start: list) -> dict:
    """For each node reachable from ``start``: how many edges point at it."""
    deps: dict[Node, int] = {}
    seen = set(start)
    stack = list(seen)
    while stack:
        for e in stack.pop()._next:
            if e is not None and e[1] >= 0:
                child = e[0]
                deps[child] = deps.get(child, 0) + 1
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
    return deps


def _leading_to(start: list, targets: list) -> set:
    """The nodes from which some target can be reached through at least one edge."""
    goal = {(id(e[0]), e[1]) for e in targets}
    wanted: set[Node] = set()
    done: set[Node] = set()
    stack = [(n, False) for n in dict.fromkeys(start)]
    while stack:  # post-order: a node is decided after all its children
        node, children_done = stack.pop()
        if node in done:
            continue
        kids = [e for e in node._next if e is not None]
        if not children_done:
            stack.append((node, True))
            stack.extend((e[0], False) for e in kids if e[1] >= 0 and e[0] not in done)
            continue
        done.add(node)
        if any((id(e[0]), e[1]) in goal or (e[1] >= 0 and e[0] in wanted) for e in kids):
            wanted.add(node)
    return wanted


def _deliver(e: tuple, g, buffers: dict, leaves: dict) -> None:
    """Add ``g`` to the buffer of the edge's node, or to the leaf's running sum (leaves are
    accumulated into ``.grad`` once, at the end, after their hooks)."""
    target, nr = e[0], e[1]
    if nr < 0:
        slot = leaves.get(id(target))
        if slot is None:
            leaves[id(target)] = [target, g]
        else:
            slot[1] = slot[1] + g
        return
    buf = buffers.get(target)
    if buf is None:
        buf = buffers[target] = [None] * target._n_out
    buf[nr] = g if buf[nr] is None else buf[nr] + g


def _matched(node: Node, edges: tuple, e: tuple, g):
    """Note [Gradients match their input]: sum away broadcasting, cast to the input's dtype."""
    shape = e[2]
    if g._shape != shape:
        i = next(i for i, x in enumerate(edges) if x is e)  # only for the error message
        g = sum_to(g, shape, node.name(), i)
    if g._dtype is not e[3]:
        g = g.to(e[3])
    return g


def _capture(node: Node, grads: list, captured: dict) -> None:
    for nr, g in enumerate(grads):
        key = (id(node), nr)
        if key in captured:
            captured[key] = g


def _pre_hooks(node: Node, grads: list) -> list:
    """Tensor hooks of the node's outputs, then retain_grad (always last, as in torch)."""
    hooks = node._hooks
    for nr, fns in hooks.pre.items():
        g = grads[nr]
        if g is not None:
            for fn in list(fns):
                new = fn(g)
                if new is not None:
                    g = new
            grads[nr] = g
    for nr, ref in hooks.retain.items():
        t, g = ref(), grads[nr]
        if t is not None and g is not None:
            t._grad = g.clone() if t._grad is None else t._grad + g
    return grads


def _leaf_hooks(leaf, g):
    for fn in list(leaf._hooks or ()):
        new = fn(g)
        if new is not None:
            g = new
    return g


def _accumulate(leaf, slot: list, create_graph: bool) -> None:
    """Add the gradient in ``slot`` (``[leaf, grad]``) to ``leaf.grad`` as torch does: the
    first gradient is stored as is when nothing else can see it (Note [Stealing the
    gradient]), else as a copy (the engine may hand one tensor to several leaves); later ones
    are added in place unless the sum itself must be recorded (create_graph)."""
    if not leaf._requires_grad:
        return
    old = leaf._grad  # the slot itself: what the engine stores always matches the leaf
    if old is None and not create_graph and _stealable(slot):  # before `g` adds a reference
        leaf._grad = slot[1]
        return
    g = slot[1]
    if old is None:
        # torch's gradient layout contract: a dense leaf's .grad has the leaf's layout, so the
        # optimizer's p -= lr * p.grad runs on matching (contiguous) layouts. A gradient that
        # arrives transposed (mm's weight gradient) is made contiguous instead of cloned as is.
        if not (leaf.is_sparse or g.is_sparse) and leaf.is_contiguous() and \
                not g.is_contiguous():
            leaf._grad = g.contiguous()
        else:
            leaf._grad = g.clone()
    elif create_graph or (old.is_sparse and not g.is_sparse):
        # A sparse .grad cannot hold a dense sum in place: the sum replaces it, as in torch.
        leaf._grad = old + g
    else:
        old.add_(g)


# Note [Stealing the gradient]
# The first gradient a leaf receives becomes its .grad. torch stores the incoming tensor itself
# when no one else holds a reference to it (AccumulateGrad checks the use count) and a copy
# otherwise; so does this engine, with Python's reference counts: the gradient must be a plain
# CPU tensor owning a C-contiguous, writable array (no view of another tensor or array, no
# history), referenced only by the engine's slot, and its array only by the tensor. Then no
# other tensor, node or user variable can observe that it was not copied. A gradient that
# another edge also received (add's `grad` passed to both inputs), that a node saved, that
# the user passed in, or that a view was taken of, has more references and is copied. The
# counts the engine's own references make are measured once, on a fresh tensor passed the same
# way (`_OWN_REFS`), so they do not depend on the interpreter's reference-borrowing rules.


def _refs(slot: list) -> tuple[int, int]:
    """(references to the gradient in ``slot``, references to its array)."""
    g = slot[1]
    return sys.getrefcount(g), sys.getrefcount(g._a)


def _stealable(slot: list) -> bool:
    g = slot[1]
    if type(g) is not Tensor or g._a is None or g._base is not None or g._requires_grad:
        return False
    flags = g._a.flags
    if g._a.base is not None or not (flags.c_contiguous and flags.writeable):
        return False
    if g._st is not None and not is_contiguous_strides(g._shape, g._st):
        return False
    del g, flags  # the counts below are those of the slot's reference alone (a flags
    # object holds its array)
    return _refs(slot) == _OWN_REFS


_OWN_REFS = _refs([None, Tensor._wrap(np.empty((2,), np.float32))])
