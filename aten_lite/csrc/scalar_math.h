// The functions an `elementwise:` expression may call (tools/codegen/vocab.py
// ELEMENTWISE_FUNCTIONS), for every compute type: bool, the integers, float and double.
//
// Generated functors live inside namespace al::math, so an unqualified `exp(self)` finds these
// overloads before the C library's ::exp. Conventions:
//   * transcendental functions of an integer or bool compute in double and return double (the
//     kernel's store converts the result to the output dtype);
//   * binary functions first convert both operands to their common type, so `pow(self, 2)` on
//     float stays float;
//   * integer division by zero never traps: floor_divide, trunc_divide, remainder and fmod
//     return 0 (the Python runtime raises ZeroDivisionError before calling), and INT_MIN / -1
//     wraps instead of trapping;
//   * integer pow with a negative exponent gives the truncated exact result (1 for base 1,
//     +-1 for base -1, else 0); the Python runtime raises before calling, as torch does;
//   * maximum and minimum propagate NaN; sign of NaN is 0, as torch.sign.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cpu_capability.h"
#include "dtype.h"

// Note [Vector math]: glibc's libmvec has SIMD versions of the C library's transcendental
// functions, but its headers announce them only under -ffast-math, which would also break NaN
// handling. Declaring the simd attribute ourselves lets GCC vectorise `exp(self)` and friends
// with IEEE semantics intact. build.py defines AL_HAVE_MVEC and links libmvec when the C library
// has the functions (glibc >= 2.35). float exp is the exception: al::math::exp(float) below is our
// own (Note [Float exp]), inlined into the loop instead of called.
#if defined(AL_HAVE_MVEC) && AL_HAVE_MVEC && defined(__x86_64__)
#define AL_SIMD_UNARY(name)                                                               \
  extern "C" double name(double) noexcept __attribute__((simd("notinbranch")));           \
  extern "C" float name##f(float) noexcept __attribute__((simd("notinbranch")));
AL_SIMD_UNARY(exp)
AL_SIMD_UNARY(expm1)
AL_SIMD_UNARY(log)
AL_SIMD_UNARY(log1p)
AL_SIMD_UNARY(log2)
AL_SIMD_UNARY(log10)
AL_SIMD_UNARY(sin)
AL_SIMD_UNARY(cos)
AL_SIMD_UNARY(tan)
AL_SIMD_UNARY(asin)
AL_SIMD_UNARY(acos)
AL_SIMD_UNARY(atan)
AL_SIMD_UNARY(sinh)
AL_SIMD_UNARY(cosh)
AL_SIMD_UNARY(tanh)
AL_SIMD_UNARY(erf)
#undef AL_SIMD_UNARY
extern "C" double pow(double, double) noexcept __attribute__((simd("notinbranch")));
extern "C" float powf(float, float) noexcept __attribute__((simd("notinbranch")));
#endif

namespace al {
// Compiled into each capability's code (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h).
AL_CPU_BEGIN
namespace math {

namespace detail {

// float and double stay themselves; integers and bool compute in double.
template <class T>
using real_t = std::conditional_t<std::is_floating_point_v<T>, T, double>;

template <class T> inline real_t<T> real(T x) { return static_cast<real_t<T>>(x); }

// Arithmetic type for integer helpers: bool computes as int.
template <class T>
using arith_t = std::conditional_t<std::is_same_v<T, bool>, int, T>;

template <class A, class B>
using common_t = arith_t<std::common_type_t<A, B>>;

// -x without signed-overflow undefined behaviour (INT_MIN stays INT_MIN).
template <class T> inline T wrap_neg(T x) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(U(0) - static_cast<U>(x));
}

}  // namespace detail

// ---- unary functions that are the identity on integers ------------------------------------

#define AL_ROUNDING(name, expr)                                     \
  template <class T> inline T name(T x) {                          \
    if constexpr (std::is_floating_point_v<T>) {                   \
      return expr;                                                 \
    } else {                                                       \
      return x;                                                    \
    }                                                              \
  }
AL_ROUNDING(ceil, std::ceil(x))
AL_ROUNDING(floor, std::floor(x))
AL_ROUNDING(trunc, std::trunc(x))
// nearbyint rounds in the current mode, which Python never changes: to nearest, ties to even.
AL_ROUNDING(round_half_even, std::nearbyint(x))
#undef AL_ROUNDING

template <class T> inline T abs(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::fabs(x);
  } else if constexpr (std::is_unsigned_v<T> || std::is_same_v<T, bool>) {
    return x;
  } else {
    return x < 0 ? detail::wrap_neg(x) : x;
  }
}

template <class T> inline T sign(T x) {
  if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) {
    return static_cast<T>(x > 0);
  } else {
    // NaN compares false both ways, so it maps to 0.
    return static_cast<T>((T(0) < x) - (x < T(0)));
  }
}

// ---- transcendental: compute in real_t -------------------------------------------------

#define AL_REAL_UNARY(name)                                         \
  template <class T> inline auto name(T x) { return std::name(detail::real(x)); }
