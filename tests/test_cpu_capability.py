"""One extension for every CPU of its architecture, whose kernel loops have a variant per
capability chosen at import (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h);
and caches of what is compiled for this machine (op libraries' kernels, fused kernels) keyed by
the CPU that ``-march=native`` resolves to, not by the flag's words (Note [Native flags in cache
keys] in tools/codegen/build.py): a cache shared between two machines never hands one of them
code built for the other."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
        # what a remembered toolchain is keyed by (Note [Remembered toolchains])
        monkeypatch.setattr(module, "cpu_description_key", lambda: OTHER.key)
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
def test_another_cpu_gets_other_native_object_keys(native_env):
    mine = build.toolchain(ROOT)
    mine_units = build._units(ROOT, mine)
    _on_other_cpu(native_env)
    other = build.toolchain(ROOT)
    assert other.cflags == mine.cflags  # the same words: only the key tells them apart
    assert other.fingerprint != mine.fingerprint and OTHER.key in other.fingerprint
    other_units = build._units(ROOT, other)
    assert [u.source for u in other_units] == [u.source for u in mine_units]
    assert not {u.obj.name for u in other_units} & {u.obj.name for u in mine_units}
    # an op library's kernels (compiled for this machine) are keyed alike
    src = ROOT / "generated" / "csrc" / "relu.cpp"
    rel = "generated/csrc/relu.cpp"
    assert library_build._object_key(ROOT, src, rel, mine) != \
        library_build._object_key(ROOT, src, rel, other)


@needs_cxx
def test_the_extension_is_built_for_every_cpu_and_shares_its_objects(native_env):
    """The extension and the core objects op libraries link are compiled for the portable
    baseline plus capability variants (Note [CPU capability variants]): no CPU in their keys, so
    two machines share every object, and no -march=native in their flags."""
    mine = build.extension_toolchain(ROOT)
    assert not any("native" in f for f in mine.cflags) and "|cpu " not in mine.fingerprint
    _on_other_cpu(native_env)
    assert build.extension_toolchain(ROOT).fingerprint == mine.fingerprint
    units = build._units(ROOT, mine)
    if build.target_is_x86(mine.cxx):
        assert "-march=x86-64-v2" in mine.cflags
        wide = [u for u in units if u.level]
        assert {u.source for u in wide} == {u.source for u in units
                                            if build.is_variant_source(u.source)}
        assert {u.obj.name.split("-")[0].rsplit(".", 1)[1] for u in wide} == {"avx2", "avx512"}
        assert all("-DAL_CPU_CAPABILITY_CODE=%d" % u.level in u.flags for u in wide)
    # core sources are compiled once, for the baseline
    assert [u for u in units if u.source == "aten_lite/csrc/registry.cpp"][0].flags == ()
    assert len([u for u in units if u.source == "aten_lite/csrc/registry.cpp"]) == 1
    # op libraries link the extension's own core objects (same key)
    src = ROOT / "aten_lite" / "csrc" / "registry.cpp"
    rel = "aten_lite/csrc/registry.cpp"
    core = library_build._core_toolchain(ROOT, build.toolchain(ROOT))
    assert library_build._object_key(ROOT, src, rel, core) == build.object_key(ROOT, src, rel, mine)


def test_the_link_takes_the_default_objects_before_the_wider_ones(tmp_path):
    """The linker keeps the first copy of an inline function several objects define; it must
    be the narrowest one (Note [CPU capability variants])."""
    units = [build.Unit(f"generated/csrc/op{i}.cpp", tmp_path / f"op{i}.cpp",
                        tmp_path / f"op{i}.{lvl}.o", (), lvl)
             for i, lvl in enumerate((2, 0, 1, 2, 0, 1))]
    order = [u.level for u in units]
    linked = build._link_objects(tmp_path, units)
    levels = [next(u.level for u in units if u.obj == o) for o in linked]
    assert levels == sorted(order)


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


# ---- the kernel variants of one extension (Note [CPU capability variants]) -----------------

# The C++ kernel tests run again under each capability this CPU has: elementwise and reduction
# loops of every dtype, the hand-written kernels (softmax, scans, index_add, the LSTM loop),
# and the determinism checks. Of the recurrent layers, the tests that run the LSTM loop's
# float32 and float64 kernels (the rest of that file checks module semantics, not kernels).
KERNEL_TESTS = ("tests/test_determinism.py", "tests/test_short_rows.py",
                "tests/test_transposed_elementwise.py", "tests/test_log_softmax_kernel.py",
                "tests/test_scan_kernels.py", "tests/test_index_add.py", "tests/test_bfloat16.py",
                "tests/test_custom_kernels.py", "tests/test_recurrent.py::test_float32_values",
                "tests/test_recurrent.py::test_double_backward",
                "tests/test_recurrent.py::test_lstm_time_loop_kernel_refuses_bad_steps")


def _C():
    return pytest.importorskip("aten_lite._C", reason="the extension is not built")


def _python(code: str, **env: str) -> subprocess.CompletedProcess:
    """Runs ``code`` in a fresh interpreter (the capability is chosen once per process)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AL_CPU_")}
    clean["PYTHONPATH"] = str(ROOT) + os.pathsep + clean.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={**clean, **env}, timeout=300)


