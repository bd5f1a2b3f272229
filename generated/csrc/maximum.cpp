// @generated from native_functions.yaml: maximum (sha256 1a1c9cc5f550efc6).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: maximum
// The C++ kernel of `maximum`: its `elementwise:` expression (native_functions.yaml:302) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_maximum {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 302 "native_functions.yaml"
    return maximum(self, other);
#line 18 "generated/csrc/maximum.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 2, 0>;
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_maximum

AL_REGISTER_KERNEL(maximum, {"maximum", &::al::dtype_entry<::al::math::op_maximum::Kernel, 0x1ff>,
                   2, 0, 0x1ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_maximum::kTensorNames,
                   ::al::math::op_maximum::kScalarNames})
