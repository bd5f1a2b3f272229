// @generated from native_functions.yaml: _nan_to_num (sha256 64ba078192831446).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _nan_to_num
// The C++ kernel of `_nan_to_num`: its `elementwise:` expression (native_functions.yaml:1297) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__nan_to_num {

template <class AlCompute>
struct Functor {
  AlCompute nan;
  AlCompute posinf;
  AlCompute neginf;

  auto operator()(AlCompute self) const {
#line 1297 "native_functions.yaml"
    return self != self ? nan : (self - self == self - self ? self : (self > 0 ? posinf : neginf));
#line 21 "generated/csrc/_nan_to_num.cpp"
  }
};

template <class AlStorage>
int run(const ::al::TensorRef* t, [[maybe_unused]] const ::al::Scalar* s) {
  using AlCompute = ::al::compute_t<AlStorage>;
  const Functor<AlCompute> f{s[0].to<AlCompute>(), s[1].to<AlCompute>(), s[2].to<AlCompute>()};
  return ::al::elementwise<AlStorage, AlStorage, 1>(t, f);
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
const char* const kTensorNames[] = {"self", nullptr};
const char* const kScalarNames[] = {"nan", "posinf", "neginf", nullptr};

}  // namespace al::math::op__nan_to_num

AL_REGISTER_KERNEL(_nan_to_num, {"_nan_to_num", &::al::math::op__nan_to_num::entry,
                   1, 3, 0x1c0, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__nan_to_num::kTensorNames,
                   ::al::math::op__nan_to_num::kScalarNames})
