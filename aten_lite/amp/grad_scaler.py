"""``GradScaler``: torch's loss scaling for mixed-precision training (``al.amp.GradScaler``).

The loss is multiplied by a scale before ``backward()``; ``step`` divides the gradients by it
again (``unscale_``) and skips ``optimizer.step()`` when any gradient is not finite;
``update`` halves the scale after a skipped step and doubles it after ``growth_interval``
good ones. For the device "cuda" (torch's default) aten_lite warns and disables the scaler,
as torch does without CUDA: disabled, it passes everything through.
"""

from __future__ import annotations

import warnings

from ..backends.creation import tensor
from ..tensors.tensor import Tensor
from ..vocab.dtype import float32
from ..vocab.grad_mode import no_grad

__all__ = ["GradScaler"]

_READY, _UNSCALED, _STEPPED = "ready", "unscaled", "stepped"


class GradScaler:
    def __init__(self, device: str = "cuda", init_scale: float = 2.0**16,
                 growth_factor: float = 2.0, backoff_factor: float = 0.5,
                 growth_interval: int = 2000, enabled: bool = True) -> None:
        self._device = device
        self._enabled = enabled
        if enabled and device.split(":")[0] != "cpu":
            warnings.warn(f"GradScaler is enabled for device {device!r}, which aten_lite "
                          "does not have (it runs on the CPU only). Disabling.", stacklevel=2)
            self._enabled = False
        if self._enabled:
            if growth_factor <= 1.0:
                raise ValueError(f"The growth factor must be > 1.0, got {growth_factor}")
            if not 0.0 < backoff_factor < 1.0:
                raise ValueError(f"The backoff factor must be < 1.0 (and > 0), got "
                                 f"{backoff_factor}")
            if isinstance(growth_interval, bool) or not isinstance(growth_interval, int) \
                    or growth_interval <= 0:
                raise ValueError(f"growth_interval must be a positive int, got "
                                 f"{growth_interval!r}")
        self._scale = float(init_scale)
        self._growth_factor, self._backoff_factor = growth_factor, backoff_factor
        self._growth_interval = growth_interval
        self._growth_tracker = 0
        self._per_optimizer: dict[int, dict] = {}

    def is_enabled(self) -> bool:
        return self._enabled

    # ---- scaling the loss ----

    def scale(self, outputs):
        """``outputs`` times the scale (a tensor, or tensors in lists and tuples); disabled,
        ``outputs`` itself."""
        if not self._enabled:
            return outputs
        if isinstance(outputs, Tensor):
            return outputs * tensor(self._scale, dtype=float32)
        if isinstance(outputs, (list, tuple)):
            return type(outputs)(self.scale(o) for o in outputs)
        raise ValueError(f"GradScaler.scale: outputs must be a Tensor or an iterable of "
                         f"Tensors, got {type(outputs).__name__}")

    # ---- unscaling and stepping ----

    def _state(self, optimizer) -> dict:
        return self._per_optimizer.setdefault(id(optimizer), {"stage": _READY,
                                                                "found_inf": False})

    def unscale_(self, optimizer) -> None:
        """Divide ``optimizer``'s gradients by the scale in place, noting any that are not
        finite; at most once per optimizer between updates."""
        if not self._enabled:
            return
        state = self._state(optimizer)
        if state["stage"] is _UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since "
                               "the last update().")
        if state["stage"] is _STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        inv = 1.0 / self._scale
        found_inf = False
        with no_grad():
            for group in optimizer.param_groups:
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    if not bool(p.grad.isfinite().all()):
                        found_inf = True
                    p.grad.mul_(inv)
        state["found_inf"], state["stage"] = found_inf, _UNSCALED

    def step(self, optimizer, *args, **kwargs):
        """``optimizer.step()`` after unscaling its gradients, skipped (returning None) when
        one is not finite; disabled, ``optimizer.step(*args, **kwargs)``."""
        if not self._enabled:
            return optimizer.step(*args, **kwargs)
        if "closure" in kwargs:
            raise RuntimeError("Closure use is not currently supported if GradScaler is "
                               "enabled.")
        state = self._state(optimizer)
        if state["stage"] is _STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if state["stage"] is _READY:
            self.unscale_(optimizer)
        result = None if state["found_inf"] else optimizer.step(*args, **kwargs)
        state["stage"] = _STEPPED
        return result

    def update(self, new_scale=None) -> None:
        """Set the scale for the next iteration: ``new_scale`` when given, else backed off
        after a skipped step or grown after ``growth_interval`` steps without one."""
        if not self._enabled:
            return
        if new_scale is not None:
            self._scale = float(new_scale.item() if isinstance(new_scale, Tensor)
                                else new_scale)
        else:
            found = [s["found_inf"] for s in self._per_optimizer.values()
                     if s["stage"] is not _READY]
            if not found:
                raise AssertionError("No inf checks were recorded prior to update.")
            if any(found):
                self._scale *= self._backoff_factor
                self._growth_tracker = 0
            else:
                self._growth_tracker += 1
                if self._growth_tracker == self._growth_interval:
                    self._scale *= self._growth_factor
                    self._growth_tracker = 0
        self._per_optimizer = {}

    # ---- state ----

    def get_scale(self) -> float:
        return self._scale if self._enabled else 1.0

    def get_growth_factor(self) -> float:
        return self._growth_factor

    def get_backoff_factor(self) -> float:
        return self._backoff_factor

    def get_growth_interval(self) -> int:
        return self._growth_interval

    def state_dict(self) -> dict:
        """torch's keys; empty when disabled."""
        if not self._enabled:
            return {}
        return {"scale": self._scale, "growth_factor": self._growth_factor,
                "backoff_factor": self._backoff_factor,
                "growth_interval": self._growth_interval,
                "_growth_tracker": self._growth_tracker}

    def load_state_dict(self, state_dict: dict) -> None:
        if not self._enabled:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The source state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._scale = float(state_dict["scale"])
        self._growth_factor = state_dict["growth_factor"]
        self._backoff_factor = state_dict["backoff_factor"]
        self._growth_interval = state_dict["growth_interval"]
        self._growth_tracker = int(state_dict["_growth_tracker"])
