// @generated from native_functions.yaml: _copy_strided (sha256 cd78e455c0851992).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _copy_strided
// The C++ kernel of `_copy_strided`: its `elementwise:` expression (native_functions.yaml:654) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__copy_strided {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self) const {
#line 654 "native_functions.yaml"
    return self;
#line 18 "generated/csrc/_copy_strided.cpp"
  }
};

// The functor over its tensors, with its scalars (Elementwise in loops.h); the schema names
// are for error messages, each list ended by a null.
using Kernel = ::al::Elementwise<Functor, 1, 0>;
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__copy_strided

AL_REGISTER_KERNEL(_copy_strided, {"_copy_strided", &::al::dtype_entry<::al::math::op__copy_strided::Kernel, 0x1ff>,
                   1, 0, 0x1ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__copy_strided::kTensorNames,
                   ::al::math::op__copy_strided::kScalarNames})
