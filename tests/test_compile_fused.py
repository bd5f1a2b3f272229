"""Graph mode running its fused groups on the built kernels: the fusion pass hands each group
to ``compile_fused``, not to the reference executor, for the benchmark's function
(``(x * 2 + y).relu().exp().sum()``) and the digits MLP training step, and the results equal
eager's; the kernels also build from an installed (non-editable) aten_lite, whose YAML lives
in the generator package."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from conftest import fresh_cache_dir
from aten_lite import nn
from aten_lite.compile.kernels import FusedKernel
from aten_lite.nn import functional as F

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory):
    """A fresh kernel cache for this module, so the kernels below are really built here."""
    yield from fresh_cache_dir(tmp_path_factory, "kernels")


def built_groups(graph) -> list:
    """The fused groups of ``graph``, each checked to run on a built kernel."""
    groups = list(graph.groups.values())
    for g in groups:
        assert isinstance(g.kernel, FusedKernel), (g.describe(), type(g.kernel))
        assert g.note == "", g.describe()
    return groups


def test_the_benchmark_function_runs_one_built_kernel_and_matches_eager():
    def f(x, y):
        return (x * 2 + y).relu().exp().sum()

    rng = np.random.default_rng(0)
    xs, ys = (rng.standard_normal(10_007, dtype=np.float32) * 0.1 for _ in range(2))
    x, y = al.from_numpy(xs), al.from_numpy(ys)
    cf = al.compile(f)
    got = cf(x, y)
    graph = cf.graph(x, y)
    (group,) = built_groups(graph)
    assert [n.op for n in group.nodes] == ["mul.Tensor", "add.Tensor", "relu", "exp", "sum"]
    assert "fused g0" in str(graph)
    want = f(x, y)
    assert got.dtype == want.dtype == al.float32 and got.shape == ()
    oracle = np.exp(np.maximum(xs.astype(np.float64) * 2 + ys, 0)).sum()
    assert got.item() == pytest.approx(oracle, rel=1e-5)
    assert got.item() == pytest.approx(want.item(), rel=1e-6)
    # A non-contiguous view and a broadcast input go through the same kernel.
    xt = al.from_numpy(rng.standard_normal((40, 30), dtype=np.float32))
    yb = al.from_numpy(rng.standard_normal(40, dtype=np.float32))
    got = cf(xt.t(), yb)
    built_groups(cf.graph(xt.t(), yb))
    assert got.item() == pytest.approx(f(xt.t(), yb).item(), rel=1e-5)


def _mlp(seed=0):
    al.manual_seed(seed)
    return nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))


@pytest.mark.parametrize("dtype", [al.float32, al.float64])
def test_a_fused_multiply_add_rounds_twice_as_eager_does(dtype):
    """``x * 3 + 1`` fused into one kernel gives eager's bits: the multiply and the add each
    round (Note [No contraction] in tools/codegen/build.py); a contracted FMA rounds once and
    differed in about one element of six."""
    x = al.from_numpy(np.random.default_rng(1).standard_normal(50_000)).to(dtype)
    compiled = al.compile(lambda x: x * 3 + 1)
    got = compiled(x)
    (group,) = built_groups(compiled.graph(x))
    np.testing.assert_array_equal(got.numpy(), (x * 3 + 1).numpy())


def test_the_digits_mlp_step_compiled_uses_built_kernels_and_trains_like_eager():
    rng = np.random.default_rng(1)
    xb = al.from_numpy(rng.random((64, 64), dtype=np.float32))
    yb = al.from_numpy(rng.integers(0, 10, 64))
    models = [_mlp(), _mlp()]
    opts = [al.optim.SGD(m.parameters(), lr=0.1) for m in models]

    def loss_of(model):
        return lambda a, b: F.cross_entropy(model(a), b)

    steps = [loss_of(models[0]), al.compile(loss_of(models[1]))]
    for _ in range(3):
        losses = []
        for step, opt in zip(steps, opts):
            loss = step(xb, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        assert losses[1] == pytest.approx(losses[0], rel=1e-5, abs=1e-6)
        for pe, pc in zip(models[0].parameters(), models[1].parameters()):
            np.testing.assert_allclose(pc.grad.numpy(), pe.grad.numpy(), rtol=1e-4, atol=1e-6)
            np.testing.assert_allclose(pc.detach().numpy(), pe.detach().numpy(),
                                       rtol=1e-5, atol=1e-6)
    graph = steps[1].graph(xb, yb)
    assert steps[1].stats["captures"] == 1 and steps[1].stats["replays"] == 2
    assert built_groups(graph) and built_groups(graph.backward)
    # Note [Fused reductions keep to trailing dims]: the bias gradient's sum(dim=0) is a node.
    sums = [n for n in graph.backward.nodes if n.op == "sum"]
    assert sums and all(n.group is None for n in sums)


def test_graph_mode_reads_the_fusion_table_not_the_generator():
    """Note [The fusion table]: a fused kernel of aten_lite's ops is rendered from
    generated/fusion_table.py; the generator's YAML loader and emitters are never imported
    (only its compiler driver and cache checks, build.py and private_cache.py)."""
    code = (
        "import sys, aten_lite as al\n"
        "from aten_lite.compile import fusion_entries, kernels_source\n"
        "from aten_lite.compile.fused_spec import FusedSpec, FusedStep\n"
        "spec = FusedSpec(('float32',), (FusedStep('add.Tensor', (('in', 0), ('in', 0), "
        "('const', 1)), 'float32'), FusedStep('relu', (('step', 0),), 'float32')), (1,))\n"
        "src = kernels_source.fused_source(spec)\n"
        "print(fusion_entries.builtin_file())\n"
        "print(' '.join(sorted(m for m in sys.modules if 'codegen' in m)))\n"
        "print(src.summary)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    table, modules, summary = run.stdout.splitlines()
    assert Path(table) == ROOT / "generated" / "fusion_table.py"
    assert set(modules.split()) <= {"aten_lite.codegen", "aten_lite.codegen.build",
                                    "aten_lite.codegen.private_cache"}, modules
    assert re.fullmatch(r"add\.Tensor \(native_functions\.yaml:\d+\) -> relu "
                        r"\(native_functions\.yaml:\d+\)", summary), summary


def test_the_fusion_table_rows_are_the_generators_kernels():
    """Every row says what the op's own generated kernel says (api_cpp.cpp_kernel)."""
    from aten_lite.compile import fusion_entries
    from tools.codegen import api_cpp, gen

    spec = gen.load_spec(ROOT)
    rows = fusion_entries.builtin()
    functional = {str(nf.func.name): nf for nf in spec.native
                  if nf.elementwise is not None and nf.func.kind().name == "functional"}
    assert set(rows) == set(functional) and len(rows) > 50
    for op, nf in functional.items():
        k, e = api_cpp.cpp_kernel(nf), rows[op]
        assert (e.expr, e.loc, e.tensors, e.scalars) == (
            k.expr, str(nf.elementwise.loc), k.tensor_args, k.scalar_args), op
        assert (e.dtypes, e.type_promotion, e.int_operand) == (
            tuple(nf.dtypes), nf.type_promotion, nf.int_operand), op
    assert fusion_entries.storage("float16") == api_cpp.STORAGE["float16"] == "::al::half"


