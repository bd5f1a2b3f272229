// @generated from native_functions.yaml: prod (sha256 1d22389d5e617be8).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: prod
// The C++ kernel of `prod` (native_functions.yaml:499): the `::al::ProdReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_prod {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::ProdReducer>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_prod

AL_REGISTER_KERNEL(prod, {"prod", &::al::math::op_prod::entry,
                   1, 0, 0x3ff, ::al::OutKind::kWideInt, ::al::KernelKind::kReduction,
                   ::al::math::op_prod::kTensorNames, nullptr})
