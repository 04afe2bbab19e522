package nn

import "github.com/kael-dev/kael/tensor"

// Forward pre-hooks: PyTorch's module._forward_pre_hooks, which
// Module.__call__ runs before forward. weight_norm and spectral_norm
// register theirs here; Call runs them.

// PreHook runs before each call of the module it is registered on, with
// that module's registry (so that a copy of the module runs it on the
// copy's).
type PreHook interface {
	PreForward(b *Base) error
}

// Recomputer is a pre-hook that computes plain tensors (SetPlain) from
// the module's registry at every use, as a parametrization does: a copy
// of the module takes their values without their history.
type Recomputer interface {
	Recomputes(b *Base, name string) bool
}

// recomputed reports whether a pre-hook of b recomputes its plain tensor
// name.
func recomputed(b *Base, name string) bool {
	for _, h := range b.preHooks {
		if r, ok := h.(Recomputer); ok && r.Recomputes(b, name) {
			return true
		}
	}
	return false
}

// AddPreHook registers h to run before each call of the module.
func (b *Base) AddPreHook(h PreHook) { b.preHooks = append(b.preHooks, h) }

// PreHooks lists the registered pre-hooks in registration order.
func (b *Base) PreHooks() []PreHook { return b.preHooks }

// RemovePreHook unregisters h, reporting whether it was registered.
func (b *Base) RemovePreHook(h PreHook) bool {
	for i, x := range b.preHooks {
		if x == h {
			b.preHooks = append(b.preHooks[:i:i], b.preHooks[i+1:]...)
			return true
		}
	}
	return false
}

// RunPreHooks runs m's pre-hooks in order, as Module.__call__ does before
// forward.
func RunPreHooks(m Module) error {
	b := m.Base()
	for _, h := range b.preHooks {
		if err := h.PreForward(b); err != nil {
			return err
		}
	}
	return nil
}

// Interceptor runs a call of the module it is set on, in place of
// Forward: the language sets one on a module with hooks written in Python
// (register_forward_hook), which it runs around the module's forward.
type Interceptor interface {
	Intercept(m Module, x *tensor.Tensor) (*tensor.Tensor, error)
}

// SetInterceptor makes i run each call of the module (nil: none).
func (b *Base) SetInterceptor(i Interceptor) { b.interceptor = i }

// Interceptor returns the module's interceptor, or nil.
func (b *Base) Interceptor() Interceptor { return b.interceptor }

// Call is m(x) as a container calls its children: the pre-hooks, then
// Forward (through the module's interceptor, when it has one), which
// raises AttributeError where it reads a name del took away
// (ForwardChecked).
func Call(m Module, x *tensor.Tensor) (*tensor.Tensor, error) {
	if err := RunPreHooks(m); err != nil {
		return nil, err
	}
	if i := m.Base().interceptor; i != nil {
		return i.Intercept(m, x)
	}
	return ForwardChecked(m, func() (*tensor.Tensor, error) { return m.Forward(x) })
}

// TakeHooks gives b the pre-hooks of o, as a lazy module that becomes its
// ordinary class keeps the hooks registered on it.
func (b *Base) TakeHooks(o *Base) { b.preHooks = o.preHooks }

// ForwardChecked runs forward, a Go forward of m, and makes it PyTorch's
// AttributeError ("'Linear' object has no attribute 'weight'") when it
// read a parameter, buffer or submodule that del took out of m's
// registry: such a forward runs on as if the slot held None, where
// PyTorch's, which reads self.weight, raises.
func ForwardChecked[T any](m Module, forward func() (T, error)) (T, error) {
	b := m.Base()
	b.TakeMissingRead()
	out, err := forward()
	if name := b.TakeMissingRead(); name != "" {
		class := m.TypeName()
		if c, ok := m.(InstanceTyper); ok {
			class = c.InstanceTypeName()
		}
		var zero T
		return zero, tensor.Errorf(tensor.AttributeError, "'%s' object has no attribute '%s'", class, name)
	}
	return out, err
}

// InstanceTyper is implemented by modules whose class, as type(m).__name__
// says, may differ from TypeName: a built-in layer inside an instance of a
// user's class deriving from it.
type InstanceTyper interface {
	InstanceTypeName() string
}
