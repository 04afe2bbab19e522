//go:build linux

package cuda

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// Device is an opened CUDA device: its primary context, the kernels
// loaded into it (cached by name) and a caching allocator over its memory.
//
// Nothing in this file has run on a GPU yet: devicecheck.sh is its test.
type Device struct {
	ordinal int
	d       *driver
	ctx     uintptr
	mu      sync.Mutex
	funcs   map[string]uintptr
	alloc   *Allocator
}

// Open opens device ordinal.
func Open(ordinal int) (*Device, error) {
	if ok, err := Available(); !ok {
		return nil, err
	}
	if ordinal < 0 || ordinal >= DeviceCount() {
		return nil, fmt.Errorf("cuda: no device %d: %d device(s)", ordinal, DeviceCount())
	}
	d, err := theDriver()
	if err != nil {
		return nil, err
	}
	dev := &Device{ordinal: ordinal, d: d, funcs: map[string]uintptr{}}
	var cu int32
	if err := d.check("cuDeviceGet", d.cuDeviceGet(&cu, int32(ordinal))); err != nil {
		return nil, err
	}
	if err := d.check("cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain(&dev.ctx, cu)); err != nil {
		return nil, err
	}
	dev.alloc = NewAllocator(driverMemory{dev})
	return dev, nil
}

// do runs f on one OS thread with the device's context current: the
// driver's current context is per thread, and goroutines move.
func (dev *Device) do(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := dev.d.check("cuCtxSetCurrent", dev.d.cuCtxSetCurrent(dev.ctx)); err != nil {
		return err
	}
	return f()
}

// driverMemory is the Memory of a device: cuMemAlloc and cuMemFree.
type driverMemory struct{ dev *Device }

func (m driverMemory) Malloc(size uint64) (uint64, error) {
	var p uint64
	err := m.dev.do(func() error { return m.dev.d.check("cuMemAlloc", m.dev.d.cuMemAlloc(&p, uintptr(size))) })
	return p, err
}

func (m driverMemory) Free(p uint64) error {
	return m.dev.do(func() error { return m.dev.d.check("cuMemFree", m.dev.d.cuMemFree(p)) })
}

// Alloc returns n bytes of device memory from the caching allocator.
func (dev *Device) Alloc(n uint64) (uint64, error) {
	dev.mu.Lock()
	defer dev.mu.Unlock()
	return dev.alloc.Alloc(n)
}

// Free returns device memory to the caching allocator.
func (dev *Device) Free(p uint64) error {
	dev.mu.Lock()
	defer dev.mu.Unlock()
	return dev.alloc.Free(p)
}

// EmptyCache releases the allocator's cached segments.
func (dev *Device) EmptyCache() error {
	dev.mu.Lock()
	defer dev.mu.Unlock()
	return dev.alloc.EmptyCache()
}

// MemoryStats returns the allocator's bookkeeping.
func (dev *Device) MemoryStats() Stats {
	dev.mu.Lock()
	defer dev.mu.Unlock()
	return dev.alloc.Stats()
}

// CopyToDevice copies src to device address dst.
func (dev *Device) CopyToDevice(dst uint64, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	defer runtime.KeepAlive(src)
	return dev.do(func() error {
		return dev.d.check("cuMemcpyHtoD", dev.d.cuMemcpyHtoD(dst, unsafe.Pointer(&src[0]), uintptr(len(src))))
	})
}

// CopyToHost copies len(dst) bytes from device address src.
func (dev *Device) CopyToHost(dst []byte, src uint64) error {
	if len(dst) == 0 {
		return nil
	}
	defer runtime.KeepAlive(dst)
	return dev.do(func() error {
		return dev.d.check("cuMemcpyDtoH", dev.d.cuMemcpyDtoH(unsafe.Pointer(&dst[0]), src, uintptr(len(dst))))
	})
}

// function returns k's entry point, JIT-compiling its PTX on first use.
func (dev *Device) function(k Kernel) (uintptr, error) {
	dev.mu.Lock()
	defer dev.mu.Unlock()
	if f, ok := dev.funcs[k.Name]; ok {
		return f, nil
	}
	var f uintptr
	err := dev.do(func() error {
		var mod uintptr
		image := append([]byte(k.PTX), 0)
		if err := dev.d.check("cuModuleLoadData "+k.Name, dev.d.cuModuleLoadData(&mod, &image[0])); err != nil {
			return err
		}
		name := append([]byte(k.Name), 0)
		return dev.d.check("cuModuleGetFunction "+k.Name, dev.d.cuModuleGetFunction(&f, mod, &name[0]))
	})
	if err != nil {
		return 0, err
	}
	dev.funcs[k.Name] = f
	return f, nil
}

// Launch runs k over numel elements with packed 64-bit params and waits
// for it to finish.
func (dev *Device) Launch(k Kernel, params []uint64, numel int) error {
	if len(params) != k.NumParams() {
		return fmt.Errorf("cuda: %s takes %d params, got %d", k.Name, k.NumParams(), len(params))
	}
	grid, block := LaunchDims(numel)
	if grid == 0 {
		return nil
	}
	f, err := dev.function(k)
	if err != nil {
		return err
	}
	vals := append([]uint64(nil), params...)
	ptrs := make([]unsafe.Pointer, len(vals))
	for i := range vals {
		ptrs[i] = unsafe.Pointer(&vals[i])
	}
	defer runtime.KeepAlive(vals)
	defer runtime.KeepAlive(ptrs)
	return dev.do(func() error {
		if err := dev.d.check("cuLaunchKernel "+k.Name, dev.d.cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, 0, &ptrs[0], nil)); err != nil {
			return err
		}
		return dev.d.check("cuCtxSynchronize", dev.d.cuCtxSynchronize())
	})
}
