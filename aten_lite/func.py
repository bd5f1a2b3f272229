"""Function transforms, as ``torch.func``: ``vmap``, ``jvp``, ``vjp``, ``grad``, ``jacrev``,
``jacfwd``, ``hessian`` and ``hvp``, for functions of tensors.

``jvp`` runs forward mode (dual tensors, ``al.autograd.forward_ad``); ``vjp``/``grad``/``jacrev``
run reverse mode; they compose: ``hessian`` is ``jacfwd(jacrev(f))``, ``hvp`` is a ``jvp`` of
``grad(f)`` (forward over reverse). ``vmap`` (aten_lite/transforms/vmap.py, docs/VMAP.md)
batches a function of one sample; ``vmap(grad(f))`` gives per-sample gradients, and ``jacrev``
maps its backward over the rows of the identity with it.

>>> import aten_lite as al
>>> f = lambda x: (x ** 3).sum()
>>> x = al.tensor([1.0, 2.0])
>>> al.func.grad(f)(x)
tensor([ 3., 12.])
>>> al.func.hvp(f, (x,), (al.tensor([1.0, 0.0]),))[1]
(tensor([6., 0.]),)
"""

from __future__ import annotations

from .tensors.tensor import Tensor
from .autograd import api as _api
from .autograd import forward_ad as _fw
from .autograd.grad_mode import enable_grad
from .transforms import vmap as _vmap
from .transforms.vmap import vmap

__all__ = ["vmap", "jvp", "vjp", "grad", "grad_and_value", "jacrev", "jacfwd", "hessian",
           "hvp"]


def _tensors(what: str, name: str, xs) -> tuple:
    if isinstance(xs, Tensor):
        raise TypeError(f"al.func.{name}: {what} must be a tuple of Tensors, got a Tensor; "
                        f"write ({what[:-1] if what.endswith('s') else what},) as a 1-tuple")
    if not isinstance(xs, (tuple, list)):
        raise TypeError(f"al.func.{name}: {what} must be a tuple of Tensors, got "
                        f"{type(xs).__name__}")
    for i, x in enumerate(xs):
        if not isinstance(x, Tensor):
            raise TypeError(f"al.func.{name}: {what}[{i}] must be a Tensor, got "
                            f"{type(x).__name__}")
    return tuple(xs)


def _outputs(name: str, out) -> tuple[tuple, bool]:
    """(the output tensors, whether the function returned one tensor)."""
    if isinstance(out, Tensor):
        return (out,), True
    if isinstance(out, (tuple, list)) and all(isinstance(o, Tensor) for o in out):
        return tuple(out), False
    raise TypeError(f"al.func.{name}: the function must return a Tensor or a tuple of "
                    f"Tensors, got {type(out).__name__}")


def _split_aux(name: str, out, has_aux: bool):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise TypeError(f"al.func.{name}: with has_aux=True the function must return "
                        "(output, aux)")
    return out


# ---- forward mode ----


def jvp(func, primals, tangents, *, has_aux: bool = False):
    """``(func(*primals), J @ tangents)``: the Jacobian-vector product by forward mode.

    >>> import aten_lite as al
    >>> al.func.jvp(al.sin, (al.tensor([0.0]),), (al.tensor([2.0]),))
    (tensor([0.]), tensor([2.]))
    """
    primals = _tensors("primals", "jvp", primals)
    tangents = _tensors("tangents", "jvp", tangents)
    if len(primals) != len(tangents):
        raise ValueError(f"al.func.jvp: {len(primals)} primals but {len(tangents)} tangents; "
                         "give one tangent per primal")
    batched = _vmap.active()  # Note [Forward mode under vmap] in transforms/vmap.py
    make, unpack = (_vmap.lifted_dual, _vmap.unpack_lifted) if batched else \
        (_fw.make_dual, _fw.unpack_dual)
    with _vmap.dual_level_below() if batched else _fw.dual_level():
        duals = [make(p, t) for p, t in zip(primals, tangents)]
        out, aux = _split_aux("jvp", func(*duals), has_aux)
        outs, single = _outputs("jvp", out)
        pairs = [unpack(o) for o in outs]
        values = tuple(p[0] for p in pairs)
        tans = tuple(p[1] if p[1] is not None else _zeros(p[0]) for p in pairs)
    result = (values[0], tans[0]) if single else (values, tans)
    return result + (aux,) if has_aux else result


