package nn

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The recurrent layers nn.RNN, nn.LSTM and nn.GRU and their cells
// (nn.RNNCell, nn.LSTMCell, nn.GRUCell), as PyTorch 1.13 defines them
// (torch/nn/modules/rnn.py and ATen's RNN.cpp): the same parameters under
// the same names, initialised in the same order, and forward passes built
// from recorded operations, so autograd runs through them.

// The recurrent modes, PyTorch's RNNBase.mode.
const (
	ModeRNNTanh = "RNN_TANH"
	ModeRNNReLU = "RNN_RELU"
	ModeLSTM    = "LSTM"
	ModeGRU     = "GRU"
)

// gates is the number of gate blocks each mode stacks in its weights.
func gates(mode string) int {
	switch mode {
	case ModeLSTM:
		return 4
	case ModeGRU:
		return 3
	}
	return 1
}

// RNNConfig holds the arguments of nn.RNN, nn.LSTM and nn.GRU.
type RNNConfig struct {
	Mode                            string
	InputSize, HiddenSize           int
	NumLayers                       int
	Bias, BatchFirst, Bidirectional bool
	Dropout                         float64
}

// RNN is nn.RNN, nn.LSTM or nn.GRU (by Mode): a stack of NumLayers
// recurrent layers, each run forwards (and backwards too when
// Bidirectional) over the time steps of its input.
type RNN struct {
	base Base
	RNNConfig
	// Abstract marks nn.RNNBase made directly: its parameters are the
	// mode's, but it has no forward.
	Abstract bool
}

// NewRNN makes a recurrent layer with PyTorch's parameters
// (weight_ih_l0, weight_hh_l0, bias_ih_l0, bias_hh_l0, then
// weight_ih_l0_reverse, ... for each layer and direction), each drawn
// uniform in ±1/√hidden_size in that order from the default generator.
func NewRNN(c RNNConfig, dtype tensor.DType) (*RNN, error) {
	if math.IsNaN(c.Dropout) || c.Dropout < 0 || c.Dropout > 1 {
		return nil, tensor.Errorf(tensor.ValueError, "dropout should be a number in range [0, 1] representing the probability of an element being zeroed")
	}
	if c.HiddenSize <= 0 {
		return nil, tensor.Errorf(tensor.ValueError, "proj_size has to be smaller than hidden_size")
	}
	if c.InputSize < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Trying to create tensor with negative dimension %d: [%d, %d]", c.InputSize, gates(c.Mode)*c.HiddenSize, c.InputSize)
	}
	r := &RNN{base: NewBase(), RNNConfig: c}
	g := gates(c.Mode) * c.HiddenSize
	for layer := 0; layer < c.NumLayers; layer++ {
		for dir := 0; dir < r.directions(); dir++ {
			in := c.InputSize
			if layer > 0 {
				in = c.HiddenSize * r.directions()
			}
			names := r.paramNames(layer, dir)
			shapes := [][]int{{g, in}, {g, c.HiddenSize}, {g}, {g}}
			for i, name := range names {
				p, err := newParam(dtype, shapes[i]...)
				if err != nil {
					return nil, err
				}
				r.base.SetParameter(name, p)
			}
		}
	}
	return r, initRecurrent(&r.base, c.HiddenSize)
}

