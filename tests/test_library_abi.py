"""The library generator reads the runtime's ABI_VERSION with ast (it never imports the
runtime): the value the runtime itself has, and a clear error for one that is not an int."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aten_lite.vocab import library_kernels as _library_kernels
from conftest import ROOT
from tools.codegen.library import LibraryError, abi_tag


def _fake_root(tmp_path: Path, text: str) -> Path:
    (tmp_path / "aten_lite" / "vocab").mkdir(parents=True, exist_ok=True)
    (tmp_path / "aten_lite" / "vocab/library_kernels.py").write_text(text)
    return tmp_path


def test_abi_tag_is_the_runtimes() -> None:
    assert abi_tag(ROOT) == _library_kernels.ABI_VERSION


@pytest.mark.parametrize("value", ["'2'", "2.0", "True", "None"])
def test_a_non_int_abi_version_is_refused(tmp_path: Path, value: str) -> None:
    root = _fake_root(tmp_path, f"ABI_VERSION = {value}\n")
    shown = re.escape(f"vocab/library_kernels.py: ABI_VERSION is {value}, not an int; ")
    with pytest.raises(LibraryError, match=shown + "reinstall aten_lite"):
        abi_tag(root)


def test_a_missing_abi_version_is_refused(tmp_path: Path) -> None:
    root = _fake_root(tmp_path, "OTHER = 1\n")
    with pytest.raises(LibraryError, match="defines no ABI_VERSION; reinstall aten_lite"):
        abi_tag(root)
