// @generated from native_functions.yaml: _softplus_backward (sha256 70b0a96b571600e6).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _softplus_backward
// The C++ kernel of `_softplus_backward`: its `elementwise:` expression (native_functions.yaml:1976) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__softplus_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute beta;
  AlCompute threshold;

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 1976 "native_functions.yaml"
    return self * beta > threshold ? grad_output : grad_output * sigmoid(self * beta);
#line 21 "generated/csrc/_softplus_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 2>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {"beta", "threshold", nullptr};

}  // namespace al::math::op__softplus_backward

AL_REGISTER_KERNEL(_softplus_backward, {"_softplus_backward", &::al::math::op__softplus_backward::entry,
                   2, 2, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__softplus_backward::kTensorNames,
                   ::al::math::op__softplus_backward::kScalarNames})
