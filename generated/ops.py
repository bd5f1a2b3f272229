# @generated from native_functions.yaml and derivatives.yaml (sha256 6f4dda32daf39a9d).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""The Python bindings of every op: module functions, Tensor methods and operators.

Each function tries its overloads in YAML order behind cheap type guards and dispatches through
the op's handle; the first overload of plain-Tensor ops inlines the dispatch decision. See
Note [Binding tiers] in tools/codegen/api_python.py and Note [The journey of an op] in
aten_lite/_dispatch.py.
"""

from aten_lite import _binding as _b, _dispatch as _d
from aten_lite._dtype import DType as _DT, bool_ as _BOOL
from aten_lite._tensor import Tensor as _T

_TN = (_T, int, float)  # a Tensor argument of a pointwise op may be a Python number
_NUM = _b.NUMBER_TYPES
_FLT = frozenset((int, float))
_SEQ = frozenset((list, tuple))
_MISSING = _b.MISSING

# ---- op handles and their kernel tables (the tables are updated in place) ----

_H_neg = _d.handle('neg')
_K_neg = _H_neg.table
_H_neg_ = _d.handle('neg_')
_K_neg_ = _H_neg_.table
_H_neg_out = _d.handle('neg.out')
_K_neg_out = _H_neg_out.table
_H_abs = _d.handle('abs')
_K_abs = _H_abs.table
_H_abs_ = _d.handle('abs_')
_K_abs_ = _H_abs_.table
_H_abs_out = _d.handle('abs.out')
_K_abs_out = _H_abs_out.table
_H_sign = _d.handle('sign')
_K_sign = _H_sign.table
_H_sign_ = _d.handle('sign_')
_K_sign_ = _H_sign_.table
_H_sign_out = _d.handle('sign.out')
_K_sign_out = _H_sign_out.table
_H_relu = _d.handle('relu')
_K_relu = _H_relu.table
_H_relu_ = _d.handle('relu_')
_K_relu_ = _H_relu_.table
_H_relu_out = _d.handle('relu.out')
_K_relu_out = _H_relu_out.table
_H_sigmoid = _d.handle('sigmoid')
_K_sigmoid = _H_sigmoid.table
_H_sigmoid_out = _d.handle('sigmoid.out')
_K_sigmoid_out = _H_sigmoid_out.table
_H_tanh = _d.handle('tanh')
_K_tanh = _H_tanh.table
_H_tanh_out = _d.handle('tanh.out')
_K_tanh_out = _H_tanh_out.table
_H_exp = _d.handle('exp')
_K_exp = _H_exp.table
_H_exp_out = _d.handle('exp.out')
_K_exp_out = _H_exp_out.table
_H_expm1 = _d.handle('expm1')
_K_expm1 = _H_expm1.table
_H_expm1_out = _d.handle('expm1.out')
_K_expm1_out = _H_expm1_out.table
_H_log = _d.handle('log')
_K_log = _H_log.table
_H_log_out = _d.handle('log.out')
_K_log_out = _H_log_out.table
_H_log1p = _d.handle('log1p')
_K_log1p = _H_log1p.table
_H_log1p_out = _d.handle('log1p.out')
_K_log1p_out = _H_log1p_out.table
_H_sqrt = _d.handle('sqrt')
_K_sqrt = _H_sqrt.table
_H_sqrt_out = _d.handle('sqrt.out')
_K_sqrt_out = _H_sqrt_out.table
_H_rsqrt = _d.handle('rsqrt')
_K_rsqrt = _H_rsqrt.table
_H_rsqrt_out = _d.handle('rsqrt.out')
_K_rsqrt_out = _H_rsqrt_out.table
_H_reciprocal = _d.handle('reciprocal')
_K_reciprocal = _H_reciprocal.table
_H_reciprocal_out = _d.handle('reciprocal.out')
_K_reciprocal_out = _H_reciprocal_out.table
_H_sin = _d.handle('sin')
_K_sin = _H_sin.table
_H_sin_out = _d.handle('sin.out')
_K_sin_out = _H_sin_out.table
_H_cos = _d.handle('cos')
_K_cos = _H_cos.table
_H_cos_out = _d.handle('cos.out')
_K_cos_out = _H_cos_out.table
_H_floor = _d.handle('floor')
_K_floor = _H_floor.table
_H_floor_ = _d.handle('floor_')
_K_floor_ = _H_floor_.table
_H_floor_out = _d.handle('floor.out')
_K_floor_out = _H_floor_out.table
_H_ceil = _d.handle('ceil')
_K_ceil = _H_ceil.table
_H_ceil_ = _d.handle('ceil_')
_K_ceil_ = _H_ceil_.table
_H_ceil_out = _d.handle('ceil.out')
_K_ceil_out = _H_ceil_out.table
_H_round = _d.handle('round')
_K_round = _H_round.table
_H_round_ = _d.handle('round_')
_K_round_ = _H_round_.table
_H_round_out = _d.handle('round.out')
_K_round_out = _H_round_out.table
_H_trunc = _d.handle('trunc')
_K_trunc = _H_trunc.table
_H_trunc_ = _d.handle('trunc_')
_K_trunc_ = _H_trunc_.table
_H_trunc_out = _d.handle('trunc.out')
_K_trunc_out = _H_trunc_out.table
_H_logical_not = _d.handle('logical_not')
_K_logical_not = _H_logical_not.table
_H_logical_not_out = _d.handle('logical_not.out')
_K_logical_not_out = _H_logical_not_out.table
_H_add_Tensor = _d.handle('add.Tensor')
_K_add_Tensor = _H_add_Tensor.table
_H_add__Tensor = _d.handle('add_.Tensor')
_K_add__Tensor = _H_add__Tensor.table
_H_add_Tensor_out = _d.handle('add.Tensor_out')
_K_add_Tensor_out = _H_add_Tensor_out.table
_H_sub_Tensor = _d.handle('sub.Tensor')
_K_sub_Tensor = _H_sub_Tensor.table
_H_sub__Tensor = _d.handle('sub_.Tensor')
_K_sub__Tensor = _H_sub__Tensor.table
_H_sub_Tensor_out = _d.handle('sub.Tensor_out')
_K_sub_Tensor_out = _H_sub_Tensor_out.table
_H_mul_Tensor = _d.handle('mul.Tensor')
_K_mul_Tensor = _H_mul_Tensor.table
_H_mul__Tensor = _d.handle('mul_.Tensor')
_K_mul__Tensor = _H_mul__Tensor.table
_H_mul_Tensor_out = _d.handle('mul.Tensor_out')
_K_mul_Tensor_out = _H_mul_Tensor_out.table
_H_div_Tensor = _d.handle('div.Tensor')
_K_div_Tensor = _H_div_Tensor.table
_H_div_Tensor_out = _d.handle('div.Tensor_out')
_K_div_Tensor_out = _H_div_Tensor_out.table
_H_floor_divide = _d.handle('floor_divide')
_K_floor_divide = _H_floor_divide.table
_H_floor_divide_ = _d.handle('floor_divide_')
_K_floor_divide_ = _H_floor_divide_.table
_H_floor_divide_out = _d.handle('floor_divide.out')
_K_floor_divide_out = _H_floor_divide_out.table
_H_pow_Tensor_Tensor = _d.handle('pow.Tensor_Tensor')
_K_pow_Tensor_Tensor = _H_pow_Tensor_Tensor.table
_H_pow__Tensor_Tensor = _d.handle('pow_.Tensor_Tensor')
_K_pow__Tensor_Tensor = _H_pow__Tensor_Tensor.table
_H_pow_Tensor_Tensor_out = _d.handle('pow.Tensor_Tensor_out')
_K_pow_Tensor_Tensor_out = _H_pow_Tensor_Tensor_out.table
_H_maximum = _d.handle('maximum')
_K_maximum = _H_maximum.table
_H_maximum_ = _d.handle('maximum_')
_K_maximum_ = _H_maximum_.table
_H_maximum_out = _d.handle('maximum.out')
_K_maximum_out = _H_maximum_out.table
_H_minimum = _d.handle('minimum')
_K_minimum = _H_minimum.table
_H_minimum_ = _d.handle('minimum_')
_K_minimum_ = _H_minimum_.table
_H_minimum_out = _d.handle('minimum.out')
_K_minimum_out = _H_minimum_out.table
_H_remainder_Tensor = _d.handle('remainder.Tensor')
_K_remainder_Tensor = _H_remainder_Tensor.table
_H_remainder__Tensor = _d.handle('remainder_.Tensor')
_K_remainder__Tensor = _H_remainder__Tensor.table
_H_remainder_Tensor_out = _d.handle('remainder.Tensor_out')
_K_remainder_Tensor_out = _H_remainder_Tensor_out.table
_H_eq_Tensor = _d.handle('eq.Tensor')
_K_eq_Tensor = _H_eq_Tensor.table
_H_eq_Tensor_out = _d.handle('eq.Tensor_out')
_K_eq_Tensor_out = _H_eq_Tensor_out.table
_H_ne_Tensor = _d.handle('ne.Tensor')
_K_ne_Tensor = _H_ne_Tensor.table
_H_ne_Tensor_out = _d.handle('ne.Tensor_out')
_K_ne_Tensor_out = _H_ne_Tensor_out.table
_H_lt_Tensor = _d.handle('lt.Tensor')
_K_lt_Tensor = _H_lt_Tensor.table
_H_lt_Tensor_out = _d.handle('lt.Tensor_out')
_K_lt_Tensor_out = _H_lt_Tensor_out.table
_H_le_Tensor = _d.handle('le.Tensor')
_K_le_Tensor = _H_le_Tensor.table
_H_le_Tensor_out = _d.handle('le.Tensor_out')
_K_le_Tensor_out = _H_le_Tensor_out.table
_H_gt_Tensor = _d.handle('gt.Tensor')
_K_gt_Tensor = _H_gt_Tensor.table
_H_gt_Tensor_out = _d.handle('gt.Tensor_out')
_K_gt_Tensor_out = _H_gt_Tensor_out.table
_H_ge_Tensor = _d.handle('ge.Tensor')
_K_ge_Tensor = _H_ge_Tensor.table
_H_ge_Tensor_out = _d.handle('ge.Tensor_out')
_K_ge_Tensor_out = _H_ge_Tensor_out.table
_H_logical_and = _d.handle('logical_and')
_K_logical_and = _H_logical_and.table
_H_logical_and_out = _d.handle('logical_and.out')
_K_logical_and_out = _H_logical_and_out.table
_H_logical_or = _d.handle('logical_or')
_K_logical_or = _H_logical_or.table
_H_logical_or_out = _d.handle('logical_or.out')
_K_logical_or_out = _H_logical_or_out.table
_H_div__Tensor = _d.handle('div_.Tensor')
_K_div__Tensor = _H_div__Tensor.table
_H__div_trunc = _d.handle('_div_trunc')
_K__div_trunc = _H__div_trunc.table
_H_div_Tensor_mode = _d.handle('div.Tensor_mode')
_K_div_Tensor_mode = _H_div_Tensor_mode.table
_H_div_out_mode = _d.handle('div.out_mode')
_K_div_out_mode = _H_div_out_mode.table
_H_div__Tensor_mode = _d.handle('div_.Tensor_mode')
_K_div__Tensor_mode = _H_div__Tensor_mode.table
_H_where_self = _d.handle('where.self')
_K_where_self = _H_where_self.table
_H_clamp = _d.handle('clamp')
_K_clamp = _H_clamp.table
_H_clamp_Tensor = _d.handle('clamp.Tensor')
_K_clamp_Tensor = _H_clamp_Tensor.table
_H_clamp_ = _d.handle('clamp_')
_K_clamp_ = _H_clamp_.table
_H_clamp_out = _d.handle('clamp.out')
_K_clamp_out = _H_clamp_out.table
_H_sum = _d.handle('sum')
_K_sum = _H_sum.table
_H_sum_out = _d.handle('sum.out')
_K_sum_out = _H_sum_out.table
_H_mean = _d.handle('mean')
_K_mean = _H_mean.table
_H_prod = _d.handle('prod')
_K_prod = _H_prod.table
_H_amax = _d.handle('amax')
_K_amax = _H_amax.table
_H_amin = _d.handle('amin')
_K_amin = _H_amin.table
_H_all = _d.handle('all')
_K_all = _H_all.table
_H_any = _d.handle('any')
_K_any = _H_any.table
_H_max = _d.handle('max')
_K_max = _H_max.table
_H_max_dim = _d.handle('max.dim')
_K_max_dim = _H_max_dim.table
_H_max_other = _d.handle('max.other')
_K_max_other = _H_max_other.table
_H_min = _d.handle('min')
_K_min = _H_min.table
_H_min_dim = _d.handle('min.dim')
_K_min_dim = _H_min_dim.table
_H_min_other = _d.handle('min.other')
_K_min_other = _H_min_other.table
_H_argmax = _d.handle('argmax')
_K_argmax = _H_argmax.table
_H_argmin = _d.handle('argmin')
_K_argmin = _H_argmin.table
_H_logsumexp = _d.handle('logsumexp')
_K_logsumexp = _H_logsumexp.table
_H_softmax_int = _d.handle('softmax.int')
_K_softmax_int = _H_softmax_int.table
_H_log_softmax_int = _d.handle('log_softmax.int')
_K_log_softmax_int = _H_log_softmax_int.table
_H_nll_loss = _d.handle('nll_loss')
_K_nll_loss = _H_nll_loss.table
_H__nll_loss_backward = _d.handle('_nll_loss_backward')
_K__nll_loss_backward = _H__nll_loss_backward.table
_H_gelu = _d.handle('gelu')
_K_gelu = _H_gelu.table
_H__gelu_backward = _d.handle('_gelu_backward')
_K__gelu_backward = _H__gelu_backward.table
_H_tanh_backward = _d.handle('tanh_backward')
_K_tanh_backward = _H_tanh_backward.table
_H__log_softmax_backward = _d.handle('_log_softmax_backward')
_K__log_softmax_backward = _H__log_softmax_backward.table
_H_mm = _d.handle('mm')
_K_mm = _H_mm.table
_H_mm_out = _d.handle('mm.out')
_K_mm_out = _H_mm_out.table
_H_bmm = _d.handle('bmm')
_K_bmm = _H_bmm.table
_H_dot = _d.handle('dot')
_K_dot = _H_dot.table
_H_matmul = _d.handle('matmul')
_K_matmul = _H_matmul.table
_H_view = _d.handle('view')
_K_view = _H_view.table
_H_reshape = _d.handle('reshape')
_K_reshape = _H_reshape.table
_H_t = _d.handle('t')
_K_t = _H_t.table
_H_transpose_int = _d.handle('transpose.int')
_K_transpose_int = _H_transpose_int.table
_H_permute = _d.handle('permute')
_K_permute = _H_permute.table
_H_expand = _d.handle('expand')
_K_expand = _H_expand.table
_H_squeeze = _d.handle('squeeze')
_K_squeeze = _H_squeeze.table
_H_squeeze_dim = _d.handle('squeeze.dim')
_K_squeeze_dim = _H_squeeze_dim.table
_H_squeeze_dims = _d.handle('squeeze.dims')
_K_squeeze_dims = _H_squeeze_dims.table
_H_unsqueeze = _d.handle('unsqueeze')
_K_unsqueeze = _H_unsqueeze.table
_H_flatten_using_ints = _d.handle('flatten.using_ints')
_K_flatten_using_ints = _H_flatten_using_ints.table
_H_narrow = _d.handle('narrow')
_K_narrow = _H_narrow.table
_H_select_int = _d.handle('select.int')
_K_select_int = _H_select_int.table
_H_slice_Tensor = _d.handle('slice.Tensor')
_K_slice_Tensor = _H_slice_Tensor.table
_H_contiguous = _d.handle('contiguous')
_K_contiguous = _H_contiguous.table
_H_split_Tensor = _d.handle('split.Tensor')
_K_split_Tensor = _H_split_Tensor.table
_H_split_sizes = _d.handle('split.sizes')
_K_split_sizes = _H_split_sizes.table
_H_chunk = _d.handle('chunk')
_K_chunk = _H_chunk.table
_H_cat = _d.handle('cat')
_K_cat = _H_cat.table
_H_stack = _d.handle('stack')
_K_stack = _H_stack.table
_H_gather = _d.handle('gather')
_K_gather = _H_gather.table
_H_index_select = _d.handle('index_select')
_K_index_select = _H_index_select.table
_H_masked_fill_Scalar = _d.handle('masked_fill.Scalar')
_K_masked_fill_Scalar = _H_masked_fill_Scalar.table
_H_masked_fill__Scalar = _d.handle('masked_fill_.Scalar')
_K_masked_fill__Scalar = _H_masked_fill__Scalar.table
_H_index_Tensor = _d.handle('index.Tensor')
_K_index_Tensor = _H_index_Tensor.table
_H_index_put = _d.handle('index_put')
_K_index_put = _H_index_put.table
_H_index_put_ = _d.handle('index_put_')
_K_index_put_ = _H_index_put_.table
_H_clone = _d.handle('clone')
_K_clone = _H_clone.table
_H_copy_ = _d.handle('copy_')
_K_copy_ = _H_copy_.table
_H_fill__Scalar = _d.handle('fill_.Scalar')
_K_fill__Scalar = _H_fill__Scalar.table
_H_zero_ = _d.handle('zero_')
_K_zero_ = _H_zero_.table
_H_to_device = _d.handle('to.device')
_K_to_device = _H_to_device.table
_H_to_dtype = _d.handle('to.dtype')
_K_to_dtype = _H_to_dtype.table
_H_to_other = _d.handle('to.other')
_K_to_other = _H_to_other.table
_H_type_as = _d.handle('type_as')
_K_type_as = _H_type_as.table
_H_sparse_coo_tensor = _d.handle('sparse_coo_tensor')
_K_sparse_coo_tensor = _H_sparse_coo_tensor.table
_H_to_sparse = _d.handle('to_sparse')
_K_to_sparse = _H_to_sparse.table
_H_to_dense = _d.handle('to_dense')
_K_to_dense = _H_to_dense.table
_H_coalesce = _d.handle('coalesce')
_K_coalesce = _H_coalesce.table
_H_is_coalesced = _d.handle('is_coalesced')
_K_is_coalesced = _H_is_coalesced.table
_H__nnz = _d.handle('_nnz')
_K__nnz = _H__nnz.table
_H_indices = _d.handle('indices')
_K_indices = _H_indices.table
_H_values = _d.handle('values')
_K_values = _H_values.table
_H__indices = _d.handle('_indices')
_K__indices = _H__indices.table
_H__values = _d.handle('_values')
_K__values = _H__values.table
_H_sparse_mask = _d.handle('sparse_mask')
_K_sparse_mask = _H_sparse_mask.table
_H_sparse_sampled_mm = _d.handle('sparse_sampled_mm')
_K_sparse_sampled_mm = _H_sparse_sampled_mm.table
_H__sparse_values_at = _d.handle('_sparse_values_at')
_K__sparse_values_at = _H__sparse_values_at.table

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
_G_clamp = _b.Binding('al.clamp', ('clamp', 'clamp.Tensor', 'clamp.out'), method=False)
_G_clamp_ = _b.Binding('al.clamp_', ('clamp_',), method=False)
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
_G_tanh_backward = _b.Binding('al.tanh_backward', ('tanh_backward',), method=False)
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
_G_sparse_coo_tensor = _b.Binding('al.sparse_coo_tensor', ('sparse_coo_tensor',), method=False)
_G_sparse_sampled_mm = _b.Binding('al.sparse_sampled_mm', ('sparse_sampled_mm',), method=False)
_G__sparse_values_at = _b.Binding('al._sparse_values_at', ('_sparse_values_at',), method=False)
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
_GM_clamp_ = _b.Binding('Tensor.clamp_', ('clamp_',), method=True)
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

# ---- module functions ----


def neg(self, *, out=None):
    """Negation, elementwise.

    Overloads, tried in this order:
        neg(Tensor self) -> Tensor  (native_functions.yaml:6)
        neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:16)
    """
    if out is None:  # neg
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_neg[self._key](self)
        if isinstance(self, _TN):
            return _H_neg.call((self,))

    # neg.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_neg_out.call((self, out))

    return _G_neg.parse((self, ), {'out': out})


def abs(self, *, out=None):
    """Absolute value, elementwise.

    Overloads, tried in this order:
        abs(Tensor self) -> Tensor  (native_functions.yaml:18)
        abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:28)
    """
    if out is None:  # abs
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_abs[self._key](self)
        if isinstance(self, _TN):
            return _H_abs.call((self,))

    # abs.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_abs_out.call((self, out))

    return _G_abs.parse((self, ), {'out': out})


def sign(self, *, out=None):
    """-1, 0 or 1 by the sign of each element.

    Overloads, tried in this order:
        sign(Tensor self) -> Tensor  (native_functions.yaml:30)
        sign.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:40)
    """
    if out is None:  # sign
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_sign[self._key](self)
        if isinstance(self, _TN):
            return _H_sign.call((self,))

    # sign.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_sign_out.call((self, out))

    return _G_sign.parse((self, ), {'out': out})


def relu(self, *, out=None):
    """max(self, 0), elementwise.

    Overloads, tried in this order:
        relu(Tensor self) -> Tensor  (native_functions.yaml:42)
        relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:52)
    """
    if out is None:  # relu
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_relu[self._key](self)
        if isinstance(self, _TN):
            return _H_relu.call((self,))

    # relu.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_relu_out.call((self, out))

    return _G_relu.parse((self, ), {'out': out})


def sigmoid(self, *, out=None):
    """1 / (1 + exp(-self)).

    Overloads, tried in this order:
        sigmoid(Tensor self) -> Tensor  (native_functions.yaml:54)
        sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:61)
    """
    if out is None:  # sigmoid
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_sigmoid[self._key](self)
        if isinstance(self, _TN):
            return _H_sigmoid.call((self,))

    # sigmoid.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_sigmoid_out.call((self, out))

    return _G_sigmoid.parse((self, ), {'out': out})


def tanh(self, *, out=None):
    """Hyperbolic tangent.

    Overloads, tried in this order:
        tanh(Tensor self) -> Tensor  (native_functions.yaml:63)
        tanh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:71)
    """
    if out is None:  # tanh
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_tanh[self._key](self)
        if isinstance(self, _TN):
            return _H_tanh.call((self,))

    # tanh.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_tanh_out.call((self, out))

    return _G_tanh.parse((self, ), {'out': out})


def exp(self, *, out=None):
    """e ** self.

    Overloads, tried in this order:
        exp(Tensor self) -> Tensor  (native_functions.yaml:73)
        exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:80)
    """
    if out is None:  # exp
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_exp[self._key](self)
        if isinstance(self, _TN):
            return _H_exp.call((self,))

    # exp.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_exp_out.call((self, out))

    return _G_exp.parse((self, ), {'out': out})


def expm1(self, *, out=None):
    """exp(self) - 1, accurate near 0.

    Overloads, tried in this order:
        expm1(Tensor self) -> Tensor  (native_functions.yaml:82)
        expm1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:90)
    """
    if out is None:  # expm1
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_expm1[self._key](self)
        if isinstance(self, _TN):
            return _H_expm1.call((self,))

    # expm1.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_expm1_out.call((self, out))

    return _G_expm1.parse((self, ), {'out': out})


def log(self, *, out=None):
    """Natural logarithm.

    Overloads, tried in this order:
        log(Tensor self) -> Tensor  (native_functions.yaml:92)
        log.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:99)
    """
    if out is None:  # log
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_log[self._key](self)
        if isinstance(self, _TN):
            return _H_log.call((self,))

    # log.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_log_out.call((self, out))

    return _G_log.parse((self, ), {'out': out})


def log1p(self, *, out=None):
    """log(1 + self), accurate near 0.

    Overloads, tried in this order:
        log1p(Tensor self) -> Tensor  (native_functions.yaml:101)
        log1p.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:109)
    """
    if out is None:  # log1p
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_log1p[self._key](self)
        if isinstance(self, _TN):
            return _H_log1p.call((self,))

    # log1p.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_log1p_out.call((self, out))

    return _G_log1p.parse((self, ), {'out': out})


def sqrt(self, *, out=None):
    """Square root.

    Overloads, tried in this order:
        sqrt(Tensor self) -> Tensor  (native_functions.yaml:111)
        sqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:119)
    """
    if out is None:  # sqrt
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_sqrt[self._key](self)
        if isinstance(self, _TN):
            return _H_sqrt.call((self,))

    # sqrt.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_sqrt_out.call((self, out))

    return _G_sqrt.parse((self, ), {'out': out})


def rsqrt(self, *, out=None):
    """1 / sqrt(self).

    Overloads, tried in this order:
        rsqrt(Tensor self) -> Tensor  (native_functions.yaml:121)
        rsqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:128)
    """
    if out is None:  # rsqrt
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_rsqrt[self._key](self)
        if isinstance(self, _TN):
            return _H_rsqrt.call((self,))

    # rsqrt.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_rsqrt_out.call((self, out))

    return _G_rsqrt.parse((self, ), {'out': out})


def reciprocal(self, *, out=None):
    """1 / self.

    Overloads, tried in this order:
        reciprocal(Tensor self) -> Tensor  (native_functions.yaml:130)
        reciprocal.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:137)
    """
    if out is None:  # reciprocal
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_reciprocal[self._key](self)
        if isinstance(self, _TN):
            return _H_reciprocal.call((self,))

    # reciprocal.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_reciprocal_out.call((self, out))

    return _G_reciprocal.parse((self, ), {'out': out})


def sin(self, *, out=None):
    """Sine.

    Overloads, tried in this order:
        sin(Tensor self) -> Tensor  (native_functions.yaml:139)
        sin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:147)
    """
    if out is None:  # sin
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_sin[self._key](self)
        if isinstance(self, _TN):
            return _H_sin.call((self,))

    # sin.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_sin_out.call((self, out))

    return _G_sin.parse((self, ), {'out': out})


def cos(self, *, out=None):
    """Cosine.

    Overloads, tried in this order:
        cos(Tensor self) -> Tensor  (native_functions.yaml:149)
        cos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:156)
    """
    if out is None:  # cos
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_cos[self._key](self)
        if isinstance(self, _TN):
            return _H_cos.call((self,))

    # cos.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_cos_out.call((self, out))

    return _G_cos.parse((self, ), {'out': out})


def floor(self, *, out=None):
    """Largest integer not above self.

    Overloads, tried in this order:
        floor(Tensor self) -> Tensor  (native_functions.yaml:158)
        floor.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:168)
    """
    if out is None:  # floor
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_floor[self._key](self)
        if isinstance(self, _TN):
            return _H_floor.call((self,))

    # floor.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_floor_out.call((self, out))

    return _G_floor.parse((self, ), {'out': out})


def ceil(self, *, out=None):
    """Smallest integer not below self.

    Overloads, tried in this order:
        ceil(Tensor self) -> Tensor  (native_functions.yaml:170)
        ceil.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:180)
    """
    if out is None:  # ceil
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_ceil[self._key](self)
        if isinstance(self, _TN):
            return _H_ceil.call((self,))

    # ceil.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_ceil_out.call((self, out))

    return _G_ceil.parse((self, ), {'out': out})


def round(self, *, out=None):
    """Round half to even, as torch.round.

    Overloads, tried in this order:
        round(Tensor self) -> Tensor  (native_functions.yaml:182)
        round.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:192)
    """
    if out is None:  # round
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_round[self._key](self)
        if isinstance(self, _TN):
            return _H_round.call((self,))

    # round.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_round_out.call((self, out))

    return _G_round.parse((self, ), {'out': out})


def trunc(self, *, out=None):
    """Round towards zero.

    Overloads, tried in this order:
        trunc(Tensor self) -> Tensor  (native_functions.yaml:194)
        trunc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:204)
    """
    if out is None:  # trunc
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_trunc[self._key](self)
        if isinstance(self, _TN):
            return _H_trunc.call((self,))

    # trunc.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_trunc_out.call((self, out))

    return _G_trunc.parse((self, ), {'out': out})


def logical_not(self, *, out=None):
    """True where self is zero.

    Overloads, tried in this order:
        logical_not(Tensor self) -> Tensor  (native_functions.yaml:206)
        logical_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:213)
    """
    if out is None:  # logical_not
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_logical_not[self._key](self)
        if isinstance(self, _TN):
            return _H_logical_not.call((self,))

    # logical_not.out
    if isinstance(self, _TN) and isinstance(out, _T):
        return _H_logical_not_out.call((self, out))

    return _G_logical_not.parse((self, ), {'out': out})


def add(self, other, *, alpha=1, out=None):
    """self + alpha * other, with broadcasting.

    Overloads, tried in this order:
        add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:217)
        add.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:228)
    """
    if out is None and alpha.__class__ in _NUM:  # add.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_add_Tensor[self._key](self, other, alpha)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_add_Tensor.call((self, other, alpha))

    if alpha.__class__ in _NUM:  # add.Tensor_out
        if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_add_Tensor_out.call((self, other, alpha, out))

    return _G_add.parse((self, other, ), {'alpha': alpha, 'out': out})


def sub(self, other, *, alpha=1, out=None):
    """self - alpha * other, with broadcasting.

    Overloads, tried in this order:
        sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:230)
        sub.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:241)
    """
    if out is None and alpha.__class__ in _NUM:  # sub.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_sub_Tensor[self._key](self, other, alpha)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_sub_Tensor.call((self, other, alpha))

    if alpha.__class__ in _NUM:  # sub.Tensor_out
        if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_sub_Tensor_out.call((self, other, alpha, out))

    return _G_sub.parse((self, other, ), {'alpha': alpha, 'out': out})


def mul(self, other, *, out=None):
    """self * other, with broadcasting.

    Overloads, tried in this order:
        mul.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:243)
        mul.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:254)
    """
    if out is None:  # mul.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_mul_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_mul_Tensor.call((self, other))

    # mul.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_mul_Tensor_out.call((self, other, out))

    return _G_mul.parse((self, other, ), {'out': out})


def div(self, other, *, rounding_mode=_MISSING, out=None):
    """True division: integers divide as floats.

    Overloads, tried in this order:
        div.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:256)
        div.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:263)
        div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor  (native_functions.yaml:402)
        div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:409)
    """
    if rounding_mode is _MISSING and out is None:  # div.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_div_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_div_Tensor.call((self, other))

    if rounding_mode is _MISSING:  # div.Tensor_out
        if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_div_Tensor_out.call((self, other, out))

    if out is None and rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div.Tensor_mode
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_div_Tensor_mode[self._key](self, other, rounding_mode)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_div_Tensor_mode.call((self, other, rounding_mode))

    if rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div.out_mode
        if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
            return _H_div_out_mode.call((self, other, rounding_mode, out))

    return _G_div.parse((self, other, ), {'rounding_mode': rounding_mode, 'out': out})


def floor_divide(self, other, *, out=None):
    """Division rounded down (Python's //).

    Overloads, tried in this order:
        floor_divide(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:265)
        floor_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:274)
    """
    if out is None:  # floor_divide
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_floor_divide[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_floor_divide.call((self, other))

    # floor_divide.out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_floor_divide_out.call((self, other, out))

    return _G_floor_divide.parse((self, other, ), {'out': out})


def pow(self, exponent, *, out=None):
    """self ** exponent.

    Overloads, tried in this order:
        pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor  (native_functions.yaml:276)
        pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:285)
    """
    if out is None:  # pow.Tensor_Tensor
        if _d.fast and self.__class__ is _T and exponent.__class__ is _T and self._key is exponent._key and not (self._requires_grad or exponent._requires_grad):
            return _K_pow_Tensor_Tensor[self._key](self, exponent)
        if isinstance(self, _TN) and isinstance(exponent, _TN):
            return _H_pow_Tensor_Tensor.call((self, exponent))

    # pow.Tensor_Tensor_out
    if isinstance(self, _TN) and isinstance(exponent, _TN) and isinstance(out, _T):
        return _H_pow_Tensor_Tensor_out.call((self, exponent, out))

    return _G_pow.parse((self, exponent, ), {'out': out})


def maximum(self, other, *, out=None):
    """Elementwise maximum; NaN wins.

    Overloads, tried in this order:
        maximum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:287)
        maximum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:296)
    """
    if out is None:  # maximum
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_maximum[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_maximum.call((self, other))

    # maximum.out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_maximum_out.call((self, other, out))

    return _G_maximum.parse((self, other, ), {'out': out})


def minimum(self, other, *, out=None):
    """Elementwise minimum; NaN wins.

    Overloads, tried in this order:
        minimum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:298)
        minimum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:307)
    """
    if out is None:  # minimum
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_minimum[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_minimum.call((self, other))

    # minimum.out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_minimum_out.call((self, other, out))

    return _G_minimum.parse((self, other, ), {'out': out})


def remainder(self, other, *, out=None):
    """Python's %: the result has the sign of other.

    Overloads, tried in this order:
        remainder.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:309)
        remainder.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:318)
    """
    if out is None:  # remainder.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_remainder_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_remainder_Tensor.call((self, other))

    # remainder.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_remainder_Tensor_out.call((self, other, out))

    return _G_remainder.parse((self, other, ), {'out': out})


def eq(self, other, *, out=None):
    """self == other.

    Overloads, tried in this order:
        eq.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:320)
        eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:327)
    """
    if out is None:  # eq.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_eq_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_eq_Tensor.call((self, other))

    # eq.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_eq_Tensor_out.call((self, other, out))

    return _G_eq.parse((self, other, ), {'out': out})


def ne(self, other, *, out=None):
    """self != other.

    Overloads, tried in this order:
        ne.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:329)
        ne.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:336)
    """
    if out is None:  # ne.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_ne_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_ne_Tensor.call((self, other))

    # ne.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_ne_Tensor_out.call((self, other, out))

    return _G_ne.parse((self, other, ), {'out': out})


def lt(self, other, *, out=None):
    """self < other.

    Overloads, tried in this order:
        lt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:338)
        lt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:345)
    """
    if out is None:  # lt.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_lt_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_lt_Tensor.call((self, other))

    # lt.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_lt_Tensor_out.call((self, other, out))

    return _G_lt.parse((self, other, ), {'out': out})


def le(self, other, *, out=None):
    """self <= other.

    Overloads, tried in this order:
        le.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:347)
        le.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:354)
    """
    if out is None:  # le.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_le_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_le_Tensor.call((self, other))

    # le.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_le_Tensor_out.call((self, other, out))

    return _G_le.parse((self, other, ), {'out': out})


def gt(self, other, *, out=None):
    """self > other.

    Overloads, tried in this order:
        gt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:356)
        gt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:363)
    """
    if out is None:  # gt.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_gt_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_gt_Tensor.call((self, other))

    # gt.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_gt_Tensor_out.call((self, other, out))

    return _G_gt.parse((self, other, ), {'out': out})


def ge(self, other, *, out=None):
    """self >= other.

    Overloads, tried in this order:
        ge.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:365)
        ge.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:372)
    """
    if out is None:  # ge.Tensor
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_ge_Tensor[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_ge_Tensor.call((self, other))

    # ge.Tensor_out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_ge_Tensor_out.call((self, other, out))

    return _G_ge.parse((self, other, ), {'out': out})


def logical_and(self, other, *, out=None):
    """Both nonzero.

    Overloads, tried in this order:
        logical_and(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:374)
        logical_and.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:381)
    """
    if out is None:  # logical_and
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_logical_and[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_logical_and.call((self, other))

    # logical_and.out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_and_out.call((self, other, out))

    return _G_logical_and.parse((self, other, ), {'out': out})


def logical_or(self, other, *, out=None):
    """Either nonzero.

    Overloads, tried in this order:
        logical_or(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:383)
        logical_or.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:390)
    """
    if out is None:  # logical_or
        if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_logical_or[self._key](self, other)
        if isinstance(self, _TN) and isinstance(other, _TN):
            return _H_logical_or.call((self, other))

    # logical_or.out
    if isinstance(self, _TN) and isinstance(other, _TN) and isinstance(out, _T):
        return _H_logical_or_out.call((self, other, out))

    return _G_logical_or.parse((self, other, ), {'out': out})


def _div_trunc(self, other):
    """Division rounded towards zero: the kernel behind div(..., rounding_mode='trunc').

    Overloads, tried in this order:
        _div_trunc(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:397)
    """
    # _div_trunc
    if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K__div_trunc[self._key](self, other)
    if isinstance(self, _TN) and isinstance(other, _TN):
        return _H__div_trunc.call((self, other))

    return _G__div_trunc.parse((self, other, ), {})


def where(condition, self, other):
    """self where condition is true, else other, with broadcasting.

    Overloads, tried in this order:
        where.self(Tensor condition, Tensor self, Tensor other) -> Tensor  (native_functions.yaml:416)
    """
    # where.self
    if _d.fast and condition.__class__ is _T and self.__class__ is _T and other.__class__ is _T and condition._key is self._key and condition._key is other._key and not (condition._requires_grad or self._requires_grad or other._requires_grad):
        return _K_where_self[condition._key](condition, self, other)
    if isinstance(condition, _TN) and isinstance(self, _TN) and isinstance(other, _TN):
        return _H_where_self.call((condition, self, other))

    return _G_where.parse((condition, self, other, ), {})


def clamp(self, min=None, max=None, *, out=None):
    """Limit every element to [min, max]; either bound may be None.

    Overloads, tried in this order:
        clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor  (native_functions.yaml:424)
        clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor  (native_functions.yaml:430)
        clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:440)
    """
    if out is None and (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_clamp[self._key](self, min, max)
        if isinstance(self, _T):
            return _H_clamp.call((self, min, max))

    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp.out
        if isinstance(self, _T) and isinstance(out, _T):
            return _H_clamp_out.call((self, min, max, out))

    if out is None:  # clamp.Tensor
        if isinstance(self, _TN) and (min is None or isinstance(min, _TN)) and (max is None or isinstance(max, _TN)):
            return _H_clamp_Tensor.call((self, min, max))

    return _G_clamp.parse((self, min, max, ), {'out': out})


def clamp_(self, min=None, max=None):
    """Overloads, tried in this order:
        clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)  (native_functions.yaml:437)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp_
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            result = _K_clamp_[self._key](self, min, max)
            self._bump_version()
            return result
        if isinstance(self, _T):
            return _H_clamp_.call((self, min, max))

    return _G_clamp_.parse((self, min, max, ), {})


