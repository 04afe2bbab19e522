package lang

import (
	"errors"
	"io/fs"
	"sort"

	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// The safetensors module: Hugging Face's Python API for the format,
// safetensors.torch.load_file and save_file, on kael's safetensors package
// (memory-mapped reading, atomic writing).

// SafetensorError is the error of a malformed file, named as the
// safetensors package names it.
const SafetensorError ErrorKind = "SafetensorError"

// fileError converts an error of reading or writing a file to a kael
// error: a missing file is a FileNotFoundError, other system errors an
// OSError, a malformed safetensors file a SafetensorError (its message
// names the file and the tensor); kael errors pass through.
func fileError(err error) *Error {
	var le *Error
	var se *safetensors.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &le):
		return le
	case errors.As(err, &se):
		return Errorf(SafetensorError, "%s", se.Error())
	case errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe):
		return Errorf(FileNotFoundError, "No such file or directory: '%s'", pe.Path)
	case errors.As(err, &pe):
		return Errorf(OSError, "%s: '%s'", pe.Err, pe.Path)
	}
	return toError(err)
}

// progressReporter returns a callback that shows the progress of loading
// label, for safetensors' and gpt2's Progress options, as a tqdm bar
// counting MiB (a display updated in place in a notebook, the line in a
// terminal). Small loads show nothing: the bar appears only when the data
// passes progressThreshold bytes.
func progressReporter(a *Args, label string) func(done, total int64) {
	s := a.in.s
	var bar *ProgressBar
	return func(done, total int64) {
		if total < progressThreshold {
			return
		}
		if bar == nil {
			var err error
			if bar, err = newProgressBar(s, nil, total>>20, label+" (MiB)", 0.1); err != nil {
				return
			}
		}
		bar.n = done >> 20
		finished := done >= total
		bar.draw(finished)
		if finished {
			bar.closed = true
		}
	}
}

// progressThreshold is the size of data below which loading shows no
// progress: a file this small is ready in a moment.
const progressThreshold = 64 << 20

// stateDictValue converts a map of tensors to a dict, in name order.
func stateDictValue(ts map[string]*tensor.Tensor) *Dict {
	names := make([]string, 0, len(ts))
	for name := range ts {
		names = append(names, name)
	}
	sort.Strings(names)
	d := NewDict()
	for _, name := range names {
		_ = d.Set(name, ts[name])
	}
	return d
}

// stringMap converts a dict of strings (the metadata= argument) to a Go
// map; None is an empty map.
func stringMap(v Value, what string) (map[string]string, error) {
	if _, none := v.(NoneType); none {
		return nil, nil
	}
	d, ok := v.(*Dict)
	if !ok {
		return nil, Errorf(TypeError, "%s must be a dict of str to str, not %s", what, TypeName(v))
	}
	out := make(map[string]string, d.Len())
	for _, k := range d.Keys() {
		val, _, _ := d.Get(k)
		ks, kok := k.(string)
		vs, vok := val.(string)
		if !kok || !vok {
			return nil, Errorf(TypeError, "%s must be a dict of str to str, but has %s: %s", what, Repr(k), Repr(val))
		}
		out[ks] = vs
	}
	return out, nil
}

// tensorMap converts a dict of name to tensor (the argument of save_file,
// or of save: fn names the function in errors).
func tensorMap(v Value, fn string) (map[string]*tensor.Tensor, error) {
	d, ok := v.(*Dict)
	if !ok {
		return nil, Errorf(TypeError, "%s expects a dict of str to Tensor, not %s", fn, TypeName(v))
	}
	out := make(map[string]*tensor.Tensor, d.Len())
	for _, k := range d.Keys() {
		val, _, _ := d.Get(k)
		name, ok := k.(string)
		if !ok {
			return nil, Errorf(TypeError, "%s expects str keys, got %s", fn, Repr(k))
		}
		t, ok := val.(*tensor.Tensor)
		if !ok {
			return nil, Errorf(TypeError, "%s: %s is a %s, not a Tensor", fn, Repr(k), TypeName(val))
		}
		out[name] = t.Detach()
	}
	return out, nil
}

// tensorsToSave reads the tensors and metadata arguments of save_file and
// save (fn names the function in errors).
func tensorsToSave(a *Args, fn string) (map[string]*tensor.Tensor, map[string]string, error) {
	ts, err := tensorMap(a.Value("tensors"), fn)
	if err != nil {
		return nil, nil, err
	}
	meta, err := stringMap(a.Value("metadata"), "metadata")
	return ts, meta, err
}

var safetensorsTorch = &Module{Attrs: map[string]Value{
	"load_file": NewBuiltin(AsValue, "load_file(filename, device='cpu')", "Reads a .safetensors file into a dict of name to tensor, in name order. The file is memory-mapped: float32, float64, int64 and bool tensors view it without a copy (writing to one changes only this session's copy); F16 and BF16 load as float32, the integer types as int64. A malformed file is a SafetensorError naming the file and the tensor; a large file shows its progress.", func(a *Args) (Value, error) {
		path := a.Str("filename")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkDevice(a.Value("device")); err != nil {
			return nil, err
		}
		ts, _, err := safetensors.Load(path, safetensors.Options{Progress: progressReporter(a, "loading "+path)})
		if err != nil {
			return nil, fileError(err)
		}
		return stateDictValue(ts), nil
	}),
	"save_file": NewBuiltin(AsValue, "save_file(tensors, filename, metadata=None)", "Writes a dict of name to tensor as a .safetensors file (names sorted, header padded to 8 bytes, metadata as __metadata__), atomically: the file appears only once it is complete.", func(a *Args) (Value, error) {
		path := a.Str("filename")
		if err := a.Err(); err != nil {
			return nil, err
		}
		ts, meta, err := tensorsToSave(a, "save_file")
		if err != nil {
			return nil, err
		}
		if err := safetensors.Save(path, ts, meta); err != nil {
			return nil, fileError(err)
		}
		return None, nil
	}),
	"save": NewBuiltin(AsValue, "save(tensors, metadata=None)", "The bytes of the .safetensors file save_file would write for a dict of name to tensor: an 8-byte little-endian header length, the JSON header, the data.", func(a *Args) (Value, error) {
		ts, meta, err := tensorsToSave(a, "save")
		if err != nil {
			return nil, err
		}
		data, err := safetensors.Marshal(ts, meta)
		if err != nil {
			return nil, fileError(err)
		}
		return NewBytes(data), nil
	}),
	"load": NewBuiltin(AsValue, "load(data)", "The dict of name to tensor, in name order, that the bytes of a .safetensors file hold (what save returns); the tensors are copies, so changing one leaves data as it was. Malformed bytes are a SafetensorError.", func(a *Args) (Value, error) {
		b, ok := a.Value("data").(Bytes)
		if !ok {
			return nil, Errorf(TypeError, "load expects bytes, not %s", TypeName(a.Value("data")))
		}
		f, err := safetensors.Parse("bytes", append([]byte(nil), b.b...))
		if err != nil {
			return nil, fileError(err)
		}
		ts, err := f.All(safetensors.Options{})
		if err != nil {
			return nil, fileError(err)
		}
		return stateDictValue(ts), nil
	}),
}}

func init() {
	RegisterModule("safetensors", "Hugging Face's safetensors format; its functions are in safetensors.torch.", func() *Module {
		return &Module{MissingHint: "use from safetensors.torch import load_file, save_file"}
	})
	RegisterModule("safetensors.torch", "Reading and writing .safetensors files as dicts of tensors: load_file and save_file, and load and save of the file's bytes.", func() *Module {
		return safetensorsTorch
	})
}
