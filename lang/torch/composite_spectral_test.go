package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestSTFTMatchesTorch checks torch.stft and torch.istft against PyTorch:
// centred and not, windows shorter than n_fft, onesided and two-sided,
// normalized, complex input, batches, the round trip, gradients through
// both, the warnings when return_complex is not given for real input (or
// istft gets a real one), and the errors. Values agree to the rounding of
// another FFT's order of operations.
func TestSTFTMatchesTorch(t *testing.T) {
	prelude := "import torch\n" + warningsPrelude + `def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
def r(z):
    return torch.view_as_real(z).tolist() if z.is_complex() else z.tolist()
torch.manual_seed(0)
x = torch.arange(16.)
s = torch.randn(2, 40)
`
	srcs := []string{
		"z = torch.stft(x, 8, return_complex=True)\nz.shape, z.dtype, r(z)",
		"z = torch.stft(s, 16, hop_length=4, window=torch.hann_window(16), return_complex=True)\nz.shape, r(z)",
		"z = torch.stft(s.double(), 10, hop_length=3, win_length=7, window=torch.hamming_window(7, dtype=torch.float64), center=False, normalized=True, onesided=False, return_complex=True)\nz.shape, z.dtype, r(z)",
		"z = torch.stft(s[0], 8, pad_mode='constant', win_length=5, return_complex=True)\nz.shape, r(z)",
		"z = torch.stft(s[0] + 1j * s[1], 8, hop_length=3, return_complex=True)\nz.shape, z.dtype, r(z)",
		"z = torch.stft(x, 8, window=torch.ones(8, dtype=torch.float64), return_complex=True)\nz.dtype, s.stft(8, return_complex=True).shape",
		"(z, w) = caught(lambda: torch.stft(x, 8))\nz.shape, z.dtype, [(c, m.split(' (Triggered')[0]) for c, m in w], r(z)",
		"torch.stft(x, 8, return_complex=False).shape",
		"w = torch.hann_window(16)\nz = torch.stft(s, 16, hop_length=4, window=w, return_complex=True)\ny = torch.istft(z, 16, hop_length=4, window=w, length=40)\ny.shape, r(y)",
		"z = torch.stft(x, 8, return_complex=True)\nr(torch.istft(z, 8)), r(torch.istft(z, 8, center=False)), r(torch.istft(z, 8, length=20)), r(torch.istft(z, 8, length=10)), r(z.istft(8, window=torch.hann_window(8)))",
		"z = torch.stft(s.double(), 12, hop_length=3, win_length=10, window=torch.hann_window(10, dtype=torch.float64) + 0.1, normalized=True, return_complex=True)\nr(torch.istft(z, 12, hop_length=3, win_length=10, window=torch.hann_window(10, dtype=torch.float64) + 0.1, normalized=True))",
		"z = torch.stft(s[0] + 1j * s[1], 8, hop_length=2, return_complex=True)\ny = torch.istft(z, 8, hop_length=2, return_complex=True, length=40)\ny.dtype, r(y)",
		"(y, w) = caught(lambda: torch.istft(torch.stft(x, 8, return_complex=False), 8))\n[(c, m.split(' (Triggered')[0]) for c, m in w], r(y)",
		"v = s.clone().requires_grad_()\nw = torch.hann_window(16)\nz = torch.stft(v, 16, hop_length=4, window=w, return_complex=True)\ny = torch.istft(z, 16, hop_length=4, window=w, length=40)\n(z.abs().sum() + y.pow(2).sum()).backward()\nv.grad.tolist()",
		"[err(f) for f in [lambda: torch.stft(x, 8, hop_length=0, return_complex=True), lambda: torch.stft(x, 8, win_length=9, return_complex=True), " +
			"lambda: torch.stft(x, 8, window=torch.ones(5), return_complex=True), lambda: torch.stft(x.int(), 8, return_complex=True), " +
			"lambda: torch.stft(x.reshape(2, 2, 4), 2, return_complex=True), lambda: torch.stft(x + 0j, 8, onesided=True, return_complex=True), " +
			"lambda: torch.stft(x, 20, center=False, window=torch.ones(20), return_complex=True), lambda: torch.stft(x.int(), 8, center=False, return_complex=True)]]",
		"z = torch.stft(x, 8, return_complex=True)\n[err(f) for f in [lambda: torch.istft(z, 8, return_complex=True), lambda: torch.istft(z, 8, onesided=False), lambda: torch.istft(z, 10), " +
			"lambda: torch.istft(z, 8, win_length=10), lambda: torch.istft(z, 8, hop_length=0), lambda: torch.istft(z, 8, window=torch.ones(3))]]",
	}
	checkCloseToTorch(t, prelude, srcs, reftest.Tolerance{Abs: 1e-4, Rel: 1e-5})
}
