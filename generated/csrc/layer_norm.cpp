// @generated from native_functions.yaml: _layer_norm (sha256 2f419d0f5d93625b).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _layer_norm
// The dtype-switched entry of the hand-written kernel `layer_norm` (aten_lite/csrc/layer_norm.h), named by the
// `cpp:` key of `_layer_norm` (native_functions.yaml:690). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/layer_norm.h"

namespace al::custom::layer_norm {

using Kernel = ::al::layer_norm::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::layer_norm

AL_REGISTER_KERNEL(layer_norm, {"layer_norm", &::al::custom::layer_norm::entry,
                   ::al::custom::layer_norm::Kernel::kTensors,
                   ::al::custom::layer_norm::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::layer_norm::Kernel::kTensorNames,
                   ::al::custom::layer_norm::Kernel::kScalarNames, &::al::custom::layer_norm::kSig})
