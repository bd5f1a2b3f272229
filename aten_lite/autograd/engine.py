"""The backward engine: order the graph, walk it from the outputs to the leaves, accumulate.

It reads like micrograd's ``backward`` but is iterative (a 100,000-op chain does not touch the
recursion limit) and counts dependencies instead of sorting: a node runs once every node that
feeds it a gradient has run, so its gradient buffer is complete. Everything per-op lives in the
generated nodes; the engine only moves gradients along edges (see node.py for what an edge
holds and Note [Gradients match their input]). The walk itself runs in C++ (``_C.backward``);
Note [The walk in C++] below says step by step what it does, and this module holds the Python
it calls back.

>>> import aten_lite as al
>>> x = al.tensor([1.0, 2.0, 3.0], requires_grad=True)
>>> (x * x).sum().backward()
>>> x.grad
tensor([2., 4., 6.])
"""

from __future__ import annotations

from ..vocab import profiling as _profiling, trace as _trace
from ..vocab.grad_mode import _state
from ..rules.kernel_rules import cached_c_kernel
from ..tensors.tensor import Tensor
from ..rules.views import copy_with_strides, preserved_strides
from .node import Node
from .formulas import sum_to
from ..dispatch import dispatcher as _dispatch

try:
    from .. import _C  # layer 0; absent until the extension is built (`import aten_lite` works)
except ImportError:
    _C = None

__all__ = ["run", "queue_callback"]


def run(roots: list, keep_graph: bool, create_graph: bool, targets: list | None = None):
    """Backpropagate ``roots`` (a list of ``(edge, grad)``).

    Without ``targets``, leaf gradients accumulate into ``.grad``. With ``targets`` (a list of
    edges, from ``autograd.grad``), nothing is accumulated: the gradient arriving at each
    target is returned, in order (None where none arrived), and only the part of the graph
    that leads to a target runs.
    """
    if _C is None:
        raise RuntimeError("aten_lite._C, the C++ extension, is not built; run `pip install .` "
                           "(or `aten-lite-gen` in a checkout) to build it")
    captured = wanted = None
    if targets is not None:
        keys = [(id(e[0]), e[1]) for e in targets]
        captured = dict.fromkeys(keys)
        wanted = _leading_to([e[0] for e, _ in roots if e[1] >= 0], targets)
    prev = _state.enabled
    _state.enabled = create_graph  # a recorded backward is what makes double backward work
    _trace.enter_backward()  # trace_dispatch marks what the backward pass dispatched
    global _depth
    _depth += 1
    rec = _profiling.active  # an open profile shows the pass (Note [Profiling the backward] in
    # aten_lite/profiler/instrument.py)
    event = None if rec is None else _profiling.open_event(rec, "autograd::engine::backward",
                                                           "backward")
    try:
        # Note [Formulas without dispatch] in formulas.py: a backward that is not recorded and
        # that no dispatch mode sees sums a bias's batch with the sum kernel on the array, in
        # the walk.
        observed = create_graph or _dispatch.observed()
        batch_sum = None if observed else cached_c_kernel("sum")
        _C.backward(roots, keep_graph, create_graph, wanted, captured, _CALLBACKS, batch_sum)
        if _depth == 1:
            while _queued:  # a callback may queue another
                _queued.pop(0)()
    finally:
        _depth -= 1
        if _depth == 0:
            _queued.clear()  # after an error: nothing left over runs after a later backward
        _trace.exit_backward()
        _state.enabled = prev
        if event is not None:
            _profiling.close_event(rec, event)
    return None if captured is None else [captured[k] for k in keys]


# Callbacks queued during the outermost backward, run when its walk is done (queue_callback).
_queued: list = []
_depth = 0


def queue_callback(fn) -> None:
    """Run ``fn()`` once the backward now running has finished its walk (every leaf stored,
    every hook run), as torch's ``Variable._execution_engine.queue_callback``: what a
    post-accumulate hook uses to finish work it started (DistributedDataParallel waits for its
    gradient reductions there). Callable only from inside a backward."""
    if _depth == 0:
        raise RuntimeError("queue_callback can only be called during the backward pass (from a "
                           "hook); no backward is running")
    _queued.append(fn)


