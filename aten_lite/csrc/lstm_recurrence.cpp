// The time loop of one LSTM layer in one direction (aten_lite/nn/recurrent.py), forward and
// backward, each one call:
//
//   _lstm_recurrence(dtype, out, gates, cell, tanh_cell, h0, c0, w_hh, bias, steps)
//   _lstm_recurrence_backward(dtype, d_gates, d_out, d_cell, d_h0, d_c0,
//                             gates, cell, tanh_cell, c0, w_hh, steps)
//
// Shapes: N data rows (the packed sequence), B batch rows, H hidden units, G = 4 H gate
// columns, S steps. out, cell, tanh_cell, d_out, d_cell (N, H); gates, d_gates (N, G); h0, c0,
// d_h0, d_c0 (B, H); w_hh (G, H); bias (G,); steps (S, 4) int64, one row
// (offset, rows, prev, carried) per step in processing order, as _Plan.steps: the step owns
// data rows offset : offset + rows; its previous state is rows prev : prev + carried of the
// outputs followed by rows carried : rows of the initial state. Every array C-contiguous.
//
// The gates are in the node's order and scale (Note [LSTM gates in the fused node] in
// aten_lite/nn/recurrent.py): columns (o, i, f, g), the sigmoid gates' pre-activations halved, so that
// sigmoid(z) = 0.5 tanh(z') + 0.5 with z' the value the columns hold.
//
// Forward: `gates` holds each row's input projection on entry; each step adds the bias and
// h_prev @ w_hh^T, in that order, and leaves the gate activations there, the cell state in
// `cell`, its tanh in `tanh_cell` and h in `out` (what backward reads). Backward: `d_out` and `d_cell` hold the
// gradients arriving from outside (the outputs; h_n and c_n at their rows) and gather those of
// the later steps as the loop walks back; `d_gates` gets the gradient of the gate
// pre-activations (what the weight gradients are formed from, outside, in one product each),
// d_h0 and d_c0 those of the initial state.
//
// Note [LSTM time loop in C++]
// At the sizes recurrent layers are used at (a batch of tens of rows, a few hundred units) a
// step is one small matrix product and a few passes over a (B, 4H) block. Through NumPy that
// is a dozen calls per step whose fixed costs add up, and OpenBLAS runs these few-row products
// at about half the speed it reaches on large ones (its kernels are tuned for big blocks). So
// the whole loop is one call: the product is the register-blocked kernel of small_product.h, the
// elementwise work is fused per row, and no step allocates. What is one product over all steps
// (the input projection; the weight gradients) stays outside, one product each by mm's choice
// of kernel (Note [Small matrix products] in small_gemm.cpp).
//
// The product is Note [Small-row matrix product] in small_product.h.
//
// Note [LSTM bias in the time loop]
// The bias is added to each row's projection in the loop, just before h_prev @ w_hh^T (the
// same two sums in the same order as adding it to the whole projection first), instead of
// NumPy's pass over the (N, 4H) projection beforehand: ~160 us per layer and call for an LSTM
// language model's (700, 800) projection.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__AVX__)
#include <immintrin.h>
#endif

#include "kernel_api.h"
#include "scalar_math.h"
#include "small_product.h"

