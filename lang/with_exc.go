package lang

// excInfo returns what __exit__ receives for err, an error the body of a
// with statement raised: the exception's class and value, err as an
// *Error, and whether a context manager may see it at all (not a kael
// crash, an InternalError). An interrupt reaches __exit__ as
// KeyboardInterrupt, as in Python, so that cleanup runs; the cell stays
// interrupted whatever __exit__ returns.
func excInfo(err error) (typ, val Value, e *Error, ok bool) {
	x, e := excOf(err)
	if x == nil {
		return nil, nil, e, false
	}
	return x.cls, x, e, true
}
