"""The host side both devices' generated kernels share (Note [One host side, two devices]):
argument checks, result geometry and launches of the elementwise ops, the reductions,
``clone``, and the log_softmax/nll_loss pair, for device "opencl" (kernels.py) and device
"cuda" (aten_lite/cuda/kernels.py).

Note [One host side, two devices]
The kernels of both devices come from one generator (Note [One generator, two dialects] in
source.py), so what the host does around them is the same too: which calls a kernel takes
(every operand a tensor of the device, of one float dtype; else the op's CPU fallback), the
result's shape and dtype (the op's Meta kernel, so a bad shape raises the CPU's message), the
merging of dimensions, the split of a large reduction, the clone of a strided tensor through
``_copy_strided``. ``DeviceKernels`` holds that, and a device's subclass gives what differs:
its name and dialect, how a number and an integer are passed (NumPy scalars to pyopencl,
ctypes to the CUDA driver), how a kernel is built and launched (OpenCL sizes a launch in work
items and passes work-group scratch as an argument, ``SCRATCH`` in the argument list; CUDA in
blocks, the scratch being its dynamic shared memory), the work-group size, and its own
kernels for the matrix products and nll_loss's picks.
"""

from __future__ import annotations

from ..backends.devices import _meta_twin as meta  # a device tensor's data-less twin
from ..compile import fusion_entries
from ..dispatch import dispatcher as _dispatch
from ..tensors.tensor import Tensor
from ..utils.backend_registration import cpu_fallback, impl, make_tensor
from ..vocab import dtype as _dtype
from ..rules.views import broadcast_strides, merge_dims as merge
from ..vocab.dispatch_keys import META
from . import source

__all__ = ["DeviceKernels", "SCRATCH", "elementwise_ops", "compute_dtype"]

SCRATCH = object()  # where a launch's arguments take the work-group scratch (OpenCL's only)
INTEGERS = ("int32", "int64", "bool", "uint8", "int8", "int16")


def compute_dtype(dtype):
    """The dtype a kernel computes ``dtype`` in: float32 for float16 (Note [float16 on the
    devices] in source.py), else itself."""
    return _dtype.float32 if dtype is _dtype.float16 else dtype


def elementwise_ops() -> dict:
    """op -> fusion entry of every functional ``elementwise:`` op whose dtypes include a
    float or an integer type (the ones the devices compute)."""
    return {op: e for op, e in fusion_entries.builtin().items()
            if "float32" in e.dtypes or any(d in e.dtypes for d in INTEGERS)}


# ---- geometry: pure functions of shapes and strides ----

def meta_result(op: str, args):
    """The op's result on data-less twins: its shape, its dtype and the CPU kernel's checks
    and messages (a bad shape raises here, as on the CPU)."""
    return _dispatch.handle(op).table[META](*[meta(a) for a in args])


def reduce_dims(self: Tensor, dim) -> list[int]:
    nd = len(self._shape)
    if dim is None:
        return list(range(nd))
    dims = [dim] if isinstance(dim, int) else list(dim)
    if not dims:
        return list(range(nd))
    return sorted({d % nd if nd else 0 for d in dims})


def rows(x: Tensor, dim: int) -> bool:
    """Whether ``x`` is a contiguous tensor reduced along its last dimension."""
    return x.dim() >= 1 and dim % x.dim() == x.dim() - 1 and x.is_contiguous()


def is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def parse_number(text: str):
    try:
        return int(text)
    except ValueError:
        return float(text)


def numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def check_targets(target, n: int, ignore_index: int) -> None:
    """The targets' bounds checked on the host (one copy out, a wait): what the CUDA device's
    nll_loss does; OpenCL's checks in its kernel instead (al_nll_pick_checked)."""
    from ..backends.devices import to_host
    values = to_host(target)
    bad = values[(values != ignore_index) & ((values < 0) | (values >= n))]
    if bad.size:
        raise IndexError(f"nll_loss: target {int(bad[0])} is out of bounds for {n} classes "
                         f"(valid: 0..{n - 1}, or ignore_index {ignore_index})")