// initRecurrent is RNNBase.reset_parameters (and RNNCellBase's): every
// parameter, in registration order, uniform in ±1/√hidden.
func initRecurrent(b *Base, hidden int) error {
	stdv := 1.0 / math.Sqrt(float64(hidden))
	for _, name := range b.params.keys {
		if p := b.Parameter(name); p != nil {
			if err := tensor.InitUniform(p, -stdv, stdv, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *RNN) directions() int {
	if r.Bidirectional {
		return 2
	}
	return 1
}

// paramNames lists the parameter names of one layer and direction.
func (r *RNN) paramNames(layer, dir int) []string {
	suffix := strconv.Itoa(layer)
	if dir == 1 {
		suffix += "_reverse"
	}
	names := []string{"weight_ih_l" + suffix, "weight_hh_l" + suffix}
	if r.Bias {
		names = append(names, "bias_ih_l"+suffix, "bias_hh_l"+suffix)
	}
	return names
}

func (r *RNN) Base() *Base { return &r.base }

// TypeName is RNN, LSTM or GRU (RNNBase when Abstract).
func (r *RNN) TypeName() string {
	if r.Abstract {
		return "RNNBase"
	}
	switch r.Mode {
	case ModeLSTM, ModeGRU:
		return r.Mode
	}
	return "RNN"
}

// ExtraRepr is RNNBase.extra_repr: the sizes, then what differs from the
// defaults.
func (r *RNN) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d", r.InputSize, r.HiddenSize)
	if r.NumLayers != 1 {
		s += fmt.Sprintf(", num_layers=%d", r.NumLayers)
	}
	if !r.Bias {
		s += ", bias=False"
	}
	if r.BatchFirst {
		s += ", batch_first=True"
	}
	if r.Dropout != 0 {
		s += ", dropout=" + pyFloat(r.Dropout)
	}
	if r.Bidirectional {
		s += ", bidirectional=True"
	}
	return s
}

func (r *RNN) Hypers() []Hyper {
	h := []Hyper{{"mode", r.Mode}, {"input_size", r.InputSize}, {"hidden_size", r.HiddenSize},
		{"num_layers", r.NumLayers}, {"bias", r.Bias}, {"batch_first", r.BatchFirst},
		{"dropout", r.Dropout}, {"bidirectional", r.Bidirectional}, {"proj_size", 0}}
	switch r.Mode {
	case ModeRNNTanh:
		h = append(h, Hyper{"nonlinearity", "tanh"})
	case ModeRNNReLU:
		h = append(h, Hyper{"nonlinearity", "relu"})
	}
	return h
}

// Forward refuses: a recurrent layer returns a tuple; Run computes it.
func (r *RNN) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "%s returns (output, hidden); call the module itself", r.TypeName())
}

// Run is the forward pass: input [T, B, input_size] ([B, T, ...] with
// BatchFirst, or [T, input_size] unbatched), the initial hidden state h0
// [layers·directions, B, hidden] (nil for zeros) and, for an LSTM, the
// initial cell state c0. It returns the output [T, B,
// directions·hidden], the last hidden state of each layer and direction,
// and for an LSTM the last cell state (nil otherwise). Dropout applies to
// the output of every layer but the last while training.
func (r *RNN) Run(x, h0, c0 *tensor.Tensor) (out, hn, cn *tensor.Tensor, err error) {
	if r.Abstract {
		return nil, nil, nil, missingForward(r.TypeName())
	}
	return r.run(x, h0, c0, nil, r.BatchFirst)
}

