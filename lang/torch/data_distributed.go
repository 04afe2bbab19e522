package torch

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.utils.data.DistributedSampler (torch/utils/data/distributed.py):
// the share of a dataset one of num_replicas processes visits. kael runs
// one process and has no process group, so num_replicas and rank must be
// given; without them PyTorch asks the default process group and raises
// the error kael raises. The order is PyTorch's: a permutation from a
// generator seeded with seed + epoch, padded by wrapping around (or cut,
// with drop_last) to a multiple of num_replicas, then every num_replicas-th
// index from rank.

// distributedSamplerName is the qualified class name.
const distributedSamplerName = "torch.utils.data.distributed.DistributedSampler"

// errNoProcessGroup is PyTorch's error when torch.distributed has no
// default process group.
func errNoProcessGroup() error {
	return lang.Errorf(lang.RuntimeError, "Default process group has not been initialized, please make sure to call init_process_group.")
}

// DistributedSampler is one DistributedSampler.
type DistributedSampler struct {
	dataset               lang.Value
	replicas, rank        int
	numSamples, totalSize int
	shuffle, dropLast     bool
	seed, epoch           int64
}

// distributedSamplerMethods are its methods: set_epoch.
var distributedSamplerMethods = map[string]*lang.Builtin{}

func defDistributedSampler(m map[string]lang.Value) {
	b := lang.NewBuiltin(lang.AsValue, "DistributedSampler(dataset, num_replicas=None, rank=None, shuffle=True, seed=0, drop_last=False)", "The indices of dataset that process rank of num_replicas visits: a permutation seeded with seed + epoch (set_epoch changes it each epoch), or the plain order without shuffle, padded by wrapping around to a multiple of num_replicas (cut instead with drop_last), then every num_replicas-th index from rank, as PyTorch draws them. kael has no process group: num_replicas and rank must be given, else the RuntimeError PyTorch raises without init_process_group.", func(a *lang.Args) (lang.Value, error) {
		if a.IsNone("num_replicas") || a.IsNone("rank") {
			return nil, errNoProcessGroup()
		}
		s := &DistributedSampler{dataset: a.Value("dataset"), replicas: a.Int("num_replicas"), rank: a.Int("rank"),
			shuffle: a.Bool("shuffle"), seed: int64(a.Int("seed")), dropLast: a.Bool("drop_last")}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if s.rank >= s.replicas || s.rank < 0 {
			return nil, lang.Errorf(lang.ValueError, "Invalid rank %d, rank should be in the interval [0, %d]", s.rank, s.replicas-1)
		}
		n, err := datasetLen(s.dataset)
		if err != nil {
			return nil, err
		}
		if s.dropLast && n%s.replicas != 0 {
			s.numSamples = ceilDiv(n-s.replicas, s.replicas)
		} else {
			s.numSamples = ceilDiv(n, s.replicas)
		}
		s.totalSize = s.numSamples * s.replicas
		return s, nil
	})
	lang.RegisterClass(b, distributedSamplerName)
	lang.RegisterSubclass(distributedSamplerName, samplerClassName)
	distributedSamplerMethods["set_epoch"] = lang.NewBuiltin(lang.AsValue, "set_epoch(self, epoch)", "Sets the epoch, which seeds the next pass's permutation (seed + epoch): call it before each epoch so that each shuffles differently.", func(a *lang.Args) (lang.Value, error) {
		s := a.Value("self").(*DistributedSampler)
		e := a.Int("epoch")
		if err := a.Err(); err != nil {
			return nil, err
		}
		s.epoch = int64(e)
		return lang.None, nil
	})
	m["DistributedSampler"] = b
	lang.RegisterModule("torch.utils.data.distributed", "torch.utils.data.distributed: DistributedSampler.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"DistributedSampler": b, "Sampler": samplerClass, "Dataset": datasetClass}}
	})
}

// ceilDiv is ⌈a/b⌉ for b > 0, as math.ceil(a / b) (a may be negative).
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}

// TypeName returns the class name.
func (s *DistributedSampler) TypeName() string { return "DistributedSampler" }

// ClassName returns the qualified class name.
func (s *DistributedSampler) ClassName() string { return distributedSamplerName }

// String is Python's default repr.
func (s *DistributedSampler) String() string {
	return fmt.Sprintf("<%s object at %#x>", distributedSamplerName, lang.ID(s))
}

// Length is len(sampler): num_samples.
func (s *DistributedSampler) Length() (int64, error) { return int64(s.numSamples), nil }

// indices are the indices of this replica's pass.
func (s *DistributedSampler) indices() ([]int64, error) {
	n, err := datasetLen(s.dataset)
	if err != nil {
		return nil, err
	}
	var all []int64
	if s.shuffle {
		if all, err = drawInts(tensor.Randperm(tensor.NewGenerator(uint64(s.seed+s.epoch)), n)); err != nil {
			return nil, err
		}
	} else {
		all = make([]int64, n)
		for i := range all {
			all[i] = int64(i)
		}
	}
	if s.dropLast {
		all = all[:s.totalSize]
	} else if pad := s.totalSize - len(all); pad > 0 {
		if len(all) == 0 {
			return nil, lang.Errorf(lang.ZeroDivisionError, "division by zero")
		}
		base := all
		for len(all) < s.totalSize {
			all = append(all, base[:min(len(base), s.totalSize-len(all))]...)
		}
	}
	out := make([]int64, 0, s.numSamples)
	for i := s.rank; i < s.totalSize; i += s.replicas {
		out = append(out, all[i])
	}
	return out, nil
}

// Iterate yields the indices of one pass.
func (s *DistributedSampler) Iterate(yield func(lang.Value) bool) error {
	idx, err := s.indices()
	if err != nil {
		return err
	}
	for _, i := range idx {
		if !yield(i) {
			return nil
		}
	}
	return nil
}

// Attr returns PyTorch's attributes and set_epoch.
func (s *DistributedSampler) Attr(name string) (lang.Value, bool) {
	if m, ok := distributedSamplerMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	switch name {
	case "dataset":
		return s.dataset, true
	case "num_replicas":
		return int64(s.replicas), true
	case "rank":
		return int64(s.rank), true
	case "epoch":
		return s.epoch, true
	case "drop_last":
		return s.dropLast, true
	case "num_samples":
		return int64(s.numSamples), true
	case "total_size":
		return int64(s.totalSize), true
	case "shuffle":
		return s.shuffle, true
	case "seed":
		return s.seed, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (s *DistributedSampler) AttrNames() []string {
	return []string{"dataset", "drop_last", "epoch", "num_replicas", "num_samples", "rank", "seed", "set_epoch", "shuffle", "total_size"}
}

// The protocols of DistributedSampler.
var (
	_ lang.Sized    = (*DistributedSampler)(nil)
	_ lang.Iterable = (*DistributedSampler)(nil)
)
