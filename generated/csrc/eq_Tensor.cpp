// @generated from native_functions.yaml: eq.Tensor (sha256 55a78f2fac93afca).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: eq.Tensor
// The C++ kernel of `eq.Tensor`: its `elementwise:` expression (native_functions.yaml:336) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_eq_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 336 "native_functions.yaml"
    return self == other;
#line 18 "generated/csrc/eq_Tensor.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 2, 0, true>;
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_eq_Tensor

AL_REGISTER_KERNEL(eq_Tensor, {"eq.Tensor", &::al::dtype_entry<::al::math::op_eq_Tensor::Kernel, 0x1ff>,
                   2, 0, 0x1ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_eq_Tensor::kTensorNames,
                   ::al::math::op_eq_Tensor::kScalarNames})
