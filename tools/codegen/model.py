"""The schema model: PyTorch's function-schema grammar as frozen dataclasses.

This is the bottom layer of the generator; it imports nothing from the rest of ``tools/codegen``.
Every class parsed from text has ``parse(text)`` and a ``__str__`` that prints that text back
exactly. Parsing fails when the two would differ, so the printed form is the canonical spelling.

>>> s = FunctionSchema.parse("abs.out(Tensor self, *, int n=1, Tensor(a!) out) -> Tensor(a!)")
>>> s.kind().value, str(s.name), [a.name for a in s.arguments.out]
('out', 'abs.out', ['out'])
>>> str(s.signature())
'abs(Tensor self, *, int n) -> Tensor'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum


class SchemaError(ValueError):
    """A schema text that does not follow the grammar; the message names the bad piece.

    The loader prefixes ``FILE:LINE: OP:``; this module knows no files.
    """


# ---------------------------------------------------------------------------------------------
# Operator names
# ---------------------------------------------------------------------------------------------

# `__iadd__` is the in-place form of `__add__` only for Python's augmented assignments.
_AUGMENTED = frozenset(
    "add sub mul div mod pow lshift rshift and xor or matmul truediv floordiv".split())
_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DUNDER_RE = re.compile(r"__([A-Za-z0-9]+)__")


def _check_ascii(kind: str, name: str) -> None:
    """One rule for every name: ASCII only. Python would take `relü` but not every name a
    non-ASCII letter can make, C++ compilers and file systems differ, so none is taken."""
    odd = next((c for c in name if not c.isascii()), None)
    if odd is not None:
        raise SchemaError(f"bad {kind} name '{name}': '{odd}' is not ASCII; a name is ASCII "
                          "letters, digits and '_'")


@dataclass(frozen=True, slots=True)
class BaseOperatorName:
    """An operator name without overload: ``add``, ``add_`` or ``__iadd__``.

    >>> BaseOperatorName.parse("__iadd__")
    BaseOperatorName(base='add', inplace=True, dunder_method=True)
    """

    base: str  # the name shared by the functional, in-place and out= forms
    inplace: bool  # written with a trailing `_` (or `__i..__`): mutates `self` and returns it
    dunder_method: bool  # a Python magic method (`__and__`), bound under its dunder name

    @staticmethod
    def parse(text: str) -> BaseOperatorName:
        _check_ascii("operator", text)
        dunder = _DUNDER_RE.fullmatch(text)
        if dunder:
            base = dunder[1]
            inplace = base[0] == "i" and base[1:] in _AUGMENTED
            return BaseOperatorName(base[1:] if inplace else base, inplace, True)
        if not _NAME_RE.fullmatch(text) or text == "_":
            raise SchemaError(f"bad operator name '{text}'; a name is letters, digits and '_', "
                              "not starting with a digit, e.g. 'add', 'add_' or '__iadd__'")
        if text.endswith("_"):
            return BaseOperatorName(text[:-1], True, False)
        return BaseOperatorName(text, False, False)

    def __str__(self) -> str:
        if self.dunder_method:
            return f"__{'i' if self.inplace else ''}{self.base}__"
        return f"{self.base}_" if self.inplace else self.base


@dataclass(frozen=True, slots=True)
class OperatorName:
    """``add.Tensor``: the base name and the overload name (empty for the default overload)."""

    name: BaseOperatorName  # what the operator computes, and whether it is in-place
    overload_name: str  # tells overloads of one name apart; '' prints no dot

    @staticmethod
    def parse(text: str) -> OperatorName:
        base, dot, overload = text.partition(".")
        _check_ascii("overload", overload)
        if dot and not _NAME_RE.fullmatch(overload):
            raise SchemaError(f"bad overload name '{overload}' in operator name '{text}'; an "
                              "overload name is letters, digits and '_', e.g. 'add.Tensor'")
        return OperatorName(BaseOperatorName.parse(base), overload)

    def __str__(self) -> str:
        return f"{self.name}.{self.overload_name}" if self.overload_name else str(self.name)


# ---------------------------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------------------------

class BaseTy(Enum):
    """The base type names of the grammar; the value is the spelling in a schema."""

    Tensor = "Tensor"
    int = "int"
    SymInt = "SymInt"
    SymBool = "SymBool"
    float = "float"
    bool = "bool"
    str = "str"
    Scalar = "Scalar"
    ScalarType = "ScalarType"
    Layout = "Layout"
    Device = "Device"
    DeviceIndex = "DeviceIndex"
    MemoryFormat = "MemoryFormat"
    Generator = "Generator"
    Storage = "Storage"
    Stream = "Stream"
    QScheme = "QScheme"
    Dimname = "Dimname"
    DimVector = "DimVector"
    ConstQuantizerPtr = "ConstQuantizerPtr"
    GraphModule = "GraphModule"


_BASE_TYS = {t.value: t for t in BaseTy}
_KNOWN_TYPES = ", ".join(_BASE_TYS)
_TYPE_RE = re.compile(r"([A-Za-z_]\w*)((?:\?|\[\w*\])*)")
_SUFFIX_RE = re.compile(r"\?|\[(\w*)\]")


class Type:
    """A schema type: ``BaseType``, ``OptionalType`` (``T?``) or ``ListType`` (``T[]``, ``T[2]``).

    >>> t = Type.parse("Tensor?[]")
    >>> t.is_tensor_like(), t.is_nullable(), t.is_list_like() is not None
    (True, False, True)
    """

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Type:
        return _parse_type(text, "")

    def base_type(self) -> BaseType:
        """The innermost base type: ``Tensor`` for ``Tensor?[]``."""
        raise NotImplementedError

    def is_tensor_like(self) -> bool:
        """True for types holding Tensors: ``Tensor``, ``Tensor?``, ``Tensor[]``, ``Tensor?[]``."""
        return self.base_type().name is BaseTy.Tensor

    def is_nullable(self) -> bool:
        """True when the value itself may be None (``T?``); ``Tensor?[]`` is a list, not None."""
        return False

    def is_list_like(self) -> ListType | None:
        """The list type, looking through one ``?`` (``int[]?``); None for non-lists."""
        return None


@dataclass(frozen=True, slots=True)
class BaseType(Type):
    name: BaseTy  # the one closed set of type names the emitters map to targets

    def base_type(self) -> BaseType:
        return self

    def __str__(self) -> str:
        return self.name.value


@dataclass(frozen=True, slots=True)
class OptionalType(Type):
    elem: Type  # the type of the value when it is not None

    def base_type(self) -> BaseType:
        return self.elem.base_type()

    def is_nullable(self) -> bool:
        return True

    def is_list_like(self) -> ListType | None:
        return self.elem.is_list_like()

    def __str__(self) -> str:
        return f"{self.elem}?"


@dataclass(frozen=True, slots=True)
class ListType(Type):
    elem: Type  # the type of each element
    size: int | None  # a fixed length (`int[2]`), or None for any length (`int[]`)

    def base_type(self) -> BaseType:
        return self.elem.base_type()

    def is_list_like(self) -> ListType | None:
        return self

    def __str__(self) -> str:
        return f"{self.elem}[{'' if self.size is None else self.size}]"


def _parse_type(text: str, where: str) -> Type:
    """Parse a type without alias annotation; `where` names the argument for messages."""
    m = _TYPE_RE.fullmatch(text)
    if not m:
        raise SchemaError(f"malformed type '{text}'{where}; a type is a base type followed by "
                          "'?', '[]' or '[N]', e.g. 'int[2]?'")
    base = _BASE_TYS.get(m[1])
    if base is None:
        # `tensor self`, `Int x`: a name the reader sees as right apart from its case.
        same = [t for t in _BASE_TYS if t.lower() == m[1].lower()]
        if same:
            raise SchemaError(f"unknown type '{m[1]}'{where}; types are case-sensitive: write "
                              f"'{same[0]}'")
        raise SchemaError(f"unknown type '{m[1]}'{where}; known types: {_KNOWN_TYPES}")
    t: Type = BaseType(base)
    for suffix in _SUFFIX_RE.finditer(m[2]):
        size = suffix[1]
        if size is None:
            if isinstance(t, OptionalType):
                raise SchemaError(f"type '{text}'{where} is optional twice; write one '?'")
            t = OptionalType(t)
        elif size and not (size.isdigit() and size[0] != "0"):
            raise SchemaError(f"bad list size '{size}' in type '{text}'{where}; a size is a "
                              "positive integer without leading zeros, e.g. 'int[2]'")
        else:
            t = ListType(t, int(size) if size else None)
    return t


# ---------------------------------------------------------------------------------------------
# Alias annotations, arguments and returns
# ---------------------------------------------------------------------------------------------

_ALIAS_SET = r"[a-z]\w*(?:\|[a-z]\w*)*"
_ANNOTATION_RE = re.compile(rf"({_ALIAS_SET})(!?)(?: -> (\*|{_ALIAS_SET}))?")


@dataclass(frozen=True, slots=True)
class Annotation:
    """The alias annotation inside ``Tensor(...)``: ``a``, ``a!``, ``a -> *``, ``a! -> a|b``.

    >>> Annotation.parse("a! -> a|b")
    Annotation(alias_set=('a',), is_write=True, alias_set_after=('a', 'b'))
    """

    alias_set: tuple[str, ...]  # which values may share storage with this one (views, outputs)
    is_write: bool  # `!`: the op writes to this tensor (in-place, out=, mutable args)
    alias_set_after: tuple[str, ...]  # after `->`: what it may alias once the op ran (`*` = any)

    @staticmethod
    def parse(text: str) -> Annotation:
        return _parse_annotation(text, "")

    def __str__(self) -> str:
        after = f" -> {'|'.join(self.alias_set_after)}" if self.alias_set_after else ""
        return f"{'|'.join(self.alias_set)}{'!' if self.is_write else ''}{after}"


def _parse_annotation(text: str, where: str) -> Annotation:
    m = _ANNOTATION_RE.fullmatch(text)
    if not m:
        raise SchemaError(f"bad alias annotation '({text})'{where}; write e.g. (a), (a!), "
                          "(a|b), (a -> *) or (a! -> a|b)")
    after = tuple(m[3].split("|")) if m[3] else ()
    return Annotation(tuple(m[1].split("|")), m[2] == "!", after)


def _typed_str(type_: Type, annotation: Annotation | None) -> str:
    """`Tensor(a!)[]`: the annotation sits right after the base name `Tensor`."""
    text = str(type_)
    if annotation is None:
        return text
    return f"Tensor({annotation}){text[len('Tensor'):]}"


# One piece of an argument or return, loosely: TYPE[(ANNOTATION)]SUFFIX then the rest.
_TYPED_RE = re.compile(r"([^ ()?\[\]]*)(?:\(([^()]*)\))?((?:\?|\[[^\]\s]*\])*)(?: (.*))?", re.S)


def _parse_typed(piece: str, where: str, form: str) -> tuple[Type, Annotation | None, str | None]:
    """Split `Tensor(a!)[] rest` into its type, annotation and the text after the space."""
    m = _TYPED_RE.fullmatch(piece)
    if not m:
        raise SchemaError(f"malformed {where}; write {form}")
    base, annotation, suffix, rest = m.groups()
    where = f" in {where}"
    type_ = _parse_type(base + suffix, where)
    if annotation is None:
        return type_, None, rest
    if base != "Tensor":
        raise SchemaError(f"alias annotation '({annotation})' on non-Tensor type '{base}'"
                          f"{where}; only Tensor types take alias annotations")
    return type_, _parse_annotation(annotation, where), rest


_DEFAULT_RE = re.compile(r"""
    -?(?:\d+(?:\.\d*)?(?:e[-+]?\d+)?|inf)     # numbers: 1, -1, 0.5, 1e-05, inf
  | \[(?:-?[\w.]+(?:,-?[\w.]+)*)?\]          # lists: [], [0,1], [-2,-1]
  | "(?:[^"\\]|\\.)*" | '(?:[^'\\]|\\.)*'    # quoted strings, with backslash escapes
  | [A-Za-z_]\w*                              # None, True, False and enum names (Mean, long)
