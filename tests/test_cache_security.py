"""aten_lite runs code only from cache folders and files that no other user could have written
(Note [Private caches] in tools/codegen/private_cache.py).

Each probe plants what another user could: a tree owned by uid 65534 (nobody) or a folder
anyone can write, holding code that would create a marker file when run (a manifest.py, a
shared library with a constructor, carrying the cache's own valid trailer). The oracle is the
marker: it must not exist afterwards, and the refusal must name the path and the fix. Planting
another user's file needs root (chown); those probes are skipped otherwise.
"""

from __future__ import annotations

import importlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite.vocab import library_kernels as _library_kernels
from aten_lite.frontend import oplib as _oplib
from aten_lite.frontend.tensor_api import __version__
from aten_lite.compile import kernels, kernels_cache, kernels_pch
from aten_lite.compile.fused_spec import FusedSpec, FusedStep
from conftest import ROOT
from tools.codegen import library_build, private_cache

NOBODY = 65534
# The runtime loads the generator as aten_lite.codegen, these tests import it as tools.codegen:
# two copies of its error class, so refusals are matched as RuntimeError and by class name.
UnsafeCacheError = RuntimeError
HAVE_CXX = shutil.which(os.environ.get("CXX", "g++")) is not None
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="planting another user's file needs root")
needs_cxx = pytest.mark.skipif(not HAVE_CXX, reason="needs a C++ compiler")


