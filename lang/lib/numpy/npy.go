package numpy

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.save, np.load and np.savez in NumPy's own formats: .npy (format
// version 1.0, little-endian, C order, the header padded to 64 bytes as
// NumPy 1.24 writes it) and .npz (a zip archive of .npy files), so that
// NumPy reads kael's files and kael reads NumPy's.

const npyMagic = "\x93NUMPY"

// maxNpyBytes bounds what np.load reads, as open() does.
const maxNpyBytes = 1 << 30

// encodeNpy writes t as a .npy file.
func encodeNpy(t *tensor.Tensor) ([]byte, error) {
	c, err := t.Contiguous()
	if err != nil {
		return nil, err
	}
	shape := c.Shape()
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = strconv.Itoa(n)
	}
	shapeText := "(" + strings.Join(parts, ", ")
	if len(shape) == 1 {
		shapeText += ","
	}
	shapeText += ")"
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", dtypeStr(c.DType()), shapeText)
	// magic, version, header length, header, padding, newline: a multiple of 64.
	total := len(npyMagic) + 2 + 2 + len(header) + 1
	pad := (64 - total%64) % 64
	header += strings.Repeat(" ", pad) + "\n"
	data, err := rawBytes(c)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, total+pad+len(data))
	b = append(b, npyMagic...)
	b = append(b, 1, 0)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(header)))
	b = append(b, header...)
	return append(b, data...), nil
}

// rawBytes returns a tensor's elements in order, in the machine's byte
// order, which .npy's '<' (little-endian) descr names: kael runs on
// little-endian machines (amd64, arm64). It copies the elements once when
// they fill their storage in order, as a saved array's usually do.
func rawBytes(t *tensor.Tensor) ([]byte, error) {
	if _, ok := npDTypes[t.DType()]; !ok {
		return nil, lang.Errorf(lang.TypeError, "kael's NumPy cannot save arrays of dtype %s: NumPy has no such dtype", t.DType()).
			WithHint("convert with .to(torch.float32) first")
	}
	c, err := t.Contiguous()
	if err == nil && (c.Offset() != 0 || c.StorageNbytes() != c.Nbytes()) {
		c, err = c.Clone() // a view of part of a storage: just its elements
	}
	if err != nil {
		return nil, err
	}
	return c.StorageBytes(), nil
}

var (
	descrField   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`'descr'\s*:\s*'([^']*)'`) })
	fortranField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`'fortran_order'\s*:\s*(True|False)`) })
	shapeField   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`'shape'\s*:\s*\(([^)]*)\)`) })
)

