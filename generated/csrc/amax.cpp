// @generated from native_functions.yaml: amax (sha256 2e5d0110e7bdf26b).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: amax
// The C++ kernel of `amax` (native_functions.yaml:505): the `::al::AmaxReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_amax {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::AmaxReducer>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_amax

AL_REGISTER_KERNEL(amax, {"amax", &::al::math::op_amax::entry,
                   1, 0, 0x3ff, ::al::OutKind::kSame, ::al::KernelKind::kReduction,
                   ::al::math::op_amax::kTensorNames, nullptr})
