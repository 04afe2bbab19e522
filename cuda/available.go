package cuda

import (
	"fmt"
	"sync"
)

// Info describes the driver and devices Available found.
type Info struct {
	DriverVersion int      // as cuDriverGetVersion reports it: 12040 is 12.4
	Devices       []string // device names, by ordinal
}

var (
	availableOnce sync.Once
	availableInfo Info
	availableErr  error
)

// Available reports whether a CUDA device can be used, and when not, why:
// no driver library, cuInit failing, or no device. The answer is computed
// once and cached, as the driver's is.
func Available() (bool, error) {
	availableOnce.Do(func() { availableInfo, availableErr = probe(driverLibrary) })
	return availableErr == nil, availableErr
}

// DeviceCount returns the number of usable CUDA devices: 0 when Available
// is false.
func DeviceCount() int {
	if ok, _ := Available(); !ok {
		return 0
	}
	return len(availableInfo.Devices)
}

// DriverInfo returns what Available found, or its error.
func DriverInfo() (Info, error) {
	Available()
	return availableInfo, availableErr
}

// UnavailableError says why CUDA cannot be used.
type UnavailableError struct {
	Reason string
}

func (e *UnavailableError) Error() string { return e.Reason }

func unavailablef(format string, args ...any) error {
	return &UnavailableError{Reason: fmt.Sprintf(format, args...)}
}