// decodeNpy reads a .npy file.
func decodeNpy(data []byte) (*tensor.Tensor, error) {
	bad := func(msg string) error { return lang.Errorf(lang.ValueError, "%s", msg) }
	if len(data) < 10 || string(data[:6]) != npyMagic {
		return nil, bad("the magic string is not correct; expected b'\\x93NUMPY'")
	}
	major := data[6]
	var hlen, start int
	switch major {
	case 1:
		hlen, start = int(binary.LittleEndian.Uint16(data[8:10])), 10
	case 2, 3:
		if len(data) < 12 {
			return nil, bad("EOF: reading array header length")
		}
		hlen, start = int(binary.LittleEndian.Uint32(data[8:12])), 12
	default:
		return nil, bad(fmt.Sprintf("we only support format version (1,0), (2,0), and (3,0), not (%d, %d)", major, data[7]))
	}
	if start+hlen > len(data) {
		return nil, bad("EOF: reading array header")
	}
	header := string(data[start : start+hlen])
	body := data[start+hlen:]
	dm, fm, sm := descrField().FindStringSubmatch(header), fortranField().FindStringSubmatch(header), shapeField().FindStringSubmatch(header)
	if dm == nil || fm == nil || sm == nil {
		return nil, bad("Header does not contain the correct keys: " + strconv.Quote(header))
	}
	var dt tensor.DType
	found := false
	for _, e := range npInfos {
		s := dtypeStr(e.dt)
		if s == dm[1] || "="+s[1:] == dm[1] || "<"+s[1:] == dm[1] || "|"+s[1:] == dm[1] {
			dt, found = e.dt, true
		}
	}
	if !found {
		return nil, lang.Errorf(lang.TypeError, "kael's NumPy cannot load arrays of dtype %s: its arrays are bool, uint8, int8, uint16, int16, uint32, int32, uint64, int64, float16, float32, float64, complex64 or complex128", dm[1])
	}
	var shape []int
	n := 1
	for _, p := range strings.Split(sm[1], ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		d, err := strconv.Atoi(p)
		if err != nil || d < 0 {
			return nil, bad("shape is not valid: " + strconv.Quote(sm[1]))
		}
		if d > 0 && n > maxNpyBytes/d {
			return nil, bad("the array is larger than kael loads (1 GiB)")
		}
		shape = append(shape, d)
		n *= d
	}
	size := n * dt.Size()
	if len(body) < size {
		return nil, bad(fmt.Sprintf("cannot reshape array of size %d into shape %s", len(body)/dt.Size(), compactTuple(shape)))
	}
	fortran := fm[1] == "True"
	storeShape := shape
	if fortran {
		storeShape = make([]int, len(shape))
		for i := range shape {
			storeShape[i] = shape[len(shape)-1-i]
		}
	}
	t, err := tensor.FromBytes(append([]byte(nil), body[:size]...), dt, storeShape, nil)
	if err != nil {
		return nil, err
	}
	if fortran {
		if t, err = transposeAll(t); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// NpzFile is what np.load gives for a .npz archive: a mapping of names to
// arrays.
type NpzFile struct {
	files  []string
	arrays map[string]*tensor.Tensor
}

// TypeName returns "numpy.lib.npyio.NpzFile".
func (*NpzFile) TypeName() string { return "numpy.lib.npyio.NpzFile" }

// GetItem is npz['name'].
func (z *NpzFile) GetItem(key lang.Value) (lang.Value, error) {
	name, _ := key.(string)
	t, ok := z.arrays[name]
	if !ok {
		return nil, lang.Errorf(lang.KeyError, "%s is not a file in the archive", name)
	}
	return wrapArray(t), nil
}

// Length is len(npz).
func (z *NpzFile) Length() (int64, error) { return int64(len(z.files)), nil }

// Iterate yields the names.
func (z *NpzFile) Iterate(yield func(lang.Value) bool) error {
	for _, f := range z.files {
		if !yield(f) {
			break
		}
	}
	return nil
}

// Attr gives files, keys(), close() and the with protocol.
func (z *NpzFile) Attr(name string) (lang.Value, bool) {
	names := func() lang.Value {
		out := make([]lang.Value, len(z.files))
		for i, f := range z.files {
			out[i] = f
		}
		return &lang.List{Elems: out}
	}
	switch name {
	case "files":
		return names(), true
	case "keys":
		return lang.NewBuiltin(lang.AsValue, "keys()", "The names of the arrays.", func(*lang.Args) (lang.Value, error) { return names(), nil }), true
	case "close":
		return lang.NewBuiltin(lang.AsValue, "close()", "Closes the archive (kael read it whole).", func(*lang.Args) (lang.Value, error) { return lang.None, nil }), true
	case "__enter__":
		return lang.NewBuiltin(lang.AsValue, "__enter__()", "", func(*lang.Args) (lang.Value, error) { return z, nil }), true
	case "__exit__":
		return lang.NewBuiltin(lang.AsValue, "__exit__(*exc)", "", func(*lang.Args) (lang.Value, error) { return false, nil }), true
	}
	return nil, false
}

// AttrNames lists them.
func (z *NpzFile) AttrNames() []string { return []string{"close", "files", "keys"} }

func readFile(path string) ([]byte, error) {
	f, info, err := fileguard.OpenRegular(path, os.O_RDONLY, 0)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, lang.Errorf(lang.FileNotFoundError, "[Errno 2] No such file or directory: %s", lang.Repr(path))
		}
		return nil, lang.Errorf(lang.OSError, "%v", err)
	}
	defer f.Close()
	if info.Size() > maxNpyBytes {
		return nil, lang.Errorf(lang.MemoryError, "%s is larger than kael loads (1 GiB)", path)
	}
	return io.ReadAll(io.LimitReader(f, maxNpyBytes))
}

func pathArg(a *lang.Args, name string) (string, error) {
	p, ok := a.Value(name).(string)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "kael's NumPy reads and writes files by path (a str), not %s", lang.TypeName(a.Value(name)))
	}
	return p, nil
}

