// dtype codes and the C++ types behind them.
//
// The code of a dtype is its index in tools/codegen/vocab.py DTYPES; the Python runtime passes
// it as the first argument of every kernel call. Each dtype has a storage type (what sits in
// memory) and a compute type (what the scalar functor sees): they differ only for float16,
// which is stored as _Float16 and computed in float, as PyTorch does on CPU.
#pragma once

#include <cstdint>

namespace al {

enum DTypeCode : int {
  kBool = 0,
  kUInt8 = 1,
  kInt8 = 2,
  kInt16 = 3,
  kInt32 = 4,
  kInt64 = 5,
  kFloat16 = 6,
  kFloat32 = 7,
  kFloat64 = 8,
  kNumDTypes = 9,
};

using half = _Float16;

template <int Code> struct DTypeOf;
template <> struct DTypeOf<kBool> { using storage = bool; };
template <> struct DTypeOf<kUInt8> { using storage = uint8_t; };
template <> struct DTypeOf<kInt8> { using storage = int8_t; };
template <> struct DTypeOf<kInt16> { using storage = int16_t; };
template <> struct DTypeOf<kInt32> { using storage = int32_t; };
template <> struct DTypeOf<kInt64> { using storage = int64_t; };
template <> struct DTypeOf<kFloat16> { using storage = half; };
template <> struct DTypeOf<kFloat32> { using storage = float; };
template <> struct DTypeOf<kFloat64> { using storage = double; };

// The type a functor computes in for storage type S.
template <class S> struct ComputeOf { using type = S; };
template <> struct ComputeOf<half> { using type = float; };
template <class S> using compute_t = typename ComputeOf<S>::type;

template <class S> constexpr bool is_floating_v = false;
template <> constexpr bool is_floating_v<half> = true;
template <> constexpr bool is_floating_v<float> = true;
template <> constexpr bool is_floating_v<double> = true;

// Names as the Python side spells them, indexed by code (defined in registry.cpp).
extern const char* const kDTypeNames[kNumDTypes];

}  // namespace al
