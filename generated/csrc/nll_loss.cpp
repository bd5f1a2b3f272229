// @generated from native_functions.yaml: nll_loss (sha256 6f44d4005254098e).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: nll_loss
// The dtype-switched entry of the hand-written kernel `nll_loss` (aten_lite/csrc/nll_loss.h), named by the
// `cpp:` key of `nll_loss` (native_functions.yaml:615). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/nll_loss.h"

namespace al::custom::nll_loss {

using Kernel = ::al::nll_loss::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::nll_loss

AL_REGISTER_KERNEL(nll_loss, {"nll_loss", &::al::custom::nll_loss::entry,
                   ::al::custom::nll_loss::Kernel::kTensors,
                   ::al::custom::nll_loss::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::nll_loss::Kernel::kTensorNames,
                   ::al::custom::nll_loss::Kernel::kScalarNames, &::al::custom::nll_loss::kSig})
