"""Reading ``aten_lite/vocab/manifest.py`` (Note [The runtime manifest] there) without importing
anything: each top-level assignment is evaluated with ``ast.literal_eval``.

    >>> m = read_text("SHAPE_RULES = ('mm',)\\nKERNELS = {'CPU': ('relu_cpu',)}\\n", "m.py")
    >>> sorted(m.shape_rules), dict(m.kernels), m.helpers
    (['mm'], {'CPU': frozenset({'relu_cpu'})}, None)
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from . import vocab

MANIFEST = Path("aten_lite") / "vocab/manifest.py"  # relative to the runtime root
# The end of a hint about a runtime name the manifest lacks.
MANIFEST_HINT = "list it in aten_lite/vocab/manifest.py (python -m tools.runtime_manifest --write)"


class ManifestError(Exception):
    """A manifest that is not the data the generator expects: ``FILE:LINE: what; what to do``."""

    def __init__(self, file: str, line: int, text: str) -> None:
        super().__init__(f"{file}:{line}: {text}")
        self.file, self.line, self.text = file, line, text


@dataclass(frozen=True)
class Manifest:
    """What the manifest declares; a part it leaves out is None, and its check is skipped."""

    namespace: frozenset[str] | None = None  # names aten_lite defines by hand
    tensor_attrs: frozenset[str] | None = None  # Tensor's hand-written attributes
    shape_rules: frozenset[str] | None = None  # functions of aten_lite/rules/shapes/
    # formula helper -> its parameter list as Python text, '(grad, shape, dim=0)'
    helpers: Mapping[str, str] | None = None
    # dispatch key -> functions of that backend module
    kernels: Mapping[str, frozenset[str]] | None = field(default=None)


_NAMES = {"NAMESPACE": "namespace", "TENSOR_ATTRIBUTES": "tensor_attrs",
          "SHAPE_RULES": "shape_rules"}
KEYS = (*_NAMES, "FORMULA_HELPERS", "KERNELS")
_FIELDS = {**_NAMES, "FORMULA_HELPERS": "helpers", "KERNELS": "kernels"}


def read(root: Path) -> Manifest | None:
    """The manifest of the runtime at ``root``; None when it has none. Raises ManifestError."""
    path = Path(root) / MANIFEST
    if not path.is_file():
        return None
    return read_text(path.read_text(encoding="utf-8"), MANIFEST.as_posix())


def read_text(text: str, name: str) -> Manifest:
    try:
        tree = ast.parse(text, filename=name)
    except SyntaxError as exc:
        raise ManifestError(name, exc.lineno or 1, f"cannot read the manifest: {exc.msg}; "
                            "fix the Python syntax") from None
    parts: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        key = _assigned(node)
        if key is None or not isinstance(node, ast.Assign):
            raise ManifestError(name, node.lineno, f"the manifest holds only assignments to "
                                f"{', '.join(KEYS)}; move anything else out of it")
        if _FIELDS[key] in parts:
            raise ManifestError(name, node.lineno, f"{key} is assigned twice; keep one")
        parts[_FIELDS[key]] = _value(node, key, name)
    return Manifest(**parts)


def _assigned(node: ast.stmt) -> str | None:
    """The manifest key ``node`` assigns (``KEY = ...``), else None."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        if isinstance(target, ast.Name) and target.id in KEYS:
            return target.id
    return None


def _value(node: ast.Assign, key: str, name: str) -> Any:
    def error(text: str) -> ManifestError:
        return ManifestError(name, node.lineno, text)

    try:
        value = ast.literal_eval(node.value)
    except ValueError:
        raise error(f"{key} is not a literal; write tuples and dicts of strings "
                            "only (the generator reads it without running it)") from None
    if key in _NAMES:
        return _names(value, key, error)
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise error(f"{key} must be a dict with string keys")
    if key == "FORMULA_HELPERS":
        for helper, params in value.items():
            if not isinstance(params, str) or not _parameters(params):
                raise error(f"{key}[{helper!r}] must be the helper's parameters as "
                                    f"Python text, e.g. '(grad, shape, dim=0)'; found {params!r}")
        return value
    unknown = [k for k in value if k not in vocab.DISPATCH_KEYS]
    if unknown:
        raise error(f"{key} has unknown dispatch key(s) {', '.join(unknown)}; known: "
                    f"{', '.join(vocab.DISPATCH_KEYS)}")
    return {k: _names(v, f"{key}[{k!r}]", error) for k, v in value.items()}


def _parameters(text: str) -> bool:
    """Whether ``text`` is a Python parameter list, parentheses included."""
    try:
        ast.parse(f"def f{text}: pass")
    except SyntaxError:
        return False
    return text.startswith("(")


def _names(value: Any, where: str, error: Callable[[str], ManifestError]) -> frozenset[str]:
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise error(f"{where} must be a tuple of names")
    return frozenset(value)
