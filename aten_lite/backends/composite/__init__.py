"""The CompositeImplicitAutograd kernels: ops written in terms of other aten_lite ops.

A composite kernel serves every backend key (meta tensors run the same decomposition, whose
pieces have meta kernels) and needs no derivative of its own: autograd records the pieces.
These functions receive the op's arguments in schema order, like every kernel.

Its registration (Note [One backend, one package] in ``backends/__init__.py``): ``FAMILIES``
lists the modules of its kernels, one per op family; ``KERNELS``, what a YAML
`dispatch: CompositeImplicitAutograd:` entry may name, is the union of their ``__all__``.
"""

from .. import kernel_table
from . import (
    conversion, elementwise, indexing, linalg, losses, padding, reductions, shape_ops, sorting,
    statistics,
)

FAMILIES = (
    elementwise,  # clamp and its spellings, div with a rounding mode, square, nan_to_num
    reductions,  # logsumexp, max()/min() of all elements, norm
    statistics,  # var, std, var_mean, std_mean
    linalg,  # matmul, outer, addmm, baddbmm, einsum, diag, trace
    shape_ops,  # expand_as, view_as, reshape_as, movedim, repeat, tile, flip, roll, meshgrid
    padding,  # constant_pad_nd (F.pad)
    indexing,  # masked_select, repeat_interleave
    losses,  # kl_div, huber_loss, cosine_similarity
    sorting,  # sort(stable=), argsort
    conversion,  # to(other), type_as
)
KERNELS = kernel_table(__name__, FAMILIES)

__all__ = ["FAMILIES", "KERNELS"]
