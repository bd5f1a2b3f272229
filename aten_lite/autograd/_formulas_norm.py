"""Formula helper of layer normalisation's `_layer_norm` (derivatives.yaml calls it once per
input: self, weight and bias).

Part of ``formulas.py``'s namespace (it imports and re-exports ``layer_norm_grad``): the
generator reads the names through that module.

Note [Three layer_norm gradients from one kernel]
`_layer_norm_backward_all` gives the gradients of self, weight and bias in one pass over the
rows, each row's statistics computed once (Note [Three layer_norm gradients in one pass] in
aten_lite/csrc/layer_norm_backward_all.h), with the bits of the three ops the formulas used to
call. As for attention (Note [One kernel for three gradients] in _formulas_attention.py), the
first of the node's calls runs the kernel and keeps the other two gradients with the very
tensors it was called on (compared by identity and version, and held, so no id is reused
meanwhile); the bias's gradient, asked last, releases them, else the next call does. The
kernel walks the rows on one thread, so large inputs with several threads, inputs it does
not take (float16, bfloat16, other layouts, other devices), create_graph and dispatch modes
take the three ops instead, which are differentiable again.
"""

from __future__ import annotations

from ..dispatch import dispatcher as _dispatch
from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..backends.cpu import KERNELS as _CPU_KERNELS
from ..tensors.tensor import Tensor
from ..vocab.dispatch_keys import CPU
from ..vocab.dtype import float32, float64
from ._formulas_linalg import linear_bias_grad

__all__ = ["layer_norm_grad"]

_backward_all = _CPU_KERNELS["layer_norm_backward_all_cpu"]  # the op's CPU function


def _threads() -> int:
    from .. import _C  # layer 0, late: the extension may be unbuilt

    return _C.get_num_threads()


_last: list = [None]  # [((grad, self, weight), their versions, (dself, dweight, dbias))]
# Elements above which the three (threaded) kernels are faster when there are threads.
_ONE_THREAD_ELEMENTS = 1 << 15


def _one_kernel(grad: Tensor, self: Tensor, weight: Tensor) -> bool:
    # the kernel reads the weight's array only: an nn.Parameter (a subclass) is as good
    if grad.__class__ is not Tensor or self.__class__ is not Tensor or \
            not isinstance(weight, Tensor):
        return False
    for t in (grad, self, weight):
        if t._key is not CPU or t._a is None or \
                t._dtype is not self._dtype or not t._a.flags.c_contiguous:
            return False
    return self._dtype in (float32, float64) and grad._shape == self._shape and \
        len(self._shape) >= 1 and self._shape[-1] > 0 and \
        (self._a.size <= _ONE_THREAD_ELEMENTS or _threads() == 1) and \
        not _dispatch.observed(grad, self, weight)


def layer_norm_grad(grad: Tensor, self: Tensor, weight: Tensor, eps: float,
                    which: int) -> Tensor:
    """The gradient of `_layer_norm` with respect to self (which 0), weight (1) or bias (2)."""
    if _one_kernel(grad, self, weight):
        inputs = (grad, self, weight)
        versions = tuple(-1 if t._vc is None else t._vc.value for t in inputs)
        last = _last[0]
        if last is None or last[1] != versions or any(a is not b for a, b in zip(last[0], inputs)):
            # the op's CPU function, without the dispatch (Note [Formulas without dispatch]
            # in formulas.py): rows of self's gradient, then weight's and bias's
            a = _backward_all(grad, self, weight, eps)._a
            wrap = Tensor._wrap
            # weight's and bias's rows copied out: a leaf's first gradient that owns its
            # array becomes its .grad as is (Note [Stealing the gradient] in engine.py); a
            # view of the packed array would be cloned there, through engine.py's Python
            last = _last[0] = (inputs, versions, (wrap(a[:-2].reshape(self._shape)),
                                                  wrap(a[-2].copy()), wrap(a[-1].copy())))
        if which == 2:
            _last[0] = None
        return last[2][which]
    if which == 0:
        return al._layer_norm_backward(grad, self, weight, eps)
    if which == 1:
        return al._layer_norm_weight_grad(grad, self, eps)
    return linear_bias_grad(grad)  # sum_to(grad, bias.shape)'s ops: bias is (features,)
