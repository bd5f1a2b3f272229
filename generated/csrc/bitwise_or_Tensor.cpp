// @generated from native_functions.yaml: bitwise_or.Tensor (sha256 861551de77542e0d).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: bitwise_or.Tensor
// The C++ kernel of `bitwise_or.Tensor`: its `elementwise:` expression (native_functions.yaml:1225) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_bitwise_or_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 1225 "native_functions.yaml"
    return self | other;
#line 18 "generated/csrc/bitwise_or_Tensor.cpp"
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
    case ::al::kBool: return run<bool>(t, s);
    case ::al::kUInt8: return run<uint8_t>(t, s);
    case ::al::kInt8: return run<int8_t>(t, s);
    case ::al::kInt16: return run<int16_t>(t, s);
    case ::al::kInt32: return run<int32_t>(t, s);
    case ::al::kInt64: return run<int64_t>(t, s);
    default: return ::al::kUnsupportedDType;
  }
}

// Schema names for error messages; the null ends a list that may be empty.
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_bitwise_or_Tensor

AL_REGISTER_KERNEL(bitwise_or_Tensor, {"bitwise_or.Tensor", &::al::math::op_bitwise_or_Tensor::entry,
                   2, 0, 0x03f, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_bitwise_or_Tensor::kTensorNames,
                   ::al::math::op_bitwise_or_Tensor::kScalarNames})
