package pickle

import (
	"testing"

	"github.com/kael-dev/kael/lang"
)

// FuzzUnpickle feeds the unpickler any bytes: it never panics, and every
// failure is an error. Globals resolve to harmless references and calls
// fail, so that only the machine itself is under test.
func FuzzUnpickle(f *testing.F) {
	seeds := []string{
		"\x80\x04\x95\x15\x00\x00\x00\x00\x00\x00\x00\x8c\x08__main__\x94\x8c\x01A\x94\x93\x94)\x81\x94.",
		"\x80\x02]q\x00(K\x01K\x02e.", "(lp0\nI1\naI2\na.", "\x80\x02}q\x00X\x01\x00\x00\x00aq\x01K\x01s.",
		"\x80\x04\x8f(K\x01K\x02\x90.", "\x80\x04(K\x01\x91.", "\x80\x02\x8a\x09\x00\x00\x00\x00\x00\x00\x00\x00\x01.",
		"\x80\x02cbuiltins\nset\n]\x85R.", "\x80\x05\x95\xff\xff\xff\xff\xff\xff\xff\x7f.", "h\x00.", "(((((((((.",
		"S'a\\x4'\n.", "Vab\\u12\n.", "\x80\x02X\xff\xff\xff\x7fab.", "\x80\x04\x95\x02\x00\x00\x00\x00\x00\x00\x00N.",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		u := &Unpickler{
			Call: func(fn lang.Value, args lang.Tuple) (lang.Value, error) {
				return nil, lang.Errorf(UnpicklingError, "calls are off in the fuzz test")
			},
			FindClass: func(module, name string) (lang.Value, error) { return Global{module, name}, nil },
			PersistentLoad: func(pid lang.Value) (lang.Value, error) {
				return pid, nil
			},
		}
		v, err := u.Load(NewBytesReader(data))
		if err == nil && v == nil {
			t.Fatalf("%q: no value and no error", data)
		}
		if err == nil {
			_ = lang.Repr(v)
		}
	})
}

// FuzzRoundTrip pickles what the unpickler makes of any bytes (values
// without calls) and unpickles it again: the same repr comes back.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"\x80\x02]q\x00(K\x01K\x02e.", "\x80\x04\x8f(K\x01K\x02\x90.", "(lp0\nI1\naI2\na."} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		u := &Unpickler{Call: func(lang.Value, lang.Tuple) (lang.Value, error) { return nil, lang.Errorf(UnpicklingError, "off") }}
		v, err := u.Load(NewBytesReader(data))
		if err != nil {
			return
		}
		for _, proto := range []int{3, 4} {
			p := &Pickler{Protocol: proto}
			b, err := p.Dump(v)
			if err != nil {
				return // a recursive tuple or an unhashable key: fine to refuse
			}
			w, err := setsOnly().Load(NewBytesReader(b))
			if err != nil {
				t.Fatalf("%q: dumps gave %q, which loads refuses: %v", data, b, err)
			}
			if lang.Repr(w) != lang.Repr(v) {
				t.Fatalf("%q: %s came back as %s", data, lang.Repr(v), lang.Repr(w))
			}
		}
	})
}

// setsOnly is an unpickler that finds builtins.set and frozenset only, as
// protocols 2 and 3 pickle sets.
func setsOnly() *Unpickler {
	return &Unpickler{
		FindClass: func(module, name string) (lang.Value, error) {
			if module == "builtins" && (name == "set" || name == "frozenset") {
				return Global{module, name}, nil
			}
			return nil, lang.Errorf(UnpicklingError, "global '%s.%s' is forbidden", module, name)
		},
		Call: func(fn lang.Value, args lang.Tuple) (lang.Value, error) {
			elems, err := lang.Collect(args[0])
			if err != nil {
				return nil, err
			}
			return lang.NewSet(elems, fn.(Global).Name == "frozenset")
		},
	}
}
