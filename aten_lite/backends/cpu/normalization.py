"""CPU kernels of layer normalisation: `_layer_norm` (over the last dim, with an affine
weight and bias), `_layer_norm_backward`, its gradient with respect to the input, and
`_layer_norm_weight_grad`, its weight's, each one C++ kernel (``aten_lite/csrc/layer_norm.h``,
``aten_lite/csrc/layer_norm_backward.h``, ``aten_lite/csrc/layer_norm_weight_grad.h``), and
`_layer_norm_backward_all`, the three gradients in one
(``aten_lite/csrc/layer_norm_backward_all.h``).
nn.functional.layer_norm calls the op when it has both weight and bias, and composes its ops
otherwise. float16 computes in float32 and rounds once.
"""

from __future__ import annotations

import numpy as np

from ...vocab import trace as _trace
from ...vocab.dtype import float16, float32
from ...rules.kernel_rules import cached_c_kernel as _kernel
from ...rules import shapes as rules
from ...tensors.tensor import Tensor, empty_array

__all__ = ["layer_norm_cpu", "layer_norm_backward_cpu", "layer_norm_weight_grad_cpu",
           "layer_norm_backward_all_cpu"]

_wrap = Tensor._wrap


def as_compute(t: Tensor, compute) -> np.ndarray:
    """t's array in the compute dtype (itself when it is already; attention's kernels too)."""
    a = t._a
    return a if a.dtype == compute.np else a.astype(compute.np)


def _rows(a: np.ndarray) -> np.ndarray:
    """a as a matrix of rows along its last dim: a view when a's layout allows."""
    return a.reshape(-1, a.shape[-1])


def _finish(out: np.ndarray, dtype, compute) -> Tensor:
    if _trace.active is not None:
        _trace.note(compute.name, None)
    return _wrap(out if dtype is compute else out.astype(dtype.np))


def _run(name: str, shape, dtype, out_rows: bool, matrices, vectors, eps: float) -> Tensor:
    """Kernel ``name`` on the rows of ``matrices`` and the 1-D ``vectors``, into a fresh
    ``shape`` in the compute dtype (viewed as rows when ``out_rows``), rounded to ``dtype``."""
    compute = float32 if dtype is float16 else dtype
    out = empty_array(shape, compute)
    if out.size:
        _kernel(name)(compute.code, _rows(out) if out_rows else out,
                      *(_rows(as_compute(t, compute)) for t in matrices),
                      *(as_compute(v, compute) for v in vectors), eps)
    return _finish(out, dtype, compute)


def layer_norm_cpu(self: Tensor, weight: Tensor, bias: Tensor, eps: float) -> Tensor:
    shape, dtype = rules.layer_norm(self, weight, bias, eps)
    return _run("layer_norm", shape, dtype, True, (self,), (weight, bias), eps)


def layer_norm_backward_cpu(grad_output: Tensor, self: Tensor, weight: Tensor,
                            eps: float) -> Tensor:
    shape, dtype = rules.layer_norm_backward(grad_output, self, weight, eps)
    return _run("layer_norm_backward", shape, dtype, True, (grad_output, self), (weight,), eps)


def layer_norm_weight_grad_cpu(grad_output: Tensor, self: Tensor, eps: float) -> Tensor:
    shape, dtype = rules.layer_norm_weight_grad(grad_output, self, eps)
    return _run("layer_norm_weight_grad", shape, dtype, False, (grad_output, self), (), eps)


def layer_norm_backward_all_cpu(grad_output: Tensor, self: Tensor, weight: Tensor,
                                eps: float) -> Tensor:
    """(rows + 2, features): self's gradient as rows, then weight's, then bias's."""
    shape, dtype = rules.layer_norm_backward_all(grad_output, self, weight, eps)
    return _run("layer_norm_backward_all", shape, dtype, False, (grad_output, self), (weight,),
                eps)
