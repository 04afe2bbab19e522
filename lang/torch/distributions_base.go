package torch

import (
	"errors"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.distributions.Distribution and ExponentialFamily: the bases a
// user's distribution derives from (class MyDist(Distribution) with
// arg_constraints, support, log_prob, rsample ...), with the behaviour of
// PyTorch 1.13's distribution.py: __init__(batch_shape, event_shape,
// validate_args) keeps the shapes as the instance's _batch_shape and
// _event_shape and checks each parameter against arg_constraints; sample
// runs rsample without gradient; stddev is the square root of variance;
// perplexity the exp of entropy; the methods a subclass must define raise
// NotImplementedError. The built-in distributions are registered as their
// subclasses, so isinstance(Normal(0, 1), Distribution) holds.

const (
	distBaseName  = "torch.distributions.distribution.Distribution"
	expFamilyName = "torch.distributions.exp_family.ExponentialFamily"
)

// distValidateDefault is Distribution._validate_args, which
// set_default_validate_args changes: on, as outside python -O.
var distValidateDefault = true

// expFamilyKinds are the built-in distributions deriving from
// ExponentialFamily in PyTorch 1.13 (the others derive from Distribution
// directly, or from TransformedDistribution).
var expFamilyKinds = map[string]bool{
	"Bernoulli": true, "Beta": true, "ContinuousBernoulli": true, "Dirichlet": true,
	"Exponential": true, "Gamma": true, "Normal": true, "Poisson": true, "Wishart": true,
}

// transformedKinds derive from TransformedDistribution in PyTorch.
var transformedKinds = map[string]bool{
	"LogNormal": true, "HalfNormal": true, "HalfCauchy": true, "Gumbel": true, "RelaxedBernoulli": true,
	"RelaxedOneHotCategorical": true, "Pareto": true, "Weibull": true, "Kumaraswamy": true, "LogisticNormal": true,
}

// distBaseClasses are Distribution and ExponentialFamily as classes.
var distBaseClasses = map[string]*lang.Builtin{}

// distClassParent is the qualified name of the base of the built-in
// distribution kind, as PyTorch 1.13 derives it.
func distClassParent(kind string) string {
	switch {
	case kind == "Chi2":
		return "torch.distributions.gamma.Gamma"
	case kind == "OneHotCategoricalStraightThrough":
		return "torch.distributions.one_hot_categorical.OneHotCategorical"
	case expFamilyKinds[kind]:
		return expFamilyName
	case transformedKinds[kind]:
		return "torch.distributions.transformed_distribution.TransformedDistribution"
	}
	return distBaseName
}

// shapeArg reads a batch_shape or event_shape argument: a torch.Size, a
// tuple or a list of ints.
func shapeArg(v lang.Value, what string) ([]int, error) {
	elems, _, ok := lang.Sequence(v)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s must be a torch.Size or a tuple of ints, not %s", what, lang.TypeName(v))
	}
	out := make([]int, len(elems))
	for i, e := range elems {
		n, ok := lang.AsInt(e)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s must hold ints, not %s", what, lang.TypeName(e))
		}
		out[i] = int(n)
	}
	return out, nil
}

// instShape reads the instance's _batch_shape or _event_shape as ints.
func instShape(x *lang.Instance, name string) ([]int, error) {
	v, ok := x.Attr(name)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", x.Class().Name, name)
	}
	return shapeArg(v, name)
}

// instAttr reads an attribute of x, raising its error (AttributeError,
// or what a property raised).
func instAttr(a *lang.Args, x *lang.Instance, name string) (lang.Value, error) {
	return lang.GetAttr(x, name)
}

