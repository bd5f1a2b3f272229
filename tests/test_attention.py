"""scaled_dot_product_attention, MultiheadAttention and the transformer layers against torch:
values, float64 gradients (inputs and every parameter, torch's state dict loaded), masks,
dtypes and the errors."""

from __future__ import annotations


import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")
F = al.nn.functional
TF = torch.nn.functional


def _pair(a: np.ndarray, grad: bool = True):
    return (al.tensor(a, requires_grad=grad and a.dtype.kind == "f"),
            torch.tensor(a, requires_grad=grad and a.dtype.kind == "f"))


def _close(ours, theirs, tol=1e-10):
    a = ours.detach().numpy() if hasattr(ours, "detach") else ours
    b = theirs.detach().numpy()
    assert a.shape == b.shape, (a.shape, b.shape)
    np.testing.assert_allclose(a, b, rtol=tol, atol=tol)


def _load(ours: al.nn.Module, theirs) -> None:
    """Load torch's state dict into ours (keys must match exactly)."""
    sd = {k: al.tensor(v.detach().numpy()) for k, v in theirs.state_dict().items()}
    assert list(ours.state_dict().keys()) == list(sd.keys())
    ours.load_state_dict(sd)


def _backward_both(out_al, out_t, seed=0):
    w = np.random.default_rng(seed).standard_normal(tuple(out_t.shape))
    (out_al * al.tensor(w)).sum().backward()
    (out_t * torch.tensor(w)).sum().backward()


def _param_grads_close(ours, theirs, tol=1e-9):
    tp = dict(theirs.named_parameters())
    for name, p in ours.named_parameters():
        assert p.grad is not None, name
        _close(p.grad, tp[name].grad, tol)


# ---- scaled_dot_product_attention ----

SHAPES = [  # query, key, value
    ((2, 3, 4, 8), (2, 3, 5, 8), (2, 3, 5, 6)),
    ((4, 8), (5, 8), (5, 3)),
    ((2, 3, 4, 8), (3, 5, 8), (1, 3, 5, 6)),  # batch dims broadcast
    ((2, 1, 6, 4), (2, 1, 6, 4), (2, 1, 6, 4)),
]


def _mask(kind, L, S, rng):
    if kind == "bool":
        m = rng.random((L, S)) > 0.4
        m[:, 0] = True
        return m
    if kind == "bool_broadcast":
        m = rng.random((2, 1, L, S)) > 0.4
        m[..., 0] = True
        return m
    if kind == "float":
        return rng.standard_normal((L, S))
    return None


@pytest.mark.parametrize("shapes", SHAPES)
@pytest.mark.parametrize("mask", [None, "bool", "bool_broadcast", "float", "causal"])
@pytest.mark.parametrize("scale", [None, 0.3])
def test_sdpa_values_and_grads(shapes, mask, scale):
    rng = np.random.default_rng(1)
    arrays = [rng.standard_normal(s) for s in shapes]
    (qa, qt), (ka, kt), (va, vt) = (_pair(a) for a in arrays)
    L, S = shapes[0][-2], shapes[1][-2]
    kw = {"scale": scale}
    if mask == "causal":
        kw_al = kw_t = dict(kw, is_causal=True)
    else:
        m = _mask(mask, L, S, rng)
        if mask == "bool_broadcast" and len(shapes[0]) == 2:
            m = m[0, 0]
        kw_al = dict(kw, attn_mask=None if m is None else al.tensor(m))
        kw_t = dict(kw, attn_mask=None if m is None else torch.tensor(m))
    out_al = F.scaled_dot_product_attention(qa, ka, va, **kw_al)
    out_t = TF.scaled_dot_product_attention(qt, kt, vt, **kw_t)
    _close(out_al, out_t)
    _backward_both(out_al, out_t)
    for a, t in ((qa, qt), (ka, kt), (va, vt)):
        _close(a.grad, t.grad)


