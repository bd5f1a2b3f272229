// @generated from native_functions.yaml: all (sha256 d7fce778e038d9c2).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: all
// The C++ kernel of `all` (native_functions.yaml:517): the `::al::AllReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_all {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::AllReducer>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_all

AL_REGISTER_KERNEL(all, {"all", &::al::math::op_all::entry,
                   1, 0, 0x3ff, ::al::OutKind::kBool, ::al::KernelKind::kReduction,
                   ::al::math::op_all::kTensorNames, nullptr})
