"""Helper functions that derivatives.yaml formulas may call, besides the ops themselves.

Each is a top-level function (the generator reads this file with ``ast`` to know the names a
formula may use). They are written with aten_lite ops only, so that under ``create_graph``
the backward is itself recorded and can be differentiated again. Shapes arrive as tuples
(a formula's ``self.shape`` is saved as one).

>>> import aten_lite as al
>>> sum_to(al.ones(2, 3), (3,))
tensor([2., 2., 2.])
"""

from __future__ import annotations

import numpy as _np

from ..backends import creation as _creation
from ..dispatch import dispatcher as _dispatch
from ..vocab import dtype as _dtype
from ..vocab.dispatch_keys import CPU
from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..rules.kernel_rules import cached_c_kernel as _cached_c_kernel
from ..tensors.tensor import Tensor, empty_array as _empty_array, sync_stream as _sync_stream
from ._formulas_direct import _plain_product, _unobserved

__all__ = [
    "sum_to", "scale", "zeros_like", "ones_like", "full_like", "empty_like", "zeros", "ones",
    "full", "expand_reduced", "reduced_count", "prod_grad",
    "extremum_grad", "index_grad", "pow_self_grad", "pow_exponent_grad", "binary_extremum_grad",
    "permute_backward", "slice_backward", "select_backward", "cat_backward", "stack_backward",
    "split_backward", "gather_backward", "index_select_backward", "index_backward",
    "index_put_self_grad", "index_put_values_grad", "mm_mat1_backward", "mm_mat2_backward",
    "sparse_mm_mat1_backward", "conv_input_grad", "conv_weight_grad", "conv_bias_grad",
    "conv_weight_grad_output_grad", "im2col_backward", "layer_norm_grad_jvp",
    "layer_norm_grad_vjp",
]


def sum_to(grad: Tensor, shape, node="?", index: int = 0) -> Tensor:
    """Sum ``grad`` over the dimensions broadcasting added to ``shape`` (right-aligned).

    ``node`` (a backward node, or its name) and ``index`` only name the culprit when the
    shapes cannot be reconciled.
    """
    have = grad._shape
    if have[1:] == shape and len(have) == len(shape) + 1:
        # A bias's gradient, every step: one leading dim summed away. (The engine's walk
        # does this case itself, with the same kernel: sum_batch in aten_lite/csrc/engine.cpp.)
        if len(have) == 2 and have[0] and _unobserved(grad, grad):
            out = _empty_array(shape, grad._dtype)
            _cached_c_kernel("sum")(grad._dtype.code, out, grad._a.T)  # what grad.sum(0) runs
            return Tensor._wrap(out)
        return grad.sum(0)
    lead = len(have) - len(shape)
    if lead < 0 or any(n != 1 and n != m for n, m in zip(shape, have[lead:])):
        raise RuntimeError(
            f"Function {node if isinstance(node, str) else node.name()} returned an invalid "
            f"gradient at index {index} - got "
            f"{list(have)} but expected shape compatible with {list(shape)}"
        )
    ones = [lead + i for i, n in enumerate(shape) if n == 1 and have[lead + i] != 1]
    if not ones:
        if not lead:
            return grad
        return grad.sum(0) if lead == 1 else grad.sum(list(range(lead)))  # an int is faster
    if not lead and len(ones) == 1:
        return grad.sum(ones[0], keepdim=True)
    grad = grad.sum(list(range(lead)) + ones, keepdim=True)
    return grad.reshape(tuple(shape)) if lead else grad


def scale(grad: Tensor, alpha) -> Tensor:
    """``grad * alpha``, without an op when alpha is 1 (add's `other`, the common case)."""
    return grad if alpha == 1 else grad * alpha


# ---- tensor factories ----

