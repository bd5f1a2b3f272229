// @generated from native_functions.yaml: _nan_to_num (sha256 a3f00ae8b54d5cff).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _nan_to_num
// The C++ kernel of `_nan_to_num`: its `elementwise:` expression (native_functions.yaml:1393) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__nan_to_num {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute nan;
  AlCompute posinf;
  AlCompute neginf;

  auto operator()(AlCompute self) const {
#line 1393 "native_functions.yaml"
    return self != self ? nan : (self - self == self - self ? self : (self > 0 ? posinf : neginf));
#line 22 "generated/csrc/_nan_to_num.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 3>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"nan", "posinf", "neginf", nullptr};

}  // namespace al::math::op__nan_to_num

AL_REGISTER_KERNEL(_nan_to_num, {"_nan_to_num", &::al::math::op__nan_to_num::entry,
                   1, 3, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__nan_to_num::kTensorNames,
                   ::al::math::op__nan_to_num::kScalarNames})
