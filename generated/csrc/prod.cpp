// @generated from native_functions.yaml: prod (sha256 0202f790de76ce04).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: prod
// The C++ kernel of `prod` (native_functions.yaml:499): the `::al::ProdReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_prod {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kBool: return ::al::reduce<::al::ProdReducer<bool>, bool>(t);
    case ::al::kUInt8: return ::al::reduce<::al::ProdReducer<uint8_t>, uint8_t>(t);
    case ::al::kInt8: return ::al::reduce<::al::ProdReducer<int8_t>, int8_t>(t);
    case ::al::kInt16: return ::al::reduce<::al::ProdReducer<int16_t>, int16_t>(t);
    case ::al::kInt32: return ::al::reduce<::al::ProdReducer<int32_t>, int32_t>(t);
    case ::al::kInt64: return ::al::reduce<::al::ProdReducer<int64_t>, int64_t>(t);
    case ::al::kFloat16: return ::al::reduce<::al::ProdReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::ProdReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::ProdReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_prod

AL_REGISTER_KERNEL(prod, {"prod", &::al::math::op_prod::entry,
                   1, 0, 0x1ff, ::al::OutKind::kWideInt, ::al::KernelKind::kReduction,
                   ::al::math::op_prod::kTensorNames, nullptr})
