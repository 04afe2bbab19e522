package torch

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn.utils.rnn's packed sequences: the PackedSequence value,
// pack_padded_sequence, pad_packed_sequence and pack_sequence (package
// nn's packed.go). A recurrent layer called on a PackedSequence returns
// one.

// packedFields are PackedSequence's fields, in order.
var packedFields = []string{"data", "batch_sizes", "sorted_indices", "unsorted_indices"}

// PackedSequence is a torch.nn.utils.rnn.PackedSequence: a named tuple of
// its four fields.
type PackedSequence struct{ nn.Packed }

// elems are the fields' values (None for absent indices).
func (p *PackedSequence) elems() lang.Tuple {
	out := lang.Tuple{p.Data, p.BatchSizes, lang.None, lang.None}
	if p.SortedIndices != nil {
		out[2] = p.SortedIndices
	}
	if p.UnsortedIndices != nil {
		out[3] = p.UnsortedIndices
	}
	return out
}

// TypeName is the class name type() shows.
func (p *PackedSequence) TypeName() string { return "PackedSequence" }

// ClassName is the qualified class name.
func (p *PackedSequence) ClassName() string { return "torch.nn.utils.rnn.PackedSequence" }

// Attr reads a field.
func (p *PackedSequence) Attr(name string) (lang.Value, bool) {
	if i := slices.Index(packedFields, name); i >= 0 {
		return p.elems()[i], true
	}
	return nil, false
}

// AttrNames lists the fields.
func (p *PackedSequence) AttrNames() []string { return slices.Clone(packedFields) }

// Iterate yields the fields, so that a PackedSequence unpacks as a tuple.
func (p *PackedSequence) Iterate(yield func(lang.Value) bool) error {
	for _, v := range p.elems() {
		if !yield(v) {
			break
		}
	}
	return nil
}

// Length is 4, a named tuple's length.
func (p *PackedSequence) Length() (int64, error) { return int64(len(packedFields)), nil }

// PyRepr is the named tuple's repr.
func (p *PackedSequence) PyRepr() string {
	s := "PackedSequence("
	for i, v := range p.elems() {
		if i > 0 {
			s += ", "
		}
		s += packedFields[i] + "=" + lang.Repr(v)
	}
	return s + ")"
}

// lengthsArg reads the lengths of pack_padded_sequence: a list of ints or
// a 1-d int64 tensor.
func lengthsArg(a *lang.Args, name string) []int {
	if t, ok := a.Value(name).(*tensor.Tensor); ok {
		if t.DType().IsFloating() || t.Dim() != 1 {
			a.Fail(lang.Errorf(lang.RuntimeError, "'lengths' argument should be a 1D CPU int64 tensor, but got %dD %s tensor", t.Dim(), t.DType()))
			return nil
		}
		vals, err := t.To(tensor.Int64)
		if err != nil {
			a.Fail(asError(err))
			return nil
		}
		v, err := tensor.Values[int64](vals)
		if err != nil {
			a.Fail(asError(err))
			return nil
		}
		out := make([]int, len(v))
		for i, x := range v {
			out[i] = int(x)
		}
		return out
	}
	return a.Ints(name)
}

// packedArg reads a PackedSequence argument.
func packedArg(a *lang.Args, name string) *PackedSequence {
	p, ok := a.Value(name).(*PackedSequence)
	if !ok && a.Err() == nil {
		a.Fail(a.WrongType(name, "PackedSequence", a.Value(name)))
	}
	return p
}

// packingFunctions are the packing functions of torch.nn.utils.rnn.
func packingFunctions() []*lang.Builtin {
	packPadded := lang.NewBuiltin(lang.AsValue, "pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True)", "Packs a padded batch [T, B, *] ([B, T, *] with batch_first) of sequences of the given lengths into a PackedSequence, which a recurrent layer runs over each sequence's own steps; with enforce_sorted=False the lengths need not decrease.", func(a *lang.Args) (lang.Value, error) {
		x, lengths, batchFirst, sorted := tensorArg(a, "input"), lengthsArg(a, "lengths"), a.Bool("batch_first"), a.Bool("enforce_sorted")
		if err := a.Err(); err != nil {
			return nil, err
		}
		p, err := nn.PackPadded(x, lengths, batchFirst, sorted)
		if err != nil {
			return nil, err
		}
		return &PackedSequence{*p}, nil
	})
	padPacked := lang.NewBuiltin(lang.AsValue, "pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None)", "Unpacks a PackedSequence into (padded, lengths): the batch [T, B, *] ([B, T, *] with batch_first) in its original order, padded with padding_value to the longest sequence (or total_length), and the int64 lengths.", func(a *lang.Args) (lang.Value, error) {
		p, batchFirst, value := packedArg(a, "sequence"), a.Bool("batch_first"), a.Float("padding_value")
		total := 0
		if !a.IsNone("total_length") {
			total = a.Int("total_length")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		padded, lengths, err := nn.PadPacked(&p.Packed, batchFirst, value, total)
		if err != nil {
			return nil, err
		}
		ls := make([]int64, len(lengths))
		for i, n := range lengths {
			ls[i] = int64(n)
		}
		lt, err := tensor.FromSlice(ls, len(ls))
		if err != nil {
			return nil, err
		}
		return lang.Tuple{padded, lt}, nil
	})
	packSequence := lang.NewBuiltin(lang.AsValue, "pack_sequence(sequences, enforce_sorted=True)", "Packs a list of sequences [L_i, *] into a PackedSequence (pad_sequence then pack_padded_sequence).", func(a *lang.Args) (lang.Value, error) {
		seqs, sorted := tensorArgs(a, "sequences"), a.Bool("enforce_sorted")
		if err := a.Err(); err != nil {
			return nil, err
		}
		lengths := make([]int, len(seqs))
		for i, s := range seqs {
			if s.Dim() == 0 {
				return nil, lang.Errorf(lang.IndexError, "len() of a 0-d tensor")
			}
			lengths[i] = s.Shape()[0]
		}
		padded, err := nn.PadSequence(seqs, false, 0)
		if err != nil {
			return nil, err
		}
		p, err := nn.PackPadded(padded, lengths, false, sorted)
		if err != nil {
			return nil, err
		}
		return &PackedSequence{*p}, nil
	})
	return []*lang.Builtin{packPadded, padPacked, packSequence}
}
