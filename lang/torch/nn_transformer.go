package torch

import (
	"github.com/kael-dev/kael/lang"
	pycopy "github.com/kael-dev/kael/lang/lib/copy"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.MultiheadAttention, the transformer layers and nn.Transformer
// (package nn's attention.go and transformer.go), their forward methods,
// which take masks by keyword, Transformer.generate_square_subsequent_mask
// and F.multi_head_attention_forward.

// layerForwards holds the forward of the layers whose forward is not
// layerForward's one-tensor call, by type name.
var layerForwards = map[string]*lang.Builtin{}

// layerStatics holds attributes of built-in layer classes that their
// instances have too (Transformer.generate_square_subsequent_mask), by
// type name.
var layerStatics = map[string]map[string]lang.Value{}

// layerMethods are the methods a built-in module class adds to
// nn.Module's, by class name (AveragedModel's update_parameters).
var layerMethods = map[string]map[string]*lang.Builtin{}

// forwardMethod is the forward of a built-in layer.
func forwardMethod(l *Layer) *lang.Builtin {
	if f, ok := layerForwards[l.TypeName()]; ok {
		return f
	}
	return layerForward
}

// layerStatic returns the class attribute name of a built-in layer.
func layerStatic(l *Layer, name string) (lang.Value, bool) {
	v, ok := layerStatics[l.TypeName()][name]
	return v, ok
}

// Unwrap is the module the layer holds (nn.Wrapper).
func (l *Layer) Unwrap() nn.Module { return l.Module }

// Rewrap is a layer like l around inner, with a copy of l's attributes
// (nn.Wrapper, for nn.DeepCopy).
func (l *Layer) Rewrap(inner nn.Module) nn.Module {
	c := newLayer(inner)
	c.class = l.class
	for k, v := range l.attrs {
		if c.attrs == nil {
			c.attrs = map[string]lang.Value{}
		}
		c.attrs[k] = v
	}
	return c
}

// layerDeepCopy is a built-in layer's __deepcopy__ (copy.deepcopy): the
// module tree copied by nn.DeepCopyWith, through copy.deepcopy's memo.
var layerDeepCopy = lang.NewBuiltin(lang.AsValue, "__deepcopy__(self, memo=None)", "A deep copy of the layer: its settings, parameters and buffers (in storage of their own, with their gradients) and submodules; a tensor shared inside it is copied once.", func(a *lang.Args) (lang.Value, error) {
	l := a.Value("self").(*Layer)
	memo := deepCopyMemo(a)
	copyTensor, copyModule := memoCopiers(a, memo)
	c, err := nn.DeepCopyWith(l, copyTensor, copyModule)
	if err != nil {
		return nil, err
	}
	_ = memo.Dict().Set(lang.ID(l), c)
	return c, nil
})

// deepCopyMemo is the memo a __deepcopy__(self, memo=None) received.
func deepCopyMemo(a *lang.Args) *pycopy.Memo {
	d, _ := a.Value("memo").(*lang.Dict)
	return pycopy.MemoOf(d)
}

// memoCopiers copy a module's parameters, buffers and submodules through
// copy.deepcopy's memo, so that a value met twice anywhere in what is
// copied (a weight tied between layers, a submodule used twice) is copied
// once. A module of package nn that is no value of the language (a
// Sequential's raw child) is copied in place, with a memo of its own.
func memoCopiers(a *lang.Args, memo *pycopy.Memo) (func(*tensor.Tensor) (*tensor.Tensor, error), func(nn.Module) (nn.Module, error)) {
	copyTensor := func(t *tensor.Tensor) (*tensor.Tensor, error) {
		if t == nil {
			return nil, nil
		}
		c, err := memo.DeepCopy(a, t)
		if err != nil {
			return nil, err
		}
		return c.(*tensor.Tensor), nil
	}
	raw := map[nn.Module]nn.Module{}
	var copyModule func(m nn.Module) (nn.Module, error)
	copyModule = func(m nn.Module) (nn.Module, error) {
		switch m.(type) {
		case *Layer, *userModule, lang.HasAttrs:
		default:
			if done, ok := raw[m]; ok {
				return done, nil
			}
			c, err := nn.DeepCopyWith(m, copyTensor, copyModule)
			raw[m] = c
			return c, err
		}
		c, err := memo.DeepCopy(a, moduleValue(m))
		if err != nil {
			return nil, err
		}
		cm, ok := asModule(c)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "__deepcopy__ of the submodule %s returned %s, not a module", m.TypeName(), lang.TypeName(c))
		}
		return cm, nil
	}
	return copyTensor, copyModule
}

