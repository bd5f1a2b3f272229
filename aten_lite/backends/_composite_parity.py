"""CompositeImplicitAutograd kernels of data-dependent, diagonal, padding and loss ops:
masked_select, repeat_interleave, meshgrid, diag, trace,
constant_pad_nd (F.pad), cosine_similarity, kl_div and huber_loss. Each is written with
other aten_lite ops, so autograd records the pieces (index_select, expand, cat, ...) and no
derivatives.yaml entry is needed; the ops whose size depends on the values call nonzero or
repeat_interleave's indices form (CPU kernels, _cpu_parity.py).
"""

from __future__ import annotations

from . import creation as _creation
from ..vocab import dtype as _dtype
from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..tensors.tensor import Tensor, wrap_dim
from ..rules.shapes import core as rules

__all__ = [
    "masked_select", "repeat_interleave_self_tensor",
    "repeat_interleave_self_int", "meshgrid", "meshgrid_indexing", "diag", "trace",
    "constant_pad_nd", "cosine_similarity", "kl_div", "huber_loss",
]


# ---- selections whose size depends on the values ----


def masked_select(self, mask):
    """The elements of self where mask (broadcast with it) is True, as a 1-D tensor, in
    row-major order."""
    if mask._dtype is not _dtype.bool_:
        raise RuntimeError(f"masked_select: expected BoolTensor for mask, got "
                           f"{mask._dtype.name}; compare first, e.g. mask != 0")
    shape = rules.broadcast_shapes(tuple(self._shape), tuple(mask._shape))
    where = al.nonzero(mask.expand(shape).reshape(-1)).reshape(-1)
    return self.expand(shape).reshape(-1).index_select(0, where)


# ---- repeat_interleave ----


def _along(self, dim):
    """(tensor, dim) to repeat along: self flattened and dim 0 when dim is None."""
    if dim is None:
        return self.reshape(-1), 0
    if self.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions; repeat "
                         f"a 0-dim tensor with dim=None")
    return self, wrap_dim(dim, self.dim())


def repeat_interleave_self_tensor(self, repeats, dim=None, output_size=None):
    """Each slice of self along dim repeated repeats[i] times (one count for all when
    repeats has one element)."""
    x, d = _along(self, dim)
    n = x._shape[d] if x.dim() else 1
    if repeats.dim() == 0 or repeats._shape == (1,):
        repeats = repeats.reshape(1).expand(n)
    elif repeats.dim() == 1 and repeats._shape[0] != n:
        raise RuntimeError(f"repeats must have the same size as input along dim, but got "
                           f"repeats.size(0) = {repeats._shape[0]} and input.size({d}) = {n}")
    index = al.repeat_interleave(repeats, output_size=output_size)
    return (x.reshape(1) if x.dim() == 0 else x).index_select(d, index.to(_dtype.int64))


def repeat_interleave_self_int(self, repeats, dim=None, output_size=None):
    """Each slice of self along dim repeated `repeats` times: an expand over a new dim after
    dim, folded back (one copy; the gradient sums the copies through expand)."""
    if repeats < 0:
        raise RuntimeError(f"Repeats must be non-negative, got {repeats}")
    x, d = _along(self, dim)
    if x.dim() == 0:
        x = x.reshape(1)
    shape = list(x._shape)
    if output_size is not None and output_size != shape[d] * repeats:
        raise RuntimeError(f"repeat_interleave: output_size={output_size} does not match "
                           f"{shape[d]} * {repeats}")
    wide = shape[:d + 1] + [repeats] + shape[d + 1:]
    out = shape[:d] + [shape[d] * repeats] + shape[d + 1:]
    return x.unsqueeze(d + 1).expand(wide).reshape(out)


# ---- meshgrid ----


def meshgrid(tensors):
    """meshgrid with indexing='ij' (torch's aten default)."""
    return meshgrid_indexing(tensors, "ij")


