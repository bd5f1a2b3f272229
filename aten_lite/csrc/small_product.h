// The register-blocked product of a few rows by a packed matrix, shared by the LSTM time
// loop (lstm_recurrence.cpp) and the small matrix products of mm (small_gemm.cpp).
//
// Note [Small-row matrix product]
// C (m x n) = A (m x k) @ B (k x n) with m small. B is the weight matrix, the same at every
// step, so it is packed once per call into panels of kNV vectors' width (the last one as
// narrow as the remaining columns allow, zero-padded to a whole vector), each panel k rows
// deep and contiguous: the inner loop reads B in order, aligned, and needs no column tail.
// The micro-kernel keeps an MR x NV-vector block of C in registers (6 x 4 with AVX-512's 32
// registers, 6 x 2 with 16) and, per k, loads NV vectors of B and broadcasts MR values of A,
// one fused multiply-add each (the broadcast an explicit one: Vec::splat). Rows are split
// into blocks as evenly as they go. With AVX-512 this runs a 20 x 200 by 200 x 800 product
// in about 45 us (~140 GFLOP/s) where OpenBLAS through NumPy takes about 115 and MKL 65. The
// multiply-adds are explicit fused ones (the build turns contraction off, Note [No
// contraction] in tools/codegen/build.py); the sums differ from NumPy's in rounding only.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__AVX__)
#include <immintrin.h>
#endif

#include "cpu_capability.h"

namespace al {
AL_CPU_BEGIN
namespace small_product {

// ---- vectors ------------------------------------------------------------------------------

// kMR x kNV vectors of C live in registers in the product's micro-kernel: 24 of AVX-512's 32,
// 12 of AVX2's 16 (Note [Small-row matrix product]).
using ::al::kVecBytes;  // the variant's vector width (cpu_capability.h)
constexpr int kMR = 6, kNV = kVecBytes == 64 ? 4 : 2;

template <class T>
struct Vec;

template <>
struct Vec<float> {
  typedef float V __attribute__((vector_size(kVecBytes)));
  // A vector of copies of v: one broadcast, often straight from memory (`V{} + v` would add
  // 0.0 first, which GCC may not drop: -0.0 + 0.0 is +0.0).
  static V splat(float v) {
#if defined(__AVX512F__)
    return _mm512_set1_ps(v);
#elif defined(__AVX__)
    return _mm256_set1_ps(v);
#else
    return V{} + v;
#endif
  }
  static V fma(V a, V b, V c) {
#if defined(__AVX512F__)
    return _mm512_fmadd_ps(a, b, c);
#elif defined(__FMA__)
    return _mm256_fmadd_ps(a, b, c);
#else
    return a * b + c;
#endif
  }
};

template <>
struct Vec<double> {
  typedef double V __attribute__((vector_size(kVecBytes)));
  // A vector of copies of v: one broadcast, often straight from memory (`V{} + v` would add
  // 0.0 first, which GCC may not drop: -0.0 + 0.0 is +0.0).
  static V splat(double v) {
#if defined(__AVX512F__)
    return _mm512_set1_pd(v);
#elif defined(__AVX__)
    return _mm256_set1_pd(v);
#else
    return V{} + v;
#endif
  }
  static V fma(V a, V b, V c) {
#if defined(__AVX512F__)
    return _mm512_fmadd_pd(a, b, c);
#elif defined(__FMA__)
    return _mm256_fmadd_pd(a, b, c);
#else
    return a * b + c;
#endif
  }
};

template <class T>
constexpr int kLanes = kVecBytes / static_cast<int>(sizeof(T));

// Columns of a full packed panel.
template <class T>
constexpr int kPanel = kNV * kLanes<T>;

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

template <class T>
using Buffer = std::unique_ptr<T[], FreeDeleter>;

// `n` uninitialised elements aligned to a vector; throws std::bad_alloc as `new` does (the
// other kernels' scratch comes from `new` too).
template <class T>
Buffer<T> allocate(int64_t n) {
  size_t bytes = (static_cast<size_t>(n) * sizeof(T) + kVecBytes - 1) / kVecBytes * kVecBytes;
  void* p = std::aligned_alloc(kVecBytes, bytes ? bytes : kVecBytes);
  if (!p) throw std::bad_alloc();
  return Buffer<T>(static_cast<T*>(p));
}

// ---- the small-row product (Note [Small-row matrix product]) -------------------------------

// B (k x n, row stride ldb) packed into panels of kNV vectors' width, the last one as few
// vectors as the remaining columns need, zero-padded to a whole vector; or, for a row-major B
// (view()), the same panels read where they lie, ldb elements per row.
template <class T>
struct Packed {
  int64_t k = 0, n = 0, panels = 0, last_vecs = 0;
  Buffer<T> data;
  const T* direct = nullptr;  // view(): B itself
  int64_t ld = 0;             // view(): B's row stride

