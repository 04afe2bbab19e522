package torch

import (
	"io"
	"os"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/safetensors"
)

// torch.save and torch.load of a state dict, in a safetensors file.

func defSave() {
	torchMembers["save"] = lang.NewBuiltin(lang.AsValue, "save(obj, f)", "Writes a dict of name to tensor (a state_dict) to the file path f, in kael's format: a safetensors file that keeps the names' order, which torch.load reads back. PyTorch cannot read it with its torch.load (safetensors.torch.load_file can), and other objects (a whole model, lists) are refused.", torchSave)
	torchMembers["load"] = lang.NewBuiltin(lang.AsValue, "load(f, map_location=None, weights_only=False)", "Reads what torch.save wrote to the file path f (or any safetensors file) as a dict of name to tensor, in the order it was saved; pass it to model.load_state_dict. PyTorch's own pickled .pth files are refused with an error that says how to convert them.", torchLoad)
}

// savedOrderKey is the metadata entry in which torch.save keeps the order
// of the names (safetensors sorts them).
const savedOrderKey = "kael.torch.save.order"

// torchSave is torch.save(state_dict, path).
func torchSave(a *lang.Args) (lang.Value, error) {
	path, ok := lang.PathText(a.Value("f"))
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "kael's torch.save writes to a file path (a str or a pathlib path), not %s", lang.TypeName(a.Value("f")))
	}
	obj := a.Value("obj")
	if m, isModule := asModule(obj); isModule {
		return nil, lang.Errorf(lang.TypeError, "kael's torch.save saves a state_dict, not a whole %s", m.TypeName()).
			WithHint("torch.save(model.state_dict(), %s), and later model.load_state_dict(torch.load(%s))", lang.Repr(path), lang.Repr(path))
	}
	d, ok := obj.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "kael's torch.save saves a dict of name to tensor (a state_dict), not %s", lang.TypeName(obj)).
			WithHint("put the tensors in a dict: torch.save({'w': w}, %s)", lang.Repr(path))
	}
	ts, err := TensorMap(d, "torch.save")
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, d.Len())
	for _, k := range d.Keys() {
		names = append(names, k.(string))
	}
	if err := safetensors.Save(path, ts, map[string]string{savedOrderKey: strings.Join(names, "\n")}); err != nil {
		return nil, FileError(err)
	}
	return lang.None, nil
}

// torchLoad is torch.load(path).
func torchLoad(a *lang.Args) (lang.Value, error) {
	path, ok := lang.PathText(a.Value("f"))
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "kael's torch.load reads a file path (a str or a pathlib path), not %s", lang.TypeName(a.Value("f")))
	}
	if err := CheckDevice(a.Value("map_location")); err != nil {
		return nil, err
	}
	ts, meta, err := safetensors.Load(path, safetensors.Options{})
	if err != nil {
		e := FileError(err)
		if isZipFile(path) {
			e = lang.Errorf(lang.RuntimeError, "%s is PyTorch's pickled format, which kael cannot read", path).
				WithHint("convert it in Python: from safetensors.torch import save_file; save_file(torch.load(%s), 'weights.safetensors'), then torch.load('weights.safetensors')", lang.Repr(path))
		}
		return nil, e
	}
	order, ok := meta[savedOrderKey]
	if !ok {
		return StateDict(ts), nil
	}
	out := lang.NewDict()
	for _, name := range strings.Split(order, "\n") {
		if t, ok := ts[name]; ok {
			_ = out.Set(name, t)
		}
	}
	return out, nil
}

// isZipFile reports whether the file at path starts as a zip archive, as
// PyTorch's torch.save files do.
func isZipFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [4]byte
	_, err = io.ReadFull(f, magic[:])
	return err == nil && string(magic[:]) == "PK\x03\x04"
}
