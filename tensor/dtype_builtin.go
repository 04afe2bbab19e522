//go:build !kael_extradtype

package tensor

// numDTypes is the number of dtypes: dispatch tables (ByDType) have one
// entry per dtype. A new dtype is declared after the last one in
// dtype.go's const block and counted here.
const numDTypes = int(Uint64) + 1
