// @generated from native_functions.yaml: lerp.Tensor (sha256 82b374951c8f5b19).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: lerp.Tensor
// The C++ kernel of `lerp.Tensor`: its `elementwise:` expression (native_functions.yaml:1286) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_lerp_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute end, AlCompute weight) const {
#line 1286 "native_functions.yaml"
    return abs(weight) < 0.5 ? self + weight * (end - self) : end - (end - self) * (1 - weight);
#line 18 "generated/csrc/lerp_Tensor.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{};
  return ::al::elementwise<AlStorage, AlStorage, 3>(t, f);
}

int entry(int dtype, const ::al::TensorRef* t, const ::al::Scalar* s) {
  switch (dtype) {
    case ::al::kFloat16: return run<::al::half>(t, s);
    case ::al::kFloat32: return run<float>(t, s);
    case ::al::kFloat64: return run<double>(t, s);
    default: return ::al::kUnsupportedDType;
  }
}

// Schema names for error messages; the null ends a list that may be empty.
const char* const kTensorNames[] = {"self", "end", "weight", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_lerp_Tensor

AL_REGISTER_KERNEL(lerp_Tensor, {"lerp.Tensor", &::al::math::op_lerp_Tensor::entry,
                   3, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_lerp_Tensor::kTensorNames,
                   ::al::math::op_lerp_Tensor::kScalarNames})
