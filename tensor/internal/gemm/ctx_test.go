package gemm

import (
	"fmt"
	"os"
	"slices"
	"testing"
	"time"
)

func TestCtx(t *testing.T) {
	if os.Getenv("CTX") == "" {
		t.Skip()
	}
	kn := kernelFor[float32]()
	mr, nr := kn.mr, kn.nr
	const m, kc = 1020, 256
	for _, ncb := range []int{128, 256, 512, 1024} {
		for _, cmode := range []string{"bigC", "smallC"} {
			ap := make([]float32, m*kc)
			bp := make([]float32, kc*ncb)
			ldc := 1024
			c := make([]float32, m*ldc)
			var ts []float64
			for range 21 {
				t0 := time.Now()
				for j0 := 0; j0 < 1024; j0 += ncb {
					for i := 0; i < m; i += mr {
						for j := 0; j < ncb; j += nr {
							ci := i*ldc + j0 + j
							if cmode == "smallC" {
								ci = j
							}
							kn.fn(kc, &ap[i*kc], &bp[j*kc], &c[ci], ldc, true)
						}
					}
				}
				ts = append(ts, time.Since(t0).Seconds())
			}
			slices.Sort(ts)
			fl := 2 * float64(m*1024*kc) / 1e9
			fmt.Printf("ncb %d %s best %.1f med %.1f\n", ncb, cmode, fl/ts[0], fl/ts[len(ts)/2])
		}
	}
}
