//go:build !unix

package gpt2

import "time"

// processUsage reports that this system gives no CPU time or context
// switches to BenchmarkDecode.
func processUsage() (time.Duration, int64, bool) { return 0, 0, false }
