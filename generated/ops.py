# @generated from native_functions.yaml and derivatives.yaml (sha256 ac0e22f455bab3d7).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""The Python bindings of every op: module functions, Tensor methods and operators.

Each function tries its overloads in YAML order behind cheap type guards and dispatches through
the op's handle (its fast entry when every tensor argument is a plain Tensor). See
Note [Binding tiers] in tools/codegen/api_python.py and Note [The journey of an op] in
aten_lite/dispatch/dispatcher.py.
"""

from aten_lite.dispatch import binding as _b, dispatcher as _d
from aten_lite.vocab.dtype import DType as _DT, bool_ as _BOOL
from aten_lite.tensors.tensor import Tensor as _T

_TN = (_T, int, float)  # a Tensor argument of a pointwise op may be a Python number
_NUM = _b.NUMBER_TYPES
_FLT = frozenset((int, float))
_SEQ = frozenset((list, tuple))
_MISSING = _b.MISSING

# ---- op handles and their fast entries (Note [One dispatch path] in aten_lite/dispatch/dispatcher.py) ----

_H_neg = _d.handle('neg')
_F_neg = _H_neg.fast_entry
_H_neg_ = _d.handle('neg_')
_F_neg_ = _H_neg_.fast_entry
_H_neg_out = _d.handle('neg.out')
_F_neg_out = _H_neg_out.fast_entry
_H_abs = _d.handle('abs')
_F_abs = _H_abs.fast_entry
_H_abs_ = _d.handle('abs_')
_F_abs_ = _H_abs_.fast_entry
_H_abs_out = _d.handle('abs.out')
_F_abs_out = _H_abs_out.fast_entry
_H_sign = _d.handle('sign')
_F_sign = _H_sign.fast_entry
_H_sign_ = _d.handle('sign_')
_F_sign_ = _H_sign_.fast_entry
_H_sign_out = _d.handle('sign.out')
_F_sign_out = _H_sign_out.fast_entry
_H_relu = _d.handle('relu')
_F_relu = _H_relu.fast_entry
_H_relu_ = _d.handle('relu_')
_F_relu_ = _H_relu_.fast_entry
_H_relu_out = _d.handle('relu.out')
_F_relu_out = _H_relu_out.fast_entry
_H_sigmoid = _d.handle('sigmoid')
_F_sigmoid = _H_sigmoid.fast_entry
_H_sigmoid_out = _d.handle('sigmoid.out')
_F_sigmoid_out = _H_sigmoid_out.fast_entry
_H_tanh = _d.handle('tanh')
_F_tanh = _H_tanh.fast_entry
_H_tanh_out = _d.handle('tanh.out')
_F_tanh_out = _H_tanh_out.fast_entry
_H_exp = _d.handle('exp')
_F_exp = _H_exp.fast_entry
_H_exp_out = _d.handle('exp.out')
_F_exp_out = _H_exp_out.fast_entry
_H_expm1 = _d.handle('expm1')
_F_expm1 = _H_expm1.fast_entry
_H_expm1_out = _d.handle('expm1.out')
_F_expm1_out = _H_expm1_out.fast_entry
_H_log = _d.handle('log')
_F_log = _H_log.fast_entry
_H_log_out = _d.handle('log.out')
_F_log_out = _H_log_out.fast_entry
_H_log1p = _d.handle('log1p')
_F_log1p = _H_log1p.fast_entry
_H_log1p_out = _d.handle('log1p.out')
_F_log1p_out = _H_log1p_out.fast_entry
_H_sqrt = _d.handle('sqrt')
_F_sqrt = _H_sqrt.fast_entry
_H_sqrt_out = _d.handle('sqrt.out')
_F_sqrt_out = _H_sqrt_out.fast_entry
_H_rsqrt = _d.handle('rsqrt')
_F_rsqrt = _H_rsqrt.fast_entry
_H_rsqrt_out = _d.handle('rsqrt.out')
_F_rsqrt_out = _H_rsqrt_out.fast_entry
_H_reciprocal = _d.handle('reciprocal')
_F_reciprocal = _H_reciprocal.fast_entry
_H_reciprocal_out = _d.handle('reciprocal.out')
_F_reciprocal_out = _H_reciprocal_out.fast_entry
_H_sin = _d.handle('sin')
_F_sin = _H_sin.fast_entry
_H_sin_out = _d.handle('sin.out')
_F_sin_out = _H_sin_out.fast_entry
_H_cos = _d.handle('cos')
_F_cos = _H_cos.fast_entry
_H_cos_out = _d.handle('cos.out')
_F_cos_out = _H_cos_out.fast_entry
_H_floor = _d.handle('floor')
_F_floor = _H_floor.fast_entry
_H_floor_ = _d.handle('floor_')
_F_floor_ = _H_floor_.fast_entry
_H_floor_out = _d.handle('floor.out')
_F_floor_out = _H_floor_out.fast_entry
_H_ceil = _d.handle('ceil')
_F_ceil = _H_ceil.fast_entry
_H_ceil_ = _d.handle('ceil_')
_F_ceil_ = _H_ceil_.fast_entry
_H_ceil_out = _d.handle('ceil.out')
_F_ceil_out = _H_ceil_out.fast_entry
_H_round = _d.handle('round')
_F_round = _H_round.fast_entry
_H_round_ = _d.handle('round_')
_F_round_ = _H_round_.fast_entry
_H_round_out = _d.handle('round.out')
_F_round_out = _H_round_out.fast_entry
_H_trunc = _d.handle('trunc')
_F_trunc = _H_trunc.fast_entry
_H_trunc_ = _d.handle('trunc_')
_F_trunc_ = _H_trunc_.fast_entry
_H_trunc_out = _d.handle('trunc.out')
_F_trunc_out = _H_trunc_out.fast_entry
_H_logical_not = _d.handle('logical_not')
_F_logical_not = _H_logical_not.fast_entry
_H_logical_not_out = _d.handle('logical_not.out')
_F_logical_not_out = _H_logical_not_out.fast_entry
_H_square = _d.handle('square')
_F_square = _H_square.fast_entry
_H_add_Tensor = _d.handle('add.Tensor')
_F_add_Tensor = _H_add_Tensor.fast_entry
_H_add__Tensor = _d.handle('add_.Tensor')
_F_add__Tensor = _H_add__Tensor.fast_entry
_H_add_Tensor_out = _d.handle('add.Tensor_out')
_F_add_Tensor_out = _H_add_Tensor_out.fast_entry
_H_sub_Tensor = _d.handle('sub.Tensor')
_F_sub_Tensor = _H_sub_Tensor.fast_entry
_H_sub__Tensor = _d.handle('sub_.Tensor')
_F_sub__Tensor = _H_sub__Tensor.fast_entry
_H_sub_Tensor_out = _d.handle('sub.Tensor_out')
_F_sub_Tensor_out = _H_sub_Tensor_out.fast_entry
_H_mul_Tensor = _d.handle('mul.Tensor')
_F_mul_Tensor = _H_mul_Tensor.fast_entry
_H_mul__Tensor = _d.handle('mul_.Tensor')
_F_mul__Tensor = _H_mul__Tensor.fast_entry
_H_mul_Tensor_out = _d.handle('mul.Tensor_out')
_F_mul_Tensor_out = _H_mul_Tensor_out.fast_entry
_H_div_Tensor = _d.handle('div.Tensor')
_F_div_Tensor = _H_div_Tensor.fast_entry
_H_div_Tensor_out = _d.handle('div.Tensor_out')
_F_div_Tensor_out = _H_div_Tensor_out.fast_entry
_H_floor_divide = _d.handle('floor_divide')
_F_floor_divide = _H_floor_divide.fast_entry
_H_floor_divide_ = _d.handle('floor_divide_')
_F_floor_divide_ = _H_floor_divide_.fast_entry
_H_floor_divide_out = _d.handle('floor_divide.out')
_F_floor_divide_out = _H_floor_divide_out.fast_entry
_H_pow_Tensor_Tensor = _d.handle('pow.Tensor_Tensor')
_F_pow_Tensor_Tensor = _H_pow_Tensor_Tensor.fast_entry
_H_pow__Tensor_Tensor = _d.handle('pow_.Tensor_Tensor')
_F_pow__Tensor_Tensor = _H_pow__Tensor_Tensor.fast_entry
_H_pow_Tensor_Tensor_out = _d.handle('pow.Tensor_Tensor_out')
_F_pow_Tensor_Tensor_out = _H_pow_Tensor_Tensor_out.fast_entry
_H_maximum = _d.handle('maximum')
_F_maximum = _H_maximum.fast_entry
_H_maximum_ = _d.handle('maximum_')
_F_maximum_ = _H_maximum_.fast_entry
_H_maximum_out = _d.handle('maximum.out')
_F_maximum_out = _H_maximum_out.fast_entry
_H_minimum = _d.handle('minimum')
_F_minimum = _H_minimum.fast_entry
_H_minimum_ = _d.handle('minimum_')
_F_minimum_ = _H_minimum_.fast_entry
_H_minimum_out = _d.handle('minimum.out')
_F_minimum_out = _H_minimum_out.fast_entry
_H_remainder_Tensor = _d.handle('remainder.Tensor')
_F_remainder_Tensor = _H_remainder_Tensor.fast_entry
_H_remainder__Tensor = _d.handle('remainder_.Tensor')
_F_remainder__Tensor = _H_remainder__Tensor.fast_entry
_H_remainder_Tensor_out = _d.handle('remainder.Tensor_out')
_F_remainder_Tensor_out = _H_remainder_Tensor_out.fast_entry
_H_eq_Tensor = _d.handle('eq.Tensor')
_F_eq_Tensor = _H_eq_Tensor.fast_entry
_H_eq_Tensor_out = _d.handle('eq.Tensor_out')
_F_eq_Tensor_out = _H_eq_Tensor_out.fast_entry
_H_ne_Tensor = _d.handle('ne.Tensor')
_F_ne_Tensor = _H_ne_Tensor.fast_entry
_H_ne_Tensor_out = _d.handle('ne.Tensor_out')
_F_ne_Tensor_out = _H_ne_Tensor_out.fast_entry
_H_lt_Tensor = _d.handle('lt.Tensor')
_F_lt_Tensor = _H_lt_Tensor.fast_entry
_H_lt_Tensor_out = _d.handle('lt.Tensor_out')
_F_lt_Tensor_out = _H_lt_Tensor_out.fast_entry
_H_le_Tensor = _d.handle('le.Tensor')
_F_le_Tensor = _H_le_Tensor.fast_entry
_H_le_Tensor_out = _d.handle('le.Tensor_out')
_F_le_Tensor_out = _H_le_Tensor_out.fast_entry
_H_gt_Tensor = _d.handle('gt.Tensor')
_F_gt_Tensor = _H_gt_Tensor.fast_entry
_H_gt_Tensor_out = _d.handle('gt.Tensor_out')
_F_gt_Tensor_out = _H_gt_Tensor_out.fast_entry
_H_ge_Tensor = _d.handle('ge.Tensor')
_F_ge_Tensor = _H_ge_Tensor.fast_entry
_H_ge_Tensor_out = _d.handle('ge.Tensor_out')
_F_ge_Tensor_out = _H_ge_Tensor_out.fast_entry
_H_logical_and = _d.handle('logical_and')
_F_logical_and = _H_logical_and.fast_entry
_H_logical_and_out = _d.handle('logical_and.out')
_F_logical_and_out = _H_logical_and_out.fast_entry
_H_logical_or = _d.handle('logical_or')
_F_logical_or = _H_logical_or.fast_entry
_H_logical_or_out = _d.handle('logical_or.out')
_F_logical_or_out = _H_logical_or_out.fast_entry
_H_div__Tensor = _d.handle('div_.Tensor')
_F_div__Tensor = _H_div__Tensor.fast_entry
_H__div_trunc = _d.handle('_div_trunc')
_F__div_trunc = _H__div_trunc.fast_entry
_H_div_Tensor_mode = _d.handle('div.Tensor_mode')
_F_div_Tensor_mode = _H_div_Tensor_mode.fast_entry
_H_div_out_mode = _d.handle('div.out_mode')
_F_div_out_mode = _H_div_out_mode.fast_entry
_H_div__Tensor_mode = _d.handle('div_.Tensor_mode')
_F_div__Tensor_mode = _H_div__Tensor_mode.fast_entry
_H_where_self = _d.handle('where.self')
_F_where_self = _H_where_self.fast_entry
_H_clamp = _d.handle('clamp')
_F_clamp = _H_clamp.fast_entry
_H_clamp_Tensor = _d.handle('clamp.Tensor')
_F_clamp_Tensor = _H_clamp_Tensor.fast_entry
_H_clamp_ = _d.handle('clamp_')
_F_clamp_ = _H_clamp_.fast_entry
_H_clamp_out = _d.handle('clamp.out')
_F_clamp_out = _H_clamp_out.fast_entry
_H_clamp__Tensor = _d.handle('clamp_.Tensor')
_F_clamp__Tensor = _H_clamp__Tensor.fast_entry
_H_clamp_Tensor_out = _d.handle('clamp.Tensor_out')
_F_clamp_Tensor_out = _H_clamp_Tensor_out.fast_entry
_H_clip = _d.handle('clip')
_F_clip = _H_clip.fast_entry
_H_clamp_min = _d.handle('clamp_min')
_F_clamp_min = _H_clamp_min.fast_entry
_H_clamp_max = _d.handle('clamp_max')
_F_clamp_max = _H_clamp_max.fast_entry
_H_sum = _d.handle('sum')
_F_sum = _H_sum.fast_entry
_H_sum_out = _d.handle('sum.out')
_F_sum_out = _H_sum_out.fast_entry
_H_mean = _d.handle('mean')
_F_mean = _H_mean.fast_entry
_H_prod = _d.handle('prod')
_F_prod = _H_prod.fast_entry
_H_amax = _d.handle('amax')
_F_amax = _H_amax.fast_entry
_H_amin = _d.handle('amin')
_F_amin = _H_amin.fast_entry
_H_all = _d.handle('all')
_F_all = _H_all.fast_entry
_H_any = _d.handle('any')
_F_any = _H_any.fast_entry
_H_max = _d.handle('max')
_F_max = _H_max.fast_entry
_H_max_dim = _d.handle('max.dim')
_F_max_dim = _H_max_dim.fast_entry
_H_max_other = _d.handle('max.other')
_F_max_other = _H_max_other.fast_entry
_H_min = _d.handle('min')
_F_min = _H_min.fast_entry
_H_min_dim = _d.handle('min.dim')
_F_min_dim = _H_min_dim.fast_entry
_H_min_other = _d.handle('min.other')
_F_min_other = _H_min_other.fast_entry
_H_argmax = _d.handle('argmax')
_F_argmax = _H_argmax.fast_entry
_H_argmin = _d.handle('argmin')
_F_argmin = _H_argmin.fast_entry
_H_logsumexp = _d.handle('logsumexp')
_F_logsumexp = _H_logsumexp.fast_entry
_H_softmax_int = _d.handle('softmax.int')
_F_softmax_int = _H_softmax_int.fast_entry
_H_log_softmax_int = _d.handle('log_softmax.int')
_F_log_softmax_int = _H_log_softmax_int.fast_entry
_H_nll_loss = _d.handle('nll_loss')
_F_nll_loss = _H_nll_loss.fast_entry
_H__nll_loss_backward = _d.handle('_nll_loss_backward')
_F__nll_loss_backward = _H__nll_loss_backward.fast_entry
_H_gelu = _d.handle('gelu')
_F_gelu = _H_gelu.fast_entry
_H__gelu_backward = _d.handle('_gelu_backward')
_F__gelu_backward = _H__gelu_backward.fast_entry
_H_silu = _d.handle('silu')
_F_silu = _H_silu.fast_entry
_H_silu_ = _d.handle('silu_')
_F_silu_ = _H_silu_.fast_entry
_H__copy_strided = _d.handle('_copy_strided')
_F__copy_strided = _H__copy_strided.fast_entry
_H_leaky_relu = _d.handle('leaky_relu')
_F_leaky_relu = _H_leaky_relu.fast_entry
_H_leaky_relu_ = _d.handle('leaky_relu_')
_F_leaky_relu_ = _H_leaky_relu_.fast_entry
_H__leaky_relu_backward = _d.handle('_leaky_relu_backward')
_F__leaky_relu_backward = _H__leaky_relu_backward.fast_entry
_H__tanh_backward = _d.handle('_tanh_backward')
_F__tanh_backward = _H__tanh_backward.fast_entry
_H__log_softmax_backward = _d.handle('_log_softmax_backward')
_F__log_softmax_backward = _H__log_softmax_backward.fast_entry
_H_mm = _d.handle('mm')
_F_mm = _H_mm.fast_entry
_H_mm_out = _d.handle('mm.out')
_F_mm_out = _H_mm_out.fast_entry
_H_bmm = _d.handle('bmm')
_F_bmm = _H_bmm.fast_entry
_H_dot = _d.handle('dot')
_F_dot = _H_dot.fast_entry
_H_matmul = _d.handle('matmul')
_F_matmul = _H_matmul.fast_entry
_H_view = _d.handle('view')
_F_view = _H_view.fast_entry
_H_reshape = _d.handle('reshape')
_F_reshape = _H_reshape.fast_entry
_H_t = _d.handle('t')
_F_t = _H_t.fast_entry
_H_transpose_int = _d.handle('transpose.int')
_F_transpose_int = _H_transpose_int.fast_entry
_H_permute = _d.handle('permute')
_F_permute = _H_permute.fast_entry
_H_expand = _d.handle('expand')
_F_expand = _H_expand.fast_entry
_H_squeeze = _d.handle('squeeze')
_F_squeeze = _H_squeeze.fast_entry
_H_squeeze_dim = _d.handle('squeeze.dim')
_F_squeeze_dim = _H_squeeze_dim.fast_entry
_H_squeeze_dims = _d.handle('squeeze.dims')
_F_squeeze_dims = _H_squeeze_dims.fast_entry
_H_unsqueeze = _d.handle('unsqueeze')
_F_unsqueeze = _H_unsqueeze.fast_entry
_H_flatten_using_ints = _d.handle('flatten.using_ints')
_F_flatten_using_ints = _H_flatten_using_ints.fast_entry
_H_narrow = _d.handle('narrow')
_F_narrow = _H_narrow.fast_entry
_H_select_int = _d.handle('select.int')
_F_select_int = _H_select_int.fast_entry
_H_slice_Tensor = _d.handle('slice.Tensor')
_F_slice_Tensor = _H_slice_Tensor.fast_entry
_H_contiguous = _d.handle('contiguous')
_F_contiguous = _H_contiguous.fast_entry
_H_split_Tensor = _d.handle('split.Tensor')
_F_split_Tensor = _H_split_Tensor.fast_entry
_H_split_sizes = _d.handle('split.sizes')
_F_split_sizes = _H_split_sizes.fast_entry
_H_chunk = _d.handle('chunk')
_F_chunk = _H_chunk.fast_entry
_H_cat = _d.handle('cat')
_F_cat = _H_cat.fast_entry
_H_stack = _d.handle('stack')
_F_stack = _H_stack.fast_entry
_H_gather = _d.handle('gather')
_F_gather = _H_gather.fast_entry
_H_index_select = _d.handle('index_select')
_F_index_select = _H_index_select.fast_entry
_H_masked_fill_Scalar = _d.handle('masked_fill.Scalar')
_F_masked_fill_Scalar = _H_masked_fill_Scalar.fast_entry
_H_masked_fill__Scalar = _d.handle('masked_fill_.Scalar')
_F_masked_fill__Scalar = _H_masked_fill__Scalar.fast_entry
_H_index_Tensor = _d.handle('index.Tensor')
_F_index_Tensor = _H_index_Tensor.fast_entry
_H_index_put = _d.handle('index_put')
_F_index_put = _H_index_put.fast_entry
_H_index_put_ = _d.handle('index_put_')
_F_index_put_ = _H_index_put_.fast_entry
_H_clone = _d.handle('clone')
_F_clone = _H_clone.fast_entry
_H_copy_ = _d.handle('copy_')
_F_copy_ = _H_copy_.fast_entry
_H_fill__Scalar = _d.handle('fill_.Scalar')
_F_fill__Scalar = _H_fill__Scalar.fast_entry
_H_zero_ = _d.handle('zero_')
_F_zero_ = _H_zero_.fast_entry
_H_to_device = _d.handle('to.device')
_F_to_device = _H_to_device.fast_entry
_H_to_dtype = _d.handle('to.dtype')
_F_to_dtype = _H_to_dtype.fast_entry
_H_to_other = _d.handle('to.other')
_F_to_other = _H_to_other.fast_entry
_H_type_as = _d.handle('type_as')
_F_type_as = _H_type_as.fast_entry
_H_repeat = _d.handle('repeat')
_F_repeat = _H_repeat.fast_entry
_H_flip = _d.handle('flip')
_F_flip = _H_flip.fast_entry
_H_roll = _d.handle('roll')
_F_roll = _H_roll.fast_entry
_H_expand_as = _d.handle('expand_as')
_F_expand_as = _H_expand_as.fast_entry
_H_view_as = _d.handle('view_as')
_F_view_as = _H_view_as.fast_entry
_H_reshape_as = _d.handle('reshape_as')
_F_reshape_as = _H_reshape_as.fast_entry
_H_unbind_int = _d.handle('unbind.int')
_F_unbind_int = _H_unbind_int.fast_entry
_H_broadcast_to = _d.handle('broadcast_to')
_F_broadcast_to = _H_broadcast_to.fast_entry
_H_tile = _d.handle('tile')
_F_tile = _H_tile.fast_entry
_H_movedim_int = _d.handle('movedim.int')
_F_movedim_int = _H_movedim_int.fast_entry
_H_hstack = _d.handle('hstack')
_F_hstack = _H_hstack.fast_entry
_H_vstack = _d.handle('vstack')
_F_vstack = _H_vstack.fast_entry
_H__unique2 = _d.handle('_unique2')
_F__unique2 = _H__unique2.fast_entry
_H_sparse_coo_tensor = _d.handle('sparse_coo_tensor')
_F_sparse_coo_tensor = _H_sparse_coo_tensor.fast_entry
_H_to_sparse = _d.handle('to_sparse')
_F_to_sparse = _H_to_sparse.fast_entry
_H_to_dense = _d.handle('to_dense')
_F_to_dense = _H_to_dense.fast_entry
_H_coalesce = _d.handle('coalesce')
_F_coalesce = _H_coalesce.fast_entry
_H_is_coalesced = _d.handle('is_coalesced')
_F_is_coalesced = _H_is_coalesced.fast_entry
_H__nnz = _d.handle('_nnz')
_F__nnz = _H__nnz.fast_entry
_H_indices = _d.handle('indices')
_F_indices = _H_indices.fast_entry
_H_values = _d.handle('values')
_F_values = _H_values.fast_entry
_H__indices = _d.handle('_indices')
_F__indices = _H__indices.fast_entry
_H__values = _d.handle('_values')
_F__values = _H__values.fast_entry
_H_sparse_mask = _d.handle('sparse_mask')
_F_sparse_mask = _H_sparse_mask.fast_entry
_H_sparse_sampled_mm = _d.handle('sparse_sampled_mm')
_F_sparse_sampled_mm = _H_sparse_sampled_mm.fast_entry
_H__sparse_values_at = _d.handle('_sparse_values_at')
_F__sparse_values_at = _H__sparse_values_at.fast_entry
_H_log10 = _d.handle('log10')
_F_log10 = _H_log10.fast_entry
_H_log10_ = _d.handle('log10_')
_F_log10_ = _H_log10_.fast_entry
_H_log10_out = _d.handle('log10.out')
_F_log10_out = _H_log10_out.fast_entry
_H_log2 = _d.handle('log2')
_F_log2 = _H_log2.fast_entry
_H_log2_ = _d.handle('log2_')
_F_log2_ = _H_log2_.fast_entry
_H_log2_out = _d.handle('log2.out')
_F_log2_out = _H_log2_out.fast_entry
_H_isnan = _d.handle('isnan')
_F_isnan = _H_isnan.fast_entry
_H_isinf = _d.handle('isinf')
_F_isinf = _H_isinf.fast_entry
_H_isfinite = _d.handle('isfinite')
_F_isfinite = _H_isfinite.fast_entry
_H_logical_xor = _d.handle('logical_xor')
_F_logical_xor = _H_logical_xor.fast_entry
_H_logical_xor_out = _d.handle('logical_xor.out')
_F_logical_xor_out = _H_logical_xor_out.fast_entry
_H_bitwise_and_Tensor = _d.handle('bitwise_and.Tensor')
_F_bitwise_and_Tensor = _H_bitwise_and_Tensor.fast_entry
_H_bitwise_and__Tensor = _d.handle('bitwise_and_.Tensor')
_F_bitwise_and__Tensor = _H_bitwise_and__Tensor.fast_entry
_H_bitwise_and_Tensor_out = _d.handle('bitwise_and.Tensor_out')
_F_bitwise_and_Tensor_out = _H_bitwise_and_Tensor_out.fast_entry
_H_bitwise_or_Tensor = _d.handle('bitwise_or.Tensor')
_F_bitwise_or_Tensor = _H_bitwise_or_Tensor.fast_entry
_H_bitwise_or__Tensor = _d.handle('bitwise_or_.Tensor')
_F_bitwise_or__Tensor = _H_bitwise_or__Tensor.fast_entry
_H_bitwise_or_Tensor_out = _d.handle('bitwise_or.Tensor_out')
_F_bitwise_or_Tensor_out = _H_bitwise_or_Tensor_out.fast_entry
_H_bitwise_xor_Tensor = _d.handle('bitwise_xor.Tensor')
_F_bitwise_xor_Tensor = _H_bitwise_xor_Tensor.fast_entry
_H_bitwise_xor__Tensor = _d.handle('bitwise_xor_.Tensor')
_F_bitwise_xor__Tensor = _H_bitwise_xor__Tensor.fast_entry
_H_bitwise_xor_Tensor_out = _d.handle('bitwise_xor.Tensor_out')
_F_bitwise_xor_Tensor_out = _H_bitwise_xor_Tensor_out.fast_entry
_H_bitwise_not = _d.handle('bitwise_not')
_F_bitwise_not = _H_bitwise_not.fast_entry
_H_bitwise_not_ = _d.handle('bitwise_not_')
_F_bitwise_not_ = _H_bitwise_not_.fast_entry
_H_bitwise_not_out = _d.handle('bitwise_not.out')
_F_bitwise_not_out = _H_bitwise_not_out.fast_entry
_H_fmod_Tensor = _d.handle('fmod.Tensor')
_F_fmod_Tensor = _H_fmod_Tensor.fast_entry
_H_fmod__Tensor = _d.handle('fmod_.Tensor')
_F_fmod__Tensor = _H_fmod__Tensor.fast_entry
_H_fmod_Tensor_out = _d.handle('fmod.Tensor_out')
_F_fmod_Tensor_out = _H_fmod_Tensor_out.fast_entry
_H_lerp_Scalar = _d.handle('lerp.Scalar')
_F_lerp_Scalar = _H_lerp_Scalar.fast_entry
_H_lerp__Scalar = _d.handle('lerp_.Scalar')
_F_lerp__Scalar = _H_lerp__Scalar.fast_entry
_H_lerp_Scalar_out = _d.handle('lerp.Scalar_out')
_F_lerp_Scalar_out = _H_lerp_Scalar_out.fast_entry
_H_lerp_Tensor = _d.handle('lerp.Tensor')
_F_lerp_Tensor = _H_lerp_Tensor.fast_entry
_H_lerp__Tensor = _d.handle('lerp_.Tensor')
_F_lerp__Tensor = _H_lerp__Tensor.fast_entry
_H_lerp_Tensor_out = _d.handle('lerp.Tensor_out')
_F_lerp_Tensor_out = _H_lerp_Tensor_out.fast_entry
_H__nan_to_num = _d.handle('_nan_to_num')
_F__nan_to_num = _H__nan_to_num.fast_entry
_H_nan_to_num = _d.handle('nan_to_num')
_F_nan_to_num = _H_nan_to_num.fast_entry
_H_nan_to_num_ = _d.handle('nan_to_num_')
_F_nan_to_num_ = _H_nan_to_num_.fast_entry
_H_nan_to_num_out = _d.handle('nan_to_num.out')
_F_nan_to_num_out = _H_nan_to_num_out.fast_entry
_H_cumsum = _d.handle('cumsum')
_F_cumsum = _H_cumsum.fast_entry
_H_cumsum_ = _d.handle('cumsum_')
_F_cumsum_ = _H_cumsum_.fast_entry
_H_cumsum_out = _d.handle('cumsum.out')
_F_cumsum_out = _H_cumsum_out.fast_entry
_H_cumprod = _d.handle('cumprod')
_F_cumprod = _H_cumprod.fast_entry
_H_cumprod_ = _d.handle('cumprod_')
_F_cumprod_ = _H_cumprod_.fast_entry
_H_cumprod_out = _d.handle('cumprod.out')
_F_cumprod_out = _H_cumprod_out.fast_entry
_H_sort = _d.handle('sort')
_F_sort = _H_sort.fast_entry
_H_sort_stable = _d.handle('sort.stable')
_F_sort_stable = _H_sort_stable.fast_entry
_H_argsort = _d.handle('argsort')
_F_argsort = _H_argsort.fast_entry
_H_argsort_stable = _d.handle('argsort.stable')
_F_argsort_stable = _H_argsort_stable.fast_entry
_H_topk = _d.handle('topk')
_F_topk = _H_topk.fast_entry
_H_scatter_src = _d.handle('scatter.src')
_F_scatter_src = _H_scatter_src.fast_entry
_H_scatter__src = _d.handle('scatter_.src')
_F_scatter__src = _H_scatter__src.fast_entry
_H_scatter_value = _d.handle('scatter.value')
_F_scatter_value = _H_scatter_value.fast_entry
_H_scatter__value = _d.handle('scatter_.value')
_F_scatter__value = _H_scatter__value.fast_entry
_H_scatter_add = _d.handle('scatter_add')
_F_scatter_add = _H_scatter_add.fast_entry
_H_scatter_add_ = _d.handle('scatter_add_')
_F_scatter_add_ = _H_scatter_add_.fast_entry
_H_index_add = _d.handle('index_add')
_F_index_add = _H_index_add.fast_entry
_H_index_add_ = _d.handle('index_add_')
_F_index_add_ = _H_index_add_.fast_entry
_H_one_hot = _d.handle('one_hot')
_F_one_hot = _H_one_hot.fast_entry
_H_embedding = _d.handle('embedding')
_F_embedding = _H_embedding.fast_entry
_H_tril = _d.handle('tril')
_F_tril = _H_tril.fast_entry
_H_tril_ = _d.handle('tril_')
_F_tril_ = _H_tril_.fast_entry
_H_tril_out = _d.handle('tril.out')
_F_tril_out = _H_tril_out.fast_entry
_H_triu = _d.handle('triu')
_F_triu = _H_triu.fast_entry
_H_triu_ = _d.handle('triu_')
_F_triu_ = _H_triu_.fast_entry
_H_triu_out = _d.handle('triu.out')
_F_triu_out = _H_triu_out.fast_entry
_H_var = _d.handle('var')
_F_var = _H_var.fast_entry
_H_var_dim = _d.handle('var.dim')
_F_var_dim = _H_var_dim.fast_entry
_H_var_correction = _d.handle('var.correction')
_F_var_correction = _H_var_correction.fast_entry
_H_std = _d.handle('std')
_F_std = _H_std.fast_entry
_H_std_dim = _d.handle('std.dim')
_F_std_dim = _H_std_dim.fast_entry
_H_std_correction = _d.handle('std.correction')
_F_std_correction = _H_std_correction.fast_entry
_H_var_mean = _d.handle('var_mean')
_F_var_mean = _H_var_mean.fast_entry
_H_var_mean_dim = _d.handle('var_mean.dim')
_F_var_mean_dim = _H_var_mean_dim.fast_entry
_H_var_mean_correction = _d.handle('var_mean.correction')
_F_var_mean_correction = _H_var_mean_correction.fast_entry
_H_std_mean = _d.handle('std_mean')
_F_std_mean = _H_std_mean.fast_entry
_H_std_mean_dim = _d.handle('std_mean.dim')
_F_std_mean_dim = _H_std_mean_dim.fast_entry
_H_std_mean_correction = _d.handle('std_mean.correction')
_F_std_mean_correction = _H_std_mean_correction.fast_entry
_H_norm_ScalarOpt_dim = _d.handle('norm.ScalarOpt_dim')
_F_norm_ScalarOpt_dim = _H_norm_ScalarOpt_dim.fast_entry
_H_unflatten_int = _d.handle('unflatten.int')
_F_unflatten_int = _H_unflatten_int.fast_entry
_H_outer = _d.handle('outer')
_F_outer = _H_outer.fast_entry
_H_addmm = _d.handle('addmm')
_F_addmm = _H_addmm.fast_entry
_H_addmm_ = _d.handle('addmm_')
_F_addmm_ = _H_addmm_.fast_entry
_H_addmm_out = _d.handle('addmm.out')
_F_addmm_out = _H_addmm_out.fast_entry
_H_baddbmm = _d.handle('baddbmm')
_F_baddbmm = _H_baddbmm.fast_entry
_H_baddbmm_ = _d.handle('baddbmm_')
_F_baddbmm_ = _H_baddbmm_.fast_entry
_H_einsum = _d.handle('einsum')
_F_einsum = _H_einsum.fast_entry
_H_nonzero = _d.handle('nonzero')
_F_nonzero = _H_nonzero.fast_entry
_H_nonzero_as_tuple = _d.handle('nonzero.as_tuple')
_F_nonzero_as_tuple = _H_nonzero_as_tuple.fast_entry
_H_nonzero_numpy = _d.handle('nonzero_numpy')
_F_nonzero_numpy = _H_nonzero_numpy.fast_entry
_H_masked_select = _d.handle('masked_select')
_F_masked_select = _H_masked_select.fast_entry
_H_repeat_interleave_Tensor = _d.handle('repeat_interleave.Tensor')
_F_repeat_interleave_Tensor = _H_repeat_interleave_Tensor.fast_entry
_H_repeat_interleave_self_Tensor = _d.handle('repeat_interleave.self_Tensor')
_F_repeat_interleave_self_Tensor = _H_repeat_interleave_self_Tensor.fast_entry
_H_repeat_interleave_self_int = _d.handle('repeat_interleave.self_int')
_F_repeat_interleave_self_int = _H_repeat_interleave_self_int.fast_entry
_H_meshgrid = _d.handle('meshgrid')
_F_meshgrid = _H_meshgrid.fast_entry
_H_meshgrid_indexing = _d.handle('meshgrid.indexing')
_F_meshgrid_indexing = _H_meshgrid_indexing.fast_entry
_H_diagonal = _d.handle('diagonal')
_F_diagonal = _H_diagonal.fast_entry
_H_diag = _d.handle('diag')
_F_diag = _H_diag.fast_entry
_H_trace = _d.handle('trace')
_F_trace = _H_trace.fast_entry
_H_constant_pad_nd = _d.handle('constant_pad_nd')
_F_constant_pad_nd = _H_constant_pad_nd.fast_entry
_H_cosine_similarity = _d.handle('cosine_similarity')
_F_cosine_similarity = _H_cosine_similarity.fast_entry
_H_kl_div = _d.handle('kl_div')
_F_kl_div = _H_kl_div.fast_entry
_H_huber_loss = _d.handle('huber_loss')
_F_huber_loss = _H_huber_loss.fast_entry
_H__sparse_mm = _d.handle('_sparse_mm')
_F__sparse_mm = _H__sparse_mm.fast_entry

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
_G_silu = _b.Binding('al.silu', ('silu',), method=False)
_G_silu_ = _b.Binding('al.silu_', ('silu_',), method=False)
_G__copy_strided = _b.Binding('al._copy_strided', ('_copy_strided',), method=False)
_G_leaky_relu = _b.Binding('al.leaky_relu', ('leaky_relu',), method=False)
_G_leaky_relu_ = _b.Binding('al.leaky_relu_', ('leaky_relu_',), method=False)
_G__leaky_relu_backward = _b.Binding('al._leaky_relu_backward', ('_leaky_relu_backward',), method=False)
_G__tanh_backward = _b.Binding('al._tanh_backward', ('_tanh_backward',), method=False)
_G__log_softmax_backward = _b.Binding('al._log_softmax_backward', ('_log_softmax_backward',), method=False)
_G_mm = _b.Binding('al.mm', ('mm', 'mm.out'), method=False)
_G_bmm = _b.Binding('al.bmm', ('bmm',), method=False)
_G_dot = _b.Binding('al.dot', ('dot',), method=False)
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

# ---- module functions ----


def neg(input, *, out=None):
    """Negation, elementwise.

    Overloads, tried in this order:
        neg(Tensor self) -> Tensor  (native_functions.yaml:6)
        neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:16)
    """
    if out is None:  # neg
        if input.__class__ is _T:
            return _F_neg(input)
        if isinstance(input, _TN):
            return _H_neg.call((input,))

    # neg.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_neg_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_neg_out.call((input, out))

    return _G_neg.parse((input, ), {'out': out})


def abs(input, *, out=None):
    """Absolute value, elementwise.

    Overloads, tried in this order:
        abs(Tensor self) -> Tensor  (native_functions.yaml:18)
        abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:28)
    """
    if out is None:  # abs
        if input.__class__ is _T:
            return _F_abs(input)
        if isinstance(input, _TN):
            return _H_abs.call((input,))

    # abs.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_abs_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_abs_out.call((input, out))

    return _G_abs.parse((input, ), {'out': out})


def sign(input, *, out=None):
    """-1, 0 or 1 by the sign of each element.

    Overloads, tried in this order:
        sign(Tensor self) -> Tensor  (native_functions.yaml:30)
        sign.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:40)
    """
    if out is None:  # sign
        if input.__class__ is _T:
            return _F_sign(input)
        if isinstance(input, _TN):
            return _H_sign.call((input,))

    # sign.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_sign_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sign_out.call((input, out))

    return _G_sign.parse((input, ), {'out': out})


def relu(input, *, out=None):
    """max(self, 0), elementwise.

    Overloads, tried in this order:
        relu(Tensor self) -> Tensor  (native_functions.yaml:42)
        relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:53)
    """
    if out is None:  # relu
        if input.__class__ is _T:
            return _F_relu(input)
        if isinstance(input, _TN):
            return _H_relu.call((input,))

    # relu.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_relu_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_relu_out.call((input, out))

    return _G_relu.parse((input, ), {'out': out})


def sigmoid(input, *, out=None):
    """1 / (1 + exp(-self)).

    Overloads, tried in this order:
        sigmoid(Tensor self) -> Tensor  (native_functions.yaml:55)
        sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:62)
    """
    if out is None:  # sigmoid
        if input.__class__ is _T:
            return _F_sigmoid(input)
        if isinstance(input, _TN):
            return _H_sigmoid.call((input,))

    # sigmoid.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_sigmoid_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sigmoid_out.call((input, out))

    return _G_sigmoid.parse((input, ), {'out': out})


def tanh(input, *, out=None):
    """Hyperbolic tangent.

    Overloads, tried in this order:
        tanh(Tensor self) -> Tensor  (native_functions.yaml:64)
        tanh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:72)
    """
    if out is None:  # tanh
        if input.__class__ is _T:
            return _F_tanh(input)
        if isinstance(input, _TN):
            return _H_tanh.call((input,))

    # tanh.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_tanh_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_tanh_out.call((input, out))

    return _G_tanh.parse((input, ), {'out': out})


def exp(input, *, out=None):
    """e ** self.

    Overloads, tried in this order:
        exp(Tensor self) -> Tensor  (native_functions.yaml:74)
        exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:81)
    """
    if out is None:  # exp
        if input.__class__ is _T:
            return _F_exp(input)
        if isinstance(input, _TN):
            return _H_exp.call((input,))

    # exp.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_exp_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_exp_out.call((input, out))

    return _G_exp.parse((input, ), {'out': out})


def expm1(input, *, out=None):
    """exp(self) - 1, accurate near 0.

    Overloads, tried in this order:
        expm1(Tensor self) -> Tensor  (native_functions.yaml:83)
        expm1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:91)
    """
    if out is None:  # expm1
        if input.__class__ is _T:
            return _F_expm1(input)
        if isinstance(input, _TN):
            return _H_expm1.call((input,))

    # expm1.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_expm1_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_expm1_out.call((input, out))

    return _G_expm1.parse((input, ), {'out': out})


def log(input, *, out=None):
    """Natural logarithm.

    Overloads, tried in this order:
        log(Tensor self) -> Tensor  (native_functions.yaml:93)
        log.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:100)
    """
    if out is None:  # log
        if input.__class__ is _T:
            return _F_log(input)
        if isinstance(input, _TN):
            return _H_log.call((input,))

    # log.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_log_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log_out.call((input, out))

    return _G_log.parse((input, ), {'out': out})


def log1p(input, *, out=None):
    """log(1 + self), accurate near 0.

    Overloads, tried in this order:
        log1p(Tensor self) -> Tensor  (native_functions.yaml:102)
        log1p.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:110)
    """
    if out is None:  # log1p
        if input.__class__ is _T:
            return _F_log1p(input)
        if isinstance(input, _TN):
            return _H_log1p.call((input,))

    # log1p.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_log1p_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log1p_out.call((input, out))

    return _G_log1p.parse((input, ), {'out': out})


def sqrt(input, *, out=None):
    """Square root.

    Overloads, tried in this order:
        sqrt(Tensor self) -> Tensor  (native_functions.yaml:112)
        sqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:120)
    """
    if out is None:  # sqrt
        if input.__class__ is _T:
            return _F_sqrt(input)
        if isinstance(input, _TN):
            return _H_sqrt.call((input,))

    # sqrt.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_sqrt_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sqrt_out.call((input, out))

    return _G_sqrt.parse((input, ), {'out': out})


def rsqrt(input, *, out=None):
    """1 / sqrt(self).

    Overloads, tried in this order:
        rsqrt(Tensor self) -> Tensor  (native_functions.yaml:122)
        rsqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:129)
    """
    if out is None:  # rsqrt
        if input.__class__ is _T:
            return _F_rsqrt(input)
        if isinstance(input, _TN):
            return _H_rsqrt.call((input,))

    # rsqrt.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_rsqrt_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_rsqrt_out.call((input, out))

    return _G_rsqrt.parse((input, ), {'out': out})


def reciprocal(input, *, out=None):
    """1 / self.

    Overloads, tried in this order:
        reciprocal(Tensor self) -> Tensor  (native_functions.yaml:131)
        reciprocal.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:138)
    """
    if out is None:  # reciprocal
        if input.__class__ is _T:
            return _F_reciprocal(input)
        if isinstance(input, _TN):
            return _H_reciprocal.call((input,))

    # reciprocal.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_reciprocal_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_reciprocal_out.call((input, out))

    return _G_reciprocal.parse((input, ), {'out': out})


def sin(input, *, out=None):
    """Sine.

    Overloads, tried in this order:
        sin(Tensor self) -> Tensor  (native_functions.yaml:140)
        sin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:148)
    """
    if out is None:  # sin
        if input.__class__ is _T:
            return _F_sin(input)
        if isinstance(input, _TN):
            return _H_sin.call((input,))

    # sin.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_sin_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_sin_out.call((input, out))

    return _G_sin.parse((input, ), {'out': out})


def cos(input, *, out=None):
    """Cosine.

    Overloads, tried in this order:
        cos(Tensor self) -> Tensor  (native_functions.yaml:150)
        cos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:157)
    """
    if out is None:  # cos
        if input.__class__ is _T:
            return _F_cos(input)
        if isinstance(input, _TN):
            return _H_cos.call((input,))

    # cos.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_cos_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_cos_out.call((input, out))

    return _G_cos.parse((input, ), {'out': out})


def floor(input, *, out=None):
    """Largest integer not above self.

    Overloads, tried in this order:
        floor(Tensor self) -> Tensor  (native_functions.yaml:159)
        floor.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:169)
    """
    if out is None:  # floor
        if input.__class__ is _T:
            return _F_floor(input)
        if isinstance(input, _TN):
            return _H_floor.call((input,))

    # floor.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_floor_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_floor_out.call((input, out))

    return _G_floor.parse((input, ), {'out': out})


def ceil(input, *, out=None):
    """Smallest integer not below self.

    Overloads, tried in this order:
        ceil(Tensor self) -> Tensor  (native_functions.yaml:171)
        ceil.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:181)
    """
    if out is None:  # ceil
        if input.__class__ is _T:
            return _F_ceil(input)
        if isinstance(input, _TN):
            return _H_ceil.call((input,))

    # ceil.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_ceil_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_ceil_out.call((input, out))

    return _G_ceil.parse((input, ), {'out': out})


def round(input, *, out=None):
    """Round half to even, as torch.round.

    Overloads, tried in this order:
        round(Tensor self) -> Tensor  (native_functions.yaml:183)
        round.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:193)
    """
    if out is None:  # round
        if input.__class__ is _T:
            return _F_round(input)
        if isinstance(input, _TN):
            return _H_round.call((input,))

    # round.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_round_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_round_out.call((input, out))

    return _G_round.parse((input, ), {'out': out})


def trunc(input, *, out=None):
    """Round towards zero.

    Overloads, tried in this order:
        trunc(Tensor self) -> Tensor  (native_functions.yaml:195)
        trunc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:205)
    """
    if out is None:  # trunc
        if input.__class__ is _T:
            return _F_trunc(input)
        if isinstance(input, _TN):
            return _H_trunc.call((input,))

    # trunc.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_trunc_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_trunc_out.call((input, out))

    return _G_trunc.parse((input, ), {'out': out})


def logical_not(input, *, out=None):
    """True where self is zero.

    Overloads, tried in this order:
        logical_not(Tensor self) -> Tensor  (native_functions.yaml:207)
        logical_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:214)
    """
    if out is None:  # logical_not
        if input.__class__ is _T:
            return _F_logical_not(input)
        if isinstance(input, _TN):
            return _H_logical_not.call((input,))

    # logical_not.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_logical_not_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_logical_not_out.call((input, out))

    return _G_logical_not.parse((input, ), {'out': out})


def square(input):
    """self * self; bool squares as int64, as in torch.

    Overloads, tried in this order:
        square(Tensor self) -> Tensor  (native_functions.yaml:216)
    """
    # square
    if input.__class__ is _T:
        return _F_square(input)
    if isinstance(input, _T):
        return _H_square.call((input,))

    return _G_square.parse((input, ), {})


def add(input, other, *, alpha=1, out=None):
    """self + alpha * other, with broadcasting.

    Overloads, tried in this order:
        add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:224)
        add.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:235)
    """
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


def sub(input, other, *, alpha=1, out=None):
    """self - alpha * other, with broadcasting.

    Overloads, tried in this order:
        sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:237)
        sub.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:248)
    """
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


def mul(input, other, *, out=None):
    """self * other, with broadcasting.

    Overloads, tried in this order:
        mul.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:250)
        mul.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:261)
    """
    if out is None:  # mul.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_mul_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_mul_Tensor.call((input, other))

    # mul.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_mul_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_mul_Tensor_out.call((input, other, out))

    return _G_mul.parse((input, other, ), {'out': out})


def div(input, other, *, rounding_mode=_MISSING, out=None):
    """True division: integers divide as floats.

    Overloads, tried in this order:
        div.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:263)
        div.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:272)
        div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor  (native_functions.yaml:417)
        div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:424)
    """
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


def floor_divide(input, other, *, out=None):
    """Division rounded down (Python's //).

    Overloads, tried in this order:
        floor_divide(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:274)
        floor_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:284)
    """
    if out is None:  # floor_divide
        if input.__class__ is _T and other.__class__ is _T:
            return _F_floor_divide(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_floor_divide.call((input, other))

    # floor_divide.out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_floor_divide_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_floor_divide_out.call((input, other, out))

    return _G_floor_divide.parse((input, other, ), {'out': out})


def pow(input, exponent, *, out=None):
    """self ** exponent.

    Overloads, tried in this order:
        pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor  (native_functions.yaml:286)
        pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:298)
    """
    if out is None:  # pow.Tensor_Tensor
        if input.__class__ is _T and exponent.__class__ is _T:
            return _F_pow_Tensor_Tensor(input, exponent)
        if isinstance(input, _TN) and isinstance(exponent, _TN):
            return _H_pow_Tensor_Tensor.call((input, exponent))

    # pow.Tensor_Tensor_out
    if input.__class__ is _T and exponent.__class__ is _T and out.__class__ is _T:
        return _F_pow_Tensor_Tensor_out(input, exponent, out)
    if isinstance(input, _TN) and isinstance(exponent, _TN) and isinstance(out, _T):
        return _H_pow_Tensor_Tensor_out.call((input, exponent, out))

    return _G_pow.parse((input, exponent, ), {'out': out})


def maximum(input, other, *, out=None):
    """Elementwise maximum; NaN wins.

    Overloads, tried in this order:
        maximum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:300)
        maximum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:309)
    """
    if out is None:  # maximum
        if input.__class__ is _T and other.__class__ is _T:
            return _F_maximum(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_maximum.call((input, other))

    # maximum.out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_maximum_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_maximum_out.call((input, other, out))

    return _G_maximum.parse((input, other, ), {'out': out})


def minimum(input, other, *, out=None):
    """Elementwise minimum; NaN wins.

    Overloads, tried in this order:
        minimum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:311)
        minimum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:320)
    """
    if out is None:  # minimum
        if input.__class__ is _T and other.__class__ is _T:
            return _F_minimum(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_minimum.call((input, other))

    # minimum.out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_minimum_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_minimum_out.call((input, other, out))

    return _G_minimum.parse((input, other, ), {'out': out})


def remainder(input, other, *, out=None):
    """Python's %: the result has the sign of other.

    Overloads, tried in this order:
        remainder.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:322)
        remainder.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:332)
    """
    if out is None:  # remainder.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_remainder_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_remainder_Tensor.call((input, other))

    # remainder.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_remainder_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_remainder_Tensor_out.call((input, other, out))

    return _G_remainder.parse((input, other, ), {'out': out})


def eq(input, other, *, out=None):
    """self == other.

    Overloads, tried in this order:
        eq.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:334)
        eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:341)
    """
    if out is None:  # eq.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_eq_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_eq_Tensor.call((input, other))

    # eq.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_eq_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_eq_Tensor_out.call((input, other, out))

    return _G_eq.parse((input, other, ), {'out': out})


def ne(input, other, *, out=None):
    """self != other.

    Overloads, tried in this order:
        ne.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:343)
        ne.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:350)
    """
    if out is None:  # ne.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_ne_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_ne_Tensor.call((input, other))

    # ne.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_ne_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_ne_Tensor_out.call((input, other, out))

    return _G_ne.parse((input, other, ), {'out': out})


def lt(input, other, *, out=None):
    """self < other.

    Overloads, tried in this order:
        lt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:352)
        lt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:359)
    """
    if out is None:  # lt.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_lt_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_lt_Tensor.call((input, other))

    # lt.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_lt_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_lt_Tensor_out.call((input, other, out))

    return _G_lt.parse((input, other, ), {'out': out})


def le(input, other, *, out=None):
    """self <= other.

    Overloads, tried in this order:
        le.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:361)
        le.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:368)
    """
    if out is None:  # le.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_le_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_le_Tensor.call((input, other))

    # le.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_le_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_le_Tensor_out.call((input, other, out))

    return _G_le.parse((input, other, ), {'out': out})


def gt(input, other, *, out=None):
    """self > other.

    Overloads, tried in this order:
        gt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:370)
        gt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:377)
    """
    if out is None:  # gt.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_gt_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_gt_Tensor.call((input, other))

    # gt.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_gt_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_gt_Tensor_out.call((input, other, out))

    return _G_gt.parse((input, other, ), {'out': out})


def ge(input, other, *, out=None):
    """self >= other.

    Overloads, tried in this order:
        ge.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:379)
        ge.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:386)
    """
    if out is None:  # ge.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_ge_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_ge_Tensor.call((input, other))

    # ge.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_ge_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_ge_Tensor_out.call((input, other, out))

    return _G_ge.parse((input, other, ), {'out': out})


def logical_and(input, other, *, out=None):
    """Both nonzero.

    Overloads, tried in this order:
        logical_and(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:388)
        logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:395)
    """
    if out is None:  # logical_and
        if input.__class__ is _T and other.__class__ is _T:
            return _F_logical_and(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_logical_and.call((input, other))

    # logical_and.out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_logical_and_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_and_out.call((input, other, out))

    return _G_logical_and.parse((input, other, ), {'out': out})


def logical_or(input, other, *, out=None):
    """Either nonzero.

    Overloads, tried in this order:
        logical_or(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:397)
        logical_or.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:404)
    """
    if out is None:  # logical_or
        if input.__class__ is _T and other.__class__ is _T:
            return _F_logical_or(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_logical_or.call((input, other))

    # logical_or.out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_logical_or_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_or_out.call((input, other, out))

    return _G_logical_or.parse((input, other, ), {'out': out})


def _div_trunc(input, other):
    """Division rounded towards zero: the kernel behind div(..., rounding_mode='trunc').

    Overloads, tried in this order:
        _div_trunc(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:411)
    """
    # _div_trunc
    if input.__class__ is _T and other.__class__ is _T:
        return _F__div_trunc(input, other)
    if isinstance(input, _TN) and isinstance(other, _TN):
        return _H__div_trunc.call((input, other))

    return _G__div_trunc.parse((input, other, ), {})


def where(condition, input, other):
    """self where condition is true, else other, with broadcasting.

    Overloads, tried in this order:
        where.self(Tensor condition, Tensor self, Tensor other) -> Tensor  (native_functions.yaml:431)
    """
    # where.self
    if condition.__class__ is _T and input.__class__ is _T and other.__class__ is _T:
        return _F_where_self(condition, input, other)
    if isinstance(condition, _TN) and isinstance(input, _TN) and isinstance(other, _TN):
        return _H_where_self.call((condition, input, other))

    return _G_where.parse((condition, input, other, ), {})


def clamp(input, min=None, max=None, *, out=None):
    """Limit every element to [min, max]; either bound may be None.

    Overloads, tried in this order:
        clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor  (native_functions.yaml:439)
        clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor  (native_functions.yaml:446)
        clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:456)
        clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:461)
    """
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

    # clamp.Tensor_out
    if input.__class__ is _T and (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T) and out.__class__ is _T:
        return _F_clamp_Tensor_out(input, min, max, out)
    if isinstance(input, _T) and (min is None or isinstance(min, _T)) and (max is None or isinstance(max, _T)) and isinstance(out, _T):
        return _H_clamp_Tensor_out.call((input, min, max, out))

    return _G_clamp.parse((input, min, max, ), {'out': out})


def clamp_(input, min=None, max=None):
    """Overloads, tried in this order:
        clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)  (native_functions.yaml:453)
        clamp_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)  (native_functions.yaml:458)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp_
        if input.__class__ is _T:
            return _F_clamp_(input, min, max)
        if isinstance(input, _T):
            return _H_clamp_.call((input, min, max))

    # clamp_.Tensor
    if input.__class__ is _T and (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):
        return _F_clamp__Tensor(input, min, max)
    if isinstance(input, _T) and (min is None or isinstance(min, _T)) and (max is None or isinstance(max, _T)):
        return _H_clamp__Tensor.call((input, min, max))

    return _G_clamp_.parse((input, min, max, ), {})


