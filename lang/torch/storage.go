package torch

import (
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// PyTorch 1.13's storages: x.storage() is a torch.storage.TypedStorage,
// the elements of x's storage with x's dtype, sharing its memory; the
// legacy classes torch.FloatStorage, torch.LongStorage, ... make one of
// their dtype (torch.FloatStorage(3), torch.FloatStorage([1, 2])) and
// isinstance asks them about its dtype, as _LegacyStorageMeta does;
// torch.Storage is torch.FloatStorage (the default dtype's). The storage
// classes are also what a pickle of torch.save names (torch_save.go).

// typedStorageClass is the qualified name of TypedStorage.
const typedStorageClass = "torch.storage.TypedStorage"

// TypedStorage is a storage with a dtype: the storage x views, which
// view gives whole on each access, so that it follows the storage as
// x.resize_ grows it.
type TypedStorage struct{ x *tensor.Tensor }

// newTypedStorage is the storage x views.
func newTypedStorage(x *tensor.Tensor) (*TypedStorage, error) {
	if _, err := wholeStorage(x); err != nil {
		return nil, err
	}
	return &TypedStorage{x: x}, nil
}

// wholeStorage is the 1-D view of all of the storage x views.
func wholeStorage(x *tensor.Tensor) (*tensor.Tensor, error) {
	return x.AsStrided([]int{x.Storage().Len()}, []int{1}, 0)
}

// view is the 1-D view of all of the storage, as it is now.
func (s *TypedStorage) view() *tensor.Tensor {
	v, err := wholeStorage(s.x)
	if err != nil { // a view from offset 0 with stride 1 always fits its storage
		return s.x
	}
	return v
}

var (
	_ lang.HasAttrs   = (*TypedStorage)(nil)
	_ lang.Sized      = (*TypedStorage)(nil)
	_ lang.ItemGetter = (*TypedStorage)(nil)
	_ lang.Iterable   = (*TypedStorage)(nil)
	_ lang.Equaler    = (*TypedStorage)(nil)
)

// TypeName returns torch.storage.TypedStorage.
func (s *TypedStorage) TypeName() string { return typedStorageClass }

// Length is len(s), its elements.
func (s *TypedStorage) Length() (int64, error) { return int64(s.view().Numel()), nil }

// Equal reports whether other is a storage of the same memory and dtype.
func (s *TypedStorage) Equal(other lang.Value) bool {
	o, ok := other.(*TypedStorage)
	return ok && s.view().DType() == o.view().DType() && s.view().SharesStorage(o.view())
}

// element is the 0-d view of element i (negative counts from the end).
func (s *TypedStorage) element(key lang.Value) (*tensor.Tensor, error) {
	i, ok := lang.AsInt(key)
	if !ok {
		return nil, lang.Errorf(lang.RuntimeError, "can't index a %s with %s", typedStorageClass, lang.TypeName(key))
	}
	n := int64(s.view().Numel())
	if i < -n || i >= n {
		return nil, lang.Errorf(lang.IndexError, "index %d out of range for storage of size %d", i, n)
	}
	if i < 0 {
		i += n
	}
	return s.view().AsStrided([]int{}, []int{}, int(i))
}

// GetItem is s[i]: the element as a Python number.
func (s *TypedStorage) GetItem(key lang.Value) (lang.Value, error) {
	e, err := s.element(key)
	if err != nil {
		return nil, err
	}
	v, err := e.Item()
	if err != nil {
		return nil, err
	}
	return fromGo(v), nil
}

// SetSubscript is s[i] = v, which writes the memory the tensors share.
func (s *TypedStorage) SetSubscript(subs []lang.Subscript, v lang.Value) error {
	if len(subs) != 1 || subs[0].IsSlice {
		return lang.Errorf(lang.RuntimeError, "kael's storages take one int index")
	}
	e, err := s.element(subs[0].Value)
	if err != nil {
		return err
	}
	d := e.DType()
	if _, ok := lang.AsFloat(v); !ok || d.IsComplex() {
		return lang.Errorf(lang.TypeError, "a %s storage element takes a real number, not %s", d, lang.TypeName(v))
	}
	// As PyTorch's TypedStorage.__setitem__ writes through a tensor, so an
	// int keeps all its bits in an integer storage.
	src, err := lang.ToTensor(v)
	if err != nil {
		return err
	}
	return e.CopyFrom(src)
}

// Iterate yields the elements.
func (s *TypedStorage) Iterate(yield func(lang.Value) bool) error {
	v, err := tensor.ToList(s.view())
	if err != nil {
		return err
	}
	for _, e := range fromGo(v).(*lang.List).Elems {
		if !yield(e) {
			break
		}
	}
	return nil
}

// PyRepr is PyTorch's: each element on its own line after a space, then
// the class, dtype, device and size.
func (s *TypedStorage) PyRepr() string {
	var b strings.Builder
	b.WriteString(" ")
	v, _ := tensor.ToList(s.view())
	if l, ok := fromGo(v).(*lang.List); ok {
		for i, e := range l.Elems {
			if i > 0 {
				b.WriteString("\n ")
			}
			b.WriteString(lang.Str(e))
		}
	}
	b.WriteString("\n[" + typedStorageClass + "(dtype=torch." + s.view().DType().String() + ", device=" + string(s.view().Device()) + ") of size " + strconv.Itoa(s.view().Numel()) + "]")
	return b.String()
}

// String is the same as PyRepr.
func (s *TypedStorage) String() string { return s.PyRepr() }

// Attr returns dtype, device and is_cuda, and the methods.
func (s *TypedStorage) Attr(name string) (lang.Value, bool) {
	switch name {
	case "dtype":
		return s.view().DType(), true
	case "device":
		return &Device{Type: string(s.view().Device()), Index: -1}, true
	case "is_cuda":
		return false, true
	}
	if m, ok := typedStorageMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (s *TypedStorage) AttrNames() []string {
	return append([]string{"device", "dtype", "is_cuda"}, sortedKeys(typedStorageMethods)...)
}

func selfStorage(a *lang.Args) *TypedStorage { return a.Value("self").(*TypedStorage) }

// typedStorageMethods are TypedStorage's methods.
var typedStorageMethods = map[string]*lang.Builtin{
	"size": lang.NewBuiltin(lang.AsValue, "size(self)", "The elements the storage holds, as len(s).", func(a *lang.Args) (lang.Value, error) {
		return int64(selfStorage(a).view().Numel()), nil
	}),
	"element_size": lang.NewBuiltin(lang.AsValue, "element_size(self)", "The bytes one element takes.", func(a *lang.Args) (lang.Value, error) {
		return int64(selfStorage(a).view().DType().Size()), nil
	}),
	"nbytes": lang.NewBuiltin(lang.AsValue, "nbytes(self)", "The bytes the storage holds.", func(a *lang.Args) (lang.Value, error) {
		return int64(selfStorage(a).view().StorageNbytes()), nil
	}),
	"data_ptr": lang.NewBuiltin(lang.AsValue, "data_ptr(self)", "The address of the storage's first element: the data_ptr() of a tensor at offset 0 of it (0 when it holds none).", func(a *lang.Args) (lang.Value, error) {
		return int64(selfStorage(a).view().StorageDataPtr()), nil
	}),
	"tolist": lang.NewBuiltin(lang.AsValue, "tolist(self)", "The elements as a list of Python numbers.", func(a *lang.Args) (lang.Value, error) {
		v, err := tensor.ToList(selfStorage(a).view())
		if err != nil {
			return nil, err
		}
		return fromGo(v), nil
	}),
	"untyped": lang.NewBuiltin(lang.AsValue, "untyped(self)", "The same memory as a torch.storage.UntypedStorage, counted in bytes.", func(a *lang.Args) (lang.Value, error) {
		return &UntypedStorage{t: selfStorage(a).view()}, nil
	}),
	"cpu": lang.NewBuiltin(lang.AsValue, "cpu(self)", "The storage itself: kael's storages are on the CPU.", func(a *lang.Args) (lang.Value, error) {
		return selfStorage(a), nil
	}),
	"is_shared": lang.NewBuiltin(lang.AsValue, "is_shared(self)", "False: kael's storages are not in shared memory between processes.", func(a *lang.Args) (lang.Value, error) {
		return false, nil
	}),
	"is_pinned": lang.NewBuiltin(lang.AsValue, "is_pinned(self)", "False: kael has no pinned memory.", func(a *lang.Args) (lang.Value, error) {
		return false, nil
	}),
}

// storageClassValue is a storage class of torch: a legacy class of one
// dtype (torch.FloatStorage), TypedStorage (typed false), or
// UntypedStorage (untyped).
type storageClassValue struct {
	name    string
	dtype   tensor.DType
	typed   bool // a legacy class of one dtype
	untyped bool
}

var (
	_ lang.HasAttrs        = (*storageClassValue)(nil)
	_ lang.InstanceChecker = (*storageClassValue)(nil)
	_ lang.Reprer          = (*storageClassValue)(nil)
)

func (c *storageClassValue) TypeName() string { return "type" }

// PyRepr names the class as PyTorch does.
func (c *storageClassValue) PyRepr() string {
	if c.typed {
		return "<class 'torch." + c.name + "'>"
	}
	return "<class 'torch.storage." + c.name + "'>"
}

// InstanceCheck is isinstance(obj, c): a legacy class takes the
// TypedStorages of its dtype.
func (c *storageClassValue) InstanceCheck(obj lang.Value) (bool, error) {
	switch s := obj.(type) {
	case *TypedStorage:
		return !c.untyped && (!c.typed || s.view().DType() == c.dtype), nil
	case *UntypedStorage:
		return c.untyped, nil
	}
	return false, nil
}

// SubclassCheck is issubclass(cls, c): each legacy class is a subclass
// of TypedStorage.
func (c *storageClassValue) SubclassCheck(cls lang.Value) (bool, error) {
	o, ok := cls.(*storageClassValue)
	if !ok {
		return false, nil
	}
	return o == c || !c.typed && !c.untyped && o.typed, nil
}

// Attr gives __name__, a legacy class's dtype, and __call__, which makes
// a storage.
func (c *storageClassValue) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__", "__qualname__":
		return c.name, true
	case "__module__":
		if c.typed {
			return "torch", true
		}
		return "torch.storage", true
	case "dtype":
		if c.typed {
			return c.dtype, true
		}
	case "__call__":
		return c.constructor(), true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (c *storageClassValue) AttrNames() []string {
	names := []string{"__call__", "__module__", "__name__", "__qualname__"}
	if c.typed {
		names = append(names, "dtype")
	}
	return names
}

// constructor makes a storage of the class: of n zeros or of a
// sequence's values, for a legacy class.
func (c *storageClassValue) constructor() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, c.name+"(size_or_sequence=0)", "A storage of size elements (zeros), or of the values of a sequence, of the class's dtype.", func(a *lang.Args) (lang.Value, error) {
		if !c.typed {
			return nil, lang.Errorf(NotImplementedError, "kael makes a %s from a tensor (t.storage(), t.untyped_storage()), or a typed one with torch.FloatStorage(n) and its siblings", c.name)
		}
		arg := a.Value("size_or_sequence")
		var x *tensor.Tensor
		var err error
		if n, ok := arg.(int64); ok {
			if n < 0 {
				return nil, lang.Errorf(lang.RuntimeError, "Trying to create tensor with negative dimension %d: [%d]", n, n)
			}
			x, err = tensor.Zeros(c.dtype, int(n))
		} else {
			var v lang.Value
			tensorFn, _ := lang.LookupBuiltin("tensor")
			v, err = a.Call(tensorFn, arg)
			if err == nil {
				t, ok := v.(*tensor.Tensor)
				if !ok || t.Dim() != 1 {
					return nil, lang.Errorf(lang.TypeError, "%s(): expected an int or a flat sequence of numbers, got %s", c.name, lang.TypeName(arg))
				}
				x, err = t.To(c.dtype)
			}
		}
		if err != nil {
			return nil, err
		}
		return newTypedStorage(x)
	})
}

