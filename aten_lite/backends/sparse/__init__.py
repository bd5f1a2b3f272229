"""The SparseCPU backend: kernels of sparse COO tensors, of both devices (a meta sparse tensor
runs the same kernels; Note [Sparse kernels]).

Its registration (Note [One backend, one package] in ``backends/__init__.py``): ``FAMILIES``
lists the modules of its named kernels; ``KERNELS``, what a YAML `dispatch: SparseCPU:` entry
may name, is the union of their ``__all__``. The generic kernel of `elementwise:` ops comes
from ``make_elementwise``, and ``miss_hint`` ends the "no kernel" message of the others
(``elementwise.py``); ``BACKEND`` is its record, which the install step registers. The COO
helpers the kernels build on (``below``, ``cast``, the bounds checks) and the kernels with
strided inputs (the constructor, ``to_sparse`` of a strided tensor) are shared with CPU and
Meta, in ``backends/coo.py``.

Note [Sparse kernels]
A sparse kernel works on the components (Note [Sparse COO storage] in
``aten_lite/tensors/sparse_tensor.py``): index bookkeeping (linear keys, sorting,
intersections) in NumPy or C++ on CPU, and the values through the dense ops themselves, called
below autograd (``below``), so a sparse result has exactly the dtype and numbers the dense op
would give and a meta sparse tensor runs through the Meta kernels. Only the sizes that depend
on data (nnz after coalesce or an intersection) are unknown on meta; a meta kernel then keeps
the largest possible nnz. The C++ parts (``sparse_coalesce``, ``sparse_mm``,
``sparse_sampled_mm``) are `cpp:` kernel templates with a generated dtype switch (Note [Custom
kernels] in aten_lite/csrc/kernel_api.h).
"""

from .. import HOST_MEMORY, Backend, kernel_table
from . import arithmetic, conversion, layout, linalg, masking, reductions
from .elementwise import make_elementwise, miss_hint

FAMILIES = (
    arithmetic,  # add, sub, mul, div, pow (the generic elementwise kernel: make_elementwise)
    reductions,  # sum, any, all
    linalg,  # mm, matmul, sparse_sampled_mm
    layout,  # coalesce, the accessors (nnz, indices, values, ...), t, transpose
    conversion,  # to_dense, to_sparse, clone, to(dtype), to(device)
    masking,  # sparse_mask, _sparse_values_at
)
KERNELS = kernel_table(__name__, FAMILIES)
# Its record, which the install step registers (Note [Backend records] in backends/records.py):
# sparse tensors of both devices carry its key; its memory is the host's.
BACKEND = Backend(name="cpu", key="SparseCPU", layout="sparse_coo", kernels=KERNELS,
                  make_elementwise=make_elementwise, miss_hint=miss_hint, **HOST_MEMORY)

__all__ = ["BACKEND", "FAMILIES", "KERNELS", "make_elementwise", "miss_hint"]
