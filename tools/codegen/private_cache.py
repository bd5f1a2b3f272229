"""Folders and files of aten_lite's caches that nobody but this user can have written.

Note [Private caches]
aten_lite runs code that it finds in its caches (``<cache>``, aten_lite/vocab/jit_cache.py):
fused kernels (``<cache>/kernels/fused-*.so``, loaded with ctypes,
aten_lite/compile/kernels_cache.py), the precompiled header they compile with
(``<cache>/kernels/pch/``), op libraries defined in process (``<cache>/libraries/<hash>/``: its
manifest.py is executed, its modules imported, its extension loaded, aten_lite/frontend/oplib.py)
and the objects linked into op libraries (``<cache>/objects/``, library_build.py). Whoever can
write there runs code as
the user who loads it, so:
* Folders are created 0700 and files 0600 (0700 for a program), whatever the umask: a cache
  made under umask 0 is not world-writable.
* Before anything is loaded from a cache folder or file, ``check`` makes sure that no one else
  could have put it there: it, and every folder from the cache's root down to it, is owned by
  this user (or root) and not writable by group or others; each folder above the root (``~``,
  ``/tmp``) is owned by this user or root and, when others can write it, sticky (as /tmp is:
  others cannot rename what is ours). Otherwise UnsafeCacheError names the path, its owner or
  mode, and the fix (remove it, chmod go-w, or set AL_CACHE_DIR to a folder of one's own).
  Nothing is loaded from it and nothing is silently rebuilt there.
* A fallback for a cache that cannot be written is a folder made by ``tempfile.mkdtemp``
  (0700, a name nobody could guess beforehand), never a fixed path under the shared temporary
  directory, where another user could have prepared a tree first.
The generator and the runtime both use this module (the runtime through ``aten_lite.codegen``,
as it does for builds), so there is one rule.
"""

from __future__ import annotations

import atexit
import os
import shutil
import stat
import tempfile
import threading
import warnings
from pathlib import Path

__all__ = ["UnsafeCacheError", "check", "check_tree", "fallback_folder", "make_dir",
           "make_private", "write_file"]

_GROUP_OTHER_WRITE = stat.S_IWGRP | stat.S_IWOTH


class UnsafeCacheError(RuntimeError):
    """A cache folder or file that another user could have written: aten_lite loads no code
    from it (Note [Private caches])."""


def _trusted(uid: int) -> bool:
    return uid == os.getuid() or uid == 0


def _owner(uid: int) -> str:
    try:
        import pwd

        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (ImportError, KeyError):
        return f"uid {uid}"


def _refuse(what: str, path: Path, problem: str, fix: str) -> UnsafeCacheError:
    return UnsafeCacheError(f"{what}: refusing to use {path}: {problem}; another user could put "
                            f"code there that aten_lite would run as you. {fix}")


def _check_one(what: str, path: Path, st: os.stat_result, strict: bool) -> None:
    """``strict``: a cache folder or file (ours, not group/world-writable); else a folder above
    the cache's root (ours or root's, writable by others only when sticky)."""
    kind = "folder" if stat.S_ISDIR(st.st_mode) else "file"
    if not _trusted(st.st_uid):
        raise _refuse(what, path, f"the {kind} is owned by {_owner(st.st_uid)}, not by you "
                      f"(uid {os.getuid()}) or root",
                      f"Remove it (aten_lite rebuilds what it needs), or set AL_CACHE_DIR to "
                      "a folder of your own.")
    writable = st.st_mode & _GROUP_OTHER_WRITE
    if writable and strict:
        raise _refuse(what, path, f"the {kind} can be written by group or others (mode "
                      f"{stat.S_IMODE(st.st_mode):04o})",
                      f"Remove it, or run `chmod go-w {path}` if you trust what is in it.")
    if writable and not strict and not st.st_mode & stat.S_ISVTX:
        raise _refuse(what, path, f"the folder above the cache can be written by group or "
                      f"others and is not sticky (mode {stat.S_IMODE(st.st_mode):04o})",
                      f"Run `chmod go-w {path}` (or `chmod +t`), or set AL_CACHE_DIR to a "
                      "folder of your own.")


def check(path: Path, root: Path, what: str) -> None:
    """Raise UnsafeCacheError unless ``path`` (an existing folder or file at or under the
    cache root ``root``) could have been written by this user only (Note [Private caches])."""
    real = Path(os.path.realpath(path))
    real_root = Path(os.path.realpath(root))
    if real == real_root or real.is_relative_to(real_root):
        strict = [real_root, *reversed([p for p in real.parents
                                        if p.is_relative_to(real_root) and p != real_root])]
        if real != real_root:
            strict.append(real)
        above = real_root.parents
    else:  # a link out of the cache: the target is held to the cache's rule
        strict, above = [real], real.parents
    for p in reversed(above):
        _check_one(what, p, os.stat(p), strict=False)
    for p in strict:
        _check_one(what, p, os.stat(p), strict=True)


def check_tree(folder: Path, root: Path, what: str) -> None:
    """``check`` of ``folder`` and of everything in it (a library's package: its modules,
    their ``__pycache__``, its extension)."""
    check(folder, root, what)
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in (*dirnames, *filenames):
            p = Path(dirpath, name)
            _check_one(what, p, os.stat(p), strict=True)


def make_dir(path: Path, root: Path, what: str) -> Path:
    """``path`` (at or under ``root``), its missing folders created 0700, then checked.
    Raises OSError when it cannot be created, UnsafeCacheError when it is not private."""
    missing = []
    p = Path(path)
    while not p.exists() and p != p.parent:
        missing.append(p)
        p = p.parent
    for p in reversed(missing):
        try:
            os.mkdir(p, 0o700)
        except FileExistsError:  # another process made it at the same moment
            pass
        else:
            os.chmod(p, 0o700)  # the umask may have taken bits away, never added; be exact
    if not Path(path).is_dir():
        raise NotADirectoryError(f"{path} is not a folder")
    check(path, root, what)
    return Path(path)


def make_private(path: Path) -> None:
    """Set what this process wrote at ``path`` (a file or a tree) to 0700 folders and 0600
    files (0700 for programs), whatever the umask made them; ``__pycache__`` folders are made
    0700 beside every module first, so the ones Python makes when importing are not
    world-writable under umask 0."""
    p = Path(path)
    if not p.is_dir():
        mode = os.stat(p).st_mode
        os.chmod(p, 0o700 if mode & stat.S_IXUSR else 0o600)
        return
    os.chmod(p, 0o700)
    for dirpath, dirnames, filenames in os.walk(p):
        if any(f.endswith(".py") for f in filenames) and "__pycache__" not in dirnames:
            try:
                os.mkdir(Path(dirpath, "__pycache__"), 0o700)
            except FileExistsError:
                pass
            dirnames.append("__pycache__")
        for name in dirnames:
            os.chmod(Path(dirpath, name), 0o700)
        for name in filenames:
            make_private(Path(dirpath, name))


def write_file(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Write ``data`` to ``path`` whole or not at all (a private name, renamed), with ``mode``
    whatever the umask."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)


def fallback_folder(prefix: str, warning: str, stacklevel: int) -> Path:
    """A folder for this process only, for a cache that cannot be written: made by
    ``tempfile.mkdtemp`` (0700, a name nobody could guess beforehand), removed at exit. Warns
    once with ``warning``, in which ``{folder}`` names it; ``stacklevel`` counts from the
    caller of this function."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    warnings.warn(warning.format(folder=folder), RuntimeWarning, stacklevel=stacklevel + 1)
    return folder
