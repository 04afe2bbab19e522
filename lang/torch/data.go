package torch

import (
	"fmt"
	"math"
	"strings"

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
	lang.RegisterNativeBase(samplerClassName, samplerClass, &lang.NativeBase{Name: "Sampler",
		Init: func(*lang.Instance, []lang.Value, []string, []lang.Value) error { return nil }}) // Sampler.__init__(data_source=None) keeps nothing
	members := dataMembers()
	defSamplers(members)
	defDatasets(members)
	defDistributedSampler(members)
	// The classes among the members, under PyTorch's qualified names and
	// bases, for type() and isinstance.
	for name, base := range map[string]string{
		"TensorDataset": datasetClassName, "Subset": datasetClassName, "ConcatDataset": datasetClassName,
		"ChainDataset": iterableDatasetClassName, "DataLoader": "",
		"SequentialSampler": samplerClassName, "RandomSampler": samplerClassName, "SubsetRandomSampler": samplerClassName,
		"WeightedRandomSampler": samplerClassName, "BatchSampler": samplerClassName,
	} {
		b := members[name].(*lang.Builtin)
		module := "sampler"
		switch {
		case name == "DataLoader":
			module = "dataloader"
		case base != samplerClassName:
			module = "dataset"
		}
		qualified := "torch.utils.data." + module + "." + name
		lang.RegisterClass(b, qualified)
		if base != "" {
			lang.RegisterSubclass(qualified, base)
		}
	}
	lang.RegisterModule("torch.utils.data", "Datasets, samplers and the DataLoader that walks them in batches, as torch.utils.data.", func() *lang.Module {
		return &lang.Module{Attrs: members}
	})
	// The modules PyTorch defines them in, which code imports from too.
	for sub, names := range map[string][]string{
		"dataset":    {"Dataset", "IterableDataset", "TensorDataset", "ConcatDataset", "ChainDataset", "Subset", "random_split"},
		"sampler":    {"Sampler", "SequentialSampler", "RandomSampler", "SubsetRandomSampler", "WeightedRandomSampler", "BatchSampler"},
		"dataloader": {"DataLoader", "default_collate", "default_convert", "get_worker_info", "Dataset", "IterableDataset", "Sampler", "SequentialSampler", "RandomSampler", "BatchSampler"},
	} {
		lang.RegisterModule("torch.utils.data."+sub, "torch.utils.data's "+sub+" module: "+strings.Join(names, ", ")+".", func() *lang.Module {
			m := &lang.Module{Attrs: map[string]lang.Value{}}
			for _, n := range names {
				m.Attrs[n] = members[n]
			}
			return m
		})
	}
}

// dataMembers returns the members of torch.utils.data but the samplers
// and the combining datasets (data_samplers.go, data_datasets.go).
func dataMembers() map[string]lang.Value {
	return map[string]lang.Value{
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
		"default_convert": lang.NewBuiltin(lang.AsValue, "default_convert(data)", "What a DataLoader with batch_size=None does to each sample: NumPy arrays and scalars become tensors sharing their memory, tuples become lists, recursively through lists, tuples and dict values; other values are kept.", func(a *lang.Args) (lang.Value, error) {
			return defaultConvert(a.Value("data"), 0), nil
		}),
		"get_worker_info": lang.NewBuiltin(lang.AsValue, "get_worker_info()", "Information on the DataLoader worker process the caller runs in, None in the main process. kael's DataLoader loads in the calling thread whatever num_workers says, so it is always None, as for PyTorch's loaders with num_workers=0.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, nil
		}),
		"default_collate": lang.NewBuiltin(lang.AsValue, "default_collate(batch)", "Joins a list of samples into a batch as a DataLoader does: tensors are stacked, ints and floats become an int64 or float64 tensor, strings stay a list, dicts collate per key and tuples and lists per position (into a list).", func(a *lang.Args) (lang.Value, error) {
			samples, err := lang.Collect(a.Value("batch"))
			if err != nil {
				return nil, err
			}
			return defaultCollate(samples, 0)
		}),
		"DataLoader": lang.NewBuiltin(lang.AsValue, "DataLoader(dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None, multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False, pin_memory_device='')",
			"Walks dataset in batches of batch_size (None: one sample at a time, uncollated), joined by collate_fn (default_collate when None), in the order of sampler (shuffle=True: a RandomSampler, a new order each pass, the one PyTorch takes for the same seed) or as batch_sampler groups it; an IterableDataset in its own order. len(loader) is the number of batches. kael loads in the calling thread: num_workers, pin_memory and the worker options are accepted and change nothing.",
			newDataLoader),
	}
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

