"""Emit ``generated/fusion_table.py``: the data graph mode's fused kernels are built from
(Note [The fusion table] in api_fusion.py).

Text assembly only: what a row holds is decided in ``api_fusion``. Every value is written with
``repr``, one op per line, so the module is plain literals (it imports nothing).
"""

from __future__ import annotations

from typing import Any

from . import api_fusion as api
from .templating import ENV as _ENV

PATH = "generated/fusion_table.py"
SOURCE = "native_functions.yaml: the elementwise ops"  # what its provenance header names


def emit(spec: Any) -> dict[str, str]:
    return {PATH: render(spec)}


def render(spec: Any) -> str:
    t = api.tables(spec)
    return _ENV.get_template("fusion_table.py.j2").render(
        storage=repr(t["storage"]), reducers=repr(t["reducers"]), fields=repr(t["fields"]),
        rows=[(repr(op), repr(r)) for op, r in t["rows"].items()])


def sources(spec: Any) -> dict[str, tuple[str, str]]:
    """{path: (what it comes from, its data)}: its header hashes the rows, not the whole YAML
    (Note [Provenance headers] in gen.py), so that an edit no row shows leaves it unchanged."""
    return {PATH: (SOURCE, render(spec))}


def locate(spec: Any, nf: Any) -> list[str]:
    """Where `aten-lite-gen show` finds the fusion row of ``nf`` (functional elementwise ops)."""
    if str(nf.func.name) not in api.rows(spec):
        return []
    return [f"{PATH}: ELEMENTWISE row '{nf.func.name}' (what graph mode fuses it from)"]
