package torch

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/pickle"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// torch.save and torch.load in PyTorch 1.13's format: a zip archive whose
// <name>/data.pkl is a pickle (protocol 2) of the object, each tensor
// reduced to torch._utils._rebuild_tensor_v2(storage, offset, size,
// stride, requires_grad, OrderedDict()) and each storage a persistent ID
// ('storage', torch.FloatStorage, key, 'cpu', numel) whose bytes are
// <name>/data/<key>, little-endian; <name>/version is "3". Tensors that
// share a storage share it in the file and again when loaded. The pickle
// is lang/lib/pickle's (which imports lang alone; torch imports its Go API,
// see docs/adr/0006). torch.load still reads the safetensors files kael's
// torch.save wrote before it wrote PyTorch's format.

func defSave() {
	torchMembers["save"] = lang.NewBuiltin(lang.AsValue, "save(obj, f, pickle_protocol=2)", "Writes obj to f (a path, or a file opened with open(path, 'wb')) in PyTorch's format, the zip archive with a pickle and the tensors' storages, which PyTorch's torch.load reads: tensors (views keep sharing their storage), nn.Parameters, state dicts, whole nn.Modules (the class by reference and the instance's __dict__, as PyTorch pickles them), objects of the program's classes, and the lists, tuples, dicts, numbers and strings around them.", torchSave)
	torchMembers["load"] = lang.NewBuiltin(lang.AsValue, "load(f, map_location=None, pickle_module=None, *, weights_only=False)", "Reads what torch.save wrote to f (a path or a file opened with open(path, 'rb')), PyTorch's or kael's: the same values, dtypes, shapes and strides, tensors sharing storage as they did, whole modules rebuilt with their parameters, buffers and attributes (a program's module class must be defined). weights_only=True allows only tensors, numbers, strings and the containers around them. map_location may be 'cpu', a torch.device, a dict of location to location or a function of (storage, location); storages saved on a GPU need one, as in PyTorch without CUDA. Also reads the safetensors files kael's earlier torch.save wrote.", torchLoad)
}

// storageTypes are the storage classes of the dtypes kael has.
var storageTypes = map[tensor.DType]string{
	tensor.Float32: "FloatStorage", tensor.Float64: "DoubleStorage", tensor.Int64: "LongStorage", tensor.Bool: "BoolStorage",
	tensor.Float16: "HalfStorage", tensor.BFloat16: "BFloat16Storage", tensor.Int32: "IntStorage", tensor.Int16: "ShortStorage",
	tensor.Int8: "CharStorage", tensor.Uint8: "ByteStorage",
	tensor.Complex64: "ComplexFloatStorage", tensor.Complex128: "ComplexDoubleStorage",
}

// otherStorageTypes are PyTorch's other storage classes, by the dtype each
// holds, for the error that names it.
var otherStorageTypes = map[string]string{
	"QInt8Storage": "qint8", "QUInt8Storage": "quint8", "QInt32Storage": "qint32",
}

// storageType is a storage class of torch (torch.FloatStorage) as a
// pickle names it.
type storageType struct{ dtype tensor.DType }

func (storageType) TypeName() string { return "type" }
func (s storageType) String() string { return "<class 'torch." + storageTypes[s.dtype] + "'>" }

// savedStorage is a storage being saved: the tensor that shows all of it.
type savedStorage struct {
	t   *tensor.Tensor
	key string
}

func (*savedStorage) TypeName() string { return "TypedStorage" }

// A storage read from the archive is a TypedStorage (storage.go), which
// _rebuild_tensor_v2 views.