def clip(input, min=None, max=None):
    """clamp under NumPy's name: every element limited to [min, max].

    Overloads, tried in this order:
        clip(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor  (native_functions.yaml:463)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clip
        if input.__class__ is _T:
            return _F_clip(input, min, max)
        if isinstance(input, _T):
            return _H_clip.call((input, min, max))

    return _G_clip.parse((input, min, max, ), {})


def clamp_min(input, min):
    """clamp(self, min=min): every element at least min.

    Overloads, tried in this order:
        clamp_min(Tensor self, Scalar min) -> Tensor  (native_functions.yaml:469)
    """
    if min.__class__ in _NUM:  # clamp_min
        if input.__class__ is _T:
            return _F_clamp_min(input, min)
        if isinstance(input, _T):
            return _H_clamp_min.call((input, min))

    return _G_clamp_min.parse((input, min, ), {})


def clamp_max(input, max):
    """clamp(self, max=max): every element at most max.

    Overloads, tried in this order:
        clamp_max(Tensor self, Scalar max) -> Tensor  (native_functions.yaml:475)
    """
    if max.__class__ in _NUM:  # clamp_max
        if input.__class__ is _T:
            return _F_clamp_max(input, max)
        if isinstance(input, _T):
            return _H_clamp_max.call((input, max))

    return _G_clamp_max.parse((input, max, ), {})


def sum(input, dim=None, keepdim=False, *, dtype=None, out=None, keepdims=_MISSING):
    """Sum over dim (all dims when None); bool and integer inputs sum to int64.

    Overloads, tried in this order:
        sum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:483)
        sum.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:491)
    """
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


def mean(input, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """Arithmetic mean over dim (all dims when None).

    Overloads, tried in this order:
        mean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:493)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # mean
        if input.__class__ is _T:
            return _F_mean(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(input, _T):
            return _H_mean.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))

    return _G_mean.parse((input, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def prod(input, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """Product over dim (all elements when None); bool and integer inputs give int64.

    Overloads, tried in this order:
        prod(Tensor self, int? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:499)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # prod
        if input.__class__ is _T:
            return _F_prod(input, dim, keepdim, dtype)
        if isinstance(input, _T):
            return _H_prod.call((input, dim, keepdim, dtype))

    return _G_prod.parse((input, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def amax(input, dim=(), keepdim=False, *, keepdims=_MISSING):
    """Largest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:505)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amax
        if input.__class__ is _T:
            return _F_amax(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_amax.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_amax.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def amin(input, dim=(), keepdim=False, *, keepdims=_MISSING):
    """Smallest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:511)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amin
        if input.__class__ is _T:
            return _F_amin(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_amin.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_amin.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def all(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    """True where every element over dim is nonzero.

    Overloads, tried in this order:
        all(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:517)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # all
        if input.__class__ is _T:
            return _F_all(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_all.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_all.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def any(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    """True where some element over dim is nonzero.

    Overloads, tried in this order:
        any(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:525)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # any
        if input.__class__ is _T:
            return _F_any(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_any.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_any.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def max(*args, **kwargs):
    """The largest element.

    Overloads, tried in this order:
        max(Tensor self) -> Tensor  (native_functions.yaml:533)
        max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:539)
        max.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:547)
    """
    return _G_max.parse((*args,), kwargs)


def min(*args, **kwargs):
    """The smallest element.

    Overloads, tried in this order:
        min(Tensor self) -> Tensor  (native_functions.yaml:553)
        min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:559)
        min.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:567)
    """
    return _G_min.parse((*args,), kwargs)


def argmax(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    """Index of the largest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:573)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmax
        if input.__class__ is _T:
            return _F_argmax(input, dim, keepdim)
        if isinstance(input, _T):
            return _H_argmax.call((input, dim, keepdim))

    return _G_argmax.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def argmin(input, dim=None, keepdim=False, *, keepdims=_MISSING):
    """Index of the smallest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:581)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmin
        if input.__class__ is _T:
            return _F_argmin(input, dim, keepdim)
        if isinstance(input, _T):
            return _H_argmin.call((input, dim, keepdim))

    return _G_argmin.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def logsumexp(input, dim, keepdim=False, *, keepdims=_MISSING):
    """log(sum(exp(self))) over dim, without overflow.

    Overloads, tried in this order:
        logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor  (native_functions.yaml:589)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # logsumexp
        if input.__class__ is _T:
            return _F_logsumexp(input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(input, _T):
            return _H_logsumexp.call((input, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_logsumexp.parse((input, dim, keepdim, ), {'keepdims': keepdims})


def softmax(input, dim, dtype=None):
    """exp(self) normalised to sum to 1 along dim (shifted by the max, so it cannot overflow); dtype= converts self first.

    Overloads, tried in this order:
        softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:595)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # softmax.int
        if input.__class__ is _T:
            return _F_softmax_int(input, dim, dtype)
        if isinstance(input, _T):
            return _H_softmax_int.call((input, dim, dtype))

    return _G_softmax.parse((input, dim, dtype, ), {})


def log_softmax(input, dim, dtype=None):
    """log(softmax(self, dim)), computed stably; dtype= converts self first.

    Overloads, tried in this order:
        log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:603)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # log_softmax.int
        if input.__class__ is _T:
            return _F_log_softmax_int(input, dim, dtype)
        if isinstance(input, _T):
            return _H_log_softmax_int.call((input, dim, dtype))

    return _G_log_softmax.parse((input, dim, dtype, ), {})


def nll_loss(input, target, weight=None, reduction=1, ignore_index=-100):
    """Negative log-likelihood: -self[i, target[i]] (classes at dim 1) times weight[target[i]], reduced by reduction (0 none, 1 mean over the kept weight, 2 sum); targets equal to ignore_index count for nothing.

    Overloads, tried in this order:
        nll_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor  (native_functions.yaml:614)
    """
    if reduction.__class__ is int and ignore_index.__class__ is int:  # nll_loss
        if input.__class__ is _T and target.__class__ is _T and (weight is None or weight.__class__ is _T):
            return _F_nll_loss(input, target, weight, reduction, ignore_index)
        if isinstance(input, _T) and isinstance(target, _T) and (weight is None or isinstance(weight, _T)):
            return _H_nll_loss.call((input, target, weight, reduction, ignore_index))

    return _G_nll_loss.parse((input, target, weight, reduction, ignore_index, ), {})


def _nll_loss_backward(grad_output, input, target, weight, reduction, ignore_index):
    """Gradient of nll_loss with respect to self: -grad_output * weight[target] at each picked class, zero elsewhere.

    Overloads, tried in this order:
        _nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index) -> Tensor  (native_functions.yaml:622)
    """
    if reduction.__class__ is int and ignore_index.__class__ is int:  # _nll_loss_backward
        if grad_output.__class__ is _T and input.__class__ is _T and target.__class__ is _T and (weight is None or weight.__class__ is _T):
            return _F__nll_loss_backward(grad_output, input, target, weight, reduction, ignore_index)
        if isinstance(grad_output, _T) and isinstance(input, _T) and isinstance(target, _T) and (weight is None or isinstance(weight, _T)):
            return _H__nll_loss_backward.call((grad_output, input, target, weight, reduction, ignore_index))

    return _G__nll_loss_backward.parse((grad_output, input, target, weight, reduction, ignore_index, ), {})


def gelu(input):
    """Gaussian error linear unit, self * Phi(self) with Phi the standard normal CDF (torch's approximate="none").

    Overloads, tried in this order:
        gelu(Tensor self) -> Tensor  (native_functions.yaml:630)
    """
    # gelu
    if input.__class__ is _T:
        return _F_gelu(input)
    if isinstance(input, _TN):
        return _H_gelu.call((input,))

    return _G_gelu.parse((input, ), {})


def _gelu_backward(grad_output, input):
    """grad_output times the derivative of gelu at self: Phi(self) + self * phi(self).

    Overloads, tried in this order:
        _gelu_backward(Tensor grad_output, Tensor self) -> Tensor  (native_functions.yaml:638)
    """
    # _gelu_backward
    if grad_output.__class__ is _T and input.__class__ is _T:
        return _F__gelu_backward(grad_output, input)
    if isinstance(grad_output, _TN) and isinstance(input, _TN):
        return _H__gelu_backward.call((grad_output, input))

    return _G__gelu_backward.parse((grad_output, input, ), {})


def silu(input):
    """Sigmoid linear unit (swish), self * sigmoid(self).

    Overloads, tried in this order:
        silu(Tensor self) -> Tensor  (native_functions.yaml:644)
    """
    # silu
    if input.__class__ is _T:
        return _F_silu(input)
    if isinstance(input, _TN):
        return _H_silu.call((input,))

    return _G_silu.parse((input, ), {})


def silu_(input):
    """Overloads, tried in this order:
        silu_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:650)
    """
    # silu_
    if input.__class__ is _T:
        return _F_silu_(input)
    if isinstance(input, _T):
        return _H_silu_.call((input,))

    return _G_silu_.parse((input, ), {})


def _copy_strided(input):
    """self, copied element by element by the C++ loops: copy_, clone and contiguous of a large strided tensor run its kernel (Note [Strided copies] in aten_lite/rules/kernel_rules.py).

    Overloads, tried in this order:
        _copy_strided(Tensor self) -> Tensor  (native_functions.yaml:653)
    """
    # _copy_strided
    if input.__class__ is _T:
        return _F__copy_strided(input)
    if isinstance(input, _TN):
        return _H__copy_strided.call((input,))

    return _G__copy_strided.parse((input, ), {})


def leaky_relu(input, negative_slope=0.01):
    """self where positive, else self * negative_slope.

    Overloads, tried in this order:
        leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor  (native_functions.yaml:658)
    """
    if negative_slope.__class__ in _NUM:  # leaky_relu
        if input.__class__ is _T:
            return _F_leaky_relu(input, negative_slope)
        if isinstance(input, _TN):
            return _H_leaky_relu.call((input, negative_slope))

    return _G_leaky_relu.parse((input, negative_slope, ), {})


def leaky_relu_(input, negative_slope=0.01):
    """Overloads, tried in this order:
        leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)  (native_functions.yaml:664)
    """
    if negative_slope.__class__ in _NUM:  # leaky_relu_
        if input.__class__ is _T:
            return _F_leaky_relu_(input, negative_slope)
        if isinstance(input, _T):
            return _H_leaky_relu_.call((input, negative_slope))

    return _G_leaky_relu_.parse((input, negative_slope, ), {})


def _leaky_relu_backward(grad_output, input, negative_slope):
    """grad_output times the derivative of leaky_relu at self (1 or negative_slope).

    Overloads, tried in this order:
        _leaky_relu_backward(Tensor grad_output, Tensor self, Scalar negative_slope) -> Tensor  (native_functions.yaml:667)
    """
    if negative_slope.__class__ in _NUM:  # _leaky_relu_backward
        if grad_output.__class__ is _T and input.__class__ is _T:
            return _F__leaky_relu_backward(grad_output, input, negative_slope)
        if isinstance(grad_output, _TN) and isinstance(input, _TN):
            return _H__leaky_relu_backward.call((grad_output, input, negative_slope))

    return _G__leaky_relu_backward.parse((grad_output, input, negative_slope, ), {})


def _tanh_backward(grad_output, tanh_out):
    """The gradient of tanh from its output: grad_output * (1 - output**2), in one pass (one op in the backward graph instead of three).

    Overloads, tried in this order:
        _tanh_backward(Tensor grad_output, Tensor tanh_out) -> Tensor  (native_functions.yaml:672)
    """
    # _tanh_backward
    if grad_output.__class__ is _T and tanh_out.__class__ is _T:
        return _F__tanh_backward(grad_output, tanh_out)
    if isinstance(grad_output, _TN) and isinstance(tanh_out, _TN):
        return _H__tanh_backward.call((grad_output, tanh_out))

    return _G__tanh_backward.parse((grad_output, tanh_out, ), {})


def _log_softmax_backward(grad_output, log_probs, dim):
    """The gradient of log_softmax from its output: grad_output - exp(output) * grad_output.sum(dim), in one kernel.

    Overloads, tried in this order:
        _log_softmax_backward(Tensor grad_output, Tensor log_probs, int dim) -> Tensor  (native_functions.yaml:678)
    """
    if dim.__class__ is int:  # _log_softmax_backward
        if grad_output.__class__ is _T and log_probs.__class__ is _T:
            return _F__log_softmax_backward(grad_output, log_probs, dim)
        if isinstance(grad_output, _T) and isinstance(log_probs, _T):
            return _H__log_softmax_backward.call((grad_output, log_probs, dim))

    return _G__log_softmax_backward.parse((grad_output, log_probs, dim, ), {})


def mm(input, mat2, *, out=None):
    """Matrix product of two 2-D tensors.

    Overloads, tried in this order:
        mm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:686)
        mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:696)
    """
    if out is None:  # mm
        if input.__class__ is _T and mat2.__class__ is _T:
            return _F_mm(input, mat2)
        if isinstance(input, _T) and isinstance(mat2, _T):
            return _H_mm.call((input, mat2))

    # mm.out
    if input.__class__ is _T and mat2.__class__ is _T and out.__class__ is _T:
        return _F_mm_out(input, mat2, out)
    if isinstance(input, _T) and isinstance(mat2, _T) and isinstance(out, _T):
        return _H_mm_out.call((input, mat2, out))

    return _G_mm.parse((input, mat2, ), {'out': out})


def bmm(input, mat2):
    """Batched matrix product of two 3-D tensors with equal batch sizes.

    Overloads, tried in this order:
        bmm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:698)
    """
    # bmm
    if input.__class__ is _T and mat2.__class__ is _T:
        return _F_bmm(input, mat2)
    if isinstance(input, _T) and isinstance(mat2, _T):
        return _H_bmm.call((input, mat2))

    return _G_bmm.parse((input, mat2, ), {})


def dot(input, tensor):
    """Inner product of two 1-D tensors.

    Overloads, tried in this order:
        dot(Tensor self, Tensor tensor) -> Tensor  (native_functions.yaml:706)
    """
    # dot
    if input.__class__ is _T and tensor.__class__ is _T:
        return _F_dot(input, tensor)
    if isinstance(input, _T) and isinstance(tensor, _T):
        return _H_dot.call((input, tensor))

    return _G_dot.parse((input, tensor, ), {})


def matmul(input, other):
    """Matrix product with torch.matmul's rules for 1-D operands and broadcast batch dims.

    Overloads, tried in this order:
        matmul(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:714)
    """
    # matmul
    if input.__class__ is _T and other.__class__ is _T:
        return _F_matmul(input, other)
    if isinstance(input, _T) and isinstance(other, _T):
        return _H_matmul.call((input, other))

    return _G_matmul.parse((input, other, ), {})


def reshape(*args, **kwargs):
    """Another shape (one size may be -1): a view when the strides allow, else a copy.

    Overloads, tried in this order:
        reshape(Tensor(a) self, int[] shape) -> Tensor(a)  (native_functions.yaml:734)
    """
    return _G_reshape.parse((*args,), kwargs)


def t(input):
    """Transpose of a tensor of at most 2 dimensions (a view).

    Overloads, tried in this order:
        t(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:742)
    """
    # t
    if input.__class__ is _T:
        return _F_t(input)
    if isinstance(input, _T):
        return _H_t.call((input,))

    return _G_t.parse((input, ), {})


def transpose(input, dim0, dim1):
    """Dimensions dim0 and dim1 swapped (a view).

    Overloads, tried in this order:
        transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)  (native_functions.yaml:751)
    """
    if dim0.__class__ is int and dim1.__class__ is int:  # transpose.int
        if input.__class__ is _T:
            return _F_transpose_int(input, dim0, dim1)
        if isinstance(input, _T):
            return _H_transpose_int.call((input, dim0, dim1))

    return _G_transpose.parse((input, dim0, dim1, ), {})


def permute(*args, **kwargs):
    """Dimensions reordered: result dim i is self dim dims[i] (a view).

    Overloads, tried in this order:
        permute(Tensor(a) self, int[] dims) -> Tensor(a)  (native_functions.yaml:760)
    """
    return _G_permute.parse((*args,), kwargs)


def squeeze(*args, **kwargs):
    """Every dimension of size 1 removed (a view).

    Overloads, tried in this order:
        squeeze(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:776)
        squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:784)
        squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)  (native_functions.yaml:792)
    """
    return _G_squeeze.parse((*args,), kwargs)


def unsqueeze(input, dim):
    """A dimension of size 1 inserted at dim (a view).

    Overloads, tried in this order:
        unsqueeze(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:800)
    """
    if dim.__class__ is int:  # unsqueeze
        if input.__class__ is _T:
            return _F_unsqueeze(input, dim)
        if isinstance(input, _T):
            return _H_unsqueeze.call((input, dim))

    return _G_unsqueeze.parse((input, dim, ), {})


def flatten(input, start_dim=0, end_dim=-1):
    """Dimensions start_dim..end_dim merged into one, as reshape (a view when possible).

    Overloads, tried in this order:
        flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)  (native_functions.yaml:808)
    """
    if start_dim.__class__ is int and end_dim.__class__ is int:  # flatten.using_ints
        if input.__class__ is _T:
            return _F_flatten_using_ints(input, start_dim, end_dim)
        if isinstance(input, _T):
            return _H_flatten_using_ints.call((input, start_dim, end_dim))

    return _G_flatten.parse((input, start_dim, end_dim, ), {})


def narrow(input, dim, start, length):
    """Entries start..start+length-1 of dimension dim (a view).

    Overloads, tried in this order:
        narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)  (native_functions.yaml:816)
    """
    if dim.__class__ is int and start.__class__ is int and length.__class__ is int:  # narrow
        if input.__class__ is _T:
            return _F_narrow(input, dim, start, length)
        if isinstance(input, _T):
            return _H_narrow.call((input, dim, start, length))

    return _G_narrow.parse((input, dim, start, length, ), {})


def select(input, dim, index):
    """Entry index of dimension dim, that dimension removed (a view).

    Overloads, tried in this order:
        select.int(Tensor(a) self, int dim, int index) -> Tensor(a)  (native_functions.yaml:824)
    """
    if dim.__class__ is int and index.__class__ is int:  # select.int
        if input.__class__ is _T:
            return _F_select_int(input, dim, index)
        if isinstance(input, _T):
            return _H_select_int.call((input, dim, index))

    return _G_select.parse((input, dim, index, ), {})


def slice(input, dim=0, start=None, end=None, step=1):
    """Python slicing start:end:step of dimension dim; any nonzero step, negative too (a view).

    Overloads, tried in this order:
        slice.Tensor(Tensor(a) self, int dim=0, int? start=None, int? end=None, int step=1) -> Tensor(a)  (native_functions.yaml:832)
    """
    if dim.__class__ is int and (start is None or start.__class__ is int) and (end is None or end.__class__ is int) and step.__class__ is int:  # slice.Tensor
        if input.__class__ is _T:
            return _F_slice_Tensor(input, dim, start, end, step)
        if isinstance(input, _T):
            return _H_slice_Tensor.call((input, dim, start, end, step))

    return _G_slice.parse((input, dim, start, end, step, ), {})


def split(input, split_size, dim=0):
    """Views of split_size entries along dim (the last may be shorter).

    Overloads, tried in this order:
        split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:846)
        split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:854)
    """
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


def chunk(input, chunks, dim=0):
    """At most `chunks` equal views along dim (the last may be shorter).

    Overloads, tried in this order:
        chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]  (native_functions.yaml:862)
    """
    if chunks.__class__ is int and dim.__class__ is int:  # chunk
        if input.__class__ is _T:
            return _F_chunk(input, chunks, dim)
        if isinstance(input, _T):
            return _H_chunk.call((input, chunks, dim))

    return _G_chunk.parse((input, chunks, dim, ), {})


def cat(tensors, dim=0):
    """Tensors joined along dim; dtypes promote.

    Overloads, tried in this order:
        cat(Tensor[] tensors, int dim=0) -> Tensor  (native_functions.yaml:870)
    """
    if dim.__class__ is int:  # cat
        if tensors.__class__ in _SEQ:
            return _H_cat.call((tensors, dim))

    return _G_cat.parse((tensors, dim, ), {})


def stack(tensors, dim=0):
    """Equal-shaped tensors joined along a new dim.

    Overloads, tried in this order:
        stack(Tensor[] tensors, int dim=0) -> Tensor  (native_functions.yaml:876)
    """
    if dim.__class__ is int:  # stack
        if tensors.__class__ in _SEQ:
            return _H_stack.call((tensors, dim))

    return _G_stack.parse((tensors, dim, ), {})


def gather(input, dim, index, *, sparse_grad=False):
    """Entries picked along dim by an int64 index of the same rank: out[i][j] = self[index[i][j]][j] for dim 0.

    Overloads, tried in this order:
        gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor  (native_functions.yaml:882)
    """
    if dim.__class__ is int and sparse_grad.__class__ is bool:  # gather
        if input.__class__ is _T and index.__class__ is _T:
            return _F_gather(input, dim, index, sparse_grad)
        if isinstance(input, _T) and isinstance(index, _T):
            return _H_gather.call((input, dim, index, sparse_grad))

    return _G_gather.parse((input, dim, index, ), {'sparse_grad': sparse_grad})


def index_select(input, dim, index):
    """The entries of dim listed by a 1-D integer index (a copy).

    Overloads, tried in this order:
        index_select(Tensor self, int dim, Tensor index) -> Tensor  (native_functions.yaml:889)
    """
    if dim.__class__ is int:  # index_select
        if input.__class__ is _T and index.__class__ is _T:
            return _F_index_select(input, dim, index)
        if isinstance(input, _T) and isinstance(index, _T):
            return _H_index_select.call((input, dim, index))

    return _G_index_select.parse((input, dim, index, ), {})


def masked_fill(input, mask, value):
    """value where the bool mask is True, self elsewhere (broadcasting).

    Overloads, tried in this order:
        masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor  (native_functions.yaml:896)
    """
    if value.__class__ in _NUM:  # masked_fill.Scalar
        if input.__class__ is _T and mask.__class__ is _T:
            return _F_masked_fill_Scalar(input, mask, value)
        if isinstance(input, _T) and isinstance(mask, _T):
            return _H_masked_fill_Scalar.call((input, mask, value))

    return _G_masked_fill.parse((input, mask, value, ), {})


def index(input, indices):
    """Advanced indexing (a copy): integer index tensors and bool masks per dim, None for a whole dim; NumPy's placement of the new dims.

    Overloads, tried in this order:
        index.Tensor(Tensor self, Tensor?[] indices) -> Tensor  (native_functions.yaml:909)
    """
    # index.Tensor
    if isinstance(input, _T) and indices.__class__ in _SEQ:
        return _H_index_Tensor.call((input, indices))

    return _G_index.parse((input, indices, ), {})


def index_put(input, indices, values, accumulate=False):
    """A copy of self with self[indices] = values (added, repeats included, when accumulate).

    Overloads, tried in this order:
        index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor  (native_functions.yaml:916)
    """
    if accumulate.__class__ is bool:  # index_put
        if isinstance(input, _T) and indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put.call((input, indices, values, accumulate))

    return _G_index_put.parse((input, indices, values, accumulate, ), {})


def index_put_(input, indices, values, accumulate=False):
    """Overloads, tried in this order:
        index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)  (native_functions.yaml:923)
    """
    if accumulate.__class__ is bool:  # index_put_
        if isinstance(input, _T) and indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put_.call((input, indices, values, accumulate))

    return _G_index_put_.parse((input, indices, values, accumulate, ), {})


def clone(input):
    """A copy with self's layout: its strides when dense without overlap, else dense ones in their order.

    Overloads, tried in this order:
        clone(Tensor self) -> Tensor  (native_functions.yaml:929)
    """
    # clone
    if input.__class__ is _T:
        return _F_clone(input)
    if isinstance(input, _T):
        return _H_clone.call((input,))

    return _G_clone.parse((input, ), {})


def fill_(input, value):
    """Every element set to value.

    Overloads, tried in this order:
        fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)  (native_functions.yaml:944)
    """
    if value.__class__ in _NUM:  # fill_.Scalar
        if input.__class__ is _T:
            return _F_fill__Scalar(input, value)
        if isinstance(input, _T):
            return _H_fill__Scalar.call((input, value))

    return _G_fill_.parse((input, value, ), {})


def zero_(input):
    """Every element set to 0.

    Overloads, tried in this order:
        zero_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:951)
    """
    # zero_
    if input.__class__ is _T:
        return _F_zero_(input)
    if isinstance(input, _T):
        return _H_zero_.call((input,))

    return _G_zero_.parse((input, ), {})


def flip(*args, **kwargs):
    """A copy of self with the order of the elements reversed along each of dims.

    Overloads, tried in this order:
        flip(Tensor self, int[] dims) -> Tensor  (native_functions.yaml:992)
    """
    return _G_flip.parse((*args,), kwargs)


def roll(input, shifts, dims=()):
    """self shifted by shifts along dims, wrapping around; without dims, as if flattened.

    Overloads, tried in this order:
        roll(Tensor self, int[] shifts, int[] dims=[]) -> Tensor  (native_functions.yaml:998)
    """
    if (shifts.__class__ is int or _b.int_seq(shifts)) and (dims.__class__ is int or _b.int_seq(dims)):  # roll
        if input.__class__ is _T:
            return _F_roll(input, ((shifts,) if shifts.__class__ is int else tuple(shifts) if shifts.__class__ is list else shifts), ((dims,) if dims.__class__ is int else tuple(dims) if dims.__class__ is list else dims))
        if isinstance(input, _T):
            return _H_roll.call((input, ((shifts,) if shifts.__class__ is int else tuple(shifts) if shifts.__class__ is list else shifts), ((dims,) if dims.__class__ is int else tuple(dims) if dims.__class__ is list else dims)))

    return _G_roll.parse((input, shifts, dims, ), {})


def unbind(input, dim=0):
    """The slices of self along dim, each without that dim (views): tuple(self.select(dim, i)).

    Overloads, tried in this order:
        unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]  (native_functions.yaml:1022)
    """
    if dim.__class__ is int:  # unbind.int
        if input.__class__ is _T:
            return _F_unbind_int(input, dim)
        if isinstance(input, _T):
            return _H_unbind_int.call((input, dim))

    return _G_unbind.parse((input, dim, ), {})


def broadcast_to(*args, **kwargs):
    """self.expand(size): a read-only view broadcast to size.

    Overloads, tried in this order:
        broadcast_to(Tensor(a) self, int[] size) -> Tensor(a)  (native_functions.yaml:1028)
    """
    return _G_broadcast_to.parse((*args,), kwargs)


def tile(*args, **kwargs):
    """self repeated dims[i] times along dim i; fewer dims than self.dim() repeat the last dims (numpy.tile).

    Overloads, tried in this order:
        tile(Tensor self, int[] dims) -> Tensor  (native_functions.yaml:1034)
    """
    return _G_tile.parse((*args,), kwargs)


def movedim(input, source, destination):
    """A view with dim source moved to position destination, the other dims in order.

    Overloads, tried in this order:
        movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)  (native_functions.yaml:1040)
    """
    if source.__class__ is int and destination.__class__ is int:  # movedim.int
        if input.__class__ is _T:
            return _F_movedim_int(input, source, destination)
        if isinstance(input, _T):
            return _H_movedim_int.call((input, source, destination))

    return _G_movedim.parse((input, source, destination, ), {})


def hstack(*args, **kwargs):
    """Tensors joined along dim 1 (dim 0 for 1-D tensors).

    Overloads, tried in this order:
        hstack(Tensor[] tensors) -> Tensor  (native_functions.yaml:1046)
    """
    return _G_hstack.parse((*args,), kwargs)


def vstack(*args, **kwargs):
    """Tensors joined along dim 0, 1-D ones as rows.

    Overloads, tried in this order:
        vstack(Tensor[] tensors) -> Tensor  (native_functions.yaml:1051)
    """
    return _G_vstack.parse((*args,), kwargs)


def _unique2(input, sorted=True, return_inverse=False, return_counts=False):
    """The sorted distinct values of self, the inverse indices and the counts (the last two empty unless asked for); torch.unique calls it.

    Overloads, tried in this order:
        _unique2(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False) -> (Tensor, Tensor, Tensor)  (native_functions.yaml:1056)
    """
    if sorted.__class__ is bool and return_inverse.__class__ is bool and return_counts.__class__ is bool:  # _unique2
        if input.__class__ is _T:
            return _F__unique2(input, sorted, return_inverse, return_counts)
        if isinstance(input, _T):
            return _H__unique2.call((input, sorted, return_inverse, return_counts))

    return _G__unique2.parse((input, sorted, return_inverse, return_counts, ), {})


def sparse_coo_tensor(indices, values, size=None, *, dtype=None, is_coalesced=None):
    """A sparse COO tensor with entries values[k] at indices[:, k] (duplicates add up); size defaults to the smallest that holds every index.

    Overloads, tried in this order:
        sparse_coo_tensor(Tensor indices, Tensor values, int[]? size=None, *, ScalarType? dtype=None, bool? is_coalesced=None) -> Tensor  (native_functions.yaml:1069)
    """
    if (size is None or size.__class__ is int or _b.int_seq(size)) and (dtype is None or dtype.__class__ is _DT) and (is_coalesced is None or is_coalesced.__class__ is bool):  # sparse_coo_tensor
        if indices.__class__ is _T and values.__class__ is _T:
            return _F_sparse_coo_tensor(indices, values, ((size,) if size.__class__ is int else tuple(size) if size.__class__ is list else size), dtype, is_coalesced)
        if isinstance(indices, _T) and isinstance(values, _T):
            return _H_sparse_coo_tensor.call((indices, values, ((size,) if size.__class__ is int else tuple(size) if size.__class__ is list else size), dtype, is_coalesced))

    return _G_sparse_coo_tensor.parse((indices, values, size, ), {'dtype': dtype, 'is_coalesced': is_coalesced})


def sparse_sampled_mm(input, mat1, mat2):
    """(mat1 @ mat2) at the entries of sparse self only: a sparse tensor with the pattern of self, coalesced.

    Overloads, tried in this order:
        sparse_sampled_mm(Tensor self, Tensor mat1, Tensor mat2) -> Tensor  (native_functions.yaml:1138)
    """
    # sparse_sampled_mm
    if input.__class__ is _T and mat1.__class__ is _T and mat2.__class__ is _T:
        return _F_sparse_sampled_mm(input, mat1, mat2)
    if isinstance(input, _T) and isinstance(mat1, _T) and isinstance(mat2, _T):
        return _H_sparse_sampled_mm.call((input, mat1, mat2))

    return _G_sparse_sampled_mm.parse((input, mat1, mat2, ), {})


def _sparse_values_at(input, indices):
    """self read at the positions indices[:, k] (an (ndim, n) int64 tensor): the gradient of the values of sparse_coo_tensor.

    Overloads, tried in this order:
        _sparse_values_at(Tensor self, Tensor indices) -> Tensor  (native_functions.yaml:1145)
    """
    # _sparse_values_at
    if input.__class__ is _T and indices.__class__ is _T:
        return _F__sparse_values_at(input, indices)
    if isinstance(input, _T) and isinstance(indices, _T):
        return _H__sparse_values_at.call((input, indices))

    return _G__sparse_values_at.parse((input, indices, ), {})


def log10(input, *, out=None):
    """Base-10 logarithm.

    Overloads, tried in this order:
        log10(Tensor self) -> Tensor  (native_functions.yaml:1157)
        log10.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1167)
    """
    if out is None:  # log10
        if input.__class__ is _T:
            return _F_log10(input)
        if isinstance(input, _TN):
            return _H_log10.call((input,))

    # log10.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_log10_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log10_out.call((input, out))

    return _G_log10.parse((input, ), {'out': out})


def log2(input, *, out=None):
    """Base-2 logarithm.

    Overloads, tried in this order:
        log2(Tensor self) -> Tensor  (native_functions.yaml:1169)
        log2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1179)
    """
    if out is None:  # log2
        if input.__class__ is _T:
            return _F_log2(input)
        if isinstance(input, _TN):
            return _H_log2.call((input,))

    # log2.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_log2_out(input, out)
    if isinstance(input, _TN) and isinstance(out, _T):
        return _H_log2_out.call((input, out))

    return _G_log2.parse((input, ), {'out': out})


def isnan(input):
    """True where self is NaN.

    Overloads, tried in this order:
        isnan(Tensor self) -> Tensor  (native_functions.yaml:1182)
    """
    # isnan
    if input.__class__ is _T:
        return _F_isnan(input)
    if isinstance(input, _TN):
        return _H_isnan.call((input,))

    return _G_isnan.parse((input, ), {})


def isinf(input):
    """True where self is +inf or -inf.

    Overloads, tried in this order:
        isinf(Tensor self) -> Tensor  (native_functions.yaml:1189)
    """
    # isinf
    if input.__class__ is _T:
        return _F_isinf(input)
    if isinstance(input, _TN):
        return _H_isinf.call((input,))

    return _G_isinf.parse((input, ), {})


def isfinite(input):
    """True where self is neither NaN nor infinite.

    Overloads, tried in this order:
        isfinite(Tensor self) -> Tensor  (native_functions.yaml:1196)
    """
    # isfinite
    if input.__class__ is _T:
        return _F_isfinite(input)
    if isinstance(input, _TN):
        return _H_isfinite.call((input,))

    return _G_isfinite.parse((input, ), {})


def logical_xor(input, other, *, out=None):
    """Exactly one of the two nonzero.

    Overloads, tried in this order:
        logical_xor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1203)
        logical_xor.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1210)
    """
    if out is None:  # logical_xor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_logical_xor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_logical_xor.call((input, other))

    # logical_xor.out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_logical_xor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_xor_out.call((input, other, out))

    return _G_logical_xor.parse((input, other, ), {'out': out})


def bitwise_and(input, other, *, out=None):
    """Bitwise and of integers; logical and of bools (the & operator).

    Overloads, tried in this order:
        bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1212)
        bitwise_and.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1221)
    """
    if out is None:  # bitwise_and.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_bitwise_and_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_bitwise_and_Tensor.call((input, other))

    # bitwise_and.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_bitwise_and_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_bitwise_and_Tensor_out.call((input, other, out))

    return _G_bitwise_and.parse((input, other, ), {'out': out})


def bitwise_or(input, other, *, out=None):
    """Bitwise or of integers; logical or of bools (the | operator).

    Overloads, tried in this order:
        bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1223)
        bitwise_or.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1232)
    """
    if out is None:  # bitwise_or.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_bitwise_or_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_bitwise_or_Tensor.call((input, other))

    # bitwise_or.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_bitwise_or_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_bitwise_or_Tensor_out.call((input, other, out))

    return _G_bitwise_or.parse((input, other, ), {'out': out})


def bitwise_xor(input, other, *, out=None):
    """Bitwise exclusive or of integers; logical xor of bools (the ^ operator).

    Overloads, tried in this order:
        bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1234)
        bitwise_xor.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1243)
    """
    if out is None:  # bitwise_xor.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_bitwise_xor_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_bitwise_xor_Tensor.call((input, other))

    # bitwise_xor.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_bitwise_xor_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_bitwise_xor_Tensor_out.call((input, other, out))

    return _G_bitwise_xor.parse((input, other, ), {'out': out})


def bitwise_not(input, *, out=None):
    """Bitwise not of integers; logical not of bools (the ~ operator).

    Overloads, tried in this order:
        bitwise_not(Tensor self) -> Tensor  (native_functions.yaml:1247)
        bitwise_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1258)
    """
    if out is None:  # bitwise_not
        if input.__class__ is _T:
            return _F_bitwise_not(input)
        if isinstance(input, _T):
            return _H_bitwise_not.call((input,))

    # bitwise_not.out
    if input.__class__ is _T and out.__class__ is _T:
        return _F_bitwise_not_out(input, out)
    if isinstance(input, _T) and isinstance(out, _T):
        return _H_bitwise_not_out.call((input, out))

    return _G_bitwise_not.parse((input, ), {'out': out})


def fmod(input, other, *, out=None):
    """C's fmod: the remainder has the sign of self.

    Overloads, tried in this order:
        fmod.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1260)
        fmod.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1270)
    """
    if out is None:  # fmod.Tensor
        if input.__class__ is _T and other.__class__ is _T:
            return _F_fmod_Tensor(input, other)
        if isinstance(input, _TN) and isinstance(other, _TN):
            return _H_fmod_Tensor.call((input, other))

    # fmod.Tensor_out
    if input.__class__ is _T and other.__class__ is _T and out.__class__ is _T:
        return _F_fmod_Tensor_out(input, other, out)
    if isinstance(input, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_fmod_Tensor_out.call((input, other, out))

    return _G_fmod.parse((input, other, ), {'out': out})


def lerp(input, end, weight, *, out=None):
    """self + weight * (end - self), with broadcasting.

    Overloads, tried in this order:
        lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor  (native_functions.yaml:1273)
        lerp.Scalar_out(Tensor self, Tensor end, Scalar weight, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1282)
        lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor  (native_functions.yaml:1284)
        lerp.Tensor_out(Tensor self, Tensor end, Tensor weight, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1293)
    """
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

    # lerp.Tensor_out
    if input.__class__ is _T and end.__class__ is _T and weight.__class__ is _T and out.__class__ is _T:
        return _F_lerp_Tensor_out(input, end, weight, out)
    if isinstance(input, _TN) and isinstance(end, _TN) and isinstance(weight, _TN) and isinstance(out, _T):
        return _H_lerp_Tensor_out.call((input, end, weight, out))

    return _G_lerp.parse((input, end, weight, ), {'out': out})


def _nan_to_num(input, nan, posinf, neginf):
    """NaN, +inf and -inf replaced by the given numbers.

    Overloads, tried in this order:
        _nan_to_num(Tensor self, float nan, float posinf, float neginf) -> Tensor  (native_functions.yaml:1296)
    """
    if nan.__class__ in _FLT and posinf.__class__ in _FLT and neginf.__class__ in _FLT:  # _nan_to_num
        if input.__class__ is _T:
            return _F__nan_to_num(input, nan, posinf, neginf)
        if isinstance(input, _TN):
            return _H__nan_to_num.call((input, nan, posinf, neginf))

    return _G__nan_to_num.parse((input, nan, posinf, neginf, ), {})


def nan_to_num(input, nan=None, posinf=None, neginf=None, *, out=None):
    """NaN replaced by nan (0), +inf by posinf and -inf by neginf (the largest and smallest finite values of the dtype by default).

    Overloads, tried in this order:
        nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor  (native_functions.yaml:1301)
        nan_to_num.out(Tensor self, float? nan=None, float? posinf=None, float? neginf=None, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1311)
    """
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


def nan_to_num_(input, nan=None, posinf=None, neginf=None):
    """Overloads, tried in this order:
        nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)  (native_functions.yaml:1308)
    """
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num_
        if input.__class__ is _T:
            return _F_nan_to_num_(input, nan, posinf, neginf)
        if isinstance(input, _T):
            return _H_nan_to_num_.call((input, nan, posinf, neginf))

    return _G_nan_to_num_.parse((input, nan, posinf, neginf, ), {})


def cumsum(input, dim, *, dtype=None, out=None):
    """Running sums along dim; bool and integer inputs give int64 (dtype= converts self first).

    Overloads, tried in this order:
        cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:1315)
        cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1327)
    """
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


def cumprod(input, dim, *, dtype=None, out=None):
    """Running products along dim; bool and integer inputs give int64 (dtype= converts self first).

    Overloads, tried in this order:
        cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:1329)
        cumprod.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1341)
    """
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


def sort(*args, **kwargs):
    """Values along dim in order (NaN counts as the largest) and where they came from; equal values keep their order.

    Overloads, tried in this order:
        sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:1343)
        sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:1351)
    """
    return _G_sort.parse((*args,), kwargs)


def argsort(*args, **kwargs):
    """The indices that sort self along dim (stable).

    Overloads, tried in this order:
        argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor  (native_functions.yaml:1357)
        argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor  (native_functions.yaml:1363)
    """
    return _G_argsort.parse((*args,), kwargs)


def topk(input, k, dim=-1, largest=True, sorted=True):
    """The k largest (or smallest) values along dim, largest first, and their indices.

    Overloads, tried in this order:
        topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)  (native_functions.yaml:1369)
    """
    if k.__class__ is int and dim.__class__ is int and largest.__class__ is bool and sorted.__class__ is bool:  # topk
        if input.__class__ is _T:
            return _F_topk(input, k, dim, largest, sorted)
        if isinstance(input, _T):
            return _H_topk.call((input, k, dim, largest, sorted))

    return _G_topk.parse((input, k, dim, largest, sorted, ), {})


def scatter(*args, **kwargs):
    """A copy of self with self[index[i][j]][j] = src[i][j] (for dim 0); the inverse of gather.

    Overloads, tried in this order:
        scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor  (native_functions.yaml:1379)
        scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor  (native_functions.yaml:1390)
    """
    return _G_scatter.parse((*args,), kwargs)


def scatter_add(input, dim, index, src):
    """A copy of self with src added at the positions index gives along dim (repeats add up).

    Overloads, tried in this order:
        scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor  (native_functions.yaml:1401)
    """
    if dim.__class__ is int:  # scatter_add
        if input.__class__ is _T and index.__class__ is _T and src.__class__ is _T:
            return _F_scatter_add(input, dim, index, src)
        if isinstance(input, _T) and isinstance(index, _T) and isinstance(src, _T):
            return _H_scatter_add.call((input, dim, index, src))

    return _G_scatter_add.parse((input, dim, index, src, ), {})


def index_add(input, dim, index, source, *, alpha=1):
    """A copy of self with alpha * source[i] added to entry index[i] of dim (repeats add up).

    Overloads, tried in this order:
        index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:1412)
    """
    if dim.__class__ is int and alpha.__class__ in _NUM:  # index_add
        if input.__class__ is _T and index.__class__ is _T and source.__class__ is _T:
            return _F_index_add(input, dim, index, source, alpha)
        if isinstance(input, _T) and isinstance(index, _T) and isinstance(source, _T):
            return _H_index_add.call((input, dim, index, source, alpha))

    return _G_index_add.parse((input, dim, index, source, ), {'alpha': alpha})


def one_hot(input, num_classes=-1):
    """An int64 tensor with a new last dim of num_classes (max + 1 when -1): 1 at each class index.

    Overloads, tried in this order:
        one_hot(Tensor self, int num_classes=-1) -> Tensor  (native_functions.yaml:1424)
    """
    if num_classes.__class__ is int:  # one_hot
        if input.__class__ is _T:
            return _F_one_hot(input, num_classes)
        if isinstance(input, _T):
            return _H_one_hot.call((input, num_classes))

    return _G_one_hot.parse((input, num_classes, ), {})


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    """Rows of weight picked by an integer indices tensor: shape indices.shape + (dim,); the padding_idx row gets no gradient.

    Overloads, tried in this order:
        embedding(Tensor weight, Tensor indices, int padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False) -> Tensor  (native_functions.yaml:1432)
    """
    if padding_idx.__class__ is int and scale_grad_by_freq.__class__ is bool and sparse.__class__ is bool:  # embedding
        if weight.__class__ is _T and indices.__class__ is _T:
            return _F_embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)
        if isinstance(weight, _T) and isinstance(indices, _T):
            return _H_embedding.call((weight, indices, padding_idx, scale_grad_by_freq, sparse))

    return _G_embedding.parse((weight, indices, padding_idx, scale_grad_by_freq, sparse, ), {})


def tril(input, diagonal=0, *, out=None):
    """The lower triangle of the last two dims (entries j <= i + diagonal), zeros above.

    Overloads, tried in this order:
        tril(Tensor self, int diagonal=0) -> Tensor  (native_functions.yaml:1439)
        tril.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1450)
    """
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


def triu(input, diagonal=0, *, out=None):
    """The upper triangle of the last two dims (entries j >= i + diagonal), zeros below.

    Overloads, tried in this order:
        triu(Tensor self, int diagonal=0) -> Tensor  (native_functions.yaml:1452)
        triu.out(Tensor self, int diagonal=0, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1463)
    """
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


def var(*args, **kwargs):
    """Variance of all elements, divided by N - 1 (unbiased) or N.

    Overloads, tried in this order:
        var(Tensor self, bool unbiased=True) -> Tensor  (native_functions.yaml:1467)
        var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor  (native_functions.yaml:1473)
        var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor  (native_functions.yaml:1479)
    """
    return _G_var.parse((*args,), kwargs)


def std(*args, **kwargs):
    """Standard deviation of all elements: sqrt(var).

    Overloads, tried in this order:
        std(Tensor self, bool unbiased=True) -> Tensor  (native_functions.yaml:1485)
        std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor  (native_functions.yaml:1491)
        std.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor  (native_functions.yaml:1497)
    """
    return _G_std.parse((*args,), kwargs)


def var_mean(*args, **kwargs):
    """(var, mean) of all elements.

    Overloads, tried in this order:
        var_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)  (native_functions.yaml:1503)
        var_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)  (native_functions.yaml:1509)
        var_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> (Tensor, Tensor)  (native_functions.yaml:1515)
    """
    return _G_var_mean.parse((*args,), kwargs)


def std_mean(*args, **kwargs):
    """(std, mean) of all elements.

    Overloads, tried in this order:
        std_mean(Tensor self, bool unbiased=True) -> (Tensor, Tensor)  (native_functions.yaml:1521)
        std_mean.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> (Tensor, Tensor)  (native_functions.yaml:1527)
        std_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> (Tensor, Tensor)  (native_functions.yaml:1533)
    """
    return _G_std_mean.parse((*args,), kwargs)


def norm(input, p=2, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """The p-norm over dim (all dims when None): (sum |self|^p)^(1/p); inf, -inf: the largest, smallest |self|; 0: the count of nonzeros.

    Overloads, tried in this order:
        norm.ScalarOpt_dim(Tensor self, Scalar? p=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:1539)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (p is None or p.__class__ in _NUM) and (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # norm.ScalarOpt_dim
        if input.__class__ is _T:
            return _F_norm_ScalarOpt_dim(input, p, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(input, _T):
            return _H_norm_ScalarOpt_dim.call((input, p, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))

    return _G_norm.parse((input, p, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def unflatten(*args, **kwargs):
    """Dimension dim split into sizes (one may be -1), as view/reshape.

    Overloads, tried in this order:
        unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)  (native_functions.yaml:1545)
    """
    return _G_unflatten.parse((*args,), kwargs)


def outer(input, vec2):
    """Outer product of two 1-D tensors: out[i][j] = self[i] * vec2[j].

    Overloads, tried in this order:
        outer(Tensor self, Tensor vec2) -> Tensor  (native_functions.yaml:1551)
    """
    # outer
    if input.__class__ is _T and vec2.__class__ is _T:
        return _F_outer(input, vec2)
    if isinstance(input, _T) and isinstance(vec2, _T):
        return _H_outer.call((input, vec2))

    return _G_outer.parse((input, vec2, ), {})


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    """beta * self + alpha * (mat1 @ mat2); self is ignored (NaN too) when beta is 0.

    Overloads, tried in this order:
        addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor  (native_functions.yaml:1557)
        addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:1566)
    """
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


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * self + alpha * bmm(batch1, batch2); self is ignored (NaN too) when beta is 0.

    Overloads, tried in this order:
        baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor  (native_functions.yaml:1568)
    """
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # baddbmm
        if input.__class__ is _T and batch1.__class__ is _T and batch2.__class__ is _T:
            return _F_baddbmm(input, batch1, batch2, beta, alpha)
        if isinstance(input, _T) and isinstance(batch1, _T) and isinstance(batch2, _T):
            return _H_baddbmm.call((input, batch1, batch2, beta, alpha))

    return _G_baddbmm.parse((input, batch1, batch2, ), {'beta': beta, 'alpha': alpha})


def einsum(*args, **kwargs):
    """Einstein summation ('ij,jk->ik'), contracted pairwise with bmm; ... stands for broadcast dims.

    Overloads, tried in this order:
        einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor  (native_functions.yaml:1577)
    """
    return _G_einsum.parse((*args,), kwargs)


def nonzero(input, *, as_tuple=_MISSING):
    """The indices of the nonzero elements of self as an int64 (count, ndim) tensor, row-major.

    Overloads, tried in this order:
        nonzero(Tensor self) -> Tensor  (native_functions.yaml:1588)
        nonzero.as_tuple(Tensor self, *, bool as_tuple) -> Tensor[]  (native_functions.yaml:1594)
    """
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


def nonzero_numpy(input):
    """The indices of the nonzero elements of self, one 1-D tensor per dim (nonzero(as_tuple=True) as a list).

    Overloads, tried in this order:
        nonzero_numpy(Tensor self) -> Tensor[]  (native_functions.yaml:1600)
    """
    # nonzero_numpy
    if input.__class__ is _T:
        return _F_nonzero_numpy(input)
    if isinstance(input, _T):
        return _H_nonzero_numpy.call((input,))

    return _G_nonzero_numpy.parse((input, ), {})


def masked_select(input, mask):
    """The elements of self where the bool mask (broadcast with self) is True, as a 1-D tensor.

    Overloads, tried in this order:
        masked_select(Tensor self, Tensor mask) -> Tensor  (native_functions.yaml:1606)
    """
    # masked_select
    if input.__class__ is _T and mask.__class__ is _T:
        return _F_masked_select(input, mask)
    if isinstance(input, _T) and isinstance(mask, _T):
        return _H_masked_select.call((input, mask))

    return _G_masked_select.parse((input, mask, ), {})


def repeat_interleave(*args, **kwargs):
    """Index i repeated repeats[i] times (repeats: 1-D, int32 or int64, non-negative).

    Overloads, tried in this order:
        repeat_interleave.Tensor(Tensor repeats, *, SymInt? output_size=None) -> Tensor  (native_functions.yaml:1612)
        repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor  (native_functions.yaml:1618)
        repeat_interleave.self_int(Tensor self, SymInt repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor  (native_functions.yaml:1624)
    """
    return _G_repeat_interleave.parse((*args,), kwargs)


def meshgrid(*args, **kwargs):
    """Coordinate grids of 0-D or 1-D tensors, output i varying along dim i (indexing='ij').

    Overloads, tried in this order:
        meshgrid(Tensor[] tensors) -> Tensor[]  (native_functions.yaml:1630)
        meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]  (native_functions.yaml:1636)
    """
    return _G_meshgrid.parse((*args,), kwargs)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal of dims dim1 and dim2 (above the main one for offset > 0), as the last dim of a view.

    Overloads, tried in this order:
        diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)  (native_functions.yaml:1642)
    """
    if offset.__class__ is int and dim1.__class__ is int and dim2.__class__ is int:  # diagonal
        if input.__class__ is _T:
            return _F_diagonal(input, offset, dim1, dim2)
        if isinstance(input, _T):
            return _H_diagonal.call((input, offset, dim1, dim2))

    return _G_diagonal.parse((input, offset, dim1, dim2, ), {})


def diag(input, diagonal=0):
    """A 1-D tensor placed on a diagonal of a square matrix, or the diagonal of a 2-D tensor (copied).

    Overloads, tried in this order:
        diag(Tensor self, int diagonal=0) -> Tensor  (native_functions.yaml:1650)
    """
    if diagonal.__class__ is int:  # diag
        if input.__class__ is _T:
            return _F_diag(input, diagonal)
        if isinstance(input, _T):
            return _H_diag.call((input, diagonal))

    return _G_diag.parse((input, diagonal, ), {})


def trace(input):
    """The sum of the main diagonal of a 2-D tensor.

    Overloads, tried in this order:
        trace(Tensor self) -> Tensor  (native_functions.yaml:1656)
    """
    # trace
    if input.__class__ is _T:
        return _F_trace(input)
    if isinstance(input, _T):
        return _H_trace.call((input,))

    return _G_trace.parse((input, ), {})


def constant_pad_nd(input, pad, value=0):
    """self padded with value by (left, right) pairs from the last dim backwards; negative amounts crop (F.pad).

    Overloads, tried in this order:
        constant_pad_nd(Tensor self, SymInt[] pad, Scalar value=0) -> Tensor  (native_functions.yaml:1662)
    """
    if (pad.__class__ is int or _b.int_seq(pad)) and value.__class__ in _NUM:  # constant_pad_nd
        if input.__class__ is _T:
            return _F_constant_pad_nd(input, ((pad,) if pad.__class__ is int else tuple(pad) if pad.__class__ is list else pad), value)
        if isinstance(input, _T):
            return _H_constant_pad_nd.call((input, ((pad,) if pad.__class__ is int else tuple(pad) if pad.__class__ is list else pad), value))

    return _G_constant_pad_nd.parse((input, pad, value, ), {})


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """Cosine of the angle between x1 and x2 (broadcast) along dim, norms clamped below by eps.

    Overloads, tried in this order:
        cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor  (native_functions.yaml:1668)
    """
    if dim.__class__ is int and eps.__class__ in _FLT:  # cosine_similarity
        if x1.__class__ is _T and x2.__class__ is _T:
            return _F_cosine_similarity(x1, x2, dim, eps)
        if isinstance(x1, _T) and isinstance(x2, _T):
            return _H_cosine_similarity.call((x1, x2, dim, eps))

    return _G_cosine_similarity.parse((x1, x2, dim, eps, ), {})


def kl_div(input, target, reduction=1, *, log_target=False):
    """KL divergence with self = log q: target * (log target - self), reduced (0 none, 1 mean, 2 sum).

    Overloads, tried in this order:
        kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor  (native_functions.yaml:1674)
    """
    if reduction.__class__ is int and log_target.__class__ is bool:  # kl_div
        if input.__class__ is _T and target.__class__ is _T:
            return _F_kl_div(input, target, reduction, log_target)
        if isinstance(input, _T) and isinstance(target, _T):
            return _H_kl_div.call((input, target, reduction, log_target))

    return _G_kl_div.parse((input, target, reduction, ), {'log_target': log_target})


def huber_loss(input, target, reduction=1, delta=1.0):
    """Huber loss of self - target: quadratic below delta, linear above, reduced (0 none, 1 mean, 2 sum).

    Overloads, tried in this order:
        huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.0) -> Tensor  (native_functions.yaml:1680)
    """
    if reduction.__class__ is int and delta.__class__ in _FLT:  # huber_loss
        if input.__class__ is _T and target.__class__ is _T:
            return _F_huber_loss(input, target, reduction, delta)
        if isinstance(input, _T) and isinstance(target, _T):
            return _H_huber_loss.call((input, target, reduction, delta))

    return _G_huber_loss.parse((input, target, reduction, delta, ), {})


def _sparse_mm(input, mat2):
    """al.sparse.mm: the product of mm, but a sparse first operand gets a sparse gradient with its pattern (as torch.sparse.mm), where mm gives it a strided one (as torch.mm).

    Overloads, tried in this order:
        _sparse_mm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:1688)
    """
    # _sparse_mm
    if input.__class__ is _T and mat2.__class__ is _T:
        return _F__sparse_mm(input, mat2)
    if isinstance(input, _T) and isinstance(mat2, _T):
        return _H__sparse_mm.call((input, mat2))

    return _G__sparse_mm.parse((input, mat2, ), {})


# ---- Tensor methods ----


def _m_neg(self):
    """Negation, elementwise.

    Overloads, tried in this order:
        neg(Tensor self) -> Tensor  (native_functions.yaml:6)
    """
    # neg
    return _F_neg(self)

    return _GM_neg.parse((self, ), {})


def _m_neg_(self):
    """Overloads, tried in this order:
        neg_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:13)
    """
    # neg_
    return _F_neg_(self)

    return _GM_neg_.parse((self, ), {})


def _m_abs(self):
    """Absolute value, elementwise.

    Overloads, tried in this order:
        abs(Tensor self) -> Tensor  (native_functions.yaml:18)
    """
    # abs
    return _F_abs(self)

    return _GM_abs.parse((self, ), {})


def _m_abs_(self):
    """Overloads, tried in this order:
        abs_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:25)
    """
    # abs_
    return _F_abs_(self)

    return _GM_abs_.parse((self, ), {})


def _m_sign(self):
    """-1, 0 or 1 by the sign of each element.

    Overloads, tried in this order:
        sign(Tensor self) -> Tensor  (native_functions.yaml:30)
    """
    # sign
    return _F_sign(self)

    return _GM_sign.parse((self, ), {})


def _m_sign_(self):
    """Overloads, tried in this order:
        sign_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:37)
    """
    # sign_
    return _F_sign_(self)

    return _GM_sign_.parse((self, ), {})


def _m_relu(self):
    """max(self, 0), elementwise.

    Overloads, tried in this order:
        relu(Tensor self) -> Tensor  (native_functions.yaml:42)
    """
    # relu
    return _F_relu(self)

    return _GM_relu.parse((self, ), {})


def _m_relu_(self):
    """Overloads, tried in this order:
        relu_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:50)
    """
    # relu_
    return _F_relu_(self)

    return _GM_relu_.parse((self, ), {})


def _m_sigmoid(self):
    """1 / (1 + exp(-self)).

    Overloads, tried in this order:
        sigmoid(Tensor self) -> Tensor  (native_functions.yaml:55)
    """
    # sigmoid
    return _F_sigmoid(self)

    return _GM_sigmoid.parse((self, ), {})


def _m_tanh(self):
    """Hyperbolic tangent.

    Overloads, tried in this order:
        tanh(Tensor self) -> Tensor  (native_functions.yaml:64)
    """
    # tanh
    return _F_tanh(self)

    return _GM_tanh.parse((self, ), {})


def _m_exp(self):
    """e ** self.

    Overloads, tried in this order:
        exp(Tensor self) -> Tensor  (native_functions.yaml:74)
    """
    # exp
    return _F_exp(self)

    return _GM_exp.parse((self, ), {})


def _m_expm1(self):
    """exp(self) - 1, accurate near 0.

    Overloads, tried in this order:
        expm1(Tensor self) -> Tensor  (native_functions.yaml:83)
    """
    # expm1
    return _F_expm1(self)

    return _GM_expm1.parse((self, ), {})


def _m_log(self):
    """Natural logarithm.

    Overloads, tried in this order:
        log(Tensor self) -> Tensor  (native_functions.yaml:93)
    """
    # log
    return _F_log(self)

    return _GM_log.parse((self, ), {})


def _m_log1p(self):
    """log(1 + self), accurate near 0.

    Overloads, tried in this order:
        log1p(Tensor self) -> Tensor  (native_functions.yaml:102)
    """
    # log1p
    return _F_log1p(self)

    return _GM_log1p.parse((self, ), {})


def _m_sqrt(self):
    """Square root.

    Overloads, tried in this order:
        sqrt(Tensor self) -> Tensor  (native_functions.yaml:112)
    """
    # sqrt
    return _F_sqrt(self)

    return _GM_sqrt.parse((self, ), {})


def _m_rsqrt(self):
    """1 / sqrt(self).

    Overloads, tried in this order:
        rsqrt(Tensor self) -> Tensor  (native_functions.yaml:122)
    """
    # rsqrt
    return _F_rsqrt(self)

    return _GM_rsqrt.parse((self, ), {})


def _m_reciprocal(self):
    """1 / self.

    Overloads, tried in this order:
        reciprocal(Tensor self) -> Tensor  (native_functions.yaml:131)
    """
    # reciprocal
    return _F_reciprocal(self)

    return _GM_reciprocal.parse((self, ), {})


def _m_sin(self):
    """Sine.

    Overloads, tried in this order:
        sin(Tensor self) -> Tensor  (native_functions.yaml:140)
    """
    # sin
    return _F_sin(self)

    return _GM_sin.parse((self, ), {})


def _m_cos(self):
    """Cosine.

    Overloads, tried in this order:
        cos(Tensor self) -> Tensor  (native_functions.yaml:150)
    """
    # cos
    return _F_cos(self)

    return _GM_cos.parse((self, ), {})


def _m_floor(self):
    """Largest integer not above self.

    Overloads, tried in this order:
        floor(Tensor self) -> Tensor  (native_functions.yaml:159)
    """
    # floor
    return _F_floor(self)

    return _GM_floor.parse((self, ), {})


def _m_floor_(self):
    """Overloads, tried in this order:
        floor_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:166)
    """
    # floor_
    return _F_floor_(self)

    return _GM_floor_.parse((self, ), {})


def _m_ceil(self):
    """Smallest integer not below self.

    Overloads, tried in this order:
        ceil(Tensor self) -> Tensor  (native_functions.yaml:171)
    """
    # ceil
    return _F_ceil(self)

    return _GM_ceil.parse((self, ), {})


def _m_ceil_(self):
    """Overloads, tried in this order:
        ceil_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:178)
    """
    # ceil_
    return _F_ceil_(self)

    return _GM_ceil_.parse((self, ), {})


def _m_round(self):
    """Round half to even, as torch.round.

    Overloads, tried in this order:
        round(Tensor self) -> Tensor  (native_functions.yaml:183)
    """
    # round
    return _F_round(self)

    return _GM_round.parse((self, ), {})


def _m_round_(self):
    """Overloads, tried in this order:
        round_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:190)
    """
    # round_
    return _F_round_(self)

    return _GM_round_.parse((self, ), {})


def _m_trunc(self):
    """Round towards zero.

    Overloads, tried in this order:
        trunc(Tensor self) -> Tensor  (native_functions.yaml:195)
    """
    # trunc
    return _F_trunc(self)

    return _GM_trunc.parse((self, ), {})


def _m_trunc_(self):
    """Overloads, tried in this order:
        trunc_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:202)
    """
    # trunc_
    return _F_trunc_(self)

    return _GM_trunc_.parse((self, ), {})


def _m_logical_not(self):
    """True where self is zero.

    Overloads, tried in this order:
        logical_not(Tensor self) -> Tensor  (native_functions.yaml:207)
    """
    # logical_not
    return _F_logical_not(self)

    return _GM_logical_not.parse((self, ), {})


def _m_square(self):
    """self * self; bool squares as int64, as in torch.

    Overloads, tried in this order:
        square(Tensor self) -> Tensor  (native_functions.yaml:216)
    """
    # square
    return _F_square(self)

    return _GM_square.parse((self, ), {})


def _m_add(self, other, *, alpha=1):
    """self + alpha * other, with broadcasting.

    Overloads, tried in this order:
        add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:224)
    """
    if alpha.__class__ in _NUM:  # add.Tensor
        if other.__class__ is _T:
            return _F_add_Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_add_Tensor.call((self, other, alpha))

    return _GM_add.parse((self, other, ), {'alpha': alpha})


def _m_add_(self, other, *, alpha=1):
    """Overloads, tried in this order:
        add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:232)
    """
    if alpha.__class__ in _NUM:  # add_.Tensor
        if other.__class__ is _T:
            return _F_add__Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_add__Tensor.call((self, other, alpha))

    return _GM_add_.parse((self, other, ), {'alpha': alpha})


def _m_sub(self, other, *, alpha=1):
    """self - alpha * other, with broadcasting.

    Overloads, tried in this order:
        sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:237)
    """
    if alpha.__class__ in _NUM:  # sub.Tensor
        if other.__class__ is _T:
            return _F_sub_Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_sub_Tensor.call((self, other, alpha))

    return _GM_sub.parse((self, other, ), {'alpha': alpha})


def _m_sub_(self, other, *, alpha=1):
    """Overloads, tried in this order:
        sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:245)
    """
    if alpha.__class__ in _NUM:  # sub_.Tensor
        if other.__class__ is _T:
            return _F_sub__Tensor(self, other, alpha)
        if isinstance(other, _TN):
            return _H_sub__Tensor.call((self, other, alpha))

    return _GM_sub_.parse((self, other, ), {'alpha': alpha})


def _m_mul(self, other):
    """self * other, with broadcasting.

    Overloads, tried in this order:
        mul.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:250)
    """
    # mul.Tensor
    if other.__class__ is _T:
        return _F_mul_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))

    return _GM_mul.parse((self, other, ), {})


def _m_mul_(self, other):
    """Overloads, tried in this order:
        mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:258)
    """
    # mul_.Tensor
    if other.__class__ is _T:
        return _F_mul__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul__Tensor.call((self, other))

    return _GM_mul_.parse((self, other, ), {})


def _m_div(self, other, *, rounding_mode=_MISSING):
    """True division: integers divide as floats.

    Overloads, tried in this order:
        div.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:263)
        div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor  (native_functions.yaml:417)
    """
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


def _m_floor_divide(self, other):
    """Division rounded down (Python's //).

    Overloads, tried in this order:
        floor_divide(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:274)
    """
    # floor_divide
    if other.__class__ is _T:
        return _F_floor_divide(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide.call((self, other))

    return _GM_floor_divide.parse((self, other, ), {})


def _m_floor_divide_(self, other):
    """Overloads, tried in this order:
        floor_divide_(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:281)
    """
    # floor_divide_
    if other.__class__ is _T:
        return _F_floor_divide_(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide_.call((self, other))

    return _GM_floor_divide_.parse((self, other, ), {})


def _m_pow(self, exponent):
    """self ** exponent.

    Overloads, tried in this order:
        pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor  (native_functions.yaml:286)
    """
    # pow.Tensor_Tensor
    if exponent.__class__ is _T:
        return _F_pow_Tensor_Tensor(self, exponent)
    if isinstance(exponent, _TN):
        return _H_pow_Tensor_Tensor.call((self, exponent))

    return _GM_pow.parse((self, exponent, ), {})


def _m_pow_(self, exponent):
    """Overloads, tried in this order:
        pow_.Tensor_Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)  (native_functions.yaml:295)
    """
    # pow_.Tensor_Tensor
    if exponent.__class__ is _T:
        return _F_pow__Tensor_Tensor(self, exponent)
    if isinstance(exponent, _TN):
        return _H_pow__Tensor_Tensor.call((self, exponent))

    return _GM_pow_.parse((self, exponent, ), {})


def _m_maximum(self, other):
    """Elementwise maximum; NaN wins.

    Overloads, tried in this order:
        maximum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:300)
    """
    # maximum
    if other.__class__ is _T:
        return _F_maximum(self, other)
    if isinstance(other, _TN):
        return _H_maximum.call((self, other))

    return _GM_maximum.parse((self, other, ), {})


def _m_maximum_(self, other):
    """Overloads, tried in this order:
        maximum_(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:306)
    """
    # maximum_
    if other.__class__ is _T:
        return _F_maximum_(self, other)
    if isinstance(other, _TN):
        return _H_maximum_.call((self, other))

    return _GM_maximum_.parse((self, other, ), {})


def _m_minimum(self, other):
    """Elementwise minimum; NaN wins.

    Overloads, tried in this order:
        minimum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:311)
    """
    # minimum
    if other.__class__ is _T:
        return _F_minimum(self, other)
    if isinstance(other, _TN):
        return _H_minimum.call((self, other))

    return _GM_minimum.parse((self, other, ), {})


def _m_minimum_(self, other):
    """Overloads, tried in this order:
        minimum_(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:317)
    """
    # minimum_
    if other.__class__ is _T:
        return _F_minimum_(self, other)
    if isinstance(other, _TN):
        return _H_minimum_.call((self, other))

    return _GM_minimum_.parse((self, other, ), {})


def _m_remainder(self, other):
    """Python's %: the result has the sign of other.

    Overloads, tried in this order:
        remainder.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:322)
    """
    # remainder.Tensor
    if other.__class__ is _T:
        return _F_remainder_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((self, other))

    return _GM_remainder.parse((self, other, ), {})


def _m_remainder_(self, other):
    """Overloads, tried in this order:
        remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:329)
    """
    # remainder_.Tensor
    if other.__class__ is _T:
        return _F_remainder__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder__Tensor.call((self, other))

    return _GM_remainder_.parse((self, other, ), {})


def _m_eq(self, other):
    """self == other.

    Overloads, tried in this order:
        eq.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:334)
    """
    # eq.Tensor
    if other.__class__ is _T:
        return _F_eq_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_eq_Tensor.call((self, other))

    return _GM_eq.parse((self, other, ), {})


def _m_ne(self, other):
    """self != other.

    Overloads, tried in this order:
        ne.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:343)
    """
    # ne.Tensor
    if other.__class__ is _T:
        return _F_ne_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ne_Tensor.call((self, other))

    return _GM_ne.parse((self, other, ), {})


def _m_lt(self, other):
    """self < other.

    Overloads, tried in this order:
        lt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:352)
    """
    # lt.Tensor
    if other.__class__ is _T:
        return _F_lt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_lt_Tensor.call((self, other))

    return _GM_lt.parse((self, other, ), {})


def _m_le(self, other):
    """self <= other.

    Overloads, tried in this order:
        le.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:361)
    """
    # le.Tensor
    if other.__class__ is _T:
        return _F_le_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_le_Tensor.call((self, other))

    return _GM_le.parse((self, other, ), {})


def _m_gt(self, other):
    """self > other.

    Overloads, tried in this order:
        gt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:370)
    """
    # gt.Tensor
    if other.__class__ is _T:
        return _F_gt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_gt_Tensor.call((self, other))

    return _GM_gt.parse((self, other, ), {})


def _m_ge(self, other):
    """self >= other.

    Overloads, tried in this order:
        ge.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:379)
    """
    # ge.Tensor
    if other.__class__ is _T:
        return _F_ge_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ge_Tensor.call((self, other))

    return _GM_ge.parse((self, other, ), {})


def _m_logical_and(self, other):
    """Both nonzero.

    Overloads, tried in this order:
        logical_and(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:388)
    """
    # logical_and
    if other.__class__ is _T:
        return _F_logical_and(self, other)
    if isinstance(other, _TN):
        return _H_logical_and.call((self, other))

    return _GM_logical_and.parse((self, other, ), {})


def _m_logical_or(self, other):
    """Either nonzero.

    Overloads, tried in this order:
        logical_or(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:397)
    """
    # logical_or
    if other.__class__ is _T:
        return _F_logical_or(self, other)
    if isinstance(other, _TN):
        return _H_logical_or.call((self, other))

    return _GM_logical_or.parse((self, other, ), {})


def _m_div_(self, other, *, rounding_mode=_MISSING):
    """Overloads, tried in this order:
        div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:408)
        div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)  (native_functions.yaml:427)
    """
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


def _m_where(self, condition, other):
    """self where condition is true, else other, with broadcasting.

    Overloads, tried in this order:
        where.self(Tensor condition, Tensor self, Tensor other) -> Tensor  (native_functions.yaml:431)
    """
    # where.self
    if condition.__class__ is _T and other.__class__ is _T:
        return _F_where_self(condition, self, other)
    if isinstance(condition, _TN) and isinstance(other, _TN):
        return _H_where_self.call((condition, self, other))

    return _GM_where.parse((self, condition, other, ), {})


def _m_clamp(self, min=None, max=None):
    """Limit every element to [min, max]; either bound may be None.

    Overloads, tried in this order:
        clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor  (native_functions.yaml:439)
        clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor  (native_functions.yaml:446)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp
        return _F_clamp(self, min, max)

    # clamp.Tensor
    if (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):
        return _F_clamp_Tensor(self, min, max)
    if (min is None or isinstance(min, _TN)) and (max is None or isinstance(max, _TN)):
        return _H_clamp_Tensor.call((self, min, max))

    return _GM_clamp.parse((self, min, max, ), {})


