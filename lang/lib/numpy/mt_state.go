package numpy

import (
	"github.com/kael-dev/kael/internal/mt19937"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The legacy generator's state as NumPy shows and takes it:
// np.random.get_state()/set_state() (and RandomState's), the tuple
// ('MT19937', key, pos, has_gauss, gauss) or its dict, and an MT19937
// bit generator's state dict. NumPy's key is a uint32 array; kael's
// NumPy has no uint32 yet, so the key comes as an int64 array of the
// same 624 values (SeedSequence.generate_state does the same).

// mtPos is NumPy's pos, the index of the next word of the key (624:
// twist first), from kael's twister: Left counts the draws until the
// twist, plus one.
func mtPos(t *mt19937.MT) int64 { return int64(mt19937.N + 1 - t.Left) }

// mtKey is the twister's 624 words as an int64 array.
func mtKey(t *mt19937.MT) lang.Value {
	vals := make([]int64, mt19937.N)
	for i, w := range t.State {
		vals[i] = int64(w)
	}
	k, _ := tensor.FromSlice(vals, len(vals))
	return wrapArray(k)
}

// mtStateDict is {'key': ..., 'pos': ...}.
func mtStateDict(t *mt19937.MT) *lang.Dict {
	d := lang.NewDict()
	_ = d.Set("key", mtKey(t))
	_ = d.Set("pos", mtPos(t))
	return d
}

// setMTState sets the twister from NumPy's state dict ({'bit_generator':
// 'MT19937', 'state': {'key': 624 words, 'pos': int}}), as MT19937's
// state setter reads it.
func setMTState(t *mt19937.MT, v lang.Value) error {
	d, ok := v.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "state must be a dict")
	}
	if name, _, _ := d.Get("bit_generator"); name != "MT19937" {
		return lang.Errorf(lang.ValueError, "state must be for a MT19937 PRNG")
	}
	st, err := item(d, "state")
	if err != nil {
		return err
	}
	keyV, err := item(st, "key")
	if err != nil {
		return err
	}
	key, err := arrayFrom(keyV, 0, false)
	if err != nil || key.DType().IsComplex() {
		// each word goes into a C uint32: numbers only, floats truncated
		return lang.Errorf(lang.TypeError, "an integer is required")
	}
	if key, err = castTensor(key, tensor.Int64); err != nil {
		return err
	}
	if key.Dim() != 1 || key.Shape()[0] < mt19937.N {
		n := key.Numel()
		if _, isArr := keyV.(*Array); isArr {
			return lang.Errorf(lang.IndexError, "index %d is out of bounds for axis 0 with size %d", n, n)
		}
		return lang.Errorf(lang.IndexError, "%s index out of range", lang.TypeName(keyV))
	}
	words, err := tensor.Values[int64](mustContiguous(key))
	if err != nil {
		return err
	}
	posV, err := item(st, "pos")
	if err != nil {
		return err
	}
	pos, ok := lang.AsInt(posV)
	if !ok {
		return lang.Errorf(lang.TypeError, "an integer is required")
	}
	if pos < 0 || pos > mt19937.N {
		// NumPy reads out of its key then; kael refuses
		return lang.Errorf(lang.ValueError, "pos must be in [0, 624], not %d", pos)
	}
	for i := range t.State {
		t.State[i] = uint32(words[i])
	}
	t.Next, t.Left = int(pos), mt19937.N+1-int(pos)
	return nil
}

// getState is get_state(legacy): the tuple, or the dict with has_gauss
// and gauss.
func getState(r *randomState, legacy bool) lang.Value {
	has := int64(0)
	if r.hasGauss {
		has = 1
	}
	if legacy {
		return lang.Tuple{"MT19937", mtKey(&r.mt), mtPos(&r.mt), has, r.gauss}
	}
	d := lang.NewDict()
	_ = d.Set("bit_generator", "MT19937")
	_ = d.Set("state", mtStateDict(&r.mt))
	_ = d.Set("has_gauss", has)
	_ = d.Set("gauss", r.gauss)
	return d
}

