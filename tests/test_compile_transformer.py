"""A decoder-only transformer's training step under al.compile: the same losses and weights
as eager over several AdamW steps (benchmarks/bench_gpt_compiled.py times the full size)."""

import numpy as np
import pytest

import aten_lite as al

nn, F = al.nn, al.nn.functional
VOCAB, BLOCK, EMB, HEADS, LAYERS, BATCH = 11, 8, 16, 2, 2, 4


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(EMB)
        self.c_attn = nn.Linear(EMB, 3 * EMB)
        self.c_proj = nn.Linear(EMB, EMB)
        self.ln_2 = nn.LayerNorm(EMB)
        self.c_fc = nn.Linear(EMB, 4 * EMB)
        self.mlp_proj = nn.Linear(4 * EMB, EMB)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(EMB, dim=2)
        q, k, v = (t.view(B, T, HEADS, C // HEADS).transpose(1, 2) for t in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(y.transpose(1, 2).reshape(B, T, C))
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x))))


class GPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, EMB)
        self.wpe = nn.Embedding(BLOCK, EMB)
        self.blocks = nn.ModuleList([Block() for _ in range(LAYERS)])
        self.ln_f = nn.LayerNorm(EMB)
        self.lm_head = nn.Linear(EMB, VOCAB, bias=False)

    def forward(self, idx, targets):
        x = self.wte(idx) + self.wpe(al.arange(idx.shape[1]))
        for block in self.blocks:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.view(-1, VOCAB), targets.view(-1))


def _train(compiled: bool, steps: int = 4):
    al.manual_seed(0)
    model = GPT()
    forward = al.compile(model) if compiled else model
    opt = al.optim.AdamW(model.parameters(), lr=1e-2)
    rng = np.random.default_rng(0)
    losses = []
    for _ in range(steps):
        x = rng.integers(0, VOCAB, (BATCH, BLOCK + 1))
        loss = forward(al.tensor(x[:, :-1]), al.tensor(x[:, 1:]))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, model, forward


def test_compiled_gpt_training_matches_eager():
    want, eager_model, _ = _train(False)
    got, model, forward = _train(True)
    np.testing.assert_allclose(got, want, rtol=1e-5)
    for (name, p), q in zip(model.named_parameters(), eager_model.parameters()):
        np.testing.assert_allclose(p.detach().numpy(), q.detach().numpy(), rtol=1e-4,
                                   atol=1e-6, err_msg=name)
    assert forward.stats["captures"] == 1 and forward.stats["replays"] == 3, forward.stats
    assert forward.stats["eager"] == 0 and forward.stats["split"] == 0, forward.stats


def test_causal_mask_made_while_capturing_is_not_kept():
    """scaled_dot_product_attention caches its causal mask; the one a capture makes has no
    data (it is a graph's value), so an eager call after a compiled one must not reuse it."""
    q = al.randn(1, 2, 5, 4)
    attn = al.compile(lambda q: F.scaled_dot_product_attention(q, q, q, is_causal=True))
    compiled = attn(q)
    eager = F.scaled_dot_product_attention(q, q, q, is_causal=True)
    np.testing.assert_allclose(compiled.numpy(), eager.numpy(), rtol=1e-6)


if __name__ == "__main__":
    pytest.main([__file__, "-q"])