def sum(self, dim=None, keepdim=False, *, dtype=None, out=None):
    """Sum over dim (all dims when None); bool and integer inputs sum to int64.

    Overloads, tried in this order:
        sum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:444)
        sum.out(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:452)
    """
    if out is None and (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_sum[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(self, _T):
            return _H_sum.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))

    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum.out
        if isinstance(self, _T) and isinstance(out, _T):
            return _H_sum_out.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype, out))

    return _G_sum.parse((self, dim, keepdim, ), {'dtype': dtype, 'out': out})


def mean(self, dim=None, keepdim=False, *, dtype=None):
    """Arithmetic mean over dim (all dims when None).

    Overloads, tried in this order:
        mean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:454)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # mean
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_mean[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        if isinstance(self, _T):
            return _H_mean.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))

    return _G_mean.parse((self, dim, keepdim, ), {'dtype': dtype})


def prod(self, dim=None, keepdim=False, *, dtype=None):
    """Product over dim (all elements when None); bool and integer inputs give int64.

    Overloads, tried in this order:
        prod(Tensor self, int? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:460)
    """
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # prod
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_prod[self._key](self, dim, keepdim, dtype)
        if isinstance(self, _T):
            return _H_prod.call((self, dim, keepdim, dtype))

    return _G_prod.parse((self, dim, keepdim, ), {'dtype': dtype})


def amax(self, dim=(), keepdim=False):
    """Largest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:466)
    """
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amax
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_amax[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(self, _T):
            return _H_amax.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_amax.parse((self, dim, keepdim, ), {})


def amin(self, dim=(), keepdim=False):
    """Smallest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:472)
    """
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amin
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_amin[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(self, _T):
            return _H_amin.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_amin.parse((self, dim, keepdim, ), {})


def all(self, dim=None, keepdim=False):
    """True where every element over dim is nonzero.

    Overloads, tried in this order:
        all(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:478)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # all
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_all[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(self, _T):
            return _H_all.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_all.parse((self, dim, keepdim, ), {})


def any(self, dim=None, keepdim=False):
    """True where some element over dim is nonzero.

    Overloads, tried in this order:
        any(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:484)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # any
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_any[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(self, _T):
            return _H_any.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_any.parse((self, dim, keepdim, ), {})


def max(*args, **kwargs):
    """The largest element.

    Overloads, tried in this order:
        max(Tensor self) -> Tensor  (native_functions.yaml:490)
        max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:496)
        max.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:504)
    """
    return _G_max.parse((*args,), kwargs)


def min(*args, **kwargs):
    """The smallest element.

    Overloads, tried in this order:
        min(Tensor self) -> Tensor  (native_functions.yaml:510)
        min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:516)
        min.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:524)
    """
    return _G_min.parse((*args,), kwargs)


def argmax(self, dim=None, keepdim=False):
    """Index of the largest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:530)
    """
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmax
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_argmax[self._key](self, dim, keepdim)
        if isinstance(self, _T):
            return _H_argmax.call((self, dim, keepdim))

    return _G_argmax.parse((self, dim, keepdim, ), {})


def argmin(self, dim=None, keepdim=False):
    """Index of the smallest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:538)
    """
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmin
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_argmin[self._key](self, dim, keepdim)
        if isinstance(self, _T):
            return _H_argmin.call((self, dim, keepdim))

    return _G_argmin.parse((self, dim, keepdim, ), {})


def logsumexp(self, dim, keepdim=False):
    """log(sum(exp(self))) over dim, without overflow.

    Overloads, tried in this order:
        logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor  (native_functions.yaml:546)
    """
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # logsumexp
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_logsumexp[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        if isinstance(self, _T):
            return _H_logsumexp.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _G_logsumexp.parse((self, dim, keepdim, ), {})


def softmax(self, dim, dtype=None):
    """exp(self) normalised to sum to 1 along dim (shifted by the max, so it cannot overflow); dtype= converts self first.

    Overloads, tried in this order:
        softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:552)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # softmax.int
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_softmax_int[self._key](self, dim, dtype)
        if isinstance(self, _T):
            return _H_softmax_int.call((self, dim, dtype))

    return _G_softmax.parse((self, dim, dtype, ), {})


