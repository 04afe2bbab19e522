package torch

import (
	_ "embed"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The torch functions written in Python over torch's own operations
// (stft and istft over torch.fft, ...): their code is the private source
// module _torch_composite, run once per session the first time one of
// them is called, and each builtin binds its arguments by PyTorch's
// signature and calls the module's function of its name. The module is
// not torch's submodule: torch's module is built in Go, once, and a
// source submodule would import torch while it is being built.

//go:embed composite/spectral.py
var spectralSource string

//go:embed composite/segment.py
var segmentSource string

//go:embed composite/lowrank.py
var lowrankSource string

//go:embed composite/lobpcg.py
var lobpcgSource string

// defComposite registers the source module and the builtins that call
// its functions.
func defComposite() {
	lang.RegisterSourceModule("_torch_spectral", "torch.stft and torch.istft, written in Python over torch.fft, unfold and index_add (kael's own code, as PyTorch 1.13's torch/functional.py and ATen's SpectralOps.cpp compute them).", spectralSource)
	lang.RegisterSourceModule("_torch_segment", "torch.segment_reduce, written in Python over scatter_reduce, with its backward as an autograd Function (kael's own code, as ATen's segment_reduce kernels compute it).", segmentSource)
	lang.RegisterSourceModule("_torch_lowrank", "torch.svd_lowrank and torch.pca_lowrank, written in Python over torch.randn, torch.linalg.qr and torch.linalg.svd (kael's own code, as PyTorch 1.13's torch/_lowrank.py computes them).", lowrankSource)
	lang.RegisterSourceModule("_torch_lobpcg", "torch.lobpcg, written in Python over torch.linalg (kael's own code, as PyTorch 1.13's torch/_lobpcg.py runs the method).", lobpcgSource)
	for _, f := range []struct {
		module   string
		kind     lang.BuiltinKind
		sig, doc string
	}{
		{"_torch_spectral", lang.AsBoth, "stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='reflect', normalized=False, onesided=None, return_complex=None)",
			"The short-time Fourier transform of the 1-D signal input (or the rows of a 2-D one): frames of n_fft samples every hop_length (n_fft // 4), times window (win_length long, centred in n_fft; ones when None), Fourier-transformed; center pads the signal by n_fft // 2 each side (pad_mode). Complex [freq, frames] with return_complex=True, else view_as_real of it, with PyTorch 1.13's warning when return_complex is not given for a real input. onesided (True for real input and window) keeps the n_fft // 2 + 1 non-negative frequencies; normalized divides by sqrt(n_fft)."},
		{"_torch_spectral", lang.AsBoth, "istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False, onesided=None, length=None, return_complex=False)",
			"The inverse of stft: each frame of the complex spectrogram input ([freq, frames] or [batch, freq, frames]) inverse-transformed, windowed, overlap-added and divided by the window's squared envelope; center trims n_fft // 2 each side; length trims or zero-pads the result."},
		{"_torch_segment", lang.AsFunc, "segment_reduce(data, reduce, *, lengths=None, indices=None, offsets=None, axis=0, unsafe=False, initial=None)",
			"data's dimension axis cut into consecutive segments (lengths: their sizes, with one dimension more than axis's place in data's leading dimensions; or offsets: their bounds), each reduced with reduce ('sum', 'mean', 'max', 'min', 'prod'), initial (when given) joining every segment; an empty segment gives initial, or 0, 1, -inf, inf or NaN for mean. Differentiable in data."},
		{"_torch_lowrank", lang.AsFunc, "svd_lowrank(A, q=6, niter=2, M=None)",
			"(U, S, V), an approximate SVD of rank q of A (or of A - M), randomized (Halko et al. 2009): a Gaussian test matrix from torch.randn, niter subspace iterations, then the SVD of the projected matrix; A is about U diag(S) V^H. The same seed draws the same test matrix as PyTorch."},
		{"_torch_lowrank", lang.AsFunc, "pca_lowrank(A, q=None, center=True, niter=2)",
			"(U, S, V), the principal components of the rows of A by svd_lowrank of rank q (min(6, m, n) by default) of A, less its column means when center is True."},
		{"_torch_lobpcg", lang.AsFunc, "lobpcg(A, k=None, B=None, X=None, n=None, iK=None, niter=None, tol=None, largest=None, method=None, tracker=None, ortho_iparams=None, ortho_fparams=None, ortho_bparams=None)",
			"(E, X): the k largest (largest=False: smallest) eigenvalues and eigenvectors of the symmetric positive definite generalized problem A X = B X E (B the identity when None) by LOBPCG: method 'ortho' (default) or 'basic', from X (or n random columns by torch.randn), preconditioner iK, at most niter steps (1000) until the relative residuals are below tol; tracker(worker) runs after each step. A may be batched. No backward (A and B must not require grad)."},
	} {
		name, _, _ := strings.Cut(f.sig, "(")
		module := f.module
		lang.NewBuiltin(f.kind, f.sig, f.doc, func(a *lang.Args) (lang.Value, error) {
			if err := a.Err(); err != nil {
				return nil, err
			}
			m, err := a.Import(module)
			if err != nil {
				return nil, err
			}
			fn, err := lang.GetAttr(m, name)
			if err != nil {
				return nil, err
			}
			return a.Call(fn, a.Values()...)
		})
	}
}
