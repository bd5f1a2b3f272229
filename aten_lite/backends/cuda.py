"""``al.backends.cuda``: the CUDA switches GPU-ready torch code sets (``torch.backends.cuda.matmul
.allow_tf32 = True``), kept so such code runs unchanged. The flags are read back as set and
change no computation (the CUDA device, aten_lite/cuda/, multiplies float32 in float32, without
TF32: docs/CUDA.md); ``is_built()`` is False, as for a CPU-only torch: whether the CUDA device
can run is ``al.cuda.is_available()``.
``matmul.allow_tf32`` and ``al.set_float32_matmul_precision`` are one setting, as in torch:
"highest" means no TF32, "high" and "medium" allow it.

>>> import aten_lite as al
>>> al.backends.cuda.matmul.allow_tf32
False
"""

from __future__ import annotations

__all__ = ["is_built", "matmul", "set_float32_matmul_precision",
           "get_float32_matmul_precision"]

_PRECISIONS = ("highest", "high", "medium")
_precision = "highest"


def is_built() -> bool:
    """False: aten_lite has no CUDA build (its CUDA device compiles its kernels at run time;
    ``al.cuda.is_available()`` says whether it can run)."""
    return False


def set_float32_matmul_precision(precision: str) -> None:
    """As torch.set_float32_matmul_precision: "highest", "high" or "medium" (float32 matmul
    on aten_lite's CPU always computes in float32; the setting is only remembered)."""
    global _precision
    if precision not in _PRECISIONS:
        raise ValueError(f"set_float32_matmul_precision: {precision!r} is not one of "
                         f"{', '.join(map(repr, _PRECISIONS))}")
    _precision = precision


def get_float32_matmul_precision() -> str:
    return _precision


class _MatmulFlags:
    """``torch.backends.cuda.matmul``: its flags, settable, with torch's defaults."""

    def __init__(self) -> None:
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True

    @property
    def allow_tf32(self) -> bool:
        return _precision != "highest"

    @allow_tf32.setter
    def allow_tf32(self, value: bool) -> None:
        set_float32_matmul_precision("high" if value else "highest")

    def __setattr__(self, name: str, value) -> None:
        if name not in ("allow_tf32", "allow_fp16_reduced_precision_reduction",
                        "allow_bf16_reduced_precision_reduction"):
            raise AttributeError(f"Unknown attribute {name} of al.backends.cuda.matmul; it has "
                                 "allow_tf32, allow_fp16_reduced_precision_reduction and "
                                 "allow_bf16_reduced_precision_reduction")
        object.__setattr__(self, name, value)


matmul = _MatmulFlags()
