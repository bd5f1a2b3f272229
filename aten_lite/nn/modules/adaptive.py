"""The path of torch.nn.modules.adaptive: ``AdaptiveLogSoftmaxWithLoss``, the adaptive
softmax of Grave et al. for large vocabularies: a head over the frequent classes (the
shortlist) plus one entry per cluster of rarer classes, each cluster with its own
down-projected tail.

>>> import aten_lite as al
>>> from aten_lite.nn.modules.adaptive import AdaptiveLogSoftmaxWithLoss
>>> _ = al.manual_seed(0)
>>> asm = AdaptiveLogSoftmaxWithLoss(16, 10, cutoffs=[4, 8])
>>> out, loss = asm(al.randn(3, 16), al.tensor([0, 5, 9]))
>>> out.shape, al.allclose(asm.log_prob(al.randn(3, 16)).exp().sum(1), al.ones(3))
(aten_lite.Size([3]), True)
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from ... import _ops
from ...backends import creation as _creation
from ...tensors.tensor import Tensor
from ..module import Module
from . import Linear, ModuleList, Sequential

__all__ = ["AdaptiveLogSoftmaxWithLoss"]

_ASMoutput = namedtuple("_ASMoutput", ["output", "loss"])


class AdaptiveLogSoftmaxWithLoss(Module):
    """``forward(input, target)`` returns (output, loss): each row's log-probability of its
    target and the mean negative of those. ``log_prob(input)`` gives all ``n_classes``
    log-probabilities, ``predict(input)`` the most likely class. Cluster i's tail projects
    to ``in_features // div_value ** (i + 1)`` features first."""

    def __init__(self, in_features: int, n_classes: int, cutoffs, div_value: float = 4.0,
                 head_bias: bool = False, device=None, dtype=None) -> None:
        super().__init__()
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        if cutoffs != sorted(cutoffs) or min(cutoffs) <= 0 or max(cutoffs) > n_classes - 1 \
                or len(set(cutoffs)) != len(cutoffs) or \
                any(int(c) != c for c in cutoffs):
            raise ValueError(f"cutoffs should be a sequence of unique, positive integers sorted "
                             f"in an increasing order, where each value is between 1 and "
                             f"n_classes-1 (got {cutoffs} for n_classes={n_classes})")
        self.in_features, self.n_classes = in_features, n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value, self.head_bias = div_value, head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head = Linear(in_features, self.head_size, bias=head_bias, dtype=dtype)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            hidden = int(in_features // (div_value ** (i + 1)))
            size = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(Sequential(Linear(in_features, hidden, bias=False, dtype=dtype),
                                        Linear(hidden, size, bias=False, dtype=dtype)))

    def reset_parameters(self) -> None:
        self.head.reset_parameters()
        for to_hidden, to_out in self.tail:
            to_hidden.reset_parameters()
            to_out.reset_parameters()

    def forward(self, input_: Tensor, target_: Tensor) -> _ASMoutput:
        if target_.ndim == 1:
            if input_.shape[0] != target_.shape[0]:
                raise RuntimeError(f"Input and target should have the same size in the batch "
                                   f"dimension (got {input_.shape[0]} and "
                                   f"{target_.shape[0]}).")
            if input_.ndim != 2:
                raise RuntimeError(f"1D target tensor expects 2D input tensors, but found "
                                   f"inputs with size {list(input_.shape)}")
        elif target_.ndim == 0:
            if input_.ndim != 1:
                raise RuntimeError(f"0D target tensor expects 1D input tensors, but found "
                                   f"inputs with size {list(input_.shape)}")
        else:
            raise RuntimeError(f"0D or 1D target tensor expected, multi-target not supported "
                               f"(got target of shape {list(target_.shape)})")
        batched = target_.ndim > 0
        input = input_ if batched else input_.unsqueeze(0)
        target = target_ if batched else target_.unsqueeze(0)
        t = target.numpy().astype(np.int64)
        if t.size and (t.min() < 0 or t.max() > self.n_classes - 1):
            raise RuntimeError(f"Target values should be in [0, {self.n_classes - 1}], but "
                               f"values in range [{int(t.min())}, {int(t.max())}] were found. ")
        head_column = t.copy()  # the head's entry each row reads: its class, or its cluster
        output = input.new_zeros((t.size,))
        bounds = [0] + self.cutoffs
        for i in range(1, len(bounds) - 1):
            rows = np.nonzero((t >= bounds[i]) & (t < bounds[i + 1]))[0]
            if rows.size == 0:
                continue
            head_column[rows] = self.shortlist_size + i - 1
            rows_t = _creation.as_tensor(rows)
            cluster = self.tail[i - 1](input.index_select(0, rows_t)).log_softmax(1)
            local = cluster.gather(1, _creation.as_tensor(t[rows] - bounds[i]).unsqueeze(1))
            output = output.index_add(0, rows_t, local.squeeze(1))
        head_logprob = self.head(input).log_softmax(1)
        output = output + head_logprob.gather(
            1, _creation.as_tensor(head_column).unsqueeze(1)).squeeze(1)
        loss = (-output).mean()
        if not batched:
            output = output.squeeze(0)
        return _ASMoutput(output, loss)

    def _full_log_prob(self, input: Tensor, head_output: Tensor) -> Tensor:
        head_logprob = head_output.log_softmax(1)
        parts = [head_logprob[:, :self.shortlist_size]]
        for i in range(self.n_clusters):
            cluster = self.tail[i](input).log_softmax(1)
            parts.append(cluster + head_logprob[:, self.shortlist_size + i].unsqueeze(1))
        return _ops.cat(parts, 1)

    def log_prob(self, input: Tensor) -> Tensor:
        """The log-probabilities of all n_classes classes, (N, n_classes) or (n_classes,)."""
        batched = input.ndim > 1
        x = input if batched else input.unsqueeze(0)
        out = self._full_log_prob(x, self.head(x))
        return out if batched else out.squeeze(0)

    def predict(self, input: Tensor) -> Tensor:
        """The most likely class of each row (the head's choice when it is a shortlist
        class, which then beats every tail class)."""
        batched = input.ndim > 1
        x = input if batched else input.unsqueeze(0)
        head_output = self.head(x)
        choice = head_output.argmax(1).numpy().copy()
        outside = np.nonzero(choice >= self.shortlist_size)[0]
        if outside.size:
            rows = _creation.as_tensor(outside)
            full = self._full_log_prob(x.index_select(0, rows),
                                       head_output.index_select(0, rows))
            choice[outside] = full.argmax(1).numpy()
        out = _creation.as_tensor(choice)
        return out if batched else out.squeeze(0)