// defaultConvert is default_convert, what a DataLoader without batching
// does to each sample: NumPy arrays and scalars become tensors, tuples
// lists, recursively, as in lists and dict values; other values are kept.
func defaultConvert(v lang.Value, depth int) lang.Value {
	if depth > maxCollateDepth {
		return v
	}
	if arr, ok := v.(lang.ArrayProvider); ok && strings.HasPrefix(lang.TypeName(v), "numpy.") {
		return arr.ArrayTensor().Detach()
	}
	switch x := v.(type) {
	case lang.Tuple:
		out := make([]lang.Value, len(x))
		for i, e := range x {
			out[i] = defaultConvert(e, depth+1)
		}
		return &lang.List{Elems: out}
	case *lang.List:
		out := make([]lang.Value, len(x.Elems))
		for i, e := range x.Elems {
			out[i] = defaultConvert(e, depth+1)
		}
		return &lang.List{Elems: out}
	case *lang.Dict:
		out := lang.NewDict()
		for i, k := range x.Keys() {
			_ = out.Set(k, defaultConvert(x.Values()[i], depth+1))
		}
		return out
	}
	return v
}

// collateMixed is the error for a batch whose samples differ in kind.
func collateMixed(first, v lang.Value) *lang.Error {
	return lang.Errorf(lang.TypeError, "default_collate: the samples of a batch differ: %s and %s", lang.TypeName(first), lang.TypeName(v)).
		WithHint("__getitem__ must return the same kind of value for every index")
}

// DataLoader is torch.utils.data.DataLoader, walking its dataset in the
// calling thread. As PyTorch's, it walks a map-style dataset in the order
// of its sampler (a SequentialSampler, or a RandomSampler with
// shuffle=True) grouped by its batch sampler (a BatchSampler of
// batch_size), either of which the caller may give; an IterableDataset
// is walked in its own order.
type DataLoader struct {
	dataset      lang.Value
	batchSize    int // 0: batch_size=None, samples one by one
	dropLast     bool
	sampler      lang.Value // the indices of a pass (nil for an IterableDataset)
	batchSampler lang.Value // lists of indices, or nil without batching
	iterable     bool       // the dataset is an IterableDataset
	collate      lang.Value // nil: default_collate
	generator    *tensor.Generator
	sess         *lang.Session
	passErr      error // the error that ended a pass (see stop)
}