// selfLayer is the built-in layer a forward method runs on.
func selfLayer[M nn.Module](a *lang.Args) (M, error) {
	l, _ := a.Value("self").(*Layer)
	var zero M
	if l == nil {
		return zero, lang.Errorf(lang.TypeError, "forward() needs a built-in layer as self")
	}
	m, ok := nn.Unwrap(l.Module).(M)
	if !ok {
		return zero, lang.Errorf(lang.TypeError, "%s.forward() cannot run on %s", l.TypeName(), l.TypeName())
	}
	return m, nil
}

// transformerConfig reads the arguments the transformer layers share;
// activation is the module given as the activation, if one was.
func transformerConfig(a *lang.Args) (c nn.TransformerConfig, activation nn.Module) {
	c = nn.TransformerConfig{DModel: a.Int("d_model"), NHead: a.Int("nhead"), DimFeedforward: a.Int("dim_feedforward"),
		Dropout: a.Float("dropout"), LayerNormEps: a.Float("layer_norm_eps"), BatchFirst: a.Bool("batch_first"), NormFirst: a.Bool("norm_first")}
	if a.Err() != nil {
		return c, nil
	}
	switch v := a.Value("activation").(type) {
	case string:
		if v != "relu" && v != "gelu" {
			a.Fail(lang.Errorf(lang.RuntimeError, "activation should be relu/gelu, not %s", v))
		}
		c.Activation = v
	case *lang.Builtin:
		if relu, _ := lang.LookupBuiltin("relu"); v == relu {
			c.Activation = "relu"
			break
		}
		if gelu, _ := lang.LookupBuiltin("gelu"); v == gelu {
			c.Activation = v.Name
			break
		}
		c.ActivationFn = callHook(a, v)
	default:
		if m, ok := asModule(v); ok {
			return c, m
		}
		if !lang.Callable(v) {
			a.Fail(lang.Errorf(lang.TypeError, "activation must be 'relu', 'gelu' or a callable, not %s", lang.TypeName(v)))
			break
		}
		c.ActivationFn = callHook(a, v)
	}
	return c, nil
}

// callHook makes fn, a callable of the program, a function of tensors.
func callHook(a *lang.Args, fn lang.Value) func(*tensor.Tensor) (*tensor.Tensor, error) {
	s := a.Session()
	return func(x *tensor.Tensor) (*tensor.Tensor, error) {
		r, err := s.CallHook(fn, x)
		if err != nil {
			return nil, err
		}
		t, ok := r.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "the activation returned %s, not a Tensor", lang.TypeName(r))
		}
		return t, nil
	}
}

// fRelu is F.relu, the default activation of the transformer layers.
func fRelu() *lang.Builtin {
	relu, ok := lang.LookupBuiltin("relu")
	if !ok {
		panic("torch: F.relu is registered after the transformer layers")
	}
	return relu
}

// optMask reads a mask argument: a tensor or None.
func optMask(a *lang.Args, name string) *tensor.Tensor {
	if a.IsNone(name) {
		return nil
	}
	return a.Tensor(name)
}

// decodeMasks reads the masks of a decoder's forward.
func decodeMasks(a *lang.Args) nn.DecodeMasks {
	return nn.DecodeMasks{TgtMask: optMask(a, "tgt_mask"), MemoryMask: optMask(a, "memory_mask"),
		TgtKeyPaddingMask: optMask(a, "tgt_key_padding_mask"), MemoryKeyPaddingMask: optMask(a, "memory_key_padding_mask")}
}

