// @generated from native_functions.yaml: sum (sha256 efd0c6da3351a422).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sum
// The C++ kernel of `sum` (native_functions.yaml:483): the `::al::SumReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_sum {

// The entry: the dtype switch (dtype_entry in kernel_api.h) running the reduction.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Reduction<::al::SumReducer>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_sum

AL_REGISTER_KERNEL(sum, {"sum", &::al::math::op_sum::entry,
                   1, 0, 0x3ff, ::al::OutKind::kWideInt, ::al::KernelKind::kReduction,
                   ::al::math::op_sum::kTensorNames, nullptr})
