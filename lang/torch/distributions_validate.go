package torch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Argument and sample validation of torch.distributions, as PyTorch 1.13
// does it by default (validate_args=None means on, outside python -O):
// each parameter against its constraint when the distribution is made,
// and log_prob's value against the support, with PyTorch's messages.

// constraint is one of torch.distributions.constraints: its repr and the
// elementwise check (a bool tensor, true where valid).
type constraint struct {
	name  string
	check func(c *chainOps, v *tensor.Tensor) *tensor.Tensor
}

var (
	realConstraint = constraint{"Real()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.Eq, v, v)
	}}
	positiveConstraint = constraint{"GreaterThan(lower_bound=0.0)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.Gt, v, c.scalar(0, v))
	}}
	unitIntervalConstraint = intervalConstraint(0, 1)
	booleanConstraint      = constraint{"Boolean()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.LogicalOr, c.bin(tensor.Eq, v, c.scalar(0, v)), c.bin(tensor.Eq, v, c.scalar(1, v)))
	}}
	// simplexConstraint: each last-dimension row non-negative, summing to 1
	// within 1e-6 (in the tensor's own dtype, as PyTorch sums it).
	simplexConstraint = constraint{"Simplex()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		nonNeg := c.do(func() (*tensor.Tensor, error) {
			return tensor.All(c.bin(tensor.Ge, v, c.scalar(0, v)), []int{-1}, false)
		})
		sum := c.do(func() (*tensor.Tensor, error) { return tensor.Sum(v, []int{-1}, false) })
		off := c.un(tensor.Abs, c.bin(tensor.Sub, sum, c.scalar(1, v)))
		return c.bin(tensor.LogicalAnd, nonNeg, c.bin(tensor.Lt, off, c.scalar(1e-6, v)))
	}}
	// realVectorConstraint is IndependentConstraint(Real(), 1): each
	// last-dimension row free of NaN.
	realVectorConstraint = constraint{"IndependentConstraint(Real(), 1)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return tensor.All(c.bin(tensor.Eq, v, v), []int{-1}, false) })
	}}
)

// intervalConstraint is Interval(lower_bound=lo, upper_bound=hi): lo <= v <= hi.
func intervalConstraint(lo, hi float64) constraint {
	return constraint{fmt.Sprintf("Interval(lower_bound=%s, upper_bound=%s)", lang.Repr(lo), lang.Repr(hi)), func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.LogicalAnd, c.bin(tensor.Le, c.scalar(lo, v), v), c.bin(tensor.Le, v, c.scalar(hi, v)))
	}}
}

// tensorIntervalConstraint is Uniform's support, Interval(low, high) with
// tensors for bounds (shown as format() shows them: a 0-d bound as its
// number).
func tensorIntervalConstraint(lo, hi *tensor.Tensor) constraint {
	return constraint{fmt.Sprintf("Interval(lower_bound=%s, upper_bound=%s)", valueText(lo), valueText(hi)), func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.LogicalAnd, c.bin(tensor.Le, lo, v), c.bin(tensor.Le, v, hi))
	}}
}

// integerIntervalConstraint is IntegerInterval(lower_bound=0,
// upper_bound=hi): whole numbers from 0 to hi.
func integerIntervalConstraint(hi int) constraint {
	return constraint{fmt.Sprintf("IntegerInterval(lower_bound=0, upper_bound=%d)", hi), func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		whole := c.bin(tensor.Eq, c.bin(tensor.Remainder, v, c.scalar(1, v)), c.scalar(0, v))
		inside := c.bin(tensor.LogicalAnd, c.bin(tensor.Ge, v, c.scalar(0, v)), c.bin(tensor.Le, v, c.scalar(float64(hi), v)))
		return c.bin(tensor.LogicalAnd, whole, inside)
	}}
}

// valueText is Python's f"{value}" of a tensor, as PyTorch's messages
// and reprs show parameters, values and bounds: a 0-d tensor formats as
// its number, others as their printed text.
func valueText(t *tensor.Tensor) string {
	if t.Dim() == 0 {
		if item, err := t.Item(); err == nil {
			return lang.Repr(item)
		}
	}
	return lang.Str(t)
}

// allValid reports whether check holds for every element of v.
func allValid(con constraint, v *tensor.Tensor) (bool, error) {
	c := &chainOps{}
	ok := c.do(func() (*tensor.Tensor, error) { return tensor.All(con.check(c, v), nil, false) })
	if c.err != nil {
		return false, c.err
	}
	item, err := ok.Item()
	if err != nil {
		return false, err
	}
	b, _ := item.(bool)
	return b, nil
}

