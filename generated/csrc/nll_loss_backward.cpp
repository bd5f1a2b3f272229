// @generated from native_functions.yaml: _nll_loss_backward (sha256 b1766cb9530dfa3f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _nll_loss_backward
// The dtype-switched entry of the hand-written kernel `nll_loss_backward` (aten_lite/csrc/nll_loss_backward.h), named by the
// `cpp:` key of `_nll_loss_backward` (native_functions.yaml:623). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/nll_loss_backward.h"

namespace al::custom::nll_loss_backward {

using Kernel = ::al::nll_loss_backward::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::nll_loss_backward

AL_REGISTER_KERNEL(nll_loss_backward, {"nll_loss_backward", &::al::custom::nll_loss_backward::entry,
                   ::al::custom::nll_loss_backward::Kernel::kTensors,
                   ::al::custom::nll_loss_backward::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::nll_loss_backward::Kernel::kTensorNames,
                   ::al::custom::nll_loss_backward::Kernel::kScalarNames, &::al::custom::nll_loss_backward::kSig})
