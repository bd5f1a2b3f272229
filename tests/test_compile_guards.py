"""Graph mode's guards: a replay is reused only while what the function read is unchanged.

Every test runs the compiled function and the plain function side by side over several calls,
changing what the function reads between them (Note [Reads outside the arguments] in
aten_lite/compile/guards.py), and compares the results: values, dtypes, and the sign of zero.
"""

import math

import numpy as np
import pytest

import aten_lite as al
from aten_lite import nn


def _same(got, want):
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    g, w = got.numpy(), want.numpy()
    np.testing.assert_array_equal(g, w)
    # the sign of zero too (assert_array_equal takes -0.0 == 0.0)
    np.testing.assert_array_equal(np.signbit(g), np.signbit(w))


def _check(fn, cf, *args, **kwargs):
    _same(cf(*args, **kwargs), fn(*args, **kwargs))


# ---- rebinding a tensor the graph holds as a constant ----

G = al.ones(3)


def _add_global(x):
    return x + G


def test_rebinding_a_global_tensor_recaptures():
    global G
    cf = al.compile(_add_global)
    x = al.arange(3.0)
    try:
        _check(_add_global, cf, x)
        _check(_add_global, cf, x)
        G = al.full((3,), 5.0)
        _check(_add_global, cf, x)
        _check(_add_global, cf, x)
        assert cf.stats["captures"] == 2 and cf.stats["replays"] == 2
        G.add_(1.0)  # in place: the same constant, seen by the replay
        _check(_add_global, cf, x)
        assert cf.stats["captures"] == 2
    finally:
        G = al.ones(3)


# ---- the data of a tensor read while capturing (Note [Data read during capture]) ----

S = al.tensor(2.0)


def _scale_by_global_item(x):
    return x * S.item()


@pytest.mark.parametrize("read", ["item", "float", "tolist", "numpy"])
def test_data_read_from_a_closure_tensor_is_guarded(read):
    c = al.tensor([2.0])
    reads = {"item": lambda: c.item(), "float": lambda: float(c),
             "tolist": lambda: c.tolist()[0], "numpy": lambda: float(c.numpy()[0])}[read]

    def fn(x):
        return x * reads() + c  # the number read is folded into the trace; c is a constant

    cf = al.compile(fn)
    x = al.arange(3.0)
    _check(fn, cf, x)
    _check(fn, cf, x)
    c.fill_(5.0)  # in place: the number the capture read is stale
    _check(fn, cf, x)
    c[0] = -1.0  # a write through indexing bumps the version too
    _check(fn, cf, x)
    c = al.tensor([7.0])  # rebound
    _check(fn, cf, x)
    _check(fn, cf, x)
    assert cf.stats["captures"] == 4 and cf.stats["replays"] == 2, cf.stats


def test_data_read_from_a_global_tensor_is_guarded():
    global S
    cf = al.compile(_scale_by_global_item)
    x = al.arange(3.0)
    try:
        _check(_scale_by_global_item, cf, x)
        S = al.tensor(3.0)  # rebound: read only through item(), not a graph constant
        _check(_scale_by_global_item, cf, x)
        S.mul_(2.0)
        _check(_scale_by_global_item, cf, x)
        _check(_scale_by_global_item, cf, x)
        assert cf.stats["captures"] == 3 and cf.stats["replays"] == 1, cf.stats
    finally:
        S = al.tensor(2.0)


def test_a_tensor_the_function_makes_and_reads_replays():
    def fn(x):
        return x * al.tensor([1.5, 2.5]).tolist()[1]  # a new tensor each call, read at once

    cf = al.compile(fn)
    x = al.arange(2.0)
    for _ in range(3):
        _check(fn, cf, x)
    assert cf.stats["captures"] == 1 and cf.stats["replays"] == 2, cf.stats


def test_rebinding_a_closure_tensor_recaptures():
    w = al.ones(3)

    def fn(x):
        return x * w

    def rebind(value):
        nonlocal w
        w = value

    cf = al.compile(fn)
    x = al.arange(3.0)
    for value in (al.ones(3), al.full((3,), -2.0), al.arange(3.0)):
        rebind(value)
        _check(fn, cf, x)
        _check(fn, cf, x)
    assert cf.stats["captures"] == 3


