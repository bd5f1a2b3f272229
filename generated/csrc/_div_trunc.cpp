// @generated from native_functions.yaml: _div_trunc (sha256 5a65d628a5ada4f9).
// Do not edit: change the YAML and run `aten-lite-gen` (or `python -m tools.codegen`).

// op: _div_trunc
// The C++ kernel of `_div_trunc`: its `elementwise:` expression (native_functions.yaml:412) as a
// functor, run by aten_lite/csrc/loops.h for each of its dtypes.
#include "aten_lite/csrc/loops.h"

namespace al::math::op__div_trunc {

template <class AlCompute>
struct Functor {

  auto operator()(AlCompute self, AlCompute other) const {
#line 412 "native_functions.yaml"
    return trunc_divide(self, other);
#line 18 "generated/csrc/_div_trunc.cpp"
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
    case ::al::kUInt8: return run<uint8_t>(t, s);
    case ::al::kInt8: return run<int8_t>(t, s);
    case ::al::kInt16: return run<int16_t>(t, s);
    case ::al::kInt32: return run<int32_t>(t, s);
    case ::al::kInt64: return run<int64_t>(t, s);
    case ::al::kFloat16: return run<::al::half>(t, s);
    case ::al::kFloat32: return run<float>(t, s);
    case ::al::kFloat64: return run<double>(t, s);
    default: return ::al::kUnsupportedDType;
  }
}

// Schema names for error messages; the null ends a list that may be empty.
const char* const kTensorNames[] = {"self", "other", nullptr};
const char* const kScalarNames[] = {nullptr};

}  // namespace al::math::op__div_trunc

AL_REGISTER_KERNEL(_div_trunc, {"_div_trunc", &::al::math::op__div_trunc::entry,
                   2, 0, 0x1fe, ::al::OutKind::kSame,
                   ::al::KernelKind::kElementwise, ::al::math::op__div_trunc::kTensorNames,
                   ::al::math::op__div_trunc::kScalarNames})
