package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.default_generator and the module torch.random, PyTorch's
// torch/random.py: the default generator's functions under that path,
// and fork_rng.

// defaultGenerator is torch.default_generator: the generator the random
// functions draw from without generator=, the one manual_seed seeds.
var defaultGenerator = &Generator{g: tensor.DefaultGenerator()}

func defRandomModule() {
	torchMembers["default_generator"] = defaultGenerator
	forkRNG := lang.NewBuiltin(lang.AsValue, "fork_rng(devices=None, enabled=True, _caller='fork_rng', _devices_kw='devices')", "A context manager that saves the default generator's state on entry and restores it on exit, so the draws inside do not change those after; enabled=False does nothing. kael has no CUDA generators: devices is accepted and ignored.", func(a *lang.Args) (lang.Value, error) {
		enabled := a.Bool("enabled")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var saved *tensor.Tensor
		return &lang.ContextManager{Name: "fork_rng",
			Enter: func() error {
				if !enabled {
					return nil
				}
				s, err := tensor.DefaultGenerator().State()
				saved = s
				return err
			},
			Exit: func() {
				if saved != nil {
					_ = tensor.DefaultGenerator().SetState(saved) // a state it gave itself
				}
			}}, nil
	})
	lang.RegisterModule("torch.random", "PyTorch's torch.random: the default generator (default_generator), its seeding and state (manual_seed, seed, initial_seed, get_rng_state, set_rng_state, the same functions as torch's) and fork_rng.", func() *lang.Module {
		m := &lang.Module{Attrs: map[string]lang.Value{"default_generator": defaultGenerator, "fork_rng": forkRNG}}
		for _, name := range []string{"manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state"} {
			m.Attrs[name], _ = lang.LookupBuiltin(name)
		}
		return m
	})
}