  // b's rows ldb elements apart, its columns cs apart (a transposed matrix: ldb 1, cs > 1).
  void pack(const T* b, int64_t ldb, int64_t k_, int64_t n_, int64_t cs = 1) {
    constexpr int W = kLanes<T>;
    shape(k_, n_);
    direct = nullptr;
    data = allocate<T>(panels * k * kPanel<T>);
    for (int64_t p = 0; p < panels; ++p) {
      const int64_t j0 = p * kPanel<T>, cols = columns(p);
      const int64_t w = n - j0 < cols ? n - j0 : cols;
      T* dst = data.get() + p * k * kPanel<T>;
      if (cs != 1 && ldb == 1) {  // a transposed matrix: its columns are runs in memory
        // Each column read along its run, 16 depths at a time: the 16 panel rows written
        // stay in L1 from one column to the next. (All k depths at once wrote to more lines
        // than L1 holds: 32 us to pack 256 x 64, against 8 now.)
        for (int64_t k0 = 0; k0 < k; k0 += 16) {
          const int64_t k1 = k0 + 16 < k ? k0 + 16 : k;
          for (int64_t j = 0; j < w; ++j) {
            const T* src = b + (j0 + j) * cs;
            for (int64_t kk = k0; kk < k1; ++kk) dst[kk * cols + j] = src[kk];
          }
        }
        for (int64_t kk = 0; kk < k; ++kk) {
          for (int64_t j = w; j < cols; ++j) dst[kk * cols + j] = T(0);
        }
        continue;
      }
      for (int64_t kk = 0; kk < k; ++kk) {
        const T* src = b + kk * ldb + j0 * cs;
        for (int64_t j = 0; j < w; ++j) dst[kk * cols + j] = src[j * cs];
        for (int64_t j = w; j < cols; ++j) dst[kk * cols + j] = T(0);
      }
    }
  }

  // The panels of b (k_ x n_, rows ldb apart, unit column stride) read where they lie, but for
  // a last panel that is not a whole number of vectors: that one is packed (Note [Reading B
  // where it lies] in small_gemm.cpp).
  void view(const T* b, int64_t ldb, int64_t k_, int64_t n_) {
    shape(k_, n_);
    direct = b, ld = ldb;
    if (!packed_last()) {
      data.reset();
      return;
    }
    const int64_t j0 = (panels - 1) * kPanel<T>, cols = columns(panels - 1), w = n - j0;
    data = allocate<T>(k * cols);
    for (int64_t kk = 0; kk < k; ++kk) {
      T* dst = data.get() + kk * cols;
      for (int64_t j = 0; j < w; ++j) dst[j] = b[kk * ldb + j0 + j];
      for (int64_t j = w; j < cols; ++j) dst[j] = T(0);
    }
  }

  // Panel p's first element and its row stride.
  const T* panel(int64_t p) const {
    if (!direct) return data.get() + p * k * kPanel<T>;
    return packed_last() && p + 1 == panels ? data.get() : direct + p * kPanel<T>;
  }
  int64_t stride(int64_t p) const {
    return direct && !(packed_last() && p + 1 == panels) ? ld : columns(p);
  }

  // Columns of panel p (a whole number of vectors).
  int64_t columns(int64_t p) const {
    return (p + 1 < panels ? kNV : last_vecs) * kLanes<T>;
  }