// torchSave is torch.save(obj, f).
func torchSave(a *lang.Args) (lang.Value, error) {
	obj := a.Value("obj")
	proto := a.Int("pickle_protocol")
	if err := a.Err(); err != nil {
		return nil, err
	}
	storages := map[*tensor.Storage]*savedStorage{}
	var order []*savedStorage
	// saved is the storage t views, numbered in the order first met.
	saved := func(t *tensor.Tensor) (*savedStorage, error) {
		if _, ok := storageTypes[t.DType()]; !ok {
			return nil, lang.Errorf(lang.TypeError, "torch.save: kael cannot save %s tensors", t.DType())
		}
		if s := storages[t.Storage()]; s != nil {
			return s, nil
		}
		whole, err := wholeStorage(t)
		if err != nil {
			return nil, err
		}
		s := &savedStorage{t: whole, key: strconv.Itoa(len(order))}
		storages[t.Storage()] = s
		order = append(order, s)
		return s, nil
	}
	p := pickle.NewPickler(a, proto)
	p.GlobalOf = func(v lang.Value) (pickle.Global, bool) {
		d, ok := v.(tensor.DType)
		return pickle.Global{Module: "torch", Name: d.String()}, ok
	}
	p.Reduce = func(v lang.Value) (*pickle.Reduction, error) {
		switch x := v.(type) {
		case *lang.List:
			if !x.IsSize() {
				return nil, nil
			}
			return &pickle.Reduction{Func: pickle.Global{Module: "torch", Name: "Size"}, Args: lang.Tuple{append(lang.Tuple{}, x.Elems...)}}, nil
		case *Device:
			return &pickle.Reduction{Func: pickle.Global{Module: "torch", Name: "device"}, Args: lang.Tuple{lang.Str(x)}}, nil
		}
		t, ok := v.(*tensor.Tensor)
		if !ok {
			if m, isModule := asModule(v); isModule {
				return moduleReduction(v, m)
			}
			return nil, nil
		}
		s, err := saved(t)
		if err != nil {
			return nil, err
		}
		size, stride := make(lang.Tuple, t.Dim()), make(lang.Tuple, t.Dim())
		for i, n := range t.Shape() {
			size[i] = int64(n)
			stride[i] = int64(t.Strides()[i])
		}
		hooks := &orderedDict{}
		r := &pickle.Reduction{Func: pickle.Global{Module: "torch._utils", Name: "_rebuild_tensor_v2"},
			Args: lang.Tuple{s, int64(t.Offset()), size, stride, t.RequiresGrad(), hooks}}
		if nn.IsParameter(t) {
			data := t.Detach()
			r = &pickle.Reduction{Func: pickle.Global{Module: "torch._utils", Name: "_rebuild_parameter"},
				Args: lang.Tuple{data, t.RequiresGrad(), hooks}}
		}
		return r, nil
	}
	reduceOrdered := p.Reduce
	p.Reduce = func(v lang.Value) (*pickle.Reduction, error) {
		if d, ok := v.(*orderedDict); ok {
			return &pickle.Reduction{Func: pickle.Global{Module: "collections", Name: "OrderedDict"}, Args: lang.Tuple{}, DictItems: d.items}, nil
		}
		return reduceOrdered(v)
	}
	p.PersistentID = func(v lang.Value) (lang.Value, error) {
		s, ok := v.(*savedStorage)
		if ts, isStorage := v.(*TypedStorage); isStorage { // torch.save(t.storage())
			var err error
			if s, err = saved(ts.x); err != nil {
				return nil, err
			}
			ok = true
		}
		if !ok {
			return nil, nil
		}
		return lang.Tuple{"storage", pickle.Global{Module: "torch", Name: storageTypes[s.t.DType()]}, s.key, "cpu", int64(s.t.Numel())}, nil
	}
	data, err := p.Dump(obj)
	if err != nil {
		return nil, err
	}
	name := "archive"
	if path, ok := lang.PathText(a.Value("f")); ok {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	records := []struct {
		name string
		data []byte
	}{{name + "/data.pkl", data}}
	for _, s := range order {
		records = append(records, struct {
			name string
			data []byte
		}{name + "/data/" + s.key, littleEndian(s.t.StorageBytes(), s.t.DType().Size())})
	}
	records = append(records, struct {
		name string
		data []byte
	}{name + "/version", []byte("3\n")})
	for _, r := range records {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: r.name, Method: zip.Store})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(r.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return lang.None, writeTo(a, a.Value("f"), buf.Bytes())
}

// orderedDict is a collections.OrderedDict as PyTorch pickles it: a
// tensor's backward hooks (empty), a module's _parameters, _buffers and
// _modules.
type orderedDict struct{ items [][2]lang.Value }

func (d *orderedDict) add(k string, v lang.Value) { d.items = append(d.items, [2]lang.Value{k, v}) }

func (*orderedDict) TypeName() string { return "OrderedDict" }

// littleEndian returns the machine-order bytes of elements of size bytes
// each in little-endian order.
func littleEndian(b []byte, size int) []byte {
	if binary.NativeEndian.Uint16([]byte{1, 0}) == 1 || size == 1 {
		return b
	}
	for i := 0; i+size <= len(b); i += size {
		for j := 0; j < size/2; j++ {
			b[i+j], b[i+size-1-j] = b[i+size-1-j], b[i+j]
		}
	}
	return b
}

// writeTo writes data to f, a path or an object with a write method.
func writeTo(a *lang.Args, f lang.Value, data []byte) error {
	if path, ok := lang.PathText(f); ok {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return FileError(err)
		}
		return nil
	}
	write, err := lang.GetAttr(f, "write")
	if err != nil {
		return lang.Errorf(lang.TypeError, "torch.save writes to a file path (a str or a pathlib path) or a file opened for writing, not %s", lang.TypeName(f))
	}
	_, err = a.Call(write, lang.NewBytes(data))
	return err
}

