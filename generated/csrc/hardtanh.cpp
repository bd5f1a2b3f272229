// @generated from native_functions.yaml: hardtanh (sha256 eb53308082fe16ae).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: hardtanh
// The C++ kernel of `hardtanh`: its `elementwise:` expression (native_functions.yaml:1909) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_hardtanh {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h
  AlCompute min_val;
  AlCompute max_val;

  auto operator()(AlCompute self) const {
#line 1909 "native_functions.yaml"
    return self < min_val ? min_val : (self > max_val ? max_val : self);
#line 21 "generated/csrc/hardtanh.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 2>, 0x3fc>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"min_val", "max_val", nullptr};

}  // namespace al::math::op_hardtanh

AL_REGISTER_KERNEL(hardtanh, {"hardtanh", &::al::math::op_hardtanh::entry,
                   1, 2, 0x3fc, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_hardtanh::kTensorNames,
                   ::al::math::op_hardtanh::kScalarNames})
