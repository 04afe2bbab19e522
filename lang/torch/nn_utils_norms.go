package torch

import (
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// torch.nn.utils.weight_norm, remove_weight_norm, spectral_norm and
// remove_spectral_norm, on package nn's weight_norm.go and
// spectral_norm.go. Their forward pre-hooks run whenever the module is
// called: layer(x), an instance of a user's class, or a container's
// child.

// normUtils returns the four functions.
func normUtils() []*lang.Builtin {
	module := func(a *lang.Args) nn.Module {
		v := a.Value("module")
		if a.Err() != nil {
			return nil
		}
		m, ok := asModule(v)
		if !ok {
			a.Fail(lang.Errorf(lang.AttributeError, "'%s' object has no attribute '_forward_pre_hooks'", lang.TypeName(v)))
		}
		return m
	}
	weightNorm := lang.NewBuiltin(lang.AsValue, "weight_norm(module, name='weight', dim=0)", "Reparametrises the parameter name of module by its magnitude name_g and direction name_v (new parameters replacing it), so that name = name_g * name_v / ‖name_v‖ with the norm over every dimension but dim (dim=None: over all), recomputed before each forward; returns module.", func(a *lang.Args) (lang.Value, error) {
		m, name := module(a), a.Str("name")
		dim := -1
		if !a.IsNone("dim") {
			dim = a.Int("dim")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := nn.ApplyWeightNorm(m, name, dim); err != nil {
			return nil, err
		}
		return a.Value("module"), nil
	})
	removeWeightNorm := lang.NewBuiltin(lang.AsValue, "remove_weight_norm(module, name='weight')", "Undoes weight_norm: the weight computed from name_g and name_v becomes the parameter name again; returns module.", func(a *lang.Args) (lang.Value, error) {
		m, name := module(a), a.Str("name")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := nn.RemoveWeightNorm(m, name); err != nil {
			return nil, err
		}
		return a.Value("module"), nil
	})
	spectralNorm := lang.NewBuiltin(lang.AsValue, "spectral_norm(module, name='weight', n_power_iterations=1, eps=1e-12, dim=None)", "Divides the parameter name of module by its largest singular value σ, estimated by power iteration: name becomes the parameter name_orig, the buffers name_u and name_v (drawn with normal_ now) hold the iteration's vectors, and before each forward name = name_orig / σ after n_power_iterations steps (training mode only; eval mode uses the stored vectors). dim=None is 1 for ConvTranspose layers, else 0. Returns module.", func(a *lang.Args) (lang.Value, error) {
		m, name, iterations, eps := module(a), a.Str("name"), a.Int("n_power_iterations"), a.Float("eps")
		dim := 0
		if !a.IsNone("dim") {
			dim = a.Int("dim")
		} else if m != nil && strings.HasPrefix(layerTypeName(m), "ConvTranspose") {
			dim = 1
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := nn.ApplySpectralNorm(m, name, iterations, eps, dim, nil); err != nil {
			return nil, err
		}
		return a.Value("module"), nil
	})
	removeSpectralNorm := lang.NewBuiltin(lang.AsValue, "remove_spectral_norm(module, name='weight')", "Undoes spectral_norm: name_orig / σ, with σ from the stored vectors, becomes the parameter name again; returns module.", func(a *lang.Args) (lang.Value, error) {
		m, name := module(a), a.Str("name")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := nn.RemoveSpectralNorm(m, name); err != nil {
			return nil, err
		}
		return a.Value("module"), nil
	})
	return []*lang.Builtin{weightNorm, removeWeightNorm, spectralNorm, removeSpectralNorm}
}

// layerTypeName is the class name of the built-in layer m is or derives
// from (ConvTranspose2d for class MyConv(nn.ConvTranspose2d)).
func layerTypeName(m nn.Module) string {
	if um, ok := m.(*userModule); ok && um.layer != nil {
		return um.layer.TypeName()
	}
	return m.TypeName()
}

// hookedCalls caches withPreHooks's builtins (*Builtin to *Builtin).
var hookedCalls sync.Map

// withPreHooks wraps a layer's forward as its __call__: the module's
// forward pre-hooks (weight_norm's, spectral_norm's) run first, as
// Module.__call__ runs them.
func withPreHooks(b *lang.Builtin) *lang.Builtin {
	if w, ok := hookedCalls.Load(b); ok {
		return w.(*lang.Builtin)
	}
	inner := b.Fn()
	w := b.WithFn(func(a *lang.Args) (lang.Value, error) {
		if err := nn.RunPreHooks(selfModule(a)); err != nil {
			return nil, err
		}
		return inner(a)
	})
	actual, _ := hookedCalls.LoadOrStore(b, w)
	return actual.(*lang.Builtin)
}
