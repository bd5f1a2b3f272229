// @generated from native_functions.yaml: _adam_exp_avg_sq (sha256 a78f3fe9d2f5fb9e).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _adam_exp_avg_sq
// The C++ kernel of `_adam_exp_avg_sq`: its `elementwise:` expression (native_functions.yaml:1376) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__adam_exp_avg_sq {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute beta;
  AlCompute weight;

  auto operator()(AlCompute self, AlCompute grad) const {
#line 1376 "native_functions.yaml"
    return self * beta + weight * grad * grad;
#line 21 "generated/csrc/_adam_exp_avg_sq.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 2>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "grad", nullptr};
const char* const kScalarNames[] = {"beta", "weight", nullptr};

}  // namespace al::math::op__adam_exp_avg_sq

AL_REGISTER_KERNEL(_adam_exp_avg_sq, {"_adam_exp_avg_sq", &::al::math::op__adam_exp_avg_sq::entry,
                   2, 2, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__adam_exp_avg_sq::kTensorNames,
                   ::al::math::op__adam_exp_avg_sq::kScalarNames})
