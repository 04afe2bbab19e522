//go:build kael_extradtype

package tensor

// Built with -tags kael_extradtype, the package has one more dtype that no
// code supports: the proof that adding a dtype is a guided edit. The
// exhaustive analyzer then fails on every switch over DType that misses it,
// and TestEveryDTypeHasKernels fails on every dispatch table that misses
// it; .ci/check-extra-dtype runs both and checks that together they name
// every place (docs/adr/0001-runtime-dtype.md).

// Float16 is the extra dtype: a float type Go lacks, which would be stored
// as uint16 and compute in float32.
const Float16 DType = Float64 + 1

const numDTypes = int(Float16) + 1
