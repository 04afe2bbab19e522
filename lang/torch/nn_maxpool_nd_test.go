package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMaxPoolNDMatchesTorch checks F.max_pool3d, the
// max_poolNd_with_indices functions, the adaptive max pools and
// max_unpool with their modules against Debian's PyTorch: values,
// indices (ties go to the first maximum), gradients, reprs and errors.
func TestMaxPoolNDMatchesTorch(t *testing.T) {
	prelude := nnPrelude + `def g(f, *xs):
    xs = [x.clone().requires_grad_(True) for x in xs]
    out = f(*xs)
    if isinstance(out, tuple):
        out[0].sum().backward()
        return r(out[0]), out[1].flatten().tolist(), [r(x.grad) for x in xs]
    out.sum().backward()
    return r(out), [r(x.grad) for x in xs]
x5 = torch.randn(1, 2, 4, 5, 6)
x4 = torch.randn(1, 1, 4, 4)
v, i = F.max_pool2d(x4, 2, return_indices=True)
`
	srcs := []string{
		"g(lambda x: F.max_pool3d(x, 2), x5)",
		"g(lambda x: F.max_pool3d(x, (2, 3, 2), stride=1, padding=1, return_indices=True), x5)",
		"g(lambda x: F.max_pool3d(x, 3, stride=2, dilation=(1, 2, 1), ceil_mode=True, return_indices=True), x5)",
		"g(lambda x: F.max_pool3d_with_indices(x[0], 2), x5)",
		"g(lambda x: F.max_pool2d_with_indices(x[0, 0], 3, 2, 1, ceil_mode=True), x5)",
		"g(lambda x: F.max_pool1d_with_indices(x[0, 0, 0], 2, 1), x5)",
		"g(lambda x: F.max_pool1d_with_indices(x, 2, 1), torch.tensor([[[1., 3., 3., 2., 2., 0.]]]))",
		"g(lambda x: F.adaptive_max_pool1d(x, 4, return_indices=True), torch.randn(2, 3, 7))",
		"g(lambda x: F.adaptive_max_pool2d(x, (3, None)), torch.randn(1, 2, 5, 4))",
		"g(lambda x: F.adaptive_max_pool2d_with_indices(x, 2), torch.randn(2, 5, 7))",
		"g(lambda x: F.adaptive_max_pool3d(x, (2, 3, 4), True), x5)",
		"m = nn.MaxPool3d(2, return_indices=True)\nv, i = m(x5)\nm, r(v), i.shape",
		"nn.MaxPool3d((1, 2, 2), stride=(1, 1, 2), padding=1, dilation=2, ceil_mode=True), nn.AdaptiveMaxPool2d((2, None)), nn.AdaptiveMaxPool1d(3, return_indices=True)",
		"nn.AdaptiveMaxPool3d(2)(x5).shape, nn.AdaptiveMaxPool2d(2, True)(x5[0])[1].shape",
		"g(lambda v: F.max_unpool2d(v, i, 2), v)",
		"g(lambda v: F.max_unpool2d(v, i, 2, output_size=(5, 5)), v)",
		"u = nn.MaxUnpool2d(2)\nu, r(u(v, i)), nn.MaxUnpool1d(2, stride=1), nn.MaxUnpool3d(2)",
		"v1, i1 = F.max_pool1d_with_indices(torch.randn(1, 2, 6), 2)\nr(F.max_unpool1d(v1, i1, 2)), r(nn.MaxUnpool1d(2)(v1, i1, output_size=[7]))",
		"v3, i3 = F.max_pool3d(x5[:, :, :, :4], 2, return_indices=True)\nr(nn.MaxUnpool3d(2)(v3, i3))",
		"err(lambda: F.max_pool3d(x5[0, 0, 0], 2))",
		"err(lambda: F.max_pool3d(x5, 2, padding=2))",
		"err(lambda: F.max_unpool2d(v, i, 2, output_size=(9, 9)))",
		// ATen names the last invalid index; max_unpool1d is max_unpool2d of width 1.
		"j = i.clone()\nj[0, 0, 0, 1] = 99\nj[0, 0, 1, 0] = 50\nk = i.clone()\nk[0, 0, 1, 1] = -3\nerr(lambda: F.max_unpool2d(v, j, 2)), err(lambda: F.max_unpool2d(v, k, 2))",
		"v2, i2 = F.max_pool2d(torch.arange(64.).reshape(2, 2, 4, 4), 2, return_indices=True)\ni2[0, 0, 0, 0] = 70\ni2[0, 1, 1, 1] = -5\ni2[1, 0, 0, 0] = 33\ni2[1, 1, 0, 1] = 44\nerr(lambda: F.max_unpool2d(v2, i2, 2)), err(lambda: F.max_unpool2d(v2[0], i2[0], 2))",
		"err(lambda: F.max_unpool1d(torch.ones(1, 1, 3), torch.tensor([[[0, 9, 1]]]), 2)), err(lambda: F.max_unpool3d(torch.ones(1, 1, 1, 1, 2), torch.tensor([[[[[0, 9]]]]]), 1))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
