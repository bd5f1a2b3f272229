// @generated from native_functions.yaml: sign (sha256 ec88fd37f32facef).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sign
// The C++ kernel of `sign`: its `elementwise:` expression (native_functions.yaml:32) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_sign {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 32 "native_functions.yaml"
    return sign(self);
#line 19 "generated/csrc/sign.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_sign

AL_REGISTER_KERNEL(sign, {"sign", &::al::math::op_sign::entry,
                   1, 0, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_sign::kTensorNames,
                   ::al::math::op_sign::kScalarNames})