// shapeText is Python's tuple(value.shape): (), (2,), (2, 3).
func shapeText(t *tensor.Tensor) string {
	parts := make([]string, t.Dim())
	for i, n := range t.Shape() {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// paramConstraint is the constraint of a parameter of d.
func (d *Distribution) paramConstraint(name string) (constraint, bool) {
	if d.kind == "Wishart" && name == "df" {
		// GreaterThan(dimension - 1), set per instance as PyTorch's
		// __init__ sets it
		return greaterThan(int64(d.eventShape()[0] - 1)).constraint, true
	}
	if k := distKinds[d.kind]; k != nil {
		con, ok := k.constraints[name]
		return con, ok
	}
	switch {
	case d.kind == "Normal" && name == "loc":
		return realConstraint, true
	case d.kind == "Normal" && name == "scale":
		return positiveConstraint, true
	case d.kind == "Bernoulli" && name == "probs":
		return unitIntervalConstraint, true
	case d.kind == "Bernoulli" && name == "logits":
		return realConstraint, true
	case d.kind == "Categorical" && name == "probs":
		return simplexConstraint, true
	case d.kind == "Categorical" && name == "logits":
		return realVectorConstraint, true
	}
	return constraint{}, false // Uniform's low and high are checked together
}

// validateArgs checks d's parameters as PyTorch's Distribution.__init__
// does (Uniform: low < high everywhere).
func (d *Distribution) validateArgs() error {
	if d.kind == "StudentT" {
		// PyTorch makes (and so validates) its Chi2(df) first.
		chi2, err := newChi2(d.params["df"])
		if err != nil {
			return err
		}
		if err := chi2.validateArgs(); err != nil {
			return err
		}
	}
	if d.kind == "Beta" {
		return d.base.validateArgs() // its Dirichlet's, as PyTorch checks them
	}
	if d.transforms != nil && d.kind != "TransformedDistribution" {
		// A relaxed distribution's parameters are its base's.
		return d.base.validateArgs()
	}
	if d.kind == "Uniform" {
		lt, err := tensor.Lt(d.params["low"], d.params["high"])
		if err != nil {
			return err
		}
		all, err := tensor.All(lt, nil, false)
		if err != nil {
			return err
		}
		if item, _ := all.Item(); item != true {
			return lang.Errorf(lang.ValueError, "Uniform is not defined when low>= high")
		}
		return nil
	}
	names := d.shown()
	if k := distKinds[d.kind]; k != nil && len(names) == 0 {
		// the parameters a transformed distribution reads from its
		// base (HalfNormal's scale) are checked all the same
		for _, p := range k.params {
			if d.params[p] != nil {
				names = append(names, p)
			}
		}
	}
	if d.kind == "Chi2" {
		names = []string{"df"} // Chi2's one argument, 2 * concentration
	}
	for _, name := range names {
		con, ok := d.paramConstraint(name)
		if !ok {
			continue
		}
		v := d.params[name]
		if d.kind == "Chi2" { // df = concentration / rate = (df / 2) / (1 / 2)
			var err error
			if v, err = tensor.Div(d.params["concentration"], d.params["rate"]); err != nil {
				return err
			}
		}
		valid, err := allValid(con, v)
		if err != nil {
			return err
		}
		if !valid {
			return lang.Errorf(lang.ValueError, "Expected parameter %s (Tensor of shape %s) of distribution %s to satisfy the constraint %s, but found invalid values:\n%s",
				name, shapeText(v), d.String(), con.name, valueText(v))
		}
	}
	return nil
}

// support is the constraint log_prob's value must meet.
func (d *Distribution) support() constraint {
	switch d.kind {
	case "MixtureSameFamily":
		return d.base.support()
	case "Multinomial":
		return multinomialConstraint(d.totalCount)
	case "Binomial":
		return integerInterval(int64(0), d.params["total_count"]).constraint
	case "Pareto":
		return greaterThanEq(d.params["scale"]).constraint
	}
	if k := distKinds[d.kind]; k != nil {
		return k.support
	}
	switch d.kind {
	case "RelaxedBernoulli":
		return unitIntervalConstraint
	case "RelaxedOneHotCategorical":
		return simplexConstraint
	case "Uniform":
		return tensorIntervalConstraint(d.params["low"], d.params["high"])
	case "Bernoulli":
		return booleanConstraint
	case "Categorical":
		p := d.params["probs"]
		if p == nil {
			p = d.params["logits"]
		}
		return integerIntervalConstraint(p.Shape()[p.Dim()-1] - 1)
	}
	return realConstraint
}

// validateSample checks log_prob's value as PyTorch's _validate_sample
// does: a tensor, within the support.
func (d *Distribution) validateSample(v lang.Value) (*tensor.Tensor, error) {
	if d.kind == "Independent" && d.base.validate {
		// Independent's log_prob leaves the check to its base's.
		return d.base.validateSample(v)
	}
	if d.kind == "TransformedDistribution" {
		// The support is the last transform's codomain, which kael's
		// transforms do not describe: the value is not checked.
		if t, ok := v.(*tensor.Tensor); ok {
			return t, nil
		}
		return nil, lang.Errorf(lang.ValueError, "The value argument to log_prob must be a Tensor")
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "The value argument to log_prob must be a Tensor")
	}
	ev, s := d.eventShape(), t.Shape()
	if len(s) < len(ev) || !slices.Equal(s[len(s)-len(ev):], ev) {
		return nil, lang.Errorf(lang.ValueError, "The right-most size of value must match event_shape: %s vs %s.", lang.Repr(lang.NewSize(s)), lang.Repr(lang.NewSize(ev)))
	}
	want := slices.Concat(d.batch, ev)
	for i := 1; i <= min(len(s), len(want)); i++ {
		if a, b := s[len(s)-i], want[len(want)-i]; a != 1 && b != 1 && a != b {
			return nil, lang.Errorf(lang.ValueError, "Value is not broadcastable with batch_shape+event_shape: %s vs %s.", lang.Repr(lang.NewSize(s)), lang.Repr(lang.NewSize(want)))
		}
	}
	con := d.support()
	valid, err := allValid(con, t)
	if err != nil {
		return nil, err
	}
	if !valid {
		return nil, lang.Errorf(lang.ValueError, "Expected value argument (Tensor of shape %s) to be within the support (%s) of the distribution %s, but found invalid values:\n%s",
			shapeText(t), con.name, d.String(), valueText(t))
	}
	return t, nil
}
