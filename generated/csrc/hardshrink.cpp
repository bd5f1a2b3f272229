// @generated from native_functions.yaml: hardshrink (sha256 f7809913b78ef506).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: hardshrink
// The C++ kernel of `hardshrink`: its `elementwise:` expression (native_functions.yaml:1950) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_hardshrink {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute lambd;

  auto operator()(AlCompute self) const {
#line 1950 "native_functions.yaml"
    return (self >= -lambd && self <= lambd) ? 0 : self;
#line 20 "generated/csrc/hardshrink.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 1>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"lambd", nullptr};

}  // namespace al::math::op_hardshrink

AL_REGISTER_KERNEL(hardshrink, {"hardshrink", &::al::math::op_hardshrink::entry,
                   1, 1, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_hardshrink::kTensorNames,
                   ::al::math::op_hardshrink::kScalarNames})
