// aten_lite._C: the registry of C++ kernels and the thread count, seen from Python.
//
//   >>> from aten_lite import _C
//   >>> k = _C.get_kernel("add.Tensor")
//   >>> k(7, out, a, b, 1)   # dtype code 7 = float32; returns the path code
#include "kernel_object.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL AL_ARRAY_API
#include <numpy/arrayobject.h>

#include <cstring>
#include <string>

#include "allocator.h"
#include "engine.h"
#include "instruction_stream.h"
#include "jit_api.h"
#include "random_draw.h"
#include "registry.h"
#include "stream.h"
#include "threads.h"

namespace al {

namespace {

PyObject* get_kernel(PyObject*, PyObject* name) {
  if (!PyUnicode_Check(name)) {
    PyErr_Format(PyExc_TypeError, "get_kernel: name must be a str, got %s",
                 Py_TYPE(name)->tp_name);
    return nullptr;
  }
  const char* s = PyUnicode_AsUTF8(name);
  if (!s) return nullptr;
  const KernelInfo* info = find_kernel(s);
  if (!info) {
    std::string known;
    for (const KernelInfo& k : sorted_kernels()) {
      if (!known.empty()) known += ", ";
      known += k.name;
    }
    PyObject* msg = PyUnicode_FromFormat("no C++ kernel named '%s'; registered: %s", s,
                                         known.empty() ? "(none)" : known.c_str());
    if (msg) {
      PyErr_SetObject(PyExc_KeyError, msg);
      Py_DECREF(msg);
    }
    return nullptr;
  }
  return make_kernel(info);
}

PyObject* kernel_names(PyObject*, PyObject*) {
  const std::vector<KernelInfo>& entries = sorted_kernels();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(entries.size()));
  if (!list) return nullptr;
  for (size_t i = 0; i < entries.size(); ++i) {
    PyObject* s = PyUnicode_FromString(entries[i].name);
    if (!s) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), s);
  }
  return list;
}

PyObject* py_set_num_threads(PyObject*, PyObject* arg) {
  if (!PyLong_Check(arg) || PyBool_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "set_num_threads: expected an int, got %s",
                 Py_TYPE(arg)->tp_name);
    return nullptr;
  }
  int overflow = 0;
  long n = PyLong_AsLongAndOverflow(arg, &overflow);
  if (n == -1 && PyErr_Occurred()) return nullptr;
  if (overflow || n < 1 || n > 1024) {
    PyErr_Format(PyExc_ValueError, "set_num_threads: expected 1 <= n <= 1024, got %R", arg);
    return nullptr;
  }
  set_num_threads(static_cast<int>(n));
  Py_RETURN_NONE;
}

PyObject* py_get_num_threads(PyObject*, PyObject*) { return PyLong_FromLong(num_threads()); }

// Note [Fused kernel ABI] in jit_api.h: the table a fused kernel forwards to, and the wrapper
// of the KernelInfo it returns.
const JitRuntime g_jit_runtime = {kJitAbiVersion, &num_threads, &parallel_for, &stop_requested};

PyObject* py_jit_runtime(PyObject*, PyObject*) {
  return PyLong_FromVoidPtr(const_cast<JitRuntime*>(&g_jit_runtime));
}

PyObject* py_kernel_at(PyObject*, PyObject* arg) {
  if (!PyLong_Check(arg)) {
    PyErr_Format(PyExc_TypeError, "_kernel_at: expected an int address, got %s",
                 Py_TYPE(arg)->tp_name);
    return nullptr;
  }
  void* p = PyLong_AsVoidPtr(arg);
  if (!p) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_kernel_at: null address");
    return nullptr;
  }
  const auto* info = static_cast<const KernelInfo*>(p);
  if (info->kind != KernelKind::kCustom || !info->custom || info->n_tensors < 1 ||
      info->n_scalars < 0 || info->n_tensors + info->n_scalars > kMaxKernelArgs) {
    PyErr_SetString(PyExc_ValueError,
                    "_kernel_at: not a fused kernel's KernelInfo (expected a custom kernel "
                    "with 1..16 arguments)");
    return nullptr;
  }
  return make_kernel(info);
}

PyObject* py_get_cpu_capability(PyObject*, PyObject*) {
  return PyUnicode_FromString(kCpuCapabilityNames[cpu_capability()]);
}

// (name, ...) of the capabilities in a bit set, in increasing order.
PyObject* capability_tuple(unsigned bits) {
  PyObject* list = PyList_New(0);
  if (!list) return nullptr;
  for (int c = 0; c < kNumCpuCapabilities; ++c) {
    if (!(bits >> c & 1u)) continue;
    PyObject* s = PyUnicode_FromString(kCpuCapabilityNames[c]);
    if (!s || PyList_Append(list, s) < 0) {
      Py_XDECREF(s);
      Py_DECREF(list);
      return nullptr;
    }
    Py_DECREF(s);
  }
  PyObject* t = PyList_AsTuple(list);
  Py_DECREF(list);
  return t;
}

