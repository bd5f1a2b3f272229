"""The runtime's names that native_functions.yaml and derivatives.yaml may refer to, as data.

Note [The runtime manifest]
The generator checks the YAML against the runtime (a `shape:` rule exists, a `dispatch:`
kernel exists, a formula's helper or ``x.method`` exists, an op's name replaces nothing the
runtime defines) but never imports the runtime. It reads this file instead, with ``ast`` and
``ast.literal_eval`` (``tools/codegen/manifest.py``), so every value here must be a literal:
tuples and dicts of strings. ``tests/test_manifest.py`` keeps it true: it imports the runtime
in a fresh process and compares; ``python -m tools.runtime_manifest --write`` rewrites the
data part from the runtime after a kernel, rule, helper or Tensor attribute is added. Pure
data: layer 1, imports nothing.

* ``NAMESPACE``: names ``aten_lite`` defines by hand (and its submodules); an op may not take
  one, since ``from ._ops import *`` would replace it.
* ``TENSOR_ATTRIBUTES``: what ``Tensor`` and ``SparseTensor`` have by hand (methods,
  properties, slots), beside the generated methods: what a formula may read as ``x.name``,
  and what a ``method`` op may not replace.
* ``SHAPE_RULES``: the functions of ``aten_lite/rules/shapes/`` a `shape:` may name.
* ``FORMULA_HELPERS``: helper -> its parameters (``inspect.signature`` text without
  annotations), from ``aten_lite/autograd/formulas.py``; calls in formulas are checked
  against them.
* ``KERNELS``: dispatch key -> the functions its module of ``aten_lite/backends/`` offers a
  `dispatch:` entry.
"""

# ---- data ----

NAMESPACE = (
    'BFloat16Tensor', 'BoolTensor', 'ByteTensor', 'CharTensor', 'DType', 'DoubleTensor',
    'FloatTensor', 'Generator', 'HalfTensor', 'IntTensor', 'Layout', 'LongTensor', 'Path',
    'ShortTensor', 'Size', 'TYPE_CHECKING', 'Tensor', '_C', '_autograd_kernel', '_backends',
    '_checkout', '_device', '_dispatch', '_dtype', '_forward_ad', '_forward_rules',
    '_generated', '_library_kernels', '_load_generated', '_math', '_ops', '_registry',
    '_tensor_surface', 'allclose', 'amp', 'annotations', 'arange', 'as_tensor',
    'async_execution', 'autocast', 'autograd', 'backends', 'bernoulli', 'bfloat16', 'bool',
    'builtins', 'can_cast', 'cholesky', 'cholesky_inverse', 'cholesky_solve', 'compile',
    'cuda', 'default_generator', 'det', 'device', 'dispatch', 'distributed', 'distributions',
    'double', 'dropout', 'e', 'empty', 'empty_cache', 'empty_like', 'enable_grad', 'equal',
    'eye', 'finfo', 'float', 'float16', 'float32', 'float64', 'from_dlpack', 'from_numpy',
    'frontend', 'full', 'full_like', 'func', 'get_default_device', 'get_default_dtype',
    'get_float32_matmul_precision', 'get_num_threads', 'get_printoptions', 'get_rng_state',
    'half', 'iinfo', 'inf', 'inference_mode', 'initial_seed', 'int', 'int16', 'int32', 'int64',
    'int8', 'inverse', 'is_async_enabled', 'is_grad_enabled', 'is_inference_mode_enabled',
    'is_tensor', 'isclose', 'library', 'linalg', 'linspace', 'load', 'load_library', 'logdet',
    'long', 'manual_seed', 'matrix_exp', 'multinomial', 'nan', 'nn', 'no_grad', 'normal',
    'ones', 'ones_like', 'opencl', 'ops', 'optim', 'pi', 'pinverse', 'profiler',
    'promote_types', 'qr', 'rand', 'rand_like', 'randint', 'randint_like', 'randn',
    'randn_like', 'randperm', 'result_type', 'rules', 'save', 'seed', 'serialization',
    'set_async', 'set_default_device', 'set_default_dtype', 'set_float32_matmul_precision',
    'set_grad_enabled', 'set_num_threads', 'set_printoptions', 'set_rng_state', 'short',
    'slogdet', 'sparse', 'sparse_coo', 'strided', 'svd', 'synchronize', 'tensor', 'tensors',
    'trace_dispatch', 'transforms', 'uint8', 'unique', 'utils', 'vmap', 'vocab', 'zeros',
    'zeros_like',
)

