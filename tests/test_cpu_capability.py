"""Caches keyed by the CPU that ``-march=native`` resolves to, not by the flag's words (Note
[Native flags in cache keys] in tools/codegen/build.py): a cache shared between two machines
never hands one of them code built for the other."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aten_lite.compile import kernels, kernels_cache, kernels_pch
from aten_lite.compile.fused_spec import FusedSpec, FusedStep
from aten_lite.compile.kernels import compile_fused
from aten_lite.compile.kernels_source import _cg
from tools.codegen import build, library_build

ROOT = Path(__file__).resolve().parents[1]
# Another CPU: what a machine with a different -march=native target would resolve.
OTHER = build.NativeTarget("other-cpu", ("sse2",), "0123456789abcdef")

needs_cxx = pytest.mark.skipif(shutil.which("g++") is None, reason="needs a C++ compiler")


@pytest.fixture
def native_env(monkeypatch):
    """Flags as a default build has them (-march=native), whatever the caller's environment."""
    for var in ("AL_NATIVE", "AL_SANITIZE", "AL_EXTRA_CFLAGS", "AL_EXTRA_LDFLAGS"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def _on_other_cpu(monkeypatch) -> None:
    """This process resolves -march=native to OTHER, in both copies of build.py (the
    generator's, and the one fused kernels load through aten_lite.codegen)."""
    for module in {build, _cg("build")}:
        monkeypatch.setattr(module, "native_target", lambda cxx: OTHER)
    monkeypatch.setattr(kernels_cache._State, "toolchains", {})


@needs_cxx
def test_the_resolved_target_is_the_compilers_reading_of_this_cpu():
    target = build.native_target(["g++"])
    assert target is build.native_target(("g++",))  # computed once per process
    assert target.arch and target.arch != "native"
    assert len(target.key) == 16
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file() and " avx2 " in cpuinfo.read_text():
        assert "avx2" in target.features


def test_without_a_compiler_reading_the_cpu_description_keys(monkeypatch):
    build._native_target.cache_clear()
    try:
        target = build.native_target(["/nonexistent/c++"])
    finally:
        build._native_target.cache_clear()
    assert target.key and target.arch
    assert target == build._cpu_description()


@needs_cxx
def test_same_cpu_same_keys(native_env):
    a, b = build.toolchain(ROOT), build.toolchain(ROOT)
    assert "-march=native" in a.cflags
    assert f"|cpu {build.native_target(a.cxx).key}" in a.fingerprint
    src = ROOT / "generated" / "csrc" / "relu.cpp"
    rel = "generated/csrc/relu.cpp"
    assert build.object_key(ROOT, src, rel, a) == build.object_key(ROOT, src, rel, b)


@needs_cxx
def test_another_cpu_gets_other_object_keys_and_none_of_this_cpus_objects(native_env):
    mine = build.toolchain(ROOT)
    mine_units = build._units(ROOT, mine)
    _on_other_cpu(native_env)
    other = build.toolchain(ROOT)
    assert other.cflags == mine.cflags  # the same words: only the key tells them apart
    assert other.fingerprint != mine.fingerprint and OTHER.key in other.fingerprint
    other_units = build._units(ROOT, other)
    assert [u.source for u in other_units] == [u.source for u in mine_units]
    assert not {u.obj.name for u in other_units} & {u.obj.name for u in mine_units}
    # nothing this CPU built is up to date for the other one: it compiles every source
    assert set(build.stale_objects(ROOT)) == {u.source for u in other_units}
    # op libraries: their objects (the core's and their kernels') are keyed alike
    src = ROOT / "aten_lite" / "csrc" / "registry.cpp"
    rel = "aten_lite/csrc/registry.cpp"
    assert library_build._object_key(ROOT, src, rel, mine) != \
        library_build._object_key(ROOT, src, rel, other)


@needs_cxx
def test_the_portable_build_has_no_cpu_in_its_keys(native_env):
    native_env.setenv("AL_NATIVE", "0")
    tools = build.toolchain(ROOT)
    assert not any("native" in f for f in tools.cflags)
    assert "|cpu " not in tools.fingerprint
    _on_other_cpu(native_env)
    assert build.toolchain(ROOT).fingerprint == tools.fingerprint


@needs_cxx
def test_precompiled_header_key_follows_the_cpu(native_env, tmp_path):
    cg = _cg("build")
    mine = cg.toolchain(ROOT)
    native_env.setattr(kernels_pch._State, "keys", {})
    first = kernels_pch.header(tmp_path, mine, ROOT, cg)
    _on_other_cpu(native_env)
    other = cg.toolchain(ROOT)
    assert kernels_pch.header(tmp_path, other, ROOT, cg) != first


@needs_cxx
def test_a_fused_kernel_built_for_one_cpu_is_not_loaded_on_another(native_env, tmp_path):
    native_env.setenv("AL_CACHE_DIR", str(tmp_path))
    native_env.setattr(kernels._Built, "kernels", {})
    native_env.setattr(kernels_cache._State, "fallback", None)
    native_env.setattr(kernels_cache._State, "toolchains", {})
    native_env.setattr(kernels_pch._State, "keys", {})
    spec = FusedSpec(("float32",), (FusedStep("neg", (("in", 0),), "float32"),
                                    FusedStep("abs", (("step", 0),), "float32")), (1,))
    assert compile_fused(spec).built  # compiled for this CPU
    native_env.setattr(kernels._Built, "kernels", {})
    assert not compile_fused(spec).built  # same CPU: loaded from the cache
    mine = set((tmp_path / "kernels").glob("fused-*.so"))
    assert len(mine) == 1

    _on_other_cpu(native_env)
    native_env.setattr(kernels._Built, "kernels", {})
    native_env.setattr(kernels_pch._State, "keys", {})
    assert compile_fused(spec).built  # the other CPU compiles its own
    both = set((tmp_path / "kernels").glob("fused-*.so"))
    assert len(both) == 2 and mine < both
