"""'Learning PyTorch with Examples' (pytorch.org tutorials): fit y = sin(x) with a third-order
polynomial, four ways: raw tensors with autograd, a custom autograd.Function (Legendre P3),
nn + manual update, and nn + optim. The initial weights are drawn with NumPy, so that both
libraries start from the same point; the rest is the tutorial's code, but for the number of
steps: the tutorial's 2000 per fit, with a loss kept every 100, became 500 with one every 25
(the same count of losses to compare; the two libraries agree or not from the first steps)."""
import math

import numpy as np
import torch

results = {}
STEPS, EVERY = 500, 25
rng = np.random.default_rng(0)
dtype = torch.float
device = torch.device("cpu")

# -- Tensors and autograd -------------------------------------------------------------------
x = torch.linspace(-math.pi, math.pi, 2000, device=device, dtype=dtype)
y = torch.sin(x)

a, b, c, d = (torch.tensor(float(v), device=device, dtype=dtype, requires_grad=True)
              for v in rng.standard_normal(4))

learning_rate = 1e-6
losses = []
for t in range(STEPS):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum()
    if t % EVERY == EVERY - 1:
        losses.append(loss.item())
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
results["autograd_losses"] = losses
results["autograd_coeffs"] = [a.item(), b.item(), c.item(), d.item()]


# -- Defining new autograd functions --------------------------------------------------------
class LegendrePolynomial3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


a, b, c, d = (torch.full((), float(v), device=device, dtype=dtype, requires_grad=True)
              for v in (0.0, -1.0, 0.0, 0.3))
learning_rate = 5e-6
losses = []
for t in range(STEPS):
    P3 = LegendrePolynomial3.apply
    y_pred = a + b * P3(c + d * x)
    loss = (y_pred - y).pow(2).sum()
    if t % EVERY == EVERY - 1:
        losses.append(loss.item())
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
results["legendre_losses"] = losses
results["legendre_grad_fn"] = type(y_pred.grad_fn).__name__


def init_from_numpy(model):
    with torch.no_grad():
        for name, p in model.named_parameters():
            p.copy_(torch.from_numpy(rng.uniform(-0.5, 0.5, tuple(p.shape)).astype(np.float32)))


# -- nn -------------------------------------------------------------------------------------
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
init_from_numpy(model)
loss_fn = torch.nn.MSELoss(reduction='sum')
learning_rate = 1e-6
losses = []
for t in range(STEPS):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % EVERY == EVERY - 1:
        losses.append(loss.item())
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
linear_layer = model[0]
results["nn_losses"] = losses
results["nn_coeffs"] = [linear_layer.bias.item()] + linear_layer.weight[:, 0].tolist() + \
    [linear_layer.weight[:, 1].item(), linear_layer.weight[:, 2].item()]

# -- optim ----------------------------------------------------------------------------------
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
init_from_numpy(model)
loss_fn = torch.nn.MSELoss(reduction='sum')
learning_rate = 1e-3
optimizer = torch.optim.RMSprop(model.parameters(), lr=learning_rate)
losses = []
for t in range(STEPS):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % EVERY == EVERY - 1:
        losses.append(loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
results["optim_losses"] = losses
results["optim_params"] = [p.detach().numpy().copy() for p in model.parameters()]


# -- custom nn.Module -----------------------------------------------------------------------
class Polynomial3(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        return self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3

    def string(self):
        return f'y = {self.a.item()} + {self.b.item()} x + {self.c.item()} x^2 + {self.d.item()} x^3'


model = Polynomial3()
init_from_numpy(model)
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
losses = []
for t in range(STEPS):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % EVERY == EVERY - 1:
        losses.append(loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
results["module_losses"] = losses
results["module_string"] = model.string()
results["module_params"] = sorted(n for n, _ in model.named_parameters())
