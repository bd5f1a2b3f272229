// @generated from native_functions.yaml: hardsigmoid (sha256 60fd041513ff1a63).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: hardsigmoid
// The C++ kernel of `hardsigmoid`: its `elementwise:` expression (native_functions.yaml:1922) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_hardsigmoid {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 1922 "native_functions.yaml"
    return self <= -3 ? 0 : (self >= 3 ? 1 : self / 6 + ::al::math::detail::real_t<AlCompute>(0.5));
#line 19 "generated/csrc/hardsigmoid.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_hardsigmoid

AL_REGISTER_KERNEL(hardsigmoid, {"hardsigmoid", &::al::math::op_hardsigmoid::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_hardsigmoid::kTensorNames,
                   ::al::math::op_hardsigmoid::kScalarNames})
