// The large block cache behind _C.empty (Note [Large block cache] in allocator.h).
#include "allocator.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
// PyDataMem_SetHandler is NumPy 1.22's API. NumPy 2.0-2.2 (the last for Python 3.10) target
// an older one by default and leave it undeclared; aten_lite needs NumPy 2 at run time anyway.
#define NPY_TARGET_VERSION NPY_2_0_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL AL_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <list>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace al {

namespace {

// Below this, glibc's heap reuses freed memory without new page faults. Above it glibc does
// not: it maps blocks of 128 KB and more on their own (until a free raises its threshold) and
// trims the top of its heap once 2 thresholds lie free there, so a training step's activations
// (128-512 KB for a small transformer) were faulted in afresh every step: ~1700 faults a step
// of the char GPT of benchmarks/bench_gpt.py, where torch takes ~10.
constexpr size_t kMinCachedBytes = size_t{64} << 10;
// Upper bound on memory kept for reuse; larger blocks go straight back to the system.
constexpr size_t kMaxCachedBytes = size_t{512} << 20;
// Blocks of a huge page or more are whole, aligned huge pages, so the kernel can back them with
// 2 MB pages; smaller ones are whole multiples of kSmallGrain.
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kSmallGrain = size_t{64} << 10;

size_t grain_of(size_t size) { return size < kHugePage ? kSmallGrain : kHugePage; }

struct Pool {
  std::mutex mu;
  std::unordered_map<void*, size_t> live;       // blocks handed out -> capacity
  std::list<std::pair<void*, size_t>> free;     // cached blocks, most recently freed first
  size_t free_bytes = 0;
};

// Never destroyed: arrays holding cached blocks may be freed during interpreter shutdown.
Pool& pool() {
  static Pool* p = new Pool;
  return *p;
}

void* system_alloc(size_t capacity) {
  void* p = nullptr;
  if (capacity < kHugePage) {  // page-aligned, from glibc, which keeps it: it stays cached
    return posix_memalign(&p, 4096, capacity) != 0 ? nullptr : p;
  }
  if (posix_memalign(&p, kHugePage, capacity) != 0) return nullptr;
#ifdef MADV_HUGEPAGE
  madvise(p, capacity, MADV_HUGEPAGE);  // only a hint: fine to fail where THP is off
#endif
  return p;
}

size_t release_all() {
  std::list<std::pair<void*, size_t>> victims;
  {
    Pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    victims.swap(p.free);
    p.free_bytes = 0;
  }
  size_t bytes = 0;
  for (auto& [ptr, cap] : victims) {
    std::free(ptr);
    bytes += cap;
  }
  return bytes;
}

// The smallest cached block that holds `size` without wasting more than a quarter of it (or one
// grain); among equals, the most recently freed, whose lines may still be in cache.
void* take_cached(Pool& p, size_t size) {
  size_t slack = std::max(size / 4, grain_of(size));
  auto best = p.free.end();
  for (auto it = p.free.begin(); it != p.free.end(); ++it) {
    if (it->second >= size && it->second - size <= slack &&
        (best == p.free.end() || it->second < best->second)) {
      best = it;
    }
  }
  if (best == p.free.end()) return nullptr;
  void* ptr = best->first;
  p.free_bytes -= best->second;
  p.live.emplace(ptr, best->second);
  p.free.erase(best);
  return ptr;
}

void* cache_malloc(void*, size_t size) {
  if (size < kMinCachedBytes) return std::malloc(size ? size : 1);
  Pool& p = pool();
  {
    std::lock_guard<std::mutex> lock(p.mu);
    if (void* ptr = take_cached(p, size)) return ptr;
  }
  const size_t grain = grain_of(size);
  size_t capacity = (size + grain - 1) / grain * grain;
  void* ptr = system_alloc(capacity);
  if (ptr == nullptr && release_all() > 0) ptr = system_alloc(capacity);
  if (ptr == nullptr) return nullptr;  // NumPy raises MemoryError
  std::lock_guard<std::mutex> lock(p.mu);
  p.live.emplace(ptr, capacity);
  return ptr;
}

void* cache_calloc(void* ctx, size_t n, size_t elsize) {
  if (elsize != 0 && n > SIZE_MAX / elsize) return nullptr;
  size_t size = n * elsize;
  if (size < kMinCachedBytes) return std::calloc(n ? n : 1, elsize ? elsize : 1);
  void* ptr = cache_malloc(ctx, size);
  if (ptr != nullptr) std::memset(ptr, 0, size);
  return ptr;
}

void cache_free(void*, void* ptr, size_t) {
  if (ptr == nullptr) return;
  Pool& p = pool();
  std::vector<void*> victims;
  {
    std::lock_guard<std::mutex> lock(p.mu);
    auto it = p.live.find(ptr);
    if (it != p.live.end()) {
      size_t cap = it->second;
      p.live.erase(it);
      if (cap <= kMaxCachedBytes) {
        p.free.emplace_front(ptr, cap);
        p.free_bytes += cap;
        ptr = nullptr;
        while (p.free_bytes > kMaxCachedBytes) {  // evict the longest unused
          victims.push_back(p.free.back().first);
          p.free_bytes -= p.free.back().second;
          p.free.pop_back();
        }
      }
    }
  }
  std::free(ptr);  // a small block, an uncacheable one, or nullptr
  for (void* v : victims) std::free(v);
}

void* cache_realloc(void* ctx, void* ptr, size_t new_size) {
  if (ptr == nullptr) return cache_malloc(ctx, new_size);
  size_t cap = 0;
  {
    Pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mu);
    auto it = p.live.find(ptr);
    if (it != p.live.end()) cap = it->second;
  }
  if (cap == 0) return std::realloc(ptr, new_size ? new_size : 1);
  if (new_size <= cap) return ptr;
  void* q = cache_malloc(ctx, new_size);
  if (q == nullptr) return nullptr;
  std::memcpy(q, ptr, cap);
  cache_free(ctx, ptr, cap);
  return q;
}

