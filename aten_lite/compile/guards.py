"""What a compiled function reads besides its arguments, and the guards that keep a replay valid.

Note [Reads outside the arguments]
A capture runs the function's Python once: every Python number it reads becomes a constant
of the graph and every real tensor it reads (a global, a closure's tensor, a module's weight)
a ``const`` input held by reference. A replay runs none of that Python, so a later
``G = al.full(...)``, ``k[0] = 5`` or ``model.weight = nn.Parameter(...)`` would go unseen.
So on its first call a compiled function reads its own bytecode, that of every code object
nested in it (lambdas, inner functions, generator expressions, comprehensions), of the user
functions it calls by global name, of the user methods and submodule ``forward``s it calls
through ``self``, and of the ``forward`` of aten_lite's own modules it reaches (following
their submodules: ``nn.Sequential`` iterates them), for **sources**: a root (a global name,
a closure cell, the bound ``self``, a parameter the code never rebinds) followed by a chain
of attribute loads and constant subscripts: ``G``, ``k[0]``, ``cfg["scale"]``,
``self.block.scale``, ``self.training`` in ``nn.Dropout.forward``. A chain is cut where its
value is a tensor when found (``G[1]`` indexes the constant ``G`` inside the graph).

Every call evaluates the *keyed* sources, one generated straight-line function (``fill``: a
dict or attribute lookup per step, subscripts only into lists, tuples and dicts, a failing
step reads as missing), and their tokens join the cache key: a scalar, Python's or
NumPy's (``np.float64``, ``np.int64``, ``np.bool_``), by type and value (floats and complex
numbers by spelling, so ``-0.0`` is not ``0.0`` and NaN is itself; ``True`` is not ``1``),
a list or tuple of at most 16 items by its items' tokens (so its length too), a tensor or
anything else by its type. Keyed are the sources whose value, when found, is missing, a
scalar, a list or a tuple; not those holding code (a module, class or function:
``al.exp``, ``math``), objects (what is read from them is a source of its own) or
tensors, and not bare parameters (already in the key).

A tensor's identity is not in the key: a function that reads a tensor it made itself on an
earlier call (``log[-1]``) would miss every time. Instead, after a capture, each constant
tensor of the graph is looked for breadth-first from the sources' values, through
attributes, lists, tuples and dicts (a source that is the constant: found at once); the path
found (``G``, ``self.fc.weight``, ``WEIGHTS[1]``) joins the entry, and every call checks
that each path still leads to its constant (``check``, generated too). A rebinding fails the
check and recaptures; the entry is dropped, so alternating between two tensors recaptures
each time. A constant found no way (a default argument's tensor, a tensor kept by a function
outside the user's files) stays held by reference, its shape, dtype and requires_grad still
checked, but a rebinding is not seen.

Not guarded: the Python a replay skips and that no source names: values computed by a call
(``get_scale()``, ``len(items)`` of a list over 16 items, ``d[name]`` with ``name`` a
variable), dicts read whole, attributes read through ``getattr(obj, name)`` or inside
functions outside the user's files other than aten_lite modules' ``forward``, code objects
past 64 per function or calls nested deeper than 4. Rebinding a function or module
(``al.exp = ...``) is not seen either. The bytecode is read by instruction kind, the same on
Python 3.10 to 3.13; an instruction the reader does not know makes every call capture
(Note [Reading bytecode across Python versions]).
"""

from __future__ import annotations

import builtins
import dis
import types
import warnings

import numpy as np

from ..tensors.tensor import Tensor

__all__ = ["Sources", "token"]

_ATTR, _ITEM = 0, 1
_MISSING = object()  # a source that could not be read (unbound name, missing attribute)
_EXACT = (int, bool, str, type(None))
_NP_SCALARS = (np.number, np.bool_)  # NumPy's scalars: keyed like Python's numbers
# Values whose rebinding is not guarded: they are code, not data.
_CODE_TYPES = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type,
               types.MethodType, types.BuiltinMethodType, types.MethodWrapperType,
               types.WrapperDescriptorType, types.MethodDescriptorType)
