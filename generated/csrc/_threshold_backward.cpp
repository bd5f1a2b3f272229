// @generated from native_functions.yaml: _threshold_backward (sha256 0191d187fe21d48c).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _threshold_backward
// The C++ kernel of `_threshold_backward`: its `elementwise:` expression (native_functions.yaml:2015) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__threshold_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute threshold;

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 2015 "native_functions.yaml"
    return self <= threshold ? 0 : grad_output;
#line 20 "generated/csrc/_threshold_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 1>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {"threshold", nullptr};

}  // namespace al::math::op__threshold_backward

AL_REGISTER_KERNEL(_threshold_backward, {"_threshold_backward", &::al::math::op__threshold_backward::entry,
                   2, 1, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__threshold_backward::kTensorNames,
                   ::al::math::op__threshold_backward::kScalarNames})
