package libm

import (
	"runtime"

	"github.com/ebitengine/purego"
)

// loadCLibm opens libm.so.6, the C library's math library (glibc's on
// Debian, which PyTorch and CPython call), or returns nil.
func loadCLibm() *cFuncs {
	runtime.LockOSThread() // dlopen's error state is per thread
	h, err := purego.Dlopen("libm.so.6", purego.RTLD_NOW|purego.RTLD_LOCAL)
	runtime.UnlockOSThread()
	if err != nil {
		return nil
	}
	f := &cFuncs{}
	for _, fn := range []struct {
		name string
		ptr  *func(float64) float64
	}{{"log", &f.log}, {"sin", &f.sin}, {"cos", &f.cos}, {"exp", &f.exp}, {"log1p", &f.log1p}, {"tan", &f.tan}, {"acos", &f.acos}} {
		sym, err := purego.Dlsym(h, fn.name)
		if err != nil {
			return nil
		}
		bindFloat64(fn.ptr, sym)
	}
	sym, err := purego.Dlsym(h, "pow")
	if err != nil {
		return nil
	}
	bindFloat64x2(&f.pow, sym)
	for _, fn := range []struct {
		name string
		ptr  *func(float32) float32
	}{{"expf", &f.expf}, {"logf", &f.logf}, {"log1pf", &f.log1pf}} {
		sym, err := purego.Dlsym(h, fn.name)
		if err != nil {
			return nil
		}
		purego.RegisterFunc(fn.ptr, sym)
	}
	sym, err = purego.Dlsym(h, "powf")
	if err != nil {
		return nil
	}
	purego.RegisterFunc(&f.powf, sym)
	for i, name := range cOneNames {
		if sym, err := purego.Dlsym(h, name); err == nil {
			bindFloat64(&f.one[i], sym)
		}
	}
	if sym, err := purego.Dlsym(h, "atan2"); err == nil {
		bindFloat64x2(&f.atan2, sym)
	}
	return f
}
