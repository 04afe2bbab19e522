package tensor

// ResultType returns the dtype an element-wise operation on operands
// computes in, with PyTorch's rules. Operands fall in three groups:
// tensors with dimensions, 0-d tensors, and wrapped numbers (Scalar). A
// wrapped float counts as DefaultFloat. The 0-d tensors and wrapped numbers
// change the result only when their category (bool < integer < floating)
// is higher than that of the dimensioned tensors.
func ResultType(operands ...*Tensor) DType {
	var dim, zero, wrapped promotionState
	for _, t := range operands {
		switch {
		case t.wrapped:
			d := t.dtype
			if d.IsFloating() {
				d = DefaultFloat
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
// lower-priority one: the lower group wins only with a higher category.
func combineCategories(higher, lower promotionState) promotionState {
	switch {
	case !higher.defined:
		return lower
	case !lower.defined, higher.dtype.IsFloating():
		return higher
	case higher.dtype == Bool || lower.dtype.IsFloating():
		return promotionState{dtype: PromoteTypes(higher.dtype, lower.dtype), defined: true}
	}
	return higher
}
