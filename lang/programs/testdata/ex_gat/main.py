# A driver for pytorch/examples' graph attention network (gat/main.py's
# GraphAttentionLayer, GAT, train_iter and test verbatim in gat.py,
# BSD-3-Clause licence, see LICENSE): the example's own __main__ steps,
# with its default settings but fewer epochs and a smaller hidden layer,
# on the corpus's small synthetic graph (graph.py) instead of the Cora
# download. train_iter prints the seconds an epoch took: the driver gives
# gat.py a clock that stands still, so that the output is the same on
# every run.
import torch
from torch import nn
from torch.optim import Adam

import gat
from gat import GAT, train_iter, test
from graph import synthetic_cora


class StillClock:
    @staticmethod
    def time():
        return 0.0


gat.time = StillClock

torch.manual_seed(13)
device = torch.device('cpu')
print(f'Using {device} device')
features, labels, adj_mat = synthetic_cora()
adj_mat = adj_mat + torch.eye(len(labels))
idx = torch.randperm(len(labels)).to(device)
idx_test, idx_val, idx_train = idx[:12], idx[12:20], idx[20:]

gat_net = GAT(
    in_features=features.shape[1],
    n_hidden=8,
    n_heads=2,
    num_classes=labels.max().item() + 1,
    concat=False,
    dropout=0.6,
    leaky_relu_slope=0.2
).to(device)
print(gat_net)
optimizer = Adam(gat_net.parameters(), lr=0.005, weight_decay=5e-4)
criterion = nn.NLLLoss()
for epoch in range(30):
    train_iter(epoch + 1, gat_net, optimizer, criterion, (features, adj_mat), labels, idx_train, idx_val, 5)
loss_test, acc_test = test(gat_net, criterion, (features, adj_mat), labels, idx_test)
print(f'Test set results: loss {loss_test:.4f} accuracy {acc_test:.4f}')
