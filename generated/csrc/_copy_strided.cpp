// @generated from native_functions.yaml: _copy_strided (sha256 2d6a98537e47ca24).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _copy_strided
// The C++ kernel of `_copy_strided`: its `elementwise:` expression (native_functions.yaml:654) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__copy_strided {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 654 "native_functions.yaml"
    return self;
#line 18 "generated/csrc/_copy_strided.cpp"
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

}  // namespace al::math::op__copy_strided

AL_REGISTER_KERNEL(_copy_strided, {"_copy_strided", &::al::math::op__copy_strided::entry,
                   1, 0, 0x1ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__copy_strided::kTensorNames,
                   ::al::math::op__copy_strided::kScalarNames})
