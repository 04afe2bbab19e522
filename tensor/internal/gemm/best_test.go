package gemm

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"
)

func TestBest(t *testing.T) {
	if os.Getenv("BEST") == "" {
		t.Skip()
	}
	size, _ := strconv.Atoi(os.Getenv("BEST"))
	th, _ := strconv.Atoi(os.Getenv("TH"))
	rng := rand.New(rand.NewPCG(5, 6))
	row := layoutByName("row")
	run := func(name string, f func()) {
		var ts []float64
		for range 40 {
			t0 := time.Now()
			f()
			ts = append(ts, time.Since(t0).Seconds())
		}
		slices.Sort(ts)
		fl := 2 * float64(size*size*size) / 1e9
		fmt.Printf("%s %s best %.1f med %.1f GFLOP/s\n", Impl(), name, fl/ts[0], fl/ts[len(ts)/2])
	}
	if os.Getenv("F64") == "" {
		x := newView[float32](rng, row, size, size)
		y := newView[float32](rng, row, size, size)
		z := newView[float32](rng, row, size, size)
		run("f32", func() { Mul(size, size, size, x, y, z, Options{Threads: th}) })
	} else {
		x := newView[float64](rng, row, size, size)
		y := newView[float64](rng, row, size, size)
		z := newView[float64](rng, row, size, size)
		run("f64", func() { Mul(size, size, size, x, y, z, Options{Threads: th}) })
	}
}

func init() {
	if v := os.Getenv("KC"); v != "" {
		kc, _ := strconv.Atoi(v)
		kernelFor[float32]().kc = kc
		kernelFor[float64]().kc = kc
	}
	if v := os.Getenv("NCB"); v != "" {
		ncb, _ := strconv.Atoi(v)
		kernelFor[float32]().ncb = ncb
		kernelFor[float64]().ncb = ncb
	}
}