class DeviceKernels:
    """The shared host side of one device's kernels (Note [One host side, two devices]);
    ``backend`` is the device's registered DeviceBackend (``alloc``, ``copy``, ``fp64``)."""

    name = ""  # the device type: "opencl", "cuda"
    dialect = ""  # source.py's dialect of its kernels
    integers = False  # elementwise kernels in integer and bool dtypes too
    half_rows = True  # float16 takes the log_softmax and nll_loss kernels
    max_parts = 64  # at most this many groups share one result of a large reduction

    def __init__(self, backend) -> None:
        self.B = backend
        self.ew: dict = {}  # op -> its elementwise kernel (what composite kernels call)

    # ---- what a device gives ----

    def long(self, v):
        """An integer kernel argument (64 bits)."""
        raise NotImplementedError

    def int32(self, v):
        """A 32-bit integer kernel argument."""
        raise NotImplementedError

    def scalar(self, v, dtype):
        """The number ``v`` as an argument of ``dtype``'s compute type."""
        raise NotImplementedError

    def function(self, src: str, name: str):
        """Kernel ``name`` of the program ``src`` (built on first use)."""
        raise NotImplementedError

    def run_items(self, fn, label: str, n: int, kargs: list) -> None:
        """Launch ``fn`` over ``n`` work items (the kernel returns past n)."""
        raise NotImplementedError

    def run_groups(self, fn, label: str, groups: int, w: int, scratch: int,
                   kargs: list) -> None:
        """Launch ``groups`` work-groups of ``w`` items each with ``scratch`` bytes of
        work-group memory (at SCRATCH in kargs)."""
        raise NotImplementedError

    def group(self, n: int) -> int:
        """The work-group size for n elements: a power of two."""
        raise NotImplementedError

    def nll_picks(self, x, target, ignore_index, check: bool):
        """(-x[i, target[i]] or 0 where ignored, 1 or 0 where ignored) per row; ``check``:
        a target out of range raises (when is the device's choice)."""
        raise NotImplementedError

    def nll_backward_fits(self, x) -> bool:
        """Whether nll_loss's backward kernel takes a (rows, classes) ``x``."""
        return True

    def nll_backward_launch(self, fn, rows: int, n: int, kargs: list) -> None:
        """Launch ``al_nll_backward`` over n classes x rows."""
        raise NotImplementedError

    # ---- operands ----

    def on_device(self, x) -> bool:
        return isinstance(x, Tensor) and x._store is not None and x._device.type == self.name

    def floats(self) -> tuple:
        """The float dtypes the device computes: float16 everywhere (stored as half, computed
        in float), float64 where the device has it."""
        return (_dtype.float32, _dtype.float16) + ((_dtype.float64,) if self.B.fp64 else ())

    def same_dtype(self, tensors) -> "_dtype.DType | None":
        """The dtype every tensor has when all are tensors of the device of one dtype, else
        None."""
        d = None
        for t in tensors:
            if not self.on_device(t) or (d is not None and t._dtype is not d):
                return None
            d = t._dtype
        return d

    def float_operands(self, tensors) -> "_dtype.DType | None":
        """The one float dtype the device computes in when every tensor is a tensor of the
        device of it, else None (the CPU fallback's case). float64 on a device without double
        precision is refused (the backend's ``refuse_float64``)."""
        d = self.same_dtype(tensors)
        if d is _dtype.float64 and not self.B.fp64:
            self.B.refuse_float64()
        return d if d in self.floats() else None

    def integer_operands(self, tensors, entry) -> "_dtype.DType | None":
        """The one integer or bool dtype of the device's tensors when the op's dtypes include
        it and it needs no check of the values (``int_operand``: a division by zero), else
        None."""
        d = self.same_dtype(tensors)
        if d is None or d.name not in INTEGERS or d.name not in entry.dtypes or \
                entry.int_operand is not None:
            return None
        return d

    def empty(self, shape, dtype) -> Tensor:
        n = 1
        for s in shape:
            n *= s
        return make_tensor(self.B.alloc(n * dtype.itemsize), tuple(shape), dtype, self.name)

    def operand(self, v, dtype):
        """A number in a tensor's place (a wrapped number): rounded to ``dtype`` first, as the
        CPU kernel's operand is, then passed in the compute type."""
        return self.scalar(dtype.np.type(v).item(), dtype)

    def ctype(self, dtype) -> str:
        return source.ctype(dtype.name, self.dialect)

    # ---- elementwise: one kernel per YAML expression ----

    def elementwise_kernel(self, op: str, entry):
        names = [a for a, _ in entry.args]
        # a Scalar's default as the schema writes it ('1', '0.01'): computed in T anyway
        defaults = {a: parse_number(d) for a, d in entry.args if d is not None and numeric(d)}
        on_cpu = cpu_fallback(op)
        unbuilt: set = set()  # integer dtypes whose expression does not compile: the CPU's
        # (dtype, result dtype, which operands are numbers, dimensions) -> the built kernel:
        # the source is made and looked up once per kind of call, not at every call
        built: dict = {}
        # (dtype, each operand's shape and strides or number, the scalars) -> (shape and
        # dtype of the result, merged sizes, each operand's strides), or None where the CPU
        # computes: the meta kernel's checks and the geometry run once per kind of call
        plans: dict = {}

        def kernel(*args, **kwargs):
            bound = dict(defaults)
            bound.update(zip(names, args))
            bound.update(kwargs)
            tensors = [bound[p] for p in entry.tensors]
            scalars = [bound.get(s) for s in entry.scalars]
            on_dev = [t for t in tensors if isinstance(t, Tensor)]
            d = self.float_operands(on_dev) if on_dev else None
            integral = d is None and self.integers and bool(on_dev) and \
                self.integer_operands(on_dev, entry) is not None
            if integral:
                d = on_dev[0]._dtype
                if d in unbuilt or any(isinstance(x, float) for x in tensors + scalars):
                    return on_cpu(*args, **kwargs)  # a float number with integers: promotion
            if d is None or not all(isinstance(t, Tensor) or is_number(t) for t in tensors) \
                    or not all(is_number(s) for s in scalars):
                return on_cpu(*args, **kwargs)
            geometry = (d, tuple((t._shape, t._st) if isinstance(t, Tensor) else (type(t), t)
                                 for t in tensors), tuple((type(v), v) for v in scalars))
            plan = plans.get(geometry, False)
            if plan is False:
                result = meta_result(op, args)  # raises as the CPU kernel would
                if result._dtype is not d and result._dtype is not _dtype.bool_:
                    plan = None
                else:
                    shape = list(result._shape)
                    operands = [t for t in tensors if isinstance(t, Tensor)]
                    plan = (result._shape, result._dtype,
                            *merge(shape, [broadcast_strides(t, shape) for t in operands]))
                if len(plans) < 256:
                    plans[geometry] = plan
            if plan is None:
                return on_cpu(*args, **kwargs)
            rshape, rdtype, sizes, strides = plan
            out = self.empty(rshape, rdtype)
            n = out.numel()
            if n == 0:
                return out
            numbers = tuple(not isinstance(t, Tensor) for t in tensors)
            key = (d, rdtype, numbers, len(sizes))
            fn = built.get(key)
            if fn is None:
                src = source.elementwise_source(entry, self.ctype(d), self.ctype(rdtype),
                                                numbers, len(sizes), self.dialect,
                                                bool_result=rdtype is _dtype.bool_)
                try:
                    fn = built[key] = self.function(src, "al_elementwise")
                except Exception as exc:
                    if not integral or not isinstance(exc, getattr(self.B, "BuildError", ())):
                        raise
                    unbuilt.add(d)  # the expression calls a float-only function
                    return on_cpu(*args, **kwargs)
            kargs = [out._store, self.long(n)]
            j = 0
            for t in tensors:
                if isinstance(t, Tensor):
                    kargs += [t._store, self.long(t._offset), *map(self.long, strides[j])]
                    j += 1
                else:
                    try:
                        kargs.append(self.operand(t, d))
                    except OverflowError:  # a number the dtype cannot hold: the CPU's message
                        return on_cpu(*args, **kwargs)
            kargs += [self.long(s) for s in sizes]
            try:
                kargs += [self.scalar(s, d) for s in scalars]
            except OverflowError:
                return on_cpu(*args, **kwargs)
            self.run_items(fn, op, n, kargs)
            return out

        return kernel

    def convert(self, x: Tensor, dtype) -> Tensor:
        """A contiguous copy of ``x`` in another float ``dtype`` (one rounding: float32 sums
        of float16 values become float16), by the ``_copy_strided`` expression's kernel."""
        out = self.empty(x._shape, dtype)
        n = out.numel()
        if n:
            sizes, (st,) = merge(list(x._shape), [list(x._st)])
            src = source.elementwise_source(fusion_entries.builtin()["_copy_strided"],
                                            self.ctype(x._dtype), self.ctype(dtype), (False,),
                                            len(sizes), self.dialect)
            self.run_items(self.function(src, "al_elementwise"), "_to_copy", n,
                           [out._store, self.long(n), x._store, self.long(x._offset),
                            *map(self.long, st), *map(self.long, sizes)])
        return out

    # ---- reductions: work-group trees, a second pass for a large one ----

    def reduce(self, kind: str, x: Tensor, dims: list[int], result: Tensor) -> Tensor:
        out = self.empty(result._shape, result._dtype)
        nout = out.numel()
        if nout == 0:
            return out
        keep = [d for d in range(len(x._shape)) if d not in dims]
        nred = 1
        for d in dims:
            nred *= x._shape[d]
        # each group of dimensions merged where it walks memory as one (contiguous: one each)
        kn, (ks,) = merge([x._shape[d] for d in keep], [[x._st[d] for d in keep]])
        rn, (rs,) = merge([x._shape[d] for d in dims], [[x._st[d] for d in dims]])
        # few results of many elements (a full sum): split each over parts, then reduce them
        parts = max(1, min(self.max_parts // nout, nred // 8192))
        # partial results in the compute type: float16's are float sums, rounded once at the end
        dest = out if parts == 1 else self.empty((nout, parts), compute_dtype(x._dtype))
        first = kind if parts == 1 else ("sum" if kind == "mean" else kind)
        chunk = -(-nred // parts)
        self._reduce_launch(first, x, dest, kn, ks, rn, rs, nred, parts, chunk, nred)
        if parts > 1:
            self._reduce_launch(kind, dest, out, [nout], [parts], [parts], [1], parts, 1, parts,
                                nred)
        return out

    def _reduce_launch(self, kind, x, dest, kn, ks, rn, rs, nred, parts, chunk,
                       divisor) -> None:
        w = self.group(chunk)
        src = source.reduction_source(kind, self.ctype(x._dtype), len(kn), len(rn),
                                      self.dialect, out_t=self.ctype(dest._dtype))
        L = self.long
        kargs = [dest._store, x._store, L(x._offset), L(nred), L(parts), L(chunk),
                 self.scalar(divisor, x._dtype), SCRATCH]
        for n, st in list(zip(kn, ks)) + list(zip(rn, rs)):
            kargs += [L(n), L(st)]
        self.run_groups(self.function(src, "al_reduce"), f"reduce:{kind}", dest.numel(), w,
                        w * compute_dtype(x._dtype).itemsize, kargs)

    def reduction_kernel(self, op: str):
        on_cpu = cpu_fallback(op)

        def kernel(self_, dim=None, keepdim=False, dtype=None):
            args = (self_, dim, keepdim) if op.startswith("am") else (self_, dim, keepdim, dtype)
            d = self.float_operands([self_])
            if d is None or (dtype is not None and _dtype.parse(dtype) is not d):
                return on_cpu(*args)
            return self.reduce(op, self_, reduce_dims(self_, dim), meta_result(op, args))

        return kernel

    # ---- clone, log_softmax, nll_loss: what cross_entropy and its backward run ----

    def clone(self, x):
        """A copy with the CPU kernel's layout (the Meta kernel's strides): the device's copy
        for a contiguous source, else the ``_copy_strided`` expression's kernel."""
        if not self.on_device(x):
            return cpu_fallback("clone")(x)
        result = meta_result("clone", (x,))
        if x.is_contiguous():
            out = self.empty(result._shape, x._dtype)
            if out.numel():
                size = x._dtype.itemsize
                self.B.copy(out._store, 0, x._store, x._offset * size, out.numel() * size)
            return out
        if self.float_operands([x]) is None:
            return cpu_fallback("clone")(x)
        # The result's dimensions in its memory order: there it is contiguous, so the copy is
        # the contiguous _copy_strided of x's dimensions in that order, seen back in the op's.
        shape, st = result._shape, result._st
        order = sorted(range(len(shape)), key=lambda d: (-st[d], d))
        walk = make_tensor(x._store, tuple(shape[d] for d in order), x._dtype, self.name,
                           strides=tuple(x._st[d] for d in order), offset=x._offset)
        flat = self.ew["_copy_strided"](walk)
        return make_tensor(flat._store, tuple(shape), x._dtype, self.name, strides=tuple(st))

    def row_operands(self, tensors) -> bool:
        """Whether the row kernels (log_softmax, nll_loss) take these tensors' dtype."""
        d = self.float_operands(tensors)
        return d is not None and (self.half_rows or d is not _dtype.float16)

    def _rows_launch(self, name: str, label: str, out: Tensor, n: int, kargs: list) -> None:
        nrows = out.numel() // n if n else 0
        if nrows:
            w = self.group(n)
            src = source.log_softmax_source(self.ctype(out._dtype), self.dialect)
            self.run_groups(self.function(src, name), label, nrows, w,
                            w * compute_dtype(out._dtype).itemsize,
                            [out._store, *kargs, self.long(n), SCRATCH])

    def log_softmax(self, x, dim, dtype=None):
        if not self.row_operands([x]) or dtype is not None or not rows(x, dim):
            return cpu_fallback("log_softmax.int")(x, dim, dtype)
        out = self.empty(x._shape, x._dtype)
        self._rows_launch("al_log_softmax", "log_softmax", out, x._shape[-1] if x.dim() else 1,
                          [x._store, self.long(x._offset)])
        return out

    def log_softmax_backward(self, grad_output, log_probs, dim):
        if not self.row_operands([grad_output, log_probs]) or \
                grad_output._shape != log_probs._shape or \
                not (rows(grad_output, dim) and rows(log_probs, dim)):
            return cpu_fallback("_log_softmax_backward")(grad_output, log_probs, dim)
        out = self.empty(log_probs._shape, log_probs._dtype)
        self._rows_launch("al_log_softmax_backward", "_log_softmax_backward", out,
                          log_probs._shape[-1] if log_probs.dim() else 1,
                          [grad_output._store, self.long(grad_output._offset),
                           log_probs._store, self.long(log_probs._offset)])
        return out

    def nll_fits(self, x, target, weight) -> bool:
        return self.row_operands([x]) and weight is None and x.dim() == 2 and \
            x.is_contiguous() and self.on_device(target) and target._dtype is _dtype.int64 \
            and target.dim() == 1 and target.is_contiguous() and \
            target._shape[0] == x._shape[0]

    def nll_loss(self, x, target, weight=None, reduction=1, ignore_index=-100):
        if not self.nll_fits(x, target, weight) or reduction not in (0, 1, 2):
            return cpu_fallback("nll_loss")(x, target, weight, reduction, ignore_index)
        result = meta_result("nll_loss", (x, target, weight, reduction, ignore_index))
        picks, counted = self.nll_picks(x, target, ignore_index, check=True)
        if reduction == 0:
            return picks
        if reduction == 2:
            return self.reduce("sum", picks, [0], result)
        # the mean in the compute type, rounded once (float16: as the CPU kernel)
        c = Tensor._meta((), compute_dtype(x._dtype))
        mean = self.ew["div.Tensor"](self.reduce("sum", picks, [0], c),
                                     self.reduce("sum", counted, [0], c))
        return mean if mean._dtype is x._dtype else self.convert(mean, x._dtype)

    def nll_loss_backward(self, grad_output, x, target, weight, reduction, ignore_index):
        args = (grad_output, x, target, weight, reduction, ignore_index)
        if not self.nll_fits(x, target, weight) or reduction not in (0, 1, 2) or \
                not self.on_device(grad_output) or grad_output._dtype is not x._dtype or \
                grad_output.dim() != (1 if reduction == 0 else 0) or \
                not self.nll_backward_fits(x):
            return cpu_fallback("_nll_loss_backward")(*args)
        nrows, n = x._shape
        out = self.empty(x._shape, x._dtype)
        if nrows * n == 0:
            return out
        total = out  # unread unless the mean is taken
        if reduction == 1:
            _, counted = self.nll_picks(x, target, ignore_index, check=False)
            total = self.reduce("sum", counted, [0], Tensor._meta((), compute_dtype(x._dtype)))
        gstride = grad_output._st[0] if reduction == 0 else 0
        src = source.nll_loss_source(self.ctype(x._dtype), self.dialect)
        L = self.long
        self.nll_backward_launch(
            self.function(src, "al_nll_backward"), nrows, n,
            [out._store, L(n), target._store, L(target._offset), L(ignore_index),
             grad_output._store, L(grad_output._offset), L(gstride), total._store,
             self.int32(reduction == 1)])
        return out

    # ---- registration ----

    def install(self) -> None:
        """Register the shared kernels for the device (once, when it registers)."""
        for op, entry in elementwise_ops().items():
            self.ew[op] = self.elementwise_kernel(op, entry)
            impl(op, self.name, self.ew[op])
        for op in ("sum", "mean", "amax", "amin"):
            impl(op, self.name, self.reduction_kernel(op))
        for op, fn in (("clone", self.clone), ("log_softmax.int", self.log_softmax),
                       ("_log_softmax_backward", self.log_softmax_backward),
                       ("nll_loss", self.nll_loss),
                       ("_nll_loss_backward", self.nll_loss_backward)):
            impl(op, self.name, fn)
