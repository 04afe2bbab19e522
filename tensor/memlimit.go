package tensor

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
)

// MemoryLimitEnv names the environment variable that lowers the memory
// limit of tensors: a size such as 2GiB, 1.5G or 800MB (ParseBytes). A
// Jupyter kernelspec sets it per kernel (kael kernel install
// --memory-limit).
const MemoryLimitEnv = "KAEL_MEMORY_LIMIT"

var (
	limitSourceMu sync.Mutex
	limitSource   string
)

// MemoryLimit returns the memory limit of tensors in bytes (0 or less:
// none) and where it comes from, e.g. "KAEL_MEMORY_LIMIT=2GiB" or "3/4 of
// the machine's memory".
func MemoryLimit() (bytes int64, source string) {
	limitSourceMu.Lock()
	defer limitSourceMu.Unlock()
	return memoryLimit.Load(), limitSource
}

// MemoryInUse returns the bytes of the heap in use, garbage not yet
// collected included: what the limit is checked against.
func MemoryInUse() int64 { return int64(heapInUse()) }

// initMemoryLimit sets the limit at start-up: the smallest of the
// default (three quarters of the memory or of the control group's limit)
// and KAEL_MEMORY_LIMIT. A malformed KAEL_MEMORY_LIMIT is ignored here;
// MemoryLimitFromEnv reports it for the command to refuse.
func initMemoryLimit() {
	limit, source := defaultMemoryLimitFrom()
	if v, text, err := MemoryLimitFromEnv(); err == nil && text != "" && v < limit {
		limit, source = v, MemoryLimitEnv+"="+text
	}
	limitSourceMu.Lock()
	defer limitSourceMu.Unlock()
	memoryLimit.Store(limit)
	limitSource = source
}

// MemoryLimitFromEnv parses KAEL_MEMORY_LIMIT; text is "" when it is not
// set.
func MemoryLimitFromEnv() (bytes int64, text string, err error) {
	text = strings.TrimSpace(os.Getenv(MemoryLimitEnv))
	if text == "" {
		return 0, "", nil
	}
	bytes, err = ParseBytes(text)
	if err != nil {
		return 0, text, fmt.Errorf("%s=%s: %w", MemoryLimitEnv, text, err)
	}
	return bytes, text, nil
}

// byteUnits are the suffixes ParseBytes accepts, lower-cased: decimal
// (kB, MB, GB, TB) and binary (KiB, MiB, GiB, TiB); K, M, G and T alone
// are binary, as ulimit and Docker read them.
var byteUnits = map[string]float64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
	"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
	"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
	"t": 1 << 40, "tib": 1 << 40, "tb": 1e12,
}

// ParseBytes reads a positive size in bytes: a number with an optional
// unit, e.g. 2GiB, 1.5G, 800MB, 4096.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') && t[i-1] != '.' {
		i--
	}
	num, unit := strings.TrimSpace(t[:i]), strings.ToLower(strings.TrimSpace(t[i:]))
	scale, ok := byteUnits[unit]
	if !ok {
		return 0, fmt.Errorf("size %q: unknown unit %q (want B, K, M, G, T, KiB…TiB or kB…TB)", s, t[i:])
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || num == "" || strings.ContainsAny(num, "eEnNiI+-") {
		return 0, fmt.Errorf("size %q: want a number with an optional unit, e.g. 2GiB or 800MB", s)
	}
	bytes := math.Round(v * scale)
	if bytes < 1 || bytes >= math.MaxInt64/2 {
		return 0, fmt.Errorf("size %q: want at least 1 byte and less than 4 EiB", s)
	}
	return int64(bytes), nil
}
