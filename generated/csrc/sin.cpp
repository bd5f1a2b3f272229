// @generated from native_functions.yaml: sin (sha256 6ea4b1bb73653278).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sin
// The C++ kernel of `sin`: its `elementwise:` expression (native_functions.yaml:142) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_sin {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 142 "native_functions.yaml"
    return sin(self);
#line 18 "generated/csrc/sin.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_sin

AL_REGISTER_KERNEL(sin, {"sin", &::al::math::op_sin::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_sin::kTensorNames,
                   ::al::math::op_sin::kScalarNames})
