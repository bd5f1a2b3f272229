// @generated from native_functions.yaml: sum (sha256 6c0995a398280fbe).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sum
// The C++ kernel of `sum` (native_functions.yaml:483): the `::al::SumReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_sum {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kBool: return ::al::reduce<::al::SumReducer<bool>, bool>(t);
    case ::al::kUInt8: return ::al::reduce<::al::SumReducer<uint8_t>, uint8_t>(t);
    case ::al::kInt8: return ::al::reduce<::al::SumReducer<int8_t>, int8_t>(t);
    case ::al::kInt16: return ::al::reduce<::al::SumReducer<int16_t>, int16_t>(t);
    case ::al::kInt32: return ::al::reduce<::al::SumReducer<int32_t>, int32_t>(t);
    case ::al::kInt64: return ::al::reduce<::al::SumReducer<int64_t>, int64_t>(t);
    case ::al::kFloat16: return ::al::reduce<::al::SumReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::SumReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::SumReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_sum

AL_REGISTER_KERNEL(sum, {"sum", &::al::math::op_sum::entry,
                   1, 0, 0x1ff, ::al::OutKind::kWideInt, ::al::KernelKind::kReduction,
                   ::al::math::op_sum::kTensorNames, nullptr})
