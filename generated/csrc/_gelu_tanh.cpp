// @generated from native_functions.yaml: _gelu_tanh (sha256 6aee328f49ad870a).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _gelu_tanh
// The C++ kernel of `_gelu_tanh`: its `elementwise:` expression (native_functions.yaml:646) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__gelu_tanh {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 646 "native_functions.yaml"
    return self * sigmoid((self + self * self * self * ::al::math::detail::real_t<AlCompute>(0.044715)) * ::al::math::detail::real_t<AlCompute>(1.5957691216057308));
#line 19 "generated/csrc/_gelu_tanh.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__gelu_tanh

AL_REGISTER_KERNEL(_gelu_tanh, {"_gelu_tanh", &::al::math::op__gelu_tanh::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__gelu_tanh::kTensorNames,
                   ::al::math::op__gelu_tanh::kScalarNames})