""", re.X)


@dataclass(frozen=True, slots=True)
class Argument:
    """One argument: ``Tensor(a!) self``, ``Scalar alpha=1``, ``int[2]? blocksize=None``.

    >>> a = Argument.parse("Tensor(a!) out")
    >>> a.name, str(a.type), a.is_write
    ('out', 'Tensor', True)
    """

    name: str  # the keyword a caller uses, and the name formulas and expressions refer to
    type: Type  # decides the binding's conversion and the kernel's parameter
    default: str | None  # the default exactly as written (`1`, `None`, `[0,1]`); None = required
    annotation: Annotation | None  # alias/write information, only on Tensor types

    @staticmethod
    def parse(text: str) -> Argument:
        return _parse_argument(text)

    @property
    def is_write(self) -> bool:
        return self.annotation is not None and self.annotation.is_write

    def __str__(self) -> str:
        default = "" if self.default is None else f"={self.default}"
        return f"{_typed_str(self.type, self.annotation)} {self.name}{default}"


# Schemas repeat a few thousand argument spellings (`Tensor self` ~2,000 times); caching the
# immutable results (here, and for returns and argument lists below) keeps parsing PyTorch's
# 2,584 schemas near 30 ms. Failures are not cached, so every bad schema reports its own error.
@functools.lru_cache(maxsize=None)
def _parse_argument(piece: str) -> Argument:
    head = piece.partition("=")[0]
    if _NAME_RE.fullmatch(head):
        raise SchemaError(f"argument '{head}' has no type; write it as 'Type {piece}'")
    type_, annotation, rest = _parse_typed(
        piece, f"argument '{piece}'", "'Type name' or 'Type name=default', e.g. 'Tensor(a!) self'")
    name, eq, default = (rest or "").partition("=")
    _check_ascii("argument", name)
    if not _NAME_RE.fullmatch(name):
        raise SchemaError(f"bad argument name '{name}' in argument '{piece}'; a name is "
                          "letters, digits and '_', not starting with a digit")
    if eq and not default:
        raise SchemaError(f"argument '{name}' has '=' but no default; write a value after "
                          "'=' or remove the '='")
    if eq and not _DEFAULT_RE.fullmatch(default):
        raise SchemaError(f"bad default '{default}' for argument '{name}'; a default is a "
                          "number, None, True, False, a name, a quoted string or a list "
                          "such as [0,1]")
    return Argument(name, type_, default if eq else None, annotation)


@dataclass(frozen=True, slots=True)
class Return:
    """One returned value: ``Tensor``, ``Tensor(a!)``, ``Tensor values`` (named)."""

    name: str | None  # the field name of a named-tuple result (`values`), or None
    type: Type  # what the op returns
    annotation: Annotation | None  # which input the result aliases (views, in-place, out=)

    @staticmethod
    def parse(text: str) -> Return:
        return _parse_return(text)

    @property
    def is_write(self) -> bool:
        return self.annotation is not None and self.annotation.is_write

    def __str__(self) -> str:
        text = _typed_str(self.type, self.annotation)
        return text if self.name is None else f"{text} {self.name}"


@functools.lru_cache(maxsize=None)
def _parse_return(piece: str) -> Return:
    type_, annotation, name = _parse_typed(
        piece, f"return '{piece}'", "'Type' or 'Type name', e.g. 'Tensor(a) values'")
    if name is not None:
        _check_ascii("return", name)
    if name is not None and not _NAME_RE.fullmatch(name):
        raise SchemaError(f"bad return name '{name}' in return '{piece}'; a name is letters, "
                          "digits and '_', not starting with a digit")
    return Return(name, type_, annotation)


@functools.lru_cache(maxsize=None)
def _parse_returns(text: str) -> tuple[Return, ...]:
    if not text:
        raise SchemaError("missing return type after ' -> '; write '()' when the operator "
                          "returns nothing")
    if not text.startswith("("):
        return (_parse_return(text),)
    if not text.endswith(")"):
        raise SchemaError(f"malformed returns '{text}'; write one return, or several in "
                          "parentheses: '(Tensor values, Tensor indices)'")
    pieces = _split_list(text[1:-1], "returns")
    if len(pieces) == 1:
        raise SchemaError(f"a single return is written without parentheses: write "
                          f"'{pieces[0]}', not '{text}'")
    return tuple(_parse_return(p) for p in pieces)


def _returns_str(returns: tuple[Return, ...]) -> str:
    if len(returns) == 1:
        return str(returns[0])
    return f"({', '.join(map(str, returns))})"


# ---------------------------------------------------------------------------------------------
# Argument lists
# ---------------------------------------------------------------------------------------------

# A comma inside a string or a list default (`str s=", "`) does not separate arguments; only such
# lists need the slower token-by-token split.
_NEEDS_TOKEN_SPLIT = re.compile(r"""["']|\[[^\]]*,""")
_TOKEN_RE = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[\[\]()]|, |[^"'\[\](),]+|.""")