PyObject* py_cpu_capabilities(PyObject*, PyObject*) {
  return capability_tuple(supported_cpu_capabilities() & compiled_capabilities());
}

PyObject* py_compiled_capabilities(PyObject*, PyObject*) {
  return capability_tuple(compiled_capabilities());
}

PyObject* py_streaming_stores(PyObject*, PyObject* args) {
  if (PyTuple_GET_SIZE(args) == 1) {
    PyObject* on = PyTuple_GET_ITEM(args, 0);
    if (!PyBool_Check(on)) {
      PyErr_Format(PyExc_TypeError, "streaming_stores: expected a bool, got %s",
                   Py_TYPE(on)->tp_name);
      return nullptr;
    }
    al::set_streaming_stores(on == Py_True);
  } else if (PyTuple_GET_SIZE(args) != 0) {
    PyErr_SetString(PyExc_TypeError, "streaming_stores([on]): at most one argument");
    return nullptr;
  }
  return PyBool_FromLong(al::streaming_stores());
}

// Note [Joined views]
// joined_view(arrays, axis): np.concatenate(arrays, axis) as a view, where the arrays already
// lie side by side, in order, in one C-contiguous array's memory, laid out as the result would
// be (the same dtype, the result's row-major strides wherever a dim has more than one
// element); None otherwise. split's backward joins attention's packed gradients of q, k and
// v with it (Note [Attention's packed gradients] in sdpa.h). In C because the test needs each
// array's address, which NumPy gives Python only through a ctypes object (2.5 us each).
PyArrayObject* owner_of(PyArrayObject* a) {
  while (PyArray_BASE(a) && PyArray_Check(PyArray_BASE(a)))
    a = reinterpret_cast<PyArrayObject*>(PyArray_BASE(a));
  return a;
}

PyObject* py_joined_view(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 2 || !PyTuple_Check(args[0]) || !PyLong_Check(args[1])) {
    PyErr_SetString(PyExc_TypeError, "joined_view(arrays: tuple, axis: int)");
    return nullptr;
  }
  const Py_ssize_t n = PyTuple_GET_SIZE(args[0]);
  const long axis = PyLong_AsLong(args[1]);
  if (axis == -1 && PyErr_Occurred()) return nullptr;
  if (n == 0 || !PyArray_Check(PyTuple_GET_ITEM(args[0], 0))) Py_RETURN_NONE;
  auto* first = reinterpret_cast<PyArrayObject*>(PyTuple_GET_ITEM(args[0], 0));
  const int nd = PyArray_NDIM(first);
  if (axis < 0 || axis >= nd) Py_RETURN_NONE;
  npy_intp shape[NPY_MAXDIMS], strides[NPY_MAXDIMS];
  std::memcpy(shape, PyArray_DIMS(first), sizeof(npy_intp) * nd);
  shape[axis] = 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* a = PyTuple_GET_ITEM(args[0], i);
    if (!PyArray_Check(a) || PyArray_NDIM(reinterpret_cast<PyArrayObject*>(a)) != nd)
      Py_RETURN_NONE;
    shape[axis] += PyArray_DIM(reinterpret_cast<PyArrayObject*>(a), axis);
  }
  npy_intp size = PyArray_ITEMSIZE(first);
  for (int d = nd - 1; d >= 0; --d) {
    strides[d] = size;
    size *= shape[d];
  }
  PyArrayObject* owner = owner_of(first);
  char* at = PyArray_BYTES(first);
  bool writeable = true;  // the view is writeable where every array is
  for (Py_ssize_t i = 0; i < n; ++i) {
    auto* a = reinterpret_cast<PyArrayObject*>(PyTuple_GET_ITEM(args[0], i));
    if (PyArray_BYTES(a) != at || !PyArray_EquivTypes(PyArray_DESCR(a), PyArray_DESCR(first)) ||
        owner_of(a) != owner)
      Py_RETURN_NONE;
    writeable = writeable && PyArray_ISWRITEABLE(a);
    for (int d = 0; d < nd; ++d) {
      const npy_intp dim = PyArray_DIM(a, d);
      if ((d != axis && dim != shape[d]) || (dim > 1 && PyArray_STRIDE(a, d) != strides[d]))
        Py_RETURN_NONE;
    }
    at += PyArray_DIM(a, axis) * strides[axis];
  }
  char* base = PyArray_BYTES(owner);
  if (!PyArray_IS_C_CONTIGUOUS(owner) || PyArray_BYTES(first) < base ||
      PyArray_BYTES(first) + size > base + PyArray_NBYTES(owner))
    Py_RETURN_NONE;
  PyArray_Descr* descr = PyArray_DESCR(first);
  Py_INCREF(descr);  // stolen by the constructor
  PyObject* view = PyArray_NewFromDescr(&PyArray_Type, descr, nd, shape, strides,
                                        PyArray_BYTES(first),
                                        writeable ? NPY_ARRAY_WRITEABLE : 0, nullptr);
  if (!view) return nullptr;
  Py_INCREF(owner);  // stolen by SetBaseObject
  if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject*>(view),
                            reinterpret_cast<PyObject*>(owner)) < 0) {
    Py_DECREF(view);
    return nullptr;
  }
  return view;
}

