"""Shape rules, found by the name an op's YAML `shape:` key gives (Note [Shape rules] in core.py).

Each module's rules (its ``__all__``) are imported here by name: a new rule needs its name
below, and a line in ``aten_lite/vocab/manifest.py``'s ``SHAPE_RULES``, which the generator
checks `shape:` names against (``python -m tools.runtime_manifest --write``).
"""

from .core import (  # noqa: F401 (found by name: getattr(shapes, rule))
    arg_reduction, bmm, broadcast_shapes, broadcastable, dot, matmul, mm, reduced_shape,
    reduction_dims, reduction_with_indices, softmax, where,
)
from .conv import (  # noqa: F401 (found by name: getattr(shapes, rule))
    col2im, conv_weight_grad, convolution, im2col,
)
from .data import (  # noqa: F401 (found by name: getattr(shapes, rule))
    advanced_index, cat, gather, index_put, index_select, masked_fill, masked_fill_inplace,
    same_as_self, stack,
)
from .indexed import (  # noqa: F401 (found by name: getattr(shapes, rule))
    embedding, index_add, one_hot, scan, scatter, sort, topk, triangle,
)
from .linalg import (  # noqa: F401 (found by name: getattr(shapes, rule))
    linear, linalg_cholesky, linalg_det, linalg_eigh, linalg_inv, linalg_qr, linalg_slogdet, linalg_solve,
    linalg_svd, first_zero_pivot,
)
from .attention import (  # noqa: F401 (found by name: getattr(shapes, rule))
    sdpa, sdpa_backward,
)
from .normalization import (  # noqa: F401 (found by name: getattr(shapes, rule))
    layer_norm, layer_norm_backward, layer_norm_backward_all, layer_norm_weight_grad,
)
from .loss import (  # noqa: F401 (found by name: getattr(shapes, rule))
    log_softmax_backward, nll_loss, nll_loss_backward, softmax_backward,
)