def _zeros(t: Tensor) -> Tensor:
    from .backends.creation import zeros_like

    return zeros_like(t)


# ---- reverse mode ----


def _diff_input(x: Tensor) -> Tensor:
    """``x`` as a tensor to differentiate against: an alias that keeps its history when it has
    one (so an outer transform differentiates through), else a new leaf; in a dual level it
    keeps its tangent (forward over reverse). Inside vmap, the leaf is the physical tensor
    holding every sample (Note [Gradients under vmap] in transforms/vmap.py)."""
    if _vmap.active():
        return _vmap.lift_for_grad(x, _leaf)
    return _leaf(x)


def _leaf(x: Tensor) -> Tensor:
    if not x._dtype.is_floating_point:
        raise TypeError(f"al.func: can only differentiate with respect to floating tensors, "
                        f"got {x._dtype.name}")
    with enable_grad():
        if x._requires_grad:
            return x.view(x.shape) if not x.is_sparse else x.coalesce()
        leaf = x.detach().requires_grad_()
    if _fw._level is not None:
        tangent = _fw._get(x)
        if tangent is not None:
            _fw._set(leaf, tangent)
    return leaf


def vjp(func, *primals, has_aux: bool = False):
    """``(func(*primals), vjp_fn)``; ``vjp_fn(cotangents)`` returns the gradient of each
    primal (zeros where the output does not depend on it).

    >>> import aten_lite as al
    >>> out, vjp_fn = al.func.vjp(al.exp, al.tensor([0.0, 1.0]))
    >>> vjp_fn(al.ones(2))
    (tensor([1.0000, 2.7183]),)
    """
    primals = _tensors("primals", "vjp", primals)
    keep_graph = any(p.requires_grad for p in primals)  # an outer transform will differentiate
    inputs = tuple(_diff_input(p) for p in primals)
    with enable_grad():
        out, aux = _split_aux("vjp", func(*inputs), has_aux)
    outs, single = _outputs("vjp", out)
    _floating_outputs("vjp", outs)

    def vjp_fn(cotangents):
        cots = (cotangents,) if single and isinstance(cotangents, Tensor) else cotangents
        cots = _tensors("cotangents", "vjp", cots)
        if len(cots) != len(outs):
            raise ValueError(f"al.func.vjp: {len(cots)} cotangents for {len(outs)} outputs")
        return _grads(outs, inputs, cots, keep_graph)

    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


def _grads(outs: tuple, inputs: tuple, cots: tuple, create_graph: bool) -> tuple:
    if inputs and _vmap.is_lifted(inputs[0]):  # differentiated inside vmap
        return _vmap.grads_of_lifted(
            outs, inputs, cots, lambda o, i, c: _grads(o, i, c, create_graph))
    pairs = [(o, c) for o, c in zip(outs, cots) if o._requires_grad]
    if not pairs:
        return tuple(_zeros(x) for x in inputs)
    found = _api.grad([o for o, _ in pairs], list(inputs), [c for _, c in pairs],
                      retain_graph=True, create_graph=create_graph, allow_unused=True)
    return tuple(g if g is not None else _zeros(x) for g, x in zip(found, inputs))


