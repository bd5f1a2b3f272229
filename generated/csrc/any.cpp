// @generated from native_functions.yaml: any (sha256 e8137e7d9021a110).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: any
// The C++ kernel of `any` (native_functions.yaml:525): the `::al::AnyReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_any {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kBool: return ::al::reduce<::al::AnyReducer<bool>, bool>(t);
    case ::al::kUInt8: return ::al::reduce<::al::AnyReducer<uint8_t>, uint8_t>(t);
    case ::al::kInt8: return ::al::reduce<::al::AnyReducer<int8_t>, int8_t>(t);
    case ::al::kInt16: return ::al::reduce<::al::AnyReducer<int16_t>, int16_t>(t);
    case ::al::kInt32: return ::al::reduce<::al::AnyReducer<int32_t>, int32_t>(t);
    case ::al::kInt64: return ::al::reduce<::al::AnyReducer<int64_t>, int64_t>(t);
    case ::al::kFloat16: return ::al::reduce<::al::AnyReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::AnyReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::AnyReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_any

AL_REGISTER_KERNEL(any, {"any", &::al::math::op_any::entry,
                   1, 0, 0x1ff, ::al::OutKind::kBool, ::al::KernelKind::kReduction,
                   ::al::math::op_any::kTensorNames, nullptr})
