// @generated from native_functions.yaml: exp (sha256 036b3dc97af8cee9).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: exp
// The C++ kernel of `exp`: its `elementwise:` expression (native_functions.yaml:76) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_exp {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 76 "native_functions.yaml"
    return exp(self);
#line 19 "generated/csrc/exp.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_exp

AL_REGISTER_KERNEL(exp, {"exp", &::al::math::op_exp::entry,
                   1, 0, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_exp::kTensorNames,
                   ::al::math::op_exp::kScalarNames})