  // Columns of a product's result: n rounded up to whole vectors.
  int64_t width() const { return (panels - 1) * kPanel<T> + last_vecs * kLanes<T>; }

 private:
  // view(): whether data holds the last panel (one not a whole number of vectors).
  bool packed_last() const { return direct && n % kLanes<T> != 0; }

  void shape(int64_t k_, int64_t n_) {
    constexpr int W = kLanes<T>;
    k = k_, n = n_, panels = (n + kPanel<T> - 1) / kPanel<T>;
    last_vecs = (n - (panels - 1) * kPanel<T> + W - 1) / W;
  }
};

// c[0:MR, 0:NV vectors] = a[0:MR, 0:k] @ panel, or += with add (c read once, into the
// registers); a's rows lda apart and its columns 1 apart (UnitA) or acs, the panel's rows ps
// apart, c's rows ldc apart. Loads and stores need no alignment.
template <class T, int MR, int NV, bool UnitA = true>
void micro(const T* a, int64_t lda, int64_t k, const T* panel, int64_t ps, T* c, int64_t ldc,
           int64_t acs = 1, bool add = false) {
  using V = typename Vec<T>::V;
  constexpr int W = kLanes<T>;
  V acc[MR][NV];
#pragma GCC unroll 8
  for (int r = 0; r < MR; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      if (add) {
        std::memcpy(&acc[r][v], c + r * ldc + v * W, sizeof(V));
      } else {
        acc[r][v] = V{};
      }
    }
  }
  for (int64_t kk = 0; kk < k; ++kk) {
    V b[NV];
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) std::memcpy(&b[v], panel + kk * ps + v * W, sizeof(V));
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r) {
      const V x = Vec<T>::splat(a[r * lda + kk * (UnitA ? 1 : acs)]);
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[r][v] = Vec<T>::fma(x, b[v], acc[r][v]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < MR; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) std::memcpy(c + r * ldc + v * W, &acc[r][v], sizeof(V));
  }
}

// micro<T, m, nv, UnitA> for run-time m in 1..MR and nv in 1..NV.
template <class T, int MR, int NV, bool UnitA = true>
void micro_dispatch(int64_t m, int64_t nv, const T* a, int64_t lda, int64_t k, const T* panel,
                    int64_t ps, T* c, int64_t ldc, int64_t acs = 1, bool add = false) {
  if constexpr (MR > 0 && NV > 0) {
    if (nv < NV) {
      return micro_dispatch<T, MR, NV - 1, UnitA>(m, nv, a, lda, k, panel, ps, c, ldc, acs,
                                                  add);
    }
    if (m < MR) {
      return micro_dispatch<T, MR - 1, NV, UnitA>(m, nv, a, lda, k, panel, ps, c, ldc, acs,
                                                  add);
    }
    micro<T, MR, NV, UnitA>(a, lda, k, panel, ps, c, ldc, acs, add);
  }
}

// c (m x b.width(), row stride ldc, aligned) = a (m x b.k, row stride lda) @ b. The rows are
// split into blocks of at most kMR as evenly as they go (20 rows: four blocks of 5, not
// 6 + 6 + 6 + 2, whose last block would waste most of its registers).
template <class T>
void product(const T* a, int64_t lda, int64_t m, const Packed<T>& b, T* c, int64_t ldc) {
  const int64_t blocks = (m + kMR - 1) / kMR;
  if (blocks == 0) return;
  const int64_t base = m / blocks, extra = m % blocks;
  for (int64_t p = 0; p < b.panels; ++p) {
    const int64_t nv = b.columns(p) / kLanes<T>;
    for (int64_t blk = 0, r0 = 0; blk < blocks; ++blk) {
      const int64_t mr = base + (blk < extra ? 1 : 0);
      micro_dispatch<T, kMR, kNV>(mr, nv, a + r0 * lda, lda, b.k, b.panel(p), b.stride(p),
                                  c + r0 * ldc + p * kPanel<T>, ldc);
      r0 += mr;
    }
  }
}

}  // namespace small_product
AL_CPU_END
}  // namespace al
