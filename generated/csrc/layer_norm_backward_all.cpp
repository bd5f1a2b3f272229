// @generated from native_functions.yaml: _layer_norm_backward_all (sha256 a3f26d6832e26683).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _layer_norm_backward_all
// The dtype-switched entry of the hand-written kernel `layer_norm_backward_all` (aten_lite/csrc/layer_norm_backward_all.h), named by the
// `cpp:` key of `_layer_norm_backward_all` (native_functions.yaml:706). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/layer_norm_backward_all.h"

namespace al::custom::layer_norm_backward_all {

using Kernel = ::al::layer_norm_backward_all::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::layer_norm_backward_all

AL_REGISTER_KERNEL(layer_norm_backward_all, {"layer_norm_backward_all", &::al::custom::layer_norm_backward_all::entry,
                   ::al::custom::layer_norm_backward_all::Kernel::kTensors,
                   ::al::custom::layer_norm_backward_all::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::layer_norm_backward_all::Kernel::kTensorNames,
                   ::al::custom::layer_norm_backward_all::Kernel::kScalarNames, &::al::custom::layer_norm_backward_all::kSig})
