// Scaled dot-product attention of one (batch, head) pair at a time, forward (here) and
// backward (sdpa_backward.h), one kernel each, where nn.functional.scaled_dot_product_attention
// composes a dozen ops (two batched products with their reshapes and copies, the scale, the
// causal mask, softmax):
//
//   forward(dtype, out, query, key, value, scale, is_causal)
//       query (N, H, L, E), key (N, H, S, E), value (N, H, S, Ev), any strides;
//       out (N, H, L, Ev) = softmax(query @ key^T * scale [+ causal mask]) @ value
//   backward(dtype, out, grad, query, key, value, scale, is_causal)
//       grad (N, H, L, Ev); out (N, H, L*E + S*E + S*Ev), contiguous: each pair's gradients of
//       query, key and value, one after the other
//
// The causal mask is torch's: query i sees keys 0..i (the top-left lower triangle), so every
// query row sees at least key 0. Per query row: the scores s_j = (q . k_j) * scale over the
// keys it sees, p = exp(s - max) / sum, o = sum_j p_j v_j. The backward recomputes p (as flash
// attention does, so the forward saves nothing but its inputs) and, with dp_j = do . v_j and
// D = sum_j p_j dp_j: ds_j = p_j (dp_j - D) scale; dq = sum_j ds_j k_j; dk_j += ds_j q;
// dv_j += p_j do. float exp is Note [Float exp]'s. Every sum runs in a fixed order, kLanes
// running sums at a time (no contraction), and pairs are split between threads whole, so the
// result is the same whatever the thread count. Note [Fused attention] in
// aten_lite/nn/attention.py says where it runs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>

#include "kernel_api.h"
#include "scalar_math.h"
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

// rows x cols of pair (a, b) of t into dst (contiguous), in the compute type.
template <class S, class C>
void load_pair(const TensorRef& t, int64_t a, int64_t b, C* __restrict dst) {
  const int64_t rows = t.sizes[2], cols = t.sizes[3], step = t.strides[3];
  for (int64_t i = 0; i < rows; ++i) {
    const char* row = row_of(t, a, b, i);
    C* __restrict d = dst + i * cols;
    if (step == static_cast<int64_t>(sizeof(S))) {
      const S* __restrict x = reinterpret_cast<const S*>(row);
      for (int64_t j = 0; j < cols; ++j) d[j] = static_cast<C>(x[j]);
    } else {
      for (int64_t j = 0; j < cols; ++j)
        d[j] = static_cast<C>(*reinterpret_cast<const S*>(row + j * step));
    }
  }
}

// rows x cols of pair (a, b) of t into dst transposed (cols x rows, contiguous).
template <class S, class C>
void load_pair_transposed(const TensorRef& t, int64_t a, int64_t b, C* __restrict dst) {
  const int64_t rows = t.sizes[2], cols = t.sizes[3], step = t.strides[3];
  for (int64_t i = 0; i < rows; ++i) {
    const char* row = row_of(t, a, b, i);
    for (int64_t j = 0; j < cols; ++j)
      dst[j * rows + i] = static_cast<C>(*reinterpret_cast<const S*>(row + j * step));
  }
}

// A vector of 32 bytes of C (GCC's vector extension: one AVX register, two SSE ones in the
// baseline build); products and sums stay separate instructions (Note [No contraction]).
template <class C>
using Vec [[gnu::vector_size(32)]] = C;
template <class C>
constexpr int64_t kLanes = static_cast<int64_t>(32 / sizeof(C));

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

// out[j] = sum_c x[c] * yt[c][j] for j < n: the products of x with n rows of y, from y
// transposed (e x stride, stride >= n), each sum in c order, kLanes of them in a register.
template <class C>
inline void dots(const C* __restrict x, const C* __restrict yt, int64_t n, int64_t e,
                 int64_t stride, C* __restrict out) {
  constexpr int64_t W = kLanes<C>;
  int64_t j0 = 0;
  for (; j0 + 4 * W <= n; j0 += 4 * W) {  // four independent running sums hide their latency
    Vec<C> a0 = {}, a1 = {}, a2 = {}, a3 = {};
    for (int64_t c = 0; c < e; ++c) {
      const C xc = x[c];
      const C* row = yt + c * stride + j0;
      a0 += xc * load(row);
      a1 += xc * load(row + W);
      a2 += xc * load(row + 2 * W);
      a3 += xc * load(row + 3 * W);
    }
    store(out + j0, a0);
    store(out + j0 + W, a1);
    store(out + j0 + 2 * W, a2);
    store(out + j0 + 3 * W, a3);
  }
  for (; j0 + W <= n; j0 += W) {
    Vec<C> acc = {};
    for (int64_t c = 0; c < e; ++c) acc += x[c] * load(yt + c * stride + j0);
    store(out + j0, acc);
  }
  for (int64_t j = j0; j < n; ++j) {
    C acc = 0;
    for (int64_t c = 0; c < e; ++c) acc += x[c] * yt[c * stride + j];
    out[j] = acc;
  }
}

