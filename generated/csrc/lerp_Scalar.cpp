// @generated from native_functions.yaml: lerp.Scalar (sha256 20b9d3ccedf35416).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: lerp.Scalar
// The C++ kernel of `lerp.Scalar`: its `elementwise:` expression (native_functions.yaml:1275) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_lerp_Scalar {

template <class AlCompute>
struct Functor {
  AlCompute weight;

  auto operator()(AlCompute self, AlCompute end) const {
#line 1275 "native_functions.yaml"
    return abs(weight) < 0.5 ? self + weight * (end - self) : end - (end - self) * (1 - weight);
#line 19 "generated/csrc/lerp_Scalar.cpp"
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
const char* const kTensorNames[] = {"self", "end", nullptr};
const char* const kScalarNames[] = {"weight", nullptr};

}  // namespace al::math::op_lerp_Scalar

AL_REGISTER_KERNEL(lerp_Scalar, {"lerp.Scalar", &::al::math::op_lerp_Scalar::entry,
                   2, 1, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_lerp_Scalar::kTensorNames,
                   ::al::math::op_lerp_Scalar::kScalarNames})
