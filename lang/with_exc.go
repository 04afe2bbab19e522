package lang

// excInfo returns what __exit__ receives for err, an error the body of a
// with statement raised: the exception's type and value, err as an
// *Error, and whether a context manager may see it at all (not a kael
// crash, an InternalError, nor an interrupt).
//
// Until kael has exception objects, the type and the value are the
// placeholders below (type.__name__ is the kind, str(value) the message,
// value.args a 1-tuple); with exception classes this becomes excOf(err).
func excInfo(err error) (typ, val Value, e *Error, ok bool) {
	e = ToError(err)
	if e.Kind == InternalError || e.Kind == KeyboardInterrupt {
		return nil, nil, e, false
	}
	t := withExcType(e.Kind)
	return t, &withExc{typ: t, msg: e.Msg}, e, true
}

// withExcType is the placeholder type of an exception __exit__ receives.
type withExcType string

func (t withExcType) String() string { return "<class '" + string(t) + "'>" }
func (t withExcType) PyRepr() string { return t.String() }
func (t withExcType) TypeName() string {
	return "type"
}
func (t withExcType) Attr(name string) (Value, bool) {
	if name == "__name__" || name == "__qualname__" {
		return string(t), true
	}
	return nil, false
}
func (withExcType) AttrNames() []string { return []string{"__name__", "__qualname__"} }

// withExc is the placeholder exception value __exit__ receives.
type withExc struct {
	typ withExcType
	msg string
}

func (x *withExc) String() string   { return x.msg }
func (x *withExc) PyRepr() string   { return string(x.typ) + "(" + Repr(x.msg) + ")" }
func (x *withExc) TypeName() string { return string(x.typ) }
func (x *withExc) Attr(name string) (Value, bool) {
	if name == "args" {
		return Tuple{x.msg}, true
	}
	return nil, false
}
func (*withExc) AttrNames() []string { return []string{"args"} }
