// @generated from native_functions.yaml: isfinite (sha256 5b4d2edaea1a10dd).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: isfinite
// The C++ kernel of `isfinite`: its `elementwise:` expression (native_functions.yaml:1273) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_isfinite {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 1273 "native_functions.yaml"
    return self - self == self - self;
#line 19 "generated/csrc/isfinite.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0, true>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_isfinite

AL_REGISTER_KERNEL(isfinite, {"isfinite", &::al::math::op_isfinite::entry,
                   1, 0, 0x3ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_isfinite::kTensorNames,
                   ::al::math::op_isfinite::kScalarNames})