class _Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(al.ones(3))

    def forward(self, x):
        return x * self.weight


@pytest.mark.parametrize("how", ["module", "forward"])
def test_reassigning_a_module_parameter_recaptures(how):
    m = _Scaled()
    cf = al.compile(m if how == "module" else m.forward)
    x = al.arange(3.0)
    with al.no_grad():
        _check(m, cf, x)
        m.weight = nn.Parameter(al.full((3,), 7.0))
        _check(m, cf, x)
        _check(m, cf, x)
        m.weight = nn.Parameter(al.full((3,), -1.0))
        _check(m, cf, x)
    assert cf.stats["captures"] == 3


class _Outer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(x).relu()


def test_reassigning_a_submodule_parameter_recaptures():
    m = _Outer()
    cf = al.compile(m)
    x = al.arange(6.0).reshape(2, 3)
    with al.no_grad():
        _check(m, cf, x)
        _check(m, cf, x)
        m.fc.weight = nn.Parameter(al.full((2, 3), 0.5))
        _check(m, cf, x)
        m.fc = nn.Linear(3, 2)  # a whole new submodule
        _check(m, cf, x)
        _check(m, cf, x)
    assert cf.stats["captures"] == 3 and cf.stats["replays"] == 2


WEIGHTS = [al.ones(3), al.full((3,), 2.0)]


def _sum_weights(x):
    for w in WEIGHTS:
        x = x * w
    return x


def test_replacing_a_tensor_in_a_global_list_recaptures():
    cf = al.compile(_sum_weights)
    x = al.arange(3.0)
    try:
        _check(_sum_weights, cf, x)
        WEIGHTS[1] = al.full((3,), -3.0)
        _check(_sum_weights, cf, x)
        WEIGHTS.append(al.full((3,), 0.5))
        _check(_sum_weights, cf, x)
        _check(_sum_weights, cf, x)
    finally:
        WEIGHTS[:] = [al.ones(3), al.full((3,), 2.0)]


# ---- scalars read by nested code ----

SCALE = 2.0


def _genexpr(x):
    return sum(x * SCALE for _ in range(2))


def _listcomp(x):
    return [x + SCALE for _ in range(2)][1]


def _lambda(x):
    return (lambda y: y - SCALE)(x)


def _inner(x):
    def inner(y):
        return y * SCALE
    return inner(x)


def _helper(y):
    return y / SCALE


def _calls_helper(x):
    return _helper(x) + 1


@pytest.mark.parametrize("fn", [_genexpr, _listcomp, _lambda, _inner, _calls_helper])
def test_global_scalar_read_by_nested_code_is_guarded(fn):
    global SCALE
    cf = al.compile(fn)
    x = al.arange(3.0)
    try:
        for value in (2.0, 3.0, -0.5, 3.0):
            SCALE = value
            _check(fn, cf, x)
            _check(fn, cf, x)
        assert cf.stats["captures"] == 3  # 3.0 again hits its graph
    finally:
        SCALE = 2.0


# ---- scalars of equal value that are not the same ----

def test_signed_zero_argument_is_not_the_same_constant():
    fn = lambda x, s: x * s  # noqa: E731
    cf = al.compile(fn)
    x = al.ones(2)
    for s in (0.0, -0.0, 0.0, -0.0):
        _check(fn, cf, x, s)
        _check(fn, cf, x, s=s)  # through the general key
    div = lambda x, s: x / s  # noqa: E731
    cdiv = al.compile(div)
    for s in (-0.0, 0.0):
        got = cdiv(x, s).numpy()
        assert np.all(np.isinf(got)) and np.all(np.signbit(got) == (math.copysign(1, s) < 0))


def test_nan_argument_hits_its_own_graph():
    fn = lambda x, s: x + s  # noqa: E731
    cf = al.compile(fn)
    x = al.ones(2)
    for s in (math.nan, math.nan, 1.0, float("nan"), 1.0):
        got, want = cf(x, s).numpy(), fn(x, s).numpy()
        np.testing.assert_array_equal(got, want)  # NaN positions equal
    assert cf.stats["captures"] == 2 and cf.stats["replays"] == 3