def test_fused_kernels_build_from_an_installed_aten_lite(tmp_path, installed_site):
    """`setup.py build` lays out what `pip install .` installs (conftest.installed_site); with
    only that on the path (no checkout), graph mode reads the installed fusion table and
    builds its kernel."""
    site = installed_site
    assert not (site / "native_functions.yaml").exists()
    code = (
        "import numpy as np, aten_lite as al\n"
        "from aten_lite.compile import fusion_entries\n"
        "assert al.__file__.startswith(%r), al.__file__\n"
        "f = al.compile(lambda x, y: (x * 2 + y).relu().exp().sum())\n"
        "x, y = al.linspace(-1, 1, 999), al.linspace(1, -2, 999)\n"
        "g = f.graph(x, y).groups[0]\n"
        "print(type(g.kernel).__name__, repr(g.note), fusion_entries.builtin_file())\n"
        "want = np.exp(np.maximum(x.numpy().astype(np.float64) * 2 + y.numpy(), 0)).sum()\n"
        "assert abs(f(x, y).item() - want) <= 1e-5 * want, (f(x, y).item(), want)\n" % str(site))
    env = {**os.environ, "PYTHONPATH": str(site), "AL_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stderr
    kind, note, table = run.stdout.split()
    assert (kind, note) == ("FusedKernel", "''")
    assert Path(table) == site / "aten_lite" / "_generated" / "fusion_table.py"
    assert list((tmp_path / "cache" / "kernels").glob("fused-*.so"))


def test_kernels_without_libmvec_calls_use_wide_vectors_and_keep_eagers_bits():
    """Note [Wide vectors in fused kernels]: a kernel calling no libmvec function is compiled
    for 512-bit vectors and still gives eager's bits, tails included; a kernel that does
    (tanh), or whose object names a 512-bit libmvec function anyway (a double exp), is built at
    eager's width."""
    import platform

    from aten_lite.compile import kernels_cache
    from aten_lite.compile.kernels_source import WIDE_PRAGMA, wide_vectors
    text = '#include <cmath>\n#include "k.h"\nfloat f(float v) { return exp(v) * 2; }\n'
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    assert (WIDE_PRAGMA in wide_vectors(text)) == x86
    if x86:
        assert wide_vectors(text).split("\n")[2] == WIDE_PRAGMA
    for libmvec in ("tanh(v)", "log1p(v)", "erf (v)", "pow(v, 2.f)"):
        assert wide_vectors(text.replace("exp(v)", libmvec)) == text.replace("exp(v)", libmvec)

    rng = np.random.default_rng(11)
    chain = [lambda x, y: (x * 2 + y).relu().exp(), lambda x, y: (x * 2 + y).relu().exp().sum(),
             lambda x, y: al.sigmoid(x) * y - x.exp()]
    for n in (1, 7, 15, 16, 17, 31, 33, 1000, 4099, 70001):
        x = al.from_numpy((rng.standard_normal(n) * 20).astype(np.float32))
        y = al.from_numpy(rng.standard_normal(n).astype(np.float32))
        for fn in chain:
            np.testing.assert_array_equal(al.compile(fn)(x, y).numpy(), fn(x, y).numpy())
    x = al.from_numpy(rng.standard_normal(5000))  # float64: exp is libmvec's there
    fn = lambda x: (x * 2 + 1).exp().sum()  # noqa: E731
    np.testing.assert_array_equal(al.compile(fn)(x).numpy(), fn(x).numpy())
    built = list(kernels_cache.cache_dir().glob("fused-*.so"))
    assert built and not any(b"_ZGVe" in p.read_bytes() for p in built)