def _argnums(name: str, argnums, n: int) -> tuple[int, ...]:
    """``argnums`` as non-negative positions. As torch.func, an empty or repeated one is
    refused: each argument gets one gradient (a repeated position used to get a zero)."""
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    if not nums:
        raise RuntimeError(f"al.func.{name}: argnums must be non-empty")
    for a in nums:
        if not isinstance(a, int) or not -n <= a < n:
            raise ValueError(f"al.func.{name}: argnums {argnums!r} out of range for a function "
                             f"of {n} argument(s)")
    nums = tuple(a % n for a in nums)
    if len(set(nums)) != len(nums):
        raise RuntimeError(f"al.func.{name}: argnums elements must be unique, got {nums}")
    return nums


def _floating_outputs(name: str, outs: tuple) -> None:
    """Reverse mode needs a floating cotangent per output: as torch.func's vjp and jacrev, an
    integer or boolean output is refused (it has no gradient; its Jacobian is not zeros)."""
    for o in outs:
        if not o._dtype.is_floating_point:
            raise RuntimeError(f"al.func.{name}: all outputs of the function must be "
                               f"floating-point Tensors, got a Tensor with dtype {o._dtype.name}")


def grad_and_value(func, argnums=0, *, has_aux: bool = False):
    """A function returning ``(gradient, value)`` of ``func``, which must return one element."""
    def wrapper(*args):
        nums = _argnums("grad", argnums, len(args))
        args = list(args)
        for i in nums:
            if not isinstance(args[i], Tensor):
                raise TypeError(f"al.func.grad: argument {i} must be a Tensor, got "
                                f"{type(args[i]).__name__}")
        keep_graph = any(args[i].requires_grad for i in nums)
        inputs = tuple(_diff_input(args[i]) for i in nums)
        for i, x in zip(nums, inputs):
            args[i] = x
        with enable_grad():
            out, aux = _split_aux("grad", func(*args), has_aux)
        if not isinstance(out, Tensor) or out.numel() != 1:
            raise RuntimeError("al.func.grad: the function must return one-element Tensor, got "
                               + (f"shape {list(out.shape)}" if isinstance(out, Tensor)
                                  else type(out).__name__))
        g = _grads((out,), inputs, (_ones_like(out),), keep_graph)
        g = g[0] if isinstance(argnums, int) else g
        value = out if keep_graph else out.detach()
        return (g, (value, aux)) if has_aux else (g, value)
    return wrapper


def grad(func, argnums=0, *, has_aux: bool = False):
    """The gradient of ``func`` (one-element output) with respect to argument ``argnums``."""
    inner = grad_and_value(func, argnums, has_aux=has_aux)

    def wrapper(*args):
        g, value = inner(*args)
        return (g, value[1]) if has_aux else g
    return wrapper


def _ones_like(t: Tensor) -> Tensor:
    from .backends.creation import ones_like

    return ones_like(t)


# ---- Jacobians (vmapped over the identity's rows; a loop where that fails) ----


def _by_vmap(fn, n: int, like: Tensor):
    """``fn`` vmapped over the rows of the ``n``-by-``n`` identity (every row of a Jacobian
    at once), or None when it cannot run batched (an op that refuses batched tensors, or a
    backward inside another vmap): the caller then loops over the rows."""
    from .backends.creation import eye

    if n == 0:
        return None
    try:
        return vmap(fn)(eye(n, dtype=like.dtype, device=like.device))
    except Exception:  # the loop reruns the same work, and raises any genuine error itself
        return None


