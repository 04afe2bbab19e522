//go:build kael_extradtype

package tensor

// plannedTraits gives the extra dtype the traits a float16 would have, so
// TestEveryDTypeHasKernels can name every table it needs, not only the
// traitsOf case that TestEveryDTypeHasTraits reports.
var plannedTraits = map[DType]dtypeTraits{
	Float16: {name: "float16", size: 2, category: FloatingCategory, rank: 2, computeIn: Float32},
}
