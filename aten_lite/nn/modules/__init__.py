"""Layers: ``Linear``, ``Embedding``, ``Flatten``, ``Dropout``, ``Identity``, the activations
(``ReLU``, ``LeakyReLU``, ``SiLU``, ``Tanh``, ``Sigmoid``, ``GELU``, ``Softmax``,
``LogSoftmax``) and the
normalisations (``LayerNorm``, ``BatchNorm1d``). Parameters start as torch's do, drawn from
aten_lite's generator. Containers are in ``nn/containers.py``, losses in ``nn/loss.py``.

torch code imports layers by their file in torch.nn.modules (``torch.nn.modules.linear.Linear``,
``.activation.ReLU``, ``.loss.CrossEntropyLoss``, ``.container.Sequential``, ...): the
submodules of this package have those names and re-export the classes defined here or in the
nn module that holds them. They import this package, so it does not import them (no import
cycle, docs/DESIGN.md "Layers"): ``import aten_lite.nn.modules.linear`` loads one, as torch
code does.

>>> import aten_lite as al
>>> _ = al.manual_seed(0)
>>> net = al.nn.Sequential(al.nn.Linear(4, 8), al.nn.ReLU(), al.nn.Linear(8, 2))
>>> net(al.ones(3, 4)).shape
aten_lite.Size([3, 2])
>>> [name for name, _ in net.named_parameters()]
['0.weight', '0.bias', '2.weight', '2.bias']
"""

from __future__ import annotations

import math

from ...backends import creation as _creation
from ...frontend import random as _random
from ...tensors.tensor import Tensor
from .. import functional as F
from .. import init
from ..containers import ModuleDict, ModuleList, Sequential  # noqa: F401 (re-exported)
from ..module import Module, Parameter
from ..norm_base import _BatchNorm, _NormBase  # noqa: F401 (the subclasses' base)

__all__ = [
    "Parameter", "Module", "Sequential", "ModuleList", "ModuleDict", "Linear", "Embedding",
    "Flatten", "Unflatten", "Dropout", "ReLU", "LeakyReLU", "SiLU", "Identity", "Tanh",
    "Sigmoid", "GELU", "Softmax", "LogSoftmax", "LayerNorm", "BatchNorm1d",
]


def _check_size(layer: str, name: str, n) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"{layer}: {name} must be a non-negative int, got {n!r}")


class Linear(Module):
    """``y = x @ weight.T + bias``. Weights start as in torch: uniform in
    ``[-1/sqrt(in_features), 1/sqrt(in_features))`` (kaiming-uniform with a=sqrt(5)), bias
    alike."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True,
                 dtype=None) -> None:
        super().__init__()
        _check_size("Linear", "in_features", in_features)
        _check_size("Linear", "out_features", out_features)
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(_creation.empty(out_features, in_features, dtype=dtype))
        if bias:
            self.bias = Parameter(_creation.empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0.0
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, x: Tensor) -> Tensor:
        return F.linear(x, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


def _padding_index(layer: str, padding_idx, num_embeddings: int):
    """padding_idx made non-negative (None stays None); torch's AssertionError outside
    [-num_embeddings, num_embeddings)."""
    if padding_idx is None:
        return None
    if not -num_embeddings <= padding_idx < num_embeddings:
        raise AssertionError(f"{layer}: padding_idx {padding_idx} must be within "
                             f"num_embeddings ([-{num_embeddings}, {num_embeddings - 1}])")
    return padding_idx % num_embeddings


class Embedding(Module):
    """A table of ``num_embeddings`` vectors of size ``embedding_dim``, started N(0, 1) (the
    ``padding_idx`` row zero, and it gets no gradient); ``emb(indices)`` has shape
    ``indices.shape + (embedding_dim,)``. With ``max_norm``, looked-up rows longer than it
    are scaled back to it in place (``F.embedding``). ``_weight`` gives the table itself
    (``from_pretrained``)."""

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx: int | None = None,
                 max_norm: float | None = None, norm_type: float = 2.0,
                 scale_grad_by_freq: bool = False, sparse: bool = False, _weight=None,
                 _freeze: bool = False, device=None, dtype=None) -> None:
        super().__init__()
        _check_size("Embedding", "num_embeddings", num_embeddings)
        _check_size("Embedding", "embedding_dim", embedding_dim)
        padding_idx = _padding_index("Embedding", padding_idx, num_embeddings)
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            weight = _random.randn(num_embeddings, embedding_dim, dtype=dtype, device=device)
            if padding_idx is not None:
                weight[padding_idx] = 0.0
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise AssertionError(f"Embedding: _weight has shape {tuple(_weight.shape)}, "
                                     f"expected ({num_embeddings}, {embedding_dim})")
            weight = _weight.detach()
        self.weight = Parameter(weight, requires_grad=not _freeze)

    @classmethod
    def from_pretrained(cls, embeddings: Tensor, freeze: bool = True,
                        padding_idx: int | None = None, max_norm: float | None = None,
                        norm_type: float = 2.0, scale_grad_by_freq: bool = False,
                        sparse: bool = False) -> "Embedding":
        """An Embedding whose table is ``embeddings`` (2-D, shared, not copied), frozen
        (no gradient) unless ``freeze=False``."""
        if embeddings.ndim != 2:
            raise ValueError(f"Embeddings parameter is expected to be 2-dimensional, got "
                             f"shape {tuple(embeddings.shape)}")
        rows, cols = embeddings.shape
        return cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse,
                   _weight=embeddings, _freeze=freeze)

    def forward(self, input: Tensor) -> Tensor:
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq, self.sparse)

    def extra_repr(self) -> str:
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq:
            text += ", scale_grad_by_freq=True"
        if self.sparse:
            text += ", sparse=True"
        return text


class Flatten(Module):
    """Flatten dims ``start_dim`` to ``end_dim`` (by default all but the batch dim)."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, x: Tensor) -> Tensor:
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    """Split dim ``dim`` into ``unflattened_size`` (the inverse of ``Flatten``)."""

    def __init__(self, dim: int, unflattened_size) -> None:
        super().__init__()
        self.dim, self.unflattened_size = dim, tuple(unflattened_size)

    def forward(self, x: Tensor) -> Tensor:
        return x.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self) -> str:
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