# Note [The walk in C++]
# `_C.backward` (aten_lite/csrc/engine.cpp) is the walk, what micrograd's backward does:
#  1. deliver each root's gradient to its edge; the nodes of the roots' edges are the start;
#  2. count, for every node reachable from the start, the edges that point at it;
#  3. run a node once that count is 0 (every node feeding it has run, so its gradient buffer
#     is complete): its tensor hooks (`_pre_hooks`) and capture for autograd.grad (`_capture`)
#     when set, then `node.apply(buffer)` (only for nodes in `wanted`, those leading to a
#     target of autograd.grad) and `node.release()` unless the graph is kept; then for each
#     edge, match the gradient to the input (`_matched`, when its shape or dtype differs:
#     Note [Gradients match their input] in node.py; a (B, N) float gradient for an (N,)
#     input of its dtype, a bias's, is summed over B by `batch_sum`, the sum op's kernel, when
#     the backward is not observed, as sum_to does), add it to the next node's buffer (a
#     list, one entry per output) or to the leaf's running sum (the tensors' own `+`), and
#     count the edge as done;
#  4. each leaf, in the order its first gradient arrived: its hooks (`_leaf_hooks`), then
#     capture, or `.grad`: stored as is when stealable (Note [Stealing the gradient]), else
#     `_accumulate`, then its post-accumulate hooks (`_post_accumulate`). A leaf with
#     post-accumulate hooks is stored earlier, in step 3, once its gradient is complete
#     (Note [Ready leaves] in aten_lite/csrc/engine.cpp).
# A node that no gradient reached does not run but still counts its edges as done. The Python
# functions named above are the callbacks; everything else runs without Python bytecode: the
# walk was most of a training step's backward cost outside the nodes (about 14 us of a 21 us
# engine overhead for a two-layer MLP), where torch's whole engine is C++ too.


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


def _matched(node: Node, i: int, e: tuple, g):
    """Note [Gradients match their input]: sum away broadcasting, cast to the input's dtype
    (``g`` is the gradient of ``node``'s input ``i``, whose edge is ``e``)."""
    shape = e[2]
    if g._shape != shape:
        g = sum_to(g, shape, node, i)
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


def _post_accumulate(leaf) -> None:
    """The leaf's post-accumulate hooks, once its .grad is stored (Note [Ready leaves])."""
    for fn in list(leaf._hooks.post):
        fn(leaf)


def _accumulate(leaf, g, create_graph: bool) -> None:
    """Add ``g`` to ``leaf.grad`` as torch does, where the walk did not store it as is (Note
    [Stealing the gradient]): the first gradient as a copy (the engine may hand one tensor to
    several leaves); later ones added in place unless the sum itself must be recorded
    (create_graph)."""
    if not leaf._requires_grad:
        return
    old = leaf._grad  # the slot itself: what the engine stores always matches the leaf
    if old is None:
        # torch's gradient layout contract: a dense leaf's .grad has the leaf's layout (its
        # strides when dense without overlap, as a copy preserving its layout gets), so the
        # optimizer's p -= lr * p.grad runs on matching layouts. A gradient that arrives
        # transposed (mm's weight gradient) is laid out as its leaf, not cloned as is.
        if leaf._a is not None and g._a is not None and not (leaf.is_sparse or g.is_sparse):
            want = preserved_strides(leaf._shape, leaf._strides)
            if g._strides != want:
                # By the C++ loops at any size: under async execution the copy is queued.
                leaf._grad = copy_with_strides(g._a, want, g._dtype, any_size=True)
                return
        leaf._grad = g.clone()
    elif create_graph or (old.is_sparse and not g.is_sparse):
        # A sparse .grad cannot hold a dense sum in place: the sum replaces it, as in torch.
        leaf._grad = old + g
    else:
        old.add_(g)


# Note [Stealing the gradient]
# The first gradient a leaf receives becomes its .grad. torch stores the incoming tensor itself
# when no one else holds a reference to it (AccumulateGrad checks the use count) and a copy
# otherwise; so does this engine, with Python's reference counts, in the walk
# (aten_lite/csrc/engine.cpp, `stealable`): the gradient must be a plain CPU tensor owning a
# C-contiguous, writable array (no view of another tensor or array, no history), whose one
# reference is the walk's own leaf slot (the nodes' outputs and buffers are released by then),
# and its array's one reference the tensor's. Then no other tensor, node or user variable can
# observe that it was not copied. A gradient that another edge also received (add's `grad`
# passed to both inputs), that a node saved, that a hook kept, that the user passed in, or
# that a view was taken of, has more references and is copied. C++ reads the counts exactly,
# so they do not depend on the interpreter's reference-borrowing rules. As torch's, the steal
# also keeps the layout contract: only a row-major leaf takes a (row-major) gradient as is;
# any other dense leaf gets a copy with its own strides (`_accumulate`).


_CALLBACKS = (Tensor, _matched, _pre_hooks, _capture, _leaf_hooks, _accumulate,
              _post_accumulate)

