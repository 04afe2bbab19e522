package nn

import (
	"strconv"

	"github.com/kael-dev/kael/tensor"
)

// Container is a module whose submodules are its items: Sequential and
// ModuleList (numbered "0", "1", ...), ModuleDict (by key).
type Container struct {
	base Base
	name string
	// running is set while the container's forward runs, so that one
	// containing itself is refused instead of recursing without end.
	running bool
}

// NewSequential is nn.Sequential(*modules): Forward runs them in order.
func NewSequential(ms ...Module) *Container { return newList("Sequential", ms) }

// NewModuleList is nn.ModuleList(modules): a list of submodules with no
// forward of its own.
func NewModuleList(ms ...Module) *Container { return newList("ModuleList", ms) }

// NewParametrizationList returns torch.nn.utils.parametrize's
// ParametrizationList: a ModuleList of parametrizations under its own
// class name, whose registry also holds the original tensor.
func NewParametrizationList(ms ...Module) *Container {
	return newList("ParametrizationList", ms)
}

// NewModuleDict is nn.ModuleDict(): submodules by key.
func NewModuleDict() *Container { return &Container{base: NewBase(), name: "ModuleDict"} }

func newList(name string, ms []Module) *Container {
	c := &Container{base: NewBase(), name: name}
	for _, m := range ms {
		c.Append(m)
	}
	return c
}

func (c *Container) Base() *Base       { return &c.base }
func (c *Container) TypeName() string  { return c.name }
func (c *Container) ExtraRepr() string { return "" }

// IsList reports whether the container is numbered (Sequential,
// ModuleList) rather than keyed (ModuleDict).
func (c *Container) IsList() bool { return c.name != "ModuleDict" }

// Forward runs a Sequential's modules in order, each on the output of the
// one before.
func (c *Container) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if c.name != "Sequential" {
		return nil, tensor.Errorf(tensor.NotImplementedError, `Module [%s] is missing the required "forward" function`, c.name).
			WithHint("a %s holds modules; call them one by one (for m in layers: x = m(x))", c.name)
	}
	err := c.Run(func() error {
		for _, m := range c.Items() {
			if m == nil {
				continue
			}
			var err error
			if x, err = Call(m, x); err != nil {
				return err
			}
		}
		return nil
	})
	return x, err
}

// Run runs f, a forward pass through the container, refusing to start one
// while another is running: the container is then inside itself
// (seq.append(seq)), where PyTorch exceeds its recursion limit.
func (c *Container) Run(f func() error) error {
	if c.running {
		return tensor.Errorf(tensor.RecursionError, "maximum recursion depth exceeded: %s contains itself", c.name).
			WithHint("a module cannot be its own submodule")
	}
	c.running = true
	defer func() { c.running = false }()
	return f()
}

// Len is the number of items.
func (c *Container) Len() int { return len(c.base.modules.keys) }

// Keys are the names of the items, in order.
func (c *Container) Keys() []string { return append([]string(nil), c.base.modules.keys...) }

// Items are the modules, in order (nil for a slot holding None).
func (c *Container) Items() []Module {
	out := make([]Module, len(c.base.modules.keys))
	for i, k := range c.base.modules.keys {
		out[i] = c.base.modules.vals[k]
	}
	return out
}

// Append adds m at the end under the next number.
func (c *Container) Append(m Module) { c.base.SetModule(strconv.Itoa(c.Len()), m) }

// index normalises i, negative counting from the end, with PyTorch's
// IndexError when it is out of range.
func (c *Container) index(i int) (int, error) {
	n := c.Len()
	if i < -n || i >= n {
		return 0, tensor.Errorf(tensor.IndexError, "index %d is out of range", i)
	}
	if i < 0 {
		i += n
	}
	return i, nil
}

// At returns item i (negative counts from the end).
func (c *Container) At(i int) (Module, error) {
	i, err := c.index(i)
	if err != nil {
		return nil, err
	}
	return c.base.modules.vals[c.base.modules.keys[i]], nil
}

// SetAt replaces item i, keeping its name.
func (c *Container) SetAt(i int, m Module) error {
	i, err := c.index(i)
	if err != nil {
		return err
	}
	c.base.SetModule(c.base.modules.keys[i], m)
	return nil
}

// Insert puts m before item i (ModuleList.insert), renumbering the items
// after it.
func (c *Container) Insert(i int, m Module) {
	items := c.Items()
	n := len(items)
	switch {
	case i < 0:
		i = max(0, i+n)
	case i > n:
		i = n
	}
	items = append(items[:i], append([]Module{m}, items[i:]...)...)
	c.base.modules = ordered[Module]{}
	for _, it := range items {
		c.Append(it)
	}
}

// Slice returns a container of the same kind holding the items picked by
// the indices, under their names, as PyTorch's seq[1:3] does for
// Sequential (ModuleList renumbers from 0).
func (c *Container) Slice(indices []int) *Container {
	out := &Container{base: NewBase(), name: c.name}
	out.base.Training = c.base.Training
	for k, i := range indices {
		key := c.base.modules.keys[i]
		name := key
		if c.name == "ModuleList" {
			name = strconv.Itoa(k)
		}
		out.base.SetModule(name, c.base.modules.vals[key])
	}
	return out
}