def log_softmax(self, dim, dtype=None):
    """log(softmax(self, dim)), computed stably; dtype= converts self first.

    Overloads, tried in this order:
        log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:560)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # log_softmax.int
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_log_softmax_int[self._key](self, dim, dtype)
        if isinstance(self, _T):
            return _H_log_softmax_int.call((self, dim, dtype))

    return _G_log_softmax.parse((self, dim, dtype, ), {})


def nll_loss(self, target, weight=None, reduction=1, ignore_index=-100):
    """Negative log-likelihood: -self[i, target[i]] (classes at dim 1) times weight[target[i]], reduced by reduction (0 none, 1 mean over the kept weight, 2 sum); targets equal to ignore_index count for nothing.

    Overloads, tried in this order:
        nll_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> Tensor  (native_functions.yaml:570)
    """
    if reduction.__class__ is int and ignore_index.__class__ is int:  # nll_loss
        if isinstance(self, _T) and isinstance(target, _T) and (weight is None or isinstance(weight, _T)):
            return _H_nll_loss.call((self, target, weight, reduction, ignore_index))

    return _G_nll_loss.parse((self, target, weight, reduction, ignore_index, ), {})


def _nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index):
    """Gradient of nll_loss with respect to self: -grad_output * weight[target] at each picked class, zero elsewhere.

    Overloads, tried in this order:
        _nll_loss_backward(Tensor grad_output, Tensor self, Tensor target, Tensor? weight, int reduction, int ignore_index) -> Tensor  (native_functions.yaml:577)
    """
    if reduction.__class__ is int and ignore_index.__class__ is int:  # _nll_loss_backward
        if isinstance(grad_output, _T) and isinstance(self, _T) and isinstance(target, _T) and (weight is None or isinstance(weight, _T)):
            return _H__nll_loss_backward.call((grad_output, self, target, weight, reduction, ignore_index))

    return _G__nll_loss_backward.parse((grad_output, self, target, weight, reduction, ignore_index, ), {})


def gelu(self):
    """Gaussian error linear unit, self * Phi(self) with Phi the standard normal CDF (torch's approximate="none").

    Overloads, tried in this order:
        gelu(Tensor self) -> Tensor  (native_functions.yaml:584)
    """
    # gelu
    if _d.fast and self.__class__ is _T and not self._requires_grad:
        return _K_gelu[self._key](self)
    if isinstance(self, _TN):
        return _H_gelu.call((self,))

    return _G_gelu.parse((self, ), {})


def _gelu_backward(grad_output, self):
    """grad_output times the derivative of gelu at self: Phi(self) + self * phi(self).

    Overloads, tried in this order:
        _gelu_backward(Tensor grad_output, Tensor self) -> Tensor  (native_functions.yaml:592)
    """
    # _gelu_backward
    if _d.fast and grad_output.__class__ is _T and self.__class__ is _T and grad_output._key is self._key and not (grad_output._requires_grad or self._requires_grad):
        return _K__gelu_backward[grad_output._key](grad_output, self)
    if isinstance(grad_output, _TN) and isinstance(self, _TN):
        return _H__gelu_backward.call((grad_output, self))

    return _G__gelu_backward.parse((grad_output, self, ), {})


def tanh_backward(grad_output, tanh_out):
    """The gradient of tanh from its output: grad_output * (1 - output**2), in one pass (one op in the backward graph instead of three).

    Overloads, tried in this order:
        tanh_backward(Tensor grad_output, Tensor tanh_out) -> Tensor  (native_functions.yaml:598)
    """
    # tanh_backward
    if _d.fast and grad_output.__class__ is _T and tanh_out.__class__ is _T and grad_output._key is tanh_out._key and not (grad_output._requires_grad or tanh_out._requires_grad):
        return _K_tanh_backward[grad_output._key](grad_output, tanh_out)
    if isinstance(grad_output, _TN) and isinstance(tanh_out, _TN):
        return _H_tanh_backward.call((grad_output, tanh_out))

    return _G_tanh_backward.parse((grad_output, tanh_out, ), {})


def _log_softmax_backward(grad_output, log_probs, dim):
    """The gradient of log_softmax from its output: grad_output - exp(output) * grad_output.sum(dim), in one kernel.

    Overloads, tried in this order:
        _log_softmax_backward(Tensor grad_output, Tensor log_probs, int dim) -> Tensor  (native_functions.yaml:604)
    """
    if dim.__class__ is int:  # _log_softmax_backward
        if _d.fast and grad_output.__class__ is _T and log_probs.__class__ is _T and grad_output._key is log_probs._key and not (grad_output._requires_grad or log_probs._requires_grad):
            return _K__log_softmax_backward[grad_output._key](grad_output, log_probs, dim)
        if isinstance(grad_output, _T) and isinstance(log_probs, _T):
            return _H__log_softmax_backward.call((grad_output, log_probs, dim))

    return _G__log_softmax_backward.parse((grad_output, log_probs, dim, ), {})


def mm(self, mat2, *, out=None):
    """Matrix product of two 2-D tensors.

    Overloads, tried in this order:
        mm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:611)
        mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)  (native_functions.yaml:621)
    """
    if out is None:  # mm
        if _d.fast and self.__class__ is _T and mat2.__class__ is _T and self._key is mat2._key and not (self._requires_grad or mat2._requires_grad):
            return _K_mm[self._key](self, mat2)
        if isinstance(self, _T) and isinstance(mat2, _T):
            return _H_mm.call((self, mat2))

    # mm.out
    if isinstance(self, _T) and isinstance(mat2, _T) and isinstance(out, _T):
        return _H_mm_out.call((self, mat2, out))

    return _G_mm.parse((self, mat2, ), {'out': out})


def bmm(self, mat2):
    """Batched matrix product of two 3-D tensors with equal batch sizes.

    Overloads, tried in this order:
        bmm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:623)
    """
    # bmm
    if _d.fast and self.__class__ is _T and mat2.__class__ is _T and self._key is mat2._key and not (self._requires_grad or mat2._requires_grad):
        return _K_bmm[self._key](self, mat2)
    if isinstance(self, _T) and isinstance(mat2, _T):
        return _H_bmm.call((self, mat2))

    return _G_bmm.parse((self, mat2, ), {})


def dot(self, tensor):
    """Inner product of two 1-D tensors.

    Overloads, tried in this order:
        dot(Tensor self, Tensor tensor) -> Tensor  (native_functions.yaml:631)
    """
    # dot
    if _d.fast and self.__class__ is _T and tensor.__class__ is _T and self._key is tensor._key and not (self._requires_grad or tensor._requires_grad):
        return _K_dot[self._key](self, tensor)
    if isinstance(self, _T) and isinstance(tensor, _T):
        return _H_dot.call((self, tensor))

    return _G_dot.parse((self, tensor, ), {})


def matmul(self, other):
    """Matrix product with torch.matmul's rules for 1-D operands and broadcast batch dims.

    Overloads, tried in this order:
        matmul(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:639)
    """
    # matmul
    if _d.fast and self.__class__ is _T and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_matmul[self._key](self, other)
    if isinstance(self, _T) and isinstance(other, _T):
        return _H_matmul.call((self, other))

    return _G_matmul.parse((self, other, ), {})


def reshape(*args, **kwargs):
    """Another shape (one size may be -1): a view when the strides allow, else a copy.

    Overloads, tried in this order:
        reshape(Tensor(a) self, int[] shape) -> Tensor(a)  (native_functions.yaml:659)
    """
    return _G_reshape.parse((*args,), kwargs)


def t(self):
    """Transpose of a tensor of at most 2 dimensions (a view).

    Overloads, tried in this order:
        t(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:667)
    """
    # t
    if _d.fast and self.__class__ is _T and not self._requires_grad:
        return _K_t[self._key](self)
    if isinstance(self, _T):
        return _H_t.call((self,))

    return _G_t.parse((self, ), {})


def transpose(self, dim0, dim1):
    """Dimensions dim0 and dim1 swapped (a view).

    Overloads, tried in this order:
        transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)  (native_functions.yaml:676)
    """
    if dim0.__class__ is int and dim1.__class__ is int:  # transpose.int
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_transpose_int[self._key](self, dim0, dim1)
        if isinstance(self, _T):
            return _H_transpose_int.call((self, dim0, dim1))

    return _G_transpose.parse((self, dim0, dim1, ), {})


def permute(*args, **kwargs):
    """Dimensions reordered: result dim i is self dim dims[i] (a view).

    Overloads, tried in this order:
        permute(Tensor(a) self, int[] dims) -> Tensor(a)  (native_functions.yaml:685)
    """
    return _G_permute.parse((*args,), kwargs)


def squeeze(*args, **kwargs):
    """Every dimension of size 1 removed (a view).

    Overloads, tried in this order:
        squeeze(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:701)
        squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:709)
        squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)  (native_functions.yaml:717)
    """
    return _G_squeeze.parse((*args,), kwargs)


def unsqueeze(self, dim):
    """A dimension of size 1 inserted at dim (a view).

    Overloads, tried in this order:
        unsqueeze(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:725)
    """
    if dim.__class__ is int:  # unsqueeze
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_unsqueeze[self._key](self, dim)
        if isinstance(self, _T):
            return _H_unsqueeze.call((self, dim))

    return _G_unsqueeze.parse((self, dim, ), {})


def flatten(self, start_dim=0, end_dim=-1):
    """Dimensions start_dim..end_dim merged into one, as reshape (a view when possible).

    Overloads, tried in this order:
        flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)  (native_functions.yaml:733)
    """
    if start_dim.__class__ is int and end_dim.__class__ is int:  # flatten.using_ints
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_flatten_using_ints[self._key](self, start_dim, end_dim)
        if isinstance(self, _T):
            return _H_flatten_using_ints.call((self, start_dim, end_dim))

    return _G_flatten.parse((self, start_dim, end_dim, ), {})


def narrow(self, dim, start, length):
    """Entries start..start+length-1 of dimension dim (a view).

    Overloads, tried in this order:
        narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)  (native_functions.yaml:741)
    """
    if dim.__class__ is int and start.__class__ is int and length.__class__ is int:  # narrow
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_narrow[self._key](self, dim, start, length)
        if isinstance(self, _T):
            return _H_narrow.call((self, dim, start, length))

    return _G_narrow.parse((self, dim, start, length, ), {})


def select(self, dim, index):
    """Entry index of dimension dim, that dimension removed (a view).

    Overloads, tried in this order:
        select.int(Tensor(a) self, int dim, int index) -> Tensor(a)  (native_functions.yaml:749)
    """
    if dim.__class__ is int and index.__class__ is int:  # select.int
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_select_int[self._key](self, dim, index)
        if isinstance(self, _T):
            return _H_select_int.call((self, dim, index))

    return _G_select.parse((self, dim, index, ), {})


def slice(self, dim=0, start=None, end=None, step=1):
    """Python slicing start:end:step of dimension dim; any nonzero step, negative too (a view).

    Overloads, tried in this order:
        slice.Tensor(Tensor(a) self, int dim=0, int? start=None, int? end=None, int step=1) -> Tensor(a)  (native_functions.yaml:757)
    """
    if dim.__class__ is int and (start is None or start.__class__ is int) and (end is None or end.__class__ is int) and step.__class__ is int:  # slice.Tensor
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_slice_Tensor[self._key](self, dim, start, end, step)
        if isinstance(self, _T):
            return _H_slice_Tensor.call((self, dim, start, end, step))

    return _G_slice.parse((self, dim, start, end, step, ), {})


def split(self, split_size, dim=0):
    """Views of split_size entries along dim (the last may be shorter).

    Overloads, tried in this order:
        split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:771)
        split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:779)
    """
    if split_size.__class__ is int and dim.__class__ is int:  # split.Tensor
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_split_Tensor[self._key](self, split_size, dim)
        if isinstance(self, _T):
            return _H_split_Tensor.call((self, split_size, dim))

    if (split_size.__class__ is int or _b.int_seq(split_size)) and dim.__class__ is int:  # split.sizes
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_split_sizes[self._key](self, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim)
        if isinstance(self, _T):
            return _H_split_sizes.call((self, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim))

    return _G_split.parse((self, split_size, dim, ), {})


def chunk(self, chunks, dim=0):
    """At most `chunks` equal views along dim (the last may be shorter).

    Overloads, tried in this order:
        chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]  (native_functions.yaml:787)
    """
    if chunks.__class__ is int and dim.__class__ is int:  # chunk
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            return _K_chunk[self._key](self, chunks, dim)
        if isinstance(self, _T):
            return _H_chunk.call((self, chunks, dim))

    return _G_chunk.parse((self, chunks, dim, ), {})


def cat(tensors, dim=0):
    """Tensors joined along dim; dtypes promote.

    Overloads, tried in this order:
        cat(Tensor[] tensors, int dim=0) -> Tensor  (native_functions.yaml:795)
    """
    if dim.__class__ is int:  # cat
        if tensors.__class__ in _SEQ:
            return _H_cat.call((tensors, dim))

    return _G_cat.parse((tensors, dim, ), {})


def stack(tensors, dim=0):
    """Equal-shaped tensors joined along a new dim.

    Overloads, tried in this order:
        stack(Tensor[] tensors, int dim=0) -> Tensor  (native_functions.yaml:801)
    """
    if dim.__class__ is int:  # stack
        if tensors.__class__ in _SEQ:
            return _H_stack.call((tensors, dim))

    return _G_stack.parse((tensors, dim, ), {})


def gather(self, dim, index, *, sparse_grad=False):
    """Entries picked along dim by an int64 index of the same rank: out[i][j] = self[index[i][j]][j] for dim 0.

    Overloads, tried in this order:
        gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor  (native_functions.yaml:807)
    """
    if dim.__class__ is int and sparse_grad.__class__ is bool:  # gather
        if _d.fast and self.__class__ is _T and index.__class__ is _T and self._key is index._key and not (self._requires_grad or index._requires_grad):
            return _K_gather[self._key](self, dim, index, sparse_grad)
        if isinstance(self, _T) and isinstance(index, _T):
            return _H_gather.call((self, dim, index, sparse_grad))

    return _G_gather.parse((self, dim, index, ), {'sparse_grad': sparse_grad})


def index_select(self, dim, index):
    """The entries of dim listed by a 1-D integer index (a copy).

    Overloads, tried in this order:
        index_select(Tensor self, int dim, Tensor index) -> Tensor  (native_functions.yaml:814)
    """
    if dim.__class__ is int:  # index_select
        if _d.fast and self.__class__ is _T and index.__class__ is _T and self._key is index._key and not (self._requires_grad or index._requires_grad):
            return _K_index_select[self._key](self, dim, index)
        if isinstance(self, _T) and isinstance(index, _T):
            return _H_index_select.call((self, dim, index))

    return _G_index_select.parse((self, dim, index, ), {})


def masked_fill(self, mask, value):
    """value where the bool mask is True, self elsewhere (broadcasting).

    Overloads, tried in this order:
        masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor  (native_functions.yaml:821)
    """
    if value.__class__ in _NUM:  # masked_fill.Scalar
        if _d.fast and self.__class__ is _T and mask.__class__ is _T and self._key is mask._key and not (self._requires_grad or mask._requires_grad):
            return _K_masked_fill_Scalar[self._key](self, mask, value)
        if isinstance(self, _T) and isinstance(mask, _T):
            return _H_masked_fill_Scalar.call((self, mask, value))

    return _G_masked_fill.parse((self, mask, value, ), {})


def index(self, indices):
    """Advanced indexing (a copy): integer index tensors and bool masks per dim, None for a whole dim; NumPy's placement of the new dims.

    Overloads, tried in this order:
        index.Tensor(Tensor self, Tensor?[] indices) -> Tensor  (native_functions.yaml:834)
    """
    # index.Tensor
    if isinstance(self, _T) and indices.__class__ in _SEQ:
        return _H_index_Tensor.call((self, indices))

    return _G_index.parse((self, indices, ), {})


def index_put(self, indices, values, accumulate=False):
    """A copy of self with self[indices] = values (added, repeats included, when accumulate).

    Overloads, tried in this order:
        index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor  (native_functions.yaml:841)
    """
    if accumulate.__class__ is bool:  # index_put
        if isinstance(self, _T) and indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put.call((self, indices, values, accumulate))

    return _G_index_put.parse((self, indices, values, accumulate, ), {})


def index_put_(self, indices, values, accumulate=False):
    """Overloads, tried in this order:
        index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)  (native_functions.yaml:848)
    """
    if accumulate.__class__ is bool:  # index_put_
        if isinstance(self, _T) and indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put_.call((self, indices, values, accumulate))

    return _G_index_put_.parse((self, indices, values, accumulate, ), {})


def clone(self):
    """A copy with self's layout: its strides when dense without overlap, else dense ones in their order.

    Overloads, tried in this order:
        clone(Tensor self) -> Tensor  (native_functions.yaml:854)
    """
    # clone
    if _d.fast and self.__class__ is _T and not self._requires_grad:
        return _K_clone[self._key](self)
    if isinstance(self, _T):
        return _H_clone.call((self,))

    return _G_clone.parse((self, ), {})


def fill_(self, value):
    """Every element set to value.

    Overloads, tried in this order:
        fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)  (native_functions.yaml:869)
    """
    if value.__class__ in _NUM:  # fill_.Scalar
        if _d.fast and self.__class__ is _T and not self._requires_grad:
            result = _K_fill__Scalar[self._key](self, value)
            self._bump_version()
            return result
        if isinstance(self, _T):
            return _H_fill__Scalar.call((self, value))

    return _G_fill_.parse((self, value, ), {})


def zero_(self):
    """Every element set to 0.

    Overloads, tried in this order:
        zero_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:876)
    """
    # zero_
    if _d.fast and self.__class__ is _T and not self._requires_grad:
        result = _K_zero_[self._key](self)
        self._bump_version()
        return result
    if isinstance(self, _T):
        return _H_zero_.call((self,))

    return _G_zero_.parse((self, ), {})


def sparse_coo_tensor(indices, values, size=None, *, dtype=None, is_coalesced=None):
    """A sparse COO tensor with entries values[k] at indices[:, k] (duplicates add up); size defaults to the smallest that holds every index.

    Overloads, tried in this order:
        sparse_coo_tensor(Tensor indices, Tensor values, int[]? size=None, *, ScalarType? dtype=None, bool? is_coalesced=None) -> Tensor  (native_functions.yaml:919)
    """
    if (size is None or size.__class__ is int or _b.int_seq(size)) and (dtype is None or dtype.__class__ is _DT) and (is_coalesced is None or is_coalesced.__class__ is bool):  # sparse_coo_tensor
        if _d.fast and indices.__class__ is _T and values.__class__ is _T and indices._key is values._key and not (indices._requires_grad or values._requires_grad):
            return _K_sparse_coo_tensor[indices._key](indices, values, ((size,) if size.__class__ is int else tuple(size) if size.__class__ is list else size), dtype, is_coalesced)
        if isinstance(indices, _T) and isinstance(values, _T):
            return _H_sparse_coo_tensor.call((indices, values, ((size,) if size.__class__ is int else tuple(size) if size.__class__ is list else size), dtype, is_coalesced))

    return _G_sparse_coo_tensor.parse((indices, values, size, ), {'dtype': dtype, 'is_coalesced': is_coalesced})


def sparse_sampled_mm(self, mat1, mat2):
    """(mat1 @ mat2) at the entries of sparse self only: a sparse tensor with the pattern of self, coalesced.

    Overloads, tried in this order:
        sparse_sampled_mm(Tensor self, Tensor mat1, Tensor mat2) -> Tensor  (native_functions.yaml:988)
    """
    # sparse_sampled_mm
    if _d.fast and self.__class__ is _T and mat1.__class__ is _T and mat2.__class__ is _T and self._key is mat1._key and self._key is mat2._key and not (self._requires_grad or mat1._requires_grad or mat2._requires_grad):
        return _K_sparse_sampled_mm[self._key](self, mat1, mat2)
    if isinstance(self, _T) and isinstance(mat1, _T) and isinstance(mat2, _T):
        return _H_sparse_sampled_mm.call((self, mat1, mat2))

    return _G_sparse_sampled_mm.parse((self, mat1, mat2, ), {})


def _sparse_values_at(self, indices):
    """self read at the positions indices[:, k] (an (ndim, n) int64 tensor): the gradient of the values of sparse_coo_tensor.

    Overloads, tried in this order:
        _sparse_values_at(Tensor self, Tensor indices) -> Tensor  (native_functions.yaml:995)
    """
    # _sparse_values_at
    if _d.fast and self.__class__ is _T and indices.__class__ is _T and self._key is indices._key and not (self._requires_grad or indices._requires_grad):
        return _K__sparse_values_at[self._key](self, indices)
    if isinstance(self, _T) and isinstance(indices, _T):
        return _H__sparse_values_at.call((self, indices))

    return _G__sparse_values_at.parse((self, indices, ), {})


# ---- Tensor methods ----


def _m_neg(self):
    """Negation, elementwise.

    Overloads, tried in this order:
        neg(Tensor self) -> Tensor  (native_functions.yaml:6)
    """
    # neg
    if _d.fast and not self._requires_grad:
        return _K_neg[self._key](self)
    return _H_neg.call((self,))

    return _GM_neg.parse((self, ), {})


def _m_neg_(self):
    """Overloads, tried in this order:
        neg_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:13)
    """
    # neg_
    if _d.fast and not self._requires_grad:
        result = _K_neg_[self._key](self)
        self._bump_version()
        return result
    return _H_neg_.call((self,))

    return _GM_neg_.parse((self, ), {})


def _m_abs(self):
    """Absolute value, elementwise.

    Overloads, tried in this order:
        abs(Tensor self) -> Tensor  (native_functions.yaml:18)
    """
    # abs
    if _d.fast and not self._requires_grad:
        return _K_abs[self._key](self)
    return _H_abs.call((self,))

    return _GM_abs.parse((self, ), {})


def _m_abs_(self):
    """Overloads, tried in this order:
        abs_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:25)
    """
    # abs_
    if _d.fast and not self._requires_grad:
        result = _K_abs_[self._key](self)
        self._bump_version()
        return result
    return _H_abs_.call((self,))

    return _GM_abs_.parse((self, ), {})


def _m_sign(self):
    """-1, 0 or 1 by the sign of each element.

    Overloads, tried in this order:
        sign(Tensor self) -> Tensor  (native_functions.yaml:30)
    """
    # sign
    if _d.fast and not self._requires_grad:
        return _K_sign[self._key](self)
    return _H_sign.call((self,))

    return _GM_sign.parse((self, ), {})


def _m_sign_(self):
    """Overloads, tried in this order:
        sign_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:37)
    """
    # sign_
    if _d.fast and not self._requires_grad:
        result = _K_sign_[self._key](self)
        self._bump_version()
        return result
    return _H_sign_.call((self,))

    return _GM_sign_.parse((self, ), {})


def _m_relu(self):
    """max(self, 0), elementwise.

    Overloads, tried in this order:
        relu(Tensor self) -> Tensor  (native_functions.yaml:42)
    """
    # relu
    if _d.fast and not self._requires_grad:
        return _K_relu[self._key](self)
    return _H_relu.call((self,))

    return _GM_relu.parse((self, ), {})


def _m_relu_(self):
    """Overloads, tried in this order:
        relu_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:49)
    """
    # relu_
    if _d.fast and not self._requires_grad:
        result = _K_relu_[self._key](self)
        self._bump_version()
        return result
    return _H_relu_.call((self,))

    return _GM_relu_.parse((self, ), {})


def _m_sigmoid(self):
    """1 / (1 + exp(-self)).

    Overloads, tried in this order:
        sigmoid(Tensor self) -> Tensor  (native_functions.yaml:54)
    """
    # sigmoid
    if _d.fast and not self._requires_grad:
        return _K_sigmoid[self._key](self)
    return _H_sigmoid.call((self,))

    return _GM_sigmoid.parse((self, ), {})


def _m_tanh(self):
    """Hyperbolic tangent.

    Overloads, tried in this order:
        tanh(Tensor self) -> Tensor  (native_functions.yaml:63)
    """
    # tanh
    if _d.fast and not self._requires_grad:
        return _K_tanh[self._key](self)
    return _H_tanh.call((self,))

    return _GM_tanh.parse((self, ), {})


def _m_exp(self):
    """e ** self.

    Overloads, tried in this order:
        exp(Tensor self) -> Tensor  (native_functions.yaml:73)
    """
    # exp
    if _d.fast and not self._requires_grad:
        return _K_exp[self._key](self)
    return _H_exp.call((self,))

    return _GM_exp.parse((self, ), {})


def _m_expm1(self):
    """exp(self) - 1, accurate near 0.

    Overloads, tried in this order:
        expm1(Tensor self) -> Tensor  (native_functions.yaml:82)
    """
    # expm1
    if _d.fast and not self._requires_grad:
        return _K_expm1[self._key](self)
    return _H_expm1.call((self,))

    return _GM_expm1.parse((self, ), {})


def _m_log(self):
    """Natural logarithm.

    Overloads, tried in this order:
        log(Tensor self) -> Tensor  (native_functions.yaml:92)
    """
    # log
    if _d.fast and not self._requires_grad:
        return _K_log[self._key](self)
    return _H_log.call((self,))

    return _GM_log.parse((self, ), {})


def _m_log1p(self):
    """log(1 + self), accurate near 0.

    Overloads, tried in this order:
        log1p(Tensor self) -> Tensor  (native_functions.yaml:101)
    """
    # log1p
    if _d.fast and not self._requires_grad:
        return _K_log1p[self._key](self)
    return _H_log1p.call((self,))

    return _GM_log1p.parse((self, ), {})


def _m_sqrt(self):
    """Square root.

    Overloads, tried in this order:
        sqrt(Tensor self) -> Tensor  (native_functions.yaml:111)
    """
    # sqrt
    if _d.fast and not self._requires_grad:
        return _K_sqrt[self._key](self)
    return _H_sqrt.call((self,))

    return _GM_sqrt.parse((self, ), {})


def _m_rsqrt(self):
    """1 / sqrt(self).

    Overloads, tried in this order:
        rsqrt(Tensor self) -> Tensor  (native_functions.yaml:121)
    """
    # rsqrt
    if _d.fast and not self._requires_grad:
        return _K_rsqrt[self._key](self)
    return _H_rsqrt.call((self,))

    return _GM_rsqrt.parse((self, ), {})


def _m_reciprocal(self):
    """1 / self.

    Overloads, tried in this order:
        reciprocal(Tensor self) -> Tensor  (native_functions.yaml:130)
    """
    # reciprocal
    if _d.fast and not self._requires_grad:
        return _K_reciprocal[self._key](self)
    return _H_reciprocal.call((self,))

    return _GM_reciprocal.parse((self, ), {})


def _m_sin(self):
    """Sine.

    Overloads, tried in this order:
        sin(Tensor self) -> Tensor  (native_functions.yaml:139)
    """
    # sin
    if _d.fast and not self._requires_grad:
        return _K_sin[self._key](self)
    return _H_sin.call((self,))

    return _GM_sin.parse((self, ), {})


def _m_cos(self):
    """Cosine.

    Overloads, tried in this order:
        cos(Tensor self) -> Tensor  (native_functions.yaml:149)
    """
    # cos
    if _d.fast and not self._requires_grad:
        return _K_cos[self._key](self)
    return _H_cos.call((self,))

    return _GM_cos.parse((self, ), {})


def _m_floor(self):
    """Largest integer not above self.

    Overloads, tried in this order:
        floor(Tensor self) -> Tensor  (native_functions.yaml:158)
    """
    # floor
    if _d.fast and not self._requires_grad:
        return _K_floor[self._key](self)
    return _H_floor.call((self,))

    return _GM_floor.parse((self, ), {})


def _m_floor_(self):
    """Overloads, tried in this order:
        floor_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:165)
    """
    # floor_
    if _d.fast and not self._requires_grad:
        result = _K_floor_[self._key](self)
        self._bump_version()
        return result
    return _H_floor_.call((self,))

    return _GM_floor_.parse((self, ), {})


def _m_ceil(self):
    """Smallest integer not below self.

    Overloads, tried in this order:
        ceil(Tensor self) -> Tensor  (native_functions.yaml:170)
    """
    # ceil
    if _d.fast and not self._requires_grad:
        return _K_ceil[self._key](self)
    return _H_ceil.call((self,))

    return _GM_ceil.parse((self, ), {})


def _m_ceil_(self):
    """Overloads, tried in this order:
        ceil_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:177)
    """
    # ceil_
    if _d.fast and not self._requires_grad:
        result = _K_ceil_[self._key](self)
        self._bump_version()
        return result
    return _H_ceil_.call((self,))

    return _GM_ceil_.parse((self, ), {})


def _m_round(self):
    """Round half to even, as torch.round.

    Overloads, tried in this order:
        round(Tensor self) -> Tensor  (native_functions.yaml:182)
    """
    # round
    if _d.fast and not self._requires_grad:
        return _K_round[self._key](self)
    return _H_round.call((self,))

    return _GM_round.parse((self, ), {})


def _m_round_(self):
    """Overloads, tried in this order:
        round_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:189)
    """
    # round_
    if _d.fast and not self._requires_grad:
        result = _K_round_[self._key](self)
        self._bump_version()
        return result
    return _H_round_.call((self,))

    return _GM_round_.parse((self, ), {})


def _m_trunc(self):
    """Round towards zero.

    Overloads, tried in this order:
        trunc(Tensor self) -> Tensor  (native_functions.yaml:194)
    """
    # trunc
    if _d.fast and not self._requires_grad:
        return _K_trunc[self._key](self)
    return _H_trunc.call((self,))

    return _GM_trunc.parse((self, ), {})


def _m_trunc_(self):
    """Overloads, tried in this order:
        trunc_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:201)
    """
    # trunc_
    if _d.fast and not self._requires_grad:
        result = _K_trunc_[self._key](self)
        self._bump_version()
        return result
    return _H_trunc_.call((self,))

    return _GM_trunc_.parse((self, ), {})


def _m_logical_not(self):
    """True where self is zero.

    Overloads, tried in this order:
        logical_not(Tensor self) -> Tensor  (native_functions.yaml:206)
    """
    # logical_not
    if _d.fast and not self._requires_grad:
        return _K_logical_not[self._key](self)
    return _H_logical_not.call((self,))

    return _GM_logical_not.parse((self, ), {})


def _m_add(self, other, *, alpha=1):
    """self + alpha * other, with broadcasting.

    Overloads, tried in this order:
        add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:217)
    """
    if alpha.__class__ in _NUM:  # add.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_add_Tensor[self._key](self, other, alpha)
        if isinstance(other, _TN):
            return _H_add_Tensor.call((self, other, alpha))

    return _GM_add.parse((self, other, ), {'alpha': alpha})


def _m_add_(self, other, *, alpha=1):
    """Overloads, tried in this order:
        add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:225)
    """
    if alpha.__class__ in _NUM:  # add_.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            result = _K_add__Tensor[self._key](self, other, alpha)
            self._bump_version()
            return result
        if isinstance(other, _TN):
            return _H_add__Tensor.call((self, other, alpha))

    return _GM_add_.parse((self, other, ), {'alpha': alpha})


def _m_sub(self, other, *, alpha=1):
    """self - alpha * other, with broadcasting.

    Overloads, tried in this order:
        sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor  (native_functions.yaml:230)
    """
    if alpha.__class__ in _NUM:  # sub.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_sub_Tensor[self._key](self, other, alpha)
        if isinstance(other, _TN):
            return _H_sub_Tensor.call((self, other, alpha))

    return _GM_sub.parse((self, other, ), {'alpha': alpha})


def _m_sub_(self, other, *, alpha=1):
    """Overloads, tried in this order:
        sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)  (native_functions.yaml:238)
    """
    if alpha.__class__ in _NUM:  # sub_.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            result = _K_sub__Tensor[self._key](self, other, alpha)
            self._bump_version()
            return result
        if isinstance(other, _TN):
            return _H_sub__Tensor.call((self, other, alpha))

    return _GM_sub_.parse((self, other, ), {'alpha': alpha})


def _m_mul(self, other):
    """self * other, with broadcasting.

    Overloads, tried in this order:
        mul.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:243)
    """
    # mul.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_mul_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))

    return _GM_mul.parse((self, other, ), {})


def _m_mul_(self, other):
    """Overloads, tried in this order:
        mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:251)
    """
    # mul_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_mul__Tensor[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_mul__Tensor.call((self, other))

    return _GM_mul_.parse((self, other, ), {})


def _m_div(self, other, *, rounding_mode=_MISSING):
    """True division: integers divide as floats.

    Overloads, tried in this order:
        div.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:256)
        div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor  (native_functions.yaml:402)
    """
    if rounding_mode is _MISSING:  # div.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_div_Tensor[self._key](self, other)
        if isinstance(other, _TN):
            return _H_div_Tensor.call((self, other))

    if rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div.Tensor_mode
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            return _K_div_Tensor_mode[self._key](self, other, rounding_mode)
        if isinstance(other, _TN):
            return _H_div_Tensor_mode.call((self, other, rounding_mode))

    return _GM_div.parse((self, other, ), {'rounding_mode': rounding_mode})


def _m_floor_divide(self, other):
    """Division rounded down (Python's //).

    Overloads, tried in this order:
        floor_divide(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:265)
    """
    # floor_divide
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_floor_divide[self._key](self, other)
    if isinstance(other, _TN):
        return _H_floor_divide.call((self, other))

    return _GM_floor_divide.parse((self, other, ), {})


def _m_floor_divide_(self, other):
    """Overloads, tried in this order:
        floor_divide_(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:271)
    """
    # floor_divide_
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_floor_divide_[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_floor_divide_.call((self, other))

    return _GM_floor_divide_.parse((self, other, ), {})


def _m_pow(self, exponent):
    """self ** exponent.

    Overloads, tried in this order:
        pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor  (native_functions.yaml:276)
    """
    # pow.Tensor_Tensor
    if _d.fast and exponent.__class__ is _T and self._key is exponent._key and not (self._requires_grad or exponent._requires_grad):
        return _K_pow_Tensor_Tensor[self._key](self, exponent)
    if isinstance(exponent, _TN):
        return _H_pow_Tensor_Tensor.call((self, exponent))

    return _GM_pow.parse((self, exponent, ), {})


def _m_pow_(self, exponent):
    """Overloads, tried in this order:
        pow_.Tensor_Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)  (native_functions.yaml:282)
    """
    # pow_.Tensor_Tensor
    if _d.fast and exponent.__class__ is _T and self._key is exponent._key and not (self._requires_grad or exponent._requires_grad):
        result = _K_pow__Tensor_Tensor[self._key](self, exponent)
        self._bump_version()
        return result
    if isinstance(exponent, _TN):
        return _H_pow__Tensor_Tensor.call((self, exponent))

    return _GM_pow_.parse((self, exponent, ), {})


def _m_maximum(self, other):
    """Elementwise maximum; NaN wins.

    Overloads, tried in this order:
        maximum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:287)
    """
    # maximum
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_maximum[self._key](self, other)
    if isinstance(other, _TN):
        return _H_maximum.call((self, other))

    return _GM_maximum.parse((self, other, ), {})


def _m_maximum_(self, other):
    """Overloads, tried in this order:
        maximum_(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:293)
    """
    # maximum_
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_maximum_[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_maximum_.call((self, other))

    return _GM_maximum_.parse((self, other, ), {})


def _m_minimum(self, other):
    """Elementwise minimum; NaN wins.

    Overloads, tried in this order:
        minimum(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:298)
    """
    # minimum
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_minimum[self._key](self, other)
    if isinstance(other, _TN):
        return _H_minimum.call((self, other))

    return _GM_minimum.parse((self, other, ), {})


def _m_minimum_(self, other):
    """Overloads, tried in this order:
        minimum_(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:304)
    """
    # minimum_
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_minimum_[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_minimum_.call((self, other))

    return _GM_minimum_.parse((self, other, ), {})


def _m_remainder(self, other):
    """Python's %: the result has the sign of other.

    Overloads, tried in this order:
        remainder.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:309)
    """
    # remainder.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_remainder_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((self, other))

    return _GM_remainder.parse((self, other, ), {})


def _m_remainder_(self, other):
    """Overloads, tried in this order:
        remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:315)
    """
    # remainder_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_remainder__Tensor[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_remainder__Tensor.call((self, other))

    return _GM_remainder_.parse((self, other, ), {})


def _m_eq(self, other):
    """self == other.

    Overloads, tried in this order:
        eq.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:320)
    """
    # eq.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_eq_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_eq_Tensor.call((self, other))

    return _GM_eq.parse((self, other, ), {})


def _m_ne(self, other):
    """self != other.

    Overloads, tried in this order:
        ne.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:329)
    """
    # ne.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_ne_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_ne_Tensor.call((self, other))

    return _GM_ne.parse((self, other, ), {})


def _m_lt(self, other):
    """self < other.

    Overloads, tried in this order:
        lt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:338)
    """
    # lt.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_lt_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_lt_Tensor.call((self, other))

    return _GM_lt.parse((self, other, ), {})


def _m_le(self, other):
    """self <= other.

    Overloads, tried in this order:
        le.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:347)
    """
    # le.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_le_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_le_Tensor.call((self, other))

    return _GM_le.parse((self, other, ), {})


def _m_gt(self, other):
    """self > other.

    Overloads, tried in this order:
        gt.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:356)
    """
    # gt.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_gt_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_gt_Tensor.call((self, other))

    return _GM_gt.parse((self, other, ), {})


def _m_ge(self, other):
    """self >= other.

    Overloads, tried in this order:
        ge.Tensor(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:365)
    """
    # ge.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_ge_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_ge_Tensor.call((self, other))

    return _GM_ge.parse((self, other, ), {})


def _m_logical_and(self, other):
    """Both nonzero.

    Overloads, tried in this order:
        logical_and(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:374)
    """
    # logical_and
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_logical_and[self._key](self, other)
    if isinstance(other, _TN):
        return _H_logical_and.call((self, other))

    return _GM_logical_and.parse((self, other, ), {})


def _m_logical_or(self, other):
    """Either nonzero.

    Overloads, tried in this order:
        logical_or(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:383)
    """
    # logical_or
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_logical_or[self._key](self, other)
    if isinstance(other, _TN):
        return _H_logical_or.call((self, other))

    return _GM_logical_or.parse((self, other, ), {})


def _m_div_(self, other, *, rounding_mode=_MISSING):
    """Overloads, tried in this order:
        div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)  (native_functions.yaml:394)
        div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)  (native_functions.yaml:412)
    """
    if rounding_mode is _MISSING:  # div_.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            result = _K_div__Tensor[self._key](self, other)
            self._bump_version()
            return result
        if isinstance(other, _TN):
            return _H_div__Tensor.call((self, other))

    if rounding_mode is not _MISSING and (rounding_mode is None or rounding_mode.__class__ is str):  # div_.Tensor_mode
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
            result = _K_div__Tensor_mode[self._key](self, other, rounding_mode)
            self._bump_version()
            return result
        if isinstance(other, _TN):
            return _H_div__Tensor_mode.call((self, other, rounding_mode))

    return _GM_div_.parse((self, other, ), {'rounding_mode': rounding_mode})


def _m_where(self, condition, other):
    """self where condition is true, else other, with broadcasting.

    Overloads, tried in this order:
        where.self(Tensor condition, Tensor self, Tensor other) -> Tensor  (native_functions.yaml:416)
    """
    # where.self
    if _d.fast and condition.__class__ is _T and other.__class__ is _T and condition._key is self._key and condition._key is other._key and not (condition._requires_grad or self._requires_grad or other._requires_grad):
        return _K_where_self[condition._key](condition, self, other)
    if isinstance(condition, _TN) and isinstance(other, _TN):
        return _H_where_self.call((condition, self, other))

    return _GM_where.parse((self, condition, other, ), {})


def _m_clamp(self, min=None, max=None):
    """Limit every element to [min, max]; either bound may be None.

    Overloads, tried in this order:
        clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor  (native_functions.yaml:424)
        clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor  (native_functions.yaml:430)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp
        if _d.fast and not self._requires_grad:
            return _K_clamp[self._key](self, min, max)
        return _H_clamp.call((self, min, max))

    # clamp.Tensor
    if (min is None or isinstance(min, _TN)) and (max is None or isinstance(max, _TN)):
        return _H_clamp_Tensor.call((self, min, max))

    return _GM_clamp.parse((self, min, max, ), {})


