"""The base of the layers that normalise each channel and may keep running statistics:
batch norm (``BatchNorm1d`` in ``nn/modules/__init__.py``, ``BatchNorm2d/3d`` in
``nn/modules/batchnorm.py``) and instance norm (``nn/modules/instancenorm.py``)."""

from __future__ import annotations

from ..backends import creation as _creation
from ..tensors.tensor import Tensor
from ..vocab.dtype import int64
from . import functional as F
from . import init
from .module import Module, Parameter

__all__ = ["_NormBase", "_BatchNorm"]


class _NormBase(Module):
    """What batch and instance norms share: ``num_features`` per-channel ``weight`` (ones)
    and ``bias`` (zeros) when ``affine``, and ``running_mean``/``running_var``/
    ``num_batches_tracked`` buffers when ``track_running_stats``."""

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float | None = 0.1,
                 affine: bool = True, track_running_stats: bool = True, device=None,
                 dtype=None, *, bias: bool = True) -> None:
        super().__init__()
        if not isinstance(num_features, int) or isinstance(num_features, bool) \
                or num_features < 0:
            raise ValueError(f"{type(self).__name__}: num_features must be a non-negative "
                             f"int, got {num_features!r}")
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        kw = {"dtype": dtype, "device": device}
        if affine:
            self.weight = Parameter(_creation.ones(num_features, **kw))
            if bias:
                self.bias = Parameter(_creation.zeros(num_features, **kw))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", _creation.zeros(num_features, **kw))
            self.register_buffer("running_var", _creation.ones(num_features, **kw))
            self.register_buffer("num_batches_tracked",
                                 _creation.zeros((), dtype=int64, device=device))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self) -> None:
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def _count_batch(self) -> float:
        """Count a training batch; the running statistics' update factor (``momentum``, or
        1 / batches seen for a cumulative average when it is None)."""
        if self.track_running_stats:
            self.num_batches_tracked.add_(_creation.ones((), dtype=int64))
            if self.momentum is None:
                return 1.0 / int(self.num_batches_tracked.item())
        return 0.0 if self.momentum is None else self.momentum

    def extra_repr(self) -> str:
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, bias={self.bias is not None}, "
                f"track_running_stats={self.track_running_stats}")


class _BatchNorm(_NormBase):
    """Normalise each of ``num_features`` channels (dim 1) with the batch's statistics in
    training (updating ``running_mean``/``running_var`` by ``momentum``) and with the running
    ones in eval. Subclasses name the input ranks they take."""

    _ranks: tuple = ()

    def forward(self, x: Tensor) -> Tensor:
        if x.ndim not in self._ranks:
            raise ValueError(f"{type(self).__name__}: expected "
                             f"{' or '.join(f'{r}D' for r in self._ranks)} input (got "
                             f"{x.ndim}D input of shape {list(x._shape)})")
        if x._shape[1] != self.num_features:
            raise ValueError(f"{type(self).__name__}: expected {self.num_features} channels "
                             f"(dim 1), got input of shape {list(x._shape)}")
        use_batch = self.training or self.running_mean is None
        factor = self._count_batch() if self.training else 0.0
        return F.batch_norm(x, self.running_mean if self.track_running_stats else None,
                            self.running_var, self.weight, self.bias, use_batch,
                            factor, self.eps)
