package gemm

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// packChunk is how many slivers one packing work item holds.
const packChunk = 8

// mul computes C = A·B with micro-kernel kn on up to threads goroutines.
// The views have been checked; c.ColStride == 1 lets full tiles be
// written in place, other tiles go through a scratch tile.
func mul[T float32 | float64](kn *kernel[T], m, n, k int, a, b, c Matrix[T], threads int, cancelled func() bool) {
	mr, nr := kn.mr, kn.nr
	kcMax := min(kn.kc, k)
	mcMax := min(kn.mc, roundUp(m, mr))
	ncMax := min(kn.nc, roundUp(n, nr))
	aLen, bLen, tLen := mcMax*kcMax, kcMax*ncMax, mr*nr
	buf := getBuf[T](aLen + bLen + threads*tLen)
	defer putBuf(buf)
	apack, bpack, tiles := buf.s[:aLen], buf.s[aLen:aLen+bLen], buf.s[aLen+bLen:]
	direct := c.ColStride == 1 && (m == 1 || abs(c.RowStride) >= n)

	var stop atomic.Bool
	// poll reports whether to stop; only worker 0, the caller's goroutine,
	// calls cancelled.
	poll := func(w int) bool {
		if w == 0 && cancelled != nil && !stop.Load() && cancelled() {
			stop.Store(true)
		}
		return stop.Load()
	}

	for jc := 0; jc < n; jc += ncMax {
		nc := min(ncMax, n-jc)
		bSlivers := ceilDiv(nc, nr)
		// Split the block's columns into chunks of about kn.ncb, and rows
		// into enough chunks to keep every goroutine busy.
		colChunks := ceilDiv(nc, kn.ncb)
		ncb := roundUp(ceilDiv(nc, colChunks), nr)
		colChunks = ceilDiv(nc, ncb)
		for pc := 0; pc < k; pc += kcMax {
			kc := min(kcMax, k-pc)
			for ic := 0; ic < m; ic += mcMax {
				mc := min(mcMax, m-ic)
				if poll(0) {
					return
				}
				aSlivers := ceilDiv(mc, mr)
				aItems := ceilDiv(aSlivers, packChunk)
				bItems := 0
				if ic == 0 {
					bItems = ceilDiv(bSlivers, packChunk)
				}
				parallel(threads, aItems+bItems, func(_, item int) {
					if item < aItems {
						s0 := item * packChunk
						s1 := min(s0+packChunk, aSlivers)
						packA(apack[s0*kc*mr:s1*kc*mr], a, ic+s0*mr, min(mc, s1*mr)-s0*mr, pc, kc, mr)
						return
					}
					s0 := (item - aItems) * packChunk
					s1 := min(s0+packChunk, bSlivers)
					packB(bpack[s0*kc*nr:s1*kc*nr], b, pc, kc, jc+s0*nr, min(nc, s1*nr)-s0*nr, nr)
				})

				rowChunks := 1
				if threads > 1 {
					rowChunks = min(aSlivers, ceilDiv(4*threads, colChunks))
				}
				mcb := ceilDiv(aSlivers, rowChunks) * mr
				rowChunks = ceilDiv(mc, mcb)
				parallel(threads, rowChunks*colChunks, func(w, unit int) {
					if poll(w) {
						return
					}
					i0, j0 := unit%rowChunks*mcb, unit/rowChunks*ncb
					i1, j1 := min(i0+mcb, mc), min(j0+ncb, nc)
					tile := tiles[w*tLen : (w+1)*tLen]
					for i := i0; i < i1; i += mr {
						ap := &apack[i*kc]
						rows := min(mr, mc-i)
						for j := j0; j < j1; j += nr {
							bp := &bpack[j*kc]
							cols := min(nr, nc-j)
							ci := c.Offset + (ic+i)*c.RowStride + (jc+j)*c.ColStride
							if direct && rows == mr && cols == nr {
								kn.fn(kc, ap, bp, &c.Data[ci], c.RowStride, pc > 0)
								continue
							}
							kn.fn(kc, ap, bp, &tile[0], nr, false)
							storeTile(c, ci, tile, rows, cols, nr, pc > 0)
						}
					}
				})
			}
		}
	}
}

