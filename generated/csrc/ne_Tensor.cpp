// @generated from native_functions.yaml: ne.Tensor (sha256 f3333aba46bd63fa).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: ne.Tensor
// The C++ kernel of `ne.Tensor`: its `elementwise:` expression (native_functions.yaml:345) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_ne_Tensor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 345 "native_functions.yaml"
    return self != other;
#line 19 "generated/csrc/ne_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0, true>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_ne_Tensor

AL_REGISTER_KERNEL(ne_Tensor, {"ne.Tensor", &::al::math::op_ne_Tensor::entry,
                   2, 0, 0x3ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_ne_Tensor::kTensorNames,
                   ::al::math::op_ne_Tensor::kScalarNames})
