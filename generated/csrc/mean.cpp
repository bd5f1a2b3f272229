// @generated from native_functions.yaml: mean (sha256 e53bbc9223f8167d).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: mean
// The C++ kernel of `mean` (native_functions.yaml:493): the `::al::MeanReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_mean {

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar*) {
  switch (dtype) {
    case ::al::kFloat16: return ::al::reduce<::al::MeanReducer<::al::half>, ::al::half>(t);
    case ::al::kFloat32: return ::al::reduce<::al::MeanReducer<float>, float>(t);
    case ::al::kFloat64: return ::al::reduce<::al::MeanReducer<double>, double>(t);
    default: return ::al::kUnsupportedDType;
  }
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_mean

AL_REGISTER_KERNEL(mean, {"mean", &::al::math::op_mean::entry,
                   1, 0, 0x1c0, ::al::OutKind::kSame, ::al::KernelKind::kReduction,
                   ::al::math::op_mean::kTensorNames, nullptr})
