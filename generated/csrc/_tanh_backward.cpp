// @generated from native_functions.yaml: _tanh_backward (sha256 f354c3149e318153).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _tanh_backward
// The C++ kernel of `_tanh_backward`: its `elementwise:` expression (native_functions.yaml:673) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__tanh_backward {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute grad_output, AlCompute tanh_out) const {
#line 673 "native_functions.yaml"
    return grad_output * (1 - tanh_out * tanh_out);
#line 18 "generated/csrc/_tanh_backward.cpp"
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

}  // namespace al::math::op__tanh_backward

AL_REGISTER_KERNEL(_tanh_backward, {"_tanh_backward", &::al::math::op__tanh_backward::entry,
                   2, 0, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__tanh_backward::kTensorNames,
                   ::al::math::op__tanh_backward::kScalarNames})
