"""In-place ops on a view of a tensor that requires grad: the base's history is rebased.

Note [CopySlices]
``y = x.clone(); y[0] *= 2`` writes into a view of ``y``. Afterwards ``y``'s value is "old y
with the view's region replaced by op(old view, ...)", so its history must change, as torch's
does (its CopySlices node). Here the op is recorded on the view as usual (its node's edge for
``self`` leads through the view's history to the base's OLD history), and then:

* the base gets a new ``grad_fn``, ``CopySlices``, with two edges: the base's old history,
  which receives the gradient with the view's region zeroed (those elements were overwritten),
  and the op's node, which receives the gradient of the view's region and passes it on to
  the old view (and to the op's other inputs, ``z`` in ``v.add_(z)``);
* the view gets a new ``grad_fn``, ``AsStridedBackward0``, over the base's new history, which
  scatters the view's gradient into a base-shaped zero tensor.

The view's region is an index tensor computed once, from the two geometries (sizes, strides,
storage offsets): the position in the base's row-major order of each element of the view. Both
backward steps are aten_lite ops (``mul`` by a mask, ``index_select``, ``index_add``), so they
are recorded under ``create_graph`` and a double backward is right. Views of the base taken
before the write are regenerated the same way when they are next used (Note [Stale views] in
node.py).
"""

from __future__ import annotations

import numpy as np

from .._generated.ops import index_select
from ..tensors.tensor import Tensor, sync_stream
from . import node as _node
from .node import Node, check_alive, edge

__all__ = ["CopySlices", "AsStridedBackward0", "inplace_on_view", "view_of_base"]


class CopySlices(Node):
    """The base's history after an in-place op on one of its views (Note [CopySlices])."""

    __slots__ = ("base_shape", "region", "keep", "view_shape", "_op_name")

    def name(self) -> str:
        return "CopySlices"

    def apply(self, grads: list) -> tuple:
        check_alive(self)
        grad = grads[0]
        flat = grad.reshape(-1)
        to_base = None
        if self._next[0] is not None:
            keep = self.keep if self.keep._dtype is grad._dtype else self.keep.to(grad._dtype)
            to_base = (flat * keep).reshape(self.base_shape)
        to_op = None
        if self._next[1] is not None:
            to_op = index_select(flat, 0, self.region).reshape(self.view_shape)
        return (to_base, to_op)

    def release(self) -> None:
        self._released = True
        self.region = self.keep = None


class AsStridedBackward0(Node):
    """A view's history taken again from its base's current history: the gradient of the
    view lands in its region of a base-shaped zero tensor."""

    __slots__ = ("base_shape", "region", "_view_version", "_view_base_fn")

    def apply(self, grads: list) -> tuple:
        check_alive(self)
        grad = grads[0]
        out = Tensor._wrap(np.zeros(_numel(self.base_shape), dtype=grad._dtype.np))
        out = out.index_add(0, self.region, grad.reshape(-1))
        return (out.reshape(self.base_shape),)

    def release(self) -> None:
        self._released = True
        self.region = None


def _numel(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _offsets(shape, strides, offset: int) -> np.ndarray:
    """The storage offset of each element of a geometry, in row-major order (int64)."""
    pos = np.full((), offset, np.int64)
    for d, s in zip(shape, strides):
        pos = pos[..., None] + np.arange(d, dtype=np.int64) * s
    return pos.reshape(-1)


def _region(view: Tensor, base: Tensor) -> np.ndarray:
    """The row-major positions in ``base`` of the elements of ``view`` (flattened, int64)."""
    if view._device.type != "cpu":
        raise RuntimeError(
            f"in-place write into a view of a {view._device.type} tensor that requires grad is "
            "not supported; apply the op out of place"
        )
    if _numel(base._shape) == 0 or _numel(view._shape) == 0:
        return np.zeros(0, dtype=np.int64)
    # Storage offset -> row-major number of the base's element there (-1: none), then the
    # numbers at the view's storage offsets.
    held = _offsets(base._shape, base._strides, base.storage_offset())
    lo = int(held.min())
    number = np.full(int(held.max()) - lo + 1, -1, dtype=np.int64)
    number[held - lo] = np.arange(held.shape[0])
    wanted = _offsets(view._shape, view._strides, view.storage_offset()) - lo
    if wanted.min() < 0 or wanted.max() >= number.shape[0] or (number[wanted] < 0).any():
        raise RuntimeError("in-place write into a view that reaches outside its base's "
                           "elements is not supported under autograd; clone() the base first")
    return number[wanted]


def _index_tensor(region: np.ndarray) -> Tensor:
    return Tensor._wrap(np.ascontiguousarray(region))


def view_of_base(view: Tensor, base: Tensor, region: Tensor | None = None) -> Node:
    """An ``AsStridedBackward0`` node making ``view`` a view of ``base``'s current history."""
    node = AsStridedBackward0()
    node._next = (edge(base),)
    node._hooks = None
    node._released = False
    node.base_shape = base._shape
    node.region = region if region is not None else _index_tensor(_region(view, base))
    node._view_version = view._vc.value
    node._view_base_fn = base.grad_fn
    return node


def inplace_on_view(op, args: tuple, record):
    """Run the in-place ``op`` on the view ``args[0]`` with ``record`` (its recorder, taking
    the arguments), then rebase the view's base onto a ``CopySlices`` node (Note [CopySlices])."""
    view = args[0]
    base = view._base
    if base._requires_grad and not view._requires_grad:
        # A view taken under no_grad: torch refuses the write (which history would it
        # change?). A detached alias is no view (Note [Detached aliases] in node.py): a
        # write into it records a history of its own and never comes here.
        raise RuntimeError(
            "A view was created in no_grad mode and is being modified "
            f"inplace ({op.name}) with grad mode enabled; its base requires grad, so the "
            "write is ambiguous. Take the view with grad mode on to have the write recorded, "
            "or make the write under al.no_grad() too")
    if base.grad_fn is None and base._requires_grad:
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                           f"in-place operation ({op.name})")
    region = _index_tensor(_region(view, base))  # before the op: errors leave nothing changed
    base_edge = edge(base) if base._requires_grad else None
    result = record(*args)
    node = view.grad_fn
    if node is None or not view._requires_grad:
        return result  # nothing differentiable was written (an integer view, say)
    cs = CopySlices()
    cs._next = (base_edge, (node, view._output_nr, view._shape, view._dtype))
    cs._hooks = None
    cs._released = False
    cs.base_shape = base._shape
    cs.region = region
    keep = np.ones(_numel(base._shape), dtype=base._dtype.np)
    sync_stream()  # the region's indices are read here
    keep[region._a] = 0
    cs.keep = Tensor._wrap(keep)
    cs.view_shape = view._shape
    cs._op_name = op.name
    base.grad_fn = cs
    base._requires_grad = True
    base._output_nr = 0
    view.grad_fn = view_of_base(view, base, region)
    view._output_nr = 0
    return result


_node.regenerate_view = view_of_base  # stale views (Note [Stale views] in node.py) are rebuilt here