def _split_list(text: str, what: str) -> list[str]:
    """Split `text` at top-level ', '; an empty piece (`a, , b`, `a, `) is an error."""
    if not text:
        return []
    if _NEEDS_TOKEN_SPLIT.search(text):
        pieces = _split_tokens(text)
    else:
        pieces = text.split(", ")
    if "" in pieces:
        raise SchemaError(f"empty entry in {what} '{text}'; remove the extra ', '")
    return pieces


def _split_tokens(text: str) -> list[str]:
    pieces, start, depth = [], 0, 0
    for token in _TOKEN_RE.finditer(text):
        t = token[0]
        if t in "\"'":  # a lone quote: `.` matched it because no closing quote follows
            raise SchemaError(f"unterminated string in '{text}'; close it with {t}")
        if t in "[(":
            depth += 1
        elif t in "])":
            depth -= 1
        elif t == ", " and depth == 0:
            pieces.append(text[start:token.start()])
            start = token.end()
    pieces.append(text[start:])
    return pieces


@dataclass(frozen=True, slots=True)
class Arguments:
    """An argument list, split at ``*`` and by mutability.

    ``out`` holds the keyword-only arguments the op writes (``Tensor(a!) out``); they must come
    after every other keyword-only argument, so the split prints back in the written order.

    >>> a = Arguments.parse("Tensor self, int dim, *, bool keepdim=False, Tensor(a!) out")
    >>> [x.name for x in a.positional], [x.name for x in a.kwarg_only], [x.name for x in a.out]
    (['self', 'dim'], ['keepdim'], ['out'])
    """

    positional: tuple[Argument, ...]  # before `*`: passed by position or keyword
    kwarg_only: tuple[Argument, ...]  # after `*`, not written: keyword-only options
    out: tuple[Argument, ...]  # after `*` and written (`a!`): where an out= op puts its result

    @staticmethod
    def parse(text: str) -> Arguments:
        return _parse_arguments(text)

    @property
    def flat_all(self) -> tuple[Argument, ...]:
        """Every argument, in the written order."""
        return self.positional + self.kwarg_only + self.out

    @property
    def flat_positional(self) -> tuple[Argument, ...]:
        return self.positional

    @property
    def flat_kwarg_only(self) -> tuple[Argument, ...]:
        """Everything after ``*``: the keyword-only options, then the out arguments."""
        return self.kwarg_only + self.out

    @property
    def self_arg(self) -> Argument | None:
        """The positional argument named ``self`` (the method receiver), or None."""
        return next((a for a in self.positional if a.name == "self"), None)

    def mutable_args(self) -> tuple[Argument, ...]:
        """The arguments the op writes (annotated ``!``), in the written order."""
        return tuple(a for a in self.flat_all if a.is_write)

    def __str__(self) -> str:
        parts = [str(a) for a in self.positional]
        if self.kwarg_only or self.out:
            parts.append("*")
            parts.extend(str(a) for a in self.kwarg_only + self.out)
        return ", ".join(parts)