def _m_clamp_(self, min=None, max=None):
    """Overloads, tried in this order:
        clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)  (native_functions.yaml:453)
        clamp_.Tensor(Tensor(a!) self, Tensor? min=None, Tensor? max=None) -> Tensor(a!)  (native_functions.yaml:458)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp_
        return _F_clamp_(self, min, max)

    # clamp_.Tensor
    if (min is None or min.__class__ is _T) and (max is None or max.__class__ is _T):
        return _F_clamp__Tensor(self, min, max)
    if (min is None or isinstance(min, _T)) and (max is None or isinstance(max, _T)):
        return _H_clamp__Tensor.call((self, min, max))

    return _GM_clamp_.parse((self, min, max, ), {})


def _m_clip(self, min=None, max=None):
    """clamp under NumPy's name: every element limited to [min, max].

    Overloads, tried in this order:
        clip(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor  (native_functions.yaml:463)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clip
        return _F_clip(self, min, max)

    return _GM_clip.parse((self, min, max, ), {})


def _m_clamp_min(self, min):
    """clamp(self, min=min): every element at least min.

    Overloads, tried in this order:
        clamp_min(Tensor self, Scalar min) -> Tensor  (native_functions.yaml:469)
    """
    if min.__class__ in _NUM:  # clamp_min
        return _F_clamp_min(self, min)

    return _GM_clamp_min.parse((self, min, ), {})


def _m_clamp_max(self, max):
    """clamp(self, max=max): every element at most max.

    Overloads, tried in this order:
        clamp_max(Tensor self, Scalar max) -> Tensor  (native_functions.yaml:475)
    """
    if max.__class__ in _NUM:  # clamp_max
        return _F_clamp_max(self, max)

    return _GM_clamp_max.parse((self, max, ), {})


def _m_sum(self, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """Sum over dim (all dims when None); bool and integer inputs sum to int64.

    Overloads, tried in this order:
        sum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:483)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum
        return _F_sum(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)

    return _GM_sum.parse((self, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def _m_mean(self, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """Arithmetic mean over dim (all dims when None).

    Overloads, tried in this order:
        mean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:493)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # mean
        return _F_mean(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)

    return _GM_mean.parse((self, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def _m_prod(self, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """Product over dim (all elements when None); bool and integer inputs give int64.

    Overloads, tried in this order:
        prod(Tensor self, int? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:499)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # prod
        return _F_prod(self, dim, keepdim, dtype)

    return _GM_prod.parse((self, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def _m_amax(self, dim=(), keepdim=False, *, keepdims=_MISSING):
    """Largest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:505)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amax
        return _F_amax(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)

    return _GM_amax.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_amin(self, dim=(), keepdim=False, *, keepdims=_MISSING):
    """Smallest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:511)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amin
        return _F_amin(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)

    return _GM_amin.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_all(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    """True where every element over dim is nonzero.

    Overloads, tried in this order:
        all(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:517)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # all
        return _F_all(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)

    return _GM_all.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_any(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    """True where some element over dim is nonzero.

    Overloads, tried in this order:
        any(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:525)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # any
        return _F_any(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)

    return _GM_any.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_max(self, *args, **kwargs):
    """The largest element.

    Overloads, tried in this order:
        max(Tensor self) -> Tensor  (native_functions.yaml:533)
        max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:539)
        max.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:547)
    """
    return _GM_max.parse((self, *args,), kwargs)


def _m_min(self, *args, **kwargs):
    """The smallest element.

    Overloads, tried in this order:
        min(Tensor self) -> Tensor  (native_functions.yaml:553)
        min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:559)
        min.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:567)
    """
    return _GM_min.parse((self, *args,), kwargs)


def _m_argmax(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    """Index of the largest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:573)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmax
        return _F_argmax(self, dim, keepdim)

    return _GM_argmax.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_argmin(self, dim=None, keepdim=False, *, keepdims=_MISSING):
    """Index of the smallest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:581)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmin
        return _F_argmin(self, dim, keepdim)

    return _GM_argmin.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_logsumexp(self, dim, keepdim=False, *, keepdims=_MISSING):
    """log(sum(exp(self))) over dim, without overflow.

    Overloads, tried in this order:
        logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor  (native_functions.yaml:589)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # logsumexp
        return _F_logsumexp(self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)

    return _GM_logsumexp.parse((self, dim, keepdim, ), {'keepdims': keepdims})


