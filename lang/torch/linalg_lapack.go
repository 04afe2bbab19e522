package torch

import (
	"math"
	"sort"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.linalg and the older global forms (torch.inverse, torch.det,
// torch.svd, torch.cholesky, torch.qr, torch.slogdet).
//
// Functions of torch's submodules are registered by PyTorch's dotted name
// without "torch." ("linalg.inv") in dottedBuiltins; the module torch.linalg
// lists them. They are not global names.

// dottedBuiltins holds the builtins of torch's submodules by dotted name.
var dottedBuiltins = map[string]*lang.Builtin{}

// defDotted registers a builtin under its dotted name (the name of sig,
// e.g. "linalg.inv(A)").
func defDotted(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
	if _, dup := dottedBuiltins[b.Name]; dup {
		panic("duplicate builtin " + b.Name)
	}
	dottedBuiltins[b.Name] = b
	return b
}

// DottedBuiltins returns the dotted names of the builtins of torch's
// submodules ("linalg.inv", ...), sorted.
func DottedBuiltins() []string { return sortedKeys(dottedBuiltins) }

// LookupDotted returns the builtin of a submodule of torch by its dotted
// name ("linalg.inv").
func LookupDotted(name string) (*lang.Builtin, bool) {
	b, ok := dottedBuiltins[name]
	return b, ok
}

// dottedModule returns torch.<ns>: the dotted builtins "ns.name" as its
// attributes "name".
func dottedModule(ns string) *lang.Module {
	m := &lang.Module{Name: "torch." + ns, Attrs: map[string]lang.Value{}}
	for name, b := range dottedBuiltins {
		if rest, ok := strings.CutPrefix(name, ns+"."); ok {
			m.Attrs[rest] = b
		}
	}
	for name, v := range dottedValues {
		if rest, ok := strings.CutPrefix(name, ns+"."); ok {
			m.Attrs[rest] = v
		}
	}
	return m
}

// dottedNamespaces returns the submodules that have dotted builtins.
func dottedNamespaces() []string {
	seen := map[string]bool{}
	for name := range dottedBuiltins {
		ns, _, _ := strings.Cut(name, ".")
		seen[ns] = true
	}
	out := make([]string, 0, len(seen))
	for ns := range seen {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

func defLinalgLapack() {
	for _, op := range []struct {
		name, global string
		f            func(*tensor.Tensor) (*tensor.Tensor, error)
		doc          string
	}{
		{"inv", "inverse", autograd.Inv, "The inverse of each square matrix of A (the last two dimensions; the others are a batch); a singular matrix is an error."},
		{"det", "det", autograd.Det, "The determinant of each square matrix of A."},
	} {
		defDotted("linalg."+op.name+"(A)", op.doc, func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "A")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x))
		})
		defUnary(lang.AsBoth, op.global+"(input)", "torch.linalg."+op.name+": "+op.doc, op.f)
	}
	slogdet := func(t *lang.ReturnType, x *tensor.Tensor) (lang.Value, error) { return pairOf(t)(tensor.Slogdet(x)) }
	defDotted("linalg.slogdet(A)", "A named tuple (sign, logabsdet) of the sign and the log of the absolute value of the determinant of each square matrix of A (not differentiable in kael).", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return slogdet(returnLSlogdet, x)
	})
	lang.NewBuiltin(lang.AsBoth, "slogdet(input)", "torch.linalg.slogdet: a named tuple (sign, logabsdet) of each square matrix's determinant.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return slogdet(returnSlogdet, x)
	})
	defDotted("linalg.solve(A, B, *, left=True)", "X with A X = B for each square matrix of A (X A = B with left=False); B is a batch of matrices, or of vectors when it has one dimension fewer than A; batches broadcast.", func(a *lang.Args) (lang.Value, error) {
		x, b, left := tensorArg(a, "A"), tensorArg(a, "B"), a.Bool("left")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if left {
			return result(autograd.Solve(x, b))
		}
		// X A = B is Aᵀ Xᵀ = Bᵀ.
		if b.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.solve: with left=False, B must be a batch of matrices, got %dD", b.Dim())
		}
		at, err := autograd.Transpose(x, -2, -1)
		if err != nil {
			return nil, err
		}
		bt, err := autograd.Transpose(b, -2, -1)
		if err != nil {
			return nil, err
		}
		xt, err := autograd.Solve(at, bt)
		if err != nil {
			return nil, err
		}
		return result(autograd.Transpose(xt, -2, -1))
	})
	cholesky := func(a *lang.Args, input string) (lang.Value, error) {
		x, upper := tensorArg(a, input), a.Bool("upper")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Cholesky(x, upper))
	}
	defDotted("linalg.cholesky(A, *, upper=False)", "The lower triangular L with L @ L.mT = A for each symmetric positive-definite matrix of A (its lower triangle is read); upper=True gives L.mT.", func(a *lang.Args) (lang.Value, error) {
		return cholesky(a, "A")
	})
	lang.NewBuiltin(lang.AsBoth, "cholesky(input, upper=False)", "torch.cholesky: the Cholesky factor of each symmetric positive-definite matrix (lower, or upper with upper=True).", func(a *lang.Args) (lang.Value, error) {
		return cholesky(a, "input")
	})
	defDotted("linalg.qr(A, mode='reduced')", "A named tuple (Q, R) with A = Q @ R, Q with orthonormal columns and R upper triangular; mode 'reduced' (k = min(m, n) columns), 'complete' (Q square) or 'r' (Q empty).", func(a *lang.Args) (lang.Value, error) {
		x, mode := tensorArg(a, "A"), a.Str("mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnLinalgQr)(autograd.QR(x, mode))
	})
	lang.NewBuiltin(lang.AsBoth, "qr(input, some=True)", "torch.qr: a named tuple (Q, R); some=False gives a square Q (linalg.qr's mode='complete').", func(a *lang.Args) (lang.Value, error) {
		x, some := tensorArg(a, "input"), a.Bool("some")
		if err := a.Err(); err != nil {
			return nil, err
		}
		mode := "reduced"
		if !some {
			mode = "complete"
		}
		return pairOf(returnQr)(autograd.QR(x, mode))
	})
	defDotted("linalg.eigh(A, UPLO='L')", "A named tuple (eigenvalues, eigenvectors) of each symmetric matrix of A, reading its lower triangle ('U': upper): eigenvalues ascending, eigenvectors the columns of an orthogonal matrix.", func(a *lang.Args) (lang.Value, error) {
		x, uplo := tensorArg(a, "A"), a.Str("UPLO")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnEigh)(autograd.Eigh(x, uplo, true))
	})
	defDotted("linalg.eigvalsh(A, UPLO='L')", "The eigenvalues, ascending, of each symmetric matrix of A.", func(a *lang.Args) (lang.Value, error) {
		x, uplo := tensorArg(a, "A"), a.Str("UPLO")
		if err := a.Err(); err != nil {
			return nil, err
		}
		w, _, err := autograd.Eigh(x, uplo, false)
		return result(w, err)
	})
	defDotted("linalg.svd(A, full_matrices=True)", "A named tuple (U, S, Vh) with A = U @ diag(S) @ Vh for each matrix of A, S descending; full_matrices=True gives square U and Vh, False k = min(m, n) columns of U and rows of Vh.", func(a *lang.Args) (lang.Value, error) {
		x, full := tensorArg(a, "A"), a.Bool("full_matrices")
		if err := a.Err(); err != nil {
			return nil, err
		}
		u, s, vh, err := autograd.SVD(x, full, true)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnLinalgSvd, u, s, vh), nil
	})
	defDotted("linalg.svdvals(A)", "The singular values, descending, of each matrix of A.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		_, s, _, err := autograd.SVD(x, false, false)
		return result(s, err)
	})
	lang.NewBuiltin(lang.AsBoth, "svd(input, some=True, compute_uv=True)", "torch.svd: a named tuple (U, S, V) with input = U @ diag(S) @ V.mT (V, not linalg.svd's Vh); some=True keeps k = min(m, n) columns; compute_uv=False gives zero U and V.", func(a *lang.Args) (lang.Value, error) {
		x, some, uv := tensorArg(a, "input"), a.Bool("some"), a.Bool("compute_uv")
		if err := a.Err(); err != nil {
			return nil, err
		}
		u, s, vh, err := autograd.SVD(x, !some, uv)
		if err != nil {
			return nil, err
		}
		if !uv {
			shape := x.Shape()
			m, n := shape[len(shape)-2], shape[len(shape)-1]
			batch := shape[:len(shape)-2]
			if u, err = tensor.Zeros(x.DType(), append(append([]int{}, batch...), m, m)...); err != nil {
				return nil, err
			}
			vz, err := tensor.Zeros(x.DType(), append(append([]int{}, batch...), n, n)...)
			if err != nil {
				return nil, err
			}
			return lang.NewNamedTuple(returnSvd, u, s, vz), nil
		}
		v, err := autograd.Transpose(vh, -2, -1)
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(returnSvd, u, s, v), nil
	})
	defDotted("linalg.vector_norm(x, ord=2, dim=None, keepdim=False)", "The vector ord-norm of x over dim (all elements when None): ord is a number, inf or -inf.", func(a *lang.Args) (lang.Value, error) {
		x, p, dims, keep := tensorArg(a, "x"), a.Float("ord"), a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.VectorNorm(x, p, dims, keep))
	})
	defDotted("linalg.matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False)", "The matrix norm of the matrices in dims dim of A: ord 'fro', 'nuc', 1, -1, 2, -2, inf or -inf.", func(a *lang.Args) (lang.Value, error) {
		x, keep := tensorArg(a, "A"), a.Bool("keepdim")
		ord := matrixOrd(a, "ord")
		dims := a.Ints("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if len(dims) != 2 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.matrix_norm: dim must be a 2-tuple. Got %v", dims)
		}
		return result(autograd.MatrixNorm(x, ord, [2]int{dims[0], dims[1]}, keep))
	})
	defDotted("linalg.norm(A, ord=None, dim=None, keepdim=False)", "A vector norm (1-D input, or one dim) or a matrix norm (2-D input, or two dims) of A; with neither ord nor dim, the 2-norm of all elements.", func(a *lang.Args) (lang.Value, error) {
		x, dims, keep := tensorArg(a, "A"), a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.IsNone("ord") {
			if len(dims) == 2 {
				return result(autograd.MatrixNorm(x, "fro", [2]int{dims[0], dims[1]}, keep))
			}
			return result(autograd.VectorNorm(x, 2, dims, keep))
		}
		if dims == nil {
			switch x.Dim() {
			case 1:
				dims = []int{0}
			case 2:
				dims = []int{0, 1}
			default:
				return nil, lang.Errorf(lang.RuntimeError, "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got %dD.", x.Dim())
			}
		}
		if len(dims) == 2 {
			ord := matrixOrd(a, "ord")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(autograd.MatrixNorm(x, ord, [2]int{dims[0], dims[1]}, keep))
		}
		if _, isStr := a.Value("ord").(string); isStr {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.vector_norm: ord '%s' is a matrix norm; give a number", a.Value("ord"))
		}
		p := a.Float("ord")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.VectorNorm(x, p, dims, keep))
	})
	defDotted("linalg.cross(input, other, *, dim=-1)", "The cross product of the 3-vectors of input and other along dim; they broadcast.", func(a *lang.Args) (lang.Value, error) {
		x, y, dim := tensorArg(a, "input"), tensorArg(a, "other"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Cross(x, y, dim))
	})
	// The modules of the dotted builtins, once they are all defined:
	// torch.linalg.
	for _, ns := range dottedNamespaces() {
		lang.RegisterModule("torch."+ns, "PyTorch's torch."+ns+" functions (linalg: on gonum's LAPACK).", func() *lang.Module { return dottedModule(ns) })
	}
}

// matrixOrd reads a matrix-norm order: 'fro', 'nuc' or a number.
func matrixOrd(a *lang.Args, name string) string {
	if s, ok := a.Value(name).(string); ok {
		return s
	}
	p := a.Float(name)
	if p == math.Trunc(p) || math.IsInf(p, 0) {
		return autograd.MatrixOrd(p)
	}
	a.Fail(lang.Errorf(lang.RuntimeError, "linalg.matrix_norm: Order %v not supported.", p))
	return ""
}