# Note [Factories in formulas]
# A formula may make tensors as PyTorch's derivatives.yaml does: ``zeros_like(grad)`` (the
# gradient of a piecewise-constant op), ``ones_like(self)``, ``full_like(self, value)``,
# ``empty_like``, and ``zeros``/``ones``/``full`` of a shape, which is one argument as formulas
# hold shapes (``zeros(self.shape, dtype=grad.dtype)``). They are aten_lite's factories
# (``al.zeros_like``...) with the keywords a formula needs, ``dtype`` and ``device``; the
# ``*_like`` ones keep their input's shape, dtype and device unless told. Being helpers, the
# generator checks their calls (arity, keywords) against the signatures below, which the
# runtime manifest records. What they make is a constant: no history, no tangent, and a
# ``const`` of a captured backward graph (aten_lite/compile/capture.py), which notes the value
# a ``*_like`` one was made from (Note [Absent output gradients] in
# aten_lite/compile/autograd.py).


def _made_from(result: Tensor, input: Tensor) -> Tensor:
    """``result``, made by a factory from ``input``: told to the dispatch mode, which notes it
    when capturing a backward graph (Note [Absent output gradients] in
    aten_lite/compile/autograd.py)."""
    _dispatch.note_made_from(result, input)  # graph mode's capture notes it
    return result


def zeros_like(input: Tensor, *, dtype=None, device=None) -> Tensor:
    """Zeros of ``input``'s shape (and dtype and device, unless given)."""
    out = _creation.zeros(input._shape, dtype=input._dtype if dtype is None else dtype,
                          device=input._device if device is None else device)
    return _made_from(out, input)


def ones_like(input: Tensor, *, dtype=None, device=None) -> Tensor:
    """Ones of ``input``'s shape (and dtype and device, unless given)."""
    out = _creation.ones(input._shape, dtype=input._dtype if dtype is None else dtype,
                         device=input._device if device is None else device)
    return _made_from(out, input)


def full_like(input: Tensor, fill_value, *, dtype=None, device=None) -> Tensor:
    """``fill_value`` in ``input``'s shape (and dtype and device, unless given)."""
    out = _creation.full(input._shape, fill_value,
                         dtype=input._dtype if dtype is None else dtype,
                         device=input._device if device is None else device)
    return _made_from(out, input)


def empty_like(input: Tensor, *, dtype=None, device=None) -> Tensor:
    """An uninitialised tensor of ``input``'s shape (and dtype and device, unless given)."""
    out = _creation.empty(input._shape, dtype=input._dtype if dtype is None else dtype,
                          device=input._device if device is None else device)
    return _made_from(out, input)


def zeros(size, *, dtype=None, device=None) -> Tensor:
    """Zeros of shape ``size`` (a tuple such as ``self.shape``, or an int), of the default
    dtype unless given, as ``al.zeros``."""
    return _creation.zeros(size, dtype=dtype, device=device)


def ones(size, *, dtype=None, device=None) -> Tensor:
    """Ones of shape ``size``, as ``al.ones``."""
    return _creation.ones(size, dtype=dtype, device=device)


def full(size, fill_value, *, dtype=None, device=None) -> Tensor:
    """``fill_value`` in shape ``size``; the dtype follows the value unless given, as
    ``al.full``."""
    return _creation.full(size, fill_value, dtype=dtype, device=device)


# ---- reductions ----


def _dims(shape, dim) -> list[int]:
    """The reduced dims, non-negative and sorted; None or [] means all dims."""
    n = len(shape)
    if dim is None:
        return list(range(n))
    dims = [dim] if isinstance(dim, int) else list(dim)
    if not dims:
        return list(range(n))
    return sorted(d % n if n else 0 for d in dims)


def expand_reduced(grad: Tensor, shape, dim, keepdim: bool) -> Tensor:
    """Spread the gradient of a reduction over ``dim`` back to the input ``shape``."""
    if grad.is_sparse:  # a sparse sum over some dims is sparse (torch.sparse.sum)
        grad = grad.to_dense()
    if not keepdim and grad.ndim != len(shape):
        # Put the reduced dims back as size 1 (one reshape); a full reduction's 0-dim
        # gradient expands as it is.
        if grad.ndim:
            dims = set(_dims(shape, dim))
            grad = grad.reshape(tuple(1 if d in dims else n for d, n in enumerate(shape)))
    return grad.expand(tuple(shape))