def test_bool_int_and_float_scalars_are_different_keys():
    fn = lambda x, s: x * s  # noqa: E731
    cf = al.compile(fn)
    for x in (al.tensor([True, False]), al.tensor([3, 4])):
        for s in (True, 1, 1.0, True, 1.0, 1):
            _check(fn, cf, x, s)
    assert cf.stats["captures"] == 6


FLAG = True


def _times_flag(x):
    return x * FLAG


def test_bool_int_and_float_globals_are_different_keys():
    global FLAG
    cf = al.compile(_times_flag)
    x = al.tensor([True, False])
    try:
        for value in (True, 1, 1.0, True, 0, False, 0.0, -0.0):
            FLAG = value
            _check(_times_flag, cf, x)
    finally:
        FLAG = True


# ---- values reached through attributes and subscripts ----

K = [2.0, 3.0]
CONFIG = {"scale": 2.0}


class _Config:
    scale = 2.0


CFG = _Config()


def _reads_chains(x):
    return x * K[0] + CONFIG["scale"] - CFG.scale


def test_values_reached_through_subscripts_and_attributes_are_guarded():
    cf = al.compile(_reads_chains)
    x = al.arange(3.0)
    try:
        _check(_reads_chains, cf, x)
        K[0] = 5.0
        _check(_reads_chains, cf, x)
        CONFIG["scale"] = -1.0
        _check(_reads_chains, cf, x)
        CFG.scale = 0.25
        _check(_reads_chains, cf, x)
        _check(_reads_chains, cf, x)
        assert cf.stats["captures"] == 4 and cf.stats["replays"] == 1
    finally:
        K[0], CONFIG["scale"], CFG.scale = 2.0, 2.0, 2.0


def test_attribute_of_an_argument_is_guarded():
    fn = lambda x, c: x * c.scale  # noqa: E731
    cf = al.compile(fn)
    c = _Config()
    x = al.arange(3.0)
    for value in (2.0, 3.0, 3.0, -0.0):
        c.scale = value
        _check(fn, cf, x, c)
        _check(fn, cf, x, c=c)


class _Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2.0

    def forward(self, x):
        return x * self.scale


class _Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = _Block()
        self.shift = 1.0

    def forward(self, x):
        return self.block(x) + self.shift


def test_module_attributes_read_by_forward_and_submodules_are_guarded():
    m = _Net()
    cf = al.compile(m)
    x = al.arange(3.0)
    _check(m, cf, x)
    m.shift = -4.0
    _check(m, cf, x)
    m.block.scale = 10.0
    _check(m, cf, x)
    _check(m, cf, x)
    assert cf.stats["captures"] == 3


def test_state_of_library_modules_is_guarded():
    m = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5), nn.LayerNorm(3))
    m.eval()
    cf = al.compile(m)
    x = al.arange(6.0).reshape(2, 3)
    with al.no_grad():
        _check(m, cf, x)
        m[2].eps = 0.5
        _check(m, cf, x)
        m.train()  # dropout draws now: the call runs split, the draw eagerly
        al.manual_seed(0)
        got = cf(x)
        al.manual_seed(0)
        _same(got, m(x))
        m.eval()
        _check(m, cf, x)
    assert cf.stats["captures"] == 2 and cf.stats["replays"] == 1


def _index_global(x):
    return x * G[1] + WEIGHTS[0][2]


def test_unchanged_sources_replay():
    # chains that go on past a tensor (G[1]) or through a list stay hits while unchanged
    cf = al.compile(_index_global)
    x = al.arange(3.0)
    for _ in range(3):
        _check(_index_global, cf, x)
    assert cf.stats["captures"] == 1 and cf.stats["replays"] == 2
    m = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
    cm = al.compile(m)
    with al.no_grad():
        for _ in range(3):
            _check(m, cm, x)
    assert cm.stats["captures"] == 1 and cm.stats["replays"] == 2