func defFiles(m map[string]lang.Value) {
	m["save"] = lang.NewBuiltin(lang.AsValue, "save(file, arr)", "Writes arr to the .npy file file (.npy is added when missing), in NumPy's format.", func(a *lang.Args) (lang.Value, error) {
		path, err := pathArg(a, "file")
		if err != nil {
			return nil, err
		}
		if !strings.HasSuffix(path, ".npy") {
			path += ".npy"
		}
		t, err := arrayFrom(a.Value("arr"), 0, false)
		if err != nil {
			return nil, err
		}
		data, err := encodeNpy(t)
		if err != nil {
			return nil, err
		}
		if err := fileguard.WriteAtomic(path, data, 0o644); err != nil {
			return nil, lang.Errorf(lang.OSError, "%v", err)
		}
		return lang.None, nil
	})
	for _, name := range []string{"savez", "savez_compressed"} {
		compressed := name == "savez_compressed"
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(file, *args)", "Writes several arrays to a .npz archive (.npz is added when missing): positional ones as arr_0, arr_1, ..., keyword ones by name.", func(a *lang.Args) (lang.Value, error) {
			path, err := pathArg(a, "file")
			if err != nil {
				return nil, err
			}
			if !strings.HasSuffix(path, ".npz") {
				path += ".npz"
			}
			var names []string
			var vals []lang.Value
			for i, v := range a.Value("args").(lang.Tuple) {
				names, vals = append(names, fmt.Sprintf("arr_%d", i)), append(vals, v)
			}
			kn, kv := a.Keywords()
			names, vals = append(names, kn...), append(vals, kv...)
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			for i, name := range names {
				t, err := arrayFrom(vals[i], 0, false)
				if err != nil {
					return nil, err
				}
				data, err := encodeNpy(t)
				if err != nil {
					return nil, err
				}
				method := zip.Store
				if compressed {
					method = zip.Deflate
				}
				w, err := zw.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: method})
				if err != nil {
					return nil, err
				}
				if _, err := w.Write(data); err != nil {
					return nil, err
				}
			}
			if err := zw.Close(); err != nil {
				return nil, err
			}
			if err := fileguard.WriteAtomic(path, buf.Bytes(), 0o644); err != nil {
				return nil, lang.Errorf(lang.OSError, "%v", err)
			}
			return lang.None, nil
		}).CollectKeywords()
	}
	m["load"] = lang.NewBuiltin(lang.AsValue, "load(file, allow_pickle=False)", "Reads a .npy file (an array) or a .npz archive (a mapping of names to arrays) that np.save or np.savez wrote.", func(a *lang.Args) (lang.Value, error) {
		path, err := pathArg(a, "file")
		if err != nil {
			return nil, err
		}
		data, err := readFile(path)
		if err != nil {
			return nil, err
		}
		if bytes.HasPrefix(data, []byte("PK\x03\x04")) || bytes.HasPrefix(data, []byte("PK\x05\x06")) {
			return loadNpz(data)
		}
		if !bytes.HasPrefix(data, []byte(npyMagic)) {
			return nil, lang.Errorf(lang.ValueError, "Cannot load file containing pickled data when allow_pickle=False")
		}
		t, err := decodeNpy(data)
		if err != nil {
			return nil, err
		}
		return wrapArray(t), nil
	})
}

func loadNpz(data []byte) (lang.Value, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "not a valid .npz archive: %v", err)
	}
	z := &NpzFile{arrays: map[string]*tensor.Tensor{}}
	read := int64(0)
	for _, f := range zr.File {
		name := strings.TrimSuffix(f.Name, ".npy")
		if f.UncompressedSize64 > maxNpyBytes || read+int64(f.UncompressedSize64) > maxNpyBytes {
			return nil, lang.Errorf(lang.MemoryError, "the archive is larger than kael loads (1 GiB)")
		}
		rc, err := f.Open()
		if err != nil {
			return nil, lang.Errorf(lang.ValueError, "%s: %v", f.Name, err)
		}
		b, err := io.ReadAll(io.LimitReader(rc, maxNpyBytes))
		rc.Close()
		if err != nil {
			return nil, lang.Errorf(lang.ValueError, "%s: %v", f.Name, err)
		}
		read += int64(len(b))
		t, err := decodeNpy(b)
		if err != nil {
			return nil, err
		}
		z.files = append(z.files, name)
		z.arrays[name] = t
	}
	return z, nil
}
