//go:build !kael_extradtype

package tensor

// plannedTraits describes dtypes that traitsOf does not know yet; only the
// extra dtype of -tags kael_extradtype is one.
var plannedTraits = map[DType]dtypeTraits{}
