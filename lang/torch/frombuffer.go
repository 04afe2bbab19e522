package torch

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.frombuffer and torch.from_file: tensors over memory that kael's
// allocator did not make. frombuffer shares a writable buffer's memory
// as PyTorch does (a bytearray, a memoryview of one) when the bytes at
// offset are aligned to the element size; it copies otherwise, and
// copies what kael keeps in other forms (bytes, which kael's values
// never let change; an array.array, whose items are Python values), with
// PyTorch's messages for bad counts and offsets. from_file reads the file
// into a tensor of its own (shared=False) or maps it shared
// (shared=True: writes reach the file, which is made or grown to size
// elements, as PyTorch's MapAllocator does).

// nonWritableBufferWarning is PyTorch's warning, once per session, for a
// buffer that cannot be written (bytes).
const nonWritableBufferWarning = "The given buffer is not writable, and PyTorch does not support non-writable tensors. This means you can write to the underlying (supposedly non-writable) buffer using the tensor. You may want to copy the buffer to protect its data or make it writable before converting it to a tensor. This type of warning will be suppressed for the rest of this program."

// nonWritableWarned is the key of the session's record that it gave the
// warning.
type nonWritableWarned struct{ done bool }

func defFromBuffer() {
	lang.NewBuiltin(lang.AsFunc, "frombuffer(buffer, *, dtype=None, count=-1, offset=0, requires_grad=False)", "A 1-D tensor of dtype (required) over count elements (all when -1) of buffer (bytes, bytearray, memoryview, array.array) after offset bytes. A bytearray's memory (or a memoryview's of one) is shared when offset is a multiple of the element size: writes through either show in the other, as in PyTorch; the others are copied (bytes with PyTorch's warning that it is not writable).", func(a *lang.Args) (lang.Value, error) {
		d, count, offset := a.OptDType("dtype"), a.Int("count"), a.Int("offset")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if d == nil {
			return nil, lang.Errorf(lang.TypeError, "frombuffer() missing 1 required positional arguments: \"dtype\"")
		}
		data, share, err := bufferBytes(a, a.Value("buffer"))
		if err != nil {
			return nil, err
		}
		n, size := len(data), d.Size()
		switch {
		case n == 0 || count == 0:
			return nil, lang.Errorf(lang.ValueError, "both buffer length (%d) and count (%d) must not be 0", n, count)
		case offset < 0 || offset >= n:
			return nil, lang.Errorf(lang.ValueError, "offset (%d bytes) must be non-negative and no greater than buffer length (%d bytes) minus 1", offset, n)
		case count < 0 && (n-offset)%size != 0:
			return nil, lang.Errorf(lang.ValueError, "buffer length (%d bytes) after offset (%d bytes) must be a multiple of element size (%d)", n-offset, offset, size)
		}
		if count < 0 {
			count = (n - offset) / size
		}
		if offset+count*size > n {
			return nil, lang.Errorf(lang.ValueError, "requested buffer length (%d * %d bytes) after offset (%d bytes) must not be greater than actual buffer length (%d bytes)", count, size, offset, n)
		}
		data = data[offset : offset+count*size]
		if !share || *d == tensor.Bool || !tensor.Aligned(data, size) {
			data = append([]byte(nil), data...)
		}
		if *d == tensor.Bool {
			for i, b := range data { // a nonzero byte is True, as PyTorch reads it
				if b != 0 {
					data[i] = 1
				}
			}
		}
		t, err := tensor.FromBytes(data, *d, []int{count}, a.Value("buffer"))
		if err != nil {
			return nil, err
		}
		return requiresGradArg(a, t)
	})
	lang.NewBuiltin(lang.AsFunc, "from_file(filename, shared=None, size=0, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False)", "A 1-D tensor of size elements of dtype (the default float dtype when None) read from the file filename in the machine's byte order. shared=True maps the file, made or grown to size elements when it is shorter, so that writes through the tensor reach it; otherwise the tensor holds a copy and the file must hold size elements.", func(a *lang.Args) (lang.Value, error) {
		name, ok := a.Value("filename").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "from_file(): argument 'filename' (position 1) must be str, not %s", lang.TypeName(a.Value("filename")))
		}
		shared := false
		if !a.IsNone("shared") {
			b, ok := a.Value("shared").(bool)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "from_file(): argument 'shared' (position 2) must be bool, not %s", lang.TypeName(a.Value("shared")))
			}
			shared = b
		}
		size, d := a.Int("size"), dtypeOr(a.OptDType("dtype"), tensor.DefaultFloat)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !a.IsNone("layout") && lang.Repr(a.Value("layout")) != "torch.strided" {
			return nil, lang.Errorf(NotImplementedError, "Could not run 'aten::from_file' with arguments from the '%s' backend: kael's tensors are all strided", lang.Repr(a.Value("layout")))
		}
		t, err := fromFile(name, shared, size, d)
		return withRequiresGrad(a, t, err)
	})
}

