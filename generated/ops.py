# @generated from native_functions.yaml and derivatives.yaml (sha256 82e8de754057a8f8).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""The Python bindings of every op: module functions, Tensor methods and operators.

Each function tries its overloads in YAML order behind cheap type guards and dispatches through
the op's handle (its fast entry when every tensor argument is a plain Tensor); a comment names
the overload each test is for. See Note [Binding tiers] in tools/codegen/api_python.py and
Note [The journey of an op] in aten_lite/dispatch/dispatcher.py. A function's docstring (the YAML `doc:`
and its overloads) is made from the records by its group's ``documents`` decorator.
"""

from aten_lite.dispatch import binding as _b

_T = _b.Tensor
_DT = _b.DType
_BOOL = _b.bool_
_TN = (_T, int, float)  # a Tensor argument of a pointwise op may be a Python number
_NUM = _b.NUMBER_TYPES
_FLT = frozenset((int, float))
_SEQ = frozenset((list, tuple))
_MISSING = _b.MISSING

# ---- op handles and their fast entries (Note [One dispatch path] in aten_lite/dispatch/dispatcher.py) ----

_H_neg, _F_neg = _b.handle_and_entry('neg')
_H_neg_, _F_neg_ = _b.handle_and_entry('neg_')
_H_neg_out, _F_neg_out = _b.handle_and_entry('neg.out')
_H_abs, _F_abs = _b.handle_and_entry('abs')
_H_abs_, _F_abs_ = _b.handle_and_entry('abs_')
_H_abs_out, _F_abs_out = _b.handle_and_entry('abs.out')
_H_sign, _F_sign = _b.handle_and_entry('sign')
_H_sign_, _F_sign_ = _b.handle_and_entry('sign_')
_H_sign_out, _F_sign_out = _b.handle_and_entry('sign.out')
_H_relu, _F_relu = _b.handle_and_entry('relu')
_H_relu_, _F_relu_ = _b.handle_and_entry('relu_')
_H_relu_out, _F_relu_out = _b.handle_and_entry('relu.out')
_H_sigmoid, _F_sigmoid = _b.handle_and_entry('sigmoid')
_H_sigmoid_out, _F_sigmoid_out = _b.handle_and_entry('sigmoid.out')
_H_tanh, _F_tanh = _b.handle_and_entry('tanh')
_H_tanh_out, _F_tanh_out = _b.handle_and_entry('tanh.out')
_H_exp, _F_exp = _b.handle_and_entry('exp')
_H_exp_out, _F_exp_out = _b.handle_and_entry('exp.out')
_H_expm1, _F_expm1 = _b.handle_and_entry('expm1')
_H_expm1_out, _F_expm1_out = _b.handle_and_entry('expm1.out')
_H_log, _F_log = _b.handle_and_entry('log')
_H_log_out, _F_log_out = _b.handle_and_entry('log.out')
_H_log1p, _F_log1p = _b.handle_and_entry('log1p')
_H_log1p_out, _F_log1p_out = _b.handle_and_entry('log1p.out')
_H_sqrt, _F_sqrt = _b.handle_and_entry('sqrt')
_H_sqrt_out, _F_sqrt_out = _b.handle_and_entry('sqrt.out')
_H_rsqrt, _F_rsqrt = _b.handle_and_entry('rsqrt')
_H_rsqrt_out, _F_rsqrt_out = _b.handle_and_entry('rsqrt.out')
_H_reciprocal, _F_reciprocal = _b.handle_and_entry('reciprocal')
_H_reciprocal_out, _F_reciprocal_out = _b.handle_and_entry('reciprocal.out')
_H_sin, _F_sin = _b.handle_and_entry('sin')
_H_sin_out, _F_sin_out = _b.handle_and_entry('sin.out')
_H_cos, _F_cos = _b.handle_and_entry('cos')
_H_cos_out, _F_cos_out = _b.handle_and_entry('cos.out')
_H_floor, _F_floor = _b.handle_and_entry('floor')
_H_floor_, _F_floor_ = _b.handle_and_entry('floor_')
_H_floor_out, _F_floor_out = _b.handle_and_entry('floor.out')
_H_ceil, _F_ceil = _b.handle_and_entry('ceil')
_H_ceil_, _F_ceil_ = _b.handle_and_entry('ceil_')
_H_ceil_out, _F_ceil_out = _b.handle_and_entry('ceil.out')
_H_round, _F_round = _b.handle_and_entry('round')
_H_round_, _F_round_ = _b.handle_and_entry('round_')
_H_round_out, _F_round_out = _b.handle_and_entry('round.out')
_H_trunc, _F_trunc = _b.handle_and_entry('trunc')
_H_trunc_, _F_trunc_ = _b.handle_and_entry('trunc_')
_H_trunc_out, _F_trunc_out = _b.handle_and_entry('trunc.out')
_H_logical_not, _F_logical_not = _b.handle_and_entry('logical_not')
_H_logical_not_out, _F_logical_not_out = _b.handle_and_entry('logical_not.out')
_H_square, _F_square = _b.handle_and_entry('square')
_H_add_Tensor, _F_add_Tensor = _b.handle_and_entry('add.Tensor')
_H_add__Tensor, _F_add__Tensor = _b.handle_and_entry('add_.Tensor')
_H_add_Tensor_out, _F_add_Tensor_out = _b.handle_and_entry('add.Tensor_out')
_H_sub_Tensor, _F_sub_Tensor = _b.handle_and_entry('sub.Tensor')
_H_sub__Tensor, _F_sub__Tensor = _b.handle_and_entry('sub_.Tensor')
_H_sub_Tensor_out, _F_sub_Tensor_out = _b.handle_and_entry('sub.Tensor_out')
_H_mul_Tensor, _F_mul_Tensor = _b.handle_and_entry('mul.Tensor')
_H_mul__Tensor, _F_mul__Tensor = _b.handle_and_entry('mul_.Tensor')
_H_mul_Tensor_out, _F_mul_Tensor_out = _b.handle_and_entry('mul.Tensor_out')
_H_div_Tensor, _F_div_Tensor = _b.handle_and_entry('div.Tensor')
_H_div_Tensor_out, _F_div_Tensor_out = _b.handle_and_entry('div.Tensor_out')
_H_floor_divide, _F_floor_divide = _b.handle_and_entry('floor_divide')
_H_floor_divide_, _F_floor_divide_ = _b.handle_and_entry('floor_divide_')
_H_floor_divide_out, _F_floor_divide_out = _b.handle_and_entry('floor_divide.out')
_H_pow_Tensor_Tensor, _F_pow_Tensor_Tensor = _b.handle_and_entry('pow.Tensor_Tensor')
_H_pow__Tensor_Tensor, _F_pow__Tensor_Tensor = _b.handle_and_entry('pow_.Tensor_Tensor')
_H_pow_Tensor_Tensor_out, _F_pow_Tensor_Tensor_out = _b.handle_and_entry('pow.Tensor_Tensor_out')
_H_maximum, _F_maximum = _b.handle_and_entry('maximum')
_H_maximum_, _F_maximum_ = _b.handle_and_entry('maximum_')
_H_maximum_out, _F_maximum_out = _b.handle_and_entry('maximum.out')
_H_minimum, _F_minimum = _b.handle_and_entry('minimum')
_H_minimum_, _F_minimum_ = _b.handle_and_entry('minimum_')
_H_minimum_out, _F_minimum_out = _b.handle_and_entry('minimum.out')
_H_remainder_Tensor, _F_remainder_Tensor = _b.handle_and_entry('remainder.Tensor')
_H_remainder__Tensor, _F_remainder__Tensor = _b.handle_and_entry('remainder_.Tensor')
_H_remainder_Tensor_out, _F_remainder_Tensor_out = _b.handle_and_entry('remainder.Tensor_out')
_H_eq_Tensor, _F_eq_Tensor = _b.handle_and_entry('eq.Tensor')
_H_eq_Tensor_out, _F_eq_Tensor_out = _b.handle_and_entry('eq.Tensor_out')
_H_ne_Tensor, _F_ne_Tensor = _b.handle_and_entry('ne.Tensor')
_H_ne_Tensor_out, _F_ne_Tensor_out = _b.handle_and_entry('ne.Tensor_out')
_H_lt_Tensor, _F_lt_Tensor = _b.handle_and_entry('lt.Tensor')
_H_lt_Tensor_out, _F_lt_Tensor_out = _b.handle_and_entry('lt.Tensor_out')
_H_le_Tensor, _F_le_Tensor = _b.handle_and_entry('le.Tensor')
_H_le_Tensor_out, _F_le_Tensor_out = _b.handle_and_entry('le.Tensor_out')
_H_gt_Tensor, _F_gt_Tensor = _b.handle_and_entry('gt.Tensor')
_H_gt_Tensor_out, _F_gt_Tensor_out = _b.handle_and_entry('gt.Tensor_out')
_H_ge_Tensor, _F_ge_Tensor = _b.handle_and_entry('ge.Tensor')
_H_ge_Tensor_out, _F_ge_Tensor_out = _b.handle_and_entry('ge.Tensor_out')
_H_logical_and, _F_logical_and = _b.handle_and_entry('logical_and')
_H_logical_and_out, _F_logical_and_out = _b.handle_and_entry('logical_and.out')
_H_logical_or, _F_logical_or = _b.handle_and_entry('logical_or')
_H_logical_or_out, _F_logical_or_out = _b.handle_and_entry('logical_or.out')
_H_div__Tensor, _F_div__Tensor = _b.handle_and_entry('div_.Tensor')
_H__div_trunc, _F__div_trunc = _b.handle_and_entry('_div_trunc')
_H_div_Tensor_mode, _F_div_Tensor_mode = _b.handle_and_entry('div.Tensor_mode')
_H_div_out_mode, _F_div_out_mode = _b.handle_and_entry('div.out_mode')
_H_div__Tensor_mode, _F_div__Tensor_mode = _b.handle_and_entry('div_.Tensor_mode')
_H_where_self, _F_where_self = _b.handle_and_entry('where.self')
_H_clamp, _F_clamp = _b.handle_and_entry('clamp')
_H_clamp_Tensor, _F_clamp_Tensor = _b.handle_and_entry('clamp.Tensor')
_H_clamp_, _F_clamp_ = _b.handle_and_entry('clamp_')
_H_clamp_out, _F_clamp_out = _b.handle_and_entry('clamp.out')
_H_clamp__Tensor, _F_clamp__Tensor = _b.handle_and_entry('clamp_.Tensor')
_H_clamp_Tensor_out, _F_clamp_Tensor_out = _b.handle_and_entry('clamp.Tensor_out')
_H_clip, _F_clip = _b.handle_and_entry('clip')
_H_clamp_min, _F_clamp_min = _b.handle_and_entry('clamp_min')
_H_clamp_max, _F_clamp_max = _b.handle_and_entry('clamp_max')
_H_sum, _F_sum = _b.handle_and_entry('sum')
_H_sum_out, _F_sum_out = _b.handle_and_entry('sum.out')
_H_mean, _F_mean = _b.handle_and_entry('mean')
_H_prod, _F_prod = _b.handle_and_entry('prod')
_H_amax, _F_amax = _b.handle_and_entry('amax')
_H_amin, _F_amin = _b.handle_and_entry('amin')
_H_all, _F_all = _b.handle_and_entry('all')
_H_any, _F_any = _b.handle_and_entry('any')
_H_max, _F_max = _b.handle_and_entry('max')
_H_max_dim, _F_max_dim = _b.handle_and_entry('max.dim')
_H_max_other, _F_max_other = _b.handle_and_entry('max.other')
_H_min, _F_min = _b.handle_and_entry('min')
_H_min_dim, _F_min_dim = _b.handle_and_entry('min.dim')
_H_min_other, _F_min_other = _b.handle_and_entry('min.other')
_H_argmax, _F_argmax = _b.handle_and_entry('argmax')
_H_argmin, _F_argmin = _b.handle_and_entry('argmin')
_H_logsumexp, _F_logsumexp = _b.handle_and_entry('logsumexp')
_H_softmax_int, _F_softmax_int = _b.handle_and_entry('softmax.int')
_H_log_softmax_int, _F_log_softmax_int = _b.handle_and_entry('log_softmax.int')
_H_nll_loss, _F_nll_loss = _b.handle_and_entry('nll_loss')
_H__nll_loss_backward, _F__nll_loss_backward = _b.handle_and_entry('_nll_loss_backward')
_H_gelu, _F_gelu = _b.handle_and_entry('gelu')
_H__gelu_backward, _F__gelu_backward = _b.handle_and_entry('_gelu_backward')
_H__gelu_tanh, _F__gelu_tanh = _b.handle_and_entry('_gelu_tanh')
_H__gelu_tanh_backward, _F__gelu_tanh_backward = _b.handle_and_entry('_gelu_tanh_backward')
_H_silu, _F_silu = _b.handle_and_entry('silu')
_H_silu_, _F_silu_ = _b.handle_and_entry('silu_')
_H__copy_strided, _F__copy_strided = _b.handle_and_entry('_copy_strided')
_H_leaky_relu, _F_leaky_relu = _b.handle_and_entry('leaky_relu')
_H_leaky_relu_, _F_leaky_relu_ = _b.handle_and_entry('leaky_relu_')
_H__leaky_relu_backward, _F__leaky_relu_backward = _b.handle_and_entry('_leaky_relu_backward')
_H__tanh_backward, _F__tanh_backward = _b.handle_and_entry('_tanh_backward')
_H__layer_norm, _F__layer_norm = _b.handle_and_entry('_layer_norm')
_H__layer_norm_backward, _F__layer_norm_backward = _b.handle_and_entry('_layer_norm_backward')
_H__layer_norm_backward_all, _F__layer_norm_backward_all = _b.handle_and_entry('_layer_norm_backward_all')
_H__layer_norm_weight_grad, _F__layer_norm_weight_grad = _b.handle_and_entry('_layer_norm_weight_grad')
_H__sdpa, _F__sdpa = _b.handle_and_entry('_sdpa')
_H__sdpa_backward, _F__sdpa_backward = _b.handle_and_entry('_sdpa_backward')
_H__softmax_backward, _F__softmax_backward = _b.handle_and_entry('_softmax_backward')
_H__log_softmax_backward, _F__log_softmax_backward = _b.handle_and_entry('_log_softmax_backward')
_H_mm, _F_mm = _b.handle_and_entry('mm')
_H_mm_out, _F_mm_out = _b.handle_and_entry('mm.out')
_H_bmm, _F_bmm = _b.handle_and_entry('bmm')
_H_dot, _F_dot = _b.handle_and_entry('dot')
_H__linear, _F__linear = _b.handle_and_entry('_linear')
_H_matmul, _F_matmul = _b.handle_and_entry('matmul')
_H_view, _F_view = _b.handle_and_entry('view')
_H_reshape, _F_reshape = _b.handle_and_entry('reshape')
_H_t, _F_t = _b.handle_and_entry('t')
_H_transpose_int, _F_transpose_int = _b.handle_and_entry('transpose.int')
_H_permute, _F_permute = _b.handle_and_entry('permute')
_H_expand, _F_expand = _b.handle_and_entry('expand')
_H_squeeze, _F_squeeze = _b.handle_and_entry('squeeze')
_H_squeeze_dim, _F_squeeze_dim = _b.handle_and_entry('squeeze.dim')
_H_squeeze_dims, _F_squeeze_dims = _b.handle_and_entry('squeeze.dims')
_H_unsqueeze, _F_unsqueeze = _b.handle_and_entry('unsqueeze')
_H_flatten_using_ints, _F_flatten_using_ints = _b.handle_and_entry('flatten.using_ints')
_H_narrow, _F_narrow = _b.handle_and_entry('narrow')
_H_select_int, _F_select_int = _b.handle_and_entry('select.int')
_H_slice_Tensor, _F_slice_Tensor = _b.handle_and_entry('slice.Tensor')
_H_contiguous, _F_contiguous = _b.handle_and_entry('contiguous')
_H_split_Tensor, _F_split_Tensor = _b.handle_and_entry('split.Tensor')
_H_split_sizes, _F_split_sizes = _b.handle_and_entry('split.sizes')
_H_chunk, _F_chunk = _b.handle_and_entry('chunk')
_H_cat, _F_cat = _b.handle_and_entry('cat')
_H_stack, _F_stack = _b.handle_and_entry('stack')
_H_gather, _F_gather = _b.handle_and_entry('gather')
_H_index_select, _F_index_select = _b.handle_and_entry('index_select')
_H_masked_fill_Scalar, _F_masked_fill_Scalar = _b.handle_and_entry('masked_fill.Scalar')
_H_masked_fill__Scalar, _F_masked_fill__Scalar = _b.handle_and_entry('masked_fill_.Scalar')
_H_index_Tensor, _F_index_Tensor = _b.handle_and_entry('index.Tensor')
_H_index_put, _F_index_put = _b.handle_and_entry('index_put')
_H_index_put_, _F_index_put_ = _b.handle_and_entry('index_put_')
_H_clone, _F_clone = _b.handle_and_entry('clone')
_H_copy_, _F_copy_ = _b.handle_and_entry('copy_')
_H_fill__Scalar, _F_fill__Scalar = _b.handle_and_entry('fill_.Scalar')
_H_zero_, _F_zero_ = _b.handle_and_entry('zero_')
_H_to_device, _F_to_device = _b.handle_and_entry('to.device')
_H_to_dtype, _F_to_dtype = _b.handle_and_entry('to.dtype')
_H_to_other, _F_to_other = _b.handle_and_entry('to.other')
_H_type_as, _F_type_as = _b.handle_and_entry('type_as')
_H_repeat, _F_repeat = _b.handle_and_entry('repeat')
_H_flip, _F_flip = _b.handle_and_entry('flip')
_H_roll, _F_roll = _b.handle_and_entry('roll')
_H_expand_as, _F_expand_as = _b.handle_and_entry('expand_as')
_H_view_as, _F_view_as = _b.handle_and_entry('view_as')
_H_reshape_as, _F_reshape_as = _b.handle_and_entry('reshape_as')
_H_unbind_int, _F_unbind_int = _b.handle_and_entry('unbind.int')
_H_broadcast_to, _F_broadcast_to = _b.handle_and_entry('broadcast_to')
_H_tile, _F_tile = _b.handle_and_entry('tile')
_H_movedim_int, _F_movedim_int = _b.handle_and_entry('movedim.int')
_H_hstack, _F_hstack = _b.handle_and_entry('hstack')
_H_vstack, _F_vstack = _b.handle_and_entry('vstack')
_H__unique2, _F__unique2 = _b.handle_and_entry('_unique2')
_H_sparse_coo_tensor, _F_sparse_coo_tensor = _b.handle_and_entry('sparse_coo_tensor')
_H_to_sparse, _F_to_sparse = _b.handle_and_entry('to_sparse')
_H_to_dense, _F_to_dense = _b.handle_and_entry('to_dense')
_H_coalesce, _F_coalesce = _b.handle_and_entry('coalesce')
_H_is_coalesced, _F_is_coalesced = _b.handle_and_entry('is_coalesced')
_H__nnz, _F__nnz = _b.handle_and_entry('_nnz')
_H_indices, _F_indices = _b.handle_and_entry('indices')
_H_values, _F_values = _b.handle_and_entry('values')
_H__indices, _F__indices = _b.handle_and_entry('_indices')
_H__values, _F__values = _b.handle_and_entry('_values')
_H_sparse_mask, _F_sparse_mask = _b.handle_and_entry('sparse_mask')
_H_sparse_sampled_mm, _F_sparse_sampled_mm = _b.handle_and_entry('sparse_sampled_mm')
_H__sparse_values_at, _F__sparse_values_at = _b.handle_and_entry('_sparse_values_at')
_H_log10, _F_log10 = _b.handle_and_entry('log10')
_H_log10_, _F_log10_ = _b.handle_and_entry('log10_')
_H_log10_out, _F_log10_out = _b.handle_and_entry('log10.out')
_H_log2, _F_log2 = _b.handle_and_entry('log2')
_H_log2_, _F_log2_ = _b.handle_and_entry('log2_')
_H_log2_out, _F_log2_out = _b.handle_and_entry('log2.out')
_H_isnan, _F_isnan = _b.handle_and_entry('isnan')
_H_isinf, _F_isinf = _b.handle_and_entry('isinf')
_H_isfinite, _F_isfinite = _b.handle_and_entry('isfinite')
_H_logical_xor, _F_logical_xor = _b.handle_and_entry('logical_xor')
_H_logical_xor_out, _F_logical_xor_out = _b.handle_and_entry('logical_xor.out')
_H_bitwise_and_Tensor, _F_bitwise_and_Tensor = _b.handle_and_entry('bitwise_and.Tensor')
_H_bitwise_and__Tensor, _F_bitwise_and__Tensor = _b.handle_and_entry('bitwise_and_.Tensor')
_H_bitwise_and_Tensor_out, _F_bitwise_and_Tensor_out = _b.handle_and_entry('bitwise_and.Tensor_out')
_H_bitwise_or_Tensor, _F_bitwise_or_Tensor = _b.handle_and_entry('bitwise_or.Tensor')
_H_bitwise_or__Tensor, _F_bitwise_or__Tensor = _b.handle_and_entry('bitwise_or_.Tensor')
_H_bitwise_or_Tensor_out, _F_bitwise_or_Tensor_out = _b.handle_and_entry('bitwise_or.Tensor_out')
_H_bitwise_xor_Tensor, _F_bitwise_xor_Tensor = _b.handle_and_entry('bitwise_xor.Tensor')
_H_bitwise_xor__Tensor, _F_bitwise_xor__Tensor = _b.handle_and_entry('bitwise_xor_.Tensor')
_H_bitwise_xor_Tensor_out, _F_bitwise_xor_Tensor_out = _b.handle_and_entry('bitwise_xor.Tensor_out')
_H_bitwise_not, _F_bitwise_not = _b.handle_and_entry('bitwise_not')
_H_bitwise_not_, _F_bitwise_not_ = _b.handle_and_entry('bitwise_not_')
_H_bitwise_not_out, _F_bitwise_not_out = _b.handle_and_entry('bitwise_not.out')
_H_fmod_Tensor, _F_fmod_Tensor = _b.handle_and_entry('fmod.Tensor')
_H_fmod__Tensor, _F_fmod__Tensor = _b.handle_and_entry('fmod_.Tensor')
_H_fmod_Tensor_out, _F_fmod_Tensor_out = _b.handle_and_entry('fmod.Tensor_out')
_H_lerp_Scalar, _F_lerp_Scalar = _b.handle_and_entry('lerp.Scalar')
_H_lerp__Scalar, _F_lerp__Scalar = _b.handle_and_entry('lerp_.Scalar')
_H_lerp_Scalar_out, _F_lerp_Scalar_out = _b.handle_and_entry('lerp.Scalar_out')
_H_lerp_Tensor, _F_lerp_Tensor = _b.handle_and_entry('lerp.Tensor')
_H_lerp__Tensor, _F_lerp__Tensor = _b.handle_and_entry('lerp_.Tensor')
_H_lerp_Tensor_out, _F_lerp_Tensor_out = _b.handle_and_entry('lerp.Tensor_out')
_H__adam_exp_avg_sq, _F__adam_exp_avg_sq = _b.handle_and_entry('_adam_exp_avg_sq')
_H__adam_exp_avg_sq_, _F__adam_exp_avg_sq_ = _b.handle_and_entry('_adam_exp_avg_sq_')
_H__adam_param_step, _F__adam_param_step = _b.handle_and_entry('_adam_param_step')
_H__adam_param_step_, _F__adam_param_step_ = _b.handle_and_entry('_adam_param_step_')
_H__nan_to_num, _F__nan_to_num = _b.handle_and_entry('_nan_to_num')
_H_nan_to_num, _F_nan_to_num = _b.handle_and_entry('nan_to_num')
_H_nan_to_num_, _F_nan_to_num_ = _b.handle_and_entry('nan_to_num_')
_H_nan_to_num_out, _F_nan_to_num_out = _b.handle_and_entry('nan_to_num.out')
_H_cumsum, _F_cumsum = _b.handle_and_entry('cumsum')
_H_cumsum_, _F_cumsum_ = _b.handle_and_entry('cumsum_')
_H_cumsum_out, _F_cumsum_out = _b.handle_and_entry('cumsum.out')
_H_cumprod, _F_cumprod = _b.handle_and_entry('cumprod')
_H_cumprod_, _F_cumprod_ = _b.handle_and_entry('cumprod_')
_H_cumprod_out, _F_cumprod_out = _b.handle_and_entry('cumprod.out')
_H_sort, _F_sort = _b.handle_and_entry('sort')
_H_sort_stable, _F_sort_stable = _b.handle_and_entry('sort.stable')
_H_argsort, _F_argsort = _b.handle_and_entry('argsort')
_H_argsort_stable, _F_argsort_stable = _b.handle_and_entry('argsort.stable')
_H_topk, _F_topk = _b.handle_and_entry('topk')
_H_scatter_src, _F_scatter_src = _b.handle_and_entry('scatter.src')
_H_scatter__src, _F_scatter__src = _b.handle_and_entry('scatter_.src')
_H_scatter_value, _F_scatter_value = _b.handle_and_entry('scatter.value')
_H_scatter__value, _F_scatter__value = _b.handle_and_entry('scatter_.value')
_H_scatter_add, _F_scatter_add = _b.handle_and_entry('scatter_add')
_H_scatter_add_, _F_scatter_add_ = _b.handle_and_entry('scatter_add_')
_H_index_add, _F_index_add = _b.handle_and_entry('index_add')
_H_index_add_, _F_index_add_ = _b.handle_and_entry('index_add_')
_H_one_hot, _F_one_hot = _b.handle_and_entry('one_hot')
_H_embedding, _F_embedding = _b.handle_and_entry('embedding')
_H_tril, _F_tril = _b.handle_and_entry('tril')
_H_tril_, _F_tril_ = _b.handle_and_entry('tril_')
_H_tril_out, _F_tril_out = _b.handle_and_entry('tril.out')
_H_triu, _F_triu = _b.handle_and_entry('triu')
_H_triu_, _F_triu_ = _b.handle_and_entry('triu_')
_H_triu_out, _F_triu_out = _b.handle_and_entry('triu.out')
_H_var, _F_var = _b.handle_and_entry('var')
_H_var_dim, _F_var_dim = _b.handle_and_entry('var.dim')
_H_var_correction, _F_var_correction = _b.handle_and_entry('var.correction')
_H_std, _F_std = _b.handle_and_entry('std')
_H_std_dim, _F_std_dim = _b.handle_and_entry('std.dim')
_H_std_correction, _F_std_correction = _b.handle_and_entry('std.correction')
_H_var_mean, _F_var_mean = _b.handle_and_entry('var_mean')
_H_var_mean_dim, _F_var_mean_dim = _b.handle_and_entry('var_mean.dim')
_H_var_mean_correction, _F_var_mean_correction = _b.handle_and_entry('var_mean.correction')
_H_std_mean, _F_std_mean = _b.handle_and_entry('std_mean')
_H_std_mean_dim, _F_std_mean_dim = _b.handle_and_entry('std_mean.dim')
_H_std_mean_correction, _F_std_mean_correction = _b.handle_and_entry('std_mean.correction')
_H_norm_ScalarOpt_dim, _F_norm_ScalarOpt_dim = _b.handle_and_entry('norm.ScalarOpt_dim')
_H_unflatten_int, _F_unflatten_int = _b.handle_and_entry('unflatten.int')
_H_outer, _F_outer = _b.handle_and_entry('outer')
_H_addmm, _F_addmm = _b.handle_and_entry('addmm')
_H_addmm_, _F_addmm_ = _b.handle_and_entry('addmm_')
_H_addmm_out, _F_addmm_out = _b.handle_and_entry('addmm.out')
_H_baddbmm, _F_baddbmm = _b.handle_and_entry('baddbmm')
_H_baddbmm_, _F_baddbmm_ = _b.handle_and_entry('baddbmm_')
_H_einsum, _F_einsum = _b.handle_and_entry('einsum')
_H_nonzero, _F_nonzero = _b.handle_and_entry('nonzero')
_H_nonzero_as_tuple, _F_nonzero_as_tuple = _b.handle_and_entry('nonzero.as_tuple')
_H_nonzero_numpy, _F_nonzero_numpy = _b.handle_and_entry('nonzero_numpy')
_H_masked_select, _F_masked_select = _b.handle_and_entry('masked_select')
_H_repeat_interleave_Tensor, _F_repeat_interleave_Tensor = _b.handle_and_entry('repeat_interleave.Tensor')
_H_repeat_interleave_self_Tensor, _F_repeat_interleave_self_Tensor = _b.handle_and_entry('repeat_interleave.self_Tensor')
_H_repeat_interleave_self_int, _F_repeat_interleave_self_int = _b.handle_and_entry('repeat_interleave.self_int')
_H_meshgrid, _F_meshgrid = _b.handle_and_entry('meshgrid')
_H_meshgrid_indexing, _F_meshgrid_indexing = _b.handle_and_entry('meshgrid.indexing')
_H_diagonal, _F_diagonal = _b.handle_and_entry('diagonal')
_H_diag, _F_diag = _b.handle_and_entry('diag')
_H_trace, _F_trace = _b.handle_and_entry('trace')
_H_constant_pad_nd, _F_constant_pad_nd = _b.handle_and_entry('constant_pad_nd')
_H_cosine_similarity, _F_cosine_similarity = _b.handle_and_entry('cosine_similarity')
_H_kl_div, _F_kl_div = _b.handle_and_entry('kl_div')
_H_huber_loss, _F_huber_loss = _b.handle_and_entry('huber_loss')
_H__sparse_mm, _F__sparse_mm = _b.handle_and_entry('_sparse_mm')
_H_convolution, _F_convolution = _b.handle_and_entry('convolution')
_H__conv_weight_grad, _F__conv_weight_grad = _b.handle_and_entry('_conv_weight_grad')
_H_im2col, _F_im2col = _b.handle_and_entry('im2col')
_H_col2im, _F_col2im = _b.handle_and_entry('col2im')
_H_linalg_inv, _F_linalg_inv = _b.handle_and_entry('linalg_inv')
_H_linalg_solve, _F_linalg_solve = _b.handle_and_entry('linalg_solve')
_H_linalg_det, _F_linalg_det = _b.handle_and_entry('linalg_det')
_H_linalg_slogdet, _F_linalg_slogdet = _b.handle_and_entry('linalg_slogdet')
_H_linalg_cholesky, _F_linalg_cholesky = _b.handle_and_entry('linalg_cholesky')
_H__linalg_eigh, _F__linalg_eigh = _b.handle_and_entry('_linalg_eigh')
_H__linalg_svd, _F__linalg_svd = _b.handle_and_entry('_linalg_svd')
_H__linalg_qr, _F__linalg_qr = _b.handle_and_entry('_linalg_qr')
_H_elu, _F_elu = _b.handle_and_entry('elu')
_H_elu_, _F_elu_ = _b.handle_and_entry('elu_')
_H__elu_backward, _F__elu_backward = _b.handle_and_entry('_elu_backward')
_H_hardtanh, _F_hardtanh = _b.handle_and_entry('hardtanh')
_H_hardtanh_, _F_hardtanh_ = _b.handle_and_entry('hardtanh_')
_H__hardtanh_backward, _F__hardtanh_backward = _b.handle_and_entry('_hardtanh_backward')
_H_hardsigmoid, _F_hardsigmoid = _b.handle_and_entry('hardsigmoid')
_H_hardsigmoid_, _F_hardsigmoid_ = _b.handle_and_entry('hardsigmoid_')
_H__hardsigmoid_backward, _F__hardsigmoid_backward = _b.handle_and_entry('_hardsigmoid_backward')
_H_hardswish, _F_hardswish = _b.handle_and_entry('hardswish')
_H_hardswish_, _F_hardswish_ = _b.handle_and_entry('hardswish_')
_H__hardswish_backward, _F__hardswish_backward = _b.handle_and_entry('_hardswish_backward')
_H_hardshrink, _F_hardshrink = _b.handle_and_entry('hardshrink')
_H_softshrink, _F_softshrink = _b.handle_and_entry('softshrink')
_H__shrink_backward, _F__shrink_backward = _b.handle_and_entry('_shrink_backward')
_H__softplus, _F__softplus = _b.handle_and_entry('_softplus')
_H__softplus_backward, _F__softplus_backward = _b.handle_and_entry('_softplus_backward')
_H_log_sigmoid, _F_log_sigmoid = _b.handle_and_entry('log_sigmoid')
_H__log_sigmoid_backward, _F__log_sigmoid_backward = _b.handle_and_entry('_log_sigmoid_backward')
_H_mish, _F_mish = _b.handle_and_entry('mish')
_H_mish_, _F_mish_ = _b.handle_and_entry('mish_')
_H__mish_backward, _F__mish_backward = _b.handle_and_entry('_mish_backward')
_H_threshold, _F_threshold = _b.handle_and_entry('threshold')
_H_threshold_, _F_threshold_ = _b.handle_and_entry('threshold_')
_H__threshold_backward, _F__threshold_backward = _b.handle_and_entry('_threshold_backward')

# ---- the overloads behind each Python name, for the full argument parser ----

_G_neg = _b.Binding('al.neg', ('neg', 'neg.out'), method=False)
_G_abs = _b.Binding('al.abs', ('abs', 'abs.out'), method=False)
_G_sign = _b.Binding('al.sign', ('sign', 'sign.out'), method=False)
_G_relu = _b.Binding('al.relu', ('relu', 'relu.out'), method=False)
_G_sigmoid = _b.Binding('al.sigmoid', ('sigmoid', 'sigmoid.out'), method=False)
_G_tanh = _b.Binding('al.tanh', ('tanh', 'tanh.out'), method=False)
_G_exp = _b.Binding('al.exp', ('exp', 'exp.out'), method=False)
_G_expm1 = _b.Binding('al.expm1', ('expm1', 'expm1.out'), method=False)
_G_log = _b.Binding('al.log', ('log', 'log.out'), method=False)
_G_log1p = _b.Binding('al.log1p', ('log1p', 'log1p.out'), method=False)
_G_sqrt = _b.Binding('al.sqrt', ('sqrt', 'sqrt.out'), method=False)
_G_rsqrt = _b.Binding('al.rsqrt', ('rsqrt', 'rsqrt.out'), method=False)
_G_reciprocal = _b.Binding('al.reciprocal', ('reciprocal', 'reciprocal.out'), method=False)
_G_sin = _b.Binding('al.sin', ('sin', 'sin.out'), method=False)
_G_cos = _b.Binding('al.cos', ('cos', 'cos.out'), method=False)
_G_floor = _b.Binding('al.floor', ('floor', 'floor.out'), method=False)
_G_ceil = _b.Binding('al.ceil', ('ceil', 'ceil.out'), method=False)
_G_round = _b.Binding('al.round', ('round', 'round.out'), method=False)
_G_trunc = _b.Binding('al.trunc', ('trunc', 'trunc.out'), method=False)
_G_logical_not = _b.Binding('al.logical_not', ('logical_not', 'logical_not.out'), method=False)
_G_square = _b.Binding('al.square', ('square',), method=False)
_G_add = _b.Binding('al.add', ('add.Tensor', 'add.Tensor_out'), method=False)
_G_sub = _b.Binding('al.sub', ('sub.Tensor', 'sub.Tensor_out'), method=False)
_G_mul = _b.Binding('al.mul', ('mul.Tensor', 'mul.Tensor_out'), method=False)
_G_div = _b.Binding('al.div', ('div.Tensor', 'div.Tensor_out', 'div.Tensor_mode', 'div.out_mode'), method=False)
_G_floor_divide = _b.Binding('al.floor_divide', ('floor_divide', 'floor_divide.out'), method=False)
_G_pow = _b.Binding('al.pow', ('pow.Tensor_Tensor', 'pow.Tensor_Tensor_out'), method=False)
_G_maximum = _b.Binding('al.maximum', ('maximum', 'maximum.out'), method=False)
_G_minimum = _b.Binding('al.minimum', ('minimum', 'minimum.out'), method=False)
_G_remainder = _b.Binding('al.remainder', ('remainder.Tensor', 'remainder.Tensor_out'), method=False)
_G_eq = _b.Binding('al.eq', ('eq.Tensor', 'eq.Tensor_out'), method=False)
_G_ne = _b.Binding('al.ne', ('ne.Tensor', 'ne.Tensor_out'), method=False)
_G_lt = _b.Binding('al.lt', ('lt.Tensor', 'lt.Tensor_out'), method=False)
_G_le = _b.Binding('al.le', ('le.Tensor', 'le.Tensor_out'), method=False)
_G_gt = _b.Binding('al.gt', ('gt.Tensor', 'gt.Tensor_out'), method=False)
_G_ge = _b.Binding('al.ge', ('ge.Tensor', 'ge.Tensor_out'), method=False)
_G_logical_and = _b.Binding('al.logical_and', ('logical_and', 'logical_and.out'), method=False)
_G_logical_or = _b.Binding('al.logical_or', ('logical_or', 'logical_or.out'), method=False)
_G__div_trunc = _b.Binding('al._div_trunc', ('_div_trunc',), method=False)
_G_where = _b.Binding('al.where', ('where.self',), method=False)
_G_clamp = _b.Binding('al.clamp', ('clamp', 'clamp.Tensor', 'clamp.out', 'clamp.Tensor_out'), method=False)
_G_clamp_ = _b.Binding('al.clamp_', ('clamp_', 'clamp_.Tensor'), method=False)
_G_clip = _b.Binding('al.clip', ('clip',), method=False)
_G_clamp_min = _b.Binding('al.clamp_min', ('clamp_min',), method=False)
_G_clamp_max = _b.Binding('al.clamp_max', ('clamp_max',), method=False)
_G_sum = _b.Binding('al.sum', ('sum', 'sum.out'), method=False)
_G_mean = _b.Binding('al.mean', ('mean',), method=False)
_G_prod = _b.Binding('al.prod', ('prod',), method=False)
_G_amax = _b.Binding('al.amax', ('amax',), method=False)
_G_amin = _b.Binding('al.amin', ('amin',), method=False)
_G_all = _b.Binding('al.all', ('all',), method=False)
_G_any = _b.Binding('al.any', ('any',), method=False)
_G_max = _b.Binding('al.max', ('max', 'max.dim', 'max.other'), method=False)
_G_min = _b.Binding('al.min', ('min', 'min.dim', 'min.other'), method=False)
_G_argmax = _b.Binding('al.argmax', ('argmax',), method=False)
_G_argmin = _b.Binding('al.argmin', ('argmin',), method=False)
_G_logsumexp = _b.Binding('al.logsumexp', ('logsumexp',), method=False)
_G_softmax = _b.Binding('al.softmax', ('softmax.int',), method=False)
_G_log_softmax = _b.Binding('al.log_softmax', ('log_softmax.int',), method=False)
_G_nll_loss = _b.Binding('al.nll_loss', ('nll_loss',), method=False)
_G__nll_loss_backward = _b.Binding('al._nll_loss_backward', ('_nll_loss_backward',), method=False)
_G_gelu = _b.Binding('al.gelu', ('gelu',), method=False)
_G__gelu_backward = _b.Binding('al._gelu_backward', ('_gelu_backward',), method=False)
_G__gelu_tanh = _b.Binding('al._gelu_tanh', ('_gelu_tanh',), method=False)
_G__gelu_tanh_backward = _b.Binding('al._gelu_tanh_backward', ('_gelu_tanh_backward',), method=False)
_G_silu = _b.Binding('al.silu', ('silu',), method=False)
_G_silu_ = _b.Binding('al.silu_', ('silu_',), method=False)
_G__copy_strided = _b.Binding('al._copy_strided', ('_copy_strided',), method=False)
_G_leaky_relu = _b.Binding('al.leaky_relu', ('leaky_relu',), method=False)
_G_leaky_relu_ = _b.Binding('al.leaky_relu_', ('leaky_relu_',), method=False)
_G__leaky_relu_backward = _b.Binding('al._leaky_relu_backward', ('_leaky_relu_backward',), method=False)
_G__tanh_backward = _b.Binding('al._tanh_backward', ('_tanh_backward',), method=False)
_G__layer_norm = _b.Binding('al._layer_norm', ('_layer_norm',), method=False)
_G__layer_norm_backward = _b.Binding('al._layer_norm_backward', ('_layer_norm_backward',), method=False)
_G__layer_norm_backward_all = _b.Binding('al._layer_norm_backward_all', ('_layer_norm_backward_all',), method=False)
_G__layer_norm_weight_grad = _b.Binding('al._layer_norm_weight_grad', ('_layer_norm_weight_grad',), method=False)
_G__sdpa = _b.Binding('al._sdpa', ('_sdpa',), method=False)
_G__sdpa_backward = _b.Binding('al._sdpa_backward', ('_sdpa_backward',), method=False)
_G__softmax_backward = _b.Binding('al._softmax_backward', ('_softmax_backward',), method=False)
_G__log_softmax_backward = _b.Binding('al._log_softmax_backward', ('_log_softmax_backward',), method=False)
_G_mm = _b.Binding('al.mm', ('mm', 'mm.out'), method=False)
_G_bmm = _b.Binding('al.bmm', ('bmm',), method=False)
_G_dot = _b.Binding('al.dot', ('dot',), method=False)
_G__linear = _b.Binding('al._linear', ('_linear',), method=False)
_G_matmul = _b.Binding('al.matmul', ('matmul',), method=False)
_G_reshape = _b.Binding('al.reshape', ('reshape',), method=False)
_G_t = _b.Binding('al.t', ('t',), method=False)
_G_transpose = _b.Binding('al.transpose', ('transpose.int',), method=False)
_G_permute = _b.Binding('al.permute', ('permute',), method=False)
_G_squeeze = _b.Binding('al.squeeze', ('squeeze', 'squeeze.dim', 'squeeze.dims'), method=False)
_G_unsqueeze = _b.Binding('al.unsqueeze', ('unsqueeze',), method=False)
_G_flatten = _b.Binding('al.flatten', ('flatten.using_ints',), method=False)
_G_narrow = _b.Binding('al.narrow', ('narrow',), method=False)
_G_select = _b.Binding('al.select', ('select.int',), method=False)
_G_slice = _b.Binding('al.slice', ('slice.Tensor',), method=False)
_G_split = _b.Binding('al.split', ('split.Tensor', 'split.sizes'), method=False)
_G_chunk = _b.Binding('al.chunk', ('chunk',), method=False)
_G_cat = _b.Binding('al.cat', ('cat',), method=False)
_G_stack = _b.Binding('al.stack', ('stack',), method=False)
_G_gather = _b.Binding('al.gather', ('gather',), method=False)
_G_index_select = _b.Binding('al.index_select', ('index_select',), method=False)
_G_masked_fill = _b.Binding('al.masked_fill', ('masked_fill.Scalar',), method=False)
_G_index = _b.Binding('al.index', ('index.Tensor',), method=False)
_G_index_put = _b.Binding('al.index_put', ('index_put',), method=False)
_G_index_put_ = _b.Binding('al.index_put_', ('index_put_',), method=False)
_G_clone = _b.Binding('al.clone', ('clone',), method=False)
_G_fill_ = _b.Binding('al.fill_', ('fill_.Scalar',), method=False)
_G_zero_ = _b.Binding('al.zero_', ('zero_',), method=False)
_G_flip = _b.Binding('al.flip', ('flip',), method=False)
_G_roll = _b.Binding('al.roll', ('roll',), method=False)
_G_unbind = _b.Binding('al.unbind', ('unbind.int',), method=False)
_G_broadcast_to = _b.Binding('al.broadcast_to', ('broadcast_to',), method=False)
_G_tile = _b.Binding('al.tile', ('tile',), method=False)
_G_movedim = _b.Binding('al.movedim', ('movedim.int',), method=False)
_G_hstack = _b.Binding('al.hstack', ('hstack',), method=False)
_G_vstack = _b.Binding('al.vstack', ('vstack',), method=False)
_G__unique2 = _b.Binding('al._unique2', ('_unique2',), method=False)
_G_sparse_coo_tensor = _b.Binding('al.sparse_coo_tensor', ('sparse_coo_tensor',), method=False)
_G_sparse_sampled_mm = _b.Binding('al.sparse_sampled_mm', ('sparse_sampled_mm',), method=False)
_G__sparse_values_at = _b.Binding('al._sparse_values_at', ('_sparse_values_at',), method=False)
_G_log10 = _b.Binding('al.log10', ('log10', 'log10.out'), method=False)
_G_log2 = _b.Binding('al.log2', ('log2', 'log2.out'), method=False)
_G_isnan = _b.Binding('al.isnan', ('isnan',), method=False)
_G_isinf = _b.Binding('al.isinf', ('isinf',), method=False)
_G_isfinite = _b.Binding('al.isfinite', ('isfinite',), method=False)
_G_logical_xor = _b.Binding('al.logical_xor', ('logical_xor', 'logical_xor.out'), method=False)
_G_bitwise_and = _b.Binding('al.bitwise_and', ('bitwise_and.Tensor', 'bitwise_and.Tensor_out'), method=False)
_G_bitwise_or = _b.Binding('al.bitwise_or', ('bitwise_or.Tensor', 'bitwise_or.Tensor_out'), method=False)
_G_bitwise_xor = _b.Binding('al.bitwise_xor', ('bitwise_xor.Tensor', 'bitwise_xor.Tensor_out'), method=False)
_G_bitwise_not = _b.Binding('al.bitwise_not', ('bitwise_not', 'bitwise_not.out'), method=False)
_G_fmod = _b.Binding('al.fmod', ('fmod.Tensor', 'fmod.Tensor_out'), method=False)
_G_lerp = _b.Binding('al.lerp', ('lerp.Scalar', 'lerp.Scalar_out', 'lerp.Tensor', 'lerp.Tensor_out'), method=False)
_G__adam_exp_avg_sq = _b.Binding('al._adam_exp_avg_sq', ('_adam_exp_avg_sq',), method=False)
_G__adam_exp_avg_sq_ = _b.Binding('al._adam_exp_avg_sq_', ('_adam_exp_avg_sq_',), method=False)
_G__adam_param_step = _b.Binding('al._adam_param_step', ('_adam_param_step',), method=False)
_G__adam_param_step_ = _b.Binding('al._adam_param_step_', ('_adam_param_step_',), method=False)
_G__nan_to_num = _b.Binding('al._nan_to_num', ('_nan_to_num',), method=False)
_G_nan_to_num = _b.Binding('al.nan_to_num', ('nan_to_num', 'nan_to_num.out'), method=False)
_G_nan_to_num_ = _b.Binding('al.nan_to_num_', ('nan_to_num_',), method=False)
_G_cumsum = _b.Binding('al.cumsum', ('cumsum', 'cumsum.out'), method=False)
_G_cumprod = _b.Binding('al.cumprod', ('cumprod', 'cumprod.out'), method=False)
_G_sort = _b.Binding('al.sort', ('sort', 'sort.stable'), method=False)
_G_argsort = _b.Binding('al.argsort', ('argsort', 'argsort.stable'), method=False)
_G_topk = _b.Binding('al.topk', ('topk',), method=False)
_G_scatter = _b.Binding('al.scatter', ('scatter.src', 'scatter.value'), method=False)
_G_scatter_add = _b.Binding('al.scatter_add', ('scatter_add',), method=False)
_G_index_add = _b.Binding('al.index_add', ('index_add',), method=False)
_G_one_hot = _b.Binding('al.one_hot', ('one_hot',), method=False)
_G_embedding = _b.Binding('al.embedding', ('embedding',), method=False)
_G_tril = _b.Binding('al.tril', ('tril', 'tril.out'), method=False)
_G_triu = _b.Binding('al.triu', ('triu', 'triu.out'), method=False)
_G_var = _b.Binding('al.var', ('var', 'var.dim', 'var.correction'), method=False)
_G_std = _b.Binding('al.std', ('std', 'std.dim', 'std.correction'), method=False)
_G_var_mean = _b.Binding('al.var_mean', ('var_mean', 'var_mean.dim', 'var_mean.correction'), method=False)
_G_std_mean = _b.Binding('al.std_mean', ('std_mean', 'std_mean.dim', 'std_mean.correction'), method=False)
_G_norm = _b.Binding('al.norm', ('norm.ScalarOpt_dim',), method=False)
_G_unflatten = _b.Binding('al.unflatten', ('unflatten.int',), method=False)
_G_outer = _b.Binding('al.outer', ('outer',), method=False)
_G_addmm = _b.Binding('al.addmm', ('addmm', 'addmm.out'), method=False)
_G_baddbmm = _b.Binding('al.baddbmm', ('baddbmm',), method=False)
_G_einsum = _b.Binding('al.einsum', ('einsum',), method=False)
_G_nonzero = _b.Binding('al.nonzero', ('nonzero', 'nonzero.as_tuple'), method=False)
_G_nonzero_numpy = _b.Binding('al.nonzero_numpy', ('nonzero_numpy',), method=False)
_G_masked_select = _b.Binding('al.masked_select', ('masked_select',), method=False)
_G_repeat_interleave = _b.Binding('al.repeat_interleave', ('repeat_interleave.Tensor', 'repeat_interleave.self_Tensor', 'repeat_interleave.self_int'), method=False)
_G_meshgrid = _b.Binding('al.meshgrid', ('meshgrid', 'meshgrid.indexing'), method=False)
_G_diagonal = _b.Binding('al.diagonal', ('diagonal',), method=False)
_G_diag = _b.Binding('al.diag', ('diag',), method=False)
_G_trace = _b.Binding('al.trace', ('trace',), method=False)
_G_constant_pad_nd = _b.Binding('al.constant_pad_nd', ('constant_pad_nd',), method=False)
_G_cosine_similarity = _b.Binding('al.cosine_similarity', ('cosine_similarity',), method=False)
_G_kl_div = _b.Binding('al.kl_div', ('kl_div',), method=False)
_G_huber_loss = _b.Binding('al.huber_loss', ('huber_loss',), method=False)
_G__sparse_mm = _b.Binding('al._sparse_mm', ('_sparse_mm',), method=False)
_G_convolution = _b.Binding('al.convolution', ('convolution',), method=False)
_G__conv_weight_grad = _b.Binding('al._conv_weight_grad', ('_conv_weight_grad',), method=False)
_G_im2col = _b.Binding('al.im2col', ('im2col',), method=False)
_G_col2im = _b.Binding('al.col2im', ('col2im',), method=False)
_G_linalg_inv = _b.Binding('al.linalg_inv', ('linalg_inv',), method=False)
_G_linalg_solve = _b.Binding('al.linalg_solve', ('linalg_solve',), method=False)
_G_linalg_det = _b.Binding('al.linalg_det', ('linalg_det',), method=False)
_G_linalg_slogdet = _b.Binding('al.linalg_slogdet', ('linalg_slogdet',), method=False)
_G_linalg_cholesky = _b.Binding('al.linalg_cholesky', ('linalg_cholesky',), method=False)
_G__linalg_eigh = _b.Binding('al._linalg_eigh', ('_linalg_eigh',), method=False)
_G__linalg_svd = _b.Binding('al._linalg_svd', ('_linalg_svd',), method=False)
_G__linalg_qr = _b.Binding('al._linalg_qr', ('_linalg_qr',), method=False)
_G_elu = _b.Binding('al.elu', ('elu',), method=False)
_G_elu_ = _b.Binding('al.elu_', ('elu_',), method=False)
_G__elu_backward = _b.Binding('al._elu_backward', ('_elu_backward',), method=False)
_G_hardtanh = _b.Binding('al.hardtanh', ('hardtanh',), method=False)
_G_hardtanh_ = _b.Binding('al.hardtanh_', ('hardtanh_',), method=False)
_G__hardtanh_backward = _b.Binding('al._hardtanh_backward', ('_hardtanh_backward',), method=False)
_G_hardsigmoid = _b.Binding('al.hardsigmoid', ('hardsigmoid',), method=False)
_G_hardsigmoid_ = _b.Binding('al.hardsigmoid_', ('hardsigmoid_',), method=False)
_G__hardsigmoid_backward = _b.Binding('al._hardsigmoid_backward', ('_hardsigmoid_backward',), method=False)
_G_hardswish = _b.Binding('al.hardswish', ('hardswish',), method=False)
_G_hardswish_ = _b.Binding('al.hardswish_', ('hardswish_',), method=False)
_G__hardswish_backward = _b.Binding('al._hardswish_backward', ('_hardswish_backward',), method=False)
_G_hardshrink = _b.Binding('al.hardshrink', ('hardshrink',), method=False)
_G_softshrink = _b.Binding('al.softshrink', ('softshrink',), method=False)
_G__shrink_backward = _b.Binding('al._shrink_backward', ('_shrink_backward',), method=False)
_G__softplus = _b.Binding('al._softplus', ('_softplus',), method=False)
_G__softplus_backward = _b.Binding('al._softplus_backward', ('_softplus_backward',), method=False)
_G_log_sigmoid = _b.Binding('al.log_sigmoid', ('log_sigmoid',), method=False)
_G__log_sigmoid_backward = _b.Binding('al._log_sigmoid_backward', ('_log_sigmoid_backward',), method=False)
_G_mish = _b.Binding('al.mish', ('mish',), method=False)
_G_mish_ = _b.Binding('al.mish_', ('mish_',), method=False)
_G__mish_backward = _b.Binding('al._mish_backward', ('_mish_backward',), method=False)
_G_threshold = _b.Binding('al.threshold', ('threshold',), method=False)
_G_threshold_ = _b.Binding('al.threshold_', ('threshold_',), method=False)
_G__threshold_backward = _b.Binding('al._threshold_backward', ('_threshold_backward',), method=False)
_GM_neg = _b.Binding('Tensor.neg', ('neg',), method=True)
_GM_neg_ = _b.Binding('Tensor.neg_', ('neg_',), method=True)
_GM_abs = _b.Binding('Tensor.abs', ('abs',), method=True)
_GM_abs_ = _b.Binding('Tensor.abs_', ('abs_',), method=True)
_GM_sign = _b.Binding('Tensor.sign', ('sign',), method=True)
_GM_sign_ = _b.Binding('Tensor.sign_', ('sign_',), method=True)
_GM_relu = _b.Binding('Tensor.relu', ('relu',), method=True)
_GM_relu_ = _b.Binding('Tensor.relu_', ('relu_',), method=True)
_GM_sigmoid = _b.Binding('Tensor.sigmoid', ('sigmoid',), method=True)
_GM_tanh = _b.Binding('Tensor.tanh', ('tanh',), method=True)
_GM_exp = _b.Binding('Tensor.exp', ('exp',), method=True)
_GM_expm1 = _b.Binding('Tensor.expm1', ('expm1',), method=True)
_GM_log = _b.Binding('Tensor.log', ('log',), method=True)
_GM_log1p = _b.Binding('Tensor.log1p', ('log1p',), method=True)
_GM_sqrt = _b.Binding('Tensor.sqrt', ('sqrt',), method=True)
_GM_rsqrt = _b.Binding('Tensor.rsqrt', ('rsqrt',), method=True)
_GM_reciprocal = _b.Binding('Tensor.reciprocal', ('reciprocal',), method=True)
_GM_sin = _b.Binding('Tensor.sin', ('sin',), method=True)
_GM_cos = _b.Binding('Tensor.cos', ('cos',), method=True)
_GM_floor = _b.Binding('Tensor.floor', ('floor',), method=True)
_GM_floor_ = _b.Binding('Tensor.floor_', ('floor_',), method=True)
_GM_ceil = _b.Binding('Tensor.ceil', ('ceil',), method=True)
_GM_ceil_ = _b.Binding('Tensor.ceil_', ('ceil_',), method=True)
_GM_round = _b.Binding('Tensor.round', ('round',), method=True)
_GM_round_ = _b.Binding('Tensor.round_', ('round_',), method=True)
_GM_trunc = _b.Binding('Tensor.trunc', ('trunc',), method=True)
_GM_trunc_ = _b.Binding('Tensor.trunc_', ('trunc_',), method=True)
_GM_logical_not = _b.Binding('Tensor.logical_not', ('logical_not',), method=True)
_GM_square = _b.Binding('Tensor.square', ('square',), method=True)
_GM_add = _b.Binding('Tensor.add', ('add.Tensor',), method=True)
_GM_add_ = _b.Binding('Tensor.add_', ('add_.Tensor',), method=True)
_GM_sub = _b.Binding('Tensor.sub', ('sub.Tensor',), method=True)
_GM_sub_ = _b.Binding('Tensor.sub_', ('sub_.Tensor',), method=True)
_GM_mul = _b.Binding('Tensor.mul', ('mul.Tensor',), method=True)
_GM_mul_ = _b.Binding('Tensor.mul_', ('mul_.Tensor',), method=True)
_GM_div = _b.Binding('Tensor.div', ('div.Tensor', 'div.Tensor_mode'), method=True)
_GM_floor_divide = _b.Binding('Tensor.floor_divide', ('floor_divide',), method=True)
_GM_floor_divide_ = _b.Binding('Tensor.floor_divide_', ('floor_divide_',), method=True)
_GM_pow = _b.Binding('Tensor.pow', ('pow.Tensor_Tensor',), method=True)
_GM_pow_ = _b.Binding('Tensor.pow_', ('pow_.Tensor_Tensor',), method=True)
_GM_maximum = _b.Binding('Tensor.maximum', ('maximum',), method=True)
_GM_maximum_ = _b.Binding('Tensor.maximum_', ('maximum_',), method=True)
_GM_minimum = _b.Binding('Tensor.minimum', ('minimum',), method=True)
_GM_minimum_ = _b.Binding('Tensor.minimum_', ('minimum_',), method=True)
_GM_remainder = _b.Binding('Tensor.remainder', ('remainder.Tensor',), method=True)
_GM_remainder_ = _b.Binding('Tensor.remainder_', ('remainder_.Tensor',), method=True)
_GM_eq = _b.Binding('Tensor.eq', ('eq.Tensor',), method=True)
_GM_ne = _b.Binding('Tensor.ne', ('ne.Tensor',), method=True)
_GM_lt = _b.Binding('Tensor.lt', ('lt.Tensor',), method=True)
_GM_le = _b.Binding('Tensor.le', ('le.Tensor',), method=True)
_GM_gt = _b.Binding('Tensor.gt', ('gt.Tensor',), method=True)
_GM_ge = _b.Binding('Tensor.ge', ('ge.Tensor',), method=True)
_GM_logical_and = _b.Binding('Tensor.logical_and', ('logical_and',), method=True)
_GM_logical_or = _b.Binding('Tensor.logical_or', ('logical_or',), method=True)
_GM_div_ = _b.Binding('Tensor.div_', ('div_.Tensor', 'div_.Tensor_mode'), method=True)
_GM_where = _b.Binding('Tensor.where', ('where.self',), method=True)
_GM_clamp = _b.Binding('Tensor.clamp', ('clamp', 'clamp.Tensor'), method=True)
_GM_clamp_ = _b.Binding('Tensor.clamp_', ('clamp_', 'clamp_.Tensor'), method=True)
_GM_clip = _b.Binding('Tensor.clip', ('clip',), method=True)
_GM_clamp_min = _b.Binding('Tensor.clamp_min', ('clamp_min',), method=True)
_GM_clamp_max = _b.Binding('Tensor.clamp_max', ('clamp_max',), method=True)
_GM_sum = _b.Binding('Tensor.sum', ('sum',), method=True)
_GM_mean = _b.Binding('Tensor.mean', ('mean',), method=True)
_GM_prod = _b.Binding('Tensor.prod', ('prod',), method=True)
_GM_amax = _b.Binding('Tensor.amax', ('amax',), method=True)
_GM_amin = _b.Binding('Tensor.amin', ('amin',), method=True)
_GM_all = _b.Binding('Tensor.all', ('all',), method=True)
_GM_any = _b.Binding('Tensor.any', ('any',), method=True)
_GM_max = _b.Binding('Tensor.max', ('max', 'max.dim', 'max.other'), method=True)
_GM_min = _b.Binding('Tensor.min', ('min', 'min.dim', 'min.other'), method=True)
_GM_argmax = _b.Binding('Tensor.argmax', ('argmax',), method=True)
_GM_argmin = _b.Binding('Tensor.argmin', ('argmin',), method=True)
_GM_logsumexp = _b.Binding('Tensor.logsumexp', ('logsumexp',), method=True)
_GM_softmax = _b.Binding('Tensor.softmax', ('softmax.int',), method=True)
_GM_log_softmax = _b.Binding('Tensor.log_softmax', ('log_softmax.int',), method=True)
_GM_mm = _b.Binding('Tensor.mm', ('mm',), method=True)
_GM_bmm = _b.Binding('Tensor.bmm', ('bmm',), method=True)
_GM_dot = _b.Binding('Tensor.dot', ('dot',), method=True)
_GM_matmul = _b.Binding('Tensor.matmul', ('matmul',), method=True)
_GM_view = _b.Binding('Tensor.view', ('view',), method=True)
_GM_reshape = _b.Binding('Tensor.reshape', ('reshape',), method=True)
_GM_t = _b.Binding('Tensor.t', ('t',), method=True)
_GM_transpose = _b.Binding('Tensor.transpose', ('transpose.int',), method=True)
_GM_permute = _b.Binding('Tensor.permute', ('permute',), method=True)
_GM_expand = _b.Binding('Tensor.expand', ('expand',), method=True)
_GM_squeeze = _b.Binding('Tensor.squeeze', ('squeeze', 'squeeze.dim', 'squeeze.dims'), method=True)
_GM_unsqueeze = _b.Binding('Tensor.unsqueeze', ('unsqueeze',), method=True)
_GM_flatten = _b.Binding('Tensor.flatten', ('flatten.using_ints',), method=True)
_GM_narrow = _b.Binding('Tensor.narrow', ('narrow',), method=True)
_GM_select = _b.Binding('Tensor.select', ('select.int',), method=True)
_GM_contiguous = _b.Binding('Tensor.contiguous', ('contiguous',), method=True)
_GM_split = _b.Binding('Tensor.split', ('split.Tensor', 'split.sizes'), method=True)
_GM_chunk = _b.Binding('Tensor.chunk', ('chunk',), method=True)
_GM_gather = _b.Binding('Tensor.gather', ('gather',), method=True)
_GM_index_select = _b.Binding('Tensor.index_select', ('index_select',), method=True)
_GM_masked_fill = _b.Binding('Tensor.masked_fill', ('masked_fill.Scalar',), method=True)
_GM_masked_fill_ = _b.Binding('Tensor.masked_fill_', ('masked_fill_.Scalar',), method=True)
_GM_index_put = _b.Binding('Tensor.index_put', ('index_put',), method=True)
_GM_index_put_ = _b.Binding('Tensor.index_put_', ('index_put_',), method=True)
_GM_clone = _b.Binding('Tensor.clone', ('clone',), method=True)
_GM_copy_ = _b.Binding('Tensor.copy_', ('copy_',), method=True)
_GM_fill_ = _b.Binding('Tensor.fill_', ('fill_.Scalar',), method=True)
_GM_zero_ = _b.Binding('Tensor.zero_', ('zero_',), method=True)
_GM_to = _b.Binding('Tensor.to', ('to.device', 'to.dtype', 'to.other'), method=True)
_GM_type_as = _b.Binding('Tensor.type_as', ('type_as',), method=True)
_GM_repeat = _b.Binding('Tensor.repeat', ('repeat',), method=True)
_GM_flip = _b.Binding('Tensor.flip', ('flip',), method=True)
_GM_roll = _b.Binding('Tensor.roll', ('roll',), method=True)
_GM_expand_as = _b.Binding('Tensor.expand_as', ('expand_as',), method=True)
_GM_view_as = _b.Binding('Tensor.view_as', ('view_as',), method=True)
_GM_reshape_as = _b.Binding('Tensor.reshape_as', ('reshape_as',), method=True)
_GM_unbind = _b.Binding('Tensor.unbind', ('unbind.int',), method=True)
_GM_broadcast_to = _b.Binding('Tensor.broadcast_to', ('broadcast_to',), method=True)
_GM_tile = _b.Binding('Tensor.tile', ('tile',), method=True)
_GM_movedim = _b.Binding('Tensor.movedim', ('movedim.int',), method=True)
_GM_to_sparse = _b.Binding('Tensor.to_sparse', ('to_sparse',), method=True)
_GM_to_dense = _b.Binding('Tensor.to_dense', ('to_dense',), method=True)
_GM_coalesce = _b.Binding('Tensor.coalesce', ('coalesce',), method=True)
_GM_is_coalesced = _b.Binding('Tensor.is_coalesced', ('is_coalesced',), method=True)
_GM__nnz = _b.Binding('Tensor._nnz', ('_nnz',), method=True)
_GM_indices = _b.Binding('Tensor.indices', ('indices',), method=True)
_GM_values = _b.Binding('Tensor.values', ('values',), method=True)
_GM__indices = _b.Binding('Tensor._indices', ('_indices',), method=True)
_GM__values = _b.Binding('Tensor._values', ('_values',), method=True)
_GM_sparse_mask = _b.Binding('Tensor.sparse_mask', ('sparse_mask',), method=True)
_GM_log10 = _b.Binding('Tensor.log10', ('log10',), method=True)
_GM_log10_ = _b.Binding('Tensor.log10_', ('log10_',), method=True)
_GM_log2 = _b.Binding('Tensor.log2', ('log2',), method=True)
_GM_log2_ = _b.Binding('Tensor.log2_', ('log2_',), method=True)
_GM_isnan = _b.Binding('Tensor.isnan', ('isnan',), method=True)
_GM_isinf = _b.Binding('Tensor.isinf', ('isinf',), method=True)
_GM_isfinite = _b.Binding('Tensor.isfinite', ('isfinite',), method=True)
_GM_logical_xor = _b.Binding('Tensor.logical_xor', ('logical_xor',), method=True)
_GM_bitwise_and = _b.Binding('Tensor.bitwise_and', ('bitwise_and.Tensor',), method=True)
_GM_bitwise_and_ = _b.Binding('Tensor.bitwise_and_', ('bitwise_and_.Tensor',), method=True)
_GM_bitwise_or = _b.Binding('Tensor.bitwise_or', ('bitwise_or.Tensor',), method=True)
_GM_bitwise_or_ = _b.Binding('Tensor.bitwise_or_', ('bitwise_or_.Tensor',), method=True)
_GM_bitwise_xor = _b.Binding('Tensor.bitwise_xor', ('bitwise_xor.Tensor',), method=True)
_GM_bitwise_xor_ = _b.Binding('Tensor.bitwise_xor_', ('bitwise_xor_.Tensor',), method=True)
_GM_bitwise_not = _b.Binding('Tensor.bitwise_not', ('bitwise_not',), method=True)
_GM_bitwise_not_ = _b.Binding('Tensor.bitwise_not_', ('bitwise_not_',), method=True)
_GM_fmod = _b.Binding('Tensor.fmod', ('fmod.Tensor',), method=True)
_GM_fmod_ = _b.Binding('Tensor.fmod_', ('fmod_.Tensor',), method=True)
_GM_lerp = _b.Binding('Tensor.lerp', ('lerp.Scalar', 'lerp.Tensor'), method=True)
_GM_lerp_ = _b.Binding('Tensor.lerp_', ('lerp_.Scalar', 'lerp_.Tensor'), method=True)
_GM_nan_to_num = _b.Binding('Tensor.nan_to_num', ('nan_to_num',), method=True)
_GM_nan_to_num_ = _b.Binding('Tensor.nan_to_num_', ('nan_to_num_',), method=True)
_GM_cumsum = _b.Binding('Tensor.cumsum', ('cumsum',), method=True)
_GM_cumsum_ = _b.Binding('Tensor.cumsum_', ('cumsum_',), method=True)
_GM_cumprod = _b.Binding('Tensor.cumprod', ('cumprod',), method=True)
_GM_cumprod_ = _b.Binding('Tensor.cumprod_', ('cumprod_',), method=True)
_GM_sort = _b.Binding('Tensor.sort', ('sort', 'sort.stable'), method=True)
_GM_argsort = _b.Binding('Tensor.argsort', ('argsort', 'argsort.stable'), method=True)
_GM_topk = _b.Binding('Tensor.topk', ('topk',), method=True)
_GM_scatter = _b.Binding('Tensor.scatter', ('scatter.src', 'scatter.value'), method=True)
_GM_scatter_ = _b.Binding('Tensor.scatter_', ('scatter_.src', 'scatter_.value'), method=True)
_GM_scatter_add = _b.Binding('Tensor.scatter_add', ('scatter_add',), method=True)
_GM_scatter_add_ = _b.Binding('Tensor.scatter_add_', ('scatter_add_',), method=True)
_GM_index_add = _b.Binding('Tensor.index_add', ('index_add',), method=True)
_GM_index_add_ = _b.Binding('Tensor.index_add_', ('index_add_',), method=True)
_GM_tril = _b.Binding('Tensor.tril', ('tril',), method=True)
_GM_tril_ = _b.Binding('Tensor.tril_', ('tril_',), method=True)
_GM_triu = _b.Binding('Tensor.triu', ('triu',), method=True)
_GM_triu_ = _b.Binding('Tensor.triu_', ('triu_',), method=True)
_GM_var = _b.Binding('Tensor.var', ('var', 'var.dim', 'var.correction'), method=True)
_GM_std = _b.Binding('Tensor.std', ('std', 'std.dim', 'std.correction'), method=True)
_GM_norm = _b.Binding('Tensor.norm', ('norm.ScalarOpt_dim',), method=True)
_GM_unflatten = _b.Binding('Tensor.unflatten', ('unflatten.int',), method=True)
_GM_outer = _b.Binding('Tensor.outer', ('outer',), method=True)
_GM_addmm = _b.Binding('Tensor.addmm', ('addmm',), method=True)
_GM_addmm_ = _b.Binding('Tensor.addmm_', ('addmm_',), method=True)
_GM_baddbmm = _b.Binding('Tensor.baddbmm', ('baddbmm',), method=True)
_GM_baddbmm_ = _b.Binding('Tensor.baddbmm_', ('baddbmm_',), method=True)
_GM_nonzero = _b.Binding('Tensor.nonzero', ('nonzero', 'nonzero.as_tuple'), method=True)
_GM_masked_select = _b.Binding('Tensor.masked_select', ('masked_select',), method=True)
_GM_repeat_interleave = _b.Binding('Tensor.repeat_interleave', ('repeat_interleave.self_Tensor', 'repeat_interleave.self_int'), method=True)
_GM_diagonal = _b.Binding('Tensor.diagonal', ('diagonal',), method=True)
_GM_diag = _b.Binding('Tensor.diag', ('diag',), method=True)
_GM_trace = _b.Binding('Tensor.trace', ('trace',), method=True)
_GM_hardshrink = _b.Binding('Tensor.hardshrink', ('hardshrink',), method=True)

# ---- module functions ----


@_G_neg.documents
def neg(input, *, out=None):
    if out is None:  # neg
        if input.__class__ is _T:
            return _F_neg(input)
        if isinstance(input, _TN):
            return _H_neg.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # neg.out
        return _F_neg_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_neg_out.call((input, out))
    return _G_neg.parse((input, ), {'out': out})


@_G_abs.documents
def abs(input, *, out=None):
    if out is None:  # abs
        if input.__class__ is _T:
            return _F_abs(input)
        if isinstance(input, _TN):
            return _H_abs.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # abs.out
        return _F_abs_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_abs_out.call((input, out))
    return _G_abs.parse((input, ), {'out': out})


@_G_sign.documents
def sign(input, *, out=None):
    if out is None:  # sign
        if input.__class__ is _T:
            return _F_sign(input)
        if isinstance(input, _TN):
            return _H_sign.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # sign.out
        return _F_sign_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sign_out.call((input, out))
    return _G_sign.parse((input, ), {'out': out})


@_G_relu.documents
def relu(input, *, out=None):
    if out is None:  # relu
        if input.__class__ is _T:
            return _F_relu(input)
        if isinstance(input, _TN):
            return _H_relu.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # relu.out
        return _F_relu_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_relu_out.call((input, out))
    return _G_relu.parse((input, ), {'out': out})


@_G_sigmoid.documents
def sigmoid(input, *, out=None):
    if out is None:  # sigmoid
        if input.__class__ is _T:
            return _F_sigmoid(input)
        if isinstance(input, _TN):
            return _H_sigmoid.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # sigmoid.out
        return _F_sigmoid_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sigmoid_out.call((input, out))
    return _G_sigmoid.parse((input, ), {'out': out})


@_G_tanh.documents
def tanh(input, *, out=None):
    if out is None:  # tanh
        if input.__class__ is _T:
            return _F_tanh(input)
        if isinstance(input, _TN):
            return _H_tanh.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # tanh.out
        return _F_tanh_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_tanh_out.call((input, out))
    return _G_tanh.parse((input, ), {'out': out})


@_G_exp.documents
def exp(input, *, out=None):
    if out is None:  # exp
        if input.__class__ is _T:
            return _F_exp(input)
        if isinstance(input, _TN):
            return _H_exp.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # exp.out
        return _F_exp_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_exp_out.call((input, out))
    return _G_exp.parse((input, ), {'out': out})


@_G_expm1.documents
def expm1(input, *, out=None):
    if out is None:  # expm1
        if input.__class__ is _T:
            return _F_expm1(input)
        if isinstance(input, _TN):
            return _H_expm1.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # expm1.out
        return _F_expm1_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_expm1_out.call((input, out))
    return _G_expm1.parse((input, ), {'out': out})


@_G_log.documents
def log(input, *, out=None):
    if out is None:  # log
        if input.__class__ is _T:
            return _F_log(input)
        if isinstance(input, _TN):
            return _H_log.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # log.out
        return _F_log_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log_out.call((input, out))
    return _G_log.parse((input, ), {'out': out})


@_G_log1p.documents
def log1p(input, *, out=None):
    if out is None:  # log1p
        if input.__class__ is _T:
            return _F_log1p(input)
        if isinstance(input, _TN):
            return _H_log1p.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # log1p.out
        return _F_log1p_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log1p_out.call((input, out))
    return _G_log1p.parse((input, ), {'out': out})


@_G_sqrt.documents
def sqrt(input, *, out=None):
    if out is None:  # sqrt
        if input.__class__ is _T:
            return _F_sqrt(input)
        if isinstance(input, _TN):
            return _H_sqrt.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # sqrt.out
        return _F_sqrt_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sqrt_out.call((input, out))
    return _G_sqrt.parse((input, ), {'out': out})


@_G_rsqrt.documents
def rsqrt(input, *, out=None):
    if out is None:  # rsqrt
        if input.__class__ is _T:
            return _F_rsqrt(input)
        if isinstance(input, _TN):
            return _H_rsqrt.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # rsqrt.out
        return _F_rsqrt_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_rsqrt_out.call((input, out))
    return _G_rsqrt.parse((input, ), {'out': out})


@_G_reciprocal.documents
def reciprocal(input, *, out=None):
    if out is None:  # reciprocal
        if input.__class__ is _T:
            return _F_reciprocal(input)
        if isinstance(input, _TN):
            return _H_reciprocal.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # reciprocal.out
        return _F_reciprocal_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_reciprocal_out.call((input, out))
    return _G_reciprocal.parse((input, ), {'out': out})


@_G_sin.documents
def sin(input, *, out=None):
    if out is None:  # sin
        if input.__class__ is _T:
            return _F_sin(input)
        if isinstance(input, _TN):
            return _H_sin.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # sin.out
        return _F_sin_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sin_out.call((input, out))
    return _G_sin.parse((input, ), {'out': out})


@_G_cos.documents
def cos(input, *, out=None):
    if out is None:  # cos
        if input.__class__ is _T:
            return _F_cos(input)
        if isinstance(input, _TN):
            return _H_cos.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # cos.out
        return _F_cos_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_cos_out.call((input, out))
    return _G_cos.parse((input, ), {'out': out})


@_G_floor.documents
def floor(input, *, out=None):
    if out is None:  # floor
        if input.__class__ is _T:
            return _F_floor(input)
        if isinstance(input, _TN):
            return _H_floor.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # floor.out
        return _F_floor_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_floor_out.call((input, out))
    return _G_floor.parse((input, ), {'out': out})


@_G_ceil.documents
def ceil(input, *, out=None):
    if out is None:  # ceil
        if input.__class__ is _T:
            return _F_ceil(input)
        if isinstance(input, _TN):
            return _H_ceil.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # ceil.out
        return _F_ceil_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_ceil_out.call((input, out))
    return _G_ceil.parse((input, ), {'out': out})


@_G_round.documents
def round(input, *, out=None):
    if out is None:  # round
        if input.__class__ is _T:
            return _F_round(input)
        if isinstance(input, _TN):
            return _H_round.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # round.out
        return _F_round_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_round_out.call((input, out))
    return _G_round.parse((input, ), {'out': out})


@_G_trunc.documents
def trunc(input, *, out=None):
    if out is None:  # trunc
        if input.__class__ is _T:
            return _F_trunc(input)
        if isinstance(input, _TN):
            return _H_trunc.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # trunc.out
        return _F_trunc_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_trunc_out.call((input, out))
    return _G_trunc.parse((input, ), {'out': out})


@_G_logical_not.documents
def logical_not(input, *, out=None):
    if out is None:  # logical_not
        if input.__class__ is _T:
            return _F_logical_not(input)
        if isinstance(input, _TN):
            return _H_logical_not.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # logical_not.out
        return _F_logical_not_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_logical_not_out.call((input, out))
    return _G_logical_not.parse((input, ), {'out': out})


@_G_square.documents
def square(input):
    if input.__class__ is _T:  # square
        return _F_square(input)
    if isinstance(input, _T):
        return _H_square.call((input,))
    return _G_square.parse((input, ), {})


@_G_add.documents
def add(input, other, *, alpha=1, out=None):
    if out is None and alpha.__class__ in _NUM:  # add.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_add_Tensor(input, other, alpha)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_add_Tensor.call((input, other, alpha))
    if alpha.__class__ in _NUM:  # add.Tensor_out
        if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
            return _F_add_Tensor_out(input, other, alpha, out)
        if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_add_Tensor_out.call((input, other, alpha, out))
    return _G_add.parse((input, other, ), {'alpha': alpha, 'out': out})


@_G_sub.documents
def sub(input, other, *, alpha=1, out=None):
    if out is None and alpha.__class__ in _NUM:  # sub.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_sub_Tensor(input, other, alpha)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_sub_Tensor.call((input, other, alpha))
    if alpha.__class__ in _NUM:  # sub.Tensor_out
        if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
            return _F_sub_Tensor_out(input, other, alpha, out)
        if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_sub_Tensor_out.call((input, other, alpha, out))
    return _G_sub.parse((input, other, ), {'alpha': alpha, 'out': out})


@_G_mul.documents
def mul(input, other, *, out=None):
    if out is None:  # mul.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_mul_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_mul_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # mul.Tensor_out
        return _F_mul_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_mul_Tensor_out.call((input, other, out))
    return _G_mul.parse((input, other, ), {'out': out})


@_G_div.documents
def div(input, other, *, rounding_mode=_MISSING, out=None):
    if rounding_mode is _MISSING and out is None:  # div.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_div_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_div_Tensor.call((input, other))
    if rounding_mode is _MISSING:  # div.Tensor_out
        if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
            return _F_div_Tensor_out(input, other, out)
        if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_div_Tensor_out.call((input, other, out))
    if out is None and rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div.Tensor_mode
        if input.__class__ is _T and other.__class__ is _T:
            return _F_div_Tensor_mode(input, other, rounding_mode)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_div_Tensor_mode.call((input, other, rounding_mode))
    if rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div.out_mode
        if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
            return _F_div_out_mode(input, other, rounding_mode, out)
        if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_div_out_mode.call((input, other, rounding_mode, out))
    return _G_div.parse((input, other, ), {'rounding_mode': rounding_mode, 'out': out})


@_G_floor_divide.documents
def floor_divide(input, other, *, out=None):
    if out is None:  # floor_divide
        if input.__class__ is _T and other.__class__ is _T:
            return _F_floor_divide(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_floor_divide.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # floor_divide.out
        return _F_floor_divide_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_floor_divide_out.call((input, other, out))
    return _G_floor_divide.parse((input, other, ), {'out': out})


@_G_pow.documents
def pow(input, exponent, *, out=None):
    if out is None:  # pow.Tensor_Tensor
        if input.__class__ is _T and exponent.__class__ is _T:
            return _F_pow_Tensor_Tensor(input, exponent)
        if isinstance(input, _TN) and isinstance(exponent, _TN):
            return _H_pow_Tensor_Tensor.call((input, exponent))
    if input.__class__ is _T and exponent.__class__ is _T and out.__class__ is _T:  # pow.Tensor_Tensor_out
        return _F_pow_Tensor_Tensor_out(input, exponent, out)
    if isinstance(input, _TN) and isinstance(exponent, _TN) and isinstance(out, _T):
        return _H_pow_Tensor_Tensor_out.call((input, exponent, out))
    return _G_pow.parse((input, exponent, ), {'out': out})


@_G_maximum.documents
def maximum(input, other, *, out=None):
    if out is None:  # maximum
        if input.__class__ is _T and other.__class__ is _T:
            return _F_maximum(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_maximum.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # maximum.out
        return _F_maximum_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_maximum_out.call((input, other, out))
    return _G_maximum.parse((input, other, ), {'out': out})


@_G_minimum.documents
def minimum(input, other, *, out=None):
    if out is None:  # minimum
        if input.__class__ is _T and other.__class__ is _T:
            return _F_minimum(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_minimum.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # minimum.out
        return _F_minimum_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_minimum_out.call((input, other, out))
    return _G_minimum.parse((input, other, ), {'out': out})


@_G_remainder.documents
def remainder(input, other, *, out=None):
    if out is None:  # remainder.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_remainder_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_remainder_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # remainder.Tensor_out
        return _F_remainder_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_remainder_Tensor_out.call((input, other, out))
    return _G_remainder.parse((input, other, ), {'out': out})


@_G_eq.documents
def eq(input, other, *, out=None):
    if out is None:  # eq.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_eq_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_eq_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # eq.Tensor_out
        return _F_eq_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_eq_Tensor_out.call((input, other, out))
    return _G_eq.parse((input, other, ), {'out': out})


@_G_ne.documents
def ne(input, other, *, out=None):
    if out is None:  # ne.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_ne_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_ne_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # ne.Tensor_out
        return _F_ne_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_ne_Tensor_out.call((input, other, out))
    return _G_ne.parse((input, other, ), {'out': out})


@_G_lt.documents
def lt(input, other, *, out=None):
    if out is None:  # lt.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_lt_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_lt_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # lt.Tensor_out
        return _F_lt_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_lt_Tensor_out.call((input, other, out))
    return _G_lt.parse((input, other, ), {'out': out})


@_G_le.documents
def le(input, other, *, out=None):
    if out is None:  # le.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_le_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_le_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # le.Tensor_out
        return _F_le_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_le_Tensor_out.call((input, other, out))
    return _G_le.parse((input, other, ), {'out': out})


@_G_gt.documents
def gt(input, other, *, out=None):
    if out is None:  # gt.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_gt_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_gt_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # gt.Tensor_out
        return _F_gt_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_gt_Tensor_out.call((input, other, out))
    return _G_gt.parse((input, other, ), {'out': out})


@_G_ge.documents
def ge(input, other, *, out=None):
    if out is None:  # ge.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_ge_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_ge_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # ge.Tensor_out
        return _F_ge_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_ge_Tensor_out.call((input, other, out))
    return _G_ge.parse((input, other, ), {'out': out})


@_G_logical_and.documents
def logical_and(input, other, *, out=None):
    if out is None:  # logical_and
        if input.__class__ is _T and other.__class__ is _T:
            return _F_logical_and(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_logical_and.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # logical_and.out
        return _F_logical_and_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_and_out.call((input, other, out))
    return _G_logical_and.parse((input, other, ), {'out': out})


@_G_logical_or.documents
def logical_or(input, other, *, out=None):
    if out is None:  # logical_or
        if input.__class__ is _T and other.__class__ is _T:
            return _F_logical_or(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_logical_or.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # logical_or.out
        return _F_logical_or_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_or_out.call((input, other, out))
    return _G_logical_or.parse((input, other, ), {'out': out})


@_G__div_trunc.documents
def _div_trunc(input, other):
    if input.__class__ is _T and other.__class__ is _T:  # _div_trunc
        return _F__div_trunc(input, other)
    if isinstance(input, _TN) and isinstance(other, _TN):
        return _H__div_trunc.call((input, other))
    return _G__div_trunc.parse((input, other, ), {})


@_G_where.documents
def where(condition, input, other):
    if condition.__class__ is _T and input.__class__ is _T and other.__class__ is _T:  # where.self
        return _F_where_self(condition, input, other)
    if isinstance(condition, _TN) and isinstance(input, _TN) and isinstance(other, _TN):
        return _H_where_self.call((condition, input, other))
    return _G_where.parse((condition, input, other, ), {})


@_G_clamp.documents
def clamp(input, min=None, max=None, *, out=None):
    if out is None and (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp
        if input.__class__ is _T:
            return _F_clamp(input, min, max)
        if isinstance(input, _T):
            return _H_clamp.call((input, min, max))
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_clamp_out(input, min, max, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_clamp_out.call((input, min, max, out))
    if out is None:  # clamp.Tensor
        if input.__class__ is _T and (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):
            return _F_clamp_Tensor(input, min, max)
        if isinstance(input, _TN) and (min is None or isinstance(min, _TN)) and (max is None or isinstance(max, _TN)):
            return _H_clamp_Tensor.call((input, min, max))
    if input.__class__ is _T and (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T) and out.__class__ is _T:  # clamp.Tensor_out
        return _F_clamp_Tensor_out(input, min, max, out)
    if isinstance(input, _T) and (min is None or isinstance(min, _T)) and (max is None or isinstance(max, _T)) and isinstance(out, _T):
        return _H_clamp_Tensor_out.call((input, min, max, out))
    return _G_clamp.parse((input, min, max, ), {'out': out})


@_G_clamp_.documents
def clamp_(input, min=None, max=None):
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp_
        if input.__class__ is _T:
            return _F_clamp_(input, min, max)
        if isinstance(input, _T):
            return _H_clamp_.call((input, min, max))
    if input.__class__ is _T and (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):  # clamp_.Tensor
        return _F_clamp__Tensor(input, min, max)
    if isinstance(input, _T) and (min is None or isinstance(min, _T)) and (max is None or isinstance(max, _T)):
        return _H_clamp__Tensor.call((input, min, max))
    return _G_clamp_.parse((input, min, max, ), {})


@_G_clip.documents
def clip(input, min=None, max=None):
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clip
        if input.__class__ is _T:
            return _F_clip(input, min, max)
        if isinstance(input, _T):
            return _H_clip.call((input, min, max))
    return _G_clip.parse((input, min, max, ), {})


@_G_clamp_min.documents
def clamp_min(input, min):
    if min.__class__ in _NUM:  # clamp_min
        if input.__class__ is _T:
            return _F_clamp_min(input, min)
        if isinstance(input, _T):
            return _H_clamp_min.call((input, min))
    return _G_clamp_min.parse((input, min, ), {})


@_G_clamp_max.documents
def clamp_max(input, max):
    if max.__class__ in _NUM:  # clamp_max
        if input.__class__ is _T:
            return _F_clamp_max(input, max)
        if isinstance(input, _T):
            return _H_clamp_max.call((input, max))
    return _G_clamp_max.parse((input, max, ), {})


@_G_sum.documents
def sum(input, dim=None, keepdim=False, *, dtype=None, out=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if out is None and (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum
        if input.__class__ is _T:
            return _F_sum(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(input, _T):
            return _H_sum.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_sum_out(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_sum_out.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype, out))
    return _G_sum.parse((input, dim, keepdim, ), {'dtype': dtype, 'out': out, 'keepdims': keepdims})


@_G_mean.documents
def mean(input, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # mean
        if input.__class__ is _T:
            return _F_mean(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(input, _T):
            return _H_mean.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))
    return _G_mean.parse((input, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_G_prod.documents
def prod(input, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # prod
        if input.__class__ is _T:
            return _F_prod(input, dim, keepdim, dtype)
        if isinstance(input, _T):
            return _H_prod.call((input, dim, keepdim, dtype))
    return _G_prod.parse((input, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_G_amax.documents
def amax(input, dim=(), keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amax
        if input.__class__ is _T:
            return _F_amax(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_amax.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))
    return _G_amax.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_amin.documents
def amin(input, dim=(), keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amin
        if input.__class__ is _T:
            return _F_amin(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_amin.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))
    return _G_amin.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_all.documents
def all(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # all
        if input.__class__ is _T:
            return _F_all(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_all.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))
    return _G_all.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_any.documents
def any(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # any
        if input.__class__ is _T:
            return _F_any(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_any.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))
    return _G_any.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_max.documents
def max(*args, **kwargs):
    return _G_max.parse((*args,), kwargs)


@_G_min.documents
def min(*args, **kwargs):
    return _G_min.parse((*args,), kwargs)


@_G_argmax.documents
def argmax(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmax
        if input.__class__ is _T:
            return _F_argmax(input, dim, keepdim)
        if isinstance(input, _T):
            return _H_argmax.call((input, dim, keepdim))
    return _G_argmax.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_argmin.documents
def argmin(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmin
        if input.__class__ is _T:
            return _F_argmin(input, dim, keepdim)
        if isinstance(input, _T):
            return _H_argmin.call((input, dim, keepdim))
    return _G_argmin.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_logsumexp.documents
def logsumexp(input, dim, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # logsumexp
        if input.__class__ is _T:
            return _F_logsumexp(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_logsumexp.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))
    return _G_logsumexp.parse((input, dim, keepdim, ), {'keepdims': keepdims})


@_G_softmax.documents
def softmax(input, dim, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # softmax.int
        if input.__class__ is _T:
            return _F_softmax_int(input, dim, dtype)
        if isinstance(input, _T):
            return _H_softmax_int.call((input, dim, dtype))
    return _G_softmax.parse((input, dim, dtype, ), {})


@_G_log_softmax.documents
def log_softmax(input, dim, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # log_softmax.int
        if input.__class__ is _T:
            return _F_log_softmax_int(input, dim, dtype)
        if isinstance(input, _T):
            return _H_log_softmax_int.call((input, dim, dtype))
    return _G_log_softmax.parse((input, dim, dtype, ), {})


@_G_nll_loss.documents
def nll_loss(input, target, weight=None, reduction=1, ignore_index=-100):
    if reduction.__class__ is int and ignore_index.__class__ is int:  # nll_loss
        if input.__class__ is _T and target.__class__ is _T and (weight is None or weight.__class__ is _T):
            return _F_nll_loss(input, target, weight, reduction, ignore_index)
        if isinstance(input, _T) and isinstance(target, _T) and (weight is None or isinstance(weight, _T)):
            return _H_nll_loss.call((input, target, weight, reduction, ignore_index))
    return _G_nll_loss.parse((input, target, weight, reduction, ignore_index, ), {})


@_G__nll_loss_backward.documents
def _nll_loss_backward(grad_output, input, target, weight, reduction, ignore_index):
    if reduction.__class__ is int and ignore_index.__class__ is int:  # _nll_loss_backward
        if grad_output.__class__ is _T and input.__class__ is _T and target.__class__ is _T and (weight is None or weight.__class__ is _T):
            return _F__nll_loss_backward(grad_output, input, target, weight, reduction, ignore_index)
        if isinstance(grad_output, _T) and isinstance(input, _T) and isinstance(target, _T) and (weight is None or isinstance(weight, _T)):
            return _H__nll_loss_backward.call((grad_output, input, target, weight, reduction, ignore_index))
    return _G__nll_loss_backward.parse((grad_output, input, target, weight, reduction, ignore_index, ), {})


@_G_gelu.documents
def gelu(input):
    if input.__class__ is _T:  # gelu
        return _F_gelu(input)
    if isinstance(input, _TN):
        return _H_gelu.call((input,))
    return _G_gelu.parse((input, ), {})


@_G__gelu_backward.documents
def _gelu_backward(grad_output, input):
    if grad_output.__class__ is _T and input.__class__ is _T:  # _gelu_backward
        return _F__gelu_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__gelu_backward.call((grad_output, input))
    return _G__gelu_backward.parse((grad_output, input, ), {})


@_G__gelu_tanh.documents
def _gelu_tanh(input):
    if input.__class__ is _T:  # _gelu_tanh
        return _F__gelu_tanh(input)
    if isinstance(input, _TN):
        return _H__gelu_tanh.call((input,))
    return _G__gelu_tanh.parse((input, ), {})


@_G__gelu_tanh_backward.documents
def _gelu_tanh_backward(grad_output, input):
    if grad_output.__class__ is _T and input.__class__ is _T:  # _gelu_tanh_backward
        return _F__gelu_tanh_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__gelu_tanh_backward.call((grad_output, input))
    return _G__gelu_tanh_backward.parse((grad_output, input, ), {})


@_G_silu.documents
def silu(input):
    if input.__class__ is _T:  # silu
        return _F_silu(input)
    if isinstance(input, _TN):
        return _H_silu.call((input,))
    return _G_silu.parse((input, ), {})


@_G_silu_.documents
def silu_(input):
    if input.__class__ is _T:  # silu_
        return _F_silu_(input)
    if isinstance(input, _T):
        return _H_silu_.call((input,))
    return _G_silu_.parse((input, ), {})


@_G__copy_strided.documents
def _copy_strided(input):
    if input.__class__ is _T:  # _copy_strided
        return _F__copy_strided(input)
    if isinstance(input, _TN):
        return _H__copy_strided.call((input,))
    return _G__copy_strided.parse((input, ), {})


@_G_leaky_relu.documents
def leaky_relu(input, negative_slope=0.01):
    if negative_slope.__class__ in _NUM:  # leaky_relu
        if input.__class__ is _T:
            return _F_leaky_relu(input, negative_slope)
        if isinstance(input, _TN):
            return _H_leaky_relu.call((input, negative_slope))
    return _G_leaky_relu.parse((input, negative_slope, ), {})


@_G_leaky_relu_.documents
def leaky_relu_(input, negative_slope=0.01):
    if negative_slope.__class__ in _NUM:  # leaky_relu_
        if input.__class__ is _T:
            return _F_leaky_relu_(input, negative_slope)
        if isinstance(input, _T):
            return _H_leaky_relu_.call((input, negative_slope))
    return _G_leaky_relu_.parse((input, negative_slope, ), {})


@_G__leaky_relu_backward.documents
def _leaky_relu_backward(grad_output, input, negative_slope):
    if negative_slope.__class__ in _NUM:  # _leaky_relu_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__leaky_relu_backward(grad_output, input, negative_slope)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__leaky_relu_backward.call((grad_output, input, negative_slope))
    return _G__leaky_relu_backward.parse((grad_output, input, negative_slope, ), {})


@_G__tanh_backward.documents
def _tanh_backward(grad_output, tanh_out):
    if grad_output.__class__ is _T and tanh_out.__class__ is _T:  # _tanh_backward
        return _F__tanh_backward(grad_output, tanh_out)
    if isinstance(grad_output, _TN) and isinstance(tanh_out, _TN):
        return _H__tanh_backward.call((grad_output, tanh_out))
    return _G__tanh_backward.parse((grad_output, tanh_out, ), {})


@_G__layer_norm.documents
def _layer_norm(input, weight, bias, eps):
    if eps.__class__ in _FLT:  # _layer_norm
        if input.__class__ is _T and weight.__class__ is _T and bias.__class__ is _T:
            return _F__layer_norm(input, weight, bias, eps)
        if isinstance(input, _T) and isinstance(weight, _T) and isinstance(bias, _T):
            return _H__layer_norm.call((input, weight, bias, eps))
    return _G__layer_norm.parse((input, weight, bias, eps, ), {})


@_G__layer_norm_backward.documents
def _layer_norm_backward(grad_output, input, weight, eps):
    if eps.__class__ in _FLT:  # _layer_norm_backward
        if grad_output.__class__ is _T and input.__class__ is _T and weight.__class__ is _T:
            return _F__layer_norm_backward(grad_output, input, weight, eps)
        if isinstance(grad_output, _T) and isinstance(input, _T) and isinstance(weight, _T):
            return _H__layer_norm_backward.call((grad_output, input, weight, eps))
    return _G__layer_norm_backward.parse((grad_output, input, weight, eps, ), {})


@_G__layer_norm_backward_all.documents
def _layer_norm_backward_all(grad_output, input, weight, eps):
    if eps.__class__ in _FLT:  # _layer_norm_backward_all
        if grad_output.__class__ is _T and input.__class__ is _T and weight.__class__ is _T:
            return _F__layer_norm_backward_all(grad_output, input, weight, eps)
        if isinstance(grad_output, _T) and isinstance(input, _T) and isinstance(weight, _T):
            return _H__layer_norm_backward_all.call((grad_output, input, weight, eps))
    return _G__layer_norm_backward_all.parse((grad_output, input, weight, eps, ), {})


@_G__layer_norm_weight_grad.documents
def _layer_norm_weight_grad(grad_output, input, eps):
    if eps.__class__ in _FLT:  # _layer_norm_weight_grad
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__layer_norm_weight_grad(grad_output, input, eps)
        if isinstance(grad_output, _T) and isinstance(input, _T):
            return _H__layer_norm_weight_grad.call((grad_output, input, eps))
    return _G__layer_norm_weight_grad.parse((grad_output, input, eps, ), {})


@_G__sdpa.documents
def _sdpa(query, key, value, scale, is_causal):
    if scale.__class__ in _FLT and is_causal.__class__ is bool:  # _sdpa
        if query.__class__ is _T and key.__class__ is _T and value.__class__ is _T:
            return _F__sdpa(query, key, value, scale, is_causal)
        if isinstance(query, _T) and isinstance(key, _T) and isinstance(value, _T):
            return _H__sdpa.call((query, key, value, scale, is_causal))
    return _G__sdpa.parse((query, key, value, scale, is_causal, ), {})


@_G__sdpa_backward.documents
def _sdpa_backward(grad, query, key, value, scale, is_causal):
    if scale.__class__ in _FLT and is_causal.__class__ is bool:  # _sdpa_backward
        if grad.__class__ is _T and query.__class__ is _T and key.__class__ is _T and value.__class__ is _T:
            return _F__sdpa_backward(grad, query, key, value, scale, is_causal)
        if isinstance(grad, _T) and isinstance(query, _T) and isinstance(key, _T) and isinstance(value, _T):
            return _H__sdpa_backward.call((grad, query, key, value, scale, is_causal))
    return _G__sdpa_backward.parse((grad, query, key, value, scale, is_causal, ), {})


@_G__softmax_backward.documents
def _softmax_backward(grad_output, probs, dim):
    if dim.__class__ is int:  # _softmax_backward
        if grad_output.__class__ is _T and probs.__class__ is _T:
            return _F__softmax_backward(grad_output, probs, dim)
        if isinstance(grad_output, _T) and isinstance(probs, _T):
            return _H__softmax_backward.call((grad_output, probs, dim))
    return _G__softmax_backward.parse((grad_output, probs, dim, ), {})


@_G__log_softmax_backward.documents
def _log_softmax_backward(grad_output, log_probs, dim):
    if dim.__class__ is int:  # _log_softmax_backward
        if grad_output.__class__ is _T and log_probs.__class__ is _T:
            return _F__log_softmax_backward(grad_output, log_probs, dim)
        if isinstance(grad_output, _T) and isinstance(log_probs, _T):
            return _H__log_softmax_backward.call((grad_output, log_probs, dim))
    return _G__log_softmax_backward.parse((grad_output, log_probs, dim, ), {})


@_G_mm.documents
def mm(input, mat2, *, out=None):
    if out is None:  # mm
        if input.__class__ is _T and mat2.__class__ is _T:
            return _F_mm(input, mat2)
        if isinstance(input, _T) and isinstance(mat2, _T):
            return _H_mm.call((input, mat2))
    if input.__class__ is _T and mat2.__class__ is _T and out.__class__ is _T:  # mm.out
        return _F_mm_out(input, mat2, out)
    if isinstance(input, _T) and isinstance(mat2, _T) and isinstance(out, _T):
        return _H_mm_out.call((input, mat2, out))
    return _G_mm.parse((input, mat2, ), {'out': out})


@_G_bmm.documents
def bmm(input, mat2):
    if input.__class__ is _T and mat2.__class__ is _T:  # bmm
        return _F_bmm(input, mat2)
    if isinstance(input, _T) and isinstance(mat2, _T):
        return _H_bmm.call((input, mat2))
    return _G_bmm.parse((input, mat2, ), {})


@_G_dot.documents
def dot(input, tensor):
    if input.__class__ is _T and tensor.__class__ is _T:  # dot
        return _F_dot(input, tensor)
    if isinstance(input, _T) and isinstance(tensor, _T):
        return _H_dot.call((input, tensor))
    return _G_dot.parse((input, tensor, ), {})


@_G__linear.documents
def _linear(input, weight, bias):
    if input.__class__ is _T and weight.__class__ is _T and (bias is None or bias.__class__ is _T):  # _linear
        return _F__linear(input, weight, bias)
    if isinstance(input, _T) and isinstance(weight, _T) and (bias is None or isinstance(bias, _T)):
        return _H__linear.call((input, weight, bias))
    return _G__linear.parse((input, weight, bias, ), {})


@_G_matmul.documents
def matmul(input, other):
    if input.__class__ is _T and other.__class__ is _T:  # matmul
        return _F_matmul(input, other)
    if isinstance(input, _T) and isinstance(other, _T):
        return _H_matmul.call((input, other))
    return _G_matmul.parse((input, other, ), {})


@_G_reshape.documents
def reshape(*args, **kwargs):
    return _G_reshape.parse((*args,), kwargs)


@_G_t.documents
def t(input):
    if input.__class__ is _T:  # t
        return _F_t(input)
    if isinstance(input, _T):
        return _H_t.call((input,))
    return _G_t.parse((input, ), {})


@_G_transpose.documents
def transpose(input, dim0, dim1):
    if dim0.__class__ is int and dim1.__class__ is int:  # transpose.int
        if input.__class__ is _T:
            return _F_transpose_int(input, dim0, dim1)
        if isinstance(input, _T):
            return _H_transpose_int.call((input, dim0, dim1))
    return _G_transpose.parse((input, dim0, dim1, ), {})


@_G_permute.documents
def permute(*args, **kwargs):
    return _G_permute.parse((*args,), kwargs)


@_G_squeeze.documents
def squeeze(*args, **kwargs):
    return _G_squeeze.parse((*args,), kwargs)


@_G_unsqueeze.documents
def unsqueeze(input, dim):
    if dim.__class__ is int:  # unsqueeze
        if input.__class__ is _T:
            return _F_unsqueeze(input, dim)
        if isinstance(input, _T):
            return _H_unsqueeze.call((input, dim))
    return _G_unsqueeze.parse((input, dim, ), {})


@_G_flatten.documents
def flatten(input, start_dim=0, end_dim=-1):
    if start_dim.__class__ is int and end_dim.__class__ is int:  # flatten.using_ints
        if input.__class__ is _T:
            return _F_flatten_using_ints(input, start_dim, end_dim)
        if isinstance(input, _T):
            return _H_flatten_using_ints.call((input, start_dim, end_dim))
    return _G_flatten.parse((input, start_dim, end_dim, ), {})


@_G_narrow.documents
def narrow(input, dim, start, length):
    if dim.__class__ is int and start.__class__ is int and length.__class__ is int:  # narrow
        if input.__class__ is _T:
            return _F_narrow(input, dim, start, length)
        if isinstance(input, _T):
            return _H_narrow.call((input, dim, start, length))
    return _G_narrow.parse((input, dim, start, length, ), {})


@_G_select.documents
def select(input, dim, index):
    if dim.__class__ is int and index.__class__ is int:  # select.int
        if input.__class__ is _T:
            return _F_select_int(input, dim, index)
        if isinstance(input, _T):
            return _H_select_int.call((input, dim, index))
    return _G_select.parse((input, dim, index, ), {})


@_G_slice.documents
def slice(input, dim=0, start=None, end=None, step=1):
    if dim.__class__ is int and (start is None or start.__class__ is int) and (end is None or end.__class__ is int) and step.__class__ is int:  # slice.Tensor
        if input.__class__ is _T:
            return _F_slice_Tensor(input, dim, start, end, step)
        if isinstance(input, _T):
            return _H_slice_Tensor.call((input, dim, start, end, step))
    return _G_slice.parse((input, dim, start, end, step, ), {})


@_G_split.documents
def split(input, split_size, dim=0):
    if split_size.__class__ is int and dim.__class__ is int:  # split.Tensor
        if input.__class__ is _T:
            return _F_split_Tensor(input, split_size, dim)
        if isinstance(input, _T):
            return _H_split_Tensor.call((input, split_size, dim))
    if (split_size.__class__ is int or _b.int_seq(split_size)) and dim.__class__ is int:  # split.sizes
        if input.__class__ is _T:
            return _F_split_sizes(input, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim)
        if isinstance(input, _T):
            return _H_split_sizes.call((input, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim))
    return _G_split.parse((input, split_size, dim, ), {})


@_G_chunk.documents
def chunk(input, chunks, dim=0):
    if chunks.__class__ is int and dim.__class__ is int:  # chunk
        if input.__class__ is _T:
            return _F_chunk(input, chunks, dim)
        if isinstance(input, _T):
            return _H_chunk.call((input, chunks, dim))
    return _G_chunk.parse((input, chunks, dim, ), {})


@_G_cat.documents
def cat(tensors, dim=0):
    if dim.__class__ is int:  # cat
        if tensors.__class__ in _SEQ:
            return _H_cat.call((tensors, dim))
    return _G_cat.parse((tensors, dim, ), {})


@_G_stack.documents
def stack(tensors, dim=0):
    if dim.__class__ is int:  # stack
        if tensors.__class__ in _SEQ:
            return _H_stack.call((tensors, dim))
    return _G_stack.parse((tensors, dim, ), {})


@_G_gather.documents
def gather(input, dim, index, *, sparse_grad=False):
    if dim.__class__ is int and sparse_grad.__class__ is bool:  # gather
        if input.__class__ is _T and index.__class__ is _T:
            return _F_gather(input, dim, index, sparse_grad)
        if isinstance(input, _T) and isinstance(index, _T):
            return _H_gather.call((input, dim, index, sparse_grad))
    return _G_gather.parse((input, dim, index, ), {'sparse_grad': sparse_grad})


@_G_index_select.documents
def index_select(input, dim, index):
    if dim.__class__ is int:  # index_select
        if input.__class__ is _T and index.__class__ is _T:
            return _F_index_select(input, dim, index)
        if isinstance(input, _T) and isinstance(index, _T):
            return _H_index_select.call((input, dim, index))
    return _G_index_select.parse((input, dim, index, ), {})


@_G_masked_fill.documents
def masked_fill(input, mask, value):
    if value.__class__ in _NUM:  # masked_fill.Scalar
        if input.__class__ is _T and mask.__class__ is _T:
            return _F_masked_fill_Scalar(input, mask, value)
        if isinstance(input, _T) and isinstance(mask, _T):
            return _H_masked_fill_Scalar.call((input, mask, value))
    return _G_masked_fill.parse((input, mask, value, ), {})


@_G_index.documents
def index(input, indices):
    if isinstance(input, _T) and indices.__class__ in _SEQ:  # index.Tensor
        return _H_index_Tensor.call((input, indices))
    return _G_index.parse((input, indices, ), {})


@_G_index_put.documents
def index_put(input, indices, values, accumulate=False):
    if accumulate.__class__ is bool:  # index_put
        if isinstance(input, _T) and indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put.call((input, indices, values, accumulate))
    return _G_index_put.parse((input, indices, values, accumulate, ), {})


@_G_index_put_.documents
def index_put_(input, indices, values, accumulate=False):
    if accumulate.__class__ is bool:  # index_put_
        if isinstance(input, _T) and indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put_.call((input, indices, values, accumulate))
    return _G_index_put_.parse((input, indices, values, accumulate, ), {})


@_G_clone.documents
def clone(input):
    if input.__class__ is _T:  # clone
        return _F_clone(input)
    if isinstance(input, _T):
        return _H_clone.call((input,))
    return _G_clone.parse((input, ), {})


@_G_fill_.documents
def fill_(input, value):
    if value.__class__ in _NUM:  # fill_.Scalar
        if input.__class__ is _T:
            return _F_fill__Scalar(input, value)
        if isinstance(input, _T):
            return _H_fill__Scalar.call((input, value))
    return _G_fill_.parse((input, value, ), {})


@_G_zero_.documents
def zero_(input):
    if input.__class__ is _T:  # zero_
        return _F_zero_(input)
    if isinstance(input, _T):
        return _H_zero_.call((input,))
    return _G_zero_.parse((input, ), {})


@_G_flip.documents
def flip(*args, **kwargs):
    return _G_flip.parse((*args,), kwargs)


@_G_roll.documents
def roll(input, shifts, dims=()):
    if (shifts.__class__ is int or _b.int_seq(shifts)) and (dims.__class__ is int or _b.int_seq(dims)):  # roll
        if input.__class__ is _T:
            return _F_roll(input, ((shifts,) if shifts.__class__ is int else tuple(shifts) if shifts.__class__ is list else shifts), ((dims,) if dims.__class__ is int else tuple(dims) if dims.__class__ is list else dims))
        if isinstance(input, _T):
            return _H_roll.call((input, ((shifts,) if shifts.__class__ is int else tuple(shifts) if shifts.__class__ is list else shifts), ((dims,) if dims.__class__ is int else tuple(dims) if dims.__class__ is list else dims)))
    return _G_roll.parse((input, shifts, dims, ), {})


@_G_unbind.documents
def unbind(input, dim=0):
    if dim.__class__ is int:  # unbind.int
        if input.__class__ is _T:
            return _F_unbind_int(input, dim)
        if isinstance(input, _T):
            return _H_unbind_int.call((input, dim))
    return _G_unbind.parse((input, dim, ), {})


@_G_broadcast_to.documents
def broadcast_to(*args, **kwargs):
    return _G_broadcast_to.parse((*args,), kwargs)


@_G_tile.documents
def tile(*args, **kwargs):
    return _G_tile.parse((*args,), kwargs)


@_G_movedim.documents
def movedim(input, source, destination):
    if source.__class__ is int and destination.__class__ is int:  # movedim.int
        if input.__class__ is _T:
            return _F_movedim_int(input, source, destination)
        if isinstance(input, _T):
            return _H_movedim_int.call((input, source, destination))
    return _G_movedim.parse((input, source, destination, ), {})


@_G_hstack.documents
def hstack(*args, **kwargs):
    return _G_hstack.parse((*args,), kwargs)


@_G_vstack.documents
def vstack(*args, **kwargs):
    return _G_vstack.parse((*args,), kwargs)


@_G__unique2.documents
def _unique2(input, sorted=True, return_inverse=False, return_counts=False):
    if sorted.__class__ is bool and return_inverse.__class__ is bool and return_counts.__class__ is bool:  # _unique2
        if input.__class__ is _T:
            return _F__unique2(input, sorted, return_inverse, return_counts)
        if isinstance(input, _T):
            return _H__unique2.call((input, sorted, return_inverse, return_counts))
    return _G__unique2.parse((input, sorted, return_inverse, return_counts, ), {})


@_G_sparse_coo_tensor.documents
def sparse_coo_tensor(indices, values, size=None, *, dtype=None, is_coalesced=None):
    if (size is None or size.__class__ is int or _b.int_seq(size)) and (dtype is None or dtype.__class__ is _DT) and (is_coalesced is None or is_coalesced.__class__ is bool):  # sparse_coo_tensor
        if indices.__class__ is _T and values.__class__ is _T:
            return _F_sparse_coo_tensor(indices, values, ((size,) if size.__class__ is int else tuple(size) if size.__class__ is list else size), dtype, is_coalesced)
        if isinstance(indices, _T) and isinstance(values, _T):
            return _H_sparse_coo_tensor.call((indices, values, ((size,) if size.__class__ is int else tuple(size) if size.__class__ is list else size), dtype, is_coalesced))
    return _G_sparse_coo_tensor.parse((indices, values, size, ), {'dtype': dtype, 'is_coalesced': is_coalesced})


@_G_sparse_sampled_mm.documents
def sparse_sampled_mm(input, mat1, mat2):
    if input.__class__ is _T and mat1.__class__ is _T and mat2.__class__ is _T:  # sparse_sampled_mm
        return _F_sparse_sampled_mm(input, mat1, mat2)
    if isinstance(input, _T) and isinstance(mat1, _T) and isinstance(mat2, _T):
        return _H_sparse_sampled_mm.call((input, mat1, mat2))
    return _G_sparse_sampled_mm.parse((input, mat1, mat2, ), {})


@_G__sparse_values_at.documents
def _sparse_values_at(input, indices):
    if input.__class__ is _T and indices.__class__ is _T:  # _sparse_values_at
        return _F__sparse_values_at(input, indices)
    if isinstance(input, _T) and isinstance(indices, _T):
        return _H__sparse_values_at.call((input, indices))
    return _G__sparse_values_at.parse((input, indices, ), {})


@_G_log10.documents
def log10(input, *, out=None):
    if out is None:  # log10
        if input.__class__ is _T:
            return _F_log10(input)
        if isinstance(input, _TN):
            return _H_log10.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # log10.out
        return _F_log10_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log10_out.call((input, out))
    return _G_log10.parse((input, ), {'out': out})


@_G_log2.documents
def log2(input, *, out=None):
    if out is None:  # log2
        if input.__class__ is _T:
            return _F_log2(input)
        if isinstance(input, _TN):
            return _H_log2.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # log2.out
        return _F_log2_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log2_out.call((input, out))
    return _G_log2.parse((input, ), {'out': out})


@_G_isnan.documents
def isnan(input):
    if input.__class__ is _T:  # isnan
        return _F_isnan(input)
    if isinstance(input, _TN):
        return _H_isnan.call((input,))
    return _G_isnan.parse((input, ), {})


@_G_isinf.documents
def isinf(input):
    if input.__class__ is _T:  # isinf
        return _F_isinf(input)
    if isinstance(input, _TN):
        return _H_isinf.call((input,))
    return _G_isinf.parse((input, ), {})


@_G_isfinite.documents
def isfinite(input):
    if input.__class__ is _T:  # isfinite
        return _F_isfinite(input)
    if isinstance(input, _TN):
        return _H_isfinite.call((input,))
    return _G_isfinite.parse((input, ), {})


@_G_logical_xor.documents
def logical_xor(input, other, *, out=None):
    if out is None:  # logical_xor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_logical_xor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_logical_xor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # logical_xor.out
        return _F_logical_xor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_xor_out.call((input, other, out))
    return _G_logical_xor.parse((input, other, ), {'out': out})


@_G_bitwise_and.documents
def bitwise_and(input, other, *, out=None):
    if out is None:  # bitwise_and.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_bitwise_and_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_bitwise_and_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # bitwise_and.Tensor_out
        return _F_bitwise_and_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_bitwise_and_Tensor_out.call((input, other, out))
    return _G_bitwise_and.parse((input, other, ), {'out': out})


@_G_bitwise_or.documents
def bitwise_or(input, other, *, out=None):
    if out is None:  # bitwise_or.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_bitwise_or_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_bitwise_or_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # bitwise_or.Tensor_out
        return _F_bitwise_or_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_bitwise_or_Tensor_out.call((input, other, out))
    return _G_bitwise_or.parse((input, other, ), {'out': out})


@_G_bitwise_xor.documents
def bitwise_xor(input, other, *, out=None):
    if out is None:  # bitwise_xor.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_bitwise_xor_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_bitwise_xor_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # bitwise_xor.Tensor_out
        return _F_bitwise_xor_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_bitwise_xor_Tensor_out.call((input, other, out))
    return _G_bitwise_xor.parse((input, other, ), {'out': out})


@_G_bitwise_not.documents
def bitwise_not(input, *, out=None):
    if out is None:  # bitwise_not
        if input.__class__ is _T:
            return _F_bitwise_not(input)
        if isinstance(input, _T):
            return _H_bitwise_not.call((input,))
    if input.__class__ is _T and out.__class__ is _T:  # bitwise_not.out
        return _F_bitwise_not_out(input, out)
    if isinstance(input, _T) and isinstance(out, _T):
        return _H_bitwise_not_out.call((input, out))
    return _G_bitwise_not.parse((input, ), {'out': out})


@_G_fmod.documents
def fmod(input, other, *, out=None):
    if out is None:  # fmod.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_fmod_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_fmod_Tensor.call((input, other))
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:  # fmod.Tensor_out
        return _F_fmod_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_fmod_Tensor_out.call((input, other, out))
    return _G_fmod.parse((input, other, ), {'out': out})


@_G_lerp.documents
def lerp(input, end, weight, *, out=None):
    if out is None and weight.__class__ in _NUM:  # lerp.Scalar
        if input.__class__ is _T and end.__class__ is _T:
            return _F_lerp_Scalar(input, end, weight)
        if isinstance(input, _TN) and isinstance(end, _TN):
            return _H_lerp_Scalar.call((input, end, weight))
    if weight.__class__ in _NUM:  # lerp.Scalar_out
        if input.__class__ is _T and end.__class__ is _T and out.__class__ is _T:
            return _F_lerp_Scalar_out(input, end, weight, out)
        if isinstance(input, _TN) and isinstance(end, _TN) and isinstance(out, _T):
            return _H_lerp_Scalar_out.call((input, end, weight, out))
    if out is None:  # lerp.Tensor
        if input.__class__ is _T and end.__class__ is _T and weight.__class__ is _T:
            return _F_lerp_Tensor(input, end, weight)
        if isinstance(input, _TN) and isinstance(end, _TN) and isinstance(weight, _TN):
            return _H_lerp_Tensor.call((input, end, weight))
    if input.__class__ is _T and end.__class__ is _T and weight.__class__ is _T and out.__class__ is _T:  # lerp.Tensor_out
        return _F_lerp_Tensor_out(input, end, weight, out)
    if isinstance(input, _TN) and isinstance(end, _TN) and isinstance(weight, _TN) and isinstance(out, _T):
        return _H_lerp_Tensor_out.call((input, end, weight, out))
    return _G_lerp.parse((input, end, weight, ), {'out': out})


@_G__adam_exp_avg_sq.documents
def _adam_exp_avg_sq(input, grad, beta, weight):
    if beta.__class__ in _FLT and weight.__class__ in _FLT:  # _adam_exp_avg_sq
        if input.__class__ is _T and grad.__class__ is _T:
            return _F__adam_exp_avg_sq(input, grad, beta, weight)
        if isinstance(input, _TN) and isinstance(grad, _TN):
            return _H__adam_exp_avg_sq.call((input, grad, beta, weight))
    return _G__adam_exp_avg_sq.parse((input, grad, beta, weight, ), {})


@_G__adam_exp_avg_sq_.documents
def _adam_exp_avg_sq_(input, grad, beta, weight):
    if beta.__class__ in _FLT and weight.__class__ in _FLT:  # _adam_exp_avg_sq_
        if input.__class__ is _T and grad.__class__ is _T:
            return _F__adam_exp_avg_sq_(input, grad, beta, weight)
        if isinstance(input, _T) and isinstance(grad, _TN):
            return _H__adam_exp_avg_sq_.call((input, grad, beta, weight))
    return _G__adam_exp_avg_sq_.parse((input, grad, beta, weight, ), {})


@_G__adam_param_step.documents
def _adam_param_step(input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps):
    if decay.__class__ in _FLT and step.__class__ in _FLT and bias_correction2_sqrt.__class__ in _FLT and eps.__class__ in _FLT:  # _adam_param_step
        if input.__class__ is _T and exp_avg.__class__ is _T and exp_avg_sq.__class__ is _T:
            return _F__adam_param_step(input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps)
        if isinstance(input, _TN) and isinstance(exp_avg, _TN) and isinstance(exp_avg_sq, _TN):
            return _H__adam_param_step.call((input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps))
    return _G__adam_param_step.parse((input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps, ), {})


@_G__adam_param_step_.documents
def _adam_param_step_(input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps):
    if decay.__class__ in _FLT and step.__class__ in _FLT and bias_correction2_sqrt.__class__ in _FLT and eps.__class__ in _FLT:  # _adam_param_step_
        if input.__class__ is _T and exp_avg.__class__ is _T and exp_avg_sq.__class__ is _T:
            return _F__adam_param_step_(input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps)
        if isinstance(input, _T) and isinstance(exp_avg, _TN) and isinstance(exp_avg_sq, _TN):
            return _H__adam_param_step_.call((input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps))
    return _G__adam_param_step_.parse((input, exp_avg, exp_avg_sq, decay, step, bias_correction2_sqrt, eps, ), {})


@_G__nan_to_num.documents
def _nan_to_num(input, nan, posinf, neginf):
    if nan.__class__ in _FLT and posinf.__class__ in _FLT and neginf.__class__ in _FLT:  # _nan_to_num
        if input.__class__ is _T:
            return _F__nan_to_num(input, nan, posinf, neginf)
        if isinstance(input, _TN):
            return _H__nan_to_num.call((input, nan, posinf, neginf))
    return _G__nan_to_num.parse((input, nan, posinf, neginf, ), {})


@_G_nan_to_num.documents
def nan_to_num(input, nan=None, posinf=None, neginf=None, *, out=None):
    if out is None and (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num
        if input.__class__ is _T:
            return _F_nan_to_num(input, nan, posinf, neginf)
        if isinstance(input, _T):
            return _H_nan_to_num.call((input, nan, posinf, neginf))
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_nan_to_num_out(input, nan, posinf, neginf, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_nan_to_num_out.call((input, nan, posinf, neginf, out))
    return _G_nan_to_num.parse((input, nan, posinf, neginf, ), {'out': out})


@_G_nan_to_num_.documents
def nan_to_num_(input, nan=None, posinf=None, neginf=None):
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num_
        if input.__class__ is _T:
            return _F_nan_to_num_(input, nan, posinf, neginf)
        if isinstance(input, _T):
            return _H_nan_to_num_.call((input, nan, posinf, neginf))
    return _G_nan_to_num_.parse((input, nan, posinf, neginf, ), {})


@_G_cumsum.documents
def cumsum(input, dim, *, dtype=None, out=None):
    if out is None and dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumsum
        if input.__class__ is _T:
            return _F_cumsum(input, dim, dtype)
        if isinstance(input, _T):
            return _H_cumsum.call((input, dim, dtype))
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumsum.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_cumsum_out(input, dim, dtype, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_cumsum_out.call((input, dim, dtype, out))
    return _G_cumsum.parse((input, dim, ), {'dtype': dtype, 'out': out})


@_G_cumprod.documents
def cumprod(input, dim, *, dtype=None, out=None):
    if out is None and dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumprod
        if input.__class__ is _T:
            return _F_cumprod(input, dim, dtype)
        if isinstance(input, _T):
            return _H_cumprod.call((input, dim, dtype))
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumprod.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_cumprod_out(input, dim, dtype, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_cumprod_out.call((input, dim, dtype, out))
    return _G_cumprod.parse((input, dim, ), {'dtype': dtype, 'out': out})


@_G_sort.documents
def sort(*args, **kwargs):
    return _G_sort.parse((*args,), kwargs)


@_G_argsort.documents
def argsort(*args, **kwargs):
    return _G_argsort.parse((*args,), kwargs)


@_G_topk.documents
def topk(input, k, dim=-1, largest=True, sorted=True):
    if k.__class__ is int and dim.__class__ is int and largest.__class__ is bool and sorted.__class__ is bool:  # topk
        if input.__class__ is _T:
            return _F_topk(input, k, dim, largest, sorted)
        if isinstance(input, _T):
            return _H_topk.call((input, k, dim, largest, sorted))
    return _G_topk.parse((input, k, dim, largest, sorted, ), {})


@_G_scatter.documents
def scatter(*args, **kwargs):
    return _G_scatter.parse((*args,), kwargs)


@_G_scatter_add.documents
def scatter_add(input, dim, index, src):
    if dim.__class__ is int:  # scatter_add
        if input.__class__ is _T and index.__class__ is _T and src.__class__ is _T:
            return _F_scatter_add(input, dim, index, src)
        if isinstance(input, _T) and isinstance(index, _T) and isinstance(src, _T):
            return _H_scatter_add.call((input, dim, index, src))
    return _G_scatter_add.parse((input, dim, index, src, ), {})


@_G_index_add.documents
def index_add(input, dim, index, source, *, alpha=1):
    if dim.__class__ is int and alpha.__class__ in _NUM:  # index_add
        if input.__class__ is _T and index.__class__ is _T and source.__class__ is _T:
            return _F_index_add(input, dim, index, source, alpha)
        if isinstance(input, _T) and isinstance(index, _T) and isinstance(source, _T):
            return _H_index_add.call((input, dim, index, source, alpha))
    return _G_index_add.parse((input, dim, index, source, ), {'alpha': alpha})


@_G_one_hot.documents
def one_hot(input, num_classes=-1):
    if num_classes.__class__ is int:  # one_hot
        if input.__class__ is _T:
            return _F_one_hot(input, num_classes)
        if isinstance(input, _T):
            return _H_one_hot.call((input, num_classes))
    return _G_one_hot.parse((input, num_classes, ), {})


@_G_embedding.documents
def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    if padding_idx.__class__ is int and scale_grad_by_freq.__class__ is bool and sparse.__class__ is bool:  # embedding
        if weight.__class__ is _T and indices.__class__ is _T:
            return _F_embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)
        if isinstance(weight, _T) and isinstance(indices, _T):
            return _H_embedding.call((weight, indices, padding_idx, scale_grad_by_freq, sparse))
    return _G_embedding.parse((weight, indices, padding_idx, scale_grad_by_freq, sparse, ), {})


@_G_tril.documents
def tril(input, diagonal=0, *, out=None):
    if out is None and diagonal.__class__ is int:  # tril
        if input.__class__ is _T:
            return _F_tril(input, diagonal)
        if isinstance(input, _T):
            return _H_tril.call((input, diagonal))
    if diagonal.__class__ is int:  # tril.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_tril_out(input, diagonal, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_tril_out.call((input, diagonal, out))
    return _G_tril.parse((input, diagonal, ), {'out': out})


@_G_triu.documents
def triu(input, diagonal=0, *, out=None):
    if out is None and diagonal.__class__ is int:  # triu
        if input.__class__ is _T:
            return _F_triu(input, diagonal)
        if isinstance(input, _T):
            return _H_triu.call((input, diagonal))
    if diagonal.__class__ is int:  # triu.out
        if input.__class__ is _T and out.__class__ is _T:
            return _F_triu_out(input, diagonal, out)
        if isinstance(input, _T) and isinstance(out, _T):
            return _H_triu_out.call((input, diagonal, out))
    return _G_triu.parse((input, diagonal, ), {'out': out})


@_G_var.documents
def var(*args, **kwargs):
    return _G_var.parse((*args,), kwargs)


@_G_std.documents
def std(*args, **kwargs):
    return _G_std.parse((*args,), kwargs)


@_G_var_mean.documents
def var_mean(*args, **kwargs):
    return _G_var_mean.parse((*args,), kwargs)


@_G_std_mean.documents
def std_mean(*args, **kwargs):
    return _G_std_mean.parse((*args,), kwargs)


@_G_norm.documents
def norm(input, p=2, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (p is None or p.__class__ in _NUM) and (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # norm.ScalarOpt_dim
        if input.__class__ is _T:
            return _F_norm_ScalarOpt_dim(input, p, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(input, _T):
            return _H_norm_ScalarOpt_dim.call((input, p, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))
    return _G_norm.parse((input, p, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_G_unflatten.documents
def unflatten(*args, **kwargs):
    return _G_unflatten.parse((*args,), kwargs)


@_G_outer.documents
def outer(input, vec2):
    if input.__class__ is _T and vec2.__class__ is _T:  # outer
        return _F_outer(input, vec2)
    if isinstance(input, _T) and isinstance(vec2, _T):
        return _H_outer.call((input, vec2))
    return _G_outer.parse((input, vec2, ), {})


@_G_addmm.documents
def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    if out is None and beta.__class__ in _NUM and alpha.__class__ in _NUM:  # addmm
        if input.__class__ is _T and mat1.__class__ is _T and mat2.__class__ is _T:
            return _F_addmm(input, mat1, mat2, beta, alpha)
        if isinstance(input, _T) and isinstance(mat1, _T) and isinstance(mat2, _T):
            return _H_addmm.call((input, mat1, mat2, beta, alpha))
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # addmm.out
        if input.__class__ is _T and mat1.__class__ is _T and mat2.__class__ is _T and out.__class__ is _T:
            return _F_addmm_out(input, mat1, mat2, beta, alpha, out)
        if isinstance(input, _T) and isinstance(mat1, _T) and isinstance(mat2, _T) and isinstance(out, _T):
            return _H_addmm_out.call((input, mat1, mat2, beta, alpha, out))
    return _G_addmm.parse((input, mat1, mat2, ), {'beta': beta, 'alpha': alpha, 'out': out})


@_G_baddbmm.documents
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # baddbmm
        if input.__class__ is _T and batch1.__class__ is _T and batch2.__class__ is _T:
            return _F_baddbmm(input, batch1, batch2, beta, alpha)
        if isinstance(input, _T) and isinstance(batch1, _T) and isinstance(batch2, _T):
            return _H_baddbmm.call((input, batch1, batch2, beta, alpha))
    return _G_baddbmm.parse((input, batch1, batch2, ), {'beta': beta, 'alpha': alpha})


@_G_einsum.documents
def einsum(*args, **kwargs):
    return _G_einsum.parse((*args,), kwargs)


@_G_nonzero.documents
def nonzero(input, *, as_tuple=_MISSING):
    if as_tuple is _MISSING:  # nonzero
        if input.__class__ is _T:
            return _F_nonzero(input)
        if isinstance(input, _T):
            return _H_nonzero.call((input,))
    if as_tuple is not _MISSING and as_tuple.__class__ is bool:  # nonzero.as_tuple
        if input.__class__ is _T:
            return _F_nonzero_as_tuple(input, as_tuple)
        if isinstance(input, _T):
            return _H_nonzero_as_tuple.call((input, as_tuple))
    return _G_nonzero.parse((input, ), {'as_tuple': as_tuple})


@_G_nonzero_numpy.documents
def nonzero_numpy(input):
    if input.__class__ is _T:  # nonzero_numpy
        return _F_nonzero_numpy(input)
    if isinstance(input, _T):
        return _H_nonzero_numpy.call((input,))
    return _G_nonzero_numpy.parse((input, ), {})


@_G_masked_select.documents
def masked_select(input, mask):
    if input.__class__ is _T and mask.__class__ is _T:  # masked_select
        return _F_masked_select(input, mask)
    if isinstance(input, _T) and isinstance(mask, _T):
        return _H_masked_select.call((input, mask))
    return _G_masked_select.parse((input, mask, ), {})


@_G_repeat_interleave.documents
def repeat_interleave(*args, **kwargs):
    return _G_repeat_interleave.parse((*args,), kwargs)


@_G_meshgrid.documents
def meshgrid(*args, **kwargs):
    return _G_meshgrid.parse((*args,), kwargs)


@_G_diagonal.documents
def diagonal(input, offset=0, dim1=0, dim2=1):
    if offset.__class__ is int and dim1.__class__ is int and dim2.__class__ is int:  # diagonal
        if input.__class__ is _T:
            return _F_diagonal(input, offset, dim1, dim2)
        if isinstance(input, _T):
            return _H_diagonal.call((input, offset, dim1, dim2))
    return _G_diagonal.parse((input, offset, dim1, dim2, ), {})


@_G_diag.documents
def diag(input, diagonal=0):
    if diagonal.__class__ is int:  # diag
        if input.__class__ is _T:
            return _F_diag(input, diagonal)
        if isinstance(input, _T):
            return _H_diag.call((input, diagonal))
    return _G_diag.parse((input, diagonal, ), {})


@_G_trace.documents
def trace(input):
    if input.__class__ is _T:  # trace
        return _F_trace(input)
    if isinstance(input, _T):
        return _H_trace.call((input,))
    return _G_trace.parse((input, ), {})


@_G_constant_pad_nd.documents
def constant_pad_nd(input, pad, value=0):
    if (pad.__class__ is int or _b.int_seq(pad)) and value.__class__ in _NUM:  # constant_pad_nd
        if input.__class__ is _T:
            return _F_constant_pad_nd(input, ((pad,) if pad.__class__ is int else tuple(pad) if pad.__class__ is list else pad), value)
        if isinstance(input, _T):
            return _H_constant_pad_nd.call((input, ((pad,) if pad.__class__ is int else tuple(pad) if pad.__class__ is list else pad), value))
    return _G_constant_pad_nd.parse((input, pad, value, ), {})


@_G_cosine_similarity.documents
def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    if dim.__class__ is int and eps.__class__ in _FLT:  # cosine_similarity
        if x1.__class__ is _T and x2.__class__ is _T:
            return _F_cosine_similarity(x1, x2, dim, eps)
        if isinstance(x1, _T) and isinstance(x2, _T):
            return _H_cosine_similarity.call((x1, x2, dim, eps))
    return _G_cosine_similarity.parse((x1, x2, dim, eps, ), {})


@_G_kl_div.documents
def kl_div(input, target, reduction=1, *, log_target=False):
    if reduction.__class__ is int and log_target.__class__ is bool:  # kl_div
        if input.__class__ is _T and target.__class__ is _T:
            return _F_kl_div(input, target, reduction, log_target)
        if isinstance(input, _T) and isinstance(target, _T):
            return _H_kl_div.call((input, target, reduction, log_target))
    return _G_kl_div.parse((input, target, reduction, ), {'log_target': log_target})


@_G_huber_loss.documents
def huber_loss(input, target, reduction=1, delta=1.0):
    if reduction.__class__ is int and delta.__class__ in _FLT:  # huber_loss
        if input.__class__ is _T and target.__class__ is _T:
            return _F_huber_loss(input, target, reduction, delta)
        if isinstance(input, _T) and isinstance(target, _T):
            return _H_huber_loss.call((input, target, reduction, delta))
    return _G_huber_loss.parse((input, target, reduction, delta, ), {})


@_G__sparse_mm.documents
def _sparse_mm(input, mat2):
    if input.__class__ is _T and mat2.__class__ is _T:  # _sparse_mm
        return _F__sparse_mm(input, mat2)
    if isinstance(input, _T) and isinstance(mat2, _T):
        return _H__sparse_mm.call((input, mat2))
    return _G__sparse_mm.parse((input, mat2, ), {})


@_G_convolution.documents
def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    if (stride.__class__ is int or _b.int_seq(stride)) and (padding.__class__ is int or _b.int_seq(padding)) and (dilation.__class__ is int or _b.int_seq(dilation)) and transposed.__class__ is bool and (output_padding.__class__ is int or _b.int_seq(output_padding)) and groups.__class__ is int:  # convolution
        if input.__class__ is _T and weight.__class__ is _T and (bias is None or bias.__class__ is _T):
            return _F_convolution(input, weight, bias, ((stride,) if stride.__class__ is int else tuple(stride) if stride.__class__ is list else stride), ((padding,) if padding.__class__ is int else tuple(padding) if padding.__class__ is list else padding), ((dilation,) if dilation.__class__ is int else tuple(dilation) if dilation.__class__ is list else dilation), transposed, ((output_padding,) if output_padding.__class__ is int else tuple(output_padding) if output_padding.__class__ is list else output_padding), groups)
        if isinstance(input, _T) and isinstance(weight, _T) and (bias is None or isinstance(bias, _T)):
            return _H_convolution.call((input, weight, bias, ((stride,) if stride.__class__ is int else tuple(stride) if stride.__class__ is list else stride), ((padding,) if padding.__class__ is int else tuple(padding) if padding.__class__ is list else padding), ((dilation,) if dilation.__class__ is int else tuple(dilation) if dilation.__class__ is list else dilation), transposed, ((output_padding,) if output_padding.__class__ is int else tuple(output_padding) if output_padding.__class__ is list else output_padding), groups))
    return _G_convolution.parse((input, weight, bias, stride, padding, dilation, transposed, output_padding, groups, ), {})


@_G__conv_weight_grad.documents
def _conv_weight_grad(input, grad_output, weight_size, stride, padding, dilation, groups):
    if (weight_size.__class__ is int or _b.int_seq(weight_size)) and (stride.__class__ is int or _b.int_seq(stride)) and (padding.__class__ is int or _b.int_seq(padding)) and (dilation.__class__ is int or _b.int_seq(dilation)) and groups.__class__ is int:  # _conv_weight_grad
        if input.__class__ is _T and grad_output.__class__ is _T:
            return _F__conv_weight_grad(input, grad_output, ((weight_size,) if weight_size.__class__ is int else tuple(weight_size) if weight_size.__class__ is list else weight_size), ((stride,) if stride.__class__ is int else tuple(stride) if stride.__class__ is list else stride), ((padding,) if padding.__class__ is int else tuple(padding) if padding.__class__ is list else padding), ((dilation,) if dilation.__class__ is int else tuple(dilation) if dilation.__class__ is list else dilation), groups)
        if isinstance(input, _T) and isinstance(grad_output, _T):
            return _H__conv_weight_grad.call((input, grad_output, ((weight_size,) if weight_size.__class__ is int else tuple(weight_size) if weight_size.__class__ is list else weight_size), ((stride,) if stride.__class__ is int else tuple(stride) if stride.__class__ is list else stride), ((padding,) if padding.__class__ is int else tuple(padding) if padding.__class__ is list else padding), ((dilation,) if dilation.__class__ is int else tuple(dilation) if dilation.__class__ is list else dilation), groups))
    return _G__conv_weight_grad.parse((input, grad_output, weight_size, stride, padding, dilation, groups, ), {})


@_G_im2col.documents
def im2col(*args, **kwargs):
    return _G_im2col.parse((*args,), kwargs)


@_G_col2im.documents
def col2im(*args, **kwargs):
    return _G_col2im.parse((*args,), kwargs)


@_G_linalg_inv.documents
def linalg_inv(A):
    if A.__class__ is _T:  # linalg_inv
        return _F_linalg_inv(A)
    if isinstance(A, _T):
        return _H_linalg_inv.call((A,))
    return _G_linalg_inv.parse((A, ), {})


@_G_linalg_solve.documents
def linalg_solve(A, B):
    if A.__class__ is _T and B.__class__ is _T:  # linalg_solve
        return _F_linalg_solve(A, B)
    if isinstance(A, _T) and isinstance(B, _T):
        return _H_linalg_solve.call((A, B))
    return _G_linalg_solve.parse((A, B, ), {})


@_G_linalg_det.documents
def linalg_det(A):
    if A.__class__ is _T:  # linalg_det
        return _F_linalg_det(A)
    if isinstance(A, _T):
        return _H_linalg_det.call((A,))
    return _G_linalg_det.parse((A, ), {})


@_G_linalg_slogdet.documents
def linalg_slogdet(A):
    if A.__class__ is _T:  # linalg_slogdet
        return _F_linalg_slogdet(A)
    if isinstance(A, _T):
        return _H_linalg_slogdet.call((A,))
    return _G_linalg_slogdet.parse((A, ), {})


@_G_linalg_cholesky.documents
def linalg_cholesky(input, *, upper=False):
    if upper.__class__ is bool:  # linalg_cholesky
        if input.__class__ is _T:
            return _F_linalg_cholesky(input, upper)
        if isinstance(input, _T):
            return _H_linalg_cholesky.call((input, upper))
    return _G_linalg_cholesky.parse((input, ), {'upper': upper})


@_G__linalg_eigh.documents
def _linalg_eigh(A, upper=False):
    if upper.__class__ is bool:  # _linalg_eigh
        if A.__class__ is _T:
            return _F__linalg_eigh(A, upper)
        if isinstance(A, _T):
            return _H__linalg_eigh.call((A, upper))
    return _G__linalg_eigh.parse((A, upper, ), {})


@_G__linalg_svd.documents
def _linalg_svd(A, full_matrices=True):
    if full_matrices.__class__ is bool:  # _linalg_svd
        if A.__class__ is _T:
            return _F__linalg_svd(A, full_matrices)
        if isinstance(A, _T):
            return _H__linalg_svd.call((A, full_matrices))
    return _G__linalg_svd.parse((A, full_matrices, ), {})


@_G__linalg_qr.documents
def _linalg_qr(A, complete=False):
    if complete.__class__ is bool:  # _linalg_qr
        if A.__class__ is _T:
            return _F__linalg_qr(A, complete)
        if isinstance(A, _T):
            return _H__linalg_qr.call((A, complete))
    return _G__linalg_qr.parse((A, complete, ), {})


@_G_elu.documents
def elu(input, alpha=1, scale=1, input_scale=1):
    if alpha.__class__ in _NUM and scale.__class__ in _NUM and input_scale.__class__ in _NUM:  # elu
        if input.__class__ is _T:
            return _F_elu(input, alpha, scale, input_scale)
        if isinstance(input, _TN):
            return _H_elu.call((input, alpha, scale, input_scale))
    return _G_elu.parse((input, alpha, scale, input_scale, ), {})


@_G_elu_.documents
def elu_(input, alpha=1, scale=1, input_scale=1):
    if alpha.__class__ in _NUM and scale.__class__ in _NUM and input_scale.__class__ in _NUM:  # elu_
        if input.__class__ is _T:
            return _F_elu_(input, alpha, scale, input_scale)
        if isinstance(input, _T):
            return _H_elu_.call((input, alpha, scale, input_scale))
    return _G_elu_.parse((input, alpha, scale, input_scale, ), {})


@_G__elu_backward.documents
def _elu_backward(grad_output, input, alpha, scale, input_scale):
    if alpha.__class__ in _NUM and scale.__class__ in _NUM and input_scale.__class__ in _NUM:  # _elu_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__elu_backward(grad_output, input, alpha, scale, input_scale)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__elu_backward.call((grad_output, input, alpha, scale, input_scale))
    return _G__elu_backward.parse((grad_output, input, alpha, scale, input_scale, ), {})


@_G_hardtanh.documents
def hardtanh(input, min_val=-1, max_val=1):
    if min_val.__class__ in _NUM and max_val.__class__ in _NUM:  # hardtanh
        if input.__class__ is _T:
            return _F_hardtanh(input, min_val, max_val)
        if isinstance(input, _TN):
            return _H_hardtanh.call((input, min_val, max_val))
    return _G_hardtanh.parse((input, min_val, max_val, ), {})


@_G_hardtanh_.documents
def hardtanh_(input, min_val=-1, max_val=1):
    if min_val.__class__ in _NUM and max_val.__class__ in _NUM:  # hardtanh_
        if input.__class__ is _T:
            return _F_hardtanh_(input, min_val, max_val)
        if isinstance(input, _T):
            return _H_hardtanh_.call((input, min_val, max_val))
    return _G_hardtanh_.parse((input, min_val, max_val, ), {})


@_G__hardtanh_backward.documents
def _hardtanh_backward(grad_output, input, min_val, max_val):
    if min_val.__class__ in _NUM and max_val.__class__ in _NUM:  # _hardtanh_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__hardtanh_backward(grad_output, input, min_val, max_val)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__hardtanh_backward.call((grad_output, input, min_val, max_val))
    return _G__hardtanh_backward.parse((grad_output, input, min_val, max_val, ), {})


@_G_hardsigmoid.documents
def hardsigmoid(input):
    if input.__class__ is _T:  # hardsigmoid
        return _F_hardsigmoid(input)
    if isinstance(input, _TN):
        return _H_hardsigmoid.call((input,))
    return _G_hardsigmoid.parse((input, ), {})


@_G_hardsigmoid_.documents
def hardsigmoid_(input):
    if input.__class__ is _T:  # hardsigmoid_
        return _F_hardsigmoid_(input)
    if isinstance(input, _T):
        return _H_hardsigmoid_.call((input,))
    return _G_hardsigmoid_.parse((input, ), {})


@_G__hardsigmoid_backward.documents
def _hardsigmoid_backward(grad_output, input):
    if grad_output.__class__ is _T and input.__class__ is _T:  # _hardsigmoid_backward
        return _F__hardsigmoid_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__hardsigmoid_backward.call((grad_output, input))
    return _G__hardsigmoid_backward.parse((grad_output, input, ), {})


@_G_hardswish.documents
def hardswish(input):
    if input.__class__ is _T:  # hardswish
        return _F_hardswish(input)
    if isinstance(input, _TN):
        return _H_hardswish.call((input,))
    return _G_hardswish.parse((input, ), {})


@_G_hardswish_.documents
def hardswish_(input):
    if input.__class__ is _T:  # hardswish_
        return _F_hardswish_(input)
    if isinstance(input, _T):
        return _H_hardswish_.call((input,))
    return _G_hardswish_.parse((input, ), {})


@_G__hardswish_backward.documents
def _hardswish_backward(grad_output, input):
    if grad_output.__class__ is _T and input.__class__ is _T:  # _hardswish_backward
        return _F__hardswish_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__hardswish_backward.call((grad_output, input))
    return _G__hardswish_backward.parse((grad_output, input, ), {})


@_G_hardshrink.documents
def hardshrink(input, lambd=0.5):
    if lambd.__class__ in _NUM:  # hardshrink
        if input.__class__ is _T:
            return _F_hardshrink(input, lambd)
        if isinstance(input, _TN):
            return _H_hardshrink.call((input, lambd))
    return _G_hardshrink.parse((input, lambd, ), {})


@_G_softshrink.documents
def softshrink(input, lambd=0.5):
    if lambd.__class__ in _NUM:  # softshrink
        if input.__class__ is _T:
            return _F_softshrink(input, lambd)
        if isinstance(input, _TN):
            return _H_softshrink.call((input, lambd))
    return _G_softshrink.parse((input, lambd, ), {})


@_G__shrink_backward.documents
def _shrink_backward(grad_output, input, lambd):
    if lambd.__class__ in _NUM:  # _shrink_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__shrink_backward(grad_output, input, lambd)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__shrink_backward.call((grad_output, input, lambd))
    return _G__shrink_backward.parse((grad_output, input, lambd, ), {})


@_G__softplus.documents
def _softplus(input, beta=1, threshold=20):
    if beta.__class__ in _NUM and threshold.__class__ in _NUM:  # _softplus
        if input.__class__ is _T:
            return _F__softplus(input, beta, threshold)
        if isinstance(input, _TN):
            return _H__softplus.call((input, beta, threshold))
    return _G__softplus.parse((input, beta, threshold, ), {})


@_G__softplus_backward.documents
def _softplus_backward(grad_output, input, beta, threshold):
    if beta.__class__ in _NUM and threshold.__class__ in _NUM:  # _softplus_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__softplus_backward(grad_output, input, beta, threshold)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__softplus_backward.call((grad_output, input, beta, threshold))
    return _G__softplus_backward.parse((grad_output, input, beta, threshold, ), {})


@_G_log_sigmoid.documents
def log_sigmoid(input):
    if input.__class__ is _T:  # log_sigmoid
        return _F_log_sigmoid(input)
    if isinstance(input, _TN):
        return _H_log_sigmoid.call((input,))
    return _G_log_sigmoid.parse((input, ), {})


@_G__log_sigmoid_backward.documents
def _log_sigmoid_backward(grad_output, input):
    if grad_output.__class__ is _T and input.__class__ is _T:  # _log_sigmoid_backward
        return _F__log_sigmoid_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__log_sigmoid_backward.call((grad_output, input))
    return _G__log_sigmoid_backward.parse((grad_output, input, ), {})


@_G_mish.documents
def mish(input):
    if input.__class__ is _T:  # mish
        return _F_mish(input)
    if isinstance(input, _TN):
        return _H_mish.call((input,))
    return _G_mish.parse((input, ), {})


@_G_mish_.documents
def mish_(input):
    if input.__class__ is _T:  # mish_
        return _F_mish_(input)
    if isinstance(input, _T):
        return _H_mish_.call((input,))
    return _G_mish_.parse((input, ), {})


@_G__mish_backward.documents
def _mish_backward(grad_output, input):
    if grad_output.__class__ is _T and input.__class__ is _T:  # _mish_backward
        return _F__mish_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__mish_backward.call((grad_output, input))
    return _G__mish_backward.parse((grad_output, input, ), {})


@_G_threshold.documents
def threshold(input, threshold, value):
    if threshold.__class__ in _NUM and value.__class__ in _NUM:  # threshold
        if input.__class__ is _T:
            return _F_threshold(input, threshold, value)
        if isinstance(input, _TN):
            return _H_threshold.call((input, threshold, value))
    return _G_threshold.parse((input, threshold, value, ), {})


@_G_threshold_.documents
def threshold_(input, threshold, value):
    if threshold.__class__ in _NUM and value.__class__ in _NUM:  # threshold_
        if input.__class__ is _T:
            return _F_threshold_(input, threshold, value)
        if isinstance(input, _T):
            return _H_threshold_.call((input, threshold, value))
    return _G_threshold_.parse((input, threshold, value, ), {})


@_G__threshold_backward.documents
def _threshold_backward(grad_output, input, threshold):
    if threshold.__class__ in _NUM:  # _threshold_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__threshold_backward(grad_output, input, threshold)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__threshold_backward.call((grad_output, input, threshold))
    return _G__threshold_backward.parse((grad_output, input, threshold, ), {})


# ---- Tensor methods ----


@_GM_neg.documents
def _m_neg(self):
    return _F_neg(self)  # neg


@_GM_neg_.documents
def _m_neg_(self):
    return _F_neg_(self)  # neg_


@_GM_abs.documents
def _m_abs(self):
    return _F_abs(self)  # abs


@_GM_abs_.documents
def _m_abs_(self):
    return _F_abs_(self)  # abs_


@_GM_sign.documents
def _m_sign(self):
    return _F_sign(self)  # sign


@_GM_sign_.documents
def _m_sign_(self):
    return _F_sign_(self)  # sign_


@_GM_relu.documents
def _m_relu(self):
    return _F_relu(self)  # relu


@_GM_relu_.documents
def _m_relu_(self):
    return _F_relu_(self)  # relu_


@_GM_sigmoid.documents
def _m_sigmoid(self):
    return _F_sigmoid(self)  # sigmoid


@_GM_tanh.documents
def _m_tanh(self):
    return _F_tanh(self)  # tanh


@_GM_exp.documents
def _m_exp(self):
    return _F_exp(self)  # exp


@_GM_expm1.documents
def _m_expm1(self):
    return _F_expm1(self)  # expm1


@_GM_log.documents
def _m_log(self):
    return _F_log(self)  # log


@_GM_log1p.documents
def _m_log1p(self):
    return _F_log1p(self)  # log1p


@_GM_sqrt.documents
def _m_sqrt(self):
    return _F_sqrt(self)  # sqrt


@_GM_rsqrt.documents
def _m_rsqrt(self):
    return _F_rsqrt(self)  # rsqrt


@_GM_reciprocal.documents
def _m_reciprocal(self):
    return _F_reciprocal(self)  # reciprocal


@_GM_sin.documents
def _m_sin(self):
    return _F_sin(self)  # sin


@_GM_cos.documents
def _m_cos(self):
    return _F_cos(self)  # cos


@_GM_floor.documents
def _m_floor(self):
    return _F_floor(self)  # floor


@_GM_floor_.documents
def _m_floor_(self):
    return _F_floor_(self)  # floor_


@_GM_ceil.documents
def _m_ceil(self):
    return _F_ceil(self)  # ceil


@_GM_ceil_.documents
def _m_ceil_(self):
    return _F_ceil_(self)  # ceil_


@_GM_round.documents
def _m_round(self):
    return _F_round(self)  # round


@_GM_round_.documents
def _m_round_(self):
    return _F_round_(self)  # round_


@_GM_trunc.documents
def _m_trunc(self):
    return _F_trunc(self)  # trunc


@_GM_trunc_.documents
def _m_trunc_(self):
    return _F_trunc_(self)  # trunc_


@_GM_logical_not.documents
def _m_logical_not(self):
    return _F_logical_not(self)  # logical_not


@_GM_square.documents
def _m_square(self):
    return _F_square(self)  # square


@_GM_add.documents
def _m_add(self, other, *, alpha=1):
    if alpha.__class__ in _NUM:  # add.Tensor
        if other.__class__ is _T:
            return _F_add_Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_add_Tensor.call((self, other, alpha))
    return _GM_add.parse((self, other, ), {'alpha': alpha})


@_GM_add_.documents
def _m_add_(self, other, *, alpha=1):
    if alpha.__class__ in _NUM:  # add_.Tensor
        if other.__class__ is _T:
            return _F_add__Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_add__Tensor.call((self, other, alpha))
    return _GM_add_.parse((self, other, ), {'alpha': alpha})


@_GM_sub.documents
def _m_sub(self, other, *, alpha=1):
    if alpha.__class__ in _NUM:  # sub.Tensor
        if other.__class__ is _T:
            return _F_sub_Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_sub_Tensor.call((self, other, alpha))
    return _GM_sub.parse((self, other, ), {'alpha': alpha})


@_GM_sub_.documents
def _m_sub_(self, other, *, alpha=1):
    if alpha.__class__ in _NUM:  # sub_.Tensor
        if other.__class__ is _T:
            return _F_sub__Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_sub__Tensor.call((self, other, alpha))
    return _GM_sub_.parse((self, other, ), {'alpha': alpha})


@_GM_mul.documents
def _m_mul(self, other):
    if other.__class__ is _T:  # mul.Tensor
        return _F_mul_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))
    return _GM_mul.parse((self, other, ), {})


@_GM_mul_.documents
def _m_mul_(self, other):
    if other.__class__ is _T:  # mul_.Tensor
        return _F_mul__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul__Tensor.call((self, other))
    return _GM_mul_.parse((self, other, ), {})


@_GM_div.documents
def _m_div(self, other, *, rounding_mode=_MISSING):
    if rounding_mode is _MISSING:  # div.Tensor
        if other.__class__ is _T:
            return _F_div_Tensor(self, other)
        if isinstance(other, _TN):
            return _H_div_Tensor.call((self, other))
    if rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div.Tensor_mode
        if other.__class__ is _T:
            return _F_div_Tensor_mode(self, other, rounding_mode)
        if isinstance(other, _TN):
            return _H_div_Tensor_mode.call((self, other, rounding_mode))
    return _GM_div.parse((self, other, ), {'rounding_mode': rounding_mode})


@_GM_floor_divide.documents
def _m_floor_divide(self, other):
    if other.__class__ is _T:  # floor_divide
        return _F_floor_divide(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide.call((self, other))
    return _GM_floor_divide.parse((self, other, ), {})


@_GM_floor_divide_.documents
def _m_floor_divide_(self, other):
    if other.__class__ is _T:  # floor_divide_
        return _F_floor_divide_(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide_.call((self, other))
    return _GM_floor_divide_.parse((self, other, ), {})


@_GM_pow.documents
def _m_pow(self, exponent):
    if exponent.__class__ is _T:  # pow.Tensor_Tensor
        return _F_pow_Tensor_Tensor(self, exponent)
    if isinstance(exponent, _TN):
        return _H_pow_Tensor_Tensor.call((self, exponent))
    return _GM_pow.parse((self, exponent, ), {})


@_GM_pow_.documents
def _m_pow_(self, exponent):
    if exponent.__class__ is _T:  # pow_.Tensor_Tensor
        return _F_pow__Tensor_Tensor(self, exponent)
    if isinstance(exponent, _TN):
        return _H_pow__Tensor_Tensor.call((self, exponent))
    return _GM_pow_.parse((self, exponent, ), {})


@_GM_maximum.documents
def _m_maximum(self, other):
    if other.__class__ is _T:  # maximum
        return _F_maximum(self, other)
    if isinstance(other, _TN):
        return _H_maximum.call((self, other))
    return _GM_maximum.parse((self, other, ), {})


@_GM_maximum_.documents
def _m_maximum_(self, other):
    if other.__class__ is _T:  # maximum_
        return _F_maximum_(self, other)
    if isinstance(other, _TN):
        return _H_maximum_.call((self, other))
    return _GM_maximum_.parse((self, other, ), {})


@_GM_minimum.documents
def _m_minimum(self, other):
    if other.__class__ is _T:  # minimum
        return _F_minimum(self, other)
    if isinstance(other, _TN):
        return _H_minimum.call((self, other))
    return _GM_minimum.parse((self, other, ), {})


@_GM_minimum_.documents
def _m_minimum_(self, other):
    if other.__class__ is _T:  # minimum_
        return _F_minimum_(self, other)
    if isinstance(other, _TN):
        return _H_minimum_.call((self, other))
    return _GM_minimum_.parse((self, other, ), {})


@_GM_remainder.documents
def _m_remainder(self, other):
    if other.__class__ is _T:  # remainder.Tensor
        return _F_remainder_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((self, other))
    return _GM_remainder.parse((self, other, ), {})


@_GM_remainder_.documents
def _m_remainder_(self, other):
    if other.__class__ is _T:  # remainder_.Tensor
        return _F_remainder__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder__Tensor.call((self, other))
    return _GM_remainder_.parse((self, other, ), {})


@_GM_eq.documents
def _m_eq(self, other):
    if other.__class__ is _T:  # eq.Tensor
        return _F_eq_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_eq_Tensor.call((self, other))
    return _GM_eq.parse((self, other, ), {})


@_GM_ne.documents
def _m_ne(self, other):
    if other.__class__ is _T:  # ne.Tensor
        return _F_ne_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ne_Tensor.call((self, other))
    return _GM_ne.parse((self, other, ), {})


@_GM_lt.documents
def _m_lt(self, other):
    if other.__class__ is _T:  # lt.Tensor
        return _F_lt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_lt_Tensor.call((self, other))
    return _GM_lt.parse((self, other, ), {})


@_GM_le.documents
def _m_le(self, other):
    if other.__class__ is _T:  # le.Tensor
        return _F_le_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_le_Tensor.call((self, other))
    return _GM_le.parse((self, other, ), {})


@_GM_gt.documents
def _m_gt(self, other):
    if other.__class__ is _T:  # gt.Tensor
        return _F_gt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_gt_Tensor.call((self, other))
    return _GM_gt.parse((self, other, ), {})


@_GM_ge.documents
def _m_ge(self, other):
    if other.__class__ is _T:  # ge.Tensor
        return _F_ge_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ge_Tensor.call((self, other))
    return _GM_ge.parse((self, other, ), {})


@_GM_logical_and.documents
def _m_logical_and(self, other):
    if other.__class__ is _T:  # logical_and
        return _F_logical_and(self, other)
    if isinstance(other, _TN):
        return _H_logical_and.call((self, other))
    return _GM_logical_and.parse((self, other, ), {})


@_GM_logical_or.documents
def _m_logical_or(self, other):
    if other.__class__ is _T:  # logical_or
        return _F_logical_or(self, other)
    if isinstance(other, _TN):
        return _H_logical_or.call((self, other))
    return _GM_logical_or.parse((self, other, ), {})


@_GM_div_.documents
def _m_div_(self, other, *, rounding_mode=_MISSING):
    if rounding_mode is _MISSING:  # div_.Tensor
        if other.__class__ is _T:
            return _F_div__Tensor(self, other)
        if isinstance(other, _TN):
            return _H_div__Tensor.call((self, other))
    if rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div_.Tensor_mode
        if other.__class__ is _T:
            return _F_div__Tensor_mode(self, other, rounding_mode)
        if isinstance(other, _TN):
            return _H_div__Tensor_mode.call((self, other, rounding_mode))
    return _GM_div_.parse((self, other, ), {'rounding_mode': rounding_mode})


@_GM_where.documents
def _m_where(self, condition, other):
    if condition.__class__ is _T and other.__class__ is _T:  # where.self
        return _F_where_self(condition, self, other)
    if isinstance(condition, _TN) and isinstance(other, _TN):
        return _H_where_self.call((condition, self, other))
    return _GM_where.parse((self, condition, other, ), {})


@_GM_clamp.documents
def _m_clamp(self, min=None, max=None):
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp
        return _F_clamp(self, min, max)
    if (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):  # clamp.Tensor
        return _F_clamp_Tensor(self, min, max)
    if (min is None or isinstance(min, _TN)) and (max is None or isinstance(max, _TN)):
        return _H_clamp_Tensor.call((self, min, max))
    return _GM_clamp.parse((self, min, max, ), {})


@_GM_clamp_.documents
def _m_clamp_(self, min=None, max=None):
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp_
        return _F_clamp_(self, min, max)
    if (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):  # clamp_.Tensor
        return _F_clamp__Tensor(self, min, max)
    if (min is None or isinstance(min, _T)) and (max is None or isinstance(max, _T)):
        return _H_clamp__Tensor.call((self, min, max))
    return _GM_clamp_.parse((self, min, max, ), {})


@_GM_clip.documents
def _m_clip(self, min=None, max=None):
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clip
        return _F_clip(self, min, max)
    return _GM_clip.parse((self, min, max, ), {})


@_GM_clamp_min.documents
def _m_clamp_min(self, min):
    if min.__class__ in _NUM:  # clamp_min
        return _F_clamp_min(self, min)
    return _GM_clamp_min.parse((self, min, ), {})


@_GM_clamp_max.documents
def _m_clamp_max(self, max):
    if max.__class__ in _NUM:  # clamp_max
        return _F_clamp_max(self, max)
    return _GM_clamp_max.parse((self, max, ), {})


@_GM_sum.documents
def _m_sum(self, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum
        return _F_sum(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
    return _GM_sum.parse((self, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_GM_mean.documents
def _m_mean(self, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # mean
        return _F_mean(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
    return _GM_mean.parse((self, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_GM_prod.documents
def _m_prod(self, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # prod
        return _F_prod(self, dim, keepdim, dtype)
    return _GM_prod.parse((self, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_GM_amax.documents
def _m_amax(self, dim=(), keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amax
        return _F_amax(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
    return _GM_amax.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_amin.documents
def _m_amin(self, dim=(), keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amin
        return _F_amin(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
    return _GM_amin.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_all.documents
def _m_all(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # all
        return _F_all(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
    return _GM_all.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_any.documents
def _m_any(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # any
        return _F_any(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
    return _GM_any.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_max.documents
def _m_max(self, *args, **kwargs):
    return _GM_max.parse((self, *args,), kwargs)


@_GM_min.documents
def _m_min(self, *args, **kwargs):
    return _GM_min.parse((self, *args,), kwargs)


@_GM_argmax.documents
def _m_argmax(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmax
        return _F_argmax(self, dim, keepdim)
    return _GM_argmax.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_argmin.documents
def _m_argmin(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmin
        return _F_argmin(self, dim, keepdim)
    return _GM_argmin.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_logsumexp.documents
def _m_logsumexp(self, dim, keepdim=False, *, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # logsumexp
        return _F_logsumexp(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
    return _GM_logsumexp.parse((self, dim, keepdim, ), {'keepdims': keepdims})


@_GM_softmax.documents
def _m_softmax(self, dim, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # softmax.int
        return _F_softmax_int(self, dim, dtype)
    return _GM_softmax.parse((self, dim, dtype, ), {})


@_GM_log_softmax.documents
def _m_log_softmax(self, dim, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # log_softmax.int
        return _F_log_softmax_int(self, dim, dtype)
    return _GM_log_softmax.parse((self, dim, dtype, ), {})


@_GM_mm.documents
def _m_mm(self, mat2):
    if mat2.__class__ is _T:  # mm
        return _F_mm(self, mat2)
    if isinstance(mat2, _T):
        return _H_mm.call((self, mat2))
    return _GM_mm.parse((self, mat2, ), {})


@_GM_bmm.documents
def _m_bmm(self, mat2):
    if mat2.__class__ is _T:  # bmm
        return _F_bmm(self, mat2)
    if isinstance(mat2, _T):
        return _H_bmm.call((self, mat2))
    return _GM_bmm.parse((self, mat2, ), {})


@_GM_dot.documents
def _m_dot(self, tensor):
    if tensor.__class__ is _T:  # dot
        return _F_dot(self, tensor)
    if isinstance(tensor, _T):
        return _H_dot.call((self, tensor))
    return _GM_dot.parse((self, tensor, ), {})


@_GM_matmul.documents
def _m_matmul(self, other):
    if other.__class__ is _T:  # matmul
        return _F_matmul(self, other)
    if isinstance(other, _T):
        return _H_matmul.call((self, other))
    return _GM_matmul.parse((self, other, ), {})


@_GM_view.documents
def _m_view(self, *args, **kwargs):
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # view
        return _F_view(self, size)
    return _GM_view.parse((self, *args,), kwargs)


@_GM_reshape.documents
def _m_reshape(self, *args, **kwargs):
    shape = None if kwargs else _b.varargs_ints(args)
    if shape is not None:  # reshape
        return _F_reshape(self, shape)
    return _GM_reshape.parse((self, *args,), kwargs)


@_GM_t.documents
def _m_t(self):
    return _F_t(self)  # t


@_GM_transpose.documents
def _m_transpose(self, dim0, dim1):
    if dim0.__class__ is int and dim1.__class__ is int:  # transpose.int
        return _F_transpose_int(self, dim0, dim1)
    return _GM_transpose.parse((self, dim0, dim1, ), {})


@_GM_permute.documents
def _m_permute(self, *args, **kwargs):
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # permute
        return _F_permute(self, dims)
    return _GM_permute.parse((self, *args,), kwargs)


@_GM_expand.documents
def _m_expand(self, *args, **kwargs):
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # expand
        return _F_expand(self, size, False)
    return _GM_expand.parse((self, *args,), kwargs)


@_GM_squeeze.documents
def _m_squeeze(self, *args, **kwargs):
    return _GM_squeeze.parse((self, *args,), kwargs)


@_GM_unsqueeze.documents
def _m_unsqueeze(self, dim):
    if dim.__class__ is int:  # unsqueeze
        return _F_unsqueeze(self, dim)
    return _GM_unsqueeze.parse((self, dim, ), {})


@_GM_flatten.documents
def _m_flatten(self, start_dim=0, end_dim=-1):
    if start_dim.__class__ is int and end_dim.__class__ is int:  # flatten.using_ints
        return _F_flatten_using_ints(self, start_dim, end_dim)
    return _GM_flatten.parse((self, start_dim, end_dim, ), {})


@_GM_narrow.documents
def _m_narrow(self, dim, start, length):
    if dim.__class__ is int and start.__class__ is int and length.__class__ is int:  # narrow
        return _F_narrow(self, dim, start, length)
    return _GM_narrow.parse((self, dim, start, length, ), {})


@_GM_select.documents
def _m_select(self, dim, index):
    if dim.__class__ is int and index.__class__ is int:  # select.int
        return _F_select_int(self, dim, index)
    return _GM_select.parse((self, dim, index, ), {})


@_GM_contiguous.documents
def _m_contiguous(self):
    return _F_contiguous(self)  # contiguous


@_GM_split.documents
def _m_split(self, split_size, dim=0):
    if split_size.__class__ is int and dim.__class__ is int:  # split.Tensor
        return _F_split_Tensor(self, split_size, dim)
    if (split_size.__class__ is int or _b.int_seq(split_size)) and dim.__class__ is int:  # split.sizes
        return _F_split_sizes(self, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim)
    return _GM_split.parse((self, split_size, dim, ), {})


@_GM_chunk.documents
def _m_chunk(self, chunks, dim=0):
    if chunks.__class__ is int and dim.__class__ is int:  # chunk
        return _F_chunk(self, chunks, dim)
    return _GM_chunk.parse((self, chunks, dim, ), {})


@_GM_gather.documents
def _m_gather(self, dim, index, *, sparse_grad=False):
    if dim.__class__ is int and sparse_grad.__class__ is bool:  # gather
        if index.__class__ is _T:
            return _F_gather(self, dim, index, sparse_grad)
        if isinstance(index, _T):
            return _H_gather.call((self, dim, index, sparse_grad))
    return _GM_gather.parse((self, dim, index, ), {'sparse_grad': sparse_grad})


@_GM_index_select.documents
def _m_index_select(self, dim, index):
    if dim.__class__ is int:  # index_select
        if index.__class__ is _T:
            return _F_index_select(self, dim, index)
        if isinstance(index, _T):
            return _H_index_select.call((self, dim, index))
    return _GM_index_select.parse((self, dim, index, ), {})


@_GM_masked_fill.documents
def _m_masked_fill(self, mask, value):
    if value.__class__ in _NUM:  # masked_fill.Scalar
        if mask.__class__ is _T:
            return _F_masked_fill_Scalar(self, mask, value)
        if isinstance(mask, _T):
            return _H_masked_fill_Scalar.call((self, mask, value))
    return _GM_masked_fill.parse((self, mask, value, ), {})


@_GM_masked_fill_.documents
def _m_masked_fill_(self, mask, value):
    if value.__class__ in _NUM:  # masked_fill_.Scalar
        if mask.__class__ is _T:
            return _F_masked_fill__Scalar(self, mask, value)
        if isinstance(mask, _T):
            return _H_masked_fill__Scalar.call((self, mask, value))
    return _GM_masked_fill_.parse((self, mask, value, ), {})


@_GM_index_put.documents
def _m_index_put(self, indices, values, accumulate=False):
    if accumulate.__class__ is bool:  # index_put
        if indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put.call((self, indices, values, accumulate))
    return _GM_index_put.parse((self, indices, values, accumulate, ), {})


@_GM_index_put_.documents
def _m_index_put_(self, indices, values, accumulate=False):
    if accumulate.__class__ is bool:  # index_put_
        if indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put_.call((self, indices, values, accumulate))
    return _GM_index_put_.parse((self, indices, values, accumulate, ), {})


@_GM_clone.documents
def _m_clone(self):
    return _F_clone(self)  # clone


@_GM_copy_.documents
def _m_copy_(self, src, non_blocking=False):
    if non_blocking.__class__ is bool:  # copy_
        if src.__class__ is _T:
            return _F_copy_(self, src, non_blocking)
        if isinstance(src, _T):
            return _H_copy_.call((self, src, non_blocking))
    return _GM_copy_.parse((self, src, non_blocking, ), {})


@_GM_fill_.documents
def _m_fill_(self, value):
    if value.__class__ in _NUM:  # fill_.Scalar
        return _F_fill__Scalar(self, value)
    return _GM_fill_.parse((self, value, ), {})


@_GM_zero_.documents
def _m_zero_(self):
    return _F_zero_(self)  # zero_


@_GM_to.documents
def _m_to(self, *args, **kwargs):
    return _GM_to.parse((self, *args,), kwargs)


@_GM_type_as.documents
def _m_type_as(self, other):
    if other.__class__ is _T:  # type_as
        return _F_type_as(self, other)
    if isinstance(other, _T):
        return _H_type_as.call((self, other))
    return _GM_type_as.parse((self, other, ), {})


@_GM_repeat.documents
def _m_repeat(self, *args, **kwargs):
    repeats = None if kwargs else _b.varargs_ints(args)
    if repeats is not None:  # repeat
        return _F_repeat(self, repeats)
    return _GM_repeat.parse((self, *args,), kwargs)


@_GM_flip.documents
def _m_flip(self, *args, **kwargs):
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # flip
        return _F_flip(self, dims)
    return _GM_flip.parse((self, *args,), kwargs)


@_GM_roll.documents
def _m_roll(self, shifts, dims=()):
    if (shifts.__class__ is int or _b.int_seq(shifts)) and (dims.__class__ is int or _b.int_seq(dims)):  # roll
        return _F_roll(self, ((shifts,) if shifts.__class__ is int else tuple(shifts) if shifts.__class__ is list else shifts), ((dims,) if dims.__class__ is int else tuple(dims) if dims.__class__ is list else dims))
    return _GM_roll.parse((self, shifts, dims, ), {})


@_GM_expand_as.documents
def _m_expand_as(self, other):
    if other.__class__ is _T:  # expand_as
        return _F_expand_as(self, other)
    if isinstance(other, _T):
        return _H_expand_as.call((self, other))
    return _GM_expand_as.parse((self, other, ), {})


@_GM_view_as.documents
def _m_view_as(self, other):
    if other.__class__ is _T:  # view_as
        return _F_view_as(self, other)
    if isinstance(other, _T):
        return _H_view_as.call((self, other))
    return _GM_view_as.parse((self, other, ), {})


@_GM_reshape_as.documents
def _m_reshape_as(self, other):
    if other.__class__ is _T:  # reshape_as
        return _F_reshape_as(self, other)
    if isinstance(other, _T):
        return _H_reshape_as.call((self, other))
    return _GM_reshape_as.parse((self, other, ), {})


@_GM_unbind.documents
def _m_unbind(self, dim=0):
    if dim.__class__ is int:  # unbind.int
        return _F_unbind_int(self, dim)
    return _GM_unbind.parse((self, dim, ), {})


@_GM_broadcast_to.documents
def _m_broadcast_to(self, *args, **kwargs):
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # broadcast_to
        return _F_broadcast_to(self, size)
    return _GM_broadcast_to.parse((self, *args,), kwargs)


@_GM_tile.documents
def _m_tile(self, *args, **kwargs):
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # tile
        return _F_tile(self, dims)
    return _GM_tile.parse((self, *args,), kwargs)


@_GM_movedim.documents
def _m_movedim(self, source, destination):
    if source.__class__ is int and destination.__class__ is int:  # movedim.int
        return _F_movedim_int(self, source, destination)
    return _GM_movedim.parse((self, source, destination, ), {})


@_GM_to_sparse.documents
def _m_to_sparse(self):
    return _F_to_sparse(self)  # to_sparse


@_GM_to_dense.documents
def _m_to_dense(self, dtype=None):
    if (dtype is None or dtype.__class__ is _DT):  # to_dense
        return _F_to_dense(self, dtype)
    return _GM_to_dense.parse((self, dtype, ), {})


@_GM_coalesce.documents
def _m_coalesce(self):
    return _F_coalesce(self)  # coalesce


@_GM_is_coalesced.documents
def _m_is_coalesced(self):
    return _F_is_coalesced(self)  # is_coalesced


@_GM__nnz.documents
def _m__nnz(self):
    return _F__nnz(self)  # _nnz


@_GM_indices.documents
def _m_indices(self):
    return _F_indices(self)  # indices


@_GM_values.documents
def _m_values(self):
    return _F_values(self)  # values


@_GM__indices.documents
def _m__indices(self):
    return _F__indices(self)  # _indices


@_GM__values.documents
def _m__values(self):
    return _F__values(self)  # _values


@_GM_sparse_mask.documents
def _m_sparse_mask(self, mask):
    if mask.__class__ is _T:  # sparse_mask
        return _F_sparse_mask(self, mask)
    if isinstance(mask, _T):
        return _H_sparse_mask.call((self, mask))
    return _GM_sparse_mask.parse((self, mask, ), {})


@_GM_log10.documents
def _m_log10(self):
    return _F_log10(self)  # log10


@_GM_log10_.documents
def _m_log10_(self):
    return _F_log10_(self)  # log10_


@_GM_log2.documents
def _m_log2(self):
    return _F_log2(self)  # log2


@_GM_log2_.documents
def _m_log2_(self):
    return _F_log2_(self)  # log2_


@_GM_isnan.documents
def _m_isnan(self):
    return _F_isnan(self)  # isnan


@_GM_isinf.documents
def _m_isinf(self):
    return _F_isinf(self)  # isinf


@_GM_isfinite.documents
def _m_isfinite(self):
    return _F_isfinite(self)  # isfinite


@_GM_logical_xor.documents
def _m_logical_xor(self, other):
    if other.__class__ is _T:  # logical_xor
        return _F_logical_xor(self, other)
    if isinstance(other, _TN):
        return _H_logical_xor.call((self, other))
    return _GM_logical_xor.parse((self, other, ), {})


@_GM_bitwise_and.documents
def _m_bitwise_and(self, other):
    if other.__class__ is _T:  # bitwise_and.Tensor
        return _F_bitwise_and_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and_Tensor.call((self, other))
    return _GM_bitwise_and.parse((self, other, ), {})


@_GM_bitwise_and_.documents
def _m_bitwise_and_(self, other):
    if other.__class__ is _T:  # bitwise_and_.Tensor
        return _F_bitwise_and__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and__Tensor.call((self, other))
    return _GM_bitwise_and_.parse((self, other, ), {})


@_GM_bitwise_or.documents
def _m_bitwise_or(self, other):
    if other.__class__ is _T:  # bitwise_or.Tensor
        return _F_bitwise_or_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or_Tensor.call((self, other))
    return _GM_bitwise_or.parse((self, other, ), {})


@_GM_bitwise_or_.documents
def _m_bitwise_or_(self, other):
    if other.__class__ is _T:  # bitwise_or_.Tensor
        return _F_bitwise_or__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or__Tensor.call((self, other))
    return _GM_bitwise_or_.parse((self, other, ), {})


@_GM_bitwise_xor.documents
def _m_bitwise_xor(self, other):
    if other.__class__ is _T:  # bitwise_xor.Tensor
        return _F_bitwise_xor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor_Tensor.call((self, other))
    return _GM_bitwise_xor.parse((self, other, ), {})


@_GM_bitwise_xor_.documents
def _m_bitwise_xor_(self, other):
    if other.__class__ is _T:  # bitwise_xor_.Tensor
        return _F_bitwise_xor__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor__Tensor.call((self, other))
    return _GM_bitwise_xor_.parse((self, other, ), {})


@_GM_bitwise_not.documents
def _m_bitwise_not(self):
    return _F_bitwise_not(self)  # bitwise_not


@_GM_bitwise_not_.documents
def _m_bitwise_not_(self):
    return _F_bitwise_not_(self)  # bitwise_not_


@_GM_fmod.documents
def _m_fmod(self, other):
    if other.__class__ is _T:  # fmod.Tensor
        return _F_fmod_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_fmod_Tensor.call((self, other))
    return _GM_fmod.parse((self, other, ), {})


@_GM_fmod_.documents
def _m_fmod_(self, other):
    if other.__class__ is _T:  # fmod_.Tensor
        return _F_fmod__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_fmod__Tensor.call((self, other))
    return _GM_fmod_.parse((self, other, ), {})


@_GM_lerp.documents
def _m_lerp(self, end, weight):
    if weight.__class__ in _NUM:  # lerp.Scalar
        if end.__class__ is _T:
            return _F_lerp_Scalar(self, end, weight)
        if isinstance(end, _TN):
            return _H_lerp_Scalar.call((self, end, weight))
    if end.__class__ is _T and weight.__class__ is _T:  # lerp.Tensor
        return _F_lerp_Tensor(self, end, weight)
    if isinstance(end, _TN) and isinstance(weight, _TN):
        return _H_lerp_Tensor.call((self, end, weight))
    return _GM_lerp.parse((self, end, weight, ), {})


@_GM_lerp_.documents
def _m_lerp_(self, end, weight):
    if weight.__class__ in _NUM:  # lerp_.Scalar
        if end.__class__ is _T:
            return _F_lerp__Scalar(self, end, weight)
        if isinstance(end, _TN):
            return _H_lerp__Scalar.call((self, end, weight))
    if end.__class__ is _T and weight.__class__ is _T:  # lerp_.Tensor
        return _F_lerp__Tensor(self, end, weight)
    if isinstance(end, _TN) and isinstance(weight, _TN):
        return _H_lerp__Tensor.call((self, end, weight))
    return _GM_lerp_.parse((self, end, weight, ), {})


@_GM_nan_to_num.documents
def _m_nan_to_num(self, nan=None, posinf=None, neginf=None):
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num
        return _F_nan_to_num(self, nan, posinf, neginf)
    return _GM_nan_to_num.parse((self, nan, posinf, neginf, ), {})


@_GM_nan_to_num_.documents
def _m_nan_to_num_(self, nan=None, posinf=None, neginf=None):
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num_
        return _F_nan_to_num_(self, nan, posinf, neginf)
    return _GM_nan_to_num_.parse((self, nan, posinf, neginf, ), {})


@_GM_cumsum.documents
def _m_cumsum(self, dim, *, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumsum
        return _F_cumsum(self, dim, dtype)
    return _GM_cumsum.parse((self, dim, ), {'dtype': dtype})


@_GM_cumsum_.documents
def _m_cumsum_(self, dim, *, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumsum_
        return _F_cumsum_(self, dim, dtype)
    return _GM_cumsum_.parse((self, dim, ), {'dtype': dtype})


@_GM_cumprod.documents
def _m_cumprod(self, dim, *, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumprod
        return _F_cumprod(self, dim, dtype)
    return _GM_cumprod.parse((self, dim, ), {'dtype': dtype})


@_GM_cumprod_.documents
def _m_cumprod_(self, dim, *, dtype=None):
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumprod_
        return _F_cumprod_(self, dim, dtype)
    return _GM_cumprod_.parse((self, dim, ), {'dtype': dtype})


@_GM_sort.documents
def _m_sort(self, *args, **kwargs):
    return _GM_sort.parse((self, *args,), kwargs)


@_GM_argsort.documents
def _m_argsort(self, *args, **kwargs):
    return _GM_argsort.parse((self, *args,), kwargs)


@_GM_topk.documents
def _m_topk(self, k, dim=-1, largest=True, sorted=True):
    if k.__class__ is int and dim.__class__ is int and largest.__class__ is bool and sorted.__class__ is bool:  # topk
        return _F_topk(self, k, dim, largest, sorted)
    return _GM_topk.parse((self, k, dim, largest, sorted, ), {})


@_GM_scatter.documents
def _m_scatter(self, *args, **kwargs):
    return _GM_scatter.parse((self, *args,), kwargs)


@_GM_scatter_.documents
def _m_scatter_(self, *args, **kwargs):
    return _GM_scatter_.parse((self, *args,), kwargs)


@_GM_scatter_add.documents
def _m_scatter_add(self, dim, index, src):
    if dim.__class__ is int:  # scatter_add
        if index.__class__ is _T and src.__class__ is _T:
            return _F_scatter_add(self, dim, index, src)
        if isinstance(index, _T) and isinstance(src, _T):
            return _H_scatter_add.call((self, dim, index, src))
    return _GM_scatter_add.parse((self, dim, index, src, ), {})


@_GM_scatter_add_.documents
def _m_scatter_add_(self, dim, index, src):
    if dim.__class__ is int:  # scatter_add_
        if index.__class__ is _T and src.__class__ is _T:
            return _F_scatter_add_(self, dim, index, src)
        if isinstance(index, _T) and isinstance(src, _T):
            return _H_scatter_add_.call((self, dim, index, src))
    return _GM_scatter_add_.parse((self, dim, index, src, ), {})


@_GM_index_add.documents
def _m_index_add(self, dim, index, source, *, alpha=1):
    if dim.__class__ is int and alpha.__class__ in _NUM:  # index_add
        if index.__class__ is _T and source.__class__ is _T:
            return _F_index_add(self, dim, index, source, alpha)
        if isinstance(index, _T) and isinstance(source, _T):
            return _H_index_add.call((self, dim, index, source, alpha))
    return _GM_index_add.parse((self, dim, index, source, ), {'alpha': alpha})


@_GM_index_add_.documents
def _m_index_add_(self, dim, index, source, *, alpha=1):
    if dim.__class__ is int and alpha.__class__ in _NUM:  # index_add_
        if index.__class__ is _T and source.__class__ is _T:
            return _F_index_add_(self, dim, index, source, alpha)
        if isinstance(index, _T) and isinstance(source, _T):
            return _H_index_add_.call((self, dim, index, source, alpha))
    return _GM_index_add_.parse((self, dim, index, source, ), {'alpha': alpha})


@_GM_tril.documents
def _m_tril(self, diagonal=0):
    if diagonal.__class__ is int:  # tril
        return _F_tril(self, diagonal)
    return _GM_tril.parse((self, diagonal, ), {})


@_GM_tril_.documents
def _m_tril_(self, diagonal=0):
    if diagonal.__class__ is int:  # tril_
        return _F_tril_(self, diagonal)
    return _GM_tril_.parse((self, diagonal, ), {})


@_GM_triu.documents
def _m_triu(self, diagonal=0):
    if diagonal.__class__ is int:  # triu
        return _F_triu(self, diagonal)
    return _GM_triu.parse((self, diagonal, ), {})


@_GM_triu_.documents
def _m_triu_(self, diagonal=0):
    if diagonal.__class__ is int:  # triu_
        return _F_triu_(self, diagonal)
    return _GM_triu_.parse((self, diagonal, ), {})


@_GM_var.documents
def _m_var(self, *args, **kwargs):
    return _GM_var.parse((self, *args,), kwargs)


@_GM_std.documents
def _m_std(self, *args, **kwargs):
    return _GM_std.parse((self, *args,), kwargs)


@_GM_norm.documents
def _m_norm(self, p=2, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (p is None or p.__class__ in _NUM) and (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # norm.ScalarOpt_dim
        return _F_norm_ScalarOpt_dim(self, p, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
    return _GM_norm.parse((self, p, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


@_GM_unflatten.documents
def _m_unflatten(self, *args, **kwargs):
    return _GM_unflatten.parse((self, *args,), kwargs)


@_GM_outer.documents
def _m_outer(self, vec2):
    if vec2.__class__ is _T:  # outer
        return _F_outer(self, vec2)
    if isinstance(vec2, _T):
        return _H_outer.call((self, vec2))
    return _GM_outer.parse((self, vec2, ), {})


@_GM_addmm.documents
def _m_addmm(self, mat1, mat2, *, beta=1, alpha=1):
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # addmm
        if mat1.__class__ is _T and mat2.__class__ is _T:
            return _F_addmm(self, mat1, mat2, beta, alpha)
        if isinstance(mat1, _T) and isinstance(mat2, _T):
            return _H_addmm.call((self, mat1, mat2, beta, alpha))
    return _GM_addmm.parse((self, mat1, mat2, ), {'beta': beta, 'alpha': alpha})


@_GM_addmm_.documents
def _m_addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # addmm_
        if mat1.__class__ is _T and mat2.__class__ is _T:
            return _F_addmm_(self, mat1, mat2, beta, alpha)
        if isinstance(mat1, _T) and isinstance(mat2, _T):
            return _H_addmm_.call((self, mat1, mat2, beta, alpha))
    return _GM_addmm_.parse((self, mat1, mat2, ), {'beta': beta, 'alpha': alpha})


@_GM_baddbmm.documents
def _m_baddbmm(self, batch1, batch2, *, beta=1, alpha=1):
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # baddbmm
        if batch1.__class__ is _T and batch2.__class__ is _T:
            return _F_baddbmm(self, batch1, batch2, beta, alpha)
        if isinstance(batch1, _T) and isinstance(batch2, _T):
            return _H_baddbmm.call((self, batch1, batch2, beta, alpha))
    return _GM_baddbmm.parse((self, batch1, batch2, ), {'beta': beta, 'alpha': alpha})


@_GM_baddbmm_.documents
def _m_baddbmm_(self, batch1, batch2, *, beta=1, alpha=1):
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # baddbmm_
        if batch1.__class__ is _T and batch2.__class__ is _T:
            return _F_baddbmm_(self, batch1, batch2, beta, alpha)
        if isinstance(batch1, _T) and isinstance(batch2, _T):
            return _H_baddbmm_.call((self, batch1, batch2, beta, alpha))
    return _GM_baddbmm_.parse((self, batch1, batch2, ), {'beta': beta, 'alpha': alpha})


@_GM_nonzero.documents
def _m_nonzero(self, *, as_tuple=_MISSING):
    if as_tuple is _MISSING:  # nonzero
        return _F_nonzero(self)
    if as_tuple is not _MISSING and as_tuple.__class__ is bool:  # nonzero.as_tuple
        return _F_nonzero_as_tuple(self, as_tuple)
    return _GM_nonzero.parse((self, ), {'as_tuple': as_tuple})


@_GM_masked_select.documents
def _m_masked_select(self, mask):
    if mask.__class__ is _T:  # masked_select
        return _F_masked_select(self, mask)
    if isinstance(mask, _T):
        return _H_masked_select.call((self, mask))
    return _GM_masked_select.parse((self, mask, ), {})


@_GM_repeat_interleave.documents
def _m_repeat_interleave(self, repeats, dim=None, *, output_size=None):
    if (dim is None or dim.__class__ is int) and (output_size is None or output_size.__class__ is int):  # repeat_interleave.self_Tensor
        if repeats.__class__ is _T:
            return _F_repeat_interleave_self_Tensor(self, repeats, dim, output_size)
        if isinstance(repeats, _T):
            return _H_repeat_interleave_self_Tensor.call((self, repeats, dim, output_size))
    if repeats.__class__ is int and (dim is None or dim.__class__ is int) and (output_size is None or output_size.__class__ is int):  # repeat_interleave.self_int
        return _F_repeat_interleave_self_int(self, repeats, dim, output_size)
    return _GM_repeat_interleave.parse((self, repeats, dim, ), {'output_size': output_size})


@_GM_diagonal.documents
def _m_diagonal(self, offset=0, dim1=0, dim2=1):
    if offset.__class__ is int and dim1.__class__ is int and dim2.__class__ is int:  # diagonal
        return _F_diagonal(self, offset, dim1, dim2)
    return _GM_diagonal.parse((self, offset, dim1, dim2, ), {})


@_GM_diag.documents
def _m_diag(self, diagonal=0):
    if diagonal.__class__ is int:  # diag
        return _F_diag(self, diagonal)
    return _GM_diag.parse((self, diagonal, ), {})


@_GM_trace.documents
def _m_trace(self):
    return _F_trace(self)  # trace


@_GM_hardshrink.documents
def _m_hardshrink(self, lambd=0.5):
    if lambd.__class__ in _NUM:  # hardshrink
        return _F_hardshrink(self, lambd)
    return _GM_hardshrink.parse((self, lambd, ), {})


# ---- Tensor operators ----


def _op__add__(self, other):
    """Python operator for add: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    if other.__class__ is _T:  # add.Tensor
        return _F_add_Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_add_Tensor.call((self, other, 1))
    return NotImplemented