_MAX_CODES = 64  # code objects read per compiled function
_MAX_DEPTH = 4  # calls followed from the compiled function into user functions and methods
_SEARCH_NODES = 4096  # objects visited looking for the path to a constant
_SEARCH_DEPTH = 6


def token(v, depth: int = 2):
    """What a read value contributes to the cache key (Note [Reads outside the arguments])."""
    t = type(v)
    if t is float:
        # 0.0 == -0.0 and nan != nan: those two compare by their spelling
        return (float, v) if v and v == v else (float, repr(v))
    if t in _EXACT:
        return (t, v)
    if isinstance(v, Tensor):
        return Tensor  # a constant's identity is checked by its entry (const_paths)
    if t is complex:
        return (complex, repr(v))
    if isinstance(v, _NP_SCALARS):
        return np_scalar_token(v)
    if (t is list or t is tuple) and depth and len(v) <= 16:
        return (t,) + tuple(token(x, depth - 1) for x in v)
    return t


def np_scalar_token(v) -> tuple:
    """A NumPy scalar's token: its type and its value, floating and complex ones by their
    spelling as Python's (``np.float64(-0.0)`` is not ``np.float64(0.0)``, a NaN is itself)."""
    x = v.item()
    return (type(v), x) if type(x) is int or type(x) is bool else (type(v), repr(x))


class _Source:
    """One root and its chain of steps; ``get(args, kwargs)`` reads it now."""

    __slots__ = ("root", "steps", "get", "keyed", "desc")

    def __init__(self, root: tuple, steps: tuple, desc: str) -> None:
        self.root, self.steps, self.desc = root, steps, desc
        self.keyed = True
        self.get = _getter(root, steps)


def _root_getter(root: tuple):
    kind = root[0]
    if kind == "global":
        scope, name = root[1], root[2]

        def get(args, kwargs):
            v = scope.get(name, _MISSING)
            return getattr(builtins, name, _MISSING) if v is _MISSING else v
        return get
    if kind == "cell":
        cell = root[1]

        def get(args, kwargs):
            try:
                return cell.cell_contents
            except ValueError:  # an empty cell
                return _MISSING
        return get
    if kind == "self":
        obj = root[1]
        return lambda args, kwargs: obj
    i, name = root[1], root[2]

    def get(args, kwargs):
        if i < len(args):
            v = args[i]
        else:
            v = kwargs.get(name, _MISSING) if kwargs else _MISSING
        # An argument's tensors are inputs of the graph, guarded by their geometry.
        return _MISSING if isinstance(v, Tensor) else v
    return get


def _getter(root: tuple, steps: tuple):
    """The source's value now (``_MISSING`` where a step fails); the same walk as the
    generated ``fill`` (``_emit_steps``)."""
    get_root = _root_getter(root)
    if not steps:
        return get_root

    def get(args, kwargs):
        v = get_root(args, kwargs)
        try:
            for kind, k in steps:
                if kind == _ATTR:
                    v = getattr(v, k, _MISSING)
                else:
                    v = v[k] if type(v) in (list, tuple, dict) else _MISSING
        except Exception:  # noqa: BLE001 - a step that fails: the source is missing
            return _MISSING
        return v
    return get


def _cut(root: tuple, steps: tuple) -> tuple:
    """``steps`` up to the first tensor (``G[1]``, ``self.weight.T``: the tensor is what is
    guarded; indexing it is an op of the graph) or the first subscript of an object that is
    not a list, tuple or dict, as the value reads when the source is found."""
    if root[0] == "arg":
        return steps
    v = _root_getter(root)((), {})
    for n, (kind, k) in enumerate(steps):
        if v is _MISSING:
            return steps
        if isinstance(v, Tensor) or kind == _ITEM and type(v) not in (list, tuple, dict):
            return steps[:n]
        try:
            v = getattr(v, k, _MISSING) if kind == _ATTR else v[k]
        except Exception:  # noqa: BLE001
            v = _MISSING
    return steps


