# @generated from native_functions.yaml: the elementwise ops (sha256 fefa563e6eae5a13).
# Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

"""What graph mode builds fused kernels from (aten_lite/compile/kernels_source.py): each
functional `elementwise:` op's expression and the facts its own generated C++ kernel is made
of, so that graph mode neither reads the YAML nor runs the generator (Note [The fusion table]
in tools/codegen/api_fusion.py). Plain literals; imports nothing.
"""

# dtype -> the C++ type its elements are stored as (the generated kernels' dtype switch).
STORAGE = {'bool': 'bool', 'uint8': 'uint8_t', 'int8': 'int8_t', 'int16': 'int16_t', 'int32': 'int32_t', 'int64': 'int64_t', 'float16': '::al::half', 'float32': 'float', 'float64': 'double', 'bfloat16': '::al::bf16'}

# reduction -> its reducer class template (aten_lite/csrc/reducers.h).
REDUCERS = {'sum': '::al::SumReducer', 'prod': '::al::ProdReducer', 'mean': '::al::MeanReducer', 'amax': '::al::AmaxReducer', 'amin': '::al::AminReducer', 'all': '::al::AllReducer', 'any': '::al::AnyReducer'}

# The fields of an ELEMENTWISE row, in order. args: every schema argument as (name, default as
# written in the schema, or None when required); tensors and scalars: the functor's parameters
# and its captured Scalar members.
FIELDS = ('expr', 'file', 'line', 'args', 'tensors', 'scalars', 'type_promotion', 'dtypes', 'int_operand')