// run is Run; lengths (nil for none) are those of the sequences of a
// time-major batch sorted by decreasing length (a packed batch): each
// sequence's state stops changing after its last step, and its backward
// direction starts there.
func (r *RNN) run(x, h0, c0 *tensor.Tensor, lengths []int, batchFirst bool) (out, hn, cn *tensor.Tensor, err error) {
	lstm := r.Mode == ModeLSTM
	c := &chain{}
	batched := x.Dim() == 3
	batchDim := 1
	if batchFirst {
		batchDim = 0
	}
	if !batched {
		x = c.unsqueeze(x, batchDim)
		if c.err != nil {
			return nil, nil, nil, c.err
		}
	}
	if err := r.checkState(batched, h0, c0); err != nil {
		return nil, nil, nil, err
	}
	if !batched && h0 != nil {
		h0 = c.unsqueeze(h0, 1)
		if c0 != nil {
			c0 = c.unsqueeze(c0, 1)
		}
	}
	if x.Dim() != 3 {
		return nil, nil, nil, tensor.Errorf(tensor.RuntimeError, "input must have 3 dimensions, got %d", x.Dim())
	}
	if n := x.Shape()[2]; n != r.InputSize {
		return nil, nil, nil, tensor.Errorf(tensor.RuntimeError, "input.size(-1) must be equal to input_size. Expected %d, got %d", r.InputSize, n)
	}
	batch := x.Shape()[batchDim]
	want := []int{r.NumLayers * r.directions(), batch, r.HiddenSize}
	if h0 == nil {
		h0 = c.zeros(x.DType(), want...)
		if lstm {
			c0 = c.zeros(x.DType(), want...)
		}
	}
	if c.err != nil {
		return nil, nil, nil, c.err
	}
	label := map[bool]string{false: "Expected hidden size %s, got %s", true: "Expected hidden[0] size %s, got %s"}[lstm]
	if err := checkHiddenShape(h0, want, label); err != nil {
		return nil, nil, nil, err
	}
	if lstm {
		if err := checkHiddenShape(c0, want, "Expected hidden[1] size %s, got %s"); err != nil {
			return nil, nil, nil, err
		}
	}
	if batchFirst {
		x = c.transpose(x, 0, 1)
	}
	steps := x.Shape()[0]
	masks := c.stepMasks(lengths, steps)
	layerIn := x
	var hs, cs []*tensor.Tensor
	for layer := 0; layer < r.NumLayers && c.err == nil; layer++ {
		var outs []*tensor.Tensor
		for dir := 0; dir < r.directions(); dir++ {
			w, err := r.weights(layer, dir)
			if err != nil {
				return nil, nil, nil, err
			}
			w.hhSteps = autograd.NewStepWeight(w.hh)
			idx := layer*r.directions() + dir
			h := c.selectAt(h0, 0, idx)
			var cell *tensor.Tensor
			if lstm {
				cell = c.selectAt(c0, 0, idx)
			}
			// The input's share of every step's gates in one product, then
			// one slice per step: unbound, not selected, so that backward
			// stacks the steps' gradients once rather than adding a
			// zero-filled [T, B, gates] tensor per step, as ATen's FullLayer.
			gis := c.unbind(c.linear(layerIn, w.ih, w.bih), 0)
			seq := make([]*tensor.Tensor, steps)
			for s := 0; s < steps && c.err == nil; s++ {
				t := s
				if dir == 1 {
					t = steps - 1 - s
				}
				nh, ncell := c.recurrentStep(r.Mode, gis[t], h, cell, w, true)
				if masks != nil { // a sequence shorter than t keeps its state
					nh = c.where(masks[t], nh, h)
					if lstm {
						ncell = c.where(masks[t], ncell, cell)
					}
				}
				h, cell = nh, ncell
				seq[t] = h
			}
			outs = append(outs, c.stack(seq, 0))
			hs, cs = append(hs, h), append(cs, cell)
		}
		layerIn = outs[0]
		if len(outs) > 1 {
			layerIn = c.cat(outs, 2)
		}
		if r.Dropout > 0 && r.base.Training && layer < r.NumLayers-1 {
			layerIn = c.do(func() (*tensor.Tensor, error) { return autograd.Dropout(layerIn, r.Dropout, true, nil) })
		}
	}
	out = layerIn
	if batchFirst {
		out = c.transpose(out, 0, 1)
	}
	hn = c.stack(hs, 0)
	if lstm {
		cn = c.stack(cs, 0)
	}
	if !batched {
		out = c.squeeze(out, batchDim)
		hn = c.squeeze(hn, 1)
		if lstm {
			cn = c.squeeze(cn, 1)
		}
	}
	if c.err != nil {
		return nil, nil, nil, c.err
	}
	return out, hn, cn, nil
}

// stepMasks are, for each time step, the [B, 1] mask of the sequences
// (of the given lengths) still running; nil without lengths.
func (c *chain) stepMasks(lengths []int, steps int) []*tensor.Tensor {
	if lengths == nil || c.err != nil {
		return nil
	}
	masks := make([]*tensor.Tensor, steps)
	for t := range masks {
		on := make([]uint8, len(lengths))
		for b, n := range lengths {
			if n > t {
				on[b] = 1
			}
		}
		masks[t] = c.do(func() (*tensor.Tensor, error) {
			m, err := tensor.FromSlice(on, len(on), 1)
			if err != nil {
				return nil, err
			}
			return m.To(tensor.Bool)
		})
	}
	return masks
}

// checkState checks the number of dimensions of the initial states, as
// the forward methods of RNN, LSTM and GRU do.
func (r *RNN) checkState(batched bool, h0, c0 *tensor.Tensor) error {
	if h0 == nil {
		return nil
	}
	dims, kind := 2, "unbatched 2-D"
	if batched {
		dims, kind = 3, "batched 3-D"
	}
	if r.Mode == ModeLSTM {
		if h0.Dim() != dims || c0.Dim() != dims {
			return tensor.Errorf(tensor.RuntimeError, "For %s input, hx and cx should also be %d-D but got (%d-D, %d-D) tensors", kind, dims, h0.Dim(), c0.Dim())
		}
		return nil
	}
	if h0.Dim() != dims {
		return tensor.Errorf(tensor.RuntimeError, "For %s input, hx should also be %d-D but got %d-D tensor", kind, dims, h0.Dim())
	}
	return nil
}

