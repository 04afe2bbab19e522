package torch

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/cuda"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Devices, as torch.device: kael's tensors live on the CPU, so "cpu" is the
// one device a tensor can be made on or moved to. torch.device("cuda")
// can be made, as in PyTorch without a GPU, and using it as a target is
// the RuntimeError cudaUnavailable explains: what package cuda found
// missing (no driver, no device), or, where a GPU is present, that kael's
// device tensors are not written yet.

// Device is a torch.device value.
type Device struct {
	Type  string
	Index int // -1 when the device string names none
}

// deviceTypes are the device types PyTorch's device strings may start with,
// in the order its error message lists them.
var deviceTypes = []string{"cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
	"fpga", "ort", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "privateuseone"}

// TypeName returns "torch.device".
func (*Device) TypeName() string { return "torch.device" }

// String returns the text print shows: cpu, cuda:0.
func (d *Device) String() string {
	if d.Index < 0 {
		return d.Type
	}
	return d.Type + ":" + strconv.Itoa(d.Index)
}

// PyRepr returns the repr: device(type='cuda', index=0).
func (d *Device) PyRepr() string {
	if d.Index < 0 {
		return "device(type='" + d.Type + "')"
	}
	return "device(type='" + d.Type + "', index=" + strconv.Itoa(d.Index) + ")"
}

// Equal reports whether v is the same device; a device never equals a
// string, as in PyTorch.
func (d *Device) Equal(v lang.Value) bool {
	o, ok := v.(*Device)
	return ok && o.Type == d.Type && o.Index == d.Index
}

