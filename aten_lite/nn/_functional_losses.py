"""The embedding, margin and likelihood losses of ``torch.nn.functional``:
``cosine_embedding_loss``, ``hinge_embedding_loss``, ``margin_ranking_loss``,
``soft_margin_loss``, ``multi_margin_loss``, ``multilabel_margin_loss``,
``multilabel_soft_margin_loss``, ``poisson_nll_loss``, ``gaussian_nll_loss``,
``triplet_margin_loss``, ``triplet_margin_with_distance_loss`` and ``ctc_loss``, with the
distances they use (``pairwise_distance``, ``pdist``).

Each is a composite of existing ops, so autograd differentiates it with the ops' formulas. The
integer targets of the multi-class losses select entries through masks built from the
target's values (targets carry no gradient). Every loss takes torch's ``reduction`` ('none',
'mean', 'sum'); the deprecated ``size_average`` / ``reduce`` pair maps onto it as in torch,
with its warning.

>>> import aten_lite as al
>>> import aten_lite.nn.functional as F
>>> F.margin_ranking_loss(al.tensor([1.0, 2.0]), al.tensor([2.0, 0.0]), al.tensor([1.0, 1.0]))
tensor(0.5000)
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from .. import _ops
from ..amp import autocast_mode as _autocast
from ..backends import creation as _creation
from ..tensors.tensor import Tensor
from ..vocab.dtype import int64
from ..vocab.grad_mode import no_grad
from ._functional_more import _reduction

__all__ = [
    "pairwise_distance", "pdist", "cosine_embedding_loss", "hinge_embedding_loss",
    "margin_ranking_loss", "soft_margin_loss", "multi_margin_loss", "multilabel_margin_loss",
    "multilabel_soft_margin_loss", "poisson_nll_loss", "gaussian_nll_loss",
    "triplet_margin_loss", "triplet_margin_with_distance_loss", "ctc_loss",
]


def _legacy(size_average, reduce, reduction: str) -> str:
    """torch's mapping of the deprecated (size_average, reduce) pair onto ``reduction``."""
    if size_average is None and reduce is None:
        _reduction(reduction)
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    mapped = "none" if not reduce else "mean" if size_average else "sum"
    warnings.warn(f"size_average and reduce args will be deprecated, please use "
                  f"reduction='{mapped}' instead.", stacklevel=3)
    return mapped


def _reduce(x: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return x.mean()
    return x.sum() if reduction == "sum" else x


def _log_sigmoid(x: Tensor) -> Tensor:
    """log(sigmoid(x)) without overflow: -(log1p(exp(-|x|)) + relu(-x))."""
    return -((-x.abs()).exp().log1p() + (-x).relu())


def _values(t: Tensor) -> np.ndarray:
    with no_grad():
        return t.detach().numpy()


# ---- distances ----


def pairwise_distance(x1: Tensor, x2: Tensor, p: float = 2.0, eps: float = 1e-6,
                      keepdim: bool = False) -> Tensor:
    """The ``p``-norm of ``x1 - x2 + eps`` over the last dim (inputs broadcast)."""
    nd = max(x1.ndim, x2.ndim)
    diff = x1 - x2 + eps
    if nd == 0:
        return diff.abs()
    return diff.norm(p, nd - 1, keepdim)


def pdist(input: Tensor, p: float = 2.0) -> Tensor:
    """The ``p``-norm distances between the rows of an (N, M) input, for every pair i < j in
    row-major order: N(N-1)/2 values."""
    if input.ndim != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.ndim}D (shape "
                           f"{list(input.shape)})")
    if p < 0:
        raise RuntimeError(f"pdist only supports non-negative p values, got p={p}")
    n = input.shape[0]
    i, j = np.triu_indices(n, 1)
    if i.size == 0:
        return input.new_zeros((0,))
    a = input.index_select(0, _creation.as_tensor(i.astype(np.int64)))
    b = input.index_select(0, _creation.as_tensor(j.astype(np.int64)))
    return (a - b).norm(p, 1)


