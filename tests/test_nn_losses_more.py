"""The embedding, margin and likelihood losses against torch: values for every reduction,
float64 gradients of every differentiable input, the module forms (constructor defaults and
the deprecated size_average/reduce pair), and the errors for bad arguments."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
import aten_lite.nn.functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

REDUCTIONS = ["none", "mean", "sum"]
rng = np.random.default_rng(0)


def _pm1(*shape):
    return np.where(rng.random(shape) < 0.5, -1.0, 1.0)


# name -> (arrays, indices of differentiable arrays, kwargs); integer arrays stay int64.
CASES = {
    "cosine_embedding_loss": ([rng.standard_normal((5, 4)), rng.standard_normal((5, 4)),
                               _pm1(5)], [0, 1], {"margin": 0.2}),
    "hinge_embedding_loss": ([rng.standard_normal((3, 4)), _pm1(3, 4)], [0], {"margin": 0.7}),
    "margin_ranking_loss": ([rng.standard_normal(6), rng.standard_normal(6), _pm1(6)], [0, 1],
                            {"margin": 0.3}),
    "soft_margin_loss": ([rng.standard_normal((3, 4)), _pm1(3, 4)], [0], {}),
    "multi_margin_loss": ([rng.standard_normal((5, 4)), np.array([0, 3, 1, 1, 2])], [0],
                          {"margin": 0.8}),
    "multilabel_margin_loss": ([rng.standard_normal((3, 5)),
                                np.array([[3, 0, -1, 1, 1], [1, 1, 4, 2, -1],
                                          [0, 1, 2, 3, 4]])], [0], {}),
    "multilabel_soft_margin_loss": ([rng.standard_normal((4, 3)),
                                     (rng.random((4, 3)) < 0.5).astype(float)], [0], {}),
    "poisson_nll_loss": ([rng.standard_normal((3, 4)), rng.poisson(2.0, (3, 4)).astype(float)],
                         [0], {}),
    "gaussian_nll_loss": ([rng.standard_normal((4, 3)), rng.standard_normal((4, 3)),
                           rng.random((4, 3)) + 0.1], [0, 1, 2], {}),
    "triplet_margin_loss": ([rng.standard_normal((5, 3)), rng.standard_normal((5, 3)),
                             rng.standard_normal((5, 3))], [0, 1, 2], {"margin": 1.5}),
    "triplet_margin_with_distance_loss": ([rng.standard_normal((5, 3)),
                                           rng.standard_normal((5, 3)),
                                           rng.standard_normal((5, 3))], [0, 1, 2], {}),
}


def _run(lib, fn, arrays, diff, kwargs):
    ts = [lib.tensor(a, requires_grad=(i in diff)) for i, a in enumerate(arrays)]
    out = fn(*ts, **kwargs)
    if any(t.requires_grad for t in ts):
        (out * lib.tensor(np.linspace(0.5, 1.5, out.numel()).reshape(tuple(out.shape)))).sum() \
            .backward()
    return out.detach().numpy(), [ts[i].grad.numpy() for i in diff]


def _compare(fn_ours, fn_torch, arrays, diff, kwargs):
    ours = _run(al, fn_ours, arrays, diff, kwargs)
    theirs = _run(torch, fn_torch, arrays, diff, kwargs)
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-10, atol=1e-12)
    assert ours[0].shape == theirs[0].shape
    for g, h in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(g, h, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("reduction", REDUCTIONS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_loss_values_and_gradients_match_torch(name, reduction):
    arrays, diff, kwargs = CASES[name]
    _compare(getattr(F, name), getattr(TF, name), arrays, diff,
             dict(kwargs, reduction=reduction))


@pytest.mark.parametrize("name,kwargs", [
    ("multi_margin_loss", {"p": 2, "weight": np.array([0.5, 1.0, 2.0, 1.5])}),
    ("multilabel_soft_margin_loss", {"weight": np.array([0.5, 2.0, 1.0])}),
    ("poisson_nll_loss", {"log_input": False, "full": True}),
    ("poisson_nll_loss", {"full": True}),
    ("gaussian_nll_loss", {"full": True, "eps": 0.3}),
    ("triplet_margin_loss", {"p": 1, "swap": True, "eps": 1e-3}),
    ("triplet_margin_with_distance_loss", {"swap": True, "margin": 0.5}),
    ("cosine_embedding_loss", {}),
    ("hinge_embedding_loss", {}),
])
def test_loss_options_match_torch(name, kwargs):
    arrays, diff, base = CASES[name]
    arrays = list(arrays)
    if name == "poisson_nll_loss" and not kwargs.get("log_input", True):
        arrays[0] = np.abs(arrays[0]) + 0.1  # rates, not log-rates
    for lib, fn in ((al, getattr(F, name)), (torch, getattr(TF, name))):
        kw = {k: lib.tensor(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
        kw.setdefault("reduction", "sum")
        if lib is al:
            ours = _run(al, fn, arrays, diff, kw)
        else:
            theirs = _run(torch, fn, arrays, diff, kw)
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-10)
    for g, h in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(g, h, rtol=1e-9, atol=1e-12)


def test_unbatched_inputs_match_torch():
    x = rng.standard_normal(5)
    cases = [
        ("multi_margin_loss", [x, np.array(2)], {}),
        ("multi_margin_loss", [x, np.array([2])], {"reduction": "none"}),
        ("multilabel_margin_loss", [x, np.array([4, 0, -1, 2, 2])], {"reduction": "none"}),
        ("cosine_embedding_loss", [x, rng.standard_normal(5), np.array(-1.0)],
         {"margin": -0.5}),
        ("triplet_margin_loss", [x, x + 0.5, x - 0.25], {"reduction": "none"}),
    ]
    for name, arrays, kwargs in cases:
        _compare(getattr(F, name), getattr(TF, name), arrays, [0], kwargs)


def test_custom_distance_function_and_gaussian_variance_shapes():
    a, p, n = CASES["triplet_margin_with_distance_loss"][0]

    def cos_dist(lib):
        return lambda x, y: 1.0 - lib.nn.functional.cosine_similarity(x, y)
    ours = _run(al, lambda *t: F.triplet_margin_with_distance_loss(
        *t, distance_function=cos_dist(al), margin=0.4), [a, p, n], [0, 1, 2], {})
    theirs = _run(torch, lambda *t: TF.triplet_margin_with_distance_loss(
        *t, distance_function=cos_dist(torch), margin=0.4), [a, p, n], [0, 1, 2], {})
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-10)
    for g, h in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(g, h, rtol=1e-9)
    x, y = rng.standard_normal((4, 3)), rng.standard_normal((4, 3))
    for var in (rng.random(4) + 0.2, rng.random((4, 1)) + 0.2, rng.random((1, 3)) + 0.2,
                np.array([1e-9, 0.5, 0.0, 2.0])):
        _compare(F.gaussian_nll_loss, TF.gaussian_nll_loss, [x, y, var], [0, 2], {})
    for lib, fn in ((al, F), (torch, TF)):
        v = fn.gaussian_nll_loss(lib.tensor(x), lib.tensor(y), 0.7)
        if lib is al:
            mine = v.item()
    assert mine == pytest.approx(v.item(), rel=1e-12)


def test_large_margins_do_not_overflow_soft_losses():
    """soft_margin_loss and multilabel_soft_margin_loss stay finite far from the margin."""
    x = al.tensor([[800.0, -800.0]], dtype=al.float64)
    y = al.tensor([[-1.0, 1.0]], dtype=al.float64)
    assert F.soft_margin_loss(x, y).item() == pytest.approx(800.0)
    assert F.multilabel_soft_margin_loss(x, (y + 1) / 2).item() == pytest.approx(800.0)


# ---- modules ----

MODULES = [
    ("CosineEmbeddingLoss", {"margin": 0.2}, "cosine_embedding_loss"),
    ("HingeEmbeddingLoss", {"margin": 0.7}, "hinge_embedding_loss"),
    ("MarginRankingLoss", {"margin": 0.3}, "margin_ranking_loss"),
    ("SoftMarginLoss", {}, "soft_margin_loss"),
    ("MultiMarginLoss", {"p": 2, "margin": 0.8}, "multi_margin_loss"),
    ("MultiLabelMarginLoss", {}, "multilabel_margin_loss"),
    ("MultiLabelSoftMarginLoss", {}, "multilabel_soft_margin_loss"),
    ("PoissonNLLLoss", {"full": True}, "poisson_nll_loss"),
    ("GaussianNLLLoss", {"full": True}, "gaussian_nll_loss"),
    ("TripletMarginLoss", {"margin": 1.5, "swap": True}, "triplet_margin_loss"),
    ("TripletMarginWithDistanceLoss", {"swap": True}, "triplet_margin_with_distance_loss"),
]


@pytest.mark.parametrize("cls,kwargs,case", MODULES)
def test_loss_modules_match_torch(cls, kwargs, case):
    arrays, diff, _ = CASES[case]
    for reduction in REDUCTIONS:
        ours = getattr(al.nn, cls)(reduction=reduction, **kwargs)
        theirs = getattr(torch.nn, cls)(reduction=reduction, **kwargs)
        assert repr(ours).split("(")[0] == repr(theirs).split("(")[0]
        _compare(ours, theirs, arrays, diff, {})
    assert getattr(al.nn, cls)().reduction == "mean"
    from aten_lite.nn.modules import loss
    assert getattr(loss, cls) is getattr(al.nn, cls)


def test_weighted_loss_modules_hold_weight_as_a_buffer():
    w = np.array([0.5, 2.0, 1.0, 1.5])
    m = al.nn.MultiMarginLoss(weight=al.tensor(w))
    assert list(m.state_dict()) == list(torch.nn.MultiMarginLoss(
        weight=torch.tensor(w)).state_dict()) == ["weight"]
    arrays, diff, _ = CASES["multi_margin_loss"]
    _compare(m, torch.nn.MultiMarginLoss(weight=torch.tensor(w)), arrays, diff, {})
    assert list(al.nn.MultiLabelSoftMarginLoss(weight=al.ones(3)).state_dict()) == ["weight"]


@pytest.mark.parametrize("legacy,expected", [
    ({"size_average": False}, "sum"), ({"reduce": False}, "none"),
    ({"size_average": True, "reduce": True}, "mean")])
def test_deprecated_size_average_and_reduce_map_to_reduction(legacy, expected):
    with pytest.warns(UserWarning, match=f"please use reduction='{expected}' instead"):
        m = al.nn.HingeEmbeddingLoss(**legacy)
    assert m.reduction == expected == torch.nn.HingeEmbeddingLoss(**legacy).reduction
    x, y = CASES["hinge_embedding_loss"][0]
    with pytest.warns(UserWarning):
        ours = F.hinge_embedding_loss(al.tensor(x), al.tensor(y), **legacy)
    np.testing.assert_allclose(
        ours.numpy(), TF.hinge_embedding_loss(torch.tensor(x), torch.tensor(y), **legacy).numpy())


def test_triplet_with_distance_module_defaults_to_pairwise_distance():
    m = al.nn.TripletMarginWithDistanceLoss()
    assert type(m.distance_function).__name__ == "PairwiseDistance"
    assert type(torch.nn.TripletMarginWithDistanceLoss().distance_function).__name__ == \
        "PairwiseDistance"


# ---- errors ----

def _t(a):
    return al.tensor(a)


@pytest.mark.parametrize("call,exc,match", [
    (lambda: F.hinge_embedding_loss(_t([1.0]), _t([1.0]), reduction="avg"), ValueError,
     "avg is not a valid value for reduction"),
    (lambda: F.multi_margin_loss(_t([[1.0, 2.0]]), _t([0]), p=3), ValueError, "p=3"),
    (lambda: F.multi_margin_loss(_t([[1.0, 2.0], [0.0, 1.0]]), _t([0, 5])), RuntimeError,
     "target 5 is out of range for 2 classes"),
    (lambda: F.multi_margin_loss(_t([[1.0, 2.0], [0.0, 1.0]]), _t([0])), RuntimeError,
     r"Expected target size \[2\], but got \[1\]"),
    (lambda: F.multi_margin_loss(_t([[1.0, 2.0]]), _t([0.0])), RuntimeError,
     "expected an int64 target of 1D, got a float32 target of shape \\[1\\]"),
    (lambda: F.multi_margin_loss(_t([[[1.0, 2.0]]]), _t([0])), RuntimeError,
     r"2D \(N, C\) input, but got input of size: \[1, 1, 2\]"),
    (lambda: F.multilabel_margin_loss(_t([[1.0, 2.0]]), _t([[0, 7]])), RuntimeError,
     "target 7 is out of range"),
    (lambda: F.multilabel_margin_loss(_t([[1.0, 2.0]]), _t([[0, 1, 1]])), RuntimeError,
     r"inconsistent target size: \[1, 3\]"),
    (lambda: F.margin_ranking_loss(_t([1.0]), _t([[1.0]]), _t([1.0])), RuntimeError,
     r"input2: \[1, 1\]"),
    (lambda: F.cosine_embedding_loss(_t([[1.0]]), _t([[1.0]]), _t([[1.0]])), RuntimeError,
     r"0D or 1D target tensor expected.*\[1, 1\]"),
    (lambda: F.cosine_embedding_loss(_t([1.0]), _t([1.0]), _t([1.0])), RuntimeError,
     r"1D target tensor expects 2D input tensors, but found inputs with sizes \[1\]"),
    (lambda: F.gaussian_nll_loss(_t([1.0, 2.0]), _t([1.0, 2.0]), _t([1.0, -0.5])), ValueError,
     "var has negative entry"),
    (lambda: F.gaussian_nll_loss(_t([[1.0, 2.0]]), _t([[1.0, 2.0]]), _t([1.0, 1.0, 1.0])),
     ValueError, r"var is of incorrect size: \[3\]"),
    (lambda: F.gaussian_nll_loss(_t([1.0]), _t([1.0]), _t([1.0]), reduction="max"),
     ValueError, "max is not valid"),
    (lambda: F.poisson_nll_loss(_t([1.0]), _t([1.0]), reduction="max"), ValueError,
     "max is not a valid value for reduction"),
    (lambda: F.triplet_margin_loss(_t([[1.0]]), _t([1.0]), _t([[1.0]])), RuntimeError,
     "anchor 2D, positive 1D, and negative 2D"),
    (lambda: F.triplet_margin_with_distance_loss(_t([1.0]), _t([1.0]), _t([1.0]), margin=0),
     ValueError, "margin must be greater than 0, got 0"),
    (lambda: al.nn.TripletMarginLoss(margin=-1.0), ValueError, "got -1.0"),
    (lambda: al.nn.MultiMarginLoss(p=0), ValueError, "p=0"),
    (lambda: al.nn.SoftMarginLoss(reduction="avg"), ValueError, "avg"),
])
def test_bad_arguments_name_the_bad_value(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_pdist_and_pairwise_distance_match_torch():
    x = rng.standard_normal((5, 3))
    for p in (2.0, 1.0, 0.5, 3.0, float("inf")):
        _compare(lambda t, p=p: F.pdist(t, p), lambda t, p=p: TF.pdist(t, p), [x], [0], {})
    y = rng.standard_normal((5, 3))
    for p, keepdim in ((2.0, False), (1.0, True), (float("inf"), False)):
        _compare(lambda a, b: F.pairwise_distance(a, b, p, 1e-6, keepdim),
                 lambda a, b: TF.pairwise_distance(a, b, p, 1e-6, keepdim), [x, y], [0, 1], {})
    _compare(F.pairwise_distance, TF.pairwise_distance, [x, y[0]], [0, 1], {})  # broadcast
    np.testing.assert_allclose(F.pairwise_distance(al.tensor(x), al.tensor(y), 0.0).numpy(),
                               TF.pairwise_distance(torch.tensor(x), torch.tensor(y), 0.0))
    m, tm = al.nn.PairwiseDistance(p=1.0, keepdim=True), torch.nn.PairwiseDistance(1.0,
                                                                                  keepdim=True)
    _compare(m, tm, [x, y], [0, 1], {})
    with pytest.raises(RuntimeError, match="pdist only supports 2D tensors, got: 1D"):
        F.pdist(al.ones(3))
    with pytest.raises(RuntimeError, match="p=-1"):
        F.pdist(al.ones(3, 2), -1)


# ---- ctc_loss ----

CTC_X = rng.standard_normal((12, 3, 5))
CTC_PADDED = np.array([[1, 2, 2, 3], [4, 4, 0, 0], [1, 3, 1, 0]])
CTC_IN, CTC_TL = np.array([12, 9, 7]), np.array([4, 2, 3])


def _ctc(lib, fn, logits, targets, in_len, tg_len, **kw):
    """ctc_loss of log_softmax(logits): torch's ctc gradient is only the true one through a
    log_softmax (its formula folds the softmax in), so gradients compare at the logits."""
    x = lib.tensor(logits, requires_grad=True)
    dim = x.ndim - 1
    loss = fn(x.log_softmax(dim), targets, in_len, tg_len, **kw)
    (loss * lib.tensor(np.linspace(1.0, 2.0, loss.numel()).reshape(tuple(loss.shape)))) \
        .sum().backward()
    return loss.detach().numpy(), x.grad.numpy()


def _ctc_compare(logits, targets, in_len, tg_len, convert=True, **kw):
    def args(lib):
        if not convert:
            return targets, in_len, tg_len
        return (lib.tensor(targets), lib.tensor(in_len), lib.tensor(tg_len))
    ours = _ctc(al, F.ctc_loss, logits, *args(al), **kw)
    theirs = _ctc(torch, TF.ctc_loss, logits, *args(torch), **kw)
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-10)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-8, atol=1e-12)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_ctc_loss_matches_torch_with_padded_targets(reduction):
    _ctc_compare(CTC_X, CTC_PADDED, CTC_IN, CTC_TL, reduction=reduction)


def test_ctc_loss_concatenated_targets_blank_and_lengths_as_tuples():
    concat = np.concatenate([row[:k] for row, k in zip(CTC_PADDED, CTC_TL)])
    _ctc_compare(CTC_X, concat, CTC_IN, CTC_TL, reduction="none")
    relabeled = np.where(CTC_PADDED == 4, 0, CTC_PADDED)  # label 0 is a class, 4 the blank
    _ctc_compare(CTC_X, relabeled, CTC_IN, CTC_TL, blank=4)
    x = al.tensor(CTC_X).log_softmax(2)
    by_tuple = F.ctc_loss(x, al.tensor(CTC_PADDED), tuple(CTC_IN), tuple(CTC_TL))
    by_tensor = F.ctc_loss(x, al.tensor(CTC_PADDED), al.tensor(CTC_IN), al.tensor(CTC_TL))
    assert by_tuple.item() == by_tensor.item()


def test_ctc_loss_unbatched_empty_targets_and_impossible_alignments():
    _ctc_compare(CTC_X[:, 0], CTC_PADDED[0], np.array(10), np.array(4), reduction="none")
    _ctc_compare(CTC_X, CTC_PADDED, CTC_IN, np.array([4, 0, 3]), reduction="none")
    # sample 0 needs 5 steps (4 labels, one repeat) but gets 4: inf, or 0 with zero_infinity
    short = np.array([4, 9, 7])
    x = al.tensor(CTC_X).log_softmax(2)
    got = F.ctc_loss(x, al.tensor(CTC_PADDED), al.tensor(short), al.tensor(CTC_TL),
                     reduction="none")
    want = TF.ctc_loss(torch.tensor(CTC_X).log_softmax(2), torch.tensor(CTC_PADDED),
                       torch.tensor(short), torch.tensor(CTC_TL), reduction="none")
    assert got[0].item() == want[0].item() == float("inf")
    np.testing.assert_allclose(got.numpy()[1:], want.numpy()[1:], rtol=1e-10)
    _ctc_compare(CTC_X, CTC_PADDED, short, CTC_TL, zero_infinity=True, reduction="sum")


def test_ctc_loss_module_matches_torch():
    ours, theirs = al.nn.CTCLoss(blank=0, zero_infinity=True), torch.nn.CTCLoss(
        blank=0, zero_infinity=True)
    assert repr(ours) == repr(theirs)
    args = (CTC_PADDED, CTC_IN, CTC_TL)
    a = ours(al.tensor(CTC_X).log_softmax(2), *[al.tensor(v) for v in args])
    b = theirs(torch.tensor(CTC_X).log_softmax(2), *[torch.tensor(v) for v in args])
    assert a.item() == pytest.approx(b.item(), rel=1e-12)
    from aten_lite.nn.modules.loss import CTCLoss
    assert CTCLoss is al.nn.CTCLoss


@pytest.mark.parametrize("kw,match", [
    ({"input_lengths": [13, 9, 7]}, "at most 12, but got value 13"),
    ({"input_lengths": [12, 9]}, "input_lengths must be of size batch_size \\(3\\), got 2"),
    ({"target_lengths": [5, 2, 3]}, "size at least 5 at dimension 1, but got size 4"),
    ({"blank": 5}, "blank must be in label range \\(0 to 4\\), got 5"),
    ({"targets": [[1, 7, 0, 0]] * 3}, "target label 7 of sample 0 is out of range"),
    ({"reduction": "avg"}, "avg is not a valid value"),
])
def test_ctc_loss_errors_name_the_bad_value(kw, match):
    args = dict(input_lengths=list(CTC_IN), target_lengths=list(CTC_TL))
    targets = al.tensor(kw.pop("targets", CTC_PADDED))
    args.update(kw)
    with pytest.raises((RuntimeError, ValueError), match=match):
        F.ctc_loss(al.tensor(CTC_X).log_softmax(2), targets, **args)


def test_older_loss_constructors_take_torchs_positional_order():
    """torch puts size_average (and ignore_index, reduce) before reduction: a positional
    call means the same here."""
    w = np.array([0.2, 1.0, 3.0])
    for lib in (al, torch):
        with pytest.warns(UserWarning):
            ce = lib.nn.CrossEntropyLoss(lib.tensor(w), None, 1, False)
        assert ce.reduction == "none" and ce.ignore_index == 1
        with pytest.warns(UserWarning):
            assert lib.nn.MSELoss(False).reduction == "sum"
        assert lib.nn.SmoothL1Loss(None, None, "sum", 0.5).beta == 0.5
        assert lib.nn.BCEWithLogitsLoss(None, None, None, "sum").reduction == "sum"
        assert lib.nn.NLLLoss(None, None, 2).ignore_index == 2
    with pytest.warns(FutureWarning, match="`NLLLoss2d` has been deprecated"):
        old = al.nn.NLLLoss2d(ignore_index=0)
    x, t = rng.standard_normal((2, 3, 4, 4)), rng.integers(0, 3, (2, 4, 4))
    with pytest.warns(FutureWarning):
        theirs = torch.nn.NLLLoss2d(ignore_index=0)(torch.tensor(x), torch.tensor(t))
    np.testing.assert_allclose(old(al.tensor(x), al.tensor(t)).item(), theirs.item(),
                               rtol=1e-12)


# ---- AdaptiveLogSoftmaxWithLoss ----

def _adaptive_pair(**kw):
    ours = al.nn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 7, 10], **kw).double()
    theirs = torch.nn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 7, 10], **kw).double()
    assert repr(ours) == repr(theirs)
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    with torch.no_grad():
        for p, q in zip(ours.parameters(), theirs.parameters()):
            q.copy_(torch.tensor(p.detach().numpy()))
    return ours, theirs


@pytest.mark.parametrize("head_bias", [False, True])
def test_adaptive_log_softmax_matches_torch_with_parameter_gradients(head_bias):
    ours, theirs = _adaptive_pair(head_bias=head_bias, div_value=2.0)
    x, t = rng.standard_normal((9, 16)), np.array([0, 2, 3, 6, 7, 9, 10, 11, 1])
    a, b = al.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    out_a, loss_a = ours(a, al.tensor(t))
    out_b, loss_b = theirs(b, torch.tensor(t))
    np.testing.assert_allclose(out_a.detach().numpy(), out_b.detach().numpy(), rtol=1e-10)
    (loss_a + out_a[0]).backward()
    (loss_b + out_b[0]).backward()
    np.testing.assert_allclose(a.grad.numpy(), b.grad.numpy(), rtol=1e-9, atol=1e-12)
    for p, q in zip(ours.parameters(), theirs.parameters()):
        np.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(ours.log_prob(al.tensor(x)).detach().numpy(),
                               theirs.log_prob(torch.tensor(x)).detach().numpy(), rtol=1e-10)
    np.testing.assert_array_equal(ours.predict(al.tensor(x)).numpy(),
                                  theirs.predict(torch.tensor(x)).numpy())
    one_a, _ = ours(al.tensor(x[0]), al.tensor(8))
    one_b, _ = theirs(torch.tensor(x[0]), torch.tensor(8))
    assert one_a.shape == () and one_a.item() == pytest.approx(one_b.item(), rel=1e-10)


def test_adaptive_log_softmax_errors_name_the_bad_value():
    with pytest.raises(ValueError, match=r"got \[3, 3\] for n_classes=12"):
        al.nn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 3])
    with pytest.raises(ValueError, match=r"got \[3, 12\]"):
        al.nn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 12])
    asm = al.nn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 7])
    with pytest.raises(RuntimeError, match=r"Target values should be in \[0, 11\], but values "
                                           r"in range \[0, 12\] were found"):
        asm(al.ones(2, 16), al.tensor([0, 12]))
    with pytest.raises(RuntimeError, match="same size in the batch dimension \\(got 2 and 3\\)"):
        asm(al.ones(2, 16), al.tensor([0, 1, 2]))