# op -> its row, one functional `elementwise:` op per line, in YAML order.
ELEMENTWISE = {
    'neg': ('-self', 'native_functions.yaml', 8, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'abs': ('abs(self)', 'native_functions.yaml', 20, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'sign': ('sign(self)', 'native_functions.yaml', 32, (('self', None),), ('self',), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'relu': ('self < 0 ? 0 : self', 'native_functions.yaml', 45, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'sigmoid': ('sigmoid(self)', 'native_functions.yaml', 57, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'tanh': ('tanh(self)', 'native_functions.yaml', 66, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'exp': ('exp(self)', 'native_functions.yaml', 76, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'expm1': ('expm1(self)', 'native_functions.yaml', 85, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'log': ('log(self)', 'native_functions.yaml', 95, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'log1p': ('log1p(self)', 'native_functions.yaml', 104, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'sqrt': ('sqrt(self)', 'native_functions.yaml', 114, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'rsqrt': ('rsqrt(self)', 'native_functions.yaml', 124, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'reciprocal': ('reciprocal(self)', 'native_functions.yaml', 133, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'sin': ('sin(self)', 'native_functions.yaml', 142, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'cos': ('cos(self)', 'native_functions.yaml', 152, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'floor': ('floor(self)', 'native_functions.yaml', 161, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'ceil': ('ceil(self)', 'native_functions.yaml', 173, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'round': ('round_half_even(self)', 'native_functions.yaml', 185, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'trunc': ('trunc(self)', 'native_functions.yaml', 197, (('self', None),), ('self',), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'logical_not': ('self == 0', 'native_functions.yaml', 209, (('self', None),), ('self',), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'add.Tensor': ('self + alpha * other', 'native_functions.yaml', 226, (('self', None), ('other', None), ('alpha', '1')), ('self', 'other'), ('alpha',), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'sub.Tensor': ('self - alpha * other', 'native_functions.yaml', 239, (('self', None), ('other', None), ('alpha', '1')), ('self', 'other'), ('alpha',), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'mul.Tensor': ('self * other', 'native_functions.yaml', 252, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'div.Tensor': ('self / other', 'native_functions.yaml', 265, (('self', None), ('other', None)), ('self', 'other'), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'floor_divide': ('floor_divide(self, other)', 'native_functions.yaml', 276, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), 'nonzero'),
    'pow.Tensor_Tensor': ('pow(self, exponent)', 'native_functions.yaml', 288, (('self', None), ('exponent', None)), ('self', 'exponent'), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), 'nonnegative'),
    'maximum': ('maximum(self, other)', 'native_functions.yaml', 302, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'minimum': ('minimum(self, other)', 'native_functions.yaml', 313, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'remainder.Tensor': ('remainder(self, other)', 'native_functions.yaml', 324, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), 'nonzero'),
    'eq.Tensor': ('self == other', 'native_functions.yaml', 336, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'ne.Tensor': ('self != other', 'native_functions.yaml', 345, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'lt.Tensor': ('self < other', 'native_functions.yaml', 354, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'le.Tensor': ('self <= other', 'native_functions.yaml', 363, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'gt.Tensor': ('self > other', 'native_functions.yaml', 372, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'ge.Tensor': ('self >= other', 'native_functions.yaml', 381, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'logical_and': ('self != 0 && other != 0', 'native_functions.yaml', 390, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'logical_or': ('self != 0 || other != 0', 'native_functions.yaml', 399, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    '_div_trunc': ('trunc_divide(self, other)', 'native_functions.yaml', 412, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), 'nonzero'),
    'gelu': ('::al::math::detail::real_t<AlCompute>(0.5) * self * (1 + erf(self * ::al::math::detail::real_t<AlCompute>(0.70710678118654752)))', 'native_functions.yaml', 633, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_gelu_backward': ('grad_output * (::al::math::detail::real_t<AlCompute>(0.5) * (1 + erf(self * ::al::math::detail::real_t<AlCompute>(0.70710678118654752))) + self * exp(-::al::math::detail::real_t<AlCompute>(0.5) * self * self) * ::al::math::detail::real_t<AlCompute>(0.39894228040143268))', 'native_functions.yaml', 640, (('grad_output', None), ('self', None)), ('grad_output', 'self'), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'silu': ('self / (1 + exp(-self))', 'native_functions.yaml', 647, (('self', None),), ('self',), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_copy_strided': ('self', 'native_functions.yaml', 655, (('self', None),), ('self',), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'leaky_relu': ('self > 0 ? self : self * negative_slope', 'native_functions.yaml', 661, (('self', None), ('negative_slope', '0.01')), ('self',), ('negative_slope',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_leaky_relu_backward': ('self > 0 ? grad_output : grad_output * negative_slope', 'native_functions.yaml', 669, (('grad_output', None), ('self', None), ('negative_slope', None)), ('grad_output', 'self'), ('negative_slope',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_tanh_backward': ('grad_output * (1 - tanh_out * tanh_out)', 'native_functions.yaml', 674, (('grad_output', None), ('tanh_out', None)), ('grad_output', 'tanh_out'), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'log10': ('log10(self)', 'native_functions.yaml', 1184, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'log2': ('log2(self)', 'native_functions.yaml', 1196, (('self', None),), ('self',), (), 'int_to_float', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'isnan': ('self != self', 'native_functions.yaml', 1209, (('self', None),), ('self',), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'isinf': ('self == self && self - self != self - self', 'native_functions.yaml', 1216, (('self', None),), ('self',), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'isfinite': ('self - self == self - self', 'native_functions.yaml', 1223, (('self', None),), ('self',), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'logical_xor': ('(self != 0) != (other != 0)', 'native_functions.yaml', 1230, (('self', None), ('other', None)), ('self', 'other'), (), 'always_bool', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    'bitwise_and.Tensor': ('self & other', 'native_functions.yaml', 1239, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64'), None),
    'bitwise_or.Tensor': ('self | other', 'native_functions.yaml', 1250, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64'), None),
    'bitwise_xor.Tensor': ('self ^ other', 'native_functions.yaml', 1261, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('bool', 'uint8', 'int8', 'int16', 'int32', 'int64'), None),
    'fmod.Tensor': ('fmod(self, other)', 'native_functions.yaml', 1287, (('self', None), ('other', None)), ('self', 'other'), (), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), 'nonzero'),
    'lerp.Scalar': ('abs(weight) < ::al::math::detail::real_t<AlCompute>(0.5) ? self + weight * (end - self) : end - (end - self) * (1 - weight)', 'native_functions.yaml', 1300, (('self', None), ('end', None), ('weight', None)), ('self', 'end'), ('weight',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'lerp.Tensor': ('abs(weight) < ::al::math::detail::real_t<AlCompute>(0.5) ? self + weight * (end - self) : end - (end - self) * (1 - weight)', 'native_functions.yaml', 1311, (('self', None), ('end', None), ('weight', None)), ('self', 'end', 'weight'), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_nan_to_num': ('self != self ? nan : (self - self == self - self ? self : (self > 0 ? posinf : neginf))', 'native_functions.yaml', 1322, (('self', None), ('nan', None), ('posinf', None), ('neginf', None)), ('self',), ('nan', 'posinf', 'neginf'), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'elu': ('self > 0 ? self * scale : expm1(self * input_scale) * alpha * scale', 'native_functions.yaml', 1821, (('self', None), ('alpha', '1'), ('scale', '1'), ('input_scale', '1')), ('self',), ('alpha', 'scale', 'input_scale'), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_elu_backward': ('self > 0 ? grad_output * scale : grad_output * alpha * scale * input_scale * exp(self * input_scale)', 'native_functions.yaml', 1829, (('grad_output', None), ('self', None), ('alpha', None), ('scale', None), ('input_scale', None)), ('grad_output', 'self'), ('alpha', 'scale', 'input_scale'), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'hardtanh': ('self < min_val ? min_val : (self > max_val ? max_val : self)', 'native_functions.yaml', 1837, (('self', None), ('min_val', '-1'), ('max_val', '1')), ('self',), ('min_val', 'max_val'), 'default', ('int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    '_hardtanh_backward': ('(self <= min_val || self >= max_val) ? 0 : grad_output', 'native_functions.yaml', 1844, (('grad_output', None), ('self', None), ('min_val', None), ('max_val', None)), ('grad_output', 'self'), ('min_val', 'max_val'), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'hardsigmoid': ('self <= -3 ? 0 : (self >= 3 ? 1 : self / 6 + ::al::math::detail::real_t<AlCompute>(0.5))', 'native_functions.yaml', 1850, (('self', None),), ('self',), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_hardsigmoid_backward': ('(self > -3 && self < 3) ? grad_output / 6 : 0', 'native_functions.yaml', 1857, (('grad_output', None), ('self', None)), ('grad_output', 'self'), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'hardswish': ('self * (self + 3 <= 0 ? 0 : (self + 3 >= 6 ? 6 : self + 3)) / 6', 'native_functions.yaml', 1864, (('self', None),), ('self',), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_hardswish_backward': ('self <= -3 ? 0 : (self < 3 ? grad_output * (self / 3 + ::al::math::detail::real_t<AlCompute>(0.5)) : grad_output)', 'native_functions.yaml', 1872, (('grad_output', None), ('self', None)), ('grad_output', 'self'), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'hardshrink': ('(self >= -lambd && self <= lambd) ? 0 : self', 'native_functions.yaml', 1878, (('self', None), ('lambd', '0.5')), ('self',), ('lambd',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'softshrink': ('self > lambd ? self - lambd : (self < -lambd ? self + lambd : (self == self ? 0 : self))', 'native_functions.yaml', 1886, (('self', None), ('lambd', '0.5')), ('self',), ('lambd',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_shrink_backward': ('(self >= -lambd && self <= lambd) ? 0 : grad_output', 'native_functions.yaml', 1892, (('grad_output', None), ('self', None), ('lambd', None)), ('grad_output', 'self'), ('lambd',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_softplus': ('self * beta > threshold ? self : log1p(exp(self * beta)) / beta', 'native_functions.yaml', 1899, (('self', None), ('beta', '1'), ('threshold', '20')), ('self',), ('beta', 'threshold'), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_softplus_backward': ('self * beta > threshold ? grad_output : grad_output * sigmoid(self * beta)', 'native_functions.yaml', 1904, (('grad_output', None), ('self', None), ('beta', None), ('threshold', None)), ('grad_output', 'self'), ('beta', 'threshold'), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'log_sigmoid': ('(self < 0 ? self : 0) - log1p(exp(-abs(self)))', 'native_functions.yaml', 1911, (('self', None),), ('self',), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_log_sigmoid_backward': ('grad_output * sigmoid(-self)', 'native_functions.yaml', 1916, (('grad_output', None), ('self', None)), ('grad_output', 'self'), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'mish': ('self * tanh(self > 20 ? self : log1p(exp(self)))', 'native_functions.yaml', 1922, (('self', None),), ('self',), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    '_mish_backward': ('grad_output * (tanh(self > 20 ? self : log1p(exp(self))) + self * sigmoid(self) * (1 - tanh(self > 20 ? self : log1p(exp(self))) * tanh(self > 20 ? self : log1p(exp(self)))))', 'native_functions.yaml', 1930, (('grad_output', None), ('self', None)), ('grad_output', 'self'), (), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
    'threshold': ('self <= threshold ? value : self', 'native_functions.yaml', 1936, (('self', None), ('threshold', None), ('value', None)), ('self',), ('threshold', 'value'), 'default', ('uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'bfloat16'), None),
    '_threshold_backward': ('self <= threshold ? 0 : grad_output', 'native_functions.yaml', 1943, (('grad_output', None), ('self', None), ('threshold', None)), ('grad_output', 'self'), ('threshold',), 'default', ('float16', 'float32', 'float64', 'bfloat16'), None),
}
