// @generated from native_functions.yaml: log1p (sha256 daa747f33cfb487a).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: log1p
// The C++ kernel of `log1p`: its `elementwise:` expression (native_functions.yaml:104) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_log1p {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 104 "native_functions.yaml"
    return log1p(self);
#line 18 "generated/csrc/log1p.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_log1p

AL_REGISTER_KERNEL(log1p, {"log1p", &::al::math::op_log1p::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_log1p::kTensorNames,
                   ::al::math::op_log1p::kScalarNames})
