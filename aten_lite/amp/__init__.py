"""``al.amp``: torch's automatic-mixed-precision API, so GPU-ready training loops run on
aten_lite's CPU with only their imports changed.

* ``autocast(device_type, dtype=None, enabled=True)`` (also ``al.autocast``) is a context
  manager and decorator. Disabled, it does nothing. Asked for a device aten_lite lacks
  (``"cuda"``, ``"mps"``, ...) it warns and disables itself, as torch does without CUDA.
  Enabled on the CPU it casts as torch's CPU autocast does (bfloat16 by default, or float16):
  products and convolutions in that dtype, losses and linear algebra in float32; a dtype
  torch's CPU autocast does not support warns and disables, as there. See docs/BFLOAT16.md.
* ``GradScaler(device="cuda", ..., enabled=True)`` scales the loss and unscales the gradients
  before ``optimizer.step()``, skipping steps whose gradients are not finite, as torch's. For
  ``"cuda"`` (the default) it warns and disables itself, as torch does without CUDA; disabled,
  ``scale`` returns the loss, ``step`` calls ``optimizer.step()`` and ``update`` does nothing.

>>> import aten_lite as al
>>> scaler = al.amp.GradScaler(enabled=False)
>>> loss = al.tensor(2.0)
>>> scaler.scale(loss) is loss
True
"""

from .autocast_mode import autocast, get_autocast_dtype, is_autocast_enabled
from .grad_scaler import GradScaler

__all__ = ["autocast", "GradScaler", "is_autocast_enabled", "get_autocast_dtype"]
