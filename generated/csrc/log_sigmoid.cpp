// @generated from native_functions.yaml: log_sigmoid (sha256 274891a840fa88c4).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: log_sigmoid
// The C++ kernel of `log_sigmoid`: its `elementwise:` expression (native_functions.yaml:1983) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_log_sigmoid {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 1983 "native_functions.yaml"
    return (self < 0 ? self : 0) - log1p(exp(-abs(self)));
#line 18 "generated/csrc/log_sigmoid.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_log_sigmoid

AL_REGISTER_KERNEL(log_sigmoid, {"log_sigmoid", &::al::math::op_log_sigmoid::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_log_sigmoid::kTensorNames,
                   ::al::math::op_log_sigmoid::kScalarNames})
