"""tools/codegen/runtime_source.py: `aten-lite-gen show` finds the runtime's definitions by role,
in whatever module layout (Note [Finding hand-written definitions]).

Oracle: small runtime trees written here, whose definitions are known; each is read without
being imported.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tools.codegen.runtime_source import CppSource, RuntimeSource


def _tree(root: Path, files: dict[str, str]) -> RuntimeSource:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return RuntimeSource(root / "aten_lite")


def _line(root: Path, where) -> str:
    return (root / where.path).read_text().splitlines()[where.line - 1]


def test_a_name_defined_twice_resolves_to_the_exported_one_and_names_the_other(tmp_path):
    src = _tree(tmp_path, {
        "aten_lite/__init__.py": "",
        "aten_lite/backends/__init__.py": "",
        "aten_lite/backends/cpu.py": "from ._cpu_a import *\nfrom ._cpu_b import helper\n",
        "aten_lite/backends/_cpu_a.py": '__all__ = ["k"]\n\n\ndef k():\n    pass\n\n\ndef other():\n    pass\n',
        "aten_lite/backends/_cpu_b.py": "def k():\n    pass\n\n\ndef helper():\n    pass\n",
        "aten_lite/backends/meta.py": "from ._meta_a import *\n",
        "aten_lite/backends/_meta_a.py": "def k():\n    pass\n",
    })
    found = src.kernel("CPU", "k")
    assert (found.path, found.line) == ("aten_lite/backends/_cpu_a.py", 4)
    assert found.via == "aten_lite/backends/cpu.py"
    # the duplicate no backend exports is named; Meta's own k is Meta's, not a duplicate
    assert found.others == ("aten_lite/backends/_cpu_b.py:1",)
    assert "exported by aten_lite/backends/cpu.py" in found.note()
    assert "also defined at aten_lite/backends/_cpu_b.py:1" in found.note()
    assert src.kernel("Meta", "k").path == "aten_lite/backends/_meta_a.py"
    # an explicit import is followed; a name outside __all__ is not star-imported
    assert src.kernel("CPU", "helper").path == "aten_lite/backends/_cpu_b.py"
    assert src.has_kernel("CPU", "other") is False
    assert _line(tmp_path, src.kernel("CPU", "helper")) == "def helper():"


def test_a_backend_package_registers_the_kernels_of_its_families(tmp_path):
    """The runtime's layout (aten_lite/backends/__init__.py describes it): a backend package
    lists its family modules in FAMILIES, a shared one of backends/ among them, and its
    kernels are their __all__; it imports the factories by name."""
    src = _tree(tmp_path, {
        "aten_lite/__init__.py": "",
        "aten_lite/backends/__init__.py": "def kernel_table(package, families):\n    pass\n",
        "aten_lite/backends/coo.py": '__all__ = ["to_sparse"]\n\n\ndef to_sparse(x):\n    pass\n',
        "aten_lite/backends/cpu/__init__.py": (
            "from .. import coo, kernel_table\nfrom . import linalg, views\n"
            "from .views import make_view\n\nFAMILIES = (linalg, views, coo)\n"
            "KERNELS = kernel_table(__name__, FAMILIES)\n"),
        "aten_lite/backends/cpu/linalg.py": '__all__ = ["mm"]\n\n\ndef mm(a, b):\n    pass\n',
        "aten_lite/backends/cpu/views.py": (
            '__all__ = ["view_cpu"]\n\n\ndef view_cpu(x, size):\n    pass\n\n\n'
            "def make_view():\n    pass\n\n\ndef mm(a, b):\n    pass\n"),
    })
    mm = src.kernel("CPU", "mm")
    assert (mm.path, mm.line) == ("aten_lite/backends/cpu/linalg.py", 4)
    assert mm.others == ("aten_lite/backends/cpu/views.py:12",)  # a namesake it does not list
    to_sparse = src.kernel("CPU", "to_sparse")
    assert (to_sparse.path, to_sparse.line) == ("aten_lite/backends/coo.py", 4)
    factory = src.kernel("CPU", "make_view")
    assert (factory.path, factory.via) == ("aten_lite/backends/cpu/views.py",
                                           "aten_lite/backends/cpu/__init__.py")
    assert src.family_modules("CPU") == ["aten_lite.backends.cpu.linalg",
                                         "aten_lite.backends.cpu.views", "aten_lite.backends.coo"]


def test_a_backend_package_and_nested_rule_folders_are_found(tmp_path):
    """A backend package that star-imports its op families, and shape rules under
    rules/shapes/."""
    src = _tree(tmp_path, {
        "aten_lite/__init__.py": "",
        "aten_lite/backends/__init__.py": "",
        "aten_lite/backends/cpu/__init__.py": "from .scan import *\nfrom .elementwise import make_elementwise\n",
        "aten_lite/backends/cpu/scan.py": '__all__ = ["cumsum_cpu"]\n\ndef cumsum_cpu(x):\n    pass\n',
        "aten_lite/backends/cpu/elementwise.py": "def make_elementwise(h, src):\n    pass\n",
        "aten_lite/rules/__init__.py": "",
        "aten_lite/rules/shapes/__init__.py": "from .indexed import *\n",
        "aten_lite/rules/shapes/indexed.py": '__all__ = ["scan"]\n\n\ndef scan(x, dim):\n    pass\n',
    })
    cumsum = src.kernel("CPU", "cumsum_cpu")
    assert (cumsum.path, cumsum.line) == ("aten_lite/backends/cpu/scan.py", 3)
    assert cumsum.via == "aten_lite/backends/cpu/__init__.py"
    assert src.kernel("CPU", "make_elementwise").path == "aten_lite/backends/cpu/elementwise.py"
    rule = src.shape_rule("scan")
    assert (rule.path, rule.line) == ("aten_lite/rules/shapes/indexed.py", 4)
    assert src.kernel("CPU", "missing") is None and src.shape_rule("missing") is None


def test_formula_helpers_come_from_the_modules_the_generated_nodes_star_import(tmp_path):
    src = _tree(tmp_path, {
        "aten_lite/__init__.py": "",
        "aten_lite/autograd/__init__.py": "",
        "aten_lite/autograd/formulas.py": textwrap.dedent('''\
            __all__ = ["sum_to"]


            def sum_to(grad, shape):
                pass


            from ._extra import *  # noqa
            from ._extra import __all__ as _more

            __all__ += _more
            '''),
        "aten_lite/autograd/_extra.py": '__all__ = ["reversed_cumsum"]\n\n\ndef reversed_cumsum(g, d):\n    pass\n',
        "aten_lite/autograd/engine.py": "def sum_to(x):\n    pass\n",
    })
    assert src.helper_modules()[0] == "aten_lite.autograd.formulas"
    found = src.helper("reversed_cumsum")
    assert (found.path, found.line, found.via) == (
        "aten_lite/autograd/_extra.py", 4, "aten_lite/autograd/formulas.py")
    own = src.helper("sum_to")
    assert (own.path, own.line) == ("aten_lite/autograd/formulas.py", 4)
    assert own.others == ("aten_lite/autograd/engine.py:1",)
    assert src.helper("engine") is None


def test_a_cpp_alias_is_followed_into_the_headers_it_includes(tmp_path):
    (tmp_path / "csrc").mkdir()
    (tmp_path / "csrc" / "scan.h").write_text(textwrap.dedent("""\
        #pragma once
        namespace al::scan {
        struct Sum;  // a declaration, not the definition
        struct Sum {
          int x;
        };
        template <class Op>
        struct Kernel {
          static int run();
        };
        }  // namespace al::scan
        namespace al::other {
        struct Kernel {};
        }  // namespace al::other
        """))
    (tmp_path / "csrc" / "cumsum.h").write_text(textwrap.dedent("""\
        #include "scan.h"
        namespace al::cumsum {
        using Kernel = ::al::scan::Kernel<::al::scan::Sum>;
        }  // namespace al::cumsum
        """))
    chain = CppSource(tmp_path).chain("csrc/cumsum.h", "::al::cumsum::Kernel")
    assert [(d.path, d.line, d.text) for d in chain] == [
        ("csrc/cumsum.h", 3, "using Kernel = ::al::scan::Kernel<::al::scan::Sum>;"),
        ("csrc/scan.h", 8, "struct Kernel {"),
        ("csrc/scan.h", 4, "struct Sum {"),
    ]
