"""CPU kernels of attention: `_sdpa` (scaled dot-product attention over 4-D operands) and
`_sdpa_backward` (its three gradients, packed), each one C++ kernel (``aten_lite/csrc/sdpa.h``,
``aten_lite/csrc/sdpa_backward.h``). nn.functional.scaled_dot_product_attention calls `_sdpa`
in its common case (docs/ATTENTION.md); float16 and bfloat16 compute in float32 and round once.
"""

from __future__ import annotations

from ...rules import shapes as rules
from ...rules.kernel_rules import cached_c_kernel as _kernel
from ...tensors.tensor import Tensor, empty_array
from ...vocab.dtype import float32
from .normalization import as_compute

__all__ = ["sdpa_cpu", "sdpa_backward_cpu"]


def _run(name: str, shape, dtype, tensors, scale: float, is_causal: bool,
         heads_inside: bool = False) -> Tensor:
    """Kernel ``name`` into a fresh ``shape`` ((N, H, L, Ev) stored (N, L, H, Ev): heads_inside)."""
    compute = float32 if dtype.name in ("float16", "bfloat16") else dtype  # the rest: the
    # kernel's dtype switch refuses what the YAML does not list, naming what it does
    if heads_inside:
        n, h, length, ev = shape
        out = empty_array((n, length, h, ev), compute).transpose(0, 2, 1, 3)
    else:
        out = empty_array(shape, compute)
    if out.size:
        _kernel(name)(compute.code, out, *(as_compute(t, compute) for t in tensors), float(scale),
                      bool(is_causal))
    return Tensor._wrap(out if compute is dtype else out.astype(dtype.np))


def sdpa_cpu(query: Tensor, key: Tensor, value: Tensor, scale: float, is_causal: bool) -> Tensor:
    shape, dtype = rules.sdpa(query, key, value, scale, is_causal)
    # laid out as torch's: a model's transpose(1, 2).contiguous() back to heads is no copy
    return _run("sdpa", shape, dtype, (query, key, value), scale, is_causal, heads_inside=True)


def sdpa_backward_cpu(grad: Tensor, query: Tensor, key: Tensor, value: Tensor, scale: float,
                      is_causal: bool) -> Tensor:
    shape, dtype = rules.sdpa_backward(grad, query, key, value, scale, is_causal)
    return _run("sdpa_backward", shape, dtype, (grad, query, key, value), scale, is_causal)