// storageClasses are torch's storage classes by name.
var storageClasses = map[string]*storageClassValue{}

func defStorage() {
	for d, name := range storageTypes {
		storageClasses[name] = &storageClassValue{name: name, dtype: d, typed: true}
	}
	storageClasses["TypedStorage"] = &storageClassValue{name: "TypedStorage"}
	storageClasses["UntypedStorage"] = &storageClassValue{name: "UntypedStorage", untyped: true}
	for name, c := range storageClasses {
		torchMembers[name] = c
	}
	torchMembers["Storage"] = storageClasses["FloatStorage"]
	torchMembers["is_storage"] = lang.NewBuiltin(lang.AsValue, "is_storage(obj)", "Whether obj is a storage: a TypedStorage (x.storage()) or an UntypedStorage (x.untyped_storage()).", func(a *lang.Args) (lang.Value, error) {
		switch a.Value("obj").(type) {
		case *TypedStorage, *UntypedStorage:
			return true, nil
		}
		return false, nil
	})
	lang.NewBuiltin(lang.AsMethod, "storage(input)", "The storage input views, as a torch.storage.TypedStorage of input's dtype: its elements (len, s[i], tolist()), sharing their memory with input and every view of it.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return newTypedStorage(x)
	})
	lang.RegisterModule("torch.storage", "PyTorch's storage classes: TypedStorage and UntypedStorage.", func() *lang.Module {
		return &lang.Module{Name: "torch.storage", Attrs: map[string]lang.Value{
			"TypedStorage": storageClasses["TypedStorage"], "UntypedStorage": storageClasses["UntypedStorage"],
		}}
	})
	lang.RegisterModule("torch.serialization", "torch.save and torch.load, and default_restore_location.", func() *lang.Module {
		return &lang.Module{Name: "torch.serialization", Attrs: map[string]lang.Value{
			"save": torchMembers["save"], "load": torchMembers["load"],
			"default_restore_location": lang.NewBuiltin(lang.AsValue, "default_restore_location(storage, location)", "The storage restored at location, as torch.load does without map_location: kael's storages are on the CPU, so location must be 'cpu'.", func(a *lang.Args) (lang.Value, error) {
				loc := a.Value("location")
				if strings.HasPrefix(lang.Str(loc), "cuda") {
					return nil, lang.Errorf(lang.RuntimeError, "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your storages to the CPU.")
				}
				if err := CheckDevice(loc); err != nil {
					return nil, err
				}
				return a.Value("storage"), nil
			}),
		}}
	})
}
