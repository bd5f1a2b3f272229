// @generated from native_functions.yaml: gelu (sha256 08ed28f5ea5b4ff8).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: gelu
// The C++ kernel of `gelu`: its `elementwise:` expression (native_functions.yaml:633) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_gelu {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 633 "native_functions.yaml"
    return ::al::math::detail::real_t<AlCompute>(0.5) * self * (1 + erf(self * ::al::math::detail::real_t<AlCompute>(0.70710678118654752)));
#line 18 "generated/csrc/gelu.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_gelu

AL_REGISTER_KERNEL(gelu, {"gelu", &::al::math::op_gelu::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_gelu::kTensorNames,
                   ::al::math::op_gelu::kScalarNames})
