package lang

// RegisterExceptionClass makes the exception class of a library's error
// kind, as numpy.AxisError: an error of that kind is an instance of it,
// caught by `except` of it and of its bases (builtin exception names such
// as "ValueError"), and the class is what the library puts in its module.
// Call it from the library's init.
func RegisterExceptionClass(kind ErrorKind, module, name string, bases ...string) Value {
	var parents []*UserClass
	for _, b := range bases {
		p, ok := exceptionClasses[b]
		if !ok {
			panic("RegisterExceptionClass: no builtin exception " + b)
		}
		parents = append(parents, p)
	}
	c := &UserClass{Name: name, module: module, attrs: map[string]Value{}}
	if err := c.setBases(parents); err != nil {
		panic(err)
	}
	moduleExceptionClasses[string(kind)] = c
	return c
}
