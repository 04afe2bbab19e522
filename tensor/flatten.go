package tensor

// FlattenShape returns the shape flatten(start, end) gives a tensor of the
// given shape: the dimensions start..end (negative ones count from the
// end) merged into one. A 0-d shape flattens to [1].
func FlattenShape(shape []int, start, end int) ([]int, error) {
	n := len(shape)
	if n == 0 {
		return []int{1}, nil
	}
	start, err := normDim(start, n)
	if err != nil {
		return nil, err
	}
	if end, err = normDim(end, n); err != nil {
		return nil, err
	}
	if start > end {
		return nil, Errorf(RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim")
	}
	merged := 1
	for _, s := range shape[start : end+1] {
		merged *= s
	}
	out := append(append([]int(nil), shape[:start]...), merged)
	return append(out, shape[end+1:]...), nil
}
