package autograd

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// Einsum and Tensordot are compositions of recorded operations (diagonal,
// sum, permute, reshape, expand, matmul), so they need no backward formula
// of their own and their gradients come from those operations.

// einsumError is the RuntimeError of a malformed equation.
func einsumError(format string, args ...any) error {
	return tensor.Errorf(tensor.RuntimeError, "einsum(): %s", fmt.Sprintf(format, args...))
}

// term is an operand (or an intermediate result) with one subscript letter
// per dimension.
type term struct {
	t       *tensor.Tensor
	letters []rune
}

// Einsum evaluates an Einstein-summation equation such as "ij,jk->ik" over
// operands, as torch.einsum: letters (a-z, A-Z) name dimensions, a letter
// repeated within an operand takes its diagonal, letters missing from the
// output are summed, "..." stands for the remaining (broadcast) dimensions,
// and without "->" the output is the letters that appear once, in
// alphabetical order (after the "..." dimensions). Operands are contracted
// pairwise, left to right, each pair as one batched matmul.
func Einsum(equation string, operands []*tensor.Tensor) (*tensor.Tensor, error) {
	eq := strings.ReplaceAll(equation, " ", "")
	lhs, rhs, explicit := strings.Cut(eq, "->")
	inputs := strings.Split(lhs, ",")
	if len(inputs) != len(operands) {
		return nil, einsumError("more operands were provided than specified in the equation")
	}
	if len(operands) == 0 {
		return nil, einsumError("must provide at least one operand")
	}
	// "..." becomes placeholder letters (from U+E000) for the trailing
	// broadcast dims, aligned from the right.
	ellipsis := 0
	for i, in := range inputs {
		if c := strings.Count(in, "..."); c > 1 {
			return nil, einsumError("found more than one ellipsis (\"...\") in subscripts for operand %d", i)
		} else if c == 1 {
			n := operands[i].Dim() - (len([]rune(in)) - 3)
			if n < 0 {
				return nil, einsumError("the number of subscripts in the equation (%d) is more than the number of dimensions (%d) for operand %d", len([]rune(in))-3, operands[i].Dim(), i)
			}
			ellipsis = max(ellipsis, n)
		}
	}
	placeholders := func(n int) string {
		var b strings.Builder
		for i := ellipsis - n; i < ellipsis; i++ {
			b.WriteRune(rune(0xE000 + i))
		}
		return b.String()
	}
	terms := make([]term, len(operands))
	for i, in := range inputs {
		if strings.Contains(in, "...") {
			in = strings.Replace(in, "...", placeholders(operands[i].Dim()-(len([]rune(in))-3)), 1)
		}
		letters := []rune(in)
		for _, r := range letters {
			if !isSubscript(r) {
				return nil, einsumError("invalid subscript given at index %d in the equation string, subscripts must be in [a-zA-Z]", strings.IndexRune(eq, r))
			}
		}
		if len(letters) != operands[i].Dim() {
			return nil, einsumError("the number of subscripts in the equation (%d) does not match the number of dimensions (%d) for operand %d and no ellipsis was given", len(letters), operands[i].Dim(), i)
		}
		terms[i] = term{operands[i], letters}
	}
	var out []rune
	if explicit {
		rhs = strings.Replace(rhs, "...", placeholders(ellipsis), 1)
		out = []rune(rhs)
		for _, r := range out {
			if !isSubscript(r) {
				return nil, einsumError("invalid subscript given at index %d in the equation string, subscripts must be in [a-zA-Z]", strings.IndexRune(eq, r))
			}
			if strings.Count(rhs, string(r)) > 1 {
				return nil, einsumError("output subscript %c appears more than once in the output", r)
			}
			if !slices.ContainsFunc(terms, func(t term) bool { return slices.Contains(t.letters, r) }) {
				return nil, einsumError("output subscript %c does not appear in the equation for any input operand", r)
			}
		}
	} else {
		count := map[rune]int{}
		for _, t := range terms {
			for _, r := range t.letters {
				count[r]++
			}
		}
		out = []rune(placeholders(ellipsis))
		var once []rune
		for r, c := range count {
			if c == 1 && r < 0xE000 {
				once = append(once, r)
			}
		}
		sort.Slice(once, func(i, j int) bool { return once[i] < once[j] })
		out = append(out, once...)
	}
	sizes, err := letterSizes(terms)
	if err != nil {
		return nil, err
	}
	// Diagonals, broadcasts and early sums, per operand.
	for i := range terms {
		keep := slices.Clone(out)
		for j, t := range terms {
			if j != i {
				keep = append(keep, t.letters...)
			}
		}
		if terms[i], err = terms[i].prepare(keep, sizes); err != nil {
			return nil, err
		}
	}
	acc := terms[0]
	for i := 1; i < len(terms); i++ {
		keep := slices.Clone(out)
		for _, t := range terms[i+1:] {
			keep = append(keep, t.letters...)
		}
		if acc, err = contract(acc, terms[i], keep); err != nil {
			return nil, err
		}
	}
	// Sum what is left over and put the output letters in order.
	if acc, err = acc.prepare(out, sizes); err != nil {
		return nil, err
	}
	perm := make([]int, len(out))
	for i, r := range out {
		perm[i] = slices.Index(acc.letters, r)
	}
	if len(perm) == 0 {
		return acc.t, nil
	}
	return Permute(acc.t, perm...)
}

