// @generated from native_functions.yaml: lerp.Tensor (sha256 6ab00d7a2b2d26c1).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: lerp.Tensor
// The C++ kernel of `lerp.Tensor`: its `elementwise:` expression (native_functions.yaml:1361) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_lerp_Tensor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute end, AlCompute weight) const {
#line 1361 "native_functions.yaml"
    return abs(weight) < ::al::math::detail::real_t<AlCompute>(0.5) ? self + weight * (end - self) : end - (end - self) * (1 - weight);
#line 19 "generated/csrc/lerp_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 3, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "end", "weight", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_lerp_Tensor

AL_REGISTER_KERNEL(lerp_Tensor, {"lerp.Tensor", &::al::math::op_lerp_Tensor::entry,
                   3, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_lerp_Tensor::kTensorNames,
                   ::al::math::op_lerp_Tensor::kScalarNames})
