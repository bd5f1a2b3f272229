"""Run every emitter over the loaded spec and bring ``generated/`` up to date.

Note [Generation is all or nothing]
Everything is rendered in memory first. Only when every emitter succeeded (and, for the CLI,
the new C++ sources compiled) are files replaced, each one atomically through a temporary file
and ``os.replace``. So a spec error, an emitter bug or a C++ error in an ``elementwise:``
expression leaves ``generated/`` exactly as it was. Files are written only when their text
changed, which keeps mtimes (and the object cache) stable.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import emit_autograd, emit_cpp, emit_forward, emit_fusion, emit_python
from .load import load
from .names import check_rendered
from .spec import Spec, SpecError

NATIVE = "native_functions.yaml"
DERIVATIVES = "derivatives.yaml"
GENERATED = "generated"
REGENERATE = "`aten-lite-gen` (or `python -m tools.codegen`)"

# Emitters in a fixed order; each returns {path relative to the repo root: text}.
EMITTERS = (emit_python, emit_cpp, emit_autograd, emit_forward, emit_fusion)

# Generated modules whose top-level names an op's name may clash with (Note [Names an op may
# not take] in names.py).
RENDERED_PYTHON = ("generated/ops.py", "generated/autograd_nodes.py", "generated/registry.py",
                   "generated/forward_rules.py")

_COMMENT = {".py": "#", ".pyi": "#", ".cpp": "//", ".h": "//"}


@dataclass(frozen=True)
class Plan:
    """What a generation run would change: the rendered files and how they differ on disk."""

    root: Path  # repository root the paths are relative to
    files: dict[str, str]  # every generated file: relative path -> full text, header included
    changed: tuple[str, ...]  # paths whose text differs from disk (or that are missing)
    removed: tuple[str, ...]  # generated files on disk that no emitter produces any more
    # The part of `changed` whose only difference is the YAML hash in the header: any YAML
    # edit changes it in every file, so messages list these apart from the real changes.
    header_only: tuple[str, ...] = ()


def source_digest(root: Path) -> str:
    """A short hash of both YAML files: the header records it so drift is visible at a glance."""
    h = hashlib.sha256()
    for name in (NATIVE, DERIVATIVES):
        h.update((root / name).read_bytes())
    return h.hexdigest()[:16]


# Note [Provenance headers]
# A generated file's header says what it was generated from, with a hash of exactly that, so
# an edit to one op changes the headers of that op's files and of the shared tables only, and
# adding an op is a small diff. The Python modules and the stub read every entry: their hash
# is of both YAML files. A kernel file reads one entry: its hash is of the data its text is
# rendered from (emit_cpp.sources), and its header names that op. The fusion table's hash is
# of its own rows (emit_fusion.sources): the fused-kernel cache keys hash that file.
def header_lines(digest: str, source: str = f"{NATIVE} and {DERIVATIVES}") -> list[str]:
    return [
        f"@generated from {source} (sha256 {digest}).",
        f"Do not edit: change the YAML and run {REGENERATE}.",
    ]


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _with_header(path: str, text: str, lines: list[str]) -> str:
    mark = _COMMENT[Path(path).suffix]
    head = "".join(f"{mark} {line}\n" for line in lines) + "\n"
    body = text.lstrip("\n")
    # A `#line N "<this file>"` directive that hands line numbering back to the file itself
    # after a YAML expression must count the header too, or compiler messages drift.
    shift = head.count("\n")
    own = re.compile(r'^(#line )(\d+)( "' + re.escape(path) + r'")$', re.MULTILINE)
    body = own.sub(lambda m: f"{m[1]}{int(m[2]) + shift}{m[3]}", body)
    return head + body


def load_spec(root: Path) -> Spec:
    return load(root / NATIVE, root / DERIVATIVES, runtime_root=root)


def render(root: Path, spec: Spec | None = None) -> dict[str, str]:
    """Every generated file's full text, in memory. Raises SpecError on a bad spec.

    A loaded spec can still hold what one emitter cannot express (a default that is not a
    Python literal, an argument name the generated code reserves): every emitter runs, and
    their problems are raised together, in file and line order, like the loader's.
    """
    spec = spec if spec is not None else load_spec(root)
    lines = header_lines(source_digest(root))
    own = {path: header_lines(_short_hash(data), source)
           for emitter in EMITTERS if hasattr(emitter, "sources")
           for path, (source, data) in emitter.sources(spec).items()}
    files: dict[str, str] = {}
    problems: dict[str, None] = {}  # an ordered set: two emitters may see one problem
    for emitter in EMITTERS:
        try:
            rendered = emitter.emit(spec)
        except SpecError as exc:
            problems.update(dict.fromkeys(exc.messages))
            continue
        for path, text in rendered.items():
            files[path] = _with_header(path, text, own.get(path, lines))
    for path in RENDERED_PYTHON if not problems else ():
        problems.update(dict.fromkeys(check_rendered(path, files[path], spec.native)))
    if problems:
        raise SpecError(sorted(problems, key=_message_order))
    return dict(sorted(files.items()))


def _message_order(message: str) -> tuple[int, int]:
    """native_functions.yaml before derivatives.yaml, then by line (``FILE:LINE: ...``)."""
    file, _, rest = message.partition(":")
    line = rest.partition(":")[0]
    return ((NATIVE, DERIVATIVES).index(file) if file in (NATIVE, DERIVATIVES) else 2,
            int(line) if line.isdigit() else 0)


# Generated files outside generated/: the type stub lives in the runtime package (Note [The
# type stub] in api_pyi.py). There, only a file that starts with the generated header counts
# as ours, so a hand-written file beside it is never taken for a stale one and removed.
ELSEWHERE = (("aten_lite", "*.pyi"),)


def _existing(root: Path) -> set[str]:
    """Every generated file on disk, so that those no emitter produces any more are removed."""
    out = set()
    for p in (root / GENERATED).rglob("*"):
        if p.is_file() and p.suffix in _COMMENT and "__pycache__" not in p.parts:
            out.add(p.relative_to(root).as_posix())
    for folder, pattern in ELSEWHERE:
        for p in (root / folder).rglob(pattern):
            if p.is_file() and _has_header(p):
                out.add(p.relative_to(root).as_posix())
    return out


def _has_header(path: Path) -> bool:
    start = f"{_COMMENT[path.suffix]} @generated from {NATIVE} and {DERIVATIVES} "
    with path.open(encoding="utf-8") as f:
        return f.readline().startswith(start)


def plan(root: Path, spec: Spec | None = None) -> Plan:
    files = render(root, spec)
    changed, header_only = [], []
    skip = len(header_lines("")) + 1  # the header's lines and the blank line after them
    for path, text in files.items():
        target = root / path
        old = target.read_text(encoding="utf-8") if target.is_file() else None
        if old != text:
            changed.append(path)
            if old is not None and old.split("\n", skip)[skip:] == text.split("\n", skip)[skip:]:
                header_only.append(path)
    removed = sorted(_existing(root) - set(files))
    return Plan(root, files, tuple(changed), tuple(removed), tuple(header_only))


def _write_atomic(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def apply(p: Plan) -> None:
    """Replace changed files and delete removed ones (Note [Generation is all or nothing])."""
    for path in p.changed:
        _write_atomic(p.root / path, p.files[path])
    for path in p.removed:
        (p.root / path).unlink()


def stage(p: Plan, staging: Path) -> Path:
    """Write the would-be ``generated/`` tree under ``staging`` so it can be compiled first."""
    for path, text in p.files.items():
        if path.startswith(GENERATED + "/"):
            _write_atomic(staging / path, text)
    return staging / GENERATED
