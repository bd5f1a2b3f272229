// @generated from native_functions.yaml: threshold (sha256 43acd8403e77b89f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: threshold
// The C++ kernel of `threshold`: its `elementwise:` expression (native_functions.yaml:2008) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_threshold {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute threshold;
  AlCompute value;

  auto operator()(AlCompute self) const {
#line 2008 "native_functions.yaml"
    return self <= threshold ? value : self;
#line 21 "generated/csrc/threshold.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 2>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"threshold", "value", nullptr};

}  // namespace al::math::op_threshold

AL_REGISTER_KERNEL(threshold, {"threshold", &::al::math::op_threshold::entry,
                   1, 2, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_threshold::kTensorNames,
                   ::al::math::op_threshold::kScalarNames})