def reduced_count(shape, dim) -> int:
    """How many elements each output of a reduction over ``dim`` summarises (for mean)."""
    n = 1
    for d in _dims(shape, dim) if shape else ():
        n *= shape[d]
    return n


def prod_grad(grad: Tensor, self: Tensor, result: Tensor, dim, keepdim: bool) -> Tensor:
    """d prod / d x_i = product of the other elements, also where x has zeros: an element
    that is the only zero of its slice gets the product of the rest; all others get
    ``result / x`` (which is 0 wherever the slice holds a zero). Differentiating this again
    (double backward) is exact except in slices holding two or more zeros, where the mixed
    second derivatives come out 0."""
    g = expand_reduced(grad, self._shape, dim, keepdim)
    dims = _dims(self._shape, dim)
    zero = self == 0
    safe = self.masked_fill(zero, 1)
    out = result if keepdim or not self._shape else _unsqueeze_all(result, dims)
    normal = (g * out.expand(self._shape) / safe).masked_fill(zero, 0)
    if not bool(zero.any()):
        return normal
    others = _keep_prod(safe, dims)
    lone = zero.sum(dims, keepdim=True) == 1
    at_zero = (g * others.expand(self._shape)).masked_fill((zero & lone).logical_not(), 0)
    return normal + at_zero


def _keep_prod(x: Tensor, dims: list[int]) -> Tensor:
    for d in dims:
        x = x.prod(d, keepdim=True)
    return x


def _unsqueeze_all(t: Tensor, dims: list[int]) -> Tensor:
    for d in dims:
        t = t.unsqueeze(d)
    return t


def extremum_grad(grad: Tensor, self: Tensor, result: Tensor, dim, keepdim: bool) -> Tensor:
    """amax/amin: the gradient is shared equally by the elements equal to the extremum."""
    dims = _dims(self._shape, dim)
    out = result if keepdim or not self._shape else _unsqueeze_all(result, dims)
    hit = self == out
    count = hit.sum(dims, keepdim=True)
    g = expand_reduced(grad, self._shape, dim, keepdim)
    return g * hit / count


def index_grad(grad: Tensor, shape, dim: int, indices: Tensor, keepdim: bool) -> Tensor:
    """max.dim/min.dim: the gradient goes to the element each index picked."""
    if not shape:
        return grad  # a 0-dim input is its own maximum
    dim = dim % len(shape)
    if not keepdim:
        grad, indices = grad.unsqueeze(dim), indices.unsqueeze(dim)
    view = [1] * len(shape)
    view[dim] = shape[dim]
    positions = _creation.arange(shape[dim], device=grad._device).reshape(view)
    return grad * (indices == positions)


# ---- binary ops ----


def pow_self_grad(grad: Tensor, self, exponent) -> Tensor:
    """d/dx x**p = p * x**(p-1), taken as 0 at x = 0, p = 0 (x**0 is constant), where the
    product would be 0 * inf. Elsewhere the expression stays differentiable in p."""
    g = grad * exponent * self ** (exponent - 1)
    if isinstance(exponent, Tensor):
        return g.masked_fill((exponent == 0) & (self == 0), 0)
    return zeros_like(g) if exponent == 0 else g


def pow_exponent_grad(grad: Tensor, self, exponent, result: Tensor) -> Tensor:
    """d/dp x**p = x**p * log(x), taken as 0 where x == 0 and p >= 0 (the limit from the
    inside of the domain)."""
    if not isinstance(self, Tensor):
        self = _creation.full((), self, dtype=result._dtype)
    g = grad * result * self.log()
    return g.masked_fill((self == 0) & (exponent >= 0), 0)


