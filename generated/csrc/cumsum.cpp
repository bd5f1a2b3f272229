// @generated from native_functions.yaml: cumsum (sha256 fc3653aedae3475f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: cumsum
// The dtype-switched entry of the hand-written kernel `cumsum` (aten_lite/csrc/cumsum.h), named by the
// `cpp:` key of `cumsum` (native_functions.yaml:1411). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/cumsum.h"

namespace al::custom::cumsum {

using Kernel = ::al::cumsum::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3ff>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::cumsum

AL_REGISTER_KERNEL(cumsum, {"cumsum", &::al::custom::cumsum::entry,
                   ::al::custom::cumsum::Kernel::kTensors,
                   ::al::custom::cumsum::Kernel::kScalars, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::cumsum::Kernel::kTensorNames,
                   ::al::custom::cumsum::Kernel::kScalarNames, &::al::custom::cumsum::kSig})