def _m_clamp_(self, min=None, max=None):
    """Overloads, tried in this order:
        clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)  (native_functions.yaml:437)
    """
    if (min is None or min.__class__ in _NUM) and (max is None or max.__class__ in _NUM):  # clamp_
        if _d.fast and not self._requires_grad:
            result = _K_clamp_[self._key](self, min, max)
            self._bump_version()
            return result
        return _H_clamp_.call((self, min, max))

    return _GM_clamp_.parse((self, min, max, ), {})


def _m_sum(self, dim=None, keepdim=False, *, dtype=None):
    """Sum over dim (all dims when None); bool and integer inputs sum to int64.

    Overloads, tried in this order:
        sum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:444)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # sum
        if _d.fast and not self._requires_grad:
            return _K_sum[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        return _H_sum.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))

    return _GM_sum.parse((self, dim, keepdim, ), {'dtype': dtype})


def _m_mean(self, dim=None, keepdim=False, *, dtype=None):
    """Arithmetic mean over dim (all dims when None).

    Overloads, tried in this order:
        mean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:454)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # mean
        if _d.fast and not self._requires_grad:
            return _K_mean[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype)
        return _H_mean.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim, dtype))

    return _GM_mean.parse((self, dim, keepdim, ), {'dtype': dtype})


