// @generated from native_functions.yaml: lerp.Scalar (sha256 54dfaf2d4cd77ba9).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: lerp.Scalar
// The C++ kernel of `lerp.Scalar`: its `elementwise:` expression (native_functions.yaml:1350) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_lerp_Scalar {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute weight;

  auto operator()(AlCompute self, AlCompute end) const {
#line 1350 "native_functions.yaml"
    return abs(weight) < ::al::math::detail::real_t<AlCompute>(0.5) ? self + weight * (end - self) : end - (end - self) * (1 - weight);
#line 20 "generated/csrc/lerp_Scalar.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 1>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "end", nullptr};
const char* const kScalarNames[] = {"weight", nullptr};

}  // namespace al::math::op_lerp_Scalar

AL_REGISTER_KERNEL(lerp_Scalar, {"lerp.Scalar", &::al::math::op_lerp_Scalar::entry,
                   2, 1, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_lerp_Scalar::kTensorNames,
                   ::al::math::op_lerp_Scalar::kScalarNames})
