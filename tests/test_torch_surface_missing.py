"""What of torch.nn.functional and torch.nn aten_lite still lacks, as a recorded list.

The functionals are torch.nn.functional's public callables (not classes, not typing names,
not torch's override helpers); the layers are torch.nn's public classes. The test asserts a
floor of names present and that the missing names equal the lists below, so adding a name
(or losing one) shows up in this file's diff.

Refresh the lists after adding names (one line, from the repository root):

    PYTHONPATH=. python tests/test_torch_surface_missing.py --write

(without ``--write`` it prints them). The lists are for the torch version in TORCH_VERSION;
with another torch only the floors are checked.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pytest

TORCH_VERSION = "2.13"
FUNCTIONAL_FLOOR = 100
LAYER_FLOOR = 100

# torch's dispatch machinery and typing helpers that torch.nn.functional happens to import.
NOT_FUNCTIONALS = {"assert_int_or_pair", "boolean_dispatch", "handle_torch_function",
                   "has_torch_function", "has_torch_function_unary",
                   "has_torch_function_variadic"}

# BEGIN MISSING FUNCTIONALS
MISSING_FUNCTIONALS = (
    "grouped_mm", "linear_cross_entropy", "multi_head_attention_forward", "scaled_grouped_mm",
    "scaled_mm",
)
# END MISSING FUNCTIONALS

# BEGIN MISSING LAYERS
MISSING_LAYERS = (
    "Buffer", "CrossMapLRN2d", "LazyBatchNorm1d", "LazyBatchNorm2d", "LazyBatchNorm3d",
    "LazyInstanceNorm1d", "LazyInstanceNorm2d", "LazyInstanceNorm3d", "LinearCrossEntropyLoss",
    "LinearCrossEntropyOptions", "SyncBatchNorm",
)
# END MISSING LAYERS


def torch_functionals(torch) -> list[str]:
    F = torch.nn.functional
    names = []
    for name in dir(F):
        obj = getattr(F, name)
        if name.startswith("_") or name in NOT_FUNCTIONALS or not callable(obj) or \
                inspect.isclass(obj) or inspect.ismodule(obj) or \
                getattr(obj, "__module__", "") == "typing":
            continue
        names.append(name)
    return sorted(names)


def torch_layers(torch) -> list[str]:
    return sorted(n for n in dir(torch.nn)
                  if not n.startswith("_") and inspect.isclass(getattr(torch.nn, n)))


def missing(torch, al) -> tuple[list[str], list[str], int, int]:
    fns, layers = torch_functionals(torch), torch_layers(torch)
    miss_f = [n for n in fns if not callable(getattr(al.nn.functional, n, None))]
    miss_l = [n for n in layers if not inspect.isclass(getattr(al.nn, n, None))]
    return miss_f, miss_l, len(fns) - len(miss_f), len(layers) - len(miss_l)


def test_missing_torch_nn_names_are_the_recorded_ones():
    torch = pytest.importorskip("torch")
    import aten_lite as al
    miss_f, miss_l, have_f, have_l = missing(torch, al)
    assert have_f >= FUNCTIONAL_FLOOR, f"only {have_f} torch.nn.functional callables present"
    assert have_l >= LAYER_FLOOR, f"only {have_l} torch.nn classes present"
    if not torch.__version__.startswith(TORCH_VERSION + "."):
        pytest.skip(f"the recorded lists are for torch {TORCH_VERSION}, this is "
                    f"{torch.__version__}")
    hint = "; refresh with: PYTHONPATH=. python tests/test_torch_surface_missing.py --write"
    assert sorted(MISSING_FUNCTIONALS) == miss_f, \
        f"now present: {sorted(set(MISSING_FUNCTIONALS) - set(miss_f))}, now missing: " \
        f"{sorted(set(miss_f) - set(MISSING_FUNCTIONALS))}{hint}"
    assert sorted(MISSING_LAYERS) == miss_l, \
        f"now present: {sorted(set(MISSING_LAYERS) - set(miss_l))}, now missing: " \
        f"{sorted(set(miss_l) - set(MISSING_LAYERS))}{hint}"


def _literal(name: str, names: list[str]) -> str:
    lines, line = [f"{name} = ("], "   "
    for n in names:
        item = f' "{n}",'
        if len(line) + len(item) > 96:
            lines.append(line)
            line = "   "
        line += item
    lines.append(line)
    lines.append(")")
    return "\n".join(lines)


def _main(argv) -> None:
    import torch

    import aten_lite as al
    miss_f, miss_l, have_f, have_l = missing(torch, al)
    blocks = {"FUNCTIONALS": _literal("MISSING_FUNCTIONALS", miss_f),
              "LAYERS": _literal("MISSING_LAYERS", miss_l)}
    print(f"# present: {have_f} functionals, {have_l} layers (torch {torch.__version__})")
    if "--write" not in argv:
        print("\n\n".join(blocks.values()))
        return
    path = Path(__file__)
    text = path.read_text()
    for key, block in blocks.items():
        text = re.sub(rf"(# BEGIN MISSING {key}\n).*?(\n# END MISSING {key})",
                      lambda m, b=block: m.group(1) + b + m.group(2), text, flags=re.S)
    path.write_text(text)
    print(f"rewrote the lists in {path}")


if __name__ == "__main__":
    _main(sys.argv[1:])