// checkHiddenShape is RNNBase.check_hidden_size; format takes the
// expected size (a Python tuple) and the actual one (a list).
func checkHiddenShape(h *tensor.Tensor, want []int, format string) error {
	got := h.Shape()
	same := len(got) == len(want)
	for i := 0; same && i < len(got); i++ {
		same = got[i] == want[i]
	}
	if same {
		return nil
	}
	return tensor.Errorf(tensor.RuntimeError, format, pyTuple(want), pyList(got))
}

// pyList writes ints as a Python list: [2, 3].
func pyList(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// recurrentWeights are the parameters of one layer and direction (or of
// a cell); the biases may be nil.
type recurrentWeights struct {
	ih, hh, bih, bhh *tensor.Tensor
	// hhSteps is hh for a layer's steps (autograd.LinearT: transposed and
	// packed once for all of them); nil for a cell's one step.
	hhSteps *autograd.StepWeight
}

// weights returns the parameters of a layer and direction, failing when
// one has been set to None.
func (r *RNN) weights(layer, dir int) (recurrentWeights, error) {
	names := r.paramNames(layer, dir)
	ps := make([]*tensor.Tensor, 4)
	for i, name := range names {
		if ps[i] = r.base.Parameter(name); ps[i] == nil {
			return recurrentWeights{}, tensor.Errorf(tensor.TypeError, "%s.%s is None", r.TypeName(), name)
		}
	}
	return recurrentWeights{ih: ps[0], hh: ps[1], bih: ps[2], bhh: ps[3]}, nil
}

// recurrentStep advances the state one time step: gi is the input's
// projection x·W_ihᵀ + b_ih, h (and for an LSTM cell) the state. The
// gates are PyTorch's, in its order: LSTM i, f, g, o; GRU r, z, n. With
// fuse, an LSTM or GRU step is one node and one pass where the operands
// allow (autograd.FusedLSTMCell, FusedGRUCell: float32 and float64), as
// ATen's fused cells: the layers fuse their steps, whose nodes only the
// stacked outputs show, while a cell (nn.LSTMCell, torch.gru_cell, ...)
// keeps PyTorch's CPU composition, whose last node (MulBackward0,
// AddBackward0) is the grad_fn of its outputs.
func (c *chain) recurrentStep(mode string, gi, h, cell *tensor.Tensor, w recurrentWeights, fuse bool) (*tensor.Tensor, *tensor.Tensor) {
	var gh *tensor.Tensor
	if w.hhSteps != nil {
		gh = c.do(func() (*tensor.Tensor, error) { return autograd.LinearT(h, w.hhSteps, w.bhh) })
	} else {
		gh = c.linear(h, w.hh, w.bhh)
	}
	switch mode {
	case ModeLSTM:
		if c.err != nil {
			return nil, nil
		}
		if fuse {
			hy, cy, ok, err := autograd.FusedLSTMCell(gi, gh, cell)
			if ok {
				c.err = err
				return hy, cy
			}
		}
		g := c.chunk(c.add(gi, gh), 4)
		in, forget, candidate, output := c.sigmoid(g[0]), c.sigmoid(g[1]), c.tanh(g[2]), c.sigmoid(g[3])
		cell = c.add(c.mul(forget, cell), c.mul(in, candidate))
		return c.mul(output, c.tanh(cell)), cell
	case ModeGRU:
		if fuse && c.err == nil {
			hy, ok, err := autograd.FusedGRUCell(gi, gh, h)
			if ok {
				c.err = err
				return hy, nil
			}
		}
		xi, hi := c.chunk(gi, 3), c.chunk(gh, 3)
		reset := c.sigmoid(c.add(xi[0], hi[0]))
		update := c.sigmoid(c.add(xi[1], hi[1]))
		n := c.tanh(c.add(xi[2], c.mul(reset, hi[2])))
		// (1 - z)·n + z·h, written as ATen does: n + z·(h - n).
		return c.add(n, c.mul(update, c.sub(h, n))), nil
	case ModeRNNReLU:
		return c.relu(c.add(gi, gh)), nil
	}
	return c.tanh(c.add(gi, gh)), nil
}

// RNNCell is nn.RNNCell, nn.LSTMCell or nn.GRUCell (by Mode): one time
// step of the recurrence.
type RNNCell struct {
	base                  Base
	Mode                  string
	InputSize, HiddenSize int
	Bias                  bool
	// Abstract marks nn.RNNCellBase made directly, which has no forward.
	Abstract bool
}

// NewRNNCell makes a cell with parameters weight_ih, weight_hh, bias_ih
// and bias_hh (None without bias), uniform in ±1/√hidden_size in that
// order.
func NewRNNCell(mode string, input, hidden int, bias bool, dtype tensor.DType) (*RNNCell, error) {
	return newRNNCell(&RNNCell{base: NewBase(), Mode: mode, InputSize: input, HiddenSize: hidden, Bias: bias}, gates(mode), dtype)
}

// NewRNNCellBase makes nn.RNNCellBase itself: a cell's parameters with
// chunks gate blocks, initialised as a cell's, and no forward.
func NewRNNCellBase(input, hidden int, bias bool, chunks int, dtype tensor.DType) (*RNNCell, error) {
	return newRNNCell(&RNNCell{base: NewBase(), InputSize: input, HiddenSize: hidden, Bias: bias, Abstract: true}, chunks, dtype)
}

// newRNNCell gives cell its parameters, chunks gate blocks of hidden
// rows each.
func newRNNCell(cell *RNNCell, chunks int, dtype tensor.DType) (*RNNCell, error) {
	input, hidden, bias := cell.InputSize, cell.HiddenSize, cell.Bias
	g := chunks * hidden
	if input < 0 || g < 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Trying to create tensor with negative dimension %d: [%d, %d]", min(input, g), g, input)
	}
	shapes := map[string][]int{"weight_ih": {g, input}, "weight_hh": {g, hidden}, "bias_ih": {g}, "bias_hh": {g}}
	for _, name := range []string{"weight_ih", "weight_hh", "bias_ih", "bias_hh"} {
		if !bias && strings.HasPrefix(name, "bias") {
			cell.base.SetParameter(name, nil)
			continue
		}
		p, err := newParam(dtype, shapes[name]...)
		if err != nil {
			return nil, err
		}
		cell.base.SetParameter(name, p)
	}
	if hidden == 0 {
		return cell, nil
	}
	return cell, initRecurrent(&cell.base, hidden)
}

