"""One rule for the user's line (Note [The user's frame] in aten_lite/vocab/user_code.py), which
graph breaks, device errors and profiler events all name."""

from __future__ import annotations

import sys

import pytest

import aten_lite as al
from aten_lite.vocab import user_code


def _frame_of(source: str, filename: str, module: str):
    """The frame of a function compiled from ``source`` as ``filename``, run in globals named
    ``module``: it returns its own frame."""
    scope = {"__name__": module, "sys": sys}
    exec(compile(source, filename, "exec"), scope)
    return scope["where"]()


_WHERE = "def where():\n    return sys._getframe(0)\n"


def test_pseudo_files_are_the_users_only_where_user_code_gets_them():
    assert user_code.is_user_frame(_frame_of(_WHERE, "<string>", "__main__"))
    assert user_code.is_user_frame(_frame_of(_WHERE, "<stdin>", "__main__"))
    # what aten_lite makes at run time: its fast entries' pseudo-files, its modules' globals
    assert not user_code.is_user_frame(_frame_of(_WHERE, "<fast entry of exp>", "__main__"))
    assert not user_code.is_user_frame(_frame_of(_WHERE, "<string>", "aten_lite._libraries.x"))
    assert not user_code.is_user_file(al.__file__)
    assert user_code.is_user_file(__file__)


def test_the_line_is_the_innermost_user_frame_above_aten_lites_own():
    # a frame of aten_lite's, called by _frame_of: the line named is _frame_of's call
    inner = _frame_of(_WHERE, al.__file__, "aten_lite.fake")
    text = open(__file__).read().splitlines()
    line = 1 + next(i for i, t in enumerate(text) if t.strip() == 'return scope["where"]()')
    assert user_code.user_line(inner) == f"test_user_code.py:{line}"
    assert user_code.user_line(inner, full_path=True) == f"{__file__}:{line}"
    assert user_code.user_site(inner) == (_frame_of.__code__, line)


def test_a_graph_break_and_the_profiler_name_the_same_line():
    def f(x):
        y = x * 2
        return y.nonzero()  # data-dependent shape: a graph break at this line

    line = f.__code__.co_firstlineno + 2
    with pytest.raises(RuntimeError, match=f"test_user_code.py:{line}"):  # GraphBreakError
        al.compile(f, fullgraph=True)(al.ones(4))
    with al.profiler.profile(with_stack=True) as prof:
        f(al.ones(4))
    stacks = [e.extra["stack"] for e in prof.events() if e.name.endswith("nonzero")]
    assert stacks and stacks[0] == f"{__file__}:{line}"