def _m_prod(self, dim=None, keepdim=False, *, dtype=None):
    """Product over dim (all elements when None); bool and integer inputs give int64.

    Overloads, tried in this order:
        prod(Tensor self, int? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:460)
    """
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and (dtype is None or dtype.__class__ is _DT):  # prod
        if _d.fast and not self._requires_grad:
            return _K_prod[self._key](self, dim, keepdim, dtype)
        return _H_prod.call((self, dim, keepdim, dtype))

    return _GM_prod.parse((self, dim, keepdim, ), {'dtype': dtype})


def _m_amax(self, dim=(), keepdim=False):
    """Largest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:466)
    """
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amax
        if _d.fast and not self._requires_grad:
            return _K_amax[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        return _H_amax.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _GM_amax.parse((self, dim, keepdim, ), {})


def _m_amin(self, dim=(), keepdim=False):
    """Smallest value over dim (all dims when empty); NaN wins.

    Overloads, tried in this order:
        amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor  (native_functions.yaml:472)
    """
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # amin
        if _d.fast and not self._requires_grad:
            return _K_amin[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        return _H_amin.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _GM_amin.parse((self, dim, keepdim, ), {})


def _m_all(self, dim=None, keepdim=False):
    """True where every element over dim is nonzero.

    Overloads, tried in this order:
        all(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:478)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # all
        if _d.fast and not self._requires_grad:
            return _K_all[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        return _H_all.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _GM_all.parse((self, dim, keepdim, ), {})


def _m_any(self, dim=None, keepdim=False):
    """True where some element over dim is nonzero.

    Overloads, tried in this order:
        any(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:484)
    """
    if (dim is None or dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # any
        if _d.fast and not self._requires_grad:
            return _K_any[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        return _H_any.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _GM_any.parse((self, dim, keepdim, ), {})


def _m_max(self, *args, **kwargs):
    """The largest element.

    Overloads, tried in this order:
        max(Tensor self) -> Tensor  (native_functions.yaml:490)
        max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:496)
        max.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:504)
    """
    return _GM_max.parse((self, *args,), kwargs)


def _m_min(self, *args, **kwargs):
    """The smallest element.

    Overloads, tried in this order:
        min(Tensor self) -> Tensor  (native_functions.yaml:510)
        min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)  (native_functions.yaml:516)
        min.other(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:524)
    """
    return _GM_min.parse((self, *args,), kwargs)


def _m_argmax(self, dim=None, keepdim=False):
    """Index of the largest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:530)
    """
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmax
        if _d.fast and not self._requires_grad:
            return _K_argmax[self._key](self, dim, keepdim)
        return _H_argmax.call((self, dim, keepdim))

    return _GM_argmax.parse((self, dim, keepdim, ), {})


def _m_argmin(self, dim=None, keepdim=False):
    """Index of the smallest value along dim (of the flattened tensor when None).

    Overloads, tried in this order:
        argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor  (native_functions.yaml:538)
    """
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool:  # argmin
        if _d.fast and not self._requires_grad:
            return _K_argmin[self._key](self, dim, keepdim)
        return _H_argmin.call((self, dim, keepdim))

    return _GM_argmin.parse((self, dim, keepdim, ), {})


def _m_logsumexp(self, dim, keepdim=False):
    """log(sum(exp(self))) over dim, without overflow.

    Overloads, tried in this order:
        logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor  (native_functions.yaml:546)
    """
    if (dim.__class__ is int or _b.int_seq(dim)) and keepdim.__class__ is bool:  # logsumexp
        if _d.fast and not self._requires_grad:
            return _K_logsumexp[self._key](self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim)
        return _H_logsumexp.call((self, ((dim,) if dim.__class__ is int else tuple(dim) if dim.__class__ is list else dim), keepdim))

    return _GM_logsumexp.parse((self, dim, keepdim, ), {})


def _m_softmax(self, dim, dtype=None):
    """exp(self) normalised to sum to 1 along dim (shifted by the max, so it cannot overflow); dtype= converts self first.

    Overloads, tried in this order:
        softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:552)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # softmax.int
        if _d.fast and not self._requires_grad:
            return _K_softmax_int[self._key](self, dim, dtype)
        return _H_softmax_int.call((self, dim, dtype))

    return _GM_softmax.parse((self, dim, dtype, ), {})


