// mm's product of small and medium float32/float64 matrices, one call:
//
//   _gemm(dtype, out, a, b) -> 0, or 1 (nothing done) when out is not C-contiguous or a stride
//                                 of a or b is not a whole number of elements
//
// a (m, k) and b (k, n) may have any other strides (a transposed matrix is one more stride
// pattern, read where it lies). aten_lite/rules/stream_products.py decides which
// products come here (Note [Small matrix products] there).
//
// Note [Small matrix products]
// A layer of a small network multiplies a few hundred rows by a weight of a few dozen to a few
// hundred columns. At one thread OpenBLAS (through NumPy) runs those at about two thirds of the
// speed torch's library reaches: its kernels are tuned for large blocks. Here b is packed in
// blocks of kDepth rows into the panels of Note [Small-row matrix product]
// (small_product.h), and each panel, kept in L1, meets every block of kMR rows of a: the
// micro-kernel keeps kMR x kNV vectors of the result in registers, set by the first block of
// rows of b and, for the next ones, loaded from out and added to there (an earlier version
// wrote each block through a tile and added it in a second pass: ~1.3x the time of a
// 64 x 512 by 512 x 256 weight gradient); only the last, zero-padded panel still goes through
// the tile. Threads split the blocks of rows; every element of out is one thread's sum, in
// the same order whatever the thread count, so the result is too. The sums run in another
// order than OpenBLAS's: the two agree to rounding, not to the bit.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "kernel_api.h"
#include "small_product.h"
#include "threads.h"