TENSOR_ATTRIBUTES = (
    'T', '__array__', '__array_priority__', '__array_ufunc__', '__bool__', '__deepcopy__',
    '__dlpack__', '__dlpack_device__', '__float__', '__format__', '__getitem__', '__hash__',
    '__index__', '__int__', '__iter__', '__len__', '__new__', '__pos__', '__reduce_ex__',
    '__repr__', '__setitem__', '_a', '_base', '_bump_version', '_coalesced', '_data_or_raise',
    '_device', '_dtype', '_grad', '_hooks', '_idx', '_key', '_layout', '_meta', '_offset',
    '_on_device', '_output_nr', '_requires_grad', '_retains_grad', '_shape', '_st', '_store',
    '_strides', '_vals', '_vc', '_version', '_version_counter', '_wrap', 'backward',
    'bernoulli', 'bfloat16', 'bool', 'byte', 'char', 'cpu', 'cuda', 'data', 'data_ptr',
    'dense_dim', 'detach', 'detach_', 'device', 'dim', 'double', 'dtype', 'element_size',
    'float', 'grad', 'grad_fn', 'half', 'int', 'is_contiguous', 'is_cpu', 'is_cuda',
    'is_floating_point', 'is_leaf', 'is_meta', 'is_signed', 'is_sparse', 'item', 'itemsize',
    'layout', 'long', 'mT', 'multinomial', 'nbytes', 'ndim', 'ndimension', 'nelement',
    'new_empty', 'new_full', 'new_ones', 'new_tensor', 'new_zeros', 'normal_', 'numel',
    'numpy', 'register_hook', 'register_post_accumulate_grad_hook', 'requires_grad',
    'requires_grad_', 'retain_grad', 'retains_grad', 'shape', 'short', 'size', 'sparse_dim',
    'storage_offset', 'stride', 'tolist', 'type', 'uniform_', 'unique',
)

SHAPE_RULES = (
    'advanced_index', 'arg_reduction', 'bmm', 'broadcast_shapes', 'broadcastable', 'cat',
    'col2im', 'conv_weight_grad', 'convolution', 'dot', 'embedding', 'first_zero_pivot',
    'gather', 'im2col', 'index_add', 'index_put', 'index_select', 'layer_norm',
    'layer_norm_backward', 'layer_norm_backward_all', 'layer_norm_weight_grad',
    'linalg_cholesky', 'linalg_det', 'linalg_eigh', 'linalg_inv', 'linalg_qr',
    'linalg_slogdet', 'linalg_solve', 'linalg_svd', 'linear', 'log_softmax_backward',
    'masked_fill', 'masked_fill_inplace', 'matmul', 'mm', 'nll_loss', 'nll_loss_backward',
    'one_hot', 'reduced_shape', 'reduction_dims', 'reduction_with_indices', 'same_as_self',
    'scan', 'scatter', 'sdpa', 'sdpa_backward', 'softmax', 'softmax_backward', 'sort', 'stack',
    'topk', 'triangle', 'where',
)

