# @generated from native_functions.yaml and derivatives.yaml (sha256 82e8de754057a8f8).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""Forward-mode rules, one per derivatives.yaml entry that has one.

A rule maps the tangents of an op's inputs to its output's (Note [Forward rules] in
tools/codegen/api_forward.py says where each comes from). The runtime's forward mode
(aten_lite/autograd/forward_ad.py) calls ``rule(args, tangents, result)`` after the op ran:
``args`` in schema order, ``tangents`` aligned with them (None where an argument has none,
a list for a Tensor[] argument), ``result`` the op's output. None means a zero tangent.
The rules written from formulas are the functions below (each names its YAML line); a `zero`
rule is the runtime's ``zero_rule`` and an `auto_linear` one its ``linear_rule`` for the op.
"""

from aten_lite.autograd.formulas import *  # noqa: F401,F403 (helpers the formulas call)
from aten_lite.autograd.forward_ad import add_tangents, filled, linear_rule, zero_rule

from aten_lite._generated.ops import (  # the ops the formulas call
    _conv_weight_grad,
    _elu_backward,
    _gelu_backward,
    _gelu_tanh_backward,
    _hardsigmoid_backward,
    _hardswish_backward,
    _hardtanh_backward,
    _layer_norm,
    _layer_norm_backward,
    _layer_norm_weight_grad,
    _leaky_relu_backward,
    _linear,
    _log_sigmoid_backward,
    _mish_backward,
    _shrink_backward,
    _softplus,
    _softplus_backward,
    _tanh_backward,
    _threshold_backward,
    convolution,
    div,
    floor_divide,
    linalg_solve,
)


def fw_neg(args, tangents, result):  # derivatives.yaml:27 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else -self_t
    return tangent


def fw_abs(args, tangents, result):  # derivatives.yaml:30 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * self.sign()
    return tangent


def fw_relu(args, tangents, result):  # derivatives.yaml:36 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * result.sign()
    return tangent


def fw_sigmoid(args, tangents, result):  # derivatives.yaml:40 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * result * (1 - result)
    return tangent


def fw_tanh(args, tangents, result):  # derivatives.yaml:43 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _tanh_backward(self_t, result)
    return tangent


def fw_exp(args, tangents, result):  # derivatives.yaml:46 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * result
    return tangent


def fw_expm1(args, tangents, result):  # derivatives.yaml:49 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * (result + 1)
    return tangent


def fw_log(args, tangents, result):  # derivatives.yaml:52 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t / self
    return tangent


def fw_log1p(args, tangents, result):  # derivatives.yaml:55 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t / (self + 1)
    return tangent


def fw_sqrt(args, tangents, result):  # derivatives.yaml:58 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t / (2 * result)
    return tangent


def fw_rsqrt(args, tangents, result):  # derivatives.yaml:61 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else -0.5 * self_t * result * result * result
    return tangent


def fw_reciprocal(args, tangents, result):  # derivatives.yaml:64 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else -self_t * result * result
    return tangent


def fw_sin(args, tangents, result):  # derivatives.yaml:67 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * self.cos()
    return tangent


def fw_cos(args, tangents, result):  # derivatives.yaml:70 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else -self_t * self.sin()
    return tangent


def fw_add_Tensor(args, tangents, result):  # derivatives.yaml:87 (auto_element_wise)
    self, other, alpha = args
    self_t, other_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, scale(other_t, alpha))
    return tangent


def fw_sub_Tensor(args, tangents, result):  # derivatives.yaml:91 (auto_element_wise)
    self, other, alpha = args
    self_t, other_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, scale(other_t, -alpha))
    return tangent


def fw_mul_Tensor(args, tangents, result):  # derivatives.yaml:95 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * other)
    if other_t is not None:
        tangent = add_tangents(tangent, other_t * self)
    return tangent


def fw_div_Tensor(args, tangents, result):  # derivatives.yaml:99 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t / other)
    if other_t is not None:
        tangent = add_tangents(tangent, -other_t * self / (other * other))
    return tangent


def fw_remainder_Tensor(args, tangents, result):  # derivatives.yaml:111 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, -other_t * floor_divide(self, other))
    return tangent


def fw_pow_Tensor_Tensor(args, tangents, result):  # derivatives.yaml:115 (auto_element_wise)
    self, exponent = args
    self_t, exponent_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, pow_self_grad(self_t, self, exponent))
    if exponent_t is not None:
        tangent = add_tangents(tangent, pow_exponent_grad(exponent_t, self, exponent, result))
    return tangent


def fw_maximum(args, tangents, result):  # derivatives.yaml:119 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(self_t, self, other, True))
    if other_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(other_t, other, self, True))
    return tangent


def fw_minimum(args, tangents, result):  # derivatives.yaml:123 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(self_t, self, other, False))
    if other_t is not None:
        tangent = add_tangents(tangent, binary_extremum_grad(other_t, other, self, False))
    return tangent


def fw_where_self(args, tangents, result):  # derivatives.yaml:127 (auto_element_wise)
    condition, self, other = args
    _, self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * condition)
    if other_t is not None:
        tangent = add_tangents(tangent, other_t * condition.logical_not())
    return tangent


def fw_prod(args, tangents, result):  # derivatives.yaml:142 (result)
    self, dim, keepdim, dtype = args
    self_t, _, _, _ = tangents
    tangent = None if self_t is None else reduction_jvp_prod(self_t, self, result, dim, keepdim)
    return tangent


def fw_amax(args, tangents, result):  # derivatives.yaml:146 (result)
    self, dim, keepdim = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else reduction_jvp_extremum(self_t, self, result, dim, keepdim)
    return tangent


def fw_amin(args, tangents, result):  # derivatives.yaml:150 (result)
    self, dim, keepdim = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else reduction_jvp_extremum(self_t, self, result, dim, keepdim)
    return tangent


def fw_max_dim(args, tangents, result):  # derivatives.yaml:155 (result)
    self, dim, keepdim = args
    values, indices = result
    self_t, _, _ = tangents
    tangent = None if self_t is None else take_along(self_t, dim, indices, keepdim)
    return (tangent, None,)


def fw_min_dim(args, tangents, result):  # derivatives.yaml:160 (result)
    self, dim, keepdim = args
    values, indices = result
    self_t, _, _ = tangents
    tangent = None if self_t is None else take_along(self_t, dim, indices, keepdim)
    return (tangent, None,)


def fw_softmax_int(args, tangents, result):  # derivatives.yaml:164 (result)
    self, dim, dtype = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else result * (self_t - (self_t * result).sum(dim, keepdim=True))
    return tangent


def fw_log_softmax_int(args, tangents, result):  # derivatives.yaml:168 (result)
    self, dim, dtype = args
    self_t, _, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if self_t is not None:
        tangent = add_tangents(tangent, -((self_t * result.exp()).sum(dim, keepdim=True)))
    return tangent


def fw_gelu(args, tangents, result):  # derivatives.yaml:180 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _gelu_backward(self_t, self)
    return tangent


def fw__gelu_backward(args, tangents, result):  # derivatives.yaml:183 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _gelu_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * grad_output * (2 - self * self) * (-0.5 * self * self).exp() * 0.3989422804014327)
    return tangent


def fw__gelu_tanh(args, tangents, result):  # derivatives.yaml:187 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _gelu_tanh_backward(self_t, self)
    return tangent


def fw__gelu_tanh_backward(args, tangents, result):  # derivatives.yaml:192 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _gelu_tanh_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * grad_output * ((self + self * self * self * 0.044715) * 1.5957691216057308).sigmoid() * (1 - ((self + self * self * self * 0.044715) * 1.5957691216057308).sigmoid()) * (2 * (1.5957691216057308 + 0.21406444881780073 * self * self) + self * ((1 - 2 * ((self + self * self * self * 0.044715) * 1.5957691216057308).sigmoid()) * (1.5957691216057308 + 0.21406444881780073 * self * self) * (1.5957691216057308 + 0.21406444881780073 * self * self) + 0.42812889763560147 * self)))
    return tangent


def fw__copy_strided(args, tangents, result):  # derivatives.yaml:196 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t
    return tangent


def fw_silu(args, tangents, result):  # derivatives.yaml:199 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t * self.sigmoid() * (1 + self * (1 - self.sigmoid()))
    return tangent


def fw_leaky_relu(args, tangents, result):  # derivatives.yaml:202 (auto_element_wise)
    self, negative_slope = args
    self_t, _ = tangents
    tangent = None if self_t is None else _leaky_relu_backward(self_t, self, negative_slope)
    return tangent


def fw__leaky_relu_backward(args, tangents, result):  # derivatives.yaml:205 (auto_element_wise)
    grad_output, self, negative_slope = args
    grad_output_t, self_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _leaky_relu_backward(grad_output_t, self, negative_slope))
    if self_t is not None:
        tangent = add_tangents(tangent, zeros_like(self_t))
    return tangent


def fw_elu(args, tangents, result):  # derivatives.yaml:209 (auto_element_wise)
    self, alpha, scale, input_scale = args
    self_t, _, _, _ = tangents
    tangent = None if self_t is None else _elu_backward(self_t, self, alpha, scale, input_scale)
    return tangent


def fw__elu_backward(args, tangents, result):  # derivatives.yaml:212 (auto_element_wise)
    grad_output, self, alpha, scale, input_scale = args
    grad_output_t, self_t, _, _, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _elu_backward(grad_output_t, self, alpha, scale, input_scale))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * _elu_backward(grad_output, self, alpha, scale, input_scale) * input_scale * (self <= 0))
    return tangent


def fw_hardtanh(args, tangents, result):  # derivatives.yaml:217 (auto_element_wise)
    self, min_val, max_val = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else _hardtanh_backward(self_t, self, min_val, max_val)
    return tangent


def fw__hardtanh_backward(args, tangents, result):  # derivatives.yaml:220 (auto_element_wise)
    grad_output, self, min_val, max_val = args
    grad_output_t, self_t, _, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _hardtanh_backward(grad_output_t, self, min_val, max_val))
    if self_t is not None:
        tangent = add_tangents(tangent, zeros_like(self_t))
    return tangent


def fw_hardsigmoid(args, tangents, result):  # derivatives.yaml:224 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _hardsigmoid_backward(self_t, self)
    return tangent


def fw__hardsigmoid_backward(args, tangents, result):  # derivatives.yaml:227 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _hardsigmoid_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, zeros_like(self_t))
    return tangent


def fw_hardswish(args, tangents, result):  # derivatives.yaml:231 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _hardswish_backward(self_t, self)
    return tangent


def fw__hardswish_backward(args, tangents, result):  # derivatives.yaml:234 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _hardswish_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * grad_output * (self > -3) * (self < 3) / 3)
    return tangent


def fw_hardshrink(args, tangents, result):  # derivatives.yaml:238 (auto_element_wise)
    self, lambd = args
    self_t, _ = tangents
    tangent = None if self_t is None else _shrink_backward(self_t, self, lambd)
    return tangent


def fw_softshrink(args, tangents, result):  # derivatives.yaml:241 (auto_element_wise)
    self, lambd = args
    self_t, _ = tangents
    tangent = None if self_t is None else _shrink_backward(self_t, self, lambd)
    return tangent


def fw__shrink_backward(args, tangents, result):  # derivatives.yaml:244 (auto_element_wise)
    grad_output, self, lambd = args
    grad_output_t, self_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _shrink_backward(grad_output_t, self, lambd))
    if self_t is not None:
        tangent = add_tangents(tangent, zeros_like(self_t))
    return tangent


def fw__softplus(args, tangents, result):  # derivatives.yaml:248 (auto_element_wise)
    self, beta, threshold = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else _softplus_backward(self_t, self, beta, threshold)
    return tangent


def fw__softplus_backward(args, tangents, result):  # derivatives.yaml:251 (auto_element_wise)
    grad_output, self, beta, threshold = args
    grad_output_t, self_t, _, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _softplus_backward(grad_output_t, self, beta, threshold))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * grad_output * (self * beta).sigmoid() * (1 - (self * beta).sigmoid()) * beta * (self * beta <= threshold))
    return tangent


def fw_log_sigmoid(args, tangents, result):  # derivatives.yaml:255 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _log_sigmoid_backward(self_t, self)
    return tangent


def fw__log_sigmoid_backward(args, tangents, result):  # derivatives.yaml:258 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _log_sigmoid_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, -self_t * grad_output * self.sigmoid() * (-self).sigmoid())
    return tangent


def fw_mish(args, tangents, result):  # derivatives.yaml:262 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else _mish_backward(self_t, self)
    return tangent


def fw__mish_backward(args, tangents, result):  # derivatives.yaml:265 (auto_element_wise)
    grad_output, self = args
    grad_output_t, self_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _mish_backward(grad_output_t, self))
    if self_t is not None:
        tangent = add_tangents(tangent, self_t * grad_output * self.sigmoid() * (1 - _softplus(self).tanh() * _softplus(self).tanh()) * (2 + self * (1 - self.sigmoid()) - 2 * self * self.sigmoid() * _softplus(self).tanh()))
    return tangent


def fw_threshold(args, tangents, result):  # derivatives.yaml:270 (auto_element_wise)
    self, threshold, value = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else _threshold_backward(self_t, self, threshold)
    return tangent


def fw__threshold_backward(args, tangents, result):  # derivatives.yaml:273 (auto_element_wise)
    grad_output, self, threshold = args
    grad_output_t, self_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _threshold_backward(grad_output_t, self, threshold))
    if self_t is not None:
        tangent = add_tangents(tangent, zeros_like(self_t))
    return tangent


def fw__tanh_backward(args, tangents, result):  # derivatives.yaml:277 (auto_element_wise)
    grad_output, tanh_out = args
    grad_output_t, tanh_out_t = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _tanh_backward(grad_output_t, tanh_out))
    if tanh_out_t is not None:
        tangent = add_tangents(tangent, -2 * tanh_out_t * grad_output * tanh_out)
    return tangent


def fw__layer_norm(args, tangents, result):  # derivatives.yaml:288 (result)
    self, weight, bias, eps = args
    self_t, weight_t, bias_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, weight * _layer_norm_backward(self_t, self, ones_like(weight), eps))
    if weight_t is not None:
        tangent = add_tangents(tangent, _layer_norm(self, ones_like(weight), zeros_like(weight), eps) * weight_t)
    if bias_t is not None:
        tangent = add_tangents(tangent, bias_t)
    return tangent


def fw__layer_norm_backward(args, tangents, result):  # derivatives.yaml:296 (result)
    grad_output, self, weight, eps = args
    grad_output_t, self_t, weight_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _layer_norm_backward(grad_output_t, self, weight, eps))
    if weight_t is not None:
        tangent = add_tangents(tangent, _layer_norm_backward(grad_output * weight_t, self, ones_like(weight), eps))
    if self_t is not None:
        tangent = add_tangents(tangent, layer_norm_grad_jvp(grad_output, self, weight, eps, self_t))
    return tangent


def fw__layer_norm_weight_grad(args, tangents, result):  # derivatives.yaml:303 (result)
    grad_output, self, eps = args
    grad_output_t, self_t, _ = tangents
    tangent = None
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _layer_norm_weight_grad(grad_output_t, self, eps))
    if self_t is not None:
        tangent = add_tangents(tangent, sum_to(grad_output * _layer_norm_backward(self_t, self, ones_like(result), eps), result.shape))
    return tangent


def fw__sdpa(args, tangents, result):  # derivatives.yaml:311 (result)
    query, key, value, scale, is_causal = args
    query_t, key_t, value_t, _, _ = tangents
    tangent = None
    if query_t is not None:
        tangent = add_tangents(tangent, sdpa_jvp(query, key, value, scale, is_causal, query_t, 0))
    if key_t is not None:
        tangent = add_tangents(tangent, sdpa_jvp(query, key, value, scale, is_causal, key_t, 1))
    if value_t is not None:
        tangent = add_tangents(tangent, sdpa_jvp(query, key, value, scale, is_causal, value_t, 2))
    return tangent


def fw__softmax_backward(args, tangents, result):  # derivatives.yaml:316 (result)
    grad_output, probs, dim = args
    grad_output_t, probs_t, _ = tangents
    grad_output_t = filled(grad_output_t, grad_output)
    probs_t = filled(probs_t, probs)
    tangent = probs_t * (grad_output - (grad_output * probs).sum(dim, keepdim=True)) + probs * (grad_output_t - (grad_output_t * probs + grad_output * probs_t).sum(dim, keepdim=True))
    return tangent


def fw__log_softmax_backward(args, tangents, result):  # derivatives.yaml:321 (result)
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


def fw__linear(args, tangents, result):  # derivatives.yaml:329 (result)
    input, weight, bias = args
    input_t, weight_t, bias_t = tangents
    input_t = filled(input_t, input)
    weight_t = filled(weight_t, weight)
    bias_t = filled(bias_t, bias)
    tangent = _linear(input_t, weight, bias_t) + _linear(input, weight_t, None)
    return tangent


def fw_mm(args, tangents, result):  # derivatives.yaml:334 (result)
    self, mat2 = args
    self_t, mat2_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.mm(mat2))
    if mat2_t is not None:
        tangent = add_tangents(tangent, self.mm(mat2_t))
    return tangent


def fw__sparse_mm(args, tangents, result):  # derivatives.yaml:339 (result)
    self, mat2 = args
    self_t, mat2_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.mm(mat2))
    if mat2_t is not None:
        tangent = add_tangents(tangent, self.mm(mat2_t))
    return tangent


def fw_bmm(args, tangents, result):  # derivatives.yaml:344 (result)
    self, mat2 = args
    self_t, mat2_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.bmm(mat2))
    if mat2_t is not None:
        tangent = add_tangents(tangent, self.bmm(mat2_t))
    return tangent


def fw_dot(args, tangents, result):  # derivatives.yaml:349 (result)
    self, tensor = args
    self_t, tensor_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t.dot(tensor))
    if tensor_t is not None:
        tangent = add_tangents(tangent, self.dot(tensor_t))
    return tangent


def fw_masked_fill_Scalar(args, tangents, result):  # derivatives.yaml:426 (result)
    self, mask, value = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else self_t.masked_fill(mask, 0)
    return tangent


def fw_log10(args, tangents, result):  # derivatives.yaml:493 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t / (self * 2.302585092994046)
    return tangent


def fw_log2(args, tangents, result):  # derivatives.yaml:496 (auto_element_wise)
    self, = args
    self_t, = tangents
    tangent = None if self_t is None else self_t / (self * 0.6931471805599453)
    return tangent


def fw_fmod_Tensor(args, tangents, result):  # derivatives.yaml:499 (auto_element_wise)
    self, other = args
    self_t, other_t = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, self_t)
    if other_t is not None:
        tangent = add_tangents(tangent, -other_t * div(self, other, rounding_mode='trunc'))
    return tangent


def fw_lerp_Scalar(args, tangents, result):  # derivatives.yaml:503 (auto_element_wise)
    self, end, weight = args
    self_t, end_t, _ = tangents
    tangent = None
    if self_t is not None:
        tangent = add_tangents(tangent, scale(self_t, 1 - weight))
    if end_t is not None:
        tangent = add_tangents(tangent, scale(end_t, weight))
    return tangent


def fw_lerp_Tensor(args, tangents, result):  # derivatives.yaml:507 (auto_element_wise)
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


def fw__nan_to_num(args, tangents, result):  # derivatives.yaml:519 (auto_element_wise)
    self, nan, posinf, neginf = args
    self_t, _, _, _ = tangents
    tangent = None if self_t is None else self_t * self.isfinite()
    return tangent


def fw_cumprod(args, tangents, result):  # derivatives.yaml:529 (result)
    self, dim, dtype = args
    self_t, _, _ = tangents
    tangent = None if self_t is None else cumprod_jvp(self_t, self, dim, result)
    return tangent


def fw_sort(args, tangents, result):  # derivatives.yaml:534 (result)
    self, dim, descending = args
    values, indices = result
    self_t, _, _ = tangents
    tangent = None if self_t is None else take_along(self_t, dim, indices)
    return (tangent, None,)


def fw_topk(args, tangents, result):  # derivatives.yaml:539 (result)
    self, k, dim, largest, sorted = args
    values, indices = result
    self_t, _, _, _, _ = tangents
    tangent = None if self_t is None else take_along(self_t, dim, indices)
    return (tangent, None,)


def fw_scatter_value(args, tangents, result):  # derivatives.yaml:549 (result)
    self, dim, index, value = args
    self_t, _, _, _ = tangents
    tangent = None if self_t is None else self_t.scatter(dim, index, 0)
    return tangent


def fw_convolution(args, tangents, result):  # derivatives.yaml:595 (result)
    input, weight, bias, stride, padding, dilation, transposed, output_padding, groups = args
    input_t, weight_t, bias_t, _, _, _, _, _, _ = tangents
    input_t = filled(input_t, input)
    weight_t = filled(weight_t, weight)
    bias_t = filled(bias_t, bias)
    tangent = convolution(input_t, weight, bias_t, stride, padding, dilation, transposed, output_padding, groups) + convolution(input, weight_t, None, stride, padding, dilation, transposed, output_padding, groups)
    return tangent


def fw__conv_weight_grad(args, tangents, result):  # derivatives.yaml:600 (result)
    input, grad_output, weight_size, stride, padding, dilation, groups = args
    input_t, grad_output_t, _, _, _, _, _ = tangents
    tangent = None
    if input_t is not None:
        tangent = add_tangents(tangent, _conv_weight_grad(input_t, grad_output, weight_size, stride, padding, dilation, groups))
    if grad_output_t is not None:
        tangent = add_tangents(tangent, _conv_weight_grad(input, grad_output_t, weight_size, stride, padding, dilation, groups))
    return tangent


def fw_linalg_inv(args, tangents, result):  # derivatives.yaml:614 (result)
    A, = args
    A_t, = tangents
    tangent = None if A_t is None else -result.matmul(A_t).matmul(result)
    return tangent


def fw_linalg_solve(args, tangents, result):  # derivatives.yaml:618 (result)
    A, B = args
    A_t, B_t = tangents
    A_t = filled(A_t, A)
    B_t = filled(B_t, B)
    tangent = linalg_solve(A, B_t - A_t.matmul(result))
    return tangent


def fw_linalg_det(args, tangents, result):  # derivatives.yaml:622 (result)
    A, = args
    A_t, = tangents
    tangent = None if A_t is None else det_jvp(A_t, A, result)
    return tangent


def fw_linalg_slogdet(args, tangents, result):  # derivatives.yaml:626 (result)
    A, = args
    sign, logabsdet = result
    A_t, = tangents
    tangent = None if A_t is None else slogdet_jvp(A_t, A, sign)
    return tangent  # the formula gives one tangent per output


def fw_linalg_cholesky(args, tangents, result):  # derivatives.yaml:630 (result)
    self, upper = args
    self_t, _ = tangents
    tangent = None if self_t is None else cholesky_jvp(self_t, upper, result)
    return tangent


def fw__linalg_eigh(args, tangents, result):  # derivatives.yaml:634 (result)
    A, upper = args
    eigenvalues, eigenvectors = result
    A_t, _ = tangents
    tangent = None if A_t is None else eigh_jvp(A_t, upper, eigenvalues, eigenvectors)
    return tangent  # the formula gives one tangent per output


def fw__linalg_svd(args, tangents, result):  # derivatives.yaml:638 (result)
    A, full_matrices = args
    U, S, Vh = result
    A_t, _ = tangents
    tangent = None if A_t is None else svd_jvp(A_t, full_matrices, U, S, Vh)
    return tangent  # the formula gives one tangent per output


def fw__linalg_qr(args, tangents, result):  # derivatives.yaml:642 (result)
    A, complete = args
    Q, R = result
    A_t, _ = tangents
    tangent = None if A_t is None else qr_jvp(A_t, A, Q, R)
    return tangent  # the formula gives one tangent per output


# Op overload -> its rule (in-place and out= overloads use their functional sibling's);
# linear_rule(op, the positions of the arguments whose tangents it takes, ...).
RULES = {
    "neg": fw_neg,
    "abs": fw_abs,
    "sign": zero_rule,
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
    "floor": zero_rule,
    "ceil": zero_rule,
    "round": zero_rule,
    "trunc": zero_rule,
    "add.Tensor": fw_add_Tensor,
    "sub.Tensor": fw_sub_Tensor,
    "mul.Tensor": fw_mul_Tensor,
    "div.Tensor": fw_div_Tensor,
    "_div_trunc": zero_rule,
    "floor_divide": zero_rule,
    "remainder.Tensor": fw_remainder_Tensor,
    "pow.Tensor_Tensor": fw_pow_Tensor_Tensor,
    "maximum": fw_maximum,
    "minimum": fw_minimum,
    "where.self": fw_where_self,
    "sum": linear_rule('sum', (0,)),
    "mean": linear_rule('mean', (0,)),
    "prod": fw_prod,
    "amax": fw_amax,
    "amin": fw_amin,
    "max.dim": fw_max_dim,
    "min.dim": fw_min_dim,
    "softmax.int": fw_softmax_int,
    "log_softmax.int": fw_log_softmax_int,
    "nll_loss": linear_rule('nll_loss', (0,)),
    "_nll_loss_backward": linear_rule('_nll_loss_backward', (0, 1)),
    "gelu": fw_gelu,
    "_gelu_backward": fw__gelu_backward,
    "_gelu_tanh": fw__gelu_tanh,
    "_gelu_tanh_backward": fw__gelu_tanh_backward,
    "_copy_strided": fw__copy_strided,
    "silu": fw_silu,
    "leaky_relu": fw_leaky_relu,
    "_leaky_relu_backward": fw__leaky_relu_backward,
    "elu": fw_elu,
    "_elu_backward": fw__elu_backward,
    "hardtanh": fw_hardtanh,
    "_hardtanh_backward": fw__hardtanh_backward,
    "hardsigmoid": fw_hardsigmoid,
    "_hardsigmoid_backward": fw__hardsigmoid_backward,
    "hardswish": fw_hardswish,
    "_hardswish_backward": fw__hardswish_backward,
    "hardshrink": fw_hardshrink,
    "softshrink": fw_softshrink,
    "_shrink_backward": fw__shrink_backward,
    "_softplus": fw__softplus,
    "_softplus_backward": fw__softplus_backward,
    "log_sigmoid": fw_log_sigmoid,
    "_log_sigmoid_backward": fw__log_sigmoid_backward,
    "mish": fw_mish,
    "_mish_backward": fw__mish_backward,
    "threshold": fw_threshold,
    "_threshold_backward": fw__threshold_backward,
    "_tanh_backward": fw__tanh_backward,
    "_layer_norm": fw__layer_norm,
    "_layer_norm_backward": fw__layer_norm_backward,
    "_layer_norm_weight_grad": fw__layer_norm_weight_grad,
    "_sdpa": fw__sdpa,
    "_softmax_backward": fw__softmax_backward,
    "_log_softmax_backward": fw__log_softmax_backward,
    "_linear": fw__linear,
    "mm": fw_mm,
    "_sparse_mm": fw__sparse_mm,
    "bmm": fw_bmm,
    "dot": fw_dot,
    "view": linear_rule('view', (0,)),
    "reshape": linear_rule('reshape', (0,)),
    "t": linear_rule('t', (0,)),
    "transpose.int": linear_rule('transpose.int', (0,)),
    "permute": linear_rule('permute', (0,)),
    "expand": linear_rule('expand', (0,)),
    "squeeze": linear_rule('squeeze', (0,)),
    "squeeze.dim": linear_rule('squeeze.dim', (0,)),
    "squeeze.dims": linear_rule('squeeze.dims', (0,)),
    "unsqueeze": linear_rule('unsqueeze', (0,)),
    "flatten.using_ints": linear_rule('flatten.using_ints', (0,)),
    "narrow": linear_rule('narrow', (0,)),
    "select.int": linear_rule('select.int', (0,)),
    "slice.Tensor": linear_rule('slice.Tensor', (0,)),
    "contiguous": linear_rule('contiguous', (0,)),
    "split.Tensor": linear_rule('split.Tensor', (0,)),
    "split.sizes": linear_rule('split.sizes', (0,)),
    "chunk": linear_rule('chunk', (0,)),
    "cat": linear_rule('cat', (0,)),
    "stack": linear_rule('stack', (0,)),
    "gather": linear_rule('gather', (0,)),
    "index_select": linear_rule('index_select', (0,)),
    "masked_fill.Scalar": fw_masked_fill_Scalar,
    "index.Tensor": linear_rule('index.Tensor', (0,)),
    "index_put": linear_rule('index_put', (0, 2)),
    "clone": linear_rule('clone', (0,)),
    "copy_": linear_rule('copy_', (0, 1), writes_first=True),
    "fill_.Scalar": zero_rule,
    "zero_": zero_rule,
    "to.dtype": linear_rule('to.dtype', (0,)),
    "to.device": linear_rule('to.device', (0,)),
    "sparse_coo_tensor": linear_rule('sparse_coo_tensor', (1,)),
    "to_sparse": linear_rule('to_sparse', (0,)),
    "to_dense": linear_rule('to_dense', (0,)),
    "coalesce": linear_rule('coalesce', (0,)),
    "values": linear_rule('values', (0,)),
    "sparse_mask": linear_rule('sparse_mask', (0,)),
    "_sparse_values_at": linear_rule('_sparse_values_at', (0,)),
    "log10": fw_log10,
    "log2": fw_log2,
    "fmod.Tensor": fw_fmod_Tensor,
    "lerp.Scalar": fw_lerp_Scalar,
    "lerp.Tensor": fw_lerp_Tensor,
    "_nan_to_num": fw__nan_to_num,
    "cumsum": linear_rule('cumsum', (0,)),
    "cumprod": fw_cumprod,
    "sort": fw_sort,
    "topk": fw_topk,
    "scatter.src": linear_rule('scatter.src', (0, 3)),
    "scatter.value": fw_scatter_value,
    "scatter_add": linear_rule('scatter_add', (0, 3)),
    "index_add": linear_rule('index_add', (0, 3)),
    "embedding": linear_rule('embedding', (0,)),
    "tril": linear_rule('tril', (0,)),
    "triu": linear_rule('triu', (0,)),
    "diagonal": linear_rule('diagonal', (0,)),
    "convolution": fw_convolution,
    "_conv_weight_grad": fw__conv_weight_grad,
    "im2col": linear_rule('im2col', (0,)),
    "col2im": linear_rule('col2im', (0,)),
    "linalg_inv": fw_linalg_inv,
    "linalg_solve": fw_linalg_solve,
    "linalg_det": fw_linalg_det,
    "linalg_slogdet": fw_linalg_slogdet,
    "linalg_cholesky": fw_linalg_cholesky,
    "_linalg_eigh": fw__linalg_eigh,
    "_linalg_svd": fw__linalg_svd,
    "_linalg_qr": fw__linalg_qr,
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
    "_gelu_tanh": ("auto_element_wise", "derivatives.yaml:187"),
    "_gelu_tanh_backward": ("auto_element_wise", "derivatives.yaml:192"),
    "_copy_strided": ("auto_element_wise", "derivatives.yaml:196"),
    "silu": ("auto_element_wise", "derivatives.yaml:199"),
    "leaky_relu": ("auto_element_wise", "derivatives.yaml:202"),
    "_leaky_relu_backward": ("auto_element_wise", "derivatives.yaml:205"),
    "elu": ("auto_element_wise", "derivatives.yaml:209"),
    "_elu_backward": ("auto_element_wise", "derivatives.yaml:212"),
    "hardtanh": ("auto_element_wise", "derivatives.yaml:217"),
    "_hardtanh_backward": ("auto_element_wise", "derivatives.yaml:220"),
    "hardsigmoid": ("auto_element_wise", "derivatives.yaml:224"),
    "_hardsigmoid_backward": ("auto_element_wise", "derivatives.yaml:227"),
    "hardswish": ("auto_element_wise", "derivatives.yaml:231"),
    "_hardswish_backward": ("auto_element_wise", "derivatives.yaml:234"),
    "hardshrink": ("auto_element_wise", "derivatives.yaml:238"),
    "softshrink": ("auto_element_wise", "derivatives.yaml:241"),
    "_shrink_backward": ("auto_element_wise", "derivatives.yaml:244"),
    "_softplus": ("auto_element_wise", "derivatives.yaml:248"),
    "_softplus_backward": ("auto_element_wise", "derivatives.yaml:251"),
    "log_sigmoid": ("auto_element_wise", "derivatives.yaml:255"),
    "_log_sigmoid_backward": ("auto_element_wise", "derivatives.yaml:258"),
    "mish": ("auto_element_wise", "derivatives.yaml:262"),
    "_mish_backward": ("auto_element_wise", "derivatives.yaml:265"),
    "threshold": ("auto_element_wise", "derivatives.yaml:270"),
    "_threshold_backward": ("auto_element_wise", "derivatives.yaml:273"),
    "_tanh_backward": ("auto_element_wise", "derivatives.yaml:277"),
    "_layer_norm": ("result", "derivatives.yaml:288"),
    "_layer_norm_backward": ("result", "derivatives.yaml:296"),
    "_layer_norm_weight_grad": ("result", "derivatives.yaml:303"),
    "_sdpa": ("result", "derivatives.yaml:311"),
    "_softmax_backward": ("result", "derivatives.yaml:316"),
    "_log_softmax_backward": ("result", "derivatives.yaml:321"),
    "_linear": ("result", "derivatives.yaml:329"),
    "mm": ("result", "derivatives.yaml:334"),
    "_sparse_mm": ("result", "derivatives.yaml:339"),
    "bmm": ("result", "derivatives.yaml:344"),
    "dot": ("result", "derivatives.yaml:349"),
    "view": ("auto_linear", "derivatives.yaml:353"),
    "reshape": ("auto_linear", "derivatives.yaml:356"),
    "t": ("auto_linear", "derivatives.yaml:359"),
    "transpose.int": ("auto_linear", "derivatives.yaml:362"),
    "permute": ("auto_linear", "derivatives.yaml:365"),
    "expand": ("auto_linear", "derivatives.yaml:368"),
    "squeeze": ("auto_linear", "derivatives.yaml:371"),
    "squeeze.dim": ("auto_linear", "derivatives.yaml:374"),
    "squeeze.dims": ("auto_linear", "derivatives.yaml:377"),
    "unsqueeze": ("auto_linear", "derivatives.yaml:380"),
    "flatten.using_ints": ("auto_linear", "derivatives.yaml:383"),
    "narrow": ("auto_linear", "derivatives.yaml:386"),
    "select.int": ("auto_linear", "derivatives.yaml:389"),
    "slice.Tensor": ("auto_linear", "derivatives.yaml:392"),
    "contiguous": ("auto_linear", "derivatives.yaml:395"),
    "split.Tensor": ("auto_linear", "derivatives.yaml:398"),
    "split.sizes": ("auto_linear", "derivatives.yaml:401"),
    "chunk": ("auto_linear", "derivatives.yaml:404"),
    "cat": ("auto_linear", "derivatives.yaml:409"),
    "stack": ("auto_linear", "derivatives.yaml:412"),
    "gather": ("auto_linear", "derivatives.yaml:415"),
    "index_select": ("auto_linear", "derivatives.yaml:419"),
    "masked_fill.Scalar": ("result", "derivatives.yaml:426"),
    "index.Tensor": ("auto_linear", "derivatives.yaml:428"),
    "index_put": ("auto_linear", "derivatives.yaml:432"),
    "clone": ("auto_linear", "derivatives.yaml:437"),
    "copy_": ("auto_linear", "derivatives.yaml:440"),
    "fill_.Scalar": ("zero", "derivatives.yaml:444"),
    "zero_": ("zero", "derivatives.yaml:447"),
    "to.dtype": ("auto_linear", "derivatives.yaml:450"),
    "to.device": ("auto_linear", "derivatives.yaml:453"),
    "_unique2": ("none", "derivatives.yaml:456"),
    "sparse_coo_tensor": ("auto_linear", "derivatives.yaml:464"),
    "to_sparse": ("auto_linear", "derivatives.yaml:466"),
    "to_dense": ("auto_linear", "derivatives.yaml:471"),
    "coalesce": ("auto_linear", "derivatives.yaml:473"),
    "values": ("auto_linear", "derivatives.yaml:478"),
    "sparse_mask": ("auto_linear", "derivatives.yaml:480"),
    "_sparse_values_at": ("auto_linear", "derivatives.yaml:489"),
    "log10": ("auto_element_wise", "derivatives.yaml:493"),
    "log2": ("auto_element_wise", "derivatives.yaml:496"),
    "fmod.Tensor": ("auto_element_wise", "derivatives.yaml:499"),
    "lerp.Scalar": ("auto_element_wise", "derivatives.yaml:503"),
    "lerp.Tensor": ("auto_element_wise", "derivatives.yaml:507"),
    "_adam_exp_avg_sq": ("none", "derivatives.yaml:513"),
    "_adam_param_step": ("none", "derivatives.yaml:516"),
    "_nan_to_num": ("auto_element_wise", "derivatives.yaml:519"),
    "cumsum": ("auto_linear", "derivatives.yaml:523"),
    "cumprod": ("result", "derivatives.yaml:529"),
    "sort": ("result", "derivatives.yaml:534"),
    "topk": ("result", "derivatives.yaml:539"),
    "scatter.src": ("auto_linear", "derivatives.yaml:541"),
    "scatter.value": ("result", "derivatives.yaml:549"),
    "scatter_add": ("auto_linear", "derivatives.yaml:551"),
    "index_add": ("auto_linear", "derivatives.yaml:556"),
    "embedding": ("auto_linear", "derivatives.yaml:561"),
    "tril": ("auto_linear", "derivatives.yaml:565"),
    "triu": ("auto_linear", "derivatives.yaml:568"),
    "nonzero": ("none", "derivatives.yaml:573"),
    "nonzero.as_tuple": ("none", "derivatives.yaml:576"),
    "nonzero_numpy": ("none", "derivatives.yaml:579"),
    "repeat_interleave.Tensor": ("none", "derivatives.yaml:582"),
    "diagonal": ("auto_linear", "derivatives.yaml:587"),
    "convolution": ("result", "derivatives.yaml:595"),
    "_conv_weight_grad": ("result", "derivatives.yaml:600"),
    "im2col": ("auto_linear", "derivatives.yaml:604"),
    "col2im": ("auto_linear", "derivatives.yaml:608"),
    "linalg_inv": ("result", "derivatives.yaml:614"),
    "linalg_solve": ("result", "derivatives.yaml:618"),
    "linalg_det": ("result", "derivatives.yaml:622"),
    "linalg_slogdet": ("result", "derivatives.yaml:626"),
    "linalg_cholesky": ("result", "derivatives.yaml:630"),
    "_linalg_eigh": ("result", "derivatives.yaml:634"),
    "_linalg_svd": ("result", "derivatives.yaml:638"),
    "_linalg_qr": ("result", "derivatives.yaml:642"),
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
    "_gelu_tanh": ('self',),
    "_gelu_tanh_backward": ('grad_output', 'self'),
    "silu": ('self',),
    "leaky_relu": ('self',),
    "_leaky_relu_backward": ('self',),
    "elu": ('self',),
    "_elu_backward": ('grad_output', 'self'),
    "hardtanh": ('self',),
    "_hardtanh_backward": ('self',),
    "hardsigmoid": ('self',),
    "_hardsigmoid_backward": ('self',),
    "hardswish": ('self',),
    "_hardswish_backward": ('grad_output', 'self'),
    "hardshrink": ('self',),
    "softshrink": ('self',),
    "_shrink_backward": ('self',),
    "_softplus": ('self',),
    "_softplus_backward": ('grad_output', 'self'),
    "log_sigmoid": ('self',),
    "_log_sigmoid_backward": ('grad_output', 'self'),
    "mish": ('self',),
    "_mish_backward": ('grad_output', 'self'),
    "threshold": ('self',),
    "_threshold_backward": ('self',),
    "_tanh_backward": ('grad_output', 'tanh_out'),
    "_layer_norm": ('self', 'weight'),
    "_layer_norm_backward": ('grad_output', 'self', 'weight'),
    "_layer_norm_weight_grad": ('grad_output', 'self'),
    "_sdpa": ('key', 'query', 'value'),
    "_softmax_backward": ('grad_output', 'probs'),
    "_log_softmax_backward": ('grad_output', 'log_probs'),
    "_linear": ('input', 'weight'),
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
    "convolution": ('input', 'weight'),
    "_conv_weight_grad": ('grad_output', 'input'),
    "linalg_solve": ('A',),
    "linalg_det": ('A',),
    "linalg_slogdet": ('A',),
    "_linalg_qr": ('A',),
}

# Entries without a rule -> (their line, why none could be derived): a tangent raises.
MISSING = {
    "_unique2": ('derivatives.yaml:456', 'no output is differentiable'),
    "_adam_exp_avg_sq": ('derivatives.yaml:513', 'no output is differentiable'),
    "_adam_param_step": ('derivatives.yaml:516', 'no output is differentiable'),
    "nonzero": ('derivatives.yaml:573', 'no output is differentiable'),
    "nonzero.as_tuple": ('derivatives.yaml:576', 'no output is differentiable'),
    "nonzero_numpy": ('derivatives.yaml:579', 'no output is differentiable'),
    "repeat_interleave.Tensor": ('derivatives.yaml:582', 'no output is differentiable'),
}