def _m_softmax(self, dim, dtype=None):
    """exp(self) normalised to sum to 1 along dim (shifted by the max, so it cannot overflow); dtype= converts self first.

    Overloads, tried in this order:
        softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:595)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # softmax.int
        return _F_softmax_int(self, dim, dtype)

    return _GM_softmax.parse((self, dim, dtype, ), {})


def _m_log_softmax(self, dim, dtype=None):
    """log(softmax(self, dim)), computed stably; dtype= converts self first.

    Overloads, tried in this order:
        log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:603)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # log_softmax.int
        return _F_log_softmax_int(self, dim, dtype)

    return _GM_log_softmax.parse((self, dim, dtype, ), {})


def _m_mm(self, mat2):
    """Matrix product of two 2-D tensors.

    Overloads, tried in this order:
        mm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:686)
    """
    # mm
    if mat2.__class__ is _T:
        return _F_mm(self, mat2)
    if isinstance(mat2, _T):
        return _H_mm.call((self, mat2))

    return _GM_mm.parse((self, mat2, ), {})


def _m_bmm(self, mat2):
    """Batched matrix product of two 3-D tensors with equal batch sizes.

    Overloads, tried in this order:
        bmm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:698)
    """
    # bmm
    if mat2.__class__ is _T:
        return _F_bmm(self, mat2)
    if isinstance(mat2, _T):
        return _H_bmm.call((self, mat2))

    return _GM_bmm.parse((self, mat2, ), {})


