//go:build !unix

package gemm

import "time"

// processCPU reports that this system gives no CPU time to the tests.
func processCPU() (time.Duration, bool) { return 0, false }
