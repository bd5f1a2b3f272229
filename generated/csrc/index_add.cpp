// @generated from native_functions.yaml: index_add (sha256 ce581fdf2fb172ac).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: index_add
// The dtype-switched entry of the hand-written kernel `index_add` (aten_lite/csrc/index_add.h), named by the
// `cpp:` key of `index_add` (native_functions.yaml:1412). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/index_add.h"

namespace al::custom::index_add {

using Kernel = ::al::index_add::Kernel;

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

}  // namespace al::custom::index_add

AL_REGISTER_KERNEL(index_add, {"index_add", &::al::custom::index_add::entry,
                   ::al::custom::index_add::Kernel::kTensors,
                   ::al::custom::index_add::Kernel::kScalars, 0x1ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::index_add::Kernel::kTensorNames,
                   ::al::custom::index_add::Kernel::kScalarNames, &::al::custom::index_add::kSig})
