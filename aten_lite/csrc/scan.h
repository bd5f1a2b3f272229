// Running sums and products along one dim, shared by the cumsum and cumprod kernels:
//
//   kernel(dtype, out, self)          out and self (P, N, K), any strides; scans along N
//
// Note [Scan accumulators] (backends/cpu/scans_and_sorts.py): each line is scanned in order from
// its first element, starting at 0 (sum) or 1 (product), in the accumulator type of torch's
// CPU scans: double for float, float for float16, 64-bit wrapping integers for the integer
// dtypes (so an int32 result wraps as an int64 running sum cast to int32 does), and bool for
// bool. Each partial result is rounded to the result dtype once, as it is stored. Every
// element's result is that sequence of operations, whatever the layout or thread count: the
// loops below only choose which independent lines run side by side.
//
// Layouts: when K > 1 (the scanned dim is not the last), or K == 1 and self's lines lie
// across P (a transposed input), up to kLanes lines are scanned together, one accumulator
// each, so each step reads and writes a row of neighbouring elements (a loop GCC vectorises
// when both rows have unit stride; a transposed input scanned into a contiguous result goes
// through a small tile, so its reads and writes both run along cache lines). Otherwise each
// line is scanned on its own.
#pragma once

#include <cstdint>

#include "kernel_api.h"
#include "threads.h"

