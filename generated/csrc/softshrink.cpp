// @generated from native_functions.yaml: softshrink (sha256 6699bc991bb9389a).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: softshrink
// The C++ kernel of `softshrink`: its `elementwise:` expression (native_functions.yaml:1958) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_softshrink {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute lambd;

  auto operator()(AlCompute self) const {
#line 1958 "native_functions.yaml"
    return self > lambd ? self - lambd : (self < -lambd ? self + lambd : (self == self ? 0 : self));
#line 20 "generated/csrc/softshrink.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 1>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"lambd", nullptr};

}  // namespace al::math::op_softshrink

AL_REGISTER_KERNEL(softshrink, {"softshrink", &::al::math::op_softshrink::entry,
                   1, 1, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_softshrink::kTensorNames,
                   ::al::math::op_softshrink::kScalarNames})