# ---- two-class margin losses ----


def cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0,
                          size_average=None, reduce=None, reduction: str = "mean") -> Tensor:
    """``1 - cos(x1, x2)`` where target is 1, ``max(0, cos(x1, x2) - margin)`` where it is
    -1; the cosine is taken over the last dim of 1D (with a 0D target) or 2D inputs."""
    input1, input2 = _autocast.cast_for("cosine_embedding_loss", input1, input2)
    reduction = _legacy(size_average, reduce, reduction)
    if target.ndim not in (0, 1):
        raise RuntimeError(f"0D or 1D target tensor expected, multi-target not supported "
                           f"(got target of shape {list(target.shape)})")
    want = 2 if target.ndim == 1 else 1
    if input1.ndim != want or input2.ndim != want:
        raise RuntimeError(f"{target.ndim}D target tensor expects {want}D input tensors, but "
                           f"found inputs with sizes {list(input1.shape)} and "
                           f"{list(input2.shape)}.")
    dim = want - 1
    eps = 1e-12
    dot = (input1 * input2).sum(dim)
    mag1 = (input1 * input1).sum(dim) + eps
    mag2 = (input2 * input2).sum(dim) + eps
    cos = dot / (mag1 * mag2).sqrt()
    zero = cos.new_zeros(())
    pos = (1 - cos).where(target == 1, zero)
    neg = (cos - margin).clamp_min(0).where(target == -1, zero)
    return _reduce(pos + neg, reduction)


def hinge_embedding_loss(input: Tensor, target: Tensor, margin: float = 1.0,
                         size_average=None, reduce=None, reduction: str = "mean") -> Tensor:
    """``x`` where target is 1, ``max(0, margin - x)`` where it is -1."""
    input, target = _autocast.cast_for("hinge_embedding_loss", input, target)
    reduction = _legacy(size_average, reduce, reduction)
    zero = input.new_zeros(())
    clamped = (margin - input).clamp_min(0).where(target != 1, zero)
    kept = input.where(target != -1, zero)
    return _reduce(clamped + kept, reduction)


def margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor, margin: float = 0,
                        size_average=None, reduce=None, reduction: str = "mean") -> Tensor:
    """``max(0, -y (x1 - x2) + margin)``: x1 should rank above x2 where y is 1, below where
    it is -1."""
    input1, input2, target = _autocast.cast_for("margin_ranking_loss", input1, input2, target)
    reduction = _legacy(size_average, reduce, reduction)
    if not input1.ndim == input2.ndim == target.ndim:
        raise RuntimeError(f"margin_ranking_loss : All input tensors should have same dimension "
                           f"but got sizes: input1: {list(input1.shape)}, input2: "
                           f"{list(input2.shape)}, target: {list(target.shape)} ")
    return _reduce((-target * (input1 - input2) + margin).clamp_min(0), reduction)


def soft_margin_loss(input: Tensor, target: Tensor, size_average=None, reduce=None,
                     reduction: str = "mean") -> Tensor:
    """``log(1 + exp(-y x))`` (computed without overflow), for targets 1 or -1."""
    input, target = _autocast.cast_for("soft_margin_loss", input, target)
    reduction = _legacy(size_average, reduce, reduction)
    return _reduce(-_log_sigmoid(target * input), reduction)


# ---- multi-class margin losses ----


def _classes(name: str, input: Tensor, target: Tensor, target_ndim_offset: int):
    """(input as (N, C), N, C, batched?) for a (C,) or (N, C) input."""
    if input.ndim not in (1, 2) or (input.ndim == 1 and input.numel() == 0):
        raise RuntimeError(f"{name}: expected a non-empty 1D (C) or 2D (N, C) input, but got "
                           f"input of size: {list(input.shape)}")
    batched = input.ndim == 2
    x = input if batched else input.reshape(1, -1)
    want = input.ndim - 1 + target_ndim_offset  # an unbatched input also takes a 1D target
    if target.ndim > max(want, 1) or target.dtype is not int64:
        raise RuntimeError(f"{name}: expected an int64 target of {want}D, got a "
                           f"{target.dtype.name} target of shape {list(target.shape)}")
    return x, x.shape[0], x.shape[1], batched


