package nn

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// ParamContainer is nn.ParameterList or nn.ParameterDict: a module whose
// items, numbered "0", "1", ... or by string key, are registered as its
// parameters (a tensor item) or held as plain values (anything else, as
// PyTorch keeps them in the instance's __dict__). It has no forward.
//
// Its slices and maps are replaced, never written in place, so that the
// field-by-field copy DeepCopy makes shares nothing that later changes.
type ParamContainer struct {
	base Base
	dict bool
	// keys are the item names in order.
	keys []string
	// others are the items that are not registered in base.
	others map[string]any
	// Describe is the text of an item in the repr after "(key): ":
	// "Parameter containing: [torch.float32 of size 2x3]" or "Object of
	// type: int"; the language that holds the values supplies it.
	Describe func(v any) string
}

// NewParameterList is an empty nn.ParameterList.
func NewParameterList() *ParamContainer { return &ParamContainer{base: NewBase()} }

// NewParameterDict is an empty nn.ParameterDict.
func NewParameterDict() *ParamContainer { return &ParamContainer{base: NewBase(), dict: true} }

func (c *ParamContainer) Base() *Base { return &c.base }

// IsDict reports whether c is a ParameterDict.
func (c *ParamContainer) IsDict() bool { return c.dict }

func (c *ParamContainer) TypeName() string {
	if c.dict {
		return "ParameterDict"
	}
	return "ParameterList"
}

// ExtraRepr lists the items, one "  (key): description" line each, as
// PyTorch's extra_repr does (Module's repr indents them by two more).
func (c *ParamContainer) ExtraRepr() string {
	lines := make([]string, len(c.keys))
	for i, k := range c.keys {
		v, _ := c.Get(k)
		lines[i] = "  (" + k + "): " + c.Describe(v)
	}
	return strings.Join(lines, "\n")
}

// Forward refuses: PyTorch's containers of parameters cannot be called.
func (c *ParamContainer) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.RuntimeError, "%s should not be called.", c.TypeName())
}

// Len is the number of items.
func (c *ParamContainer) Len() int { return len(c.keys) }

// Keys are the item names in order.
func (c *ParamContainer) Keys() []string { return slices.Clone(c.keys) }

// Has reports whether key is an item.
func (c *ParamContainer) Has(key string) bool { return slices.Contains(c.keys, key) }

// Get returns the item key: a *tensor.Tensor, a Module, nil for a
// registered slot holding None, or the plain value held; ok is false when
// key is not an item.
func (c *ParamContainer) Get(key string) (v any, ok bool) {
	if v, ok := c.base.Lookup(key); ok {
		return v, true
	}
	v, ok = c.others[key]
	return v, ok
}

// AddKey makes key an item (at the end, if it is new); the caller then
// stores its value with SetRegistered or SetOther.
func (c *ParamContainer) AddKey(key string) {
	if !c.Has(key) {
		c.keys = append(slices.Clip(c.keys), key)
	}
}

// SetOther holds v as the plain value of item key, dropping what the
// registry held under that name.
func (c *ParamContainer) SetOther(key string, v any) {
	c.base.Delete(key)
	c.others = maps.Clone(c.others)
	if c.others == nil {
		c.others = map[string]any{}
	}
	c.others[key] = v
}

// DropOther forgets the plain value of key, after the registry took it.
func (c *ParamContainer) DropOther(key string) {
	if _, ok := c.others[key]; ok {
		c.others = maps.Clone(c.others)
		delete(c.others, key)
	}
}

// Remove deletes item key (del d[key]); the list's keys are not
// renumbered, as PyTorch's are not.
func (c *ParamContainer) Remove(key string) bool {
	i := slices.Index(c.keys, key)
	if i < 0 {
		return false
	}
	c.keys = slices.Delete(slices.Clone(c.keys), i, i+1)
	c.base.Delete(key)
	c.DropOther(key)
	return true
}

// ListKey is the name of list item i (negative counts from the end),
// with PyTorch's IndexError when it is out of range.
func (c *ParamContainer) ListKey(i int) (string, error) {
	n := len(c.keys)
	if i < -n || i >= n {
		return "", tensor.Errorf(tensor.IndexError, "index %d is out of range", i)
	}
	if i < 0 {
		i += n
	}
	return strconv.Itoa(i), nil
}
