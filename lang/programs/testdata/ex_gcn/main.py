# A driver for pytorch/examples' graph convolutional network (gcn/main.py's
# GraphConv, GCN, train_iter and test verbatim in gcn.py, BSD-3-Clause
# licence, see LICENSE): the example's own __main__ steps, with its default
# settings but fewer epochs, on the corpus's small synthetic graph
# (graph.py) instead of the Cora download, its features and adjacency
# normalised as load_cora does but kept dense (torch.spmm takes either).
# train_iter prints the seconds an epoch took: the driver gives gcn.py a
# clock that stands still, so that the output is the same on every run.
import torch
from torch import nn
from torch.optim import Adam

import gcn
from gcn import GCN, train_iter, test
from graph import synthetic_cora


class StillClock:
    @staticmethod
    def time():
        return 0.0


gcn.time = StillClock

torch.manual_seed(42)
device = torch.device('cpu')
print(f'Using {device} device')
features, labels, adj_mat = synthetic_cora()
scale_vector = 1 / torch.sum(features, dim=1)
scale_vector[scale_vector == float('inf')] = 0
features = torch.diag(scale_vector) @ features
adj_mat = torch.eye(len(labels)) + adj_mat
degree_mat = torch.sqrt(1 / torch.sum(adj_mat, dim=1))
degree_mat = torch.diag(degree_mat)
adj_mat = degree_mat @ adj_mat @ degree_mat
idx = torch.randperm(len(labels)).to(device)
idx_test, idx_val, idx_train = idx[:12], idx[12:20], idx[20:]

model = GCN(features.shape[1], 16, labels.max().item() + 1, False, 0.5).to(device)
print(model)
optimizer = Adam(model.parameters(), lr=0.01, weight_decay=5e-4)
criterion = nn.NLLLoss()
for epoch in range(40):
    train_iter(epoch + 1, model, optimizer, criterion, (features, adj_mat), labels, idx_train, idx_val, 10)
loss_test, acc_test = test(model, criterion, (features, adj_mat), labels, idx_test)
print(f'Test set results: loss {loss_test:.4f} accuracy {acc_test:.4f}')
