package safetensors

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/torch"
	"github.com/kael-dev/kael/safetensors"
	"github.com/kael-dev/kael/tensor"
)

// The safetensors module: Hugging Face's Python API for the format,
// safetensors.torch.load_file and save_file, on kael's safetensors package
// (reading into memory, atomic writing).

// stringMap converts a dict of strings (the metadata= argument) to a Go
// map; None is an empty map.
func stringMap(v lang.Value, what string) (map[string]string, error) {
	if _, none := v.(lang.NoneType); none {
		return nil, nil
	}
	d, ok := v.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s must be a dict of str to str, not %s", what, lang.TypeName(v))
	}
	out := make(map[string]string, d.Len())
	for _, k := range d.Keys() {
		val, _, _ := d.Get(k)
		ks, kok := k.(string)
		vs, vok := val.(string)
		if !kok || !vok {
			return nil, lang.Errorf(lang.TypeError, "%s must be a dict of str to str, but has %s: %s", what, lang.Repr(k), lang.Repr(val))
		}
		out[ks] = vs
	}
	return out, nil
}

// tensorsToSave reads the tensors and metadata arguments of save_file and
// save (fn names the function in errors).
func tensorsToSave(a *lang.Args, fn string) (map[string]*tensor.Tensor, map[string]string, error) {
	ts, err := torch.TensorMap(a.Value("tensors"), fn)
	if err != nil {
		return nil, nil, err
	}
	meta, err := stringMap(a.Value("metadata"), "metadata")
	return ts, meta, err
}

var safetensorsTorch = &lang.Module{Attrs: map[string]lang.Value{
	"load_file": lang.NewBuiltin(lang.AsValue, "load_file(filename, device='cpu')", "Reads a .safetensors file into a dict of name to tensor, in name order. The file is read into memory: tensors of the dtypes kael has (F32, F64, F16, BF16, I64, I32, I16, I8, U8, BOOL) view that buffer without a further copy, and later changes to the file do not reach them; U16 and U32 load as int64. A malformed file is a SafetensorError naming the file and the tensor; a large file shows its progress.", func(a *lang.Args) (lang.Value, error) {
		path := a.Path("filename")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := torch.CheckDevice(a.Value("device")); err != nil {
			return nil, err
		}
		ts, _, err := safetensors.Load(path, safetensors.Options{Progress: lang.ProgressReporter(a, "loading "+path)})
		if err != nil {
			return nil, torch.FileError(err)
		}
		return torch.StateDict(ts), nil
	}),
	"save_file": lang.NewBuiltin(lang.AsValue, "save_file(tensors, filename, metadata=None)", "Writes a dict of name to tensor as a .safetensors file (names sorted, header padded to 8 bytes, metadata as __metadata__), atomically: the file appears only once it is complete.", func(a *lang.Args) (lang.Value, error) {
		path := a.Path("filename")
		if err := a.Err(); err != nil {
			return nil, err
		}
		ts, meta, err := tensorsToSave(a, "save_file")
		if err != nil {
			return nil, err
		}
		if err := safetensors.Save(path, ts, meta); err != nil {
			return nil, torch.FileError(err)
		}
		return lang.None, nil
	}),
	"save": lang.NewBuiltin(lang.AsValue, "save(tensors, metadata=None)", "The bytes of the .safetensors file save_file would write for a dict of name to tensor: an 8-byte little-endian header length, the JSON header, the data.", func(a *lang.Args) (lang.Value, error) {
		ts, meta, err := tensorsToSave(a, "save")
		if err != nil {
			return nil, err
		}
		data, err := safetensors.Marshal(ts, meta)
		if err != nil {
			return nil, torch.FileError(err)
		}
		return lang.NewBytes(data), nil
	}),
	"load": lang.NewBuiltin(lang.AsValue, "load(data)", "The dict of name to tensor, in name order, that the bytes of a .safetensors file hold (what save returns); the tensors are copies, so changing one leaves data as it was. Malformed bytes are a SafetensorError.", func(a *lang.Args) (lang.Value, error) {
		b, ok := a.Value("data").(lang.Bytes)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "load expects bytes, not %s", lang.TypeName(a.Value("data")))
		}
		f, err := safetensors.Parse("bytes", append([]byte(nil), b.Data()...))
		if err != nil {
			return nil, torch.FileError(err)
		}
		ts, err := f.All(safetensors.Options{})
		if err != nil {
			return nil, torch.FileError(err)
		}
		return torch.StateDict(ts), nil
	}),
}}

func init() {
	lang.RegisterModule("safetensors", "Hugging Face's safetensors format; its functions are in safetensors.torch.", func() *lang.Module {
		return &lang.Module{MissingHint: "use from safetensors.torch import load_file, save_file"}
	})
	lang.RegisterModule("safetensors.torch", "Reading and writing .safetensors files as dicts of tensors: load_file and save_file, and load and save of the file's bytes.", func() *lang.Module {
		return safetensorsTorch
	})
}
