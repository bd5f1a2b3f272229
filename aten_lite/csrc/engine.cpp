// The backward engine's walk (Note [The walk in C++] in aten_lite/autograd/engine.py): count
// dependencies, run each node once its gradient buffer is complete, move gradients along
// edges, and store the leaves' sums. Python is called for what a node computes (apply,
// release), for gradient sums (the tensors' own `+`), and for the rare cases, through the
// callbacks engine.py passes in.
#include "engine.h"

#include "allocator.h"
#include "instruction_stream.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL AL_ARRAY_API
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>

#include <cstdint>
#include <new>
#include <utility>
#include <vector>

namespace al {

namespace {

// An owned reference: every object the walk keeps is held by one of these, so an error at any
// point releases exactly what was taken.
class Ref {
 public:
  Ref() = default;
  explicit Ref(PyObject* p) : p_(p) {}  // takes over a new reference (null after an error)
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Ref& operator=(Ref&& o) noexcept {
    if (this != &o) {
      PyObject* old = p_;
      p_ = o.p_;
      o.p_ = nullptr;
      Py_XDECREF(old);
    }
    return *this;
  }
  ~Ref() { Py_XDECREF(p_); }
  static Ref borrow(PyObject* p) {
    Py_XINCREF(p);
    return Ref(p);
  }
  PyObject* get() const { return p_; }
  PyObject* release() {
    PyObject* p = p_;
    p_ = nullptr;
    return p;
  }
  explicit operator bool() const { return p_ != nullptr; }

 private:
  PyObject* p_ = nullptr;
};

// Attribute names, interned once.
struct Names {
  PyObject* next;
  PyObject* hooks;
  PyObject* n_out;
  PyObject* apply;
  PyObject* release;
  PyObject* shape;
  PyObject* dtype;
  PyObject* a;
  PyObject* base;
  PyObject* requires_grad;
  PyObject* grad;
  PyObject* code;
  PyObject* wrap;
  PyObject* post;
};

const Names* names() {
  static Names n = {
      PyUnicode_InternFromString("_next"),  PyUnicode_InternFromString("_hooks"),
      PyUnicode_InternFromString("_n_out"), PyUnicode_InternFromString("apply"),
      PyUnicode_InternFromString("release"), PyUnicode_InternFromString("_shape"),
      PyUnicode_InternFromString("_dtype"), PyUnicode_InternFromString("_a"),
      PyUnicode_InternFromString("_base"),  PyUnicode_InternFromString("_requires_grad"),
      PyUnicode_InternFromString("_grad"),  PyUnicode_InternFromString("code"),
      PyUnicode_InternFromString("_wrap"),  PyUnicode_InternFromString("post"),
  };
  return &n;
}

bool names_ready(const Names* n) {
  PyObject* const all[] = {n->next,  n->hooks, n->n_out, n->apply,        n->release, n->shape,
                           n->dtype, n->a,     n->base,  n->requires_grad, n->grad,
                           n->code,  n->wrap,  n->post};
  for (PyObject* p : all) {
    if (!p) {
      if (!PyErr_Occurred()) PyErr_NoMemory();
      return false;
    }
  }
  return true;
}

// Object -> index into a vector, by identity (open addressing; graphs hold tens of nodes).
class PtrIndex {
 public:
  int find(PyObject* key) const {
    if (slots_.empty()) return -1;
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      if (slots_[i].key == key) return slots_[i].value;
      if (!slots_[i].key) return -1;
    }
  }
  void insert(PyObject* key, int value) {  // `key` is not present
    if ((count_ + 1) * 2 > slots_.size()) grow();
    place(key, value);
    ++count_;
  }

 private:
  struct Slot {
    PyObject* key = nullptr;
    int value = -1;
  };
  static size_t hash(PyObject* p) {
    uint64_t x = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p) >> 4);
    return static_cast<size_t>((x * 0x9E3779B97F4A7C15ull) >> 32);
  }
  void place(PyObject* key, int value) {
    const size_t mask = slots_.size() - 1;
    size_t i = hash(key) & mask;
    while (slots_[i].key) i = (i + 1) & mask;
    slots_[i].key = key;
    slots_[i].value = value;
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, Slot{});
    for (const Slot& s : old)
      if (s.key) place(s.key, s.value);
  }
  std::vector<Slot> slots_;
  size_t count_ = 0;
};

