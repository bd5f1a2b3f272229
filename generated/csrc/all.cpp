// @generated from native_functions.yaml: all (sha256 da0f7781d5ee8656).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: all
// The C++ kernel of `all` (native_functions.yaml:517): the `::al::AllReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_all {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kBool: return ::al::reduce<::al::AllReducer<bool>, bool>(t);
    case ::al::kUInt8: return ::al::reduce<::al::AllReducer<uint8_t>, uint8_t>(t);
    case ::al::kInt8: return ::al::reduce<::al::AllReducer<int8_t>, int8_t>(t);
    case ::al::kInt16: return ::al::reduce<::al::AllReducer<int16_t>, int16_t>(t);
    case ::al::kInt32: return ::al::reduce<::al::AllReducer<int32_t>, int32_t>(t);
    case ::al::kInt64: return ::al::reduce<::al::AllReducer<int64_t>, int64_t>(t);
    case ::al::kFloat16: return ::al::reduce<::al::AllReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::AllReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::AllReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_all

AL_REGISTER_KERNEL(all, {"all", &::al::math::op_all::entry,
                   1, 0, 0x1ff, ::al::OutKind::kBool, ::al::KernelKind::kReduction,
                   ::al::math::op_all::kTensorNames, nullptr})
