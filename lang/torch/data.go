package torch

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.utils.data: Dataset (the base class of a user's dataset, which
// defines __len__ and __getitem__), TensorDataset, Subset, random_split,
// default_collate and DataLoader, which walks a dataset in batches. A
// shuffling DataLoader draws its order as PyTorch's RandomSampler does,
// from the same generator words, so that the same torch.manual_seed gives
// the same batches; every iteration draws the base seed PyTorch draws for
// its workers too, so random numbers after a loop match as well.

// datasetClassName is the class name of torch.utils.data.Dataset.
const datasetClassName = "torch.utils.data.dataset.Dataset"

// datasetClass is torch.utils.data.Dataset, the class a user's dataset
// derives from; it adds nothing to its subclasses but the name.
var datasetClass = &lang.Class{Name: datasetClassName, Doc: "The base class of a map-style dataset: class MyData(Dataset) defines __len__ and __getitem__(i), and a DataLoader walks it in batches."}

func defData() {
	lang.RegisterNativeBase(datasetClassName, datasetClass, &lang.NativeBase{Name: "Dataset"})
	lang.RegisterModule("torch.utils", "PyTorch's utilities; kael has torch.utils.data.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{}}
	})
	lang.RegisterModule("torch.utils.data", "Datasets and the DataLoader that walks them in batches, as torch.utils.data.", dataModule)
}

// dataModule builds torch.utils.data.
func dataModule() *lang.Module {
	return &lang.Module{Attrs: map[string]lang.Value{
		"Dataset": datasetClass,
		"TensorDataset": lang.NewBuiltin(lang.AsValue, "TensorDataset(*tensors)", "A dataset of tensors that share their first dimension: item i is the tuple (t[i] for each tensor); .tensors holds them.", func(a *lang.Args) (lang.Value, error) {
			return newTensorDataset(a.Value("tensors").(lang.Tuple))
		}),
		"Subset": lang.NewBuiltin(lang.AsValue, "Subset(dataset, indices)", "The items of dataset at indices, in that order: item i is dataset[indices[i]].", func(a *lang.Args) (lang.Value, error) {
			idx, err := lang.Collect(a.Value("indices"))
			if err != nil {
				return nil, err
			}
			return &Subset{dataset: a.Value("dataset"), indices: idx}, nil
		}),
		"random_split": lang.NewBuiltin(lang.AsValue, "random_split(dataset, lengths, generator=None)", "Splits dataset into Subsets of the given lengths (or fractions that sum to 1) in a random order drawn as PyTorch draws it: randperm from generator, the default generator when None.", func(a *lang.Args) (lang.Value, error) {
			g := GeneratorArg(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return randomSplit(a.Value("dataset"), a.Value("lengths"), g)
		}),
		"default_collate": lang.NewBuiltin(lang.AsValue, "default_collate(batch)", "Joins a list of samples into a batch as a DataLoader does: tensors are stacked, ints and floats become an int64 or float64 tensor, strings stay a list, dicts collate per key and tuples and lists per position (into a list).", func(a *lang.Args) (lang.Value, error) {
			samples, err := lang.Collect(a.Value("batch"))
			if err != nil {
				return nil, err
			}
			return defaultCollate(samples, 0)
		}),
		"DataLoader": lang.NewBuiltin(lang.AsValue, "DataLoader(dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None, multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False, pin_memory_device='')",
			"Walks dataset in batches of batch_size (None: one sample at a time, uncollated), joined by collate_fn (default_collate when None); shuffle=True takes a new random order each pass, the order PyTorch takes for the same seed. len(loader) is the number of batches. kael loads in the calling thread: num_workers, pin_memory and the worker options are accepted and change nothing; sampler and batch_sampler are refused.",
			newDataLoader),
	}}
}

// TensorDataset is torch.utils.data.TensorDataset.
type TensorDataset struct{ tensors []*tensor.Tensor }

func newTensorDataset(args lang.Tuple) (lang.Value, error) {
	d := &TensorDataset{}
	for i, v := range args {
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "TensorDataset takes tensors, but argument %d is %s", i, lang.TypeName(v)).
				WithHint("make it a tensor first: torch.tensor(values)")
		}
		if t.Dim() == 0 {
			return nil, lang.Errorf(lang.ValueError, "TensorDataset's tensors need a first dimension, but argument %d is 0-d", i)
		}
		if n0, n := d.size(), firstDim(t); len(d.tensors) > 0 && n != n0 {
			return nil, lang.Errorf(lang.AssertionError, "Size mismatch between tensors").
				WithHint("tensor 0 has %d rows and tensor %d has %d; every tensor needs the same first dimension", n0, i, n)
		}
		d.tensors = append(d.tensors, t)
	}
	return d, nil
}

