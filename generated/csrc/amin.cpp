// @generated from native_functions.yaml: amin (sha256 5313eeaf3debe60d).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: amin
// The C++ kernel of `amin` (native_functions.yaml:511): the `::al::AminReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_amin {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::AminReducer>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_amin

AL_REGISTER_KERNEL(amin, {"amin", &::al::math::op_amin::entry,
                   1, 0, 0x3ff, ::al::OutKind::kSame, ::al::KernelKind::kReduction,
                   ::al::math::op_amin::kTensorNames, nullptr})
