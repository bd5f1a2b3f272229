// @generated from native_functions.yaml: fmod.Tensor (sha256 b78c90d18037fc54).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: fmod.Tensor
// The C++ kernel of `fmod.Tensor`: its `elementwise:` expression (native_functions.yaml:1262) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_fmod_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 1262 "native_functions.yaml"
    return fmod(self, other);
#line 18 "generated/csrc/fmod_Tensor.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 2, 0>;
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_fmod_Tensor

AL_REGISTER_KERNEL(fmod_Tensor, {"fmod.Tensor", &::al::dtype_entry<::al::math::op_fmod_Tensor::Kernel, 0x1fe>,
                   2, 0, 0x1fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_fmod_Tensor::kTensorNames,
                   ::al::math::op_fmod_Tensor::kScalarNames})
