package numpy

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.einsum on kael's einsum (autograd.Einsum, the one torch.einsum uses):
// the operands promoted by NumPy's rules, the equation read as NumPy
// reads it, and NumPy's errors for a malformed one.

func defEinsum(m map[string]lang.Value) {
	m["einsum"] = lang.NewBuiltin(lang.AsValue, "einsum(subscripts, *operands, optimize=False)", "Einstein summation: einsum('ij,jk->ik', a, b) is a @ b, 'ii' the trace, 'ii->i' the diagonal, 'i,j->ij' an outer product, 'ij->' a sum, 'bij,bjk->bik' a batched product; '...' stands for the other axes, and without '->' the output is the letters used once, in alphabetical order. optimize (False, True, 'greedy', 'optimal' or a path from np.einsum_path) is accepted; kael contracts pairwise, left to right, whatever it says.", func(a *lang.Args) (lang.Value, error) {
		eq := a.Str("subscripts")
		if err := a.Err(); err != nil {
			return nil, err
		}
		vals, _ := a.Value("operands").(lang.Tuple)
		if len(vals) == 0 {
			return nil, lang.Errorf(lang.ValueError, "No input operands")
		}
		ts := make([]*tensor.Tensor, len(vals))
		var dt tensor.DType
		for i, v := range vals {
			t, err := arrayFrom(v, 0, false)
			if err != nil {
				return nil, err
			}
			ts[i] = t
			if i == 0 {
				dt = t.DType()
			} else {
				dt = promote(dt, t.DType())
			}
		}
		work := dt
		if dt == tensor.Bool { // NumPy's einsum of bools is and/or: count, then test
			work = tensor.Int64
		}
		for i, t := range ts {
			c, err := castTensor(t, work)
			if err != nil {
				return nil, err
			}
			ts[i] = c
		}
		r, err := autograd.Einsum(eq, ts)
		if err != nil {
			return nil, einsumValueError(err)
		}
		if dt == tensor.Bool {
			if r, err = castTensor(r, tensor.Bool); err != nil {
				return nil, err
			}
		}
		if r.Dim() == 0 {
			return wrap(r), nil
		}
		return wrapArray(r), nil
	})
}

// einsumValueError is NumPy's ValueError for what kael's einsum refuses:
// NumPy's message for a count of operands or subscripts that does not
// match, kael's own words for the rest (such as sizes that differ).
func einsumValueError(err error) error {
	e, ok := err.(*tensor.Error)
	if !ok {
		return err
	}
	msg := strings.TrimPrefix(e.Msg, "einsum(): ")
	var n, dims, op int
	switch {
	case strings.HasPrefix(msg, "more operands were provided"):
		msg = "more operands provided to einstein sum function than specified in the subscripts string"
	default:
		if k, _ := fmt.Sscanf(msg, "the number of subscripts in the equation (%d) does not match the number of dimensions (%d) for operand %d", &n, &dims, &op); k == 3 {
			if n > dims {
				msg = fmt.Sprintf("einstein sum subscripts string contains too many subscripts for operand %d", op)
			} else {
				msg = "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions."
			}
		}
	}
	return lang.Errorf(lang.ValueError, "%s", msg)
}
