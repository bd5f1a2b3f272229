"""Read a YAML file into plain Python values that remember their line numbers.

The loader needs the line of every key so that each error can point at it, and it needs to be
fast enough to read PyTorch's 2,584-entry native_functions.yaml well under torchgen's time.
PyYAML's usual way to keep lines (a Python ``construct_mapping`` override) runs the whole
constructor in Python; instead we let libyaml's composer (``CSafeLoader``) build the node tree
in C and convert the nodes ourselves in one small recursive pass.

    >>> doc = parse_yaml("- func: relu(Tensor self) -> Tensor\\n  dtypes: all\\n", "f.yaml")
    >>> entry = doc[0]
    >>> entry["dtypes"], entry.line, entry.key_lines["dtypes"]
    ('all', 1, 2)

Mappings become ``YMap`` (a dict with ``line`` and ``key_lines``), sequences ``YList`` (a list
with ``line`` and ``item_lines``), scalars plain ``str``/``int``/``float``/``bool``/``None``
exactly as ``yaml.safe_load`` would type them. Lines are 1-based.
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .yaml_guard import MAX_BYTES, MAX_DEPTH, YamlSyntaxError, check_depth, reader_error, screen

# Reading one byte more than allowed is enough to tell a file that is too large.
MAX_BYTES_PLUS_ONE = MAX_BYTES + 1

__all__ = ["YamlSyntaxError", "YMap", "YList", "parse_yaml", "read_yaml", "describe",
           "KeyReader"]

_STR_TAG = "tag:yaml.org,2002:str"

# PyYAML's own YAML 1.1 implicit typing table (first character -> [(tag, regexp)]), so that
# `true`, `1`, `~` and friends get the same types as under yaml.safe_load.
# First character -> [(tag, pattern)], PyYAML's YAML 1.1 typing of plain scalars.
_IMPLICIT: dict[str, list[tuple[str, re.Pattern[str]]]] = (
    yaml.resolver.Resolver.yaml_implicit_resolvers)

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YMap(dict[str, Any]):
    """A YAML mapping: ``dict`` of key text -> value, plus where each key was written.

    ``problems`` lists (line, message) for things a dict cannot hold (a repeated key, a key that
    is not a scalar); the loader reports them against the entry they belong to.
    """

    __slots__ = ("line", "key_lines", "problems")

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[str, int] = {}
        self.problems: list[tuple[int, str]] = []


class YList(list[Any]):
    """A YAML sequence: ``list`` of values plus the line of each item."""

    __slots__ = ("line", "item_lines")

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.item_lines: list[int] = []


# Tag the resolver gives every untagged node; the converter types plain scalars itself.
_UNRESOLVED = "?"


class _NodeLoader(_Loader):
    """libyaml composer whose resolver does no work.

    libyaml calls back into Python to resolve the tag of every node. The stock resolver also
    tracks the node path for "path resolvers" (nobody registers any) and types every key,
    although we only need the key's text. Typing values lazily in ``_Converter`` instead makes
    composing PyTorch's file about a third faster.
    """

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass

    def resolve(self, kind: type, value: Any, implicit: tuple[bool, bool]) -> str:
        return _UNRESOLVED


def _plain_scalar_tag(value: str) -> str:
    """YAML 1.1 typing of an unquoted scalar, as yaml.safe_load does it."""
    for tag, regexp in _IMPLICIT.get(value[:1], ()):
        if regexp.match(value):
            return tag
    return _STR_TAG


def parse_yaml(text: str, name: str = "<string>") -> Any:
    """Parse one YAML document into located values; raise ``YamlSyntaxError`` when invalid
    or outside what we accept (Note [Hostile YAML] in yaml_guard.py)."""
    check_depth(text)
    try:
        node = yaml.compose(text, Loader=_NodeLoader)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc) from None
    except yaml.reader.ReaderError as exc:
        raise reader_error(exc, text) from None
    if node is None:  # empty document
        return None
    return _Converter().convert(node)


def read_yaml(path: str | os.PathLike[str]) -> Any:
    """``parse_yaml`` of a file, screened first (its size, NUL bytes, UTF-8)."""
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES_PLUS_ONE)
    return parse_yaml(screen(data), os.fspath(path))


def _syntax_error(exc: yaml.MarkedYAMLError) -> YamlSyntaxError:
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    problem = exc.problem or exc.context or "invalid YAML"
    if exc.context and exc.problem:
        problem = f"{exc.problem} ({exc.context})"
    return YamlSyntaxError(line, column, problem)


class _Converter:
    """Turns a composed node tree into YMap/YList/scalars."""

    def __init__(self) -> None:
        # Only scalars that are not strings (rare: `true`, `3`, `~`) go through PyYAML's
        # constructor, which knows YAML 1.1's spellings of booleans, ints and floats.
        self._constructor = yaml.constructor.SafeConstructor()
        # Nodes being converted right now, for the depth bound.
        self._open: set[int] = set()
        # Every node converted so far: meeting one again means an alias (`*a`), which could
        # repeat a value exponentially often (Note [Hostile YAML] in yaml_guard.py).
        self._seen: set[int] = set()

    def convert(self, node: Any, line: int | None = None) -> Any:
        """``node`` as a value; ``line`` is where it is used (a key's line), when known."""
        if id(node) in self._seen:
            anchor = node.start_mark.line + 1
            at = line if line is not None else anchor
            raise YamlSyntaxError(at, 1, f"an alias ('*name') repeats the value anchored on "
                                  f"line {anchor}; aliases are not supported",
                                  "write the value out where it is needed")
        self._seen.add(id(node))
        if isinstance(node, ScalarNode):
            if node.tag == _UNRESOLVED:
                # Quoted and block scalars are always text (libyaml's plain style is '').
                tag = _STR_TAG if node.style else _plain_scalar_tag(node.value)
                if tag == _STR_TAG:
                    return node.value
                node.tag = tag
            try:
                return self._constructor.construct_object(node, deep=True)
            except yaml.MarkedYAMLError as exc:  # e.g. an unknown explicit tag `!foo`
                raise _syntax_error(exc) from None
        if len(self._open) >= MAX_DEPTH:
            line, column = node.start_mark.line + 1, node.start_mark.column + 1
            raise YamlSyntaxError(line, column, f"nesting deeper than {MAX_DEPTH} levels",
                                  "a spec entry nests a few levels; flatten it")
        self._open.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return self._sequence(node)
            return self._mapping(node)
        finally:
            self._open.discard(id(node))

    def _sequence(self, node: SequenceNode) -> YList:
        out = YList(node.start_mark.line + 1)
        for item in node.value:
            # An alias item starts where its anchor was: at the earliest, it is used on the
            # line of the item before it.
            used = max(item.start_mark.line + 1, out.item_lines[-1] if out.item_lines else out.line)
            out.item_lines.append(item.start_mark.line + 1)
            out.append(self.convert(item, used))
        return out

    def _mapping(self, node: MappingNode) -> YMap:
        out = YMap(node.start_mark.line + 1)
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, ScalarNode):
                out.problems.append((line, "a key must be a plain name, not a list or mapping"))
                continue
            # Keys stay as written (`True:` is the text 'True'), so an odd key is reported
            # verbatim as unknown rather than silently becoming a bool.
            key = key_node.value
            if key in out:
                out.problems.append(
                    (line, f"key '{key}' repeats the one on line {out.key_lines[key]}")
                )
                continue
            out.key_lines[key] = line
            out[key] = self.convert(value_node, line)
        return out