func isSubscript(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= 0xE000 && r < 0xE000+64)
}

// letterSizes returns the size of each letter: operands must agree, except
// that size 1 broadcasts.
func letterSizes(terms []term) (map[rune]int, error) {
	sizes := map[rune]int{}
	for i, t := range terms {
		shape := t.t.Shape()
		for d, r := range t.letters {
			s, seen := sizes[r]
			switch {
			case !seen || s == 1:
				sizes[r] = shape[d]
			case shape[d] != s && shape[d] != 1:
				name := string(r)
				if r >= 0xE000 {
					name = "..."
				}
				return nil, einsumError("operands do not broadcast with remapped shapes: subscript %s has size %d for operand %d which does not broadcast with previously seen size %d", name, shape[d], i, s)
			}
		}
	}
	return sizes, nil
}

// prepare takes the diagonal of repeated letters, sums the letters not in
// keep, and expands size-1 letters to their full size.
func (t term) prepare(keep []rune, sizes map[rune]int) (term, error) {
	var err error
	for {
		i, j := repeated(t.letters)
		if i < 0 {
			break
		}
		if t.t, err = Diagonal(t.t, 0, i, j); err != nil {
			return t, err
		}
		r := t.letters[i]
		t.letters = append(slices.Delete(slices.Delete(slices.Clone(t.letters), j, j+1), i, i+1), r)
	}
	var dims []int
	var kept []rune
	for d, r := range t.letters {
		if slices.Contains(keep, r) {
			kept = append(kept, r)
		} else {
			dims = append(dims, d)
		}
	}
	if len(dims) > 0 {
		if t.t, err = Sum(t.t, dims, false); err != nil {
			return t, err
		}
		t.letters = kept
	}
	shape := t.t.Shape()
	expand := false
	for d, r := range t.letters {
		if shape[d] != sizes[r] {
			shape[d], expand = sizes[r], true
		}
	}
	if expand {
		if t.t, err = Expand(t.t, shape...); err != nil {
			return t, err
		}
	}
	return t, nil
}

// repeated returns the positions of the first letter that occurs twice.
func repeated(letters []rune) (int, int) {
	for i, r := range letters {
		if j := slices.Index(letters[i+1:], r); j >= 0 {
			return i, i + 1 + j
		}
	}
	return -1, -1
}

