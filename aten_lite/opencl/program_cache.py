"""Built OpenCL programs kept on disk by content hash (Note [OpenCL program cache]).

Note [OpenCL program cache]
A program's binary (``Program.get_info(BINARIES)``: PoCL's machine code, a GPU driver's
ISA or PTX) is kept in ``<cache>/opencl/<key>.bin``, where ``<cache>`` is aten_lite's run-time
cache folder (``vocab/jit_cache.py``) and the key is the SHA-256 of everything that decides the
binary: the source text, the build options, and the device (its name, its OpenCL version, its
driver version, its platform's name and version, the address width). A second process loads
the binary (``cl.Program(context, [device], [binary])``) instead of compiling the source:
another driver version or another device misses and builds anew. The folder follows the rules
of the fused kernels' cache (Note [Private caches] in tools/codegen/private_cache.py), since a
binary is code the device runs: the folder is made 0700 and files 0600 whatever the umask, and
before a binary is loaded the file and every folder down to it must be owned by this user and
not writable by group or others. A binary that another user could have written is refused
with one warning (naming the path and the fix) and the program is built from source instead;
a folder that cannot be written leaves the process building from source (warned once). Each
file ends with a trailer (a magic word, the key, and the SHA-256 of both and of the binary), so
a truncated file or another program's file under this name is rebuilt, never loaded; files are
written under a private name and renamed into place, so concurrent processes each write a
whole file. pyopencl's own binary cache is not used (its folder has no such checks).
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

from ..vocab import jit_cache as _jit_cache

__all__ = ["ProgramCache", "cache_dir"]

_MAGIC = b"\0ALOCLBIN1"
_WHAT = "aten_lite OpenCL program cache"


def cache_dir() -> Path:
    """``<cache>/opencl``: ``$AL_CACHE_DIR/opencl``, else under the XDG cache."""
    return _jit_cache.cache_dir("opencl")


def _private():
    from ..vocab.checkout import codegen_module
    return codegen_module("private_cache")


def device_fingerprint(device) -> str:
    """What of the device decides a binary: its name, versions, driver and platform."""
    parts = [device.name, device.version, device.driver_version, device.platform.name,
             device.platform.version, str(device.address_bits)]
    return "\0".join(p.strip() for p in parts)


class ProgramCache:
    """Binaries of one device's programs on disk; ``load`` and ``store`` never raise for a
    cache problem (the program is then built from source), only warn once per message."""

    def __init__(self, device) -> None:
        self.fingerprint = device_fingerprint(device)
        self.hits = 0
        self.stores = 0
        self._warned: set = set()
        self._folder: Path | None = None
        self._disabled = os.environ.get("AL_OPENCL_CACHE", "1") == "0"

    def key(self, source: str, options) -> str:
        h = hashlib.sha256()
        for part in (self.fingerprint, *options, source):
            h.update(part.encode() + b"\0\1")
        return h.hexdigest()[:40]

    def _warn(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            warnings.warn(message, RuntimeWarning, stacklevel=4)

    def folder(self) -> Path | None:
        """The cache folder, made private; None when it cannot be had (warned)."""
        if self._disabled:
            return None
        if self._folder is None:
            d = cache_dir()
            try:
                self._folder = _private().make_dir(d, _jit_cache.cache_dir(), _WHAT)
            except OSError as exc:
                self._warn(f"aten_lite: the OpenCL program cache {d} cannot be made "
                           f"({exc.strerror or exc}); programs are built from source in this "
                           "process. Set AL_CACHE_DIR to a writable folder to keep them.")
                self._disabled = True
                return None
            except _private().UnsafeCacheError as exc:
                self._warn(f"{exc} Programs are built from source meanwhile.")
                self._disabled = True
                return None
        return self._folder

    def load(self, key: str) -> bytes | None:
        """The binary stored under ``key`` when its file is private and whole, else None."""
        folder = self.folder()
        if folder is None:
            return None
        path = folder / f"{key}.bin"
        try:
            _private().check(path, _jit_cache.cache_dir(), _WHAT)
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError:
            return None
        except _private().UnsafeCacheError as exc:
            self._warn(f"{exc} The program is built from source instead.")
            return None
        k = bytes.fromhex(key)
        end = len(_MAGIC) + len(k) + 32
        if len(data) <= end or data[-end:] != _trailer(k, data[:-end]):
            return None
        return data[:-end]

    def store(self, key: str, binary: bytes) -> None:
        folder = self.folder()
        if folder is None or not binary:
            return
        k = bytes.fromhex(key)
        try:
            _private().write_file(folder / f"{key}.bin", binary + _trailer(k, binary))
        except OSError as exc:
            self._warn(f"aten_lite: the OpenCL program cache {folder} cannot be written "
                       f"({exc.strerror or exc}); programs are built from source in this "
                       "process.")
            self._disabled = True
            return
        self.stores += 1


def _trailer(key: bytes, binary: bytes) -> bytes:
    return _MAGIC + key + hashlib.sha256(key + binary).digest()
