// @generated from native_functions.yaml: log_softmax.int (sha256 d091571d645f14af).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: log_softmax.int
// The dtype-switched entry of the hand-written kernel `log_softmax` (aten_lite/csrc/log_softmax.h), named by the
// `cpp:` key of `log_softmax.int` (native_functions.yaml:604). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/log_softmax.h"

namespace al::custom::log_softmax {

using Kernel = ::al::log_softmax::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::log_softmax

AL_REGISTER_KERNEL(log_softmax, {"log_softmax", &::al::custom::log_softmax::entry,
                   ::al::custom::log_softmax::Kernel::kTensors,
                   ::al::custom::log_softmax::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::log_softmax::Kernel::kTensorNames,
                   ::al::custom::log_softmax::Kernel::kScalarNames, &::al::custom::log_softmax::kSig})
