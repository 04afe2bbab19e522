package nn

import (
	"slices"
	"sync/atomic"

	"github.com/kael-dev/kael/tensor"
)

// Module is one node of a module tree: a layer, a container, or a user's
// class deriving from nn.Module. Implementations are pointers (the tree
// functions compare modules by identity).
type Module interface {
	// Base returns the module's registry: its parameters, buffers,
	// submodules and training flag.
	Base() *Base
	// TypeName is the class name repr shows: "Linear"; for a user's class,
	// the class name.
	TypeName() string
	// ExtraRepr is what repr shows inside the parentheses, before the
	// submodules: "in_features=2, out_features=3, bias=True" ("" for
	// none). It may hold several lines.
	ExtraRepr() string
	// Forward runs the module on one tensor, as Sequential calls it.
	Forward(x *tensor.Tensor) (*tensor.Tensor, error)
}

// CustomRepr is implemented by modules whose repr is not Module's layout
// (a user's class with its own __repr__). ok false falls back to the
// layout.
type CustomRepr interface {
	ReprOverride() (s string, ok bool)
}

// Base is the registry every module embeds or holds: PyTorch's
// _parameters, _buffers and _modules, each in the order of registration,
// and the training flag. The zero Base is an empty module in eval mode;
// NewBase gives one in training mode, as a new PyTorch module is.
type Base struct {
	// Training is PyTorch's self.training; Train sets it for a whole tree.
	Training bool

	params        ordered[*tensor.Tensor]
	buffers       ordered[*tensor.Tensor]
	nonPersistent map[string]bool // buffers left out of the state dict
	modules       ordered[Module]
	// plain are tensors held as plain attributes that stand in for a
	// parameter of that name (PyTorch's instance __dict__ entry that
	// weight_norm and spectral_norm set): the forward reads them as it
	// reads the parameter, but the tree functions do not list them.
	plain ordered[*tensor.Tensor]
	// preHooks run before each call of the module (hooks.go).
	preHooks []PreHook
	// interceptor, when set, runs each call of the module in Call's
	// place (hooks.go).
	interceptor Interceptor
	// ClassPrefix goes before the type name in the repr: "Parametrized"
	// once torch.nn.utils.parametrize has swapped the module's class for
	// ParametrizedLinear.
	ClassPrefix string
	// deleted are the names del took out of the registry and nothing
	// registered again since: a built-in layer's forward, which PyTorch
	// writes as self.weight, raises AttributeError when it reads one
	// (Parameter, Buffer and Submodule note the read in missingRead;
	// MissingError reports it).
	deleted     []string
	missingRead *atomic.Pointer[string] // made by the first Delete
}

// NewBase returns an empty registry in training mode.
func NewBase() Base { return Base{Training: true} }

// SetParameter registers p as the parameter name (PyTorch's
// register_parameter, and the assignment self.name = nn.Parameter(...)),
// replacing a buffer or submodule of that name. A parameter already of
// that name keeps its place in the order. p may be nil: a parameter slot
// holding None, which the tree functions skip.
func (b *Base) SetParameter(name string, p *tensor.Tensor) {
	b.Reassigned(name)
	b.plain.delete(name)
	b.buffers.delete(name)
	delete(b.nonPersistent, name)
	b.modules.delete(name)
	b.params.set(name, p)
}

// SetBuffer registers t as the persistent buffer name (register_buffer),
// replacing a parameter or submodule of that name; t may be nil.
func (b *Base) SetBuffer(name string, t *tensor.Tensor) { b.setBuffer(name, t, true) }

// SetNonPersistentBuffer registers t as a buffer that the state dict
// leaves out (register_buffer(name, t, persistent=False)).
func (b *Base) SetNonPersistentBuffer(name string, t *tensor.Tensor) { b.setBuffer(name, t, false) }

func (b *Base) setBuffer(name string, t *tensor.Tensor, persistent bool) {
	b.Reassigned(name)
	b.plain.delete(name)
	b.params.delete(name)
	b.modules.delete(name)
	b.buffers.set(name, t)
	if persistent {
		delete(b.nonPersistent, name)
		return
	}
	if b.nonPersistent == nil {
		b.nonPersistent = map[string]bool{}
	}
	b.nonPersistent[name] = true
}

// SetModule registers m as the submodule name (add_module, and the
// assignment self.name = SomeModule(...)), replacing a parameter or buffer
// of that name; m may be nil (a submodule slot holding None).
func (b *Base) SetModule(name string, m Module) {
	b.Reassigned(name)
	b.plain.delete(name)
	b.params.delete(name)
	b.buffers.delete(name)
	delete(b.nonPersistent, name)
	b.modules.set(name, m)
}

// Lookup returns what the registry holds under name: a *tensor.Tensor
// (parameter or buffer), a Module, or nil for a slot holding None; ok is
// false when name is not registered. Parameters are looked up first, then
// buffers, then submodules, as Module.__getattr__ does.
func (b *Base) Lookup(name string) (v any, ok bool) {
	if p, ok := b.params.get(name); ok {
		if p == nil {
			return nil, true
		}
		return p, true
	}
	if t, ok := b.buffers.get(name); ok {
		if t == nil {
			return nil, true
		}
		return t, true
	}
	if m, ok := b.modules.get(name); ok {
		if m == nil {
			return nil, true
		}
		return m, true
	}
	if t, ok := b.plain.get(name); ok && t != nil {
		return t, true
	}
	return nil, false
}