// Attr returns the attributes type and index (None when absent).
func (d *Device) Attr(name string) (lang.Value, bool) {
	switch name {
	case "type":
		return d.Type, true
	case "index":
		if d.Index < 0 {
			return lang.None, true
		}
		return int64(d.Index), true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (d *Device) AttrNames() []string { return []string{"index", "type"} }

// HashKey makes devices usable as dict keys.
func (d *Device) HashKey() (string, error) { return "device:" + d.String(), nil }

// parseDevice reads a device string: "cpu", "cuda", "cuda:1".
func parseDevice(s string) (*Device, error) {
	typ, idx, hasIdx := strings.Cut(s, ":")
	if !slices.Contains(deviceTypes, typ) {
		return nil, lang.Errorf(lang.RuntimeError, "Expected one of %s device type at start of device string: %s",
			strings.Join(deviceTypes, ", "), s)
	}
	d := &Device{Type: typ, Index: -1}
	if hasIdx {
		n, err := strconv.Atoi(idx)
		if err != nil || n < 0 || strings.HasPrefix(idx, "+") {
			return nil, lang.Errorf(lang.RuntimeError, "Invalid device string: '%s'", s)
		}
		d.Index = n
	}
	return d, nil
}

// toDevice converts a device argument: a torch.device, a device string, or
// an int (a CUDA device index, as in PyTorch).
func toDevice(v lang.Value) (*Device, error) {
	switch x := v.(type) {
	case *Device:
		return x, nil
	case string:
		return parseDevice(x)
	case int64:
		if x < 0 {
			return nil, lang.Errorf(lang.RuntimeError, "Device index must not be negative")
		}
		return &Device{Type: "cuda", Index: int(x)}, nil
	}
	return nil, lang.Errorf(lang.TypeError, "expected a torch.device or a device string, not %s", lang.TypeName(v))
}

// CheckDevice checks a device= argument or .to() target: None and the CPU
// are fine; anything else is an error saying kael computes on the CPU.
func CheckDevice(v lang.Value) error {
	if _, none := v.(lang.NoneType); none || v == nil {
		return nil
	}
	d, err := toDevice(v)
	if err != nil {
		return err
	}
	switch {
	case d.Type == "cpu" && d.Index <= 0:
		return nil
	case d.Type == "cpu":
		return lang.Errorf(lang.RuntimeError, "kael has one CPU device, cpu:0, not %s", d)
	case d.Type == "cuda":
		return cudaUnavailable()
	}
	return lang.Errorf(lang.RuntimeError, "kael has no '%s' device: tensors live on the CPU", d.Type).
		WithHint("use device='cpu', or leave the device out")
}

// cudaUnavailable is the error for a CUDA target: why package cuda cannot
// use a GPU, or, with one present, that tensors cannot live there yet.
func cudaUnavailable() *lang.Error {
	if ok, err := cuda.Available(); !ok {
		return lang.Errorf(lang.RuntimeError, "CUDA is not available: %v", err).
			WithHint("pick the device as tutorials do, device = torch.device('cuda' if torch.cuda.is_available() else 'cpu'), or use 'cpu'")
	}
	return lang.Errorf(lang.RuntimeError, "kael found %d CUDA device(s) but cannot place tensors on them yet: device tensors are not written (issue 18)", cuda.DeviceCount()).
		WithHint("use 'cpu'")
}

// cudaIsAvailable is torch.cuda.is_available(): whether tensors can be
// placed on a CUDA device. kael's device tensors are not written yet, so it
// is False even where the driver finds a GPU (cuda.Available says so, and
// x.to("cuda") names it in its error): the tutorial idiom
// `device = 'cuda' if torch.cuda.is_available() else 'cpu'` must keep
// choosing the CPU rather than fail on a machine with a GPU.
func cudaIsAvailable() bool { return false }

// cudaDeviceCount is torch.cuda.device_count(): 0, for the same reason.
func cudaDeviceCount() int { return 0 }

func defDevices() {
	deviceClass := lang.NewBuiltin(lang.AsValue, "device(type, index=None)", "A device: torch.device('cpu'), torch.device('cuda:0'), torch.device('cuda', 1). It prints as cpu and shows as device(type='cpu'); .type and .index are its parts. Tensors can only be made on or moved to the CPU.", func(a *lang.Args) (lang.Value, error) {
		d, err := toDevice(a.Value("type"))
		if err != nil {
			return nil, err
		}
		if a.IsNone("index") {
			return d, nil
		}
		idx := a.Int("index")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if d.Index >= 0 {
			return nil, lang.Errorf(lang.RuntimeError, "type (string) must not include an index because index was passed explicitly: %s", d)
		}
		if idx < 0 {
			return nil, lang.Errorf(lang.RuntimeError, "Device index must not be negative")
		}
		return &Device{Type: d.Type, Index: idx}, nil
	})
	torchMembers["device"] = deviceClass
	lang.RegisterClass(deviceClass, "torch.device")
	lang.NewBuiltin(lang.AsMethod, "cpu(input)", "The tensor on the CPU: the tensor itself, as kael's tensors are always there.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return x, nil
	})
	lang.NewBuiltin(lang.AsMethod, "cuda(input, device=None, non_blocking=False)", "Moves the tensor to a CUDA device: a RuntimeError in kael, naming what is missing (no driver, no GPU, or kael's device tensors, which are not written yet).", func(a *lang.Args) (lang.Value, error) {
		return nil, cudaUnavailable()
	})
	lang.RegisterTensorAttr("is_cuda", "Whether the tensor is on a CUDA device: always False in kael.",
		func(t *tensor.Tensor) (lang.Value, error) { return false, nil }, nil)
	lang.RegisterTensorAttr("is_cpu", "Whether the tensor is on the CPU: always True in kael.",
		func(t *tensor.Tensor) (lang.Value, error) { return true, nil }, nil)
	for _, dev := range []struct{ attr, name string }{{"is_xpu", "an Intel GPU"}, {"is_mps", "Apple's Metal GPU"}, {"is_meta", "the meta device (shapes without data)"}} {
		lang.RegisterTensorAttr(dev.attr, "Whether the tensor is on "+dev.name+": always False in kael.",
			func(t *tensor.Tensor) (lang.Value, error) { return false, nil }, nil)
	}
}
