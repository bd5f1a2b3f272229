"""Dropout variants of ``torch.nn.functional`` (plain ``dropout`` is in ``nn/functional.py``):
channel-wise ``dropout1d/2d/3d`` (one draw per sample and channel, broadcast over the spatial
dims) and the self-normalizing ``alpha_dropout`` / ``feature_alpha_dropout``, which keep a
SELU network's zero mean and unit variance. The masks come from aten_lite's generator
(``al.manual_seed``), not torch's stream; the gradient is the same mask and scale.

>>> import aten_lite as al
>>> x = al.ones(2, 3, 4)
>>> dropout1d(x, 0.5, training=False) is x
True
"""

from __future__ import annotations

import warnings

from ..backends import creation as _creation
from ..frontend import random as _random
from ..tensors.tensor import Tensor

__all__ = ["dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout"]

# -SELU_SCALE * SELU_ALPHA: where SELU saturates; alpha dropout sets dropped units there.
_ALPHA_PRIME = 1.7580993408473766


def _check_p(p: float) -> None:
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _keep_mask(input: Tensor, p: float, shape: tuple) -> Tensor:
    """1 with probability 1 - p, else 0, of ``shape``, in the input's floating dtype."""
    dt = input._dtype
    return _random.bernoulli(_creation.full(shape, 1.0 - p, dtype=dt, device=input._device))


def _apply(input: Tensor, factor: Tensor, shift, inplace: bool) -> Tensor:
    if inplace:
        input.mul_(factor)
        return input if shift is None else input.add_(shift)
    out = input * factor
    return out if shift is None else out + shift


def _dropout_impl(input: Tensor, p: float, training: bool, inplace: bool, feature: bool,
                  alpha: bool) -> Tensor:
    _check_p(p)
    if not training or p == 0:
        return input
    if not input._dtype.is_floating_point:
        raise RuntimeError(f"dropout: expected a floating-point input, got {input._dtype}")
    if feature:
        if input.ndim < 2:
            raise RuntimeError(f"Feature dropout requires at least 2 dimensions in the input, "
                               f"got shape {list(input._shape)}")
        shape = tuple(input._shape[:2]) + (1,) * (input.ndim - 2)
    else:
        shape = tuple(input._shape)
    if p == 1:
        zero = input.new_zeros(shape)
        return input.mul_(zero) if inplace else input * zero
    keep = _keep_mask(input, p, shape)
    if not alpha:
        return _apply(input, keep.mul_(1.0 / (1.0 - p)), None, inplace)
    # Kept units become a * x + b, dropped ones a * (-alpha') + b, where a and b restore the
    # mean and variance a SELU output had before the drop.
    a = 1.0 / ((_ALPHA_PRIME ** 2 * p + 1) * (1 - p)) ** 0.5
    shift = (keep - 1) * (_ALPHA_PRIME * a) + _ALPHA_PRIME * a * p
    return _apply(input, keep.mul_(a), shift, inplace)


def dropout1d(input: Tensor, p: float = 0.5, training: bool = True,
              inplace: bool = False) -> Tensor:
    """Zero whole channels of (N, C, L) or (C, L) inputs with probability ``p``, scaling the
    rest by ``1 / (1 - p)``."""
    _check_p(p)
    if input.ndim not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.ndim}D "
                           f"input of shape {list(input._shape)}. dropout1d drops channels of "
                           f"inputs with 1 spatial dim, a channel dim and an optional batch dim")
    if input.ndim == 2:
        if inplace:
            _dropout_impl(input.unsqueeze(0), p, training, True, True, False)
            return input
        return _dropout_impl(input.unsqueeze(0), p, training, False, True, False).squeeze(0)
    return _dropout_impl(input, p, training, inplace, True, False)


def dropout2d(input: Tensor, p: float = 0.5, training: bool = True,
              inplace: bool = False) -> Tensor:
    """Zero whole channels (dim 1) of (N, C, H, W) inputs with probability ``p``, scaling the
    rest by ``1 / (1 - p)``. As torch, a 3-D input is read as (N, C, L) (with a warning),
    and other ranks are deprecated but dropped the same way."""
    _check_p(p)
    if input.ndim not in (3, 4):
        warnings.warn(f"dropout2d: Received a {input.ndim}-D input to dropout2d, which is "
                      f"deprecated; dropout2d drops channels of 3-D or 4-D inputs (use "
                      f"dropout for others).", stacklevel=2)
    if input.ndim == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that "
                      "channel-wise 1D dropout behavior is desired - input is interpreted as "
                      "shape (N, C, L); use dropout1d for that.", stacklevel=2)
    return _dropout_impl(input, p, training, inplace, True, False)


def dropout3d(input: Tensor, p: float = 0.5, training: bool = True,
              inplace: bool = False) -> Tensor:
    """Zero whole channels of (N, C, D, H, W) or (C, D, H, W) inputs with probability ``p``,
    scaling the rest by ``1 / (1 - p)``."""
    _check_p(p)
    if input.ndim not in (4, 5):
        warnings.warn(f"dropout3d: Received a {input.ndim}-D input to dropout3d, which is "
                      f"deprecated; dropout3d drops channels of 4-D or 5-D inputs (use "
                      f"dropout for others).", stacklevel=2)
    if input.ndim == 4:
        if inplace:
            _dropout_impl(input.unsqueeze(0), p, training, True, True, False)
            return input
        return _dropout_impl(input.unsqueeze(0), p, training, False, True, False).squeeze(0)
    return _dropout_impl(input, p, training, inplace, True, False)


def alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                  inplace: bool = False) -> Tensor:
    """Dropout for SELU networks: dropped units are set to SELU's negative saturation and
    everything is then scaled and shifted so that mean and variance stay as they were."""
    return _dropout_impl(input, p, training, inplace, False, True)


def feature_alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,
                          inplace: bool = False) -> Tensor:
    """``alpha_dropout`` with one draw per sample and channel (dims 0 and 1)."""
    return _dropout_impl(input, p, training, inplace, True, True)
