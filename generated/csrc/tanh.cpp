// @generated from native_functions.yaml: tanh (sha256 f157671984686d41).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: tanh
// The C++ kernel of `tanh`: its `elementwise:` expression (native_functions.yaml:66) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_tanh {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 66 "native_functions.yaml"
    return tanh(self);
#line 18 "generated/csrc/tanh.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_tanh

AL_REGISTER_KERNEL(tanh, {"tanh", &::al::math::op_tanh::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_tanh::kTensorNames,
                   ::al::math::op_tanh::kScalarNames})
