package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// dataPrelude is a seeded TensorDataset of ten rows, an iterable dataset
// and a sampler written in Python.
const dataPrelude = `import torch
from torch.utils.data import DataLoader, TensorDataset, IterableDataset, Sampler, RandomSampler, SequentialSampler, SubsetRandomSampler, WeightedRandomSampler, BatchSampler, ConcatDataset, ChainDataset, random_split
torch.manual_seed(0)
ds = TensorDataset(torch.arange(10.), torch.arange(10))
class Stream(IterableDataset):
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return iter(range(self.n))
class Rev(Sampler):
    def __init__(self, ds):
        self.n = len(ds)
    def __iter__(self):
        return iter(range(self.n - 1, -1, -1))
    def __len__(self):
        return self.n
def ids(loader):
    return [b[1].tolist() for b in loader]
`

// TestSamplersMatchTorch compares the orders the samplers and loaders
// take with PyTorch's for the same seed, and the random numbers drawn
// after them.
func TestSamplersMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, dataPrelude, []string{
		"ids(DataLoader(ds, batch_size=3, shuffle=True)), torch.rand(2).tolist()",
		"list(RandomSampler(ds)), list(RandomSampler(ds, replacement=True, num_samples=40)), torch.rand(1).tolist()",
		"g = torch.Generator().manual_seed(3)\nlist(RandomSampler(ds, num_samples=15, generator=g)), len(RandomSampler(ds, num_samples=15)), g.initial_seed()",
		"ids(DataLoader(ds, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(5)))",
		"list(SubsetRandomSampler([5, 7, 9, 11])), list(SequentialSampler(ds)), torch.rand(1).tolist()",
		"list(WeightedRandomSampler([0.1, 0.5, 0.2, 0.2], 10)), list(WeightedRandomSampler([1, 2, 3], 3, replacement=False))",
		"list(BatchSampler(SequentialSampler(range(10)), 4, False)), list(BatchSampler(range(10), 4, True)), len(BatchSampler(range(10), 4, False))",
		"ids(DataLoader(ds, batch_size=4, sampler=SubsetRandomSampler(range(8))))",
		"l = DataLoader(ds, batch_sampler=BatchSampler(RandomSampler(ds), 3, drop_last=True))\nids(l), len(l), l.batch_size",
		"l = DataLoader(ds, batch_size=4, shuffle=True, drop_last=True, num_workers=2, pin_memory=True)\nids(l), len(l), type(l.sampler).__name__, type(l.batch_sampler).__name__",
		"ids(DataLoader(ds, batch_size=4, sampler=Rev(ds))), len(DataLoader(ds, batch_size=4, sampler=Rev(ds)))",
		"[[t.tolist() for t in x] for x in DataLoader(ds, batch_size=None, sampler=[3, 1])]",
		"ids(DataLoader(ds, batch_size=3, collate_fn=lambda b: (len(b), [x[1].item() for x in b])))",
		"c = ConcatDataset([ds, TensorDataset(torch.arange(3.) + 100, torch.arange(3) + 100)])\nlen(c), c[10][1].item(), c[-1][1].item(), c.cumulative_sizes, ids(DataLoader(c, batch_size=5))",
		"[b.tolist() for b in DataLoader(Stream(7), batch_size=3)], list(DataLoader(Stream(3), batch_size=None)), [b.tolist() for b in DataLoader(Stream(7), batch_size=3, drop_last=True)]",
		"[b.tolist() for b in DataLoader(ChainDataset([Stream(2), Stream(3)]), batch_size=2)]",
		"len(ChainDataset([ds]))",
		"a, b = random_split(range(10), [0.3, 0.7], generator=torch.Generator().manual_seed(42))\nlist(a), list(b)",
		"a, b, c = random_split(ds, [5, 3, 2])\nlist(a.indices), list(b.indices), list(c.indices)",
		// a Dataset iterates through __getitem__, in a generator expression too
		"a, b = random_split(ds, [7, 3], generator=torch.Generator().manual_seed(1))\nsum(y.item() for x, y in b), [x.item() for x, _ in a], max(x for x, y in ds).item(), sorted(int(y) for _, y in ConcatDataset([a, b]))",
		"from torch.utils.data.dataloader import DataLoader as D\nfrom torch.utils.data.sampler import RandomSampler as R, BatchSampler\nfrom torch.utils.data.dataset import Subset, ConcatDataset\nD is DataLoader, R is RandomSampler",
		"r = RandomSampler(ds)\ntype(r).__name__, isinstance(r, RandomSampler), isinstance(r, Sampler), str(type(r)), str(type(ds)), str(type(DataLoader(ds)))",
		"from torch.utils.data import Dataset\nisinstance(ds, Dataset), isinstance(ConcatDataset([ds]), Dataset), isinstance(ChainDataset([]), IterableDataset), isinstance(ChainDataset([]), Dataset), isinstance(Stream(1), Dataset), issubclass(Stream, Dataset)",
		// errors
		"DataLoader(ds, sampler=SequentialSampler(ds), shuffle=True)",
		"DataLoader(ds, batch_sampler=BatchSampler(range(3), 2, False), batch_size=2)",
		"DataLoader(Stream(3), shuffle=True)",
		"RandomSampler(ds, num_samples=0)",
		"RandomSampler(ds, replacement=1)",
		"RandomSampler([])",
		"RandomSampler([], replacement=True)",
		"len(RandomSampler([], num_samples=3))",
		"DataLoader([], batch_size=4, shuffle=True)",
		"DataLoader(TensorDataset(torch.zeros(0, 2)), shuffle=True, generator=torch.Generator())",
		"len(DataLoader([], batch_size=4)), list(DataLoader([], batch_size=4))",
		"BatchSampler(range(3), 0, False)",
		"ConcatDataset([])",
		"ConcatDataset([ds])[-11]",
		"DataLoader(ds, batch_size=None, drop_last=True)",
	})
}

