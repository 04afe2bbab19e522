# The corpus's own small graph in place of Cora (which the examples
# download): bag-of-words features whose words hint at each node's class,
# and edges that mostly join nodes of the same class, made with a fixed
# generator.
import torch


def synthetic_cora(n_nodes=40, n_features=16, n_classes=3):
    g = torch.Generator().manual_seed(7)
    labels = torch.randint(0, n_classes, (n_nodes,), generator=g)
    features = (torch.rand(n_nodes, n_features, generator=g) < 0.2).float()
    for c in range(n_classes):
        features[labels == c, c * 4:(c + 1) * 4] += (torch.rand(int((labels == c).sum()), 4, generator=g) < 0.5).float()
    features = features.clamp(max=1)
    same = labels.view(-1, 1) == labels.view(1, -1)
    p = torch.rand(n_nodes, n_nodes, generator=g)
    adj = ((same & (p < 0.25)) | (p < 0.03)).float()
    adj = ((adj + adj.t()) > 0).float()
    return features, labels, adj * (1 - torch.eye(n_nodes))