def jacrev(func, argnums=0):
    """The Jacobian by reverse mode: the backward vmapped over the rows of the identity (one
    backward per output element where it cannot be). Shape: output's shape followed by the
    input's."""
    def wrapper(*args):
        nums = _argnums("jacrev", argnums, len(args))
        args = list(args)
        keep_graph = any(isinstance(args[i], Tensor) and args[i].requires_grad for i in nums)
        inputs = tuple(_diff_input(args[i]) for i in nums)
        for i, x in zip(nums, inputs):
            args[i] = x
        with enable_grad():
            out = func(*args)
        if not isinstance(out, Tensor):
            raise TypeError(f"al.func.jacrev: the function must return a Tensor, got "
                            f"{type(out).__name__}")
        _floating_outputs("jacrev", (out,))
        flat = out.reshape(-1)
        batched = _by_vmap(lambda u: _grads((flat,), inputs, (u,), keep_graph), flat.numel(),
                           flat)
        if batched is not None:
            jac = tuple(j.reshape(tuple(out.shape) + tuple(x.shape))
                        for j, x in zip(batched, inputs))
            return jac[0] if isinstance(argnums, int) else jac
        rows = [[] for _ in inputs]
        for k in range(flat.numel()):
            unit = _zeros(flat)
            unit[k] = 1.0
            for r, g in zip(rows, _grads((flat,), inputs, (unit,), keep_graph)):
                r.append(g)
        jac = tuple(_stack_rows(r, out, x) for r, x in zip(rows, inputs))
        return jac[0] if isinstance(argnums, int) else jac
    return wrapper


def _stack_rows(rows: list, out: Tensor, x: Tensor) -> Tensor:
    from .backends.creation import zeros
    from ._generated.ops import stack

    shape = tuple(out.shape) + tuple(x.shape)
    if not rows:  # an empty output
        return zeros(shape, dtype=x.dtype, device=x.device)
    return stack(rows).reshape(shape)


def jacfwd(func, argnums=0):
    """The Jacobian by forward mode: the jvp vmapped over the columns of the identity (one jvp
    per input element where it cannot be). Shape: output's shape followed by the input's."""
    def wrapper(*args):
        from .backends.creation import zeros
        from ._generated.ops import stack

        nums = _argnums("jacfwd", argnums, len(args))
        jac = []
        for i in nums:
            x = args[i]
            if not isinstance(x, Tensor):
                raise TypeError(f"al.func.jacfwd: argument {i} must be a Tensor, got "
                                f"{type(x).__name__}")
            cols, out = [], None

            def at(xi, i=i):
                full = list(args)
                full[i] = xi
                return func(*full)

            columns = _by_vmap(lambda u, at=at, x=x: jvp(at, (x,), (u.reshape(x.shape),)),
                               x.numel(), x)
            if columns is not None:
                out, col = at(x), columns[1]
                jac.append(col.movedim(0, -1).reshape(tuple(out.shape) + tuple(x.shape)))
                continue
            for k in range(x.numel()):
                unit = _zeros(x).reshape(-1)
                unit[k] = 1.0
                out, col = jvp(at, (x,), (unit.reshape(x.shape),))
                cols.append(col)
            if out is None:
                out = at(x)
            if cols:
                j = stack(cols, -1).reshape(tuple(out.shape) + tuple(x.shape))
            else:  # an empty input
                j = zeros(tuple(out.shape) + tuple(x.shape), dtype=out.dtype, device=out.device)
            jac.append(j)
        return jac[0] if isinstance(argnums, int) else tuple(jac)
    return wrapper


def hessian(func, argnums=0):
    """The Hessian of a one-element function: ``jacfwd(jacrev(func))``, as torch.func."""
    return jacfwd(jacrev(func, argnums), argnums)


def hvp(func, primals, tangents):
    """``(func(*primals), H @ tangents)`` for a one-element ``func``: a jvp of its gradient
    (forward over reverse), as torch.autograd.functional.hvp returns it.

    >>> import aten_lite as al
    >>> al.func.hvp(lambda x: (x * x).sum(), (al.tensor([1.0, 2.0]),), (al.ones(2),))
    (tensor(5.), (tensor([2., 2.]),))
    """
    primals = _tensors("primals", "hvp", primals)
    tangents = _tensors("tangents", "hvp", tangents)
    step = grad_and_value(func, tuple(range(len(primals))))
    seen = {}

    def gradient(*xs):
        g, value = step(*xs)
        seen["value"] = value
        return g

    _, products = jvp(gradient, primals, tangents)
    return seen["value"].detach(), tuple(products)
