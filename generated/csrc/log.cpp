// @generated from native_functions.yaml: log (sha256 37e38e07176f9c3e).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: log
// The C++ kernel of `log`: its `elementwise:` expression (native_functions.yaml:95) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_log {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 95 "native_functions.yaml"
    return log(self);
#line 18 "generated/csrc/log.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_log

AL_REGISTER_KERNEL(log, {"log", &::al::math::op_log::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_log::kTensorNames,
                   ::al::math::op_log::kScalarNames})