@pytest.fixture(autouse=True)
def unload_libraries():
    before = set(_oplib._LOADED)
    yield
    for name in set(_oplib._LOADED) - before:
        _oplib._uninstall(_oplib._LOADED[name])


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """An empty cache of this test, and a process with no kernel, fallback or PCH verdict."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("AL_CACHE_DIR", str(cache))
    monkeypatch.setattr(kernels._Built, "kernels", {})
    monkeypatch.setattr(kernels_cache._State, "fallback", None)
    monkeypatch.setattr(kernels_pch._State, "bad", set())
    monkeypatch.setattr(_oplib._Fallback, "folder", None)
    return cache


def _plant(path: Path, owner: int = NOBODY, mode: int = 0o777) -> None:
    """``path`` given to ``owner``, with ``mode``: what another user could have made."""
    os.chown(path, owner, owner)
    os.chmod(path, mode)


def _is_refusal(info) -> bool:
    return type(info.value).__name__ == "UnsafeCacheError"


def _marker_program(marker: Path) -> str:
    return f"open({str(marker)!r}, 'w').write('planted code ran')\n"


# ---- al.library.define_yaml ----------------------------------------------------------------

_NATIVE = ("- func: inc(Tensor self) -> Tensor\n"
           "  dispatch:\n    CompositeImplicitAutograd: inc\n")
_KERNELS = "def inc(self):\n    return self + 1\n"


def _key(name: str, native: str, kernels_text: str | None) -> str:
    """The cache key define_yaml files a definition under: what another user can predict."""
    return _oplib._digest(name, native, "", kernels_text or "", __version__,
                          str(_library_kernels.ABI_VERSION))


def _plant_library(folder: Path, marker: Path, owner: int = NOBODY, mode: int = 0o777) -> None:
    """A library tree at ``folder`` (``.../<key>/<name>``) whose manifest.py writes ``marker``."""
    out = folder / "_generated"
    out.mkdir(parents=True)
    (out / "manifest.py").write_text(_marker_program(marker) + textwrap.dedent(f"""\
        NAMESPACE = {folder.name!r}
        ATEN_LITE_VERSION = {__version__!r}
        ABI = {_library_kernels.ABI_VERSION!r}
        SOURCE_DIGEST = 'planted'
        NATIVE = 'native_functions.yaml'
        """))
    for p in (folder.parent, folder, out, out / "manifest.py"):
        _plant(p, owner, mode)


@as_root
@needs_cxx
def test_define_yaml_fallback_builds_privately_and_never_runs_a_shared_tree(tmp_path, own_cache,
                                                                            monkeypatch):
    # The cache cannot be written: define_yaml used to build in <tmp>/aten_lite-<uid>/libraries/
    # <key>/<name>, a path anyone can predict, and ran the manifest.py it found there.
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("AL_CACHE_DIR", str(blocker / "cache"))
    shared = Path(tempfile.gettempdir(), f"aten_lite-{os.getuid()}")
    made_shared = not shared.exists()
    planted = shared / "libraries" / _key("sec_fb", _NATIVE, _KERNELS)
    marker = tmp_path / "marker"
    # the runtime's copy of the generator: its object cache falls back to a folder of its own
    runtime_build = importlib.import_module(f"{_oplib._codegen().__name__}.library_build")
    monkeypatch.setattr(runtime_build, "_FALLBACK", {})
    try:
        _plant_library(planted / "sec_fb", marker)
        if made_shared:
            _plant(shared)
            _plant(shared / "libraries")
        with pytest.warns(RuntimeWarning, match="cannot write the cache") as record:
            ns = al.library.define_yaml(_NATIVE, name="sec_fb", kernels=_KERNELS)
        assert not marker.exists()
        np.testing.assert_array_equal(ns.inc(al.tensor([1, 5])).numpy(), [2, 6])
        where = Path(str(record[0].message).split("building in ")[1].split(" for this")[0])
        assert where.parent == Path(tempfile.gettempdir()) and where != shared
        assert stat.S_IMODE(where.stat().st_mode) == 0o700 and where.stat().st_uid == os.getuid()
    finally:
        shutil.rmtree(shared if made_shared else planted, ignore_errors=True)
        for made in (_oplib._Fallback.folder, *runtime_build._FALLBACK.values()):
            if made is not None:
                shutil.rmtree(made, ignore_errors=True)


@as_root
@pytest.mark.parametrize("planted", ["tree", "manifest"])
def test_define_yaml_refuses_a_cache_entry_of_another_user(tmp_path, own_cache, planted):
    folder = own_cache / "libraries" / _key("sec_pl", _NATIVE, _KERNELS) / "sec_pl"
    marker = tmp_path / "marker"
    (own_cache / "libraries").mkdir(parents=True, mode=0o700)
    if planted == "tree":  # the entry's folders and files are the other user's
        _plant_library(folder, marker)
        bad = folder.parent
    else:  # the folders are ours, the manifest is not
        _plant_library(folder, marker, owner=os.getuid(), mode=0o700)
        _plant(folder / "_generated" / "manifest.py", NOBODY, 0o644)
        bad = folder / "_generated" / "manifest.py"
    with pytest.raises(UnsafeCacheError) as info:
        al.library.define_yaml(_NATIVE, name="sec_pl", kernels=_KERNELS)
    assert not marker.exists() and _is_refusal(info)
    assert f"refusing to use {bad}:" in str(info.value)
    assert "owned by nobody (uid 65534)" in str(info.value) or "uid 65534" in str(info.value)
    assert "Remove it" in str(info.value)


def test_define_yaml_refuses_a_world_writable_cache_folder(tmp_path, own_cache):
    libraries = own_cache / "libraries"
    libraries.mkdir(parents=True)
    os.chmod(libraries, 0o777)
    with pytest.raises(UnsafeCacheError, match=r"can be written by group or others \(mode 0777\)"
                       ) as info:
        al.library.define_yaml(_NATIVE, name="sec_ww", kernels=_KERNELS)
    assert f"refusing to use {libraries}:" in str(info.value) and _is_refusal(info)
    assert f"chmod go-w {libraries}" in str(info.value)


# ---- fused kernels ---------------------------------------------------------------------------


def _spec(op: str = "cos", n: int = 1) -> FusedSpec:
    args = tuple(("in", i) for i in range(n))
    return FusedSpec(("float32",) * n, (FusedStep(op, args, "float32"),), (0,))


def _planted_library(tmp_path: Path, marker: Path, key: str) -> bytes:
    """A shared library whose constructor writes ``marker``, with the cache's trailer for
    ``key``: everything a kernel file of the cache has but its provenance."""
    src = tmp_path / "planted.c"
    src.write_text('#include <stdio.h>\n__attribute__((constructor)) static void run(void) {\n'
                   f'  FILE *f = fopen("{marker}", "w"); if (f) {{ fputs("ran", f); '
                   'fclose(f); }\n}\n')
    so = tmp_path / "planted.so"
    subprocess.run([os.environ.get("CC", "gcc"), "-shared", "-fPIC", str(src), "-o", str(so)],
                   check=True)
    body = so.read_bytes()
    return body + kernels_cache._trailer(key, body)


def _job(spec: FusedSpec):
    return kernels_cache._Job(spec, kernels_cache._toolchain())


@as_root
@needs_cxx
@pytest.mark.parametrize("how", ["file of another user", "world-writable file",
                                 "world-writable folder"])
def test_a_planted_kernel_with_a_valid_trailer_never_loads(tmp_path, own_cache, how):
    spec = _spec("sin")
    job = _job(spec)
    marker = tmp_path / "marker"
    folder = own_cache / "kernels"
    folder.mkdir(parents=True, mode=0o700)
    path = folder / job.name
    path.write_bytes(_planted_library(tmp_path, marker, job.key))
    assert kernels_cache._valid(path, job.key)  # the trailer alone would have let it load
    if how == "file of another user":
        _plant(path, NOBODY, 0o755)
        bad, problem = path, "owned by nobody (uid 65534)"
    elif how == "world-writable file":
        os.chmod(path, 0o777)
        bad, problem = path, "can be written by group or others (mode 0777)"
    else:
        os.chmod(path, 0o700)
        os.chmod(folder, 0o777)
        bad, problem = folder, "can be written by group or others (mode 0777)"
    with pytest.raises(UnsafeCacheError) as info, \
            pytest.warns(RuntimeWarning, match="refusing to use"):  # for graph mode's sake
        kernels.compile_fused(spec)
    assert not marker.exists() and _is_refusal(info)
    assert f"refusing to use {bad}:" in str(info.value) and problem in str(info.value)
    assert ("chmod go-w" if "writable" in how else "Remove it") in str(info.value)


@as_root
@needs_cxx
def test_a_planted_precompiled_header_is_refused(tmp_path, own_cache):
    folder = own_cache / "kernels"
    build, root, tools = kernels_cache._toolchain()
    kernels_cache._writable_dir()
    header = kernels_pch.header(folder, tools, root, build)
    header.parent.mkdir(mode=0o700)
    header.write_text('#include "/planted.h"\n')
    Path(f"{header}.gch").write_bytes(b"planted")
    _plant(Path(f"{header}.gch"), NOBODY, 0o644)
    with pytest.raises(UnsafeCacheError, match=r"\.h\.gch: the file is owned by nobody"):
        kernels_pch.compile_flags(folder, tools, root, build, start=False)
    os.chown(f"{header}.gch", os.getuid(), os.getgid())
    os.chmod(header, 0o666)
    with pytest.raises(UnsafeCacheError, match=rf"{header}: the file can be written by group"):
        kernels_pch.compile_flags(folder, tools, root, build, start=False)


@needs_cxx
def test_a_remembered_toolchain_is_read_only_when_private(own_cache, monkeypatch):
    # Note [Remembered toolchains]: the compiler's probes are kept for the next process, in a
    # file that decides every kernel's flags, so one another user could have written is never read.
    monkeypatch.setattr(kernels_cache._State, "toolchains", {})
    build, _, tools = kernels_cache._toolchain()
    (memo,) = (own_cache / "kernels").glob("toolchain-*.json")
    assert stat.S_IMODE(memo.stat().st_mode) == 0o600
    learnt = []
    learn = build.toolchain

    def counted(*args, **kwargs):
        learnt.append(1)
        return learn(*args, **kwargs)

    monkeypatch.setattr(build, "toolchain", counted)
    monkeypatch.setattr(kernels_cache._State, "toolchains", {})  # as a new process starts
    assert kernels_cache._toolchain()[2] == tools and not learnt  # read, the compiler not run
    planted = memo.read_text().replace('"-O3"', '"-include", "/planted.h", "-O3"')
    memo.write_text(planted)
    os.chmod(memo, 0o666)
    monkeypatch.setattr(kernels_cache._State, "toolchains", {})
    assert kernels_cache._toolchain()[2] == tools and learnt == [1]  # learnt afresh
    assert stat.S_IMODE(memo.stat().st_mode) == 0o600 and "planted" not in memo.read_text()


def _modes(folder: Path) -> dict[str, int]:
    found = {str(folder): stat.S_IMODE(folder.stat().st_mode)}
    for p in folder.rglob("*"):
        found[str(p)] = stat.S_IMODE(p.stat().st_mode)
    return found


@needs_cxx
def test_caches_made_under_umask_0_are_private(tmp_path, own_cache):
    old = os.umask(0)
    try:
        specs = [_spec("cos"), _spec("exp")]
        got = kernels.compile_many(specs)  # two kernels: the precompiled header too
        single = kernels.compile_fused(_spec("tanh"))
    finally:
        os.umask(old)
    x = al.randn(5)
    for k, want in zip((*got, single), (x.cos(), x.exp(), x.tanh())):
        np.testing.assert_allclose(k([x])[0].numpy(), want.numpy(), rtol=1e-6)
    modes = _modes(own_cache)
    assert len([p for p in modes if p.endswith(".so")]) == 3
    assert [p for p in modes if p.endswith(".h.gch")]
    loose = {p: f"{m:04o}" for p, m in modes.items() if m & 0o077}
    assert not loose  # nothing group- or world-readable or writable
    for p, m in modes.items():
        if Path(p).is_dir():
            assert m == 0o700, p


@needs_cxx
def test_define_yaml_under_umask_0_is_private_and_loads_again(tmp_path, own_cache):
    code = textwrap.dedent(f"""\
        import os, aten_lite as al
        os.umask(0)
        ns = al.library.define_yaml({_NATIVE!r}, name='sec_um', kernels={_KERNELS!r})
        print(ns.inc(al.tensor([1])).item())
        """)
    env = {**os.environ, "AL_CACHE_DIR": str(own_cache)}
    for cxx in (os.environ.get("CXX", "g++"), "false"):  # built, then loaded with no compiler
        run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, env={**env, "CXX": cxx}, timeout=600)
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == "2"
    modes = _modes(own_cache)
    assert any(p.endswith("manifest.py") for p in modes)
    if not sys.flags.dont_write_bytecode and not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        assert any("__pycache__" in p and p.endswith(".pyc") for p in modes)
    assert not {p: f"{m:04o}" for p, m in modes.items() if m & 0o022}


_SWAP_CHILD = textwrap.dedent("""
    import numpy as np
    import aten_lite as al
    from aten_lite.compile.fused_spec import FusedSpec, FusedStep
    from aten_lite.compile.kernels import compile_fused
    one = compile_fused(FusedSpec(("float32",), (FusedStep("cos", (("in", 0),), "float32"),),
                                  (0,)))
    two = compile_fused(FusedSpec(("float32", "float32"),
                                  (FusedStep("mul.Tensor", (("in", 0), ("in", 1)), "float32"),),
                                  (0,)))
    x, y = al.randn(6), al.randn(6)
    np.testing.assert_allclose(one([x])[0].numpy(), x.cos().numpy(), rtol=1e-6)
    np.testing.assert_allclose(two([x, y])[0].numpy(), (x * y).numpy(), rtol=1e-6)
    print(one.built, two.built)