def test_the_process_runs_the_widest_capability_the_cpu_has():
    C = _C()
    import aten_lite as al

    usable = C.cpu_capabilities()
    assert usable[0] == "default" and set(usable) <= set(C.compiled_capabilities())
    if "AL_CPU_CAPABILITY" not in os.environ:
        assert al.backends.cpu.get_cpu_capability() == usable[-1]
    if build.target_is_x86(["g++"]):
        assert C.compiled_capabilities() == ("default", "avx2", "avx512")


@pytest.mark.parametrize("capability", ["default", "avx2", "avx512"])
def test_a_forced_capability_runs_its_variant_for_floating_dtypes(capability):
    if capability not in _C().cpu_capabilities():
        pytest.skip(f"this CPU has no {capability}")
    done = _python(
        "import aten_lite as al\n"
        "x = al.arange(10, dtype=al.float32)\n"
        "with al.trace_dispatch() as t:\n"
        "    (x + x).sum(); al.arange(3) + 1\n"
        "print(al.backends.cpu.get_cpu_capability(), [r.cpu_capability for r in t])\n",
        AL_CPU_CAPABILITY=capability)
    assert done.returncode == 0, done.stderr
    # int64 runs the default code: variants are compiled for the floating dtypes only
    assert done.stdout.split("\n")[0] == f"{capability} ['{capability}', '{capability}', 'default']"


def test_baseline_only_kernels_run_their_default_code_under_every_capability():
    """all/any have no wider variants (build.py BASELINE_ONLY_SOURCES): the widest capability
    runs their default code for floating dtypes too, and their results stay right."""
    assert not build.is_variant_source("generated/csrc/all.cpp")
    assert build.is_variant_source("generated/csrc/sum.cpp")
    capability = _C().cpu_capabilities()[-1]
    done = _python(
        "import aten_lite as al\n"
        "x = al.tensor([1.0, 0.0, 2.0])\n"
        "with al.trace_dispatch() as t:\n"
        "    r = [bool(x.all()), bool(x.any()), bool(x.sum() > 0)]\n"
        "print(r, [e.cpu_capability for e in t if e.op in ('all', 'any', 'sum')])\n",
        AL_CPU_CAPABILITY=capability)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == \
        f"[False, True, True] ['default', 'default', '{capability}']"


