// dtype codes and the C++ types behind them.
//
// The code of a dtype is its index in tools/codegen/vocab.py DTYPES; the Python runtime passes
// it as the first argument of every kernel call. Each dtype has a storage type (what sits in
// memory) and a compute type (what the scalar functor sees): they differ only for float16,
// stored as _Float16, and bfloat16, stored as bf16 below; both compute in float, as PyTorch
// does on CPU. bfloat16 is code 9, after float64, so the older codes kept their numbers; the
// codes are part of the library ABI (ABI_VERSION in aten_lite/vocab/library_kernels.py).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

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
  kBFloat16 = 9,
  kNumDTypes = 10,
};

#if defined(__aarch64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// GCC before 13 has no _Float16 in C++ on aarch64; __fp16 is the same IEEE binary16 there, and
// converts through float as _Float16 does (tests/test_cross_compile.py).
using half = __fp16;
#else
using half = _Float16;
#endif

// bfloat16: the upper 16 bits of a float32 (sign, 8 exponent bits, 7 mantissa bits). GCC 12
// has no arithmetic __bf16, so this is a plain struct converting through float: from float
// with round-to-nearest-even on the 16 dropped bits, a NaN kept a (quiet) NaN; to float
// exactly. Any arithmetic type converts through float (a double is rounded twice, as in
// torch's c10::BFloat16).
struct bf16 {
  uint16_t bits;

  bf16() = default;
  constexpr bf16(uint16_t b, bool) : bits(b) {}  // from raw bits
  bf16(float f) : bits(round_bits(f)) {}         // NOLINT: implicit, as _Float16's
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T> &&
                                              !std::is_same_v<T, float>>>
  bf16(T v) : bf16(static_cast<float>(v)) {}     // NOLINT
  operator float() const {                       // NOLINT
    uint32_t u = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
  }

  static uint16_t round_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x0040u);
    u += 0x7fffu + ((u >> 16) & 1u);  // ties to the even upper half
    return static_cast<uint16_t>(u >> 16);
  }
};
static_assert(sizeof(bf16) == 2, "bf16 must be 16 bits");

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
template <> struct DTypeOf<kBFloat16> { using storage = bf16; };

// The type a functor computes in for storage type S.
template <class S> struct ComputeOf { using type = S; };
template <> struct ComputeOf<half> { using type = float; };
template <> struct ComputeOf<bf16> { using type = float; };
template <class S> using compute_t = typename ComputeOf<S>::type;

template <class S> constexpr bool is_floating_v = false;
template <> constexpr bool is_floating_v<half> = true;
template <> constexpr bool is_floating_v<bf16> = true;
template <> constexpr bool is_floating_v<float> = true;
template <> constexpr bool is_floating_v<double> = true;

// Names as the Python side spells them, indexed by code (defined in registry.cpp).
extern const char* const kDTypeNames[kNumDTypes];

}  // namespace al
