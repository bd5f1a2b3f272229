# @generated from native_functions.yaml and derivatives.yaml (sha256 ac0e22f455bab3d7).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""Forward-mode rules, one per derivatives.yaml entry that has one.

A rule maps the tangents of an op's inputs to its output's (Note [Forward rules] in
tools/codegen/api_forward.py says where each comes from). The runtime's forward mode
(aten_lite/autograd/forward_ad.py) calls ``rule(args, tangents, result)`` after the op ran:
``args`` in schema order, ``tangents`` aligned with them (None where an argument has none,
a list for a Tensor[] argument), ``result`` the op's output. None means a zero tangent.
"""

from aten_lite.dispatch.dispatcher import handle
from aten_lite.autograd.formulas import *  # noqa: F401,F403 (helpers the formulas call)
from aten_lite.autograd.forward_ad import add_tangents, filled

from aten_lite._generated.ops import (  # the ops the formulas call
    _gelu_backward,
    _leaky_relu_backward,
    _tanh_backward,
    div,
    floor_divide,
)


def fw_neg(args, tangents, result):
    """Forward rule of neg."""
    # derivatives.yaml:27 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, -self_t)
    return tangent


def fw_abs(args, tangents, result):
    """Forward rule of abs."""
    # derivatives.yaml:30 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * self.sign())
    return tangent


def fw_sign(args, tangents, result):
    """Forward rule of sign."""
    # derivatives.yaml:33 (zero)
    self, = args
    self_t, = tangents
    return None


def fw_relu(args, tangents, result):
    """Forward rule of relu."""
    # derivatives.yaml:36 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * result.sign())
    return tangent


def fw_sigmoid(args, tangents, result):
    """Forward rule of sigmoid."""
    # derivatives.yaml:40 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * result * (1 - result))
    return tangent


def fw_tanh(args, tangents, result):
    """Forward rule of tanh."""
    # derivatives.yaml:43 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, _tanh_backward(self_t, result))
    return tangent


def fw_exp(args, tangents, result):
    """Forward rule of exp."""
    # derivatives.yaml:46 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * result)
    return tangent


def fw_expm1(args, tangents, result):
    """Forward rule of expm1."""
    # derivatives.yaml:49 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * (result + 1))
    return tangent


def fw_log(args, tangents, result):
    """Forward rule of log."""
    # derivatives.yaml:52 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / self)
    return tangent


def fw_log1p(args, tangents, result):
    """Forward rule of log1p."""
    # derivatives.yaml:55 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / (self + 1))
    return tangent


def fw_sqrt(args, tangents, result):
    """Forward rule of sqrt."""
    # derivatives.yaml:58 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / (2 * result))
    return tangent


def fw_rsqrt(args, tangents, result):
    """Forward rule of rsqrt."""
    # derivatives.yaml:61 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, -0.5 * self_t * result * result * result)
    return tangent


def fw_reciprocal(args, tangents, result):
    """Forward rule of reciprocal."""
    # derivatives.yaml:64 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, -self_t * result * result)
    return tangent


def fw_sin(args, tangents, result):
    """Forward rule of sin."""
    # derivatives.yaml:67 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * self.cos())
    return tangent


def fw_cos(args, tangents, result):
    """Forward rule of cos."""
    # derivatives.yaml:70 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, -self_t * self.sin())
    return tangent


def fw_floor(args, tangents, result):
    """Forward rule of floor."""
    # derivatives.yaml:73 (zero)
    self, = args
    self_t, = tangents
    return None


def fw_ceil(args, tangents, result):
    """Forward rule of ceil."""
    # derivatives.yaml:76 (zero)
    self, = args
    self_t, = tangents
    return None


def fw_round(args, tangents, result):
    """Forward rule of round."""
    # derivatives.yaml:79 (zero)
    self, = args
    self_t, = tangents
    return None


def fw_trunc(args, tangents, result):
    """Forward rule of trunc."""
    # derivatives.yaml:82 (zero)
    self, = args
    self_t, = tangents
    return None


def fw_add_Tensor(args, tangents, result):
    """Forward rule of add.Tensor."""
    # derivatives.yaml:87 (auto_element_wise)
    self, other, alpha = args
    self_t, other_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, scale(other_t, alpha))
    return tangent


def fw_sub_Tensor(args, tangents, result):
    """Forward rule of sub.Tensor."""
    # derivatives.yaml:91 (auto_element_wise)
    self, other, alpha = args
    self_t, other_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, scale(other_t, -alpha))
    return tangent


def fw_mul_Tensor(args, tangents, result):
    """Forward rule of mul.Tensor."""
    # derivatives.yaml:95 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * other)
    if other_t is not None:
        tangent = add_tangents(tangent, other_t * self)
    return tangent


def fw_div_Tensor(args, tangents, result):
    """Forward rule of div.Tensor."""
    # derivatives.yaml:99 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / other)
    if other_t is not None:
        tangent = add_tangents(tangent, -other_t * self / (other * other))
    return tangent


def fw__div_trunc(args, tangents, result):
    """Forward rule of _div_trunc."""
    # derivatives.yaml:103 (zero)
    self, other = args
    self_t, other_t = tangents
    return None


def fw_floor_divide(args, tangents, result):
    """Forward rule of floor_divide."""
    # derivatives.yaml:107 (zero)
    self, other = args
    self_t, other_t = tangents
    return None


def fw_remainder_Tensor(args, tangents, result):
    """Forward rule of remainder.Tensor."""
    # derivatives.yaml:111 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, -other_t * floor_divide(self, other))
    return tangent


def fw_pow_Tensor_Tensor(args, tangents, result):
    """Forward rule of pow.Tensor_Tensor."""
    # derivatives.yaml:115 (auto_element_wise)
    self, exponent = args
    self_t, exponent_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, pow_self_grad(self_t, self, exponent))
    if exponent_t is not None:
        tangent = add_tangents(tangent, pow_exponent_grad(exponent_t, self, exponent, result))
    return tangent


def fw_maximum(args, tangents, result):
    """Forward rule of maximum."""
    # derivatives.yaml:119 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(self_t, self, other, True))
    if other_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(other_t, other, self, True))
    return tangent


def fw_minimum(args, tangents, result):
    """Forward rule of minimum."""
    # derivatives.yaml:123 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(self_t, self, other, False))
    if other_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(other_t, other, self, False))
    return tangent


def fw_where_self(args, tangents, result):
    """Forward rule of where.self."""
    # derivatives.yaml:127 (auto_element_wise)
    condition, self, other = args
    _, self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * condition)
    if other_t is not None:
        tangent = add_tangents(tangent, other_t * condition.logical_not())
    return tangent


def fw_sum(args, tangents, result):
    """Forward rule of sum."""
    # derivatives.yaml:134 (auto_linear)
    self, dim, keepdim, dtype = args
    self_t, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('sum').call((self_t, dim, keepdim, dtype))
    return tangent


def fw_mean(args, tangents, result):
    """Forward rule of mean."""
    # derivatives.yaml:137 (auto_linear)
    self, dim, keepdim, dtype = args
    self_t, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('mean').call((self_t, dim, keepdim, dtype))
    return tangent


def fw_prod(args, tangents, result):
    """Forward rule of prod."""
    # derivatives.yaml:142 (result)
    self, dim, keepdim, dtype = args
    self_t, _, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, reduction_jvp_prod(self_t, self, result, dim, keepdim))
    return tangent


def fw_amax(args, tangents, result):
    """Forward rule of amax."""
    # derivatives.yaml:146 (result)
    self, dim, keepdim = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, reduction_jvp_extremum(self_t, self, result, dim, keepdim))
    return tangent


def fw_amin(args, tangents, result):
    """Forward rule of amin."""
    # derivatives.yaml:150 (result)
    self, dim, keepdim = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, reduction_jvp_extremum(self_t, self, result, dim, keepdim))
    return tangent


def fw_max_dim(args, tangents, result):
    """Forward rule of max.dim."""
    # derivatives.yaml:155 (result)
    self, dim, keepdim = args
    values, indices = result
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, take_along(self_t, dim, indices, keepdim))
    return (tangent, None,)


def fw_min_dim(args, tangents, result):
    """Forward rule of min.dim."""
    # derivatives.yaml:160 (result)
    self, dim, keepdim = args
    values, indices = result
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, take_along(self_t, dim, indices, keepdim))
    return (tangent, None,)


def fw_softmax_int(args, tangents, result):
    """Forward rule of softmax.int."""
    # derivatives.yaml:164 (result)
    self, dim, dtype = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, result * (self_t - (self_t * result).sum(dim, keepdim=True)))
    return tangent


def fw_log_softmax_int(args, tangents, result):
    """Forward rule of log_softmax.int."""
    # derivatives.yaml:168 (result)
    self, dim, dtype = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if self_t is not None:
        tangent = add_tangents(tangent, -((self_t * result.exp()).sum(dim, keepdim=True)))
    return tangent


def fw_nll_loss(args, tangents, result):
    """Forward rule of nll_loss."""
    # derivatives.yaml:173 (auto_linear)
    self, target, weight, reduction, ignore_index = args
    self_t, _, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('nll_loss').call((self_t, target, weight, reduction, ignore_index))
    return tangent


def fw__nll_loss_backward(args, tangents, result):
    """Forward rule of _nll_loss_backward."""
    # derivatives.yaml:175 (auto_linear)
    grad_output, self, target, weight, reduction, ignore_index = args
    grad_output_t, self_t, _, _, _, _ = tangents
    grad_output_t = filled(grad_output_t, grad_output)
    self_t = filled(self_t, self)
    tangent = handle('_nll_loss_backward').call((grad_output_t, self_t, target, weight, reduction, ignore_index))
    return tangent


def fw_gelu(args, tangents, result):
    """Forward rule of gelu."""
    # derivatives.yaml:180 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, _gelu_backward(self_t, self))
    return tangent


def fw__gelu_backward(args, tangents, result):
    """Forward rule of _gelu_backward."""
    # derivatives.yaml:183 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _gelu_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * grad_output * (2 - self * self) * (-0.5 * self * self).exp() * 0.3989422804014327)
    return tangent


def fw__copy_strided(args, tangents, result):
    """Forward rule of _copy_strided."""
    # derivatives.yaml:187 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    return tangent


def fw_silu(args, tangents, result):
    """Forward rule of silu."""
    # derivatives.yaml:190 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * self.sigmoid() * (1 + self * (1 - self.sigmoid())))
    return tangent


def fw_leaky_relu(args, tangents, result):
    """Forward rule of leaky_relu."""
    # derivatives.yaml:193 (auto_element_wise)
    self, negative_slope = args
    self_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, _leaky_relu_backward(self_t, self, negative_slope))
    return tangent


def fw__leaky_relu_backward(args, tangents, result):
    """Forward rule of _leaky_relu_backward."""
    # derivatives.yaml:196 (auto_element_wise)
    grad_output, self, negative_slope = args
    grad_output_t, self_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _leaky_relu_backward(grad_output_t, self, negative_slope))
    if self_t is not None:
        tangent = add_tangents(tangent, zeros_like(self_t))
    return tangent


def fw__tanh_backward(args, tangents, result):
    """Forward rule of _tanh_backward."""
    # derivatives.yaml:200 (auto_element_wise)
    grad_output, tanh_out = args
    grad_output_t, tanh_out_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _tanh_backward(grad_output_t, tanh_out))
    if tanh_out_t is not None:
        tangent = add_tangents(tangent, -2 * tanh_out_t * grad_output * tanh_out)
    return tangent


def fw__log_softmax_backward(args, tangents, result):
    """Forward rule of _log_softmax_backward."""
    # derivatives.yaml:207 (result)
    grad_output, log_probs, dim = args
    grad_output_t, log_probs_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, grad_output_t)
    if grad_output_t is not None:
        tangent = add_tangents(tangent, -(log_probs.exp() * grad_output_t.sum(dim, keepdim=True)))
    if log_probs_t is not None:
        tangent = add_tangents(tangent, -(log_probs_t * log_probs.exp() * grad_output.sum(dim, keepdim=True)))
    return tangent


def fw_mm(args, tangents, result):
    """Forward rule of mm."""
    # derivatives.yaml:214 (result)
    self, mat2 = args
    self_t, mat2_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.mm(mat2))
    if mat2_t is not None:
        tangent = add_tangents(tangent, self.mm(mat2_t))
    return tangent


def fw__sparse_mm(args, tangents, result):
    """Forward rule of _sparse_mm."""
    # derivatives.yaml:219 (result)
    self, mat2 = args
    self_t, mat2_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.mm(mat2))
    if mat2_t is not None:
        tangent = add_tangents(tangent, self.mm(mat2_t))
    return tangent


def fw_bmm(args, tangents, result):
    """Forward rule of bmm."""
    # derivatives.yaml:224 (result)
    self, mat2 = args
    self_t, mat2_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.bmm(mat2))
    if mat2_t is not None:
        tangent = add_tangents(tangent, self.bmm(mat2_t))
    return tangent


def fw_dot(args, tangents, result):
    """Forward rule of dot."""
    # derivatives.yaml:229 (result)
    self, tensor = args
    self_t, tensor_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.dot(tensor))
    if tensor_t is not None:
        tangent = add_tangents(tangent, self.dot(tensor_t))
    return tangent


def fw_view(args, tangents, result):
    """Forward rule of view."""
    # derivatives.yaml:233 (auto_linear)
    self, size = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('view').call((self_t, size))
    return tangent


def fw_reshape(args, tangents, result):
    """Forward rule of reshape."""
    # derivatives.yaml:236 (auto_linear)
    self, shape = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('reshape').call((self_t, shape))
    return tangent


def fw_t(args, tangents, result):
    """Forward rule of t."""
    # derivatives.yaml:239 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('t').call((self_t,))
    return tangent


def fw_transpose_int(args, tangents, result):
    """Forward rule of transpose.int."""
    # derivatives.yaml:242 (auto_linear)
    self, dim0, dim1 = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('transpose.int').call((self_t, dim0, dim1))
    return tangent


def fw_permute(args, tangents, result):
    """Forward rule of permute."""
    # derivatives.yaml:245 (auto_linear)
    self, dims = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('permute').call((self_t, dims))
    return tangent


def fw_expand(args, tangents, result):
    """Forward rule of expand."""
    # derivatives.yaml:248 (auto_linear)
    self, size, implicit = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('expand').call((self_t, size, implicit))
    return tangent


def fw_squeeze(args, tangents, result):
    """Forward rule of squeeze."""
    # derivatives.yaml:251 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('squeeze').call((self_t,))
    return tangent


def fw_squeeze_dim(args, tangents, result):
    """Forward rule of squeeze.dim."""
    # derivatives.yaml:254 (auto_linear)
    self, dim = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('squeeze.dim').call((self_t, dim))
    return tangent


def fw_squeeze_dims(args, tangents, result):
    """Forward rule of squeeze.dims."""
    # derivatives.yaml:257 (auto_linear)
    self, dim = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('squeeze.dims').call((self_t, dim))
    return tangent


def fw_unsqueeze(args, tangents, result):
    """Forward rule of unsqueeze."""
    # derivatives.yaml:260 (auto_linear)
    self, dim = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('unsqueeze').call((self_t, dim))
    return tangent


def fw_flatten_using_ints(args, tangents, result):
    """Forward rule of flatten.using_ints."""
    # derivatives.yaml:263 (auto_linear)
    self, start_dim, end_dim = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('flatten.using_ints').call((self_t, start_dim, end_dim))
    return tangent


def fw_narrow(args, tangents, result):
    """Forward rule of narrow."""
    # derivatives.yaml:266 (auto_linear)
    self, dim, start, length = args
    self_t, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('narrow').call((self_t, dim, start, length))
    return tangent


def fw_select_int(args, tangents, result):
    """Forward rule of select.int."""
    # derivatives.yaml:269 (auto_linear)
    self, dim, index = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('select.int').call((self_t, dim, index))
    return tangent


def fw_slice_Tensor(args, tangents, result):
    """Forward rule of slice.Tensor."""
    # derivatives.yaml:272 (auto_linear)
    self, dim, start, end, step = args
    self_t, _, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('slice.Tensor').call((self_t, dim, start, end, step))
    return tangent


def fw_contiguous(args, tangents, result):
    """Forward rule of contiguous."""
    # derivatives.yaml:275 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('contiguous').call((self_t,))
    return tangent


def fw_split_Tensor(args, tangents, result):
    """Forward rule of split.Tensor."""
    # derivatives.yaml:278 (auto_linear)
    self, split_size, dim = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('split.Tensor').call((self_t, split_size, dim))
    return tangent


def fw_split_sizes(args, tangents, result):
    """Forward rule of split.sizes."""
    # derivatives.yaml:281 (auto_linear)
    self, split_size, dim = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('split.sizes').call((self_t, split_size, dim))
    return tangent


def fw_chunk(args, tangents, result):
    """Forward rule of chunk."""
    # derivatives.yaml:284 (auto_linear)
    self, chunks, dim = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('chunk').call((self_t, chunks, dim))
    return tangent


def fw_cat(args, tangents, result):
    """Forward rule of cat."""
    # derivatives.yaml:289 (auto_linear)
    tensors, dim = args
    tensors_t, _ = tangents
    tensors_t = filled(tensors_t, tensors)
    tangent = handle('cat').call((tensors_t, dim))
    return tangent


def fw_stack(args, tangents, result):
    """Forward rule of stack."""
    # derivatives.yaml:292 (auto_linear)
    tensors, dim = args
    tensors_t, _ = tangents
    tensors_t = filled(tensors_t, tensors)
    tangent = handle('stack').call((tensors_t, dim))
    return tangent


def fw_gather(args, tangents, result):
    """Forward rule of gather."""
    # derivatives.yaml:295 (auto_linear)
    self, dim, index, sparse_grad = args
    self_t, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('gather').call((self_t, dim, index, sparse_grad))
    return tangent


def fw_index_select(args, tangents, result):
    """Forward rule of index_select."""
    # derivatives.yaml:299 (auto_linear)
    self, dim, index = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('index_select').call((self_t, dim, index))
    return tangent


def fw_masked_fill_Scalar(args, tangents, result):
    """Forward rule of masked_fill.Scalar."""
    # derivatives.yaml:306 (result)
    self, mask, value = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.masked_fill(mask, 0))
    return tangent


def fw_index_Tensor(args, tangents, result):
    """Forward rule of index.Tensor."""
    # derivatives.yaml:308 (auto_linear)
    self, indices = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('index.Tensor').call((self_t, indices))
    return tangent


def fw_index_put(args, tangents, result):
    """Forward rule of index_put."""
    # derivatives.yaml:312 (auto_linear)
    self, indices, values, accumulate = args
    self_t, _, values_t, _ = tangents
    self_t = filled(self_t, self)
    values_t = filled(values_t, values)
    tangent = handle('index_put').call((self_t, indices, values_t, accumulate))
    return tangent


def fw_clone(args, tangents, result):
    """Forward rule of clone."""
    # derivatives.yaml:317 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('clone').call((self_t,))
    return tangent


def fw_copy_(args, tangents, result):
    """Forward rule of copy_."""
    # derivatives.yaml:320 (auto_linear)
    self, src, non_blocking = args
    self_t, src_t, _ = tangents
    self_t = filled(self_t, self)
    src_t = filled(src_t, src)
    self_t = self_t.clone()  # the op writes it
    tangent = handle('copy_').call((self_t, src_t, non_blocking))
    return tangent


def fw_fill__Scalar(args, tangents, result):
    """Forward rule of fill_.Scalar."""
    # derivatives.yaml:324 (zero)
    self, value = args
    self_t, _ = tangents
    return None


def fw_zero_(args, tangents, result):
    """Forward rule of zero_."""
    # derivatives.yaml:327 (zero)
    self, = args
    self_t, = tangents
    return None


def fw_to_dtype(args, tangents, result):
    """Forward rule of to.dtype."""
    # derivatives.yaml:330 (auto_linear)
    self, dtype, non_blocking, copy = args
    self_t, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('to.dtype').call((self_t, dtype, non_blocking, copy))
    return tangent


def fw_to_device(args, tangents, result):
    """Forward rule of to.device."""
    # derivatives.yaml:333 (auto_linear)
    self, device, dtype, non_blocking, copy = args
    self_t, _, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('to.device').call((self_t, device, dtype, non_blocking, copy))
    return tangent


def fw_sparse_coo_tensor(args, tangents, result):
    """Forward rule of sparse_coo_tensor."""
    # derivatives.yaml:344 (auto_linear)
    indices, values, size, dtype, is_coalesced = args
    _, values_t, _, _, _ = tangents
    values_t = filled(values_t, values)
    tangent = handle('sparse_coo_tensor').call((indices, values_t, size, dtype, is_coalesced))
    return tangent


def fw_to_sparse(args, tangents, result):
    """Forward rule of to_sparse."""
    # derivatives.yaml:346 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('to_sparse').call((self_t,))
    return tangent


def fw_to_dense(args, tangents, result):
    """Forward rule of to_dense."""
    # derivatives.yaml:351 (auto_linear)
    self, dtype = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('to_dense').call((self_t, dtype))
    return tangent


def fw_coalesce(args, tangents, result):
    """Forward rule of coalesce."""
    # derivatives.yaml:353 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('coalesce').call((self_t,))
    return tangent


def fw_values(args, tangents, result):
    """Forward rule of values."""
    # derivatives.yaml:358 (auto_linear)
    self, = args
    self_t, = tangents
    self_t = filled(self_t, self)
    tangent = handle('values').call((self_t,))
    return tangent


def fw_sparse_mask(args, tangents, result):
    """Forward rule of sparse_mask."""
    # derivatives.yaml:360 (auto_linear)
    self, mask = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('sparse_mask').call((self_t, mask))
    return tangent


def fw__sparse_values_at(args, tangents, result):
    """Forward rule of _sparse_values_at."""
    # derivatives.yaml:369 (auto_linear)
    self, indices = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('_sparse_values_at').call((self_t, indices))
    return tangent


def fw_log10(args, tangents, result):
    """Forward rule of log10."""
    # derivatives.yaml:373 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / (self * 2.302585092994046))
    return tangent


def fw_log2(args, tangents, result):
    """Forward rule of log2."""
    # derivatives.yaml:376 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / (self * 0.6931471805599453))
    return tangent


def fw_fmod_Tensor(args, tangents, result):
    """Forward rule of fmod.Tensor."""
    # derivatives.yaml:379 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, -other_t * div(self, other, rounding_mode='trunc'))
    return tangent


def fw_lerp_Scalar(args, tangents, result):
    """Forward rule of lerp.Scalar."""
    # derivatives.yaml:383 (auto_element_wise)
    self, end, weight = args
    self_t, end_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, scale(self_t, 1 - weight))
    if end_t is not None:
        tangent = add_tangents(tangent, scale(end_t, weight))
    return tangent


def fw_lerp_Tensor(args, tangents, result):
    """Forward rule of lerp.Tensor."""
    # derivatives.yaml:387 (auto_element_wise)
    self, end, weight = args
    self_t, end_t, weight_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * (1 - weight))
    if end_t is not None:
        tangent = add_tangents(tangent, end_t * weight)
    if weight_t is not None:
        tangent = add_tangents(tangent, weight_t * (end - self))
    return tangent


def fw__nan_to_num(args, tangents, result):
    """Forward rule of _nan_to_num."""
    # derivatives.yaml:392 (auto_element_wise)
    self, nan, posinf, neginf = args
    self_t, _, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * self.isfinite())
    return tangent


def fw_cumsum(args, tangents, result):
    """Forward rule of cumsum."""
    # derivatives.yaml:396 (auto_linear)
    self, dim, dtype = args
    self_t, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('cumsum').call((self_t, dim, dtype))
    return tangent


def fw_cumprod(args, tangents, result):
    """Forward rule of cumprod."""
    # derivatives.yaml:402 (result)
    self, dim, dtype = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, cumprod_jvp(self_t, self, dim, result))
    return tangent


def fw_sort(args, tangents, result):
    """Forward rule of sort."""
    # derivatives.yaml:407 (result)
    self, dim, descending = args
    values, indices = result
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, take_along(self_t, dim, indices))
    return (tangent, None,)


def fw_topk(args, tangents, result):
    """Forward rule of topk."""
    # derivatives.yaml:412 (result)
    self, k, dim, largest, sorted = args
    values, indices = result
    self_t, _, _, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, take_along(self_t, dim, indices))
    return (tangent, None,)


def fw_scatter_src(args, tangents, result):
    """Forward rule of scatter.src."""
    # derivatives.yaml:414 (auto_linear)
    self, dim, index, src = args
    self_t, _, _, src_t = tangents
    self_t = filled(self_t, self)
    src_t = filled(src_t, src)
    tangent = handle('scatter.src').call((self_t, dim, index, src_t))
    return tangent


def fw_scatter_value(args, tangents, result):
    """Forward rule of scatter.value."""
    # derivatives.yaml:422 (result)
    self, dim, index, value = args
    self_t, _, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.scatter(dim, index, 0))
    return tangent


def fw_scatter_add(args, tangents, result):
    """Forward rule of scatter_add."""
    # derivatives.yaml:424 (auto_linear)
    self, dim, index, src = args
    self_t, _, _, src_t = tangents
    self_t = filled(self_t, self)
    src_t = filled(src_t, src)
    tangent = handle('scatter_add').call((self_t, dim, index, src_t))
    return tangent


def fw_index_add(args, tangents, result):
    """Forward rule of index_add."""
    # derivatives.yaml:429 (auto_linear)
    self, dim, index, source, alpha = args
    self_t, _, _, source_t, _ = tangents
    self_t = filled(self_t, self)
    source_t = filled(source_t, source)
    tangent = handle('index_add').call((self_t, dim, index, source_t, alpha))
    return tangent


def fw_embedding(args, tangents, result):
    """Forward rule of embedding."""
    # derivatives.yaml:434 (auto_linear)
    weight, indices, padding_idx, scale_grad_by_freq, sparse = args
    weight_t, _, _, _, _ = tangents
    weight_t = filled(weight_t, weight)
    tangent = handle('embedding').call((weight_t, indices, padding_idx, scale_grad_by_freq, sparse))
    return tangent


def fw_tril(args, tangents, result):
    """Forward rule of tril."""
    # derivatives.yaml:438 (auto_linear)
    self, diagonal = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('tril').call((self_t, diagonal))
    return tangent


def fw_triu(args, tangents, result):
    """Forward rule of triu."""
    # derivatives.yaml:441 (auto_linear)
    self, diagonal = args
    self_t, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('triu').call((self_t, diagonal))
    return tangent


def fw_diagonal(args, tangents, result):
    """Forward rule of diagonal."""
    # derivatives.yaml:460 (auto_linear)
    self, offset, dim1, dim2 = args
    self_t, _, _, _ = tangents
    self_t = filled(self_t, self)
    tangent = handle('diagonal').call((self_t, offset, dim1, dim2))
    return tangent


# Op overload -> its rule (in-place and out= overloads use their functional sibling's).
RULES = {
    "neg": fw_neg,
    "abs": fw_abs,
    "sign": fw_sign,
    "relu": fw_relu,
    "sigmoid": fw_sigmoid,
    "tanh": fw_tanh,
    "exp": fw_exp,
    "expm1": fw_expm1,
    "log": fw_log,
    "log1p": fw_log1p,
    "sqrt": fw_sqrt,
    "rsqrt": fw_rsqrt,
    "reciprocal": fw_reciprocal,
    "sin": fw_sin,
    "cos": fw_cos,
    "floor": fw_floor,
    "ceil": fw_ceil,
    "round": fw_round,
    "trunc": fw_trunc,
    "add.Tensor": fw_add_Tensor,
    "sub.Tensor": fw_sub_Tensor,
    "mul.Tensor": fw_mul_Tensor,
    "div.Tensor": fw_div_Tensor,
    "_div_trunc": fw__div_trunc,
    "floor_divide": fw_floor_divide,
    "remainder.Tensor": fw_remainder_Tensor,
    "pow.Tensor_Tensor": fw_pow_Tensor_Tensor,
    "maximum": fw_maximum,
    "minimum": fw_minimum,
    "where.self": fw_where_self,
    "sum": fw_sum,
    "mean": fw_mean,
    "prod": fw_prod,
    "amax": fw_amax,
    "amin": fw_amin,
    "max.dim": fw_max_dim,
    "min.dim": fw_min_dim,
    "softmax.int": fw_softmax_int,
    "log_softmax.int": fw_log_softmax_int,
    "nll_loss": fw_nll_loss,
    "_nll_loss_backward": fw__nll_loss_backward,
    "gelu": fw_gelu,
    "_gelu_backward": fw__gelu_backward,
    "_copy_strided": fw__copy_strided,
    "silu": fw_silu,
    "leaky_relu": fw_leaky_relu,
    "_leaky_relu_backward": fw__leaky_relu_backward,
    "_tanh_backward": fw__tanh_backward,
    "_log_softmax_backward": fw__log_softmax_backward,
    "mm": fw_mm,
    "_sparse_mm": fw__sparse_mm,
    "bmm": fw_bmm,
    "dot": fw_dot,
    "view": fw_view,
    "reshape": fw_reshape,
    "t": fw_t,
    "transpose.int": fw_transpose_int,
    "permute": fw_permute,
    "expand": fw_expand,
    "squeeze": fw_squeeze,
    "squeeze.dim": fw_squeeze_dim,
    "squeeze.dims": fw_squeeze_dims,
    "unsqueeze": fw_unsqueeze,
    "flatten.using_ints": fw_flatten_using_ints,
    "narrow": fw_narrow,
    "select.int": fw_select_int,
    "slice.Tensor": fw_slice_Tensor,
    "contiguous": fw_contiguous,
    "split.Tensor": fw_split_Tensor,
    "split.sizes": fw_split_sizes,
    "chunk": fw_chunk,
    "cat": fw_cat,
    "stack": fw_stack,
    "gather": fw_gather,
    "index_select": fw_index_select,
    "masked_fill.Scalar": fw_masked_fill_Scalar,
    "index.Tensor": fw_index_Tensor,
    "index_put": fw_index_put,
    "clone": fw_clone,
    "copy_": fw_copy_,
    "fill_.Scalar": fw_fill__Scalar,
    "zero_": fw_zero_,
    "to.dtype": fw_to_dtype,
    "to.device": fw_to_device,
    "sparse_coo_tensor": fw_sparse_coo_tensor,
    "to_sparse": fw_to_sparse,
    "to_dense": fw_to_dense,
    "coalesce": fw_coalesce,
    "values": fw_values,
    "sparse_mask": fw_sparse_mask,
    "_sparse_values_at": fw__sparse_values_at,
    "log10": fw_log10,
    "log2": fw_log2,
    "fmod.Tensor": fw_fmod_Tensor,
    "lerp.Scalar": fw_lerp_Scalar,
    "lerp.Tensor": fw_lerp_Tensor,
    "_nan_to_num": fw__nan_to_num,
    "cumsum": fw_cumsum,
    "cumprod": fw_cumprod,
    "sort": fw_sort,
    "topk": fw_topk,
    "scatter.src": fw_scatter_src,
    "scatter.value": fw_scatter_value,
    "scatter_add": fw_scatter_add,
    "index_add": fw_index_add,
    "embedding": fw_embedding,
    "tril": fw_tril,
    "triu": fw_triu,
    "diagonal": fw_diagonal,
}

# Op overload -> (where the rule comes from, the YAML line): every derivatives.yaml entry.
ORIGINS = {
    "neg": ("auto_element_wise", "derivatives.yaml:27"),
    "abs": ("auto_element_wise", "derivatives.yaml:30"),
    "sign": ("zero", "derivatives.yaml:33"),
    "relu": ("auto_element_wise", "derivatives.yaml:36"),
    "sigmoid": ("auto_element_wise", "derivatives.yaml:40"),
    "tanh": ("auto_element_wise", "derivatives.yaml:43"),
    "exp": ("auto_element_wise", "derivatives.yaml:46"),
    "expm1": ("auto_element_wise", "derivatives.yaml:49"),
    "log": ("auto_element_wise", "derivatives.yaml:52"),
    "log1p": ("auto_element_wise", "derivatives.yaml:55"),
    "sqrt": ("auto_element_wise", "derivatives.yaml:58"),
    "rsqrt": ("auto_element_wise", "derivatives.yaml:61"),
    "reciprocal": ("auto_element_wise", "derivatives.yaml:64"),
    "sin": ("auto_element_wise", "derivatives.yaml:67"),
    "cos": ("auto_element_wise", "derivatives.yaml:70"),
    "floor": ("zero", "derivatives.yaml:73"),
    "ceil": ("zero", "derivatives.yaml:76"),
    "round": ("zero", "derivatives.yaml:79"),
    "trunc": ("zero", "derivatives.yaml:82"),
    "add.Tensor": ("auto_element_wise", "derivatives.yaml:87"),
    "sub.Tensor": ("auto_element_wise", "derivatives.yaml:91"),
    "mul.Tensor": ("auto_element_wise", "derivatives.yaml:95"),
    "div.Tensor": ("auto_element_wise", "derivatives.yaml:99"),
    "_div_trunc": ("zero", "derivatives.yaml:103"),
    "floor_divide": ("zero", "derivatives.yaml:107"),
    "remainder.Tensor": ("auto_element_wise", "derivatives.yaml:111"),
    "pow.Tensor_Tensor": ("auto_element_wise", "derivatives.yaml:115"),
    "maximum": ("auto_element_wise", "derivatives.yaml:119"),
    "minimum": ("auto_element_wise", "derivatives.yaml:123"),
    "where.self": ("auto_element_wise", "derivatives.yaml:127"),
    "sum": ("auto_linear", "derivatives.yaml:134"),
    "mean": ("auto_linear", "derivatives.yaml:137"),
    "prod": ("result", "derivatives.yaml:142"),
    "amax": ("result", "derivatives.yaml:146"),
    "amin": ("result", "derivatives.yaml:150"),
    "max.dim": ("result", "derivatives.yaml:155"),
    "min.dim": ("result", "derivatives.yaml:160"),
    "softmax.int": ("result", "derivatives.yaml:164"),
    "log_softmax.int": ("result", "derivatives.yaml:168"),
    "nll_loss": ("auto_linear", "derivatives.yaml:173"),
    "_nll_loss_backward": ("auto_linear", "derivatives.yaml:175"),
    "gelu": ("auto_element_wise", "derivatives.yaml:180"),
    "_gelu_backward": ("auto_element_wise", "derivatives.yaml:183"),
    "_copy_strided": ("auto_element_wise", "derivatives.yaml:187"),
    "silu": ("auto_element_wise", "derivatives.yaml:190"),
    "leaky_relu": ("auto_element_wise", "derivatives.yaml:193"),
    "_leaky_relu_backward": ("auto_element_wise", "derivatives.yaml:196"),
    "_tanh_backward": ("auto_element_wise", "derivatives.yaml:200"),
    "_log_softmax_backward": ("result", "derivatives.yaml:207"),
    "mm": ("result", "derivatives.yaml:214"),
    "_sparse_mm": ("result", "derivatives.yaml:219"),
    "bmm": ("result", "derivatives.yaml:224"),
    "dot": ("result", "derivatives.yaml:229"),
    "view": ("auto_linear", "derivatives.yaml:233"),
    "reshape": ("auto_linear", "derivatives.yaml:236"),
    "t": ("auto_linear", "derivatives.yaml:239"),
    "transpose.int": ("auto_linear", "derivatives.yaml:242"),
    "permute": ("auto_linear", "derivatives.yaml:245"),
    "expand": ("auto_linear", "derivatives.yaml:248"),
    "squeeze": ("auto_linear", "derivatives.yaml:251"),
    "squeeze.dim": ("auto_linear", "derivatives.yaml:254"),
    "squeeze.dims": ("auto_linear", "derivatives.yaml:257"),
    "unsqueeze": ("auto_linear", "derivatives.yaml:260"),
    "flatten.using_ints": ("auto_linear", "derivatives.yaml:263"),
    "narrow": ("auto_linear", "derivatives.yaml:266"),
    "select.int": ("auto_linear", "derivatives.yaml:269"),
    "slice.Tensor": ("auto_linear", "derivatives.yaml:272"),
    "contiguous": ("auto_linear", "derivatives.yaml:275"),
    "split.Tensor": ("auto_linear", "derivatives.yaml:278"),
    "split.sizes": ("auto_linear", "derivatives.yaml:281"),
    "chunk": ("auto_linear", "derivatives.yaml:284"),
    "cat": ("auto_linear", "derivatives.yaml:289"),
    "stack": ("auto_linear", "derivatives.yaml:292"),
    "gather": ("auto_linear", "derivatives.yaml:295"),
    "index_select": ("auto_linear", "derivatives.yaml:299"),
    "masked_fill.Scalar": ("result", "derivatives.yaml:306"),
    "index.Tensor": ("auto_linear", "derivatives.yaml:308"),
    "index_put": ("auto_linear", "derivatives.yaml:312"),
    "clone": ("auto_linear", "derivatives.yaml:317"),
    "copy_": ("auto_linear", "derivatives.yaml:320"),
    "fill_.Scalar": ("zero", "derivatives.yaml:324"),
    "zero_": ("zero", "derivatives.yaml:327"),
    "to.dtype": ("auto_linear", "derivatives.yaml:330"),
    "to.device": ("auto_linear", "derivatives.yaml:333"),
    "_unique2": ("none", "derivatives.yaml:336"),
    "sparse_coo_tensor": ("auto_linear", "derivatives.yaml:344"),
    "to_sparse": ("auto_linear", "derivatives.yaml:346"),
    "to_dense": ("auto_linear", "derivatives.yaml:351"),
    "coalesce": ("auto_linear", "derivatives.yaml:353"),
    "values": ("auto_linear", "derivatives.yaml:358"),
    "sparse_mask": ("auto_linear", "derivatives.yaml:360"),
    "_sparse_values_at": ("auto_linear", "derivatives.yaml:369"),
    "log10": ("auto_element_wise", "derivatives.yaml:373"),
    "log2": ("auto_element_wise", "derivatives.yaml:376"),
    "fmod.Tensor": ("auto_element_wise", "derivatives.yaml:379"),
    "lerp.Scalar": ("auto_element_wise", "derivatives.yaml:383"),
    "lerp.Tensor": ("auto_element_wise", "derivatives.yaml:387"),
    "_nan_to_num": ("auto_element_wise", "derivatives.yaml:392"),
    "cumsum": ("auto_linear", "derivatives.yaml:396"),
    "cumprod": ("result", "derivatives.yaml:402"),
    "sort": ("result", "derivatives.yaml:407"),
    "topk": ("result", "derivatives.yaml:412"),
    "scatter.src": ("auto_linear", "derivatives.yaml:414"),
    "scatter.value": ("result", "derivatives.yaml:422"),
    "scatter_add": ("auto_linear", "derivatives.yaml:424"),
    "index_add": ("auto_linear", "derivatives.yaml:429"),
    "embedding": ("auto_linear", "derivatives.yaml:434"),
    "tril": ("auto_linear", "derivatives.yaml:438"),
    "triu": ("auto_linear", "derivatives.yaml:441"),
    "nonzero": ("none", "derivatives.yaml:446"),
    "nonzero.as_tuple": ("none", "derivatives.yaml:449"),
    "nonzero_numpy": ("none", "derivatives.yaml:452"),
    "repeat_interleave.Tensor": ("none", "derivatives.yaml:455"),
    "diagonal": ("auto_linear", "derivatives.yaml:460"),
}

# Tensor arguments a rule reads as values: an in-place op copies them before it writes.
READS = {
    "abs": ('self',),
    "log": ('self',),
    "log1p": ('self',),
    "sin": ('self',),
    "cos": ('self',),
    "mul.Tensor": ('other', 'self'),
    "div.Tensor": ('other', 'self'),
    "remainder.Tensor": ('other', 'self'),
    "pow.Tensor_Tensor": ('exponent', 'self'),
    "maximum": ('other', 'self'),
    "minimum": ('other', 'self'),
    "where.self": ('condition',),
    "prod": ('self',),
    "amax": ('self',),
    "amin": ('self',),
    "gelu": ('self',),
    "_gelu_backward": ('grad_output', 'self'),
    "silu": ('self',),
    "leaky_relu": ('self',),
    "_leaky_relu_backward": ('self',),
    "_tanh_backward": ('grad_output', 'tanh_out'),
    "_log_softmax_backward": ('grad_output', 'log_probs'),
    "mm": ('mat2', 'self'),
    "_sparse_mm": ('mat2', 'self'),
    "bmm": ('mat2', 'self'),
    "dot": ('self', 'tensor'),
    "masked_fill.Scalar": ('mask',),
    "log10": ('self',),
    "log2": ('self',),
    "fmod.Tensor": ('other', 'self'),
    "lerp.Tensor": ('end', 'self', 'weight'),
    "_nan_to_num": ('self',),
    "cumprod": ('self',),
    "scatter.value": ('index',),
}

# Entries without a rule -> (their line, why none could be derived): a tangent raises.
MISSING = {
    "_unique2": ('derivatives.yaml:336', 'no output is differentiable'),
    "nonzero": ('derivatives.yaml:446', 'no output is differentiable'),
    "nonzero.as_tuple": ('derivatives.yaml:449', 'no output is differentiable'),
    "nonzero_numpy": ('derivatives.yaml:452', 'no output is differentiable'),
    "repeat_interleave.Tensor": ('derivatives.yaml:455', 'no output is differentiable'),
}