namespace al::gemm {

namespace {

using namespace ::al::small_product;

// Rows of b per packed block: a float32 panel of kNV vectors is then 64 KB with AVX-512, in
// L2, not L1 (128 rows, 32 KB, did fit L1); the micro-kernel's 24 multiply-adds per 4 loads
// of b leave L2's bandwidth to spare, and a depth of up to 256 is then one pass over out
// instead of two. One thread, alternating builds, best of each: (700, 200) @ (200, 800) (an
// LSTM's input projection) 1631 us against 1738, a GPT weight gradient (256, 512)T @ (512,
// 64) 118 against 135, (1024, 512) @ (512, 256) 1927 against 2390; (64, 512)T @ (512, 192)
// no faster, 104 against 104.
constexpr int64_t kDepth = 256;
// Note [Reading B where it lies]
// Packing b costs one pass over it per call, which a product of few rows does not earn back:
// each panel meets only m / kMR blocks of rows. Below kDirectRows rows, a row-major b is read
// in place, each panel's rows ldb apart, but for a last panel narrower than its vectors, which
// is packed zero-padded (measured at one thread, each build alternated with the tile version:
// a 64 x 512 by 512 x 256 weight gradient 0.79-0.87x the packed version's time, 20 x 200 by
// 200 x 800 0.63-0.76x; at 512 rows by 1024 columns the packed panels, which stay in L1, won
// by 1.35x).
constexpr int64_t kDirectRows = 128;
// Multiply-adds per thread before another thread pays off.
constexpr int64_t kGrain = 1 << 16;
// run()'s answer when out is not C-contiguous or a stride is not a whole number of elements.
constexpr int kBadLayout = 1;

template <class T, bool UnitA>
void blocks_of_rows(const T* a, int64_t ars, int64_t acs, int64_t kc, const Packed<T>& b,
                    T* c, int64_t n, bool add, int64_t m, int64_t r_begin, int64_t r_end) {
  // Blocks of at most kMR rows as evenly as they go (as product() splits them).
  const int64_t blocks = (m + kMR - 1) / kMR, base = m / blocks, extra = m % blocks;
  alignas(64) T tile[kMR * kPanel<T>];
  for (int64_t p = 0; p < b.panels; ++p) {
    const T* panel = b.panel(p);
    const int64_t cols = b.columns(p), j0 = p * kPanel<T>, ps = b.stride(p);
    const int64_t w = std::min<int64_t>(cols, n - j0);
    for (int64_t blk = r_begin; blk < r_end; ++blk) {
      const int64_t mr = base + (blk < extra ? 1 : 0);
      const int64_t r0 = blk * base + std::min(blk, extra);
      if (w == cols) {  // the registers add into out's block (Note [Small matrix products])
        micro_dispatch<T, kMR, kNV, UnitA>(mr, cols / kLanes<T>, a + r0 * ars, ars, kc, panel,
                                           ps, c + r0 * n + j0, n, acs, add);
        continue;
      }
      // The last, zero-padded panel: through the tile, whose padding columns out lacks.
      micro_dispatch<T, kMR, kNV, UnitA>(mr, cols / kLanes<T>, a + r0 * ars, ars, kc, panel,
                                         ps, tile, kPanel<T>, acs);
      for (int64_t r = 0; r < mr; ++r) {
        T* dst = c + (r0 + r) * n + j0;
        const T* src = tile + r * kPanel<T>;
        if (add) {
          for (int64_t j = 0; j < w; ++j) dst[j] += src[j];
        } else {
          std::memcpy(dst, src, static_cast<size_t>(w) * sizeof(T));
        }
      }
    }
  }
}

template <class T>
int run(const TensorRef* t) {
  const TensorRef &out = t[0], &a = t[1], &b = t[2];
  const int64_t m = a.sizes[0], k = a.sizes[1], n = b.sizes[1];
  const int64_t item = static_cast<int64_t>(sizeof(T));
  const int64_t ars = a.strides[0] / item, acs = a.strides[1] / item;
  const int64_t brs = b.strides[0] / item, bcs = b.strides[1] / item;
  T* c = reinterpret_cast<T*>(out.data);
  if (m == 0 || n == 0) return 0;
  if ((n > 1 && out.strides[1] != item) || (m > 1 && out.strides[0] != n * item) ||
      a.strides[0] % item || a.strides[1] % item || b.strides[0] % item || b.strides[1] % item) {
    return kBadLayout;  // nothing read or written
  }
  if (k == 0) {
    std::memset(c, 0, static_cast<size_t>(m * n) * sizeof(T));
    return 0;
  }
  const T* a0 = reinterpret_cast<const T*>(a.data);
  const T* b0 = reinterpret_cast<const T*>(b.data);
  const int64_t blocks = (m + kMR - 1) / kMR;
  Packed<T> packed;
  for (int64_t k0 = 0; k0 < k; k0 += kDepth) {
    const int64_t kc = std::min(kDepth, k - k0);
    if (bcs == 1 && m < kDirectRows) {
      packed.view(b0 + k0 * brs, brs, kc, n);  // Note [Reading B where it lies]
    } else {
      packed.pack(b0 + k0 * brs, brs, kc, n, bcs);
    }
    const T* ak = a0 + k0 * acs;
    const bool add = k0 > 0;
    const int64_t grain = std::max<int64_t>(1, kGrain / (kMR * n * kc));
    parallel_range(blocks, grain, [&](int64_t r_begin, int64_t r_end) {
      if (acs == 1) {
        blocks_of_rows<T, true>(ak, ars, acs, kc, packed, c, n, add, m, r_begin, r_end);
      } else {
        blocks_of_rows<T, false>(ak, ars, acs, kc, packed, c, n, add, m, r_begin, r_end);
      }
    });
    if (stop_requested()) break;
  }
  return 0;
}

int entry(int dtype, const TensorRef* t, const Scalar*) {
  if (dtype == kFloat32) return run<float>(t);
  if (dtype == kFloat64) return run<double>(t);
  return kUnsupportedDType;
}

const char* check(const TensorRef* t, const Scalar*) {
  const TensorRef &out = t[0], &a = t[1], &b = t[2];
  if (out.ndim != 2 || a.ndim != 2 || b.ndim != 2) return "out, a and b must be 2-D";
  if (a.sizes[1] != b.sizes[0] || out.sizes[0] != a.sizes[0] || out.sizes[1] != b.sizes[1]) {
    return "a (m, k) and b (k, n) must match, and out be (m, n)";
  }
  return nullptr;  // the strides, which need the element size, are run()'s to check
}

constexpr int C = kComputeDType;
const char* const kNames[] = {"a", "b", nullptr};
const int kDTypes[] = {C, C, C};
const CustomSig kSig{kDTypes, 0b1, &check};
constexpr uint32_t kFloatMask = (1u << kFloat32) | (1u << kFloat64);

}  // namespace

}  // namespace al::gemm

AL_REGISTER_KERNEL(small_gemm, {"_gemm", &::al::gemm::entry, 2, 0, ::al::gemm::kFloatMask,
                                ::al::OutKind::kSame, ::al::KernelKind::kCustom,
                                ::al::gemm::kNames, nullptr, &::al::gemm::kSig})
