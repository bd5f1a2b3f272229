// @generated from native_functions.yaml: sparse_sampled_mm (sha256 b54ce07d9f0d8df8).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: sparse_sampled_mm
// The dtype-switched entry of the hand-written kernel `sparse_sampled_mm` (aten_lite/csrc/sparse_sampled_mm.h), named by the
// `cpp:` key of `sparse_sampled_mm` (native_functions.yaml:1213). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/sparse_sampled_mm.h"

namespace al::custom::sparse_sampled_mm {

using Kernel = ::al::sparse_sampled_mm::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3fe>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::sparse_sampled_mm

AL_REGISTER_KERNEL(sparse_sampled_mm, {"sparse_sampled_mm", &::al::custom::sparse_sampled_mm::entry,
                   ::al::custom::sparse_sampled_mm::Kernel::kTensors,
                   ::al::custom::sparse_sampled_mm::Kernel::kScalars, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::sparse_sampled_mm::Kernel::kTensorNames,
                   ::al::custom::sparse_sampled_mm::Kernel::kScalarNames, &::al::custom::sparse_sampled_mm::kSig})
