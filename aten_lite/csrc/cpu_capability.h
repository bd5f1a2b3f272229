// Which instruction sets a translation unit is compiled for, and the namespace that keeps each
// variant's code apart (Note [CPU capability variants]).
//
// Note [CPU capability variants]
// The extension runs on every x86-64 CPU from x86-64-v2 on. Its core (registry, kernel object,
// thread pool, ...) is compiled once, for the baseline; the kernel loops (generated/csrc/*.cpp
// and the hand-written loop sources, tools/codegen/build.py VARIANT_SOURCES) are compiled once
// more per capability, with that capability's instruction sets and -DAL_CPU_CAPABILITY=<name>:
//
//   default   x86-64-v2 (SSE4.2, POPCNT): every x86-64 CPU of the last 15 years; on other
//             architectures the compiler's default target (aarch64: NEON)
//   avx2      x86-64-v3: AVX2, FMA, F16C, BMI1/2, LZCNT, MOVBE
//   avx512    x86-64-v4: v3 and AVX-512 F, BW, CD, DQ, VL
//
// The module picks one capability when it initialises (cpu_capability.cpp: the best the CPU
// has, or AL_CPU_CAPABILITY=default|avx2|avx512), and the registry points each kernel's dtype
// at the best variant not above it (registry.cpp). Variants are compiled for the dtypes whose
// loops gain from wider vectors only (AL_CPU_DTYPES below); the others run the default code.
//
// One source compiled three times defines the same names three times. Everything such a
// source defines (and every inline function or template of the kernel headers it includes)
// therefore sits in an inline namespace named after the capability, opened by AL_CPU_BEGIN:
// `al::elementwise` is `al::cpu_avx2::elementwise` in the avx2 objects, so the linker never
// merges an AVX2 copy with the default one. What the headers share with the core (the ABI
// structs of kernel_api.h, the thread pool's functions) stays outside. Inline code outside
// those namespaces (the C++ library's templates, kernel_api.h's few inline members) can still
// be emitted by several variants under one name; the linker keeps the first copy, so the
// extension links the default objects first and the wider ones after (build.py), and a copy
// it keeps is never wider than any caller's variant.
#pragma once

#define AL_CPU_CONCAT_(a, b) a##b
#define AL_CPU_CONCAT(a, b) AL_CPU_CONCAT_(a, b)

// The capability codes: their order is the order of the instruction sets (each includes the
// previous ones).
#define AL_CPU_DEFAULT_CODE 0
#define AL_CPU_AVX2_CODE 1
#define AL_CPU_AVX512_CODE 2

#if !defined(AL_CPU_CAPABILITY)
// The core, a fused kernel, or an op library's kernels (compiled for the machine that runs
// them, -march=native): one variant, registered as the default one.
#define AL_CPU_CAPABILITY default
#define AL_CPU_CAPABILITY_CODE AL_CPU_DEFAULT_CODE
#elif !defined(AL_CPU_CAPABILITY_CODE)
#error "AL_CPU_CAPABILITY needs AL_CPU_CAPABILITY_CODE (tools/codegen/build.py passes both)"
#endif

#define AL_CPU_NS AL_CPU_CONCAT(cpu_, AL_CPU_CAPABILITY)
// Opens and closes the capability's namespace inside namespace al (on lines of their own:
// tools/codegen/runtime_source.py reads the headers' namespaces line by line).
#define AL_CPU_BEGIN inline namespace AL_CPU_NS {
#define AL_CPU_END }

// The dtypes a variant is compiled for (bit c: dtype code c of dtype.h): the floating ones,
// whose loops gain from wider vectors (and float16 from F16C's conversions). The default
// variant has every dtype.
#if AL_CPU_CAPABILITY_CODE == AL_CPU_DEFAULT_CODE
#define AL_CPU_DTYPES 0x3ffu
#else
#define AL_CPU_DTYPES 0x3c0u
#endif

namespace al {
AL_CPU_BEGIN
// Note [Native vector compares]
// The bytes of the widest vector register the variant's instructions have. GCC's vector
// extensions split arithmetic on a wider vector type into native vectors, but a compare or a
// select (`a > b`, `m ? a : b`) on one they lower element by element (GCC 12): a 64-byte max
// loop that runs in four AVX-512 instructions ran as 32 scalar ones in the avx2 and default
// variants, and made their float softmax 4x slower than the avx512 variant's. Code that
// compares whole vectors therefore works in vectors of this width (an array of them where it
// needs 64-byte lanes); only its arithmetic may use wider ones.
#if defined(__AVX512F__)
constexpr int kVecBytes = 64;
#elif defined(__AVX__)
constexpr int kVecBytes = 32;
#else
constexpr int kVecBytes = 16;
#endif
AL_CPU_END
}  // namespace al