def _target(fn):
    """(the function whose code runs, the object bound as its first parameter or None)."""
    if isinstance(fn, types.FunctionType):
        return fn, None
    if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType):
        return fn.__func__, fn.__self__
    forward = getattr(type(fn), "forward", None)  # an nn.Module: its __call__ runs forward
    if isinstance(forward, types.FunctionType) and hasattr(fn, "_parameters"):
        return forward, fn
    call = getattr(type(fn), "__call__", None)
    if isinstance(call, types.FunctionType):
        return call, fn
    return None, None


def _is_user_function(f) -> bool:
    from ..vocab.user_code import is_user_file as _user_file

    return isinstance(f, types.FunctionType) and _user_file(f.__code__.co_filename)


def _codes(code):
    """``code`` and every code object nested in it."""
    yield code
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield from _codes(c)


class Sources:
    """The sources a compiled function reads (Note [Reads outside the arguments]); found on the
    first call, so that globals defined after ``al.compile`` are seen."""

    def __init__(self, fn) -> None:
        self.fn = fn
        self.sources: list = []  # every source found
        self.keyed: tuple = ()  # the getters whose token joins the key
        # fill(parts, args, kwargs): appends the keyed sources' tokens (generated code)
        self.fill = None
        self.ready = False
        # the bytecode could not be read (Note [Reading bytecode across Python versions]):
        # fill adds a key part that matches no other call's
        self.opaque = False

    # ---- finding the sources ----

    def find(self) -> None:
        func, bound = _target(self.fn)
        self._seen: dict = {}
        self._n_codes = 0
        if func is not None:
            self_root = None if bound is None else (("self", bound), ())
            try:
                if bound is not None and not _is_user_function(func):
                    self._add(("self", bound), (), "self", 0)  # a library module: its state
                self._read_function(func, self_root, top=True, depth=0)
            except _UnknownBytecode as e:
                # Note [Reading bytecode across Python versions]: what the function reads
                # is not known, so no replay can be trusted: every call captures afresh.
                warnings.warn(f"al.compile: {getattr(func, '__qualname__', func)}: this "
                              f"Python's bytecode has an instruction the guards do not know "
                              f"({e}); every call will capture afresh instead of replaying",
                              stacklevel=4)
                self.sources, self.keyed, self.opaque = [], (), True
                self.fill = _fill_fresh
                self.ready = True
                del self._seen
                return
            except Exception as e:  # noqa: BLE001 - an object whose attributes raise
                warnings.warn(f"al.compile: {getattr(func, '__qualname__', func)}: could not "
                              f"read what the function reads besides its arguments ({e!r}); "
                              "changes to globals, closures and attributes will not be seen",
                              stacklevel=4)
                self.sources = []
        keyed = []
        for s in self.sources:
            if s.root[0] == "arg":
                # a bare argument is in the key already; its attributes are not
                s.keyed = bool(s.steps)
            else:
                v = s.get((), {})
                # Code is not guarded; nor are objects, whose token would be their type only:
                # what the function reads from them is a source of its own.
                # Nor tensors: a constant's identity is checked by its path (const_paths).
                s.keyed = v is _MISSING or \
                    isinstance(v, (list, tuple, float, complex) + _EXACT + _NP_SCALARS)
            if s.keyed:
                keyed.append(s)
        self.keyed = tuple(s.get for s in keyed)
        self.fill = _generate_fill(keyed)
        self.ready = True
        del self._seen

    def _read_function(self, func, self_root, top: bool, depth: int) -> None:
        code = func.__code__
        if self._n_codes >= _MAX_CODES:
            return
        scope = func.__globals__
        cells = dict(zip(code.co_freevars, func.__closure__ or ()))
        params = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
        nested = list(_codes(code))
        stored = _stored(code, nested)
        shift = 0 if self_root is None else 1
        for c in nested:
            self._n_codes += 1
            if self._n_codes > _MAX_CODES:
                return
            outer = c is code
            for root, steps in _chains(c):
                kind, name = root
                if kind == "global":
                    r = ("global", scope, name)
                    base, where = (r, ()), name
                elif kind == "deref" and name in cells:
                    base, where = (("cell", cells[name]), ()), name
                elif (kind == "fast" and outer or kind == "deref") and name in params \
                        and name not in stored:
                    i = params.index(name)
                    if i == 0 and self_root is not None:
                        base, where = self_root, "self"
                    elif top and i < code.co_argcount:
                        base, where = (("arg", i - shift, name), ()), name
                    else:
                        continue
                else:
                    continue
                self._add(base[0], base[1] + steps, where, depth)

    def _add(self, root, steps, where, depth) -> None:
        steps = _cut(root, steps)
        key = (root[0], id(root[1]) if root[0] in ("self", "cell", "global") else root[1],
               root[2] if len(root) > 2 else None, steps)
        if key in self._seen:
            return
        name = {"global": lambda: root[2], "arg": lambda: root[2], "self": lambda: "self",
                "cell": lambda: where}[root[0]]()
        desc = name + _describe(steps)
        s = _Source(root, steps, desc)
        self._seen[key] = s
        self.sources.append(s)
        if depth >= _MAX_DEPTH or root[0] == "arg":
            return
        # Follow a call into user code: a global helper function, a method of an object, a
        # submodule's forward.
        v = s.get((), {})
        if isinstance(v, types.FunctionType) and _is_user_function(v):
            self._read_function(v, None, top=False, depth=depth + 1)
        elif isinstance(v, types.MethodType) and _is_user_function(v.__func__):
            self._read_function(v.__func__, (root, steps[:-1]) if steps else None, top=False,
                                depth=depth + 1)
        elif v is not _MISSING and not isinstance(v, (Tensor,) + _CODE_TYPES + _EXACT):
            func, bound = _target(v)
            if func is not None and bound is v and _is_user_function(func):
                self._read_function(func, (root, steps), top=False, depth=depth + 1)
            elif hasattr(v, "_parameters") and isinstance(getattr(v, "__dict__", None), dict):
                self._add_module_state(root, steps, v, depth + 1)

    def _add_module_state(self, root, steps, module, depth) -> None:
        """An nn.Module whose forward is aten_lite's (``nn.Dropout``, ``nn.Sequential``): its
        forward's code is read like the user's (``self.p``, ``self.training``, ``self.eps``),
        and so are its submodules', which a container's forward reaches by iteration."""
        forward = getattr(type(module), "forward", None)
        if isinstance(forward, types.FunctionType):
            self._read_function(forward, (root, steps), top=False, depth=depth)
        subs = getattr(module, "_modules", None)
        if isinstance(subs, dict) and depth < _MAX_DEPTH:
            for name, sub in list(subs.items())[:64]:
                if sub is not None and type(name) is str and \
                        (name.isidentifier() or name.isdigit()):
                    self._add(root, steps + ((_ATTR, name),), "", depth)

    # ---- on every call ----

    def key_parts(self, parts: list, args, kwargs) -> None:
        for get in self.keyed:
            parts.append(token(get(args, kwargs)))

    def const_paths(self, consts: list, args, kwargs) -> list:
        """(source, steps, tensor) for each constant tensor of the graph found by searching
        from the sources' values (a source that is the constant: no steps); a constant not
        found gets none."""
        values = [(s, s.get(args, kwargs)) for s in self.sources]
        wanted = {id(t): t for t in consts}
        if not wanted:
            return []
        found = _search(values, wanted)
        return [(s, steps, wanted[i]) for i, (s, steps) in found.items()]


