// The gradients of scaled dot-product attention (sdpa.h) in one kernel: each (batch, head)
// pair's gradients of query, key and value, packed one after the other (the formula's helper
// takes them apart as views). Note and method: sdpa.h.
#pragma once

#include "sdpa.h"

namespace al {
AL_CPU_BEGIN
namespace sdpa_backward {

using ::al::sdpa::block_probs;
using ::al::sdpa::check_operands;
using ::al::sdpa::dots;
using ::al::sdpa::kBlockRows;
using ::al::sdpa::load_pair;
using ::al::sdpa::load_pair_transposed;
using ::al::sdpa::rows_times;
using ::al::sdpa::vsum;

using ::al::sdpa::load;
using ::al::sdpa::store;
using ::al::sdpa::kLanes;
using ::al::sdpa::Vec;

// y[0..n) += a * x[0..n), kLanes at a time.
template <class C>
inline void axpy(C a, const C* __restrict x, C* __restrict y, int64_t n) {
  constexpr int64_t W = kLanes<C>;
  int64_t c = 0;
  for (; c + W <= n; c += W) store(y + c, load(y + c) + a * load(x + c));
  for (; c < n; ++c) y[c] += a * x[c];
}

struct Kernel {
  static constexpr int kTensors = 4;  // not counting out
  static constexpr int kScalars = 2;
  static constexpr const char* kTensorNames[] = {"grad", "query", "key", "value", nullptr};
  static constexpr const char* kScalarNames[] = {"scale", "is_causal", nullptr};
  static constexpr int kDTypes[] = {kComputeDType, kComputeDType, kComputeDType, kComputeDType,
                                    kComputeDType};
  static constexpr uint32_t kWrites = 0b00001;

  static const char* check(const TensorRef* t, const Scalar*) {
    const TensorRef &out = t[0], &grad = t[1], &q = t[2], &k = t[3], &v = t[4];
    if (const char* bad = check_operands(q, k, v)) return bad;
    if (grad.ndim != 4 || grad.sizes[0] != q.sizes[0] || grad.sizes[1] != q.sizes[1] ||
        grad.sizes[2] != q.sizes[2] || grad.sizes[3] != v.sizes[3])
      return "grad must be (batch, heads, query length, value features)";
    const int64_t packed = q.sizes[2] * q.sizes[3] + k.sizes[2] * (k.sizes[3] + v.sizes[3]);
    const int64_t unit = out.ndim == 3 ? out.strides[2] : 0;  // the element size, if packed
    if (out.ndim != 3 || out.sizes[0] != q.sizes[0] || out.sizes[1] != q.sizes[1] ||
        out.sizes[2] != packed || unit <= 0 || out.strides[1] != packed * unit ||
        out.strides[0] != q.sizes[1] * packed * unit)
      return "out must be contiguous (batch, heads, L*E + S*E + S*Ev)";
    return nullptr;
  }

  template <class S>
  static int run(const TensorRef* t, const Scalar* s) {
    using C = compute_t<S>;
    const TensorRef &out = t[0], &grad = t[1], &query = t[2], &key = t[3], &value = t[4];
    const int64_t N = query.sizes[0], H = query.sizes[1], L = query.sizes[2], E = query.sizes[3];
    const int64_t S_ = key.sizes[2], Ev = value.sizes[3];
    const C scale = s[0].to<C>();
    const bool causal = s[1].i != 0;
    const int64_t packed = L * E + S_ * E + S_ * Ev;
    if (N * H * packed == 0) return 0;
    const int64_t per_pair = L * S_ * (2 * E + 2 * Ev) + 1;
    // Per block of query rows (B of them), as matrices: P (B x S), dP = dO V^T and
    // dS = P * (dP - rowsum(P * dP)) * scale; dQ = dS K by rows; dK += dS^T Q and dV += P^T dO
    // one (query, key) pair at a time, vector by vector along the features.
    parallel_range(N * H, std::max<int64_t>(1, 32768 / per_pair), [&](int64_t b, int64_t e) {
      constexpr int64_t B = kBlockRows;
      const int64_t scratch = L * E + 2 * S_ * E + S_ * Ev + L * Ev + packed + 2 * B * S_ + S_;
      std::unique_ptr<C[]> buf(new C[scratch]);
      C* qc = buf.get();
      C* kc = qc + L * E;
      C* kt = kc + S_ * E;   // key transposed (E x S)
      C* vt = kt + S_ * E;   // value transposed (Ev x S)
      C* gc = vt + S_ * Ev;
      C* dq = gc + L * Ev;   // dq, dk and dv: the pair's packed gradients
      C* dk = dq + L * E;
      C* dv = dk + S_ * E;
      C* p = dv + S_ * Ev;   // B x S
      C* dp = p + B * S_;    // B x S: dP, then dS
      C* tmp = dp + B * S_;  // S
      for (int64_t pair = b; pair < e; ++pair) {
        const int64_t a = pair / H, h = pair % H;
        load_pair<S>(query, a, h, qc);
        load_pair<S>(key, a, h, kc);
        load_pair_transposed<S>(key, a, h, kt);
        load_pair_transposed<S>(value, a, h, vt);
        load_pair<S>(grad, a, h, gc);
        for (int64_t x = L * E; x < packed; ++x) dq[x] = 0;  // dk and dv accumulate
        for (int64_t i0 = 0; i0 < L; i0 += B) {
          const int64_t m = L - i0 < B ? L - i0 : B;
          int64_t n[B];
          for (int64_t r = 0; r < m; ++r) n[r] = causal ? std::min(i0 + r + 1, S_) : S_;
          block_probs(qc + i0 * E, kt, m, n, E, S_, scale, p);
          for (int64_t r = 0; r < m; ++r) dots(gc + (i0 + r) * Ev, vt, S_, Ev, S_, dp + r * S_);
          for (int64_t r = 0; r < m; ++r) {
            C* __restrict pr = p + r * S_;
            C* __restrict dr = dp + r * S_;
            for (int64_t j = 0; j < S_; ++j) tmp[j] = pr[j] * dr[j];
            const C total = vsum(tmp, S_);
            for (int64_t j = 0; j < S_; ++j) dr[j] = pr[j] * (dr[j] - total) * scale;
          }
          rows_times(dp, S_, n, m, kc, E, dq + i0 * E);
          for (int64_t r = 0; r < m; ++r) {
            const C* __restrict qi = qc + (i0 + r) * E;
            const C* __restrict gi = gc + (i0 + r) * Ev;
            const C* __restrict pr = p + r * S_;
            const C* __restrict dr = dp + r * S_;
            for (int64_t j = 0; j < n[r]; ++j) {
              axpy(dr[j], qi, dk + j * E, E);
              axpy(pr[j], gi, dv + j * Ev, Ev);
            }
          }
        }
        char* dst = static_cast<char*>(out.data) + a * out.strides[0] + h * out.strides[1];
        for (int64_t x = 0; x < packed; ++x)
          *reinterpret_cast<S*>(dst + x * out.strides[2]) = static_cast<S>(dq[x]);
      }
    });
    return 0;
  }
};

}  // namespace sdpa_backward
AL_CPU_END
}  // namespace al