// contract multiplies two terms: letters of both that keep needs are batch
// dimensions, other shared letters are summed, the rest stay. The result's
// letters are batch, then a's own, then b's own.
func contract(a, b term, keep []rune) (term, error) {
	var batch, sum, aOwn, bOwn []rune
	for _, r := range a.letters {
		switch {
		case !slices.Contains(b.letters, r):
			aOwn = append(aOwn, r)
		case slices.Contains(keep, r):
			batch = append(batch, r)
		default:
			sum = append(sum, r)
		}
	}
	for _, r := range b.letters {
		if !slices.Contains(a.letters, r) {
			bOwn = append(bOwn, r)
		}
	}
	size := func(t term, rs []rune) ([]int, int) {
		shape := t.t.Shape()
		dims, n := make([]int, len(rs)), 1
		for i, r := range rs {
			dims[i] = shape[slices.Index(t.letters, r)]
			n *= dims[i]
		}
		return dims, n
	}
	arrange := func(t term, order ...[]rune) (*tensor.Tensor, error) {
		perm := []int{}
		for _, rs := range order {
			for _, r := range rs {
				perm = append(perm, slices.Index(t.letters, r))
			}
		}
		if len(perm) == 0 {
			return t.t, nil
		}
		return Permute(t.t, perm...)
	}
	batchDims, nb := size(a, batch)
	aDims, na := size(a, aOwn)
	_, ns := size(a, sum)
	bDims, nbo := size(b, bOwn)
	at, err := arrange(a, batch, aOwn, sum)
	if err != nil {
		return term{}, err
	}
	bt, err := arrange(b, batch, sum, bOwn)
	if err != nil {
		return term{}, err
	}
	if at, err = Reshape(at, nb, na, ns); err != nil {
		return term{}, err
	}
	if bt, err = Reshape(bt, nb, ns, nbo); err != nil {
		return term{}, err
	}
	p, err := Matmul(at, bt)
	if err != nil {
		return term{}, err
	}
	shape := slices.Concat([]int{}, batchDims, aDims, bDims)
	if p, err = Reshape(p, shape...); err != nil {
		return term{}, err
	}
	return term{p, slices.Concat(batch, aOwn, bOwn)}, nil
}

// Tensordot contracts dimsA of a with dimsB of b (pairwise, equal sizes),
// as torch.tensordot: the result has a's other dimensions, then b's.
func Tensordot(a, b *tensor.Tensor, dimsA, dimsB []int) (*tensor.Tensor, error) {
	if len(dimsA) != len(dimsB) {
		return nil, tensor.Errorf(tensor.RuntimeError, "both dimension lists should have same length, got %d and %d", len(dimsA), len(dimsB))
	}
	if a.Dim()+b.Dim() > 52 {
		return nil, tensor.Errorf(tensor.RuntimeError, "tensordot: at most 52 dimensions in all are supported")
	}
	letter := func(i int) rune {
		if i < 26 {
			return rune('a' + i)
		}
		return rune('A' + i - 26)
	}
	la, lb := make([]rune, a.Dim()), make([]rune, b.Dim())
	for i := range la {
		la[i] = letter(i)
	}
	for i := range lb {
		lb[i] = letter(a.Dim() + i)
	}
	seenA, seenB := map[int]bool{}, map[int]bool{}
	for i := range dimsA {
		da, db := dimsA[i], dimsB[i]
		if da < 0 {
			da += a.Dim()
		}
		if db < 0 {
			db += b.Dim()
		}
		if da < 0 || da >= a.Dim() || db < 0 || db >= b.Dim() {
			return nil, tensor.Errorf(tensor.IndexError, "Dimension out of range: tensordot dims (%d, %d) for tensors of %d and %d dimensions", dimsA[i], dimsB[i], a.Dim(), b.Dim())
		}
		if seenA[da] || seenB[db] {
			return nil, tensor.Errorf(tensor.RuntimeError, "tensordot: dimension %d of a or %d of b appears twice in dims", dimsA[i], dimsB[i])
		}
		seenA[da], seenB[db] = true, true
		if sa, sb := a.Shape()[da], b.Shape()[db]; sa != sb {
			return nil, tensor.Errorf(tensor.RuntimeError, "contracted dimensions need to match, but first has size %d in dim %d and second has size %d in dim %d", sa, da, sb, db)
		}
		lb[db] = la[da]
	}
	var out []rune
	for _, r := range la {
		if !slices.Contains(lb, r) {
			out = append(out, r)
		}
	}
	for _, r := range lb {
		if !slices.Contains(la, r) {
			out = append(out, r)
		}
	}
	return Einsum(string(la)+","+string(lb)+"->"+string(out), []*tensor.Tensor{a, b})
}
