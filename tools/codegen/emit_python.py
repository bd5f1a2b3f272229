"""Emit the Python side of the generated code: ``generated/ops.py`` (bindings),
``generated/registry.py`` (op table data), ``generated/__init__.py``, and the type stub
``aten_lite/_ops.pyi`` (Note [The type stub] in ``api_pyi.py``), which is written into the runtime
package so that editors and type checkers find it.

Text assembly only: every decision is made in the ``api_*`` modules (Note [Binding tiers] in
``api_python.py``).
``gen.py`` adds the header naming the sources and their hash.

    >>> files = emit(spec)  # doctest: +SKIP
    >>> sorted(files)       # doctest: +SKIP
    ['aten_lite/_ops.pyi', 'generated/__init__.py', 'generated/ops.py', 'generated/registry.py']
"""

from __future__ import annotations

from typing import Any

from . import api_operators, api_pyi, api_python, api_registry
from .templating import ENV as _ENV


def _docstring(text: str, indent: str = "    ") -> str:
    """``text`` as a docstring literal. A `doc:` from the YAML must never end the literal early
    and so run as code: triple quotes inside are escaped, and so are quotes right before the
    closing ones (``say "hi"``)."""
    body = text.replace("\\", "\\\\")
    trailing = len(body) - len(body.rstrip('"'))
    body = body[: len(body) - trailing].replace('"""', '\\"\\"\\"') + '\\"' * trailing
    lines = body.split("\n")
    if len(lines) == 1:
        return f'"""{body}"""'
    rest = "\n".join(indent + line if line.strip() else "" for line in lines[1:])
    return '"""' + lines[0] + "\n" + rest + "\n" + indent + '"""'


_ENV.filters["py"] = repr
_ENV.filters["docstring"] = _docstring


def emit(spec: Any) -> dict[str, str]:
    """{path relative to the repository root: text} for the Python outputs."""
    # The records first: they check every argument of every entry and report all problems.
    records = api_registry.records(spec)
    functions, methods, groups = api_python.bindings(spec)
    operators = api_operators.dunders(spec)
    stub_functions, stub_methods, stub_operators = api_pyi.stubs(spec)
    public = [b.name for b in functions if not b.name.startswith("_")]
    return {
        "generated/__init__.py": _ENV.get_template("generated_init.py.j2").render(),
        "generated/registry.py": _ENV.get_template("registry.py.j2").render(records=records),
        "generated/ops.py": _ENV.get_template("ops.py.j2").render(
            records=records, groups=groups, functions=functions, methods=methods,
            operators=operators, public=public),
        api_pyi.STUB_PATH: _ENV.get_template("_ops.pyi.j2").render(
            functions=stub_functions, methods=stub_methods, operators=stub_operators,
            public=public),
    }


def locate(spec: Any, nf: Any) -> list[str]:
    """Where `aten-lite-gen show` finds the Python of ``nf``: its binding and its record."""
    name = str(nf.func.name)
    py = str(nf.func.name.name)  # 'add', 'add_', '__iadd__': the Python-visible name
    out = [f"generated/registry.py: OPS record '{name}' (dispatch table, dtypes, schema)"]
    if "function" in nf.variants and nf.func.kind().name != "out":
        out.append(f"generated/ops.py: {py}()  (al.{py}, handle _H_{api_python.ident(name)})")
    if "method" in nf.variants:
        out.append(f"generated/ops.py: _m_{py}  (Tensor.{py})")
    typed = [f"{py}()"] if "function" in nf.variants and not py.startswith("_") else []
    if "method" in nf.variants and nf.func.kind().name != "out":
        typed.append(f"TensorOps.{py}")
    if typed:
        out.append(f"{api_pyi.STUB_PATH}: {', '.join(typed)}  (type stub)")
    return out