FORMULA_HELPERS = {
    'binary_extremum_grad': '(grad, self, other, greater)',
    'cat_backward': '(grad, shapes, dim)',
    'cholesky_backward': '(grad, upper, result)',
    'cholesky_jvp': '(A_t, upper, result)',
    'conv_bias_grad': '(grad)',
    'conv_input_grad': '(grad, input_shape, weight, stride, padding, dilation, transposed, groups)',
    'conv_weight_grad': '(grad, input, weight_shape, stride, padding, dilation, transposed, groups)',
    'conv_weight_grad_output_grad': '(input, grad, stride, padding, dilation, groups)',
    'cumprod_backward': '(grad, self, dim, result)',
    'cumprod_jvp': '(self_t, self, dim, result)',
    'det_jvp': '(A_t, A, result)',
    'diagonal_backward': '(grad, shape, offset, dim1, dim2)',
    'eigh_backward': '(grads, upper, eigenvalues, eigenvectors)',
    'eigh_jvp': '(A_t, upper, eigenvalues, eigenvectors)',
    'embedding_backward': '(grad, weight_shape, indices, padding_idx, scale_grad_by_freq)',
    'empty_like': '(input, *, dtype=None, device=None)',
    'expand_reduced': '(grad, shape, dim, keepdim)',
    'extremum_grad': '(grad, self, result, dim, keepdim)',
    'full': '(size, fill_value, *, dtype=None, device=None)',
    'full_like': '(input, fill_value, *, dtype=None, device=None)',
    'gather_backward': '(grad, shape, dim, index)',
    'im2col_backward': '(grad, self_shape, kernel_size, dilation, padding, stride)',
    'index_add_source_grad': '(grad, dim, index, source_shape, alpha)',
    'index_backward': '(grad, shape, indices)',
    'index_grad': '(grad, shape, dim, indices, keepdim)',
    'index_put_self_grad': '(grad, indices, accumulate)',
    'index_put_values_grad': '(grad, indices, values_shape)',
    'index_select_backward': '(grad, shape, dim, index)',
    'joined_view': '(parts, dim)',
    'layer_norm_grad': '(grad, self, weight, eps, which)',
    'layer_norm_grad_jvp': '(grad_output, self, weight, eps, self_t)',
    'layer_norm_grad_vjp': '(grad, grad_output, self, weight, eps)',
    'linalg_det_backward': '(grad, A, result)',
    'linalg_solve_backward': '(grad, A, result)',
    'linear_bias_grad': '(grad)',
    'linear_input_grad': '(grad, weight, input_shape)',
    'linear_weight_grad': '(grad, input)',
    'mm_mat1_backward': '(grad, mat2)',
    'mm_mat2_backward': '(grad, self)',
    'ones': '(size, *, dtype=None, device=None)',
    'ones_like': '(input, *, dtype=None, device=None)',
    'permute_backward': '(grad, dims)',
    'pow_exponent_grad': '(grad, self, exponent, result)',
    'pow_self_grad': '(grad, self, exponent)',
    'prod_grad': '(grad, self, result, dim, keepdim)',
    'qr_backward': '(grads, A, Q, R)',
    'qr_jvp': '(A_t, A, Q, R)',
    'reduced_count': '(shape, dim)',
    'reduction_jvp_extremum': '(self_t, self, result, dim, keepdim)',
    'reduction_jvp_prod': '(self_t, self, result, dim, keepdim)',
    'reversed_cumsum': '(grad, dim)',
    'scale': '(grad, alpha)',
    'scatter_src_grad': '(grad, dim, index, src_shape)',
    'sdpa_grad': '(grad, query, key, value, scale, is_causal, which)',
    'sdpa_jvp': '(query, key, value, scale, is_causal, tangent, which)',
    'select_backward': '(grad, shape, dim, index)',
    'slice_backward': '(grad, shape, dim, start, end, step)',
    'slogdet_backward': '(grads, A)',
    'slogdet_jvp': '(A_t, A, sign)',
    'sparse_mm_mat1_backward': '(grad, mat2, self)',
    'split_backward': '(grads, shapes, dim)',
    'stack_backward': '(grad, n, dim)',
    'sum_to': "(grad, shape, node='?', index=0)",
    'svd_backward': '(grads, A, U, S, Vh)',
    'svd_jvp': '(A_t, full_matrices, U, S, Vh)',
    'take_along': '(self_t, dim, indices, keepdim=True)',
    'zeros': '(size, *, dtype=None, device=None)',
    'zeros_like': '(input, *, dtype=None, device=None)',
}

