// @generated from native_functions.yaml: any (sha256 389adca69abe87ee).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: any
// The C++ kernel of `any` (native_functions.yaml:525): the `::al::AnyReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_any {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::AnyReducer>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_any

AL_REGISTER_KERNEL(any, {"any", &::al::math::op_any::entry,
                   1, 0, 0x3ff, ::al::OutKind::kBool, ::al::KernelKind::kReduction,
                   ::al::math::op_any::kTensorNames, nullptr})