AL_REAL_UNARY(acos)
AL_REAL_UNARY(asin)
AL_REAL_UNARY(atan)
AL_REAL_UNARY(cos)
AL_REAL_UNARY(cosh)
AL_REAL_UNARY(erf)
AL_REAL_UNARY(exp)
AL_REAL_UNARY(expm1)
AL_REAL_UNARY(log)
AL_REAL_UNARY(log10)
AL_REAL_UNARY(log1p)
AL_REAL_UNARY(log2)
AL_REAL_UNARY(sin)
AL_REAL_UNARY(sinh)
AL_REAL_UNARY(sqrt)
AL_REAL_UNARY(tan)
AL_REAL_UNARY(tanh)
#undef AL_REAL_UNARY

// Note [Float exp]: a float exp written as plain branch-free arithmetic, so GCC vectorises it
// inline (16 lanes under AVX-512) in every eager and fused kernel alike, which keeps compiled ==
// eager bitwise. A call to libmvec's expf cost more than the memory traffic of a fused
// (x*2+y).relu().exp().sum(), which made it compute-bound. Method:
//   * k = round(x * log2(e)) by the 1.5*2^23 shifter: t's low mantissa bits hold k (read from its
//     bits, so no float-to-int conversion of NaN or inf is ever made);
//   * r = x - k*ln2 in two fused multiply-adds (Cody-Waite), |r| <= ln2/2: ln2_hi is ln2 to
//     float precision and x - k*ln2_hi is exact (it needs at most 24 bits), so only the ln2_lo
//     step rounds;
//   * e^r = 1 + r (1 + r q(r)), q a degree-4 fit of (e^r - 1 - r)/r^2 (relative error 3.7e-9
//     with the coefficients rounded to float), fitted in float64 with numpy: least squares on
//     Chebyshev points, reweighted toward minimax; Horner's steps are fused multiply-adds;
//   * times 2^k in two factors 2^(k>>1) and 2^(k - (k>>1)), each a normal float for |k| <= 252,
//     so a subnormal result is rounded once, by the last multiply, and overflow gives +inf;
//   * |x| > 110 is answered by selects (+inf / +0; the arithmetic there is garbage, never UB);
//     NaN propagates through the arithmetic; exp(-0.0) = 1.
// Checked once over all 2^32 float inputs against the float64 exp: max error 0.894 ulp; NaN ->
// NaN, +inf -> +inf, -inf -> +0. tests/test_ops.py checks ~1M of them against NumPy. Double exp
// stays on libmvec.
// Note [Fused multiply-adds in exp]: the fused multiply-adds are written out (__builtin_fmaf), so
// every build computes them the same, rounded once: one instruction where the target has FMA
// (the avx2 and avx512 variants, Note [CPU capability variants] in
// aten_lite/csrc/cpu_capability.h, and fused kernels on such a CPU), the C library's correctly
// rounded fmaf where it has not (the default variant, whose loop then runs scalar: 31 ms for
// 1M floats against 0.70 in the avx512 variant; the CPUs without FMA are mostly pre-2013 ones
// and Intel's Atom-class Celerons and Pentiums up to 2021). Every
// variant and every fused kernel gives the same bits. The first version of this exp kept
// products and sums apart (-ffp-contract=off) for that reason and took 35 vector instructions
// per 16 floats against 22 now: 1.5-1.7x its time on AVX-512 (0.62-0.83 ns a float against
// 0.38-0.50 in a loop over 16K floats, one core). Its results differ from this one's in the
// last bit for 0.2% of the inputs; its maximum error was 0.794 ulp.
namespace detail {
inline uint32_t float_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float bits_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
}  // namespace detail

inline float exp(float x) {
  const float shifter = 0x1.8p23f;
  const float t = __builtin_fmaf(x, 0x1.715476p0f, shifter);
  const float kf = t - shifter;
  const uint32_t k = detail::float_bits(t) - detail::float_bits(shifter);  // two's complement k
  const float c6 = 0x1.6a26aap-10f, c5 = 0x1.1239dep-7f, c4 = 0x1.5558eep-5f,
              c3 = 0x1.555492p-3f, c2 = 0x1.fffffcp-2f;
  // ln2 = 0x1.62e43p-1 - 0x1.05c61p-29 - 8.8e-17; the first step is exact.
  const float r = __builtin_fmaf(kf, 0x1.05c61p-29f, __builtin_fmaf(kf, -0x1.62e43p-1f, x));
  const float q = __builtin_fmaf(
      __builtin_fmaf(__builtin_fmaf(__builtin_fmaf(c6, r, c5), r, c4), r, c3), r, c2);
  const float p = __builtin_fmaf(__builtin_fmaf(q, r, 1.0f), r, 1.0f);
  const uint32_t k1 = static_cast<uint32_t>(static_cast<int32_t>(k) >> 1), k2 = k - k1;
  const float y = p * detail::bits_float((k1 + 127u) << 23) * detail::bits_float((k2 + 127u) << 23);
  const float big = x > 110.0f ? __builtin_inff() : y;
  return x < -110.0f ? 0.0f : big;
}

template <class T> inline auto rsqrt(T x) {
  using R = detail::real_t<T>;
  return R(1) / std::sqrt(R(x));
}

