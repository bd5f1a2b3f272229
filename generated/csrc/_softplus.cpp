// @generated from native_functions.yaml: _softplus (sha256 a98adab05a742f08).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _softplus
// The C++ kernel of `_softplus`: its `elementwise:` expression (native_functions.yaml:1971) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__softplus {

template <class AlCompute>
struct Functor {
  AlCompute beta;
  AlCompute threshold;

  auto operator()(AlCompute self) const {
#line 1971 "native_functions.yaml"
    return self * beta > threshold ? self : log1p(exp(self * beta)) / beta;
#line 20 "generated/csrc/_softplus.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 2>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"beta", "threshold", nullptr};

}  // namespace al::math::op__softplus

AL_REGISTER_KERNEL(_softplus, {"_softplus", &::al::math::op__softplus::entry,
                   1, 2, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__softplus::kTensorNames,
                   ::al::math::op__softplus::kScalarNames})
