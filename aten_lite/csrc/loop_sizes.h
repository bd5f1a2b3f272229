// The sizes the elementwise loops (loops.h) cut work into, and the path codes kernels return:
// what a just-in-time fused kernel (aten_lite/compile/jit/fused_loops.h) shares with them
// without parsing the loops themselves (and the intrinsics headers they include).
#pragma once

#include <cstdint>

namespace al {

// Note [Kernel path codes] in loops.h.
enum PathCode : int { kPathContiguous = 0, kPathScalarOperand = 1, kPathStrided = 2 };

// Elements per thread before an extra thread pays for its start-up (~ a few microseconds).
constexpr int64_t kGrain = 32768;
// Thread chunks of contiguous elements start on multiples of this (a cache line of int8).
constexpr int64_t kLineElements = 64;
// Elements per pass when a stride-0 operand is expanded into a buffer (fits in L1).
constexpr int64_t kScalarChunk = 512;
// Elements per pass of outer_rows (rows of a short innermost dim taken together); each
// broadcast operand is expanded into a buffer this long.
constexpr int64_t kRowsChunk = 1024;
// Shortest innermost dim outer_rows takes (Note [Short rows with a broadcast operand]).
constexpr int64_t kRowsMinCols = 16;
// Edge of the square tiles used when an input is transposed relative to out: 128 reads 512
// bytes of each row of a transposed float input per visit (32 and 64 were slower for a.T + b;
// Note [Packing a transposed tile] in aten_lite/csrc/loops.cpp).
constexpr int64_t kTile = 128;

}  // namespace al
