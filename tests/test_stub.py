"""The type stub ``aten_lite/_ops.pyi`` (Note [The type stub] in tools/codegen/api_pyi.py):
it declares exactly what the runtime has, with the runtime's parameter names, and a type
checker reading it accepts real code and rejects a misspelt op."""

from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import aten_lite as al
from aten_lite._generated import ops as generated_ops
from conftest import run_gen

ROOT = Path(__file__).resolve().parents[1]
STUB = ROOT / "aten_lite" / "_ops.pyi"
HEADER = re.compile(r"# @generated from native_functions\.yaml and derivatives\.yaml "
                    r"\(sha256 [0-9a-f]{16}\)\.")


def _tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"), filename=str(STUB))


def _defs(body) -> dict[str, list[ast.FunctionDef]]:
    """name -> its `def`s (several when overloaded), in order."""
    found: dict[str, list[ast.FunctionDef]] = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            found.setdefault(node.name, []).append(node)
    return found


def _stub_functions() -> dict[str, list[ast.FunctionDef]]:
    return _defs(_tree().body)


def _stub_methods() -> dict[str, list[ast.FunctionDef]]:
    cls = next(n for n in _tree().body if isinstance(n, ast.ClassDef) and n.name == "TensorOps")
    return _defs(cls.body)


def _stub_params(fn: ast.FunctionDef) -> tuple[list[str], list[str]]:
    """(positional names, `*size` included, in order; keyword-only names)."""
    a = fn.args
    positional = [p.arg for p in a.posonlyargs + a.args] + ([a.vararg.arg] if a.vararg else [])
    return positional, [p.arg for p in a.kwonlyargs]


def _runtime_generated_functions() -> set[str]:
    """The public attributes of `aten_lite` that are generated bindings."""
    return {name for name in dir(al) if not name.startswith("_")
            and inspect.isfunction(getattr(al, name))
            and getattr(al, name).__module__ == generated_ops.__name__}


def test_stub_is_generated_and_parses():
    text = STUB.read_text(encoding="utf-8")
    assert HEADER.fullmatch(text.splitlines()[0])
    all_ = next(n for n in _tree().body if isinstance(n, ast.Assign)
                and [t.id for t in n.targets if isinstance(t, ast.Name)] == ["__all__"])
    assert ast.literal_eval(all_.value) == list(al._ops.__all__)


def test_stub_declares_exactly_the_generated_functions_and_methods():
    assert set(_stub_functions()) == _runtime_generated_functions()
    assert set(_stub_methods()) == set(generated_ops.METHODS)
    for name, fn in generated_ops.METHODS.items():
        assert getattr(al.Tensor, name) is fn, name


def _handle_params(h, method: bool) -> tuple[list[str], list[str]]:
    """What the runtime parser binds for one op overload: positional names in binding order
    (a method's `self` first), keyword-only names."""
    positional = [a.name for a in h.args if not a.kwarg_only]
    if method:
        positional = ["self"] + [n for n in positional if n != "self"]
    else:  # torch's Python names (Note [Torch's Python names] in tools/codegen/api_python.py)
        positional = ["input" if n == "self" else n for n in positional]
    keywords = [a.name for a in h.args if a.kwarg_only]
    if any(a.name == "keepdim" for a in h.args):
        keywords.append("keepdims")
    return positional, keywords


@pytest.mark.parametrize("method", [False, True], ids=["function", "method"])
def test_stub_parameters_are_the_runtime_overloads(method: bool):
    # Every `def` is one overload the runtime parser binds (the same positional names, the
    # same keywords; an out= overload appears as its functional one with `out`), and every
    # overload the parser binds has its `def`.
    stubs = _stub_methods() if method else _stub_functions()
    for name, defs in stubs.items():
        if name.startswith("__"):
            continue  # operators: one signature each, checked below
        group = getattr(generated_ops, f"_G{'M' if method else ''}_{name}")
        runtime = [_handle_params(h, method) for h in group.handles()]
        declared = [_stub_params(d) for d in defs]
        for pos, kw in declared:
            assert any(pos == p and set(kw) == set(k) for p, k in runtime), (name, pos, kw)
        for pos, kw in runtime:
            assert any(pos == p and set(kw) - {"out"} == set(k) - {"out"} for p, k in declared), \
                (name, pos, kw)


