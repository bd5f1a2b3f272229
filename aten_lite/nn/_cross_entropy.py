"""cross_entropy's training-step case, run without dispatching its two ops.

Note [cross_entropy without dispatch]
``cross_entropy(logits, targets)`` of a classifier's batch is ``nll_loss(log_softmax(logits,
1), targets)``: two ops, each dispatched (binding, key, Autograd kernel, redispatch below
autograd) every step, and those layers cost more than the two C++ kernels. When nothing can
observe the dispatches (as Note [Formulas without dispatch] in aten_lite/autograd/formulas.py
puts it: no dispatch mode, so no trace_dispatch, forward AD or compile capture; no trace
record; dense CPU tensors holding data), the dispatcher's answer is known: the Autograd kernel
when grad mode is on, then the CPU kernel. So `run` calls them itself, as long as both ops'
tables hold what the YAML made (the CPU kernel, the generated recorder as the Autograd kernel,
this package's autograd hook): each op's generated recorder (``generated/autograd_nodes.py``),
made once for a stand-in handle whose "redispatch" is the op's CPU table entry, records its
node exactly as the Autograd kernel would, and the CPU kernel computes, checks and raises as
it does under dispatch (its error named as the dispatcher names it). The same graph
(``NllLossBackward0`` after ``LogSoftmaxBackward0``), saved values, bits and errors; nothing
is shared between calls, so threads may run it at once. Otherwise `run` returns None and the
caller dispatches the two ops.
"""

from __future__ import annotations

from ..dispatch import dispatcher as _dispatch
from ..vocab import trace as _trace
from ..vocab.dtype import float32, float64, int64
from .._generated.autograd_nodes import RECORDERS
from ..vocab.grad_mode import _state as _grad_state
from ..tensors.tensor import Tensor
from ..autograd.kernel import _RECORDERS as _BOUND, autograd_kernel

__all__ = ["run"]

_LOG_SOFTMAX = _dispatch.handle("log_softmax.int")
_NLL_LOSS = _dispatch.handle("nll_loss")
_HANDLES = (_LOG_SOFTMAX, _NLL_LOSS)


class _OnCPU:
    """Stands in for an op handle when its generated recorder is made (``RECORDERS[name]``
    makes a recorder for a handle): the recorder's redispatch runs the op's CPU kernel."""

    __slots__ = ("name", "args", "_table")
    pair_pos = none_pos = None  # the below-autograd entry then always calls the method below
    table: dict = {}

    def __init__(self, h) -> None:
        self.name, self.args, self._table = h.name, h.args, h.table

    def redispatch_below_autograd(self, args: tuple):
        return self._table["CPU"](*args)


_RECORD_LOG_SOFTMAX = RECORDERS["log_softmax.int"](_OnCPU(_LOG_SOFTMAX))
_RECORD_NLL_LOSS = RECORDERS["nll_loss"](_OnCPU(_NLL_LOSS))


def _yaml_tables() -> bool:
    """Whether both ops' tables hold only what the YAML made: one CPU kernel, the generated
    recorder as the Autograd kernel through this package's hook (no composite kernel over it,
    no recorder or hook swapped at run time)."""
    if _dispatch._autograd_hook is not autograd_kernel:
        return False
    for h in _HANDLES:
        stacks = h.stacks
        if _BOUND.get(h.name) is not RECORDERS[h.name] or len(stacks["CPU"]) != 1 or \
                "Autograd" not in h.table or stacks.get("Autograd") or \
                stacks.get("CompositeImplicitAutograd"):
            return False
    return True


def run(input: Tensor, target: Tensor, ignore_index: int):
    """``nll_loss(log_softmax(input, 1), target, None, 1, ignore_index)`` as the two ops would
    compute and record it, or None when they must be dispatched (Note [cross_entropy without
    dispatch])."""
    if _dispatch._mode is not None or _trace.active is not None or \
            input.__class__ is not Tensor or target.__class__ is not Tensor or \
            input._key != "CPU" or target._key != "CPU" or input._a is None or \
            target._a is None or not (input._dtype is float32 or input._dtype is float64) or \
            target._dtype is not int64 or not _yaml_tables():
        return None
    grad = _grad_state.enabled
    try:
        lp = _RECORD_LOG_SOFTMAX(input, 1, None) if grad else \
            _LOG_SOFTMAX.table["CPU"](input, 1, None)
    except _dispatch._NAMED_ERRORS as e:
        _LOG_SOFTMAX.name_in(e)
        raise
    try:
        return _RECORD_NLL_LOSS(lp, target, None, 1, ignore_index) if grad else \
            _NLL_LOSS.table["CPU"](lp, target, None, 1, ignore_index)
    except _dispatch._NAMED_ERRORS as e:
        _NLL_LOSS.name_in(e)
        raise