@functools.lru_cache(maxsize=None)
def _parse_arguments(text: str) -> Arguments:
    positional: list[Argument] = []
    kwarg_only: list[Argument] = []
    out: list[Argument] = []
    star = False
    for piece in _split_list(text, "argument list"):
        if piece == "*":
            if star:
                raise SchemaError(f"'*' appears twice in argument list '{text}'; keep the "
                                  "first, which starts the keyword-only arguments")
            star = True
            continue
        arg = _parse_argument(piece)
        if not star:
            positional.append(arg)
        elif arg.is_write:
            out.append(arg)
        elif out:
            raise SchemaError(f"keyword-only argument '{piece}' comes after out argument "
                              f"'{out[-1]}'; out arguments go last")
        else:
            kwarg_only.append(arg)
    if star and not (kwarg_only or out):
        raise SchemaError(f"'*' ends argument list '{text}'; it must be followed by "
                          "keyword-only arguments, or removed")
    args = Arguments(tuple(positional), tuple(kwarg_only), tuple(out))
    seen: set[str] = set()
    for a in args.flat_all:
        if a.name in seen:
            raise SchemaError(f"duplicate argument name '{a.name}' in argument list '{text}'")
        seen.add(a.name)
    return args


# ---------------------------------------------------------------------------------------------
# Schemas, their kinds, and sibling groups
# ---------------------------------------------------------------------------------------------