KERNELS = {
    'CPU': (
        'argmax', 'argmin', 'bitwise_not_cpu', 'bmm', 'cat_cpu', 'chunk_cpu', 'clone_cpu',
        'col2im_cpu', 'contiguous_cpu', 'conv_weight_grad_cpu', 'convolution_cpu', 'copy_cpu',
        'cumprod_cpu', 'cumsum_cpu', 'diagonal_cpu', 'dot', 'embedding_cpu', 'expand_cpu',
        'fill_cpu', 'flatten_cpu', 'gather_cpu', 'im2col_cpu', 'index_add_cpu', 'index_cpu',
        'index_put_cpu', 'index_put_inplace_cpu', 'index_select_cpu',
        'layer_norm_backward_all_cpu', 'layer_norm_backward_cpu', 'layer_norm_cpu',
        'layer_norm_weight_grad_cpu', 'linalg_cholesky_cpu', 'linalg_det_cpu',
        'linalg_eigh_cpu', 'linalg_inv_cpu', 'linalg_qr_cpu', 'linalg_slogdet_cpu',
        'linalg_solve_cpu', 'linalg_svd_cpu', 'linear_cpu', 'log_softmax_backward_cpu',
        'log_softmax_cpu', 'masked_fill_cpu', 'masked_fill_inplace_cpu', 'max_dim', 'min_dim',
        'mm', 'narrow_cpu', 'nll_loss_backward_cpu', 'nll_loss_cpu', 'nonzero_as_tuple_cpu',
        'nonzero_cpu', 'nonzero_numpy_cpu', 'one_hot_cpu', 'permute_cpu',
        'repeat_interleave_cpu', 'reshape_cpu', 'scatter_add_cpu', 'scatter_src_cpu',
        'scatter_value_cpu', 'sdpa_backward_cpu', 'sdpa_cpu', 'select_cpu', 'slice_cpu',
        'softmax_backward_cpu', 'softmax_cpu', 'sort_cpu', 'sparse_coo_tensor', 'split_cpu',
        'split_sizes_cpu', 'squeeze_cpu', 'squeeze_dim_cpu', 'squeeze_dims_cpu', 'stack_cpu',
        't_cpu', 'to_dense_strided', 'to_device_cpu', 'to_dtype_cpu', 'to_sparse', 'topk_cpu',
        'transpose_cpu', 'tril_cpu', 'triu_cpu', 'unique_cpu', 'unsqueeze_cpu',
        'values_at_strided', 'view_cpu', 'where', 'zero_cpu',
    ),
    'Meta': (
        'chunk_meta', 'clone_meta', 'contiguous_meta', 'copy_meta', 'diagonal_meta',
        'expand_meta', 'fill_meta', 'flatten_meta', 'index_put_inplace_meta',
        'masked_fill_inplace_meta', 'narrow_meta', 'permute_meta', 'reshape_meta',
        'select_meta', 'slice_meta', 'sparse_coo_tensor', 'split_meta', 'split_sizes_meta',
        'squeeze_dim_meta', 'squeeze_dims_meta', 'squeeze_meta', 't_meta', 'to_dense_strided',
        'to_device_meta', 'to_dtype_meta', 'to_sparse', 'transpose_meta', 'unsqueeze_meta',
        'values_at_strided', 'view_meta', 'zero_meta',
    ),
    'SparseCPU': (
        'add_sparse', 'all_sparse', 'any_sparse', 'clone_sparse', 'coalesce', 'div_sparse',
        'indices', 'is_coalesced', 'matmul_sparse', 'mm_sparse', 'mul_sparse', 'nnz',
        'pow_sparse', 'raw_indices', 'raw_values', 'sparse_mask', 'sparse_sampled_mm',
        'sub_sparse', 'sum_sparse', 't_sparse', 'to_dense', 'to_device_sparse',
        'to_dtype_sparse', 'to_sparse_sparse', 'transpose_sparse', 'values', 'values_at',
    ),
    'CompositeImplicitAutograd': (
        'addmm', 'argsort', 'argsort_stable', 'baddbmm', 'broadcast_to', 'clamp', 'clamp_max',
        'clamp_min', 'clamp_tensor', 'clip', 'constant_pad_nd', 'cosine_similarity', 'diag',
        'div_mode', 'einsum', 'expand_as', 'flip', 'hstack', 'huber_loss', 'kl_div',
        'logsumexp', 'masked_select', 'matmul', 'max_all', 'max_other', 'meshgrid',
        'meshgrid_indexing', 'min_all', 'min_other', 'movedim', 'nan_to_num', 'norm', 'outer',
        'repeat', 'repeat_interleave_self_int', 'repeat_interleave_self_tensor', 'reshape_as',
        'roll', 'sort_stable', 'square', 'std', 'std_correction', 'std_dim', 'std_mean',
        'std_mean_correction', 'std_mean_dim', 'tile', 'to_other', 'trace', 'type_as',
        'unbind', 'unflatten', 'var', 'var_correction', 'var_dim', 'var_mean',
        'var_mean_correction', 'var_mean_dim', 'view_as', 'vstack',
    ),
}