// storeTile writes the rows×cols corner of the scratch tile t (row stride
// nr) to C at index ci, adding to C when acc is true.
func storeTile[T float32 | float64](c Matrix[T], ci int, t []T, rows, cols, nr int, acc bool) {
	for i := 0; i < rows; i++ {
		src := t[i*nr : i*nr+cols]
		at := ci + i*c.RowStride
		if acc {
			for j, v := range src {
				c.Data[at+j*c.ColStride] += v
			}
		} else {
			for j, v := range src {
				c.Data[at+j*c.ColStride] = v
			}
		}
	}
}

// packA packs the rows×kc block of A at (i0, p0) into slivers of mr rows:
// sliver s holds element (s*mr+i, p) at dst[s*kc*mr + p*mr + i]. Rows past
// the block are zero.
func packA[T float32 | float64](dst []T, a Matrix[T], i0, rows, p0, kc, mr int) {
	for s := 0; s*mr < rows; s++ {
		d := dst[s*kc*mr : (s+1)*kc*mr]
		r := min(mr, rows-s*mr)
		base := a.Offset + (i0+s*mr)*a.RowStride + p0*a.ColStride
		switch {
		case a.ColStride == 1:
			for i := 0; i < r; i++ {
				src := a.Data[base+i*a.RowStride:][:kc]
				for p, v := range src {
					d[p*mr+i] = v
				}
			}
		case a.RowStride == 1:
			for p := 0; p < kc; p++ {
				copy(d[p*mr:p*mr+r], a.Data[base+p*a.ColStride:][:r])
			}
		default:
			for p := 0; p < kc; p++ {
				for i := 0; i < r; i++ {
					d[p*mr+i] = a.Data[base+i*a.RowStride+p*a.ColStride]
				}
			}
		}
		if r < mr {
			for p := 0; p < kc; p++ {
				clear(d[p*mr+r : (p+1)*mr])
			}
		}
	}
}

// packB packs the kc×cols block of B at (p0, j0) into slivers of nr
// columns: sliver s holds element (p, s*nr+j) at dst[s*kc*nr + p*nr + j].
// Columns past the block are zero.
func packB[T float32 | float64](dst []T, b Matrix[T], p0, kc, j0, cols, nr int) {
	for s := 0; s*nr < cols; s++ {
		d := dst[s*kc*nr : (s+1)*kc*nr]
		w := min(nr, cols-s*nr)
		base := b.Offset + p0*b.RowStride + (j0+s*nr)*b.ColStride
		switch {
		case b.ColStride == 1:
			for p := 0; p < kc; p++ {
				copy(d[p*nr:p*nr+w], b.Data[base+p*b.RowStride:][:w])
			}
		case b.RowStride == 1:
			for j := 0; j < w; j++ {
				src := b.Data[base+j*b.ColStride:][:kc]
				for p, v := range src {
					d[p*nr+j] = v
				}
			}
		default:
			for p := 0; p < kc; p++ {
				for j := 0; j < w; j++ {
					d[p*nr+j] = b.Data[base+p*b.RowStride+j*b.ColStride]
				}
			}
		}
		if w < nr {
			for p := 0; p < kc; p++ {
				clear(d[p*nr+w : (p+1)*nr])
			}
		}
	}
}

// parallel calls body(w, i) for every i in [0, items) on up to threads
// goroutines; w identifies the goroutine, 0 being the caller's.
func parallel(threads, items int, body func(w, i int)) {
	threads = min(threads, items)
	var next atomic.Int64
	work := func(w int) {
		for i := int(next.Add(1)) - 1; i < items; i = int(next.Add(1)) - 1 {
			body(w, i)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < threads; w++ {
		wg.Go(func() { work(w) })
	}
	work(0)
	wg.Wait()
}

// buffer is a 64-byte aligned scratch slice kept in a pool.
type buffer[T float32 | float64] struct{ s []T }

var pool32, pool64 sync.Pool

func poolFor[T float32 | float64]() *sync.Pool {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return &pool32
	}
	return &pool64
}

// getBuf returns a pooled buffer of n elements with undefined contents.
func getBuf[T float32 | float64](n int) *buffer[T] {
	buf, _ := poolFor[T]().Get().(*buffer[T])
	if buf == nil || cap(buf.s) < n {
		const align = 64
		size := int(unsafe.Sizeof(T(0)))
		s := make([]T, n+align/size)
		skip := (align - int(uintptr(unsafe.Pointer(&s[0])))%align) % align / size
		buf = &buffer[T]{s[skip:]}
	}
	buf.s = buf.s[:n]
	return buf
}

func putBuf[T float32 | float64](buf *buffer[T]) { poolFor[T]().Put(buf) }

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func roundUp(a, b int) int { return ceilDiv(a, b) * b }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