def _op__radd__(self, other):
    """Python operator for add: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    if other.__class__ is _T:  # add.Tensor
        return _F_add_Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_add_Tensor.call((self, other, 1))
    return NotImplemented


def _op__iadd__(self, other):
    """Python operator for add_: add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"""
    if other.__class__ is _T:  # add_.Tensor
        return _F_add__Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_add__Tensor.call((self, other, 1))
    return NotImplemented


def _op__sub__(self, other):
    """Python operator for sub: sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    if other.__class__ is _T:  # sub.Tensor
        return _F_sub_Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_sub_Tensor.call((self, other, 1))
    return NotImplemented


def _op__rsub__(self, other):
    """Python operator for sub: sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    if other.__class__ is _T:  # sub.Tensor
        return _F_sub_Tensor(other, self, 1)
    if isinstance(other, _TN):
        return _H_sub_Tensor.call((other, self, 1))
    return NotImplemented


def _op__isub__(self, other):
    """Python operator for sub_: sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"""
    if other.__class__ is _T:  # sub_.Tensor
        return _F_sub__Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_sub__Tensor.call((self, other, 1))
    return NotImplemented


def _op__mul__(self, other):
    """Python operator for mul: mul.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # mul.Tensor
        return _F_mul_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))
    return NotImplemented


def _op__rmul__(self, other):
    """Python operator for mul: mul.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # mul.Tensor
        return _F_mul_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))
    return NotImplemented


def _op__imul__(self, other):
    """Python operator for mul_: mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # mul_.Tensor
        return _F_mul__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul__Tensor.call((self, other))
    return NotImplemented