template <class T> inline auto reciprocal(T x) {
  using R = detail::real_t<T>;
  return R(1) / R(x);
}

// In float through Note [Float exp]'s exp (declared above), so sigmoid vectorises inline and
// gives the same bits in every kernel variant and fused kernel; std::exp (libmvec's expf)
// rounded differently in 4, 8 and 16 lanes. float64 keeps std::exp.
template <class T> inline auto sigmoid(T x) {
  using R = detail::real_t<T>;
  if constexpr (std::is_same_v<R, float>) {
    return 1.0f / (1.0f + exp(-static_cast<float>(x)));
  } else {
    return R(1) / (R(1) + std::exp(-R(x)));
  }
}

// ---- binary ---------------------------------------------------------------------------

template <class A, class B> inline auto maximum(A a, B b) {
  using T = std::common_type_t<A, B>;
  T x = static_cast<T>(a), y = static_cast<T>(b);
  if constexpr (std::is_floating_point_v<T>) {
    if (x != x) return x;
    if (y != y) return y;
  }
  return x < y ? y : x;  // ties (-0.0 and 0.0) give x, as torch (std::max)
}

template <class A, class B> inline auto minimum(A a, B b) {
  using T = std::common_type_t<A, B>;
  T x = static_cast<T>(a), y = static_cast<T>(b);
  if constexpr (std::is_floating_point_v<T>) {
    if (x != x) return x;
    if (y != y) return y;
  }
  return y < x ? y : x;  // ties (-0.0 and 0.0) give x, as torch (std::min)
}

template <class A, class B> inline auto pow(A a, B b) {
  using T = detail::common_t<A, B>;
  T base = static_cast<T>(a), e = static_cast<T>(b);
  if constexpr (std::is_floating_point_v<T>) {
    return std::pow(base, e);
  } else {
    if constexpr (std::is_signed_v<T>) {
      if (e < 0) {
        if (base == 1) return T(1);
        if (base == -1) return (e & 1) ? T(-1) : T(1);
        return T(0);
      }
    }
    // Square-and-multiply in unsigned arithmetic, so overflow wraps as in torch.
    using U = std::make_unsigned_t<T>;
    U result = 1, sq = static_cast<U>(base);
    for (U n = static_cast<U>(e); n != 0; n >>= 1) {
      if (n & 1) result *= sq;
      sq *= sq;
    }
    return static_cast<T>(result);
  }
}

template <class A, class B> inline auto trunc_divide(A a, B b) {
  using T = detail::common_t<A, B>;
  T x = static_cast<T>(a), y = static_cast<T>(b);
  if constexpr (std::is_floating_point_v<T>) {
    return std::trunc(x / y);
  } else {
    if (y == 0) return T(0);
    if constexpr (std::is_signed_v<T>) {
      if (y == -1) return detail::wrap_neg(x);
    }
    return static_cast<T>(x / y);
  }
}

template <class A, class B> inline auto fmod(A a, B b) {
  using T = detail::common_t<A, B>;
  T x = static_cast<T>(a), y = static_cast<T>(b);
  if constexpr (std::is_floating_point_v<T>) {
    return std::fmod(x, y);
  } else {
    if constexpr (std::is_signed_v<T>) {
      if (y == 0 || y == -1) return T(0);
    } else {
      if (y == 0) return T(0);
    }
    return static_cast<T>(x % y);
  }
}

// Python's %: the result takes the sign of the divisor.
template <class A, class B> inline auto remainder(A a, B b) {
  using T = detail::common_t<A, B>;
  T x = static_cast<T>(a), y = static_cast<T>(b);
  T r = al::math::fmod(x, y);
  if constexpr (std::is_signed_v<T> || std::is_floating_point_v<T>) {
    if (r != 0 && ((r < 0) != (y < 0))) r += y;
  }
  return r;
}

// Python's //: the quotient rounded towards minus infinity.
template <class A, class B> inline auto floor_divide(A a, B b) {
  using T = detail::common_t<A, B>;
  T x = static_cast<T>(a), y = static_cast<T>(b);
  if constexpr (std::is_floating_point_v<T>) {
    if (y == 0) return x / y;  // +-inf or NaN, as torch
    // Divide the exact multiple x - fmod(x, y), then correct, so that x // y == floor(x / y)
    // even where x / y rounds up to an integer.
    T mod = std::fmod(x, y);
    T div = (x - mod) / y;
    if (mod != 0 && ((y < 0) != (mod < 0))) div -= 1;
    if (div == 0) return std::copysign(T(0), x / y);
    T fl = std::floor(div);
    if (div - fl > T(0.5)) fl += 1;
    return fl;
  } else {
    if (y == 0) return T(0);
    if constexpr (std::is_signed_v<T>) {
      if (y == -1) return detail::wrap_neg(x);
      T q = static_cast<T>(x / y);
      T r = static_cast<T>(x % y);
      if (r != 0 && ((r < 0) != (y < 0))) q -= 1;
      return q;
    } else {
      return static_cast<T>(x / y);
    }
  }
}

}  // namespace math
AL_CPU_END
}  // namespace al
