// @generated from native_functions.yaml: amax (sha256 50aac0495ff4bff3).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: amax
// The C++ kernel of `amax` (native_functions.yaml:505): the `::al::AmaxReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_amax {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kBool: return ::al::reduce<::al::AmaxReducer<bool>, bool>(t);
    case ::al::kUInt8: return ::al::reduce<::al::AmaxReducer<uint8_t>, uint8_t>(t);
    case ::al::kInt8: return ::al::reduce<::al::AmaxReducer<int8_t>, int8_t>(t);
    case ::al::kInt16: return ::al::reduce<::al::AmaxReducer<int16_t>, int16_t>(t);
    case ::al::kInt32: return ::al::reduce<::al::AmaxReducer<int32_t>, int32_t>(t);
    case ::al::kInt64: return ::al::reduce<::al::AmaxReducer<int64_t>, int64_t>(t);
    case ::al::kFloat16: return ::al::reduce<::al::AmaxReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::AmaxReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::AmaxReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_amax

AL_REGISTER_KERNEL(amax, {"amax", &::al::math::op_amax::entry,
                   1, 0, 0x1ff, ::al::OutKind::kSame, ::al::KernelKind::kReduction,
                   ::al::math::op_amax::kTensorNames, nullptr})
