package gemm

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/pool"
)

// job is one product C = A·B shared by the goroutines working on it.
//
// The product is cut into blocks: KC along the shared dimension, MC rows
// of A, NC columns of B. The goroutines go through the blocks together
// and meet at a barrier after each, before its packed buffers are reused.
// Within a block, a work unit is one sliver of A against a chunk of about
// kn.ncb columns of B; the goroutines take units in turn, walking down A's
// slivers against one chunk, then the next. Nothing is packed before the
// units start: a unit packs what it needs and is not yet packed, a sliver
// of A or a part of the chunk of B, so that packing overlaps the other
// goroutines' arithmetic; where another goroutine is packing that part,
// the unit waits for it.
type job[T float32 | float64] struct {
	kn        *kernel[T]
	m, n, k   int
	a, b, c   Matrix[T]
	threads   int
	cancelled func() bool

	// kcMax, mcMax, ncMax are the block sizes; apack, bpack hold a packed
	// MC×KC block of A and KC×NC panel of B, tiles a scratch tile per
	// goroutine.
	kcMax, mcMax, ncMax int
	apack, bpack, tiles []T
	direct              bool // full tiles can be written to C in place
	// aState holds the packState of each sliver of A's block, bState that
	// of each packing item of each chunk of B (bItems of them a chunk), and
	// bDone whether a whole chunk is packed.
	aState, bState []atomic.Int32
	bDone          []atomic.Bool
	bItems         int
	unitNext       atomic.Int64
	stop           atomic.Bool
	// halt is stop as it was when the goroutines last met, so that they
	// all leave after the same block.
	halt bool
	meet barrier
	// packFn, when not nil, packs B in place of the view b (MulPackedB).
	packFn PackB[T]
	// pre, when not nil, is B already packed (MulPacked): the kernels
	// read its slivers where they are, from column preCol on, and
	// nothing of B is packed.
	pre    *Packed[T]
	preCol int
	// preA, when not nil, is A already packed (PackA): the kernels read
	// its slivers where they are, and nothing of A is packed.
	preA *PackedA[T]
	// add makes the first block along K add to C too (MulAdd).
	add bool
}

// The states of a part of a block to pack.
const (
	unpacked int32 = iota
	packing
	packed
)

// mul computes C = A·B with micro-kernel kn on threads goroutines. The
// views have been checked.
func mul[T float32 | float64](kn *kernel[T], m, n, k int, a, b, c Matrix[T], threads int, cancelled func() bool) {
	mulWith(kn, m, n, k, a, b, c, threads, cancelled, nil, false)
}

// mulWith is mul, with B packed by packFn where it is not nil; with add,
// the product is added to C rather than written over it.
func mulWith[T float32 | float64](kn *kernel[T], m, n, k int, a, b, c Matrix[T], threads int, cancelled func() bool, packFn PackB[T], add bool) {
	j := &job[T]{kn: kn, m: m, n: n, k: k, a: a, b: b, c: c, threads: threads, cancelled: cancelled, packFn: packFn, add: add}
	j.mul()
}

// mul computes the job's product on its goroutines.
func (j *job[T]) mul() {
	if pool.StatOn {
		outer, cpu0 := pool.Enter()
		defer pool.Leave(outer, j.m*j.n*j.k >= parallelMinWork, cpu0)
	}
	kn, m, n, k, c, threads := j.kn, j.m, j.n, j.k, j.c, j.threads
	// Poll before the other goroutines start: once they run, they may
	// write to C before goroutine 0's first unit polls.
	if j.poll(0) {
		return
	}
	j.kcMax = min(kn.kc, k)
	j.mcMax = min(kn.mc, roundUp(m, kn.mr))
	j.ncMax = min(kn.nc, roundUp(n, kn.nr))
	j.direct = c.ColStride == 1 && (m == 1 || abs(c.RowStride) >= n)
	if sp := j.ownedSplit(); sp.units > 0 {
		j.mulOwned(sp)
		return
	}
	aLen, bLen, tLen := j.mcMax*j.kcMax, j.kcMax*j.ncMax, kn.mr*kn.nr
	buf := getBuf[T](aLen + bLen + threads*tLen)
	defer putBuf(buf)
	j.apack, j.bpack, j.tiles = buf.s[:aLen], buf.s[aLen:aLen+bLen], buf.s[aLen+bLen:]
	// A chunk's packing items: ranges of packRows of its KC rows, or
	// groups of packSlivers of its slivers (see panel.items).
	maxChunks := ceilDiv(j.ncMax, kn.ncb) // see run
	j.bItems = max(ceilDiv(j.kcMax, packRows), ceilDiv(ceilDiv(min(kn.ncb, j.ncMax), kn.nr), packSlivers))
	states := make([]atomic.Int32, ceilDiv(j.mcMax, kn.mr)+maxChunks*j.bItems)
	j.aState, j.bState = states[:ceilDiv(j.mcMax, kn.mr)], states[ceilDiv(j.mcMax, kn.mr):]
	j.bDone = make([]atomic.Bool, maxChunks)
	// B's panel is the same for all the blocks of A's rows (ic) at one pc.
	icBlocks, block := ceilDiv(m, j.mcMax), 0
	j.meet.init(threads, func() {
		j.unitNext.Store(0)
		for i := range j.aState {
			j.aState[i].Store(unpacked)
		}
		if block++; block%icBlocks == 0 {
			for i := range j.bState {
				j.bState[i].Store(unpacked)
			}
			for i := range j.bDone {
				j.bDone[i].Store(false)
			}
		}
		j.halt = j.stop.Load()
	})
	// The goroutines meet at barriers, so each needs a thread of its own:
	// pool.Go rather than pool.Run, whose caller may run them in turn.
	var wg sync.WaitGroup
	wg.Add(threads - 1)
	for w := 1; w < threads; w++ {
		pool.Go(func() {
			j.run(w)
			wg.Done()
		})
	}
	j.run(0)
	wg.Wait()
}