def _m_dot(self, tensor):
    """Inner product of two 1-D tensors.

    Overloads, tried in this order:
        dot(Tensor self, Tensor tensor) -> Tensor  (native_functions.yaml:706)
    """
    # dot
    if tensor.__class__ is _T:
        return _F_dot(self, tensor)
    if isinstance(tensor, _T):
        return _H_dot.call((self, tensor))

    return _GM_dot.parse((self, tensor, ), {})


def _m_matmul(self, other):
    """Matrix product with torch.matmul's rules for 1-D operands and broadcast batch dims.

    Overloads, tried in this order:
        matmul(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:714)
    """
    # matmul
    if other.__class__ is _T:
        return _F_matmul(self, other)
    if isinstance(other, _T):
        return _H_matmul.call((self, other))

    return _GM_matmul.parse((self, other, ), {})


def _m_view(self, *args, **kwargs):
    """The same data with another shape (one size may be -1); fails when the strides do not allow it: use reshape.

    Overloads, tried in this order:
        view(Tensor(a) self, int[] size) -> Tensor(a)  (native_functions.yaml:726)
    """
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # view
        return _F_view(self, size)

    return _GM_view.parse((self, *args,), kwargs)


def _m_reshape(self, *args, **kwargs):
    """Another shape (one size may be -1): a view when the strides allow, else a copy.

    Overloads, tried in this order:
        reshape(Tensor(a) self, int[] shape) -> Tensor(a)  (native_functions.yaml:734)
    """
    shape = None if kwargs else _b.varargs_ints(args)
    if shape is not None:  # reshape
        return _F_reshape(self, shape)

    return _GM_reshape.parse((self, *args,), kwargs)


