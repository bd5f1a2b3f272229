"""The aten_lite names the distributions use, gathered from the layers below the front end
(the package cannot import ``aten_lite`` itself: that would be an import cycle)."""

from .. import linalg
from .._ops import (exp, flip, log, log1p, relu, sigmoid, softmax, sqrt, stack,  # noqa: F401
                    where)
from ..autograd import Function as _Function
from ..backends.creation import (arange, eye, from_numpy, full, full_like,  # noqa: F401
                                 ones, ones_like, tensor, zeros, zeros_like)
from ..frontend.random import bernoulli, multinomial, rand, randn  # noqa: F401
from ..linalg.torch_names import cholesky_inverse  # noqa: F401
from ..nn.functional import one_hot  # noqa: F401
from ..tensors.tensor import Size, Tensor  # noqa: F401
from ..vocab.dtype import float16, float32, float64, get_default_dtype, int64  # noqa: F401
from ..vocab.grad_mode import no_grad  # noqa: F401


class autograd:
    """``al.autograd.Function``, spelled as at the top level."""

    Function = _Function


__all__ = ["linalg"]
