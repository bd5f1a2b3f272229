// @generated from native_functions.yaml: reciprocal (sha256 5ca6cc1a2f6885d3).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: reciprocal
// The C++ kernel of `reciprocal`: its `elementwise:` expression (native_functions.yaml:133) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_reciprocal {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 133 "native_functions.yaml"
    return reciprocal(self);
#line 19 "generated/csrc/reciprocal.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_reciprocal

AL_REGISTER_KERNEL(reciprocal, {"reciprocal", &::al::math::op_reciprocal::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_reciprocal::kTensorNames,
                   ::al::math::op_reciprocal::kScalarNames})
