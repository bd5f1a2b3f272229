// @generated from native_functions.yaml: le.Tensor (sha256 52801d1cd26717a0).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: le.Tensor
// The C++ kernel of `le.Tensor`: its `elementwise:` expression (native_functions.yaml:363) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_le_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 363 "native_functions.yaml"
    return self <= other;
#line 18 "generated/csrc/le_Tensor.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 2, 0, true>;
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_le_Tensor

AL_REGISTER_KERNEL(le_Tensor, {"le.Tensor", &::al::dtype_entry<::al::math::op_le_Tensor::Kernel, 0x1ff>,
                   2, 0, 0x1ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_le_Tensor::kTensorNames,
                   ::al::math::op_le_Tensor::kScalarNames})