def test_sdpa_float_mask_gradient_and_fully_masked_rows():
    rng = np.random.default_rng(2)
    q, k, v = (rng.standard_normal(s) for s in ((2, 4, 3), (2, 5, 3), (2, 5, 3)))
    fm = rng.standard_normal((4, 5))
    fm[1] = -np.inf  # row 1 sees nothing: zeros, as torch
    bm = np.ones((4, 5), bool)
    bm[2] = False
    for m in (fm, bm):
        (qa, qt), (ka, kt), (va, vt) = _pair(q), _pair(k), _pair(v)
        ma, mt = _pair(m)
        out_al = F.scaled_dot_product_attention(qa, ka, va, attn_mask=ma)
        out_t = TF.scaled_dot_product_attention(qt, kt, vt, attn_mask=mt)
        _close(out_al, out_t)
        assert np.isfinite(out_al.detach().numpy()).all()
        _backward_both(out_al, out_t)
        for a, t in ((qa, qt), (ka, kt), (va, vt)):
            assert np.isfinite(a.grad.numpy()).all()
            _close(a.grad, t.grad)
        if m.dtype.kind == "f":
            _close(ma.grad, mt.grad)


def test_sdpa_causal_rectangular_and_gqa():
    rng = np.random.default_rng(3)
    q, k, v = (rng.standard_normal(s) for s in ((2, 4, 6, 8), (2, 2, 3, 8), (2, 2, 3, 5)))
    for causal in (False, True):
        (qa, qt), (ka, kt), (va, vt) = _pair(q), _pair(k), _pair(v)
        out_al = F.scaled_dot_product_attention(qa, ka, va, is_causal=causal, enable_gqa=True)
        out_t = TF.scaled_dot_product_attention(qt, kt, vt, is_causal=causal, enable_gqa=True)
        _close(out_al, out_t)
        _backward_both(out_al, out_t)
        _close(ka.grad, kt.grad)
        _close(va.grad, vt.grad)


def test_sdpa_float32_and_dropout():
    rng = np.random.default_rng(4)
    q, k, v = (rng.standard_normal((2, 2, 5, 4)).astype(np.float32) for _ in range(3))
    out = F.scaled_dot_product_attention(al.tensor(q), al.tensor(k), al.tensor(v),
                                         is_causal=True)
    ref = TF.scaled_dot_product_attention(torch.tensor(q), torch.tensor(k), torch.tensor(v),
                                          is_causal=True)
    assert out.dtype == al.float32
    np.testing.assert_allclose(out.numpy(), ref.numpy(), rtol=1e-5, atol=1e-6)
    al.manual_seed(0)
    dropped = F.scaled_dot_product_attention(al.tensor(q), al.tensor(k), al.tensor(v),
                                             dropout_p=0.5)
    plain = F.scaled_dot_product_attention(al.tensor(q), al.tensor(k), al.tensor(v))
    assert np.isfinite(dropped.numpy()).all()
    assert not np.allclose(dropped.numpy(), plain.numpy())
    zero = F.scaled_dot_product_attention(al.tensor(q), al.tensor(k), al.tensor(v),
                                          dropout_p=1.0)
    assert not zero.numpy().any()


def test_sdpa_errors():
    q = al.randn(2, 3, 4, 8)
    k = al.randn(2, 3, 5, 8)
    v = al.randn(2, 3, 5, 6)
    with pytest.raises(RuntimeError, match="attn_mask must not be given with is_causal"):
        F.scaled_dot_product_attention(q, k, v, attn_mask=al.ones(4, 5, dtype=al.bool),
                                       is_causal=True)
    with pytest.raises(RuntimeError, match="same dtype.*float64"):
        F.scaled_dot_product_attention(q, k.double(), v)
    with pytest.raises(RuntimeError, match="attn_mask must be bool.*int64"):
        F.scaled_dot_product_attention(q, k, v, attn_mask=al.zeros(4, 5, dtype=al.int64))
    with pytest.raises(RuntimeError, match=r"feature size.*\[2, 3, 5, 7\]"):
        F.scaled_dot_product_attention(q, al.randn(2, 3, 5, 7), v)
    with pytest.raises(RuntimeError, match="same length"):
        F.scaled_dot_product_attention(q, k, al.randn(2, 3, 6, 6))
    with pytest.raises(RuntimeError, match="at least 2-D"):
        F.scaled_dot_product_attention(al.randn(8), al.randn(8), al.randn(8))
    with pytest.raises(RuntimeError, match="between 0 and 1, but got 1.5"):
        F.scaled_dot_product_attention(q, k, v, dropout_p=1.5)
    with pytest.raises(RuntimeError, match=r"key heads \(dim -3, 2\) must divide.*\(3\)"):
        F.scaled_dot_product_attention(q, k[:, :2], v[:, :2], enable_gqa=True)


