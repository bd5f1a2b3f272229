// @generated from native_functions.yaml: _elu_backward (sha256 4ff8bb59a1aa7f61).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _elu_backward
// The C++ kernel of `_elu_backward`: its `elementwise:` expression (native_functions.yaml:1901) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__elu_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute alpha;
  AlCompute scale;
  AlCompute input_scale;

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 1901 "native_functions.yaml"
    return self > 0 ? grad_output * scale : grad_output * alpha * scale * input_scale * exp(self * input_scale);
#line 22 "generated/csrc/_elu_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 3>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {"alpha", "scale", "input_scale", nullptr};

}  // namespace al::math::op__elu_backward

AL_REGISTER_KERNEL(_elu_backward, {"_elu_backward", &::al::math::op__elu_backward::entry,
                   2, 3, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__elu_backward::kTensorNames,
                   ::al::math::op__elu_backward::kScalarNames})