// distBaseInit is Distribution.__init__(batch_shape=torch.Size(),
// event_shape=torch.Size(), validate_args=None).
func distBaseInit(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
	names := []string{"batch_shape", "event_shape", "validate_args"}
	args := map[string]lang.Value{"batch_shape": lang.NewSize(nil), "event_shape": lang.NewSize(nil), "validate_args": lang.None}
	if len(pos) > len(names) {
		return lang.Errorf(lang.TypeError, "Distribution.__init__() takes from 1 to 4 positional arguments but %d were given", len(pos)+1)
	}
	for i, v := range pos {
		args[names[i]] = v
	}
	for i, k := range kwNames {
		if !slices.Contains(names, k) {
			return lang.Errorf(lang.TypeError, "Distribution.__init__() got an unexpected keyword argument '%s'", k)
		}
		args[k] = kwVals[i]
	}
	x.SetOwn("_batch_shape", args["batch_shape"])
	x.SetOwn("_event_shape", args["event_shape"])
	if args["validate_args"] != lang.None {
		x.SetOwn("_validate_args", args["validate_args"])
	}
	s := x.Session()
	v, _ := x.Attr("_validate_args")
	if on, err := lang.Truth(v); err != nil || !on {
		return err
	}
	ac, err := lang.GetAttr(x, "arg_constraints")
	if err != nil {
		if !isNotImplemented(err) {
			return err
		}
		ac = lang.NewDict()
		if err := sessionWarn(s, x.Class().String()+" does not define `arg_constraints`. Please set `arg_constraints = {}` or initialize the distribution with `validate_args=False` to turn off validation."); err != nil {
			return err
		}
	}
	items, err := dictItems(ac)
	if err != nil {
		return err
	}
	for _, kv := range items {
		param, con := kv[0], kv[1]
		if c, ok := con.(*Constraint); ok && c.dependent {
			continue // a constraint that cannot be checked
		}
		name, ok := param.(string)
		if !ok {
			continue
		}
		value, err := lang.GetAttr(x, name)
		if err != nil {
			return err
		}
		valid, err := constraintHolds(s, con, value)
		if err != nil {
			return err
		}
		if !valid {
			rep, err := lang.ReprText(x)
			if err != nil {
				return err
			}
			shape, tname := "()", lang.TypeName(value)
			if t, ok := value.(*tensor.Tensor); ok {
				shape = shapeText(t)
			}
			text := lang.Str(value)
			if t, ok := value.(*tensor.Tensor); ok {
				text = valueText(t)
			}
			return lang.Errorf(lang.ValueError, "Expected parameter %s (%s of shape %s) of distribution %s to satisfy the constraint %s, but found invalid values:\n%s",
				name, tname, shape, rep, lang.Repr(con), text)
		}
	}
	return nil
}

// constraintHolds runs con.check(value).all(): kael's constraints in Go,
// a user's through its check method.
func constraintHolds(s *lang.Session, con, value lang.Value) (bool, error) {
	var r lang.Value
	if c, ok := con.(*Constraint); ok {
		t, err := c.checkValue(value)
		if err != nil {
			return false, err
		}
		r = t
	} else {
		check, err := lang.GetAttr(con, "check")
		if err != nil {
			return false, err
		}
		if r, err = s.CallHook(check, value); err != nil {
			return false, err
		}
	}
	if t, ok := r.(*tensor.Tensor); ok {
		all, err := tensor.All(t, nil, false)
		if err != nil {
			return false, err
		}
		item, err := all.Item()
		if err != nil {
			return false, err
		}
		b, _ := item.(bool)
		return b, nil
	}
	return lang.Truth(r)
}

