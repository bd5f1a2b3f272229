// @generated from native_functions.yaml: coalesce (sha256 314dd5a11118b1bd).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: coalesce
// The dtype-switched entry of the hand-written kernel `sparse_coalesce` (aten_lite/csrc/sparse_coalesce.h), named by the
// `cpp:` key of `coalesce` (native_functions.yaml:1163). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/sparse_coalesce.h"

namespace al::custom::sparse_coalesce {

using Kernel = ::al::sparse_coalesce::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3ff>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::sparse_coalesce

AL_REGISTER_KERNEL(sparse_coalesce, {"sparse_coalesce", &::al::custom::sparse_coalesce::entry,
                   ::al::custom::sparse_coalesce::Kernel::kTensors,
                   ::al::custom::sparse_coalesce::Kernel::kScalars, 0x3ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::sparse_coalesce::Kernel::kTensorNames,
                   ::al::custom::sparse_coalesce::Kernel::kScalarNames, &::al::custom::sparse_coalesce::kSig})