# ---- MultiheadAttention ----

MHA_CONFIGS = [
    dict(),
    dict(batch_first=True),
    dict(bias=False),
    dict(add_bias_kv=True),
    dict(add_zero_attn=True),
    dict(add_bias_kv=True, add_zero_attn=True, batch_first=True),
    dict(kdim=5, vdim=3),
]


def _mha_pair(E, H, **kw):
    torch.manual_seed(0)
    theirs = torch.nn.MultiheadAttention(E, H, dtype=torch.float64, **kw)
    theirs.train()  # dropout is 0: train mode keeps torch off its fused inference path
    ours = al.nn.MultiheadAttention(E, H, dtype=al.float64, **kw)
    _load(ours, theirs)
    return ours, theirs


@pytest.mark.parametrize("cfg", MHA_CONFIGS)
@pytest.mark.parametrize("need_weights,average", [(True, True), (True, False), (False, True)])
def test_mha_matches_torch(cfg, need_weights, average):
    E, H, N, L, S = 8, 2, 3, 4, 6
    ours, theirs = _mha_pair(E, H, **cfg)
    rng = np.random.default_rng(5)
    bf = cfg.get("batch_first", False)
    shape = (lambda n: (N, n, E)) if bf else (lambda n: (n, N, E))
    self_attn = "kdim" not in cfg
    qa, qt = _pair(rng.standard_normal(shape(L if not self_attn else S)))
    if self_attn:
        ka, kt, va, vt = qa, qt, qa, qt
        L = S
    else:
        kshape, vshape = list(shape(S)), list(shape(S))
        kshape[-1], vshape[-1] = cfg["kdim"], cfg["vdim"]
        (ka, kt), (va, vt) = _pair(rng.standard_normal(kshape)), _pair(rng.standard_normal(vshape))
    am = rng.standard_normal((L, S))
    kpm = rng.random((N, S)) > 0.7
    kpm[:, 0] = False
    kw = dict(need_weights=need_weights, average_attn_weights=average)
    out_al, w_al = ours(qa, ka, va, attn_mask=al.tensor(am), key_padding_mask=al.tensor(kpm),
                        **kw)
    out_t, w_t = theirs(qt, kt, vt, attn_mask=torch.tensor(am),
                        key_padding_mask=torch.tensor(kpm), **kw)
    _close(out_al, out_t)
    if need_weights:
        _close(w_al, w_t)
    else:
        assert w_al is None and w_t is None
    _backward_both(out_al, out_t)
    _close(qa.grad, qt.grad)
    _param_grads_close(ours, theirs)


