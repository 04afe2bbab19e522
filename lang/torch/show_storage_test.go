package torch_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestShowStorage draws views of one storage: where each reads, in its
// reading order, with its header; a copy or a large storage is refused.
func TestShowStorage(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{Src: "x = tensor([[1, 2, 3], [4, 5, 6]])\nshow_storage(x, x[1], x.t(), x[0].expand(2, 3))",
			Want: "storage: 6 int64 elements of 8 bytes (48 bytes)\n" +
				"index    0    1    2  3  4  5\n" +
				"value    1    2    3  4  5  6\n" +
				"#1       0    1    2  3  4  5   shape [2, 3], strides [3, 1], offset 0, contiguous\n" +
				"#2                    0  1  2   shape [3], strides [1], offset 3, contiguous\n" +
				"#3       0    2    4  1  3  5   shape [3, 2], strides [1, 3], offset 0, not contiguous\n" +
				"#4     0,3  1,4  2,5            shape [2, 3], strides [0, 1], offset 0, not contiguous\n" +
				"(row #i: where tensor i's elements lie, numbered in the order it reads them)\n"},
		{Src: "show_storage(tensor([True, False]), tensor(2.5))",
			Want: "ValueError: show_storage(): tensor 2 does not share the storage of tensor 1 (a copy has a storage of its own)"},
		{Src: "show_storage(tensor(2.5))",
			Want: "storage: 1 float32 elements of 4 bytes (4 bytes)\nindex    0\nvalue  2.5\n#1       0   shape [], strides [], offset 0, contiguous\n(row #i: where tensor i's elements lie, numbered in the order it reads them)\n"},
		{Src: "show_storage(arange(40))", Want: "~too many to draw"},
		{Src: "show_storage()", Want: "~needs a tensor"},
		{Src: "show_storage([1, 2])", Want: "TypeError: show_storage() takes tensors, not list (argument 1)"},
	})
}
