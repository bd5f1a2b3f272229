"""A small classifier written as the PyTorch tutorials' "Datasets & DataLoaders" and
"Optimizing Model Parameters" pages write one: TensorDatasets, DataLoaders for training and
testing, random_split for a validation set, train_loop/test_loop, then a look at the model
with the helpers notebooks reach for (nonzero for the misclassified rows, masked_select for
the confident predictions, meshgrid for a decision grid, F.pad for a bias column,
repeat_interleave for the grid's row numbers, cosine_similarity between hidden units, a Huber and
a KL loss). The data and the initial weights come from NumPy, and the training loader does
not shuffle, so that both libraries follow the same path; the shuffled loader is only checked
to visit every row once per epoch."""
import numpy as np
import torch
from torch import nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset, random_split

results = {}
rng = np.random.default_rng(0)

# -- Data: two interleaved classes in the plane, a constant column added with F.pad ------------
n = 240
points = rng.uniform(-2, 2, (n, 2)).astype(np.float32)
classes = ((points[:, 0] * points[:, 1] > 0) ^ (np.hypot(*points.T) < 1)).astype(np.int64)
features = F.pad(torch.tensor(points), (0, 1), value=1.0)  # (x, y, 1)
labels = torch.tensor(classes)

training_data = TensorDataset(features[:192], labels[:192])
test_data = TensorDataset(features[192:], labels[192:])
train_dataloader = DataLoader(training_data, batch_size=32)
test_dataloader = DataLoader(test_data, batch_size=20)
train_part, val_part = random_split(training_data, [0.75, 0.25],
                                    generator=torch.Generator().manual_seed(42))
results["split_sizes"] = [len(train_part), len(val_part)]
results["loader_lengths"] = [len(train_dataloader), len(test_dataloader),
                             len(DataLoader(test_data, batch_size=20, drop_last=True))]

shuffled = DataLoader(training_data, batch_size=50, shuffle=True,
                      generator=torch.Generator().manual_seed(0))
seen = []
for X, y in shuffled:
    seen.append(len(X))
    results.setdefault("first_batch_shape", list(X.shape))
results["shuffled_batch_sizes"] = seen


# -- Model, loss, optimizer --------------------------------------------------------------------
class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 2))

    def forward(self, x):
        return self.linear_relu_stack(x)


model = NeuralNetwork()
with torch.no_grad():
    for p in model.parameters():
        p.copy_(torch.tensor(rng.uniform(-0.5, 0.5, tuple(p.shape)), dtype=torch.float32))

class_weights = torch.tensor([1.0, 1.5])
loss_fn = nn.CrossEntropyLoss(weight=class_weights)
optimizer = torch.optim.SGD(model.parameters(), lr=0.3)


def train_loop(dataloader, model, loss_fn, optimizer):
    model.train()
    for batch, (X, y) in enumerate(dataloader):
        pred = model(X)
        loss = loss_fn(pred, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def test_loop(dataloader, model, loss_fn):
    model.eval()
    size = len(dataloader.dataset)
    num_batches = len(dataloader)
    test_loss, correct = 0, 0
    with torch.no_grad():
        for X, y in dataloader:
            pred = model(X)
            test_loss += loss_fn(pred, y).item()
            correct += (pred.argmax(1) == y).type(torch.float).sum().item()
    return test_loss / num_batches, correct / size


history = []
for t in range(30):
    last = train_loop(train_dataloader, model, loss_fn, optimizer)
    history.append([last, *test_loop(test_dataloader, model, loss_fn)])
results["history"] = history

# -- A look at the trained model --------------------------------------------------------------
with torch.no_grad():
    logits = model(features[192:])
    probs = logits.softmax(dim=1)
    wrong = (logits.argmax(1) != labels[192:]).nonzero().squeeze(1)
    results["misclassified"] = wrong.tolist()
    rows, cols = torch.nonzero(probs > 0.9, as_tuple=True)
    results["confident_rows"] = rows.tolist()
    results["confident_probs"] = probs.masked_select(probs > 0.9).tolist()
    xs = torch.linspace(-2, 2, 5)
    gx, gy = torch.meshgrid(xs, xs, indexing="xy")
    grid = F.pad(torch.stack([gx.flatten(), gy.flatten()], dim=1), (0, 1), value=1.0)
    pred = model(grid).argmax(1)
    results["decision_grid"] = pred.reshape(5, 5).tolist()
    row_of_point = torch.arange(5).repeat_interleave(5)
    results["class1_per_row"] = [int((pred[row_of_point == r] == 1).sum()) for r in range(5)]
    hidden = model.linear_relu_stack[0].weight
    results["unit_similarity"] = F.cosine_similarity(hidden[:4], hidden[4:8]).tolist()
    results["weight_diag_trace"] = [torch.diag(model.linear_relu_stack[2].weight).tolist(),
                                    torch.trace(model.linear_relu_stack[2].weight).item()]
    target = F.one_hot(labels[192:], 2).float()
    results["huber"] = nn.HuberLoss(delta=0.5)(probs, target).item()
    results["kl"] = F.kl_div(probs.log(), target * 0.9 + 0.05, reduction="batchmean").item()
results["state_keys"] = list(model.state_dict().keys())
