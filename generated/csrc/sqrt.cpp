// @generated from native_functions.yaml: sqrt (sha256 e42dc99a48774e25).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sqrt
// The C++ kernel of `sqrt`: its `elementwise:` expression (native_functions.yaml:114) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_sqrt {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 114 "native_functions.yaml"
    return sqrt(self);
#line 19 "generated/csrc/sqrt.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_sqrt

AL_REGISTER_KERNEL(sqrt, {"sqrt", &::al::math::op_sqrt::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_sqrt::kTensorNames,
                   ::al::math::op_sqrt::kScalarNames})
