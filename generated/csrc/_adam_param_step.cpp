// @generated from native_functions.yaml: _adam_param_step (sha256 bade9fab625957c5).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _adam_param_step
// The C++ kernel of `_adam_param_step`: its `elementwise:` expression (native_functions.yaml:1384) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__adam_param_step {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute decay;
  AlCompute step;
  AlCompute bias_correction2_sqrt;
  AlCompute eps;

  auto operator()(AlCompute self, AlCompute exp_avg, AlCompute exp_avg_sq) const {
#line 1384 "native_functions.yaml"
    return self * decay + step * (exp_avg / (sqrt(exp_avg_sq) / bias_correction2_sqrt + eps));
#line 23 "generated/csrc/_adam_param_step.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 3, 4>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "exp_avg", "exp_avg_sq", nullptr};
const char* const kScalarNames[] = {"decay", "step", "bias_correction2_sqrt", "eps", nullptr};

}  // namespace al::math::op__adam_param_step

AL_REGISTER_KERNEL(_adam_param_step, {"_adam_param_step", &::al::math::op__adam_param_step::entry,
                   3, 4, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__adam_param_step::kTensorNames,
                   ::al::math::op__adam_param_step::kScalarNames})
