"""CompositeImplicitAutograd kernels of losses and similarities: kl_div, huber_loss, and
cosine_similarity (what CosineEmbeddingLoss and F.cosine_similarity compute), written with
other aten_lite ops so that autograd records their pieces. nll_loss, whose gradient is its own
op, is a CPU kernel (``backends/cpu/losses.py``).
"""

from __future__ import annotations

from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...vocab import dtype as _dtype
from ...tensors.tensor import wrap_dim
from ...rules.shapes import core as rules

__all__ = ["cosine_similarity", "kl_div", "huber_loss"]


def _floating(name, *tensors):
    dt = tensors[0]._dtype
    for t in tensors[1:]:
        dt = _dtype.promote_types(dt, t._dtype)
    if not dt.is_floating_point:
        raise RuntimeError(f"{name}: expected common dtype to be floating point, yet common "
                           f"dtype is {dt.name}; convert first, e.g. x.float()")


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """sum(x1 * x2) / (max(||x1||, eps) * max(||x2||, eps)) along dim, after broadcasting."""
    _floating("cosine_similarity", x1, x2)
    shape = rules.broadcast_shapes(tuple(x1._shape), tuple(x2._shape))
    a, b = x1.expand(shape), x2.expand(shape)
    d = wrap_dim(dim, max(len(shape), 1))
    return ((a / _norm(a, d, eps)) * (b / _norm(b, d, eps))).sum(d)


def _norm(x, d, eps):
    """max(||x||, eps) along d, kept as a size-1 dim, as torch: the clamp is not
    differentiated (torch clamps in place without grad), and a zero vector's norm has a zero
    gradient (torch's vector norm), where sqrt's would be infinite. float16 squares in
    float32, where they cannot overflow (torch's norm accumulates so too)."""
    wide = x.to(_dtype.float32) if x._dtype in (_dtype.float16, _dtype.bfloat16) else x
    squares = (wide * wide).sum(d, keepdim=True)
    zero = squares == 0
    norm = al.where(zero, 0.0, al.where(zero, 1.0, squares).sqrt())
    return (norm + (norm.clamp_min(eps) - norm).detach()).to(x._dtype)


def _reduce(loss, reduction):
    if reduction == 0:
        return loss
    if reduction == 1:
        return loss.mean()
    if reduction == 2:
        return loss.sum()
    raise ValueError(f"reduction {reduction} is not valid; expected 0 (none), 1 (mean) or "
                     f"2 (sum)")


def kl_div(self, target, reduction=1, log_target=False):
    """Pointwise KL divergence with self = log q: target * (log target - self), 0 where
    target is 0 (exp(target) * (target - self) when target is a log too)."""
    if not (self._dtype.is_floating_point and target._dtype.is_floating_point):
        raise RuntimeError(f"kl_div: Integral inputs not supported (got {self._dtype.name} "
                           f"and {target._dtype.name}); convert first, e.g. x.float()")
    if log_target:
        return _reduce(target.exp() * (target - self), reduction)
    # target * log(target) is 0 where target is 0; its gradient there is NaN, as torch's
    # (xlogy's): the unselected branch's 0 * (log 0 + 1).
    entropy = al.where(target == 0, 0.0, target * target.log())
    return _reduce(entropy - target * self, reduction)


def huber_loss(self, target, reduction=1, delta=1.0):
    """0.5 * d^2 where |d| < delta, else delta * (|d| - 0.5 * delta), with d = self - target."""
    if delta <= 0:
        raise RuntimeError(f"huber_loss does not support non-positive values for delta, got "
                           f"{delta}")
    _floating("huber_loss", self, target)
    d = self - target
    size = d.abs()
    return _reduce(al.where(size < delta, 0.5 * d * d, delta * (size - 0.5 * delta)), reduction)
