// The reducers of tools/codegen/vocab.py REDUCERS, as policies for the loops in reduce.h.
//
// A reducer folds compute-type values into a Lane accumulator (cheap, vectorised: many lanes
// run side by side over a block of kBlock elements), merges lanes pairwise, widens the block's
// result into a Wide accumulator (double for floating sums, int64 for integer sums), and finally
// turns the Wide value into the output element. Float32 sums thus add at most 64 values per lane
// in float and everything after that in double: as fast as a plain loop, and about as accurate
// as pairwise summation.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "cpu_capability.h"
#include "dtype.h"

namespace al {

namespace reduce_detail {

template <class S> constexpr bool is_int_like = !is_floating_v<S>;  // integers and bool

// Lane type for sums: float for float16/float32, double for float64, int64 otherwise.
template <class S>
using sum_lane_t = std::conditional_t<is_int_like<S>, int64_t, compute_t<S>>;
template <class S>
using wide_float_t = std::conditional_t<is_int_like<S>, int64_t, double>;
// Integer and bool sums and products are int64, as in torch.
template <class S>
using wide_out_t = std::conditional_t<is_int_like<S>, int64_t, S>;

}  // namespace reduce_detail

// Compiled into each capability's code (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h).
AL_CPU_BEGIN

template <class S> struct SumReducer {
  using C = compute_t<S>;
  using Lane = reduce_detail::sum_lane_t<S>;
  using Wide = reduce_detail::wide_float_t<S>;
  using Out = reduce_detail::wide_out_t<S>;
  static constexpr bool kPlainSum = true;  // merge(a, b) is a + b (reduce.h's merge_tree)
  static Lane init() { return Lane(0); }
  static Lane step(Lane a, C x) { return a + static_cast<Lane>(x); }
  static Lane merge(Lane a, Lane b) { return a + b; }
  template <class V> static V merge_v(V a, V b) { return a + b; }  // merge on vectors of lanes
  static Wide widen(Lane a) { return static_cast<Wide>(a); }
  static Wide merge_wide(Wide a, Wide b) { return a + b; }
  static Out finish(Wide a, int64_t) { return static_cast<Out>(a); }
};

template <class S> struct MeanReducer : SumReducer<S> {
  using Wide = typename SumReducer<S>::Wide;
  using Out = S;
  static Out finish(Wide a, int64_t n) {
    if constexpr (std::is_floating_point_v<Wide>) {
      return static_cast<Out>(a / static_cast<Wide>(n));  // n == 0 gives NaN, as torch
    } else {
      return static_cast<Out>(n == 0 ? 0 : a / n);
    }
  }
};

// Products overflow float quickly, so float products run in double lanes throughout.
template <class S> struct ProdReducer {
  using C = compute_t<S>;
  using Lane = reduce_detail::wide_float_t<S>;
  using Wide = Lane;
  using Out = reduce_detail::wide_out_t<S>;
  static Lane init() { return Lane(1); }
  static Lane step(Lane a, C x) { return a * static_cast<Lane>(x); }
  static Lane merge(Lane a, Lane b) { return a * b; }
  template <class V> static V merge_v(V a, V b) { return a * b; }
  static Wide widen(Lane a) { return a; }
  static Wide merge_wide(Wide a, Wide b) { return a * b; }
  static Out finish(Wide a, int64_t) { return static_cast<Out>(a); }
};

// amax / amin: NaN anywhere makes the result NaN. An empty reduction returns the identity
// (-inf / +inf, or the integer limits); the Python runtime raises before that happens.
template <class S, bool kMax> struct ExtremumReducer {
  using C = compute_t<S>;
  using Lane = C;
  using Wide = C;
  using Out = S;
  static Lane init() {
    if constexpr (std::is_same_v<C, bool>) {
      return !kMax;
    } else if constexpr (std::is_floating_point_v<C>) {
      return kMax ? -std::numeric_limits<C>::infinity() : std::numeric_limits<C>::infinity();
    } else {
      return kMax ? std::numeric_limits<C>::lowest() : std::numeric_limits<C>::max();
    }
  }
  static Lane step(Lane a, C x) { return merge_v(a, x); }
  static Lane merge(Lane a, Lane b) { return merge_v(a, b); }
  // On one lane or a vector of them. `|`, not `||`: no branch, so the lanes' loops and merge
  // tree vectorise (with `||` GCC branched on each NaN test: rows of 64 floats took ~210 ns).
  template <class V> static V merge_v(V a, V b) {
    auto better = kMax ? b > a : b < a;
    if constexpr (std::is_floating_point_v<C>) better |= b != b;
    return better ? b : a;
  }
  static Wide widen(Lane a) { return a; }
  static Wide merge_wide(Wide a, Wide b) { return step(a, b); }
  static Out finish(Wide a, int64_t) { return static_cast<Out>(a); }
};

template <class S> using AmaxReducer = ExtremumReducer<S, true>;
template <class S> using AminReducer = ExtremumReducer<S, false>;

// all / any: uint8 lanes, because GCC vectorises byte arithmetic better than bool.
template <class S, bool kAll> struct LogicalReducer {
  using C = compute_t<S>;
  using Lane = uint8_t;
  using Wide = uint8_t;
  using Out = bool;
  static Lane init() { return kAll ? 1 : 0; }
  static Lane step(Lane a, C x) {
    Lane nz = x != C(0);
    return kAll ? (a & nz) : (a | nz);
  }
  static Lane merge(Lane a, Lane b) { return kAll ? (a & b) : (a | b); }
  template <class V> static V merge_v(V a, V b) { return kAll ? (a & b) : (a | b); }
  static Wide widen(Lane a) { return a; }
  static Wide merge_wide(Wide a, Wide b) { return merge(a, b); }
  static Out finish(Wide a, int64_t) { return a != 0; }
};

template <class S> using AllReducer = LogicalReducer<S, true>;
template <class S> using AnyReducer = LogicalReducer<S, false>;

AL_CPU_END

}  // namespace al