func (r *RNNCell) Base() *Base { return &r.base }

// TypeName is RNNCell, LSTMCell or GRUCell (RNNCellBase when Abstract).
func (r *RNNCell) TypeName() string {
	if r.Abstract {
		return "RNNCellBase"
	}
	switch r.Mode {
	case ModeLSTM:
		return "LSTMCell"
	case ModeGRU:
		return "GRUCell"
	}
	return "RNNCell"
}

func (r *RNNCell) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d", r.InputSize, r.HiddenSize)
	if !r.Bias {
		s += ", bias=False"
	}
	if r.Mode == ModeRNNReLU {
		s += ", nonlinearity=relu"
	}
	return s
}

func (r *RNNCell) Hypers() []Hyper {
	h := []Hyper{{"input_size", r.InputSize}, {"hidden_size", r.HiddenSize}, {"bias", r.Bias}}
	switch r.Mode {
	case ModeRNNTanh:
		h = append(h, Hyper{"nonlinearity", "tanh"})
	case ModeRNNReLU:
		h = append(h, Hyper{"nonlinearity", "relu"})
	}
	return h
}

// Forward runs the cell from a zero state; for an LSTMCell, which returns
// (h, c), it refuses.
func (r *RNNCell) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	if r.Mode == ModeLSTM {
		return nil, tensor.Errorf(tensor.TypeError, "LSTMCell returns (h, c); call the module itself")
	}
	h, _, err := r.Run(x, nil, nil)
	return h, err
}

