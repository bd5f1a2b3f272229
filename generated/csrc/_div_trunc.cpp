// @generated from native_functions.yaml: _div_trunc (sha256 532bc453bc249c73).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _div_trunc
// The C++ kernel of `_div_trunc`: its `elementwise:` expression (native_functions.yaml:412) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__div_trunc {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 412 "native_functions.yaml"
    return trunc_divide(self, other);
#line 18 "generated/csrc/_div_trunc.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 0>, 0x3fe>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__div_trunc

AL_REGISTER_KERNEL(_div_trunc, {"_div_trunc", &::al::math::op__div_trunc::entry,
                   2, 0, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__div_trunc::kTensorNames,
                   ::al::math::op__div_trunc::kScalarNames})