def test_forcing_a_capability_the_cpu_lacks_fails_clearly():
    if "avx2" not in _C().cpu_capabilities():
        pytest.skip("needs an AVX2 CPU to pretend it lacks AVX-512")
    done = _python("import aten_lite", AL_CPU_CAPABILITY="avx512",
                   AL_CPU_HIDE_FEATURES="avx512f avx512vl")
    assert done.returncode != 0
    assert ("ImportError: aten_lite._C: AL_CPU_CAPABILITY=avx512: this CPU does not support "
            "avx512 (it lacks avx512f avx512vl); it supports default, avx2. Unset "
            "AL_CPU_CAPABILITY to use the best of those") in done.stderr
    # without the variable the same CPU runs its best
    done = _python("import aten_lite as al; print(al.backends.cpu.get_cpu_capability())",
                   AL_CPU_HIDE_FEATURES="avx512f")
    assert done.stdout.strip() == "avx2", done.stderr


def test_an_unknown_capability_is_refused():
    _C()
    done = _python("import aten_lite", AL_CPU_CAPABILITY="avx1024")
    assert done.returncode != 0
    assert "AL_CPU_CAPABILITY=avx1024: unknown capability; expected one of default, avx2, avx512" \
        in done.stderr


_SAMPLES = r"""
import hashlib, sys
import numpy as np
import aten_lite as al
rng = np.random.default_rng(0)
out = hashlib.sha256()
def record(t):
    if t.dtype == al.bfloat16:  # NumPy has no bfloat16 of its own: compare its bits
        return out.update(np.ascontiguousarray(t._a).view(np.uint16).tobytes())
    out.update(np.ascontiguousarray(t.numpy()).tobytes())
for dt in (al.float32, al.float64, al.float16, al.bfloat16):
    for n in (1, 7, 100, 4099, 70001):
        base = al.tensor(rng.standard_normal(n + 3).astype(np.float32)).to(dt)
        for off in range(3):  # same values at other addresses
            x = base[off:off + n]
            y = (x * 0.5 + 1).to(dt)
            for t in (x + y, x * y - y, x / (y.abs() + 1), al.maximum(x, y), x.relu(),
                      x.sum(), x.mean(), x.amax(), x.amin(), (x.abs() + 0.5).prod(),
                      x.cumsum(0), x.to(al.float32).exp(), x.to(al.float32).softmax(0)):
                record(t)
    m = al.tensor(rng.standard_normal((67, 129)).astype(np.float32)).to(dt)
    for t in (m.sum(0), m.sum(1), m.amax(0), m.mean(1), m.T + m.T,
              al.nn.functional.layer_norm(m.to(al.float32), (129,)),
              m.to(al.float32).softmax(1)):
        record(t)
# attention's softmax rows in 64-byte lanes of native vectors (Note [Native vector compares])
q = al.tensor(rng.standard_normal((2, 3, 37, 20)).astype(np.float32), requires_grad=True)
for causal in (False, True):
    o = al.nn.functional.scaled_dot_product_attention(q, q * 0.5, q.detach(), is_causal=causal)
    o.backward(al.ones_like(o))
    record(o.detach())
    record(q.grad)
    q.grad = None
print(out.hexdigest())
"""


def test_results_are_bit_identical_across_capabilities():
    """Note [No contraction] and the reductions' fixed lanes (Note [Lanes follow the logical
    index] in aten_lite/csrc/reduce.h) make every variant give the same bits, for every address and size.
    Not checked: what calls libmvec (float64 exp, sigmoid's exp, log_softmax's log, ...), whose
    SSE4, AVX2 and AVX-512 versions may differ in the last bit (docs/CPU_CAPABILITY.md)."""
    usable = _C().cpu_capabilities()
    if len(usable) < 2:
        pytest.skip("this CPU has one capability")
    digests = {}
    for capability in usable:
        done = _python(_SAMPLES, AL_CPU_CAPABILITY=capability)
        assert done.returncode == 0, done.stderr
        digests[capability] = done.stdout.strip()
    assert len(set(digests.values())) == 1, digests


