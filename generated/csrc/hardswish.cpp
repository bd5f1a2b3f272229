// @generated from native_functions.yaml: hardswish (sha256 d44cc858becab9a6).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: hardswish
// The C++ kernel of `hardswish`: its `elementwise:` expression (native_functions.yaml:1936) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_hardswish {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 1936 "native_functions.yaml"
    return self * (self + 3 <= 0 ? 0 : (self + 3 >= 6 ? 6 : self + 3)) / 6;
#line 19 "generated/csrc/hardswish.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_hardswish

AL_REGISTER_KERNEL(hardswish, {"hardswish", &::al::math::op_hardswish::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_hardswish::kTensorNames,
                   ::al::math::op_hardswish::kScalarNames})
