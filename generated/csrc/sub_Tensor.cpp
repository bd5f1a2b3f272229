// @generated from native_functions.yaml: sub.Tensor (sha256 7d3b8ef365382495).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sub.Tensor
// The C++ kernel of `sub.Tensor`: its `elementwise:` expression (native_functions.yaml:239) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_sub_Tensor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute alpha;

  auto operator()(AlCompute self, AlCompute other) const {
#line 239 "native_functions.yaml"
    return self - alpha * other;
#line 20 "generated/csrc/sub_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 1>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {"alpha", nullptr};

}  // namespace al::math::op_sub_Tensor

AL_REGISTER_KERNEL(sub_Tensor, {"sub.Tensor", &::al::math::op_sub_Tensor::entry,
                   2, 1, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_sub_Tensor::kTensorNames,
                   ::al::math::op_sub_Tensor::kScalarNames})
