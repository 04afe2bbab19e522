package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Named is a tensor with its dotted name in a module tree: "fc1.weight".
type Named struct {
	Name   string
	Tensor *tensor.Tensor
}

// NamedModule is a module with its dotted name in a module tree: "0",
// "encoder.layers.1"; the root's name is "".
type NamedModule struct {
	Name   string
	Module Module
}

// join appends name to a dotted prefix.
func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// NamedModules lists m and every module below it, depth first, m first
// under the name "", each module once (a module registered twice keeps its
// first name), as PyTorch's named_modules().
func NamedModules(m Module) []NamedModule {
	var out []NamedModule
	seen := map[Module]bool{}
	var walk func(m Module, prefix string)
	walk = func(m Module, prefix string) {
		if seen[m] {
			return
		}
		seen[m] = true
		out = append(out, NamedModule{prefix, m})
		b := m.Base()
		for _, name := range b.modules.keys {
			if sub := b.modules.vals[name]; sub != nil {
				walk(sub, join(prefix, name))
			}
		}
	}
	walk(m, "")
	return out
}

// Modules lists the modules of NamedModules.
func Modules(m Module) []Module { return modulesOf(NamedModules(m)) }

func modulesOf(named []NamedModule) []Module {
	out := make([]Module, len(named))
	for i, x := range named {
		out[i] = x.Module
	}
	return out
}

// NamedChildren lists m's direct submodules in registration order, each
// once, leaving out slots that hold None.
func NamedChildren(m Module) []NamedModule {
	var out []NamedModule
	seen := map[Module]bool{}
	b := m.Base()
	for _, name := range b.modules.keys {
		if sub := b.modules.vals[name]; sub != nil && !seen[sub] {
			seen[sub] = true
			out = append(out, NamedModule{name, sub})
		}
	}
	return out
}

// Children lists the modules of NamedChildren.
func Children(m Module) []Module { return modulesOf(NamedChildren(m)) }

// NamedParameters lists the parameters of m and its submodules with their
// dotted names, in PyTorch's order (each module's own parameters in
// registration order, then its submodules'), each parameter once: one
// shared by two modules keeps its first name.
func NamedParameters(m Module) []Named {
	return namedMembers(m, func(b *Base) *ordered[*tensor.Tensor] { return &b.params })
}

// NamedBuffers lists the buffers of m and its submodules as
// NamedParameters lists parameters (non-persistent buffers included).
func NamedBuffers(m Module) []Named {
	return namedMembers(m, func(b *Base) *ordered[*tensor.Tensor] { return &b.buffers })
}

func namedMembers(m Module, members func(*Base) *ordered[*tensor.Tensor]) []Named {
	var out []Named
	seen := map[*tensor.Tensor]bool{}
	for _, nm := range NamedModules(m) {
		o := members(nm.Module.Base())
		for _, name := range o.keys {
			if t := o.vals[name]; t != nil && !seen[t] {
				seen[t] = true
				out = append(out, Named{join(nm.Name, name), t})
			}
		}
	}
	return out
}

// Parameters lists the tensors of NamedParameters.
func Parameters(m Module) []*tensor.Tensor { return tensors(NamedParameters(m)) }

// Buffers lists the tensors of NamedBuffers.
func Buffers(m Module) []*tensor.Tensor { return tensors(NamedBuffers(m)) }

func tensors(named []Named) []*tensor.Tensor {
	out := make([]*tensor.Tensor, len(named))
	for i, n := range named {
		out[i] = n.Tensor
	}
	return out
}

// walkTree calls visit for m and, below it, every submodule slot that
// holds a module, with dotted prefixes, depth first, without the
// deduplication of NamedModules: a module registered twice is visited
// under both names, as state_dict() and load_state_dict() do. A module
// that contains itself (m.a = m) is not entered again on its own path,
// where PyTorch would overflow its recursion limit.
func walkTree(m Module, visit func(m Module, prefix string)) {
	walkTreePost(m, visit, nil)
}

// walkTreePost is walkTree calling after (when set) for each module once
// the modules below it are visited.
func walkTreePost(m Module, visit, after func(m Module, prefix string)) {
	onPath := map[Module]bool{}
	var walk func(m Module, prefix string)
	walk = func(m Module, prefix string) {
		if onPath[m] {
			return
		}
		onPath[m] = true
		defer delete(onPath, m)
		visit(m, prefix)
		b := m.Base()
		for _, name := range b.modules.keys {
			if sub := b.modules.vals[name]; sub != nil {
				walk(sub, join(prefix, name))
			}
		}
		if after != nil {
			after(m, prefix)
		}
	}
	walk(m, "")
}

// Train sets the training flag of m and of every module below it: mode
// true is PyTorch's model.train(), false model.eval(). It changes what
// Dropout does.
func Train(m Module, mode bool) {
	walkTree(m, func(m Module, _ string) { m.Base().Training = mode })
}

// ZeroGrad clears the gradients of m's parameters, as PyTorch's
// model.zero_grad(set_to_none): setToNone drops them (.grad becomes
// None), otherwise they are filled with zeros in place.
func ZeroGrad(m Module, setToNone bool) error {
	for _, p := range Parameters(m) {
		g := autograd.Grad(p)
		switch {
		case g == nil:
		case setToNone:
			if err := autograd.SetGrad(p, nil); err != nil {
				return err
			}
		default:
			if err := g.Fill(0); err != nil {
				return err
			}
		}
	}
	return nil
}

// Apply calls fn on every submodule of m (children first, depth first)
// and then on m, as PyTorch's model.apply(fn); it stops at fn's first
// error.
func Apply(m Module, fn func(Module) error) error {
	onPath := map[Module]bool{}
	var walk func(m Module) error
	walk = func(m Module) error {
		if onPath[m] {
			return nil
		}
		onPath[m] = true
		defer delete(onPath, m)
		for _, c := range Children(m) {
			if err := walk(c); err != nil {
				return err
			}
		}
		return fn(m)
	}
	return walk(m)
}

// ConvertTensors replaces the data of every parameter (and its gradient)
// and buffer of m and the modules below it by convert's result, in place
// (tensor.SetData), as PyTorch's module.to(), .double() and .float() do:
// each parameter stays the same tensor, so an optimizer made before sees
// the change. convert returns its argument for a tensor it leaves alone.
// The first error stops the walk; tensors converted before it stay so.
func ConvertTensors(m Module, convert func(t *tensor.Tensor) (*tensor.Tensor, error)) error {
	do := func(t *tensor.Tensor) error {
		c, err := convert(t)
		if err != nil {
			return err
		}
		if c != t {
			t.SetData(c)
		}
		return nil
	}
	for _, nm := range NamedModules(m) {
		b := nm.Module.Base()
		for _, name := range b.params.keys {
			p := b.params.vals[name]
			if p == nil {
				continue
			}
			if err := do(p); err != nil {
				return err
			}
			if g := autograd.Grad(p); g != nil {
				if err := do(g); err != nil {
					return err
				}
			}
		}
		for _, name := range b.buffers.keys {
			if t := b.buffers.vals[name]; t != nil {
				if err := do(t); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
