// @generated from native_functions.yaml: maximum (sha256 41a71f7f09b62540).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: maximum
// The C++ kernel of `maximum`: its `elementwise:` expression (native_functions.yaml:302) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_maximum {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 302 "native_functions.yaml"
    return maximum(self, other);
#line 19 "generated/csrc/maximum.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_maximum

AL_REGISTER_KERNEL(maximum, {"maximum", &::al::math::op_maximum::entry,
                   2, 0, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_maximum::kTensorNames,
                   ::al::math::op_maximum::kScalarNames})