// Kind says what a registered name is.
type Kind int

// The kinds of registered names.
const (
	NotRegistered Kind = iota
	ParameterKind
	BufferKind
	ModuleKind
)

// KindOf says whether name is a parameter, a buffer or a submodule.
func (b *Base) KindOf(name string) Kind {
	switch {
	case b.params.has(name):
		return ParameterKind
	case b.buffers.has(name):
		return BufferKind
	case b.modules.has(name):
		return ModuleKind
	}
	return NotRegistered
}

// Parameter returns the parameter name (nil when it holds None), or the
// plain tensor attribute that stands in for it (SetPlain); nil when
// neither is there.
func (b *Base) Parameter(name string) *tensor.Tensor {
	if p, ok := b.params.get(name); ok {
		return p
	}
	p, ok := b.plain.get(name)
	if !ok {
		b.noteRead(name)
	}
	return p
}

// SetPlain holds t as the plain tensor attribute name, which stands in
// for a parameter of that name that was taken out of the registry
// (weight_norm's weight, recomputed before each forward). It is not a
// parameter or buffer: the tree functions and the state dict skip it.
func (b *Base) SetPlain(name string, t *tensor.Tensor) {
	b.Reassigned(name)
	b.plain.set(name, t)
}

// Plain returns the plain tensor attribute name and whether there is one.
func (b *Base) Plain(name string) (*tensor.Tensor, bool) { return b.plain.get(name) }

// PlainNames lists the plain tensor attributes.
func (b *Base) PlainNames() []string { return slices.Clone(b.plain.keys) }

// Buffer returns the buffer name (nil when it is not registered or holds
// None).
func (b *Base) Buffer(name string) *tensor.Tensor {
	t, ok := b.buffers.get(name)
	if !ok {
		b.noteRead(name)
	}
	return t
}

// NonPersistent reports whether name is a buffer that the state dict
// leaves out (PyTorch's _non_persistent_buffers_set).
func (b *Base) NonPersistent(name string) bool { return b.nonPersistent[name] }

// Submodule returns the submodule name (nil when it is not registered or
// holds None).
func (b *Base) Submodule(name string) Module {
	m, ok := b.modules.get(name)
	if !ok {
		b.noteRead(name)
	}
	return m
}

// Delete removes name from the registry (del self.name), reporting whether
// it was registered.
func (b *Base) Delete(name string) bool {
	delete(b.nonPersistent, name)
	gone := b.params.delete(name) || b.buffers.delete(name) || b.modules.delete(name) || b.plain.delete(name)
	if gone && !slices.Contains(b.deleted, name) {
		b.deleted = append(b.deleted, name)
		if b.missingRead == nil {
			b.missingRead = new(atomic.Pointer[string])
		}
	}
	return gone
}

// Reassigned forgets that del took name away: it holds something again,
// registered (the Set methods call it) or a plain attribute the language
// stores beside the registry (lin.bias = None after del lin.bias, which
// PyTorch's forward reads as None).
func (b *Base) Reassigned(name string) {
	if len(b.deleted) > 0 {
		b.deleted = slices.DeleteFunc(b.deleted, func(s string) bool { return s == name })
		b.missingRead.Store(nil)
	}
}

// noteRead remembers a read of name by a forward when del took name out
// of the registry, for TakeMissingRead: the first such read counts.
func (b *Base) noteRead(name string) {
	if len(b.deleted) > 0 && slices.Contains(b.deleted, name) {
		b.missingRead.CompareAndSwap(nil, &name)
	}
}

// TakeMissingRead returns the first name del took out of the registry
// that a forward read (Parameter, Buffer, Submodule) since the last
// call, and forgets it; "" for none. PyTorch's layers read their
// parameters as attributes (self.weight), so such a read is an
// AttributeError (MissingError) where kael's Go forward would have run
// as if the slot held None.
func (b *Base) TakeMissingRead() string {
	if b.missingRead == nil {
		return ""
	}
	if p := b.missingRead.Swap(nil); p != nil {
		return *p
	}
	return ""
}

// Names lists the registered names: parameters, then buffers, then
// submodules, each in registration order.
func (b *Base) Names() []string {
	return slices.Concat(b.params.keys, b.buffers.keys, b.modules.keys)
}

// ordered is a map that remembers the order in which keys were added, as
// Python's dicts do. Replacing a value keeps its key's place.
type ordered[V any] struct {
	keys []string
	vals map[string]V
}

func (o *ordered[V]) set(k string, v V) {
	if o.vals == nil {
		o.vals = map[string]V{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *ordered[V]) get(k string) (V, bool) {
	v, ok := o.vals[k]
	return v, ok
}

func (o *ordered[V]) has(k string) bool {
	_, ok := o.vals[k]
	return ok
}

func (o *ordered[V]) delete(k string) bool {
	if _, ok := o.vals[k]; !ok {
		return false
	}
	delete(o.vals, k)
	o.keys = slices.DeleteFunc(o.keys, func(s string) bool { return s == k })
	return true
}

// Assign replaces the tensor held by the parameter or buffer slot name,
// keeping its kind and persistence (the assignment self.name = t to a
// registered name); t may be nil. It reports whether name is such a slot.
func (b *Base) Assign(name string, t *tensor.Tensor) bool {
	switch {
	case b.params.has(name):
		b.params.set(name, t)
	case b.buffers.has(name):
		b.buffers.set(name, t)
	default:
		return false
	}
	return true
}