// readFrom reads all of f, a path or an object with a read method.
func readFrom(a *lang.Args, f lang.Value) ([]byte, string, error) {
	if path, ok := lang.PathText(f); ok {
		data, err := fileguard.ReadFile(path) // a FIFO is refused, not waited on
		if err != nil {
			return nil, path, FileError(err)
		}
		return data, path, nil
	}
	read, err := lang.GetAttr(f, "read")
	if err != nil {
		return nil, "", lang.Errorf(lang.TypeError, "torch.load reads a file path (a str) or a file opened for reading, not %s", lang.TypeName(f))
	}
	v, err := a.Call(read)
	if err != nil {
		return nil, "", err
	}
	b, ok := v.(lang.Bytes)
	if !ok {
		return nil, "", lang.Errorf(lang.TypeError, "torch.load needs a file opened in binary mode ('rb'), whose read gives bytes, not %s", lang.TypeName(v))
	}
	return b.Data(), "", nil
}

// torchLoad is torch.load(f, map_location, weights_only=).
func torchLoad(a *lang.Args) (lang.Value, error) {
	weightsOnly := a.Bool("weights_only")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if !a.IsNone("pickle_module") {
		return nil, lang.Errorf(lang.ValueError, "kael's torch.load reads with its own pickle; pickle_module is not supported")
	}
	data, path, err := readFrom(a, a.Value("f"))
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		if path != "" {
			if out, ok := loadSafetensors(path); ok {
				return out, nil
			}
		}
		return nil, lang.Errorf(lang.RuntimeError, "torch.load: the file is not a zip archive: kael reads PyTorch's format since 1.6 (and kael's safetensors files), not the legacy format of _use_new_zipfile_serialization=False").
			WithHint("re-save it with a PyTorch of 1.6 or later: torch.save(torch.load(path), path)")
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "PytorchStreamReader failed reading zip archive: not a ZIP archive")
	}
	records := map[string]*zip.File{}
	prefix := ""
	for _, f := range zr.File {
		if prefix == "" {
			if i := strings.IndexByte(f.Name, '/'); i >= 0 {
				prefix = f.Name[:i+1]
			}
		}
		records[strings.TrimPrefix(f.Name, prefix)] = f
	}
	readRecord := func(name string) ([]byte, error) {
		f, ok := records[name]
		if !ok {
			return nil, lang.Errorf(lang.RuntimeError, "PytorchStreamReader failed locating file %s: file not found", name)
		}
		if f.UncompressedSize64 > uint64(len(data))*1024 {
			return nil, lang.Errorf(lang.RuntimeError, "PytorchStreamReader: record %s is larger than the archive allows", name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "PytorchStreamReader failed reading file %s: %v", name, err)
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, int64(f.UncompressedSize64)+1))
		if err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "PytorchStreamReader failed reading file %s: %v", name, err)
		}
		return b, nil
	}
	if bo, ok := records["byteorder"]; ok {
		rc, err := bo.Open()
		if err == nil {
			b, _ := io.ReadAll(io.LimitReader(rc, 16))
			rc.Close()
			if string(b) != "little" {
				return nil, lang.Errorf(lang.RuntimeError, "torch.load: the file's storages are %s-endian; kael reads little-endian ones", string(b))
			}
		}
	}
	pkl, err := readRecord("data.pkl")
	if err != nil {
		return nil, err
	}
	mapLoc := a.Value("map_location")
	loaded := map[string]*TypedStorage{}
	u := pickle.NewUnpickler(a)
	defaultFind := u.FindClass
	u.FindClass = func(module, name string) (lang.Value, error) {
		if module == "torch" {
			for d, n := range storageTypes {
				if n == name {
					return storageType{d}, nil
				}
			}
			if dt, ok := otherStorageTypes[name]; ok {
				return nil, lang.Errorf(lang.TypeError, "torch.load: the file holds a torch.%s tensor (a %s), a dtype kael does not have", dt, name).
					WithHint("convert it in PyTorch first: t.float() or t.long()")
			}
		}
		if module == "torch._utils" {
			switch name {
			case "_rebuild_tensor_v2":
				return rebuildTensor, nil
			case "_rebuild_parameter":
				return rebuildParameter, nil
			}
		}
		if weightsOnly && !(module == "collections" && name == "OrderedDict") && !(module == "torch" && (isDTypeName(name) || name == "Size")) {
			return nil, lang.Errorf(pickle.UnpicklingError, "Weights only load failed. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution.Do it only if you get the file from a trusted source. WeightsUnpickler error: Unsupported class %s.%s", module, name)
		}
		if c, ok, err := findLayerClass(module, name); ok || err != nil {
			return c, err
		}
		return defaultFind(module, name)
	}
	modules := newModuleLoader(a)
	call := u.Call
	u.Call = func(fn lang.Value, args lang.Tuple) (lang.Value, error) { return modules.call(fn, args, call) }
	u.Build = func(obj, state lang.Value) (bool, error) {
		if done, err := modules.build(obj, state); done || err != nil {
			return done, err
		}
		// An OrderedDict's state: the _metadata of a state_dict, which
		// an OrderedDict keeps as an attribute where it can and a kael
		// dict has no place for (load_state_dict needs it not).
		st, ok := state.(*lang.Dict)
		if _, isObj := obj.(*lang.Instance); isObj || !ok || st.Len() != 1 {
			return false, nil
		}
		md, has, _ := st.Get("_metadata")
		if !has {
			return false, nil
		}
		_ = lang.SetAttr(obj, "_metadata", md)
		return true, nil
	}
	u.PersistentLoad = func(pid lang.Value) (lang.Value, error) {
		t, ok := pid.(lang.Tuple)
		if !ok || len(t) != 5 || t[0] != "storage" {
			return nil, lang.Errorf(pickle.UnpicklingError, "Unknown typename for persistent_load, expected 'storage' but got %s", lang.Repr(pid))
		}
		cls, ok1 := t[1].(storageType)
		key, ok2 := t[2].(string)
		location, ok3 := t[3].(string)
		numel, ok4 := t[4].(int64)
		if !ok1 || !ok2 || !ok3 || !ok4 || numel < 0 {
			return nil, lang.Errorf(pickle.UnpicklingError, "torch.load: a malformed storage record %s", lang.Repr(pid))
		}
		if s, ok := loaded[key]; ok {
			return s, nil
		}
		raw, err := readRecord("data/" + key)
		if err != nil {
			return nil, err
		}
		size := cls.dtype.Size()
		if int64(len(raw)) < numel*int64(size) {
			return nil, lang.Errorf(lang.RuntimeError, "torch.load: storage %s holds %d bytes, %d %s need %d", key, len(raw), numel, cls.dtype, numel*int64(size))
		}
		st, err := storageTensor(raw[:numel*int64(size)], cls.dtype, int(numel))
		if err != nil {
			return nil, err
		}
		mapped, err := restoreLocation(a, &TypedStorage{x: st}, location, mapLoc)
		if err != nil {
			return nil, err
		}
		loaded[key] = mapped
		return mapped, nil
	}
	return u.Load(pickle.NewBytesReader(pkl))
}

