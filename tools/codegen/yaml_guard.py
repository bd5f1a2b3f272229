"""Screen a YAML file's bytes before PyYAML sees them.

Note [Hostile YAML]
The spec files are input like any other: a truncated download, a binary file under the wrong
name or a crafted file must end in one ``FILE:LINE: what; what to do`` message, never in a
traceback, a hang or a crash. PyYAML alone does not give that:

* its C composer recurses once per nesting level, and about 50,000 nested ``[`` overflow the C
  stack (a segfault, which no ``except`` catches), so the depth is bounded here, before
  composing, from the text itself;
* an alias bomb (``&a [*a, *a]`` nine levels deep) composes in linear time but expands
  exponentially; the converter in yaml_lines.py refuses every alias, which our files never need;
* undecodable bytes and NUL bytes raise errors without a line; they are located here;
* a file far larger than any spec (PyTorch's has 0.6 MB) is refused before it is read whole.

    >>> screen(b"- func: relu(Tensor self) -> Tensor\\n")
    '- func: relu(Tensor self) -> Tensor\\n'
    >>> check_depth("- a\\n- [[[[x]]]]\\n", max_depth=3)
    Traceback (most recent call last):
    ...
    tools.codegen.yaml_guard.YamlSyntaxError: line 2, column 5: nesting deeper than 3 levels
"""

from __future__ import annotations

import re
from typing import Any

import yaml

# Far above any real spec (PyTorch's native_functions.yaml is 0.6 MB), far below trouble.
MAX_BYTES = 16 * 1024 * 1024
# Our files nest three levels deep, PyTorch's five; libyaml's composer crashes in the
# tens of thousands.
MAX_DEPTH = 100

_OPEN = {"BlockSequenceStartToken", "BlockMappingStartToken", "FlowSequenceStartToken",
         "FlowMappingStartToken"}
_CLOSE = {"BlockEndToken", "FlowSequenceEndToken", "FlowMappingEndToken"}


class YamlSyntaxError(Exception):
    """The text is not valid YAML, or not YAML we accept. ``line``/``column`` are 1-based;
    ``problem`` is what is wrong; ``advice``, when given, what to do about it."""

    def __init__(self, line: int, column: int, problem: str, advice: str | None = None) -> None:
        super().__init__(f"line {line}, column {column}: {problem}")
        self.line = line
        self.column = column
        self.problem = problem
        self.advice = advice


def screen(data: bytes) -> str:
    """The file's text, checked for what PyYAML reports without a line (Note [Hostile YAML]);
    ``check_depth`` is the other half, run on every text before composing."""
    if len(data) > MAX_BYTES:
        raise YamlSyntaxError(1, 1, f"the file has {len(data):,} bytes, more than the "
                              f"{MAX_BYTES:,} a spec file may have",
                              "check that this is the right file")
    nul = data.find(b"\0")
    if nul >= 0:
        line, column = _position(data, nul)
        raise YamlSyntaxError(line, column, "the file holds a NUL byte, so it is not text",
                              "remove it, or check that this is the right file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start)
        raise YamlSyntaxError(line, column, f"byte 0x{data[exc.start]:02x} is not UTF-8 text",
                              "save the file as UTF-8") from None
    return text


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Raise YamlSyntaxError when collections nest deeper than ``max_depth``.

    A cheap upper bound first: block collections nest only by starting further right, so
    their depth is at most the longest run of spaces and indicators ('-', '?', ':') that
    starts a line (plus one for a mapping after it); flow collections at most the deepest run of unclosed brackets,
    counted even inside quotes. Only a file over that bound is scanned token by token, with
    libyaml's scanner, which does not recurse."""
    prefix = max((len(m[0]) for m in re.finditer(r"^[ \t?:-]*", text, re.MULTILINE)), default=0)
    if prefix + 2 + _bracket_depth(text) <= max_depth:
        return
    try:
        _scan_depth(text, max_depth, getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        # libyaml's scanner has limits of its own that vary by release (PyYAML 6.0.4's
        # refuses ~1,000 open block levels, its error naming no line we control), and it
        # reads ahead before handing tokens over. The pure-Python scanner reads the same
        # tokens one at a time with no limit, so the refusal is ours on every PyYAML.
        try:
            _scan_depth(text, max_depth, yaml.SafeLoader)
        except yaml.YAMLError:
            return  # a syntax error: the parser reports it, with its line, before any depth


def _scan_depth(text: str, max_depth: int, loader: Any) -> None:
    depth = 0
    for token in yaml.scan(text, Loader=loader):
        kind = type(token).__name__
        if kind in _OPEN:
            depth += 1
            if depth > max_depth:
                mark = token.start_mark
                raise YamlSyntaxError(mark.line + 1, mark.column + 1, f"nesting deeper "
                                      f"than {max_depth} levels",
                                      "a spec entry nests a few levels; flatten it")
        elif kind in _CLOSE:
            depth -= 1


def _bracket_depth(text: str) -> int:
    depth = deepest = 0
    for m in re.finditer(r"[\[\]{}]", text):
        depth = depth + 1 if m[0] in "[{" else max(depth - 1, 0)
        deepest = max(deepest, depth)
    return deepest


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based (line, column in bytes) of a byte offset."""
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - start + 1


def reader_error(exc: Any, text: str) -> YamlSyntaxError:
    """A libyaml reader error (a control character it refuses) with its line and column."""
    position = getattr(exc, "position", 0) or 0
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    character = getattr(exc, "character", None)
    code = ord(character) if isinstance(character, str) else character
    shown = f"U+{code:04X}" if isinstance(code, int) else repr(code)
    return YamlSyntaxError(line, column, f"the control character {shown} is not allowed in "
                           "YAML", "remove it, or write it as an escape in a quoted string")
