"""The CPU backend: kernels of strided tensors whose data is a NumPy array (Python prepares,
C++ or NumPy computes).

Its registration (Note [One backend, one package] in ``backends/__init__.py``): ``FAMILIES``
lists the modules of its named kernels, one per op family; ``KERNELS``, what a YAML
`dispatch: CPU:` entry may name, is the union of their ``__all__``. The generic kernels of
`elementwise:` and `reduction:` ops come from ``make_elementwise`` and ``make_reduction``.
``BACKEND`` is its record, which the install step registers (``register_backend``).
"""

from .. import HOST_MEMORY, Backend, coo, kernel_table
from . import (
    attention, convolution, copies, elementwise, indexing, joining, linalg, losses, normalization,
    reductions, scans_and_sorts, scatter_gather, softmax, views,
)
from .elementwise import make_elementwise
from .reductions import make_reduction

FAMILIES = (
    elementwise,  # where, bitwise_not (the generic elementwise kernel: make_elementwise)
    reductions,  # max/min along a dim, argmax, argmin (the generic one: make_reduction)
    linalg,  # mm, bmm, dot, tril, triu
    views,  # view, reshape, permute, expand, squeeze, narrow, select, slice, split, diagonal
    indexing,  # x[idx], index_put, index_select, index_add, masked_fill, nonzero
    scatter_gather,  # gather, scatter, scatter_add, embedding, one_hot
    scans_and_sorts,  # cumsum, cumprod, sort, topk, unique
    softmax,  # softmax, log_softmax and its backward
    losses,  # nll_loss and its backward
    normalization,  # _layer_norm, its backward and its weight's gradient
    attention,  # _sdpa (scaled dot-product attention) and its backward
    convolution,  # convolution (plain, transposed), its weight gradient, im2col, col2im
    copies,  # clone, copy_, fill_, zero_, to(dtype), to(device)
    joining,  # cat, stack
    coo,  # shared with Meta: sparse_coo_tensor, to_sparse, ... (strided inputs)
)
KERNELS = kernel_table(__name__, FAMILIES)
BACKEND = Backend(name="cpu", key="CPU", layout="strided", kernels=KERNELS,
                  make_elementwise=make_elementwise, make_reduction=make_reduction, **HOST_MEMORY)


def get_cpu_capability() -> str:
    """The variant of the C++ kernels this process runs, as torch.backends.cpu's:
    ``'default'`` (x86-64-v2; on other architectures the compiler's default target),
    ``'avx2'`` or ``'avx512'``. Chosen when the extension loads, the widest the CPU has, or
    forced by ``AL_CPU_CAPABILITY`` (docs/CPU_CAPABILITY.md).

    >>> import aten_lite as al
    >>> al.backends.cpu.get_cpu_capability() in ("default", "avx2", "avx512")
    True
    """
    from ... import _C  # layer 0, loaded on first use as every kernel does

    return _C.get_cpu_capability()


from .stores import get_streaming_stores, set_streaming_stores  # noqa: E402
__all__ = ["BACKEND", "FAMILIES", "KERNELS", "get_cpu_capability", "get_streaming_stores",
           "make_elementwise", "make_reduction", "set_streaming_stores"]
