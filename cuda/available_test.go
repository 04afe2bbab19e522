package cuda

import (
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestAvailableExplainsItself checks that Available either finds a device
// or says why not, and that DeviceCount agrees with it.
func TestAvailableExplainsItself(t *testing.T) {
	ok, err := Available()
	if ok {
		info, _ := DriverInfo()
		if DeviceCount() == 0 || len(info.Devices) != DeviceCount() {
			t.Fatalf("available with %d devices, info %+v", DeviceCount(), info)
		}
		t.Logf("CUDA driver %d, devices %q", info.DriverVersion, info.Devices)
		return
	}
	if err == nil || err.Error() == "" {
		t.Fatalf("not available and no reason given: %v", err)
	}
	if DeviceCount() != 0 {
		t.Fatalf("DeviceCount = %d while unavailable", DeviceCount())
	}
	if ok2, err2 := Available(); ok2 || err2 != err {
		t.Fatalf("second call differs: %v %v", ok2, err2)
	}
}

// TestProbeMissingLibrary checks the message for a machine without the
// driver library.
func TestProbeMissingLibrary(t *testing.T) {
	_, err := probe("libkael-no-such-driver.so.1")
	if err == nil {
		t.Fatal("probe of a missing library succeeded")
	}
	want := "libkael-no-such-driver.so.1 not found (no NVIDIA driver on this machine)"
	if runtime.GOOS != "linux" {
		want = "Linux only"
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not contain %q", err, want)
	}
	// The reason survives goroutines moving between threads (dlerror's
	// message is per thread).
	var wg sync.WaitGroup
	errs := make(chan error, 8*20)
	for range 8 {
		wg.Go(func() {
			for range 20 {
				_, err := probe("libkael-no-such-driver.so.1")
				errs <- err
				runtime.Gosched()
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("concurrent probe: %v", err)
		}
	}
}
