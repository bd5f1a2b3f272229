// @generated from native_functions.yaml: _hardswish_backward (sha256 c827146169a8e546).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _hardswish_backward
// The C++ kernel of `_hardswish_backward`: its `elementwise:` expression (native_functions.yaml:1944) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__hardswish_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 1944 "native_functions.yaml"
    return self <= -3 ? 0 : (self < 3 ? grad_output * (self / 3 + ::al::math::detail::real_t<AlCompute>(0.5)) : grad_output);
#line 19 "generated/csrc/_hardswish_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__hardswish_backward

AL_REGISTER_KERNEL(_hardswish_backward, {"_hardswish_backward", &::al::math::op__hardswish_backward::entry,
                   2, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__hardswish_backward::kTensorNames,
                   ::al::math::op__hardswish_backward::kScalarNames})