// moduleOrNone reads an argument that is a module or None.
func moduleOrNone(a *lang.Args, name string) nn.Module {
	v := a.Value(name)
	if _, none := v.(lang.NoneType); none || a.Err() != nil {
		return nil
	}
	m, ok := asModule(v)
	if !ok {
		a.Fail(lang.Errorf(lang.TypeError, "%s(): %s must be an nn.Module or None, not %s", a.Builtin().Name, name, lang.TypeName(v)))
	}
	return m
}

const decodeParams = "tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None"

func defTransformers() {
	nnClassNames["NonDynamicallyQuantizableLinear"] = "torch.nn.modules.linear.NonDynamicallyQuantizableLinear"
	lang.RegisterSubclass("torch.nn.modules.linear.NonDynamicallyQuantizableLinear", "torch.nn.modules.linear.Linear")

	defLayer("activation", "MultiheadAttention(embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None, dtype=None)",
		"Multi-head attention: softmax(q·kᵀ/√head_dim + mask)·v over num_heads heads of the projected query, key and value, then the out-projection out_proj. Called as attn(query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None, average_attn_weights=True); returns (output, weights), weights None unless need_weights. Inputs are [L, N, E] ([N, L, E] with batch_first) or unbatched [L, E]; attn_mask [L, S] or [N·num_heads, L, S], bool (True is masked) or float (added); dropout applies to the weights while training. Parameters in_proj_weight (or q_proj_weight, k_proj_weight, v_proj_weight when kdim or vdim differ), in_proj_bias, bias_k and bias_v with add_bias_kv, initialised as PyTorch does.",
		func(a *lang.Args) (nn.Module, error) {
			c := nn.MHAConfig{EmbedDim: a.Int("embed_dim"), NumHeads: a.Int("num_heads"), Dropout: a.Float("dropout"), Bias: a.Bool("bias"),
				AddBiasKV: a.Bool("add_bias_kv"), AddZeroAttn: a.Bool("add_zero_attn"), BatchFirst: a.Bool("batch_first")}
			if k := a.OptInt("kdim"); k != nil {
				c.KDim = *k
			}
			if v := a.OptInt("vdim"); v != nil {
				c.VDim = *v
			}
			d := layerDType(a)
			layerDevice(a)
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewMultiheadAttention(c, d)
		})
	layerForwards["MultiheadAttention"] = lang.NewBuiltin(lang.AsValue, "forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None, average_attn_weights=True)",
		"Attends query to key and value; returns (output, weights).", func(a *lang.Args) (lang.Value, error) {
			m, err := selfLayer[*nn.MultiheadAttention](a)
			if err != nil {
				return nil, err
			}
			q, k, v := a.Tensor("query"), a.Tensor("key"), a.Tensor("value")
			o := nn.AttendOptions{KeyPaddingMask: optMask(a, "key_padding_mask"), AttnMask: optMask(a, "attn_mask"),
				NeedWeights: a.Bool("need_weights"), AverageAttnWeights: a.Bool("average_attn_weights")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			out, w, err := m.Attend(q, k, v, o)
			if err != nil {
				return nil, err
			}
			if w == nil {
				return lang.Tuple{out, lang.None}, nil
			}
			return lang.Tuple{out, w}, nil
		})

	const layerArgs = "d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=relu, layer_norm_eps=1e-05, batch_first=False, norm_first=False, device=None, dtype=None"
	for _, decoder := range []bool{false, true} {
		name, doc := "TransformerEncoderLayer", "A transformer encoder layer: self-attention (self_attn) and a feed-forward block (linear1, activation, linear2), each with dropout and a residual connection, normalised after (norm1, norm2), or before with norm_first. Called as layer(src, src_mask=None, src_key_padding_mask=None)."
		if decoder {
			name, doc = "TransformerDecoderLayer", "A transformer decoder layer: self-attention (self_attn), attention to the encoder's output (multihead_attn) and a feed-forward block, each with dropout and a residual connection and normalised (norm1, norm2, norm3). Called as layer("+decodeParams+")."
		}
		b := defLayer("transformer", name+"("+layerArgs+")", doc+" activation is 'relu', 'gelu' or a callable; batch_first takes [N, L, E] inputs.", func(a *lang.Args) (nn.Module, error) {
			c, act := transformerConfig(a)
			d := layerDType(a)
			layerDevice(a)
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewTransformerLayer(c, decoder, act, d)
		})
		b.SetDefault("activation", fRelu())
	}
	layerForwards["TransformerEncoderLayer"] = lang.NewBuiltin(lang.AsValue, "forward(self, src, src_mask=None, src_key_padding_mask=None)",
		"Runs the encoder layer on src.", func(a *lang.Args) (lang.Value, error) {
			l, err := selfLayer[*nn.TransformerLayer](a)
			if err != nil {
				return nil, err
			}
			src, mask, pad := a.Tensor("src"), optMask(a, "src_mask"), optMask(a, "src_key_padding_mask")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(l.Encode(src, mask, pad))
		})
	layerForwards["TransformerDecoderLayer"] = lang.NewBuiltin(lang.AsValue, "forward(self, "+decodeParams+")",
		"Runs the decoder layer on tgt, attending to memory.", func(a *lang.Args) (lang.Value, error) {
			l, err := selfLayer[*nn.TransformerLayer](a)
			if err != nil {
				return nil, err
			}
			tgt, memory, masks := a.Tensor("tgt"), a.Tensor("memory"), decodeMasks(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(l.Decode(tgt, memory, masks))
		})

	defLayer("transformer", "TransformerEncoder(encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True)",
		"A stack of num_layers copies (deep copies) of encoder_layer, in the ModuleList layers, then norm if given. Called as encoder(src, mask=None, src_key_padding_mask=None).",
		func(a *lang.Args) (nn.Module, error) {
			layer, norm := moduleOrNone(a, "encoder_layer"), moduleOrNone(a, "norm")
			n := a.Int("num_layers")
			if a.Err() != nil {
				return nil, nil
			}
			s, err := nn.NewTransformerStack(layer, n, norm, false)
			if err == nil {
				s.EnableNestedTensor, s.MaskCheck = a.Bool("enable_nested_tensor"), a.Bool("mask_check")
			}
			return s, err
		})
	defLayer("transformer", "TransformerDecoder(decoder_layer, num_layers, norm=None)",
		"A stack of num_layers copies (deep copies) of decoder_layer, in the ModuleList layers, then norm if given. Called as decoder("+decodeParams+").",
		func(a *lang.Args) (nn.Module, error) {
			layer, norm := moduleOrNone(a, "decoder_layer"), moduleOrNone(a, "norm")
			n := a.Int("num_layers")
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewTransformerStack(layer, n, norm, true)
		})
	layerForwards["TransformerEncoder"] = lang.NewBuiltin(lang.AsValue, "forward(self, src, mask=None, src_key_padding_mask=None)",
		"Runs the encoder's layers in turn on src, then its norm.", func(a *lang.Args) (lang.Value, error) {
			s, err := selfLayer[*nn.TransformerStack](a)
			if err != nil {
				return nil, err
			}
			src, mask, pad := a.Tensor("src"), optMask(a, "mask"), optMask(a, "src_key_padding_mask")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(s.Encode(src, mask, pad))
		})
	layerForwards["TransformerDecoder"] = lang.NewBuiltin(lang.AsValue, "forward(self, "+decodeParams+")",
		"Runs the decoder's layers in turn on tgt, attending to memory, then its norm.", func(a *lang.Args) (lang.Value, error) {
			s, err := selfLayer[*nn.TransformerStack](a)
			if err != nil {
				return nil, err
			}
			tgt, memory, masks := a.Tensor("tgt"), a.Tensor("memory"), decodeMasks(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(s.Decode(tgt, memory, masks))
		})

	transformer := defLayer("transformer", "Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048, dropout=0.1, activation=relu, custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-05, batch_first=False, norm_first=False, device=None, dtype=None)",
		"The transformer of \"Attention Is All You Need\": encoder (a TransformerEncoder of num_encoder_layers layers and a LayerNorm, or custom_encoder) and decoder (likewise), every parameter of more than one dimension then xavier-uniform. Called as model(src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None).",
		func(a *lang.Args) (nn.Module, error) {
			c, act := transformerConfig(a)
			enc, dec := moduleOrNone(a, "custom_encoder"), moduleOrNone(a, "custom_decoder")
			ne, nd := a.Int("num_encoder_layers"), a.Int("num_decoder_layers")
			d := layerDType(a)
			layerDevice(a)
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewTransformer(c, ne, nd, enc, dec, act, d)
		})
	transformer.SetDefault("activation", fRelu())
	layerForwards["Transformer"] = lang.NewBuiltin(lang.AsValue, "forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None)",
		"Encodes src, then decodes tgt attending to the encoder's output.", func(a *lang.Args) (lang.Value, error) {
			t, err := selfLayer[*nn.Transformer](a)
			if err != nil {
				return nil, err
			}
			self := a.Value("self").(*Layer)
			src, tgt := a.Tensor("src"), a.Tensor("tgt")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := t.CheckInputs(src, tgt); err != nil {
				return nil, err
			}
			encoder, _ := moduleGetAttr(self, "encoder")
			decoder, _ := moduleGetAttr(self, "decoder")
			memory, err := a.CallKw(encoder, []lang.Value{src}, []string{"mask", "src_key_padding_mask"}, []lang.Value{a.Value("src_mask"), a.Value("src_key_padding_mask")})
			if err != nil {
				return nil, err
			}
			return a.CallKw(decoder, []lang.Value{tgt, memory}, []string{"tgt_mask", "memory_mask", "tgt_key_padding_mask", "memory_key_padding_mask"},
				[]lang.Value{a.Value("tgt_mask"), a.Value("memory_mask"), a.Value("tgt_key_padding_mask"), a.Value("memory_key_padding_mask")})
		})
	mask := lang.NewBuiltin(lang.AsValue, "generate_square_subsequent_mask(sz, device='cpu')",
		"A float [sz, sz] mask for causal attention: -inf above the diagonal (the positions a step may not see), 0 elsewhere.", func(a *lang.Args) (lang.Value, error) {
			sz := a.Int("sz")
			if !a.IsNone("device") {
				if err := CheckDevice(a.Value("device")); err != nil {
					return nil, err
				}
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(nn.SquareSubsequentMask(sz))
		})
	lang.RegisterClassAttr(transformer, "generate_square_subsequent_mask", mask)
	layerStatics["Transformer"] = map[string]lang.Value{"generate_square_subsequent_mask": mask}

	lang.NewBuiltin(lang.AsFunc, "multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias, training=True, key_padding_mask=None, need_weights=True, attn_mask=None, use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None, v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True)",
		"The computation of nn.MultiheadAttention from its weights: inputs [L, N, E] (or unbatched [L, E]); returns (output, weights), weights None unless need_weights.", func(a *lang.Args) (lang.Value, error) {
			q, k, v := a.Tensor("query"), a.Tensor("key"), a.Tensor("value")
			p := nn.MHAParams{EmbedDim: a.Int("embed_dim_to_check"), NumHeads: a.Int("num_heads"),
				InProjWeight: optMask(a, "in_proj_weight"), InProjBias: optMask(a, "in_proj_bias"),
				BiasK: optMask(a, "bias_k"), BiasV: optMask(a, "bias_v"), AddZeroAttn: a.Bool("add_zero_attn"),
				DropoutP: a.Float("dropout_p"), OutProjWeight: a.Tensor("out_proj_weight"), OutProjBias: optMask(a, "out_proj_bias"),
				Training: a.Bool("training"), KeyPaddingMask: optMask(a, "key_padding_mask"), NeedWeights: a.Bool("need_weights"),
				AttnMask: optMask(a, "attn_mask"), UseSeparateProjWeight: a.Bool("use_separate_proj_weight"),
				QProjWeight: optMask(a, "q_proj_weight"), KProjWeight: optMask(a, "k_proj_weight"), VProjWeight: optMask(a, "v_proj_weight"),
				StaticK: optMask(a, "static_k"), StaticV: optMask(a, "static_v"), AverageAttnWeights: a.Bool("average_attn_weights")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			out, w, err := nn.MultiHeadAttentionForward(q, k, v, p)
			if err != nil {
				return nil, err
			}
			if w == nil {
				return lang.Tuple{out, lang.None}, nil
			}
			return lang.Tuple{out, w}, nil
		})
}
