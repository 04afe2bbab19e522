//go:build !unix

package gpt2

import "time"

// processUsage reports that this system gives no CPU time, context
// switches or page faults to BenchmarkDecode.
func processUsage() (time.Duration, int64, int64, bool) { return 0, 0, 0, false }