class SchemaKind(Enum):
    """How a schema delivers its result; values are the `SiblingGroup` field names."""

    functional = "functional"  # returns new tensors, writes nothing
    inplace = "inplace"  # `add_`: writes `self` and returns it
    out = "out"  # `add.out`: writes keyword-only out arguments and returns them
    mutable = "mutable"  # writes positional arguments without being named in-place


# out= variants of factory functions leave these out, so `signature()` drops them to pair
# `arange(..., *, ScalarType? dtype=None, ...)` with `arange.out(..., *, Tensor(a!) out)`.
_TENSOR_OPTIONS = frozenset({("dtype", "ScalarType?"), ("layout", "Layout?"),
                             ("device", "Device?"), ("pin_memory", "bool?")})


@dataclass(frozen=True, slots=True)
class FunctionSchema:
    """A whole operator schema: ``name.overload(arguments) -> returns``.

    >>> s = FunctionSchema.parse("max.dim(Tensor self, int dim) -> (Tensor values, Tensor indices)")
    >>> [r.name for r in s.returns], s.kind().value
    (['values', 'indices'], 'functional')
    """

    name: OperatorName  # identifies the op and overload (`add.Tensor`) in tables and messages
    arguments: Arguments  # what callers pass, split into positional / keyword-only / out
    returns: tuple[Return, ...]  # what the op returns; () for nothing

    @staticmethod
    def parse(text: str) -> FunctionSchema:
        try:
            return _parse_schema(text)
        except SchemaError as error:
            canonical = _respace(text)
            if canonical == text or not _parses(canonical):
                raise
            raise SchemaError(f"schema '{text}' is not in canonical form; write "
                              f"'{canonical}'") from error

    def kind(self) -> SchemaKind:
        """In-place by name first, then out= by out arguments, then mutable by any written
        positional argument (unlike torchgen, this counts `self` of `record_stream`)."""
        if self.name.name.inplace:
            return SchemaKind.inplace
        if self.arguments.out:
            return SchemaKind.out
        if any(a.is_write for a in self.arguments.positional):
            return SchemaKind.mutable
        return SchemaKind.functional

    def is_out_fn(self) -> bool:
        return bool(self.arguments.out)

    def signature(self) -> FunctionSchema:
        """The form shared by an op's functional, in-place, out= and mutable variants.

        Drops the overload name, the in-place `_` (and a `_functional` suffix), out
        arguments, alias annotations, defaults, return names and the factory options (dtype,
        layout, device, pin_memory). Written inputs that no return aliases become extra
        returns, so a mutable op matches the functional variant that returns them instead.

        >>> s = FunctionSchema.parse("add_.Scalar(Tensor(a!) self, Scalar other=1) -> Tensor(a!)")
        >>> str(s.signature())
        'add(Tensor self, Scalar other) -> Tensor'
        """
        args = self.arguments
        returned = {r.annotation for r in self.returns}
        self_arg = args.self_arg
        written = ([self_arg] if self_arg is not None else []) + list(args.out) + [
            a for a in args.positional if a is not self_arg]
        extra = tuple(Return(None, a.type, None) for a in written
                      if a.is_write and a.annotation not in returned)
        kwarg_only = args.kwarg_only
        if _TENSOR_OPTIONS <= {(a.name, str(a.type)) for a in kwarg_only}:
            kwarg_only = tuple(
                a for a in kwarg_only if (a.name, str(a.type)) not in _TENSOR_OPTIONS)
        # PyTorch names a functional variant `op_functional` when plain `op` is taken by an
        # overload with the same arguments (`normal_functional` beside `normal_`).
        base = self.name.name.base.removesuffix("_functional")
        return FunctionSchema(
            OperatorName(BaseOperatorName(base, False, self.name.name.dunder_method), ""),
            Arguments(_bare(args.positional), _bare(kwarg_only), ()),
            tuple(Return(None, r.type, None) for r in self.returns) + extra)

    def __str__(self) -> str:
        return f"{self.name}({self.arguments}) -> {_returns_str(self.returns)}"


