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

}  // namespace

bool register_kernel(const KernelInfo& info) {
  storage().push_back(info);
  return true;
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