@pytest.mark.parametrize("capability", ["default", "avx2", "avx512"])
def test_the_kernel_tests_pass_under_each_capability(capability):
    if capability not in _C().cpu_capabilities():
        pytest.skip(f"this CPU has no {capability}")
    if capability == _C().get_cpu_capability() and "AL_CPU_CAPABILITY" not in os.environ:
        pytest.skip("the suite itself runs this capability")
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AL_CPU_")}
    clean["PYTHONPATH"] = str(ROOT) + os.pathsep + clean.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:warnings",
                           "-p", "no:cacheprovider", *KERNEL_TESTS], cwd=ROOT,
                          env={**clean, "AL_CPU_CAPABILITY": capability},
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_streaming_stores_change_no_bits_and_are_chosen_per_cpu():
    """Large contiguous outputs are written with streaming stores on AMD CPUs only (Note
    [Streaming stores by CPU] in aten_lite/csrc/stream.h); either way the values are the same
    bits."""
    import numpy as np

    import aten_lite as al
    cpu = al.backends.cpu
    was = cpu.get_streaming_stores()
    info = Path("/proc/cpuinfo")
    amd = info.exists() and "AuthenticAMD" in info.read_text()
    if "AL_STREAMING_STORES" not in os.environ:
        assert was == amd
    x = al.from_numpy(np.random.default_rng(0).standard_normal(4 << 20, dtype=np.float32))
    try:
        results = {}
        for on in (True, False):
            cpu.set_streaming_stores(on)
            assert cpu.get_streaming_stores() is on
            results[on] = [(x * 2 + 1).numpy(), x.exp().numpy(), (x + x[:1]).numpy()]
        for a, b in zip(results[True], results[False]):
            assert np.array_equal(a, b)
        with pytest.raises(TypeError, match="expected a bool, got int"):
            cpu.set_streaming_stores(1)
    finally:
        cpu.set_streaming_stores(was)


def test_a_bad_streaming_stores_setting_fails_at_import():
    done = _python("import aten_lite as al; print(al.backends.cpu.get_streaming_stores())",
                   AL_STREAMING_STORES="yes")
    assert done.returncode != 0
    assert ("ImportError: aten_lite._C: AL_STREAMING_STORES=yes: expected 0 (plain stores) or 1 "
            "(streaming stores for large outputs); unset it for this CPU's default") in done.stderr
    for value, want in (("1", "True"), ("0", "False")):
        done = _python("import aten_lite as al; print(al.backends.cpu.get_streaming_stores())",
                       AL_STREAMING_STORES=value)
        assert done.stdout.strip() == want, done.stderr


def test_only_ops_that_call_no_libmvec_function_get_wide_float_loops():
    """Note [Wide vectors for float kernels] in aten_lite/csrc/loops.h: the generator marks a
    functor kWide when its expression calls only functions that round the same at any vector
    width."""
    gen = ROOT / "generated" / "csrc"
    for op in ("exp", "add_Tensor", "sigmoid", "relu", "_copy_strided"):
        assert "static constexpr bool kWide = true;" in (gen / f"{op}.cpp").read_text(), op
    for op in ("tanh", "log", "log1p", "gelu", "sin", "_softplus", "pow_Tensor_Tensor",
               "fmod_Tensor"):
        assert "kWide" not in (gen / f"{op}.cpp").read_text(), op


def test_wide_float_loops_give_every_capabilitys_bits():
    code = ("import hashlib, numpy as np, aten_lite as al\n"
            "h = hashlib.sha256()\n"
            "rng = np.random.default_rng(5)\n"
            "for n in (1, 15, 17, 33, 1000, 4099):\n"
            "    x = al.from_numpy((rng.standard_normal(n) * 30).astype(np.float32))\n"
            "    for y in (x.exp(), x.sigmoid(), x * 3 + 1, al.maximum(x, x * 0.5)):\n"
            "        h.update(y.numpy().tobytes())\n"
            "print(h.hexdigest())\n")
    seen = {}
    for capability in _C().cpu_capabilities():
        done = _python(code, AL_CPU_CAPABILITY=capability)
        assert done.returncode == 0, done.stderr
        seen[capability] = done.stdout.strip()
    assert len(set(seen.values())) == 1, seen