PyMethodDef methods[] = {
    {"streaming_stores", py_streaming_stores, METH_VARARGS,
     "streaming_stores([on]) -> bool: whether large contiguous outputs are written with "
     "streaming stores (Note [Streaming stores by CPU] in stream.h); sets it first when on is "
     "given."},
    {"joined_view", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_joined_view)),
     METH_FASTCALL,
     "joined_view(arrays, axis) -> ndarray or None: their concatenation as a view where they "
     "already lie side by side in one array (Note [Joined views])."},
    {"get_kernel", get_kernel, METH_O,
     "get_kernel(name) -> Kernel for the op full name ('add.Tensor'); KeyError when absent."},
    {"kernel_names", kernel_names, METH_NOARGS, "kernel_names() -> sorted list of kernel names."},
    {"set_num_threads", py_set_num_threads, METH_O,
     "set_num_threads(n): threads used by kernels on large inputs (n >= 1)."},
    {"get_num_threads", py_get_num_threads, METH_NOARGS, "get_num_threads() -> int."},
    {"empty", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_empty)),
     METH_FASTCALL,
     "empty(shape, dtype) -> ndarray: np.empty for results; large ones reuse cached blocks."},
    {"backward", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_backward)),
     METH_FASTCALL,
     "backward(roots, keep_graph, create_graph, wanted, captured, callbacks, batch_sum): the "
     "walk of aten_lite/autograd/engine.py's run()."},
    {"empty_cache", py_empty_cache, METH_NOARGS,
     "empty_cache() -> int: return the cached large blocks to the system; bytes released."},
    {"cache_info", py_cache_info, METH_NOARGS,
     "cache_info() -> (cached bytes, cached blocks, live blocks from the cache)."},
    {"_jit_runtime", py_jit_runtime, METH_NOARGS,
     "_jit_runtime() -> int: address of the table fused kernels forward to (jit_api.h)."},
    {"randint_fill", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(py_randint_fill)),
     METH_FASTCALL, "randint_fill(capsule, out, off, rng): NumPy's int64 integers() draws (random_draw.h)."},
    {"_kernel_at", py_kernel_at, METH_O,
     "_kernel_at(address) -> Kernel for a fused kernel's KernelInfo (jit_api.h); private."},
    {"get_cpu_capability", py_get_cpu_capability, METH_NOARGS,
     "get_cpu_capability() -> 'default', 'avx2' or 'avx512': the kernel variant this process "
     "runs (AL_CPU_CAPABILITY forces one)."},
    {"cpu_capabilities", py_cpu_capabilities, METH_NOARGS,
     "cpu_capabilities() -> the capabilities this CPU and this build both have, narrowest first."},
    {"compiled_capabilities", py_compiled_capabilities, METH_NOARGS,
     "compiled_capabilities() -> the kernel variants this build has, narrowest first."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "aten_lite._C",
    "C++ kernels of aten_lite: a registry of generated elementwise and reduction kernels.", -1,
    methods,
};

// Registration cannot raise (it runs before Python knows the module), so its mistakes are
// reported here.
bool check_registry() {
  const std::vector<KernelInfo>& entries = sorted_kernels();
  for (size_t i = 0; i < entries.size(); ++i) {
    const KernelInfo& k = entries[i];
    if (i > 0 && std::strcmp(entries[i - 1].name, k.name) == 0) {
      PyErr_Format(PyExc_ImportError, "aten_lite._C: kernel '%s' is registered twice", k.name);
      return false;
    }
    if (k.n_tensors < 1 || k.n_scalars < 0 || k.n_tensors + k.n_scalars > kMaxKernelArgs) {
      PyErr_Format(PyExc_ImportError,
                   "aten_lite._C: kernel '%s' takes %d tensors and %d scalars; expected at least "
                   "one tensor and at most %d arguments",
                   k.name, k.n_tensors, k.n_scalars, kMaxKernelArgs);
      return false;
    }
  }
  return true;
}

}  // namespace

}  // namespace al

PyMODINIT_FUNC PyInit__C(void) {
  import_array();
  if (!al::check_registry()) return nullptr;
  // Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h: chosen once, before any kernel runs.
  std::string error;
  int capability = al::select_cpu_capability(&error);
  if (capability < 0) {
    PyErr_Format(PyExc_ImportError, "aten_lite._C: %s", error.c_str());
    return nullptr;
  }
  al::use_cpu_capability(capability);
  if (!al::select_streaming_stores(&error)) {
    PyErr_Format(PyExc_ImportError, "aten_lite._C: %s", error.c_str());
    return nullptr;
  }
  PyObject* m = PyModule_Create(&al::module_def);
  if (!m) return nullptr;
  PyObject* names = al::dtype_names_tuple();
  if (al::add_kernel_type(m) < 0 || al::add_stream_functions(m) < 0 || !names || PyModule_AddObject(m, "DTYPE_NAMES", names) < 0) {
    Py_XDECREF(names);
    Py_DECREF(m);
    return nullptr;
  }
  return m;
}
