// Non-temporal copies for results too large to stay in cache.
//
// A store to a cache line that is not cached first reads the line from memory ("read for
// ownership"); for a large output that nobody reads soon this is a third of the memory traffic of
// `out = a + b`. The elementwise loop therefore computes large contiguous outputs block by block
// into an L1-resident buffer and copies each block out with streaming stores, which skip that
// read.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "cpu_capability.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define AL_HAVE_STREAM 1
#else
#define AL_HAVE_STREAM 0
#endif

namespace al {

// Note [Streaming stores by CPU]
// Large contiguous outputs (kStreamBytes and more) can be written with streaming stores, which
// skip reading each line before writing it. Whether that pays depends on the CPU: measured on
// AMD Zen 4 it beat plain stores by a quarter; on an Intel Cascade Lake (36 MB L3, a KVM guest)
// plain stores won at 4M and at 16M floats (add 2.6 vs 4.1 ms and 12.9 vs 17.0 ms; exp 5.5 vs
// 7.7 ms and 27 vs 32 ms, one thread). So they are on for AMD CPUs and off elsewhere;
// AL_STREAMING_STORES=0 or 1, read when the extension loads, or
// al.backends.cpu.set_streaming_stores() decide otherwise. The results are the same bits either
// way: only how finished values reach memory changes. Defined once, in cpu_capability.cpp.

// At the module's init: AL_STREAMING_STORES when set (false and a message in `error` for a
// value other than 0 or 1), else this CPU's default.
bool select_streaming_stores(std::string* error);
bool streaming_stores();
void set_streaming_stores(bool on);

// Compiled into each capability's code (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h).
AL_CPU_BEGIN

// Outputs at least this large (bytes, per call) are written with streaming stores.
constexpr int64_t kStreamBytes = int64_t{16} << 20;
// Bytes per operand computed into a buffer between two streaming copies. Measured on Zen 4:
// 1-2 KB blocks beat plain stores by a quarter; 8 KB blocks lose to them (the loads of the next
// block then compete with the pending streaming stores).
constexpr int64_t kStreamBlockBytes = 2048;

// Copies `bytes` from src to dst; dst must be 64-byte aligned and bytes a multiple of 64.
inline void stream_copy(char* dst, const char* src, int64_t bytes) {
#if AL_HAVE_STREAM && defined(__AVX512F__)
  for (int64_t i = 0; i < bytes; i += 64) {
    __m512i v = _mm512_loadu_si512(reinterpret_cast<const void*>(src + i));
    _mm512_stream_si512(reinterpret_cast<__m512i*>(dst + i), v);
  }
#elif AL_HAVE_STREAM && defined(__AVX__)
  for (int64_t i = 0; i < bytes; i += 32) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(dst + i), v);
  }
#elif AL_HAVE_STREAM
  for (int64_t i = 0; i < bytes; i += 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), v);
  }
#else
  std::memcpy(dst, src, static_cast<size_t>(bytes));
#endif
}

// Makes the streaming stores visible to other threads before the kernel returns.
inline void stream_fence() {
#if AL_HAVE_STREAM
  _mm_sfence();
#endif
}

AL_CPU_END

}  // namespace al
