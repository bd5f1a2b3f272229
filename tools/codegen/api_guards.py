"""The guards of Note [Binding tiers] (in ``api_python``): for one argument, a cheap Python test
that a value can be passed to the op as it is, with no conversion by the runtime's parser.

    >>> from tools.codegen.model import Argument
    >>> guard(Argument.parse("Scalar? alpha"), "alpha", False)
    '(alpha is None or alpha.__class__ in _NUM)'
    >>> arg_guard(Argument.parse("int[1]? dim=None"), "dim", False)
    'dim is None'
"""

from __future__ import annotations

from .model import Argument, BaseTy, BaseType, ListType, OptionalType, Type


def guard(arg: Argument, value: str, numbers_ok: bool) -> str | None:
    """A cheap Python test that ``value`` is acceptable for ``arg`` as it is (no conversion),
    or None when only the full parser can decide."""
    t = arg.type
    optional = isinstance(t, OptionalType)
    inner = t.elem if isinstance(t, OptionalType) else t
    test = _plain_guard(inner, value, numbers_ok)
    if test is None:
        return f"{value} is None" if optional else None
    return f"({value} is None or {test})" if optional else test


def _plain_guard(t: Type, value: str, numbers_ok: bool) -> str | None:
    if isinstance(t, ListType):
        if t.elem.is_tensor_like():
            return f"{value}.__class__ in _SEQ"  # elements are checked by dispatch_key
        return None  # int lists: the parser converts (a lone int, tuples, lists)
    if isinstance(t, OptionalType):
        return None
    base = t.base_type().name
    if base is BaseTy.Tensor:
        return f"isinstance({value}, {'_TN' if numbers_ok else '_T'})"
    return {
        BaseTy.Scalar: f"{value}.__class__ in _NUM",
        BaseTy.int: f"{value}.__class__ is int",
        BaseTy.SymInt: f"{value}.__class__ is int",
        BaseTy.float: f"{value}.__class__ in _FLT",
        BaseTy.bool: f"{value}.__class__ is bool",
        BaseTy.str: f"{value}.__class__ is str",
        BaseTy.ScalarType: f"{value}.__class__ is _DT",
    }.get(base)


def _list_default_guard(arg: Argument, value: str) -> str | None:
    # An int list left at its default: `dim=None` or `dim=[]` passes without the parser.
    if arg.default == "None":
        return f"{value} is None"
    if arg.default == "[]":
        return f"({value}.__class__ is tuple and not {value})"
    return None


def int_list_fast(arg: Argument, p: str) -> tuple[str, str] | None:
    """(guard, value) for an int list given as one int (``x.sum(0)``), as a tuple or list of
    ints (``x.sum((0, 1))``; ``_b.int_seq`` tests the elements), or left at its default; the
    value expression makes it the tuple the parser would have made."""
    lst = arg.type.is_list_like()
    if lst is None or not isinstance(lst.elem, BaseType) or \
            lst.elem.name not in (BaseTy.int, BaseTy.SymInt):
        return None
    tests = [f"{p}.__class__ is int"]
    if arg.type.is_nullable():
        tests.insert(0, f"{p} is None")
    if (lst.size or 1) == 1:
        # A sized list (int[2]) must have its length checked: the parser does that.
        tests.append(f"_b.int_seq({p})")
        value = f"(({p},) if {p}.__class__ is int else tuple({p}) if {p}.__class__ is list else {p})"
    else:
        if arg.default == "[]":
            tests.append(f"({p}.__class__ is tuple and not {p})")
        value = f"(({p},) * {lst.size} if {p}.__class__ is int else {p})"
    return f"({' or '.join(tests)})", value


def arg_guard(arg: Argument, value: str, numbers_ok: bool) -> str | None:
    test = guard(arg, value, numbers_ok)
    if test is None and arg.type.is_list_like() is not None and not arg.type.is_tensor_like():
        test = _list_default_guard(arg, value)
    return test
