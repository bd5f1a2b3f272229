"""An MLP on scikit-learn's digits, trained with hand-rolled minibatches (no DataLoader), as in
countless notebooks: standardise, split, Linear-ReLU-Linear, cross_entropy, SGD with momentum
and nesterov, accuracy in eval mode under no_grad. The weights and the shuffles come from NumPy
so that both libraries follow the same path."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.datasets import load_digits

results = {}
rng = np.random.default_rng(0)
torch.manual_seed(0)

digits = load_digits()
X = digits.data.astype(np.float32)
X = (X - X.mean(axis=0)) / (X.std(axis=0) + 1e-6)
y = digits.target.astype(np.int64)
perm = rng.permutation(len(X))
n_train = 1400
X_train, y_train = torch.tensor(X[perm[:n_train]]), torch.tensor(y[perm[:n_train]])
X_test, y_test = torch.from_numpy(X[perm[n_train:]]), torch.from_numpy(y[perm[n_train:]])


class MLP(nn.Module):
    def __init__(self, n_in=64, n_hidden=128, n_out=10):
        super().__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.fc2 = nn.Linear(n_hidden, n_out)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return self.fc2(x)


model = MLP()
with torch.no_grad():
    for name, p in model.named_parameters():
        bound = 1.0 / np.sqrt(p.shape[-1]) if p.dim() > 1 else 0.05
        p.copy_(torch.tensor(rng.uniform(-bound, bound, size=tuple(p.shape)), dtype=torch.float32))

opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=1e-4)
batch_size = 64
epoch_losses = []
for epoch in range(5):
    model.train()
    order = torch.from_numpy(rng.permutation(n_train))
    running, seen = 0.0, 0
    for i in range(0, n_train, batch_size):
        idx = order[i:i + batch_size]
        xb, yb = X_train[idx], y_train[idx]
        logits = model(xb)
        loss = F.cross_entropy(logits, yb)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        running += loss.item() * xb.shape[0]
        seen += xb.shape[0]
    epoch_losses.append(running / seen)

    model.eval()
    with torch.no_grad():
        logits = model(X_test)
        pred = logits.argmax(dim=1)
        acc = (pred == y_test).float().mean().item()
results["epoch_losses"] = epoch_losses
results["test_accuracy"] = acc
results["test_loss"] = F.cross_entropy(logits, y_test).item()
results["fc2_weight"] = model.fc2.weight.detach().numpy().copy()
results["n_params"] = sum(p.numel() for p in model.parameters())
results["grad_fn"] = type(loss.grad_fn).__name__
probs = F.softmax(logits, dim=-1)
results["max_prob_sum"] = probs.sum(dim=-1).max().item()
results["confusion_diag"] = [int(((pred == k) & (y_test == k)).sum()) for k in range(10)]
