//go:build linux

package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// driverLibrary is the NVIDIA driver's user-space library, which the
// driver package installs (not the CUDA toolkit).
const driverLibrary = "libcuda.so.1"

// result is a CUresult; 0 is CUDA_SUCCESS.
type result int32

// driver holds the driver API entry points kael calls. The _v2 names are
// the ones cuda.h's macros select for cuMemAlloc and friends.
type driver struct {
	cuInit                   func(flags uint32) result
	cuDriverGetVersion       func(version *int32) result
	cuDeviceGetCount         func(count *int32) result
	cuDeviceGet              func(dev *int32, ordinal int32) result
	cuDeviceGetName          func(name *byte, n int32, dev int32) result
	cuGetErrorName           func(r result, name **byte) result
	cuDevicePrimaryCtxRetain func(ctx *uintptr, dev int32) result
	cuCtxSetCurrent          func(ctx uintptr) result
	cuCtxSynchronize         func() result
	cuModuleLoadData         func(mod *uintptr, image *byte) result
	cuModuleGetFunction      func(fn *uintptr, mod uintptr, name *byte) result
	cuMemAlloc               func(ptr *uint64, size uintptr) result
	cuMemFree                func(ptr uint64) result
	cuMemcpyHtoD             func(dst uint64, src unsafe.Pointer, n uintptr) result
	cuMemcpyDtoH             func(dst unsafe.Pointer, src uint64, n uintptr) result
	cuLaunchKernel           func(fn uintptr, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params *unsafe.Pointer, extra *unsafe.Pointer) result
}

var (
	loadedDriverOnce sync.Once
	loadedDriver     *driver
	loadedDriverErr  error
)

// theDriver returns the loaded driver, loading it on first use.
func theDriver() (*driver, error) {
	loadedDriverOnce.Do(func() { loadedDriver, loadedDriverErr = loadDriver(driverLibrary) })
	return loadedDriver, loadedDriverErr
}

// loadDriver opens lib and binds every entry point in driver, failing with
// the name of the first one missing.
func loadDriver(lib string) (*driver, error) {
	// dlerror's message is per thread: dlopen and it must run on one.
	runtime.LockOSThread()
	h, err := purego.Dlopen(lib, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	runtime.UnlockOSThread()
	if err != nil {
		if strings.Contains(err.Error(), "No such file") {
			return nil, unavailablef("%s not found (no NVIDIA driver on this machine)", lib)
		}
		if err.Error() == "" {
			return nil, unavailablef("%s could not be loaded (dlopen gave no reason)", lib)
		}
		return nil, unavailablef("%s could not be loaded: %v", lib, err)
	}
	d := &driver{}
	for _, f := range []struct {
		name string
		fn   any
	}{
		{"cuInit", &d.cuInit},
		{"cuDriverGetVersion", &d.cuDriverGetVersion},
		{"cuDeviceGetCount", &d.cuDeviceGetCount},
		{"cuDeviceGet", &d.cuDeviceGet},
		{"cuDeviceGetName", &d.cuDeviceGetName},
		{"cuGetErrorName", &d.cuGetErrorName},
		{"cuDevicePrimaryCtxRetain", &d.cuDevicePrimaryCtxRetain},
		{"cuCtxSetCurrent", &d.cuCtxSetCurrent},
		{"cuCtxSynchronize", &d.cuCtxSynchronize},
		{"cuModuleLoadData", &d.cuModuleLoadData},
		{"cuModuleGetFunction", &d.cuModuleGetFunction},
		{"cuMemAlloc_v2", &d.cuMemAlloc},
		{"cuMemFree_v2", &d.cuMemFree},
		{"cuMemcpyHtoD_v2", &d.cuMemcpyHtoD},
		{"cuMemcpyDtoH_v2", &d.cuMemcpyDtoH},
		{"cuLaunchKernel", &d.cuLaunchKernel},
	} {
		sym, err := purego.Dlsym(h, f.name)
		if err != nil {
			return nil, unavailablef("%s lacks %s (driver too old?): %v", lib, f.name, err)
		}
		purego.RegisterFunc(f.fn, sym)
	}
	return d, nil
}

// check turns a CUresult into an error naming the call and the result.
func (d *driver) check(call string, r result) error {
	if r == 0 {
		return nil
	}
	var name *byte
	if d.cuGetErrorName(r, &name) == 0 && name != nil {
		return fmt.Errorf("%s failed: %s (%d)", call, cString(name), r)
	}
	return fmt.Errorf("%s failed: CUresult %d", call, r)
}

// probe loads lib, initialises the driver and lists the devices.
func probe(lib string) (Info, error) {
	d, err := loadDriver(lib)
	if err != nil {
		return Info{}, err
	}
	if err := d.check("cuInit", d.cuInit(0)); err != nil {
		return Info{}, unavailablef("the NVIDIA driver was found but %v", err)
	}
	var info Info
	var v, n int32
	if err := d.check("cuDriverGetVersion", d.cuDriverGetVersion(&v)); err != nil {
		return Info{}, unavailablef("%v", err)
	}
	info.DriverVersion = int(v)
	if err := d.check("cuDeviceGetCount", d.cuDeviceGetCount(&n)); err != nil {
		return Info{}, unavailablef("%v", err)
	}
	if n == 0 {
		return Info{}, unavailablef("the NVIDIA driver was found but reports no CUDA device")
	}
	for i := range n {
		var dev int32
		buf := make([]byte, 256)
		if err := d.check("cuDeviceGet", d.cuDeviceGet(&dev, i)); err != nil {
			return Info{}, unavailablef("%v", err)
		}
		if err := d.check("cuDeviceGetName", d.cuDeviceGetName(&buf[0], int32(len(buf)), dev)); err != nil {
			return Info{}, unavailablef("%v", err)
		}
		info.Devices = append(info.Devices, cString(&buf[0]))
	}
	return info, nil
}

// cString copies a NUL-terminated C string.
func cString(p *byte) string {
	var b []byte
	for q := unsafe.Pointer(p); *(*byte)(q) != 0; q = unsafe.Add(q, 1) {
		b = append(b, *(*byte)(q))
	}
	return string(b)
}