// One edge of a node's `_next` (node.py): the items are borrowed from the edge tuple.
struct Edge {
  PyObject* target;
  Py_ssize_t nr;  // the target's output, or -1 for a leaf
  PyObject* shape;
  PyObject* dtype;
};

bool read_edge(PyObject* e, Edge* out) {
  if (!PyTuple_Check(e) || PyTuple_GET_SIZE(e) != 4) {
    PyErr_Format(PyExc_TypeError,
                 "backward: a node's edge must be None or (target, nr, shape, dtype), got %R",
                 e);
    return false;
  }
  out->target = PyTuple_GET_ITEM(e, 0);
  out->nr = PyLong_AsSsize_t(PyTuple_GET_ITEM(e, 1));
  if (out->nr == -1 && PyErr_Occurred()) return false;
  out->shape = PyTuple_GET_ITEM(e, 2);
  out->dtype = PyTuple_GET_ITEM(e, 3);
  return true;
}

struct NodeState {
  Ref node;
  Ref next;    // node._next, read once
  Ref buffer;  // list: the gradients of the node's outputs summed so far (null: none yet)
  Py_ssize_t deps = 0;  // edges from nodes that have not run yet
};

struct LeafSlot {
  Ref leaf;
  // The sum of what reached it; the walk's only reference (Note [Stealing the gradient]).
  Ref grad;
  bool done = false;  // stored already, as soon as it was complete (Note [Ready leaves])
};

enum Callback {
  kTensor, kMatched, kPreHooks, kCapture, kLeafHooks, kAccumulate, kPostAccumulate, kCallbacks
};

// Note [Ready leaves]
// A leaf with post-accumulate hooks (Tensor.register_post_accumulate_grad_hook; its `_hooks`
// is then a _LeafHooks, node.py, whose `post` list is not empty) is stored as soon as its
// gradient is complete, in the walk, rather than with the other leaves at the end: that is
// what lets DistributedDataParallel start reducing a layer's gradients while backward still
// runs for the layers before it. Complete means every edge that can reach it has been
// counted done, so the walk counts the edges into such leaves as it counts the edges into
// nodes. Only a backward that accumulates (not autograd.grad) does this, and a graph without
// such leaves pays one attribute read per leaf while counting.

class Walk {
 public:
  Walk(const Names* n, PyObject* const* callbacks, bool keep, bool create, PyObject* wanted,
       PyObject* captured, PyObject* batch_sum)
      : n_(n), cb_(callbacks), keep_(keep), create_(create), wanted_(wanted),
        captured_(captured), batch_sum_(batch_sum) {}