def _fill_fresh(parts: list, args, kwargs) -> None:
    """``fill`` of a function whose reads are unknown: a key part equal to no other, so that
    no call replays a graph captured by another."""
    parts.append(object())


def _describe(steps) -> str:
    return "".join(f".{k}" if kind == _ATTR else f"[{k!r}]" for kind, k in steps)


def check_paths(paths: list, consts: list, reads: list = ()):
    """``check(args, kwargs)``: whether each constant still has the (shape, dtype,
    requires_grad) of ``consts``, each tensor of ``reads`` the version it had when the
    capture read its data (Note [Data read during capture] in capture.py), and each (source,
    steps, const) of ``paths`` still leads to its constant (generated code, Note [Reads
    outside the arguments])."""
    return _generate_check(paths, consts, reads)


def _namespace() -> dict:
    return {"M": _MISSING, "Tensor": Tensor, "token": token, "CONT": (list, tuple, dict),
            "B": builtins.__dict__, "PLAIN": (Tensor, float, complex) + _EXACT}


def _generate_fill(sources: list):
    """``fill(parts, args, kwargs)``: append each keyed source's token to ``parts``, as one
    straight-line function. The chains on one parameter share one read of it, and when that
    is a tensor or a scalar (in the key already) they are skipped together."""
    ns = _namespace()
    lines = ["def fill(parts, args, kwargs):"]
    on_args: dict = {}
    for j, src in enumerate(sources):
        if src.root[0] == "arg":
            on_args.setdefault((src.root[1], src.root[2]), []).append((j, src))
            continue
        lines.append("    try:")
        _emit_root(src.root, j, ns, lines)
        _emit_steps(src.steps, j, ns, lines, "        ")
        lines.append("    except Exception:")
        lines.append("        v = M")
        _emit_token(lines, "    ")
    for (i, name), group in on_args.items():
        ns[f"A{i}"] = name
        lines.append(f"    a = args[{i}] if len(args) > {i} else "
                     f"(kwargs.get(A{i}, M) if kwargs else M)")
        lines.append("    if a is M or isinstance(a, PLAIN):")
        lines.append("        parts.append(None)")
        lines.append("    else:")
        for j, src in group:
            lines.append("        try:")
            lines.append("            v = a")
            _emit_steps(src.steps, j, ns, lines, "            ")
            lines.append("        except Exception:")
            lines.append("            v = M")
            _emit_token(lines, "        ")
    if len(lines) == 1:
        lines.append("    pass")
    exec(compile("\n".join(lines), "<guards of fill>", "exec"), ns)  # noqa: S102
    return ns["fill"]


