package numpy

import (
	"fmt"
	"io"
	"os"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.memmap, ndarray.tofile and np.fromfile: arrays of raw file bytes, in
// the machine's (little-endian) byte order, as nanoGPT keeps its tokens
// (np.memmap(path, dtype=np.uint16, mode='r')).
//
// kael reads the bytes into memory instead of mapping the file (as its
// safetensors loader does, for the same reason: a mapped file that another
// program truncates faults on the next read and takes the process down).
// The modes keep NumPy's meaning: 'r' gives a read-only array, 'c' one
// whose writes never reach the file, 'r+' and 'w+' ones whose writes reach
// it at m.flush() ('w+' creates or truncates the file to the array's
// size first, zeros).

// memmapFile is what a memmap array knows of its file.
type memmapFile struct {
	path   string
	offset int64
	mode   string
	whole  *tensor.Tensor // the array as made: flush writes its bytes
}

// memmapModes maps NumPy's mode names to the short ones.
var memmapModes = map[string]string{"r": "r", "c": "c", "r+": "r+", "w+": "w+",
	"readonly": "r", "copyonwrite": "c", "readwrite": "r+", "write": "w+"}

func defMemmap(m map[string]lang.Value) {
	m["memmap"] = lang.NewBuiltin(lang.AsValue, "memmap(filename, dtype=uint8, mode='r+', offset=0, shape=None, order='C')",
		"An array over the bytes of a file from offset: mode 'r' read-only, 'c' copy-on-write, 'r+' read-write and 'w+' a new file of shape; writes reach the file at flush().",
		func(a *lang.Args) (lang.Value, error) {
			path, err := pathArg(a, "filename")
			if err != nil {
				return nil, err
			}
			dt := tensor.Uint8
			if !a.IsNone("dtype") && a.Value("dtype") != nil {
				if dt, err = toDType(a.Value("dtype")); err != nil {
					return nil, err
				}
			}
			modeArg, _ := a.Value("mode").(string)
			mode, ok := memmapModes[modeArg]
			if !ok {
				return nil, lang.Errorf(lang.ValueError, "mode must be one of ['r', 'c', 'r+', 'w+', 'readonly', 'copyonwrite', 'readwrite', 'write'] (got %s)", lang.Repr(a.Value("mode")))
			}
			offset := a.Int("offset")
			order, _ := a.Value("order").(string)
			if err := a.Err(); err != nil {
				return nil, err
			}
			var shape []int
			if !a.IsNone("shape") {
				if shape, err = shapeArg(a.Value("shape")); err != nil {
					return nil, err
				}
			}
			return openMemmap(path, dt, mode, int64(offset), shape, order == "F")
		})
	m["fromfile"] = lang.NewBuiltin(lang.AsValue, "fromfile(file, dtype=float, count=-1, sep='', offset=0)",
		"A 1-d array of the raw bytes of a file (as tofile writes them) from offset: count elements, or all.",
		func(a *lang.Args) (lang.Value, error) {
			path, err := pathArg(a, "file")
			if err != nil {
				return nil, err
			}
			dt := tensor.Float64
			if !a.IsNone("dtype") {
				if dt, err = toDType(a.Value("dtype")); err != nil {
					return nil, err
				}
			}
			count, offset := int64(a.Int("count")), int64(a.Int("offset"))
			sep, _ := a.Value("sep").(string)
			if err := a.Err(); err != nil {
				return nil, err
			}
			if sep != "" {
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's np.fromfile reads binary files only (sep='')").
					WithHint("read text with np.loadtxt or open(...).read().split()")
			}
			data, err := readFile(path)
			if err != nil {
				return nil, err
			}
			size := int64(dt.Size())
			avail := max(0, int64(len(data))-offset) / size
			if count < 0 || count > avail {
				count = avail
			}
			start := min(offset, int64(len(data)))
			t, err := tensor.FromBytes(append([]byte(nil), data[start:start+count*size]...), dt, []int{int(count)}, nil)
			if err != nil {
				return nil, err
			}
			return wrapArray(t), nil
		})
	arrayMethods["tofile"] = lang.NewBuiltin(lang.AsValue, "tofile(self, fid, sep='', format='%s')",
		"Writes the elements in C order to the file fid as raw bytes (np.fromfile reads them back).",
		func(a *lang.Args) (lang.Value, error) {
			path, err := pathArg(a, "fid")
			if err != nil {
				return nil, err
			}
			if sep, _ := a.Value("sep").(string); sep != "" {
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's ndarray.tofile writes binary files only (sep='')").
					WithHint("write text with np.savetxt")
			}
			t, err := arrayFrom(a.Value("self"), 0, false)
			if err != nil {
				return nil, err
			}
			data, err := rawBytes(t)
			if err != nil {
				return nil, err
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return nil, lang.Errorf(lang.OSError, "%v", err)
			}
			return lang.None, nil
		})
}

// openMemmap makes the array of np.memmap.
func openMemmap(path string, dt tensor.DType, mode string, offset int64, shape []int, fortran bool) (lang.Value, error) {
	if mode == "w+" && shape == nil {
		return nil, lang.Errorf(lang.ValueError, "shape must be given")
	}
	if offset < 0 {
		return nil, lang.Errorf(lang.ValueError, "offset must be non-negative")
	}
	flag := os.O_RDWR
	switch mode {
	case "r", "c":
		flag = os.O_RDONLY
	case "w+":
		flag = os.O_RDWR | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, lang.Errorf(lang.FileNotFoundError, "[Errno 2] No such file or directory: %s", lang.Repr(path))
		}
		return nil, lang.Errorf(lang.OSError, "%v", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, lang.Errorf(lang.OSError, "%v", err)
	}
	size := int64(dt.Size())
	n := int64(1)
	if shape == nil {
		avail := info.Size() - offset
		if avail%size != 0 {
			return nil, lang.Errorf(lang.ValueError, "Size of available data is not a multiple of the data-type size.")
		}
		n = avail / size
		shape = []int{int(n)}
	} else {
		for _, d := range shape {
			n *= int64(d)
		}
	}
	nbytes := n * size
	buf, err := tensor.AllocBytes(nbytes)
	if err != nil {
		return nil, err
	}
	if mode == "w+" || offset+nbytes > info.Size() && mode != "r" && mode != "c" {
		// NumPy grows the file to hold the array (zeros past its end)
		if err := f.Truncate(offset + nbytes); err != nil {
			return nil, lang.Errorf(lang.OSError, "%v", err)
		}
	} else if offset+nbytes > info.Size() {
		return nil, lang.Errorf(lang.ValueError, "mmap length is greater than file size")
	}
	if mode != "w+" {
		if _, err := f.ReadAt(buf, offset); err != nil && err != io.EOF {
			return nil, lang.Errorf(lang.OSError, "%v", err)
		}
	}
	storeShape := shape
	if fortran {
		storeShape = reversed(shape)
	}
	t, err := tensor.FromBytes(buf, dt, storeShape, nil)
	if err != nil {
		return nil, err
	}
	if fortran {
		if t, err = t.Permute(reversedAxes(len(shape))...); err != nil {
			return nil, err
		}
	}
	arr := wrapArray(t)
	arr.readonly = mode == "r"
	arr.mm = &memmapFile{path: path, offset: offset, mode: mode, whole: t}
	return arr, nil
}

func reversed(s []int) []int {
	r := make([]int, len(s))
	for i, v := range s {
		r[len(s)-1-i] = v
	}
	return r
}

func reversedAxes(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = n - 1 - i
	}
	return r
}

// attr gives a memmap's flush, filename, offset and mode.
func (m *memmapFile) attr(name string) (lang.Value, bool) {
	switch name {
	case "filename":
		return m.path, true
	case "offset":
		return m.offset, true
	case "mode":
		return m.mode, true
	case "flush":
		return lang.NewBuiltin(lang.AsValue, "flush()", "Writes the array's bytes to its file (modes 'r+' and 'w+').", func(*lang.Args) (lang.Value, error) {
			return lang.None, m.flush()
		}), true
	}
	return nil, false
}

// flush writes the bytes of the array to the file, for the modes whose
// writes reach it.
func (m *memmapFile) flush() error {
	if m.mode != "r+" && m.mode != "w+" {
		return nil
	}
	f, err := os.OpenFile(m.path, os.O_WRONLY, 0)
	if err != nil {
		return lang.Errorf(lang.OSError, "%v", err)
	}
	_, werr := f.WriteAt(m.whole.StorageBytes(), m.offset)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return lang.Errorf(lang.OSError, "%v", fmt.Errorf("flush %s: %w", m.path, werr))
	}
	return nil
}
