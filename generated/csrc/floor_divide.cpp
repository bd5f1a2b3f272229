// @generated from native_functions.yaml: floor_divide (sha256 d398cc252f0c11b9).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: floor_divide
// The C++ kernel of `floor_divide`: its `elementwise:` expression (native_functions.yaml:276) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_floor_divide {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 276 "native_functions.yaml"
    return floor_divide(self, other);
#line 18 "generated/csrc/floor_divide.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_floor_divide

AL_REGISTER_KERNEL(floor_divide, {"floor_divide", &::al::math::op_floor_divide::entry,
                   2, 0, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_floor_divide::kTensorNames,
                   ::al::math::op_floor_divide::kScalarNames})
