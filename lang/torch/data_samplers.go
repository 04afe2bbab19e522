package torch

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The samplers of torch.utils.data (torch/utils/data/sampler.py): the
// orders in which a DataLoader visits a dataset. Each draws what
// PyTorch's draws from the same generator, so that the same seed gives
// the same order: RandomSampler without a generator seeds a fresh one
// from the default generator at each pass, as PyTorch's does.

// samplerClassName is the class name of torch.utils.data.Sampler.
const samplerClassName = "torch.utils.data.sampler.Sampler"

// samplerClass is torch.utils.data.Sampler, the base class of a user's
// sampler (which defines __iter__ and usually __len__).
var samplerClass = &lang.Class{Name: samplerClassName, Doc: "The base class of a sampler: class MySampler(Sampler) defines __iter__ (the indices of a pass) and __len__; DataLoader(sampler=...) walks the dataset in its order."}

// Sampler is one of torch.utils.data's samplers.
type Sampler struct {
	kind        string     // SequentialSampler, RandomSampler, ...
	source      lang.Value // data_source, or BatchSampler's sampler
	indices     []lang.Value
	weights     *tensor.Tensor
	numSamples  *int // RandomSampler's num_samples=, when given
	replacement bool
	generator   *tensor.Generator
	batchSize   int
	dropLast    bool
}

func defSamplers(m map[string]lang.Value) {
	m["Sampler"] = samplerClass
	m["SequentialSampler"] = lang.NewBuiltin(lang.AsValue, "SequentialSampler(data_source)", "The indices 0, 1, ..., len(data_source)-1, in order.", func(a *lang.Args) (lang.Value, error) {
		return &Sampler{kind: "SequentialSampler", source: a.Value("data_source")}, nil
	})
	m["RandomSampler"] = lang.NewBuiltin(lang.AsValue, "RandomSampler(data_source, replacement=False, num_samples=None, generator=None)", "The indices of data_source in a random order, a new one each pass (with replacement, num_samples draws), drawn as PyTorch draws them.", func(a *lang.Args) (lang.Value, error) {
		s := &Sampler{kind: "RandomSampler", source: a.Value("data_source"), generator: GeneratorArg(a)}
		r, ok := a.Value("replacement").(bool)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "replacement should be a boolean value, but got replacement=%s", lang.Str(a.Value("replacement")))
		}
		s.replacement = r
		if !a.IsNone("num_samples") {
			n, ok := a.Value("num_samples").(int64)
			if !ok || n <= 0 {
				return nil, lang.Errorf(lang.ValueError, "num_samples should be a positive integer value, but got num_samples=%s", lang.Str(a.Value("num_samples")))
			}
			k := int(n)
			s.numSamples = &k
		}
		if err := s.checkNumSamples(); err != nil {
			return nil, err
		}
		return s, a.Err()
	})
	m["SubsetRandomSampler"] = lang.NewBuiltin(lang.AsValue, "SubsetRandomSampler(indices, generator=None)", "The given indices in a random order, a new one each pass.", func(a *lang.Args) (lang.Value, error) {
		idx, err := lang.Collect(a.Value("indices"))
		if err != nil {
			return nil, err
		}
		return &Sampler{kind: "SubsetRandomSampler", indices: idx, generator: GeneratorArg(a)}, a.Err()
	})
	m["WeightedRandomSampler"] = lang.NewBuiltin(lang.AsValue, "WeightedRandomSampler(weights, num_samples, replacement=True, generator=None)", "num_samples indices drawn with probabilities proportional to weights (torch.multinomial).", func(a *lang.Args) (lang.Value, error) {
		n, ok := a.Value("num_samples").(int64)
		if !ok || n <= 0 {
			return nil, lang.Errorf(lang.ValueError, "num_samples should be a positive integer value, but got num_samples=%s", lang.Str(a.Value("num_samples")))
		}
		r, ok := a.Value("replacement").(bool)
		if !ok {
			return nil, lang.Errorf(lang.ValueError, "replacement should be a boolean value, but got replacement=%s", lang.Str(a.Value("replacement")))
		}
		w, err := tensorOf(a.Value("weights"), tensor.Float64)
		if err != nil {
			return nil, err
		}
		if w.Dim() != 1 {
			return nil, lang.Errorf(lang.ValueError, "weights should be a 1d sequence but given weights have shape %s", lang.Repr(lang.Tuple(intsToValues(w.Shape()))))
		}
		k := int(n)
		return &Sampler{kind: "WeightedRandomSampler", weights: w, numSamples: &k, replacement: r, generator: GeneratorArg(a)}, a.Err()
	})
	m["BatchSampler"] = lang.NewBuiltin(lang.AsValue, "BatchSampler(sampler, batch_size, drop_last)", "The indices of sampler in lists of batch_size (the last one shorter unless drop_last).", func(a *lang.Args) (lang.Value, error) {
		bs, ok := a.Value("batch_size").(int64)
		if !ok || bs <= 0 {
			return nil, lang.Errorf(lang.ValueError, "batch_size should be a positive integer value, but got batch_size=%s", lang.Str(a.Value("batch_size")))
		}
		drop, ok := a.Value("drop_last").(bool)
		if !ok {
			return nil, lang.Errorf(lang.ValueError, "drop_last should be a boolean value, but got drop_last=%s", lang.Str(a.Value("drop_last")))
		}
		return &Sampler{kind: "BatchSampler", source: a.Value("sampler"), batchSize: int(bs), dropLast: drop}, nil
	})
}

