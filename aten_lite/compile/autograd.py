"""Autograd through a compiled graph: one backward node running the captured backward graph.

Note [Compiled backward]
When a captured call needs gradients, capture traced the derivatives.yaml formulas of its
ops into a backward graph (Note [Capture mode]), whose inputs are the gradients of the
differentiable outputs followed by the forward values the formulas read (``saved``: extra
outputs of the forward graph, so nothing else is kept) and whose outputs are the gradients
of the inputs and constants that require grad. A replay runs the forward plan, then gives
every differentiable output one ``CompiledBackward`` node, whose edges lead to those inputs
and constants as they are at this call (a leaf's ``.grad``, or the eager history of a
non-leaf). ``loss.backward()``, ``al.autograd.grad`` and optimizers therefore work as on any
eager result. The node runs the backward plan once, so its gradients cannot themselves be
differentiated: ``create_graph=True`` through it raises.
"""

from __future__ import annotations

from .._tensor import Tensor
from .._grad_mode import _state
from ..autograd.node import Node, edge, set_history

__all__ = ["CompiledBackward", "attach"]


class CompiledBackward(Node):
    """The backward node of one compiled call (Note [Compiled backward])."""

    __slots__ = ("_plan", "_saved", "_shapes", "_n_out")

    def name(self) -> str:
        return "CompiledFunctionBackward"

    def apply(self, grads: list) -> tuple:
        if _state.enabled:
            raise RuntimeError("al.compile: the backward of a compiled function cannot be "
                               "differentiated again (create_graph=True); call the function "
                               "without al.compile for higher-order gradients")
        if self._saved is None:
            raise RuntimeError("Trying to backward through the graph of a compiled function a "
                               "second time; its saved tensors were freed. Specify "
                               "retain_graph=True on the first backward call")
        full = [g if g is not None else _zeros(shape, dtype) for g, (shape, dtype)
                in zip(grads, self._shapes)]
        return tuple(self._plan(full + self._saved))

    def release(self) -> None:
        self._saved = None
        self._released = True


def _zeros(shape, dtype) -> Tensor:
    import numpy as np

    return Tensor._wrap(np.zeros(shape, dtype.np))


def attach(entry, outputs: list, inputs: list, saved: list) -> None:
    """Give the differentiable ``outputs`` (real tensors of this call) one CompiledBackward
    node whose edges lead to ``inputs`` (the call's tensors, then the graph's constants)."""
    node = CompiledBackward()
    node._plan = entry.backward_plan
    node._saved = saved
    diff = [outputs[i] for i in entry.captured.diff_outputs]
    node._shapes = [(t._shape, t._dtype) for t in diff]
    node._n_out = len(diff)
    node._hooks = None
    node._released = False
    node._next = tuple(edge(t) for t in inputs if t._requires_grad)
    for nr, t in enumerate(diff):
        set_history(t, node, nr)
