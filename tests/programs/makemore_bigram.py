"""Karpathy's makemore, part 1: the bigram character model, counted and then trained as a
one-layer network on one-hot inputs (F.one_hot, softmax by hand, probs[torch.arange(n), ys],
W.grad = None, W.data += ...), and names sampled with torch.multinomial from a seeded
torch.Generator. The counting, the likelihood and the trained loss are compared across
libraries (the loss is convex, so the seeded initial weights hardly matter after training);
the samples come from each library's own generator and are compared by what they are."""
from pathlib import Path

import torch
import torch.nn.functional as F

results = {}
words = Path(__file__).with_name("names.txt").read_text().splitlines()

N = torch.zeros((27, 27), dtype=torch.int32)
chars = sorted(list(set(''.join(words))))
stoi = {s: i + 1 for i, s in enumerate(chars)}
stoi['.'] = 0
itos = {i: s for s, i in stoi.items()}

for w in words:
    chs = ['.'] + list(w) + ['.']
    for ch1, ch2 in zip(chs, chs[1:]):
        ix1 = stoi[ch1]
        ix2 = stoi[ch2]
        N[ix1, ix2] += 1
results["counts"] = N.numpy().copy()
results["first_row"] = N[0].tolist()

P = (N + 1).float()
P /= P.sum(1, keepdims=True)
results["P_row_sums"] = P.sum(1).numpy().copy()

g = torch.Generator().manual_seed(2147483647)
samples = []
for i in range(20):
    out = []
    ix = 0
    while True:
        p = P[ix]
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    samples.append(''.join(out))
results["count_samples"] = samples

log_likelihood = 0.0
n = 0
for w in words:
    chs = ['.'] + list(w) + ['.']
    for ch1, ch2 in zip(chs, chs[1:]):
        ix1 = stoi[ch1]
        ix2 = stoi[ch2]
        prob = P[ix1, ix2]
        logprob = torch.log(prob)
        log_likelihood += logprob
        n += 1
nll = -log_likelihood
results["nll"] = (nll / n).item()

# -- the neural network version -------------------------------------------------------------
xs, ys = [], []
for w in words:
    chs = ['.'] + list(w) + ['.']
    for ch1, ch2 in zip(chs, chs[1:]):
        xs.append(stoi[ch1])
        ys.append(stoi[ch2])
xs = torch.tensor(xs)
ys = torch.tensor(ys)
num = xs.nelement()

g = torch.Generator().manual_seed(2147483647)
W = torch.randn((27, 27), generator=g, requires_grad=True)

losses = []
for k in range(200):
    xenc = F.one_hot(xs, num_classes=27).float()
    logits = xenc @ W
    counts = logits.exp()
    probs = counts / counts.sum(1, keepdims=True)
    loss = -probs[torch.arange(num), ys].log().mean() + 0.01 * (W ** 2).mean()
    losses.append(loss.item())
    W.grad = None
    loss.backward()
    W.data += -50 * W.grad
results["nn_loss"] = losses[-1]
results["nn_first_loss_finite"] = bool(torch.isfinite(torch.tensor(losses[0])))

g = torch.Generator().manual_seed(2147483647)
samples = []
for i in range(20):
    out = []
    ix = 0
    while True:
        xenc = F.one_hot(torch.tensor([ix]), num_classes=27).float()
        logits = xenc @ W
        counts = logits.exp()
        p = counts / counts.sum(1, keepdims=True)
        ix = torch.multinomial(p, num_samples=1, replacement=True, generator=g).item()
        out.append(itos[ix])
        if ix == 0:
            break
    samples.append(''.join(out))
results["nn_samples"] = samples
results["stoi"] = stoi
