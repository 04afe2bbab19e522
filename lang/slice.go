package lang

// Slice is Python's slice object: what slice(start, stop, step) makes and
// what a user's __getitem__ receives for x[a:b:c]. Subscripting a
// sequence, a dict or a tensor with one is subscripting with a:b:c.
type Slice struct{ Start, Stop, Step Value }

func (*Slice) TypeName() string { return "slice" }

// PyRepr is slice(1, 2, None), as CPython's.
func (s *Slice) PyRepr() string {
	return "slice(" + Repr(s.Start) + ", " + Repr(s.Stop) + ", " + Repr(s.Step) + ")"
}

func (s *Slice) String() string { return s.PyRepr() }

// Equal compares the three fields, as CPython compares slices as tuples.
func (s *Slice) Equal(v Value) bool {
	o, ok := v.(*Slice)
	return ok && Equal(Tuple{s.Start, s.Stop, s.Step}, Tuple{o.Start, o.Stop, o.Step})
}

// HashKey refuses: slices are unhashable in Python 3.11.
func (*Slice) HashKey() (string, error) { return "", Errorf(TypeError, "unhashable type: 'slice'") }

// subscript is the slice as the subscript a:b:c.
func (s *Slice) subscript() Subscript {
	return Subscript{IsSlice: true, Lo: s.Start, Hi: s.Stop, Step: s.Step}
}

// sliceSubscripts returns subs with each slice object among them as the
// subscript it stands for (x[slice(1, 3)] is x[1:3]); subs itself when
// there is none.
func sliceSubscripts(subs []Subscript) []Subscript {
	for i, s := range subs {
		if sl, ok := s.Value.(*Slice); ok && !s.IsSlice {
			out := append([]Subscript(nil), subs...)
			out[i] = sl.subscript()
			return sliceSubscripts(out)
		}
	}
	return subs
}

func init() {
	pythonClasses = append(pythonClasses, "slice")
	NewBuiltin(AsFunc, "slice(*args)", "slice(stop) or slice(start, stop, step=None): the slice object start:stop:step, what x[start:stop:step] passes to __getitem__.", func(a *Args) (Value, error) {
		args := a.Value("args").(Tuple)
		switch len(args) {
		case 0:
			return nil, Errorf(TypeError, "slice expected at least 1 argument, got 0")
		case 1:
			return &Slice{Start: None, Stop: args[0], Step: None}, nil
		case 2:
			return &Slice{Start: args[0], Stop: args[1], Step: None}, nil
		case 3:
			return &Slice{Start: args[0], Stop: args[1], Step: args[2]}, nil
		}
		return nil, Errorf(TypeError, "slice expected at most 3 arguments, got %d", len(args))
	})
	defProperty("start", func(v Value) Value { return v.(*Slice).Start }, "slice")
	defProperty("stop", func(v Value) Value { return v.(*Slice).Stop }, "slice")
	defProperty("step", func(v Value) Value { return v.(*Slice).Step }, "slice")
	defMethod("slice", "indices(self, length)", "(start, stop, step): the bounds the slice selects in a sequence of length items, as range(*s.indices(n)) lists them.", func(a *Args) (Value, error) {
		n, ok := AsInt(a.Value("length"))
		if !ok {
			return nil, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("length")))
		}
		if n < 0 {
			return nil, Errorf(ValueError, "length should not be negative")
		}
		lo, hi, step, err := SliceBounds(a.Value("self").(*Slice).subscript(), int(n))
		if err != nil {
			return nil, err
		}
		return Tuple{int64(lo), int64(hi), int64(step)}, nil
	})
}