// isDTypeName reports whether torch.name is a dtype (a pickle may name
// torch.float32).
func isDTypeName(name string) bool {
	_, ok := lang.DTypeNames()[name]
	return ok
}

// storageTensor makes a 1-D tensor of n elements of dtype d from raw
// little-endian bytes (copied, so that the tensor owns aligned memory).
func storageTensor(raw []byte, d tensor.DType, n int) (*tensor.Tensor, error) {
	if d == tensor.Bool {
		out := make([]bool, n)
		for i := range out {
			out[i] = raw[i] != 0
		}
		return tensor.FromBools(out, n)
	}
	size := d.Size()
	words := make([]uint64, (n*size+7)/8)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), n*size)
	copy(buf, raw)
	return tensor.FromBytes(littleEndian(buf, size), d, []int{n}, words)
}

// restoreLocation applies map_location to a storage saved at
// location: kael's tensors live on the CPU, so where map_location
// leads (or, without one, where the storage was saved) must be the CPU.
func restoreLocation(a *lang.Args, s *TypedStorage, location string, mapLoc lang.Value) (*TypedStorage, error) {
	target := lang.Value(location)
	switch m := mapLoc.(type) {
	case lang.NoneType:
	case *lang.Dict:
		if v, ok, _ := m.Get(location); ok {
			target = v
		}
	default:
		if lang.Callable(mapLoc) && !isDeviceLike(mapLoc) {
			r, err := a.Call(mapLoc, s, location)
			if err != nil {
				return nil, err
			}
			switch r := r.(type) {
			case lang.NoneType:
			case *TypedStorage:
				return r, nil
			default:
				return nil, lang.Errorf(lang.TypeError, "torch.load: map_location returned %s; kael's storages stay on the CPU, so it should return the storage it was given", lang.TypeName(r))
			}
		} else {
			target = mapLoc
		}
	}
	if strings.HasPrefix(lang.Str(target), "cuda") {
		return nil, lang.Errorf(lang.RuntimeError, "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your storages to the CPU.")
	}
	if err := CheckDevice(target); err != nil {
		return nil, err
	}
	return s, nil
}

