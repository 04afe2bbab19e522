package collections

import (
	"github.com/kael-dev/kael/lang"
)

// A namedtuple class takes attributes after it is made, as typing's
// NamedTuple class statement gives it the methods and class variables of
// its body: a function becomes a method of its tuples (self the tuple),
// anything else a class attribute read through the class and its tuples.

var _ lang.AttrSetter = (*tupleClass)(nil)

// SetAttr sets name on the class: __doc__, a method or a class attribute.
// The fields, _make and the constructor cannot be replaced.
func (c *tupleClass) SetAttr(name string, v lang.Value) error {
	switch name {
	case "__doc__":
		s, ok := v.(string)
		if !ok && v != lang.None {
			return lang.Errorf(lang.TypeError, "kael's %s.__doc__ is a str, not %s", c.typ.Name, lang.TypeName(v))
		}
		c.doc = s
		return nil
	case "__call__", "__name__", "__qualname__", "__module__", "_make", "_fields", "_field_defaults":
		return lang.Errorf(lang.AttributeError, "kael cannot set %s of the namedtuple class %s", name, c.typ.Name)
	}
	for _, f := range c.typ.Fields {
		if f == name {
			return lang.Errorf(lang.AttributeError, "kael cannot replace the field %s of the namedtuple class %s", name, c.typ.Name)
		}
	}
	if c.base != nil { // the class statements deriving from c see it
		if err := c.base.SetAttr(name, v); err != nil {
			return err
		}
	}
	if _, isFunc := v.(*lang.Function); isFunc {
		if c.funcs == nil {
			c.funcs = map[string]lang.Value{}
		}
		c.funcs[name] = v
		fn := v
		m := lang.NewBuiltin(lang.AsValue, name+"(self, *args)", "A method of "+c.typ.Name+".",
			func(a *lang.Args) (lang.Value, error) {
				pos, _ := a.Value("args").(lang.Tuple)
				kwNames, kwVals := a.Keywords()
				return a.CallKw(fn, append(lang.Tuple{a.Value("self")}, pos...), kwNames, kwVals)
			}).CollectKeywords()
		c.typ.Methods[name] = m
		return nil
	}
	c.typ.Attrs[name] = v
	return nil
}