def describe(value: Any) -> str:
    """How a YAML value reads in a message: 'a list', 'true', 'the number 3', "the text 'x'"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value}'"
    return "a mapping" if isinstance(value, dict) else "a list"


class KeyReader:
    """Reads one mapping as "consume, then reject leftovers".

    Each known key is taken with a type check; problems go to ``report(line, text)`` with the
    key's line, and ``failed`` remembers that there were some. Whatever was never taken is an
    unknown key.

        >>> seen = []
        >>> keys = KeyReader(parse_yaml("a: 1\\nb: x\\n"), lambda line, text: seen.append(line))
        >>> keys.take("b", (int,), "a number"), keys.leftovers(), seen
        (None, ['a'], [2])
    """

    def __init__(self, data: YMap, report: Callable[[int, str], None]) -> None:
        self.data = data
        self.report = report
        self.taken: set[str] = set()
        self.failed = False

    def line(self, key: str) -> int:
        """The key's line, or the mapping's first line when the key is absent."""
        return self.data.key_lines.get(key, self.data.line)

    def error(self, where: str | int, text: str) -> None:
        """Report at a key's line (``where`` a str) or at an explicit line (an int)."""
        self.failed = True
        self.report(self.line(where) if isinstance(where, str) else where, text)

    def take(self, key: str, kinds: tuple[type, ...], what: str, default: Any = None) -> Any:
        """``data[key]`` when it is one of ``kinds``; else report and return ``default``."""
        self.taken.add(key)
        if key not in self.data:
            return default
        value = self.data[key]
        # bool is an int in Python; accept it only where bool itself is asked for.
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            self.error(key, f"'{key}:' must be {what}; found {describe(value)}")
            return default
        return value

    def take_texts(self, key: str, what: str) -> tuple[str, ...]:
        """A value written as one string or as a list of strings."""
        value = self.take(key, (str, list), what, ())
        if isinstance(value, str):
            return (value,)
        for item, line in zip(value, getattr(value, "item_lines", ())):
            if not isinstance(item, str):
                self.error(line, f"'{key}:' items must be text; found {describe(item)}")
        return tuple(item for item in value if isinstance(item, str))

    def leftovers(self) -> list[str]:
        return [key for key in self.data if key not in self.taken]