// o[r][0..ev) = sum_{j < n[r]} p[r][j] * v[j][0..ev) for the m rows of p (row stride ps),
// each sum in j order. Four rows at a time share each load of v; their sums stay in registers.
template <class C>
void rows_times(const C* __restrict p, int64_t ps, const int64_t* n, int64_t m,
                const C* __restrict v, int64_t ev, C* __restrict o) {
  constexpr int64_t W = kLanes<C>;
  int64_t r = 0;
  for (; r + 4 <= m; r += 4) {
    const C* __restrict p0 = p + r * ps;
    const int64_t n0 = n[r], n1 = n[r + 1], n2 = n[r + 2], n3 = n[r + 3];
    const int64_t all = std::min(std::min(n0, n1), std::min(n2, n3));
    const int64_t most = std::max(std::max(n0, n1), std::max(n2, n3));
    int64_t c0 = 0;
    for (; c0 + 2 * W <= ev; c0 += 2 * W) {  // eight running sums in flight
      Vec<C> a0 = {}, a1 = {}, a2 = {}, a3 = {}, b0 = {}, b1 = {}, b2 = {}, b3 = {};
      for (int64_t j = 0; j < most; ++j) {
        const Vec<C> vj = load(v + j * ev + c0), wj = load(v + j * ev + c0 + W);
        const C x0 = j < n0 ? p0[j] : C(0), x1 = j < n1 ? p0[ps + j] : C(0);
        const C x2 = j < n2 ? p0[2 * ps + j] : C(0), x3 = j < n3 ? p0[3 * ps + j] : C(0);
        a0 += x0 * vj;
        b0 += x0 * wj;
        a1 += x1 * vj;
        b1 += x1 * wj;
        a2 += x2 * vj;
        b2 += x2 * wj;
        a3 += x3 * vj;
        b3 += x3 * wj;
      }
      store(o + r * ev + c0, a0);
      store(o + r * ev + c0 + W, b0);
      store(o + (r + 1) * ev + c0, a1);
      store(o + (r + 1) * ev + c0 + W, b1);
      store(o + (r + 2) * ev + c0, a2);
      store(o + (r + 2) * ev + c0 + W, b2);
      store(o + (r + 3) * ev + c0, a3);
      store(o + (r + 3) * ev + c0 + W, b3);
    }
    for (; c0 + W <= ev; c0 += W) {
      Vec<C> a0 = {}, a1 = {}, a2 = {}, a3 = {};
      int64_t j = 0;
      for (; j < all; ++j) {
        const Vec<C> vj = load(v + j * ev + c0);
        a0 += p0[j] * vj;
        a1 += p0[ps + j] * vj;
        a2 += p0[2 * ps + j] * vj;
        a3 += p0[3 * ps + j] * vj;
      }
      for (; j < most; ++j) {  // rows that see more keys (causal): the others add nothing
        const Vec<C> vj = load(v + j * ev + c0);
        if (j < n0) a0 += p0[j] * vj;
        if (j < n1) a1 += p0[ps + j] * vj;
        if (j < n2) a2 += p0[2 * ps + j] * vj;
        if (j < n3) a3 += p0[3 * ps + j] * vj;
      }
      store(o + r * ev + c0, a0);
      store(o + (r + 1) * ev + c0, a1);
      store(o + (r + 2) * ev + c0, a2);
      store(o + (r + 3) * ev + c0, a3);
    }
    for (int64_t q = r; q < r + 4; ++q) {
      for (int64_t c = c0; c < ev; ++c) {
        C acc = 0;
        for (int64_t j = 0; j < n[q]; ++j) acc += p[q * ps + j] * v[j * ev + c];
        o[q * ev + c] = acc;
      }
    }
  }
  for (; r < m; ++r) {
    for (int64_t c = 0; c < ev; ++c) {
      C acc = 0;
      for (int64_t j = 0; j < n[r]; ++j) acc += p[r * ps + j] * v[j * ev + c];
      o[r * ev + c] = acc;
    }
  }
}

