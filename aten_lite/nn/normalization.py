"""Normalizations of ``torch.nn.functional`` besides layer_norm and batch_norm (in
``nn/functional.py``): ``group_norm``, ``instance_norm``, ``local_response_norm`` and
``rms_norm``, written with aten_lite's ops (so they differentiate through them), re-exported
from ``nn/functional.py``.

>>> import aten_lite as al
>>> x = al.tensor([[[1.0, 3.0], [2.0, 6.0]]])
>>> group_norm(x, 2).tolist()
[[[-0.9999950000374997, 0.9999950000374997], [-0.9999987500015626, 0.9999987500015626]]]
"""

from __future__ import annotations

import numpy as np

from .. import _ops
from ..tensors.tensor import Tensor
from ..vocab.grad_mode import no_grad

__all__ = ["group_norm", "instance_norm", "local_response_norm", "rms_norm"]


def _channel_view(t: Tensor, ndim: int) -> Tensor:
    """A per-channel vector shaped to broadcast over dim 1 of an ``ndim``-D input."""
    return t.reshape((1, -1) + (1,) * (ndim - 2))


def _affine(out: Tensor, weight, bias) -> Tensor:
    if weight is not None:
        out = out * _channel_view(weight, out.ndim)
    if bias is not None:
        out = out + _channel_view(bias, out.ndim)
    return out


def _check_channels(name: str, what: str, t, channels: int) -> None:
    if t is not None and t.numel() != channels:
        raise RuntimeError(f"{name}: expected {what} with {channels} elements (one per channel), "
                           f"got shape {list(t._shape)}")


def group_norm(input: Tensor, num_groups: int, weight: Tensor | None = None,
               bias: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    """Split the channels (dim 1) into ``num_groups`` groups and normalise each sample's group
    over its channels and spatial dims (biased variance), then scale and shift each channel."""
    if input.ndim < 2:
        raise RuntimeError(f"group_norm: expected an input with at least 2 dims (N, C, *), got "
                           f"shape {list(input._shape)}")
    n, c = input._shape[0], input._shape[1]
    if not isinstance(num_groups, int) or num_groups <= 0 or c % num_groups:
        raise RuntimeError(f"Expected number of channels in input to be divisible by "
                           f"num_groups, but got input of shape {list(input._shape)} and "
                           f"num_groups={num_groups}")
    _check_channels("group_norm", "weight", weight, c)
    _check_channels("group_norm", "bias", bias, c)
    grouped = input.reshape(n, num_groups, -1)
    centered = grouped - grouped.mean(-1, keepdim=True)
    var = (centered * centered).mean(-1, keepdim=True)
    out = (centered * (var + eps).rsqrt()).reshape(input._shape)
    return _affine(out, weight, bias)


def instance_norm(input: Tensor, running_mean: Tensor | None = None,
                  running_var: Tensor | None = None, weight: Tensor | None = None,
                  bias: Tensor | None = None, use_input_stats: bool = True,
                  momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Normalise each channel of each sample over its spatial dims (dims 2...). With
    ``use_input_stats`` the sample's statistics are used and, when running ones are given,
    their mean over the batch is folded into them (unbiased variance, as torch); otherwise
    the running ones are used."""
    if input.ndim < 3:
        raise ValueError(f"instance_norm: expected an input with at least 3 dims (N, C, *), "
                         f"got shape {list(input._shape)}")
    c = input._shape[1]
    for what, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        _check_channels("instance_norm", what, t, c)
    dims = list(range(2, input.ndim))
    if use_input_stats:
        spatial = input.numel() // max(input._shape[0] * c, 1)
        if spatial <= 1:
            raise ValueError(f"Expected more than 1 spatial element when training, got input "
                             f"size {list(input._shape)}")
        mean = input.mean(dims, keepdim=True)
        centered = input - mean
        var = (centered * centered).mean(dims, keepdim=True)
        if running_mean is not None or running_var is not None:
            with no_grad():
                if running_mean is not None:
                    batch_mean = mean.reshape(-1, c).mean(0)
                    running_mean.mul_(1 - momentum).add_(batch_mean, alpha=momentum)
                if running_var is not None:
                    batch_var = var.reshape(-1, c).mean(0) * (spatial / (spatial - 1))
                    running_var.mul_(1 - momentum).add_(batch_var, alpha=momentum)
    else:
        if running_mean is None or running_var is None:
            raise ValueError("instance_norm: use_input_stats=False needs running_mean and "
                             "running_var, got None")
        centered = input - _channel_view(running_mean, input.ndim)
        var = _channel_view(running_var, input.ndim)
    return _affine(centered * (var + eps).rsqrt(), weight, bias)


def local_response_norm(input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75,
                        k: float = 1.0) -> Tensor:
    """``x / (k + alpha * mean of x**2 over a window of size channels) ** beta``; the window
    of channel ``c`` is ``c - size // 2 .. c + (size - 1) // 2``, counted with zeros past the
    ends (so the mean always divides by ``size``)."""
    if input.ndim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {input.ndim} "
                         f"dimensions)")
    if not isinstance(size, int) or size < 1:
        raise ValueError(f"local_response_norm: size must be a positive int, got {size!r}")
    if input.numel() == 0:
        return input
    c = input._shape[1]
    sq = input * input
    before, after = size // 2, (size - 1) // 2
    zeros_shape = list(input._shape)
    parts = []
    if before:
        zeros_shape[1] = before
        parts.append(sq.new_zeros(tuple(zeros_shape)))
    parts.append(sq)
    if after:
        zeros_shape[1] = after
        parts.append(sq.new_zeros(tuple(zeros_shape)))
    padded = _ops.cat(parts, 1) if len(parts) > 1 else sq
    window = padded.narrow(1, 0, c)
    for i in range(1, size):
        window = window + padded.narrow(1, i, c)
    div = (window * (alpha / size) + k) ** beta
    return input / div


def rms_norm(input: Tensor, normalized_shape, weight: Tensor | None = None,
             eps: float | None = None) -> Tensor:
    """``x / sqrt(mean(x**2) + eps)`` over the trailing ``normalized_shape`` dims, times
    ``weight``; ``eps`` defaults to the machine epsilon of the input's dtype."""
    shape = ((normalized_shape,) if isinstance(normalized_shape, int)
             else tuple(normalized_shape))
    if not shape or tuple(input._shape[input.ndim - len(shape):]) != shape \
            or len(shape) > input.ndim:
        raise RuntimeError(f"Given normalized_shape={list(shape)}, expected input with shape "
                           f"[*, {', '.join(map(str, shape))}], but got input of size "
                           f"{list(input._shape)}")
    if weight is not None and tuple(weight._shape) != shape:
        raise RuntimeError(f"rms_norm: weight must have shape {list(shape)} (normalized_shape), "
                           f"got {list(weight._shape)}")
    if eps is None:
        eps = float(np.finfo(input._dtype.np).eps)
    dims = list(range(input.ndim - len(shape), input.ndim))
    out = input * ((input * input).mean(dims, keepdim=True) + eps).rsqrt()
    return out if weight is None else out * weight
