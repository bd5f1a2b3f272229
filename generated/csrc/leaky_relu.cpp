// @generated from native_functions.yaml: leaky_relu (sha256 a0cf2b117f3b3e8e).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: leaky_relu
// The C++ kernel of `leaky_relu`: its `elementwise:` expression (native_functions.yaml:672) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_leaky_relu {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute negative_slope;

  auto operator()(AlCompute self) const {
#line 672 "native_functions.yaml"
    return self > 0 ? self : self * negative_slope;
#line 20 "generated/csrc/leaky_relu.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 1>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"negative_slope", nullptr};

}  // namespace al::math::op_leaky_relu

AL_REGISTER_KERNEL(leaky_relu, {"leaky_relu", &::al::math::op_leaky_relu::entry,
                   1, 1, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_leaky_relu::kTensorNames,
                   ::al::math::op_leaky_relu::kScalarNames})
