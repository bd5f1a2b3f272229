// @generated from native_functions.yaml: amin (sha256 bd0a404af2ae830d).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: amin
// The C++ kernel of `amin` (native_functions.yaml:511): the `::al::AminReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_amin {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kBool: return ::al::reduce<::al::AminReducer<bool>, bool>(t);
    case ::al::kUInt8: return ::al::reduce<::al::AminReducer<uint8_t>, uint8_t>(t);
    case ::al::kInt8: return ::al::reduce<::al::AminReducer<int8_t>, int8_t>(t);
    case ::al::kInt16: return ::al::reduce<::al::AminReducer<int16_t>, int16_t>(t);
    case ::al::kInt32: return ::al::reduce<::al::AminReducer<int32_t>, int32_t>(t);
    case ::al::kInt64: return ::al::reduce<::al::AminReducer<int64_t>, int64_t>(t);
    case ::al::kFloat16: return ::al::reduce<::al::AminReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::AminReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::AminReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_amin

AL_REGISTER_KERNEL(amin, {"amin", &::al::math::op_amin::entry,
                   1, 0, 0x1ff, ::al::OutKind::kSame, ::al::KernelKind::kReduction,
                   ::al::math::op_amin::kTensorNames, nullptr})
