// @generated from native_functions.yaml: _gelu_tanh_backward (sha256 3dd9bc0bb8dad999).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _gelu_tanh_backward
// The C++ kernel of `_gelu_tanh_backward`: its `elementwise:` expression (native_functions.yaml:652) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__gelu_tanh_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 652 "native_functions.yaml"
    return grad_output * (sigmoid((self + self * self * self * ::al::math::detail::real_t<AlCompute>(0.044715)) * ::al::math::detail::real_t<AlCompute>(1.5957691216057308)) + self * sigmoid((self + self * self * self * ::al::math::detail::real_t<AlCompute>(0.044715)) * ::al::math::detail::real_t<AlCompute>(1.5957691216057308)) * (1 - sigmoid((self + self * self * self * ::al::math::detail::real_t<AlCompute>(0.044715)) * ::al::math::detail::real_t<AlCompute>(1.5957691216057308))) * (::al::math::detail::real_t<AlCompute>(1.5957691216057308) + ::al::math::detail::real_t<AlCompute>(0.21406444881780073) * self * self));
#line 19 "generated/csrc/_gelu_tanh_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__gelu_tanh_backward

AL_REGISTER_KERNEL(_gelu_tanh_backward, {"_gelu_tanh_backward", &::al::math::op__gelu_tanh_backward::entry,
                   2, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__gelu_tanh_backward::kTensorNames,
                   ::al::math::op__gelu_tanh_backward::kScalarNames})
