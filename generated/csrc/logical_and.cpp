// @generated from native_functions.yaml: logical_and (sha256 ff2e56faffa6239c).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: logical_and
// The C++ kernel of `logical_and`: its `elementwise:` expression (native_functions.yaml:390) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_logical_and {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self, AlCompute other) const {
#line 390 "native_functions.yaml"
    return self != 0 && other != 0;
#line 19 "generated/csrc/logical_and.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0, true>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_logical_and

AL_REGISTER_KERNEL(logical_and, {"logical_and", &::al::math::op_logical_and::entry,
                   2, 0, 0x3ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_logical_and::kTensorNames,
                   ::al::math::op_logical_and::kScalarNames})
