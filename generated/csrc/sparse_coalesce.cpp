// @generated from native_functions.yaml: coalesce (sha256 06f2e4b5a079e934).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: coalesce
// The dtype-switched entry of the hand-written kernel `sparse_coalesce` (aten_lite/csrc/sparse_coalesce.h), named by the
// `cpp:` key of `coalesce` (native_functions.yaml:1088). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/sparse_coalesce.h"

namespace al::custom::sparse_coalesce {

using Kernel = ::al::sparse_coalesce::Kernel;

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  switch (dtype) {
    case ::al::kBool: return Kernel::run<bool>(t, s);
    case ::al::kUInt8: return Kernel::run<uint8_t>(t, s);
    case ::al::kInt8: return Kernel::run<int8_t>(t, s);
    case ::al::kInt16: return Kernel::run<int16_t>(t, s);
    case ::al::kInt32: return Kernel::run<int32_t>(t, s);
    case ::al::kInt64: return Kernel::run<int64_t>(t, s);
    case ::al::kFloat16: return Kernel::run<::al::half>(t, s);
    case ::al::kFloat32: return Kernel::run<float>(t, s);
    case ::al::kFloat64: return Kernel::run<double>(t, s);
    default: return ::al::kUnsupportedDType;
  }
}

const ::al::CustomSig kSig{Kernel::kDTypes, Kernel::kWrites, &Kernel::check};

}  // namespace al::custom::sparse_coalesce

AL_REGISTER_KERNEL(sparse_coalesce, {"sparse_coalesce", &::al::custom::sparse_coalesce::entry,
                   ::al::custom::sparse_coalesce::Kernel::kTensors,
                   ::al::custom::sparse_coalesce::Kernel::kScalars, 0x1ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::sparse_coalesce::Kernel::kTensorNames,
                   ::al::custom::sparse_coalesce::Kernel::kScalarNames, &::al::custom::sparse_coalesce::kSig})
