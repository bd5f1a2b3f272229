// @generated from native_functions.yaml: bitwise_or.Tensor (sha256 6a811e8f4171239b).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: bitwise_or.Tensor
// The C++ kernel of `bitwise_or.Tensor`: its `elementwise:` expression (native_functions.yaml:1300) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_bitwise_or_Tensor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 1300 "native_functions.yaml"
    return self | other;
#line 19 "generated/csrc/bitwise_or_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x03f>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_bitwise_or_Tensor

AL_REGISTER_KERNEL(bitwise_or_Tensor, {"bitwise_or.Tensor", &::al::math::op_bitwise_or_Tensor::entry,
                   2, 0, 0x03f, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_bitwise_or_Tensor::kTensorNames,
                   ::al::math::op_bitwise_or_Tensor::kScalarNames})