def binary_extremum_grad(grad: Tensor, self, other, greater: bool) -> Tensor:
    """maximum/minimum: the gradient goes to the winner, half to each on a tie."""
    wins = (self > other) if greater else (self < other)
    return grad * wins + grad * (self == other) * 0.5


# ---- views and data movement ----


def permute_backward(grad: Tensor, dims) -> Tensor:
    """Undo ``permute(dims)``: dimension ``dims[i]`` of the input is dimension i of grad."""
    n = len(dims)
    inverse = [0] * n
    for i, d in enumerate(dims):
        inverse[d % n] = i
    return grad.permute(inverse)


def _zeros(shape, like: Tensor) -> Tensor:
    if like._key is CPU:  # the common case, without the factory's argument parsing
        a = _empty_array(tuple(shape), like._dtype)
        a.fill(0)
        return Tensor._wrap(a)
    return _creation.zeros(tuple(shape), dtype=like._dtype, device=like._device)


def slice_backward(grad: Tensor, shape, dim: int, start, end, step: int) -> Tensor:
    """Zeros of the input ``shape`` with ``grad`` written where ``slice`` (Python slicing,
    any step) read from; narrow is a slice with step 1."""
    dim = dim % len(shape)
    positions = range(*slice(start, end, step).indices(shape[dim]))
    index = _creation.tensor(list(positions), dtype=_dtype.int64, device=grad._device)
    return _zeros(shape, grad).index_put([None] * dim + [index], grad)


def select_backward(grad: Tensor, shape, dim: int, index: int) -> Tensor:
    dim = dim % len(shape)
    index = index % shape[dim]
    return slice_backward(grad.unsqueeze(dim), shape, dim, index, index + 1, 1)


def cat_backward(grad: Tensor, shapes, dim: int) -> list:
    """The slice of grad each input of ``cat`` filled."""
    out, offset = [], 0
    nd = grad.ndim
    for shape in shapes:
        if len(shape) == 1 and shape[0] == 0 and nd != 1:
            out.append(_zeros(shape, grad))  # cat skips 1-D empty tensors (legacy torch rule)
            continue
        size = shape[dim % nd]
        out.append(grad.narrow(dim, offset, size))
        offset += size
    return out


def stack_backward(grad: Tensor, n: int, dim: int) -> list:
    return [grad.select(dim, i) for i in range(n)]


def split_backward(grads: list, shapes, dim: int) -> Tensor:
    """``cat`` of the pieces' gradients (zeros for pieces that got none), or their view."""
    like = next(g for g in grads if g is not None)
    parts = [g if g is not None else _zeros(s, like) for g, s in zip(grads, shapes)]
    return j if (j := joined_view(parts, dim)) is not None else al.cat(parts, dim)


def gather_backward(grad: Tensor, shape, dim: int, index: Tensor) -> Tensor:
    """Each gradient element added back at the position ``gather`` read it from."""
    n = len(shape)
    if n == 0:
        return grad.reshape(())
    dim = dim % n
    where = []
    for d in range(n):
        if d == dim:
            where.append(index)
        else:
            view = [1] * n
            view[d] = -1
            where.append(_creation.arange(index._shape[d], device=grad._device).reshape(view))
    return _zeros(shape, grad).index_put(where, grad, accumulate=True)


def index_select_backward(grad: Tensor, shape, dim: int, index: Tensor) -> Tensor:
    if not shape:
        return grad.reshape(())
    dim = dim % len(shape)
    where = [None] * dim + [index.reshape(-1)]
    return _zeros(shape, grad).index_put(where, grad, accumulate=True)


def index_backward(grad: Tensor, shape, indices) -> Tensor:
    """Advanced indexing: every picked element's gradient added back (repeats add up)."""
    if grad._requires_grad:  # recorded (create_graph): the functional op
        return _zeros(shape, grad).index_put(list(indices), grad, accumulate=True)
    return _zeros(shape, grad).index_put_(list(indices), grad, accumulate=True)  # no copy