// The sum of x[0..n): kLanes running sums, then the lanes and the tail in order. A row of 32
// summed one term at a time waited ~4 cycles on each; the order is fixed, so is the result.
template <class C>
inline C vsum(const C* __restrict x, int64_t n) {
  constexpr int64_t W = kLanes<C>;
  C total = 0;
  int64_t j = 0;
  if (n >= W) {
    Vec<C> acc = load(x);
    for (j = W; j + W <= n; j += W) acc += load(x + j);
    for (int64_t k = 0; k < W; ++k) total += acc[k];
  }
  for (; j < n; ++j) total += x[j];
  return total;
}

template <class C>
inline C exp_of(C x) {
  if constexpr (std::is_same_v<C, float>) {
    return ::al::math::exp(x);
  } else {
    return std::exp(x);
  }
}

// Query rows whose probabilities block_probs computes together.
constexpr int64_t kBlockRows = 16;

// The probabilities of m <= kBlockRows query rows against all S keys (p: m x S), row r seeing
// the first n[r] (the others get exactly 0: their score is -inf, and exp(-inf) is 0). Each
// step runs over the whole block as one long loop: on rows of 32, a loop per row and step
// spent more on its vector prologue and tail than on the arithmetic.
template <class C>
void block_probs(const C* __restrict q, const C* __restrict kt, int64_t m, const int64_t* n,
                 int64_t e, int64_t S, C scale, C* __restrict p) {
  C mx[kBlockRows], sum[kBlockRows];
  for (int64_t r = 0; r < m; ++r) dots(q + r * e, kt, S, e, S, p + r * S);
  const int64_t total = m * S;
  for (int64_t x = 0; x < total; ++x) p[x] = p[x] * scale;
  for (int64_t r = 0; r < m; ++r) {
    for (int64_t j = n[r]; j < S; ++j) p[r * S + j] = -INFINITY;
  }
  for (int64_t r = 0; r < m; ++r) mx[r] = ::al::softmax::vector_max(p + r * S, S);
  for (int64_t r = 0; r < m; ++r) {
    C* __restrict pr = p + r * S;
    const C shift = mx[r];
    for (int64_t j = 0; j < S; ++j) pr[j] = pr[j] - shift;
  }
  for (int64_t x = 0; x < total; ++x) p[x] = exp_of(p[x]);
  for (int64_t r = 0; r < m; ++r) sum[r] = vsum(p + r * S, S);
  for (int64_t r = 0; r < m; ++r) {
    C* __restrict pr = p + r * S;
    const C inv = sum[r];
    for (int64_t j = 0; j < S; ++j) pr[j] = pr[j] / inv;
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
    const int64_t per_pair = L * S_ * (E + Ev) + 1;
    parallel_range(N * H, std::max<int64_t>(1, 32768 / per_pair), [&](int64_t b, int64_t e) {
      constexpr int64_t B = kBlockRows;
      std::unique_ptr<C[]> buf(new C[L * E + S_ * E + S_ * Ev + B * S_ + B * Ev]);
      C* qc = buf.get();
      C* kt = qc + L * E;  // key transposed (E x S)
      C* vc = kt + S_ * E;
      C* p = vc + S_ * Ev;  // a block of rows of probabilities
      C* o = p + B * S_;    // and of outputs
      for (int64_t pair = b; pair < e; ++pair) {
        const int64_t a = pair / H, h = pair % H;
        load_pair<S>(query, a, h, qc);
        load_pair_transposed<S>(key, a, h, kt);
        load_pair<S>(value, a, h, vc);
        for (int64_t i0 = 0; i0 < L; i0 += B) {
          const int64_t m = L - i0 < B ? L - i0 : B;
          int64_t n[B];
          for (int64_t r = 0; r < m; ++r) n[r] = causal ? std::min(i0 + r + 1, S_) : S_;
          block_probs(qc + i0 * E, kt, m, n, E, S_, scale, p);
          rows_times(p, S_, n, m, vc, Ev, o);
          for (int64_t r = 0; r < m; ++r) {
            char* dst = static_cast<char*>(out.data) + a * out.strides[0] + h * out.strides[1] +
                        (i0 + r) * out.strides[2];
            for (int64_t c = 0; c < Ev; ++c)
              *reinterpret_cast<S*>(dst + c * out.strides[3]) = static_cast<S>(o[r * Ev + c]);
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
