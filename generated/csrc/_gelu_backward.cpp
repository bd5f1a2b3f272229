// @generated from native_functions.yaml: _gelu_backward (sha256 f05fdf2394eef312).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _gelu_backward
// The C++ kernel of `_gelu_backward`: its `elementwise:` expression (native_functions.yaml:640) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__gelu_backward {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 640 "native_functions.yaml"
    return grad_output * (::al::math::detail::real_t<AlCompute>(0.5) * (1 + erf(self * ::al::math::detail::real_t<AlCompute>(0.70710678118654752))) + self * exp(-::al::math::detail::real_t<AlCompute>(0.5) * self * self) * ::al::math::detail::real_t<AlCompute>(0.39894228040143268));
#line 18 "generated/csrc/_gelu_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__gelu_backward

AL_REGISTER_KERNEL(_gelu_backward, {"_gelu_backward", &::al::math::op__gelu_backward::entry,
                   2, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__gelu_backward::kTensorNames,
                   ::al::math::op__gelu_backward::kScalarNames})
