package torch

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/pickle"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// Whole modules in torch.save and torch.load, as PyTorch 1.13 pickles
// them: the class by reference (torch.nn.modules.linear.Linear, or the
// program's __main__.Net), made by copyreg.__newobj__ without __init__,
// and the instance's __dict__ as its state: training, the _parameters,
// _buffers and _modules OrderedDicts, _non_persistent_buffers_set, the
// hook registries (empty: kael saves no hooks) and the module's own
// attributes (Linear's in_features, Conv2d's _reversed_padding_repeated_twice,
// an LSTM's _flat_weights, what the program set). PyTorch's
// Module.__setstate__ takes that dict as it is, so the module works
// there; kael's torch.load rebuilds a built-in layer by calling its
// constructor with the attributes the state names and then installs the
// saved parameters, buffers and submodules, and fills an instance of a
// program's class from the state.

// newObj is copyreg.__newobj__, the reduction that makes an object with
// cls.__new__(cls).
var newObj = pickle.Global{Module: "copyreg", Name: "__newobj__"}

// moduleHooks are the hook registries of a module's __dict__ after
// _backward_hooks (and _is_full_backward_hook), in PyTorch 1.13's order.
var moduleHooks = []string{"_forward_hooks", "_forward_pre_hooks", "_state_dict_hooks", "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks"}

// moduleInternals are the names of a module's __dict__ that Module
// itself keeps.
var moduleInternals = append([]string{"training", "_parameters", "_buffers", "_non_persistent_buffers_set", "_backward_hooks", "_is_full_backward_hook", "_modules"}, moduleHooks...)

// moduleReduction is the reduction of the module v (m its registry), as
// object.__reduce_ex__(2) gives it for PyTorch's modules.
func moduleReduction(v lang.Value, m nn.Module) (*pickle.Reduction, error) {
	var cls lang.Value
	switch x := v.(type) {
	case *Layer:
		g, ok := layerGlobal(x)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "torch.save: kael cannot save a whole %s, a module PyTorch does not have", x.TypeName()).
				WithHint("save its state_dict() instead")
		}
		cls = g
	case *lang.Instance:
		cls = x.Class()
	default:
		return nil, lang.Errorf(lang.TypeError, "cannot pickle '%s' object", lang.TypeName(v))
	}
	state, err := moduleState(v, m)
	if err != nil {
		return nil, err
	}
	return &pickle.Reduction{Func: newObj, Args: lang.Tuple{cls}, State: state}, nil
}

// layerGlobal is the class of a built-in layer as a pickle names it.
func layerGlobal(l *Layer) (pickle.Global, bool) {
	q, ok := nnClassNames[l.TypeName()]
	if !ok {
		return pickle.Global{}, false
	}
	i := strings.LastIndexByte(q, '.')
	return pickle.Global{Module: q[:i], Name: q[i+1:]}, true
}

