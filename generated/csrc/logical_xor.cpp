// @generated from native_functions.yaml: logical_xor (sha256 2039b996eff468cb).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: logical_xor
// The C++ kernel of `logical_xor`: its `elementwise:` expression (native_functions.yaml:1280) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_logical_xor {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 1280 "native_functions.yaml"
    return (self != 0) != (other != 0);
#line 19 "generated/csrc/logical_xor.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0, true>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_logical_xor

AL_REGISTER_KERNEL(logical_xor, {"logical_xor", &::al::math::op_logical_xor::entry,
                   2, 0, 0x3ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_logical_xor::kTensorNames,
                   ::al::math::op_logical_xor::kScalarNames})
