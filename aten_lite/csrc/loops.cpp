// The outer loops of elementwise kernels, compiled once for every operand count (Note
// [Type-erased outer loops] in loops.h); each calls the op's inner run through an InnerFn.
#include "loops.h"

#include <cstring>

#include "reduce.h"
#include "stream.h"

namespace al::loops_detail {

template <int NT>
bool build(const TensorRef* t, Geometry<NT>& g) {
  for (int k = 0; k < NT; ++k) g.base[k] = t[k].data;
  if (!push_dims(g, t, 0, t[0].ndim)) return false;
  sort_dims(g, 0, g.nd, 0);
  coalesce(g, 0, g.nd);
  return true;
}

template <int NT>
void outer_strided(const Geometry<NT>& g, InnerFn inner, const void* f, int64_t b, int64_t e) {
  int last = g.nd - 1;
  int64_t idx[kMaxDims];
  char* ptr[NT];
  unravel(g, b, 0, g.nd, idx);
  offset_pointers(g, idx, 0, g.nd, ptr);
  const int64_t* inner_strides = g.stride[last];
  for (int64_t pos = b; pos < e;) {
    int64_t run = std::min(g.size[last] - idx[last], e - pos);
    inner(f, run, ptr, inner_strides);
    pos += run;
    for (int k = 0; k < NT; ++k) ptr[k] += (run - 1) * inner_strides[k];
    idx[last] += run - 1;
    increment(g, idx, 0, g.nd, ptr);
  }
}

namespace {

// Tile rows between a prefetch of an in-place operand's row and its use (Note [Packing a
// transposed tile]).
constexpr int64_t kPrefetchRows = 8;

// dst[0 .. count) = count copies of the element of `elem` bytes at src.
template <class T>
void fill_with(char* dst, const char* src, int64_t count) {
  T v;
  std::memcpy(&v, src, sizeof(T));
  std::fill(reinterpret_cast<T*>(dst), reinterpret_cast<T*>(dst) + count, v);
}

void fill_elements(int64_t elem, char* dst, const char* src, int64_t count) {
  switch (elem) {
    case 1: return fill_with<uint8_t>(dst, src, count);
    case 2: return fill_with<uint16_t>(dst, src, count);
    case 4: return fill_with<uint32_t>(dst, src, count);
    default: return fill_with<uint64_t>(dst, src, count);
  }
}

// dst[0 .. len) = the elements of a column operand (one value per row, rows `stride` bytes
// apart from src) at `len` consecutive positions of rows of `cols`, starting `skip` into the
// first row. Whole 64-byte vectors are stored per row, running up to 63 bytes past len (dst
// has that slack): a plain fill of 27 floats per row cost as much as the op.
template <class T>
void expand_with(char* dst_bytes, const char* src, int64_t stride, int64_t skip, int64_t cols,
                 int64_t len) {
  constexpr int W = 64 / sizeof(T);
  T* dst = reinterpret_cast<T*>(dst_bytes);
  for (int64_t i = 0, first = cols - skip; i < len; src += stride, first = cols) {
    T v;
    std::memcpy(&v, src, sizeof(T));
    int64_t count = std::min(first, len - i);
    for (int64_t j = 0; j < count; j += W) {
      for (int w = 0; w < W; ++w) dst[i + j + w] = v;
    }
    i += count;
  }
}

void expand_rows(int64_t elem, char* dst, const char* src, int64_t stride, int64_t skip,
                 int64_t cols, int64_t len) {
  switch (elem) {
    case 1: return expand_with<uint8_t>(dst, src, stride, skip, cols, len);
    case 2: return expand_with<uint16_t>(dst, src, stride, skip, cols, len);
    case 4: return expand_with<uint32_t>(dst, src, stride, skip, cols, len);
    default: return expand_with<uint64_t>(dst, src, stride, skip, cols, len);
  }
}

// Note [Packing a transposed tile]
// pack_tile copies an m x n tile whose rows are `row_stride` and columns `col_stride` bytes
// apart in src into dst, rows kTile elements apart: a transposed input read along its own
// rows. The first version walked the tile one source row (one column of dst) at a time; each
// such walk stores 128 elements kTile * elem bytes apart in dst, which fall into a few L1 sets
// and evict one another, so nearly every store missed L1. The tile is now walked in 8 x 8
// blocks (4 x 4 for 8-byte elements), a band of 8 dst rows at a time: a block reads 8 short runs
// of src and writes 8 short runs of dst, and the band stays in L1. When the tile's rows are
// src's unit stride (the usual a.T), 4- and 8-byte blocks are transposed in AVX registers
// (loads, unpacks and lane permutes: the bits are moved, never converted, so NaN payloads and
// integers come through unchanged). The operands read in place (b and out of a.T + b) are
// walked 512 bytes per row with rows a whole matrix row apart, and a packed tile's source the
// same way, which the hardware prefetchers do not follow: outer_tiled prefetches each row read
// in place kPrefetchRows rows before its use, and the next tile's source one row per row.
// a.T + b, 4096 x 4096 float32 into out=, one thread, on the shared 2-core machine: 57 ms
// before, 25 ms with the blocked pack, 14 ms with the rows read in place prefetched, 10.5 ms
// with the next source too. bench_ops' row (the result allocated by the call): 3.4 -> 13 GB/s,
// NumPy 1.8 and torch 1.7 in the same runs. Tiles of 64 took 16 ms, of 256 11.5 ms; writing
// out's tile rows with streaming stores through an L1 buffer (as the 1-d path does) was no
// faster (12-15 ms) and is not done. Which tile, and so which run of the op's own loop, an
// element falls in did not change, so results are the same bits as before.
template <class T>
void pack_scalar(T* dst, const char* src, int64_t m, int64_t n, int64_t row_stride,
                 int64_t col_stride) {
  constexpr int64_t B = 8;
  for (int64_t rb = 0; rb < m; rb += B) {
    for (int64_t cb = 0; cb < n; cb += B) {
      int64_t ce = std::min(n, cb + B), re = std::min(m, rb + B);
      for (int64_t col = cb; col < ce; ++col) {
        const char* s = src + col * col_stride;
        for (int64_t row = rb; row < re; ++row) {
          T v;
          std::memcpy(&v, s + row * row_stride, sizeof(T));
          dst[row * kTile + col] = v;
        }
      }
    }
  }
}

#if AL_HAVE_STREAM && defined(__AVX__)
// dst[r * kTile + c] = src[c * col_stride + r] for r, c < 8: one 8 x 8 block of 4-byte elements.
inline void transpose8x8(uint32_t* dst_bits, const char* src, int64_t col_stride) {
  float* dst = reinterpret_cast<float*>(dst_bits);
  auto ld = [&](int c) {
    return _mm256_loadu_ps(reinterpret_cast<const float*>(src + c * col_stride));
  };
  __m256 v0 = ld(0), v1 = ld(1), v2 = ld(2), v3 = ld(3);
  __m256 v4 = ld(4), v5 = ld(5), v6 = ld(6), v7 = ld(7);
  __m256 t0 = _mm256_unpacklo_ps(v0, v1), t1 = _mm256_unpackhi_ps(v0, v1);
  __m256 t2 = _mm256_unpacklo_ps(v2, v3), t3 = _mm256_unpackhi_ps(v2, v3);
  __m256 t4 = _mm256_unpacklo_ps(v4, v5), t5 = _mm256_unpackhi_ps(v4, v5);
  __m256 t6 = _mm256_unpacklo_ps(v6, v7), t7 = _mm256_unpackhi_ps(v6, v7);
  __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  _mm256_storeu_ps(dst + 0 * kTile, _mm256_permute2f128_ps(u0, u4, 0x20));
  _mm256_storeu_ps(dst + 1 * kTile, _mm256_permute2f128_ps(u1, u5, 0x20));
  _mm256_storeu_ps(dst + 2 * kTile, _mm256_permute2f128_ps(u2, u6, 0x20));
  _mm256_storeu_ps(dst + 3 * kTile, _mm256_permute2f128_ps(u3, u7, 0x20));
  _mm256_storeu_ps(dst + 4 * kTile, _mm256_permute2f128_ps(u0, u4, 0x31));
  _mm256_storeu_ps(dst + 5 * kTile, _mm256_permute2f128_ps(u1, u5, 0x31));
  _mm256_storeu_ps(dst + 6 * kTile, _mm256_permute2f128_ps(u2, u6, 0x31));
  _mm256_storeu_ps(dst + 7 * kTile, _mm256_permute2f128_ps(u3, u7, 0x31));
}

// The same for a 4 x 4 block of 8-byte elements.
inline void transpose4x4(uint64_t* dst_bits, const char* src, int64_t col_stride) {
  double* dst = reinterpret_cast<double*>(dst_bits);
  auto ld = [&](int c) {
    return _mm256_loadu_pd(reinterpret_cast<const double*>(src + c * col_stride));
  };
  __m256d v0 = ld(0), v1 = ld(1), v2 = ld(2), v3 = ld(3);
  __m256d t0 = _mm256_unpacklo_pd(v0, v1), t1 = _mm256_unpackhi_pd(v0, v1);
  __m256d t2 = _mm256_unpacklo_pd(v2, v3), t3 = _mm256_unpackhi_pd(v2, v3);
  _mm256_storeu_pd(dst + 0 * kTile, _mm256_permute2f128_pd(t0, t2, 0x20));
  _mm256_storeu_pd(dst + 1 * kTile, _mm256_permute2f128_pd(t1, t3, 0x20));
  _mm256_storeu_pd(dst + 2 * kTile, _mm256_permute2f128_pd(t0, t2, 0x31));
  _mm256_storeu_pd(dst + 3 * kTile, _mm256_permute2f128_pd(t1, t3, 0x31));
}

// Whole B x B blocks of a tile whose rows are src's unit stride in registers, the ragged right
// and bottom edges (and everything for other strides) by pack_scalar.
template <int64_t B, class T, class Block>
void pack_blocks(T* dst, const char* src, int64_t m, int64_t n, int64_t col_stride,
                 Block block) {
  int64_t mb = m - m % B, nb = n - n % B;
  for (int64_t rb = 0; rb < mb; rb += B) {
    for (int64_t cb = 0; cb < nb; cb += B) {
      block(dst + rb * kTile + cb, src + cb * col_stride + rb * int64_t{sizeof(T)}, col_stride);
    }
  }
  const int64_t unit = sizeof(T);
  if (mb < m) pack_scalar(dst + mb * kTile, src + mb * unit, m - mb, n, unit, col_stride);
  if (nb < n) pack_scalar(dst + nb, src + nb * col_stride, mb, n - nb, unit, col_stride);
}
#endif

template <class T>
void pack(T* dst, const char* src, int64_t m, int64_t n, int64_t row_stride, int64_t col_stride) {
#if AL_HAVE_STREAM && defined(__AVX__)
  if (row_stride == static_cast<int64_t>(sizeof(T))) {
    if constexpr (sizeof(T) == 4) {
      return pack_blocks<8>(dst, src, m, n, col_stride, transpose8x8);
    } else if constexpr (sizeof(T) == 8) {
      return pack_blocks<4>(dst, src, m, n, col_stride, transpose4x4);
    }
  }
#endif
  pack_scalar(dst, src, m, n, row_stride, col_stride);
}

void pack_tile(int64_t elem, char* dst, const char* src, int64_t m, int64_t n,
               int64_t row_stride, int64_t col_stride) {
  switch (elem) {
    case 1: return pack(reinterpret_cast<uint8_t*>(dst), src, m, n, row_stride, col_stride);
    case 2: return pack(reinterpret_cast<uint16_t*>(dst), src, m, n, row_stride, col_stride);
    case 4: return pack(reinterpret_cast<uint32_t*>(dst), src, m, n, row_stride, col_stride);
    default: return pack(reinterpret_cast<uint64_t*>(dst), src, m, n, row_stride, col_stride);
  }
}

}  // namespace

template <int NT>
void outer_streamed(int64_t n, int64_t out_size, int64_t in_size, InnerFn inner, const void* f,
                    char* const* p, const int64_t* s) {
  const int64_t block = kStreamBlockBytes / std::max(out_size, in_size);
  const int64_t out_bytes = block * out_size;  // whole cache lines: see kStreamBlockBytes
  auto addr = reinterpret_cast<uintptr_t>(p[0]);
  if (addr % out_size != 0) {
    inner(f, n, p, s);
    return;
  }
  int64_t i = std::min<int64_t>(n, static_cast<int64_t>((64 - addr % 64) % 64) / out_size);
  inner(f, i, p, s);
  alignas(64) char buf[kStreamBlockBytes];
  alignas(64) char expanded[NT - 1][kStreamBlockBytes];
  char* q[NT];
  int64_t qs[NT];
  q[0] = buf;
  qs[0] = out_size;
  for (int k = 1; k < NT; ++k) {
    qs[k] = in_size;
    if (s[k] == 0) {
      fill_elements(in_size, expanded[k - 1], p[k], block);
      q[k] = expanded[k - 1];
    }
  }
  for (; i + block <= n; i += block) {
    for (int k = 1; k < NT; ++k) {
      if (s[k] != 0) q[k] = p[k] + i * s[k];
    }
    inner(f, block, q, qs);
    stream_copy(p[0] + i * s[0], buf, out_bytes);
  }
  for (int k = 0; k < NT; ++k) q[k] = p[k] + i * s[k];
  inner(f, n - i, q, s);
  stream_fence();
}

template <int NT>
void outer_rows(const Geometry<NT>& g, int64_t out_size, int64_t in_size, InnerFn inner,
                const void* f, int64_t b, int64_t e) {
  const int r = g.nd - 2, c = g.nd - 1;
  const int64_t cols = g.size[c], plane = g.size[r] * cols;
  // Column and row operands read from a buffer holding the chunk's elements expanded (plus
  // slack for expand_rows' whole-vector stores); a row operand's buffer holds its row repeated,
  // refilled only when the row moves (an outer dim stepped), and is read from the chunk's
  // column on.
  const int64_t buf_elements = kRowsChunk + 2 * cols + 64;
  bool column[NT] = {}, row[NT] = {};
  for (int k = 1; k < NT; ++k) {
    column[k] = g.stride[c][k] == 0 && g.stride[r][k] != 0;
    row[k] = g.stride[c][k] != 0 && g.stride[r][k] == 0;
  }
  std::unique_ptr<char[]> bufs(new char[(NT - 1) * buf_elements * in_size]);
  const char* filled[NT] = {};
  char* q[NT];
  int64_t qs[NT];
  qs[0] = out_size;
  for (int k = 1; k < NT; ++k) qs[k] = g.stride[c][k] == 0 && !column[k] ? 0 : in_size;
  int64_t idx[kMaxDims];
  char* corner[NT];  // the operands at the current plane's first element
  for (int64_t pos = b; pos < e;) {
    int64_t at = pos % plane;
    if (pos == b || at == 0) {
      unravel(g, pos / plane, 0, r, idx);
      offset_pointers(g, idx, 0, r, corner);
    }
    int64_t len = std::min({kRowsChunk, plane - at, e - pos});
    int64_t row0 = at / cols, col0 = at % cols;
    for (int k = 0; k < NT; ++k) {
      char* buf = k > 0 ? bufs.get() + (k - 1) * buf_elements * in_size : nullptr;
      int64_t s = k == 0 ? out_size : in_size;
      q[k] = corner[k] + (qs[k] == 0 ? 0 : at * s);
      if (column[k]) {
        expand_rows(in_size, buf, corner[k] + row0 * g.stride[r][k], g.stride[r][k], col0, cols,
                    len);
        q[k] = buf;
      } else if (row[k]) {
        if (filled[k] != corner[k]) {
          for (int64_t i = 0; i < kRowsChunk + cols; i += cols)
            std::memcpy(buf + i * in_size, corner[k], cols * in_size);
          filled[k] = corner[k];
        }
        q[k] = buf + col0 * in_size;
      }
    }
    inner(f, len, q, qs);
    pos += len;
  }
}

template <int NT>
void outer_tiled(const Geometry<NT>& g, int64_t elem, InnerFn inner, const void* f, int64_t tb,
                 int64_t te) {
  constexpr int N = NT - 1;
  int r = g.nd - 2, c = g.nd - 1;
  int64_t rows = g.size[r], cols = g.size[c];
  int64_t tr = (rows + kTile - 1) / kTile, tc = (cols + kTile - 1) / kTile;
  bool packed[NT] = {};
  for (int k = 1; k <= N; ++k) packed[k] = is_transposed(g, k);
  // On the heap: N tiles of kTile^2 doubles would be a lot of stack for a worker thread.
  const int64_t tile_bytes = kTile * kTile * elem;
  std::unique_ptr<char[]> tiles(new char[N * tile_bytes]);
  int64_t idx[kMaxDims];
  char* corner[NT];
  char* p[NT];
  int64_t s[NT];
  for (int k = 0; k <= N; ++k) s[k] = packed[k] ? elem : g.stride[c][k];
  // The operands read in place whose tile rows are dense enough to prefetch (not a broadcast
  // row, nor one with elements far apart).
  bool fetch[NT];
  for (int k = 0; k <= N; ++k) {
    int64_t step = packed[k] ? g.stride[r][k] : s[k];
    fetch[k] = step >= 1 && step <= 8;
  }
  // The tile [r0, r0 + m) x [c0, c0 + n) of tile number t, its operands at corner.
  auto locate = [&](int64_t t, char** at, int64_t& m, int64_t& n) {
    int64_t j = t % tc, i = (t / tc) % tr;
    unravel(g, t / (tc * tr), 0, r, idx);
    idx[r] = i * kTile;
    idx[c] = j * kTile;
    offset_pointers(g, idx, 0, g.nd, at);
    n = std::min(kTile, cols - j * kTile);
    m = std::min(kTile, rows - i * kTile);
  };
  char* next[NT];
  int64_t m = 0, n = 0, next_m = 0, next_n = 0;
  if (tb < te) locate(tb, next, next_m, next_n);
  for (int64_t t = tb; t < te; ++t) {
    std::copy(next, next + NT, corner);
    m = next_m;
    n = next_n;
    bool more = t + 1 < te;
    if (more) locate(t + 1, next, next_m, next_n);
    for (int k = 1; k <= N; ++k) {
      if (packed[k]) {
        pack_tile(elem, tiles.get() + (k - 1) * tile_bytes, corner[k], m, n, g.stride[r][k],
                  g.stride[c][k]);
      }
    }
    for (int64_t row = 0; row < m; ++row) {
      // Note [Packing a transposed tile]: a row of each operand read in place is fetched
      // kPrefetchRows rows before its use (the first ones of the next tile at the end of this
      // one), and one source row of the next tile of each packed operand per row.
      for (int k = 0; k <= N; ++k) {
        if (!fetch[k]) continue;
        const char* a = nullptr;
        int64_t bytes = 0;
        int64_t ahead = row + kPrefetchRows;
        if (packed[k]) {
          if (more && row < next_n) {
            a = next[k] + row * g.stride[c][k];
            bytes = next_m * g.stride[r][k];
          }
        } else if (ahead < m) {
          a = corner[k] + ahead * g.stride[r][k];
          bytes = n * s[k];
        } else if (more && ahead - m < next_m) {
          a = next[k] + (ahead - m) * g.stride[r][k];
          bytes = next_n * s[k];
        }
        for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(a + b);
      }
      for (int k = 0; k <= N; ++k) {
        p[k] = packed[k] ? tiles.get() + (k - 1) * tile_bytes + row * kTile * elem
                         : corner[k] + row * g.stride[r][k];
      }
      inner(f, n, p, s);
    }
  }
}

template <int NT>
int run_elementwise(const TensorRef* t, int64_t out_size, int64_t in_size, InnerFn inner,
                    const void* f) {
  constexpr int N = NT - 1;
  Geometry<NT> g;
  if (!build<NT>(t, g)) return kPathContiguous;
  if (g.nd == 0) {  // one element: every dim had size 1
    int64_t unit[NT];
    for (int k = 0; k < NT; ++k) unit[k] = k == 0 ? out_size : in_size;
    inner(f, 1, g.base, unit);
    return kPathContiguous;
  }
  if (g.nd == 1) {
    const int64_t* s = g.stride[0];
    bool contiguous = s[0] == out_size;
    bool scalar_operand = false;
    for (int k = 1; k <= N; ++k) {
      contiguous &= s[k] == 0 || s[k] == in_size;
      scalar_operand |= s[k] == 0;
    }
    // Note [Streaming stores by CPU] in stream.h
    bool stream = contiguous && g.numel * out_size >= kStreamBytes && streaming_stores();
    parallel_range(g.numel, kGrain, [&](int64_t b, int64_t e) {
      char* p[NT];
      for (int k = 0; k < NT; ++k) p[k] = g.base[k] + b * s[k];
      if (stream) {
        outer_streamed<NT>(e - b, out_size, in_size, inner, f, p, s);
      } else {
        inner(f, e - b, p, s);
      }
    }, kLineElements);
    if (contiguous) return scalar_operand ? kPathScalarOperand : kPathContiguous;
    return kPathStrided;
  }
  if (wants_tiles(g)) {
    int64_t r = g.size[g.nd - 2], c = g.size[g.nd - 1];
    int64_t tiles = g.numel / (r * c) * ((r + kTile - 1) / kTile) * ((c + kTile - 1) / kTile);
    int64_t grain = std::max<int64_t>(1, kGrain / (kTile * kTile));
    parallel_range(tiles, grain, [&](int64_t b, int64_t e) {
      outer_tiled<NT>(g, in_size, inner, f, b, e);
    });
    return kPathStrided;
  }
  if (wants_rows(g, out_size, in_size)) {
    parallel_range(g.numel, kGrain, [&](int64_t b, int64_t e) {
      outer_rows<NT>(g, out_size, in_size, inner, f, b, e);
    }, kLineElements);
    return kPathStrided;
  }
  parallel_range(g.numel, kGrain, [&](int64_t b, int64_t e) {
    outer_strided<NT>(g, inner, f, b, e);
  }, kLineElements);
  return kPathStrided;
}

#define AL_OUTER_LOOPS(NT)                                                                 \
  template int run_elementwise<NT>(const TensorRef*, int64_t, int64_t, InnerFn, const void*); \
  template void outer_strided<NT>(const Geometry<NT>&, InnerFn, const void*, int64_t,      \
                                  int64_t);                                                \
  template void outer_tiled<NT>(const Geometry<NT>&, int64_t, InnerFn, const void*, int64_t, \
                                int64_t);                                                  \
  template bool build<NT>(const TensorRef*, Geometry<NT>&);                                 \
  template void outer_streamed<NT>(int64_t, int64_t, int64_t, InnerFn, const void*,        \
                                   char* const*, const int64_t*);                          \
  template void outer_rows<NT>(const Geometry<NT>&, int64_t, int64_t, InnerFn, const void*,  \
                               int64_t, int64_t);
AL_OUTER_LOOPS(2) AL_OUTER_LOOPS(3) AL_OUTER_LOOPS(4) AL_OUTER_LOOPS(5) AL_OUTER_LOOPS(6)
AL_OUTER_LOOPS(7) AL_OUTER_LOOPS(8) AL_OUTER_LOOPS(9) AL_OUTER_LOOPS(10) AL_OUTER_LOOPS(11)
AL_OUTER_LOOPS(12) AL_OUTER_LOOPS(13) AL_OUTER_LOOPS(14) AL_OUTER_LOOPS(15) AL_OUTER_LOOPS(16)
AL_OUTER_LOOPS(17)
#undef AL_OUTER_LOOPS

}  // namespace al::loops_detail