// run is the loop nest of goroutine w.
func (j *job[T]) run(w int) {
	kn, mr, nr := j.kn, j.kn.mr, j.kn.nr
	tile := j.tiles[w*mr*nr : (w+1)*mr*nr]
	for jc := 0; jc < j.n; jc += j.ncMax {
		nc := min(j.ncMax, j.n-jc)
		colChunks := ceilDiv(nc, kn.ncb)
		ncb := roundUp(ceilDiv(nc, colChunks), nr)
		colChunks = ceilDiv(nc, ncb)
		for pc := 0; pc < j.k; pc += j.kcMax {
			kc := min(j.kcMax, j.k-pc)
			for ic := 0; ic < j.m; ic += j.mcMax {
				mc := min(j.mcMax, j.m-ic)
				aSlivers := ceilDiv(mc, mr)
				pa := panel[T]{j.a.Data, j.a.Offset + ic*j.a.RowStride + pc*j.a.ColStride, j.a.RowStride, j.a.ColStride, mc, kc, mr}
				for unit := grab(&j.unitNext); unit < aSlivers*colChunks; unit = grab(&j.unitNext) {
					if j.poll(w) {
						break
					}
					s, chunk := unit%aSlivers, unit/aSlivers
					j0 := chunk * ncb
					j1 := min(j0+ncb, nc)
					if j.pre != nil {
						// B's slivers are read in place.
					} else if !j.bDone[chunk].Load() && j.packFn != nil {
						j.packBBy(chunk, pc, kc, jc+j0, j1-j0, j.bpack[j0*kc:])
					} else if !j.bDone[chunk].Load() {
						pb := panel[T]{j.b.Data, j.b.Offset + pc*j.b.RowStride + (jc+j0)*j.b.ColStride, j.b.ColStride, j.b.RowStride, j1 - j0, kc, nr}
						j.packB(&pb, chunk, j.bpack[j0*kc:])
					}
					i := s * mr
					ap := j.apack[i*kc:]
					if j.preA != nil {
						ap = j.preA.sliver(pc, ic+i)
					} else {
						j.packA(&pa, s)
					}
					j.sliver(pc, kc, ap, j.bpack, min(mr, mc-i), j0, j1, pc > 0 || j.add, ic+i, jc, tile)
				}
				j.meet.wait()
				if j.halt {
					return
				}
			}
		}
	}
}

// packA makes sure that sliver s of A's block is packed: it packs it
// (with the others of its group, see sliverGroup), or waits while
// another goroutine does.
func (j *job[T]) packA(pa *panel[T], s int) {
	// A group of slivers packed together has the state of its first.
	s0, s1 := pa.sliverGroup(s)
	st := &j.aState[s0]
	if st.Load() == packed {
		return
	}
	if st.CompareAndSwap(unpacked, packing) {
		pa.packGroup(j.apack, s0, s1, j.kn.transA, j.kn.partA, j.kn.copyRows)
		st.Store(packed)
		return
	}
	waitPacked(st)
}

// packB makes sure that chunk c of B's panel, pb, is packed into dst: it
// packs the items no other goroutine has taken and waits for the others.
func (j *job[T]) packB(pb *panel[T], c int, dst []T) {
	states := j.bState[c*j.bItems : (c+1)*j.bItems][:pb.items()]
	for i := range states {
		if states[i].Load() == unpacked && states[i].CompareAndSwap(unpacked, packing) {
			pb.pack(dst, i, j.kn.transB, j.kn.partB, j.kn.copyRows)
			states[i].Store(packed)
		}
	}
	for i := range states {
		waitPacked(&states[i])
	}
	j.bDone[c].Store(true)
}

// waitPacked waits until another goroutine has packed the part whose
// state is st.
func waitPacked(st *atomic.Int32) {
	for st.Load() != packed {
		runtime.Gosched()
	}
}

// poll reports whether to stop. Only goroutine 0 calls j.cancelled.
func (j *job[T]) poll(w int) bool {
	if w == 0 && j.cancelled != nil && !j.stop.Load() && j.cancelled() {
		j.stop.Store(true)
	}
	return j.stop.Load()
}

