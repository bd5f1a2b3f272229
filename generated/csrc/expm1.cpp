// @generated from native_functions.yaml: expm1 (sha256 f9a69e1d65a06908).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: expm1
// The C++ kernel of `expm1`: its `elementwise:` expression (native_functions.yaml:85) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_expm1 {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 85 "native_functions.yaml"
    return expm1(self);
#line 18 "generated/csrc/expm1.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_expm1

AL_REGISTER_KERNEL(expm1, {"expm1", &::al::math::op_expm1::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_expm1::kTensorNames,
                   ::al::math::op_expm1::kScalarNames})