def test_mha_masks_unbatched_and_cross_attention():
    E, H, N, L, S = 8, 4, 2, 3, 5
    ours, theirs = _mha_pair(E, H, batch_first=True)
    rng = np.random.default_rng(6)
    q, kv = rng.standard_normal((N, L, E)), rng.standard_normal((N, S, E))
    cases = [
        dict(attn_mask=rng.random((L, S)) > 0.6),                    # bool: True = blocked
        dict(attn_mask=rng.standard_normal((N * H, L, S))),          # 3-D float
        dict(key_padding_mask=rng.standard_normal((N, S))),          # float padding mask
    ]
    for case in cases:
        (qa, qt), (ka, kt) = _pair(q), _pair(kv)
        out_al, w_al = ours(qa, ka, ka, **{k: al.tensor(v) for k, v in case.items()})
        out_t, w_t = theirs(qt, kt, kt, **{k: torch.tensor(v) for k, v in case.items()})
        _close(out_al, out_t)
        _close(w_al, w_t)
        _backward_both(out_al, out_t)
        _close(ka.grad, kt.grad)
    # unbatched (L, E) with a (H, L, S) mask and a (S,) padding mask
    m3, kp = rng.standard_normal((H, L, S)), np.array([False, True, False, False, True])
    out_al, w_al = ours(al.tensor(q[0]), al.tensor(kv[0]), al.tensor(kv[0]),
                        attn_mask=al.tensor(m3), key_padding_mask=al.tensor(kp),
                        average_attn_weights=False)
    out_t, w_t = theirs(torch.tensor(q[0]), torch.tensor(kv[0]), torch.tensor(kv[0]),
                        attn_mask=torch.tensor(m3), key_padding_mask=torch.tensor(kp),
                        average_attn_weights=False)
    _close(out_al, out_t)
    _close(w_al, w_t)
    # the causal hint with its mask, through the SDPA path
    cm = al.nn.Transformer.generate_square_subsequent_mask(L, dtype=al.float64)
    out_al, _ = ours(al.tensor(q), al.tensor(q), al.tensor(q), attn_mask=cm,
                     need_weights=False, is_causal=True)
    out_t, _ = theirs(torch.tensor(q), torch.tensor(q), torch.tensor(q),
                      attn_mask=torch.nn.Transformer.generate_square_subsequent_mask(
                          L, dtype=torch.float64), need_weights=False, is_causal=True)
    _close(out_al, out_t)


def test_mha_eval_float32_matches_torch_fast_path():
    torch.manual_seed(1)
    theirs = torch.nn.MultiheadAttention(16, 4, batch_first=True).eval()
    ours = al.nn.MultiheadAttention(16, 4, batch_first=True).eval()
    _load(ours, theirs)
    x = np.random.default_rng(7).standard_normal((2, 5, 16)).astype(np.float32)
    with torch.no_grad():
        ref = theirs(torch.tensor(x), torch.tensor(x), torch.tensor(x), need_weights=False)[0]
    out = ours(al.tensor(x), al.tensor(x), al.tensor(x), need_weights=False)[0]
    assert out.dtype == al.float32
    np.testing.assert_allclose(out.detach().numpy(), ref.numpy(), rtol=1e-5, atol=1e-5)


def test_mha_parameters_and_errors():
    m = al.nn.MultiheadAttention(8, 2, kdim=4, vdim=6, add_bias_kv=True)
    assert [(n, tuple(p.shape)) for n, p in m.named_parameters()] == [
        ("q_proj_weight", (8, 8)), ("k_proj_weight", (8, 4)), ("v_proj_weight", (8, 6)),
        ("in_proj_bias", (24,)), ("bias_k", (1, 1, 8)), ("bias_v", (1, 1, 8)),
        ("out_proj.weight", (8, 8)), ("out_proj.bias", (8,))]
    assert m.in_proj_weight is None
    plain = al.nn.MultiheadAttention(8, 2)
    assert plain.bias_k is None and not plain.in_proj_bias.detach().numpy().any()
    with pytest.raises(AssertionError, match=r"embed_dim \(10\) must be divisible by "
                                             r"num_heads \(3\)"):
        al.nn.MultiheadAttention(10, 3)
    x = al.randn(3, 2, 8)
    with pytest.raises(AssertionError, match="expecting embedding dimension of 8, but got 5"):
        plain(al.randn(3, 2, 5), x, x)
    with pytest.raises(RuntimeError, match=r"2D attn_mask is \[3, 4\], but should be "
                                           r"\[3, 3\]"):
        plain(x, x, x, attn_mask=al.zeros(3, 4))
    with pytest.raises(RuntimeError, match=r"3D attn_mask is \[2, 3, 3\], but should be "
                                           r"\[4, 3, 3\]"):
        plain(x, x, x, attn_mask=al.zeros(2, 3, 3))
    with pytest.raises(AssertionError, match=r"key_padding_mask of shape \[2, 3\]"):
        plain(x, x, x, key_padding_mask=al.zeros(3, 2, dtype=al.bool))
    with pytest.raises(RuntimeError, match="is_causal=True .* pass attn_mask"):
        plain(x, x, x, is_causal=True)
    with pytest.raises(AssertionError, match="only bool and floating types of attn_mask"):
        plain(x, x, x, attn_mask=al.zeros(3, 3, dtype=al.int64))