""")


@needs_cxx
def test_two_swapped_kernel_files_are_detected_and_rebuilt(own_cache):
    env = {**os.environ, "AL_CACHE_DIR": str(own_cache)}

    def child() -> str:
        run = subprocess.run([sys.executable, "-c", _SWAP_CHILD], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr
        return run.stdout.strip()

    def valid() -> list[bool]:
        """Per file, whether the cache takes it as its key's kernel (its trailer): what lets a
        later process load it without building (shown in a fresh process by
        test_fused_kernels.py's test_cache_cold_warm_and_corrupted)."""
        return [kernels_cache._valid(job_path, job.key) for job, job_path in jobs]

    assert child() == "True True"
    jobs = [(job, own_cache / "kernels" / job.name)
            for job in (_job(_spec("cos")), _job(_spec("mul.Tensor", 2)))]
    assert valid() == [True, True]  # both kept for the next process
    (_, one), (_, two) = jobs
    a, b = one.read_bytes(), two.read_bytes()
    one.write_bytes(b)  # each file now holds the other kernel, trailer and all
    two.write_bytes(a)
    assert valid() == [False, False]
    assert child() == "True True"  # neither is loaded under the other's key: both rebuilt
    assert valid() == [True, True]


# ---- the object cache of library builds ------------------------------------------------------


def test_library_builds_refuse_a_world_writable_object_cache(tmp_path, own_cache, monkeypatch):
    monkeypatch.setattr(library_build, "_FALLBACK", {})
    tag = Path(library_build.build.toolchain(ROOT).objdir).name
    objects = own_cache / "objects" / tag
    objects.mkdir(parents=True)
    os.chmod(objects, 0o777)
    with pytest.raises(UnsafeCacheError, match=rf"refusing to use {objects}: the folder can be "
                       r"written by group or others \(mode 0777\)"):
        library_build._toolchain(ROOT)


@as_root
def test_library_builds_refuse_an_object_of_another_user(tmp_path, own_cache, monkeypatch):
    monkeypatch.setattr(library_build, "_FALLBACK", {})
    tools = library_build._toolchain(ROOT)
    obj = Path(tools.objdir) / "generated__csrc__planted-0123.o"
    obj.write_bytes(b"\x7fELF planted")
    _plant(obj, NOBODY, 0o644)
    unit = library_build.build.Unit("generated/csrc/planted.cpp", tmp_path / "planted.cpp", obj)
    with pytest.raises(UnsafeCacheError, match=rf"refusing to use {obj}: the file is owned by "
                       "nobody"):
        library_build._check_objects(tools, [unit])


def test_library_objects_fall_back_to_a_private_folder(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("AL_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setattr(library_build, "_FALLBACK", {})
    objdir = Path(library_build._toolchain(ROOT).objdir)
    try:
        assert objdir.parent == Path(tempfile.gettempdir())
        assert objdir.name != f"aten_lite-objects-{os.getuid()}"
        assert stat.S_IMODE(objdir.stat().st_mode) == 0o700
        assert Path(library_build._toolchain(ROOT).objdir) == objdir  # one per process
        # The checkout's own core objects are still found: a library built beside an
        # unwritable cache compiles its kernels, not aten_lite's core again.
        build = library_build.build
        checkout = ROOT / Path(build.OBJECT_DIR).parent / Path(build.toolchain(ROOT).objdir).name
        core = [u for u in library_build._units(ROOT, library_build._toolchain(ROOT), tmp_path)
                if u.source.startswith("aten_lite/csrc/")]
        assert core
        for u in core:
            there = checkout / u.obj.name
            assert u.obj == (there if there.is_file() else objdir / u.obj.name), u.source
    finally:
        shutil.rmtree(objdir, ignore_errors=True)


# ---- the rule itself -------------------------------------------------------------------------


def test_folders_above_the_cache_may_be_shared_only_when_sticky(tmp_path):
    shared = tmp_path / "shared"
    cache = shared / "cache"
    private_cache.make_dir(cache / "kernels", cache, "probe")
    assert stat.S_IMODE((cache / "kernels").stat().st_mode) == 0o700
    os.chmod(shared, 0o1777)  # as /tmp: others cannot rename our folder away
    private_cache.check(cache / "kernels", cache, "probe")
    os.chmod(shared, 0o777)
    with pytest.raises(UnsafeCacheError, match=rf"refusing to use {shared}: the folder above "
                       "the cache can be written by group or others and is not sticky"):
        private_cache.check(cache / "kernels", cache, "probe")
    os.chmod(shared, 0o700)


@needs_cxx
def test_graph_mode_warns_of_an_unsafe_kernel_cache_and_runs_the_reference(own_cache):
    folder = own_cache / "kernels"
    folder.mkdir(parents=True)
    os.chmod(folder, 0o777)
    f = al.compile(lambda x: ((x.sin() * 2 + 1).exp() - x).tanh())
    x = al.randn(16)
    with pytest.warns(RuntimeWarning, match=rf"refusing to use {folder}: the folder can be "
                      r"written by group or others \(mode 0777\).*chmod go-w"):
        got = f(x)
    np.testing.assert_allclose(got.numpy(), ((x.sin() * 2 + 1).exp() - x).tanh().numpy(),
                               rtol=1e-6)
    assert not list(folder.iterdir())  # nothing built in, nothing loaded from it
