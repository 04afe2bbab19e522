package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// ATen's recurrent functions as torch has them: torch.lstm, gru,
// rnn_tanh and rnn_relu (the whole layer, parameters given as a flat
// list) and their *_cell forms (one step), computed by package nn's
// recurrence, the one nn.LSTM and nn.LSTMCell run.

func defRNNFunctions() {
	for _, mode := range []string{nn.ModeRNNTanh, nn.ModeRNNReLU, nn.ModeLSTM, nn.ModeGRU} {
		mode := mode
		name := strings.ToLower(mode)
		lstm := mode == nn.ModeLSTM
		doc := "The recurrence of nn." + map[bool]string{true: "LSTM", false: map[string]string{nn.ModeGRU: "GRU", nn.ModeRNNTanh: "RNN (tanh)", nn.ModeRNNReLU: "RNN (relu)"}[mode]}[lstm] +
			" with its parameters as a list, per layer and direction w_ih, w_hh and (with has_biases) b_ih, b_hh; hx the initial state"
		if lstm {
			doc += " [h0, c0]; returns (output, h_n, c_n)."
		} else {
			doc += "; returns (output, h_n)."
		}
		lang.NewBuiltin(lang.AsFunc, name+"(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first)", doc, func(a *lang.Args) (lang.Value, error) {
			x, params := tensorArg(a, "input"), tensorArgs(a, "params")
			c := nn.RNNConfig{Mode: mode, NumLayers: a.Int("num_layers"), Bias: a.Bool("has_biases"), Dropout: a.Float("dropout"),
				Bidirectional: a.Bool("bidirectional"), BatchFirst: a.Bool("batch_first")}
			train := a.Bool("train")
			var h0, c0 *tensor.Tensor
			if lstm {
				hs := tensorArgs(a, "hx")
				if a.Err() == nil && len(hs) != 2 {
					return nil, lang.Errorf(lang.RuntimeError, "lstm expects two hidden states")
				}
				if len(hs) == 2 {
					h0, c0 = hs[0], hs[1]
				}
			} else {
				h0 = tensorArg(a, "hx")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			out, hn, cn, err := nn.RunRNN(c, params, x, h0, c0, train)
			if err != nil {
				return nil, err
			}
			if lstm {
				return lang.Tuple{out, hn, cn}, nil
			}
			return lang.Tuple{out, hn}, nil
		})
		cellDoc := "One step of nn." + map[string]string{nn.ModeLSTM: "LSTMCell", nn.ModeGRU: "GRUCell", nn.ModeRNNTanh: "RNNCell (tanh)", nn.ModeRNNReLU: "RNNCell (relu)"}[mode] +
			" with the given weights and biases (None for none)"
		if lstm {
			cellDoc += ": hx is [h, c]; returns (h', c')."
		} else {
			cellDoc += ": returns h'."
		}
		lang.NewBuiltin(lang.AsFunc, name+"_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None)", cellDoc, func(a *lang.Args) (lang.Value, error) {
			x, wih, whh, bih, bhh := tensorArg(a, "input"), tensorArg(a, "w_ih"), tensorArg(a, "w_hh"), a.OptTensor("b_ih"), a.OptTensor("b_hh")
			var h, cell *tensor.Tensor
			if lstm {
				hs := tensorArgs(a, "hx")
				if a.Err() == nil && len(hs) != 2 {
					return nil, lang.Errorf(lang.RuntimeError, "lstm_cell expects two hidden states")
				}
				if len(hs) == 2 {
					h, cell = hs[0], hs[1]
				}
			} else {
				h = tensorArg(a, "hx")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			hy, cy, err := nn.CellStep(mode, x, h, cell, wih, whh, bih, bhh)
			if err != nil {
				return nil, err
			}
			if lstm {
				return lang.Tuple{hy, cy}, nil
			}
			return hy, nil
		})
	}
}