PyDataMem_Handler g_handler = {
    "aten_lite_large_block_cache", 1,
    {nullptr, cache_malloc, cache_calloc, cache_realloc, cache_free},
};

// A strong reference kept for the life of the process: every array made here holds one too.
PyObject* handler_capsule() {
  static PyObject* capsule = PyCapsule_New(&g_handler, "mem_handler", nullptr);
  return capsule;
}

// The dims of `obj`: a tuple of Python ints is read directly (the hot path); anything else
// goes through NumPy's own converter, so errors read as np.empty's.
bool parse_shape(PyObject* obj, npy_intp* dims, int* nd) {
  if (PyTuple_Check(obj) && PyTuple_GET_SIZE(obj) <= NPY_MAXDIMS) {
    Py_ssize_t n = PyTuple_GET_SIZE(obj);
    bool plain = true;
    for (Py_ssize_t i = 0; i < n && plain; ++i) {
      PyObject* x = PyTuple_GET_ITEM(obj, i);
      plain = PyLong_CheckExact(x);
      if (plain) {
        dims[i] = PyLong_AsSsize_t(x);
        if (dims[i] == -1 && PyErr_Occurred()) return false;
      }
    }
    if (plain) {
      *nd = static_cast<int>(n);
      return true;
    }
  }
  PyArray_Dims d = {nullptr, 0};
  if (!PyArray_IntpConverter(obj, &d)) return false;
  *nd = d.len;
  for (int i = 0; i < d.len; ++i) dims[i] = d.ptr[i];
  PyDimMem_FREE(d.ptr);
  return true;
}

// Bytes of a C-contiguous array of these dims, saturating; 0 when a dim is negative (NumPy
// then raises its own error).
size_t array_bytes(const npy_intp* dims, int nd, size_t itemsize) {
  size_t bytes = itemsize;
  for (int i = 0; i < nd; ++i) {
    if (dims[i] < 0) return 0;
    size_t n = static_cast<size_t>(dims[i]);
    bytes = (n != 0 && bytes > SIZE_MAX / n) ? SIZE_MAX : bytes * n;
  }
  return bytes;
}

}  // namespace

PyObject* py_empty(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 2) {
    PyErr_Format(PyExc_TypeError, "empty(shape, dtype) takes 2 arguments, got %zd", nargs);
    return nullptr;
  }
  npy_intp dims[NPY_MAXDIMS];
  int nd = 0;
  if (!parse_shape(args[0], dims, &nd)) return nullptr;
  PyArray_Descr* descr = nullptr;
  if (PyArray_DescrCheck(args[1])) {
    descr = reinterpret_cast<PyArray_Descr*>(args[1]);
    Py_INCREF(descr);
  } else if (!PyArray_DescrConverter(args[1], &descr)) {
    return nullptr;
  }
  PyObject* previous = nullptr;
  if (array_bytes(dims, nd, static_cast<size_t>(PyDataType_ELSIZE(descr))) >= kMinCachedBytes) {
    previous = PyDataMem_SetHandler(handler_capsule());
    if (previous == nullptr) {
      Py_DECREF(descr);
      return nullptr;
    }
  }
  // Steals the reference to descr; the array keeps the handler that allocated its data.
  PyObject* arr = PyArray_NewFromDescr(&PyArray_Type, descr, nd, dims, nullptr, nullptr, 0,
                                       nullptr);
  if (previous != nullptr) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);  // restoring the handler must not see a pending error
    PyObject* ours = PyDataMem_SetHandler(previous);
    Py_XDECREF(ours);
    Py_DECREF(previous);
    PyErr_Restore(type, value, tb);
  }
  return arr;
}

PyObject* py_empty_cache(PyObject*, PyObject*) {
  return PyLong_FromSize_t(release_all());
}

PyObject* py_cache_info(PyObject*, PyObject*) {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  return Py_BuildValue("(nnn)", static_cast<Py_ssize_t>(p.free_bytes),
                       static_cast<Py_ssize_t>(p.free.size()),
                       static_cast<Py_ssize_t>(p.live.size()));
}

}  // namespace al