def _m_t(self):
    """Transpose of a tensor of at most 2 dimensions (a view).

    Overloads, tried in this order:
        t(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:742)
    """
    # t
    return _F_t(self)

    return _GM_t.parse((self, ), {})


def _m_transpose(self, dim0, dim1):
    """Dimensions dim0 and dim1 swapped (a view).

    Overloads, tried in this order:
        transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)  (native_functions.yaml:751)
    """
    if dim0.__class__ is int and dim1.__class__ is int:  # transpose.int
        return _F_transpose_int(self, dim0, dim1)

    return _GM_transpose.parse((self, dim0, dim1, ), {})


def _m_permute(self, *args, **kwargs):
    """Dimensions reordered: result dim i is self dim dims[i] (a view).

    Overloads, tried in this order:
        permute(Tensor(a) self, int[] dims) -> Tensor(a)  (native_functions.yaml:760)
    """
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # permute
        return _F_permute(self, dims)

    return _GM_permute.parse((self, *args,), kwargs)


def _m_expand(self, *args, **kwargs):
    """Size-1 dims repeated to `size` (-1 keeps a size) without copying; a read-only view.

    Overloads, tried in this order:
        expand(Tensor(a) self, int[] size, *, bool implicit=False) -> Tensor(a)  (native_functions.yaml:768)
    """
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # expand
        return _F_expand(self, size, False)

    return _GM_expand.parse((self, *args,), kwargs)


def _m_squeeze(self, *args, **kwargs):
    """Every dimension of size 1 removed (a view).

    Overloads, tried in this order:
        squeeze(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:776)
        squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:784)
        squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)  (native_functions.yaml:792)
    """
    return _GM_squeeze.parse((self, *args,), kwargs)


def _m_unsqueeze(self, dim):
    """A dimension of size 1 inserted at dim (a view).

    Overloads, tried in this order:
        unsqueeze(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:800)
    """
    if dim.__class__ is int:  # unsqueeze
        return _F_unsqueeze(self, dim)

    return _GM_unsqueeze.parse((self, dim, ), {})


def _m_flatten(self, start_dim=0, end_dim=-1):
    """Dimensions start_dim..end_dim merged into one, as reshape (a view when possible).

    Overloads, tried in this order:
        flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)  (native_functions.yaml:808)
    """
    if start_dim.__class__ is int and end_dim.__class__ is int:  # flatten.using_ints
        return _F_flatten_using_ints(self, start_dim, end_dim)

    return _GM_flatten.parse((self, start_dim, end_dim, ), {})


def _m_narrow(self, dim, start, length):
    """Entries start..start+length-1 of dimension dim (a view).

    Overloads, tried in this order:
        narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)  (native_functions.yaml:816)
    """
    if dim.__class__ is int and start.__class__ is int and length.__class__ is int:  # narrow
        return _F_narrow(self, dim, start, length)

    return _GM_narrow.parse((self, dim, start, length, ), {})


def _m_select(self, dim, index):
    """Entry index of dimension dim, that dimension removed (a view).

    Overloads, tried in this order:
        select.int(Tensor(a) self, int dim, int index) -> Tensor(a)  (native_functions.yaml:824)
    """
    if dim.__class__ is int and index.__class__ is int:  # select.int
        return _F_select_int(self, dim, index)

    return _GM_select.parse((self, dim, index, ), {})


def _m_contiguous(self):
    """self when already contiguous, else a contiguous copy.

    Overloads, tried in this order:
        contiguous(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:839)
    """
    # contiguous
    return _F_contiguous(self)

    return _GM_contiguous.parse((self, ), {})


def _m_split(self, split_size, dim=0):
    """Views of split_size entries along dim (the last may be shorter).

    Overloads, tried in this order:
        split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:846)
        split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:854)
    """
    if split_size.__class__ is int and dim.__class__ is int:  # split.Tensor
        return _F_split_Tensor(self, split_size, dim)

    if (split_size.__class__ is int or _b.int_seq(split_size)) and dim.__class__ is int:  # split.sizes
        return _F_split_sizes(self, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim)

    return _GM_split.parse((self, split_size, dim, ), {})


def _m_chunk(self, chunks, dim=0):
    """At most `chunks` equal views along dim (the last may be shorter).

    Overloads, tried in this order:
        chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]  (native_functions.yaml:862)
    """
    if chunks.__class__ is int and dim.__class__ is int:  # chunk
        return _F_chunk(self, chunks, dim)

    return _GM_chunk.parse((self, chunks, dim, ), {})


def _m_gather(self, dim, index, *, sparse_grad=False):
    """Entries picked along dim by an int64 index of the same rank: out[i][j] = self[index[i][j]][j] for dim 0.

    Overloads, tried in this order:
        gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor  (native_functions.yaml:882)
    """
    if dim.__class__ is int and sparse_grad.__class__ is bool:  # gather
        if index.__class__ is _T:
            return _F_gather(self, dim, index, sparse_grad)
        if isinstance(index, _T):
            return _H_gather.call((self, dim, index, sparse_grad))

    return _GM_gather.parse((self, dim, index, ), {'sparse_grad': sparse_grad})


def _m_index_select(self, dim, index):
    """The entries of dim listed by a 1-D integer index (a copy).

    Overloads, tried in this order:
        index_select(Tensor self, int dim, Tensor index) -> Tensor  (native_functions.yaml:889)
    """
    if dim.__class__ is int:  # index_select
        if index.__class__ is _T:
            return _F_index_select(self, dim, index)
        if isinstance(index, _T):
            return _H_index_select.call((self, dim, index))

    return _GM_index_select.parse((self, dim, index, ), {})


def _m_masked_fill(self, mask, value):
    """value where the bool mask is True, self elsewhere (broadcasting).

    Overloads, tried in this order:
        masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor  (native_functions.yaml:896)
    """
    if value.__class__ in _NUM:  # masked_fill.Scalar
        if mask.__class__ is _T:
            return _F_masked_fill_Scalar(self, mask, value)
        if isinstance(mask, _T):
            return _H_masked_fill_Scalar.call((self, mask, value))

    return _GM_masked_fill.parse((self, mask, value, ), {})


def _m_masked_fill_(self, mask, value):
    """Overloads, tried in this order:
        masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)  (native_functions.yaml:903)
    """
    if value.__class__ in _NUM:  # masked_fill_.Scalar
        if mask.__class__ is _T:
            return _F_masked_fill__Scalar(self, mask, value)
        if isinstance(mask, _T):
            return _H_masked_fill__Scalar.call((self, mask, value))

    return _GM_masked_fill_.parse((self, mask, value, ), {})


def _m_index_put(self, indices, values, accumulate=False):
    """A copy of self with self[indices] = values (added, repeats included, when accumulate).

    Overloads, tried in this order:
        index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor  (native_functions.yaml:916)
    """
    if accumulate.__class__ is bool:  # index_put
        if indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put.call((self, indices, values, accumulate))

    return _GM_index_put.parse((self, indices, values, accumulate, ), {})


def _m_index_put_(self, indices, values, accumulate=False):
    """Overloads, tried in this order:
        index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)  (native_functions.yaml:923)
    """
    if accumulate.__class__ is bool:  # index_put_
        if indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put_.call((self, indices, values, accumulate))

    return _GM_index_put_.parse((self, indices, values, accumulate, ), {})


def _m_clone(self):
    """A copy with self's layout: its strides when dense without overlap, else dense ones in their order.

    Overloads, tried in this order:
        clone(Tensor self) -> Tensor  (native_functions.yaml:929)
    """
    # clone
    return _F_clone(self)

    return _GM_clone.parse((self, ), {})


def _m_copy_(self, src, non_blocking=False):
    """Writes src (broadcast, any dtype converted) into self.

    Overloads, tried in this order:
        copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)  (native_functions.yaml:937)
    """
    if non_blocking.__class__ is bool:  # copy_
        if src.__class__ is _T:
            return _F_copy_(self, src, non_blocking)
        if isinstance(src, _T):
            return _H_copy_.call((self, src, non_blocking))

    return _GM_copy_.parse((self, src, non_blocking, ), {})


def _m_fill_(self, value):
    """Every element set to value.

    Overloads, tried in this order:
        fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)  (native_functions.yaml:944)
    """
    if value.__class__ in _NUM:  # fill_.Scalar
        return _F_fill__Scalar(self, value)

    return _GM_fill_.parse((self, value, ), {})


def _m_zero_(self):
    """Every element set to 0.

    Overloads, tried in this order:
        zero_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:951)
    """
    # zero_
    return _F_zero_(self)

    return _GM_zero_.parse((self, ), {})


def _m_to(self, *args, **kwargs):
    """self on device ('cpu' or 'meta'), optionally converted to dtype; self itself when nothing changes.

    Overloads, tried in this order:
        to.device(Tensor(a) self, Device device, ScalarType? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(a)  (native_functions.yaml:958)
        to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False) -> Tensor(a)  (native_functions.yaml:966)
        to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False) -> Tensor(a)  (native_functions.yaml:974)
    """
    return _GM_to.parse((self, *args,), kwargs)


def _m_type_as(self, other):
    """self converted to the dtype of other (and moved to its device), as self.to(other).

    Overloads, tried in this order:
        type_as(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:980)
    """
    # type_as
    if other.__class__ is _T:
        return _F_type_as(self, other)
    if isinstance(other, _T):
        return _H_type_as.call((self, other))

    return _GM_type_as.parse((self, other, ), {})


def _m_repeat(self, *args, **kwargs):
    """self tiled repeats[i] times along dim i; extra leading repeats add dims (torch.Tensor.repeat).

    Overloads, tried in this order:
        repeat(Tensor self, int[] repeats) -> Tensor  (native_functions.yaml:986)
    """
    repeats = None if kwargs else _b.varargs_ints(args)
    if repeats is not None:  # repeat
        return _F_repeat(self, repeats)

    return _GM_repeat.parse((self, *args,), kwargs)


def _m_flip(self, *args, **kwargs):
    """A copy of self with the order of the elements reversed along each of dims.

    Overloads, tried in this order:
        flip(Tensor self, int[] dims) -> Tensor  (native_functions.yaml:992)
    """
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # flip
        return _F_flip(self, dims)

    return _GM_flip.parse((self, *args,), kwargs)


def _m_roll(self, shifts, dims=()):
    """self shifted by shifts along dims, wrapping around; without dims, as if flattened.

    Overloads, tried in this order:
        roll(Tensor self, int[] shifts, int[] dims=[]) -> Tensor  (native_functions.yaml:998)
    """
    if (shifts.__class__ is int or _b.int_seq(shifts)) and (dims.__class__ is int or _b.int_seq(dims)):  # roll
        return _F_roll(self, ((shifts,) if shifts.__class__ is int else tuple(shifts) if shifts.__class__ is list else shifts), ((dims,) if dims.__class__ is int else tuple(dims) if dims.__class__ is list else dims))

    return _GM_roll.parse((self, shifts, dims, ), {})


def _m_expand_as(self, other):
    """self.expand(other.shape): size-1 dims repeated to the shape of other, without copying.

    Overloads, tried in this order:
        expand_as(Tensor(a) self, Tensor other) -> Tensor(a)  (native_functions.yaml:1004)
    """
    # expand_as
    if other.__class__ is _T:
        return _F_expand_as(self, other)
    if isinstance(other, _T):
        return _H_expand_as.call((self, other))

    return _GM_expand_as.parse((self, other, ), {})


