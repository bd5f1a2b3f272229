// @generated from native_functions.yaml: index_add (sha256 7c8df4132a59fe16).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: index_add
// The dtype-switched entry of the hand-written kernel `index_add` (aten_lite/csrc/index_add.h), named by the
// `cpp:` key of `index_add` (native_functions.yaml:1508). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/index_add.h"

namespace al::custom::index_add {

using Kernel = ::al::index_add::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3ff>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::index_add

AL_REGISTER_KERNEL(index_add, {"index_add", &::al::custom::index_add::entry,
                   ::al::custom::index_add::Kernel::kTensors,
                   ::al::custom::index_add::Kernel::kScalars, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::index_add::Kernel::kTensorNames,
                   ::al::custom::index_add::Kernel::kScalarNames, &::al::custom::index_add::kSig})
