package autograd

import "sync/atomic"

// gradEnabled is the grad mode. It is one process-wide switch, not one per
// goroutine: kael runs one program at a time, and a switch that everything
// sees is the easiest to reason about.
var gradEnabled atomic.Bool

func init() { gradEnabled.Store(true) }

// IsGradEnabled reports whether operations are recorded for Backward.
func IsGradEnabled() bool { return gradEnabled.Load() }

// SetGradEnabled turns recording on or off for the whole process and
// returns the previous setting, as torch.set_grad_enabled.
func SetGradEnabled(on bool) (previous bool) { return gradEnabled.Swap(on) }

// NoGrad runs f with grad mode off and restores the previous mode afterwards,
// even when f panics: the `with no_grad():` block of the language.
func NoGrad(f func() error) error {
	prev := SetGradEnabled(false)
	defer SetGradEnabled(prev)
	return f()
}
