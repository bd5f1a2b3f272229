// @generated from native_functions.yaml: isnan (sha256 1677cef13189851d).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: isnan
// The C++ kernel of `isnan`: its `elementwise:` expression (native_functions.yaml:1259) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_isnan {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 1259 "native_functions.yaml"
    return self != self;
#line 19 "generated/csrc/isnan.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0, true>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_isnan

AL_REGISTER_KERNEL(isnan, {"isnan", &::al::math::op_isnan::entry,
                   1, 0, 0x3ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_isnan::kTensorNames,
                   ::al::math::op_isnan::kScalarNames})
