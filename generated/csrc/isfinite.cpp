// @generated from native_functions.yaml: isfinite (sha256 5e64b715b879a2c2).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: isfinite
// The C++ kernel of `isfinite`: its `elementwise:` expression (native_functions.yaml:1198) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_isfinite {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 1198 "native_functions.yaml"
    return self - self == self - self;
#line 18 "generated/csrc/isfinite.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 1, 0, true>;
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_isfinite

AL_REGISTER_KERNEL(isfinite, {"isfinite", &::al::dtype_entry<::al::math::op_isfinite::Kernel, 0x1ff>,
                   1, 0, 0x1ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_isfinite::kTensorNames,
                   ::al::math::op_isfinite::kScalarNames})
