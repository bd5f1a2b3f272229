// The ABI between the core module (module.cpp) and every kernel translation unit.
//
// A kernel TU includes this header (through loops.h or reduce.h), defines one entry function
// and registers it with AL_REGISTER_KERNEL. It never includes Python or NumPy headers: the core
// reads the ndarrays, checks them against the KernelInfo, and hands the entry plain structs.
#pragma once

#include <cstdint>

#include "cpu_capability.h"
#include "dtype.h"

namespace al {

// One ndarray as the core read it: byte strides, any sign, zero for broadcast dims.
struct TensorRef {
  char* data;
  int64_t ndim;
  const int64_t* sizes;
  const int64_t* strides;
};

// A Python bool/int/float argument, converted by the entry once to the compute type.
struct Scalar {
  enum Kind : int { kBoolean = 0, kInteger = 1, kFloating = 2 };
  Kind kind;
  int64_t i;  // kBoolean (0/1) and kInteger
  double d;   // kFloating

  template <class C> C to() const {
    return kind == kFloating ? static_cast<C>(d) : static_cast<C>(i);
  }
};

// Which dtype `out` must have, given the compute dtype the kernel is called with.
enum class OutKind : int {
  kSame = 0,    // out has the compute dtype
  kBool = 1,    // always_bool elementwise ops, all, any
  kWideInt = 2, // sum/prod: int64 for bool and integer inputs, else the compute dtype
};

enum class KernelKind : int { kElementwise = 0, kReduction = 1, kCustom = 2 };

// Note [Custom kernels]
// A hand-written kernel template (aten_lite/csrc/<name>.h, named by a YAML `cpp:` key) gets a
// generated dtype-switched entry like every op, but its tensors need not share one dtype or
// broadcast to out: its CustomSig says which dtype each tensor must have, which ones it writes,
// and checks the shapes the kernel relies on for memory safety. Such an entry returns a count
// of its own (e.g. how many rows it wrote) instead of a path code.
constexpr int kComputeDType = -1;  // a CustomSig dtype entry: "the dtype of the call"

struct CustomSig {
  const int* dtypes;   // n_tensors + 1 entries, out first: a dtype code or kComputeDType
  uint32_t writes;     // bit k set when tensor k is written (bit 0, out, is always written)
  // nullptr when the shapes are acceptable, else what is wrong (a static string).
  const char* (*check)(const TensorRef* t, const Scalar* s);
};

// Path codes an entry returns (see Note [Kernel path codes] in aten_lite/csrc/loops.h); negative means the
// call failed: the dtype code is not one the entry was generated for, or an index read during
// the run was out of range (Note [Indices read once] in sparse_common.h).
constexpr int kUnsupportedDType = -1;
constexpr int kIndexChanged = -2;

// t[0] is out, t[1..n_tensors] the inputs in schema order; s holds n_scalars scalars.
using KernelFn = int (*)(int dtype, const TensorRef* t, const Scalar* s);

struct KernelInfo {
  const char* name;                 // op full name: "add.Tensor", "relu"
  KernelFn fn;
  int n_tensors;                    // inputs, not counting out
  int n_scalars;
  uint32_t dtype_mask;              // bit c set when dtype code c is supported
  OutKind out_kind;
  KernelKind kind;
  const char* const* tensor_names;  // n_tensors schema names, for error messages
  const char* const* scalar_names;  // n_scalars schema names (may be null when n_scalars == 0)
  const CustomSig* custom = nullptr;  // kCustom kernels only (Note [Custom kernels])
};

// Most tensor plus scalar arguments one kernel may take (the core keeps them on the stack).
constexpr int kMaxKernelArgs = 16;

// Adds an entry to the registry; called by static initialisers before the module initialises,
// so it must not touch Python. Returns true so it can initialise a namespace-scope constant.
// `capability` (AL_CPU_CAPABILITY_CODE) says which variant of the kernel's code `info.fn` is
// (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h): the default variant's registration is
// the kernel's, a wider one's adds code the registry may pick instead for the dtypes in
// `dtypes` (AL_CPU_DTYPES).
bool register_kernel(const KernelInfo& info, int capability, uint32_t dtypes);

// What the entry of a generated kernel (generated/csrc/*.cpp) calls: switches on the dtype
// code of the call and runs K::run<storage type>(t, s) for the codes whose bit is set in Mask
// (the op's `dtypes:`), kUnsupportedDType for the others. K is the op's kernel struct: an Elementwise
// (loops.h), a Reduction (reduce.h) or a `cpp:` kernel template (Note [Custom kernels]). Only
// the cases in Mask are instantiated.
// A variant compiled for wider vectors has only the cases of AL_CPU_DTYPES (cpu_capability.h).
template <class K, uint32_t Mask>
int dtype_entry(int dtype, const TensorRef* t, const Scalar* s) {
  constexpr uint32_t kMask = Mask & AL_CPU_DTYPES;
  switch (dtype) {
#define AL_DTYPE_CASE(code, type) \
  case code:                      \
    if constexpr ((kMask >> code) & 1u) return K::template run<type>(t, s); \
    break;
    AL_DTYPE_CASE(kBool, bool)
    AL_DTYPE_CASE(kUInt8, uint8_t)
    AL_DTYPE_CASE(kInt8, int8_t)
    AL_DTYPE_CASE(kInt16, int16_t)
    AL_DTYPE_CASE(kInt32, int32_t)
    AL_DTYPE_CASE(kInt64, int64_t)
    AL_DTYPE_CASE(kFloat16, half)
    AL_DTYPE_CASE(kFloat32, float)
    AL_DTYPE_CASE(kFloat64, double)
    AL_DTYPE_CASE(kBFloat16, bf16)
#undef AL_DTYPE_CASE
    default:
      break;
  }
  return kUnsupportedDType;
}

// The namespaces generated kernels open as `namespace al::math::op_relu` and
// `namespace al::custom::softmax`: declared here inside the capability's namespace, so those
// definitions extend these (Note [CPU capability variants]).
AL_CPU_BEGIN
namespace math {}
namespace custom {}
AL_CPU_END

}  // namespace al

// Registers a kernel from any translation unit: AL_REGISTER_KERNEL(add_Tensor, {...fields...}),
// as the variant this translation unit is compiled for (cpu_capability.h).
#define AL_REGISTER_KERNEL(ident, ...)                                              \
  namespace {                                                                       \
  [[maybe_unused]] const bool al_registered_##ident = ::al::register_kernel(        \
      ::al::KernelInfo __VA_ARGS__, AL_CPU_CAPABILITY_CODE, AL_CPU_DTYPES);         \
  }
