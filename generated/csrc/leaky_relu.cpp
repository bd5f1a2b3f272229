// @generated from native_functions.yaml: leaky_relu (sha256 80e2f4b5415d1146).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: leaky_relu
// The C++ kernel of `leaky_relu`: its `elementwise:` expression (native_functions.yaml:660) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_leaky_relu {

template <class AlCompute>
struct Functor {
  AlCompute negative_slope;

  auto operator()(AlCompute self) const {
#line 660 "native_functions.yaml"
    return self > 0 ? self : self * negative_slope;
#line 19 "generated/csrc/leaky_relu.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{s[0].to<AlCompute>()};
  return ::al::elementwise<AlStorage, AlStorage, 1>(t, f);
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
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"negative_slope", nullptr};

}  // namespace al::math::op_leaky_relu

AL_REGISTER_KERNEL(leaky_relu, {"leaky_relu", &::al::math::op_leaky_relu::entry,
                   1, 1, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_leaky_relu::kTensorNames,
                   ::al::math::op_leaky_relu::kScalarNames})
