// Lookup side of the kernel registry (registration is in kernel_api.h).
#pragma once

#include <string>
#include <vector>

#include "kernel_api.h"

namespace al {

// Sorts the entries by name and returns them; called once by the module's init, after every
// static initialiser has run. find_kernel relies on that order.
const std::vector<KernelInfo>& sorted_kernels();

// The entry named `name`, or null.
const KernelInfo* find_kernel(const char* name);

// Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h: which code each dtype of a kernel runs.
struct KernelVariants {
  KernelFn fn[kNumDTypes];     // the entry to call for each dtype code
  int capability[kNumDTypes];  // which variant that entry is (AL_CPU_*_CODE)
};

// Points every kernel's dtypes at the widest registered variant not above `capability`; called
// once by the module's init, after sorted_kernels. Returns how many (kernel, dtype) pairs took
// a wider variant than the default.
int use_cpu_capability(int capability);

// The per-dtype entries of a registered kernel (one find_kernel returned), or null for a
// KernelInfo the registry does not hold (a fused kernel's).
const KernelVariants* kernel_variants(const KernelInfo* info);

// The capabilities some kernel has a variant for, as a bit set (bit c: AL_CPU_*_CODE c).
unsigned compiled_capabilities();

// ---- the capability this process runs (cpu_capability.cpp) ----

constexpr int kNumCpuCapabilities = 3;
extern const char* const kCpuCapabilityNames[kNumCpuCapabilities];  // "default", "avx2", "avx512"

// The capabilities this CPU can run, as a bit set.
unsigned supported_cpu_capabilities();

// Chooses the capability once, at the module's init: AL_CPU_CAPABILITY when set (-1 and a
// message in `error` when the CPU or the build lacks it, or the name is unknown), else the
// widest one both the CPU and the build have.
int select_cpu_capability(std::string* error);

// The capability chosen (default before select_cpu_capability).
int cpu_capability();

// The dtype code `out` must have when the kernel runs with compute dtype `code`.
int out_dtype(OutKind kind, int code);

}  // namespace al
