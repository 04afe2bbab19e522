package lang

// A module's globals as a dict: globals(), f.__globals__ and the dict
// exec() and eval() run code in. Compiled code reads and writes globals
// through the cells of a globalTable (resolve.go), which never move, so
// the dict cannot hold the values itself without slowing every global
// access. Instead the table and its dict stay in step from the dict's
// side, at no cost to compiled code:
//
//   - a store into the dict (d[k] = v, d.update, setdefault, ...) also
//     stores into the name's cell, and a delete empties it, so code sees
//     globals()['x'] = 1 at once;
//   - a string key is looked up in its cell (d[k], k in d, d.get(k)), as
//     cheaply as in any dict;
//   - before the dict's entries are read as a whole (len, iteration,
//     keys, values, items, repr, copy, **d), it takes in the cells'
//     current values (Dict.sync, mirror): names bound since are added,
//     names deleted since removed.
//
// Keys that are not strings live in the dict only, as in CPython, where
// no code can name them.

// dictOf returns the dict of g's globals, made on first use; it is
// brought up to date with the cells when it is read (Dict.sync).
func (g *globalTable) dictOf() *Dict {
	if g.dict == nil {
		g.dict = NewDict()
		g.dict.ns = g
	}
	return g.dict
}

// tableOf returns the global table that d is the dict of, making one
// from d's string keys when d is a plain dict that code has not run in.
// A dict of a subclass (a defaultdict) gets no table: ok is false.
func tableOf(d *Dict) (g *globalTable, ok bool) {
	if d.ns != nil {
		return d.ns, true
	}
	if d.kind != nil {
		return nil, false
	}
	g = newGlobalTable()
	for i, k := range d.keys {
		if s, isStr := k.(string); isStr {
			g.set(s, d.vals[i])
		}
	}
	g.dict, d.ns, g.adopted = d, g, true
	return g, true
}

// store records d[k] = v in the cell of k.
func (g *globalTable) store(k, v Value) {
	if s, ok := k.(string); ok {
		g.set(s, v)
	}
}

// mirror brings d, g's dict, up to date with g's cells: one lookup per
// name.
func (g *globalTable) mirror(d *Dict) {
	for i, c := range g.cells {
		name := g.names[i]
		j, found := d.index[name]
		switch {
		case c.v == nil && !found:
		case c.v == nil:
			d.ns = nil // d's own methods, without coming back here
			_, _ = d.Delete(name)
			d.ns = g
		case found:
			d.vals[d.pos(j)] = c.v
		default:
			d.ns = nil
			_ = d.Set(name, c.v) // string keys always hash
			d.ns = g
		}
	}
}

// remove runs del d[k] on g's dict d, unbinding the global.
func (g *globalTable) remove(d *Dict, k Value) (bool, error) {
	d.ns = nil // d's own methods, without coming back here
	defer func() { d.ns = g }()
	s, isStr := k.(string)
	if !isStr {
		return d.Delete(k)
	}
	i, named := g.index[s]
	if !named || g.cells[i].v == nil { // the cell is what d holds under s
		return false, nil
	}
	g.cells[i].v = nil
	_, err := d.Delete(s) // d may not hold it yet: the cell is what counts
	return true, err
}

// clear unbinds every global of g (d.clear() on its dict).
func (g *globalTable) clear() {
	for _, c := range g.cells {
		c.v = nil
	}
}