// distBaseAttr is what Distribution gives a subclass's instance that the
// instance and its classes lack: the shapes, the class attributes, and
// the properties a subclass must define (NotImplementedError).
func distBaseAttr(x *lang.Instance, name string) (lang.Value, bool, error) {
	switch name {
	case "batch_shape", "event_shape":
		s, err := instShape(x, "_"+name)
		if err != nil {
			return nil, true, err
		}
		return lang.NewSize(s), true, nil
	case "_validate_args":
		return distValidateDefault, true, nil
	case "has_rsample", "has_enumerate_support":
		return false, true, nil
	case "arg_constraints", "support", "mean", "variance":
		return nil, true, lang.Errorf(NotImplementedError, "")
	case "mode":
		return nil, true, lang.Errorf(NotImplementedError, "%s does not implement mode", x.Class().String())
	case "stddev":
		v, err := lang.GetAttr(x, "variance")
		if err != nil {
			return nil, true, err
		}
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, true, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'sqrt'", lang.TypeName(v))
		}
		r, err := autograd.Sqrt(t)
		return r, true, err
	}
	return nil, false, nil
}

// distBaseMethods are Distribution's methods, bound to the instance.
func distBaseMethods() map[string]lang.Value {
	m := map[string]lang.Value{}
	method := func(sig, doc string, fn func(a *lang.Args, x *lang.Instance) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			x, ok := a.Value("self").(*lang.Instance)
			if !ok {
				return nil, a.WrongType("self", "a Distribution", a.Value("self"))
			}
			return fn(a, x)
		}).BindingSelf()
		m[b.Name] = b
	}
	notImplemented := func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return nil, lang.Errorf(NotImplementedError, "")
	}
	method("rsample(self, sample_shape=())", "A reparameterised sample: a subclass with has_rsample = True defines it.", notImplemented)
	method("log_prob(self, value)", "The log density or mass at value: a subclass defines it.", notImplemented)
	method("cdf(self, value)", "The cumulative distribution function at value: a subclass defines it.", notImplemented)
	method("icdf(self, value)", "The inverse cumulative distribution function at value: a subclass defines it.", notImplemented)
	method("entropy(self)", "The entropy of each distribution of the batch: a subclass defines it.", notImplemented)
	method("enumerate_support(self, expand=True)", "The values of a discrete distribution's support along dimension 0: a subclass defines it.", notImplemented)
	method("expand(self, batch_shape, _instance=None)", "A copy with its batch dimensions expanded: a subclass defines it.", notImplemented)
	method("sample(self, sample_shape=())", "A sample of shape sample_shape + batch_shape + event_shape: rsample run without gradient.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		rs, err := instAttr(a, x, "rsample")
		if err != nil {
			return nil, err
		}
		prev := autograd.IsGradEnabled()
		autograd.SetGradEnabled(false)
		defer autograd.SetGradEnabled(prev)
		return a.Call(rs, a.Value("sample_shape"))
	})
	method("sample_n(self, n)", "n samples: sample((n,)), with PyTorch's deprecation warning.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		n := a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := warnUser(a, "sample_n will be deprecated. Use .sample((n,)) instead"); err != nil {
			return nil, err
		}
		s, err := instAttr(a, x, "sample")
		if err != nil {
			return nil, err
		}
		return a.Call(s, lang.NewSize([]int{n}))
	})
	method("perplexity(self)", "exp(entropy()).", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		e, err := instAttr(a, x, "entropy")
		if err != nil {
			return nil, err
		}
		v, err := a.Call(e)
		if err != nil {
			return nil, err
		}
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "exp(): argument 'input' must be Tensor, not %s", lang.TypeName(v))
		}
		return result(autograd.Exp(t))
	})
	method("_extended_shape(self, sample_shape=())", "sample_shape + batch_shape + event_shape.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		s, err := shapeArg(a.Value("sample_shape"), "sample_shape")
		if err != nil {
			return nil, err
		}
		b, err := instShape(x, "_batch_shape")
		if err != nil {
			return nil, err
		}
		e, err := instShape(x, "_event_shape")
		if err != nil {
			return nil, err
		}
		return lang.NewSize(slices.Concat(s, b, e)), nil
	})
	method("_validate_sample(self, value)", "Checks value against the batch and event shapes and the support, as log_prob's validation does.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return lang.None, validateUserSample(a, x, a.Value("value"))
	})
	for _, name := range []string{"rsample", "sample", "_extended_shape"} {
		m[name].(*lang.Builtin).SetDefault("sample_shape", lang.NewSize(nil))
	}
	return m
}

