// @generated from native_functions.yaml: div.Tensor (sha256 557501d23c99ee80).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: div.Tensor
// The C++ kernel of `div.Tensor`: its `elementwise:` expression (native_functions.yaml:265) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_div_Tensor {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 265 "native_functions.yaml"
    return self / other;
#line 18 "generated/csrc/div_Tensor.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{};
  return ::al::elementwise<AlStorage, AlStorage, 2>(t, f);
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
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_div_Tensor

AL_REGISTER_KERNEL(div_Tensor, {"div.Tensor", &::al::math::op_div_Tensor::entry,
                   2, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_div_Tensor::kTensorNames,
                   ::al::math::op_div_Tensor::kScalarNames})