def _emit_token(lines: list, pad: str) -> None:
    """``token(v)`` appended to ``parts``, its commonest cases inline."""
    lines.append(f"{pad}t = type(v)")
    lines.append(f"{pad}if t is float:")
    lines.append(f"{pad}    parts.append((t, v) if v and v == v else (t, repr(v)))")
    lines.append(f"{pad}elif t is int or t is bool:")
    lines.append(f"{pad}    parts.append((t, v))")
    lines.append(f"{pad}else:")
    lines.append(f"{pad}    parts.append(token(v))")


def _generate_check(paths: list, consts: list, reads=()):
    """One straight-line function: the constants' geometry and the read tensors' versions
    first, then the paths, walked as a tree so that paths sharing a prefix (``self.fc.weight``,
    ``self.fc.bias``) read it once; any failing step reads as missing, which is not the
    constant."""
    ns = _namespace()
    lines = ["def check(args, kwargs):"]
    for j, (t, shape, dtype, grad) in enumerate(consts):
        ns[f"Q{j}"], ns[f"QS{j}"], ns[f"QD{j}"], ns[f"QG{j}"] = t, shape, dtype, grad
        lines.append(f"    if Q{j}._shape != QS{j} or Q{j}._dtype is not QD{j} or "
                     f"Q{j}._requires_grad != QG{j}: return False")
    for j, (t, version) in enumerate(reads):
        ns[f"R{j}"], ns[f"RV{j}"] = t, version
        lines.append(f"    if R{j}._version != RV{j}: return False")
    # the tree: (root key) -> [root, {step: subtree}, consts ending here]
    roots: dict = {}
    for src, steps, const in paths:
        root = src.root
        rk = (root[0], id(root[1]) if root[0] != "arg" else root[1],
              root[2] if len(root) > 2 else None)
        node = roots.setdefault(rk, [root, {}, []])
        for step in src.steps + steps:
            node = node[1].setdefault(step, [None, {}, []])
        node[2].append(const)
    counter = [0]

    def name(prefix: str) -> str:
        counter[0] += 1
        return f"{prefix}{counter[0]}"

    def walk(node, var: str) -> None:
        for t in node[2]:
            tn = name("T")
            ns[tn] = t
            lines.append(f"        if {var} is not {tn}: return False")
        for (kind, k), child in node[1].items():
            kn, vn = name("K"), name("v")
            ns[kn] = k
            if kind == _ATTR:
                lines.append(f"        {vn} = getattr({var}, {kn}, M)")
            else:
                lines.append(f"        {vn} = {var}[{kn}] if type({var}) in CONT else M")
            walk(child, vn)

    if roots:
        lines.append("    try:")
        for j, (root, children, here) in enumerate(roots.values()):
            _emit_root(root, j, ns, lines)
            rv = name("r")
            lines.append(f"        {rv} = v")
            walk([None, children, here], rv)
        lines.append("    except Exception:")
        lines.append("        return False")
    lines.append("    return True")
    exec(compile("\n".join(lines), "<guards of check>", "exec"), ns)  # noqa: S102
    return ns["check"]


