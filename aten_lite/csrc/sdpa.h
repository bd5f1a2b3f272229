// Scaled dot-product attention of one (batch, head) pair at a time, forward (here) and
// backward (sdpa_backward.h), one kernel each, where nn.functional.scaled_dot_product_attention
// composes a dozen ops (two batched products with their reshapes and copies, the scale, the
// causal mask, softmax):
//
//   forward(dtype, out, query, key, value, scale, is_causal)
//       query (N, H, L, E), key (N, H, S, E), value (N, H, S, Ev), any strides;
//       out (N, H, L, Ev) = softmax(query @ key^T * scale [+ causal mask]) @ value
//   backward(dtype, out, grad, query, key, value, scale, is_causal)
//       grad (N, H, L, Ev); out (N, L*H*E + S*H*E + S*H*Ev), contiguous: each batch element's
//       gradients of query, key and value (Note [Attention's packed gradients])
//
// Note [Attention's packed gradients]
// Each gradient is laid out (length, heads, features), the layout of heads split off a
// projection, so a model's transpose back to (N, length, H, features) and reshape to (N,
// length, H * features) copy nothing. When L == S the three go position by position: row t
// of a batch element holds dQ's, then dK's, then dV's features of position t, which is the
// layout of one fused projection's output split into q, k and v (nn.MultiheadAttention's
// in_proj, a GPT's c_attn): split's backward then joins the three without a copy
// (aten_lite/autograd/_formulas_attention.py, joined_view). Otherwise dQ comes whole, then
// dK, then dV.
//
// The causal mask is torch's: query i sees keys 0..i (the top-left lower triangle), so every
// query row sees at least key 0. Per query row: the scores s_j = (q . k_j) * scale over the
// keys it sees, p = exp(s - max) / sum, o = sum_j p_j v_j. The backward recomputes p (as flash
// attention does, so the forward saves nothing but its inputs) and, with dp_j = do . v_j and
// D = sum_j p_j dp_j: ds_j = p_j (dp_j - D) scale; dq = sum_j ds_j k_j; dk_j += ds_j q;
// dv_j += p_j do. float exp is Note [Float exp]'s. Every sum runs in a fixed order (Note
// [Attention's products]; a row's sum and max in kPad lanes, then a fixed tree of them, no
// contraction), and pairs are split between threads whole, so the result is the same
// whatever the thread count and kernel variant. Note [Fused attention] in
// aten_lite/nn/attention.py says where it runs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>

#include "kernel_api.h"
#include "scalar_math.h"
#include "small_product.h"
#include "softmax.h"
#include "threads.h"

