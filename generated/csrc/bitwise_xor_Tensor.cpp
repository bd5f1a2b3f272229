// @generated from native_functions.yaml: bitwise_xor.Tensor (sha256 d18825aba0cda088).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: bitwise_xor.Tensor
// The C++ kernel of `bitwise_xor.Tensor`: its `elementwise:` expression (native_functions.yaml:1236) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_bitwise_xor_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 1236 "native_functions.yaml"
    return self ^ other;
#line 18 "generated/csrc/bitwise_xor_Tensor.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 2, 0>;
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_bitwise_xor_Tensor

AL_REGISTER_KERNEL(bitwise_xor_Tensor, {"bitwise_xor.Tensor", &::al::dtype_entry<::al::math::op_bitwise_xor_Tensor::Kernel, 0x03f>,
                   2, 0, 0x03f, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_bitwise_xor_Tensor::kTensorNames,
                   ::al::math::op_bitwise_xor_Tensor::kScalarNames})
