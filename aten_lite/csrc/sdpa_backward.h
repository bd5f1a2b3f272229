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
using ::al::sdpa::kBlockRows;
using ::al::sdpa::lane_fold;
using ::al::sdpa::load_pair;
using ::al::sdpa::padded;
using ::al::sdpa::product;
using ::al::sdpa::seen;

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
    const int64_t per_pair = L * S_ * (2 * E + 2 * Ev) + 1;
    // Per block of query rows (B of them), as matrices (Note [Attention's products] in
    // sdpa.h): P (B x S), dP = dO V^T, dS = P * (dP - rowsum(P * dP)) * scale, dQ = dS K;
    // dK += dS^T Q and dV += P^T dO, block after block in the order of the query rows.
    parallel_range(N * H, std::max<int64_t>(1, 32768 / per_pair), [&](int64_t b, int64_t e) {
      constexpr int64_t B = kBlockRows;
      const int64_t scratch = L * ep + S_ * ep + E * sp + Ev * sp + L * evp + L * ep +
                              S_ * ep + S_ * evp + 2 * B * sp;
      std::unique_ptr<C[]> buf(new C[scratch]);
      C* qc = buf.get();
      C* kc = qc + L * ep;
      C* kt = kc + S_ * ep;  // key transposed (E x Sp)
      C* vt = kt + E * sp;   // value transposed (Ev x Sp)
      C* gc = vt + Ev * sp;
      C* dq = gc + L * evp;  // the pair's gradients, padded rows
      C* dk = dq + L * ep;
      C* dv = dk + S_ * ep;
      C* p = dv + S_ * evp;  // B x Sp
      C* ds = p + B * sp;    // B x Sp: dP, then dS
      const auto zero = [](int64_t) { return int64_t{0}; };
      constexpr int64_t kP = ::al::sdpa::kPad<C>;
      using V [[gnu::vector_size(kP * sizeof(C))]] = C;
      for (int64_t pair = b; pair < e; ++pair) {
        const int64_t a = pair / H, h = pair % H;
        load_pair<S>(query, a, h, qc, ep);
        load_pair<S>(key, a, h, kc, ep);
        load_pair<S>(key, a, h, kt, sp, true);
        load_pair<S>(value, a, h, vt, sp, true);
        load_pair<S>(grad, a, h, gc, evp);
        for (int64_t i0 = 0; i0 < L; i0 += B) {
          const int64_t m = L - i0 < B ? L - i0 : B;
          // the keys the block's rows r0 .. r0 + mr see
          const auto keys = [&](int64_t r0, int64_t mr) {
            return seen(causal, i0 + r0 + mr - 1, S_);
          };
          block_probs(qc + i0 * ep, ep, E, kt, i0, m, S_, causal, scale, p);
          product(gc + i0 * evp, evp, 1, m, vt, sp, sp, ds, sp, false, zero,
                  [Ev](int64_t, int64_t) { return Ev; });
          for (int64_t r = 0; r < m; ++r) {  // D = rowsum(P * dP), then dS
            const C* __restrict pr = p + r * sp;
            C* __restrict dr = ds + r * sp;
            V acc = {}, pv, dv;
            for (int64_t j = 0; j < sp; j += kP) {
              std::memcpy(&pv, pr + j, sizeof pv);
              std::memcpy(&dv, dr + j, sizeof dv);
              acc += pv * dv;
            }
            C lanes[kP];
            std::memcpy(lanes, &acc, sizeof acc);
            const C total = lane_fold<C, kP>(lanes, true);
            for (int64_t j = 0; j < sp; j += kP) {
              std::memcpy(&pv, pr + j, sizeof pv);
              std::memcpy(&dv, dr + j, sizeof dv);
              dv = pv * (dv - total) * scale;
              std::memcpy(dr + j, &dv, sizeof dv);
            }
          }
          product(ds, sp, 1, m, kc, ep, ep, dq + i0 * ep, ep, false, zero, keys);
          // dK, dV rows j0 .. j0 + mr: the block's query rows that see them (causal: i >= j0)
          const auto from = [&](int64_t j0) {
            return causal ? std::max<int64_t>(0, std::min(j0 - i0, m)) : int64_t{0};
          };
          const auto to = [m](int64_t, int64_t) { return m; };
          product(ds, 1, sp, S_, qc + i0 * ep, ep, ep, dk, ep, i0 > 0, from, to);
          product(p, 1, sp, S_, gc + i0 * evp, evp, evp, dv, evp, i0 > 0, from, to);
        }
        // Each gradient (length, heads, features) within the batch element's part of out.
        char* dst = static_cast<char*>(out.data) + a * out.strides[0];
        const int64_t unit = out.strides[1];
        const auto put = [&](const C* src, int64_t rows, int64_t cols, int64_t ld, int64_t at) {
          for (int64_t i = 0; i < rows; ++i) {
            char* row = dst + (at + (i * H + h) * cols) * unit;
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
        put(dk, S_, E, ep, L * H * E);
        put(dv, S_, Ev, evp, (L + S_) * H * E);
      }
    });
    return 0;
  }
};

}  // namespace sdpa_backward
AL_CPU_END
}  // namespace al
