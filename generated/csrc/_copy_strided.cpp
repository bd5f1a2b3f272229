// @generated from native_functions.yaml: _copy_strided (sha256 b72b3a34c80ab2d1).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _copy_strided
// The C++ kernel of `_copy_strided`: its `elementwise:` expression (native_functions.yaml:666) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__copy_strided {

template <class AlCompute>
struct Functor {
  static constexpr bool kWide = true;  // Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h

  auto operator()(AlCompute self) const {
#line 666 "native_functions.yaml"
    return self;
#line 19 "generated/csrc/_copy_strided.cpp"
  }
};

// The entry: the dtype switch (dtype_entry, kernel_api.h) running the functor over its tensors
// with its scalars (Elementwise, loops.h); the names, each list null-ended, are for messages.
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<::al::Elementwise<Functor, 1, 0>, 0x3ff>(dtype, t, s);
}

const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__copy_strided

AL_REGISTER_KERNEL(_copy_strided, {"_copy_strided", &::al::math::op__copy_strided::entry,
                   1, 0, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__copy_strided::kTensorNames,
                   ::al::math::op__copy_strided::kScalarNames})
