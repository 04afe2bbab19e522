package torch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.distributions.constraints: the constraint objects (real,
// positive, interval(a, b), simplex, ...) with PyTorch 1.13's check(),
// is_discrete, event_dim and repr, the Constraint base a user's
// constraint derives from, and is_dependent. A distribution's support and
// arg_constraints are these objects.

const constraintsModule = "torch.distributions.constraints."

// Constraint is one constraint object.
type Constraint struct {
	constraint
	eventDim  int
	discrete  bool
	dependent bool
	// attrs are the constructor's arguments PyTorch keeps on the object:
	// lower_bound, upper_bound, base_constraint, reinterpreted_batch_ndims.
	attrs map[string]lang.Value
}

// TypeName is PyTorch's class name: _Real, _GreaterThan.
func (c *Constraint) TypeName() string {
	name, _, _ := strings.Cut(c.name, "(")
	return "_" + name
}

// ClassName is the qualified class name.
func (c *Constraint) ClassName() string { return constraintsModule + c.TypeName() }

// String is PyTorch's repr.
func (c *Constraint) String() string { return c.name }

// Attr returns check and the attributes.
func (c *Constraint) Attr(name string) (lang.Value, bool) {
	switch name {
	case "check":
		return &lang.BoundMethod{Recv: c, Method: constraintCheck}, true
	case "event_dim":
		if c.dependent {
			return nil, false
		}
		return int64(c.eventDim), true
	case "is_discrete":
		if c.dependent {
			return nil, false
		}
		return c.discrete, true
	}
	v, ok := c.attrs[name]
	return v, ok
}

// AttrNames lists the attributes.
func (c *Constraint) AttrNames() []string {
	return append(sortedKeys(c.attrs), "check", "event_dim", "is_discrete")
}

// constraintCheck is Constraint.check(value).
var constraintCheck = lang.NewBuiltin(lang.AsValue, "check(self, value)", "A bool tensor of sample_shape + batch_shape: whether each event of value satisfies the constraint.", func(a *lang.Args) (lang.Value, error) {
	return a.Value("self").(*Constraint).checkValue(a.Value("value"))
})

// checkValue runs the check on a tensor or a number.
func (c *Constraint) checkValue(v lang.Value) (*tensor.Tensor, error) {
	if c.dependent {
		return nil, lang.Errorf(lang.ValueError, "Cannot determine validity of dependent constraint")
	}
	t, ok := v.(*tensor.Tensor)
	if !ok {
		f, isNum := lang.AsFloat(v)
		if !isNum {
			return nil, lang.Errorf(lang.TypeError, "check() expects a tensor, not %s", lang.TypeName(v))
		}
		var err error
		if t, err = tensor.Full(f, tensor.Float32); err != nil {
			return nil, err
		}
	}
	ch := &chainOps{}
	r := c.check(ch, autograd.Detach(t))
	return r, ch.err
}

// boundText is '{}'.format(bound): a number as str() shows it, a 0-d
// tensor as its number.
func boundText(v lang.Value) string {
	if t, ok := v.(*tensor.Tensor); ok {
		return valueText(t)
	}
	return lang.Str(v)
}

// boundTensor is a bound as a tensor like v.
func boundTensor(c *chainOps, b lang.Value, v *tensor.Tensor) *tensor.Tensor {
	if t, ok := b.(*tensor.Tensor); ok {
		return t
	}
	f, _ := lang.AsFloat(b)
	return c.scalar(f, v)
}

// wholeCheck is value % 1 == 0.
func wholeCheck(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	return c.bin(tensor.Eq, c.bin(tensor.Remainder, v, c.scalar(1, v)), c.scalar(0, v))
}

// lowerTriangular is (value.tril() == value) over the last two dimensions.
func lowerTriangular(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	tril := c.do(func() (*tensor.Tensor, error) { return tensor.Tril(v, 0) })
	return c.do(func() (*tensor.Tensor, error) { return tensor.All(c.bin(tensor.Eq, tril, v), []int{-2, -1}, false) })
}

// squareConstraintCheck is Square's check: a bool of value.shape[:-2].
func squareConstraintCheck(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	s := v.Shape()
	fill := 0.0
	if s[len(s)-1] == s[len(s)-2] {
		fill = 1
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.Full(fill, tensor.Bool, s[:len(s)-2]...) })
}