def index_put_self_grad(grad: Tensor, indices, accumulate: bool) -> Tensor:
    """Positions that index_put overwrote do not depend on ``self``."""
    if accumulate:
        return grad
    zero = _creation.zeros((), dtype=grad._dtype, device=grad._device)
    return grad.index_put(list(indices), zero)


def index_put_values_grad(grad: Tensor, indices, values_shape) -> Tensor:
    """The gradient at the written positions. ``values`` may carry extra leading size-1
    dims (index_put allows them); the engine sums any other broadcasting away."""
    picked = al.index(grad, list(indices))
    extra = len(values_shape) - picked.ndim
    if extra <= 0:
        return picked
    return sum_to(picked, values_shape[extra:]).reshape(tuple(values_shape))


# ---- layer norm ----
# Note [layer_norm's second derivatives]
# Per row of n features, with r = rsqrt(var + eps), xhat = (x - mean) * r, gw = g * w:
#   dx = _layer_norm_backward(g, x, w) = r * (gw - mean(gw) - xhat * b),  b = mean(gw * xhat).
# The normalisation's Jacobian N = r * (I - 1/n - xhat xhat^T / n) is symmetric, and
# dr = -(r^2 / n) <xhat, dx_in>, d xhat = N dx_in, d b = <dx, dx_in> / n, so along v:
#   d(dx)[v] = -(r / n) (<xhat, v> dx + <dx, v> xhat) - r * b * N v
# (the jvp below), and its transpose applied to G (the vjp) has the same form with v -> G.
# N v is _layer_norm_backward(v, x, ones).


def _layer_norm_parts(grad_output: Tensor, self: Tensor, weight: Tensor, eps: float):
    n = self.shape[-1]
    centered = self - self.mean(-1, keepdim=True)
    rstd = ((centered * centered).mean(-1, keepdim=True) + eps).rsqrt()
    xhat = centered * rstd
    dx = al._layer_norm_backward(grad_output, self, weight, eps)
    b = (grad_output * weight * xhat).mean(-1, keepdim=True)
    return n, rstd, xhat, dx, b


def layer_norm_grad_jvp(grad_output: Tensor, self: Tensor, weight: Tensor, eps: float,
                        self_t: Tensor) -> Tensor:
    """The derivative of _layer_norm_backward along a tangent of ``self`` (Note
    [layer_norm's second derivatives])."""
    n, rstd, xhat, dx, b = _layer_norm_parts(grad_output, self, weight, eps)
    along = al._layer_norm_backward(self_t, self, ones_like(weight), eps)
    return -(rstd / n) * ((xhat * self_t).sum(-1, keepdim=True) * dx
                          + (dx * self_t).sum(-1, keepdim=True) * xhat) - rstd * b * along


def layer_norm_grad_vjp(grad: Tensor, grad_output: Tensor, self: Tensor, weight: Tensor,
                        eps: float) -> Tensor:
    """The gradient of _layer_norm_backward with respect to ``self`` (Note [layer_norm's
    second derivatives])."""
    n, rstd, xhat, dx, b = _layer_norm_parts(grad_output, self, weight, eps)
    back = al._layer_norm_backward(grad, self, ones_like(weight), eps)
    return -(rstd / n) * ((grad * dx).sum(-1, keepdim=True) * xhat
                          + (grad * xhat).sum(-1, keepdim=True) * dx) - rstd * b * back


# ---- linear algebra ----


def mm_mat1_backward(grad: Tensor, mat2: Tensor) -> Tensor:
    """The gradient of mm's first operand: ``grad @ mat2.T``, strided even for a sparse
    operand, as torch.mm's (al.sparse.mm gives a sparse one: sparse_mm_mat1_backward). It
    reads no value of the operand itself, so mm saves that only for mat2's gradient: an
    in-place write to it after the product is no error when mat2 needs none (as in torch)."""
    out = _plain_product(grad, mat2, False, True)
    return grad.mm(mat2.t()) if out is None else out


