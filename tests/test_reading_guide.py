"""docs/READING.md cites places that hold what it says (tools/reading_guide.py)."""

from __future__ import annotations

from pathlib import Path

from tools import reading_guide

ROOT = Path(__file__).resolve().parents[1]


def test_every_citation_of_the_reading_guide_holds_its_name_and_the_path_stays_short():
    problems, read = reading_guide.check(ROOT)
    assert not problems, "\n".join(problems)
    assert 1000 < read <= 4000, read  # the core path of one op, readable in an afternoon


def test_the_guide_walks_every_layer():
    text = (ROOT / reading_guide.GUIDE).read_text(encoding="utf-8")
    cited = {c.path for c in reading_guide.cites(text)}
    for folder in ("aten_lite/vocab/", "aten_lite/tensors/", "aten_lite/rules/",
                   "aten_lite/dispatch/", "aten_lite/backends/", "aten_lite/autograd/",
                   "aten_lite/csrc/", "generated/", "tools/codegen/"):
        assert any(p.startswith(folder) for p in cited), folder


def _tree(tmp_path: Path, code: str) -> Path:
    (tmp_path / "docs").mkdir()
    (tmp_path / "m.py").write_text(code)
    (tmp_path / "docs" / "READING.md").write_text(
        "1. `m.py:1` (`f`) then `m.py:4` (`C.g`) and `m.py:1-2` (`# head`)\n")
    return tmp_path


def test_a_moved_definition_is_named_with_where_it_went_and_fix_repairs_it(tmp_path):
    root = _tree(tmp_path, "def f():\n    pass\nclass C:\n    def g(self):\n        pass\n")
    assert reading_guide.check(root)[0] == [
        "docs/READING.md:1: m.py defines no `# head`"]
    (root / "m.py").write_text("# head\n\n\ndef f():\n    pass\nclass C:\n    def g(self):\n"
                               "        pass\n")
    problems, _ = reading_guide.check(root)
    assert problems == [
        "docs/READING.md:1: `f` is at m.py:4, not 1; run `python -m tools.reading_guide --fix`",
        "docs/READING.md:1: `C.g` is at m.py:7, not 4; run `python -m tools.reading_guide --fix`"]
    assert reading_guide.fix(root) == 2
    assert reading_guide.check(root) == ([], 2 + 2 + 2)
    assert "`m.py:4` (`f`)" in (root / "docs" / "READING.md").read_text()
