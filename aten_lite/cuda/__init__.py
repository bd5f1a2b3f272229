"""``al.cuda``: what a CPU-only PyTorch program asks of ``torch.cuda``. aten_lite runs on the
CPU only, so no CUDA device is ever available; asking for one (``al.device('cuda')``,
``x.to('cuda')``) fails with a message naming the available devices.

>>> import aten_lite as al
>>> al.cuda.is_available(), al.cuda.device_count()
(False, 0)
"""

from __future__ import annotations

from ..vocab.device import device as _device

__all__ = ["is_available", "device_count", "manual_seed", "manual_seed_all", "synchronize",
           "amp"]


def is_available() -> bool:
    return False


def device_count() -> int:
    return 0


def manual_seed(seed) -> None:
    """Seeding CUDA generators does nothing when CUDA is absent, as in torch: a program that
    seeds every backend runs unchanged."""


def manual_seed_all(seed) -> None:
    """As ``manual_seed``: nothing to seed."""


def synchronize(device=None) -> None:
    """Refused: there is no CUDA device to wait for."""
    _device("cuda")  # raises the error naming the available devices


from . import amp  # noqa: E402 (al.cuda.amp.GradScaler, al.cuda.amp.autocast)