// Run is one step: input [B, input_size] (or [input_size]), the state h
// [B, hidden] (nil for zeros) and, for an LSTMCell, c. It returns the new
// h and, for an LSTMCell, the new c.
func (r *RNNCell) Run(x, h, cell *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
	if r.Abstract {
		return nil, nil, missingForward(r.TypeName())
	}
	if x.Dim() != 1 && x.Dim() != 2 {
		return nil, nil, tensor.Errorf(tensor.AssertionError, "%s: Expected input to be 1-D or 2-D but received %d-D tensor", r.TypeName(), x.Dim())
	}
	lstm := r.Mode == ModeLSTM
	c := &chain{}
	batched := x.Dim() == 2
	if !batched {
		x = c.unsqueeze(x, 0)
		if h != nil {
			h = c.unsqueeze(h, 0)
		}
		if cell != nil {
			cell = c.unsqueeze(cell, 0)
		}
	}
	if c.err != nil {
		return nil, nil, c.err
	}
	batch := x.Shape()[0]
	if h == nil {
		h = c.zeros(x.DType(), batch, r.HiddenSize)
		if lstm {
			cell = h
		}
	}
	if c.err != nil {
		return nil, nil, c.err
	}
	if n := x.Shape()[1]; n != r.InputSize {
		return nil, nil, tensor.Errorf(tensor.RuntimeError, "input has inconsistent input_size: got %d expected %d", n, r.InputSize)
	}
	states := []*tensor.Tensor{h}
	if lstm {
		states = append(states, cell)
	}
	// PyTorch 1.13 labels both states of an LSTMCell "hidden0".
	for _, s := range states {
		if s.Dim() != 2 {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "hidden0 must be 2-D for a batched input, got %d-D", s.Dim())
		}
		if s.Shape()[0] != batch {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "Input batch size %d doesn't match hidden0 batch size %d", batch, s.Shape()[0])
		}
		if s.Shape()[1] != r.HiddenSize {
			return nil, nil, tensor.Errorf(tensor.RuntimeError, "hidden0 has inconsistent hidden_size: got %d, expected %d", s.Shape()[1], r.HiddenSize)
		}
	}
	w := recurrentWeights{ih: r.base.Parameter("weight_ih"), hh: r.base.Parameter("weight_hh"), bih: r.base.Parameter("bias_ih"), bhh: r.base.Parameter("bias_hh")}
	if w.ih == nil || w.hh == nil {
		return nil, nil, tensor.Errorf(tensor.TypeError, "%s.weight_ih or weight_hh is None", r.TypeName())
	}
	h, cell = c.recurrentStep(r.Mode, c.linear(x, w.ih, w.bih), h, cell, w, false)
	if !batched {
		h = c.squeeze(h, 0)
		if lstm {
			cell = c.squeeze(cell, 0)
		}
	}
	if c.err != nil {
		return nil, nil, c.err
	}
	return h, cell, nil
}

// missingForward is nn.Module's error for a module class without a
// forward of its own.
func missingForward(class string) error {
	return tensor.Errorf(tensor.NotImplementedError, `Module [%s] is missing the required "forward" function`, class)
}

// RunRNN is ATen's torch.rnn_tanh, rnn_relu, lstm and gru: the recurrence
// of a layer of config c (Mode, NumLayers, Bias, Bidirectional,
// BatchFirst, Dropout; the sizes are read from params) over x, from the
// state h0 (and c0 for an LSTM), with the parameters params in PyTorch's
// flat order: for each layer and direction w_ih, w_hh and, with c.Bias,
// b_ih and b_hh. Dropout applies between layers while training.
func RunRNN(c RNNConfig, params []*tensor.Tensor, x, h0, c0 *tensor.Tensor, training bool) (out, hn, cn *tensor.Tensor, err error) {
	r := &RNN{base: NewBase(), RNNConfig: c}
	per := 2
	if c.Bias {
		per = 4
	}
	if c.NumLayers < 1 || len(params) != c.NumLayers*r.directions()*per {
		return nil, nil, nil, tensor.Errorf(tensor.RuntimeError, "Expected %d parameters for %d layer(s), got %d", c.NumLayers*r.directions()*per, c.NumLayers, len(params))
	}
	if params[0].Dim() != 2 || params[1].Dim() != 2 {
		return nil, nil, nil, tensor.Errorf(tensor.RuntimeError, "the weights must be 2-D")
	}
	r.InputSize, r.HiddenSize = params[0].Shape()[1], params[1].Shape()[1]
	r.base.Training = training
	i := 0
	for layer := 0; layer < c.NumLayers; layer++ {
		for dir := 0; dir < r.directions(); dir++ {
			for _, name := range r.paramNames(layer, dir) {
				r.base.SetParameter(name, params[i])
				i++
			}
		}
	}
	return r.run(x, h0, c0, nil, c.BatchFirst)
}

// CellStep is ATen's rnn_tanh_cell, rnn_relu_cell, lstm_cell and
// gru_cell (by mode): one step of the recurrence from the state h (and
// cell for an LSTM) with the weights w_ih, w_hh and the biases b_ih and
// b_hh (nil for none). It returns the new h and, for an LSTM, the new
// cell.
func CellStep(mode string, x, h, cell, wih, whh, bih, bhh *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
	c := &chain{}
	h, cell = c.recurrentStep(mode, c.linear(x, wih, bih), h, cell, recurrentWeights{ih: wih, hh: whh, bih: bih, bhh: bhh}, false)
	if c.err != nil {
		return nil, nil, c.err
	}
	return h, cell, nil
}