// TestDistributedSamplerMatchesTorch compares DistributedSampler's
// shares, orders across epochs, attributes and errors with PyTorch's.
func TestDistributedSamplerMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, dataPrelude+"from torch.utils.data import DistributedSampler\n", []string{
		"s = DistributedSampler(range(10), num_replicas=3, rank=1)\n(list(s), len(s), s.num_samples, s.total_size, s.epoch, s.seed, s.shuffle, s.drop_last, s.num_replicas, s.rank)",
		"s = DistributedSampler(range(10), num_replicas=3, rank=1)\ns.set_epoch(2)\n(list(s), s.epoch, [list(DistributedSampler(ds, num_replicas=3, rank=r, seed=7)) for r in range(3)])",
		"[list(DistributedSampler(range(10), num_replicas=4, rank=r, shuffle=False)) for r in range(4)]",
		"[(list(s), len(s)) for s in (DistributedSampler(range(10), num_replicas=4, rank=r, shuffle=False, drop_last=True) for r in range(4))]",
		"[list(DistributedSampler(range(2), num_replicas=5, rank=r, shuffle=False)) for r in range(5)], len(DistributedSampler(range(2), num_replicas=5, rank=0, drop_last=True))",
		"ids(DataLoader(ds, batch_size=2, sampler=DistributedSampler(ds, num_replicas=2, rank=0))), torch.rand(1).tolist()",
		"s = DistributedSampler(ds, num_replicas=2, rank=1)\n(type(s).__name__, str(type(s)), isinstance(s, Sampler), s.dataset is ds)",
		"from torch.utils.data.distributed import DistributedSampler as D\nimport torch.utils.data.distributed\n(D is DistributedSampler, torch.utils.data.distributed.DistributedSampler is D)",
		"DistributedSampler(range(10))",
		"DistributedSampler(range(10), num_replicas=2)",
		"DistributedSampler(range(10), num_replicas=2, rank=2)",
		"DistributedSampler(range(10), num_replicas=2, rank=-1)",
		"list(DistributedSampler([], num_replicas=2, rank=0))",
	})
}