def _m_view_as(self, other):
    """self.view(other.shape): the same data in the shape of other.

    Overloads, tried in this order:
        view_as(Tensor(a) self, Tensor other) -> Tensor(a)  (native_functions.yaml:1010)
    """
    # view_as
    if other.__class__ is _T:
        return _F_view_as(self, other)
    if isinstance(other, _T):
        return _H_view_as.call((self, other))

    return _GM_view_as.parse((self, other, ), {})


def _m_reshape_as(self, other):
    """self.reshape(other.shape): a view when the strides allow it, else a copy.

    Overloads, tried in this order:
        reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)  (native_functions.yaml:1016)
    """
    # reshape_as
    if other.__class__ is _T:
        return _F_reshape_as(self, other)
    if isinstance(other, _T):
        return _H_reshape_as.call((self, other))

    return _GM_reshape_as.parse((self, other, ), {})


def _m_unbind(self, dim=0):
    """The slices of self along dim, each without that dim (views): tuple(self.select(dim, i)).

    Overloads, tried in this order:
        unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]  (native_functions.yaml:1022)
    """
    if dim.__class__ is int:  # unbind.int
        return _F_unbind_int(self, dim)

    return _GM_unbind.parse((self, dim, ), {})


def _m_broadcast_to(self, *args, **kwargs):
    """self.expand(size): a read-only view broadcast to size.

    Overloads, tried in this order:
        broadcast_to(Tensor(a) self, int[] size) -> Tensor(a)  (native_functions.yaml:1028)
    """
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # broadcast_to
        return _F_broadcast_to(self, size)

    return _GM_broadcast_to.parse((self, *args,), kwargs)


def _m_tile(self, *args, **kwargs):
    """self repeated dims[i] times along dim i; fewer dims than self.dim() repeat the last dims (numpy.tile).

    Overloads, tried in this order:
        tile(Tensor self, int[] dims) -> Tensor  (native_functions.yaml:1034)
    """
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # tile
        return _F_tile(self, dims)

    return _GM_tile.parse((self, *args,), kwargs)


def _m_movedim(self, source, destination):
    """A view with dim source moved to position destination, the other dims in order.

    Overloads, tried in this order:
        movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)  (native_functions.yaml:1040)
    """
    if source.__class__ is int and destination.__class__ is int:  # movedim.int
        return _F_movedim_int(self, source, destination)

    return _GM_movedim.parse((self, source, destination, ), {})


def _m_to_sparse(self):
    """The nonzero elements of self as a coalesced sparse COO tensor; self itself when already sparse.

    Overloads, tried in this order:
        to_sparse(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:1074)
    """
    # to_sparse
    return _F_to_sparse(self)

    return _GM_to_sparse.parse((self, ), {})


def _m_to_dense(self, dtype=None):
    """A strided tensor with the values of sparse self (duplicates summed); self itself when already strided.

    Overloads, tried in this order:
        to_dense(Tensor(a) self, ScalarType? dtype=None) -> Tensor(a)  (native_functions.yaml:1081)
    """
    if (dtype is None or dtype.__class__ is _DT):  # to_dense
        return _F_to_dense(self, dtype)

    return _GM_to_dense.parse((self, dtype, ), {})


def _m_coalesce(self):
    """Entries sorted by position, duplicates summed; self itself when already coalesced.

    Overloads, tried in this order:
        coalesce(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:1088)
    """
    # coalesce
    return _F_coalesce(self)

    return _GM_coalesce.parse((self, ), {})


def _m_is_coalesced(self):
    """Whether the entries are known to be sorted and free of duplicates.

    Overloads, tried in this order:
        is_coalesced(Tensor self) -> bool  (native_functions.yaml:1096)
    """
    # is_coalesced
    return _F_is_coalesced(self)

    return _GM_is_coalesced.parse((self, ), {})


def _m__nnz(self):
    """The number of stored entries, duplicates included.

    Overloads, tried in this order:
        _nnz(Tensor self) -> int  (native_functions.yaml:1102)
    """
    # _nnz
    return _F__nnz(self)

    return _GM__nnz.parse((self, ), {})


def _m_indices(self):
    """The (ndim, nnz) int64 indices of a coalesced sparse tensor (a view).

    Overloads, tried in this order:
        indices(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:1108)
    """
    # indices
    return _F_indices(self)

    return _GM_indices.parse((self, ), {})


def _m_values(self):
    """The (nnz,) values of a coalesced sparse tensor (a view; differentiable).

    Overloads, tried in this order:
        values(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:1114)
    """
    # values
    return _F_values(self)

    return _GM_values.parse((self, ), {})


def _m__indices(self):
    """The stored indices, coalesced or not (a view).

    Overloads, tried in this order:
        _indices(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:1120)
    """
    # _indices
    return _F__indices(self)

    return _GM__indices.parse((self, ), {})


def _m__values(self):
    """The stored values, coalesced or not (a view; not differentiable).

    Overloads, tried in this order:
        _values(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:1126)
    """
    # _values
    return _F__values(self)

    return _GM__values.parse((self, ), {})


def _m_sparse_mask(self, mask):
    """Self read at the entries of sparse mask: a sparse tensor with the pattern of mask, duplicates included (as torch).

    Overloads, tried in this order:
        sparse_mask(Tensor self, Tensor mask) -> Tensor  (native_functions.yaml:1132)
    """
    # sparse_mask
    if mask.__class__ is _T:
        return _F_sparse_mask(self, mask)
    if isinstance(mask, _T):
        return _H_sparse_mask.call((self, mask))

    return _GM_sparse_mask.parse((self, mask, ), {})


def _m_log10(self):
    """Base-10 logarithm.

    Overloads, tried in this order:
        log10(Tensor self) -> Tensor  (native_functions.yaml:1157)
    """
    # log10
    return _F_log10(self)

    return _GM_log10.parse((self, ), {})


def _m_log10_(self):
    """Overloads, tried in this order:
        log10_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:1164)
    """
    # log10_
    return _F_log10_(self)

    return _GM_log10_.parse((self, ), {})


def _m_log2(self):
    """Base-2 logarithm.

    Overloads, tried in this order:
        log2(Tensor self) -> Tensor  (native_functions.yaml:1169)
    """
    # log2
    return _F_log2(self)

    return _GM_log2.parse((self, ), {})


def _m_log2_(self):
    """Overloads, tried in this order:
        log2_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:1176)
    """
    # log2_
    return _F_log2_(self)

    return _GM_log2_.parse((self, ), {})


def _m_isnan(self):
    """True where self is NaN.

    Overloads, tried in this order:
        isnan(Tensor self) -> Tensor  (native_functions.yaml:1182)
    """
    # isnan
    return _F_isnan(self)

    return _GM_isnan.parse((self, ), {})


def _m_isinf(self):
    """True where self is +inf or -inf.

    Overloads, tried in this order:
        isinf(Tensor self) -> Tensor  (native_functions.yaml:1189)
    """
    # isinf
    return _F_isinf(self)

    return _GM_isinf.parse((self, ), {})


def _m_isfinite(self):
    """True where self is neither NaN nor infinite.

    Overloads, tried in this order:
        isfinite(Tensor self) -> Tensor  (native_functions.yaml:1196)
    """
    # isfinite
    return _F_isfinite(self)

    return _GM_isfinite.parse((self, ), {})


def _m_logical_xor(self, other):
    """Exactly one of the two nonzero.

    Overloads, tried in this order:
        logical_xor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1203)
    """
    # logical_xor
    if other.__class__ is _T:
        return _F_logical_xor(self, other)
    if isinstance(other, _TN):
        return _H_logical_xor.call((self, other))

    return _GM_logical_xor.parse((self, other, ), {})


def _m_bitwise_and(self, other):
    """Bitwise and of integers; logical and of bools (the & operator).

    Overloads, tried in this order:
        bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1212)
    """
    # bitwise_and.Tensor
    if other.__class__ is _T:
        return _F_bitwise_and_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and_Tensor.call((self, other))

    return _GM_bitwise_and.parse((self, other, ), {})


def _m_bitwise_and_(self, other):
    """Overloads, tried in this order:
        bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:1218)
    """
    # bitwise_and_.Tensor
    if other.__class__ is _T:
        return _F_bitwise_and__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and__Tensor.call((self, other))

    return _GM_bitwise_and_.parse((self, other, ), {})


def _m_bitwise_or(self, other):
    """Bitwise or of integers; logical or of bools (the | operator).

    Overloads, tried in this order:
        bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1223)
    """
    # bitwise_or.Tensor
    if other.__class__ is _T:
        return _F_bitwise_or_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or_Tensor.call((self, other))

    return _GM_bitwise_or.parse((self, other, ), {})


def _m_bitwise_or_(self, other):
    """Overloads, tried in this order:
        bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:1229)
    """
    # bitwise_or_.Tensor
    if other.__class__ is _T:
        return _F_bitwise_or__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or__Tensor.call((self, other))

    return _GM_bitwise_or_.parse((self, other, ), {})


def _m_bitwise_xor(self, other):
    """Bitwise exclusive or of integers; logical xor of bools (the ^ operator).

    Overloads, tried in this order:
        bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1234)
    """
    # bitwise_xor.Tensor
    if other.__class__ is _T:
        return _F_bitwise_xor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor_Tensor.call((self, other))

    return _GM_bitwise_xor.parse((self, other, ), {})


def _m_bitwise_xor_(self, other):
    """Overloads, tried in this order:
        bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:1240)
    """
    # bitwise_xor_.Tensor
    if other.__class__ is _T:
        return _F_bitwise_xor__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor__Tensor.call((self, other))

    return _GM_bitwise_xor_.parse((self, other, ), {})


def _m_bitwise_not(self):
    """Bitwise not of integers; logical not of bools (the ~ operator).

    Overloads, tried in this order:
        bitwise_not(Tensor self) -> Tensor  (native_functions.yaml:1247)
    """
    # bitwise_not
    return _F_bitwise_not(self)

    return _GM_bitwise_not.parse((self, ), {})


def _m_bitwise_not_(self):
    """Overloads, tried in this order:
        bitwise_not_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:1255)
    """
    # bitwise_not_
    return _F_bitwise_not_(self)

    return _GM_bitwise_not_.parse((self, ), {})


def _m_fmod(self, other):
    """C's fmod: the remainder has the sign of self.

    Overloads, tried in this order:
        fmod.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:1260)
    """
    # fmod.Tensor
    if other.__class__ is _T:
        return _F_fmod_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_fmod_Tensor.call((self, other))

    return _GM_fmod.parse((self, other, ), {})


def _m_fmod_(self, other):
    """Overloads, tried in this order:
        fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:1267)
    """
    # fmod_.Tensor
    if other.__class__ is _T:
        return _F_fmod__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_fmod__Tensor.call((self, other))

    return _GM_fmod_.parse((self, other, ), {})


def _m_lerp(self, end, weight):
    """self + weight * (end - self), with broadcasting.

    Overloads, tried in this order:
        lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor  (native_functions.yaml:1273)
        lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor  (native_functions.yaml:1284)
    """
    if weight.__class__ in _NUM:  # lerp.Scalar
        if end.__class__ is _T:
            return _F_lerp_Scalar(self, end, weight)
        if isinstance(end, _TN):
            return _H_lerp_Scalar.call((self, end, weight))

    # lerp.Tensor
    if end.__class__ is _T and weight.__class__ is _T:
        return _F_lerp_Tensor(self, end, weight)
    if isinstance(end, _TN) and isinstance(weight, _TN):
        return _H_lerp_Tensor.call((self, end, weight))

    return _GM_lerp.parse((self, end, weight, ), {})


def _m_lerp_(self, end, weight):
    """Overloads, tried in this order:
        lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)  (native_functions.yaml:1279)
        lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)  (native_functions.yaml:1290)
    """
    if weight.__class__ in _NUM:  # lerp_.Scalar
        if end.__class__ is _T:
            return _F_lerp__Scalar(self, end, weight)
        if isinstance(end, _TN):
            return _H_lerp__Scalar.call((self, end, weight))

    # lerp_.Tensor
    if end.__class__ is _T and weight.__class__ is _T:
        return _F_lerp__Tensor(self, end, weight)
    if isinstance(end, _TN) and isinstance(weight, _TN):
        return _H_lerp__Tensor.call((self, end, weight))

    return _GM_lerp_.parse((self, end, weight, ), {})


def _m_nan_to_num(self, nan=None, posinf=None, neginf=None):
    """NaN replaced by nan (0), +inf by posinf and -inf by neginf (the largest and smallest finite values of the dtype by default).

    Overloads, tried in this order:
        nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor  (native_functions.yaml:1301)
    """
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num
        return _F_nan_to_num(self, nan, posinf, neginf)

    return _GM_nan_to_num.parse((self, nan, posinf, neginf, ), {})


def _m_nan_to_num_(self, nan=None, posinf=None, neginf=None):
    """Overloads, tried in this order:
        nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)  (native_functions.yaml:1308)
    """
    if (nan is None or nan.__class__ in _FLT) and (posinf is None or posinf.__class__ in _FLT) and (neginf is None or neginf.__class__ in _FLT):  # nan_to_num_
        return _F_nan_to_num_(self, nan, posinf, neginf)

    return _GM_nan_to_num_.parse((self, nan, posinf, neginf, ), {})


def _m_cumsum(self, dim, *, dtype=None):
    """Running sums along dim; bool and integer inputs give int64 (dtype= converts self first).

    Overloads, tried in this order:
        cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:1315)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumsum
        return _F_cumsum(self, dim, dtype)

    return _GM_cumsum.parse((self, dim, ), {'dtype': dtype})


def _m_cumsum_(self, dim, *, dtype=None):
    """Overloads, tried in this order:
        cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)  (native_functions.yaml:1324)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumsum_
        return _F_cumsum_(self, dim, dtype)

    return _GM_cumsum_.parse((self, dim, ), {'dtype': dtype})


def _m_cumprod(self, dim, *, dtype=None):
    """Running products along dim; bool and integer inputs give int64 (dtype= converts self first).

    Overloads, tried in this order:
        cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:1329)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumprod
        return _F_cumprod(self, dim, dtype)

    return _GM_cumprod.parse((self, dim, ), {'dtype': dtype})


def _m_cumprod_(self, dim, *, dtype=None):
    """Overloads, tried in this order:
        cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)  (native_functions.yaml:1338)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # cumprod_
        return _F_cumprod_(self, dim, dtype)

    return _GM_cumprod_.parse((self, dim, ), {'dtype': dtype})


def _m_sort(self, *args, **kwargs):
    """Values along dim in order (NaN counts as the largest) and where they came from; equal values keep their order.

    Overloads, tried in this order:
        sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:1343)
        sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:1351)
    """
    return _GM_sort.parse((self, *args,), kwargs)


def _m_argsort(self, *args, **kwargs):
    """The indices that sort self along dim (stable).

    Overloads, tried in this order:
        argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor  (native_functions.yaml:1357)
        argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor  (native_functions.yaml:1363)
    """
    return _GM_argsort.parse((self, *args,), kwargs)


def _m_topk(self, k, dim=-1, largest=True, sorted=True):
    """The k largest (or smallest) values along dim, largest first, and their indices.

    Overloads, tried in this order:
        topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)  (native_functions.yaml:1369)
    """
    if k.__class__ is int and dim.__class__ is int and largest.__class__ is bool and sorted.__class__ is bool:  # topk
        return _F_topk(self, k, dim, largest, sorted)

    return _GM_topk.parse((self, k, dim, largest, sorted, ), {})


def _m_scatter(self, *args, **kwargs):
    """A copy of self with self[index[i][j]][j] = src[i][j] (for dim 0); the inverse of gather.

    Overloads, tried in this order:
        scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor  (native_functions.yaml:1379)
        scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor  (native_functions.yaml:1390)
    """
    return _GM_scatter.parse((self, *args,), kwargs)


def _m_scatter_(self, *args, **kwargs):
    """Overloads, tried in this order:
        scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)  (native_functions.yaml:1387)
        scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)  (native_functions.yaml:1398)
    """
    return _GM_scatter_.parse((self, *args,), kwargs)


def _m_scatter_add(self, dim, index, src):
    """A copy of self with src added at the positions index gives along dim (repeats add up).

    Overloads, tried in this order:
        scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor  (native_functions.yaml:1401)
    """
    if dim.__class__ is int:  # scatter_add
        if index.__class__ is _T and src.__class__ is _T:
            return _F_scatter_add(self, dim, index, src)
        if isinstance(index, _T) and isinstance(src, _T):
            return _H_scatter_add.call((self, dim, index, src))

    return _GM_scatter_add.parse((self, dim, index, src, ), {})


def _m_scatter_add_(self, dim, index, src):
    """Overloads, tried in this order:
        scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)  (native_functions.yaml:1409)
    """
    if dim.__class__ is int:  # scatter_add_
        if index.__class__ is _T and src.__class__ is _T:
            return _F_scatter_add_(self, dim, index, src)
        if isinstance(index, _T) and isinstance(src, _T):
            return _H_scatter_add_.call((self, dim, index, src))

    return _GM_scatter_add_.parse((self, dim, index, src, ), {})


def _m_index_add(self, dim, index, source, *, alpha=1):
    """A copy of self with alpha * source[i] added to entry index[i] of dim (repeats add up).

    Overloads, tried in this order:
        index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:1412)
    """
    if dim.__class__ is int and alpha.__class__ in _NUM:  # index_add
        if index.__class__ is _T and source.__class__ is _T:
            return _F_index_add(self, dim, index, source, alpha)
        if isinstance(index, _T) and isinstance(source, _T):
            return _H_index_add.call((self, dim, index, source, alpha))

    return _GM_index_add.parse((self, dim, index, source, ), {'alpha': alpha})


def _m_index_add_(self, dim, index, source, *, alpha=1):
    """Overloads, tried in this order:
        index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:1421)
    """
    if dim.__class__ is int and alpha.__class__ in _NUM:  # index_add_
        if index.__class__ is _T and source.__class__ is _T:
            return _F_index_add_(self, dim, index, source, alpha)
        if isinstance(index, _T) and isinstance(source, _T):
            return _H_index_add_.call((self, dim, index, source, alpha))

    return _GM_index_add_.parse((self, dim, index, source, ), {'alpha': alpha})


def _m_tril(self, diagonal=0):
    """The lower triangle of the last two dims (entries j <= i + diagonal), zeros above.

    Overloads, tried in this order:
        tril(Tensor self, int diagonal=0) -> Tensor  (native_functions.yaml:1439)
    """
    if diagonal.__class__ is int:  # tril
        return _F_tril(self, diagonal)

    return _GM_tril.parse((self, diagonal, ), {})


def _m_tril_(self, diagonal=0):
    """Overloads, tried in this order:
        tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)  (native_functions.yaml:1447)
    """
    if diagonal.__class__ is int:  # tril_
        return _F_tril_(self, diagonal)

    return _GM_tril_.parse((self, diagonal, ), {})


def _m_triu(self, diagonal=0):
    """The upper triangle of the last two dims (entries j >= i + diagonal), zeros below.

    Overloads, tried in this order:
        triu(Tensor self, int diagonal=0) -> Tensor  (native_functions.yaml:1452)
    """
    if diagonal.__class__ is int:  # triu
        return _F_triu(self, diagonal)

    return _GM_triu.parse((self, diagonal, ), {})


def _m_triu_(self, diagonal=0):
    """Overloads, tried in this order:
        triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)  (native_functions.yaml:1460)
    """
    if diagonal.__class__ is int:  # triu_
        return _F_triu_(self, diagonal)

    return _GM_triu_.parse((self, diagonal, ), {})


def _m_var(self, *args, **kwargs):
    """Variance of all elements, divided by N - 1 (unbiased) or N.

    Overloads, tried in this order:
        var(Tensor self, bool unbiased=True) -> Tensor  (native_functions.yaml:1467)
        var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor  (native_functions.yaml:1473)
        var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor  (native_functions.yaml:1479)
    """
    return _GM_var.parse((self, *args,), kwargs)


def _m_std(self, *args, **kwargs):
    """Standard deviation of all elements: sqrt(var).

    Overloads, tried in this order:
        std(Tensor self, bool unbiased=True) -> Tensor  (native_functions.yaml:1485)
        std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor  (native_functions.yaml:1491)
        std.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor  (native_functions.yaml:1497)
    """
    return _GM_std.parse((self, *args,), kwargs)