// setState is set_state(state): a legacy tuple (3 or 5 items) or a dict;
// a tuple of 3 clears the cached Gaussian, as NumPy's does.
func setState(r *randomState, v lang.Value) error {
	var st *lang.Dict
	switch x := v.(type) {
	case *lang.Dict:
		for _, k := range []string{"bit_generator", "state"} {
			if _, found, _ := x.Get(k); !found {
				return lang.Errorf(lang.ValueError, "state dictionary is not valid.")
			}
		}
		st = x
	case lang.Tuple, *lang.List:
		elems, err := lang.Collect(x)
		if err != nil {
			return err
		}
		if len(elems) == 0 {
			return lang.Errorf(lang.IndexError, "%s index out of range", lang.TypeName(x))
		}
		if elems[0] != "MT19937" {
			return lang.Errorf(lang.ValueError, "set_state can only be used with legacy MT19937state instances.")
		}
		if len(elems) < 3 || len(elems) == 4 {
			return lang.Errorf(lang.IndexError, "%s index out of range", lang.TypeName(x))
		}
		inner := lang.NewDict()
		_ = inner.Set("key", elems[1])
		_ = inner.Set("pos", elems[2])
		st = lang.NewDict()
		_ = st.Set("bit_generator", elems[0])
		_ = st.Set("state", inner)
		if len(elems) > 3 {
			_ = st.Set("has_gauss", elems[3])
			_ = st.Set("gauss", elems[4])
		}
	default:
		return lang.Errorf(lang.TypeError, "state must be a dict or a tuple.")
	}
	gauss, has := 0.0, false
	if g, found, _ := st.Get("gauss"); found {
		f, ok := lang.AsFloat(g)
		if !ok {
			return lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(g))
		}
		gauss = f
	}
	if h, found, _ := st.Get("has_gauss"); found {
		n, ok := lang.AsInt(h)
		if !ok {
			return lang.Errorf(lang.TypeError, "an integer is required")
		}
		has = n != 0
	}
	if err := setMTState(&r.mt, st); err != nil {
		return err
	}
	r.gauss, r.hasGauss = gauss, has
	return nil
}

var legacyStateFuncs = []randomFunc{
	{"get_state", "legacy=True", "The generator's state: ('MT19937', key, pos, has_gauss, cached_gaussian), or with legacy=False the dict; the key is an int64 array of the 624 words (kael's NumPy has no uint32 yet).",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			legacy := a.Bool("legacy")
			return getState(r, legacy), a.Err()
		}},
	{"set_state", "state", "Sets the generator's state from get_state's tuple (or dict).",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return lang.None, setState(r, a.Value("state"))
		}},
}

// Attr gives state, jumped and random_raw.
func (m *MT19937) Attr(name string) (lang.Value, bool) {
	switch name {
	case "jumped":
		return &lang.BoundMethod{Recv: m, Method: mtJumped}, true
	case "random_raw":
		return &lang.BoundMethod{Recv: m, Method: mtRandomRaw}, true
	}
	if name != "state" {
		return nil, false
	}
	m.r.mu.Lock()
	defer m.r.mu.Unlock()
	d := lang.NewDict()
	_ = d.Set("bit_generator", "MT19937")
	_ = d.Set("state", mtStateDict(&m.r.mt))
	return d, true
}

// AttrNames lists it.
func (m *MT19937) AttrNames() []string { return []string{"jumped", "random_raw", "state"} }

// mtRandomRaw is MT19937.random_raw: NumPy's raw word of the Mersenne
// Twister is one 32-bit draw.
var mtRandomRaw = lang.NewBuiltin(lang.AsValue, "random_raw(self, size=None, output=True)", "The generator's next 32-bit word as an int (NumPy's raw draw of MT19937), or size= of them as a uint64 array (None with output=False).", func(a *lang.Args) (lang.Value, error) {
	m, _ := a.Value("self").(*MT19937)
	return randomRaw(a, &m.r.mu, func() uint64 { return uint64(m.r.uint32()) })
})

// SetAttr sets state from NumPy's dict (or a legacy tuple, which
// MT19937's setter takes too).
func (m *MT19937) SetAttr(name string, v lang.Value) error {
	if name != "state" {
		return lang.Errorf(lang.AttributeError, "'%s' object attribute '%s' is read-only", m.TypeName(), name)
	}
	if t, ok := v.(lang.Tuple); ok {
		if len(t) == 0 || t[0] != "MT19937" || (len(t) != 3 && len(t) != 5) {
			return lang.Errorf(lang.ValueError, "state is not a legacy MT19937 state")
		}
		inner := lang.NewDict()
		_ = inner.Set("key", t[1])
		_ = inner.Set("pos", t[2])
		d := lang.NewDict()
		_ = d.Set("bit_generator", "MT19937")
		_ = d.Set("state", inner)
		v = d
	}
	m.r.mu.Lock()
	defer m.r.mu.Unlock()
	return setMTState(&m.r.mt, v)
}

// mtJumped is MT19937.jumped: a new MT19937 in this one's state (key and
// pos) jumped jumps times 2**128 draws ahead, as mt19937_jump_state.
var mtJumped = lang.NewBuiltin(lang.AsValue, "jumped(self, jumps=1)", "A new MT19937 in this one's state jumped ahead 2**128 draws jumps times (NumPy's jump polynomial).", func(a *lang.Args) (lang.Value, error) {
	m, _ := a.Value("self").(*MT19937)
	n, err := pyInt(a, a.Value("jumps"))
	if err != nil {
		return nil, err
	}
	m.r.mu.Lock()
	s := mtJumpState{key: m.r.mt.State, pos: int(mtPos(&m.r.mt))}
	m.r.mu.Unlock()
	if n.Sign() > 0 {
		if !n.IsInt64() || n.Int64() > 1<<20 {
			return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's MT19937.jumped takes up to 2**20 jumps")
		}
		for range n.Int64() {
			s.jump()
		}
	}
	r := &randomState{}
	r.mt.State = s.key
	r.mt.Next, r.mt.Left = s.pos, mt19937.N+1-s.pos
	return &MT19937{r: r}, nil
})