# ---- transformer layers ----

def _torch_layer(cls, *args, **kw):
    torch.manual_seed(0)
    return getattr(torch.nn, cls)(*args, dtype=torch.float64, **kw).train()


def _al_layer(cls, *args, **kw):
    return getattr(al.nn, cls)(*args, dtype=al.float64, **kw)


ACTS = [("relu", "relu"), ("gelu", "gelu"), (TF.silu, F.silu)]


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("batch_first", [False, True])
@pytest.mark.parametrize("act", range(len(ACTS)))
def test_encoder_layer_matches_torch(norm_first, batch_first, act):
    kw = dict(dim_feedforward=16, dropout=0.0, norm_first=norm_first, batch_first=batch_first)
    theirs = _torch_layer("TransformerEncoderLayer", 8, 2, activation=ACTS[act][0], **kw)
    ours = _al_layer("TransformerEncoderLayer", 8, 2, activation=ACTS[act][1], **kw)
    _load(ours, theirs)
    rng = np.random.default_rng(8)
    xa, xt = _pair(rng.standard_normal((3, 5, 8)))
    N, S = (3, 5) if batch_first else (5, 3)
    mask = rng.random((S, S)) > 0.7
    np.fill_diagonal(mask, False)
    pad = np.zeros((N, S), bool)
    pad[0, S - 2:] = True
    out_al = ours(xa, src_mask=al.tensor(mask), src_key_padding_mask=al.tensor(pad))
    out_t = theirs(xt, src_mask=torch.tensor(mask), src_key_padding_mask=torch.tensor(pad))
    _close(out_al, out_t)
    _backward_both(out_al, out_t)
    _close(xa.grad, xt.grad)
    _param_grads_close(ours, theirs)


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("batch_first", [False, True])
def test_decoder_layer_matches_torch(norm_first, batch_first):
    kw = dict(dim_feedforward=16, dropout=0.0, norm_first=norm_first, batch_first=batch_first,
              activation="gelu")
    theirs = _torch_layer("TransformerDecoderLayer", 8, 4, **kw)
    ours = _al_layer("TransformerDecoderLayer", 8, 4, **kw)
    _load(ours, theirs)
    rng = np.random.default_rng(9)
    shape = (lambda n: (2, n, 8)) if batch_first else (lambda n: (n, 2, 8))
    (ta, tt), (ma, mt) = _pair(rng.standard_normal(shape(4))), _pair(rng.standard_normal(shape(6)))
    causal = np.triu(np.full((4, 4), -np.inf), 1)
    mpad = np.zeros((2, 6), bool)
    mpad[1, 4:] = True
    out_al = ours(ta, ma, tgt_mask=al.tensor(causal), memory_key_padding_mask=al.tensor(mpad),
                  tgt_is_causal=True)
    out_t = theirs(tt, mt, tgt_mask=torch.tensor(causal),
                   memory_key_padding_mask=torch.tensor(mpad), tgt_is_causal=True)
    _close(out_al, out_t)
    _backward_both(out_al, out_t)
    _close(ta.grad, tt.grad)
    _close(ma.grad, mt.grad)
    _param_grads_close(ours, theirs)


