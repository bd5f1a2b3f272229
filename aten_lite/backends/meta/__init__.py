"""The Meta backend: shapes, strides and dtypes without data. A meta result is what the CPU
result would be, minus the numbers: the kernels share the CPU kernels' rules (``rules/``).

Its registration (Note [One backend, one package] in ``backends/__init__.py``): ``FAMILIES``
lists the modules of its named kernels; ``KERNELS``, what a YAML `dispatch: Meta:` entry may
name, is the union of their ``__all__``. Most ops need no named kernel: the generic kernels
come from ``make_elementwise``, ``make_reduction`` and, for any op with a `shape:` rule,
``make_from_rule`` (Note [Shape rules]). What is named returns something a rule cannot: views
(strides and a shared version counter), in-place results (self, after the checks), several
views (split), and conversions. ``BACKEND`` is its record, which the install step registers.
"""

from .. import NO_MEMORY, Backend, coo, kernel_table
from . import copies, indexing, views
from .elementwise import make_elementwise
from .from_shape_rules import make_from_rule
from .reductions import make_reduction

FAMILIES = (
    views,  # view, reshape, permute, expand, squeeze, narrow, select, slice, split, diagonal
    indexing,  # masked_fill_, index_put_
    copies,  # clone, copy_, fill_, zero_, to(dtype), to(device)
    coo,  # shared with CPU: sparse_coo_tensor, to_sparse, ... (strided inputs)
)
KERNELS = kernel_table(__name__, FAMILIES)
# The record the install step registers (Note [Backend records] in backends/records.py):
# no memory, shapes only.
BACKEND = Backend(name="meta", key="Meta", layout="strided", kernels=KERNELS,
                  make_elementwise=make_elementwise, make_reduction=make_reduction,
                  make_from_rule=make_from_rule, **NO_MEMORY)

__all__ = ["BACKEND", "FAMILIES", "KERNELS", "make_elementwise", "make_from_rule", "make_reduction"]
