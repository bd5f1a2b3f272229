// @generated from native_functions.yaml: softmax.int (sha256 eda4dc54ff687f72).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: softmax.int
// The dtype-switched entry of the hand-written kernel `softmax` (aten_lite/csrc/softmax.h), named by the
// `cpp:` key of `softmax.int` (native_functions.yaml:595). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/softmax.h"

namespace al::custom::softmax {

using Kernel = ::al::softmax::Kernel;

// The entry: the dtype switch over the entry's dtypes (dtype_entry in kernel_api.h).
int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  return ::al::dtype_entry<Kernel, 0x3c0>(dtype, t, s);
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::softmax

AL_REGISTER_KERNEL(softmax, {"softmax", &::al::custom::softmax::entry,
                   ::al::custom::softmax::Kernel::kTensors,
                   ::al::custom::softmax::Kernel::kScalars, 0x3c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::softmax::Kernel::kTensorNames,
                   ::al::custom::softmax::Kernel::kScalarNames, &::al::custom::softmax::kSig})
