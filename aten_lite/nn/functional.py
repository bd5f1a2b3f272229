"""Functions behind the layers and losses, written with aten_lite's generated ops (so they
differentiate through the ops' formulas). `nll_loss` and `cross_entropy` end in the `nll_loss`
op, so their `grad_fn` is ``NllLossBackward0`` as in torch.

>>> import aten_lite as al
>>> logits = al.tensor([[2.0, 0.0], [0.0, 2.0]])
>>> round(cross_entropy(logits, al.tensor([0, 1])).item(), 4)
0.1269
"""

from __future__ import annotations

import warnings

from .. import _ops
from .._generated.ops import _gelu_tanh, _layer_norm, _linear
from ..amp import autocast_mode as _autocast
from ..frontend import random as _random
from ._functional_more import _reduction
from .dropout import _dropout_impl
from ..tensors.tensor import Tensor
from .module import Parameter
from ..vocab.grad_mode import no_grad
from ..rules.shapes.core import broadcast_shapes
from ..dispatch import dispatcher as _dispatch
from ..vocab.dispatch_keys import CPU as _CPU
from ..vocab.dtype import float32 as _float32, float64 as _float64

__all__ = [
    "relu", "leaky_relu", "silu", "tanh", "sigmoid", "gelu", "linear", "softmax",
    "log_softmax", "embedding", "dropout", "layer_norm", "batch_norm", "cross_entropy",
    "nll_loss", "mse_loss", "l1_loss", "smooth_l1_loss", "binary_cross_entropy_with_logits",
    "one_hot", "binary_cross_entropy", "normalize", "softmin",
]



def relu(input: Tensor, inplace: bool = False) -> Tensor:
    return input.relu_() if inplace else input.relu()


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    """``input`` where positive, else ``negative_slope * input`` (the `leaky_relu` op)."""
    if inplace:
        return _ops.leaky_relu_(input, negative_slope)
    return _ops.leaky_relu(input, negative_slope)


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    """``input * sigmoid(input)`` (the `silu` op); ``inplace=True`` writes it into input."""
    return _ops.silu_(input) if inplace else _ops.silu(input)


def tanh(input: Tensor) -> Tensor:
    return input.tanh()


def sigmoid(input: Tensor) -> Tensor:
    return input.sigmoid()


def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """``x * Phi(x)``; ``approximate="tanh"`` uses torch's tanh formula instead."""
    if approximate == "none":
        return _ops.gelu(input)
    if approximate != "tanh":
        raise ValueError(f"gelu: approximate must be 'none' or 'tanh', got {approximate!r}")
    # 0.5 x (1 + tanh(u)) is x sigmoid(2u): sigmoid's float exp is our inline one (Note [Float
    # exp] in aten_lite/csrc/scalar_math.h), where tanh calls libmvec's, so a compiled chain
    # holding it takes 512-bit vectors (Note [Wide vectors in fused kernels]). One op, one
    # pass: the seven ops it stands for made seven passes over the tensor.
    return _gelu_tanh(input)


# Note [Linear as one op]
# input.matmul(weight.t()) + bias is four or five ops each way (the transposed view, matmul's
# reshapes around mm, the add) and as many autograd nodes. `_linear` is the same computation
# as one op with one node: its kernel makes the very product call and add, and its formulas
# the very calls mm's, t's and add's formulas make, so the bits are the same. Like the fused
# attention op (Note [Fused attention] in nn/attention.py) it runs only where nothing observes
# the ops (no dispatch mode: forward AD, graph capture, vmap and trace_dispatch still see the
# composed ops), on dense CPU float32/float64 tensors and a bias of (out_features,).
_PLAIN = (_float32, _float64)
_PLAIN_CLASSES = (Tensor, Parameter)  # not a subclass that may override what ops do


