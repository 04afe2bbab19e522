package nn

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// StateDict lists what PyTorch's model.state_dict() holds: for m and
// every module below it (depth first, a module registered twice under
// each of its names), its parameters and then its persistent buffers,
// leaving out slots that hold None, under their dotted names. The tensors
// are the module's own (detached in PyTorch; the caller detaches when it
// hands them out).
func StateDict(m Module) []Named {
	var out []Named
	walkTree(m, func(m Module, prefix string) {
		for _, n := range localState(m.Base()) {
			out = append(out, Named{join(prefix, n.Name), n.Tensor})
		}
	})
	return out
}

// WalkStateDict calls entry for each entry of StateDict(m), in order, and
// extra after each module's own entries with the key its extra state
// would have (prefix + "_extra_state"), for the language's
// get_extra_state.
func WalkStateDict(m Module, entry func(name string, t *tensor.Tensor) error, extra func(m Module, key string) error) error {
	var err error
	walkTree(m, func(m Module, prefix string) {
		if err != nil {
			return
		}
		for _, n := range localState(m.Base()) {
			if err = entry(join(prefix, n.Name), n.Tensor); err != nil {
				return
			}
		}
		err = extra(m, join(prefix, "_extra_state"))
	})
	return err
}

// localState lists a module's own entries of the state dict.
func localState(b *Base) []Named {
	var out []Named
	for _, name := range b.params.keys {
		if p := b.params.vals[name]; p != nil {
			out = append(out, Named{name, p})
		}
	}
	for _, name := range b.buffers.keys {
		if t := b.buffers.vals[name]; t != nil && !b.nonPersistent[name] {
			out = append(out, Named{name, t})
		}
	}
	return out
}

// LoadStateDict copies the tensors of sd into m's parameters and buffers
// of the same names (in place, converting dtype, as PyTorch's
// load_state_dict does under no_grad), and returns the keys m has that sd
// lacks (missing) and those of sd that m does not have (unexpected). With
// strict, either is an error, with PyTorch's message; a shape that differs
// from the module's is an error in any case. On error nothing is copied.
func LoadStateDict(m Module, sd []Named, strict bool) (missing, unexpected []string, err error) {
	return LoadStateDictWith(m, sd, strict, LoadHooks{})
}

// LoadHooks are what the language adds to LoadStateDictWith: modules'
// extra state (PyTorch's get_extra_state/set_extra_state, values that are
// not tensors) and load_state_dict post-hooks.
type LoadHooks struct {
	// ExtraState reports whether m loads extra state (its class overrides
	// set_extra_state); HasKey whether the state dict holds key among the
	// entries that are not in sd (not tensors); SetExtraState loads
	// key's value into m.
	ExtraState    func(m Module) bool
	HasKey        func(key string) bool
	SetExtraState func(m Module, key string) error
	// After runs for each module once it and the modules below it are
	// loaded (children first), with the keys found missing and unexpected
	// so far, and returns them, changed or not: PyTorch's
	// _load_state_dict_post_hooks, which may edit incompatible_keys.
	After func(m Module, missing, unexpected []string) ([]string, []string, error)
}

// LoadStateDictWith is LoadStateDict with hooks. As PyTorch, a module's
// extra state is loaded after its tensors, a missing one is a missing key
// and, for a module without extra state, one in the state dict is
// unexpected; the After hooks run before strict's error.
func LoadStateDictWith(m Module, sd []Named, strict bool, hooks LoadHooks) (missing, unexpected []string, err error) {
	given := map[string]*tensor.Tensor{}
	for _, n := range sd {
		given[n.Name] = n.Tensor
	}
	hasKey := func(key string) bool { return hooks.HasKey != nil && hooks.HasKey(key) }
	var jobs []func() error
	var errs []string
	// done lists, children first, each module with how many missing and
	// unexpected keys had been found when it and its subtree were done.
	type doneAt struct {
		m                   Module
		missing, unexpected int
	}
	var done []doneAt
	walkTreePost(m, func(m Module, prefix string) {
		b := m.Base()
		local := localState(b)
		for _, n := range local {
			key := join(prefix, n.Name)
			src, ok := given[key]
			if !ok {
				missing = append(missing, key)
				continue
			}
			if !slices.Equal(src.Shape(), n.Tensor.Shape()) {
				errs = append(errs, fmt.Sprintf("size mismatch for %s: copying a param with shape %s from checkpoint, the shape in current model is %s.",
					key, sizeString(src.Shape()), sizeString(n.Tensor.Shape())))
				continue
			}
			dst := n.Tensor
			jobs = append(jobs, func() error { return dst.CopyFrom(src) })
		}
		extraKey := join(prefix, "_extra_state")
		if hooks.ExtraState != nil && hooks.ExtraState(m) {
			switch {
			case hasKey(extraKey):
				mod := m
				jobs = append(jobs, func() error { return hooks.SetExtraState(mod, extraKey) })
			default:
				missing = append(missing, extraKey)
			}
		} else if hasKey(extraKey) {
			unexpected = append(unexpected, extraKey)
		}
		p := prefix
		if p != "" {
			p += "."
		}
		for _, n := range sd {
			rest, ok := strings.CutPrefix(n.Name, p)
			if !ok || n.Name == extraKey {
				continue
			}
			first, _, _ := strings.Cut(rest, ".")
			if !b.modules.has(first) && !slices.ContainsFunc(local, func(l Named) bool { return l.Name == first }) {
				unexpected = append(unexpected, n.Name)
			}
		}
	}, func(m Module, _ string) {
		done = append(done, doneAt{m, len(missing), len(unexpected)})
	})
	if len(errs) > 0 {
		return missing, unexpected, stateDictError(m, strict, missing, unexpected, errs)
	}
	for _, job := range jobs {
		if err := job(); err != nil {
			return missing, unexpected, err
		}
	}
	if hooks.After != nil {
		var gotM, gotU []string // the lists as the hooks left them
		prevM, prevU := 0, 0
		for _, d := range done {
			gotM = append(gotM, missing[prevM:d.missing]...)
			gotU = append(gotU, unexpected[prevU:d.unexpected]...)
			prevM, prevU = d.missing, d.unexpected
			if gotM, gotU, err = hooks.After(d.m, gotM, gotU); err != nil {
				return gotM, gotU, err
			}
		}
		missing, unexpected = gotM, gotU
	}
	return missing, unexpected, stateDictError(m, strict, missing, unexpected, nil)
}

// stateDictError is load_state_dict's RuntimeError: with strict the
// missing and unexpected keys, then errs; nil when there is nothing to say.
func stateDictError(m Module, strict bool, missing, unexpected, errs []string) error {
	if strict {
		var head []string
		if len(missing) > 0 {
			head = append(head, "Missing key(s) in state_dict: "+quoteKeys(missing)+". ")
		}
		if len(unexpected) > 0 {
			head = append(head, "Unexpected key(s) in state_dict: "+quoteKeys(unexpected)+". ")
		}
		errs = append(head, errs...)
	}
	if len(errs) == 0 {
		return nil
	}
	return tensor.Errorf(tensor.RuntimeError, "Error(s) in loading state_dict for %s:\n\t%s", m.TypeName(), strings.Join(errs, "\n\t"))
}

// quoteKeys writes keys as PyTorch's message does: "a", "b".
func quoteKeys(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = `"` + k + `"`
	}
	return strings.Join(q, ", ")
}

// sizeString writes a shape as torch.Size([2, 3]).
func sizeString(shape []int) string { return "torch.Size(" + tensor.FormatShape(shape) + ")" }
