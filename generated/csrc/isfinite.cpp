// @generated from native_functions.yaml: isfinite (sha256 43de9b0e618b340f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: isfinite
// The C++ kernel of `isfinite`: its `elementwise:` expression (native_functions.yaml:1198) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_isfinite {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 1198 "native_functions.yaml"
    return self - self == self - self;
#line 18 "generated/csrc/isfinite.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{};
  return ::al::elementwise<bool, AlStorage, 1>(t, f);
}

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  switch (dtype) {
    case ::al::kBool: return run<bool>(t, s);
    case ::al::kUInt8: return run<uint8_t>(t, s);
    case ::al::kInt8: return run<int8_t>(t, s);
    case ::al::kInt16: return run<int16_t>(t, s);
    case ::al::kInt32: return run<int32_t>(t, s);
    case ::al::kInt64: return run<int64_t>(t, s);
    case ::al::kFloat16: return run<::al::half>(t, s);
    case ::al::kFloat32: return run<float>(t, s);
    case ::al::kFloat64: return run<double>(t, s);
    default: return ::al::kUnsupportedDType;
  }
}

// Schema names for error messages; the null ends a list that may be empty.
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_isfinite

AL_REGISTER_KERNEL(isfinite, {"isfinite", &::al::math::op_isfinite::entry,
                   1, 0, 0x1ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_isfinite::kTensorNames,
                   ::al::math::op_isfinite::kScalarNames})
