// The gradients of scaled dot-product attention (sdpa.h) in one kernel: each (batch, head)
// pair's gradients of query, key and value, packed (Note [Attention's packed gradients] in
// sdpa.h; the formula's helper takes them apart as views). Method: sdpa.h.
#pragma once

#include "sdpa.h"

namespace al {
AL_CPU_BEGIN
namespace sdpa_backward {

using ::al::sdpa::block_probs;
using ::al::sdpa::check_operands;
using ::al::sdpa::column_sum;
using ::al::sdpa::kBlockRows;
using ::al::sdpa::load;
using ::al::sdpa::load_pair;
using ::al::sdpa::padded;
using ::al::sdpa::product;
using ::al::sdpa::seen;
using ::al::sdpa::store;
using ::al::sdpa::zero_rows;

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
    const int64_t packed =
        q.sizes[1] * (q.sizes[2] * q.sizes[3] + k.sizes[2] * (k.sizes[3] + v.sizes[3]));
    const int64_t unit = out.ndim == 2 ? out.strides[1] : 0;  // the element size, if packed
    if (out.ndim != 2 || out.sizes[0] != q.sizes[0] || out.sizes[1] != packed || unit <= 0 ||
        out.strides[0] != packed * unit)
      return "out must be contiguous (batch, L*H*E + S*H*E + S*H*Ev)";
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
    if (N * H * (L * E + S_ * (E + Ev)) == 0) return 0;
    const int64_t ep = padded<C>(E), evp = padded<C>(Ev), sp = padded<C>(S_);
    constexpr int64_t B = kBlockRows;
    const int64_t lq = (L + B - 1) / B * B;  // transposed operands' columns, whole blocks
    const int64_t per_pair = L * S_ * (2 * E + 2 * Ev) + 1;
    // Per block of query rows (B of them), as matrices (Note [Attention's products] in
    // sdpa.h), transposed (Note [Attention's probabilities in columns]): P^T (keys x B),
    // dP^T = V dO^T, dS^T = P^T * (dP^T - colsum(P^T * dP^T)) * scale, dQ = dS K;
    // dK += dS^T Q and dV += P^T dO, block after block in the order of the query rows.
    parallel_range(N * H, std::max<int64_t>(1, 32768 / per_pair), [&](int64_t b, int64_t e) {
      const int64_t scratch = L * ep + E * lq + S_ * ep + S_ * evp + L * evp + Ev * lq +
                              L * ep + S_ * ep + S_ * evp + 2 * sp * B;
      std::unique_ptr<C[]> buf(new C[scratch]);
      C* qc = buf.get();
      C* qt = qc + L * ep;  // query transposed (E x lq)
      C* kc = qt + E * lq;
      C* vc = kc + S_ * ep;
      C* gc = vc + S_ * evp;
      C* gt = gc + L * evp;  // grad transposed (Ev x lq)
      C* dq = gt + Ev * lq;  // the pair's gradients, padded rows
      C* dk = dq + L * ep;
      C* dv = dk + S_ * ep;
      C* pt = dv + S_ * evp;  // keys x B
      C* ds = pt + sp * B;    // keys x B: dP^T, then dS^T
      const auto zero = [](int64_t) { return int64_t{0}; };
      constexpr int64_t NL = ::al::sdpa::SeenMask<C>::N;  // lanes of a column group
      using V = ::al::sdpa::Vec<C>;
      for (int64_t pair = b; pair < e; ++pair) {
        const int64_t a = pair / H, h = pair % H;
        load_pair<S>(query, a, h, qc, ep);
        load_pair<S>(query, a, h, qt, lq, true);
        load_pair<S>(key, a, h, kc, ep);
        load_pair<S>(value, a, h, vc, evp);
        load_pair<S>(grad, a, h, gc, evp);
        load_pair<S>(grad, a, h, gt, lq, true);
        for (int64_t i0 = 0; i0 < L; i0 += B) {
          const int64_t m = L - i0 < B ? L - i0 : B;
          const int64_t keys = seen(causal, i0 + m - 1, S_);
          // the keys the block's rows r0 .. r0 + mr see
          const auto seen_by = [&](int64_t r0, int64_t mr) {
            return seen(causal, i0 + r0 + mr - 1, S_);
          };
          block_probs(qt + i0, lq, E, kc, ep, i0, m, keys, S_, causal, scale, pt);
          product(vc, evp, 1, keys, gt + i0, lq, B, ds, B, false, zero,
                  [Ev](int64_t, int64_t) { return Ev; });
          zero_rows(ds, keys, S_);
          for (int64_t g0 = 0; g0 < B; g0 += NL) {  // D = colsum(P^T * dP^T), then dS^T
            const V d = column_sum<C>(keys, [&](int64_t j) {
              return load(pt + j * B + g0) * load(ds + j * B + g0);
            });
            for (int64_t j = 0; j < keys; ++j)
              store(ds + j * B + g0, load(pt + j * B + g0) * (load(ds + j * B + g0) - d) * scale);
          }
          product(ds, 1, B, m, kc, ep, ep, dq + i0 * ep, ep, false, zero, seen_by);
          // dK, dV rows j0 .. j0 + mr: the block's query rows that see them (causal: i >= j0)
          const auto from = [&](int64_t j0) {
            return causal ? std::max<int64_t>(0, std::min(j0 - i0, m)) : int64_t{0};
          };
          const auto to = [m](int64_t, int64_t) { return m; };
          product(ds, B, 1, S_, qc + i0 * ep, ep, ep, dk, ep, i0 > 0, from, to);
          product(pt, B, 1, S_, gc + i0 * evp, evp, evp, dv, evp, i0 > 0, from, to);
        }
        // Each gradient (length, heads, features) within the batch element's part of out
        // (Note [Attention's packed gradients] in sdpa.h): position by position when L == S,
        // one gradient after the other otherwise.
        char* dst = static_cast<char*>(out.data) + a * out.strides[0];
        const int64_t unit = out.strides[1];
        const bool by_position = L == S_;
        const int64_t width = H * (2 * E + Ev);  // a position's three rows, by_position
        const auto put = [&](const C* src, int64_t rows, int64_t cols, int64_t ld, int64_t at) {
          const int64_t step = by_position ? width : H * cols;  // from one row to the next
          for (int64_t i = 0; i < rows; ++i) {
            char* row = dst + (at + i * step + h * cols) * unit;
            const C* __restrict from = src + i * ld;
            if (unit == static_cast<int64_t>(sizeof(S))) {  // a loop GCC vectorises
              S* __restrict to = reinterpret_cast<S*>(row);
              for (int64_t j = 0; j < cols; ++j) to[j] = static_cast<S>(from[j]);
            } else {
              for (int64_t j = 0; j < cols; ++j)
                *reinterpret_cast<S*>(row + j * unit) = static_cast<S>(from[j]);
            }
          }
        };
        put(dq, L, E, ep, 0);
        put(dk, S_, E, ep, by_position ? H * E : L * H * E);
        put(dv, S_, Ev, evp, by_position ? 2 * H * E : (L + S_) * H * E);
      }
    });
    return 0;
  }
};

}  // namespace sdpa_backward
AL_CPU_END
}  // namespace al
