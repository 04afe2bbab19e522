package torch

import (
	. "github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The return types of the builtins that give named tuples.
var (
	valuesIndices = []string{"values", "indices"}

	returnSort      = &ReturnType{Name: "sort", Fields: valuesIndices}
	returnTopk      = &ReturnType{Name: "topk", Fields: valuesIndices}
	returnKthvalue  = &ReturnType{Name: "kthvalue", Fields: valuesIndices}
	returnMedian    = &ReturnType{Name: "median", Fields: valuesIndices}
	returnMode      = &ReturnType{Name: "mode", Fields: valuesIndices}
	returnAminmax   = &ReturnType{Name: "aminmax", Fields: []string{"min", "max"}}
	returnSvd       = &ReturnType{Name: "svd", Fields: []string{"U", "S", "V"}}
	returnLinalgSvd = &ReturnType{Name: "linalg_svd", Fields: []string{"U", "S", "Vh"}}
	returnQr        = &ReturnType{Name: "qr", Fields: []string{"Q", "R"}}
	returnLinalgQr  = &ReturnType{Name: "linalg_qr", Fields: []string{"Q", "R"}}
	returnEigh      = &ReturnType{Name: "linalg_eigh", Fields: []string{"eigenvalues", "eigenvectors"}}
	returnSlogdet   = &ReturnType{Name: "slogdet", Fields: []string{"sign", "logabsdet"}}
	returnLSlogdet  = &ReturnType{Name: "linalg_slogdet", Fields: []string{"sign", "logabsdet"}}
)

// pairOf returns a function that gives the two results of an operation as
// a named tuple of t: pairOf(returnSort)(autograd.Sort(x, dim, false)).
func pairOf(t *ReturnType) func(first, second *tensor.Tensor, err error) (Value, error) {
	return func(first, second *tensor.Tensor, err error) (Value, error) {
		if err != nil {
			return nil, err
		}
		return NewNamedTuple(t, first, second), nil
	}
}
