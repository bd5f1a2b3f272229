"""The registry record (Note [Registry records] in aten_lite/vocab/registry_record.py): one typed
class that the generator fills and the runtime reads, so the two cannot disagree on a key."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import types
from pathlib import Path

import pytest
from conftest import copy_repo

from aten_lite.dispatch import dispatcher as _dispatch
from aten_lite._generated import registry
from aten_lite.vocab.registry_record import OpRecord
from tools.codegen import api_registry, gen
from tools.codegen.load import SpecError, load

REPO = Path(__file__).resolve().parents[1]
FIELDS = [f.name for f in dataclasses.fields(OpRecord)]


@pytest.fixture(scope="module")
def spec():
    return load(REPO / "native_functions.yaml", REPO / "derivatives.yaml", runtime_root=REPO)


def with_record_class(monkeypatch, cls) -> None:
    """Make the generator see ``cls`` as aten_lite/vocab/registry_record.py's OpRecord."""
    module = types.SimpleNamespace(OpRecord=cls)
    monkeypatch.setattr(api_registry, "record_module", lambda: module)


def test_the_generated_registry_holds_records(spec):
    assert all(type(r) is OpRecord for r in registry.OPS)
    assert [r.name for r in registry.OPS] == [str(nf.func.name) for nf in spec.native]
    neg = registry.OPS[0]
    assert (neg.name, neg.kind, neg.elementwise, neg.args) == (
        "neg", "functional", True, (("self", "Tensor", False, None, False, False),))
    with pytest.raises(dataclasses.FrozenInstanceError):
        neg.name = "pos"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        neg.dispatch_table  # type: ignore[attr-defined]  # no such field, no default


def test_a_field_the_generator_does_not_fill_fails_generation(spec, monkeypatch):
    extra = dataclasses.make_dataclass(
        "OpRecord", [(f.name, f.type) for f in dataclasses.fields(OpRecord)]
        + [("layout", str), ("autocast", bool)], frozen=True)
    with_record_class(monkeypatch, extra)
    with pytest.raises(SpecError) as info:
        gen.plan(REPO, spec)
    assert list(info.value.messages) == [  # once, at the first entry: the same for every entry
        "native_functions.yaml:6: neg: the registry record does not match OpRecord of "
        "aten_lite/vocab/registry_record.py: missing field(s) layout, autocast; declare a field "
        "there and fill it in tools/codegen/api_registry.py, both or neither"]


def test_a_field_the_record_does_not_declare_fails_generation(spec, monkeypatch):
    fewer = dataclasses.make_dataclass(
        "OpRecord", [(f.name, f.type) for f in dataclasses.fields(OpRecord)
                     if f.name not in ("doc", "tags")], frozen=True)
    with_record_class(monkeypatch, fewer)
    with pytest.raises(SpecError) as info:
        gen.plan(REPO, spec)
    assert info.value.messages[0] == (
        "native_functions.yaml:6: neg: the registry record does not match OpRecord of "
        "aten_lite/vocab/registry_record.py: unknown field(s) doc, tags; declare a field there "
        "and fill it in tools/codegen/api_registry.py, both or neither")


def test_a_record_class_the_generator_does_not_fill_fails_the_cli_and_writes_nothing(tmp_path):
    # End to end: the generator in a copy of the checkout loads that copy's record module.
    repo = copy_repo(tmp_path)
    module = repo / "aten_lite" / "vocab/registry_record.py"
    module.write_text(module.read_text().replace(
        "    returns: tuple[ReturnRow, ...]",
        "    returns: tuple[ReturnRow, ...]\n    layout: str"))
    before = (repo / "generated" / "registry.py").read_text()
    run = subprocess.run([sys.executable, "-m", "tools.codegen"], cwd=repo, text=True,
                         capture_output=True)
    assert run.returncode == 1
    assert ("native_functions.yaml:6: neg: the registry record does not match OpRecord of "
            "aten_lite/vocab/registry_record.py: missing field(s) layout;") in run.stderr
    assert (repo / "generated" / "registry.py").read_text() == before


class Spy:
    """A record that notes which attributes its reader takes."""

    def __init__(self, record: OpRecord) -> None:
        self._record, self.read = record, []

    def __getattr__(self, name: str):
        self.read.append(name)
        return getattr(self._record, name)


@pytest.mark.parametrize("name", ["neg", "add.Tensor_out", "sum", "addmm_"])
def test_the_runtime_reads_every_declared_field_and_nothing_else(name):
    record = next(r for r in registry.OPS if r.name == name)
    spy = Spy(record)
    handle = _dispatch.OpHandle(spy)  # type: ignore[arg-type]
    assert sorted(set(spy.read)) == sorted(FIELDS)
    assert (handle.name, handle.loc, handle.dtypes) == (record.name, record.loc, record.dtypes)


def test_a_record_with_a_missing_or_unknown_field_cannot_be_made():
    values = {f: getattr(registry.OPS[0], f) for f in FIELDS}
    with pytest.raises(TypeError, match="keeps_zero"):
        OpRecord(**{k: v for k, v in values.items() if k != "keeps_zero"})
    with pytest.raises(TypeError, match="layout"):
        OpRecord(**values, layout="strided")  # type: ignore[call-arg]
