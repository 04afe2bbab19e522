package tensor

// ResultType returns the dtype an element-wise operation on operands
// computes in, with PyTorch's rules. Operands fall in three groups:
// tensors with dimensions, 0-d tensors, and wrapped numbers (Scalar). A
// wrapped float counts as DefaultFloat, a wrapped complex as
// DefaultComplex. The 0-d tensors and wrapped numbers change the result
// only when their category (bool < integer < floating < complex) is higher
// than that of the dimensioned tensors. PyTorch gives a float16 operand
// with a complex one of higher category complex32, a dtype kael lacks;
// kael gives complex64.
func ResultType(operands ...*Tensor) DType {
	var dim, zero, wrapped promotionState
	for _, t := range operands {
		switch {
		case t.wrapped:
			d := t.dtype
			switch {
			case d.IsFloating():
				d = DefaultFloat
			case d.IsComplex():
				d = DefaultComplex
			}
			wrapped.add(d)
		case t.Dim() == 0:
			zero.add(t.dtype)
		default:
			dim.add(t.dtype)
		}
	}
	return combineCategories(dim, combineCategories(zero, wrapped)).dtype
}

// promotionState is a dtype that may be undefined (no operand yet).
type promotionState struct {
	dtype   DType
	defined bool
}

func (s *promotionState) add(d DType) {
	if s.defined {
		d = PromoteTypes(s.dtype, d)
	}
	*s = promotionState{dtype: d, defined: true}
}

// combineCategories merges the result of a higher-priority group with a
// lower-priority one: the lower group wins only with a higher category,
// and a complex lower group keeps a floating higher one's precision
// (float64 and a complex scalar give complex128), as PyTorch's
// combine_categories.
func combineCategories(higher, lower promotionState) promotionState {
	switch {
	case !higher.defined:
		return lower
	case !lower.defined, higher.dtype.IsComplex():
		return higher
	case lower.dtype.IsComplex():
		if higher.dtype.IsFloating() {
			return promotionState{dtype: lower.dtype.withPrecisionOf(higher.dtype), defined: true}
		}
		return lower
	case higher.dtype.IsFloating():
		return higher
	case higher.dtype == Bool || lower.dtype.IsFloating():
		return promotionState{dtype: PromoteTypes(higher.dtype, lower.dtype), defined: true}
	}
	return higher
}
