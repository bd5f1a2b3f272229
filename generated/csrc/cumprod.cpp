// @generated from native_functions.yaml: cumprod (sha256 ba4a4a4f1eb63863).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: cumprod
// The dtype-switched entry of the hand-written kernel `cumprod` (aten_lite/csrc/cumprod.h), named by the
// `cpp:` key of `cumprod` (native_functions.yaml:1425). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/cumprod.h"

namespace al::custom::cumprod {

using Kernel = ::al::cumprod::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3ff>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::cumprod

AL_REGISTER_KERNEL(cumprod, {"cumprod", &::al::custom::cumprod::entry,
                   ::al::custom::cumprod::Kernel::kTensors,
                   ::al::custom::cumprod::Kernel::kScalars, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::cumprod::Kernel::kTensorNames,
                   ::al::custom::cumprod::Kernel::kScalarNames, &::al::custom::cumprod::kSig})
