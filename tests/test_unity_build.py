"""A clean build compiles the kernels in unity groups (Note [Unity objects] in
tools/codegen/build.py); later builds reuse a group while its members are unchanged and compile
one file per op once a member changes."""

from __future__ import annotations

from test_cpp_core import emit, entry, scratch_repo, write

from tools.codegen import build as cpp_build


def _ops(n: int, changed: int | None = None) -> dict:
    files = {}
    for k in range(n):
        expr = f"self + {k + 100 if k == changed else k}"
        files.update(emit(entry(f"op{k}(Tensor self) -> Tensor", expr, line=10 + 4 * k)))
    return files


def test_a_clean_build_compiles_groups_and_later_builds_one_file_per_op(tmp_path):
    root = scratch_repo(tmp_path)
    n = cpp_build.UNITY_MIN
    write(root, _ops(n))
    first = cpp_build.build_extension(root, root / "out.so", jobs=1, unity=True, times=True)
    assert len(first.compiled) == n and first.linked
    objdir = root / cpp_build.OBJECT_DIR
    groups = sorted(objdir.glob("unity-*.o"))
    # jobs=1: that many groups per capability variant (Note [CPU capability variants])
    variants = 1 + len(cpp_build.capability_variants(cpp_build.extension_toolchain(root).cxx))
    assert len(groups) == cpp_build.UNITY_GROUPS_PER_JOB * variants
    assert not list(objdir.glob("generated__csrc__*.o"))  # no per-op objects
    # Note [Build times]: one CPU figure per compiler run, the groups' among them
    timed = dict(first.cpu_times)
    assert {g.with_suffix(".cpp").name for g in groups} <= set(timed)
    assert all(seconds > 0 for seconds in timed.values())
    assert cpp_build.schedule_seconds([3.0, 2.0, 2.0, 1.0], 2) == 4.0
    assert cpp_build.stale_objects(root) == ()
    again = cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert (again.compiled, again.linked) == ((), False)

    # One op changes: its groups (one per variant) are dropped, so it and its group mates
    # compile one by one.
    write(root, _ops(n, changed=0))
    listings = [g.with_suffix(".txt").read_text().split() for g in groups]
    dropped = [m for m in listings if any(o.startswith("generated__csrc__op0") for o in m)]
    assert len(dropped) == variants
    stale = set(cpp_build.stale_objects(root))
    assert stale == {f"generated/csrc/{o.split('__')[-1].split('-')[0].split('.')[0]}.cpp"
                     for m in dropped for o in m}
    assert "generated/csrc/op0.cpp" in stale and len(stale) < n
    third = cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert set(third.compiled) == stale and third.linked
    assert len(list(objdir.glob("unity-*.o"))) == len(groups) - variants  # dropped ones pruned
    assert cpp_build.stale_objects(root) == ()