def sparse_mm_mat1_backward(grad: Tensor, mat2: Tensor, self: Tensor) -> Tensor:
    """The gradient of al.sparse.mm's first operand: for a sparse operand ``grad @ mat2.T``
    read at its entries only, so the gradient is sparse with its pattern, coalesced (as
    torch.sparse.mm's), and costs nnz * N, not M * K * N; strided for a strided one."""
    if self.is_sparse:
        return al.sparse_sampled_mm(self, grad, mat2.t())
    return mm_mat1_backward(grad, mat2)


def mm_mat2_backward(grad: Tensor, self: Tensor) -> Tensor:
    """The gradient of mm's second operand: ``self.T @ grad``."""
    out = _plain_product(self, grad, True, False)
    return self.t().mm(grad) if out is None else out


# Note [Formulas without dispatch]: _unobserved and _plain_product (in _formulas_direct.py).

# The helpers of the scans, lookups and index ops live in their own module; formulas see
# them through here.
from ._formulas_extra import (  # noqa: E402
    cumprod_backward, diagonal_backward, embedding_backward, index_add_source_grad,
    reversed_cumsum, scatter_src_grad,
)

__all__ += [
    "cumprod_backward", "diagonal_backward", "embedding_backward", "index_add_source_grad",
    "reversed_cumsum", "scatter_src_grad",
]

from ._formulas_attention import joined_view, sdpa_grad, sdpa_jvp  # noqa: E402  (likewise)
from ._formulas_norm import layer_norm_grad  # noqa: E402  (layer_norm's, likewise)

__all__ += ["sdpa_grad", "sdpa_jvp", "layer_norm_grad"]

# The helpers of the linear algebra ops, likewise.
from ._formulas_linalg import (  # noqa: E402
    cholesky_backward, cholesky_jvp, det_jvp, eigh_backward, eigh_jvp, linalg_det_backward,
    linalg_solve_backward, linear_bias_grad, linear_input_grad, linear_weight_grad, qr_backward,
    qr_jvp, slogdet_backward, slogdet_jvp, svd_backward, svd_jvp,
)

__all__ += [
    "linear_input_grad", "linear_weight_grad", "linear_bias_grad",
    "cholesky_backward", "eigh_backward", "linalg_det_backward", "linalg_solve_backward",
    "qr_backward", "slogdet_backward", "svd_backward", "cholesky_jvp", "det_jvp", "eigh_jvp",
    "qr_jvp", "slogdet_jvp", "svd_jvp",
]


# The helpers of the forward-mode `result:` formulas. They are written with
# aten_lite ops only, so a tangent computed here is itself recorded by autograd and reverse
# mode can differentiate it (reverse over forward).
__all__ += ["reduction_jvp_prod", "reduction_jvp_extremum", "take_along", "cumprod_jvp"]


def _ones(t: Tensor) -> Tensor:
    return _creation.ones(t._shape, dtype=t._dtype, device=t._device)


def reduction_jvp_prod(self_t: Tensor, self: Tensor, result: Tensor, dim, keepdim: bool) -> Tensor:
    """The tangent of prod: each element's tangent times the product of the others (exact
    where the input holds zeros: prod_grad's partial derivatives), summed over the slice."""
    partial = prod_grad(_ones(result), self, result, dim, keepdim)
    return (partial * self_t).sum(_dims(self._shape, dim), keepdim=keepdim)


def reduction_jvp_extremum(self_t: Tensor, self: Tensor, result: Tensor, dim,
                           keepdim: bool) -> Tensor:
    """The tangent of amax/amin: the mean of the tangents where the extremum is reached (the
    same sharing among ties as the backward)."""
    share = extremum_grad(_ones(result), self, result, dim, keepdim)
    return (share * self_t).sum(_dims(self._shape, dim), keepdim=keepdim)


def take_along(self_t: Tensor, dim: int, indices: Tensor, keepdim: bool = True) -> Tensor:
    """The tangent at the positions ``indices`` picked along ``dim`` (max.dim, sort, topk)."""
    if self_t.ndim == 0:
        return self_t  # a 0-dim input is its own pick
    if not keepdim:
        indices = indices.unsqueeze(dim)
    picked = self_t.gather(dim, indices)
    return picked if keepdim else picked.squeeze(dim)


