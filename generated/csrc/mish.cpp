// @generated from native_functions.yaml: mish (sha256 fe4d77406a2981f8).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: mish
// The C++ kernel of `mish`: its `elementwise:` expression (native_functions.yaml:1994) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_mish {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 1994 "native_functions.yaml"
    return self * tanh(self > 20 ? self : log1p(exp(self)));
#line 18 "generated/csrc/mish.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_mish

AL_REGISTER_KERNEL(mish, {"mish", &::al::math::op_mish::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_mish::kTensorNames,
                   ::al::math::op_mish::kScalarNames})