// validateUserSample is Distribution._validate_sample for an instance of
// a user's subclass.
func validateUserSample(a *lang.Args, x *lang.Instance, v lang.Value) error {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return lang.Errorf(lang.ValueError, "The value argument to log_prob must be a Tensor")
	}
	batch, err := instShape(x, "_batch_shape")
	if err != nil {
		return err
	}
	ev, err := instShape(x, "_event_shape")
	if err != nil {
		return err
	}
	if err := checkSampleShape(t.Shape(), batch, ev); err != nil {
		return err
	}
	support, err := instAttr(a, x, "support")
	if err != nil {
		if !isNotImplemented(err) {
			return err
		}
		return warnUser(a, x.Class().String()+" does not define `support` to enable sample validation. Please initialize the distribution with `validate_args=False` to turn off validation.")
	}
	valid, err := constraintHolds(a.Session(), support, t)
	if err != nil || valid {
		return err
	}
	rep, err := lang.ReprText(x)
	if err != nil {
		return err
	}
	return lang.Errorf(lang.ValueError, "Expected value argument (Tensor of shape %s) to be within the support (%s) of the distribution %s, but found invalid values:\n%s",
		shapeText(t), lang.Repr(support), rep, valueText(t))
}

// checkSampleShape is _validate_sample's shape test: value's rightmost
// dimensions are the event shape, and the rest broadcast with the batch.
func checkSampleShape(s, batch, ev []int) error {
	if len(s) < len(ev) || !slices.Equal(s[len(s)-len(ev):], ev) {
		return lang.Errorf(lang.ValueError, "The right-most size of value must match event_shape: %s vs %s.", lang.Repr(lang.NewSize(s)), lang.Repr(lang.NewSize(ev)))
	}
	want := slices.Concat(batch, ev)
	for i := 1; i <= min(len(s), len(want)); i++ {
		if a, b := s[len(s)-i], want[len(want)-i]; a != 1 && b != 1 && a != b {
			return lang.Errorf(lang.ValueError, "Value is not broadcastable with batch_shape+event_shape: %s vs %s.", lang.Repr(lang.NewSize(s)), lang.Repr(lang.NewSize(want)))
		}
	}
	return nil
}

// distBaseRepr is Distribution.__repr__: the class name and the
// parameters of arg_constraints the instance holds, a one-element one
// as its value, others as their size.
func distBaseRepr(x *lang.Instance) (string, bool) {
	ac, err := lang.GetAttr(x, "arg_constraints")
	if err != nil {
		return "", false
	}
	items, err := dictItems(ac)
	if err != nil {
		return "", false
	}
	out := x.Class().Name + "("
	n := 0
	for _, kv := range items {
		name, ok := kv[0].(string)
		if !ok {
			continue
		}
		v, own, _ := x.Dict().Get(name)
		if !own {
			continue
		}
		text := lang.Str(v)
		if t, ok := v.(*tensor.Tensor); ok && t.Numel() != 1 {
			text = lang.Str(lang.NewSize(t.Shape()))
		} else if ok {
			text = valueText(t)
		}
		if n > 0 {
			out += ", "
		}
		out += name + ": " + text
		n++
	}
	return out + ")", true
}

// dictItems returns the key-value pairs of a dict, in order.
func dictItems(v lang.Value) ([][2]lang.Value, error) {
	d, ok := v.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "arg_constraints must be a dict, not %s", lang.TypeName(v))
	}
	keys, vals := d.Keys(), d.Values()
	out := make([][2]lang.Value, len(keys))
	for i := range keys {
		out[i] = [2]lang.Value{keys[i], vals[i]}
	}
	return out, nil
}