def _m_norm(self, p=2, dim=None, keepdim=False, *, dtype=None, keepdims=_MISSING):
    """The p-norm over dim (all dims when None): (sum |self|^p)^(1/p); inf, -inf: the largest, smallest |self|; 0: the count of nonzeros.

    Overloads, tried in this order:
        norm.ScalarOpt_dim(Tensor self, Scalar? p=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:1539)
    """
    if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING
    if (p is None or p.__class__ in _NUM) and (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # norm.ScalarOpt_dim
        return _F_norm_ScalarOpt_dim(self, p, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)

    return _GM_norm.parse((self, p, dim, keepdim, ), {'dtype': dtype, 'keepdims': keepdims})


def _m_unflatten(self, *args, **kwargs):
    """Dimension dim split into sizes (one may be -1), as view/reshape.

    Overloads, tried in this order:
        unflatten.int(Tensor(a) self, int dim, int[] sizes) -> Tensor(a)  (native_functions.yaml:1545)
    """
    return _GM_unflatten.parse((self, *args,), kwargs)


def _m_outer(self, vec2):
    """Outer product of two 1-D tensors: out[i][j] = self[i] * vec2[j].

    Overloads, tried in this order:
        outer(Tensor self, Tensor vec2) -> Tensor  (native_functions.yaml:1551)
    """
    # outer
    if vec2.__class__ is _T:
        return _F_outer(self, vec2)
    if isinstance(vec2, _T):
        return _H_outer.call((self, vec2))

    return _GM_outer.parse((self, vec2, ), {})


def _m_addmm(self, mat1, mat2, *, beta=1, alpha=1):
    """beta * self + alpha * (mat1 @ mat2); self is ignored (NaN too) when beta is 0.

    Overloads, tried in this order:
        addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor  (native_functions.yaml:1557)
    """
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # addmm
        if mat1.__class__ is _T and mat2.__class__ is _T:
            return _F_addmm(self, mat1, mat2, beta, alpha)
        if isinstance(mat1, _T) and isinstance(mat2, _T):
            return _H_addmm.call((self, mat1, mat2, beta, alpha))

    return _GM_addmm.parse((self, mat1, mat2, ), {'beta': beta, 'alpha': alpha})


def _m_addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    """Overloads, tried in this order:
        addmm_(Tensor(a!) self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:1563)
    """
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # addmm_
        if mat1.__class__ is _T and mat2.__class__ is _T:
            return _F_addmm_(self, mat1, mat2, beta, alpha)
        if isinstance(mat1, _T) and isinstance(mat2, _T):
            return _H_addmm_.call((self, mat1, mat2, beta, alpha))

    return _GM_addmm_.parse((self, mat1, mat2, ), {'beta': beta, 'alpha': alpha})


def _m_baddbmm(self, batch1, batch2, *, beta=1, alpha=1):
    """beta * self + alpha * bmm(batch1, batch2); self is ignored (NaN too) when beta is 0.

    Overloads, tried in this order:
        baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor  (native_functions.yaml:1568)
    """
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # baddbmm
        if batch1.__class__ is _T and batch2.__class__ is _T:
            return _F_baddbmm(self, batch1, batch2, beta, alpha)
        if isinstance(batch1, _T) and isinstance(batch2, _T):
            return _H_baddbmm.call((self, batch1, batch2, beta, alpha))

    return _GM_baddbmm.parse((self, batch1, batch2, ), {'beta': beta, 'alpha': alpha})


def _m_baddbmm_(self, batch1, batch2, *, beta=1, alpha=1):
    """Overloads, tried in this order:
        baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:1574)
    """
    if beta.__class__ in _NUM and alpha.__class__ in _NUM:  # baddbmm_
        if batch1.__class__ is _T and batch2.__class__ is _T:
            return _F_baddbmm_(self, batch1, batch2, beta, alpha)
        if isinstance(batch1, _T) and isinstance(batch2, _T):
            return _H_baddbmm_.call((self, batch1, batch2, beta, alpha))

    return _GM_baddbmm_.parse((self, batch1, batch2, ), {'beta': beta, 'alpha': alpha})


def _m_nonzero(self, *, as_tuple=_MISSING):
    """The indices of the nonzero elements of self as an int64 (count, ndim) tensor, row-major.

    Overloads, tried in this order:
        nonzero(Tensor self) -> Tensor  (native_functions.yaml:1588)
        nonzero.as_tuple(Tensor self, *, bool as_tuple) -> Tensor[]  (native_functions.yaml:1594)
    """
    if as_tuple is _MISSING:  # nonzero
        return _F_nonzero(self)

    if as_tuple is not _MISSING and as_tuple.__class__ is bool:  # nonzero.as_tuple
        return _F_nonzero_as_tuple(self, as_tuple)

    return _GM_nonzero.parse((self, ), {'as_tuple': as_tuple})


def _m_masked_select(self, mask):
    """The elements of self where the bool mask (broadcast with self) is True, as a 1-D tensor.

    Overloads, tried in this order:
        masked_select(Tensor self, Tensor mask) -> Tensor  (native_functions.yaml:1606)
    """
    # masked_select
    if mask.__class__ is _T:
        return _F_masked_select(self, mask)
    if isinstance(mask, _T):
        return _H_masked_select.call((self, mask))

    return _GM_masked_select.parse((self, mask, ), {})


def _m_repeat_interleave(self, repeats, dim=None, *, output_size=None):
    """Each slice of self along dim (of self flattened when dim is None) repeated repeats[i] times.

    Overloads, tried in this order:
        repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor  (native_functions.yaml:1618)
        repeat_interleave.self_int(Tensor self, SymInt repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor  (native_functions.yaml:1624)
    """
    if (dim is None or dim.__class__ is int) and (output_size is None or output_size.__class__ is int):  # repeat_interleave.self_Tensor
        if repeats.__class__ is _T:
            return _F_repeat_interleave_self_Tensor(self, repeats, dim, output_size)
        if isinstance(repeats, _T):
            return _H_repeat_interleave_self_Tensor.call((self, repeats, dim, output_size))

    if repeats.__class__ is int and (dim is None or dim.__class__ is int) and (output_size is None or output_size.__class__ is int):  # repeat_interleave.self_int
        return _F_repeat_interleave_self_int(self, repeats, dim, output_size)

    return _GM_repeat_interleave.parse((self, repeats, dim, ), {'output_size': output_size})


def _m_diagonal(self, offset=0, dim1=0, dim2=1):
    """The diagonal of dims dim1 and dim2 (above the main one for offset > 0), as the last dim of a view.

    Overloads, tried in this order:
        diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)  (native_functions.yaml:1642)
    """
    if offset.__class__ is int and dim1.__class__ is int and dim2.__class__ is int:  # diagonal
        return _F_diagonal(self, offset, dim1, dim2)

    return _GM_diagonal.parse((self, offset, dim1, dim2, ), {})


def _m_diag(self, diagonal=0):
    """A 1-D tensor placed on a diagonal of a square matrix, or the diagonal of a 2-D tensor (copied).

    Overloads, tried in this order:
        diag(Tensor self, int diagonal=0) -> Tensor  (native_functions.yaml:1650)
    """
    if diagonal.__class__ is int:  # diag
        return _F_diag(self, diagonal)

    return _GM_diag.parse((self, diagonal, ), {})


def _m_trace(self):
    """The sum of the main diagonal of a 2-D tensor.

    Overloads, tried in this order:
        trace(Tensor self) -> Tensor  (native_functions.yaml:1656)
    """
    # trace
    return _F_trace(self)

    return _GM_trace.parse((self, ), {})


# ---- Tensor operators ----


def _op__add__(self, other):
    """Python operator for add: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # add.Tensor
    if other.__class__ is _T:
        return _F_add_Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_add_Tensor.call((self, other, 1))

    return NotImplemented


def _op__radd__(self, other):
    """Python operator for add: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # add.Tensor
    if other.__class__ is _T:
        return _F_add_Tensor(other, self, 1)
    if isinstance(other, _TN):
        return _H_add_Tensor.call((other, self, 1))

    return NotImplemented


def _op__iadd__(self, other):
    """Python operator for add_: add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"""
    # add_.Tensor
    if other.__class__ is _T:
        return _F_add__Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_add__Tensor.call((self, other, 1))

    return NotImplemented


def _op__sub__(self, other):
    """Python operator for sub: sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # sub.Tensor
    if other.__class__ is _T:
        return _F_sub_Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_sub_Tensor.call((self, other, 1))

    return NotImplemented


def _op__rsub__(self, other):
    """Python operator for sub: sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # sub.Tensor
    if other.__class__ is _T:
        return _F_sub_Tensor(other, self, 1)
    if isinstance(other, _TN):
        return _H_sub_Tensor.call((other, self, 1))

    return NotImplemented


def _op__isub__(self, other):
    """Python operator for sub_: sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"""
    # sub_.Tensor
    if other.__class__ is _T:
        return _F_sub__Tensor(self, other, 1)
    if isinstance(other, _TN):
        return _H_sub__Tensor.call((self, other, 1))

    return NotImplemented


def _op__mul__(self, other):
    """Python operator for mul: mul.Tensor(Tensor self, Tensor other) -> Tensor"""
    # mul.Tensor
    if other.__class__ is _T:
        return _F_mul_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))

    return NotImplemented


def _op__rmul__(self, other):
    """Python operator for mul: mul.Tensor(Tensor self, Tensor other) -> Tensor"""
    # mul.Tensor
    if other.__class__ is _T:
        return _F_mul_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((other, self))

    return NotImplemented


def _op__imul__(self, other):
    """Python operator for mul_: mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # mul_.Tensor
    if other.__class__ is _T:
        return _F_mul__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_mul__Tensor.call((self, other))

    return NotImplemented


def _op__truediv__(self, other):
    """Python operator for div: div.Tensor(Tensor self, Tensor other) -> Tensor"""
    # div.Tensor
    if other.__class__ is _T:
        return _F_div_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_div_Tensor.call((self, other))

    return NotImplemented


def _op__rtruediv__(self, other):
    """Python operator for div: div.Tensor(Tensor self, Tensor other) -> Tensor"""
    # div.Tensor
    if other.__class__ is _T:
        return _F_div_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_div_Tensor.call((other, self))

    return NotImplemented


def _op__itruediv__(self, other):
    """Python operator for div_: div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # div_.Tensor
    if other.__class__ is _T:
        return _F_div__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_div__Tensor.call((self, other))

    return NotImplemented


def _op__floordiv__(self, other):
    """Python operator for floor_divide: floor_divide(Tensor self, Tensor other) -> Tensor"""
    # floor_divide
    if other.__class__ is _T:
        return _F_floor_divide(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide.call((self, other))

    return NotImplemented


def _op__rfloordiv__(self, other):
    """Python operator for floor_divide: floor_divide(Tensor self, Tensor other) -> Tensor"""
    # floor_divide
    if other.__class__ is _T:
        return _F_floor_divide(other, self)
    if isinstance(other, _TN):
        return _H_floor_divide.call((other, self))

    return NotImplemented


def _op__ifloordiv__(self, other):
    """Python operator for floor_divide_: floor_divide_(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # floor_divide_
    if other.__class__ is _T:
        return _F_floor_divide_(self, other)
    if isinstance(other, _TN):
        return _H_floor_divide_.call((self, other))

    return NotImplemented


def _op__mod__(self, other):
    """Python operator for remainder: remainder.Tensor(Tensor self, Tensor other) -> Tensor"""
    # remainder.Tensor
    if other.__class__ is _T:
        return _F_remainder_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((self, other))

    return NotImplemented


def _op__rmod__(self, other):
    """Python operator for remainder: remainder.Tensor(Tensor self, Tensor other) -> Tensor"""
    # remainder.Tensor
    if other.__class__ is _T:
        return _F_remainder_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((other, self))

    return NotImplemented


def _op__imod__(self, other):
    """Python operator for remainder_: remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # remainder_.Tensor
    if other.__class__ is _T:
        return _F_remainder__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_remainder__Tensor.call((self, other))

    return NotImplemented


def _op__pow__(self, other):
    """Python operator for pow: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor"""
    # pow.Tensor_Tensor
    if other.__class__ is _T:
        return _F_pow_Tensor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_pow_Tensor_Tensor.call((self, other))

    return NotImplemented


def _op__rpow__(self, other):
    """Python operator for pow: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor"""
    # pow.Tensor_Tensor
    if other.__class__ is _T:
        return _F_pow_Tensor_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_pow_Tensor_Tensor.call((other, self))

    return NotImplemented


def _op__ipow__(self, other):
    """Python operator for pow_: pow_.Tensor_Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)"""
    # pow_.Tensor_Tensor
    if other.__class__ is _T:
        return _F_pow__Tensor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_pow__Tensor_Tensor.call((self, other))

    return NotImplemented


def _op__matmul__(self, other):
    """Python operator for matmul: matmul(Tensor self, Tensor other) -> Tensor"""
    # matmul
    if other.__class__ is _T:
        return _F_matmul(self, other)
    if isinstance(other, _T):
        return _H_matmul.call((self, other))

    return NotImplemented


def _op__rmatmul__(self, other):
    """Python operator for matmul: matmul(Tensor self, Tensor other) -> Tensor"""
    # matmul
    if other.__class__ is _T:
        return _F_matmul(other, self)
    if isinstance(other, _T):
        return _H_matmul.call((other, self))

    return NotImplemented


def _op__eq__(self, other):
    """Python operator for eq: eq.Tensor(Tensor self, Tensor other) -> Tensor"""
    # eq.Tensor
    if other.__class__ is _T:
        return _F_eq_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_eq_Tensor.call((self, other))

    return NotImplemented


def _op__ne__(self, other):
    """Python operator for ne: ne.Tensor(Tensor self, Tensor other) -> Tensor"""
    # ne.Tensor
    if other.__class__ is _T:
        return _F_ne_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ne_Tensor.call((self, other))

    return NotImplemented


def _op__lt__(self, other):
    """Python operator for lt: lt.Tensor(Tensor self, Tensor other) -> Tensor"""
    # lt.Tensor
    if other.__class__ is _T:
        return _F_lt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_lt_Tensor.call((self, other))

    return NotImplemented


def _op__le__(self, other):
    """Python operator for le: le.Tensor(Tensor self, Tensor other) -> Tensor"""
    # le.Tensor
    if other.__class__ is _T:
        return _F_le_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_le_Tensor.call((self, other))

    return NotImplemented


def _op__gt__(self, other):
    """Python operator for gt: gt.Tensor(Tensor self, Tensor other) -> Tensor"""
    # gt.Tensor
    if other.__class__ is _T:
        return _F_gt_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_gt_Tensor.call((self, other))

    return NotImplemented


def _op__ge__(self, other):
    """Python operator for ge: ge.Tensor(Tensor self, Tensor other) -> Tensor"""
    # ge.Tensor
    if other.__class__ is _T:
        return _F_ge_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_ge_Tensor.call((self, other))

    return NotImplemented


def _op__and__(self, other):
    """Python operator for bitwise_and: bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor"""
    # bitwise_and.Tensor
    if other.__class__ is _T:
        return _F_bitwise_and_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and_Tensor.call((self, other))

    return NotImplemented


def _op__rand__(self, other):
    """Python operator for bitwise_and: bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor"""
    # bitwise_and.Tensor
    if other.__class__ is _T:
        return _F_bitwise_and_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_bitwise_and_Tensor.call((other, self))

    return NotImplemented


def _op__iand__(self, other):
    """Python operator for bitwise_and_: bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # bitwise_and_.Tensor
    if other.__class__ is _T:
        return _F_bitwise_and__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_and__Tensor.call((self, other))

    return NotImplemented


def _op__or__(self, other):
    """Python operator for bitwise_or: bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor"""
    # bitwise_or.Tensor
    if other.__class__ is _T:
        return _F_bitwise_or_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or_Tensor.call((self, other))

    return NotImplemented


def _op__ror__(self, other):
    """Python operator for bitwise_or: bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor"""
    # bitwise_or.Tensor
    if other.__class__ is _T:
        return _F_bitwise_or_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_bitwise_or_Tensor.call((other, self))

    return NotImplemented


def _op__ior__(self, other):
    """Python operator for bitwise_or_: bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # bitwise_or_.Tensor
    if other.__class__ is _T:
        return _F_bitwise_or__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_or__Tensor.call((self, other))

    return NotImplemented


def _op__xor__(self, other):
    """Python operator for bitwise_xor: bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor"""
    # bitwise_xor.Tensor
    if other.__class__ is _T:
        return _F_bitwise_xor_Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor_Tensor.call((self, other))

    return NotImplemented


def _op__rxor__(self, other):
    """Python operator for bitwise_xor: bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor"""
    # bitwise_xor.Tensor
    if other.__class__ is _T:
        return _F_bitwise_xor_Tensor(other, self)
    if isinstance(other, _TN):
        return _H_bitwise_xor_Tensor.call((other, self))

    return NotImplemented


def _op__ixor__(self, other):
    """Python operator for bitwise_xor_: bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # bitwise_xor_.Tensor
    if other.__class__ is _T:
        return _F_bitwise_xor__Tensor(self, other)
    if isinstance(other, _TN):
        return _H_bitwise_xor__Tensor.call((self, other))

    return NotImplemented


def _op__neg__(self):
    """Python operator for neg: neg(Tensor self) -> Tensor"""
    # neg
    return _F_neg(self)

    return NotImplemented


def _op__abs__(self):
    """Python operator for abs: abs(Tensor self) -> Tensor"""
    # abs
    return _F_abs(self)

    return NotImplemented


def _op__invert__(self):
    """Python operator for bitwise_not: bitwise_not(Tensor self) -> Tensor"""
    # bitwise_not
    return _F_bitwise_not(self)

    return NotImplemented


# Attached to Tensor by aten_lite/frontend/tensor_surface.py.
METHODS = {
    'neg': _m_neg,
    'neg_': _m_neg_,
    'abs': _m_abs,
    'abs_': _m_abs_,
    'sign': _m_sign,
    'sign_': _m_sign_,
    'relu': _m_relu,
    'relu_': _m_relu_,
    'sigmoid': _m_sigmoid,
    'tanh': _m_tanh,
    'exp': _m_exp,
    'expm1': _m_expm1,
    'log': _m_log,
    'log1p': _m_log1p,
    'sqrt': _m_sqrt,
    'rsqrt': _m_rsqrt,
    'reciprocal': _m_reciprocal,
    'sin': _m_sin,
    'cos': _m_cos,
    'floor': _m_floor,
    'floor_': _m_floor_,
    'ceil': _m_ceil,
    'ceil_': _m_ceil_,
    'round': _m_round,
    'round_': _m_round_,
    'trunc': _m_trunc,
    'trunc_': _m_trunc_,
    'logical_not': _m_logical_not,
    'square': _m_square,
    'add': _m_add,
    'add_': _m_add_,
    'sub': _m_sub,
    'sub_': _m_sub_,
    'mul': _m_mul,
    'mul_': _m_mul_,
    'div': _m_div,
    'floor_divide': _m_floor_divide,
    'floor_divide_': _m_floor_divide_,
    'pow': _m_pow,
    'pow_': _m_pow_,
    'maximum': _m_maximum,
    'maximum_': _m_maximum_,
    'minimum': _m_minimum,
    'minimum_': _m_minimum_,
    'remainder': _m_remainder,
    'remainder_': _m_remainder_,
    'eq': _m_eq,
    'ne': _m_ne,
    'lt': _m_lt,
    'le': _m_le,
    'gt': _m_gt,
    'ge': _m_ge,
    'logical_and': _m_logical_and,
    'logical_or': _m_logical_or,
    'div_': _m_div_,
    'where': _m_where,
    'clamp': _m_clamp,
    'clamp_': _m_clamp_,
    'clip': _m_clip,
    'clamp_min': _m_clamp_min,
    'clamp_max': _m_clamp_max,
    'sum': _m_sum,
    'mean': _m_mean,
    'prod': _m_prod,
    'amax': _m_amax,
    'amin': _m_amin,
    'all': _m_all,
    'any': _m_any,
    'max': _m_max,
    'min': _m_min,
    'argmax': _m_argmax,
    'argmin': _m_argmin,
    'logsumexp': _m_logsumexp,
    'softmax': _m_softmax,
    'log_softmax': _m_log_softmax,
    'mm': _m_mm,
    'bmm': _m_bmm,
    'dot': _m_dot,
    'matmul': _m_matmul,
    'view': _m_view,
    'reshape': _m_reshape,
    't': _m_t,
    'transpose': _m_transpose,
    'permute': _m_permute,
    'expand': _m_expand,
    'squeeze': _m_squeeze,
    'unsqueeze': _m_unsqueeze,
    'flatten': _m_flatten,
    'narrow': _m_narrow,
    'select': _m_select,
    'contiguous': _m_contiguous,
    'split': _m_split,
    'chunk': _m_chunk,
    'gather': _m_gather,
    'index_select': _m_index_select,
    'masked_fill': _m_masked_fill,
    'masked_fill_': _m_masked_fill_,
    'index_put': _m_index_put,
    'index_put_': _m_index_put_,
    'clone': _m_clone,
    'copy_': _m_copy_,
    'fill_': _m_fill_,
    'zero_': _m_zero_,
    'to': _m_to,
    'type_as': _m_type_as,
    'repeat': _m_repeat,
    'flip': _m_flip,
    'roll': _m_roll,
    'expand_as': _m_expand_as,
    'view_as': _m_view_as,
    'reshape_as': _m_reshape_as,
    'unbind': _m_unbind,
    'broadcast_to': _m_broadcast_to,
    'tile': _m_tile,
    'movedim': _m_movedim,
    'to_sparse': _m_to_sparse,
    'to_dense': _m_to_dense,
    'coalesce': _m_coalesce,
    'is_coalesced': _m_is_coalesced,
    '_nnz': _m__nnz,
    'indices': _m_indices,
    'values': _m_values,
    '_indices': _m__indices,
    '_values': _m__values,
    'sparse_mask': _m_sparse_mask,
    'log10': _m_log10,
    'log10_': _m_log10_,
    'log2': _m_log2,
    'log2_': _m_log2_,
    'isnan': _m_isnan,
    'isinf': _m_isinf,
    'isfinite': _m_isfinite,
    'logical_xor': _m_logical_xor,
    'bitwise_and': _m_bitwise_and,
    'bitwise_and_': _m_bitwise_and_,
    'bitwise_or': _m_bitwise_or,
    'bitwise_or_': _m_bitwise_or_,
    'bitwise_xor': _m_bitwise_xor,
    'bitwise_xor_': _m_bitwise_xor_,
    'bitwise_not': _m_bitwise_not,
    'bitwise_not_': _m_bitwise_not_,
    'fmod': _m_fmod,
    'fmod_': _m_fmod_,
    'lerp': _m_lerp,
    'lerp_': _m_lerp_,
    'nan_to_num': _m_nan_to_num,
    'nan_to_num_': _m_nan_to_num_,
    'cumsum': _m_cumsum,
    'cumsum_': _m_cumsum_,
    'cumprod': _m_cumprod,
    'cumprod_': _m_cumprod_,
    'sort': _m_sort,
    'argsort': _m_argsort,
    'topk': _m_topk,
    'scatter': _m_scatter,
    'scatter_': _m_scatter_,
    'scatter_add': _m_scatter_add,
    'scatter_add_': _m_scatter_add_,
    'index_add': _m_index_add,
    'index_add_': _m_index_add_,
    'tril': _m_tril,
    'tril_': _m_tril_,
    'triu': _m_triu,
    'triu_': _m_triu_,
    'var': _m_var,
    'std': _m_std,
    'norm': _m_norm,
    'unflatten': _m_unflatten,
    'outer': _m_outer,
    'addmm': _m_addmm,
    'addmm_': _m_addmm_,
    'baddbmm': _m_baddbmm,
    'baddbmm_': _m_baddbmm_,
    'nonzero': _m_nonzero,
    'masked_select': _m_masked_select,
    'repeat_interleave': _m_repeat_interleave,
    'diagonal': _m_diagonal,
    'diag': _m_diag,
    'trace': _m_trace,
    '__add__': _op__add__,
    '__radd__': _op__radd__,
    '__iadd__': _op__iadd__,
    '__sub__': _op__sub__,
    '__rsub__': _op__rsub__,
    '__isub__': _op__isub__,
    '__mul__': _op__mul__,
    '__rmul__': _op__rmul__,
    '__imul__': _op__imul__,
    '__truediv__': _op__truediv__,
    '__rtruediv__': _op__rtruediv__,
    '__itruediv__': _op__itruediv__,
    '__floordiv__': _op__floordiv__,
    '__rfloordiv__': _op__rfloordiv__,
    '__ifloordiv__': _op__ifloordiv__,
    '__mod__': _op__mod__,
    '__rmod__': _op__rmod__,
    '__imod__': _op__imod__,
    '__pow__': _op__pow__,
    '__rpow__': _op__rpow__,
    '__ipow__': _op__ipow__,
    '__matmul__': _op__matmul__,
    '__rmatmul__': _op__rmatmul__,
    '__eq__': _op__eq__,
    '__ne__': _op__ne__,
    '__lt__': _op__lt__,
    '__le__': _op__le__,
    '__gt__': _op__gt__,
    '__ge__': _op__ge__,
    '__and__': _op__and__,
    '__rand__': _op__rand__,
    '__iand__': _op__iand__,
    '__or__': _op__or__,
    '__ror__': _op__ror__,
    '__ior__': _op__ior__,
    '__xor__': _op__xor__,
    '__rxor__': _op__rxor__,
    '__ixor__': _op__ixor__,
    '__neg__': _op__neg__,
    '__abs__': _op__abs__,
    '__invert__': _op__invert__,
}

__all__ = [
    'neg',
    'abs',
    'sign',
    'relu',
    'sigmoid',
    'tanh',
    'exp',
    'expm1',
    'log',
    'log1p',
    'sqrt',
    'rsqrt',
    'reciprocal',
    'sin',
    'cos',
    'floor',
    'ceil',
    'round',
    'trunc',
    'logical_not',
    'square',
    'add',
    'sub',
    'mul',
    'div',
    'floor_divide',
    'pow',
    'maximum',
    'minimum',
    'remainder',
    'eq',
    'ne',
    'lt',
    'le',
    'gt',
    'ge',
    'logical_and',
    'logical_or',
    'where',
    'clamp',
    'clamp_',
    'clip',
    'clamp_min',
    'clamp_max',
    'sum',
    'mean',
    'prod',
    'amax',
    'amin',
    'all',
    'any',
    'max',
    'min',
    'argmax',
    'argmin',
    'logsumexp',
    'softmax',
    'log_softmax',
    'nll_loss',
    'gelu',
    'silu',
    'silu_',
    'leaky_relu',
    'leaky_relu_',
    'mm',
    'bmm',
    'dot',
    'matmul',
    'reshape',
    't',
    'transpose',
    'permute',
    'squeeze',
    'unsqueeze',
    'flatten',
    'narrow',
    'select',
    'slice',
    'split',
    'chunk',
    'cat',
    'stack',
    'gather',
    'index_select',
    'masked_fill',
    'index',
    'index_put',
    'index_put_',
    'clone',
    'fill_',
    'zero_',
    'flip',
    'roll',
    'unbind',
    'broadcast_to',
    'tile',
    'movedim',
    'hstack',
    'vstack',
    'sparse_coo_tensor',
    'sparse_sampled_mm',
    'log10',
    'log2',
    'isnan',
    'isinf',
    'isfinite',
    'logical_xor',
    'bitwise_and',
    'bitwise_or',
    'bitwise_xor',
    'bitwise_not',
    'fmod',
    'lerp',
    'nan_to_num',
    'nan_to_num_',
    'cumsum',
    'cumprod',
    'sort',
    'argsort',
    'topk',
    'scatter',
    'scatter_add',
    'index_add',
    'one_hot',
    'embedding',
    'tril',
    'triu',
    'var',
    'std',
    'var_mean',
    'std_mean',
    'norm',
    'unflatten',
    'outer',
    'addmm',
    'baddbmm',
    'einsum',
    'nonzero',
    'nonzero_numpy',
    'masked_select',
    'repeat_interleave',
    'meshgrid',
    'diagonal',
    'diag',
    'trace',
    'constant_pad_nd',
    'cosine_similarity',
    'kl_div',
    'huber_loss',
]
