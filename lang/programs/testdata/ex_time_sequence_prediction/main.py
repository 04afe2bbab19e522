# A driver for pytorch/examples' time_sequence_prediction (train.py
# verbatim, BSD-3-Clause licence, see LICENSE): sine waves made as
# generate_sine_wave.py makes them (smaller), then train.py's loop: two
# LSTMCells in double precision fitted with LBFGS and a closure, and a
# prediction of the future. The plots are left out.
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from train import Sequence

np.random.seed(2)
T, L, N = 20, 60, 8
x = np.empty((N, L), 'int64')
x[:] = np.array(range(L)) + np.random.randint(-4 * T, 4 * T, N).reshape(N, 1)
data = np.sin(x / 1.0 / T).astype('float64')

np.random.seed(0)
torch.manual_seed(0)
input = torch.from_numpy(data[3:, :-1])
target = torch.from_numpy(data[3:, 1:])
test_input = torch.from_numpy(data[:3, :-1])
test_target = torch.from_numpy(data[:3, 1:])
seq = Sequence()
seq.double()
criterion = nn.MSELoss()
optimizer = optim.LBFGS(seq.parameters(), lr=0.8, max_iter=6)
for i in range(2):
    print('STEP: ', i)
    def closure():
        optimizer.zero_grad()
        out = seq(input)
        loss = criterion(out, target)
        print('loss:', loss.item())
        loss.backward()
        return loss
    optimizer.step(closure)
    with torch.no_grad():
        future = 10
        pred = seq(test_input, future=future)
        loss = criterion(pred[:, :-future], test_target)
        print('test loss:', loss.item())
        y = pred.detach().numpy()
    print(y.shape, np.round(y[0, -3:], 4))
