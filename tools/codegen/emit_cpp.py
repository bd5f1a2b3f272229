"""Emit ``generated/csrc/<op>.cpp``: one C++ translation unit per elementwise or reduction op,
and ``generated/csrc/<name>.cpp`` for each `cpp: <name>` kernel template.

Text assembly only: what goes into each file is decided in ``api_cpp``. The expression sits
under ``#line N "native_functions.yaml"`` so the compiler reports its errors at the YAML line;
a second ``#line`` right after it puts the numbering back on the generated file.

    >>> emit(spec)["generated/csrc/relu.cpp"]  # doctest: +SKIP
    '// op: relu\\n...'
"""

from __future__ import annotations

from typing import Any

from . import api_cpp
from .templating import ENV as _ENV

_TEMPLATE = {"elementwise": "kernel.cpp.j2", "reduction": "reduction.cpp.j2",
             "custom": "custom.cpp.j2"}


def emit(spec: Any) -> dict[str, str]:
    """{path relative to the repository root: C++ source} for every generated kernel."""
    return {k.path: render_kernel(k) for k in api_cpp.cpp_kernels(spec)}


def sources(spec: Any) -> dict[str, tuple[str, str]]:
    """{path: (what it comes from, the data it is rendered from)} for every kernel file: its
    provenance header hashes that data, not the whole YAML (Note [Provenance headers], gen.py)."""
    return {k.path: (f"{k.expr_file}: {k.op_name}", repr(k)) for k in api_cpp.cpp_kernels(spec)}


def render_kernel(k: api_cpp.CppKernel) -> str:
    template = _ENV.get_template(_TEMPLATE[k.kind])
    if k.kind != "elementwise":
        return template.render(k=k)
    # The restoring #line needs its own line number, known only once the text is laid out:
    # render once to find it, then again with it (the line count does not change).
    draft = template.render(k=k, restore_line=0).split("\n")
    directive = draft.index(f'#line 0 "{k.path}"')
    return template.render(k=k, restore_line=directive + 2)


def locate(spec: Any, nf: Any) -> list[str]:
    """Where `aten-lite-gen show` finds the C++ of ``nf`` (only functional ops have a file)."""
    found = []
    if getattr(nf, "cpp", None) is not None:
        k = api_cpp.custom_kernel(nf)
        names = ", ".join(d.name for d in k.dtypes)
        found.append(f"{k.path}: kernel '{k.ident}' ({k.header}), dtype switch over {names}")
    if not api_cpp._has_own_kernel(nf):
        return found
    k = api_cpp.cpp_kernel(nf)
    names = ", ".join(d.name for d in k.dtypes)
    return found + [f"{k.path}: {k.kind} kernel '{k.op_name}', dtype switch over {names}"]
