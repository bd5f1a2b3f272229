// @generated from native_functions.yaml: _tanh_backward (sha256 ef44b3b1eeb21b54).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _tanh_backward
// The C++ kernel of `_tanh_backward`: its `elementwise:` expression (native_functions.yaml:685) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__tanh_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute grad_output, AlCompute tanh_out) const {
#line 685 "native_functions.yaml"
    return grad_output * (1 - tanh_out * tanh_out);
#line 19 "generated/csrc/_tanh_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "tanh_out", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__tanh_backward

AL_REGISTER_KERNEL(_tanh_backward, {"_tanh_backward", &::al::math::op__tanh_backward::entry,
                   2, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__tanh_backward::kTensorNames,
                   ::al::math::op__tanh_backward::kScalarNames})
