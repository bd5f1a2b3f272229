// @generated from native_functions.yaml: _hardtanh_backward (sha256 0e50c67d2fa6bd27).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _hardtanh_backward
// The C++ kernel of `_hardtanh_backward`: its `elementwise:` expression (native_functions.yaml:1916) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__hardtanh_backward {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute min_val;
  AlCompute max_val;

  auto operator()(AlCompute grad_output, AlCompute self) const {
#line 1916 "native_functions.yaml"
    return (self <= min_val || self >= max_val) ? 0 : grad_output;
#line 21 "generated/csrc/_hardtanh_backward.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 2, 2>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"grad_output", "self", nullptr};
const char* const kScalarNames[] = {"min_val", "max_val", nullptr};

}  // namespace al::math::op__hardtanh_backward

AL_REGISTER_KERNEL(_hardtanh_backward, {"_hardtanh_backward", &::al::math::op__hardtanh_backward::entry,
                   2, 2, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__hardtanh_backward::kTensorNames,
                   ::al::math::op__hardtanh_backward::kScalarNames})
