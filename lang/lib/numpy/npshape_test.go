package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestShapeFunctionsMatchNumPy covers the creation and shape functions
// written in npshape.py (np.logspace, np.geomspace, np.diag, np.diagflat,
// np.tri, np.tril, np.triu, np.trace, np.vander, np.atleast_1d/2d/3d,
// np.column_stack, np.row_stack, np.dstack, np.moveaxis, np.rot90,
// np.resize, np.append, np.insert, np.delete, np.trim_zeros, np.indices,
// np.ix_, np.fromfunction, np.block): values, dtypes, keyword arguments
// and NumPy's errors.
func TestShapeFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.logspace(0, 3, 4), np.logspace(0, 1, 5, base=2), np.logspace(0, 2, 3, endpoint=False), np.logspace(0, 2, 3, dtype=int)",
		"np.geomspace(1, 1000, 4), np.geomspace(-1000, -1, 4), np.geomspace(1, 256, 9, endpoint=False), np.geomspace(1j, 1000j, 4)",
		"np.geomspace(0, 10)",
		"np.diag([1, 2, 3]), np.diag([1, 2], k=1), np.diag([1.5, 2], -1), np.diag(np.arange(9).reshape(3, 3)), np.diag(np.arange(12).reshape(3, 4), k=1), np.diag(np.arange(12).reshape(3, 4), -2), np.diag(np.arange(4).reshape(2, 2), 5)",
		"np.diag(np.zeros((2, 2, 2)))",
		"np.diagflat([[1, 2], [3, 4]]), np.diagflat([1, 2], 1)",
		"np.tri(3), np.tri(3, 5, 2, dtype=int), np.tri(3, 5, -1)",
		"np.tril(np.arange(1, 13).reshape(4, 3)), np.tril(np.arange(1, 13).reshape(4, 3), -1), np.triu(np.arange(1, 13).reshape(4, 3), 1), np.triu([[1.5, 2], [3, 4]]), np.tril(np.ones((2, 3, 3)))",
		"np.triu([1, 2, 3]), np.tril([1, 2, 3], 1)",
		"np.trace(np.eye(3)), np.trace(np.arange(9).reshape(3, 3), offset=1), np.trace(np.arange(8).reshape(2, 2, 2)), np.trace(np.arange(8.).reshape(2, 2, 2), axis1=1, axis2=2), np.trace([[1, 2], [3, 4]], -1)",
		"np.trace([1, 2])",
		"np.vander([1, 2, 3, 5]), np.vander([1, 2, 3, 5], 3), np.vander(np.array([1, 2, 3]), increasing=True), np.vander([1.5, 2], 3)",
		"np.atleast_1d(1.0), np.atleast_1d([1, 2]), np.atleast_1d(1, [3, 4]), np.atleast_2d(3.0), np.atleast_2d([1, 2]), np.atleast_2d(1, [1, 2], [[1, 2]])",
		"np.atleast_3d(3.0).shape, np.atleast_3d(np.arange(3)).shape, np.atleast_3d(np.arange(6).reshape(2, 3)).shape, np.atleast_3d(np.zeros((1, 2, 3, 4))).shape, np.atleast_3d([1, 2])",
		"np.column_stack(([1, 2, 3], [2, 3, 4])), np.column_stack((np.arange(4).reshape(2, 2), [7, 8])), np.row_stack(([1, 2, 3], [2, 3, 4])), np.row_stack([[1], [2.5]])",
		"np.dstack(([1, 2, 3], [2, 3, 4])), np.dstack(([[1], [2]], [[2], [3]])).shape",
		"np.moveaxis(np.zeros((3, 4, 5)), 0, -1).shape, np.moveaxis(np.zeros((3, 4, 5)), -1, 0).shape, np.moveaxis(np.zeros((3, 4, 5)), [0, 1], [-1, -2]).shape, np.moveaxis(np.arange(6).reshape(2, 3), 0, 1)",
		"np.moveaxis(np.zeros((3, 4)), 2, 0)",
		"np.moveaxis(np.zeros((3, 4)), [0, 0], [1, 0])",
		"np.rot90(np.array([[1, 2], [3, 4]])), np.rot90([[1, 2], [3, 4]], 2), np.rot90([[1, 2, 3], [4, 5, 6]], -1), np.rot90(np.arange(8).reshape(2, 2, 2), 1, (1, 2)), np.rot90([[1, 2]], 4), np.rot90([[1, 2], [3, 4]], 3)",
		"np.rot90([[1, 2]], axes=(0, 0))",
		"np.resize(np.array([[0, 1], [2, 3]]), (2, 3)), np.resize([0, 1, 2], (1, 4)), np.resize([[0, 1], [2, 3]], (2, 4)), np.resize([1.5, 2], 5), np.resize([], 3), np.resize([1, 2], 0)",
		"np.resize([1, 2], (-1, 2))",
		"np.append([1, 2, 3], [[4, 5, 6], [7, 8, 9]]), np.append([[1, 2, 3], [4, 5, 6]], [[7, 8, 9]], axis=0), np.append([1, 2], 3.5), np.append(np.arange(4).reshape(2, 2), [[9], [9]], axis=1)",
		"np.append([[1, 2, 3], [4, 5, 6]], [7, 8, 9], axis=0)",
		"np.insert(np.array([1, 2, 3]), 1, 5), np.insert([1, 2, 3], [1, 2], [7, 8]), np.insert([1, 2, 3], 3, 9), np.insert([1.5, 2], -1, 0), np.insert([1, 2, 3], 1, 2.7), np.insert([1, 2, 3], slice(0, 2), 0)",
		"np.insert(np.array([[1, 1], [2, 2], [3, 3]]), 1, 5), np.insert(np.array([[1, 1], [2, 2], [3, 3]]), 1, 5, axis=1), np.insert(np.array([[1, 1], [2, 2], [3, 3]]), 1, [4, 5, 6], axis=1), np.insert(np.array([[1, 1], [2, 2], [3, 3]]), [1], [[4], [5], [6]], axis=1), np.insert(np.arange(4).reshape(2, 2), 0, [7, 8], axis=0)",
		"np.insert([1, 2, 3], 5, 1)",
		"np.delete(np.arange(12).reshape(3, 4), 1, 0), np.delete(np.arange(12).reshape(3, 4), slice(None, None, 2), 1), np.delete(np.arange(12).reshape(3, 4), [1, 3, 5]), np.delete([1, 2, 3], -1), np.delete([1, 2, 3, 4], [True, False, True, False]), np.delete([1.5, 2], [])",
		"np.delete([1, 2, 3], 3)",
		"np.delete(np.arange(4).reshape(2, 2), 0, axis=2)",
		"np.trim_zeros(np.array((0, 0, 0, 1, 2, 3, 0, 2, 1, 0))), np.trim_zeros(np.array((0, 0, 1, 2, 0)), 'b'), np.trim_zeros([0, 1, 2, 0]), np.trim_zeros([0, 0]), np.trim_zeros(np.array([0., 1.5, 0.]), 'f')",
		"np.indices((2, 3)), np.indices((2, 3), sparse=True), np.indices((2,), dtype=float), np.indices((2, 1, 2)).shape",
		"np.ix_([0, 1], [2, 4]), np.ix_([True, True], [2, 4]), np.arange(10).reshape(2, 5)[np.ix_([0, 1], [2, 4])], np.ix_([1, 2, 3])",
		"np.ix_([[1, 2]])",
		"np.fromfunction(lambda i, j: i == j, (3, 3), dtype=int), np.fromfunction(lambda i, j: i + j, (3, 3)), np.fromfunction(lambda i, j, c: i * c + j, (2, 2), c=10)",
		"np.block([[np.eye(2) * 2, np.zeros((2, 3))], [np.ones((1, 2)), np.eye(3)[:1]]]), np.block([1, 2, 3]), np.block([[1, 2], [3, 4]]), np.block(5), np.block([[np.ones(2)], [np.zeros(2)]]).shape",
		"np.block([[1, 2], 3])",
		"np.block([])",
		"np.block(([1], [2]))",
		"np.block([np.arange(2), [7]])",
		"np.geomspace(1+1j, 10+10j, 3), np.logspace(1j, 2j, 3)",
	})
}