def _m_log_softmax(self, dim, dtype=None):
    """log(softmax(self, dim)), computed stably; dtype= converts self first.

    Overloads, tried in this order:
        log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor  (native_functions.yaml:560)
    """
    if dim.__class__ is int and (dtype is None or dtype.__class__ is _DT):  # log_softmax.int
        if _d.fast and not self._requires_grad:
            return _K_log_softmax_int[self._key](self, dim, dtype)
        return _H_log_softmax_int.call((self, dim, dtype))

    return _GM_log_softmax.parse((self, dim, dtype, ), {})


def _m_mm(self, mat2):
    """Matrix product of two 2-D tensors.

    Overloads, tried in this order:
        mm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:611)
    """
    # mm
    if _d.fast and mat2.__class__ is _T and self._key is mat2._key and not (self._requires_grad or mat2._requires_grad):
        return _K_mm[self._key](self, mat2)
    if isinstance(mat2, _T):
        return _H_mm.call((self, mat2))

    return _GM_mm.parse((self, mat2, ), {})


def _m_bmm(self, mat2):
    """Batched matrix product of two 3-D tensors with equal batch sizes.

    Overloads, tried in this order:
        bmm(Tensor self, Tensor mat2) -> Tensor  (native_functions.yaml:623)
    """
    # bmm
    if _d.fast and mat2.__class__ is _T and self._key is mat2._key and not (self._requires_grad or mat2._requires_grad):
        return _K_bmm[self._key](self, mat2)
    if isinstance(mat2, _T):
        return _H_bmm.call((self, mat2))

    return _GM_bmm.parse((self, mat2, ), {})