def _bare(args: tuple[Argument, ...]) -> tuple[Argument, ...]:
    return tuple(Argument(a.name, a.type, None, None) for a in args)


_SHAPE_HELP = "a schema looks like 'name.overload(Type arg, ...) -> Type'"
_QUOTED_RE = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'""")


def _parse_schema(text: str) -> FunctionSchema:
    bare = _QUOTED_RE.sub("", text) if ('"' in text or "'" in text) else text
    if bare.count("(") != bare.count(")"):
        raise SchemaError(f"unbalanced parentheses in '{text}'")
    if bare.count("[") != bare.count("]"):
        raise SchemaError(f"unbalanced brackets in '{text}'")
    open_ = text.find("(")
    arrow = text.find(" -> ")
    if open_ == -1 or -1 < arrow < open_:
        raise SchemaError(f"missing argument list after the operator name in '{text}'; "
                          f"{_SHAPE_HELP}")
    close = text.rfind(") -> ")
    if close == -1:
        raise SchemaError(f"missing ' -> ' and the return type in '{text}'; {_SHAPE_HELP}")
    name = OperatorName.parse(text[:open_])
    arguments = _parse_arguments(text[open_ + 1:close])
    if name.name.inplace and arguments.out:
        raise SchemaError(f"in-place operator '{name}' has out arguments "
                          f"({', '.join(a.name for a in arguments.out)}); an operator is "
                          "either in-place (name ends in '_') or out=, not both")
    schema = FunctionSchema(name, arguments, _parse_returns(text[close + 5:]))
    # Each piece above is parsed strictly, so this holds by construction today; the check keeps
    # the round-trip promise (printed form == canonical spelling) if the grammar grows.
    if str(schema) != text:
        raise SchemaError(f"schema '{text}' is not in canonical form; write '{schema}'")
    return schema


