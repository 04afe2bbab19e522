package torch

import (
	"errors"
	. "github.com/kael-dev/kael/lang"
	"io/fs"
	"sort"

	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// What torch.save and torch.load share with the libraries that read and
// write tensor files (safetensors, transformers): errors named as Python
// names them, and dicts of name to tensor.

// SafetensorError is the error of a malformed file, named as the
// safetensors package names it.
const SafetensorError ErrorKind = "SafetensorError"

// FileError converts an error of reading or writing a file to a kael
// error: a missing file is a FileNotFoundError, other system errors an
// OSError, a malformed safetensors file a SafetensorError (its message
// names the file and the tensor); kael errors pass through.
func FileError(err error) *Error {
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
	return ToError(err)
}

// StateDict converts a map of tensors to a dict, in name order.
func StateDict(ts map[string]*tensor.Tensor) *Dict {
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

// TensorMap converts a dict of name to tensor (the argument of save_file,
// or of save: fn names the function in errors).
func TensorMap(v Value, fn string) (map[string]*tensor.Tensor, error) {
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