// bufferBytes is the memory buffer exports through the buffer protocol
// and whether a tensor may share it (kael's bytes are immutable, so
// theirs is copied, with PyTorch's warning).
func bufferBytes(a *lang.Args, buffer lang.Value) ([]byte, bool, error) {
	switch b := buffer.(type) {
	case *lang.ByteArray:
		return b.Data(), true, nil
	case lang.Bytes:
		return b.Data(), false, warnNonWritable(a)
	case *lang.MemoryView:
		data, writable, ok := b.Buffer()
		if !ok {
			return nil, false, lang.Errorf(lang.RuntimeError, "could not retrieve buffer from object")
		}
		if !writable {
			return data, false, warnNonWritable(a)
		}
		return data, true, nil
	}
	if lang.Repr(lang.TypeOf(buffer)) == "<class 'array.array'>" {
		tobytes, err := lang.GetAttr(buffer, "tobytes")
		if err != nil {
			return nil, false, err
		}
		v, err := a.Call(tobytes)
		if err != nil {
			return nil, false, err
		}
		if b, ok := v.(lang.Bytes); ok {
			return b.Data(), false, nil
		}
	}
	return nil, false, lang.Errorf(lang.ValueError, "object does not implement Python buffer protocol.")
}

// warnNonWritable gives nonWritableBufferWarning the first time in the
// session, as PyTorch's TORCH_WARN_ONCE does in a process.
func warnNonWritable(a *lang.Args) error {
	st := a.Session().LibraryState(nonWritableWarned{}, func() any { return &nonWritableWarned{} }).(*nonWritableWarned)
	if st.done {
		return nil
	}
	st.done = true
	return warnUser(a, nonWritableBufferWarning)
}

// fromFile is torch.from_file's tensor: a copy of the file's first size
// elements, or a shared mapping of them.
func fromFile(name string, shared bool, size int, d tensor.DType) (*tensor.Tensor, error) {
	mode := "read-only"
	flag := os.O_RDONLY
	if shared {
		mode, flag = "read-write", os.O_RDWR|os.O_CREATE
	}
	f, err := os.OpenFile(name, flag, 0o666)
	if err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "unable to open file <%s> in %s mode: %s", name, mode, errnoText(err))
	}
	defer f.Close()
	nbytes := int64(size) * int64(d.Size())
	if size < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "unable to mmap %d bytes from file <%s>: Cannot allocate memory (12)", nbytes, name)
	}
	if nbytes == 0 {
		return tensor.FromBytes(nil, d, []int{0}, nil)
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, lang.Errorf(lang.RuntimeError, "unable to mmap %d bytes from file <%s>: No such device (19)", nbytes, name)
	}
	if info.Size() < nbytes {
		if !shared {
			return nil, lang.Errorf(lang.RuntimeError, "file <%s> size is smaller than the required mapping size <%d>", name, nbytes)
		}
		if err := f.Truncate(nbytes); err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "unable to resize file <%s> to the right size: %s", name, errnoText(err))
		}
	}
	if !shared {
		buf, err := tensor.AllocBytes(nbytes)
		if err != nil {
			return nil, err
		}
		if _, err := f.ReadAt(buf, 0); err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "unable to read file <%s>: %s", name, errnoText(err))
		}
		return tensor.FromBytes(buf, d, []int{size}, nil)
	}
	return mapShared(f, name, nbytes, size, d)
}

// errnoText is an OS error as PyTorch's messages write it: "No such
// file or directory (2)".
func errnoText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		text := errno.Error() // C's strerror starts with a capital
		return strings.ToUpper(text[:1]) + text[1:] + " (" + strconv.Itoa(int(errno)) + ")"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