def _respace(text: str) -> str:
    """The text with canonical spacing, to suggest when a schema fails only on spaces."""
    if '"' in text or "'" in text:
        return text  # spaces inside strings are significant; make no guess
    s = re.sub(r"\s*(->|[()\[\],=|!?*])\s*", r"\1", " ".join(text.split()))
    s = s.replace(",", ", ").replace("->", " -> ")
    return re.sub(r"\[[^\[\]]*\]", lambda m: m[0].replace(", ", ","), s)


def _parses(text: str) -> bool:
    try:
        _parse_schema(text)
    except SchemaError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class SiblingGroup:
    """The variants of one operator that share a `FunctionSchema.signature()`."""

    functional: FunctionSchema | None = None  # returns fresh outputs
    inplace: FunctionSchema | None = None  # `op_`: writes self
    out: FunctionSchema | None = None  # `op.out`: writes the out arguments
    mutable: FunctionSchema | None = None  # writes positional arguments under a plain name


_KIND_WORDS = {SchemaKind.functional: "functional", SchemaKind.inplace: "in-place",
               SchemaKind.out: "out=", SchemaKind.mutable: "mutable"}


def group_siblings(schemas: Iterable[FunctionSchema]) -> dict[FunctionSchema, SiblingGroup]:
    """Group schemas by signature, matching by arguments and returns, never by overload name.

    >>> groups = group_siblings(FunctionSchema.parse(s) for s in [
    ...     "abs(Tensor self) -> Tensor", "abs_(Tensor(a!) self) -> Tensor(a!)",
    ...     "abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)"])
    >>> [str(g.out.name) for g in groups.values()]
    ['abs.out']
    """
    found: dict[FunctionSchema, dict[SchemaKind, FunctionSchema]] = {}
    for schema in schemas:
        signature = schema.signature()
        kinds = found.setdefault(signature, {})
        kind = schema.kind()
        if kind in kinds:
            raise SchemaError(f"'{kinds[kind].name}' and '{schema.name}' are both "
                              f"{_KIND_WORDS[kind]} variants of '{signature}'; keep one")
        kinds[kind] = schema
    return {signature: SiblingGroup(**{k.value: s for k, s in kinds.items()})
            for signature, kinds in found.items()}
