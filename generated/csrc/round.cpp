// @generated from native_functions.yaml: round (sha256 cd8b264446a3e0cb).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: round
// The C++ kernel of `round`: its `elementwise:` expression (native_functions.yaml:185) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_round {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 185 "native_functions.yaml"
    return round_half_even(self);
#line 18 "generated/csrc/round.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 1, 0>;
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_round

AL_REGISTER_KERNEL(round, {"round", &::al::dtype_entry<::al::math::op_round::Kernel, 0x1fe>,
                   1, 0, 0x1fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_round::kTensorNames,
                   ::al::math::op_round::kScalarNames})
