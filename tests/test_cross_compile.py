"""The C++ builds for a CPU that is not x86-64 (Note [CPU capability variants] in
aten_lite/csrc/cpu_capability.h): with an aarch64 cross compiler (Debian's
g++-aarch64-linux-gnu), the build uses no x86 flag and no capability variant, and every source
(the core, and the generated kernels in one translation unit, as a clean build groups them)
passes the compiler's checks for aarch64, templates instantiated for every dtype. Skipped
where no cross compiler is installed: CI cannot run ARM code, so this is how the port is kept
compiling."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.codegen import build

ROOT = Path(__file__).resolve().parents[1]
CROSS = "aarch64-linux-gnu-g++"

pytestmark = pytest.mark.skipif(shutil.which(CROSS) is None,
                                reason=f"needs an aarch64 cross compiler ({CROSS})")


@pytest.fixture
def aarch64(monkeypatch):
    for var in ("AL_NATIVE", "AL_SANITIZE", "AL_EXTRA_CFLAGS", "AL_EXTRA_LDFLAGS"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("CXX", CROSS)
    return build.extension_toolchain(ROOT)


def test_the_build_for_aarch64_has_no_x86_flag_and_no_variant(aarch64):
    assert not build.target_is_x86(aarch64.cxx)
    assert build.capability_variants(aarch64.cxx) == ()
    assert not any(f.startswith(("-march", "-mavx", "-mfma")) for f in aarch64.cflags)
    assert "-DAL_HAVE_MVEC=1" not in aarch64.cflags and "-lmvec" not in aarch64.ldflags
    units = build._units(ROOT, aarch64)
    assert all(u.level == 0 and u.flags == () for u in units)
    # op libraries' kernels and fused kernels keep -march=native; AL_NATIVE=0 adds no x86 word
    assert "-march=native" in build.toolchain(ROOT).cflags
    assert not any(f.startswith("-march") for f in build.toolchain(ROOT, native=False).cflags)


def test_every_source_compiles_for_aarch64(aarch64, tmp_path):
    core = sorted((ROOT / "aten_lite" / "csrc").glob("*.cpp"))
    kernels = tmp_path / "kernels.cpp"
    kernels.write_text("".join(f'#include "{p}"\n'
                               for p in sorted((ROOT / "generated" / "csrc").glob("*.cpp"))))
    failures = []
    for source in [*core, kernels]:
        cmd = [*build.compile_command(aarch64, source), "-fsyntax-only"]
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            failures.append(f"{source.name}:\n{done.stderr[-2000:]}")
    assert not failures, "\n".join(failures)
