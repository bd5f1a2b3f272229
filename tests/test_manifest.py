"""The runtime manifest (Note [The runtime manifest] in aten_lite/vocab/manifest.py): true to the
runtime it describes, read by the generator as data, and refused with a located message when
it is not the data the generator expects."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools.codegen import manifest
from tools.codegen.load import SpecError, load

REPO = Path(__file__).resolve().parents[1]
RELU = "- func: relu(Tensor self) -> Tensor\n  dispatch: {CPU: relu_cpu}\n"


def _python(code: str) -> str:
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_manifest_says_what_the_runtime_defines():
    # A fresh process: what other tests imported or patched must not count.
    facts = json.loads(_python("from tools.runtime_manifest import facts; import json; "
                               "print(json.dumps(facts()))"))
    declared = manifest.read(REPO)
    assert declared is not None
    have = {"NAMESPACE": declared.namespace, "TENSOR_ATTRIBUTES": declared.tensor_attrs,
            "SHAPE_RULES": declared.shape_rules, "FORMULA_HELPERS": declared.helpers,
            "KERNELS": declared.kernels}
    stale = []
    for key, want in facts.items():
        if key == "FORMULA_HELPERS":
            got, want = dict(have[key] or {}), dict(want)
            wrong = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
            stale += [f"{key}[{k!r}]: {got.get(k)!r}, the runtime has {want.get(k)!r}"
                      for k in wrong]
            continue
        pairs = ({k: (set((have[key] or {}).get(k, ())), set(v)) for k, v in want.items()}
                 if key == "KERNELS" else {None: (set(have[key] or ()), set(want))})
        for sub, (got, real) in pairs.items():
            name = key if sub is None else f"{key}[{sub!r}]"
            if real - got:
                stale.append(f"{name} lacks {sorted(real - got)}")
            if got - real:
                stale.append(f"{name} has {sorted(got - real)}, which the runtime does not")
    assert not stale, ("aten_lite/vocab/manifest.py is stale; run `python -m tools.runtime_manifest "
                       "--write`:\n" + "\n".join(stale))


def test_the_generator_reads_the_manifest_without_importing_the_runtime():
    out = _python(textwrap.dedent("""\
        import sys
        from pathlib import Path
        from tools.codegen import gen
        plan = gen.plan(Path('.'))
        print(len(plan.files), sorted(m for m in sys.modules if m.split('.')[0] == 'aten_lite'))
        """))
    files, runtime_modules = out.split(" ", 1)
    assert int(files) > 10 and runtime_modules.strip() == "[]"


def errors_with(tmp_path: Path, manifest_text: str, native: str = RELU,
                derivatives: str = "") -> list[str]:
    (tmp_path / "aten_lite" / "vocab").mkdir(parents=True, exist_ok=True)
    (tmp_path / "aten_lite" / "vocab/manifest.py").write_text(textwrap.dedent(manifest_text))
    (tmp_path / "native_functions.yaml").write_text(native)
    (tmp_path / "derivatives.yaml").write_text(derivatives)
    with pytest.raises(SpecError) as info:
        load(tmp_path / "native_functions.yaml", tmp_path / "derivatives.yaml",
             runtime_root=tmp_path)
    return list(info.value.messages)


def test_a_manifest_entry_checks_the_yaml(tmp_path):
    assert errors_with(tmp_path, "KERNELS = {'CPU': ('relu_cpuu',)}\n") == [
        "native_functions.yaml:2: relu: dispatch CPU kernel 'relu_cpu' is not defined in "
        "aten_lite/backends/cpu/; did you mean 'relu_cpuu'?"]


@pytest.mark.parametrize("text, message", [
    ("KERNELS = {'CPU': sorted(['relu_cpu'])}\n",
     "aten_lite/vocab/manifest.py:1: KERNELS is not a literal; write tuples and dicts of strings only (the "
     "generator reads it without running it)"),
    ('"""Doc."""\nimport os\n',
     "aten_lite/vocab/manifest.py:2: the manifest holds only assignments to NAMESPACE, TENSOR_ATTRIBUTES, "
     "SHAPE_RULES, FORMULA_HELPERS, KERNELS; move anything else out of it"),
    ("SHAPE_RULES = ['mm']\n", "aten_lite/vocab/manifest.py:1: SHAPE_RULES must be a tuple of names"),
    ("KERNELS = {'CPU': ('relu_cpu', 3)}\n",
     "aten_lite/vocab/manifest.py:1: KERNELS['CPU'] must be a tuple of names"),
    ("KERNELS = {'CPUU': ('relu_cpu',)}\n",
     "aten_lite/vocab/manifest.py:1: KERNELS has unknown dispatch key(s) CPUU; known: CPU, Meta, SparseCPU, "
     "CompositeImplicitAutograd"),
    ("SHAPE_RULES = ()\nSHAPE_RULES = ('mm',)\n",
     "aten_lite/vocab/manifest.py:2: SHAPE_RULES is assigned twice; keep one"),
    ("FORMULA_HELPERS = {'sum_to': 'grad, shape'}\n",
     "aten_lite/vocab/manifest.py:1: FORMULA_HELPERS['sum_to'] must be the helper's parameters as Python "
     "text, e.g. '(grad, shape, dim=0)'; found 'grad, shape'"),
    ("NAMESPACE = ('Tensor',\n",
     "aten_lite/vocab/manifest.py:1: cannot read the manifest: '(' was never closed; fix the Python syntax"),
])
def test_a_manifest_that_is_not_data_is_refused_at_its_line(tmp_path, text, message):
    assert errors_with(tmp_path, text) == [message]


def test_formula_calls_are_checked_against_the_manifest_signatures(tmp_path):
    native = "- func: relu(Tensor self) -> Tensor\n  elementwise: self\n  dtypes: all\n"
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: sum_to(grad)\n"
    assert errors_with(tmp_path, "FORMULA_HELPERS = {'sum_to': '(grad, shape, node=0)'}\n",
                       native, deriv) == [
        "derivatives.yaml:2: relu: formula for 'self' calls sum_to(grad), which fits no "
        "overload (sum_to(grad, shape, node=...)); pass the arguments one of them takes"]