  bool add_roots(PyObject* roots) {
    if (!PyList_Check(roots)) {
      PyErr_SetString(PyExc_TypeError, "backward: roots must be a list of (edge, gradient)");
      return false;
    }
    // A snapshot: the Python run below (a node's _next, a gradient's +) may change the list,
    // and the edges read here borrow from its tuples, which the snapshot keeps alive.
    Ref snap(PyList_AsTuple(roots));
    if (!snap) return false;
    const Py_ssize_t n = PyTuple_GET_SIZE(snap.get());
    std::vector<Edge> edges(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) {  // the start nodes first, in order
      PyObject* r = PyTuple_GET_ITEM(snap.get(), i);
      if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 2) {
        PyErr_Format(PyExc_TypeError, "backward: a root must be (edge, gradient), got %R", r);
        return false;
      }
      Edge& e = edges[static_cast<size_t>(i)];
      if (!read_edge(PyTuple_GET_ITEM(r, 0), &e)) return false;
      if (e.nr >= 0 && node_at_.find(e.target) < 0) {
        int idx = add_node(e.target);
        if (idx < 0) return false;
        start_.push_back(idx);
      }
    }
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* r = PyTuple_GET_ITEM(snap.get(), i);
      if (!deliver(edges[static_cast<size_t>(i)], Ref::borrow(PyTuple_GET_ITEM(r, 1))))
        return false;
    }
    return true;
  }

  // For each node reachable from the start nodes: how many edges point at it.
  bool count_dependencies() {
    std::vector<int> stack(start_);
    while (!stack.empty()) {
      PyObject* next = nodes_[static_cast<size_t>(stack.back())].next.get();
      stack.pop_back();
      const Py_ssize_t n = PyTuple_GET_SIZE(next);
      for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* e = PyTuple_GET_ITEM(next, i);
        if (e == Py_None) continue;
        Edge ed;
        if (!read_edge(e, &ed)) return false;
        if (ed.nr < 0) {
          if (captured_ == Py_None && !count_leaf_edge(ed.target)) return false;
          continue;
        }
        int idx = node_at_.find(ed.target);
        if (idx < 0) {
          idx = add_node(ed.target);
          if (idx < 0) return false;
          stack.push_back(idx);
        }
        ++nodes_[static_cast<size_t>(idx)].deps;
      }
    }
    return true;
  }

  // Run each node once every node feeding it has run; nodes are never added from here on.
  bool run() {
    std::vector<int> ready;
    for (int idx : start_)
      if (nodes_[static_cast<size_t>(idx)].deps == 0) ready.push_back(idx);
    while (!ready.empty()) {
      const size_t idx = static_cast<size_t>(ready.back());
      ready.pop_back();
      PyObject* node = nodes_[idx].node.get();
      PyObject* next = nodes_[idx].next.get();
      ready_leaves_.clear();
      Ref outs;  // what apply returned, as a tuple (null: the node did not run)
      Ref grads = std::move(nodes_[idx].buffer);
      if (grads && !apply(node, std::move(grads), &outs)) return false;
      const Py_ssize_t n_outs = outs ? PyTuple_GET_SIZE(outs.get()) : 0;
      const Py_ssize_t n = PyTuple_GET_SIZE(next);
      for (Py_ssize_t i = 0; i < n; ++i) {  // extra trailing gradients are dropped
        PyObject* e = PyTuple_GET_ITEM(next, i);
        if (e == Py_None) continue;
        Edge ed;
        if (!read_edge(e, &ed)) return false;
        PyObject* g = i < n_outs ? PyTuple_GET_ITEM(outs.get(), i) : Py_None;
        if (g != Py_None && !pass(node, i, e, ed, g)) return false;
        if (ed.nr < 0) {
          if (post_leaves_ > 0) {
            const int d = leaf_dep_at_.find(ed.target);
            if (d >= 0 && --leaf_deps_[static_cast<size_t>(d)] == 0)
              ready_leaves_.push_back(ed.target);
          }
        } else {
          const int t = node_at_.find(ed.target);
          if (t < 0) {
            PyErr_SetString(PyExc_SystemError, "backward: an edge leads to an uncounted node");
            return false;
          }
          if (--nodes_[static_cast<size_t>(t)].deps == 0) ready.push_back(t);
        }
      }
      if (!ready_leaves_.empty()) {
        outs = Ref();  // the node's outputs no longer hold the gradients (Note [Stealing
                       // the gradient]): a ready leaf may take its gradient as it is
        for (PyObject* leaf : ready_leaves_) {
          const int at = leaf_at_.find(leaf);
          if (at >= 0 && !finish_leaf(leaves_[static_cast<size_t>(at)])) return false;
        }
      }
    }
    return true;
  }

  // Leaves, in the order their first gradient arrived: hooks, then capture or .grad.
  bool finish_leaves() {
    for (LeafSlot& slot : leaves_)
      if (!slot.done && !finish_leaf(slot)) return false;
    return true;
  }

 private:
  // One leaf: hooks, then capture or .grad, then its post-accumulate hooks.
  bool finish_leaf(LeafSlot& slot) {
    slot.done = true;
    PyObject* leaf = slot.leaf.get();
    Ref g = std::move(slot.grad);
    Ref hooks(PyObject_GetAttr(leaf, n_->hooks));
    if (!hooks) return false;
    const int has_hooks = PyObject_IsTrue(hooks.get());
    if (has_hooks < 0) return false;
    if (has_hooks) {
      g = Ref(PyObject_CallFunctionObjArgs(cb_[kLeafHooks], leaf, g.get(), nullptr));
      if (!g) return false;
    }
    if (captured_ != Py_None) {
      Ref key(Py_BuildValue("(Nn)", PyLong_FromVoidPtr(leaf), static_cast<Py_ssize_t>(-1)));
      if (!key) return false;
      const int found = PyDict_Contains(captured_, key.get());
      if (found < 0 || (found && PyDict_SetItem(captured_, key.get(), g.get()) < 0))
        return false;
    } else {
      if (!accumulate(leaf, std::move(g))) return false;
      if (hooks.get() != Py_None && !PyList_CheckExact(hooks.get())) {
        Ref r(PyObject_CallOneArg(cb_[kPostAccumulate], leaf));
        if (!r) return false;
      }
    }
    return true;
  }

  // Count an edge into `leaf` when the leaf has post-accumulate hooks (Note [Ready leaves]).
  bool count_leaf_edge(PyObject* leaf) {
    int d = leaf_dep_at_.find(leaf);
    if (d == -1) {
      const int post = has_post_hooks(leaf);
      if (post < 0) return false;
      d = post ? static_cast<int>(leaf_deps_.size()) : -2;
      leaf_dep_at_.insert(leaf, d);
      if (post) {
        leaf_deps_.push_back(0);
        ++post_leaves_;
      }
    }
    if (d >= 0) ++leaf_deps_[static_cast<size_t>(d)];
    return true;
  }

  int has_post_hooks(PyObject* leaf) {
    Ref hooks(PyObject_GetAttr(leaf, n_->hooks));
    if (!hooks) return -1;
    if (hooks.get() == Py_None || PyList_CheckExact(hooks.get())) return 0;
    Ref post(PyObject_GetAttr(hooks.get(), n_->post));
    if (!post) {
      if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return -1;
      PyErr_Clear();
      return 0;
    }
    return PyObject_IsTrue(post.get());
  }

  int add_node(PyObject* node) {
    Ref next(PyObject_GetAttr(node, n_->next));
    if (!next) return -1;
    if (!PyTuple_Check(next.get())) {
      PyErr_Format(PyExc_TypeError, "backward: %R._next must be a tuple of edges, got %R", node,
                   next.get());
      return -1;
    }
    const int idx = static_cast<int>(nodes_.size());
    nodes_.push_back(NodeState{Ref::borrow(node), std::move(next), Ref(), 0});
    node_at_.insert(node, idx);
    return idx;
  }

  // Hooks, capture, then apply (and release) when the node leads somewhere wanted.
  bool apply(PyObject* node, Ref grads, Ref* outs) {
    Ref hooks(PyObject_GetAttr(node, n_->hooks));
    if (!hooks) return false;
    if (hooks.get() != Py_None) {
      grads = Ref(PyObject_CallFunctionObjArgs(cb_[kPreHooks], node, grads.get(), nullptr));
      if (!grads) return false;
    }
    if (captured_ != Py_None) {
      Ref r(PyObject_CallFunctionObjArgs(cb_[kCapture], node, grads.get(), captured_, nullptr));
      if (!r) return false;
    }
    if (wanted_ != Py_None) {
      const int w = PySet_Contains(wanted_, node);
      if (w <= 0) return w == 0;
    }
    Ref r(PyObject_CallMethodOneArg(node, n_->apply, grads.get()));
    if (!r) return false;
    if (!PyTuple_Check(r.get()) && !PyList_Check(r.get())) {
      PyErr_Format(PyExc_TypeError, "backward: %R.apply() must return a tuple or list, got %s",
                   node, Py_TYPE(r.get())->tp_name);
      return false;
    }
    *outs = Ref(PySequence_Tuple(r.get()));  // the tuple itself; a list is copied (its owner
    if (!*outs) return false;                // may change it while the walk reads it)
    if (!keep_) {
      Ref done(PyObject_CallMethodNoArgs(node, n_->release));
      if (!done) return false;
    }
    return true;
  }

  // Gradient `g` (borrowed) for edge `e`, the `i`th of `node`: matched to the input (Note [Gradients
  // match their input] in aten_lite/autograd/node.py), then delivered.
  bool pass(PyObject* node, Py_ssize_t i, PyObject* e, const Edge& ed, PyObject* g) {
    Ref shape(PyObject_GetAttr(g, n_->shape));
    if (!shape) return false;
    int same = shape.get() == ed.shape;
    if (!same) {
      same = PyObject_RichCompareBool(shape.get(), ed.shape, Py_EQ);
      if (same < 0) return false;
    }
    if (same) {
      Ref dtype(PyObject_GetAttr(g, n_->dtype));
      if (!dtype) return false;
      same = dtype.get() == ed.dtype;
    }
    if (same) return deliver(ed, Ref::borrow(g));
    if (batch_sum_ != Py_None) {
      Ref sum;
      if (!sum_batch(g, ed, &sum)) return false;
      if (sum) return deliver(ed, std::move(sum));
    }
    Ref index(PyLong_FromSsize_t(i));
    if (!index) return false;
    Ref m(PyObject_CallFunctionObjArgs(cb_[kMatched], node, index.get(), e, g, nullptr));
    return m && deliver(ed, std::move(m));
  }

  // A bias's gradient (Note [Formulas without dispatch] in aten_lite/autograd/formulas.py): a
  // (B, N) float32 or float64 tensor for an (N,) input of its dtype, B > 0, summed over B by
  // the sum op's kernel on the array, as sum_to's own bias case does
  // (aten_lite/autograd/formulas.py: keep the two in step). `*out` stays null where that is not
  // the case.
  bool sum_batch(PyObject* g, const Edge& ed, Ref* out) {
    if (Py_TYPE(g) != reinterpret_cast<PyTypeObject*>(cb_[kTensor]) ||
        !PyTuple_Check(ed.shape) || PyTuple_GET_SIZE(ed.shape) != 1)
      return true;
    Ref dtype(PyObject_GetAttr(g, n_->dtype));
    if (!dtype) return false;
    Ref a(PyObject_GetAttr(g, n_->a));
    if (!a) return false;
    if (dtype.get() != ed.dtype || !PyArray_CheckExact(a.get())) return true;
    auto* arr = reinterpret_cast<PyArrayObject*>(a.get());
    const int type = PyArray_TYPE(arr);
    if (PyArray_NDIM(arr) != 2 || PyArray_DIM(arr, 0) == 0 || !PyArray_ISNOTSWAPPED(arr) ||
        (type != NPY_FLOAT && type != NPY_DOUBLE))
      return true;
    const Py_ssize_t n = PyLong_AsSsize_t(PyTuple_GET_ITEM(ed.shape, 0));
    if (n == -1 && PyErr_Occurred()) return false;
    if (n != PyArray_DIM(arr, 1)) return true;
    PyObject* empty_args[] = {ed.shape, reinterpret_cast<PyObject*>(PyArray_DESCR(arr))};
    Ref result(py_empty(nullptr, empty_args, 2));  // what _tensor.empty_array allocates with
    Ref code(PyObject_GetAttr(ed.dtype, n_->code));
    Ref rows(PyArray_Transpose(arr, nullptr));  // the sum of the transpose's rows, as sum_to
    if (!result || !code || !rows) return false;
    PyObject* args[] = {code.get(), result.get(), rows.get()};
    Ref path(PyObject_Vectorcall(batch_sum_, args, 3, nullptr));
    if (!path) return false;
    Ref wrap(PyObject_GetAttr(cb_[kTensor], n_->wrap));
    if (!wrap) return false;
    *out = Ref(PyObject_CallOneArg(wrap.get(), result.get()));
    return static_cast<bool>(*out);
  }

  // Add `g` to the buffer of the edge's node, or to the leaf's running sum.
  bool deliver(const Edge& e, Ref g) {
    if (e.nr < 0) {
      const int idx = leaf_at_.find(e.target);
      if (idx < 0) {
        leaf_at_.insert(e.target, static_cast<int>(leaves_.size()));
        leaves_.push_back(LeafSlot{Ref::borrow(e.target), std::move(g)});
        return true;
      }
      LeafSlot& slot = leaves_[static_cast<size_t>(idx)];
      Ref sum(PyNumber_Add(slot.grad.get(), g.get()));
      if (!sum) return false;
      leaves_[static_cast<size_t>(idx)].grad = std::move(sum);  // (the add may run Python)
      return true;
    }
    const int idx = node_at_.find(e.target);
    if (idx < 0) {
      PyErr_SetString(PyExc_SystemError, "backward: an edge leads to an uncounted node");
      return false;
    }
    NodeState& st = nodes_[static_cast<size_t>(idx)];
    if (!st.buffer) {
      Ref n_out(PyObject_GetAttr(e.target, n_->n_out));
      if (!n_out) return false;
      const Py_ssize_t n = PyLong_AsSsize_t(n_out.get());
      if (n == -1 && PyErr_Occurred()) return false;
      Ref buf(PyList_New(n < 0 ? 0 : n));
      if (!buf) return false;
      for (Py_ssize_t i = 0; i < n; ++i) {
        Py_INCREF(Py_None);
        PyList_SET_ITEM(buf.get(), i, Py_None);
      }
      st.buffer = std::move(buf);
    }
    PyObject* buf = st.buffer.get();
    if (e.nr >= PyList_GET_SIZE(buf)) {
      PyErr_Format(PyExc_IndexError, "backward: an edge points at output %zd of %R, which has %zd",
                   e.nr, e.target, PyList_GET_SIZE(buf));
      return false;
    }
    Ref keep = Ref::borrow(buf);  // the add below may run Python
    PyObject* cur = PyList_GET_ITEM(buf, e.nr);
    if (cur == Py_None) return PyList_SetItem(buf, e.nr, g.release()) == 0;
    PyObject* sum = PyNumber_Add(cur, g.get());
    return sum && PyList_SetItem(buf, e.nr, sum) == 0;
  }

  // Note [Stealing the gradient] (engine.py): `g` may become the leaf's .grad as it is when
  // the walk's reference is its only one and its array's only one is g's.
  int stealable(PyObject* g) {
    if (Py_TYPE(g) != reinterpret_cast<PyTypeObject*>(cb_[kTensor]) || Py_REFCNT(g) != 1)
      return 0;
    Ref base(PyObject_GetAttr(g, n_->base));
    if (!base) return -1;
    if (base.get() != Py_None) return 0;
    Ref rg(PyObject_GetAttr(g, n_->requires_grad));
    if (!rg) return -1;
    const int requires = PyObject_IsTrue(rg.get());
    if (requires) return requires < 0 ? -1 : 0;
    Ref a(PyObject_GetAttr(g, n_->a));
    if (!a) return -1;
    if (!PyArray_Check(a.get())) return 0;
    auto* arr = reinterpret_cast<PyArrayObject*>(a.get());
    // A CPU tensor's array has exactly its strides (Note [Tensor storage]): a C-contiguous
    // array is a contiguous tensor.
    if (PyArray_BASE(arr) != nullptr || !PyArray_IS_C_CONTIGUOUS(arr) || !PyArray_ISWRITEABLE(arr))
      return 0;
    // g's slot and `a`, besides what queued instructions hold to keep operands alive (counted
    // first: counting releases the references of instructions that have run)
    const Py_ssize_t queued = stream_references(a.get());
    return Py_REFCNT(a.get()) - queued == 2;
  }

  // The common case in C++ (the first gradient of a leaf, stolen); the rest in engine.py.
  bool accumulate(PyObject* leaf, Ref g) {
    if (!create_) {
      Ref requires(PyObject_GetAttr(leaf, n_->requires_grad));
      if (!requires) return false;
      const int r = PyObject_IsTrue(requires.get());
      if (r <= 0) return r == 0;
      Ref old(PyObject_GetAttr(leaf, n_->grad));
      if (!old) return false;
      if (old.get() == Py_None) {
        // torch's layout contract: stolen as is only by a row-major leaf (the gradient is
        // row-major); engine.py's _accumulate lays it out as any other leaf.
        Ref la(PyObject_GetAttr(leaf, n_->a));
        if (!la) return false;
        const int steal = PyArray_Check(la.get()) &&
                                  PyArray_IS_C_CONTIGUOUS(reinterpret_cast<PyArrayObject*>(la.get()))
                              ? stealable(g.get())
                              : 0;
        if (steal < 0) return false;
        if (steal) return PyObject_SetAttr(leaf, n_->grad, g.get()) == 0;
      }
    }
    Ref r(PyObject_CallFunctionObjArgs(cb_[kAccumulate], leaf, g.get(),
                                       create_ ? Py_True : Py_False, nullptr));
    return static_cast<bool>(r);
  }

  const Names* n_;
  PyObject* const* cb_;
  const bool keep_;
  const bool create_;
  PyObject* const wanted_;
  PyObject* const captured_;
  PyObject* const batch_sum_;
  std::vector<NodeState> nodes_;
  PtrIndex node_at_;
  std::vector<int> start_;
  std::vector<LeafSlot> leaves_;
  PtrIndex leaf_at_;
  // Note [Ready leaves]: edges not yet done into each leaf with post-accumulate hooks.
  std::vector<Py_ssize_t> leaf_deps_;
  PtrIndex leaf_dep_at_;  // leaf -> index into leaf_deps_, or -2: no post-accumulate hooks
  int post_leaves_ = 0;
  std::vector<PyObject*> ready_leaves_;  // borrowed: the node's edges hold them
};

}  // namespace