// newBoundConstraint makes a constraint of bounds (GreaterThan(lower_bound=0.0)).
func newBoundConstraint(class string, discrete bool, names []string, bounds []lang.Value, check func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor) *Constraint {
	var parts []string
	attrs := map[string]lang.Value{}
	for i, n := range names {
		parts = append(parts, n+"="+boundText(bounds[i]))
		attrs[n] = bounds[i]
	}
	return &Constraint{constraint: constraint{class + "(" + strings.Join(parts, ", ") + ")", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		bs := make([]*tensor.Tensor, len(bounds))
		for i, b := range bounds {
			bs[i] = boundTensor(c, b, v)
		}
		return check(c, v, bs)
	}}, discrete: discrete, attrs: attrs}
}

func greaterThan(b lang.Value) *Constraint {
	return newBoundConstraint("GreaterThan", false, []string{"lower_bound"}, []lang.Value{b}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.Lt, b[0], v)
	})
}

func greaterThanEq(b lang.Value) *Constraint {
	return newBoundConstraint("GreaterThanEq", false, []string{"lower_bound"}, []lang.Value{b}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.Le, b[0], v)
	})
}

func lessThan(b lang.Value) *Constraint {
	return newBoundConstraint("LessThan", false, []string{"upper_bound"}, []lang.Value{b}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.Lt, v, b[0])
	})
}

func interval(lo, hi lang.Value) *Constraint {
	return newBoundConstraint("Interval", false, []string{"lower_bound", "upper_bound"}, []lang.Value{lo, hi}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.LogicalAnd, c.bin(tensor.Le, b[0], v), c.bin(tensor.Le, v, b[1]))
	})
}

func halfOpenInterval(lo, hi lang.Value) *Constraint {
	return newBoundConstraint("HalfOpenInterval", false, []string{"lower_bound", "upper_bound"}, []lang.Value{lo, hi}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.LogicalAnd, c.bin(tensor.Le, b[0], v), c.bin(tensor.Lt, v, b[1]))
	})
}

func integerInterval(lo, hi lang.Value) *Constraint {
	return newBoundConstraint("IntegerInterval", true, []string{"lower_bound", "upper_bound"}, []lang.Value{lo, hi}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		inside := c.bin(tensor.LogicalAnd, c.bin(tensor.Le, b[0], v), c.bin(tensor.Le, v, b[1]))
		return c.bin(tensor.LogicalAnd, wholeCheck(c, v), inside)
	})
}

func integerGreaterThan(lo lang.Value) *Constraint {
	return newBoundConstraint("IntegerGreaterThan", true, []string{"lower_bound"}, []lang.Value{lo}, func(c *chainOps, v *tensor.Tensor, b []*tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.LogicalAnd, wholeCheck(c, v), c.bin(tensor.Ge, v, b[0]))
	})
}

// independentConstraint is independent(base, n): base's check reduced
// with all over its n rightmost dimensions.
func independentConstraint(base *Constraint, n int) *Constraint {
	return &Constraint{constraint: constraint{fmt.Sprintf("IndependentConstraint(%s, %d)", base.name, n), func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		r := base.check(c, v)
		if c.err != nil || n == 0 {
			return r
		}
		if r.Dim() < n {
			c.err = lang.Errorf(lang.ValueError, "Expected value.dim() >= %d but got %d", base.eventDim+n, v.Dim())
			return nil
		}
		dims := make([]int, n)
		for i := range dims {
			dims[i] = -1 - i
		}
		return c.do(func() (*tensor.Tensor, error) { return tensor.All(r, dims, false) })
	}}, eventDim: base.eventDim + n, discrete: base.discrete,
		attrs: map[string]lang.Value{"base_constraint": base, "reinterpreted_batch_ndims": int64(n)}}
}

// wrapConstraint gives the internal constraint con (a distribution's
// support) its object: event_dim and is_discrete from its class.
func wrapConstraint(con constraint) *Constraint {
	out := &Constraint{constraint: con}
	class, _, _ := strings.Cut(con.name, "(")
	switch class {
	case "Boolean", "IntegerInterval", "IntegerGreaterThan", "IntegerLessThan":
		out.discrete = true
	case "OneHot", "Multinomial":
		out.discrete, out.eventDim = true, 1
	case "Simplex", "IndependentConstraint":
		out.eventDim = 1
	case "LowerTriangular", "LowerCholesky", "CorrCholesky", "Square", "Symmetric", "PositiveDefinite", "PositiveSemidefinite":
		out.eventDim = 2
	}
	return out
}

