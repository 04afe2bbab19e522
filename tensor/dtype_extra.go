//go:build kael_extradtype

package tensor

// Built with -tags kael_extradtype, the package has one more dtype that no
// code supports: the proof that adding a dtype is a guided edit. The
// exhaustive analyzer then fails on every switch over DType that misses it,
// and TestEveryDTypeHasKernels fails on every dispatch table that misses
// it; .ci/check-extra-dtype runs both and checks that together they name
// every place (docs/adr/0001-runtime-dtype.md).

// Float8E4M3 is the extra dtype: an 8-bit float (PyTorch's later
// float8_e4m3fn) that Go lacks, which would be stored as its bits and
// compute in float32. kael had float16 in this role until it became real.
const Float8E4M3 DType = Uint64 + 1

const numDTypes = int(Float8E4M3) + 1