func firstDim(t *tensor.Tensor) int {
	n, _ := t.Size(0)
	return n
}

// size is the number of items: the first dimension.
func (d *TensorDataset) size() int {
	if len(d.tensors) == 0 {
		return 0
	}
	return firstDim(d.tensors[0])
}

// TypeName returns "TensorDataset".
func (*TensorDataset) TypeName() string { return "TensorDataset" }

// String is Python's default repr.
func (d *TensorDataset) String() string {
	return fmt.Sprintf("<torch.utils.data.dataset.TensorDataset object at %#x>", lang.ID(d))
}

func (d *TensorDataset) Length() (int64, error) {
	if len(d.tensors) == 0 {
		return 0, lang.Errorf(lang.IndexError, "tuple index out of range").WithHint("a TensorDataset without tensors has no length")
	}
	return int64(d.size()), nil
}

// GetItem is d[i]: the tuple of every tensor's row i (any index a tensor
// takes, as in PyTorch).
func (d *TensorDataset) GetItem(key lang.Value) (lang.Value, error) {
	out := make(lang.Tuple, len(d.tensors))
	for i, t := range d.tensors {
		v, err := lang.Index(t, []lang.Subscript{{Value: key}})
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// Attr returns .tensors.
func (d *TensorDataset) Attr(name string) (lang.Value, bool) {
	if name != "tensors" {
		return nil, false
	}
	out := make(lang.Tuple, len(d.tensors))
	for i, t := range d.tensors {
		out[i] = t
	}
	return out, true
}

// AttrNames lists the attributes.
func (*TensorDataset) AttrNames() []string { return []string{"tensors"} }

// Subset is torch.utils.data.Subset.
type Subset struct {
	dataset lang.Value
	indices []lang.Value
}

// TypeName returns "Subset".
func (*Subset) TypeName() string { return "Subset" }

// String is Python's default repr.
func (s *Subset) String() string {
	return fmt.Sprintf("<torch.utils.data.dataset.Subset object at %#x>", lang.ID(s))
}

func (s *Subset) Length() (int64, error) { return int64(len(s.indices)), nil }

// GetItem is s[i]: dataset[indices[i]].
func (s *Subset) GetItem(key lang.Value) (lang.Value, error) {
	i, err := lang.Index(&lang.List{Elems: s.indices}, []lang.Subscript{{Value: key}})
	if err != nil {
		return nil, err
	}
	if l, ok := i.(*lang.List); ok { // a slice of the subset: PyTorch's list of items
		out := make([]lang.Value, len(l.Elems))
		for j, k := range l.Elems {
			if out[j], err = datasetItem(s.dataset, k); err != nil {
				return nil, err
			}
		}
		return &lang.List{Elems: out}, nil
	}
	return datasetItem(s.dataset, i)
}

// Attr returns .dataset and .indices.
func (s *Subset) Attr(name string) (lang.Value, bool) {
	switch name {
	case "dataset":
		return s.dataset, true
	case "indices":
		return &lang.List{Elems: s.indices}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*Subset) AttrNames() []string { return []string{"dataset", "indices"} }

// datasetLen is len(dataset).
func datasetLen(ds lang.Value) (int, error) {
	n, err := lang.Len(ds)
	if err != nil {
		return 0, err
	}
	return int(n.(int64)), nil
}

// datasetItem is dataset[i].
func datasetItem(ds lang.Value, i lang.Value) (lang.Value, error) {
	return lang.Index(ds, []lang.Subscript{{Value: i}})
}

// randomSplit is torch.utils.data.random_split.
func randomSplit(ds, lengthsArg lang.Value, g *tensor.Generator) (lang.Value, error) {
	n, err := datasetLen(ds)
	if err != nil {
		return nil, err
	}
	lengths, err := splitLengths(lengthsArg, n)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, l := range lengths {
		total += l
	}
	if total != n {
		return nil, lang.Errorf(lang.ValueError, "Sum of input lengths does not equal the length of the input dataset!").
			WithHint("the lengths sum to %d and the dataset has %d items", total, n)
	}
	perm, err := tensor.Randperm(g, n)
	if err != nil {
		return nil, err
	}
	order, err := tensor.Values[int64](perm)
	if err != nil {
		return nil, err
	}
	out := &lang.List{}
	at := 0
	for _, l := range lengths {
		idx := make([]lang.Value, l)
		for j := range idx {
			idx[j] = order[at+j]
		}
		at += l
		out.Elems = append(out.Elems, &Subset{dataset: ds, indices: idx})
	}
	return out, nil
}

// splitLengths reads random_split's lengths: ints, or fractions summing to
// 1, which become floor(n*f) each and the remainder handed out one by one
// from the first, as PyTorch does.
func splitLengths(v lang.Value, n int) ([]int, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	ints := make([]int, len(elems))
	fracs := make([]float64, len(elems))
	allInts, sum := true, 0.0
	for i, e := range elems {
		switch x := e.(type) {
		case int64:
			ints[i], fracs[i] = int(x), float64(x)
			if x < 0 {
				return nil, lang.Errorf(lang.ValueError, "random_split's length %d is negative: %d", i, x)
			}
		case float64:
			fracs[i], allInts = x, false
		default:
			return nil, lang.Errorf(lang.TypeError, "random_split's lengths are ints or fractions, not %s", lang.TypeName(e))
		}
		sum += fracs[i]
	}
	if !(math.Abs(sum-1) <= 1e-9*math.Max(1, math.Abs(sum)) && sum <= 1) {
		if !allInts {
			return nil, lang.Errorf(lang.ValueError, "random_split's fractions must sum to 1, not %s", lang.FormatFloat(sum))
		}
		return ints, nil
	}
	out := make([]int, len(fracs))
	given := 0
	for i, f := range fracs {
		if f < 0 || f > 1 {
			return nil, lang.Errorf(lang.ValueError, "Fraction at index %d is not between 0 and 1", i)
		}
		out[i] = int(math.Floor(float64(n) * f))
		given += out[i]
	}
	for i := range n - given {
		out[i%len(out)]++
	}
	return out, nil
}

// maxCollateDepth bounds the nesting default_collate follows.
const maxCollateDepth = 32

// defaultCollate is torch.utils.data.default_collate for kael's values.
func defaultCollate(batch []lang.Value, depth int) (lang.Value, error) {
	if len(batch) == 0 {
		return nil, lang.Errorf(lang.IndexError, "list index out of range").WithHint("default_collate needs at least one sample")
	}
	if depth > maxCollateDepth {
		return nil, lang.Errorf(lang.RecursionError, "samples are nested deeper than %d levels", maxCollateDepth)
	}
	switch first := batch[0].(type) {
	case *tensor.Tensor:
		ts := make([]*tensor.Tensor, len(batch))
		for i, v := range batch {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				return nil, collateMixed(first, v)
			}
			ts[i] = t
		}
		return result(autograd.Stack(ts, 0))
	case int64, float64, bool:
		data := make([]any, len(batch))
		for i, v := range batch {
			if lang.TypeName(v) != lang.TypeName(first) {
				return nil, collateMixed(first, v)
			}
			data[i] = v
		}
		if _, isFloat := first.(float64); isFloat {
			return result(tensor.FromValue(data, tensor.Float64))
		}
		return result(tensor.FromValue(data))
	case string:
		return &lang.List{Elems: append([]lang.Value(nil), batch...)}, nil
	case *lang.Dict:
		out := lang.NewDict()
		for _, k := range first.Keys() {
			field := make([]lang.Value, len(batch))
			for i, v := range batch {
				d, ok := v.(*lang.Dict)
				if !ok {
					return nil, collateMixed(first, v)
				}
				e, found, err := d.Get(k)
				if err != nil {
					return nil, err
				}
				if !found {
					return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(k)).WithHint("sample %d of the batch lacks a key the first one has", i)
				}
				field[i] = e
			}
			c, err := defaultCollate(field, depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.Set(k, c); err != nil {
				return nil, err
			}
		}
		return out, nil
	case lang.Tuple, *lang.List:
		rows := make([][]lang.Value, len(batch))
		for i, v := range batch {
			elems, _, ok := lang.Sequence(v)
			if !ok {
				return nil, collateMixed(first, v)
			}
			if len(elems) != len(rows[0]) && i > 0 {
				return nil, lang.Errorf(lang.RuntimeError, "each element in list of batch should be of equal size")
			}
			rows[i] = elems
		}
		out := &lang.List{Elems: make([]lang.Value, len(rows[0]))}
		for j := range out.Elems {
			field := make([]lang.Value, len(rows))
			for i := range rows {
				field[i] = rows[i][j]
			}
			c, err := defaultCollate(field, depth+1)
			if err != nil {
				return nil, err
			}
			out.Elems[j] = c
		}
		return out, nil
	}
	return nil, lang.Errorf(lang.TypeError, "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found %s", lang.Repr(lang.TypeOf(batch[0]))).
		WithHint("return tensors, numbers, strings, tuples, lists or dicts from __getitem__, or pass collate_fn=")
}

// collateMixed is the error for a batch whose samples differ in kind.
func collateMixed(first, v lang.Value) *lang.Error {
	return lang.Errorf(lang.TypeError, "default_collate: the samples of a batch differ: %s and %s", lang.TypeName(first), lang.TypeName(v)).
		WithHint("__getitem__ must return the same kind of value for every index")
}

// DataLoader is torch.utils.data.DataLoader, walking its dataset in the
// calling thread.
type DataLoader struct {
	dataset   lang.Value
	batchSize int // 0: batch_size=None, samples one by one
	shuffle   bool
	dropLast  bool
	collate   lang.Value // nil: default_collate
	generator *tensor.Generator
	sess      *lang.Session
}

func newDataLoader(a *lang.Args) (lang.Value, error) {
	for _, refused := range []string{"sampler", "batch_sampler"} {
		if !a.IsNone(refused) {
			return nil, lang.Errorf(lang.ValueError, "kael's DataLoader has no %s= option", refused).
				WithHint("pass shuffle=True for a random order, or build the batches from a list of indices yourself")
		}
	}
	l := &DataLoader{dataset: a.Value("dataset"), generator: GeneratorArg(a), sess: a.Session()}
	if !a.IsNone("batch_size") {
		l.batchSize = a.Int("batch_size")
	}
	if !a.IsNone("shuffle") {
		l.shuffle = a.Bool("shuffle")
	}
	l.dropLast = a.Bool("drop_last")
	if workers := a.Int("num_workers"); workers < 0 {
		a.Fail(lang.Errorf(lang.ValueError, "num_workers option should be non-negative; use num_workers=0 to disable multiprocessing."))
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if !a.IsNone("batch_size") && l.batchSize <= 0 {
		return nil, lang.Errorf(lang.ValueError, "batch_size should be a positive integer value, but got batch_size=%d", l.batchSize)
	}
	if !a.IsNone("collate_fn") {
		l.collate = a.Value("collate_fn")
	}
	if _, err := datasetLen(l.dataset); err != nil {
		return nil, lang.Errorf(lang.TypeError, "kael's DataLoader takes a map-style dataset, which has a length: %s", lang.ToError(err).Msg).
			WithHint("define __len__ and __getitem__ in the dataset's class, or pass a TensorDataset or a list")
	}
	return l, nil
}

// TypeName returns "DataLoader".
func (*DataLoader) TypeName() string { return "DataLoader" }

// String is Python's default repr.
func (l *DataLoader) String() string {
	return fmt.Sprintf("<torch.utils.data.dataloader.DataLoader object at %#x>", lang.ID(l))
}

// Length is len(loader): the number of batches.
func (l *DataLoader) Length() (int64, error) {
	n, err := datasetLen(l.dataset)
	if err != nil {
		return 0, err
	}
	switch {
	case l.batchSize == 0:
		return int64(n), nil
	case l.dropLast:
		return int64(n / l.batchSize), nil
	}
	return int64((n + l.batchSize - 1) / l.batchSize), nil
}

// Attr returns the loader's settings.
func (l *DataLoader) Attr(name string) (lang.Value, bool) {
	switch name {
	case "dataset":
		return l.dataset, true
	case "batch_size":
		if l.batchSize == 0 {
			return lang.None, true
		}
		return int64(l.batchSize), true
	case "drop_last":
		return l.dropLast, true
	case "num_workers":
		return int64(0), true
	case "generator":
		if l.generator == nil {
			return lang.None, true
		}
		return &Generator{g: l.generator}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*DataLoader) AttrNames() []string {
	return []string{"batch_size", "dataset", "drop_last", "generator", "num_workers"}
}

// order returns the indices of one pass. It draws what PyTorch's
// _BaseDataLoaderIter and RandomSampler draw: the workers' base seed from
// the loader's generator, then, shuffling without a generator, a seed for a
// fresh generator from the default one, and randperm from that.
func (l *DataLoader) order(n int) ([]int64, error) {
	l.generator.RandomInt64() // the base seed of worker processes
	if !l.shuffle {
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(i)
		}
		return out, nil
	}
	g := l.generator
	if g == nil {
		g = tensor.NewGenerator(uint64(tensor.DefaultGenerator().RandomInt64()))
	}
	perm, err := tensor.Randperm(g, n)
	if err != nil {
		return nil, err
	}
	return tensor.Values[int64](perm)
}

// Iterate yields the batches of one pass.
func (l *DataLoader) Iterate(yield func(lang.Value) bool) error {
	n, err := datasetLen(l.dataset)
	if err != nil {
		return err
	}
	order, err := l.order(n)
	if err != nil {
		return err
	}
	if l.batchSize == 0 {
		for _, i := range order {
			v, err := datasetItem(l.dataset, i)
			if err != nil {
				return err
			}
			if !yield(v) {
				return nil
			}
		}
		return nil
	}
	for lo := 0; lo < len(order); lo += l.batchSize {
		hi := min(lo+l.batchSize, len(order))
		if hi-lo < l.batchSize && l.dropLast {
			return nil
		}
		samples := make([]lang.Value, 0, hi-lo)
		for _, i := range order[lo:hi] {
			v, err := datasetItem(l.dataset, i)
			if err != nil {
				return err
			}
			samples = append(samples, v)
		}
		batch, err := l.collateBatch(samples)
		if err != nil {
			return err
		}
		if !yield(batch) {
			return nil
		}
	}
	return nil
}

// collateBatch joins the samples of one batch.
func (l *DataLoader) collateBatch(samples []lang.Value) (lang.Value, error) {
	if l.collate == nil {
		return defaultCollate(samples, 0)
	}
	return l.sess.CallHook(l.collate, &lang.List{Elems: samples})
}

// HasIter is false: a Dataset has __getitem__, not __iter__.
func (d *TensorDataset) HasIter() bool { return false }

// Iterate walks a TensorDataset's items, as Python's iteration through
// __getitem__ does.
func (d *TensorDataset) Iterate(yield func(lang.Value) bool) error {
	return iterateItems(d, d.size(), yield)
}

// HasIter is false: a Dataset has __getitem__, not __iter__.
func (s *Subset) HasIter() bool { return false }

// Iterate walks a Subset's items.
func (s *Subset) Iterate(yield func(lang.Value) bool) error {
	return iterateItems(s, len(s.indices), yield)
}

// iterateItems yields ds[0], ..., ds[n-1].
func iterateItems(ds lang.Value, n int, yield func(lang.Value) bool) error {
	for i := range n {
		v, err := datasetItem(ds, int64(i))
		if err != nil {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
	return nil
}

// The protocols of the datasets and the loader.
var (
	_ lang.ItemGetter = (*TensorDataset)(nil)
	_ lang.Sized      = (*TensorDataset)(nil)
	_ lang.Iterable   = (*TensorDataset)(nil)
	_ lang.HasIter    = (*TensorDataset)(nil)
	_ lang.ItemGetter = (*Subset)(nil)
	_ lang.Sized      = (*Subset)(nil)
	_ lang.Iterable   = (*Subset)(nil)
	_ lang.HasIter    = (*Subset)(nil)
	_ lang.Sized      = (*DataLoader)(nil)
	_ lang.Iterable   = (*DataLoader)(nil)
)

// ClassName returns torch.utils.data.dataset.TensorDataset.
func (*TensorDataset) ClassName() string { return "torch.utils.data.dataset.TensorDataset" }

// ClassName returns torch.utils.data.dataset.Subset.
func (*Subset) ClassName() string { return "torch.utils.data.dataset.Subset" }

// ClassName returns torch.utils.data.dataloader.DataLoader.
func (*DataLoader) ClassName() string { return "torch.utils.data.dataloader.DataLoader" }