namespace al {
AL_CPU_BEGIN
namespace scan {

// Lines scanned side by side: their accumulators stay in L1.
constexpr int64_t kLanes = 1024;
// The same when self's or out's lines are not adjacent elements (a transposed input scanned
// into a contiguous result): each step touches one cache line per lane, so fewer lanes keep
// those lines (or scan_lanes_transposed's tile) in L1 until the next steps fill them.
constexpr int64_t kStridedLanes = 128;
// Steps per tile of scan_lanes_transposed: four 64-byte runs of float32 per line.
constexpr int64_t kTileSteps = 64;
// Elements per thread before another thread pays off.
constexpr int64_t kGrainElements = 32768;
// Elements between checks for Ctrl-C inside one piece (Note [Interrupting kernels]).
constexpr int64_t kCheckEvery = 65536;

template <class S> struct AccOf { using type = uint64_t; };  // integers: wraps modulo 2**64
template <> struct AccOf<bool> { using type = bool; };
template <> struct AccOf<half> { using type = float; };
template <> struct AccOf<bf16> { using type = float; };
template <> struct AccOf<float> { using type = double; };
template <> struct AccOf<double> { using type = double; };
template <class S> using acc_t = typename AccOf<S>::type;

struct Sum {
  template <class A> static constexpr A init() { return A(0); }
  template <class A> static A step(A acc, A x) { return static_cast<A>(acc + x); }
};

struct Product {
  template <class A> static constexpr A init() { return A(1); }
  template <class A> static A step(A acc, A x) { return static_cast<A>(acc * x); }
};

template <class S>
inline S* ptr(const TensorRef& r, int64_t p, int64_t n, int64_t k) {
  return reinterpret_cast<S*>(r.data + p * r.strides[0] + n * r.strides[1] + k * r.strides[2]);
}

// One line of n elements, x and y `xs` and `ys` bytes apart.
template <class Op, class S>
void scan_line(const char* x, int64_t xs, char* y, int64_t ys, int64_t n) {
  using A = acc_t<S>;
  A acc = Op::template init<A>();
  const bool unit = xs == static_cast<int64_t>(sizeof(S)) && ys == static_cast<int64_t>(sizeof(S));
  for (int64_t i0 = 0; i0 < n; i0 += kCheckEvery) {
    // Note [Interrupting kernels] in threads.h: one line may be the whole call.
    if (i0 && stop_requested()) return;
    const int64_t end = n - i0 < kCheckEvery ? n : i0 + kCheckEvery;
    if (unit) {
      const S* __restrict xp = reinterpret_cast<const S*>(x);
      S* __restrict yp = reinterpret_cast<S*>(y);
      for (int64_t i = i0; i < end; ++i) {
        acc = Op::step(acc, static_cast<A>(xp[i]));
        yp[i] = static_cast<S>(acc);
      }
      continue;
    }
    for (int64_t i = i0; i < end; ++i) {
      acc = Op::step(acc, static_cast<A>(*reinterpret_cast<const S*>(x + i * xs)));
      *reinterpret_cast<S*>(y + i * ys) = static_cast<S>(acc);
    }
  }
}

// m lines side by side: line j's element i is at x + i * xs + j * xl (y likewise).
template <class Op, class S>
void scan_lanes(const char* x, int64_t xs, int64_t xl, char* y, int64_t ys, int64_t yl,
                int64_t n, int64_t m, acc_t<S>* __restrict acc) {
  using A = acc_t<S>;
  for (int64_t j = 0; j < m; ++j) acc[j] = Op::template init<A>();
  const auto unit = static_cast<int64_t>(sizeof(S));
  // Note [Interrupting kernels] in threads.h: a check every kCheckEvery elements or so.
  const int64_t rows_per_check = kCheckEvery / m > 0 ? kCheckEvery / m : 1;
  int64_t left = rows_per_check;
  if (xl == unit && yl == unit) {
    for (int64_t i = 0; i < n; ++i) {
      if (--left == 0 && (left = rows_per_check, stop_requested())) return;
      const S* __restrict xp = reinterpret_cast<const S*>(x + i * xs);
      S* __restrict yp = reinterpret_cast<S*>(y + i * ys);
      for (int64_t j = 0; j < m; ++j) {
        acc[j] = Op::step(acc[j], static_cast<A>(xp[j]));
        yp[j] = static_cast<S>(acc[j]);
      }
    }
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (--left == 0 && (left = rows_per_check, stop_requested())) return;
    for (int64_t j = 0; j < m; ++j) {
      acc[j] = Op::step(acc[j], static_cast<A>(*reinterpret_cast<const S*>(x + i * xs + j * xl)));
      *reinterpret_cast<S*>(y + i * ys + j * yl) = static_cast<S>(acc[j]);
    }
  }
}

// m <= kStridedLanes lines side by side whose elements are adjacent in self across the lines
// (xl is one element) and in out along them (ys is one element): a transposed input scanned
// into a contiguous result. kTileSteps steps go into a tile first, then each line's part of
// the tile is written out as one contiguous run, so both sides move through whole cache lines.
template <class Op, class S>
void scan_lanes_transposed(const char* x, int64_t xs, char* y, int64_t yl, int64_t n,
                           int64_t m, acc_t<S>* __restrict acc) {
  using A = acc_t<S>;
  for (int64_t j = 0; j < m; ++j) acc[j] = Op::template init<A>();
  S tile[kTileSteps * kStridedLanes];
  for (int64_t i0 = 0; i0 < n; i0 += kTileSteps) {
    if (i0 && (i0 / kTileSteps) % 64 == 0 && stop_requested()) return;
    const int64_t steps = n - i0 < kTileSteps ? n - i0 : kTileSteps;
    for (int64_t i = 0; i < steps; ++i) {
      const S* __restrict xp = reinterpret_cast<const S*>(x + (i0 + i) * xs);
      S* __restrict row = tile + i * m;
      for (int64_t j = 0; j < m; ++j) {
        acc[j] = Op::step(acc[j], static_cast<A>(xp[j]));
        row[j] = static_cast<S>(acc[j]);
      }
    }
    for (int64_t j = 0; j < m; ++j) {
      S* __restrict yp = reinterpret_cast<S*>(y + j * yl) + i0;
      for (int64_t i = 0; i < steps; ++i) yp[i] = tile[i * m + j];
    }
  }
}

inline int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

template <class Op>
struct Kernel {
  static constexpr int kTensors = 1;  // not counting out
  static constexpr int kScalars = 0;
  static constexpr const char* kTensorNames[] = {"self", nullptr};
  static constexpr const char* kScalarNames[] = {nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b01;

  static const char* check(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &self = t[1];
    if (out.ndim != 3 || self.ndim != 3) return "out and self must be 3-D (P, N, K)";
    for (int k = 0; k < 3; ++k) {
      if (out.sizes[k] != self.sizes[k]) return "out and self must have one shape (P, N, K)";
    }
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar*) {
    using A = acc_t<S>;
    const TensorRef &out = t[0], &self = t[1];
    const int64_t planes = out.sizes[0], n = out.sizes[1], cols = out.sizes[2];
    if (planes == 0 || n == 0 || cols == 0) return 0;
    const int64_t *xs = self.strides, *ys = out.strides;
    if (cols == 1 && (planes == 1 || abs64(xs[1]) <= abs64(xs[0]))) {  // lines on their own
      int64_t grain = kGrainElements / n > 0 ? kGrainElements / n : 1;
      parallel_range(planes, grain, [&](int64_t b, int64_t e) {
        for (int64_t p = b; p < e; ++p)
          scan_line<Op, S>(self.data + p * xs[0], xs[1], out.data + p * ys[0], ys[1], n);
      });
      return 0;
    }
    // Lines side by side: along K, or along P when K == 1 (then P plays K's part).
    const bool along_p = cols == 1;
    const int64_t outer = along_p ? 1 : planes, width = along_p ? planes : cols;
    const int64_t xl = along_p ? xs[0] : xs[2], yl = along_p ? ys[0] : ys[2];
    const auto unit = static_cast<int64_t>(sizeof(S));
    const int64_t lanes = xl == unit && yl == unit ? kLanes : kStridedLanes;
    const int64_t blocks = (width + lanes - 1) / lanes;
    const int64_t per_piece = n * (width < lanes ? width : lanes);
    const int64_t grain = kGrainElements / per_piece > 0 ? kGrainElements / per_piece : 1;
    parallel_range(outer * blocks, grain, [&](int64_t b, int64_t e) {
      A acc[kLanes];
      for (int64_t w = b; w < e; ++w) {
        int64_t p = w / blocks, c0 = w % blocks * lanes;
        int64_t m = width - c0 < lanes ? width - c0 : lanes;
        const char* x = along_p ? self.data + c0 * xl : self.data + p * xs[0] + c0 * xl;
        char* y = along_p ? out.data + c0 * yl : out.data + p * ys[0] + c0 * yl;
        if (xl == unit && ys[1] == unit && yl != unit)
          scan_lanes_transposed<Op, S>(x, xs[1], y, yl, n, m, acc);
        else
          scan_lanes<Op, S>(x, xs[1], xl, y, ys[1], yl, n, m, acc);
      }
    });
    return 0;
  }
};

}  // namespace scan
AL_CPU_END
}  // namespace al