def meshgrid_indexing(tensors, indexing):
    """Grids of the 0-D or 1-D `tensors`: output i varies along dim i ('ij'), or with the
    first two dims swapped ('xy', Cartesian). Each output is an expanded view of its input."""
    if indexing not in ("ij", "xy"):
        raise RuntimeError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but '
                           f'received: {indexing}')
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    for i, t in enumerate(tensors):
        if t.dim() > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list "
                               f"but got a {t.dim()}-D tensor at position {i}")
        if t._dtype is not tensors[0]._dtype:
            raise RuntimeError(f"meshgrid expects all tensors to have the same dtype, got "
                               f"{tensors[0]._dtype.name} and {t._dtype.name}")
        if t.device != tensors[0].device:
            raise RuntimeError(f"meshgrid expects all tensors to have the same device, got "
                               f"{tensors[0].device} and {t.device}")
    swap = indexing == "xy" and len(tensors) >= 2
    if swap:
        tensors[0], tensors[1] = tensors[1], tensors[0]
    shape = [t.numel() for t in tensors]
    grids = []
    for i, t in enumerate(tensors):
        view = [1] * len(tensors)
        view[i] = shape[i]
        grids.append(t.reshape(view).expand(shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return grids


# ---- diagonals ----


def diag(self, diagonal=0):
    """A 1-D tensor as the given diagonal of a square matrix (zeros elsewhere), or the given
    diagonal of a 2-D tensor, copied."""
    if self.dim() == 2:
        return self.diagonal(diagonal).clone()
    if self.dim() != 1:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {self.dim()}D")
    n, k = self._shape[0], diagonal
    m = n + abs(k)
    # Row i of (v_i, then m zeros), flattened, puts v_i every m + 1 elements: the diagonal
    # of an m-wide matrix. Shift it to (row, column) (max(0, -k), max(0, k)) with leading
    # zeros and fill (or crop) to m * m at the end; the gradient is the input's slice.
    flat = constant_pad_nd(self.unsqueeze(1), [0, m]).reshape(-1)
    start = k if k >= 0 else -k * m
    return constant_pad_nd(flat, [start, m * m - start - n * (m + 1)]).reshape(m, m)


def trace(self):
    """The sum of the main diagonal of a matrix (integers sum as int64)."""
    if self.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {self.dim()}")
    if self._dtype is _dtype.bool_:
        raise NotImplementedError('"trace" not implemented for \'Bool\'; convert first, '
                                  'e.g. x.long()')
    return self.diagonal().sum()


# ---- padding ----


def constant_pad_nd(self, pad, value=0):
    """F.pad's constant mode: pad = (left, right) pairs from the last dim backwards; a
    negative amount crops. Built with narrow and cat, so the gradient is the input's slice."""
    pad = list(pad)
    if len(pad) % 2:
        raise RuntimeError(f"Length of pad must be even but instead it equals {len(pad)}")
    if len(pad) // 2 > self.dim():
        raise RuntimeError(f"Length of pad should be no more than twice the number of "
                           f"dimensions of the input. Pad length is {len(pad)} while the input "
                           f"has {self.dim()} dimensions.")
    out = self
    for i in range(len(pad) // 2):
        d, (left, right) = self.dim() - 1 - i, pad[2 * i:2 * i + 2]
        size = out._shape[d]
        if size + left + right < 0:
            raise RuntimeError(
                f"The input size {size}, plus negative padding {left} and {right} resulted in "
                f"a negative output size, which is invalid. Check dimension {d} of your input.")
        if left < 0 or right < 0:
            start = max(0, -left)
            out = out.narrow(d, start, size - start - max(0, -right))
        parts = [out]
        for amount, at in ((left, 0), (right, 1)):
            if amount > 0:
                shape = list(out._shape)
                shape[d] = amount
                block = _creation.full(shape, value, dtype=self._dtype, device=self.device)
                parts.insert(at * len(parts), block)
        if len(parts) > 1:
            out = al.cat(parts, d)
    return out if out is not self else self.clone()


# ---- losses and similarities ----


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
    wide = x.to(_dtype.float32) if x._dtype is _dtype.float16 else x
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
