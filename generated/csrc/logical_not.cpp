// @generated from native_functions.yaml: logical_not (sha256 7feec1d9d29c6b4b).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: logical_not
// The C++ kernel of `logical_not`: its `elementwise:` expression (native_functions.yaml:209) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_logical_not {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 209 "native_functions.yaml"
    return self == 0;
#line 18 "generated/csrc/logical_not.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 1, 0, true>;
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_logical_not

AL_REGISTER_KERNEL(logical_not, {"logical_not", &::al::dtype_entry<::al::math::op_logical_not::Kernel, 0x1ff>,
                   1, 0, 0x1ff, ::al::OutKind::kBool,
                   ::al::KernelKind::kElementwise, ::al::math::op_logical_not::kTensorNames,
                   ::al::math::op_logical_not::kScalarNames})