var (
	dependentConstraint = &Constraint{constraint: constraint{name: "Dependent()"}, dependent: true}
	lowerTriangularCon  = &Constraint{constraint: constraint{"LowerTriangular()", lowerTriangular}, eventDim: 2}
	lowerCholeskyCon    = &Constraint{constraint: constraint{"LowerCholesky()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		diag := c.do(func() (*tensor.Tensor, error) { return tensor.Diagonal(v, 0, -2, -1) })
		pos := c.do(func() (*tensor.Tensor, error) {
			return tensor.All(c.bin(tensor.Gt, diag, c.scalar(0, v)), []int{-1}, false)
		})
		return c.bin(tensor.LogicalAnd, lowerTriangular(c, v), pos)
	}}, eventDim: 2}
	squareCon    = &Constraint{constraint: constraint{"Square()", squareConstraintCheck}, eventDim: 2}
	symmetricCon = &Constraint{constraint: constraint{"Symmetric()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		sq := squareConstraintCheck(c, v)
		if c.err != nil {
			return nil
		}
		if s := v.Shape(); s[len(s)-1] != s[len(s)-2] {
			return sq
		}
		mt := c.do(func() (*tensor.Tensor, error) { return v.Transpose(-2, -1) })
		// isclose(value, value.mT, atol=1e-6) with rtol 1e-5
		diff := c.un(tensor.Abs, c.bin(tensor.Sub, v, mt))
		tol := c.bin(tensor.Add, c.scalar(1e-6, v), c.bin(tensor.Mul, c.scalar(1e-5, v), c.un(tensor.Abs, mt)))
		return c.do(func() (*tensor.Tensor, error) { return tensor.All(c.bin(tensor.Le, diff, tol), []int{-2, -1}, false) })
	}}, eventDim: 2}
)

// constraintArg reads a constraint argument.
func constraintArg(a *lang.Args, name string) *Constraint {
	c, ok := a.Value(name).(*Constraint)
	if !ok {
		a.Fail(lang.Errorf(lang.AssertionError, ""))
	}
	return c
}

// constraintsMembers are the members of torch.distributions.constraints.
func constraintsMembers() map[string]lang.Value {
	real := wrapConstraint(realConstraint)
	m := map[string]lang.Value{
		"Constraint":          constraintBaseClass,
		"real":                real,
		"real_vector":         independentConstraint(real, 1),
		"positive":            greaterThan(0.0),
		"nonnegative":         greaterThanEq(0.0),
		"unit_interval":       interval(0.0, 1.0),
		"boolean":             wrapConstraint(booleanConstraint),
		"simplex":             wrapConstraint(simplexConstraint),
		"one_hot":             wrapConstraint(oneHotConstraint),
		"nonnegative_integer": integerGreaterThan(int64(0)),
		"positive_integer":    integerGreaterThan(int64(1)),
		"dependent":           dependentConstraint,
		"lower_triangular":    lowerTriangularCon,
		"lower_cholesky":      lowerCholeskyCon,
		"square":              squareCon,
		"symmetric":           symmetricCon,
	}
	one := func(sig, doc string, f func(b lang.Value) *Constraint) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, nil)
		p := b.ParamNames()[0]
		b.SetFn(func(a *lang.Args) (lang.Value, error) { return f(a.Value(p)), nil })
		m[b.Name] = b
	}
	two := func(sig, doc string, f func(lo, hi lang.Value) *Constraint) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			return f(a.Value("lower_bound"), a.Value("upper_bound")), nil
		})
		m[b.Name] = b
	}
	one("greater_than(lower_bound)", "The constraint lower_bound < x.", greaterThan)
	one("greater_than_eq(lower_bound)", "The constraint lower_bound <= x.", greaterThanEq)
	one("less_than(upper_bound)", "The constraint x < upper_bound.", lessThan)
	two("interval(lower_bound, upper_bound)", "The constraint lower_bound <= x <= upper_bound.", interval)
	two("half_open_interval(lower_bound, upper_bound)", "The constraint lower_bound <= x < upper_bound.", halfOpenInterval)
	two("integer_interval(lower_bound, upper_bound)", "The constraint: x a whole number, lower_bound <= x <= upper_bound.", integerInterval)
	m["multinomial"] = lang.NewBuiltin(lang.AsValue, "multinomial(upper_bound)", "The constraint of Multinomial's samples: each last-dimension row non-negative with a sum of at most upper_bound.", func(a *lang.Args) (lang.Value, error) {
		ub := a.Value("upper_bound")
		return &Constraint{constraint: constraint{"Multinomial()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			nonNeg := c.do(func() (*tensor.Tensor, error) {
				return tensor.All(c.bin(tensor.Ge, v, c.scalar(0, v)), []int{-1}, false)
			})
			sum := c.do(func() (*tensor.Tensor, error) { return tensor.Sum(v, []int{-1}, false) })
			return c.bin(tensor.LogicalAnd, nonNeg, c.bin(tensor.Le, sum, boundTensor(c, ub, sum)))
		}}, discrete: true, eventDim: 1, attrs: map[string]lang.Value{"upper_bound": ub}}, nil
	})
	m["independent"] = lang.NewBuiltin(lang.AsValue, "independent(base_constraint, reinterpreted_batch_ndims)", "base_constraint with its reinterpreted_batch_ndims rightmost dimensions taken as one event: check holds where it holds for every element of them.", func(a *lang.Args) (lang.Value, error) {
		base := constraintArg(a, "base_constraint")
		n, ok := a.Value("reinterpreted_batch_ndims").(int64)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !ok || n < 0 {
			return nil, lang.Errorf(lang.AssertionError, "")
		}
		return independentConstraint(base, int(n)), nil
	})
	m["is_dependent"] = lang.NewBuiltin(lang.AsValue, "is_dependent(constraint)", "Whether constraint is dependent, a placeholder that cannot be checked.", func(a *lang.Args) (lang.Value, error) {
		c, ok := a.Value("constraint").(*Constraint)
		return ok && c.dependent, nil
	})
	return m
}

