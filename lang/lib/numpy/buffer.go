package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// a.tobytes() and np.frombuffer: an array's elements as raw bytes in the
// machine's (little-endian) byte order, as rawBytes writes them to .npy
// files, and back.

func init() {
	defineLater(func() {
		arrayMethods["tobytes"] = lang.NewBuiltin(lang.AsValue, "tobytes(self, order='C')", "The array's elements as bytes, read in order ('C', 'F', 'A' or 'K'), little-endian.", func(a *lang.Args) (lang.Value, error) {
			t := a.Value("self").(*Array).val()
			order, err := orderArg(t, a, true)
			if err != nil {
				return nil, err
			}
			flat, err := ravelOrder(t, order, false)
			if err != nil {
				return nil, err
			}
			b, err := rawBytes(flat)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(append([]byte(nil), b...)), nil
		})
	})
}

// frombuffer is np.frombuffer: count elements of dtype (all when -1) read
// from the bytes buffer after offset bytes.
func frombuffer(a *lang.Args) (lang.Value, error) {
	buf, ok := a.Value("buffer").(lang.Bytes)
	if !ok {
		if _, isArray := a.Value("buffer").(*lang.ByteArray); isArray {
			return nil, lang.Errorf(notImplementedError, "kael's np.frombuffer reads bytes, not bytearray (NumPy's array would share the bytearray's memory)").
				WithHint("np.frombuffer(bytes(buf), dtype) gives a copy")
		}
		return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not '%s'", lang.TypeName(a.Value("buffer")))
	}
	dt := tensor.Float64
	if !a.IsNone("dtype") {
		var err error
		if dt, err = toDType(a.Value("dtype")); err != nil {
			return nil, err
		}
	}
	data := buf.Data()
	count, offset := a.Int("count"), a.Int("offset")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if offset < 0 || offset > len(data) {
		return nil, lang.Errorf(lang.ValueError, "offset must be non-negative and no greater than buffer length (%d)", len(data))
	}
	data = data[offset:]
	size := dt.Size()
	if count < 0 {
		if len(data)%size != 0 {
			return nil, lang.Errorf(lang.ValueError, "buffer size must be a multiple of element size")
		}
		count = len(data) / size
	} else if count*size > len(data) {
		return nil, lang.Errorf(lang.ValueError, "buffer is smaller than requested size")
	}
	t, err := tensor.FromBytes(append([]byte(nil), data[:count*size]...), dt, []int{count}, nil)
	if err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}