namespace al::reduce_detail {

bool plan_reduction(const TensorRef* t, Geometry<2>& g, int& kept, int64_t& numel_out,
                    int64_t& m) {
  g.base[0] = t[0].data;
  g.base[1] = t[1].data;
  int64_t kept_in = t[0].ndim;
  kept = 0;  // kept dims pushed so far; they come first in g
  bool any_in = true;
  for (int64_t d = 0; d < t[1].ndim; ++d) {
    int64_t size = t[1].sizes[d];
    bool is_kept = d < kept_in;
    if (size == 0 && is_kept) return false;  // no outputs
    if (size == 0) any_in = false;
    if (size <= 1) continue;
    g.size[g.nd] = size;
    g.stride[g.nd][0] = is_kept ? t[0].strides[d] : 0;
    g.stride[g.nd][1] = t[1].strides[d];
    if (is_kept) {
      g.numel *= size;
      ++kept;
    }
    ++g.nd;
  }
  numel_out = g.numel;
  m = 1;
  for (int d = kept; d < g.nd; ++d) m *= g.size[d];
  if (!any_in) m = 0;

  sort_dims(g, 0, kept, 0);
  kept = coalesce(g, 0, kept);
  sort_dims(g, kept, g.nd, 1);
  coalesce(g, kept, g.nd);
  return true;
}

}  // namespace al::reduce_detail
