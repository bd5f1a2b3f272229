// @generated from native_functions.yaml: div.Tensor (sha256 56de98a99250b346).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: div.Tensor
// The C++ kernel of `div.Tensor`: its `elementwise:` expression (native_functions.yaml:265) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_div_Tensor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 265 "native_functions.yaml"
    return self / other;
#line 19 "generated/csrc/div_Tensor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_div_Tensor

AL_REGISTER_KERNEL(div_Tensor, {"div.Tensor", &::al::math::op_div_Tensor::entry,
                   2, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_div_Tensor::kTensorNames,
                   ::al::math::op_div_Tensor::kScalarNames})
