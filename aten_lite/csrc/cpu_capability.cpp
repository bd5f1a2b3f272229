// Which kernel variant this process runs (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h):
// the CPU's features read once with cpuid (__builtin_cpu_supports, which also checks that the
// operating system saves the wider registers), and AL_CPU_CAPABILITY to force one.
#include "cpu_capability.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#include "registry.h"
#include "stream.h"

namespace al {

namespace {

int g_capability = AL_CPU_DEFAULT_CODE;

// The instruction sets each capability's code may use, as __builtin_cpu_supports spells them:
// x86-64-v3 and x86-64-v4 (the -march levels build.py compiles the variants for).
#if defined(__x86_64__) || defined(_M_X64)
const char* const kAvx2Features[] = {"avx", "avx2", "fma", "f16c", "bmi", "bmi2", "lzcnt",
                                     "movbe", nullptr};
const char* const kAvx512Features[] = {"avx512f", "avx512bw", "avx512cd", "avx512dq",
                                       "avx512vl", nullptr};

// AL_CPU_HIDE_FEATURES="avx512f ..." makes this process treat the CPU as lacking those
// features: how the tests try a narrower machine's choices and messages on a wide one.
bool hidden(const char* name) {
  const char* list = std::getenv("AL_CPU_HIDE_FEATURES");
  if (!list) return false;
  const size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
    bool starts = p == list || p[-1] == ' ' || p[-1] == ',';
    bool ends = p[n] == '\0' || p[n] == ' ' || p[n] == ',';
    if (starts && ends) return true;
  }
  return false;
}

// __builtin_cpu_supports takes a string literal only, hence the switch.
bool has_feature(const char* name) {
  if (hidden(name)) return false;
#define AL_FEATURE(lit) \
  if (std::strcmp(name, lit) == 0) return __builtin_cpu_supports(lit);
  AL_FEATURE("avx")
  AL_FEATURE("avx2")
  AL_FEATURE("fma")
  AL_FEATURE("f16c")
  AL_FEATURE("bmi")
  AL_FEATURE("bmi2")
  AL_FEATURE("lzcnt")
  AL_FEATURE("movbe")
  AL_FEATURE("avx512f")
  AL_FEATURE("avx512bw")
  AL_FEATURE("avx512cd")
  AL_FEATURE("avx512dq")
  AL_FEATURE("avx512vl")
#undef AL_FEATURE
  return false;
}

const char* const* features_of(int capability) {
  return capability == AL_CPU_AVX2_CODE ? kAvx2Features : kAvx512Features;
}

// The features of `capability` (and of the ones below it) this CPU lacks, space-separated.
std::string missing_features(int capability) {
  std::string missing;
  for (int c = AL_CPU_AVX2_CODE; c <= capability; ++c) {
    for (const char* const* f = features_of(c); *f; ++f) {
      if (has_feature(*f)) continue;
      if (!missing.empty()) missing += " ";
      missing += *f;
    }
  }
  return missing;
}
#else
std::string missing_features(int) { return "x86-64 instruction sets (this CPU is not x86-64)"; }
#endif

}  // namespace

const char* const kCpuCapabilityNames[kNumCpuCapabilities] = {"default", "avx2", "avx512"};

unsigned supported_cpu_capabilities() {
  unsigned bits = 1u << AL_CPU_DEFAULT_CODE;
#if defined(__x86_64__) || defined(_M_X64)
  __builtin_cpu_init();
  for (int c = AL_CPU_AVX2_CODE; c < kNumCpuCapabilities; ++c) {
    if (missing_features(c).empty()) bits |= 1u << c;
  }
#endif
  return bits;
}

int select_cpu_capability(std::string* error) {
  const unsigned compiled = compiled_capabilities();
  const unsigned supported = supported_cpu_capabilities();
  const unsigned usable = compiled & supported;
  auto names = [](unsigned bits) {
    std::string s;
    for (int c = 0; c < kNumCpuCapabilities; ++c) {
      if (!(bits >> c & 1u)) continue;
      if (!s.empty()) s += ", ";
      s += kCpuCapabilityNames[c];
    }
    return s;
  };
  const char* forced = std::getenv("AL_CPU_CAPABILITY");
  if (!forced || !*forced) {
    int best = AL_CPU_DEFAULT_CODE;
    for (int c = 0; c < kNumCpuCapabilities; ++c) {
      if (usable >> c & 1u) best = c;
    }
    g_capability = best;
    return best;
  }
  int wanted = -1;
  for (int c = 0; c < kNumCpuCapabilities; ++c) {
    if (std::strcmp(forced, kCpuCapabilityNames[c]) == 0) wanted = c;
  }
  if (wanted < 0) {
    *error = std::string("AL_CPU_CAPABILITY=") + forced + ": unknown capability; expected one of " +
             names((1u << kNumCpuCapabilities) - 1) + " (this CPU supports " + names(supported) + ")";
    return -1;
  }
  if (!(supported >> wanted & 1u)) {
    *error = std::string("AL_CPU_CAPABILITY=") + forced + ": this CPU does not support " + forced +
             " (it lacks " + missing_features(wanted) + "); it supports " + names(supported) +
             ". Unset AL_CPU_CAPABILITY to use the best of those";
    return -1;
  }
  // A build without that variant (an op library's module, whose kernels are all compiled for
  // the machine that runs them) runs the widest one it has below it.
  while (!(compiled >> wanted & 1u)) --wanted;
  g_capability = wanted;
  return wanted;
}

int cpu_capability() { return g_capability; }

namespace {
std::atomic<bool> g_streaming{false};
}

bool select_streaming_stores(std::string* error) {
  const char* forced = std::getenv("AL_STREAMING_STORES");
  if (forced && *forced) {
    if (std::strcmp(forced, "0") != 0 && std::strcmp(forced, "1") != 0) {
      *error = std::string("AL_STREAMING_STORES=") + forced +
               ": expected 0 (plain stores) or 1 (streaming stores for large outputs); unset it "
               "for this CPU's default";
      return false;
    }
    g_streaming.store(forced[0] == '1', std::memory_order_relaxed);
    return true;
  }
  bool amd = false;
#if defined(__x86_64__) || defined(_M_X64)
  __builtin_cpu_init();
  amd = __builtin_cpu_is("amd");
#endif
  g_streaming.store(amd, std::memory_order_relaxed);
  return true;
}

bool streaming_stores() { return g_streaming.load(std::memory_order_relaxed); }

void set_streaming_stores(bool on) { g_streaming.store(on, std::memory_order_relaxed); }

}  // namespace al
