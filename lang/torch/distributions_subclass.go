package torch

import (
	"errors"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The built-in distributions as bases: class MyNormal(Normal),
// class SquashedNormal(TransformedDistribution). super().__init__(...)
// makes the built-in distribution with those arguments and keeps it as
// the instance's Native; what the class does not define (log_prob,
// sample, mean, batch_shape, loc ...) reads from it, so super().log_prob(x)
// is Normal's. As PyTorch's __init__ assigns self.loc, self.base_dist and
// the like, the attributes of those names a class set before calling it
// give way to the distribution's; assigning one afterwards changes the
// parameter the distribution computes with. The repr is PyTorch's with
// the class's name (MyNormal(loc: 0.0, scale: 1.0)).

// distInitAttrs are the attributes a built-in distribution's __init__
// assigns beside its parameters.
var distInitAttrs = []string{"base_dist", "transforms", "reinterpreted_batch_ndims", "mixture_distribution", "component_distribution", "total_count"}

// subDist returns the distribution of an instance of a class deriving
// from a built-in distribution, nil before super().__init__ ran.
func subDist(x *lang.Instance) *Distribution {
	d, _ := x.Native().(*Distribution)
	return d
}

// defConcreteDistBases registers each class of distClasses as a base.
func defConcreteDistBases() {
	for _, name := range sortedKeys(distClasses) {
		b := distClasses[name]
		lang.RegisterNativeBase("torch.distributions."+distModuleOf(name)+"."+name, b, &lang.NativeBase{
			Name: name,
			Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
				v, err := x.Session().CallHookKw(b, pos, kwNames, kwVals)
				var e *lang.Error
				if errors.As(err, &e) && e.Kind == lang.ValueError {
					// the invalid parameter's message names the class
					e.Msg = strings.Replace(e.Msg, " of distribution "+name+"(", " of distribution "+x.Class().Name+"(", 1)
				}
				if err != nil {
					return err
				}
				d := v.(*Distribution)
				d.shownAs = x.Class().Name
				x.SetNative(d)
				for k := range d.params {
					x.DeleteOwn(k)
				}
				for _, k := range distInitAttrs {
					x.DeleteOwn(k)
				}
				return nil
			},
			Attr: func(x *lang.Instance, attr string) (lang.Value, bool, error) {
				d := subDist(x)
				if d == nil {
					return nil, false, nil
				}
				v, ok := d.Attr(attr)
				return v, ok, nil
			},
			SetAttr: func(x *lang.Instance, attr string, v lang.Value) (bool, error) {
				d := subDist(x)
				if d == nil {
					return false, nil
				}
				if t, ok := v.(*tensor.Tensor); ok {
					if _, param := d.params[attr]; param {
						d.params[attr] = t
						x.DeleteOwn(attr)
						return true, nil
					}
				}
				if base, ok := v.(*Distribution); ok && attr == "base_dist" && d.base != nil {
					d.base = base
					x.DeleteOwn(attr)
					return true, nil
				}
				return false, nil
			},
			Repr: func(x *lang.Instance) (string, bool) {
				d := subDist(x)
				if d == nil {
					return "", false
				}
				return d.String(), true
			},
			Names: func(x *lang.Instance) []string {
				if d := subDist(x); d != nil {
					return d.AttrNames()
				}
				return nil
			},
		})
	}
}

// getCheckedInstance is Distribution._get_checked_instance(cls,
// _instance=None), which a subclass's expand calls: _instance, or a new
// instance of the class without __init__, refused when the class
// defines an __init__ cls lacks (it must define expand itself).
var getCheckedInstance = lang.NewBuiltin(lang.AsValue, "_get_checked_instance(self, cls, _instance=None)",
	"The instance expand fills: _instance, or a new object of self's class made without __init__; NotImplementedError when self's class defines an __init__ that cls does not share.",
	func(a *lang.Args) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		if !ok {
			return nil, a.WrongType("self", "a Distribution", a.Value("self"))
		}
		if inst := a.Value("_instance"); inst != lang.None {
			return inst, nil
		}
		cls := a.Value("cls")
		own, _ := x.Class().Lookup("__init__")
		var theirs lang.Value
		if c, ok := cls.(*lang.UserClass); ok {
			theirs, _ = c.Lookup("__init__")
		}
		if (own == nil) != (theirs == nil) || own != nil && lang.ID(own) != lang.ID(theirs) {
			name, err := lang.GetAttr(cls, "__name__")
			if err != nil {
				return nil, err
			}
			return nil, lang.Errorf(NotImplementedError, "Subclass %s of %s that defines a custom __init__ method must also define a custom .expand() method.",
				x.Class().Name, lang.Str(name))
		}
		return lang.NewInstance(x.Class(), nil), nil
	}).BindingSelf()
