package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/typing"
	"github.com/kael-dev/kael/tensor"
)

// torch.types: the aliases PyTorch's annotations use (_int, _size,
// Number, Device, ...) and the Storage protocol class, as PyTorch 1.13's
// torch/types.py defines them. It is a Go module: one written in Python
// would import torch while torch is being built. Its members torch and
// builtins (the modules types.py imports) are left out for the same
// reason, as are _qscheme and _dispatchkey (kael has no quantized
// schemes nor dispatch keys).

func defTypesModule() {
	lang.RegisterModule("torch.types", "The aliases PyTorch's annotations use: _int, _float, _bool, _dtype, _device, _layout, _size, Number, Device, _TensorOrTensors, and the Storage protocol class, as in PyTorch 1.13's torch/types.py.", func() *lang.Module {
		class := func(name string) lang.Value {
			v, _ := lang.BuiltinName(name)
			return v
		}
		attrs := map[string]lang.Value{
			"_int": class("int"), "_float": class("float"), "_bool": class("bool"),
			"_dtype": lang.TypeOf(tensor.Float32), "_device": torchClass("device"), "_layout": torchClass("layout"),
			"Any": typing.Form("Any"), "List": typing.Form("List"), "Sequence": typing.Form("Sequence"),
			"Tuple": typing.Form("Tuple"), "Union": typing.Form("Union"),
			"Storage": storageProtocol, "SymInt": symInt,
		}
		tensorClass := torchClass("Tensor")
		for _, alias := range []struct {
			name, form string
			params     []lang.Value
		}{
			{"_size", "Union", []lang.Value{torchClass("Size"), must(typing.Subscript("List", class("int"))), must(typing.Subscript("Tuple", class("int"), lang.EllipsisType{}))}},
			{"Number", "Union", []lang.Value{class("int"), class("float"), class("bool")}},
			{"Device", "Union", []lang.Value{torchClass("device"), class("str"), class("int"), lang.None}},
			{"_TensorOrTensors", "Union", []lang.Value{tensorClass, must(typing.Subscript("Sequence", tensorClass))}},
		} {
			attrs[alias.name] = must(typing.Subscript(alias.form, alias.params...))
		}
		return &lang.Module{Attrs: attrs}
	})
}

// must is v, for the aliases of torch.types, whose parameters are
// classes: an error is a bug in kael.
func must(v lang.Value, err error) lang.Value {
	if err != nil {
		panic(err)
	}
	return v
}

// torchClass is the class torch.name (Tensor, Size, device, layout).
func torchClass(name string) lang.Value {
	if v, ok := torchMembers[name]; ok {
		return v
	}
	v, _ := lang.LookupBuiltin(name)
	return v
}

// symInt is torch.types.SymInt, the empty class of PyTorch 1.13's
// types.py (symbolic sizes of its tracing, which kael has not).
var symInt = lang.MustNewClass("SymInt", "torch.types", nil)

// storageProtocol is torch.types.Storage, the protocol the typed
// storages follow, with its methods whose bodies are "...": each returns
// None, as PyTorch's do.
var storageProtocol = lang.MustNewClass("Storage", "torch.types", nil, storageProtocolMethods()...)

func storageProtocolMethods() []*lang.Builtin {
	var out []*lang.Builtin
	for _, sig := range []string{"__deepcopy__(self, memo)", "_new_shared(self, int)", "_write_file(self, f, is_real_file, save_size, element_size)",
		"element_size(self)", "is_shared(self)", "share_memory_(self)", "nbytes(self)", "cpu(self)", "data_ptr(self)",
		"from_file(self, filename, shared=False, nbytes=0)", "_new_with_file(self, f, element_size)"} {
		out = append(out, lang.NewBuiltin(lang.AsValue, sig, "A method of the storage protocol: its body is ..., so it returns None.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, a.Err()
		}))
	}
	return out
}
