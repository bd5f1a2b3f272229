// @generated from native_functions.yaml: _softmax_backward (sha256 9dfe00a244d36b85).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _softmax_backward
// The dtype-switched entry of the hand-written kernel `softmax_backward` (aten_lite/csrc/softmax_backward.h), named by the
// `cpp:` key of `_softmax_backward` (native_functions.yaml:738). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/softmax_backward.h"

namespace al::custom::softmax_backward {

using Kernel = ::al::softmax_backward::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::softmax_backward

AL_REGISTER_KERNEL(softmax_backward, {"softmax_backward", &::al::custom::softmax_backward::entry,
                   ::al::custom::softmax_backward::Kernel::kTensors,
                   ::al::custom::softmax_backward::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::softmax_backward::Kernel::kTensorNames,
                   ::al::custom::softmax_backward::Kernel::kScalarNames, &::al::custom::softmax_backward::kSig})