def _emit_root(root: tuple, j: int, ns: dict, lines: list) -> None:
    kind = root[0]
    if kind == "global":
        ns[f"S{j}"], ns[f"N{j}"] = root[1], root[2]
        lines.append(f"        v = S{j}.get(N{j}, M)")
        lines.append(f"        if v is M: v = B.get(N{j}, M)")
    elif kind == "cell":
        ns[f"C{j}"] = root[1]
        lines.append(f"        v = C{j}.cell_contents")  # ValueError when empty: M
    elif kind == "self":
        ns[f"O{j}"] = root[1]
        lines.append(f"        v = O{j}")
    else:
        i, ns[f"N{j}"] = root[1], root[2]
        lines.append(f"        v = args[{i}] if len(args) > {i} else "
                     f"(kwargs.get(N{j}, M) if kwargs else M)")
        lines.append("        if isinstance(v, Tensor): v = M")


def _emit_steps(steps, j: int, ns: dict, lines: list, pad: str) -> None:
    """The source's chain as ``_getter`` walks it (inside a ``try``: a failing step makes
    the source missing)."""
    for n, (step, k) in enumerate(steps):
        ns[f"K{j}_{n}"] = k
        if step == _ATTR:
            lines.append(f"{pad}v = getattr(v, K{j}_{n}, M)")
        else:
            lines.append(f"{pad}v = v[K{j}_{n}] if type(v) in CONT else M")


def _search(values: list, wanted: dict) -> dict:
    """Breadth-first from each source's value to the wanted tensors: id -> (source, steps)."""
    found: dict = {}
    visited = set()
    queue = []
    for s, v in values:
        if v is not _MISSING and not isinstance(v, _CODE_TYPES + _EXACT):
            queue.append((v, s, ()))
    budget = _SEARCH_NODES
    while queue and budget and len(found) < len(wanted):
        nxt = []
        for v, s, steps in queue:
            if id(v) in visited:
                continue
            visited.add(id(v))
            budget -= 1
            if budget <= 0:
                break
            if isinstance(v, Tensor):
                if id(v) in wanted and id(v) not in found:
                    found[id(v)] = (s, steps)
                continue
            if len(steps) >= _SEARCH_DEPTH:
                continue
            for step, child in _children(v):
                if not isinstance(child, _CODE_TYPES + _EXACT + (float, complex) + _NP_SCALARS):
                    nxt.append((child, s, steps + (step,)))
        queue = nxt
    return found


