// @generated from native_functions.yaml: _log_softmax_backward (sha256 c4f0634254ed5dda).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _log_softmax_backward
// The dtype-switched entry of the hand-written kernel `log_softmax_backward` (aten_lite/csrc/log_softmax_backward.h), named by the
// `cpp:` key of `_log_softmax_backward` (native_functions.yaml:746). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/log_softmax_backward.h"

namespace al::custom::log_softmax_backward {

using Kernel = ::al::log_softmax_backward::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::log_softmax_backward

AL_REGISTER_KERNEL(log_softmax_backward, {"log_softmax_backward", &::al::custom::log_softmax_backward::entry,
                   ::al::custom::log_softmax_backward::Kernel::kTensors,
                   ::al::custom::log_softmax_backward::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::log_softmax_backward::Kernel::kTensorNames,
                   ::al::custom::log_softmax_backward::Kernel::kScalarNames, &::al::custom::log_softmax_backward::kSig})
