// @generated from native_functions.yaml: log10 (sha256 40fd552324564587).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: log10
// The C++ kernel of `log10`: its `elementwise:` expression (native_functions.yaml:1159) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_log10 {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 1159 "native_functions.yaml"
    return log10(self);
#line 18 "generated/csrc/log10.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{};
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
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_log10

AL_REGISTER_KERNEL(log10, {"log10", &::al::math::op_log10::entry,
                   1, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_log10::kTensorNames,
                   ::al::math::op_log10::kScalarNames})
