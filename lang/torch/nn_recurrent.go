package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The recurrent layers of torch.nn (nn.RNN, nn.LSTM, nn.GRU and their
// cells, package nn's rnn.go) and their forward calls, which take an
// optional state and return tuples.

// The qualified names of the base classes of the recurrent layers and of
// their cells.
const (
	rnnBaseClass     = "torch.nn.modules.rnn.RNNBase"
	rnnCellBaseClass = "torch.nn.modules.rnn.RNNCellBase"
)

func defRecurrent() {
	defLayer("rnn", "RNNBase(mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None)", "The base class of nn.RNN, nn.LSTM and nn.GRU: made directly, it holds the parameters of mode ('LSTM', 'GRU', 'RNN_TANH' or 'RNN_RELU') drawn as those layers draw them, and has no forward.", func(a *lang.Args) (nn.Module, error) {
		mode := a.Str("mode")
		c := nn.RNNConfig{Mode: mode, InputSize: a.Int("input_size"), HiddenSize: a.Int("hidden_size"),
			NumLayers: a.Int("num_layers"), Bias: a.Bool("bias"), BatchFirst: a.Bool("batch_first"),
			Dropout: a.Float("dropout"), Bidirectional: a.Bool("bidirectional")}
		refuseGiven(a, "proj_size", 0.0, "LSTM projections are not implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		switch mode {
		case nn.ModeLSTM, nn.ModeGRU, nn.ModeRNNTanh, nn.ModeRNNReLU:
		default:
			return nil, lang.Errorf(lang.ValueError, "Unrecognized RNN mode: %s", mode)
		}
		r, err := nn.NewRNN(c, d)
		if err != nil {
			return nil, err
		}
		r.Abstract = true
		return r, nil
	})
	defLayer("rnn", "RNNCellBase(input_size, hidden_size, bias, num_chunks, device=None, dtype=None)", "The base class of nn.RNNCell, nn.LSTMCell and nn.GRUCell: made directly, it holds weight_ih [num_chunks·hidden_size, input_size], weight_hh and the biases, drawn as the cells draw them, and has no forward.", func(a *lang.Args) (nn.Module, error) {
		d := layerDType(a)
		layerDevice(a)
		input, hidden, bias, chunks := a.Int("input_size"), a.Int("hidden_size"), a.Bool("bias"), a.Int("num_chunks")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewRNNCellBase(input, hidden, bias, chunks, d)
	})
	const common = "input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0, bidirectional=False"
	layers := []struct{ name, sig, doc string }{
		{"RNN", "RNN(" + common + ", *, nonlinearity='tanh', device=None, dtype=None)", "An Elman RNN: h_t = tanh(x_t·W_ihᵀ + b_ih + h_(t-1)·W_hhᵀ + b_hh) (relu with nonlinearity='relu')."},
		{"LSTM", "LSTM(" + common + ", proj_size=0, device=None, dtype=None)", "A long short-term memory RNN with input, forget, cell and output gates; called as lstm(input, (h0, c0)), it returns (output, (h_n, c_n)). proj_size is not supported."},
		{"GRU", "GRU(" + common + ", *, device=None, dtype=None)", "A gated recurrent unit RNN with reset, update and new gates."},
	}
	for _, l := range layers {
		defLayer("rnn", l.sig, l.doc+" Input is [T, N, input_size] ([N, T, input_size] with batch_first, or [T, input_size] unbatched); the state [num_layers·directions, N, hidden_size] starts at zeros unless given. Parameters weight_ih_l0, weight_hh_l0, bias_ih_l0, bias_hh_l0 (…_reverse for the backward direction) are uniform in ±1/√hidden_size, drawn in PyTorch's order. dropout applies between layers while training.", func(a *lang.Args) (nn.Module, error) {
			c := nn.RNNConfig{Mode: l.name, InputSize: a.Int("input_size"), HiddenSize: a.Int("hidden_size"),
				NumLayers: a.Int("num_layers"), Bias: a.Bool("bias"), BatchFirst: a.Bool("batch_first"),
				Dropout: a.Float("dropout"), Bidirectional: a.Bool("bidirectional")}
			if l.name == "RNN" {
				c.Mode = recurrentMode(a, lang.ValueError, "Unknown nonlinearity '%s'")
			}
			if l.name == "LSTM" {
				refuseGiven(a, "proj_size", 0.0, "LSTM projections are not implemented")
			}
			d := layerDType(a)
			layerDevice(a)
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewRNN(c, d)
		})
	}
	cells := []struct{ name, extra, doc string }{
		{"RNNCell", ", nonlinearity='tanh'", "One step of an Elman RNN: h' = tanh(x·W_ihᵀ + b_ih + h·W_hhᵀ + b_hh) (relu with nonlinearity='relu')."},
		{"LSTMCell", "", "One step of an LSTM: called as cell(input, (h, c)), it returns (h', c')."},
		{"GRUCell", "", "One step of a GRU: cell(input, h) returns h'."},
	}
	for _, cell := range cells {
		defLayer("rnn", cell.name+"(input_size, hidden_size, bias=True"+cell.extra+", device=None, dtype=None)", cell.doc+" Input is [N, input_size] or [input_size]; the state starts at zeros unless given. Parameters weight_ih, weight_hh, bias_ih, bias_hh are uniform in ±1/√hidden_size.", func(a *lang.Args) (nn.Module, error) {
			mode := map[string]string{"LSTMCell": nn.ModeLSTM, "GRUCell": nn.ModeGRU}[cell.name]
			if cell.name == "RNNCell" {
				mode = recurrentMode(a, lang.RuntimeError, "Unknown nonlinearity: %s")
			}
			d := layerDType(a)
			layerDevice(a)
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewRNNCell(mode, a.Int("input_size"), a.Int("hidden_size"), a.Bool("bias"), d)
		})
	}
}

// recurrentMode reads the nonlinearity of RNN and RNNCell; PyTorch's RNN
// refuses an unknown one when it is made (a ValueError), RNNCell when it
// runs (a RuntimeError), which kael moves to when it is made.
func recurrentMode(a *lang.Args, kind lang.ErrorKind, format string) string {
	switch nl := a.Str("nonlinearity"); nl {
	case "tanh":
		return nn.ModeRNNTanh
	case "relu":
		return nn.ModeRNNReLU
	default:
		if a.Err() == nil {
			a.Fail(lang.Errorf(kind, format, nl))
		}
	}
	return ""
}

// recurrentForward calls a recurrent layer or cell on (input, hx=None);
// hx is a tensor, or for LSTM and LSTMCell a pair (h, c). It returns
// (output, h_n), (output, (h_n, c_n)), h' or (h', c') as PyTorch does.
func recurrentForward(l *Layer, args lang.Tuple) (lang.Value, error) {
	name := l.TypeName()
	if len(args) < 1 || len(args) > 2 {
		if len(args) == 0 {
			return nil, lang.Errorf(lang.TypeError, "%s.forward() missing 1 required positional argument: 'input'", name)
		}
		return nil, lang.Errorf(lang.TypeError, "%s.forward() takes from 2 to 3 positional arguments but %d were given", name, len(args)+1)
	}
	packed, isPacked := args[0].(*PackedSequence)
	x, ok := args[0].(*tensor.Tensor)
	if !ok && !(isPacked && isLayer(l)) {
		return nil, lang.Errorf(lang.TypeError, "%s.forward(): argument 'input' must be Tensor, not %s", name, lang.TypeName(args[0]))
	}
	lstm := name == "LSTM" || name == "LSTMCell"
	var h, c *tensor.Tensor
	if len(args) == 2 {
		if _, none := args[1].(lang.NoneType); !none {
			var err error
			if h, c, err = recurrentState(name, args[1], lstm); err != nil {
				return nil, err
			}
		}
	}
	switch m := l.Module.(type) {
	case *nn.RNN:
		if isPacked {
			out, hn, cn, err := m.RunPacked(&packed.Packed, h, c)
			if err != nil {
				return nil, err
			}
			if lstm {
				return lang.Tuple{&PackedSequence{*out}, lang.Tuple{hn, cn}}, nil
			}
			return lang.Tuple{&PackedSequence{*out}, hn}, nil
		}
		out, hn, cn, err := m.Run(x, h, c)
		if err != nil {
			return nil, err
		}
		if lstm {
			return lang.Tuple{out, lang.Tuple{hn, cn}}, nil
		}
		return lang.Tuple{out, hn}, nil
	case *nn.RNNCell:
		hn, cn, err := m.Run(x, h, c)
		if err != nil {
			return nil, err
		}
		if lstm {
			return lang.Tuple{hn, cn}, nil
		}
		return hn, nil
	}
	return nil, lang.Errorf(lang.TypeError, "%s is not a recurrent layer", name)
}

// isLayer reports whether l is a recurrent layer (not a cell), which
// takes a PackedSequence.
func isLayer(l *Layer) bool {
	_, ok := l.Module.(*nn.RNN)
	return ok
}

// recurrentState reads the hx argument: a tensor, or for an LSTM a pair
// of tensors.
func recurrentState(name string, v lang.Value, pair bool) (h, c *tensor.Tensor, err error) {
	if !pair {
		t, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, nil, lang.Errorf(lang.TypeError, "%s.forward(): argument 'hx' must be Tensor, not %s", name, lang.TypeName(v))
		}
		return t, nil, nil
	}
	elems, _, ok := lang.Sequence(v)
	if ok && len(elems) == 2 {
		h, hok := elems[0].(*tensor.Tensor)
		c, cok := elems[1].(*tensor.Tensor)
		if hok && cok {
			return h, c, nil
		}
	}
	return nil, nil, lang.Errorf(lang.TypeError, "%s.forward(): argument 'hx' must be a tuple (h_0, c_0) of Tensors, not %s", name, lang.TypeName(v))
}
