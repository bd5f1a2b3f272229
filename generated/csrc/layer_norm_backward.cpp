// @generated from native_functions.yaml: _layer_norm_backward (sha256 3b48c5cee1d03fec).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _layer_norm_backward
// The dtype-switched entry of the hand-written kernel `layer_norm_backward` (aten_lite/csrc/layer_norm_backward.h), named by the
// `cpp:` key of `_layer_norm_backward` (native_functions.yaml:698). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/layer_norm_backward.h"

namespace al::custom::layer_norm_backward {

using Kernel = ::al::layer_norm_backward::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::layer_norm_backward

AL_REGISTER_KERNEL(layer_norm_backward, {"layer_norm_backward", &::al::custom::layer_norm_backward::entry,
                   ::al::custom::layer_norm_backward::Kernel::kTensors,
                   ::al::custom::layer_norm_backward::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::layer_norm_backward::Kernel::kTensorNames,
                   ::al::custom::layer_norm_backward::Kernel::kScalarNames, &::al::custom::layer_norm_backward::kSig})