def _one_op(input: Tensor, weight: Tensor, bias) -> bool:
    for t in (input, weight) if bias is None else (input, weight, bias):
        if t.__class__ not in _PLAIN_CLASSES or t._key is not _CPU or t._a is None or \
                t._dtype is not input._dtype:
            return False
    return input._dtype in _PLAIN and (bias is None or bias._shape == weight._shape[:1]) and \
        not _dispatch.observed()  # no tensors: whether a dispatch mode is set


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``, with ``weight`` of shape (out_features, in_features), or
    (in_features,) for one output taken without its dim (a 1-D input and a 1-D weight give
    their dot product, a 0-dim tensor, as torch's). The bias is added to the result and may
    not grow it (torch adds it in place)."""
    input, weight, bias = _autocast.cast_for("linear", input, weight, bias)
    if input.ndim == 0 or weight.ndim == 0:
        raise RuntimeError(
            f"linear: both arguments need to be at least 1-D, but input has shape "
            f"{list(input._shape)} and weight has shape {list(weight._shape)}")
    if weight.ndim > 2:
        raise RuntimeError(
            f"linear: weight must be 2-D (out_features, in_features) or 1-D (in_features,), "
            f"got shape {list(weight._shape)}")
    if input._shape[-1] != weight._shape[-1]:
        raise RuntimeError(
            f"linear: input has {input._shape[-1]} features (shape {list(input._shape)}) but "
            f"weight expects {weight._shape[-1]} (shape {list(weight._shape)})")
    if weight.ndim == 2 and input.ndim >= 2 and _one_op(input, weight, bias):
        return _linear(input, weight, bias)
    if weight.ndim == 1:
        out = input.matmul(weight)
    else:
        # mm when the input is a matrix (the common case) skips matmul's case analysis.
        out = input.mm(weight.t()) if input.ndim == 2 else input.matmul(weight.t())
    if bias is None:
        return out
    if broadcast_shapes(out._shape, bias._shape) != out._shape:
        raise RuntimeError(
            f"linear: bias of shape {list(bias._shape)} does not broadcast to the output's "
            f"shape {list(out._shape)} (input {list(input._shape)}, weight "
            f"{list(weight._shape)})")
    return out + bias


def _implicit_softmax_dim(name: str, ndim: int, stacklevel: int) -> int:
    """torch's deprecated choice when softmax is called without ``dim``: dim 0 for 0-, 1- and
    3-D inputs (a 3-D input was read as a batch-less image), else dim 1; with its warning."""
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call "
                  "to include dim=X as an argument.", stacklevel=stacklevel)
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input: Tensor, dim: int | None = None, _stacklevel: int = 3,
            dtype=None) -> Tensor:
    if dim is None:
        dim = _implicit_softmax_dim("softmax", input.ndim, _stacklevel)
    return input.softmax(dim, dtype)


def log_softmax(input: Tensor, dim: int | None = None, _stacklevel: int = 3,
                dtype=None) -> Tensor:
    if dim is None:
        dim = _implicit_softmax_dim("log_softmax", input.ndim, _stacklevel)
    return input.log_softmax(dim, dtype)


def softmin(input: Tensor, dim: int | None = None, _stacklevel: int = 3,
            dtype=None) -> Tensor:
    """``softmax(-input, dim)``."""
    if dim is None:
        dim = _implicit_softmax_dim("softmin", input.ndim, _stacklevel)
    return (-input).softmax(dim, dtype)


def embedding(input: Tensor, weight: Tensor, padding_idx: int | None = None,
              max_norm: float | None = None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    """Rows ``weight[input]``: shape ``input.shape + (embedding_dim,)``; the `embedding` op
    (its backward adds repeated rows up; the ``padding_idx`` row gets no gradient). With
    ``max_norm``, the rows looked up whose ``norm_type``-norm exceeds it are first scaled
    in place, in ``weight`` itself, to norm ``max_norm`` (as torch's embedding_renorm_)."""
    if padding_idx is not None:
        n = weight.size(0)
        if not -n <= padding_idx < n:
            raise ValueError(f"embedding: padding_idx {padding_idx} must be within the "
                             f"{n} rows of weight ([-{n}, {n - 1}])")
        padding_idx %= n
    if max_norm is not None:
        _renorm_rows(weight, input, float(max_norm), float(norm_type))
    return _ops.embedding(weight, input, -1 if padding_idx is None else padding_idx,
                          scale_grad_by_freq, sparse)


def _renorm_rows(weight: Tensor, input: Tensor, max_norm: float, norm_type: float) -> None:
    with no_grad():
        rows = input.reshape(-1).unique()
        picked = weight[rows]
        norms = picked.norm(norm_type, 1, True)
        # torch's factor, 1e-7 keeping a zero row finite; only rows above max_norm change.
        scale = (max_norm / (norms + 1e-7)).where(norms > max_norm, norms.new_ones(()))
        weight[rows] = picked * scale


def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """An int64 tensor of shape ``tensor.shape + (num_classes,)`` holding 1 at each class
    index (the `one_hot` op; ``num_classes=-1`` takes the largest index + 1)."""
    return _ops.one_hot(tensor, num_classes)


def dropout(input: Tensor, p: float = 0.5, training: bool = True,
            inplace: bool = False) -> Tensor:
    """Zero each element with probability ``p`` and scale the rest by ``1 / (1 - p)``
    (``al.dropout``, which also takes a ``generator=``); ``inplace=True`` writes the result
    into ``input``."""
    if inplace:
        return _dropout_impl(input, p, training, True, feature=False, alpha=False)
    return _random.dropout(input, p, training)


def layer_norm(input: Tensor, normalized_shape, weight=None, bias=None,
               eps: float = 1e-5) -> Tensor:
    """Normalise over the trailing ``normalized_shape`` dims (biased variance), then scale
    and shift."""
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(input._shape[len(input._shape) - len(shape):]) != shape or not shape:
        raise RuntimeError(f"layer_norm: normalized_shape {list(shape)} must be the trailing "
                           f"dims of the input, got input of shape {list(input._shape)}")
    if len(shape) == 1 and weight is not None and bias is not None and \
            weight._shape == shape and bias._shape == shape and \
            input._dtype.is_floating_point and weight._dtype is input._dtype and \
            bias._dtype is input._dtype:
        # nn.LayerNorm's case: one op, one C++ pass, one autograd node; the same steps as the
        # ops below, so the same values to the bit.
        return _layer_norm(input, weight, bias, float(eps))
    dims = list(range(input.ndim - len(shape), input.ndim))
    centered = input - input.mean(dims, keepdim=True)
    var = (centered * centered).mean(dims, keepdim=True)
    out = centered * (var + eps).rsqrt()
    if weight is not None:
        out = out * weight
    return out if bias is None else out + bias


def batch_norm(input: Tensor, running_mean, running_var, weight=None, bias=None,
               training: bool = False, momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Normalise each channel (dim 1) over the batch and spatial dims. In training the
    batch's statistics are used and folded into the running ones (unbiased variance, as
    torch); in eval the running ones are used."""
    if input.ndim < 2:
        raise ValueError(f"batch_norm: expected an input with at least 2 dims (N, C, *), got "
                         f"shape {list(input._shape)}")
    dims = [0] + list(range(2, input.ndim))
    view = (1, -1) + (1,) * (input.ndim - 2)
    if training:
        n = input.numel() // input._shape[1]
        if n <= 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got "
                             f"input size {list(input._shape)}")
        mean = input.mean(dims, keepdim=True)
        centered = input - mean
        var = (centered * centered).mean(dims, keepdim=True)
        if running_mean is not None:
            with no_grad():
                running_mean.mul_(1 - momentum).add_(mean.reshape(-1), alpha=momentum)
                running_var.mul_(1 - momentum).add_(var.reshape(-1) * (n / (n - 1)),
                                                    alpha=momentum)
    else:
        centered = input - running_mean.view(view)
        var = running_var.view(view)
    out = centered * (var + eps).rsqrt()
    if weight is not None:
        out = out * weight.view(view)
    return out if bias is None else out + bias.view(view)


# ---- losses ----


def _reduce(x: Tensor, reduction: str) -> Tensor:
    code = _reduction(reduction)
    return x if code == 0 else x.mean() if code == 1 else x.sum()


def _classes_last(input: Tensor, target: Tensor):
    """(N, C, d1, ...) with (N, d1, ...) -> (M, C) with (M,) (Note [nll_loss layout])."""
    c = input._shape[1]
    perm = [0] + list(range(2, input.ndim)) + [1]
    return input.permute(perm).reshape(-1, c), target.reshape(-1)


def nll_loss(input: Tensor, target: Tensor, weight: Tensor | None = None,
             ignore_index: int = -100, reduction: str = "mean") -> Tensor:
    """``-input[i, target[i]]`` (input holds log-probabilities, classes at dim 1), weighted
    and reduced; targets equal to ``ignore_index`` count for nothing."""
    code = _reduction(reduction)
    if input.ndim > 2:
        flat, t = _classes_last(input, target)
        out = _ops.nll_loss(flat, t, weight, code, ignore_index)
        return out.reshape(target._shape) if code == 0 else out
    return _ops.nll_loss(input, target, weight, code, ignore_index)


def cross_entropy(input: Tensor, target: Tensor, weight: Tensor | None = None,
                  ignore_index: int = -100, reduction: str = "mean",
                  label_smoothing: float = 0.0) -> Tensor:
    """``nll_loss(log_softmax(input, 1), target)`` for class indices; for a floating
    ``target`` of input's shape (class probabilities), ``-sum(target * log_softmax)``."""
    input, target, weight = _autocast.cast_for("cross_entropy_loss", input, target, weight)
    if not 0.0 <= label_smoothing <= 1.0:
        raise ValueError(f"label_smoothing must be between 0.0 and 1.0, got {label_smoothing}")
    if reduction == "mean" and label_smoothing == 0.0 and len(input._shape) == 2 and \
            not target._dtype.is_floating_point:  # a classifier's batch, every step
        return _ops.nll_loss(input.log_softmax(1), target, weight, 1, ignore_index)
    code = _reduction(reduction)
    class_dim = 0 if input.ndim == 1 else 1
    logp = input.log_softmax(class_dim)
    if target._dtype.is_floating_point:
        return _soft_cross_entropy(logp, target, weight, reduction, label_smoothing, class_dim)
    loss = nll_loss(logp, target, weight, ignore_index, reduction)
    if label_smoothing == 0.0:
        return loss
    # Smoothing mixes in the uniform distribution: eps/C of every class's -log p.
    c = input._shape[class_dim]
    per_class = -logp if weight is None else -logp * _class_view(weight, input.ndim)
    smooth = per_class.sum(class_dim)
    kept = target != ignore_index
    smooth = smooth * kept
    if code == 1:
        denom = kept.sum() if weight is None else (weight.index_select(
            0, target.reshape(-1) * kept.reshape(-1)) * kept.reshape(-1)).sum()
        smooth = smooth.sum() / denom
    elif code == 2:
        smooth = smooth.sum()
    return loss * (1 - label_smoothing) + smooth * (label_smoothing / c)


def _class_view(weight: Tensor, ndim: int) -> Tensor:
    return weight if ndim <= 2 else weight.view((-1,) + (1,) * (ndim - 2))


def _soft_cross_entropy(logp, target, weight, reduction, label_smoothing, class_dim):
    if target._shape != logp._shape:
        raise ValueError(f"cross_entropy: probability targets must have the input's shape "
                         f"{list(logp._shape)}, got {list(target._shape)}")
    c = logp._shape[class_dim]
    if label_smoothing:
        target = target * (1 - label_smoothing) + label_smoothing / c
    terms = logp * target
    if weight is not None:
        terms = terms * _class_view(weight, logp.ndim)
    losses = -terms.sum(class_dim)
    if reduction == "mean":
        return losses.sum() / (losses.numel() if logp.ndim > 1 else 1)
    return losses.sum() if reduction == "sum" else losses


def _same_shape(name: str, input: Tensor, target: Tensor) -> None:
    if input._shape != target._shape:
        raise ValueError(f"{name}: input has shape {list(input._shape)} but target has "
                         f"shape {list(target._shape)}; they must match")


def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Mean (or sum) of the squared differences."""
    input, target = _autocast.cast_for("mse_loss", input, target)
    _reduction(reduction)
    _same_shape("mse_loss", input, target)
    diff = input - target
    return _reduce(diff * diff, reduction)


def l1_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Mean (or sum) of the absolute differences."""
    input, target = _autocast.cast_for("l1_loss", input, target)
    _reduction(reduction)
    _same_shape("l1_loss", input, target)
    return _reduce((input - target).abs(), reduction)


def smooth_l1_loss(input: Tensor, target: Tensor, reduction: str = "mean",
                   beta: float = 1.0) -> Tensor:
    """``0.5 d**2 / beta`` where ``|d| < beta``, else ``|d| - beta / 2`` (``d`` the
    difference); beta 0 is l1_loss."""
    input, target = _autocast.cast_for("smooth_l1_loss", input, target)
    _reduction(reduction)
    _same_shape("smooth_l1_loss", input, target)
    if beta < 0:
        raise ValueError(f"smooth_l1_loss does not support negative values for beta, got {beta}")
    d = (input - target).abs()
    if beta == 0:
        return _reduce(d, reduction)
    return _reduce(_ops.where(d < beta, d * d * (0.5 / beta), d - 0.5 * beta), reduction)


def binary_cross_entropy_with_logits(input: Tensor, target: Tensor, weight=None,
                                     reduction: str = "mean", pos_weight=None) -> Tensor:
    """``-(pos_weight * y * log sigmoid(x) + (1 - y) * log(1 - sigmoid(x)))``, computed
    without overflow as ``(1 - y) x + (1 + (pw - 1) y) (log1p(exp(-|x|)) + relu(-x))``."""
    input, target, weight, pos_weight = _autocast.cast_for(
        "binary_cross_entropy_with_logits", input, target, weight, pos_weight)
    _reduction(reduction)
    _same_shape("binary_cross_entropy_with_logits", input, target)
    log_sig_neg = (-input.abs()).exp().log1p() + (-input).relu()  # -log sigmoid(x)
    if pos_weight is None:
        loss = (1 - target) * input + log_sig_neg
    else:
        loss = (1 - target) * input + (1 + (pos_weight - 1) * target) * log_sig_neg
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def binary_cross_entropy(input: Tensor, target: Tensor, weight=None,
                         reduction: str = "mean") -> Tensor:
    """``-(y log x + (1 - y) log(1 - x))`` for probabilities ``x``, each log clamped at -100
    as torch's (so x = 0 or 1 gives a finite loss)."""
    input, target, weight = _autocast.cast_for("binary_cross_entropy", input, target, weight)
    _reduction(reduction)
    _same_shape("binary_cross_entropy", input, target)
    with no_grad():
        outside = bool(((input < 0) | (input > 1)).any()) if input._a is not None else False
    if outside:
        raise RuntimeError("binary_cross_entropy: all elements of input should be between "
                           "0 and 1; apply sigmoid first, or use binary_cross_entropy_with_logits")
    loss = -(target * input.log().clamp(min=-100)
             + (1 - target) * (1 - input).log().clamp(min=-100))
    if weight is not None:
        loss = loss * weight
    return _reduce(loss, reduction)


def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """``input / max(norm_p(input, dim), eps)``, the norm kept as a size-1 dim."""
    return input / input.norm(p, dim, True).clamp(min=eps).expand_as(input)


# F.pad, cosine_similarity, kl_div, huber_loss, in their own module.
from ._functional_more import cosine_similarity, huber_loss, kl_div, pad  # noqa: E402

__all__ += ["cosine_similarity", "huber_loss", "kl_div", "pad"]
from .convolution import (  # noqa: E402,F401 (re-exported)
    conv1d, conv2d, conv3d, conv_transpose1d, conv_transpose2d, conv_transpose3d, fold, unfold,
)
from .pooling import (  # noqa: E402,F401 (re-exported)
    adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool1d, adaptive_max_pool2d,
    avg_pool1d, avg_pool2d, interpolate, max_pool1d, max_pool2d, max_unpool1d, max_unpool2d,
    upsample,
)

from .activations import (  # noqa: E402,F401 (re-exported)
    celu, celu_, elu, elu_, glu, hardshrink, hardsigmoid, hardswish, hardtanh, hardtanh_,
    leaky_relu_, logsigmoid, mish, prelu, relu6, relu_, rrelu, rrelu_, selu, selu_, softplus,
    softshrink, softsign, tanhshrink, threshold, threshold_,
)
from .normalization import (  # noqa: E402,F401 (re-exported)
    group_norm, instance_norm, local_response_norm, rms_norm,
)
from .dropout import (  # noqa: E402,F401 (re-exported)
    alpha_dropout, dropout1d, dropout2d, dropout3d, feature_alpha_dropout,
)
from . import activations as _activations, dropout as _dropout  # noqa: E402
from . import normalization as _normalization  # noqa: E402

__all__ += _activations.__all__ + _normalization.__all__ + _dropout.__all__
__all__ += [
    "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
    "fold", "unfold", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool1d",
    "adaptive_max_pool2d", "avg_pool1d", "avg_pool2d", "interpolate", "max_pool1d",
    "max_pool2d", "max_unpool1d", "max_unpool2d", "upsample",
]
from .pooling import (  # noqa: E402,F401 (re-exported)
    adaptive_avg_pool3d, adaptive_max_pool1d_with_indices, adaptive_max_pool2d_with_indices,
    adaptive_max_pool3d, adaptive_max_pool3d_with_indices, avg_pool3d, lp_pool1d, lp_pool2d,
    lp_pool3d, max_pool1d_with_indices, max_pool2d_with_indices, max_pool3d,
    max_pool3d_with_indices, max_unpool3d, fractional_max_pool2d, fractional_max_pool3d,
    fractional_max_pool2d_with_indices, fractional_max_pool3d_with_indices,
)
from ._functional_losses import *  # noqa: E402,F401,F403 (losses, pairwise_distance, pdist)
from ._functional_layers import *  # noqa: E402,F401,F403 (shuffles, bilinear, bags, ...)
from ._functional_grids import *  # noqa: E402,F401,F403 (affine_grid, grid_sample, conv_tbc)
from . import _functional_grids, _functional_layers, _functional_losses  # noqa: E402

__all__ += [
    "adaptive_avg_pool3d", "adaptive_max_pool1d_with_indices",
    "adaptive_max_pool2d_with_indices", "adaptive_max_pool3d",
    "adaptive_max_pool3d_with_indices", "avg_pool3d", "lp_pool1d", "lp_pool2d", "lp_pool3d",
    "max_pool1d_with_indices", "max_pool2d_with_indices", "max_pool3d",
    "max_pool3d_with_indices", "max_unpool3d", "fractional_max_pool2d", "fractional_max_pool3d",
    "fractional_max_pool2d_with_indices", "fractional_max_pool3d_with_indices",
]
__all__ += _functional_losses.__all__ + _functional_layers.__all__ + _functional_grids.__all__
