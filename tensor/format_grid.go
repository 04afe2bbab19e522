package tensor

// GridEllipsis is the cell FormatGrid puts where a summarized row skips
// columns.
const GridEllipsis = "..."

// FormatGrid returns the elements of a 0-d, 1-D or 2-D tensor as they
// print in its text form (the same number style for all, no padding), for
// front ends that lay them out as a table: one row for a 0-d or 1-D
// tensor, one per row of a 2-D tensor. Where a summarized tensor skips
// columns a row has a GridEllipsis cell; where it skips rows the grid has
// a nil row. An empty tensor has no rows. ok is false for tensors of more
// dimensions, which print as text.
func FormatGrid(t *Tensor, opt PrintOptions) (rows [][]string, ok bool) {
	if t.Dim() > 2 {
		return nil, false
	}
	if t.Numel() == 0 {
		return nil, true
	}
	summarize := t.Numel() > opt.Threshold
	f := newElemFormatter(t, opt, summarize)
	if t.Dim() == 0 {
		return [][]string{{f.text(t, t.offset)}}, true
	}
	row := func(r *Tensor) []string {
		idx := shownIndices(r.shape[0], opt, summarize)
		cells := make([]string, len(idx))
		for k, j := range idx {
			if j < 0 {
				cells[k] = GridEllipsis
				continue
			}
			cells[k] = f.text(r, r.offset+j*r.strides[0])
		}
		return cells
	}
	if t.Dim() == 1 {
		return [][]string{row(t)}, true
	}
	for _, i := range shownIndices(t.shape[0], opt, summarize) {
		if i < 0 {
			rows = append(rows, nil)
			continue
		}
		r, err := t.Select(0, i)
		if err != nil {
			return nil, false
		}
		rows = append(rows, row(r))
	}
	return rows, true
}
