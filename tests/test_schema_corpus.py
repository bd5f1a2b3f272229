"""Every schema in PyTorch 2.13's YAML files parses and prints back exactly.

The corpus lives beside the repository (`<repo>/../shared/data/pytorch-2.13/`, see its
PROVENANCE.md); the counts are asserted so the test cannot pass on an empty or truncated file.
"""

from collections import Counter
from pathlib import Path

import pytest
import yaml

from tools.codegen.model import FunctionSchema, SchemaError, group_siblings

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pytorch-2.13"
if not CORPUS.is_dir():
    pytest.skip(f"PyTorch schema corpus not found at {CORPUS}", allow_module_level=True)

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _schemas(file_name: str, key: str) -> list[str]:
    with open(CORPUS / file_name, encoding="utf-8") as f:
        return [entry[key] for entry in yaml.load(f, Loader=_LOADER)]


def _round_trip_failures(texts: list[str]) -> list[str]:
    """Each schema that fails to parse or prints differently, with what went wrong."""
    failures = []
    for text in texts:
        try:
            printed = str(FunctionSchema.parse(text))
        except SchemaError as error:
            failures.append(f"{text}\n    {error}")
            continue
        if printed != text:
            failures.append(f"{text}\n    printed as {printed}")
    return failures


@pytest.fixture(scope="module")
def native() -> list[str]:
    return _schemas("native_functions.yaml", "func")


def test_every_native_functions_schema_round_trips(native):
    assert len(native) == 2584
    assert _round_trip_failures(native) == []


def test_every_derivatives_schema_round_trips():
    names = _schemas("derivatives.yaml", "name")
    assert len(names) == 687
    assert _round_trip_failures(names) == []


def test_corpus_covers_the_grammar(native):
    """The corpus exercises what the round trip claims to cover."""
    text = "\n".join(native)
    for piece in ["Tensor(a -> *) self", "Tensor(a)[]", "Tensor?[]", "SymInt[1]?", "int[2]",
                  "-> ()", "__ilshift__", "str a=\"\\\"'\\\\\"", "=contiguous_format", "=1e-05",
                  "(Tensor values, Tensor indices)", "SymBool", "QScheme", "Stream"]:
        assert piece in text, piece


def test_sibling_groups_over_the_corpus(native):
    """Group shapes match torchgen's pre_group_native_functions on this file, except that
    record_stream, retain_grad and set_data (which write `self` under a plain name) are
    `mutable` here where torchgen calls them functional."""
    groups = group_siblings(FunctionSchema.parse(text) for text in native)
    shapes = Counter(tuple(field for field in ("functional", "inplace", "out", "mutable")
                           if getattr(group, field) is not None) for group in groups.values())
    assert shapes == {
        ("functional",): 857, ("functional", "out"): 459, ("functional", "inplace", "out"): 167,
        ("functional", "inplace"): 120, ("inplace",): 49, ("mutable",): 10,
        ("out", "mutable"): 2, ("out",): 2, ("inplace", "out", "mutable"): 1,
    }
    assert sum(len(shape) * n for shape, n in shapes.items()) == len(native)