// isNotImplemented reports whether err is a NotImplementedError.
func isNotImplemented(err error) bool {
	var e *lang.Error
	return errors.As(err, &e) && e.Kind == NotImplementedError
}

// sessionWarn issues a UserWarning through session s's warnings module.
func sessionWarn(s *lang.Session, msg string) error {
	imp, _ := lang.BuiltinName("__import__")
	w, err := s.CallHook(imp, "warnings")
	if err != nil {
		return err
	}
	warn, err := lang.GetAttr(w, "warn")
	if err != nil {
		return err
	}
	_, err = s.CallHook(warn, msg)
	return err
}

func defDistributionBases(mod *lang.Module) {
	methods := distBaseMethods()
	methods["_get_checked_instance"] = getCheckedInstance
	for _, c := range []struct{ name, qualified, sig, doc string }{
		{"Distribution", distBaseName, "Distribution(batch_shape=(), event_shape=(), validate_args=None)",
			"The base class of probability distributions: derive from it (class MyDist(Distribution)), set arg_constraints and support, define log_prob, rsample (with has_rsample = True), mean, variance, entropy ..., and call super().__init__(batch_shape, event_shape, validate_args); sample, stddev, perplexity and the argument checks come from the base, as in PyTorch."},
		{"ExponentialFamily", expFamilyName, "ExponentialFamily(batch_shape=(), event_shape=(), validate_args=None)",
			"The base class of the exponential-family distributions (Normal, Bernoulli, Gamma, ...): a Distribution whose subclass may define _natural_params, _log_normalizer and _mean_carrier_measure."},
	} {
		c := c
		b := lang.NewBuiltin(lang.AsValue, c.sig, c.doc, func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(lang.TypeError, "kael's %s is a base class: derive a class from it (class MyDist(%s)) and make instances of that", c.name, c.name)
		})
		lang.RegisterNativeBase(c.qualified, b, &lang.NativeBase{
			Name:    c.name,
			Init:    distBaseInit,
			Attr:    distBaseAttr,
			Methods: methods,
			Repr:    distBaseRepr,
			Names: func(*lang.Instance) []string {
				return append(sortedKeys(methods), "batch_shape", "event_shape", "has_rsample", "has_enumerate_support", "stddev")
			},
		})
		lang.RegisterClassAttr(b, "has_rsample", false)
		lang.RegisterClassAttr(b, "has_enumerate_support", false)
		lang.RegisterClassAttr(b, "set_default_validate_args", setDefaultValidateArgs)
		distBaseClasses[c.name] = b
		mod.Attrs[c.name] = b
	}
	lang.RegisterSubclass(expFamilyName, distBaseName)
	lang.RegisterSubclass("torch.distributions.transformed_distribution.TransformedDistribution", distBaseName)
	lang.RegisterSubclass("torch.distributions.independent.Independent", distBaseName)
	for name := range distClasses {
		if name == "Independent" || name == "TransformedDistribution" {
			continue
		}
		lang.RegisterSubclass("torch.distributions."+distModuleOf(name)+"."+name, distClassParent(name))
	}
	lang.RegisterModule("torch.distributions.distribution", "torch.distributions.distribution: Distribution, the base class.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"Distribution": distBaseClasses["Distribution"]}}
	})
	lang.RegisterModule("torch.distributions.exp_family", "torch.distributions.exp_family: ExponentialFamily.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"ExponentialFamily": distBaseClasses["ExponentialFamily"]}}
	})
}

// setDefaultValidateArgs is Distribution.set_default_validate_args.
var setDefaultValidateArgs = lang.NewBuiltin(lang.AsValue, "set_default_validate_args(value)", "Turns argument and sample validation on (True, the default) or off (False) for distributions made without validate_args.", func(a *lang.Args) (lang.Value, error) {
	v, ok := a.Value("value").(bool)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "")
	}
	distValidateDefault = v
	return lang.None, nil
})