PyObject* py_backward(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 7) {
    PyErr_Format(PyExc_TypeError,
                 "backward(roots, keep_graph, create_graph, wanted, captured, callbacks, "
                 "batch_sum) takes 7 arguments, got %zd",
                 nargs);
    return nullptr;
  }
  PyObject* wanted = args[3];
  PyObject* captured = args[4];
  PyObject* callbacks = args[5];
  if (wanted != Py_None && !PyAnySet_Check(wanted)) {
    PyErr_Format(PyExc_TypeError, "backward: wanted must be a set or None, got %R", wanted);
    return nullptr;
  }
  if (captured != Py_None && !PyDict_Check(captured)) {
    PyErr_Format(PyExc_TypeError, "backward: captured must be a dict or None, got %R", captured);
    return nullptr;
  }
  if (args[6] != Py_None && !PyCallable_Check(args[6])) {
    PyErr_Format(PyExc_TypeError, "backward: batch_sum must be a kernel or None, got %R",
                 args[6]);
    return nullptr;
  }
  if (!PyTuple_Check(callbacks) || PyTuple_GET_SIZE(callbacks) != kCallbacks ||
      !PyType_Check(PyTuple_GET_ITEM(callbacks, kTensor))) {
    PyErr_SetString(PyExc_TypeError,
                    "backward: callbacks must be (Tensor, matched, pre_hooks, capture, "
                    "leaf_hooks, accumulate, post_accumulate)");
    return nullptr;
  }
  const int keep = PyObject_IsTrue(args[1]);
  const int create = PyObject_IsTrue(args[2]);
  if (keep < 0 || create < 0) return nullptr;
  const Names* n = names();
  if (!names_ready(n)) return nullptr;
  Ref hold(Py_NewRef(callbacks));  // the callbacks outlive any hook that rebinds engine.py's
  PyObject* cb[kCallbacks];
  for (int i = 0; i < kCallbacks; ++i) cb[i] = PyTuple_GET_ITEM(callbacks, i);
  try {
    Walk walk(n, cb, keep != 0, create != 0, wanted, captured, args[6]);
    if (!walk.add_roots(args[0]) || !walk.count_dependencies() || !walk.run() ||
        !walk.finish_leaves())
      return nullptr;
  } catch (const std::bad_alloc&) {  // the walk's vectors; every reference was released
    return PyErr_NoMemory();
  }
  Py_RETURN_NONE;
}

}  // namespace al