def cumprod_jvp(self_t: Tensor, self: Tensor, dim: int, result: Tensor) -> Tensor:
    """d out_k = sum over i <= k of t_i * (product of x_j, j <= k, j != i). Without zeros that
    is ``result * cumsum(t / x)``; with zeros, the products are formed directly: row i of a
    matrix holds x with x_i replaced by 1, and its running product gives every partial
    derivative (n * n elements for a scan of length n)."""
    if self.ndim == 0:
        return self_t
    if not bool((self == 0).any()):
        return result * (self_t / self).cumsum(dim)
    d = dim % self.ndim
    x = self.transpose(d, -1) if d != self.ndim - 1 else self
    t = self_t.transpose(d, -1) if d != self.ndim - 1 else self_t
    n = x._shape[-1]
    eye = _creation.ones(n, n, dtype=_dtype.bool_, device=x._device).tril().logical_and(
        _creation.ones(n, n, dtype=_dtype.bool_, device=x._device).triu())
    rows = al.where(eye, _creation.ones((), dtype=x._dtype, device=x._device), x.unsqueeze(-2))
    # partial[..., i, k] is d out_k / d x_i only for i <= k: keep the upper triangle (k >= i).
    partial = rows.cumprod(-1).triu()
    out = (t.unsqueeze(-1) * partial).sum(-2)
    return out.transpose(d, -1) if d != self.ndim - 1 else out


# ---- convolution (docs/CONVOLUTION.md) ----


def conv_input_grad(grad: Tensor, input_shape, weight: Tensor, stride, padding, dilation,
                    transposed: bool, groups: int) -> Tensor:
    """The gradient of a convolution's input: the convolution of the other kind with the same
    weight. A plain convolution's needs the output padding that gives back input's size (the
    rows past the last window's reach get zero)."""
    d = len(input_shape) - 2
    if transposed:
        return al.convolution(grad, weight, None, stride, padding, dilation, False, [0] * d,
                              groups)
    kernel, out = weight._shape[2:], grad._shape[2:]
    extra = [n - ((o - 1) * s - 2 * p + dl * (k - 1) + 1) for n, o, k, s, p, dl in
             zip(input_shape[2:], out, kernel, stride, padding, dilation)]
    return al.convolution(grad, weight, None, stride, padding, dilation, True, extra, groups)


def conv_weight_grad(grad: Tensor, input: Tensor, weight_shape, stride, padding, dilation,
                     transposed: bool, groups: int) -> Tensor:
    """The gradient of a convolution's weight. A transposed convolution is the adjoint of a
    plain one in its input, so its weight's gradient is the plain one's with input and grad
    swapped."""
    if transposed:
        return al._conv_weight_grad(grad, input, weight_shape, stride, padding, dilation, groups)
    return al._conv_weight_grad(input, grad, weight_shape, stride, padding, dilation, groups)


def conv_bias_grad(grad: Tensor) -> Tensor:
    """The gradient of a convolution's bias: grad summed over every dim but the channels."""
    return grad.sum([0] + list(range(2, grad.ndim)))


def conv_weight_grad_output_grad(input: Tensor, grad: Tensor, stride, padding, dilation,
                                 groups: int) -> Tensor:
    """The gradient of `_conv_weight_grad` with respect to grad_output: the plain convolution
    of input with the incoming (weight-shaped) gradient."""
    d = input.ndim - 2
    return al.convolution(input, grad, None, stride, padding, dilation, False, [0] * d, groups)


def im2col_backward(grad: Tensor, self_shape, kernel_size, dilation, padding, stride) -> Tensor:
    """The gradient of im2col: col2im of grad onto self's spatial size."""
    return al.col2im(grad, list(self_shape[2:]), kernel_size, dilation, padding, stride)
