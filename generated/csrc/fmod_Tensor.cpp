// @generated from native_functions.yaml: fmod.Tensor (sha256 c3f772e51b8cda27).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: fmod.Tensor
// The C++ kernel of `fmod.Tensor`: its `elementwise:` expression (native_functions.yaml:1337) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_fmod_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 1337 "native_functions.yaml"
    return fmod(self, other);
#line 18 "generated/csrc/fmod_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_fmod_Tensor

AL_REGISTER_KERNEL(fmod_Tensor, {"fmod.Tensor", &::al::math::op_fmod_Tensor::entry,
                   2, 0, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_fmod_Tensor::kTensorNames,
                   ::al::math::op_fmod_Tensor::kScalarNames})