class Dropout(Module):
    """In training, zero elements with probability ``p`` and scale the rest by
    ``1/(1-p)``; in eval, the identity."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.dropout(x, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class ReLU(Module):
    """``max(x, 0)`` elementwise (``inplace=True`` overwrites the input)."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.relu(x, self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


class LeakyReLU(Module):
    """``x`` where positive, else ``negative_slope * x`` (the `leaky_relu` op)."""

    def __init__(self, negative_slope: float = 0.01, inplace: bool = False) -> None:
        super().__init__()
        self.negative_slope, self.inplace = negative_slope, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.leaky_relu(x, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace
                                                           else "")


class SiLU(Module):
    """``x * sigmoid(x)`` (the `silu` op)."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.silu(x, self.inplace)


class Identity(Module):
    """Returns its input; takes (and ignores) any arguments, as torch's."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__()

    def forward(self, x: Tensor) -> Tensor:
        return x


class Tanh(Module):
    def forward(self, x: Tensor) -> Tensor:
        return x.tanh()


class Sigmoid(Module):
    def forward(self, x: Tensor) -> Tensor:
        return x.sigmoid()


class GELU(Module):
    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def forward(self, x: Tensor) -> Tensor:
        return F.gelu(x, self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class Softmax(Module):
    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, x: Tensor) -> Tensor:
        return F.softmax(x, self.dim, _stacklevel=5)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    def forward(self, x: Tensor) -> Tensor:
        return F.log_softmax(x, self.dim, _stacklevel=5)


class LayerNorm(Module):
    """Normalise over the trailing ``normalized_shape`` dims, then scale by ``weight``
    (ones) and shift by ``bias`` (zeros)."""

    def __init__(self, normalized_shape, eps: float = 1e-5, elementwise_affine: bool = True,
                 bias: bool = True) -> None:
        super().__init__()
        shape = ((normalized_shape,) if isinstance(normalized_shape, int)
                 else tuple(normalized_shape))
        self.normalized_shape, self.eps = shape, eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(_creation.ones(*shape))
            if bias:
                self.bias = Parameter(_creation.zeros(*shape))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, x: Tensor) -> Tensor:
        return F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}, bias={self.bias is not None}")


class BatchNorm1d(_BatchNorm):
    """Batch norm of (N, C) or (N, C, L) inputs."""

    _ranks = (2, 3)
