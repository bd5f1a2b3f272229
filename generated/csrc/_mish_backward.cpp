// @generated from native_functions.yaml: _mish_backward (sha256 f1592f4a34b51183).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _mish_backward
// The C++ kernel of `_mish_backward`: its `elementwise:` expression (native_functions.yaml:2002) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__mish_backward {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 2002 "native_functions.yaml"
    return grad_output * (tanh(self > 20 ? self : log1p(exp(self))) + self * sigmoid(self) * (1 - tanh(self > 20 ? self : log1p(exp(self))) * tanh(self > 20 ? self : log1p(exp(self)))));
#line 18 "generated/csrc/_mish_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__mish_backward

AL_REGISTER_KERNEL(_mish_backward, {"_mish_backward", &::al::math::op__mish_backward::entry,
                   2, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__mish_backward::kTensorNames,
                   ::al::math::op__mish_backward::kScalarNames})
