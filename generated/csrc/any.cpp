// @generated from native_functions.yaml: any (sha256 2ac231dcc706d3f0).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: any
// The C++ kernel of `any` (native_functions.yaml:525): the `::al::AnyReducer` reduction of
// aten_lite/csrc/reduce.h for each of its dtypes.
#include "aten_lite/csrc/reduce.h"

namespace al::math::op_any {

using Kernel = ::al::Reduction<::al::AnyReducer>;
const char* const kTensorNames[] = {"self", nullptr};

}  // namespace al::math::op_any

AL_REGISTER_KERNEL(any, {"any", &::al::dtype_entry<::al::math::op_any::Kernel, 0x1ff>,
                   1, 0, 0x1ff, ::al::OutKind::kBool, ::al::KernelKind::kReduction,
                   ::al::math::op_any::kTensorNames, nullptr})