namespace al {
AL_CPU_BEGIN
namespace sdpa {

// Row i of pair (a, b) of a 4-D operand, by its byte strides.
inline const char* row_of(const TensorRef& t, int64_t a, int64_t b, int64_t i) {
  return static_cast<const char*>(t.data) + a * t.strides[0] + b * t.strides[1] +
         i * t.strides[2];
}

// ---- small products (Note [Attention's products]) --------------------------------------------

// Note [Attention's products]
// One pair's products are small (32 x 32 by 32 x 16 in the GPT of benchmarks/bench_gpt.py), so
// the arithmetic must run from registers, not wait on memory or on one running sum: every
// product here is c = a @ b with b's rows vectors of columns, computed by a micro-kernel that
// keeps a block of kMR rows by up to kNV vectors of c in registers and, per term x, loads kNV
// vectors of b's row x and broadcasts a[r][x] into each row's sums (a's elements read through
// any row and term strides, so a transposed operand is read where it lies). Each element of c
// is its terms summed in order of x, a product and then a sum (no contraction), starting from
// zero or from c's own value (add): so the block sizes and the vector width, which differ
// between the kernel variants, change nothing in the result, and a product split into ranges
// of x, each adding to the last, gives the bits of one long sum. (An earlier version, one row
// at a time with one running sum per vector, waited on the adds' latency. With this, the
// softmax steps below and the gradients' layout, the GPT's attention (16, 4, 32, 16), one
// thread, the kernels alone, alternating with the earlier ones: forward 191-193 us against
// 217-224, backward 327-333 against 520-550.)
// The register blocks and vector width of the small products' kernel (small_product.h: 6 x 4
// vectors of 64 bytes with AVX-512's 32 registers, fewer and narrower otherwise).
using ::al::small_product::kLanes;
using ::al::small_product::kMR;
using ::al::small_product::kNV;
using ::al::small_product::kVecBytes;

template <class C>
using Vec [[gnu::vector_size(kVecBytes)]] = C;
// Rows of every buffer below are padded with zeros to a multiple of kPad elements (64 bytes,
// whatever the variant's vector), so the micro-kernel never meets a column tail.
template <class C>
constexpr int64_t kPad = 64 / static_cast<int64_t>(sizeof(C));
template <class C>
constexpr int64_t padded(int64_t n) {
  return (n + kPad<C> - 1) / kPad<C> * kPad<C>;
}

template <class C>
inline Vec<C> load(const C* p) {
  Vec<C> v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class C, class V>
inline void store(C* p, V v) {
  std::memcpy(p, &v, sizeof v);
}

// c[r][v] = (add ? c[r][v] : 0) + sum over x in [x0, x1) of a[r * ars + x * axs] * b[x][v],
// for MR rows and NV vectors; b's rows ldb apart, c's ldc.
template <class C, int MR, int NV>
inline void micro(const C* __restrict a, int64_t ars, int64_t axs, const C* __restrict b,
                  int64_t ldb, int64_t x0, int64_t x1, C* __restrict c, int64_t ldc, bool add) {
  constexpr int64_t W = kLanes<C>;
  Vec<C> acc[MR][NV];
  for (int r = 0; r < MR; ++r) {
    for (int v = 0; v < NV; ++v) acc[r][v] = add ? load(c + r * ldc + v * W) : Vec<C>{};
  }
  for (int64_t x = x0; x < x1; ++x) {
    Vec<C> bv[NV];
    for (int v = 0; v < NV; ++v) bv[v] = load(b + x * ldb + v * W);
    for (int r = 0; r < MR; ++r) {
      const C s = a[r * ars + x * axs];  // broadcast by the product with a vector
      for (int v = 0; v < NV; ++v) acc[r][v] += s * bv[v];
    }
  }
  for (int r = 0; r < MR; ++r) {
    for (int v = 0; v < NV; ++v) store(c + r * ldc + v * W, acc[r][v]);
  }
}

template <class C, int MR, int NV>
inline void micro_any(int64_t mr, int64_t nv, const C* a, int64_t ars, int64_t axs, const C* b,
                      int64_t ldb, int64_t x0, int64_t x1, C* c, int64_t ldc, bool add) {
  if constexpr (MR > 0 && NV > 0) {
    if (nv < NV) return micro_any<C, MR, NV - 1>(mr, nv, a, ars, axs, b, ldb, x0, x1, c, ldc, add);
    if (mr < MR) return micro_any<C, MR - 1, NV>(mr, nv, a, ars, axs, b, ldb, x0, x1, c, ldc, add);
    micro<C, MR, NV>(a, ars, axs, b, ldb, x0, x1, c, ldc, add);
  }
}

// c (m x cols, rows ldc apart) = [c +] a @ b over the terms [first(r0), last(r0, mr)) of each
// block of rows r0 .. r0 + mr (the causal mask's zeros left out: Note [Attention's products]).
// a's element (r, x) at a[r * ars + x * axs]; cols a multiple of kPad.
template <class C, class First, class Last>
void product(const C* a, int64_t ars, int64_t axs, int64_t m, const C* b, int64_t ldb,
             int64_t cols, C* c, int64_t ldc, bool add, First first, Last last) {
  constexpr int64_t W = kLanes<C>;
  const int64_t vecs = cols / W;
  for (int64_t r0 = 0; r0 < m; r0 += kMR) {
    const int64_t mr = m - r0 < kMR ? m - r0 : kMR;
    const int64_t x0 = first(r0), x1 = last(r0, mr);
    for (int64_t v0 = 0; v0 < vecs; v0 += kNV) {
      const int64_t nv = vecs - v0 < kNV ? vecs - v0 : kNV;
      micro_any<C, kMR, kNV>(mr, nv, a + r0 * ars, ars, axs, b + v0 * W, ldb, x0, x1,
                             c + r0 * ldc + v0 * W, ldc, add);
    }
  }
}

using ::al::log_softmax::exp_all;

// Query rows taken together: their scores and probabilities (keys x kBlockRows) stay in cache.
// A multiple of every variant's vector lanes and of kPad.
constexpr int64_t kBlockRows = 32;

// Keys row i0 + r of the block sees (the causal mask: keys 0..i0 + r), or all S.
inline int64_t seen(bool causal, int64_t i, int64_t S) { return causal ? std::min(i + 1, S) : S; }

// Note [Attention's probabilities in columns]
// A block's scores are computed transposed, one row per key and one column per query row
// (keys x kBlockRows), so a query row's max, sum and division run down a column: each step
// is one vector operation over as many query rows as a vector has lanes, and no row ever
// folds its lanes together. (Row by row, the rows of 32 spent most of block_probs in
// horizontal folds, a scalar NaN test per lane and the per-row loops' prologues.) The scores,
// maxima and sums are the row layout's to the bit: a score is the same products summed in the
// same order (q . k is k . q term by term), the max of a set does not depend on the order, and
// a row's sum keeps its kPad lanes as kPad column accumulators (key j into accumulator
// j % kPad, in increasing j) merged by lane_fold's tree (lane l with lane l + kPad / 2,
// halving). A probability is its exp times the reciprocal of the row's sum (within 1.5 ulp of
// the quotient, and the same in every variant). The GPT's attention (16, 4, 32, 16), one
// thread, the kernels alone, alternating with the row layout's build: forward 144-214 us
// against 219-295, backward 303-480 against 372-522.

// Zeros rows keys .. of a transposed block (keys x kBlockRows, room for padded(S) rows): up to
// a multiple of kPad, which the column sums read in whole groups, and at least kMR - 1 rows
// (a product's block of kMR rows that starts below `keys` reads rows past it, with factors
// of zero where they are rows of S, not past S).
template <class C>
void zero_rows(C* t, int64_t keys, int64_t S) {
  const int64_t end = std::min(padded<C>(S), std::max(padded<C>(keys), keys + kMR - 1));
  if (end > keys) std::memset(t + keys * kBlockRows, 0, sizeof(C) * (end - keys) * kBlockRows);
}

// sees(j) of the query rows of one column group: the lanes (query rows g0 + l of the block,
// l < N) that see key j and are rows of the block (g0 + l < m).
template <class C>
struct SeenMask {
  static constexpr int64_t N = kVecBytes / static_cast<int64_t>(sizeof(C));
  Vec<C> index;  // 0, 1, ..., N - 1
  C below;  // lanes at or past it are rows past the block's end
  int64_t first;  // key j is seen from lane j - first on (causal), from lane 0 otherwise
  bool causal;
  SeenMask(int64_t i0, int64_t g0, int64_t m, bool causal_)
      : below(static_cast<C>(std::clamp<int64_t>(m - g0, 0, N))), first(i0 + g0),
        causal(causal_) {
    for (int64_t l = 0; l < N; ++l) index[l] = static_cast<C>(l);
  }
  auto operator()(int64_t j) const {
    const C from = causal ? static_cast<C>(std::clamp<int64_t>(j - first, 0, N)) : C(0);
    return (index >= from) & (index < below);
  }
};

// A column group's sum of term(j) over keys 0 .. keys: key j into accumulator j % kPad, in
// increasing j, the accumulators merged by lane_fold's tree (lane l with lane l + kPad / 2,
// halving). Whole groups of kPad keys: the rows past keys are 0 (zero_rows).
template <class C, class Term>
inline Vec<C> column_sum(int64_t keys, const Term& term) {
  constexpr int64_t P = kPad<C>;
  Vec<C> acc[P] = {};
  for (int64_t j = 0; j < keys; j += P) {
    for (int64_t l = 0; l < P; ++l) acc[l] += term(j + l);
  }
  for (int64_t w = P / 2; w >= 1; w /= 2) {
    for (int64_t l = 0; l < w; ++l) acc[l] += acc[l + w];
  }
  return acc[0];
}

// The probabilities of query rows i0 .. i0 + m against keys 0 .. keys, transposed (Note
// [Attention's probabilities in columns]): pt (keys x kBlockRows), pt[j * kBlockRows + r] the
// probability of key j for row i0 + r, zero where the row does not see the key and in the
// columns r >= m. qt: the pair's query transposed (E x ldq), from the block's first column;
// kc: its keys (rows ep apart); pt has room for padded(S) rows.
template <class C>
void block_probs(const C* qt, int64_t ldq, int64_t E, const C* kc, int64_t ep, int64_t i0,
                 int64_t m, int64_t keys, int64_t S, bool causal, C scale, C* __restrict pt) {
  constexpr int64_t B = kBlockRows;
  product(kc, ep, 1, keys, qt, ldq, B, pt, B, false, [](int64_t) { return int64_t{0}; },
          [E](int64_t, int64_t) { return E; });
  zero_rows(pt, keys, S);
  using V = Vec<C>;
  for (int64_t g0 = 0; g0 < B; g0 += SeenMask<C>::N) {
    const SeenMask<C> sees(i0, g0, m, causal);
    // The max (amax's rule: NaN wins, and stays), over scores scaled in place; the unseen
    // hold -inf on the way and 0 after: exp of -inf (or of anything below -87) makes
    // subnormal numbers on its way to 0, each a microcode assist.
    V top = V{} - INFINITY;
    for (int64_t j = 0; j < keys; ++j) {
      const V v = sees(j) ? load(pt + j * B + g0) * scale : V{} - INFINITY;
      top = (v > top) | (v != v) ? v : top;
      store(pt + j * B + g0, v);
    }
    top = top == V{} - INFINITY ? V{} : top;  // a row that sees no key: nothing to shift
    for (int64_t j = 0; j < keys; ++j)
      store(pt + j * B + g0, sees(j) ? load(pt + j * B + g0) - top : V{});
  }
  // One exp over the whole block (the unseen go in as 0, exp 1, and are masked below).
  // float's runs in 512-bit vectors where the build has them (exp_shifted, the same bits at
  // any width; x - 0 is x).
  if constexpr (std::is_same_v<C, float>) {
    ::al::log_softmax::exp_shifted(pt, pt, keys * B, 0.0f);
  } else {
    exp_all(pt, pt, keys * B);
  }
  for (int64_t g0 = 0; g0 < B; g0 += SeenMask<C>::N) {
    const SeenMask<C> sees(i0, g0, m, causal);
    const V sum = column_sum<C>(keys, [&](int64_t j) {
      return sees(j) ? load(pt + j * B + g0) : V{};
    });
    // times the reciprocal of the sum: one division per column instead of one per key (the
    // divisions per key were a fifth of this function's time in perf)
    const V inv = C(1) / sum;
    for (int64_t j = 0; j < keys; ++j)
      store(pt + j * B + g0, sees(j) ? load(pt + j * B + g0) * inv : V{});
  }
}

// rows x cols of pair (a, b) of t into dst (rows x ld, zero-padded), or transposed into dst
// (cols x ld), in the compute type.
template <class S, class C>
void load_pair(const TensorRef& t, int64_t a, int64_t b, C* __restrict dst, int64_t ld,
               bool transposed = false) {
  const int64_t rows = t.sizes[2], cols = t.sizes[3], step = t.strides[3];
  const int64_t lines = transposed ? cols : rows, width = transposed ? rows : cols;
  for (int64_t i = 0; i < lines; ++i) {
    for (int64_t j = width; j < ld; ++j) dst[i * ld + j] = C(0);
  }
  if (transposed && step == static_cast<int64_t>(sizeof(S))) {
    // Each row's features are contiguous: read them in order, no stride multiplied in.
    for (int64_t i = 0; i < rows; ++i) {
      const S* __restrict x = reinterpret_cast<const S*>(row_of(t, a, b, i));
      for (int64_t j = 0; j < cols; ++j) dst[j * ld + i] = static_cast<C>(x[j]);
    }
    return;
  }
  for (int64_t i = 0; i < rows; ++i) {
    const char* row = row_of(t, a, b, i);
    if (transposed) {
      for (int64_t j = 0; j < cols; ++j)
        dst[j * ld + i] = static_cast<C>(*reinterpret_cast<const S*>(row + j * step));
    } else if (step == static_cast<int64_t>(sizeof(S))) {
      const S* __restrict x = reinterpret_cast<const S*>(row);
      for (int64_t j = 0; j < cols; ++j) dst[i * ld + j] = static_cast<C>(x[j]);
    } else {
      for (int64_t j = 0; j < cols; ++j)
        dst[i * ld + j] = static_cast<C>(*reinterpret_cast<const S*>(row + j * step));
    }
  }
}

inline const char* check_operands(const TensorRef& q, const TensorRef& k, const TensorRef& v) {
  if (q.ndim != 4 || k.ndim != 4 || v.ndim != 4)
    return "query, key and value must be 4-D (batch, heads, length, features)";
  for (int d = 0; d < 2; ++d) {
    if (k.sizes[d] != q.sizes[d] || v.sizes[d] != q.sizes[d])
      return "query, key and value must have the same batch and head sizes";
  }
  if (k.sizes[3] != q.sizes[3]) return "key must have query's number of features";
  if (v.sizes[2] != k.sizes[2]) return "value must have key's length";
  return nullptr;
}

struct Kernel {
  static constexpr int kTensors = 3;  // not counting out
  static constexpr int kScalars = 2;
  static constexpr const char* kTensorNames[] = {"query", "key", "value", nullptr};
  static constexpr const char* kScalarNames[] = {"scale", "is_causal", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType, kComputeDType};
  static constexpr uint32_t kWrites = 0b0001;

  static const char* check(const TensorRef* t, const Scalar*) {
    if (const char* bad = check_operands(t[1], t[2], t[3])) return bad;
    const TensorRef &out = t[0], &q = t[1], &v = t[3];
    if (out.ndim != 4 || out.sizes[0] != q.sizes[0] || out.sizes[1] != q.sizes[1] ||
        out.sizes[2] != q.sizes[2] || out.sizes[3] != v.sizes[3])
      return "out must be (batch, heads, query length, value features)";
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    const TensorRef &out = t[0], &query = t[1], &key = t[2], &value = t[3];
    const int64_t N = query.sizes[0], H = query.sizes[1], L = query.sizes[2], E = query.sizes[3];
    const int64_t S_ = key.sizes[2], Ev = value.sizes[3];
    const C scale = s[0].to<C>();
    const bool causal = s[1].i != 0;
    if (N * H * L * Ev == 0) return 0;
    const int64_t ep = padded<C>(E), evp = padded<C>(Ev), sp = padded<C>(S_);
    constexpr int64_t B = kBlockRows;
    const int64_t lq = (L + B - 1) / B * B;  // the transposed query's columns, whole blocks
    const int64_t per_pair = L * S_ * (E + Ev) + 1;
    parallel_range(N * H, std::max<int64_t>(1, 32768 / per_pair), [&](int64_t b, int64_t e) {
      std::unique_ptr<C[]> buf(new C[E * lq + S_ * ep + S_ * evp + sp * B + B * evp]);
      C* qt = buf.get();  // query transposed (E x lq)
      C* kc = qt + E * lq;
      C* vc = kc + S_ * ep;
      C* pt = vc + S_ * evp;  // a block's probabilities, transposed (keys x B)
      C* o = pt + sp * B;     // and its rows of outputs
      for (int64_t pair = b; pair < e; ++pair) {
        const int64_t a = pair / H, h = pair % H;
        load_pair<S>(query, a, h, qt, lq, true);
        load_pair<S>(key, a, h, kc, ep);
        load_pair<S>(value, a, h, vc, evp);
        for (int64_t i0 = 0; i0 < L; i0 += B) {
          const int64_t m = L - i0 < B ? L - i0 : B;
          const int64_t keys = seen(causal, i0 + m - 1, S_);
          block_probs(qt + i0, lq, E, kc, ep, i0, m, keys, S_, causal, scale, pt);
          // o = p @ v over the keys the block's rows see (the others' probabilities are 0)
          product(pt, 1, B, m, vc, evp, evp, o, evp, false, [](int64_t) { return int64_t{0}; },
                  [&](int64_t r0, int64_t mr) { return seen(causal, i0 + r0 + mr - 1, S_); });
          for (int64_t r = 0; r < m; ++r) {
            char* dst = static_cast<char*>(out.data) + a * out.strides[0] + h * out.strides[1] +
                        (i0 + r) * out.strides[2];
            if (out.strides[3] == static_cast<int64_t>(sizeof(S))) {  // a vector loop
              S* __restrict d = reinterpret_cast<S*>(dst);
              for (int64_t c = 0; c < Ev; ++c) d[c] = static_cast<S>(o[r * evp + c]);
              continue;
            }
            for (int64_t c = 0; c < Ev; ++c)
              *reinterpret_cast<S*>(dst + c * out.strides[3]) = static_cast<S>(o[r * evp + c]);
          }
        }
      }
    });
    return 0;
  }
};

}  // namespace sdpa
AL_CPU_END
}  // namespace al
