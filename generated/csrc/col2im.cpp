// @generated from native_functions.yaml: col2im (sha256 ab1bf5553e68680f).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: col2im
// The dtype-switched entry of the hand-written kernel `col2im` (aten_lite/csrc/col2im.h), named by the
// `cpp:` key of `col2im` (native_functions.yaml:1817). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/col2im.h"

namespace al::custom::col2im {

using Kernel = ::al::col2im::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3fe>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::col2im

AL_REGISTER_KERNEL(col2im, {"col2im", &::al::custom::col2im::entry,
                   ::al::custom::col2im::Kernel::kTensors,
                   ::al::custom::col2im::Kernel::kScalars, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::col2im::Kernel::kTensorNames,
                   ::al::custom::col2im::Kernel::kScalarNames, &::al::custom::col2im::kSig})