def _m_dot(self, tensor):
    """Inner product of two 1-D tensors.

    Overloads, tried in this order:
        dot(Tensor self, Tensor tensor) -> Tensor  (native_functions.yaml:631)
    """
    # dot
    if _d.fast and tensor.__class__ is _T and self._key is tensor._key and not (self._requires_grad or tensor._requires_grad):
        return _K_dot[self._key](self, tensor)
    if isinstance(tensor, _T):
        return _H_dot.call((self, tensor))

    return _GM_dot.parse((self, tensor, ), {})


def _m_matmul(self, other):
    """Matrix product with torch.matmul's rules for 1-D operands and broadcast batch dims.

    Overloads, tried in this order:
        matmul(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:639)
    """
    # matmul
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_matmul[self._key](self, other)
    if isinstance(other, _T):
        return _H_matmul.call((self, other))

    return _GM_matmul.parse((self, other, ), {})


def _m_view(self, *args, **kwargs):
    """The same data with another shape (one size may be -1); fails when the strides do not allow it: use reshape.

    Overloads, tried in this order:
        view(Tensor(a) self, int[] size) -> Tensor(a)  (native_functions.yaml:651)
    """
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # view
        if _d.fast and not self._requires_grad:
            return _K_view[self._key](self, size)
        return _H_view.call((self, size))

    return _GM_view.parse((self, *args,), kwargs)


def _m_reshape(self, *args, **kwargs):
    """Another shape (one size may be -1): a view when the strides allow, else a copy.

    Overloads, tried in this order:
        reshape(Tensor(a) self, int[] shape) -> Tensor(a)  (native_functions.yaml:659)
    """
    shape = None if kwargs else _b.varargs_ints(args)
    if shape is not None:  # reshape
        if _d.fast and not self._requires_grad:
            return _K_reshape[self._key](self, shape)
        return _H_reshape.call((self, shape))

    return _GM_reshape.parse((self, *args,), kwargs)


def _m_t(self):
    """Transpose of a tensor of at most 2 dimensions (a view).

    Overloads, tried in this order:
        t(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:667)
    """
    # t
    if _d.fast and not self._requires_grad:
        return _K_t[self._key](self)
    return _H_t.call((self,))

    return _GM_t.parse((self, ), {})


def _m_transpose(self, dim0, dim1):
    """Dimensions dim0 and dim1 swapped (a view).

    Overloads, tried in this order:
        transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)  (native_functions.yaml:676)
    """
    if dim0.__class__ is int and dim1.__class__ is int:  # transpose.int
        if _d.fast and not self._requires_grad:
            return _K_transpose_int[self._key](self, dim0, dim1)
        return _H_transpose_int.call((self, dim0, dim1))

    return _GM_transpose.parse((self, dim0, dim1, ), {})


def _m_permute(self, *args, **kwargs):
    """Dimensions reordered: result dim i is self dim dims[i] (a view).

    Overloads, tried in this order:
        permute(Tensor(a) self, int[] dims) -> Tensor(a)  (native_functions.yaml:685)
    """
    dims = None if kwargs else _b.varargs_ints(args)
    if dims is not None:  # permute
        if _d.fast and not self._requires_grad:
            return _K_permute[self._key](self, dims)
        return _H_permute.call((self, dims))

    return _GM_permute.parse((self, *args,), kwargs)


def _m_expand(self, *args, **kwargs):
    """Size-1 dims repeated to `size` (-1 keeps a size) without copying; a read-only view.

    Overloads, tried in this order:
        expand(Tensor(a) self, int[] size, *, bool implicit=False) -> Tensor(a)  (native_functions.yaml:693)
    """
    size = None if kwargs else _b.varargs_ints(args)
    if size is not None:  # expand
        if _d.fast and not self._requires_grad:
            return _K_expand[self._key](self, size, False)
        return _H_expand.call((self, size, False))

    return _GM_expand.parse((self, *args,), kwargs)


def _m_squeeze(self, *args, **kwargs):
    """Every dimension of size 1 removed (a view).

    Overloads, tried in this order:
        squeeze(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:701)
        squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:709)
        squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)  (native_functions.yaml:717)
    """
    return _GM_squeeze.parse((self, *args,), kwargs)


def _m_unsqueeze(self, dim):
    """A dimension of size 1 inserted at dim (a view).

    Overloads, tried in this order:
        unsqueeze(Tensor(a) self, int dim) -> Tensor(a)  (native_functions.yaml:725)
    """
    if dim.__class__ is int:  # unsqueeze
        if _d.fast and not self._requires_grad:
            return _K_unsqueeze[self._key](self, dim)
        return _H_unsqueeze.call((self, dim))

    return _GM_unsqueeze.parse((self, dim, ), {})


def _m_flatten(self, start_dim=0, end_dim=-1):
    """Dimensions start_dim..end_dim merged into one, as reshape (a view when possible).

    Overloads, tried in this order:
        flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)  (native_functions.yaml:733)
    """
    if start_dim.__class__ is int and end_dim.__class__ is int:  # flatten.using_ints
        if _d.fast and not self._requires_grad:
            return _K_flatten_using_ints[self._key](self, start_dim, end_dim)
        return _H_flatten_using_ints.call((self, start_dim, end_dim))

    return _GM_flatten.parse((self, start_dim, end_dim, ), {})


def _m_narrow(self, dim, start, length):
    """Entries start..start+length-1 of dimension dim (a view).

    Overloads, tried in this order:
        narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)  (native_functions.yaml:741)
    """
    if dim.__class__ is int and start.__class__ is int and length.__class__ is int:  # narrow
        if _d.fast and not self._requires_grad:
            return _K_narrow[self._key](self, dim, start, length)
        return _H_narrow.call((self, dim, start, length))

    return _GM_narrow.parse((self, dim, start, length, ), {})


def _m_select(self, dim, index):
    """Entry index of dimension dim, that dimension removed (a view).

    Overloads, tried in this order:
        select.int(Tensor(a) self, int dim, int index) -> Tensor(a)  (native_functions.yaml:749)
    """
    if dim.__class__ is int and index.__class__ is int:  # select.int
        if _d.fast and not self._requires_grad:
            return _K_select_int[self._key](self, dim, index)
        return _H_select_int.call((self, dim, index))

    return _GM_select.parse((self, dim, index, ), {})


def _m_contiguous(self):
    """self when already contiguous, else a contiguous copy.

    Overloads, tried in this order:
        contiguous(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:764)
    """
    # contiguous
    if _d.fast and not self._requires_grad:
        return _K_contiguous[self._key](self)
    return _H_contiguous.call((self,))

    return _GM_contiguous.parse((self, ), {})


def _m_split(self, split_size, dim=0):
    """Views of split_size entries along dim (the last may be shorter).

    Overloads, tried in this order:
        split.Tensor(Tensor(a -> *) self, int split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:771)
        split.sizes(Tensor(a -> *) self, int[] split_size, int dim=0) -> Tensor(a)[]  (native_functions.yaml:779)
    """
    if split_size.__class__ is int and dim.__class__ is int:  # split.Tensor
        if _d.fast and not self._requires_grad:
            return _K_split_Tensor[self._key](self, split_size, dim)
        return _H_split_Tensor.call((self, split_size, dim))

    if (split_size.__class__ is int or _b.int_seq(split_size)) and dim.__class__ is int:  # split.sizes
        if _d.fast and not self._requires_grad:
            return _K_split_sizes[self._key](self, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim)
        return _H_split_sizes.call((self, ((split_size,) if split_size.__class__ is int else tuple(split_size) if split_size.__class__ is list else split_size), dim))

    return _GM_split.parse((self, split_size, dim, ), {})


def _m_chunk(self, chunks, dim=0):
    """At most `chunks` equal views along dim (the last may be shorter).

    Overloads, tried in this order:
        chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]  (native_functions.yaml:787)
    """
    if chunks.__class__ is int and dim.__class__ is int:  # chunk
        if _d.fast and not self._requires_grad:
            return _K_chunk[self._key](self, chunks, dim)
        return _H_chunk.call((self, chunks, dim))

    return _GM_chunk.parse((self, chunks, dim, ), {})


def _m_gather(self, dim, index, *, sparse_grad=False):
    """Entries picked along dim by an int64 index of the same rank: out[i][j] = self[index[i][j]][j] for dim 0.

    Overloads, tried in this order:
        gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor  (native_functions.yaml:807)
    """
    if dim.__class__ is int and sparse_grad.__class__ is bool:  # gather
        if _d.fast and index.__class__ is _T and self._key is index._key and not (self._requires_grad or index._requires_grad):
            return _K_gather[self._key](self, dim, index, sparse_grad)
        if isinstance(index, _T):
            return _H_gather.call((self, dim, index, sparse_grad))

    return _GM_gather.parse((self, dim, index, ), {'sparse_grad': sparse_grad})


def _m_index_select(self, dim, index):
    """The entries of dim listed by a 1-D integer index (a copy).

    Overloads, tried in this order:
        index_select(Tensor self, int dim, Tensor index) -> Tensor  (native_functions.yaml:814)
    """
    if dim.__class__ is int:  # index_select
        if _d.fast and index.__class__ is _T and self._key is index._key and not (self._requires_grad or index._requires_grad):
            return _K_index_select[self._key](self, dim, index)
        if isinstance(index, _T):
            return _H_index_select.call((self, dim, index))

    return _GM_index_select.parse((self, dim, index, ), {})


def _m_masked_fill(self, mask, value):
    """value where the bool mask is True, self elsewhere (broadcasting).

    Overloads, tried in this order:
        masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor  (native_functions.yaml:821)
    """
    if value.__class__ in _NUM:  # masked_fill.Scalar
        if _d.fast and mask.__class__ is _T and self._key is mask._key and not (self._requires_grad or mask._requires_grad):
            return _K_masked_fill_Scalar[self._key](self, mask, value)
        if isinstance(mask, _T):
            return _H_masked_fill_Scalar.call((self, mask, value))

    return _GM_masked_fill.parse((self, mask, value, ), {})


def _m_masked_fill_(self, mask, value):
    """Overloads, tried in this order:
        masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)  (native_functions.yaml:828)
    """
    if value.__class__ in _NUM:  # masked_fill_.Scalar
        if _d.fast and mask.__class__ is _T and self._key is mask._key and not (self._requires_grad or mask._requires_grad):
            result = _K_masked_fill__Scalar[self._key](self, mask, value)
            self._bump_version()
            return result
        if isinstance(mask, _T):
            return _H_masked_fill__Scalar.call((self, mask, value))

    return _GM_masked_fill_.parse((self, mask, value, ), {})


def _m_index_put(self, indices, values, accumulate=False):
    """A copy of self with self[indices] = values (added, repeats included, when accumulate).

    Overloads, tried in this order:
        index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor  (native_functions.yaml:841)
    """
    if accumulate.__class__ is bool:  # index_put
        if indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put.call((self, indices, values, accumulate))

    return _GM_index_put.parse((self, indices, values, accumulate, ), {})


def _m_index_put_(self, indices, values, accumulate=False):
    """Overloads, tried in this order:
        index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)  (native_functions.yaml:848)
    """
    if accumulate.__class__ is bool:  # index_put_
        if indices.__class__ in _SEQ and isinstance(values, _T):
            return _H_index_put_.call((self, indices, values, accumulate))

    return _GM_index_put_.parse((self, indices, values, accumulate, ), {})


def _m_clone(self):
    """A copy with self's layout: its strides when dense without overlap, else dense ones in their order.

    Overloads, tried in this order:
        clone(Tensor self) -> Tensor  (native_functions.yaml:854)
    """
    # clone
    if _d.fast and not self._requires_grad:
        return _K_clone[self._key](self)
    return _H_clone.call((self,))

    return _GM_clone.parse((self, ), {})


def _m_copy_(self, src, non_blocking=False):
    """Writes src (broadcast, any dtype converted) into self.

    Overloads, tried in this order:
        copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)  (native_functions.yaml:862)
    """
    if non_blocking.__class__ is bool:  # copy_
        if _d.fast and src.__class__ is _T and self._key is src._key and not (self._requires_grad or src._requires_grad):
            result = _K_copy_[self._key](self, src, non_blocking)
            self._bump_version()
            return result
        if isinstance(src, _T):
            return _H_copy_.call((self, src, non_blocking))

    return _GM_copy_.parse((self, src, non_blocking, ), {})


def _m_fill_(self, value):
    """Every element set to value.

    Overloads, tried in this order:
        fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)  (native_functions.yaml:869)
    """
    if value.__class__ in _NUM:  # fill_.Scalar
        if _d.fast and not self._requires_grad:
            result = _K_fill__Scalar[self._key](self, value)
            self._bump_version()
            return result
        return _H_fill__Scalar.call((self, value))

    return _GM_fill_.parse((self, value, ), {})


def _m_zero_(self):
    """Every element set to 0.

    Overloads, tried in this order:
        zero_(Tensor(a!) self) -> Tensor(a!)  (native_functions.yaml:876)
    """
    # zero_
    if _d.fast and not self._requires_grad:
        result = _K_zero_[self._key](self)
        self._bump_version()
        return result
    return _H_zero_.call((self,))

    return _GM_zero_.parse((self, ), {})


def _m_to(self, *args, **kwargs):
    """self on device ('cpu' or 'meta'), optionally converted to dtype; self itself when nothing changes.

    Overloads, tried in this order:
        to.device(Tensor(a) self, Device device, ScalarType? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(a)  (native_functions.yaml:883)
        to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False) -> Tensor(a)  (native_functions.yaml:891)
        to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False) -> Tensor(a)  (native_functions.yaml:899)
    """
    return _GM_to.parse((self, *args,), kwargs)


def _m_type_as(self, other):
    """self converted to the dtype of other (and moved to its device), as self.to(other).

    Overloads, tried in this order:
        type_as(Tensor self, Tensor other) -> Tensor  (native_functions.yaml:905)
    """
    # type_as
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_type_as[self._key](self, other)
    if isinstance(other, _T):
        return _H_type_as.call((self, other))

    return _GM_type_as.parse((self, other, ), {})


