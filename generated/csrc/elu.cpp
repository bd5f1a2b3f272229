// @generated from native_functions.yaml: elu (sha256 2ef41dc17aae5773).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: elu
// The C++ kernel of `elu`: its `elementwise:` expression (native_functions.yaml:1893) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_elu {

template <class AlCompute>
struct Functor {
  AlCompute alpha;
  AlCompute scale;
  AlCompute input_scale;

  auto operator()(AlCompute self) const {
#line 1893 "native_functions.yaml"
    return self > 0 ? self * scale : expm1(self * input_scale) * alpha * scale;
#line 21 "generated/csrc/elu.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 3>, 0x3c0>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"alpha", "scale", "input_scale", nullptr};

}  // namespace al::math::op_elu

AL_REGISTER_KERNEL(elu, {"elu", &::al::math::op_elu::entry,
                   1, 3, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_elu::kTensorNames,
                   ::al::math::op_elu::kScalarNames})