// tensorOf is torch.as_tensor(v, dtype=d).
func tensorOf(v lang.Value, d tensor.DType) (*tensor.Tensor, error) {
	if t, ok := v.(*tensor.Tensor); ok {
		return t.To(d)
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	data := make([]any, len(elems))
	for i, e := range elems {
		f, ok := lang.AsFloat(e)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "weights must be numbers, not %s", lang.TypeName(e))
		}
		data[i] = f
	}
	return tensor.FromValue(data, d)
}

// intsToValues converts ints to Python ints.
func intsToValues(xs []int) []lang.Value {
	out := make([]lang.Value, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

// TypeName returns the sampler's class name.
func (s *Sampler) TypeName() string { return s.kind }

// ClassName returns the qualified class name.
func (s *Sampler) ClassName() string { return "torch.utils.data.sampler." + s.kind }

// String is Python's default repr.
func (s *Sampler) String() string {
	return fmt.Sprintf("<torch.utils.data.sampler.%s object at %#x>", s.kind, lang.ID(s))
}

// count is the number of indices of a pass (len(sampler)).
// checkNumSamples refuses a RandomSampler that would draw no sample (an
// empty data source without num_samples), as PyTorch's constructor does.
func (s *Sampler) checkNumSamples() error {
	n, err := s.count()
	if err != nil {
		return err
	}
	if n <= 0 {
		return lang.Errorf(lang.ValueError, "num_samples should be a positive integer value, but got num_samples=%d", n)
	}
	return nil
}

func (s *Sampler) count() (int, error) {
	switch s.kind {
	case "SequentialSampler":
		return datasetLen(s.source)
	case "RandomSampler", "WeightedRandomSampler":
		if s.numSamples != nil {
			return *s.numSamples, nil
		}
		return datasetLen(s.source)
	case "SubsetRandomSampler":
		return len(s.indices), nil
	}
	n, err := lang.Len(s.source) // BatchSampler
	if err != nil {
		return 0, err
	}
	k := int(n.(int64))
	if s.dropLast {
		return k / s.batchSize, nil
	}
	return (k + s.batchSize - 1) / s.batchSize, nil
}

// Length is len(sampler).
func (s *Sampler) Length() (int64, error) {
	n, err := s.count()
	return int64(n), err
}

// Iterate yields the indices of one pass (BatchSampler: lists of them).
func (s *Sampler) Iterate(yield func(lang.Value) bool) error {
	ints := func(xs []int64) error {
		for _, x := range xs {
			if !yield(x) {
				return nil
			}
		}
		return nil
	}
	switch s.kind {
	case "SequentialSampler":
		n, err := datasetLen(s.source)
		if err != nil {
			return err
		}
		for i := range n {
			if !yield(int64(i)) {
				return nil
			}
		}
		return nil
	case "RandomSampler":
		return s.randomOrder(func(i int64) bool { return yield(i) })
	case "SubsetRandomSampler":
		perm, err := drawInts(tensor.Randperm(s.generator, len(s.indices)))
		if err != nil {
			return err
		}
		for _, i := range perm {
			if !yield(s.indices[i]) {
				return nil
			}
		}
		return nil
	case "WeightedRandomSampler":
		drawn, err := drawInts(tensor.Multinomial(s.weights, *s.numSamples, s.replacement, s.generator))
		if err != nil {
			return err
		}
		return ints(drawn)
	}
	var batch []lang.Value // BatchSampler
	stop := false
	err := lang.Iterate(s.source, func(i lang.Value) bool {
		batch = append(batch, i)
		if len(batch) == s.batchSize {
			stop = !yield(&lang.List{Elems: batch})
			batch = nil
		}
		return !stop
	})
	if err != nil || stop {
		return err
	}
	if len(batch) > 0 && !s.dropLast {
		yield(&lang.List{Elems: batch})
	}
	return nil
}

// drawInts returns the values of an int64 tensor a draw returned.
func drawInts(t *tensor.Tensor, err error) ([]int64, error) {
	if err != nil {
		return nil, err
	}
	return tensor.Values[int64](t)
}

// randomOrder is one pass of RandomSampler, as PyTorch 1.13's __iter__:
// without a generator, a fresh one seeded from the default generator;
// without replacement, whole permutations (and one more, cut to the
// remainder); with it, randint in blocks of 32.
func (s *Sampler) randomOrder(yield func(int64) bool) error {
	n, err := datasetLen(s.source)
	if err != nil {
		return err
	}
	num := n
	if s.numSamples != nil {
		num = *s.numSamples
	}
	g := s.generator
	if g == nil {
		g = tensor.NewGenerator(uint64(tensor.DefaultGenerator().RandomInt64()))
	}
	each := func(block []int64) bool {
		for _, i := range block {
			if !yield(i) {
				return false
			}
		}
		return true
	}
	if s.replacement {
		// blocks of 32, drawn as they are used: num may be 10**10
		for left := num; left > 0; left -= 32 {
			block, err := drawInts(tensor.Randint(g, 0, int64(n), min(32, left)))
			if err != nil {
				return err
			}
			if !each(block) {
				return nil
			}
		}
		return nil
	}
	for range num / n {
		perm, err := drawInts(tensor.Randperm(g, n))
		if err != nil {
			return err
		}
		if !each(perm) {
			return nil
		}
	}
	perm, err := drawInts(tensor.Randperm(g, n))
	if err != nil {
		return err
	}
	each(perm[:num%n])
	return nil
}

// repeatInt returns k copies of v.
func repeatInt(v, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = v
	}
	return out
}

// Attr returns the sampler's attributes, as PyTorch names them.
func (s *Sampler) Attr(name string) (lang.Value, bool) {
	switch {
	case name == "data_source" && (s.kind == "SequentialSampler" || s.kind == "RandomSampler"):
		return s.source, true
	case name == "sampler" && s.kind == "BatchSampler":
		return s.source, true
	case name == "batch_size" && s.kind == "BatchSampler":
		return int64(s.batchSize), true
	case name == "drop_last" && s.kind == "BatchSampler":
		return s.dropLast, true
	case name == "indices" && s.kind == "SubsetRandomSampler":
		return &lang.List{Elems: s.indices}, true
	case name == "weights" && s.kind == "WeightedRandomSampler":
		return s.weights, true
	case name == "replacement" && (s.kind == "RandomSampler" || s.kind == "WeightedRandomSampler"):
		return s.replacement, true
	case name == "num_samples" && (s.kind == "RandomSampler" || s.kind == "WeightedRandomSampler"):
		n, err := s.count()
		return int64(n), err == nil
	case name == "generator" && s.kind != "SequentialSampler" && s.kind != "BatchSampler":
		if s.generator == nil {
			return lang.None, true
		}
		return &Generator{g: s.generator}, true
	}
	return nil, false
}

// AttrNames lists the sampler's attributes.
func (s *Sampler) AttrNames() []string {
	var out []string
	for _, n := range []string{"batch_size", "data_source", "drop_last", "generator", "indices", "num_samples", "replacement", "sampler", "weights"} {
		if _, ok := s.Attr(n); ok {
			out = append(out, n)
		}
	}
	return out
}

// The protocols of the samplers.
var (
	_ lang.Sized    = (*Sampler)(nil)
	_ lang.Iterable = (*Sampler)(nil)
)
