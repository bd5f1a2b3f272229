// @generated from native_functions.yaml: log2 (sha256 8f8fa8e1f59c9ed9).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: log2
// The C++ kernel of `log2`: its `elementwise:` expression (native_functions.yaml:1246) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_log2 {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 1246 "native_functions.yaml"
    return log2(self);
#line 18 "generated/csrc/log2.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_log2

AL_REGISTER_KERNEL(log2, {"log2", &::al::math::op_log2::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_log2::kTensorNames,
                   ::al::math::op_log2::kScalarNames})