def test_a_dead_ops_data_error_goes_with_it_by_design():
    # docs/DESIGN.md "Guards": dead-code elimination drops an unused op and its error
    def dead(x):
        x // 0  # noqa: B018 - unused on purpose
        return x + 1

    def live(x):
        return x // 0

    x = al.tensor([1, 2])
    with pytest.raises(ZeroDivisionError):
        dead(x)
    cf = al.compile(dead)
    for _ in range(2):
        np.testing.assert_array_equal(cf(x).numpy(), x.numpy() + 1)
    cl = al.compile(live)
    for _ in range(2):
        with pytest.raises(ZeroDivisionError, match="division by zero"):
            cl(x)


# ---- NumPy scalars: keyed by type and value like Python's numbers ----

_NP_SEQUENCES = {
    "float64": [np.float64(2.0), np.float64(3.0), np.float64(2.0)],
    "float32": [np.float32(2.0), np.float32(-1.5), np.float32(2.0)],
    "int64": [np.int64(2), np.int64(3), np.int64(-1)],
    "int32": [np.int32(2), np.int32(5)],
    "bool_": [np.bool_(True), np.bool_(False), np.bool_(True)],
    "signed_zero": [np.float64(0.0), np.float64(-0.0), np.float64(0.0), np.float64(-0.0)],
    "nan": [np.float64(np.nan), np.float64(1.0), np.float64(np.nan)],
    "types": [np.float64(2.0), 2.0, np.float32(2.0), np.int64(2), 2, np.bool_(True), True],
}


def _np_oracle(x: np.ndarray, k, op: str) -> np.ndarray:
    return x * k if op == "mul" else x / k


@pytest.mark.parametrize("case", sorted(_NP_SEQUENCES))
def test_numpy_scalar_rebound_in_a_closure_is_guarded(case):
    k = _NP_SEQUENCES[case][0]

    def fn(x):
        return x / k

    def rebind(value):
        nonlocal k
        k = value

    cf = al.compile(fn)
    x = al.tensor([1.0, -2.0, 0.5])
    for value in _NP_SEQUENCES[case]:
        rebind(value)
        got = cf(x)
        _same(got, fn(x))
        with np.errstate(divide="ignore", invalid="ignore"):
            want = x.numpy() / value  # NumPy as the oracle of the value (inf, NaN, signs)
        np.testing.assert_array_equal(got.numpy(), want.astype(got.numpy().dtype))
        np.testing.assert_array_equal(np.signbit(got.numpy()), np.signbit(want))


NP_K = np.float64(2.0)


def _times_np_global(x):
    return x * NP_K


def test_numpy_scalar_rebound_in_a_global_is_guarded():
    global NP_K
    cf = al.compile(_times_np_global)
    x = al.tensor([1.0, -2.0, 3.0])
    try:
        for value in (np.float64(2.0), np.float64(3.0), np.float64(3.0), np.int64(4),
                      np.float64(-0.0), np.float64(0.0)):
            NP_K = value
            _check(_times_np_global, cf, x)
            np.testing.assert_array_equal(cf(x).numpy(), x.numpy() * float(value))
        # a value seen again replays: the key is the value, not the object
        assert cf.stats["replays"] >= 6 and cf.stats["captures"] == 5
    finally:
        NP_K = np.float64(2.0)


def test_numpy_scalar_argument_keyed_by_value():
    fn = lambda x, s: 1 / (x * s)  # noqa: E731
    cf = al.compile(fn)
    x = al.tensor([1.0, -2.0])
    for s in (np.float64(0.0), np.float64(-0.0), np.float64(0.0), np.float32(-0.0)):
        _check(fn, cf, x, s)
        _check(fn, cf, x, s=s)  # through the general key
    with np.errstate(invalid="ignore"):
        for s in (np.float64(np.nan), np.float64(np.nan)):
            np.testing.assert_array_equal(cf(x, s).numpy(), fn(x, s).numpy())


def test_numpy_scalar_in_a_split_call_keys_its_segment():
    # a segment's trace signature holds its constants: -0.0 and 0.0 are different traces
    def fn(x, s):
        y = x * s
        if y.amax() > -1:  # a graph break
            return 1 / (y + 0.0 * s)
        return y

    cf = al.compile(fn)
    x = al.tensor([1.0, -2.0, 3.0])
    for s in (np.float64(0.0), np.float64(-0.0), np.float64(0.0), np.float64(-0.0)):
        _check(fn, cf, x, s)
    assert cf.stats["split"] == 4 and cf.stats["segment_replays"] > 0


