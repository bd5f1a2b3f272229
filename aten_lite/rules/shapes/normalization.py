"""Shape rules of layer normalisation's ops (Note [Shape rules] in core.py): `_layer_norm`,
`_layer_norm_backward` and `_layer_norm_weight_grad`, over the last dim of self, with one value
per feature in each vector. The kernels in ``backends/cpu/normalization.py`` rely on these
checks.
"""

from __future__ import annotations

__all__ = ["layer_norm", "layer_norm_backward", "layer_norm_weight_grad"]


def layer_norm(self, weight, bias, eps: float):
    """`_layer_norm`: self's shape and dtype, normalised over its last dim; weight and bias
    hold one value per feature, in self's dtype."""
    return _layer_norm_rule("_layer_norm", self, (("weight", weight), ("bias", bias)))


def layer_norm_backward(grad_output, self, weight, eps: float, op="_layer_norm_backward"):
    """`_layer_norm_backward`: self's shape and dtype; grad_output must match self, weight
    hold one value per feature."""
    if grad_output._shape != self._shape or grad_output._dtype is not self._dtype:
        raise ValueError(
            f"{op}: grad_output ({grad_output._dtype.name}, shape {list(grad_output._shape)}) "
            f"must match self ({self._dtype.name}, shape {list(self._shape)})")
    return _layer_norm_rule(op, self, (("weight", weight),) if weight is not None else ())


def layer_norm_weight_grad(grad_output, self, eps: float):
    """`_layer_norm_weight_grad`: one value per feature (self's last dim), in self's dtype;
    grad_output must match self."""
    layer_norm_backward(grad_output, self, None, eps, "_layer_norm_weight_grad")
    return self._shape[-1:], self._dtype


def layer_norm_backward_all(grad_output, self, weight, eps: float):
    """`_layer_norm_backward_all`: (rows + 2, features) in self's dtype, with rows the product
    of self's leading dims; grad_output must match self, weight hold one value per feature."""
    layer_norm_backward(grad_output, self, weight, eps, "_layer_norm_backward_all")
    n = self._shape[-1]
    rows = 1
    for d in self._shape[:-1]:
        rows *= d
    return (rows + 2, n), self._dtype


def _layer_norm_rule(op: str, self, vectors):
    if not self._shape:
        raise RuntimeError(f"{op}: self must be at least 1-D (..., features), got a 0-dim tensor")
    n = self._shape[-1]
    for name, v in vectors:
        if tuple(v._shape) != (n,) or v._dtype is not self._dtype:
            raise RuntimeError(
                f"{op}: {name} must be 1-D with one value per feature ({n}) in self's dtype "
                f"({self._dtype.name}), got {v._dtype.name} of shape {list(v._shape)}")
    return self._shape, self._dtype
