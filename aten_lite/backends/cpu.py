"""The CPU backend: every kernel a YAML `dispatch: CPU:` entry may name, and the factories
of the generic kernels (Note [One backend, one module] in ``backends/__init__.py``).

Kernels for data movement, views and creation come from ``_cpu_data``; compute kernels from
``_cpu_ops``, softmax and log_softmax from ``_cpu_softmax``.
"""

from ._cpu_data import *  # noqa: F401,F403
from ._cpu_ops import *  # noqa: F401,F403
from ._cpu_softmax import *  # noqa: F401,F403
from ._cpu_loss import *  # noqa: F401,F403
from ._cpu_ops import make_elementwise, make_reduction  # noqa: F401
# Kernels whose inputs are strided but whose subject is the sparse layout (constructors,
# conversions): they are shared with the sparse backend, in _coo.py.
from ._coo import (  # noqa: F401,E402
    sparse_coo_tensor, to_dense_strided, to_sparse, values_at_strided,
)
# Scans, sorts and index-driven ops.
from ._cpu_scan_sort import *  # noqa: F401,F403,E402
from ._cpu_scatter import *  # noqa: F401,F403,E402
from ._cpu_unique import unique_cpu  # noqa: F401,E402 (torch.unique's kernel)
from ._cpu_parity import *  # noqa: F401,F403,E402 (nonzero, repeat_interleave)
from ._diagonal import diagonal_cpu  # noqa: F401,E402 (the diagonal view)