# ---- split calls (a graph break) read what is bound now ----

SPLIT_G = al.ones(3)


def _split_global(x):
    y = x + SPLIT_G
    if y.amax() > 0:  # a graph break: the call runs split
        return y * SPLIT_G
    return y - SPLIT_G


def _split_values(x, w):
    y = x.numpy() + w.numpy()
    return y * w.numpy() if y.max() > 0 else y - w.numpy()


def _rebinds():
    """The same shape twice (a replayed segment must read the new tensor), then others."""
    return [al.ones(3), al.full((3,), 2.0), al.arange(3.0) - 5, al.full((2, 3), 3.0),
            al.full((1,), -4.0), al.full((3,), 2.0)]


def test_rebinding_a_global_tensor_in_a_split_call():
    global SPLIT_G
    cf = al.compile(_split_global)
    x = al.arange(3.0)
    try:
        for value in _rebinds():
            SPLIT_G = value
            got = cf(x)
            _same(got, _split_global(x))
            np.testing.assert_allclose(got.numpy(), _split_values(x, value))
    finally:
        SPLIT_G = al.ones(3)
    assert cf.stats["split"] == 6 and cf.stats["segment_replays"] > 0


def test_rebinding_a_closure_tensor_in_a_split_call():
    w = al.ones(3)

    def fn(x):
        y = x + w
        if y.amax() > 0:
            return y * w
        return y - w

    def rebind(value):
        nonlocal w
        w = value

    cf = al.compile(fn)
    x = al.arange(3.0)
    for value in _rebinds():
        rebind(value)
        got = cf(x)
        _same(got, fn(x))
        np.testing.assert_allclose(got.numpy(), _split_values(x, value))
    assert cf.stats["split"] == 6 and cf.stats["segment_replays"] > 0


class _SplitScaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(al.ones(3))
        self.shift = al.zeros(3)

    def forward(self, x):
        y = x * self.weight
        k = (y + self.shift).amax().item()  # a graph break
        return y * k + self.shift


@pytest.mark.parametrize("how", ["module", "forward"])
def test_rebinding_module_attributes_in_a_split_call(how):
    m = _SplitScaled()
    cf = al.compile(m if how == "module" else m.forward)
    x = al.arange(3.0) + 1
    weights = [al.ones(3), al.full((3,), 2.0), al.full((3,), -1.0), al.full((1,), 3.0)]
    shifts = [al.zeros(3), al.full((3,), 0.5), al.arange(3.0), al.full((2, 3), 1.0)]
    with al.no_grad():
        for weight, shift in zip(weights, shifts):
            m.weight = nn.Parameter(weight)
            m.shift = shift
            got = cf(x)
            _same(got, m(x))
            y = x.numpy() * weight.numpy()
            want = y * (y + shift.numpy()).max() + shift.numpy()
            np.testing.assert_allclose(got.numpy(), want, rtol=1e-6)
    assert cf.stats["split"] == 4 and cf.stats["segment_replays"] > 0


# ---- reading the bytecode: the same sources on every Python ----
# Note [Reading bytecode across Python versions] in aten_lite/compile/guards.py: each construct
# below compiles to different instructions on 3.10, 3.11, 3.12 (inlined comprehensions,
# LOAD_ATTR for methods, LOAD_SUPER_ATTR) and 3.13 (LOAD_FAST_LOAD_FAST, STORE_FAST_STORE_FAST);
# the sources found must not depend on which.

SCALES = {"scale": 3.0, "bias": 0.5}
OFFSETS = [1.0, 2.0, 4.0]