namespace al::lstm {

namespace {

using namespace ::al::small_product;

// ---- elementwise pieces --------------------------------------------------------------------

// Note [Vector tanh]: a loop over the C library's tanh is vectorised by GCC through libmvec
// (Note [Vector math] in scalar_math.h), but at the 256-bit width GCC prefers on AVX-512
// machines; libmvec's 512-bit tanh does twice the elements per call at about the same cost,
// so with AVX-512 the loops call it directly (a 25 % faster forward step).
#if defined(__AVX512F__) && defined(AL_HAVE_MVEC) && AL_HAVE_MVEC
extern "C" __m512 _ZGVeN16v_tanhf(__m512) noexcept;
extern "C" __m512d _ZGVeN8v_tanh(__m512d) noexcept;
inline __m512 tanh_v(__m512 x) { return _ZGVeN16v_tanhf(x); }
inline __m512d tanh_v(__m512d x) { return _ZGVeN8v_tanh(x); }
constexpr bool kWideTanh = true;
#else
constexpr bool kWideTanh = false;
#endif

// y[j] = tanh((x[j] + b[j]) + p[j]); b, p may be null (no term).
template <class T>
void tanh_sum(T* y, const T* x, const T* b, const T* p, int64_t n) {
  int64_t j = 0;
  if constexpr (kWideTanh) {
#if defined(__AVX512F__) && defined(AL_HAVE_MVEC) && AL_HAVE_MVEC
    using V = typename Vec<T>::V;
    constexpr int W = kLanes<T>;
    for (; j + W <= n; j += W) {
      V v, q;
      std::memcpy(&v, x + j, sizeof(V));
      if (b) {
        std::memcpy(&q, b + j, sizeof(V));
        v += q;
      }
      if (p) {
        std::memcpy(&q, p + j, sizeof(V));
        v += q;
      }
      v = tanh_v(v);
      std::memcpy(y + j, &v, sizeof(V));
    }
#endif
  }
  for (; j < n; ++j) {
    T v = x[j];
    if (b) v = v + b[j];
    if (p) v = v + p[j];
    y[j] = std::tanh(v);
  }
}

// ---- the steps -----------------------------------------------------------------------------

struct Step {
  int64_t offset, rows, prev, carried;
};

// Reads the steps once (Note [Indices read once] in sparse_common.h: the array could change
// after the check) and checks each against the bounds; false when one is out of range.
bool read_steps(const TensorRef& s, int64_t n_rows, int64_t batch, Step* out) {
  const auto* v = reinterpret_cast<const int64_t*>(s.data);
  for (int64_t k = 0; k < s.sizes[0]; ++k) {
    Step st;
    st.offset = __atomic_load_n(v + 4 * k, __ATOMIC_RELAXED);
    st.rows = __atomic_load_n(v + 4 * k + 1, __ATOMIC_RELAXED);
    st.prev = __atomic_load_n(v + 4 * k + 2, __ATOMIC_RELAXED);
    st.carried = __atomic_load_n(v + 4 * k + 3, __ATOMIC_RELAXED);
    if (st.rows < 0 || st.rows > batch || st.offset < 0 || st.offset > n_rows - st.rows ||
        st.carried < 0 || st.carried > st.rows || st.prev < 0 ||
        st.prev > n_rows - st.carried) {
      return false;
    }
    out[k] = st;
  }
  return true;
}

// The checks a direct caller of _C gets (the memory safety the loops rely on).
bool is_matrix(const TensorRef& t, int64_t rows, int64_t cols, int64_t item) {
  return t.ndim == 2 && t.sizes[0] == rows && t.sizes[1] == cols &&
         (cols <= 1 || t.strides[1] == item) && (rows <= 1 || t.strides[0] == cols * item);
}

const char* check_steps(const TensorRef& s, int64_t n_rows, int64_t batch) {
  if (s.ndim != 2 || s.sizes[1] != 4 || (s.sizes[0] > 1 && s.strides[0] != 32) ||
      s.strides[1] != 8) {
    return "steps must be a C-contiguous (S, 4) int64 array";
  }
  Buffer<Step> steps = allocate<Step>(s.sizes[0]);
  if (!read_steps(s, n_rows, batch, steps.get())) {
    return "a step (offset, rows, prev, carried) reaches outside the data rows or the batch";
  }
  return nullptr;
}

// The element size the compute-dtype arrays have (taken from the first one), or 0.
int64_t item_size(const TensorRef& t) {
  int64_t item = t.ndim == 2 ? t.strides[1] : 0;
  return item == 4 || item == 8 ? item : 0;
}

// ---- forward -------------------------------------------------------------------------------

template <class T>
int forward(const TensorRef* t) {
  T* out = reinterpret_cast<T*>(t[0].data);
  T* gates = reinterpret_cast<T*>(t[1].data);
  T* cell = reinterpret_cast<T*>(t[2].data);
  T* tanh_cell = reinterpret_cast<T*>(t[3].data);
  const T* h0 = reinterpret_cast<const T*>(t[4].data);
  const T* c0 = reinterpret_cast<const T*>(t[5].data);
  const T* bias = reinterpret_cast<const T*>(t[7].data);
  const int64_t n_rows = t[0].sizes[0], hidden = t[0].sizes[1], batch = t[4].sizes[0];
  const int64_t g_cols = 4 * hidden, n_steps = t[8].sizes[0];
  Buffer<Step> steps = allocate<Step>(n_steps);
  if (!read_steps(t[8], n_rows, batch, steps.get())) return kIndexChanged;
  Packed<T> w;  // w_hh^T (H x G), packed from w_hh as the transposed matrix it reads
  w.pack(reinterpret_cast<const T*>(t[6].data), 1, hidden, g_cols, hidden);
  const int64_t ld = w.width();
  Buffer<T> prod = allocate<T>(batch * ld), gather = allocate<T>(2 * batch * hidden);
  T* h_gather = gather.get();
  T* c_gather = gather.get() + batch * hidden;
  const int64_t h1 = hidden, h2 = 2 * hidden, h3 = 3 * hidden;
  for (int64_t s = 0; s < n_steps; ++s) {
    const Step st = steps[s];
    // The previous states: the neighbouring step's rows, or the initial state's, or (where
    // some sequences start at this step) the two gathered.
    const T *hp, *cp;
    if (st.carried == st.rows) {
      hp = out + st.prev * hidden, cp = cell + st.prev * hidden;
    } else if (st.carried == 0) {
      hp = h0, cp = c0;
    } else {
      std::memcpy(h_gather, out + st.prev * hidden, st.carried * hidden * sizeof(T));
      std::memcpy(h_gather + st.carried * hidden, h0 + st.carried * hidden,
                  (st.rows - st.carried) * hidden * sizeof(T));
      std::memcpy(c_gather, cell + st.prev * hidden, st.carried * hidden * sizeof(T));
      std::memcpy(c_gather + st.carried * hidden, c0 + st.carried * hidden,
                  (st.rows - st.carried) * hidden * sizeof(T));
      hp = h_gather, cp = c_gather;
    }
    product(hp, hidden, st.rows, w, prod.get(), ld);
    for (int64_t r = 0; r < st.rows; ++r) {
      const int64_t row = st.offset + r;
      T* a = gates + row * g_cols;
      const T* p = prod.get() + r * ld;
      tanh_sum(a, a, bias, p, g_cols);  // Note [LSTM bias in the time loop]
      for (int64_t j = 0; j < h3; ++j) a[j] = a[j] * T(0.5) + T(0.5);  // o, i, f: sigmoid
      T* c = cell + row * hidden;
      T* tc = tanh_cell + row * hidden;
      const T* c_prev = cp + r * hidden;
      for (int64_t j = 0; j < hidden; ++j) {
        c[j] = a[h2 + j] * c_prev[j] + a[h1 + j] * a[h3 + j];  // f * c_prev + i * g
      }
      tanh_sum<T>(tc, c, nullptr, nullptr, hidden);
      T* h = out + row * hidden;
      for (int64_t j = 0; j < hidden; ++j) h[j] = a[j] * tc[j];  // o * tanh(c)
    }
  }
  return 0;
}

// ---- backward ------------------------------------------------------------------------------

// One row's gate gradients (d_gates, node order) and the previous cell's gradient, from the
// row's activations a (o, i, f, g), tanh(c), the gradients dh and dc arriving at the row, and
// the previous cell state. The pointers never alias (restrict lets GCC vectorise the loop
// without run-time overlap checks, which it gives up on for this many arrays).
template <class T>
void gate_gradients(const T* __restrict a, const T* __restrict tc, const T* __restrict dh,
                    const T* __restrict dc, const T* __restrict c_prev, T* __restrict dg,
                    T* __restrict dc_prev, int64_t hidden) {
  const int64_t h1 = hidden, h2 = 2 * hidden, h3 = 3 * hidden;
  for (int64_t j = 0; j < hidden; ++j) {
    const T o = a[j], i = a[h1 + j], f = a[h2 + j], g = a[h3 + j];
    const T dm = dh[j], tcj = tc[j];
    // h = o tanh(c): dc gains dh o (1 - tanh(c)^2). A sigmoid gate s = 0.5 tanh(z') + 0.5 of
    // the halved pre-activation z' has ds/dz' = 2 s (1 - s).
    const T dcj = dc[j] + dm * (o * (T(1) - tcj * tcj));
    dg[j] = dm * (tcj * (T(2) * o * (T(1) - o)));
    dg[h1 + j] = dcj * (g * (T(2) * i * (T(1) - i)));
    dg[h2 + j] = dcj * (c_prev[j] * (T(2) * f * (T(1) - f)));
    dg[h3 + j] = dcj * (i * (T(1) - g * g));
    dc_prev[j] = dcj * f;
  }
}

template <class T>
int backward(const TensorRef* t) {
  T* d_gates = reinterpret_cast<T*>(t[0].data);
  T* d_out = reinterpret_cast<T*>(t[1].data);
  T* d_cell = reinterpret_cast<T*>(t[2].data);
  T* d_h0 = reinterpret_cast<T*>(t[3].data);
  T* d_c0 = reinterpret_cast<T*>(t[4].data);
  const T* gates = reinterpret_cast<const T*>(t[5].data);
  const T* cell = reinterpret_cast<const T*>(t[6].data);
  const T* tanh_cell = reinterpret_cast<const T*>(t[7].data);
  const T* c0 = reinterpret_cast<const T*>(t[8].data);
  const int64_t n_rows = t[1].sizes[0], hidden = t[1].sizes[1], batch = t[3].sizes[0];
  const int64_t g_cols = 4 * hidden, n_steps = t[10].sizes[0];
  Buffer<Step> steps = allocate<Step>(n_steps);
  if (!read_steps(t[10], n_rows, batch, steps.get())) return kIndexChanged;
  Packed<T> w;
  w.pack(reinterpret_cast<const T*>(t[9].data), hidden, g_cols, hidden);
  const int64_t ld = w.width();
  Buffer<T> prod = allocate<T>(batch * ld), dc_prev = allocate<T>(hidden);
  std::memset(d_h0, 0, batch * hidden * sizeof(T));
  std::memset(d_c0, 0, batch * hidden * sizeof(T));
  for (int64_t s = n_steps - 1; s >= 0; --s) {
    const Step st = steps[s];
    for (int64_t r = 0; r < st.rows; ++r) {
      const int64_t row = st.offset + r;
      const T* a = gates + row * g_cols;
      const T* tc = tanh_cell + row * hidden;
      const T* dh = d_out + row * hidden;
      T* dc = d_cell + row * hidden;
      T* dg = d_gates + row * g_cols;
      const T* c_prev = r < st.carried ? cell + (st.prev + r) * hidden : c0 + r * hidden;
      T* dcp = dc_prev.get();
      gate_gradients(a, tc, dh, dc, c_prev, dg, dcp, hidden);
      T* dc_into = r < st.carried ? d_cell + (st.prev + r) * hidden : d_c0 + r * hidden;
      for (int64_t j = 0; j < hidden; ++j) dc_into[j] += dcp[j];
    }
    // The previous hidden state's gradient: this step's gate gradients @ w_hh.
    product(d_gates + st.offset * g_cols, g_cols, st.rows, w, prod.get(), ld);
    for (int64_t r = 0; r < st.rows; ++r) {
      T* dh_into = r < st.carried ? d_out + (st.prev + r) * hidden : d_h0 + r * hidden;
      const T* p = prod.get() + r * ld;
      for (int64_t j = 0; j < hidden; ++j) dh_into[j] += p[j];
    }
  }
  return 0;
}

// ---- registration --------------------------------------------------------------------------

int forward_entry(int dtype, const TensorRef* t, const Scalar*) {
  if (dtype == kFloat32) return forward<float>(t);
  if (dtype == kFloat64) return forward<double>(t);
  return kUnsupportedDType;
}

int backward_entry(int dtype, const TensorRef* t, const Scalar*) {
  if (dtype == kFloat32) return backward<float>(t);
  if (dtype == kFloat64) return backward<double>(t);
  return kUnsupportedDType;
}

const char* check_forward(const TensorRef* t, const Scalar*) {
  const int64_t item = item_size(t[0]);
  if (!item) return "out must be a C-contiguous (N, H) float32 or float64 array";
  const int64_t n = t[0].sizes[0], h = t[0].sizes[1], b = t[4].ndim == 2 ? t[4].sizes[0] : -1;
  if (h < 1) return "out must have at least one column (H >= 1)";
  if (!is_matrix(t[0], n, h, item) || !is_matrix(t[1], n, 4 * h, item) ||
      !is_matrix(t[2], n, h, item) || !is_matrix(t[3], n, h, item) || b < 0 ||
      !is_matrix(t[4], b, h, item) || !is_matrix(t[5], b, h, item) ||
      !is_matrix(t[6], 4 * h, h, item) || t[7].ndim != 1 || t[7].sizes[0] != 4 * h ||
      t[7].strides[0] != item) {
    return "expected C-contiguous out, cell, tanh_cell (N, H), gates (N, 4H), h0, c0 (B, H), "
           "w_hh (4H, H) and bias (4H,)";
  }
  return check_steps(t[8], n, b);
}

const char* check_backward(const TensorRef* t, const Scalar*) {
  const int64_t item = item_size(t[0]);
  if (!item) return "d_gates must be a C-contiguous (N, 4H) float32 or float64 array";
  const int64_t n = t[1].ndim == 2 ? t[1].sizes[0] : -1, h = t[1].ndim == 2 ? t[1].sizes[1] : 0;
  const int64_t b = t[3].ndim == 2 ? t[3].sizes[0] : -1;
  if (n < 0 || h < 1 || b < 0) return "d_out must be (N, H) with H >= 1 and d_h0 (B, H)";
  if (!is_matrix(t[0], n, 4 * h, item) || !is_matrix(t[1], n, h, item) ||
      !is_matrix(t[2], n, h, item) || !is_matrix(t[3], b, h, item) ||
      !is_matrix(t[4], b, h, item) || !is_matrix(t[5], n, 4 * h, item) ||
      !is_matrix(t[6], n, h, item) || !is_matrix(t[7], n, h, item) ||
      !is_matrix(t[8], b, h, item) || !is_matrix(t[9], 4 * h, h, item)) {
    return "expected C-contiguous d_gates, gates (N, 4H), d_out, d_cell, cell, tanh_cell "
           "(N, H), d_h0, d_c0, c0 (B, H) and w_hh (4H, H)";
  }
  return check_steps(t[10], n, b);
}

constexpr int C = kComputeDType;

const char* const kForwardNames[] = {"gates", "cell", "tanh_cell", "h0", "c0", "w_hh",
                                     "bias", "steps"};
const int kForwardDTypes[] = {C, C, C, C, C, C, C, C, kInt64};
const CustomSig kForwardSig{kForwardDTypes, 0b1111, &check_forward};

const char* const kBackwardNames[] = {"d_out", "d_cell", "d_h0",      "d_c0", "gates",
                                      "cell",  "tanh_cell", "c0", "w_hh", "steps"};
const int kBackwardDTypes[] = {C, C, C, C, C, C, C, C, C, C, kInt64};
const CustomSig kBackwardSig{kBackwardDTypes, 0b11111, &check_backward};

constexpr uint32_t kFloatMask = (1u << kFloat32) | (1u << kFloat64);

}  // namespace

}  // namespace al::lstm

AL_REGISTER_KERNEL(lstm_recurrence,
                   {"_lstm_recurrence", &::al::lstm::forward_entry, 8, 0, ::al::lstm::kFloatMask,
                    ::al::OutKind::kSame, ::al::KernelKind::kCustom,
                    ::al::lstm::kForwardNames, nullptr, &::al::lstm::kForwardSig})
AL_REGISTER_KERNEL(lstm_recurrence_backward,
                   {"_lstm_recurrence_backward", &::al::lstm::backward_entry, 10, 0,
                    ::al::lstm::kFloatMask, ::al::OutKind::kSame, ::al::KernelKind::kCustom,
                    ::al::lstm::kBackwardNames, nullptr, &::al::lstm::kBackwardSig})
