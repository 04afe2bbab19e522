package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The return types of the builtins that give named tuples.
var (
	valuesIndices = []string{"values", "indices"}

	returnSort      = &lang.ReturnType{Name: "sort", Fields: valuesIndices}
	returnTopk      = &lang.ReturnType{Name: "topk", Fields: valuesIndices}
	returnKthvalue  = &lang.ReturnType{Name: "kthvalue", Fields: valuesIndices}
	returnMedian    = &lang.ReturnType{Name: "median", Fields: valuesIndices}
	returnNanmedian = &lang.ReturnType{Name: "nanmedian", Fields: valuesIndices}
	returnHistogram = &lang.ReturnType{Name: "histogram", Fields: []string{"hist", "bin_edges"}}
	returnMode      = &lang.ReturnType{Name: "mode", Fields: valuesIndices}
	returnAminmax   = &lang.ReturnType{Name: "aminmax", Fields: []string{"min", "max"}}
	returnSvd       = &lang.ReturnType{Name: "svd", Fields: []string{"U", "S", "V"}}
	returnLinalgSvd = &lang.ReturnType{Name: "linalg_svd", Fields: []string{"U", "S", "Vh"}}
	returnQr        = &lang.ReturnType{Name: "qr", Fields: []string{"Q", "R"}}
	returnLinalgQr  = &lang.ReturnType{Name: "linalg_qr", Fields: []string{"Q", "R"}}
	returnEigh      = &lang.ReturnType{Name: "linalg_eigh", Fields: []string{"eigenvalues", "eigenvectors"}}
	returnSlogdet   = &lang.ReturnType{Name: "slogdet", Fields: []string{"sign", "logabsdet"}}
	returnLSlogdet  = &lang.ReturnType{Name: "linalg_slogdet", Fields: []string{"sign", "logabsdet"}}
)

// pairOf returns a function that gives the two results of an operation as
// a named tuple of t: pairOf(returnSort)(autograd.Sort(x, dim, false)).
func pairOf(t *lang.ReturnType) func(first, second *tensor.Tensor, err error) (lang.Value, error) {
	return func(first, second *tensor.Tensor, err error) (lang.Value, error) {
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(t, first, second), nil
	}
}
