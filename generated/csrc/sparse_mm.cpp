// @generated from native_functions.yaml: mm (sha256 7fd56ac5ddad36c0).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: mm
// The dtype-switched entry of the hand-written kernel `sparse_mm` (aten_lite/csrc/sparse_mm.h), named by the
// `cpp:` key of `mm` (native_functions.yaml:754). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/sparse_mm.h"

namespace al::custom::sparse_mm {

using Kernel = ::al::sparse_mm::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3fe>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::sparse_mm

AL_REGISTER_KERNEL(sparse_mm, {"sparse_mm", &::al::custom::sparse_mm::entry,
                   ::al::custom::sparse_mm::Kernel::kTensors,
                   ::al::custom::sparse_mm::Kernel::kScalars, 0x3fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::sparse_mm::Kernel::kTensorNames,
                   ::al::custom::sparse_mm::Kernel::kScalarNames, &::al::custom::sparse_mm::kSig})
