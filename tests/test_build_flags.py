"""Extra compiler flags for the C++ build: the sanitizer option CI uses (Note [Sanitizer
builds] in tools/codegen/build.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.codegen import build

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def clean_env(monkeypatch):
    for var in ("AL_SANITIZE", "AL_EXTRA_CFLAGS", "AL_EXTRA_LDFLAGS"):
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def test_sanitize_adds_compile_and_link_flags_and_its_own_object_folder(clean_env):
    plain = build.toolchain(ROOT)
    clean_env.setenv("AL_SANITIZE", "address,undefined")
    san = build.toolchain(ROOT)
    assert "-fsanitize=address,undefined" in san.cflags
    assert "-fsanitize=address,undefined" in san.ldflags
    assert "-fsanitize=address,undefined" not in plain.cflags + plain.ldflags
    assert plain.objdir == build.OBJECT_DIR
    assert san.objdir.startswith(build.OBJECT_DIR + "-") and san.objdir != plain.objdir


def test_extra_flags_reach_the_commands(clean_env):
    clean_env.setenv("AL_EXTRA_CFLAGS", "-DAL_TEST_FLAG=1 -g")
    clean_env.setenv("AL_EXTRA_LDFLAGS", "-Wl,--no-undefined")
    tools = build.toolchain(ROOT)
    assert {"-DAL_TEST_FLAG=1", "-g"} <= set(tools.cflags)
    assert "-Wl,--no-undefined" in tools.ldflags


def test_a_bad_sanitizer_list_is_refused(clean_env):
    clean_env.setenv("AL_SANITIZE", "address; rm -rf /")
    with pytest.raises(build.BuildError, match="AL_SANITIZE='address; rm -rf /': expected a "
                       "comma-separated list of sanitizers, e.g. AL_SANITIZE=address,undefined"):
        build.toolchain(ROOT)


def test_ci_runs_the_sanitizer_pass():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "\n.ci/sanitize\n" in ci
    script = (ROOT / ".ci" / "sanitize").read_text()
    assert "AL_SANITIZE=address,undefined" in script and "libasan.so" in script
