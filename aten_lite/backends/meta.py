"""The Meta backend: shapes and dtypes without data. Kernels a YAML `dispatch: Meta:` entry
may name, and the generic factories (elementwise, reduction, and "run the shape rule" for any
op with a `shape:` key; Note [Shape rules]).
"""

from ._meta_data import *  # noqa: F401,F403
from ._meta_ops import *  # noqa: F401,F403
from ._meta_ops import make_elementwise, make_from_rule, make_reduction  # noqa: F401
# Kernels whose inputs are strided but whose subject is the sparse layout (constructors,
# conversions): they are shared with the sparse backend, in _coo.py.
from ._coo import (  # noqa: F401,E402
    sparse_coo_tensor, to_dense_strided, to_sparse, values_at_strided,
)
from ._diagonal import diagonal_meta  # noqa: F401,E402 (the diagonal view)
