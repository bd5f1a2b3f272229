// @generated from native_functions.yaml and derivatives.yaml (sha256 6f4dda32daf39a9d).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: tanh_backward
// The C++ kernel of `tanh_backward`: its `elementwise:` expression (native_functions.yaml:599) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op_tanh_backward {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute grad_output, AlCompute tanh_out) const {
#line 599 "native_functions.yaml"
    return grad_output * (1 - tanh_out * tanh_out);
#line 18 "generated/csrc/tanh_backward.cpp"
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
const char* const kTensorNames[] = {"grad_output", "tanh_out", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op_tanh_backward

AL_REGISTER_KERNEL(tanh_backward, {"tanh_backward", &::al::math::op_tanh_backward::entry,
                   2, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op_tanh_backward::kTensorNames,
                   ::al::math::op_tanh_backward::kScalarNames})