class _Reader(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = _Block()
        self.gain = 2.0
        self.shift = 1.0

    def helper(self, x):
        return x - self.shift

    def forward(self, x, k):
        y = x + self.gain  # 3.13: LOAD_FAST_LOAD_FAST (x, self)
        z = k[-1] * x  # a constant subscript of a parameter
        acc = [x * OFFSETS[i] for i in range(2)]  # 3.12: inlined, no code object of its own
        w = SCALES["scale"] + self.block.scale
        t, u = y, z  # 3.13: STORE_FAST_STORE_FAST
        if super().forward is None:  # 3.12: LOAD_SUPER_ATTR
            return x
        return self.helper(t + u + acc[0] * w)


def _descs(fn):
    from aten_lite.compile.guards import Sources

    s = Sources(fn)
    s.find()
    return {src.desc for src in s.sources}


def test_bytecode_reader_finds_the_same_sources_on_every_python():
    descs = _descs(_Reader())
    # 3.12's LOAD_SUPER_ATTR reads the cell __class__ and a bare self, which 3.11 reads
    # inside super(); neither is keyed (a class, a module)
    descs -= {"self", "__class__"}
    assert descs == {"OFFSETS", "SCALES['scale']", "k[-1]", "range", "self.block.scale",
                     "self.gain", "self.helper", "self.shift", "super", "x"}, sorted(descs)


def test_bytecode_reader_constructs_are_guarded_when_compiled():
    m = _Reader()
    cf = al.compile(m)
    x = al.arange(3.0)
    k = [2.0]
    try:
        for change in (None, "gain", "block", "offsets", "scales", "shift", "k", None):
            if change == "gain":
                m.gain = -1.5
            elif change == "block":
                m.block.scale = 0.25
            elif change == "offsets":
                OFFSETS[1] = 9.0
            elif change == "scales":
                SCALES["scale"] = -0.0
            elif change == "shift":
                m.shift = 6.0
            elif change == "k":
                k[0] = 3.0
            _check(m, cf, x, k)
        assert cf.stats["captures"] == 7 and cf.stats["replays"] == 1
    finally:
        OFFSETS[1], SCALES["scale"] = 2.0, 3.0


def test_bytecode_reader_sees_reads_behind_a_paired_local_load():
    def fn(x, c):
        return (x + c.scale) * (x - c.bias["b"])  # 3.13: LOAD_FAST_LOAD_FAST (x, c)

    assert {"c.scale", "c.bias['b']"} <= _descs(fn)
    cf = al.compile(fn)
    c = _Config()
    c.bias = {"b": 1.0}
    x = al.arange(3.0)
    for scale, bias in ((2.0, 1.0), (5.0, 1.0), (5.0, -2.0), (5.0, -2.0)):
        c.scale, c.bias["b"] = scale, bias
        _check(fn, cf, x, c)
    assert cf.stats["captures"] == 3 and cf.stats["replays"] == 1


def test_bytecode_reader_skips_parameters_rebound_by_a_paired_store():
    def fn(x, c):
        a, c = x, 1  # 3.13: STORE_FAST_STORE_FAST (c, a)
        return a * c

    assert "c" not in _descs(fn)


def test_bytecode_reader_sees_a_comprehension_read_when_inlined_or_not():
    def fn(x):
        return [x * OFFSETS[2] for _ in range(1)][0] + {0: SCALES["bias"] for _ in "a"}[0]

    assert {"OFFSETS[2]", "SCALES['bias']"} <= _descs(fn)
    cf = al.compile(fn)
    x = al.arange(3.0)
    try:
        _check(fn, cf, x)
        OFFSETS[2] = -8.0
        _check(fn, cf, x)
        SCALES["bias"] = 7.0
        _check(fn, cf, x)
        _check(fn, cf, x)
        assert cf.stats["captures"] == 3 and cf.stats["replays"] == 1
    finally:
        OFFSETS[2], SCALES["bias"] = 4.0, 0.5


def test_unknown_bytecode_captures_every_call_with_one_warning(monkeypatch):
    # An instruction naming something that the reader does not know (as a newer Python's
    # would be) must not make it guard less: every call captures afresh, with a warning.
    from aten_lite.compile import guards

    monkeypatch.setattr(guards, "_ATTR_LOADS", frozenset(("LOAD_METHOD",)))

    def fn(x):
        return x * CFG.scale

    cf = al.compile(fn)
    x = al.arange(3.0)
    try:
        with pytest.warns(UserWarning, match="LOAD_ATTR.*capture afresh"):
            _check(fn, cf, x)
        CFG.scale = -3.0
        _check(fn, cf, x)
        CFG.scale = 0.5
        _check(fn, cf, x)
        assert cf.stats["replays"] == 0
    finally:
        CFG.scale = 2.0
