"""The backends' registration (Note [One backend, one package] in aten_lite/backends/__init__.py):
each backend package's kernels are the union of its family modules' ``__all__``, every kernel is
defined in the family module that registers it (so its file names its op family), every
registered kernel is one a YAML `dispatch:` entry names, and a name offered twice or missing
is refused with a message that says where to look."""

from __future__ import annotations

import types

import pytest

import aten_lite  # noqa: F401 (the install step imports the backend packages)
from aten_lite import backends
from aten_lite._generated import registry


def _module(name: str, **functions) -> types.ModuleType:
    m = types.ModuleType(name)
    for fname, fn in functions.items():
        setattr(m, fname, fn)
    m.__all__ = list(functions)
    return m


def _kernel(*args):
    return args


def test_every_key_is_a_package_with_its_families():
    packages = backends.packages()
    assert list(packages) == list(backends.MODULES)
    for key, package in packages.items():
        assert package.__name__ == f"aten_lite.backends.{backends.MODULES[key]}"
        assert package.__file__.endswith("__init__.py")
        assert package.KERNELS == backends.kernel_table(package.__name__, package.FAMILIES)


def test_a_kernel_lives_in_the_family_module_that_registers_it():
    # What is shared (backends/coo.py) is registered by CPU and Meta alike; nothing else is
    # registered from a module other than the one defining it.
    for package in backends.packages().values():
        for family in package.FAMILIES:
            for name in family.__all__:
                fn = getattr(family, name)
                assert fn.__module__ == family.__name__, (
                    f"{package.__name__}: {family.__name__} registers {name}, defined in "
                    f"{fn.__module__}")


def test_every_registered_kernel_is_named_by_the_yaml():
    named: dict[str, set[str]] = {key: set() for key in backends.MODULES}
    for record in registry.OPS:
        for key, fname in record.dispatch.items():
            named[key].add(fname)
    for key, package in backends.packages().items():
        assert set(package.KERNELS) == named[key], key


def test_where_a_kernel_is_found_by_its_file_name():
    cpu, meta = backends.packages()["CPU"], backends.packages()["Meta"]
    composite = backends.packages()["CompositeImplicitAutograd"]
    where = {
        (composite, "var"): "aten_lite.backends.composite.statistics",
        (composite, "constant_pad_nd"): "aten_lite.backends.composite.padding",
        (cpu, "nonzero_cpu"): "aten_lite.backends.cpu.indexing",
        (cpu, "index_add_cpu"): "aten_lite.backends.cpu.indexing",
        (cpu, "view_cpu"): "aten_lite.backends.cpu.views",
        (meta, "view_meta"): "aten_lite.backends.meta.views",
    }
    for (package, name), module in where.items():
        assert package.KERNELS[name].__module__ == module


def test_a_name_two_family_modules_offer_is_refused_naming_both():
    a = _module("pkg.first", mm=_kernel)
    b = _module("pkg.second", dot=_kernel, mm=lambda *args: args)
    with pytest.raises(ImportError) as info:
        backends.kernel_table("pkg", (a, b))
    assert str(info.value) == (
        "pkg: kernel 'mm' is registered by both pkg.first and pkg.second; a `dispatch:` name "
        "must mean one function: keep it in the __all__ of one of them")


def test_a_family_module_must_list_its_kernels():
    bare = types.ModuleType("pkg.bare")
    with pytest.raises(ImportError, match=r"^pkg: family module pkg.bare has no __all__; list "
                                          r"the kernels it registers there$"):
        backends.kernel_table("pkg", (bare,))
    wrong = _module("pkg.wrong", mm=_kernel)
    wrong.__all__.append("dot")
    with pytest.raises(ImportError, match=r"^pkg.wrong.__all__ names 'dot', which is not a "
                                          r"function of that module; define it there or drop "
                                          r"the name$"):
        backends.kernel_table("pkg", (wrong,))


def test_a_missing_dispatch_kernel_names_the_package_and_where_to_define_it():
    h = types.SimpleNamespace(name="twice", functional=None, loc="native_functions.yaml:7",
                              dispatch={backends.CPU: "twice_cpu"}, composite=False, stacks={})
    with pytest.raises(ImportError) as info:
        backends.build_table(h, {"twice": h})
    assert str(info.value) == (
        "native_functions.yaml:7: twice: dispatch CPU: no kernel 'twice_cpu' in "
        "aten_lite/backends/cpu/ (its __init__.py registers the __all__ of the modules in "
        "FAMILIES); define it in the module of its op family there and list it in that "
        "module's __all__, or fix the YAML")
