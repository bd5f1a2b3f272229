"""What ``aten_lite/vocab/manifest.py`` should say, computed by importing the runtime (Note [The
runtime manifest] there). A developer tool beside the generator, which never imports the
runtime; tests/test_manifest.py runs it in a fresh process, so that what other tests imported
or patched cannot change the answer.

    python -m tools.runtime_manifest           # the facts, as JSON keyed like the manifest
    python -m tools.runtime_manifest --write   # rewrite the manifest's data part from them
"""

from __future__ import annotations

import inspect
import json
import pkgutil
import sys
from pathlib import Path

import aten_lite
from aten_lite import backends
from aten_lite.rules import shapes as shape_rules
from aten_lite._generated import ops
from aten_lite.tensors.sparse_tensor import SparseTensor
from aten_lite.autograd import formulas

MANIFEST = Path(aten_lite.__file__).parent / "vocab" / "manifest.py"

# Attributes every class has, which no op or formula would mean.
CLASS_MACHINERY = {"__annotations__", "__dict__", "__doc__", "__module__", "__slots__",
                   "__weakref__", "__firstlineno__", "__static_attributes__", "__qualname__"}


def _public_functions(module) -> list[str]:
    """Public functions bound in ``module`` that the runtime defines (here or in a module it
    imports them from): NumPy's and the standard library's are nobody's kernels."""
    return sorted(n for n, v in vars(module).items()
                  if inspect.isfunction(v) and not n.startswith("_")
                  and (v.__module__ or "").partition(".")[0] == "aten_lite")


def _signature(fn) -> str:
    sig = inspect.signature(fn)
    bare = [p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()]
    return str(sig.replace(parameters=bare, return_annotation=inspect.Signature.empty))


def facts() -> dict:
    """The manifest's data, read from the imported runtime."""
    generated = set(ops.__all__)
    submodules = {m.name for m in pkgutil.iter_modules(aten_lite.__path__)}
    namespace = {n for n in vars(aten_lite) if not (n.startswith("__") and n.endswith("__"))}
    attrs: set[str] = set()
    for cls in (aten_lite.Tensor, SparseTensor):
        for klass in cls.__mro__[:-1]:  # object's attributes are no Tensor's own
            attrs |= set(vars(klass))
    helpers = _public_functions(formulas)
    return {
        "NAMESPACE": sorted((namespace - generated) | submodules),
        "TENSOR_ATTRIBUTES": sorted(attrs - set(ops.METHODS) - CLASS_MACHINERY),
        "SHAPE_RULES": _public_functions(shape_rules),
        "FORMULA_HELPERS": {n: _signature(getattr(formulas, n)) for n in helpers},
        "KERNELS": {key: sorted(package.KERNELS) for key, package in backends.packages().items()},
    }


def _wrap(names: list[str], indent: str = "    ") -> str:
    lines, line = [], indent
    for n in names:
        word = repr(n) + ","
        if len(line) + len(word) + 1 > 96:
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    lines.append(line.rstrip())
    return "\n".join(lines)


def render(f: dict) -> str:
    """The manifest's data part, in the layout aten_lite/vocab/manifest.py uses."""
    out = []
    for key in ("NAMESPACE", "TENSOR_ATTRIBUTES", "SHAPE_RULES"):
        out.append(f"{key} = (\n{_wrap(f[key])}\n)\n")
    helpers = "".join(f"    {n!r}: {s!r},\n" for n, s in f["FORMULA_HELPERS"].items())
    out.append(f"FORMULA_HELPERS = {{\n{helpers}}}\n")
    kernels = "".join(f"    {k!r}: (\n{_wrap(v, ' ' * 8)}\n    ),\n" for k, v in f["KERNELS"].items())
    out.append(f"KERNELS = {{\n{kernels}}}\n")
    return "\n".join(out)


if __name__ == "__main__":
    found = facts()
    if sys.argv[1:] == ["--write"]:
        head = MANIFEST.read_text(encoding="utf-8").split("# ---- data ----\n")[0]
        MANIFEST.write_text(head + "# ---- data ----\n\n" + render(found), encoding="utf-8")
        print(f"wrote {MANIFEST}")
    else:
        print(json.dumps(found))
