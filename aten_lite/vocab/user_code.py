"""Where the user's code is: the innermost frame outside aten_lite, the line that graph breaks,
device errors raised later, kernel errors and profiler events name (Note [The user's frame]).

Note [The user's frame]
A frame is aten_lite's own when its file lies in the package or in generated/; when it runs in
the globals of one of aten_lite's modules, which is where the code aten_lite makes at run time
runs (the dispatcher's fast entries, compiled replays, the bindings of op libraries, loaded as
``aten_lite._libraries.*`` wherever they were built); or when its file is a pseudo-file other
than the ones interactive and exec'd user code gets (``<stdin>``, ``<string>``, IPython's
cells, doctests, the console). Every other frame is the user's. The answer is kept per code
object: a code object runs in the globals of the module that made it, so it holds for each of
its frames, and the walks below run on hot paths (each op a capture records, each device
launch). One rule for every caller, so a message and a profile name the same line.
"""

from __future__ import annotations

import os
import sys

__all__ = ["is_user_file", "is_user_frame", "user_frame", "user_site", "user_line"]

_USER_PSEUDO_FILES = ("<stdin>", "<string>", "<ipython", "<doctest", "<console")
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_LIMIT = 4096  # entries kept per table (code objects of functions long gone are dropped)


class _Known:
    ours: tuple = ()  # the package's folder and generated/'s, once generated/ is loaded
    files: dict = {}  # filename -> whether it is the user's
    # id(code object) -> (the code object, whether it is the user's): by identity, since code
    # objects compiled apart from equal text compare equal whatever their file or module (an
    # exec'd copy of a function of aten_lite's is not aten_lite's); holding the code object
    # keeps its id from being reused while the entry lives
    codes: dict = {}
    lines: dict = {}  # (id of a code object in codes, line, full path) -> 'file.py:12'


def _ours() -> tuple:
    if _Known.ours:
        return _Known.ours
    generated = sys.modules.get("aten_lite._generated")
    if generated is None:  # not loaded yet (an error during import): the package alone
        return (_PACKAGE,)
    _Known.ours = (_PACKAGE, os.path.dirname(os.path.abspath(generated.__file__)) + os.sep)
    return _Known.ours


def is_user_file(filename: str) -> bool:
    """Whether code from ``filename`` is the user's (by its file alone)."""
    known = _Known.files.get(filename)
    if known is None:
        if filename.startswith("<"):
            known = filename.startswith(_USER_PSEUDO_FILES)
        else:
            known = not os.path.abspath(filename).startswith(_ours())
        if len(_Known.files) > _LIMIT:
            _Known.files.clear()
        _Known.files[filename] = known
    return known


def is_user_frame(frame) -> bool:
    """Whether ``frame`` runs the user's code (Note [The user's frame])."""
    code = frame.f_code
    entry = _Known.codes.get(id(code))
    if entry is not None and entry[0] is code:
        return entry[1]
    known = is_user_file(code.co_filename) and \
        not frame.f_globals.get("__name__", "").startswith("aten_lite.")
    if len(_Known.codes) > _LIMIT:
        _Known.codes.clear()
        _Known.lines.clear()  # keyed by the ids these entries kept from reuse
    _Known.codes[id(code)] = (code, known)
    return known


def user_frame(frame):
    """The innermost user frame at or above ``frame``, or None."""
    f = frame
    while f is not None and not is_user_frame(f):
        f = f.f_back
    return f


def user_site(frame):
    """(code object, line) of ``user_frame(frame)``, or None: what a caller keeps on a hot
    path, formatted only when a message needs it."""
    f = user_frame(frame)
    return None if f is None else (f.f_code, f.f_lineno)


def user_line(frame=None, full_path: bool = False) -> str:
    """``'file.py:12'`` (the whole path with ``full_path``) of the innermost user frame at or
    above ``frame`` (default: the caller's), or ``'?'``."""
    f = user_frame(frame or sys._getframe(1))
    if f is None:
        return "?"
    key = (id(f.f_code), f.f_lineno, full_path)  # f.f_code is held by _Known.codes
    line = _Known.lines.get(key)
    if line is None:
        name = f.f_code.co_filename
        line = f"{name if full_path else os.path.basename(name)}:{f.f_lineno}"
        if len(_Known.lines) > _LIMIT:
            _Known.lines.clear()
        _Known.lines[key] = line
    return line
