"""What to do about a YAML syntax error: the hint that follows libyaml's own words.

libyaml says where it gave up ("did not find expected key", "mapping values are not allowed
in this context"), which is often a line after the real slip, and never why. In our files the
usual why is one of two: an unquoted value holding ': ' (load_entries handles that), or a line
indented differently from its neighbours. ``indentation_hint`` recognises the second.

    >>> lines = ["- func: relu(Tensor self) -> Tensor", "  variants: function", "   dtypes: all"]
    >>> print(indentation_hint(lines, 3, "mapping values are not allowed in this context"))
    line 3 is indented 3 spaces and line 2 above it 2 spaces; the keys of one mapping line up (an entry's under its first key), and each entry starts with '- ' at the start of a line
"""

from __future__ import annotations

# libyaml's words when the block structure (which indentation decides) does not add up.
_STRUCTURE = ("did not find expected key", "did not find expected '-'",
              "mapping values are not allowed", "block sequence entries are not allowed")


def indentation_hint(lines: list[str], line: int, problem: str) -> str | None:
    """Why the error at 1-based ``line`` is likely an indentation slip, or None."""
    if not 1 <= line <= len(lines):
        return None
    text = lines[line - 1]
    if "\t" in text[: len(text) - len(text.lstrip())]:  # whatever libyaml made of it
        return f"line {line} is indented with a tab; YAML indents with spaces only"
    above = _content_line_above(lines, line)
    if not any(p in problem for p in _STRUCTURE) or above is None:
        return None
    what = ("the keys of one mapping line up (an entry's under its first key), and each "
            "entry starts with '- ' at the start of a line")
    here, (there, is_item) = _indent(text), _key_column(lines[above - 1])
    opens_block = lines[above - 1].rstrip().endswith(":")
    if text.lstrip().startswith("- "):
        if here == there and here > 0 and not opens_block:
            return (f"line {line} starts a new entry with '- ' but is indented like the keys "
                    f"above it; {what}")
        item = _item_line_above(lines, line)
        if item is not None and _indent(lines[item - 1]) != here and not opens_block:
            return (f"line {line} starts an entry indented {_spaces(here)} and the entry on "
                    f"line {item} {_spaces(_indent(lines[item - 1]))}; {what}")
        return None
    if here != there and not (opens_block and here > there):
        key = "the key on line" if is_item else "line"
        return (f"line {line} is indented {_spaces(here)} and {key} {above} above it "
                f"{_spaces(there)}; {what}")
    return None


def _key_column(text: str) -> tuple[int, bool]:
    """Where the keys of the line's mapping start, and whether the line starts an item
    (``- func: ...`` has its key two columns after the '-')."""
    body = text.lstrip(" ")
    if not body.startswith("- "):
        return len(text) - len(body), False
    rest = body.lstrip("- ")
    return len(text) - len(rest), True


def _item_line_above(lines: list[str], line: int) -> int | None:
    for n in range(line - 1, 0, -1):
        if lines[n - 1].lstrip(" ").startswith("- "):
            return n
    return None


def _content_line_above(lines: list[str], line: int) -> int | None:
    for n in range(line - 1, 0, -1):
        stripped = lines[n - 1].strip()
        if stripped and not stripped.startswith("#"):
            return n
    return None


def _spaces(n: int) -> str:
    return "1 space" if n == 1 else f"{n} spaces"


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))
