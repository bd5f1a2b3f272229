// @generated from native_functions.yaml: _leaky_relu_backward (sha256 0948cdd44cf613b4).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _leaky_relu_backward
// The C++ kernel of `_leaky_relu_backward`: its `elementwise:` expression (native_functions.yaml:668) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__leaky_relu_backward {

template <class AlCompute>
struct Functor {
  AlCompute negative_slope;

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 668 "native_functions.yaml"
    return self > 0 ? grad_output : grad_output * negative_slope;
#line 19 "generated/csrc/_leaky_relu_backward.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{s[0].to<AlCompute>()};
  return ::al::elementwise<AlStorage, AlStorage, 2>(t, f);
}

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  switch (dtype) {
    case ::al::kFloat16: return run<::al::half>(t, s);
    case ::al::kFloat32: return run<float>(t, s);
    case ::al::kFloat64: return run<double>(t, s);
    default: return ::al::kUnsupportedDType;
  }
}

// Schema names for error messages; the null ends a list that may be empty.
const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {"negative_slope", nullptr};

}  // namespace al::math::op__leaky_relu_backward

AL_REGISTER_KERNEL(_leaky_relu_backward, {"_leaky_relu_backward", &::al::math::op__leaky_relu_backward::entry,
                   2, 1, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__leaky_relu_backward::kTensorNames,
                   ::al::math::op__leaky_relu_backward::kScalarNames})
