"""Real PyTorch programs, run unmodified but for the import.

Each file of tests/programs/ is a small, well-known PyTorch program as a user would copy it
from a tutorial (the sin fit of "Learning PyTorch with Examples", an MLP on digits, Karpathy's
makemore bigram and MLP, micrograd's engine test, a BatchNorm/LayerNorm/Dropout net saved and
loaded, Adam/AdamW with schedulers, custom autograd Functions, a classifier fed by DataLoaders
as the "Datasets & DataLoaders" tutorial writes it). Each fills a dict `results`.
The test runs a program twice, as written (torch) and with its torch imports pointed at
aten_lite (`import torch` -> `import aten_lite as torch`, `import torch.nn.functional as F` ->
`import aten_lite.nn.functional as F`, ...): nothing else in the text changes. The two dicts
must agree: numbers within the program's tolerance, everything else exactly. Where a program
draws from torch's own random streams (sampling with a torch.Generator), the draws cannot
agree across libraries; those keys are checked for what they must be instead (PROPERTIES).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

PROGRAMS = Path(__file__).resolve().parent / "programs"
NAMES = sorted(p.stem for p in PROGRAMS.glob("*.py") if not p.stem.startswith("_"))

# Float tolerance (rtol, atol) per program, and per key where training in float32 lets
# rounding differences grow. (poly_fit needs none: at 500 steps a fit, its RMSprop at a
# constant lr has not yet oscillated far enough for torch's own thread count to show.)
TOLERANCE = {"makemore_mlp": (1e-4, 1e-5), "adam_schedulers": (1e-4, 1e-5),
             "norm_dropout_net": (1e-4, 1e-5), "digits_mlp": (1e-4, 1e-5)}
KEY_TOLERANCE = {("makemore_bigram", "nn_loss"): (1e-4, 0.0),  # convex: the seed hardly matters
                 ("makemore_mlp", "checks"): (0.0, 1e-7)}
DEFAULT_TOLERANCE = (1e-5, 1e-6)


def _names_made_of(letters: str, n: int):
    def check(samples, results):
        assert len(samples) == n
        assert all(isinstance(s, str) and s.endswith(".") and set(s) <= set(letters + ".")
                   and "." not in s[:-1] for s in samples), samples
    return check


def _bigram_samples(samples, results):
    _names_made_of("abcdefghijklmnopqrstuvwxyz", 20)(samples, results)
    assert len(set(samples)) > 5, samples  # a sampler stuck on one outcome fails


PROPERTIES = {
    ("makemore_bigram", "count_samples"): _bigram_samples,
    ("makemore_bigram", "nn_samples"): _bigram_samples,
    ("makemore_mlp", "samples"): _names_made_of("abcdefghijklmnopqrstuvwxyz", 20),
}

_IMPORTS = [
    (re.compile(r"^(\s*)import torch$", re.M), r"\1import aten_lite as torch"),
    (re.compile(r"^(\s*)import torch\.([\w.]+) as (\w+)$", re.M), r"\1import aten_lite.\2 as \3"),
    (re.compile(r"^(\s*)from torch(\.[\w.]+)? import ", re.M), r"\1from aten_lite\2 import "),
]


def with_aten_lite(source: str) -> str:
    """`source` with each torch import pointed at aten_lite; every other line unchanged."""
    for pattern, repl in _IMPORTS:
        source = pattern.sub(repl, source)
    left = re.findall(r"^\s*(?:import|from) torch\b.*$", source, re.M)
    assert not left, f"a torch import the swap does not handle: {left}"
    return source


def run_program(name: str, lib: str) -> dict:
    path = PROGRAMS / f"{name}.py"
    source = path.read_text()
    if lib == "aten_lite":
        source = with_aten_lite(source)
    namespace = {"__name__": "__main__", "__file__": str(path)}
    exec(compile(source, str(path), "exec"), namespace)
    return namespace["results"]


_NUMBER = re.compile(r"-?\d+\.\d+(?:e-?\d+)?")


def differences(ours, theirs, tol, where="results") -> list[str]:
    """Where two results differ: numbers beyond `tol` = (rtol, atol), anything else unequal."""
    if isinstance(theirs, dict):
        if not isinstance(ours, dict) or list(ours) != list(theirs):
            return [f"{where}: keys {list(ours) if isinstance(ours, dict) else ours!r} vs "
                    f"{list(theirs)}"]
        return [d for k in theirs for d in differences(ours[k], theirs[k], tol, f"{where}[{k!r}]")]
    if isinstance(theirs, (list, tuple)) and not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in theirs):
        if type(ours) is not type(theirs) or len(ours) != len(theirs):
            return [f"{where}: {ours!r} vs {theirs!r}"]
        return [d for i, (a, b) in enumerate(zip(ours, theirs))
                for d in differences(a, b, tol, f"{where}[{i}]")]
    if isinstance(theirs, str) and isinstance(ours, str):  # numbers in text: within tol
        words, their_words = _NUMBER.split(ours), _NUMBER.split(theirs)
        numbers, their_numbers = _NUMBER.findall(ours), _NUMBER.findall(theirs)
        if words != their_words or len(numbers) != len(their_numbers):
            return [f"{where}: {ours!r} vs {theirs!r}"]
        return differences([float(v) for v in numbers], [float(v) for v in their_numbers],
                           tol, where) if numbers else []
    if isinstance(theirs, (bool, str, type(None))) or isinstance(ours, (bool, str)):
        return [] if type(ours) is type(theirs) and ours == theirs else \
            [f"{where}: {ours!r} vs {theirs!r}"]
    a, b = np.asarray(ours), np.asarray(theirs)
    if a.shape != b.shape or a.dtype.kind != b.dtype.kind:
        return [f"{where}: shape/kind {a.shape} {a.dtype} vs {b.shape} {b.dtype}"]
    if b.dtype.kind in "iub":
        return [] if np.array_equal(a, b) else [f"{where}: {a} vs {b}"]
    if a.dtype != b.dtype:
        return [f"{where}: dtype {a.dtype} vs {b.dtype}"]
    if np.allclose(a, b, rtol=tol[0], atol=tol[1], equal_nan=True):
        return []
    gap = np.abs(a - b).max()
    return [f"{where}: max |difference| {gap:.3g} beyond rtol={tol[0]}, atol={tol[1]}"]


@pytest.mark.parametrize("name", NAMES)
def test_program_agrees_with_torch(name):
    theirs = run_program(name, "torch")
    ours = run_program(name, "aten_lite")
    assert list(ours) == list(theirs)
    failures = []
    for key in theirs:
        check = PROPERTIES.get((name, key))
        if check is not None:
            check(theirs[key], theirs)  # the property holds for torch: it is a fair one
            check(ours[key], ours)
            continue
        tol = KEY_TOLERANCE.get((name, key), TOLERANCE.get(name, DEFAULT_TOLERANCE))
        failures += differences(ours[key], theirs[key], tol, f"{name}[{key!r}]")
    assert not failures, "\n".join(failures)


def test_the_import_swap_changes_only_imports():
    source = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
              "from torch import optim\nfrom torch.autograd import Function\n"
              "x = torch.ones(2)  # torch stays torch here\n")
    assert with_aten_lite(source) == (
        "import aten_lite as torch\nimport aten_lite.nn as nn\n"
        "import aten_lite.nn.functional as F\nfrom aten_lite import optim\n"
        "from aten_lite.autograd import Function\nx = torch.ones(2)  # torch stays torch here\n")
    with pytest.raises(AssertionError, match="a torch import the swap does not handle"):
        with_aten_lite("import torch, numpy\n")


def test_the_comparison_catches_a_difference():
    same = {"loss": [1.0, 0.5], "acc": 0.9, "name": "x", "w": np.ones((2, 2), np.float32)}
    assert differences(same, dict(same), DEFAULT_TOLERANCE) == []
    assert differences({**same, "loss": [1.0, 0.51]}, same, DEFAULT_TOLERANCE)
    assert differences({**same, "w": np.ones((2, 2))}, same, DEFAULT_TOLERANCE)  # dtype
    assert differences({**same, "name": "y"}, same, DEFAULT_TOLERANCE)
    text = {"s": "y = 0.25 + -1.5e-05 x"}
    assert differences({"s": "y = 0.2500001 + -1.5e-05 x"}, text, DEFAULT_TOLERANCE) == []
    assert differences({"s": "y = 0.26 + -1.5e-05 x"}, text, DEFAULT_TOLERANCE)
    assert differences({"s": "z = 0.25 + -1.5e-05 x"}, text, DEFAULT_TOLERANCE)
    assert differences({**same, "acc": True}, same, DEFAULT_TOLERANCE)
    with pytest.raises(AssertionError):
        _names_made_of("ab", 1)(["abc."], {})
