// @generated from native_functions.yaml: mean (sha256 9e1e6d72abd6cee1).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: mean
// The C++ kernel of `mean` (native_functions.yaml:493): the `::al::MeanReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_mean {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::MeanReducer>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_mean

AL_REGISTER_KERNEL(mean, {"mean", &::al::math::op_mean::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame, ::al::KernelKind::kReduction,
                   ::al::math::op_mean::kTensorNames, nullptr})
