"""cross_entropy's training-step case, run without dispatching its two ops.

Note [cross_entropy without dispatch]
``cross_entropy(logits, targets)`` of a classifier's batch is ``nll_loss(log_softmax(logits,
1), targets)``: two ops, each dispatched (binding, key, Autograd kernel, dtype guard, shape
rule, redispatch below autograd) every step, and those layers cost more than the two C++
kernels. When nothing can observe the dispatches (as Note [Formulas without dispatch] in
aten_lite/autograd/formulas.py puts it: no dispatch mode, so no trace_dispatch, forward AD or
compile capture; no trace record; dense CPU tensors holding data), neither op has a kernel
registered through ``aten_lite.library`` (its table then holds what the YAML made), and the
case is the common one (float32/float64 logits (N, C) with N, C > 0, int64 targets (N,), no
class weights, mean), `run` checks that case in line and calls the C++ entries the two CPU
kernels call (aten_lite/csrc/log_softmax.h, aten_lite/csrc/nll_loss.h), on the same arrays: the
same bits. Each op's generated recorder (``generated/autograd_nodes.py``) then records its node
exactly as the Autograd kernel would, handed a stand-in for the op whose "redispatch" returns
the result already computed: the same graph (``NllLossBackward0`` after
``LogSoftmaxBackward0``), the same saved values and versions. A target out of range runs the
nll_loss kernel itself for its error, named as the dispatcher names it. Otherwise `run` returns
None and the caller dispatches the two ops.
"""

from __future__ import annotations

from .. import _dispatch, _trace
from .._dtype import float32, float64, int64
from .._generated.autograd_nodes import RECORDERS
from ..autograd.kernel import _RECORDERS as _BOUND
from .._grad_mode import _state as _grad_state
from .._kernel_rules import cached_c_kernel
from .._tensor import Tensor, empty_array

__all__ = ["run"]

_LOG_SOFTMAX = _dispatch.handle("log_softmax.int")
_NLL_LOSS = _dispatch.handle("nll_loss")
_HANDLES = (_LOG_SOFTMAX, _NLL_LOSS)
_I64 = 1 << 63
_wrap = Tensor._wrap


class _Computed:
    """Stands in for an op handle when its generated recorder is made (``RECORDERS[name]``
    makes a recorder for a handle): the recorder's redispatch returns ``result``, the value
    computed before it is called."""

    __slots__ = ("name", "args", "result")
    pair_pos = none_pos = None  # the below-autograd entry then always calls the method below
    table: dict = {}

    def __init__(self, h) -> None:
        self.name, self.args, self.result = h.name, h.args, None

    def redispatch_below_autograd(self, args: tuple):
        result, self.result = self.result, None
        return result


_LS_DONE, _NLL_DONE = _Computed(_LOG_SOFTMAX), _Computed(_NLL_LOSS)
_RECORD_LOG_SOFTMAX = RECORDERS["log_softmax.int"](_LS_DONE)
_RECORD_NLL_LOSS = RECORDERS["nll_loss"](_NLL_DONE)


def _yaml_tables() -> bool:
    """Whether both ops' tables hold only what the YAML made: one CPU kernel, the generated
    recorder as the Autograd kernel (no composite kernel over it)."""
    for h in _HANDLES:
        if _BOUND.get(h.name) is not RECORDERS[h.name]:  # a formula swapped at run time
            return False
        stacks = h.stacks
        if len(stacks["CPU"]) != 1 or "Autograd" not in h.table or stacks.get("Autograd") \
                or stacks.get("CompositeImplicitAutograd"):
            return False
    return True


def run(input: Tensor, target: Tensor, ignore_index: int):
    """``nll_loss(log_softmax(input, 1), target, None, 1, ignore_index)`` as the two ops would
    compute and record it, or None when they must be dispatched (Note [cross_entropy without
    dispatch])."""
    if _dispatch._mode is not None or _trace.active is not None or \
            input.__class__ is not Tensor or target.__class__ is not Tensor:
        return None
    x, t, dt = input._a, target._a, input._dtype
    if x is None or t is None or input._key != "CPU" or target._key != "CPU" or \
            (dt is not float32 and dt is not float64) or x.ndim != 2 or x.size == 0 or \
            target._dtype is not int64 or target._shape != x.shape[:1] or \
            ignore_index.__class__ is not int or not -_I64 <= ignore_index < _I64 or \
            not _yaml_tables():
        return None
    logp = empty_array(x.shape, dt)
    cached_c_kernel("log_softmax")(dt.code, logp, x)
    lp = _wrap(logp)
    record = _grad_state.enabled and input._requires_grad
    if record:
        _LS_DONE.result = lp
        _RECORD_LOG_SOFTMAX(input, 1, None)
    out = empty_array((), dt)
    if cached_c_kernel("nll_loss")(dt.code, out, logp, t, ignore_index, 1):
        try:  # a target out of range: the op's kernel raises its message
            loss = _NLL_LOSS.table["CPU"](lp, target, None, 1, ignore_index)
        except _dispatch._NAMED_ERRORS as e:
            _NLL_LOSS.name_in(e)
            raise
    else:
        loss = _wrap(out)
    if record:
        _NLL_DONE.result = loss
        _RECORD_NLL_LOSS(lp, target, None, 1, ignore_index)
    return loss
