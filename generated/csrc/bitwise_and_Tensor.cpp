// @generated from native_functions.yaml: bitwise_and.Tensor (sha256 f99cba4cec9c6cf3).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: bitwise_and.Tensor
// The C++ kernel of `bitwise_and.Tensor`: its `elementwise:` expression (native_functions.yaml:1289) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_bitwise_and_Tensor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 1289 "native_functions.yaml"
    return self & other;
#line 19 "generated/csrc/bitwise_and_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x03f>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_bitwise_and_Tensor

AL_REGISTER_KERNEL(bitwise_and_Tensor, {"bitwise_and.Tensor", &::al::math::op_bitwise_and_Tensor::entry,
                   2, 0, 0x03f, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_bitwise_and_Tensor::kTensorNames,
                   ::al::math::op_bitwise_and_Tensor::kScalarNames})