def _children(v):
    t = type(v)
    if t in (list, tuple):
        return [((_ITEM, i), x) for i, x in enumerate(v[:64])]
    if t is dict:
        return [((_ITEM, k), x) for k, x in list(v.items())[:64] if type(k) in (str, int)]
    try:
        d = getattr(v, "__dict__", None)
    except Exception:  # noqa: BLE001 - a proxy whose attribute access raises
        return []
    if type(d) is not dict:
        return []
    return [((_ATTR, k), x) for k, x in list(d.items())[:256]
            if type(k) is str and not k.startswith("__")]


# Note [Reading bytecode across Python versions]
# The reader does not look at raw opcodes: ``_ops`` maps ``dis.get_instructions`` (which decodes
# each version's arguments into ``argval``: the name, with 3.11's push-NULL bit and 3.12's
# method bit of LOAD_GLOBAL and LOAD_ATTR already taken off) onto the few kinds of step a
# chain is made of, by opcode name:
#   3.10, 3.11: LOAD_METHOD is an attribute load; 3.12 folds it into LOAD_ATTR.
#   3.12: comprehensions are inlined (PEP 709), so their reads are the function's own
#         LOAD_FAST/LOAD_GLOBAL, and LOAD_FAST_AND_CLEAR saves a shadowed local around them;
#         LOAD_SUPER_ATTR reads ``super().name`` (not a chain: it ends one);
#         LOAD_CLASSDEREF became LOAD_FROM_DICT_OR_DEREF, LOAD_FROM_DICT_OR_GLOBALS is new.
#   3.13: LOAD_FAST_LOAD_FAST, STORE_FAST_LOAD_FAST and STORE_FAST_STORE_FAST carry two
#         names (``x + self.scale`` loads ``x`` and ``self`` in one instruction).
#   3.14: LOAD_FAST_BORROW (and its pair), LOAD_SMALL_INT for small constants, and a
#         subscript is BINARY_OP with the NB_SUBSCR operator.
# Every instruction that names a global, attribute, local or cell (``dis.hasname``,
# ``haslocal``, ``hasfree``) must be one ``_ops`` knows; any other (a Python newer than
# these) raises _UnknownBytecode, and the compiled function is guarded conservatively
# (Sources.find: every call captures afresh, with one warning) rather than guarding less.

class _UnknownBytecode(Exception):
    """An instruction that reads names in a way the reader does not know."""


_GLOBAL_LOADS = frozenset(("LOAD_GLOBAL", "LOAD_NAME", "LOAD_FROM_DICT_OR_GLOBALS"))
_DEREF_LOADS = frozenset(("LOAD_DEREF", "LOAD_CLASSDEREF", "LOAD_FROM_DICT_OR_DEREF"))
_FAST_LOADS = frozenset(("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_BORROW"))
_FAST_PAIRS = frozenset(("LOAD_FAST_LOAD_FAST", "LOAD_FAST_BORROW_LOAD_FAST_BORROW"))
_ATTR_LOADS = frozenset(("LOAD_ATTR", "LOAD_METHOD"))
_FAST_STORES = frozenset(("STORE_FAST", "DELETE_FAST", "STORE_FAST_MAYBE_NULL"))
_DEREF_STORES = frozenset(("STORE_DEREF", "DELETE_DEREF"))
# Known instructions naming something that are no step of a chain: they end one.
_OTHER_NAMED = frozenset((
    "STORE_ATTR", "DELETE_ATTR", "STORE_GLOBAL", "DELETE_GLOBAL", "STORE_NAME", "DELETE_NAME",
    "IMPORT_NAME", "IMPORT_FROM", "LOAD_CLOSURE", "MAKE_CELL", "LOAD_FAST_AND_CLEAR",
    "LOAD_SUPER_ATTR", "LOAD_SUPER_METHOD", "LOAD_ZERO_SUPER_ATTR", "LOAD_ZERO_SUPER_METHOD"))
