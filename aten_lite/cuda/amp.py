"""``al.cuda.amp``: torch's older spelling of ``al.amp`` for CUDA (``from torch.cuda.amp import
autocast, GradScaler``). As in torch, each warns that it is deprecated in favour of
``al.amp.X("cuda", ...)``; without CUDA both then disable themselves (aten_lite/amp/)."""

from __future__ import annotations

import warnings

from .. import amp as _amp

__all__ = ["autocast", "GradScaler"]


class autocast(_amp.autocast):
    def __init__(self, enabled: bool = True, dtype=None, cache_enabled: bool = True) -> None:
        warnings.warn("`al.cuda.amp.autocast(args...)` is deprecated. Please use "
                      "`al.amp.autocast('cuda', args...)` instead.", FutureWarning, stacklevel=2)
        super().__init__("cuda", dtype=dtype, enabled=enabled, cache_enabled=cache_enabled)


class GradScaler(_amp.GradScaler):
    def __init__(self, init_scale: float = 2.0**16, growth_factor: float = 2.0,
                 backoff_factor: float = 0.5, growth_interval: int = 2000,
                 enabled: bool = True) -> None:
        warnings.warn("`al.cuda.amp.GradScaler(args...)` is deprecated. Please use "
                      "`al.amp.GradScaler('cuda', args...)` instead.", FutureWarning,
                      stacklevel=2)
        super().__init__("cuda", init_scale, growth_factor, backoff_factor, growth_interval,
                         enabled)
