package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBytesMatchNumPy covers a.tobytes() (in each order, every dtype) and
// np.frombuffer, round trips and errors.
func TestBytesMatchNumPy(t *testing.T) {
	a := "a = np.arange(6).reshape(2, 3)\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		a + "a.tobytes(), a.tobytes('F'), a.T.tobytes(), a.T.tobytes('A'), a[:, 1].tobytes()",
		"[np.array([1, -2], d).tobytes() for d in ['bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64', 'complex64', 'complex128']]",
		"np.frombuffer(b'\\x01\\x02\\x03\\x04', dtype=np.int16), np.frombuffer(b'\\x01\\x02\\x03\\x04', np.int8, -1, 1), np.frombuffer(b'\\x01\\x02\\x03\\x04', np.uint8, count=2)",
		"np.frombuffer(np.array([1.5, -2.25]).tobytes()), np.frombuffer(np.array([1+2j], np.complex64).tobytes(), np.complex64), np.frombuffer(b'', np.int16)",
		a + "np.frombuffer(a.tobytes(), a.dtype).reshape(a.shape)",
		"np.frombuffer(b'\\x01\\x02\\x03', dtype=np.int16)", "np.frombuffer(b'\\x01\\x02\\x03\\x04', dtype=np.int16, offset=5)",
		"np.frombuffer(b'\\x01\\x02\\x03\\x04', dtype=np.int16, count=3)", "np.frombuffer('ab', np.uint8)", a + "a.tobytes('X')",
	})
}
