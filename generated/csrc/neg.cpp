// @generated from native_functions.yaml: neg (sha256 201dff5414c5e26e).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: neg
// The C++ kernel of `neg`: its `elementwise:` expression (native_functions.yaml:8) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_neg {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 8 "native_functions.yaml"
    return -self;
#line 19 "generated/csrc/neg.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_neg

AL_REGISTER_KERNEL(neg, {"neg", &::al::math::op_neg::entry,
                   1, 0, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_neg::kTensorNames,
                   ::al::math::op_neg::kScalarNames})
