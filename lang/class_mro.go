package lang

import (
	"strings"
	"sync"
)

// Multiple inheritance: a class's method resolution order (MRO), as
// CPython computes it (the C3 linearisation), over the class statements'
// classes and the native bases (nn.Module, ...) and object, which stand in
// it as marker classes of their own: attrs empty, native set. Attribute
// lookup walks the user classes of the order (mroUser); super() and
// __mro__ walk the whole order (mroFull). A class has at most one native
// base at its root: its instances keep one native state (Instance.Native).

// nativeNodes are the marker classes of the native bases, by qualified
// name, made when a class first derives from one.
var (
	nativeNodesMu sync.Mutex
	nativeNodes   = map[string]*UserClass{}
)

func init() {
	objectClass.native = true
	objectClass.mroFull = []*UserClass{objectClass}
	objectClass.mroUser = []*UserClass{objectClass}
}

// nativeNode returns the marker class of the native base name ("" is
// object).
func nativeNode(name string) *UserClass {
	if name == "" || name == "object" {
		return objectClass
	}
	nativeNodesMu.Lock()
	defer nativeNodesMu.Unlock()
	n := nativeNodes[name]
	if n == nil {
		n = &UserClass{Name: shortClassName(name), nativeBase: name, native: true, keepsNative: true, attrs: map[string]Value{}}
		n.mroFull = []*UserClass{n, objectClass}
		nativeNodes[name] = n
	}
	return n
}

// classValueOf is the value that names k in __mro__ and __bases__: k
// itself, or the native base's class (nn.Module, object).
func classValueOf(k *UserClass) Value {
	switch {
	case k == objectClass:
		return objectType
	case k.native:
		return classValue(k.nativeBase)
	}
	return k
}

// setBases makes bases (each a *UserClass or a marker of nativeNode) c's
// bases and computes its MRO; the error is CPython's TypeError for bases
// that have no consistent order, or kael's for two native roots.
func (c *UserClass) setBases(bases []*UserClass) error {
	if len(bases) == 0 {
		bases = []*UserClass{objectClass}
	}
	for i, b := range bases {
		for _, o := range bases[:i] {
			if o == b {
				return Errorf(TypeError, "duplicate base class %s", b.Name)
			}
		}
	}
	root := ""
	for _, b := range bases {
		r := b.nativeBase
		if r == "" {
			continue
		}
		if root != "" && root != r {
			return Errorf(TypeError, "class %s cannot derive from both %s and %s", c.Name, shortClassName(root), shortClassName(r)).
				WithHint("a kael class has at most one native base (nn.Module, torch.autograd.Function, Dataset, ...); the other bases may be classes of class statements")
		}
		root = r
	}
	seqs := make([][]*UserClass, 0, len(bases)+1)
	for _, b := range bases {
		seqs = append(seqs, b.mroFull)
	}
	seqs = append(seqs, bases)
	order, err := c3Merge(seqs)
	if err != nil {
		return err
	}
	classChanged()
	c.bases = bases
	c.nativeBase = root
	c.keepsNative = c.keepsNative || root != ""
	for _, b := range bases {
		c.keepsNative = c.keepsNative || b.keepsNative
	}
	c.mroFull = append([]*UserClass{c}, order...)
	c.excKinds = 0
	for _, k := range order {
		c.excKinds |= k.excKinds
	}
	c.mroUser = c.mroUser[:0]
	for _, k := range c.mroFull {
		if !k.native {
			c.mroUser = append(c.mroUser, k)
		}
	}
	return nil
}

// c3Merge is the merge step of the C3 linearisation.
func c3Merge(seqs [][]*UserClass) ([]*UserClass, error) {
	var out []*UserClass
	pos := make([]int, len(seqs))
	inTail := func(k *UserClass) bool {
		for i, s := range seqs {
			for _, o := range s[min(pos[i]+1, len(s)):] {
				if o == k {
					return true
				}
			}
		}
		return false
	}
	for {
		var next *UserClass
		empty := true
		for i, s := range seqs {
			if pos[i] >= len(s) {
				continue
			}
			empty = false
			if h := s[pos[i]]; !inTail(h) {
				next = h
				break
			}
		}
		if empty {
			return out, nil
		}
		if next == nil {
			var names []string
			seen := map[*UserClass]bool{}
			for i, s := range seqs {
				if pos[i] < len(s) && !seen[s[pos[i]]] {
					seen[s[pos[i]]] = true
					names = append(names, s[pos[i]].Name)
				}
			}
			return nil, Errorf(TypeError, "Cannot create a consistent method resolution\norder (MRO) for bases %s", strings.Join(names, ", "))
		}
		out = append(out, next)
		for i, s := range seqs {
			if pos[i] < len(s) && s[pos[i]] == next {
				pos[i]++
			}
		}
	}
}

// mroValue is C.__mro__: the classes of mroFull, each native base
// followed by the native classes it derives from (OrderedDict by dict, an
// nn layer by Module, PosixPath by Path, PurePosixPath and PurePath), as
// that class's own __mro__ lists them.
func (c *UserClass) mroValue() Tuple {
	out := make(Tuple, 0, len(c.mroFull)+2)
	for _, k := range c.mroFull {
		v := classValueOf(k)
		out = append(out, v)
		if _, isClass := v.(*UserClass); !k.native || isClass {
			continue // a class statement's, or a native class whose MRO is its own (the exceptions')
		}
		if above, err := GetAttr(v, "__mro__"); err == nil {
			if t, ok := above.(Tuple); ok && len(t) > 0 {
				for _, a := range t[1:] {
					if a != objectType {
						out = append(out, a)
					}
				}
			}
		}
	}
	return out
}

// basesValue is C.__bases__.
func (c *UserClass) basesValue() Tuple {
	out := make(Tuple, len(c.bases))
	for i, k := range c.bases {
		out[i] = classValueOf(k)
	}
	return out
}
