// @generated from native_functions.yaml: _leaky_relu_backward (sha256 8a2664c5716df1a8).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _leaky_relu_backward
// The C++ kernel of `_leaky_relu_backward`: its `elementwise:` expression (native_functions.yaml:680) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__leaky_relu_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute negative_slope;

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 680 "native_functions.yaml"
    return self > 0 ? grad_output : grad_output * negative_slope;
#line 20 "generated/csrc/_leaky_relu_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 1>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {"negative_slope", nullptr};

}  // namespace al::math::op__leaky_relu_backward

AL_REGISTER_KERNEL(_leaky_relu_backward, {"_leaky_relu_backward", &::al::math::op__leaky_relu_backward::entry,
                   2, 1, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__leaky_relu_backward::kTensorNames,
                   ::al::math::op__leaky_relu_backward::kScalarNames})
