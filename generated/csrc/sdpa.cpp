// @generated from native_functions.yaml: _sdpa (sha256 4e341c527b9472cd).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _sdpa
// The dtype-switched entry of the hand-written kernel `sdpa` (aten_lite/csrc/sdpa.h), named by the
// `cpp:` key of `_sdpa` (native_functions.yaml:722). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/sdpa.h"

namespace al::custom::sdpa {

using Kernel = ::al::sdpa::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::sdpa

AL_REGISTER_KERNEL(sdpa, {"sdpa", &::al::custom::sdpa::entry,
                   ::al::custom::sdpa::Kernel::kTensors,
                   ::al::custom::sdpa::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::sdpa::Kernel::kTensorNames,
                   ::al::custom::sdpa::Kernel::kScalarNames, &::al::custom::sdpa::kSig})
