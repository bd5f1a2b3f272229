// @generated from native_functions.yaml: _gelu_backward (sha256 d41da8dedb69a93f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _gelu_backward
// The C++ kernel of `_gelu_backward`: its `elementwise:` expression (native_functions.yaml:639) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__gelu_backward {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 639 "native_functions.yaml"
    return grad_output * (0.5 * (1 + erf(self * 0.70710678118654752)) + self * exp(-0.5 * self * self) * 0.39894228040143268);
#line 18 "generated/csrc/_gelu_backward.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{};
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
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__gelu_backward

AL_REGISTER_KERNEL(_gelu_backward, {"_gelu_backward", &::al::math::op__gelu_backward::entry,
                   2, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__gelu_backward::kTensorNames,
                   ::al::math::op__gelu_backward::kScalarNames})