// sliver computes the product of the packed A sliver ap (rows of it
// valid) with columns [j0, j1) of the packed B panel bp (or of j.pre),
// rows [pc, pc+kc) of B, into C at row ci and column cj+j0; it adds to C
// when acc is true.
func (j *job[T]) sliver(pc, kc int, ap, bp []T, rows, j0, j1 int, acc bool, ci, cj int, tile []T) {
	kn, c := j.kn, j.c
	nr := kn.nr
	fullFn, fullRows := kn.forRows(rows)
	for jj := j0; jj < j1; jj += nr {
		var b *T
		if j.pre != nil {
			b = &j.pre.Data[j.pre.sliverAt(j.preCol+cj+jj, pc)]
		} else {
			b = &bp[jj*kc]
		}
		cols := min(nr, j1-jj)
		at := c.Offset + ci*c.RowStride + (cj+jj)*c.ColStride
		fn, mr, nc := fullFn, fullRows, nr
		if cols <= nr/2 {
			// B's last sliver, short: the narrowest kernel that covers it.
			if qf, qr, ok := kn.forQuarter(rows); ok && cols <= nr/4 {
				fn, mr, nc = qf, qr, nr/4
			} else if hf, hr, ok := kn.forHalf(rows); ok {
				fn, mr, nc = hf, hr, nr/2
			}
		}
		if j.direct && rows == mr && cols == nc {
			fn(kc, &ap[0], b, &c.Data[at], c.RowStride, acc)
			continue
		}
		fn(kc, &ap[0], b, &tile[0], nr, false)
		storeTile(c, at, tile, rows, cols, nr, acc)
	}
}

// grab takes the next work item from counter next.
func grab(next *atomic.Int64) int { return int(next.Add(1)) - 1 }

// barrier makes n goroutines wait for each other, repeatedly. The last to
// arrive runs onRelease before letting the others go. Waiters spin
// briefly, yielding the processor, before they block.
type barrier struct {
	n         int32
	onRelease func()
	arrived   atomic.Int32
	gen       atomic.Uint32
	mu        sync.Mutex
	cond      sync.Cond
}

// barrierSpin is how long a waiter spins before it blocks: waking a
// blocked goroutine can take a good part of a millisecond.
const barrierSpin = 500 * time.Microsecond

func (b *barrier) init(n int, onRelease func()) {
	b.n, b.onRelease = int32(n), onRelease
	b.cond.L = &b.mu
}

func (b *barrier) wait() {
	gen := b.gen.Load()
	if b.arrived.Add(1) == b.n {
		b.onRelease()
		b.arrived.Store(0)
		b.mu.Lock()
		b.gen.Add(1)
		b.mu.Unlock()
		b.cond.Broadcast()
		return
	}
	if pool.Spin(barrierSpin, func() bool { return b.gen.Load() != gen }) {
		return
	}
	b.mu.Lock()
	for b.gen.Load() == gen {
		b.cond.Wait()
	}
	b.mu.Unlock()
}

// storeTile writes the rows×cols corner of the scratch tile t (row stride
// nr) to C at index ci, adding to C when acc is true.
func storeTile[T float32 | float64](c Matrix[T], ci int, t []T, rows, cols, nr int, acc bool) {
	if c.ColStride == 1 {
		// Rows of C contiguous (all but Mul's transposed C): whole runs.
		for i := 0; i < rows; i++ {
			src := t[i*nr : i*nr+cols]
			dst := c.Data[ci+i*c.RowStride:][:cols]
			if !acc {
				copy(dst, src)
				continue
			}
			for j, v := range src {
				dst[j] += v
			}
		}
		return
	}
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

// buffer is a 64-byte aligned scratch slice.
type buffer[T float32 | float64] struct{ s []T }

// bufferCache keeps the last buffer released in spare and older ones in
// pool. A sync.Pool alone often misses here: Mul may release a buffer on
// one P and ask for one on another.
type bufferCache[T float32 | float64] struct {
	spare atomic.Pointer[buffer[T]]
	pool  sync.Pool
}

var (
	cache32 bufferCache[float32]
	cache64 bufferCache[float64]
)

func cacheFor[T float32 | float64]() *bufferCache[T] {
	var zero T
	if _, ok := any(zero).(float32); ok {
		return any(&cache32).(*bufferCache[T])
	}
	return any(&cache64).(*bufferCache[T])
}

// getBuf returns a buffer of n elements with undefined contents.
func getBuf[T float32 | float64](n int) *buffer[T] {
	bc := cacheFor[T]()
	buf := bc.spare.Swap(nil)
	if buf == nil || cap(buf.s) < n {
		buf, _ = bc.pool.Get().(*buffer[T])
	}
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

// putBuf releases a buffer from getBuf.
func putBuf[T float32 | float64](buf *buffer[T]) {
	bc := cacheFor[T]()
	if old := bc.spare.Swap(buf); old != nil {
		bc.pool.Put(old)
	}
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func roundUp(a, b int) int { return ceilDiv(a, b) * b }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
