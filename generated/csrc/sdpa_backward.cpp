// @generated from native_functions.yaml: _sdpa_backward (sha256 9b5b7081290cf609).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _sdpa_backward
// The dtype-switched entry of the hand-written kernel `sdpa_backward` (aten_lite/csrc/sdpa_backward.h), named by the
// `cpp:` key of `_sdpa_backward` (native_functions.yaml:730). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/sdpa_backward.h"

namespace al::custom::sdpa_backward {

using Kernel = ::al::sdpa_backward::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::sdpa_backward

AL_REGISTER_KERNEL(sdpa_backward, {"sdpa_backward", &::al::custom::sdpa_backward::entry,
                   ::al::custom::sdpa_backward::Kernel::kTensors,
                   ::al::custom::sdpa_backward::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::sdpa_backward::Kernel::kTensorNames,
                   ::al::custom::sdpa_backward::Kernel::kScalarNames, &::al::custom::sdpa_backward::kSig})