def _op__truediv__(self, other):
    """Python operator for div: div.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # div.Tensor
        return _F_div_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_div_Tensor.call((self, other))
    return NotImplemented


def _op__rtruediv__(self, other):
    """Python operator for div: div.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # div.Tensor
        return _F_div_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_div_Tensor.call((other, self))
    return NotImplemented


def _op__itruediv__(self, other):
    """Python operator for div_: div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # div_.Tensor
        return _F_div__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_div__Tensor.call((self, other))
    return NotImplemented


def _op__floordiv__(self, other):
    """Python operator for floor_divide: floor_divide(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # floor_divide
        return _F_floor_divide(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide.call((self, other))
    return NotImplemented


def _op__rfloordiv__(self, other):
    """Python operator for floor_divide: floor_divide(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # floor_divide
        return _F_floor_divide(other, self)
    if isinstance(other, _TN):
        return _H_floor_divide.call((other, self))
    return NotImplemented


def _op__ifloordiv__(self, other):
    """Python operator for floor_divide_: floor_divide_(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # floor_divide_
        return _F_floor_divide_(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide_.call((self, other))
    return NotImplemented


def _op__mod__(self, other):
    """Python operator for remainder: remainder.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # remainder.Tensor
        return _F_remainder_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((self, other))
    return NotImplemented


def _op__rmod__(self, other):
    """Python operator for remainder: remainder.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # remainder.Tensor
        return _F_remainder_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((other, self))
    return NotImplemented


def _op__imod__(self, other):
    """Python operator for remainder_: remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # remainder_.Tensor
        return _F_remainder__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder__Tensor.call((self, other))
    return NotImplemented


def _op__pow__(self, other):
    """Python operator for pow: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor"""
    if other.__class__ is _T:  # pow.Tensor_Tensor
        return _F_pow_Tensor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_pow_Tensor_Tensor.call((self, other))
    return NotImplemented


def _op__rpow__(self, other):
    """Python operator for pow: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor"""
    if other.__class__ is _T:  # pow.Tensor_Tensor
        return _F_pow_Tensor_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_pow_Tensor_Tensor.call((other, self))
    return NotImplemented


def _op__ipow__(self, other):
    """Python operator for pow_: pow_.Tensor_Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)"""
    if other.__class__ is _T:  # pow_.Tensor_Tensor
        return _F_pow__Tensor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_pow__Tensor_Tensor.call((self, other))
    return NotImplemented


def _op__matmul__(self, other):
    """Python operator for matmul: matmul(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # matmul
        return _F_matmul(self, other)
    if isinstance(other, _T):
        return _H_matmul.call((self, other))
    return NotImplemented


def _op__rmatmul__(self, other):
    """Python operator for matmul: matmul(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # matmul
        return _F_matmul(other, self)
    if isinstance(other, _T):
        return _H_matmul.call((other, self))
    return NotImplemented


def _op__eq__(self, other):
    """Python operator for eq: eq.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # eq.Tensor
        return _F_eq_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_eq_Tensor.call((self, other))
    return NotImplemented


def _op__ne__(self, other):
    """Python operator for ne: ne.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # ne.Tensor
        return _F_ne_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ne_Tensor.call((self, other))
    return NotImplemented


def _op__lt__(self, other):
    """Python operator for lt: lt.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # lt.Tensor
        return _F_lt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_lt_Tensor.call((self, other))
    return NotImplemented


def _op__le__(self, other):
    """Python operator for le: le.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # le.Tensor
        return _F_le_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_le_Tensor.call((self, other))
    return NotImplemented


def _op__gt__(self, other):
    """Python operator for gt: gt.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # gt.Tensor
        return _F_gt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_gt_Tensor.call((self, other))
    return NotImplemented


def _op__ge__(self, other):
    """Python operator for ge: ge.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # ge.Tensor
        return _F_ge_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ge_Tensor.call((self, other))
    return NotImplemented


def _op__and__(self, other):
    """Python operator for bitwise_and: bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # bitwise_and.Tensor
        return _F_bitwise_and_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and_Tensor.call((self, other))
    return NotImplemented


def _op__rand__(self, other):
    """Python operator for bitwise_and: bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # bitwise_and.Tensor
        return _F_bitwise_and_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and_Tensor.call((self, other))
    return NotImplemented


def _op__iand__(self, other):
    """Python operator for bitwise_and_: bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # bitwise_and_.Tensor
        return _F_bitwise_and__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and__Tensor.call((self, other))
    return NotImplemented


def _op__or__(self, other):
    """Python operator for bitwise_or: bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # bitwise_or.Tensor
        return _F_bitwise_or_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or_Tensor.call((self, other))
    return NotImplemented


def _op__ror__(self, other):
    """Python operator for bitwise_or: bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # bitwise_or.Tensor
        return _F_bitwise_or_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or_Tensor.call((self, other))
    return NotImplemented


def _op__ior__(self, other):
    """Python operator for bitwise_or_: bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # bitwise_or_.Tensor
        return _F_bitwise_or__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or__Tensor.call((self, other))
    return NotImplemented


def _op__xor__(self, other):
    """Python operator for bitwise_xor: bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # bitwise_xor.Tensor
        return _F_bitwise_xor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor_Tensor.call((self, other))
    return NotImplemented


def _op__rxor__(self, other):
    """Python operator for bitwise_xor: bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor"""
    if other.__class__ is _T:  # bitwise_xor.Tensor
        return _F_bitwise_xor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor_Tensor.call((self, other))
    return NotImplemented


def _op__ixor__(self, other):
    """Python operator for bitwise_xor_: bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    if other.__class__ is _T:  # bitwise_xor_.Tensor
        return _F_bitwise_xor__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor__Tensor.call((self, other))
    return NotImplemented


def _op__neg__(self):
    """Python operator for neg: neg(Tensor self) -> Tensor"""
    return _F_neg(self)  # neg


def _op__abs__(self):
    """Python operator for abs: abs(Tensor self) -> Tensor"""
    return _F_abs(self)  # abs


def _op__invert__(self):
    """Python operator for bitwise_not: bitwise_not(Tensor self) -> Tensor"""
    return _F_bitwise_not(self)  # bitwise_not


# Attached to Tensor by aten_lite/frontend/tensor_surface.py.
METHODS = {
    'neg': _m_neg, 'neg_': _m_neg_, 'abs': _m_abs, 'abs_': _m_abs_, 'sign': _m_sign,
    'sign_': _m_sign_, 'relu': _m_relu, 'relu_': _m_relu_, 'sigmoid': _m_sigmoid,
    'tanh': _m_tanh, 'exp': _m_exp, 'expm1': _m_expm1, 'log': _m_log, 'log1p': _m_log1p,
    'sqrt': _m_sqrt, 'rsqrt': _m_rsqrt, 'reciprocal': _m_reciprocal, 'sin': _m_sin,
    'cos': _m_cos, 'floor': _m_floor, 'floor_': _m_floor_, 'ceil': _m_ceil, 'ceil_': _m_ceil_,
    'round': _m_round, 'round_': _m_round_, 'trunc': _m_trunc, 'trunc_': _m_trunc_,
    'logical_not': _m_logical_not, 'square': _m_square, 'add': _m_add, 'add_': _m_add_,
    'sub': _m_sub, 'sub_': _m_sub_, 'mul': _m_mul, 'mul_': _m_mul_, 'div': _m_div,
    'floor_divide': _m_floor_divide, 'floor_divide_': _m_floor_divide_, 'pow': _m_pow,
    'pow_': _m_pow_, 'maximum': _m_maximum, 'maximum_': _m_maximum_, 'minimum': _m_minimum,
    'minimum_': _m_minimum_, 'remainder': _m_remainder, 'remainder_': _m_remainder_,
    'eq': _m_eq, 'ne': _m_ne, 'lt': _m_lt, 'le': _m_le, 'gt': _m_gt, 'ge': _m_ge,
    'logical_and': _m_logical_and, 'logical_or': _m_logical_or, 'div_': _m_div_,
    'where': _m_where, 'clamp': _m_clamp, 'clamp_': _m_clamp_, 'clip': _m_clip,
    'clamp_min': _m_clamp_min, 'clamp_max': _m_clamp_max, 'sum': _m_sum, 'mean': _m_mean,
    'prod': _m_prod, 'amax': _m_amax, 'amin': _m_amin, 'all': _m_all, 'any': _m_any,
    'max': _m_max, 'min': _m_min, 'argmax': _m_argmax, 'argmin': _m_argmin,
    'logsumexp': _m_logsumexp, 'softmax': _m_softmax, 'log_softmax': _m_log_softmax,
    'mm': _m_mm, 'bmm': _m_bmm, 'dot': _m_dot, 'matmul': _m_matmul, 'view': _m_view,
    'reshape': _m_reshape, 't': _m_t, 'transpose': _m_transpose, 'permute': _m_permute,
    'expand': _m_expand, 'squeeze': _m_squeeze, 'unsqueeze': _m_unsqueeze,
    'flatten': _m_flatten, 'narrow': _m_narrow, 'select': _m_select,
    'contiguous': _m_contiguous, 'split': _m_split, 'chunk': _m_chunk, 'gather': _m_gather,
    'index_select': _m_index_select, 'masked_fill': _m_masked_fill,
    'masked_fill_': _m_masked_fill_, 'index_put': _m_index_put, 'index_put_': _m_index_put_,
    'clone': _m_clone, 'copy_': _m_copy_, 'fill_': _m_fill_, 'zero_': _m_zero_, 'to': _m_to,
    'type_as': _m_type_as, 'repeat': _m_repeat, 'flip': _m_flip, 'roll': _m_roll,
    'expand_as': _m_expand_as, 'view_as': _m_view_as, 'reshape_as': _m_reshape_as,
    'unbind': _m_unbind, 'broadcast_to': _m_broadcast_to, 'tile': _m_tile,
    'movedim': _m_movedim, 'to_sparse': _m_to_sparse, 'to_dense': _m_to_dense,
    'coalesce': _m_coalesce, 'is_coalesced': _m_is_coalesced, '_nnz': _m__nnz,
    'indices': _m_indices, 'values': _m_values, '_indices': _m__indices, '_values': _m__values,
    'sparse_mask': _m_sparse_mask, 'log10': _m_log10, 'log10_': _m_log10_, 'log2': _m_log2,
    'log2_': _m_log2_, 'isnan': _m_isnan, 'isinf': _m_isinf, 'isfinite': _m_isfinite,
    'logical_xor': _m_logical_xor, 'bitwise_and': _m_bitwise_and,
    'bitwise_and_': _m_bitwise_and_, 'bitwise_or': _m_bitwise_or, 'bitwise_or_': _m_bitwise_or_,
    'bitwise_xor': _m_bitwise_xor, 'bitwise_xor_': _m_bitwise_xor_,
    'bitwise_not': _m_bitwise_not, 'bitwise_not_': _m_bitwise_not_, 'fmod': _m_fmod,
    'fmod_': _m_fmod_, 'lerp': _m_lerp, 'lerp_': _m_lerp_, 'nan_to_num': _m_nan_to_num,
    'nan_to_num_': _m_nan_to_num_, 'cumsum': _m_cumsum, 'cumsum_': _m_cumsum_,
    'cumprod': _m_cumprod, 'cumprod_': _m_cumprod_, 'sort': _m_sort, 'argsort': _m_argsort,
    'topk': _m_topk, 'scatter': _m_scatter, 'scatter_': _m_scatter_,
    'scatter_add': _m_scatter_add, 'scatter_add_': _m_scatter_add_, 'index_add': _m_index_add,
    'index_add_': _m_index_add_, 'tril': _m_tril, 'tril_': _m_tril_, 'triu': _m_triu,
    'triu_': _m_triu_, 'var': _m_var, 'std': _m_std, 'norm': _m_norm, 'unflatten': _m_unflatten,
    'outer': _m_outer, 'addmm': _m_addmm, 'addmm_': _m_addmm_, 'baddbmm': _m_baddbmm,
    'baddbmm_': _m_baddbmm_, 'nonzero': _m_nonzero, 'masked_select': _m_masked_select,
    'repeat_interleave': _m_repeat_interleave, 'diagonal': _m_diagonal, 'diag': _m_diag,
    'trace': _m_trace, 'hardshrink': _m_hardshrink, '__add__': _op__add__,
    '__radd__': _op__radd__, '__iadd__': _op__iadd__, '__sub__': _op__sub__,
    '__rsub__': _op__rsub__, '__isub__': _op__isub__, '__mul__': _op__mul__,
    '__rmul__': _op__rmul__, '__imul__': _op__imul__, '__truediv__': _op__truediv__,
    '__rtruediv__': _op__rtruediv__, '__itruediv__': _op__itruediv__,
    '__floordiv__': _op__floordiv__, '__rfloordiv__': _op__rfloordiv__,
    '__ifloordiv__': _op__ifloordiv__, '__mod__': _op__mod__, '__rmod__': _op__rmod__,
    '__imod__': _op__imod__, '__pow__': _op__pow__, '__rpow__': _op__rpow__,
    '__ipow__': _op__ipow__, '__matmul__': _op__matmul__, '__rmatmul__': _op__rmatmul__,
    '__eq__': _op__eq__, '__ne__': _op__ne__, '__lt__': _op__lt__, '__le__': _op__le__,
    '__gt__': _op__gt__, '__ge__': _op__ge__, '__and__': _op__and__, '__rand__': _op__rand__,
    '__iand__': _op__iand__, '__or__': _op__or__, '__ror__': _op__ror__, '__ior__': _op__ior__,
    '__xor__': _op__xor__, '__rxor__': _op__rxor__, '__ixor__': _op__ixor__,
    '__neg__': _op__neg__, '__abs__': _op__abs__, '__invert__': _op__invert__,
}

__all__ = [
    'neg', 'abs', 'sign', 'relu', 'sigmoid', 'tanh', 'exp', 'expm1', 'log', 'log1p', 'sqrt',
    'rsqrt', 'reciprocal', 'sin', 'cos', 'floor', 'ceil', 'round', 'trunc', 'logical_not',
    'square', 'add', 'sub', 'mul', 'div', 'floor_divide', 'pow', 'maximum', 'minimum',
    'remainder', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'logical_and', 'logical_or', 'where',
    'clamp', 'clamp_', 'clip', 'clamp_min', 'clamp_max', 'sum', 'mean', 'prod', 'amax', 'amin',
    'all', 'any', 'max', 'min', 'argmax', 'argmin', 'logsumexp', 'softmax', 'log_softmax',
    'nll_loss', 'gelu', 'silu', 'silu_', 'leaky_relu', 'leaky_relu_', 'mm', 'bmm', 'dot',
    'matmul', 'reshape', 't', 'transpose', 'permute', 'squeeze', 'unsqueeze', 'flatten',
    'narrow', 'select', 'slice', 'split', 'chunk', 'cat', 'stack', 'gather', 'index_select',
    'masked_fill', 'index', 'index_put', 'index_put_', 'clone', 'fill_', 'zero_', 'flip',
    'roll', 'unbind', 'broadcast_to', 'tile', 'movedim', 'hstack', 'vstack',
    'sparse_coo_tensor', 'sparse_sampled_mm', 'log10', 'log2', 'isnan', 'isinf', 'isfinite',
    'logical_xor', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_not', 'fmod', 'lerp',
    'nan_to_num', 'nan_to_num_', 'cumsum', 'cumprod', 'sort', 'argsort', 'topk', 'scatter',
    'scatter_add', 'index_add', 'one_hot', 'embedding', 'tril', 'triu', 'var', 'std',
    'var_mean', 'std_mean', 'norm', 'unflatten', 'outer', 'addmm', 'baddbmm', 'einsum',
    'nonzero', 'nonzero_numpy', 'masked_select', 'repeat_interleave', 'meshgrid', 'diagonal',
    'diag', 'trace', 'constant_pad_nd', 'cosine_similarity', 'kl_div', 'huber_loss',
    'convolution', 'im2col', 'col2im', 'linalg_inv', 'linalg_solve', 'linalg_det',
    'linalg_slogdet', 'linalg_cholesky', 'elu', 'elu_', 'hardtanh', 'hardtanh_', 'hardsigmoid',
    'hardsigmoid_', 'hardswish', 'hardswish_', 'hardshrink', 'softshrink', 'log_sigmoid',
    'mish', 'mish_', 'threshold', 'threshold_',
]