def _m_to_sparse(self):
    """The nonzero elements of self as a coalesced sparse COO tensor; self itself when already sparse.

    Overloads, tried in this order:
        to_sparse(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:924)
    """
    # to_sparse
    if _d.fast and not self._requires_grad:
        return _K_to_sparse[self._key](self)
    return _H_to_sparse.call((self,))

    return _GM_to_sparse.parse((self, ), {})


def _m_to_dense(self, dtype=None):
    """A strided tensor with the values of sparse self (duplicates summed); self itself when already strided.

    Overloads, tried in this order:
        to_dense(Tensor(a) self, ScalarType? dtype=None) -> Tensor(a)  (native_functions.yaml:931)
    """
    if (dtype is None or dtype.__class__ is _DT):  # to_dense
        if _d.fast and not self._requires_grad:
            return _K_to_dense[self._key](self, dtype)
        return _H_to_dense.call((self, dtype))

    return _GM_to_dense.parse((self, dtype, ), {})


def _m_coalesce(self):
    """Entries sorted by position, duplicates summed; self itself when already coalesced.

    Overloads, tried in this order:
        coalesce(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:938)
    """
    # coalesce
    if _d.fast and not self._requires_grad:
        return _K_coalesce[self._key](self)
    return _H_coalesce.call((self,))

    return _GM_coalesce.parse((self, ), {})


def _m_is_coalesced(self):
    """Whether the entries are known to be sorted and free of duplicates.

    Overloads, tried in this order:
        is_coalesced(Tensor self) -> bool  (native_functions.yaml:946)
    """
    # is_coalesced
    if _d.fast and not self._requires_grad:
        return _K_is_coalesced[self._key](self)
    return _H_is_coalesced.call((self,))

    return _GM_is_coalesced.parse((self, ), {})


def _m__nnz(self):
    """The number of stored entries, duplicates included.

    Overloads, tried in this order:
        _nnz(Tensor self) -> int  (native_functions.yaml:952)
    """
    # _nnz
    if _d.fast and not self._requires_grad:
        return _K__nnz[self._key](self)
    return _H__nnz.call((self,))

    return _GM__nnz.parse((self, ), {})


def _m_indices(self):
    """The (ndim, nnz) int64 indices of a coalesced sparse tensor (a view).

    Overloads, tried in this order:
        indices(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:958)
    """
    # indices
    if _d.fast and not self._requires_grad:
        return _K_indices[self._key](self)
    return _H_indices.call((self,))

    return _GM_indices.parse((self, ), {})


def _m_values(self):
    """The (nnz,) values of a coalesced sparse tensor (a view; differentiable).

    Overloads, tried in this order:
        values(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:964)
    """
    # values
    if _d.fast and not self._requires_grad:
        return _K_values[self._key](self)
    return _H_values.call((self,))

    return _GM_values.parse((self, ), {})


def _m__indices(self):
    """The stored indices, coalesced or not (a view).

    Overloads, tried in this order:
        _indices(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:970)
    """
    # _indices
    if _d.fast and not self._requires_grad:
        return _K__indices[self._key](self)
    return _H__indices.call((self,))

    return _GM__indices.parse((self, ), {})


def _m__values(self):
    """The stored values, coalesced or not (a view; not differentiable).

    Overloads, tried in this order:
        _values(Tensor(a) self) -> Tensor(a)  (native_functions.yaml:976)
    """
    # _values
    if _d.fast and not self._requires_grad:
        return _K__values[self._key](self)
    return _H__values.call((self,))

    return _GM__values.parse((self, ), {})


def _m_sparse_mask(self, mask):
    """Strided self read at the entries of sparse mask: a sparse tensor with the pattern of mask, coalesced.

    Overloads, tried in this order:
        sparse_mask(Tensor self, Tensor mask) -> Tensor  (native_functions.yaml:982)
    """
    # sparse_mask
    if _d.fast and mask.__class__ is _T and self._key is mask._key and not (self._requires_grad or mask._requires_grad):
        return _K_sparse_mask[self._key](self, mask)
    if isinstance(mask, _T):
        return _H_sparse_mask.call((self, mask))

    return _GM_sparse_mask.parse((self, mask, ), {})


# ---- Tensor operators ----


def _op__add__(self, other):
    """Python operator for add: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # add.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_add_Tensor[self._key](self, other, 1)
    if isinstance(other, _TN):
        return _H_add_Tensor.call((self, other, 1))

    return NotImplemented


def _op__radd__(self, other):
    """Python operator for add: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # add.Tensor
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_add_Tensor[other._key](other, self, 1)
    if isinstance(other, _TN):
        return _H_add_Tensor.call((other, self, 1))

    return NotImplemented


def _op__iadd__(self, other):
    """Python operator for add_: add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"""
    # add_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_add__Tensor[self._key](self, other, 1)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_add__Tensor.call((self, other, 1))

    return NotImplemented


def _op__sub__(self, other):
    """Python operator for sub: sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # sub.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_sub_Tensor[self._key](self, other, 1)
    if isinstance(other, _TN):
        return _H_sub_Tensor.call((self, other, 1))

    return NotImplemented


def _op__rsub__(self, other):
    """Python operator for sub: sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"""
    # sub.Tensor
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_sub_Tensor[other._key](other, self, 1)
    if isinstance(other, _TN):
        return _H_sub_Tensor.call((other, self, 1))

    return NotImplemented


def _op__isub__(self, other):
    """Python operator for sub_: sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"""
    # sub_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_sub__Tensor[self._key](self, other, 1)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_sub__Tensor.call((self, other, 1))

    return NotImplemented


def _op__mul__(self, other):
    """Python operator for mul: mul.Tensor(Tensor self, Tensor other) -> Tensor"""
    # mul.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_mul_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((self, other))

    return NotImplemented


def _op__rmul__(self, other):
    """Python operator for mul: mul.Tensor(Tensor self, Tensor other) -> Tensor"""
    # mul.Tensor
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_mul_Tensor[other._key](other, self)
    if isinstance(other, _TN):
        return _H_mul_Tensor.call((other, self))

    return NotImplemented


def _op__imul__(self, other):
    """Python operator for mul_: mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # mul_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_mul__Tensor[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_mul__Tensor.call((self, other))

    return NotImplemented


def _op__truediv__(self, other):
    """Python operator for div: div.Tensor(Tensor self, Tensor other) -> Tensor"""
    # div.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_div_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_div_Tensor.call((self, other))

    return NotImplemented


def _op__rtruediv__(self, other):
    """Python operator for div: div.Tensor(Tensor self, Tensor other) -> Tensor"""
    # div.Tensor
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_div_Tensor[other._key](other, self)
    if isinstance(other, _TN):
        return _H_div_Tensor.call((other, self))

    return NotImplemented


def _op__itruediv__(self, other):
    """Python operator for div_: div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # div_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_div__Tensor[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_div__Tensor.call((self, other))

    return NotImplemented


def _op__floordiv__(self, other):
    """Python operator for floor_divide: floor_divide(Tensor self, Tensor other) -> Tensor"""
    # floor_divide
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_floor_divide[self._key](self, other)
    if isinstance(other, _TN):
        return _H_floor_divide.call((self, other))

    return NotImplemented


def _op__rfloordiv__(self, other):
    """Python operator for floor_divide: floor_divide(Tensor self, Tensor other) -> Tensor"""
    # floor_divide
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_floor_divide[other._key](other, self)
    if isinstance(other, _TN):
        return _H_floor_divide.call((other, self))

    return NotImplemented


def _op__ifloordiv__(self, other):
    """Python operator for floor_divide_: floor_divide_(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # floor_divide_
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_floor_divide_[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_floor_divide_.call((self, other))

    return NotImplemented


def _op__mod__(self, other):
    """Python operator for remainder: remainder.Tensor(Tensor self, Tensor other) -> Tensor"""
    # remainder.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_remainder_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((self, other))

    return NotImplemented


def _op__rmod__(self, other):
    """Python operator for remainder: remainder.Tensor(Tensor self, Tensor other) -> Tensor"""
    # remainder.Tensor
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_remainder_Tensor[other._key](other, self)
    if isinstance(other, _TN):
        return _H_remainder_Tensor.call((other, self))

    return NotImplemented


def _op__imod__(self, other):
    """Python operator for remainder_: remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"""
    # remainder_.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_remainder__Tensor[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_remainder__Tensor.call((self, other))

    return NotImplemented


def _op__pow__(self, other):
    """Python operator for pow: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor"""
    # pow.Tensor_Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_pow_Tensor_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_pow_Tensor_Tensor.call((self, other))

    return NotImplemented


def _op__rpow__(self, other):
    """Python operator for pow: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor"""
    # pow.Tensor_Tensor
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_pow_Tensor_Tensor[other._key](other, self)
    if isinstance(other, _TN):
        return _H_pow_Tensor_Tensor.call((other, self))

    return NotImplemented


def _op__ipow__(self, other):
    """Python operator for pow_: pow_.Tensor_Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)"""
    # pow_.Tensor_Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        result = _K_pow__Tensor_Tensor[self._key](self, other)
        self._bump_version()
        return result
    if isinstance(other, _TN):
        return _H_pow__Tensor_Tensor.call((self, other))

    return NotImplemented


def _op__matmul__(self, other):
    """Python operator for matmul: matmul(Tensor self, Tensor other) -> Tensor"""
    # matmul
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_matmul[self._key](self, other)
    if isinstance(other, _T):
        return _H_matmul.call((self, other))

    return NotImplemented


def _op__rmatmul__(self, other):
    """Python operator for matmul: matmul(Tensor self, Tensor other) -> Tensor"""
    # matmul
    if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad):
        return _K_matmul[other._key](other, self)
    if isinstance(other, _T):
        return _H_matmul.call((other, self))

    return NotImplemented


def _op__eq__(self, other):
    """Python operator for eq: eq.Tensor(Tensor self, Tensor other) -> Tensor"""
    # eq.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_eq_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_eq_Tensor.call((self, other))

    return NotImplemented


def _op__ne__(self, other):
    """Python operator for ne: ne.Tensor(Tensor self, Tensor other) -> Tensor"""
    # ne.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_ne_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_ne_Tensor.call((self, other))

    return NotImplemented


def _op__lt__(self, other):
    """Python operator for lt: lt.Tensor(Tensor self, Tensor other) -> Tensor"""
    # lt.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_lt_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_lt_Tensor.call((self, other))

    return NotImplemented


def _op__le__(self, other):
    """Python operator for le: le.Tensor(Tensor self, Tensor other) -> Tensor"""
    # le.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_le_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_le_Tensor.call((self, other))

    return NotImplemented


def _op__gt__(self, other):
    """Python operator for gt: gt.Tensor(Tensor self, Tensor other) -> Tensor"""
    # gt.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_gt_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_gt_Tensor.call((self, other))

    return NotImplemented


def _op__ge__(self, other):
    """Python operator for ge: ge.Tensor(Tensor self, Tensor other) -> Tensor"""
    # ge.Tensor
    if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad):
        return _K_ge_Tensor[self._key](self, other)
    if isinstance(other, _TN):
        return _H_ge_Tensor.call((self, other))

    return NotImplemented


def _op__and__(self, other):
    """Python operator for logical_and: logical_and(Tensor self, Tensor other) -> Tensor"""
    if self._dtype is _BOOL:  # logical_and
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad) and other._dtype is _BOOL:
            return _K_logical_and[self._key](self, other)
        if (other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL)):
            return _H_logical_and.call((self, other))

    return _b.bool_operator_error('__and__', self, other)


def _op__rand__(self, other):
    """Python operator for logical_and: logical_and(Tensor self, Tensor other) -> Tensor"""
    if self._dtype is _BOOL:  # logical_and
        if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad) and other._dtype is _BOOL:
            return _K_logical_and[other._key](other, self)
        if (other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL)):
            return _H_logical_and.call((other, self))

    return _b.bool_operator_error('__rand__', self, other)


def _op__or__(self, other):
    """Python operator for logical_or: logical_or(Tensor self, Tensor other) -> Tensor"""
    if self._dtype is _BOOL:  # logical_or
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad) and other._dtype is _BOOL:
            return _K_logical_or[self._key](self, other)
        if (other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL)):
            return _H_logical_or.call((self, other))

    return _b.bool_operator_error('__or__', self, other)


def _op__ror__(self, other):
    """Python operator for logical_or: logical_or(Tensor self, Tensor other) -> Tensor"""
    if self._dtype is _BOOL:  # logical_or
        if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad) and other._dtype is _BOOL:
            return _K_logical_or[other._key](other, self)
        if (other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL)):
            return _H_logical_or.call((other, self))

    return _b.bool_operator_error('__ror__', self, other)


def _op__xor__(self, other):
    """Python operator for ne: ne.Tensor(Tensor self, Tensor other) -> Tensor"""
    if self._dtype is _BOOL:  # ne.Tensor
        if _d.fast and other.__class__ is _T and self._key is other._key and not (self._requires_grad or other._requires_grad) and other._dtype is _BOOL:
            return _K_ne_Tensor[self._key](self, other)
        if (other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL)):
            return _H_ne_Tensor.call((self, other))

    return _b.bool_operator_error('__xor__', self, other)


def _op__rxor__(self, other):
    """Python operator for ne: ne.Tensor(Tensor self, Tensor other) -> Tensor"""
    if self._dtype is _BOOL:  # ne.Tensor
        if _d.fast and other.__class__ is _T and other._key is self._key and not (other._requires_grad or self._requires_grad) and other._dtype is _BOOL:
            return _K_ne_Tensor[other._key](other, self)
        if (other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL)):
            return _H_ne_Tensor.call((other, self))

    return _b.bool_operator_error('__rxor__', self, other)


def _op__neg__(self):
    """Python operator for neg: neg(Tensor self) -> Tensor"""
    # neg
    if _d.fast and not self._requires_grad:
        return _K_neg[self._key](self)
    return _H_neg.call((self,))

    return NotImplemented


def _op__abs__(self):
    """Python operator for abs: abs(Tensor self) -> Tensor"""
    # abs
    if _d.fast and not self._requires_grad:
        return _K_abs[self._key](self)
    return _H_abs.call((self,))

    return NotImplemented


def _op__invert__(self):
    """Python operator for logical_not: logical_not(Tensor self) -> Tensor"""
    if self._dtype is _BOOL:  # logical_not
        if _d.fast and not self._requires_grad:
            return _K_logical_not[self._key](self)
        return _H_logical_not.call((self,))

    return _b.bool_operator_error('__invert__', self)


# Attached to Tensor by aten_lite/__init__.py.
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
    '__or__': _op__or__,
    '__ror__': _op__ror__,
    '__xor__': _op__xor__,
    '__rxor__': _op__rxor__,
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
    'tanh_backward',
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
    'sparse_coo_tensor',
    'sparse_sampled_mm',
]
