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
	given := map[string]*tensor.Tensor{}
	for _, n := range sd {
		given[n.Name] = n.Tensor
	}
	type copyJob struct{ dst, src *tensor.Tensor }
	var jobs []copyJob
	var errs []string
	walkTree(m, func(m Module, prefix string) {
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
			jobs = append(jobs, copyJob{n.Tensor, src})
		}
		p := prefix
		if p != "" {
			p += "."
		}
		for _, n := range sd {
			rest, ok := strings.CutPrefix(n.Name, p)
			if !ok {
				continue
			}
			first, _, _ := strings.Cut(rest, ".")
			if !b.modules.has(first) && !slices.ContainsFunc(local, func(l Named) bool { return l.Name == first }) {
				unexpected = append(unexpected, n.Name)
			}
		}
	})
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
	if len(errs) > 0 {
		return missing, unexpected, tensor.Errorf(tensor.RuntimeError, "Error(s) in loading state_dict for %s:\n\t%s", m.TypeName(), strings.Join(errs, "\n\t"))
	}
	for _, j := range jobs {
		if err := j.dst.CopyFrom(j.src); err != nil {
			return missing, unexpected, err
		}
	}
	return missing, unexpected, nil
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