func newDataLoader(a *lang.Args) (lang.Value, error) {
	l := &DataLoader{dataset: a.Value("dataset"), generator: GeneratorArg(a), sess: a.Session(), iterable: isIterableDataset(a.Value("dataset"))}
	if !a.IsNone("batch_size") {
		l.batchSize = a.Int("batch_size")
	}
	shuffle := !a.IsNone("shuffle") && a.Bool("shuffle")
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
	if l.iterable {
		for _, name := range []string{"shuffle", "sampler", "batch_sampler"} {
			if v := a.Value(name); v != lang.None && v != false {
				return nil, lang.Errorf(lang.ValueError, "DataLoader with IterableDataset: expected unspecified %s option, but got %s=%s", name, name, lang.Str(v))
			}
		}
		return l, nil
	}
	sampler, batchSampler := a.Value("sampler"), a.Value("batch_sampler")
	if sampler != lang.None && shuffle {
		return nil, lang.Errorf(lang.ValueError, "sampler option is mutually exclusive with shuffle")
	}
	if batchSampler != lang.None {
		if l.batchSize != 1 || shuffle || sampler != lang.None || l.dropLast {
			return nil, lang.Errorf(lang.ValueError, "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last")
		}
		l.batchSize, l.dropLast = 0, false
	} else if l.batchSize == 0 && l.dropLast {
		return nil, lang.Errorf(lang.ValueError, "batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
	}
	if sampler == lang.None {
		if _, err := datasetLen(l.dataset); err != nil {
			return nil, lang.Errorf(lang.TypeError, "kael's DataLoader takes a map-style dataset, which has a length, or an IterableDataset: %s", lang.ToError(err).Msg).
				WithHint("define __len__ and __getitem__ in the dataset's class, or derive it from IterableDataset")
		}
		if shuffle {
			rs := &Sampler{kind: "RandomSampler", source: l.dataset, generator: l.generator}
			if err := rs.checkNumSamples(); err != nil {
				return nil, err
			}
			sampler = rs
		} else {
			sampler = &Sampler{kind: "SequentialSampler", source: l.dataset}
		}
	}
	l.sampler = sampler
	if batchSampler == lang.None && l.batchSize > 0 {
		batchSampler = &Sampler{kind: "BatchSampler", source: sampler, batchSize: l.batchSize, dropLast: l.dropLast}
	}
	if batchSampler != lang.None {
		l.batchSampler = batchSampler
	}
	return l, nil
}

// TypeName returns "DataLoader".
func (*DataLoader) TypeName() string { return "DataLoader" }

// String is Python's default repr.
func (l *DataLoader) String() string {
	return fmt.Sprintf("<torch.utils.data.dataloader.DataLoader object at %#x>", lang.ID(l))
}

// Length is len(loader): the number of batches (of the batch sampler,
// or of the sampler's indices without batching; an IterableDataset's
// length over the batch size).
func (l *DataLoader) Length() (int64, error) {
	if !l.iterable {
		v := l.sampler
		if l.batchSampler != nil {
			v = l.batchSampler
		}
		n, err := lang.Len(v)
		if err != nil {
			return 0, err
		}
		return n.(int64), nil
	}
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
	case "sampler", "batch_sampler":
		v := l.sampler
		if name == "batch_sampler" {
			v = l.batchSampler
		}
		if v == nil {
			return lang.None, true
		}
		return v, true
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
	return []string{"batch_sampler", "batch_size", "dataset", "drop_last", "generator", "num_workers", "sampler"}
}

// Iter is iter(loader): an iterator that loads each batch as next() asks
// for it, so that a loader over an endless sampler (RandomSampler with
// num_samples=10**10, as minGPT's trainer uses) works with next().
func (l *DataLoader) Iter() (lang.Value, error) {
	return lang.IterateLazily("_SingleProcessDataLoaderIter", l.Iterate), nil
}

// Iterate yields the batches of one pass. It first draws the base seed
// PyTorch's iterator draws for its workers, from the loader's generator.
func (l *DataLoader) Iterate(yield func(lang.Value) bool) error {
	l.generator.RandomInt64()
	if l.iterable {
		return l.iterateStream(yield)
	}
	if l.batchSampler == nil {
		err := lang.Iterate(l.sampler, func(i lang.Value) bool {
			v, err := datasetItem(l.dataset, i)
			if err != nil {
				return l.stop(err)
			}
			return yield(defaultConvert(v, 0))
		})
		return l.failed(err)
	}
	err := lang.Iterate(l.batchSampler, func(b lang.Value) bool {
		idx, err := lang.Collect(b)
		if err != nil {
			return l.stop(err)
		}
		samples := make([]lang.Value, len(idx))
		for j, i := range idx {
			if samples[j], err = datasetItem(l.dataset, i); err != nil {
				return l.stop(err)
			}
		}
		batch, err := l.collateBatch(samples)
		if err != nil {
			return l.stop(err)
		}
		return yield(batch)
	})
	return l.failed(err)
}

// iterateStream yields the batches of an IterableDataset: its items in
// its order, batch_size at a time.
func (l *DataLoader) iterateStream(yield func(lang.Value) bool) error {
	var samples []lang.Value
	stopped := false
	flush := func() bool {
		batch, err := l.collateBatch(samples)
		samples = nil
		if err != nil {
			return l.stop(err)
		}
		stopped = !yield(batch)
		return !stopped
	}
	err := lang.Iterate(l.dataset, func(v lang.Value) bool {
		if l.batchSize == 0 {
			stopped = !yield(defaultConvert(v, 0))
			return !stopped
		}
		samples = append(samples, v)
		return len(samples) < l.batchSize || flush()
	})
	if err = l.failed(err); err != nil || stopped {
		return err
	}
	if len(samples) > 0 && !l.dropLast {
		flush()
	}
	return l.failed(nil)
}

// stop records err, an error inside a pass, and ends the pass; failed
// returns it (or the iteration's own error).
func (l *DataLoader) stop(err error) bool {
	l.passErr = err
	return false
}

func (l *DataLoader) failed(err error) error {
	if err == nil {
		err, l.passErr = l.passErr, nil
	}
	return err
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