@pytest.mark.parametrize("method", [False, True], ids=["function", "method"])
def test_stub_parameter_names_are_the_python_signature(method: bool):
    # Where the binding has a named signature (not *args), each `def` takes a prefix of its
    # positional parameters and some of its keywords, and together the defs take all.
    stubs = _stub_methods() if method else _stub_functions()
    for name, defs in stubs.items():
        fn = generated_ops.METHODS[name] if method else getattr(al, name)
        params = inspect.signature(fn).parameters.values()
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            continue  # only the parser knows these; checked against its overloads above
        positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        keywords = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
        seen: set[str] = set()
        for d in defs:
            pos, kw = _stub_params(d)
            assert pos == positional[:len(pos)] and set(kw) <= set(keywords), (name, pos, kw)
            seen |= set(pos) | set(kw)
        assert seen == set(positional) | set(keywords), name


def test_tensor_declarations_for_type_checkers_match_what_is_attached():
    # tensors/tensor.py declares, under TYPE_CHECKING, what autograd and _indexing attach at import.
    tree = ast.parse((ROOT / "aten_lite" / "tensors/tensor.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tensor")
    block = next(n for n in cls.body if isinstance(n, ast.If)
                 and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING")
    declared = _defs(block.body)
    annotated = {n.target.id for n in block.body if isinstance(n, ast.AnnAssign)}
    assert set(declared) | annotated == {
        "grad", "retains_grad", "backward", "register_hook", "register_post_accumulate_grad_hook",
        "retain_grad", "detach", "detach_", "__getitem__", "__setitem__", "grad_fn",
        # frontend/tensor_api.py and frontend/random.py
        "data", "type", "cpu", "cuda", "new_tensor", "new_zeros", "new_ones", "new_empty", "new_full",
        "bernoulli", "multinomial", "uniform_", "normal_", "unique",
        # backends/dlpack.py
        "__dlpack__", "__dlpack_device__"}
    for name, defs in declared.items():
        attached = inspect.getattr_static(al.Tensor, name)
        decorators = [ast.unparse(dec) for fn in defs for dec in fn.decorator_list]
        if isinstance(attached, property):
            # A property, with a setter exactly when the runtime's can be assigned.
            wanted = ["property"] + ([f"{name}.setter"] if attached.fset else [])
            assert decorators == wanted, name
            continue
        assert len(defs) == 1 and not decorators, name
        runtime = list(inspect.signature(attached).parameters)
        args = defs[0].args
        names = [a.arg for a in args.args] + ([args.vararg.arg] if args.vararg else []) + [
            a.arg for a in args.kwonlyargs]
        assert names == runtime, name
    assert "grad_fn" in al.Tensor.__slots__


def test_the_type_checking_base_costs_nothing_at_run_time():
    assert al.Tensor.__bases__ == (object,)
    assert al.Tensor.__mro__ == (al.Tensor, object)
    assert "__dict__" not in dir(al.randn(2))


def test_check_covers_the_stub_and_gen_removes_only_generated_stubs(repo: Path):
    stub = repo / "aten_lite" / "_ops.pyi"
    stub.write_text(stub.read_text().replace("def relu(", "def relu_typo("))
    header = STUB.read_text().splitlines()[0]
    (repo / "aten_lite" / "_old.pyi").write_text(f"{header}\n\ndef gone() -> None: ...\n")
    mine = repo / "aten_lite" / "mine.pyi"
    mine.write_text("def hand_written() -> None: ...\n")
    done = run_gen(repo, "--check")
    assert done.returncode == 1
    assert done.stderr == (
        "generated/ does not match the YAML; stale files:\n"
        "  aten_lite/_ops.pyi\n"
        "  aten_lite/_old.pyi (no longer generated)\n"
        "run `aten-lite-gen` to regenerate\n")
    done = run_gen(repo, "--no-build")
    assert done.returncode == 0, done.stderr
    assert "  wrote aten_lite/_ops.pyi\n  removed aten_lite/_old.pyi\n" in done.stdout
    assert stub.read_text() == STUB.read_text()
    assert not (repo / "aten_lite" / "_old.pyi").exists() and mine.exists()


# ---- a type checker's view (mypy, when installed) ----

SNIPPET = '''\
import aten_lite as al

x = al.randn(3, 4, requires_grad=True)
w = al.ones(4, 2)
y = al.softmax(x.add(1, alpha=2).relu() * 2, dim=1)
z = (x @ w).sum() + al.mul(x, 3).mean() + al.where(x > 0, x, 0.0).sum()
z.backward()
grad: al.Tensor | None = x.grad
values, indices = x.max(0)
d = x.detach()
d += 1
d[0] = 0.0
flat = d.view(2, 6).permute(1, 0).reshape(-1) + d.view((12,)).expand(2, 12)
parts = al.cat([x, -x], dim=0).split(2)
mask = (x > 0.5) & (x < 0.9) | ~(x == 0)
r = 2 ** x - 1 / (abs(x) + 1) % 3
al.add(x, x, out=al.empty(3, 4))
q = x.to(al.float64).div(2, rounding_mode="floor").sum(dim=(0, 1), keepdim=True)
n: int = al.sparse_coo_tensor(al.tensor([[0, 1]]), al.tensor([1.0, 2.0]), (3,))._nnz()
reveal_type(y)
reveal_type(x.max(0))
reveal_type(parts)
reveal_type(mask)
al.sofmax(x, 1)
x.relux()
'''


def _mypy(tmp_path: Path, cache: Path, source: str, *flags: str) -> list[tuple[int, str]]:
    """(line, message) of each error and note mypy reports for ``source``, run in the
    checkout as a user would (pyproject's [tool.mypy] applies), with the cache folder
    ``cache`` (conftest.mypy_cache)."""
    pytest.importorskip("mypy")
    path = tmp_path / "snippet.py"
    path.write_text(source)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache),
         "--no-error-summary", *flags, str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    found = []
    for line in done.stdout.splitlines():
        m = re.fullmatch(r"(.+?):(\d+): (?:error|note): (.*)", line)
        assert m, line
        # Errors anywhere else (the stub itself, say) fail the test through this message.
        found.append((int(m[2]), m[3]) if Path(m[1]).name == path.name else (0, line))
    return found


def test_mypy_accepts_ops_methods_and_operators_and_names_a_misspelt_op(tmp_path: Path,
                                                                       mypy_cache: Path):
    found = _mypy(tmp_path, mypy_cache, SNIPPET, "--strict", "--warn-unused-ignores")
    lines = SNIPPET.splitlines()
    at = {text: i + 1 for i, text in enumerate(lines)}
    tensor = '"aten_lite.tensors.tensor.Tensor"'
    errors = [(n, m) for n, m in found if not m.startswith("Revealed type")]
    # mypy may or may not add a "did you mean" to a message; the rest is fixed.
    errors = [(n, re.sub(r'; maybe "\w+"\?', "", m)) for n, m in errors]
    assert errors == [
        (at["al.sofmax(x, 1)"], 'Module has no attribute "sofmax"  [attr-defined]'),
        (at["x.relux()"], '"Tensor" has no attribute "relux"  [attr-defined]'),
    ]
    # Older mypy spells builtin types with their module (`builtins.list`).
    revealed = [(n, m.replace("builtins.", "")) for n, m in found
                if m.startswith("Revealed type")]
    assert revealed == [
        (at["reveal_type(y)"], f"Revealed type is {tensor}"),
        (at["reveal_type(x.max(0))"],
         'Revealed type is "tuple[aten_lite.tensors.tensor.Tensor, aten_lite.tensors.tensor.Tensor]"'),
        (at["reveal_type(parts)"], 'Revealed type is "list[aten_lite.tensors.tensor.Tensor]"'),
        (at["reveal_type(mask)"], f"Revealed type is {tensor}"),
    ]


def _defined_by_aten_lite(value) -> bool:
    module = getattr(value, "__module__", None) or type(value).__module__
    return module.split(".")[0] == "aten_lite"


def test_mypy_sees_every_public_name_of_the_module_and_of_tensor(tmp_path: Path,
                                                                 mypy_cache: Path):
    # Nothing the runtime has is unknown to a type checker: generated, hand-written or
    # attached at import.
    # A subpackage is imported by name, as a type checker wants (`al.backends` exists at run
    # time only because other modules imported it). What __init__ merely uses (`al.sys`,
    # `al.Path`) is no API: the rest is defined by aten_lite, or an instance of its classes.
    names = [n for n in dir(al) if not n.startswith("_")]
    subpackages = [n for n in names if isinstance(getattr(al, n), ModuleType)
                   and getattr(al, n).__name__ == f"aten_lite.{n}"]
    attributes = [n for n in names if not isinstance(getattr(al, n), ModuleType)
                  and _defined_by_aten_lite(getattr(al, n))]
    methods = [n for n in dir(al.randn(2)) if not n.startswith("__")
               and (not n.startswith("_") or n in generated_ops.METHODS)]
    source = "import aten_lite as al\n"
    source += "".join(f"import aten_lite.{n}\n" for n in subpackages)
    source += "\nt = al.randn(2)\n"
    source += "".join(f"al.{n}\n" for n in attributes)
    source += "".join(f"t.{n}\n" for n in methods)
    assert len(attributes) > 100 and len(methods) > 150
    assert _mypy(tmp_path, mypy_cache, source, "--strict") == []


def test_show_names_the_stub_declarations_of_an_op():
    done = run_gen(ROOT, "show", "relu")
    assert done.returncode == 0, done.stderr
    assert re.search(r"^    aten_lite/_ops\.pyi:\d+: relu\(\), TensorOps\.relu \(line \d+\)  "
                     r"\(type stub\)$", done.stdout, re.MULTILINE), done.stdout
