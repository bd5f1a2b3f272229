// The kernel registry: filled by static initialisers (AL_REGISTER_KERNEL) while the shared
// library loads, read by the module once it initialises.
#include "registry.h"

#include <algorithm>
#include <cstring>

namespace al {

const char* const kDTypeNames[kNumDTypes] = {
    "bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "bfloat16",
};

namespace {

// A function-local static, so registration works whatever order the translation units'
// initialisers run in.
std::vector<KernelInfo>& storage() {
  static std::vector<KernelInfo> entries;
  return entries;
}

// A wider variant's entry of a kernel (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h).
struct Variant {
  const char* name;
  KernelFn fn;
  int capability;
  uint32_t dtypes;
};

std::vector<Variant>& variants() {
  static std::vector<Variant> entries;
  return entries;
}

// Parallel to storage() once sorted: each kernel's entry per dtype.
std::vector<KernelVariants>& tables() {
  static std::vector<KernelVariants> entries;
  return entries;
}

}  // namespace

bool register_kernel(const KernelInfo& info, int capability, uint32_t dtypes) {
  if (capability == AL_CPU_DEFAULT_CODE) {
    storage().push_back(info);
  } else {
    variants().push_back({info.name, info.fn, capability, dtypes & info.dtype_mask});
  }
  return true;
}

int use_cpu_capability(int capability) {
  const std::vector<KernelInfo>& entries = storage();
  std::vector<KernelVariants>& table = tables();
  table.assign(entries.size(), KernelVariants{});
  for (size_t i = 0; i < entries.size(); ++i) {
    for (int c = 0; c < kNumDTypes; ++c) {
      table[i].fn[c] = entries[i].fn;
      table[i].capability[c] = AL_CPU_DEFAULT_CODE;
    }
  }
  int wider = 0;
  for (const Variant& v : variants()) {
    const KernelInfo* info = find_kernel(v.name);
    if (!info || v.capability > capability) continue;
    KernelVariants& row = table[static_cast<size_t>(info - entries.data())];
    for (int c = 0; c < kNumDTypes; ++c) {
      if (!(v.dtypes >> c & 1u) || row.capability[c] >= v.capability) continue;
      wider += row.capability[c] == AL_CPU_DEFAULT_CODE;
      row.fn[c] = v.fn;
      row.capability[c] = v.capability;
    }
  }
  return wider;
}

const KernelVariants* kernel_variants(const KernelInfo* info) {
  const std::vector<KernelInfo>& entries = storage();
  const std::vector<KernelVariants>& table = tables();
  if (entries.empty() || table.size() != entries.size() || info < entries.data() ||
      info >= entries.data() + entries.size()) {
    return nullptr;
  }
  return &table[static_cast<size_t>(info - entries.data())];
}

unsigned compiled_capabilities() {
  unsigned bits = 1u << AL_CPU_DEFAULT_CODE;
  for (const Variant& v : variants()) bits |= 1u << v.capability;
  return bits;
}

const std::vector<KernelInfo>& sorted_kernels() {
  std::vector<KernelInfo>& entries = storage();
  std::sort(entries.begin(), entries.end(), [](const KernelInfo& a, const KernelInfo& b) {
    return std::strcmp(a.name, b.name) < 0;
  });
  return entries;
}

const KernelInfo* find_kernel(const char* name) {
  const std::vector<KernelInfo>& entries = storage();
  auto it = std::lower_bound(entries.begin(), entries.end(), name,
                             [](const KernelInfo& a, const char* n) {
                               return std::strcmp(a.name, n) < 0;
                             });
  if (it == entries.end() || std::strcmp(it->name, name) != 0) return nullptr;
  return &*it;
}

int out_dtype(OutKind kind, int code) {
  switch (kind) {
    case OutKind::kBool:
      return kBool;
    case OutKind::kWideInt:
      return code <= kInt64 ? static_cast<int>(kInt64) : code;
    case OutKind::kSame:
    default:
      return code;
  }
}

}  // namespace al
