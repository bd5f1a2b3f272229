// @generated from native_functions.yaml: _layer_norm_weight_grad (sha256 9b27b35b08a12a3f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _layer_norm_weight_grad
// The dtype-switched entry of the hand-written kernel `layer_norm_weight_grad` (aten_lite/csrc/layer_norm_weight_grad.h), named by the
// `cpp:` key of `_layer_norm_weight_grad` (native_functions.yaml:714). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/layer_norm_weight_grad.h"

namespace al::custom::layer_norm_weight_grad {

using Kernel = ::al::layer_norm_weight_grad::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::layer_norm_weight_grad

AL_REGISTER_KERNEL(layer_norm_weight_grad, {"layer_norm_weight_grad", &::al::custom::layer_norm_weight_grad::entry,
                   ::al::custom::layer_norm_weight_grad::Kernel::kTensors,
                   ::al::custom::layer_norm_weight_grad::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::layer_norm_weight_grad::Kernel::kTensorNames,
                   ::al::custom::layer_norm_weight_grad::Kernel::kScalarNames, &::al::custom::layer_norm_weight_grad::kSig})
