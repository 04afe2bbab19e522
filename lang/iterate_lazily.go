package lang

import "runtime"

// IterMaker is implemented by Go values that make an iterator of their
// own for iter(x), one that computes its elements as next() asks for them
// (a DataLoader over an endless sampler), where iter() would otherwise
// collect the elements first.
type IterMaker interface {
	Iter() (Value, error)
}

// IterateLazily returns an iterator of type kind over what iterate
// yields, computed one element per next(): iterate runs on a goroutine of
// its own that hands each element over and waits for the next request,
// as a generator's body does, so an endless iterate is fine. The
// goroutine ends when iterate returns, or when the iterator is dropped
// and collected.
func IterateLazily(kind string, iterate func(yield func(Value) bool) error) Value {
	type item struct {
		v   Value
		err error
		end bool
	}
	req, resp, quit := make(chan struct{}), make(chan item), make(chan struct{})
	started := false
	run := func() {
		defer func() {
			if r := recover(); r != nil {
				select {
				case resp <- item{err: Errorf(InternalError, "iterating %s failed: %v", kind, r), end: true}:
				case <-quit:
				}
			}
		}()
		select {
		case <-req:
		case <-quit:
			return
		}
		err := iterate(func(v Value) bool {
			select {
			case resp <- item{v: v}:
			case <-quit:
				return false
			}
			select {
			case <-req:
				return true
			case <-quit:
				return false
			}
		})
		select {
		case resp <- item{err: err, end: true}:
		case <-quit:
		}
	}
	ended := false
	pull := func() (Value, bool, error) {
		if ended { // iterate returned, perhaps with an error: like a generator, it has ended
			return nil, false, nil
		}
		if !started {
			started = true
			go run()
		}
		req <- struct{}{}
		it := <-resp
		if it.end {
			ended = true
			return nil, false, it.err
		}
		return it.v, true, nil
	}
	l := &lazyIterator{kind: kind, pull: pull}
	runtime.AddCleanup(l, func(q chan struct{}) { close(q) }, quit)
	return l
}
