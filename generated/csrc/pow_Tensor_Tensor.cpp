// @generated from native_functions.yaml: pow.Tensor_Tensor (sha256 dfb926edaf831ebc).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: pow.Tensor_Tensor
// The C++ kernel of `pow.Tensor_Tensor`: its `elementwise:` expression (native_functions.yaml:288) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_pow_Tensor_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute exponent) const {
#line 288 "native_functions.yaml"
    return pow(self, exponent);
#line 18 "generated/csrc/pow_Tensor_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "exponent", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_pow_Tensor_Tensor

AL_REGISTER_KERNEL(pow_Tensor_Tensor, {"pow.Tensor_Tensor", &::al::math::op_pow_Tensor_Tensor::entry,
                   2, 0, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_pow_Tensor_Tensor::kTensorNames,
                   ::al::math::op_pow_Tensor_Tensor::kScalarNames})