def test_stacks_and_transformer_match_torch():
    rng = np.random.default_rng(10)
    # encoder stack with a final norm and a causal mask it detects
    t_layer = _torch_layer("TransformerEncoderLayer", 8, 2, dim_feedforward=16, dropout=0.0,
                           batch_first=True)
    theirs = torch.nn.TransformerEncoder(t_layer, 2, norm=torch.nn.LayerNorm(
        8, dtype=torch.float64), enable_nested_tensor=False).train()
    a_layer = _al_layer("TransformerEncoderLayer", 8, 2, dim_feedforward=16, dropout=0.0,
                        batch_first=True)
    ours = al.nn.TransformerEncoder(a_layer, 2, norm=al.nn.LayerNorm(8).double())
    _load(ours, theirs)
    xa, xt = _pair(rng.standard_normal((2, 5, 8)))
    out_al = ours(xa, mask=al.nn.Transformer.generate_square_subsequent_mask(5, dtype=al.float64))
    out_t = theirs(xt, mask=torch.nn.Transformer.generate_square_subsequent_mask(
        5, dtype=torch.float64))
    _close(out_al, out_t)
    _backward_both(out_al, out_t)
    _close(xa.grad, xt.grad)
    _param_grads_close(ours, theirs)

    # the whole Transformer
    torch.manual_seed(0)
    theirs = torch.nn.Transformer(8, 2, 2, 2, 16, dropout=0.0, dtype=torch.float64).train()
    ours = al.nn.Transformer(8, 2, 2, 2, 16, dropout=0.0, dtype=al.float64)
    _load(ours, theirs)
    (sa, st) = _pair(rng.standard_normal((6, 3, 8)))
    (ta, tt) = _pair(rng.standard_normal((4, 3, 8)))
    tm = al.nn.Transformer.generate_square_subsequent_mask(4, dtype=al.float64)
    out_al = ours(sa, ta, tgt_mask=tm)
    out_t = theirs(st, tt, tgt_mask=torch.tensor(tm.numpy()))
    _close(out_al, out_t)
    _backward_both(out_al, out_t)
    _close(sa.grad, st.grad)
    _param_grads_close(ours, theirs)


def test_transformer_masks_and_errors():
    m = al.nn.Transformer.generate_square_subsequent_mask(3)
    assert m.dtype == al.float32
    np.testing.assert_array_equal(m.numpy(), torch.nn.Transformer
                                  .generate_square_subsequent_mask(3).numpy())
    tr = al.nn.Transformer(8, 2, 1, 1, 16)
    with pytest.raises(RuntimeError, match="batch number of src and tgt must be equal"):
        tr(al.randn(4, 2, 8), al.randn(4, 3, 8))
    with pytest.raises(RuntimeError, match=r"feature number .* d_model \(8\)"):
        tr(al.randn(4, 2, 6), al.randn(4, 2, 6))
    with pytest.raises(RuntimeError, match="activation should be 'relu', 'gelu' or a callable"
                                           ", not 'tanh'"):
        al.nn.TransformerEncoderLayer(8, 2, activation="tanh")
    with pytest.raises(ValueError, match="num_layers must be a non-negative int"):
        al.nn.TransformerEncoder(al.nn.TransformerEncoderLayer(8, 2), -1)
    # dropout acts in training and not in eval
    layer = al.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.5)
    x = al.randn(3, 2, 8)
    layer.eval()
    np.testing.assert_array_equal(layer(x).detach().numpy(), layer(x).detach().numpy())
    layer.train()
    assert not np.allclose(layer(x).detach().numpy(), layer(x).detach().numpy())


def test_torch_module_paths():
    from aten_lite.nn.modules.activation import MultiheadAttention
    from aten_lite.nn.modules.transformer import Transformer, TransformerEncoderLayer
    assert MultiheadAttention is al.nn.MultiheadAttention
    assert Transformer is al.nn.Transformer
    assert TransformerEncoderLayer is al.nn.TransformerEncoderLayer
    assert F.scaled_dot_product_attention is al.nn.functional.scaled_dot_product_attention
    assert "scaled_dot_product_attention" in al.nn.functional.__all__