_NAMED_OPS = frozenset(dis.opname[o] for o in set(dis.hasname) | set(dis.haslocal)
                       | set(getattr(dis, "hasfree", ())))
_SKIPPED = frozenset(("CACHE", "EXTENDED_ARG", "NOP", "NOT_TAKEN"))
_KNOWN_NAMED = (_GLOBAL_LOADS | _DEREF_LOADS | _FAST_LOADS | _FAST_PAIRS | _ATTR_LOADS
                | _FAST_STORES | _DEREF_STORES | _OTHER_NAMED
                | {"STORE_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST"})


def _is_subscript(ins) -> bool:
    if ins.opname == "BINARY_SUBSCR":
        return True
    if ins.opname == "BINARY_OP":  # 3.14: a subscript is the binary operator NB_SUBSCR
        ops = getattr(dis, "_nb_ops", None)
        try:
            return ops[ins.arg][0] == "NB_SUBSCR" if ops is not None else ins.argrepr == "[]"
        except (IndexError, TypeError):
            return False
    return False


def _ops(code):
    """``code``'s instructions as steps, the same on every Python (Note [Reading bytecode
    across Python versions]): ('global' | 'deref' | 'fast' | 'attr' | 'store_fast' |
    'store_deref', name), ('const', value), ('subscr', None), ('skip', None) or
    ('other', None). Raises _UnknownBytecode on an instruction naming something that is none
    of these."""
    for ins in dis.get_instructions(code):
        op, arg = ins.opname, ins.argval
        if op in _GLOBAL_LOADS:
            yield "global", arg
        elif op in _DEREF_LOADS:
            yield "deref", arg
        elif op in _FAST_LOADS:
            yield "fast", arg
        elif op in _ATTR_LOADS:
            yield "attr", arg
        elif op == "LOAD_CONST" or op == "LOAD_SMALL_INT":
            yield "const", arg
        elif _is_subscript(ins):
            yield "subscr", None
        elif op in _SKIPPED:
            yield "skip", None
        elif op in _FAST_STORES:
            yield "store_fast", arg
        elif op in _DEREF_STORES:
            yield "store_deref", arg
        elif op in _FAST_PAIRS or op in ("STORE_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST"):
            if not (type(arg) is tuple and len(arg) == 2):
                raise _UnknownBytecode(f"{op} {arg!r}")
            first = "fast" if op in _FAST_PAIRS else "store_fast"
            second = "store_fast" if op == "STORE_FAST_STORE_FAST" else "fast"
            yield first, arg[0]
            yield second, arg[1]
        elif op in _OTHER_NAMED:
            yield "other", None
        elif op in _NAMED_OPS:
            raise _UnknownBytecode(op)
        else:
            yield "other", None


def _chains(code):
    """The (root, steps) chains loaded by ``code``'s instructions: root ('global', name),
    ('deref', name) or ('fast', name), then attribute loads and constant subscripts."""
    out = []
    chain = None
    pending = _MISSING
    for kind, arg in _ops(code):
        if chain is not None:
            if kind == "attr" and pending is _MISSING:
                chain[1].append((_ATTR, arg))
                continue
            if kind == "const" and pending is _MISSING:
                pending = arg
                continue
            if kind == "subscr" and pending is not _MISSING:
                try:
                    hash(pending)
                except TypeError:
                    pass
                else:
                    chain[1].append((_ITEM, pending))
                    pending = _MISSING
                    continue
            if kind == "skip":
                continue
            out.append((chain[0], tuple(chain[1])))
            chain, pending = None, _MISSING
        if kind in ("global", "deref", "fast") and isinstance(arg, str):
            chain = [(kind, arg), []]
    if chain is not None:
        out.append((chain[0], tuple(chain[1])))
    return out


def _stored(code, nested) -> set:
    """The names rebound by ``code`` (its locals) or by any code nested in it (cells)."""
    return {name for c in nested for kind, name in _ops(c)
            if kind == "store_deref" or kind == "store_fast" and c is code}