// moduleState is the __dict__ of the module v in PyTorch's layout.
func moduleState(v lang.Value, m nn.Module) (*lang.Dict, error) {
	b := m.Base()
	params, buffers, modules := &orderedDict{}, &orderedDict{}, &orderedDict{}
	var nonPersistent []lang.Value
	for _, name := range b.Names() {
		switch b.KindOf(name) {
		case nn.ParameterKind:
			params.add(name, orNone(b.Parameter(name)))
		case nn.BufferKind:
			buffers.add(name, orNone(b.Buffer(name)))
			if b.NonPersistent(name) {
				nonPersistent = append(nonPersistent, name)
			}
		case nn.ModuleKind:
			var sub lang.Value = lang.None
			if s := b.Submodule(name); s != nil {
				sub = moduleValue(s)
			}
			modules.add(name, sub)
		}
	}
	npSet, err := lang.NewSet(nonPersistent, false)
	if err != nil {
		return nil, err
	}
	st := lang.NewDict()
	items := [][2]lang.Value{{"training", b.Training}, {"_parameters", params}, {"_buffers", buffers},
		{"_non_persistent_buffers_set", npSet}, {"_backward_hooks", &orderedDict{}}, {"_is_full_backward_hook", lang.None}}
	for _, h := range moduleHooks {
		items = append(items, [2]lang.Value{h, &orderedDict{}})
	}
	items = append(items, [2]lang.Value{"_modules", modules})
	items = append(items, ownAttributes(v, m)...)
	for _, kv := range items {
		if err := st.Set(kv[0], kv[1]); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// orNone is t, or None for a slot holding none.
func orNone[T comparable](t T) lang.Value {
	var zero T
	if t == zero {
		return lang.None
	}
	return t
}

// ownAttributes are the module's attributes beyond Module's: a built-in
// layer's hyper-parameters and the attributes PyTorch's class keeps
// beside them (layerExtras), then what the program set on it.
func ownAttributes(v lang.Value, m nn.Module) [][2]lang.Value {
	var out [][2]lang.Value
	hyp := m
	if l, ok := v.(*Layer); ok {
		hyp = l.Module
	}
	if h, ok := hyp.(nn.HasHypers); ok {
		for _, x := range h.Hypers() {
			out = append(out, [2]lang.Value{x.Name, hyperValue(x.Value)})
		}
	}
	layer, _ := v.(*Layer)
	if um, ok := userModuleOf(v); ok {
		layer = um.layer
	}
	if layer != nil {
		out = append(out, layerExtras(layer, m.Base())...)
	}
	switch x := v.(type) {
	case *Layer:
		names := make([]string, 0, len(x.attrs))
		for n := range x.attrs {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			out = append(out, [2]lang.Value{n, x.attrs[n]})
		}
	case *lang.Instance:
		d := x.Dict()
		vals := d.Values()
		for i, k := range d.Keys() {
			out = append(out, [2]lang.Value{k, vals[i]})
		}
	}
	return out
}

// layerExtras are the attributes PyTorch 1.13's layer keeps in its
// __dict__ and kael's layer has no hyper-parameter for, as PyTorch sets
// them: what the layer's forward (or __setstate__) reads there.
func layerExtras(l *Layer, b *nn.Base) [][2]lang.Value {
	switch x := l.Module.(type) {
	case *nn.Conv2d, *nn.Conv3d:
		return convExtras(l, false)
	case *nn.ConvTranspose2d, *nn.ConvTranspose3d:
		return convExtras(l, true)
	case *nn.Embedding:
		return [][2]lang.Value{{"max_norm", lang.None}, {"norm_type", 2.0}, {"scale_grad_by_freq", false}, {"sparse", false}}
	case *nn.RNN:
		return rnnExtras(b, x.Bias)
	case *nn.Func:
		return funcExtras(l)
	}
	return nil
}

// funcExtras are the attributes PyTorch's padding layers and Upsample
// keep as their __init__ makes them: a padding layer's padding as the
// tuple of 2·d ints (and ZeroPad2d's value), Upsample's name and float
// scale_factor.
func funcExtras(l *Layer) [][2]lang.Value {
	name := l.TypeName()
	attr := func(n string) lang.Value { v, _ := l.Attr(n); return v }
	if name == "Upsample" {
		out := [][2]lang.Value{{"name", "Upsample"}}
		switch f := attr("scale_factor").(type) {
		case int64:
			out = append(out, [2]lang.Value{"scale_factor", float64(f)})
		case lang.Tuple:
			fs := make(lang.Tuple, len(f))
			for i, e := range f {
				x, _ := lang.AsFloat(e)
				fs[i] = x
			}
			out = append(out, [2]lang.Value{"scale_factor", fs})
		}
		return out
	}
	i := strings.Index(name, "Pad")
	if i < 0 || len(name) != i+5 || !strings.HasSuffix(name, "d") {
		return nil
	}
	d := int(name[i+3] - '0')
	var pad lang.Tuple
	switch p := attr("padding").(type) {
	case int64:
		pad = make(lang.Tuple, 2*d)
		for j := range pad {
			pad[j] = p
		}
	case lang.Tuple:
		pad = p
	default:
		return nil
	}
	out := [][2]lang.Value{{"padding", pad}}
	if name == "ZeroPad2d" {
		out = append(out, [2]lang.Value{"value", 0.0})
	}
	return out
}

// convExtras are a convolution's transposed, output_padding (for a
// convolution that is not transposed) and
// _reversed_padding_repeated_twice.
func convExtras(l *Layer, transposed bool) [][2]lang.Value {
	hyper := func(name string) lang.Value { v, _ := l.Attr(name); return v }
	ks, _ := lang.IntSequence(hyper("kernel_size"))
	dil, _ := lang.IntSequence(hyper("dilation"))
	n := len(ks)
	out := [][2]lang.Value{{"transposed", transposed}}
	if !transposed {
		zeros := make(lang.Tuple, n)
		for i := range zeros {
			zeros[i] = int64(0)
		}
		out = append(out, [2]lang.Value{"output_padding", zeros})
	}
	rev := make([]lang.Value, 0, 2*n)
	pad := hyper("padding")
	for i := n - 1; i >= 0; i-- {
		var lo, hi int
		switch p := pad.(type) {
		case string:
			if p == "same" && i < len(dil) {
				total := dil[i] * (ks[i] - 1)
				lo = total / 2
				hi = total - lo
			}
		default:
			ps, _ := lang.IntSequence(p)
			if i < len(ps) {
				lo, hi = ps[i], ps[i]
			}
		}
		rev = append(rev, int64(lo), int64(hi))
	}
	if _, same := pad.(string); same { // PyTorch computes a list for padding='same'
		return append(out, [2]lang.Value{"_reversed_padding_repeated_twice", &lang.List{Elems: rev}})
	}
	return append(out, [2]lang.Value{"_reversed_padding_repeated_twice", lang.Tuple(rev)})
}

// rnnExtras are a recurrent layer's _flat_weights_names, _all_weights
// (the names by layer and direction) and _flat_weights (the parameters).
func rnnExtras(b *nn.Base, bias bool) [][2]lang.Value {
	per := 2
	if bias {
		per = 4
	}
	names, weights, all := &lang.List{}, &lang.List{}, &lang.List{}
	var group *lang.List
	for _, n := range b.Names() {
		if b.KindOf(n) != nn.ParameterKind {
			continue
		}
		names.Elems = append(names.Elems, n)
		weights.Elems = append(weights.Elems, orNone(b.Parameter(n)))
		if group == nil || len(group.Elems) == per {
			group = &lang.List{}
			all.Elems = append(all.Elems, group)
		}
		group.Elems = append(group.Elems, n)
	}
	return [][2]lang.Value{{"_flat_weights_names", names}, {"_all_weights", all}, {"_flat_weights", weights}}
}

// findLayerClass is the class module.name of a pickle when it names a
// module of torch.nn.modules: the constructor of the built-in layer, or
// pickle's AttributeError for a class kael does not have.
func findLayerClass(module, name string) (lang.Value, bool, error) {
	if !strings.HasPrefix(module, "torch.nn.modules.") {
		return nil, false, nil
	}
	if q, ok := nnClassNames[name]; ok && q == module+"."+name {
		if c, has := layerConstructor(name); has {
			return c, true, nil
		}
	}
	return nil, false, lang.Errorf(lang.AttributeError, "Can't get attribute '%s' on <module '%s'>", name, module).
		WithHint("kael has no %s.%s; save and load the state_dict() of a model kael can build", module, name)
}

// layerConstructor is the constructor of the layer class name: torch.nn's,
// or the one of a class torch.nn does not export
// (NonDynamicallyQuantizableLinear, MultiheadAttention's out_proj).
func layerConstructor(name string) (*lang.Builtin, bool) {
	if name == "NonDynamicallyQuantizableLinear" {
		return quantizableLinear, true
	}
	c, ok := torchNN[name].(*lang.Builtin)
	return c, ok
}

// quantizableLinear makes a NonDynamicallyQuantizableLinear: a Linear
// under that name.
var quantizableLinear = lang.NewBuiltin(lang.AsValue, "NonDynamicallyQuantizableLinear(in_features, out_features, bias=True, device=None, dtype=None)", "A Linear layer under the class name MultiheadAttention's out_proj has.", func(a *lang.Args) (lang.Value, error) {
	v, err := a.CallKw(torchNN["Linear"], nil, []string{"in_features", "out_features", "bias"}, []lang.Value{a.Value("in_features"), a.Value("out_features"), a.Value("bias")})
	if err != nil {
		return nil, err
	}
	if l, ok := v.(*Layer); ok {
		if lin, ok := l.Module.(*nn.Linear); ok {
			lin.Rename("NonDynamicallyQuantizableLinear")
		}
	}
	return v, nil
})

// layerClassName is the name of the built-in layer whose class fn is.
func layerClassName(fn lang.Value) (string, bool) {
	b, ok := fn.(*lang.Builtin)
	if !ok {
		return "", false
	}
	if c, has := layerConstructor(b.Name); has && c == fn {
		_, isLayer := nnClassNames[b.Name]
		return b.Name, isLayer
	}
	return "", false
}

// moduleLoader rebuilds the modules of one torch.load: the layers NEWOBJ
// made, each filled when BUILD gives its state.
type moduleLoader struct {
	a       *lang.Args
	pending map[*Layer]string
}

func newModuleLoader(a *lang.Args) *moduleLoader {
	return &moduleLoader{a: a, pending: map[*Layer]string{}}
}

// call is the unpickler's call of fn: for a layer's class without
// arguments, cls.__new__(cls) of NEWOBJ, an empty layer that BUILD
// fills.
func (ml *moduleLoader) call(fn lang.Value, args lang.Tuple, call func(lang.Value, lang.Tuple) (lang.Value, error)) (lang.Value, error) {
	name, ok := layerClassName(fn)
	if !ok || len(args) > 0 {
		return call(fn, args)
	}
	if slices.Contains(unloadableLayers, name) { // refused when met, so the error names the outermost
		return nil, lang.Errorf(lang.TypeError, "torch.load: kael cannot load a whole nn.%s: its constructor's arguments (d_model, the layer to copy) are not among the attributes the file holds", name).
			WithHint("save its state_dict() and load it with load_state_dict() into a %s made in the program", name)
	}
	l := &Layer{Module: &emptyModule{}}
	ml.pending[l] = name
	return l, nil
}

// build restores the state of a module BUILD meets; handled is false for
// any other object.
func (ml *moduleLoader) build(obj, state lang.Value) (handled bool, err error) {
	l, isLayer := obj.(*Layer)
	name, pending := ml.pending[l]
	um, isUser := userModuleOf(obj)
	if !(isLayer && pending) && !isUser {
		return false, nil
	}
	st, ok := state.(*lang.Dict)
	if !ok {
		return true, lang.Errorf(pickle.UnpicklingError, "torch.load: the state of a %s is %s, not a dict", lang.TypeName(obj), lang.TypeName(state))
	}
	if isUser {
		return true, ml.buildUser(um, st)
	}
	delete(ml.pending, l)
	return true, ml.buildLayer(l, name, st)
}

// unloadableLayers are the layers torch.load cannot rebuild whole: their
// constructors need what their __dict__ does not hold.
var unloadableLayers = []string{"TransformerEncoderLayer", "TransformerDecoderLayer", "TransformerEncoder", "TransformerDecoder", "Transformer"}

// buildLayer makes l the layer name with the state st: the constructor
// called with the attributes st names (the default generator's state
// kept, as PyTorch's load draws nothing), then st's registry and
// attributes.
func (ml *moduleLoader) buildLayer(l *Layer, name string, st *lang.Dict) error {
	ctor, ok := layerConstructor(name)
	if !ok {
		return lang.Errorf(lang.TypeError, "torch.load: kael cannot rebuild nn.%s", name)
	}
	params, err := stateItems(ml.a, st, "_parameters")
	if err != nil {
		return err
	}
	var kwNames []string
	var kwVals []lang.Value
	for _, p := range ctor.ParamNames() {
		if v, ok, _ := st.Get(p); ok {
			kwNames, kwVals = append(kwNames, p), append(kwVals, v)
			continue
		}
		if p == "bias" {
			hasBias := false
			for _, kv := range params {
				if kv[0] == "bias" && kv[1] != lang.None {
					hasBias = true
				}
			}
			kwNames, kwVals = append(kwNames, p), append(kwVals, hasBias)
		}
	}
	v, err := drawingNothing(func() (lang.Value, error) { return ml.a.CallKw(ctor, nil, kwNames, kwVals) })
	if err != nil {
		e := lang.ToError(err)
		return lang.Errorf(e.Kind, "torch.load: kael cannot rebuild the saved %s from its attributes: %s", name, e.Msg).
			WithHint("save and load its state_dict() instead, into a %s made in the program", name)
	}
	made, ok := v.(*Layer)
	if !ok {
		return lang.Errorf(lang.TypeError, "torch.load: nn.%s made %s", name, lang.TypeName(v))
	}
	l.Module, l.attrs = made.Module, made.attrs
	if err := installRegistry(ml.a, l.Base(), st); err != nil {
		return err
	}
	known := map[string]bool{}
	for _, kv := range ownAttributes(&Layer{Module: l.Module}, l.Module) {
		known[kv[0].(string)] = true
	}
	keys, vals := st.Keys(), st.Values()
	for i, k := range keys {
		s, _ := k.(string)
		if known[s] || slices.Contains(moduleInternals, s) {
			continue
		}
		if l.attrs == nil {
			l.attrs = map[string]lang.Value{}
		}
		l.attrs[s] = vals[i]
	}
	return nil
}

// buildUser fills an instance of a program's nn.Module class from st, as
// Module.__setstate__ updates its __dict__.
func (ml *moduleLoader) buildUser(m *userModule, st *lang.Dict) error {
	m.initialized = true
	if err := installRegistry(ml.a, m.Base(), st); err != nil {
		return err
	}
	own := m.inst.Dict()
	keys, vals := st.Keys(), st.Values()
	for i, k := range keys {
		s, isStr := k.(string)
		if !isStr {
			return lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(k))
		}
		if slices.Contains(moduleInternals, s) {
			continue
		}
		if err := own.Set(s, vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// installRegistry sets b's training flag, parameters, buffers and
// submodules from a module's state.
func installRegistry(a *lang.Args, b *nn.Base, st *lang.Dict) error {
	if v, ok, _ := st.Get("training"); ok {
		on, err := lang.Truth(v)
		if err != nil {
			return err
		}
		b.Training = on
	}
	nonPersistent := map[string]bool{}
	if v, ok, _ := st.Get("_non_persistent_buffers_set"); ok && v != lang.None {
		names, err := lang.Collect(v)
		if err != nil {
			return err
		}
		for _, n := range names {
			s, _ := n.(string)
			nonPersistent[s] = true
		}
	}
	for _, kind := range []string{"_parameters", "_buffers", "_modules"} {
		items, err := stateItems(a, st, kind)
		if err != nil {
			return err
		}
		for _, kv := range items {
			name, ok := kv[0].(string)
			if !ok {
				return lang.Errorf(lang.TypeError, "torch.load: a module's %s has the key %s, not a str", kind, lang.Repr(kv[0]))
			}
			if err := installEntry(b, kind, name, kv[1], nonPersistent[name]); err != nil {
				return err
			}
		}
	}
	return nil
}

// installEntry registers v as the parameter, buffer or submodule name.
func installEntry(b *nn.Base, kind, name string, v lang.Value, nonPersistent bool) error {
	if kind == "_modules" {
		if v == lang.None {
			b.SetModule(name, nil)
			return nil
		}
		m, ok := asModule(v)
		if !ok {
			return lang.Errorf(lang.TypeError, "torch.load: the submodule %s is %s, not a module", name, lang.TypeName(v))
		}
		b.SetModule(name, m)
		return nil
	}
	var t *tensor.Tensor
	if v != lang.None {
		x, ok := v.(*tensor.Tensor)
		if !ok {
			return lang.Errorf(lang.TypeError, "torch.load: the %s %s is %s, not a tensor", strings.TrimSuffix(strings.TrimPrefix(kind, "_"), "s"), name, lang.TypeName(v))
		}
		t = x
	}
	switch {
	case kind == "_parameters":
		b.SetParameter(name, t)
	case nonPersistent:
		b.SetNonPersistentBuffer(name, t)
	default:
		b.SetBuffer(name, t)
	}
	return nil
}

// stateItems are the (key, value) pairs of the OrderedDict st[key]
// (none when st has no such key).
func stateItems(a *lang.Args, st *lang.Dict, key string) ([][2]lang.Value, error) {
	v, ok, _ := st.Get(key)
	if !ok || v == lang.None {
		return nil, nil
	}
	if d, isDict := v.(*lang.Dict); isDict {
		out := make([][2]lang.Value, d.Len())
		vals := d.Values()
		for i, k := range d.Keys() {
			out[i] = [2]lang.Value{k, vals[i]}
		}
		return out, nil
	}
	items, err := lang.GetAttr(v, "items")
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "torch.load: a module's %s is %s, not a dict", key, lang.TypeName(v))
	}
	it, err := a.Call(items)
	if err != nil {
		return nil, err
	}
	pairs, err := lang.Collect(it)
	if err != nil {
		return nil, err
	}
	out := make([][2]lang.Value, 0, len(pairs))
	for _, p := range pairs {
		e, ok := lang.Elems(p)
		if !ok || len(e) != 2 {
			return nil, lang.Errorf(lang.ValueError, "torch.load: a module's %s does not give (key, value) pairs", key)
		}
		out = append(out, [2]lang.Value{e[0], e[1]})
	}
	return out, nil
}
