// @generated from native_functions.yaml: cumprod (sha256 220ec7e03724af28).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: cumprod
// The dtype-switched entry of the hand-written kernel `cumprod` (aten_lite/csrc/cumprod.h), named by the
// `cpp:` key of `cumprod` (native_functions.yaml:1329). The header's Kernel struct declares the
// arguments and checks their shapes (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
#include "aten_lite/csrc/cumprod.h"

namespace al::custom::cumprod {

using Kernel = ::al::cumprod::Kernel;

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

}  // namespace al::custom::cumprod

AL_REGISTER_KERNEL(cumprod, {"cumprod", &::al::custom::cumprod::entry,
                   ::al::custom::cumprod::Kernel::kTensors,
                   ::al::custom::cumprod::Kernel::kScalars, 0x1ff, ::al::OutKind::kSame,
                   ::al::KernelKind::kCustom, ::al::custom::cumprod::Kernel::kTensorNames,
                   ::al::custom::cumprod::Kernel::kScalarNames, &::al::custom::cumprod::kSig})