// constraintBaseClass is torch.distributions.constraints.Constraint, the
// class a user's constraint derives from (defining check).
var constraintBaseClass = lang.NewBuiltin(lang.AsValue, "Constraint()", "The base class of constraints: derive from it and define check(value), which returns a bool tensor; is_discrete is False and event_dim 0 unless the class sets them.", func(a *lang.Args) (lang.Value, error) {
	return nil, lang.Errorf(lang.TypeError, "kael's Constraint is a base class: derive a class from it and define check")
})

func defConstraints(mod *lang.Module) {
	members := constraintsMembers()
	lang.RegisterNativeBase(constraintsModule+"Constraint", constraintBaseClass, &lang.NativeBase{
		Name: "Constraint",
		Init: func(*lang.Instance, []lang.Value, []string, []lang.Value) error { return nil },
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			switch name {
			case "is_discrete":
				return false, true, nil
			case "event_dim":
				return int64(0), true, nil
			}
			return nil, false, nil
		},
		Methods: map[string]lang.Value{"check": lang.NewBuiltin(lang.AsValue, "check(self, value)", "Raises NotImplementedError: a subclass defines it.", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(NotImplementedError, "")
		}).BindingSelf()},
		Repr: func(x *lang.Instance) (string, bool) { return x.Class().Name[1:] + "()", true },
	})
	lang.RegisterClassAttr(constraintBaseClass, "is_discrete", false)
	lang.RegisterClassAttr(constraintBaseClass, "event_dim", int64(0))
	for _, class := range []string{"_Real", "_GreaterThan", "_GreaterThanEq", "_LessThan", "_Interval", "_HalfOpenInterval", "_IntegerInterval",
		"_IntegerGreaterThan", "_Boolean", "_Simplex", "_OneHot", "_Multinomial", "_IndependentConstraint", "_Dependent",
		"_LowerTriangular", "_LowerCholesky", "_Square", "_Symmetric"} {
		lang.RegisterSubclass(constraintsModule+class, constraintsModule+"Constraint")
	}
	constraintsMod := &lang.Module{Name: "torch.distributions.constraints", Attrs: members}
	mod.Attrs["constraints"] = constraintsMod
	names := sortedKeys(members)
	slices.Sort(names)
	lang.RegisterModule("torch.distributions.constraints", "torch.distributions.constraints: "+strings.Join(names, ", ")+".", func() *lang.Module { return constraintsMod })
}

// argConstraints is the arg_constraints dict of a built-in distribution,
// in PyTorch's order.
func (d *Distribution) argConstraints() *lang.Dict {
	out := lang.NewDict()
	var names []string
	switch {
	case d.kind == "Wishart": // PyTorch's order, df's bound per instance
		names = append(slices.Clone(mvnMatrices), "df")
	case distKinds[d.kind] != nil:
		k := distKinds[d.kind]
		for _, p := range k.params {
			if _, ok := k.constraints[p]; ok {
				names = append(names, p)
			}
		}
		for _, p := range sortedKeys(k.constraints) {
			if !slices.Contains(names, p) {
				names = append(names, p)
			}
		}
	case d.kind == "Normal":
		names = []string{"loc", "scale"}
	case d.kind == "Bernoulli", d.kind == "Categorical":
		names = []string{"probs", "logits"}
	case d.kind == "Uniform":
		dep := &Constraint{constraint: constraint{name: "Dependent()"}, dependent: true}
		_ = out.Set("low", dep)
		_ = out.Set("high", dep)
		return out
	}
	for _, n := range names {
		if con, ok := d.paramConstraint(n); ok {
			_ = out.Set(n, wrapConstraint(con))
		}
	}
	return out
}
