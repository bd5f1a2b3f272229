// @generated from native_functions.yaml: prod (sha256 ac02727a6141e54b).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: prod
// The C++ kernel of `prod` (native_functions.yaml:499): the `::al::ProdReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_prod {

using Kernel = ::al::Reduction<::al::ProdReducer>;
const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_prod

AL_REGISTER_KERNEL(prod, {"prod", &::al::dtype_entry<::al::math::op_prod::Kernel, 0x1ff>,
                   1, 0, 0x1ff, ::al::OutKind::kWideInt, ::al::KernelKind::kReduction,
                   ::al::math::op_prod::kTensorNames, nullptr})
