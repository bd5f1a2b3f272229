// @generated from native_functions.yaml: abs (sha256 1cf34b1c1071af50).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: abs
// The C++ kernel of `abs`: its `elementwise:` expression (native_functions.yaml:20) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_abs {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 20 "native_functions.yaml"
    return abs(self);
#line 19 "generated/csrc/abs.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_abs

AL_REGISTER_KERNEL(abs, {"abs", &::al::math::op_abs::entry,
                   1, 0, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_abs::kTensorNames,
                   ::al::math::op_abs::kScalarNames})
