"""Graph mode against eager mode on random programs (tests/compile_fuzz.py): a bounded run in
the default suite, a long one behind COMPILE_FUZZ_N, and checks that the fuzzer can fail.

    COMPILE_FUZZ_N=20000 python -m pytest -q tests/test_compile_fuzz.py -k long -s
    (COMPILE_FUZZ_FIRST: the first seed; COMPILE_FUZZ_EXCLUDE: comma-separated families;
    COMPILE_FUZZ_CALLS: calls a program)

A failure prints each failing program's seed, source and the line that replays it."""

from __future__ import annotations

import os
import time
from collections import Counter

import pytest

import aten_lite as al
import compile_fuzz
from aten_lite.compile import api, guards

# Families whose bugs are known and being fixed on other branches (see FAMILIES in
# compile_fuzz.py): left out of the bounded run until the fixes are merged, then removed from
# this set. The long run includes every family unless COMPILE_FUZZ_EXCLUDE says otherwise.
# (split_input_views, alias_result, singular, inplace_saved, clamp_grad, grad_none and
# write_results pass since graph mode's gradient fixes were merged.)
OPEN_BUG_FAMILIES: frozenset = frozenset()

BOUNDED = 300  # programs: about 15 s on two cores


def _summary(stats, failures, seconds) -> str:
    classes = Counter(f.kind for f in failures)
    return (f"{stats.programs} programs, {stats.calls} calls, {stats.comparisons} comparisons "
            f"({stats.errors_matched} matching errors, {stats.splits} split calls) in "
            f"{seconds:.1f} s; failures by class: {dict(classes)}")


def _reports(failures, limit=5) -> str:
    return "\n\n".join(f.report() for f in failures[:limit])


def test_bounded_run_matches_eager():
    stats = compile_fuzz.Stats()
    start = time.perf_counter()
    failures = compile_fuzz.fuzz(range(BOUNDED), OPEN_BUG_FAMILIES, stats=stats)
    seconds = time.perf_counter() - start
    print(_summary(stats, failures, seconds))
    assert stats.programs == BOUNDED and stats.comparisons > 20 * BOUNDED
    assert stats.splits > 0 and stats.captures > BOUNDED  # breaks and recaptures were met
    assert not failures, _summary(stats, failures, seconds) + "\n\n" + _reports(failures)


@pytest.mark.skipif(not os.environ.get("COMPILE_FUZZ_N"), reason="set COMPILE_FUZZ_N")
def test_long_run_matches_eager():
    n = int(os.environ["COMPILE_FUZZ_N"])
    first = int(os.environ.get("COMPILE_FUZZ_FIRST", "1000000"))
    calls = int(os.environ.get("COMPILE_FUZZ_CALLS", "5"))
    exclude = [f for f in os.environ.get("COMPILE_FUZZ_EXCLUDE", "").split(",") if f]
    stats = compile_fuzz.Stats()
    start = time.perf_counter()
    failures = compile_fuzz.fuzz(range(first, first + n), exclude, calls, stats)
    seconds = time.perf_counter() - start
    print(_summary(stats, failures, seconds))
    for f in failures:
        print(f"seed {f.seed}: {f.kind}")
    assert not failures, _summary(stats, failures, seconds) + "\n\n" + _reports(failures, 20)


def test_a_program_and_its_run_are_the_seeds():
    one, two = compile_fuzz.generate(7), compile_fuzz.generate(7)
    assert one.source() == two.source() and one.source() != compile_fuzz.generate(8).source()
    runs = []
    for _ in range(2):
        stats = compile_fuzz.Stats()
        compile_fuzz.fuzz([7, 8], OPEN_BUG_FAMILIES, stats=stats)
        runs.append(stats)
    assert runs[0] == runs[1]


def test_excluded_families_are_not_generated():
    for seed in range(200):
        excluded = set(OPEN_BUG_FAMILIES) | ({"view", "inplace"} if seed % 2 else {"cast"})
        program = compile_fuzz.generate(seed, excluded)
        assert not program.families() & excluded, program.source()
    with pytest.raises(ValueError, match=r"unknown families \['views'\]; valid ones: "):
        compile_fuzz.generate(0, ["views"])


def test_every_family_is_generated():
    seen = set()
    for seed in range(300):
        seen |= compile_fuzz.generate(seed).families()
    calls_only = {"shape_change", "grad", "partial_backward", "no_grad_calls", "rebind",
                  "negzero", "grad_none", "write_results"}  # chosen as the program runs
    assert set(compile_fuzz.FAMILIES) - calls_only <= seen


def test_the_fuzzer_catches_unguarded_closure_numbers(monkeypatch):
    # An injected bug: the closure and global numbers left out of the guards, so that a
    # changed one replays the graph of the old value.
    monkeypatch.setattr(guards, "_generate_fill", lambda keyed: lambda parts, args, kw: None)
    failures = compile_fuzz.fuzz(range(40), OPEN_BUG_FAMILIES)
    assert failures and {f.kind for f in failures} <= {"value"}
    report = failures[0].report()
    seed = failures[0].seed
    replay = f"replay: PYTHONPATH=. python tests/compile_fuzz.py --seed {seed}"
    assert replay in report
    if OPEN_BUG_FAMILIES:  # the replay leaves out what the run left out
        assert replay + " --exclude " in report
    assert "def prog(" in report and "closure_scalar" in report
    reduced = [compile_fuzz.reduce(f) for f in failures[:3]]
    assert all(r.kind == "value" and len(r.program.stmts) <= len(f.program.stmts)
               for r, f in zip(reduced, failures))
    assert any(len(r.program.stmts) < len(f.program.stmts) for r, f in zip(reduced, failures))


def test_the_fuzzer_catches_results_without_gradients(monkeypatch):
    # An injected bug: compiled results are not attached to the autograd graph.
    monkeypatch.setattr(api, "attach", lambda *args: None)
    failures = compile_fuzz.fuzz(range(20), OPEN_BUG_FAMILIES)
    assert failures and "requires_grad" in {f.kind for f in failures}


def test_the_fuzzer_catches_a_wrong_value_and_an_error_of_its_own(monkeypatch):
    # Injected bugs: one kernel of the replay off by one ulp-sized step; then an error the
    # eager call does not raise.
    real = api._Entry.run
    monkeypatch.setattr(api._Entry, "run", lambda self, tensors: _nudge(real(self, tensors)))
    failures = compile_fuzz.fuzz(range(10), OPEN_BUG_FAMILIES)
    assert failures and "value" in {f.kind for f in failures}

    def boom(self, tensors):
        raise IndexError("injected")

    monkeypatch.setattr(api._Entry, "run", boom)
    failures = compile_fuzz.fuzz(range(10), OPEN_BUG_FAMILIES)
    assert failures and {f.kind for f in failures} <= {"compiled raises in the call"}
    assert "IndexError: injected" in failures[0].detail


def _nudge(result):
    first = result[0] if isinstance(result, tuple) else result
    if isinstance(first, al.Tensor) and first.is_floating_point() and first.numel():
        with al.no_grad():
            first.reshape(-1)[0].add_(0.01 * (1 + first.abs().max().item()))
    return result
