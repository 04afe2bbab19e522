package torch

import (
	"fmt"
	"sort"

	"github.com/kael-dev/kael/lang"
)

// The datasets of torch.utils.data that combine others: ConcatDataset
// (map-style, one after another), ChainDataset (iterable), and
// IterableDataset, the base class of a dataset that is a stream rather
// than an indexable collection.

// iterableDatasetClassName is the class name of IterableDataset.
const iterableDatasetClassName = "torch.utils.data.dataset.IterableDataset"

// iterableDatasetClass is torch.utils.data.IterableDataset.
var iterableDatasetClass = &lang.Class{Name: iterableDatasetClassName, Doc: "The base class of a dataset that is a stream: class MyStream(IterableDataset) defines __iter__, and a DataLoader batches what it yields, in its order."}

// iterableMarker is the native state of an IterableDataset instance: it
// tells the DataLoader to iterate it rather than index it.
type iterableMarker struct{}

// isIterableDataset reports whether v is an IterableDataset.
func isIterableDataset(v lang.Value) bool {
	switch x := v.(type) {
	case *lang.Instance:
		_, ok := x.Native().(iterableMarker)
		return ok
	case *ChainDataset:
		return true
	}
	return false
}

func defDatasets(m map[string]lang.Value) {
	lang.RegisterNativeBase(iterableDatasetClassName, iterableDatasetClass, &lang.NativeBase{Name: "IterableDataset",
		New: func(x *lang.Instance) error { x.SetNative(iterableMarker{}); return nil }})
	lang.RegisterSubclass(iterableDatasetClassName, datasetClassName)
	m["IterableDataset"] = iterableDatasetClass
	m["ConcatDataset"] = lang.NewBuiltin(lang.AsValue, "ConcatDataset(datasets)", "The map-style datasets one after another: item i is in the first dataset that reaches it.", func(a *lang.Args) (lang.Value, error) {
		ds, err := lang.Collect(a.Value("datasets"))
		if err != nil {
			return nil, err
		}
		if len(ds) == 0 {
			return nil, lang.Errorf(lang.AssertionError, "datasets should not be an empty iterable")
		}
		c := &ConcatDataset{datasets: ds}
		total := 0
		for _, d := range ds {
			if isIterableDataset(d) {
				return nil, lang.Errorf(lang.AssertionError, "ConcatDataset does not support IterableDataset")
			}
			n, err := datasetLen(d)
			if err != nil {
				return nil, err
			}
			total += n
			c.cumulative = append(c.cumulative, total)
		}
		return c, nil
	})
	m["ChainDataset"] = lang.NewBuiltin(lang.AsValue, "ChainDataset(datasets)", "The iterable datasets one after another, as one stream.", func(a *lang.Args) (lang.Value, error) {
		ds, err := lang.Collect(a.Value("datasets"))
		if err != nil {
			return nil, err
		}
		return &ChainDataset{datasets: ds}, nil
	})
}

// ConcatDataset is torch.utils.data.ConcatDataset.
type ConcatDataset struct {
	datasets   []lang.Value
	cumulative []int // the running sums of their lengths
}

// TypeName returns "ConcatDataset".
func (*ConcatDataset) TypeName() string { return "ConcatDataset" }

// ClassName returns torch.utils.data.dataset.ConcatDataset.
func (*ConcatDataset) ClassName() string { return "torch.utils.data.dataset.ConcatDataset" }

// String is Python's default repr.
func (c *ConcatDataset) String() string {
	return fmt.Sprintf("<torch.utils.data.dataset.ConcatDataset object at %#x>", lang.ID(c))
}

// Length is the total of the lengths.
func (c *ConcatDataset) Length() (int64, error) { return int64(c.cumulative[len(c.cumulative)-1]), nil }

// GetItem is c[i], as PyTorch's: a negative i counts from the end.
func (c *ConcatDataset) GetItem(key lang.Value) (lang.Value, error) {
	i, ok := lang.AsInt(key)
	if _, isBool := key.(bool); !ok || isBool {
		return nil, lang.Errorf(lang.TypeError, "ConcatDataset indices must be integers, not %s", lang.TypeName(key))
	}
	n := int64(c.cumulative[len(c.cumulative)-1])
	if i < 0 {
		if -i > n {
			return nil, lang.Errorf(lang.ValueError, "absolute value of index should not exceed dataset length")
		}
		i += n
	}
	d := sort.Search(len(c.cumulative), func(j int) bool { return int64(c.cumulative[j]) > i }) // bisect_right
	if d == len(c.cumulative) {
		return nil, lang.Errorf(lang.IndexError, "list index out of range")
	}
	if d > 0 {
		i -= int64(c.cumulative[d-1])
	}
	return datasetItem(c.datasets[d], i)
}

// HasIter is false: iteration goes through __getitem__.
func (c *ConcatDataset) HasIter() bool { return false }

// Iterate walks the items.
func (c *ConcatDataset) Iterate(yield func(lang.Value) bool) error {
	return iterateItems(c, c.cumulative[len(c.cumulative)-1], yield)
}

// Attr returns .datasets and .cumulative_sizes.
func (c *ConcatDataset) Attr(name string) (lang.Value, bool) {
	switch name {
	case "datasets":
		return &lang.List{Elems: c.datasets}, true
	case "cumulative_sizes":
		return &lang.List{Elems: intsToValues(c.cumulative)}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*ConcatDataset) AttrNames() []string { return []string{"cumulative_sizes", "datasets"} }

// ChainDataset is torch.utils.data.ChainDataset.
type ChainDataset struct{ datasets []lang.Value }

// TypeName returns "ChainDataset".
func (*ChainDataset) TypeName() string { return "ChainDataset" }

// ClassName returns torch.utils.data.dataset.ChainDataset.
func (*ChainDataset) ClassName() string { return "torch.utils.data.dataset.ChainDataset" }

// String is Python's default repr.
func (c *ChainDataset) String() string {
	return fmt.Sprintf("<torch.utils.data.dataset.ChainDataset object at %#x>", lang.ID(c))
}

// Iterate yields every dataset's items in turn.
func (c *ChainDataset) Iterate(yield func(lang.Value) bool) error {
	for _, d := range c.datasets {
		stopped := false
		if err := lang.Iterate(d, func(v lang.Value) bool { stopped = !yield(v); return !stopped }); err != nil || stopped {
			return err
		}
	}
	return nil
}

// Length is the total of the lengths.
func (c *ChainDataset) Length() (int64, error) {
	total := 0
	for _, d := range c.datasets {
		if !isIterableDataset(d) {
			return 0, lang.Errorf(lang.AssertionError, "ChainDataset only supports IterableDataset")
		}
		n, err := datasetLen(d)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return int64(total), nil
}

// Attr returns .datasets.
func (c *ChainDataset) Attr(name string) (lang.Value, bool) {
	if name == "datasets" {
		return &lang.List{Elems: c.datasets}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*ChainDataset) AttrNames() []string { return []string{"datasets"} }

// The protocols of the datasets.
var (
	_ lang.ItemGetter = (*ConcatDataset)(nil)
	_ lang.Sized      = (*ConcatDataset)(nil)
	_ lang.Iterable   = (*ConcatDataset)(nil)
	_ lang.HasIter    = (*ConcatDataset)(nil)
	_ lang.Iterable   = (*ChainDataset)(nil)
	_ lang.Sized      = (*ChainDataset)(nil)
)
