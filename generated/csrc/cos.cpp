// @generated from native_functions.yaml: cos (sha256 6971e31a4a1fd8ce).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: cos
// The C++ kernel of `cos`: its `elementwise:` expression (native_functions.yaml:152) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_cos {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 152 "native_functions.yaml"
    return cos(self);
#line 18 "generated/csrc/cos.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 1, 0>;
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_cos

AL_REGISTER_KERNEL(cos, {"cos", &::al::dtype_entry<::al::math::op_cos::Kernel, 0x1c0>,
                   1, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_cos::kTensorNames,
                   ::al::math::op_cos::kScalarNames})