def multi_margin_loss(input: Tensor, target: Tensor, p: int = 1, margin: float = 1.0,
                      weight: Tensor | None = None, size_average=None, reduce=None,
                      reduction: str = "mean") -> Tensor:
    """``sum_{i != y} max(0, margin - x[y] + x[i])**p / C`` per sample (times ``weight[y]``),
    for a (C,) or (N, C) input and class indices ``y``."""
    input, target = _autocast.cast_for("multi_margin_loss", input, target)
    reduction = _legacy(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError(f"only p == 1 and p == 2 supported, got p={p}")
    if weight is not None and weight.ndim != 1:
        raise ValueError(f"weight must be one-dimensional, got weight of shape "
                         f"{list(weight.shape)}")
    x, n, c, batched = _classes("multi_margin_loss", input, target, 0)
    t = target.reshape(-1)
    if t.numel() != n:
        raise RuntimeError(f"multi_margin_loss: target tensor should be 1-D with size equal to "
                           f"the number of input samples (batch size). Expected target size "
                           f"[{n}], but got {list(target.shape)}. Input has shape "
                           f"{list(input.shape)}.")
    tv = _values(t)
    if tv.size and (tv.min() < 0 or tv.max() >= c):
        bad = int(tv[(tv < 0) | (tv >= c)][0])
        raise RuntimeError(f"multi_margin_loss: target {bad} is out of range for {c} classes "
                           f"(valid: 0 to {c - 1})")
    if weight is not None and weight.numel() != c:
        raise ValueError(f"multi_margin_loss: weight has {weight.numel()} entries but input "
                         f"has {c} classes")
    picked = x.gather(1, t.reshape(-1, 1))
    z = (margin - picked + x).clamp_min(0)
    if p == 2:
        z = z * z
    if weight is not None:
        z = z * weight.index_select(0, t).reshape(-1, 1)
    others = _creation.as_tensor(np.arange(c)[None, :] != tv[:, None])
    per_sample = (z * others).sum(1) / c
    if not batched:
        per_sample = per_sample.reshape(target.shape)
    return _reduce(per_sample, reduction)


def multilabel_margin_loss(input: Tensor, target: Tensor, size_average=None, reduce=None,
                           reduction: str = "mean") -> Tensor:
    """``sum_{j in y} sum_{i not in y} max(0, 1 - (x[j] - x[i])) / C`` per sample, where a
    sample's labels ``y`` are its target's entries before the first -1."""
    input, target = _autocast.cast_for("multilabel_margin_loss", input, target)
    reduction = _legacy(size_average, reduce, reduction)
    x, n, c, batched = _classes("multilabel_margin_loss", input, target, 1)
    if tuple(target.shape) != tuple(input.shape):
        raise RuntimeError(f"inconsistent target size: {list(target.shape)} for input of size: "
                           f"{list(input.shape)}")
    tv = _values(target).reshape(n, c)
    # a sample's labels are its entries before the first negative one
    valid = np.cumprod(tv >= 0, axis=1).astype(bool)
    bad = valid & (tv >= c)
    if bad.any():
        raise RuntimeError(f"multilabel_margin_loss: target {int(tv[bad][0])} is out of range "
                           f"for {c} classes (valid: 0 to {c - 1}, or -1 to end a sample's "
                           f"labels)")
    counts = np.zeros((n, c), x.dtype.np)
    rows = np.broadcast_to(np.arange(n)[:, None], tv.shape)
    np.add.at(counts, (rows[valid], tv[valid]), 1)  # a repeated label counts again, as torch
    others = (counts == 0).astype(x.dtype.np)
    hinge = (1 - x.unsqueeze(2) + x.unsqueeze(1)).clamp_min(0)  # [n, j, i]
    mask = _creation.as_tensor(counts[:, :, None] * others[:, None, :])
    per_sample = (hinge * mask).sum((1, 2)) / c
    if not batched:
        per_sample = per_sample.reshape(())
    return _reduce(per_sample, reduction)


def multilabel_soft_margin_loss(input: Tensor, target: Tensor, weight: Tensor | None = None,
                                size_average=None, reduce=None,
                                reduction: str = "mean") -> Tensor:
    """The mean over classes (the last dim) of the binary logistic loss of each class."""
    reduction = _legacy(size_average, reduce, reduction)
    loss = -(target * _log_sigmoid(input) + (1 - target) * _log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.ndim - 1
    loss = loss.sum(class_dim) / input.shape[class_dim]
    return _reduce(loss, reduction)


# ---- likelihood losses ----


def poisson_nll_loss(input: Tensor, target: Tensor, log_input: bool = True, full: bool = False,
                     size_average=None, eps: float = 1e-8, reduce=None,
                     reduction: str = "mean") -> Tensor:
    """The negative log-likelihood of ``target`` under Poisson(rate): ``exp(x) - y x`` for a
    log-rate ``x`` (``log_input``), else ``x - y log(x + eps)``; ``full`` adds Stirling's
    approximation of ``log(y!)`` where y > 1."""
    input, target = _autocast.cast_for("poisson_nll_loss", input, target)
    if size_average is not None or reduce is not None:
        reduction = _legacy(size_average, reduce, reduction)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if log_input:
        loss = input.exp() - target * input
    else:
        loss = input - target * (input + eps).log()
    if full:
        safe = target.where(target > 1, target.new_ones(()))
        stirling = safe * safe.log() - safe + 0.5 * (2 * math.pi * safe).log()
        loss = loss + stirling.where(target > 1, target.new_zeros(()))
    return _reduce(loss, reduction)


def gaussian_nll_loss(input: Tensor, target: Tensor, var, full: bool = False,
                      eps: float = 1e-6, reduction: str = "mean") -> Tensor:
    """``0.5 (log(var) + (input - target)**2 / var)`` (plus ``0.5 log(2 pi)`` if ``full``),
    var clamped below at ``eps`` (the clamp passes the gradient through, as torch's). var has
    input's shape, or one dim fewer, or a 1 in one of input's dims; or is a float."""
    if isinstance(var, (int, float)) and not isinstance(var, bool):
        if var < 0:
            raise ValueError(f"var has negative entry/entries (var={var})")
        var = _creation.full_like(input, float(var))
    elif bool((var < 0).any()):
        raise ValueError("var has negative entry/entries")
    if tuple(var.shape) != tuple(input.shape):
        if tuple(input.shape[:-1]) == tuple(var.shape):
            var = var.unsqueeze(-1)
        elif input.ndim == var.ndim and sum(
                v for i, v in zip(input.shape, var.shape) if i != v) == 1:
            pass
        else:
            raise ValueError(f"var is of incorrect size: {list(var.shape)} for input of size "
                             f"{list(input.shape)}")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not valid")
    var = var + (var.clamp(min=eps) - var).detach()
    diff = input - target
    loss = 0.5 * (var.log() + diff * diff / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


# ---- triplet losses ----


def _triplet_dims(anchor, positive, negative) -> None:
    if not anchor.ndim == positive.ndim == negative.ndim:
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have "
                           f"the same number of dimensions, but got: anchor {anchor.ndim}D, "
                           f"positive {positive.ndim}D, and negative {negative.ndim}D inputs")


def triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor,
                        margin: float = 1.0, p: float = 2, eps: float = 1e-6,
                        swap: bool = False, size_average=None, reduce=None,
                        reduction: str = "mean") -> Tensor:
    """``max(0, d(a, pos) - d(a, neg) + margin)`` with d the pairwise p-norm distance;
    ``swap`` uses min(d(a, neg), d(pos, neg)) for the negative's distance."""
    anchor, positive, negative = _autocast.cast_for(
        "triplet_margin_loss", anchor, positive, negative)
    reduction = _legacy(size_average, reduce, reduction)
    _triplet_dims(anchor, positive, negative)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    d_pos = pairwise_distance(anchor, positive, p, eps)
    d_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_neg = d_neg.minimum(pairwise_distance(positive, negative, p, eps))
    return _reduce((margin + d_pos - d_neg).clamp_min(0), reduction)


def triplet_margin_with_distance_loss(anchor: Tensor, positive: Tensor, negative: Tensor, *,
                                      distance_function=None, margin: float = 1.0,
                                      swap: bool = False, reduction: str = "mean") -> Tensor:
    """triplet_margin_loss with any ``distance_function(x, y)`` (pairwise_distance if
    None)."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    _triplet_dims(anchor, positive, negative)
    dist = pairwise_distance if distance_function is None else distance_function
    d_pos = dist(anchor, positive)
    d_neg = dist(anchor, negative)
    if swap:
        d_neg = d_neg.minimum(dist(positive, negative))
    return _reduce((margin + d_pos - d_neg).clamp_min(0), reduction)


# ---- connectionist temporal classification ----

_UNREACHABLE = -1e30  # log-probability of a state no path reaches (finite: no nan gradients)


def _lengths(name: str, lengths, n: int) -> np.ndarray:
    if isinstance(lengths, Tensor):
        values = lengths.numpy().astype(np.int64).reshape(-1)
    else:
        values = np.asarray(lengths, np.int64).reshape(-1)
    if values.size != n:
        raise RuntimeError(f"{name} must be of size batch_size ({n}), got {values.size} "
                           f"values")
    return values


def _ctc_targets(targets: Tensor, target_lengths: np.ndarray, n: int) -> list:
    """Each sample's labels, from an (N, S) padded or a 1D concatenated targets tensor."""
    t = targets.numpy().astype(np.int64)
    if t.ndim == 2:
        if t.shape[0] != n:
            raise RuntimeError(f"ctc_loss: targets has {t.shape[0]} rows but the batch has "
                               f"{n} samples")
        longest = int(target_lengths.max()) if n else 0
        if longest > t.shape[1]:
            raise RuntimeError(f"Expected tensor to have size at least {longest} at dimension "
                               f"1, but got size {t.shape[1]} for argument #2 'targets'")
        return [t[i, :target_lengths[i]] for i in range(n)]
    if t.ndim != 1:
        raise RuntimeError(f"ctc_loss: targets must be 1D (concatenated) or 2D (N, S), got "
                           f"shape {list(t.shape)}")
    if int(target_lengths.sum()) > t.size:
        raise RuntimeError(f"ctc_loss: target_lengths sum to {int(target_lengths.sum())} but "
                           f"the concatenated targets hold {t.size} labels")
    ends = np.cumsum(target_lengths)
    return [t[e - k:e] for e, k in zip(ends, target_lengths)]


def ctc_loss(log_probs: Tensor, targets: Tensor, input_lengths, target_lengths,
             blank: int = 0, reduction: str = "mean", zero_infinity: bool = False) -> Tensor:
    """The negative log-likelihood of each target sequence under all alignments of the
    (T, N, C) log-probabilities (or (T, C) unbatched) that collapse to it, by the forward
    (alpha) recursion in log space over the targets interleaved with blanks. 'mean' divides
    each loss by its target length before averaging the batch, as torch. An impossible
    alignment (a target too long for its input) gives inf, or 0 with ``zero_infinity``."""
    log_probs, = _autocast.cast_for("ctc_loss", log_probs)
    _reduction(reduction)
    batched = log_probs.ndim == 3
    if log_probs.ndim not in (2, 3):
        raise RuntimeError(f"ctc_loss: log_probs must be (T, N, C) or (T, C), got shape "
                           f"{list(log_probs.shape)}")
    lp = log_probs if batched else log_probs.unsqueeze(1)
    if not batched:
        targets = targets.reshape(1, -1)
    big_t, n, c = lp.shape
    if not 0 <= blank < c:
        raise RuntimeError(f"blank must be in label range (0 to {c - 1}), got {blank}")
    in_len = _lengths("input_lengths", input_lengths, n)
    tg_len = _lengths("target_lengths", target_lengths, n)
    if in_len.size and in_len.max() > big_t:
        raise RuntimeError(f"Expected input_lengths to have value at most {big_t}, but got "
                           f"value {int(in_len.max())}")
    labels = _ctc_targets(targets, tg_len, n)
    width = 2 * int(tg_len.max() if n else 0) + 1
    ext = np.full((n, width), blank, np.int64)  # blanks between and around the labels
    skip = np.zeros((n, width), bool)  # s may follow s - 2 (two different labels)
    feasible = np.ones(n, bool)
    for i, lab in enumerate(labels):
        if lab.size and (lab.min() < 0 or lab.max() >= c):
            raise RuntimeError(f"ctc_loss: target label {int(lab[(lab < 0) | (lab >= c)][0])} "
                               f"of sample {i} is out of range for {c} classes")
        ext[i, 1:2 * lab.size:2] = lab
        skip[i, 3:2 * lab.size:2] = lab[1:] != lab[:-1]
        feasible[i] = lab.size + int((lab[1:] == lab[:-1]).sum()) <= in_len[i]
    index = _creation.as_tensor(ext).unsqueeze(0).expand(big_t, n, width)
    emit = lp.gather(2, index)  # (T, N, width): log p of each extended label at each step
    unreachable = emit.new_full((n, width), _UNREACHABLE)
    low1 = emit.new_full((n, 1), _UNREACHABLE)
    low2 = emit.new_full((n, 2), _UNREACHABLE)
    skip_t = _creation.as_tensor(skip)
    start = np.zeros((1, width), bool)
    start[0, :2] = True
    alpha = emit[0].where(_creation.as_tensor(start), unreachable)
    for t in range(1, big_t):
        prev1 = _ops.cat([low1, alpha[:, :-1]], 1)
        prev2 = _ops.cat([low2, alpha[:, :-2]], 1).where(skip_t, unreachable)
        step = _ops.stack([alpha, prev1, prev2], 2).logsumexp(2) + emit[t]
        running = _creation.as_tensor((in_len > t)[:, None])
        alpha = step.where(running, alpha)
    last = _creation.as_tensor((2 * tg_len)[:, None])
    before = _creation.as_tensor(np.maximum(2 * tg_len - 1, 0)[:, None])
    end_blank = alpha.gather(1, last).squeeze(1)
    end_label = alpha.gather(1, before).squeeze(1)
    end_label = end_label.where(_creation.as_tensor(tg_len > 0), end_label.new_full(
        (), _UNREACHABLE))
    loss = -_ops.stack([end_blank, end_label], 1).logsumexp(1)
    loss = loss.where(_creation.as_tensor(feasible),
                      loss.new_full((), 0.0 if zero_infinity else math.inf))
    # an empty input aligns only to an empty target, with probability 1
    loss = loss.where(_creation.as_tensor(in_len > 0), loss.new_zeros(()))
    if reduction == "mean":
        divisor = _creation.as_tensor(np.maximum(tg_len, 1).astype(lp.dtype.np))
        return (loss / divisor).mean()
    if reduction == "sum":
        return loss.sum()
    return loss if batched else loss.reshape(())
