package torch

import (
	"errors"
	"io/fs"
	"sort"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// What torch.save and torch.load share with the libraries that read and
// write tensor files (safetensors, transformers): errors named as Python
// names them, and dicts of name to tensor.

// SafetensorError is the error of a malformed file, named as the
// safetensors package names it.
const SafetensorError lang.ErrorKind = "SafetensorError"

// FileError converts an error of reading or writing a file to a kael
// error: a missing file is a FileNotFoundError, other system errors an
// OSError, a malformed safetensors file a SafetensorError (its message
// names the file and the tensor); kael errors pass through.
func FileError(err error) *lang.Error {
	var le *lang.Error
	var se *safetensors.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &le):
		return le
	case errors.As(err, &se):
		return lang.Errorf(SafetensorError, "%s", se.Error())
	case errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe):
		return lang.Errorf(lang.FileNotFoundError, "No such file or directory: '%s'", pe.Path)
	case errors.As(err, &pe):
		return lang.Errorf(lang.OSError, "%s: '%s'", pe.Err, pe.Path)
	}
	return lang.ToError(err)
}

// StateDict converts a map of tensors to a dict, in name order.
func StateDict(ts map[string]*tensor.Tensor) *lang.Dict {
	names := make([]string, 0, len(ts))
	for name := range ts {
		names = append(names, name)
	}
	sort.Strings(names)
	d := lang.NewDict()
	for _, name := range names {
		_ = d.Set(name, ts[name])
	}
	return d
}

// TensorMap converts a dict of name to tensor (the argument of save_file,
// or of save: fn names the function in errors).
func TensorMap(v lang.Value, fn string) (map[string]*tensor.Tensor, error) {
	d, ok := v.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s expects a dict of str to Tensor, not %s", fn, lang.TypeName(v))
	}
	out := make(map[string]*tensor.Tensor, d.Len())
	for _, k := range d.Keys() {
		val, _, _ := d.Get(k)
		name, ok := k.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s expects str keys, got %s", fn, lang.Repr(k))
		}
		t, ok := val.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s: %s is a %s, not a Tensor", fn, lang.Repr(k), lang.TypeName(val))
		}
		out[name] = t.Detach()
	}
	return out, nil
}