// isDeviceLike reports whether v names a device (a str or torch.device)
// rather than being a map_location function.
func isDeviceLike(v lang.Value) bool {
	_, isStr := v.(string)
	_, isDevice := v.(*Device)
	return isStr || isDevice
}

// rebuildTensor is torch._utils._rebuild_tensor_v2.
var rebuildTensor = lang.NewBuiltin(lang.AsValue, "_rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None)", "The tensor a pickle of PyTorch's format holds: a view of storage.", func(a *lang.Args) (lang.Value, error) {
	s, ok := a.Value("storage").(*TypedStorage)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "_rebuild_tensor_v2: expected a storage, got %s", lang.TypeName(a.Value("storage")))
	}
	offset := a.Int("storage_offset")
	size, ok1 := lang.IntSequence(a.Value("size"))
	stride, ok2 := lang.IntSequence(a.Value("stride"))
	requiresGrad := a.Bool("requires_grad")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if !ok1 || !ok2 {
		return nil, lang.Errorf(lang.TypeError, "_rebuild_tensor_v2: size and stride must be tuples of ints")
	}
	t, err := s.x.AsStrided(size, stride, offset)
	if err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "%s", err.Error())
	}
	if requiresGrad {
		if err := autograd.SetRequiresGrad(t, true); err != nil {
			return nil, err
		}
	}
	return t, nil
})

// rebuildParameter is torch._utils._rebuild_parameter.
var rebuildParameter = lang.NewBuiltin(lang.AsValue, "_rebuild_parameter(data, requires_grad, backward_hooks)", "The nn.Parameter a pickle of PyTorch's format holds.", func(a *lang.Args) (lang.Value, error) {
	t := a.Tensor("data")
	requiresGrad := a.Bool("requires_grad")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return nn.NewParameter(t, requiresGrad)
})

// loadSafetensors reads a safetensors file that kael's torch.save wrote
// before it wrote PyTorch's format (or any safetensors file), in the
// order saved; ok is false when path is not one.
func loadSafetensors(path string) (lang.Value, bool) {
	ts, meta, err := safetensors.Load(path, safetensors.Options{})
	if err != nil {
		return nil, false
	}
	order, ok := meta[savedOrderKey]
	if !ok {
		return StateDict(ts), true
	}
	out := lang.NewDict()
	for _, name := range strings.Split(order, "\n") {
		if t, ok := ts[name]; ok {
			_ = out.Set(name, t)
		}
	}
	return out, true
}

// savedOrderKey is the metadata entry in which kael's earlier torch.save
// kept the order of the names (safetensors sorts them).
const savedOrderKey = "kael.torch.save.order"
