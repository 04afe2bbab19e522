package lang

// Dict and set comprehensions run the loops of the list comprehension of
// their pairs or elements (syntax's AsListComp, compiler.compLoop) and
// insert each into the dict or the set as it comes, as CPython's do: a
// key that cannot be hashed stops the loop there. Generator expressions
// are list comprehensions whose loops a generator runs.
