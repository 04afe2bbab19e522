//go:build kael_extradtype

package tensor

// plannedTraits gives the extra dtype the traits an 8-bit float would
// have, so TestEveryDTypeHasKernels can name every table it needs, not only
// the traitsOf case that TestEveryDTypeHasTraits reports.
var plannedTraits = map[DType]dtypeTraits{
	Float8E4M3: {name: "float8_e4m3fn", size: 1, category: FloatingCategory, rank: 10, signed: true, computeIn: Float32},
}
