# np.einsum_path, written in Python: kael's own code, choosing the order
# of pairwise contractions as NumPy 1.24's numpy/core/einsumfunc.py does
# ('greedy' and 'optimal', a memory limit, or an explicit path) and
# printing its report.
import itertools

import numpy as np

_LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'


def _size(indices, dims):
    n = 1
    for i in indices:
        n *= dims[i]
    return n


def _flops(contracted, inner, terms, dims):
    factor = max(1, terms - 1)
    if inner:
        factor += 1
    return _size(contracted, dims) * factor


def _contract(positions, sets, out_set):
    # the indices of the contraction of the operands at positions, what
    # remains (the result appended last), what it sums away and all it
    # touches
    touched = set()
    kept = out_set.copy()
    rest = []
    for i, s in enumerate(sets):
        if i in positions:
            touched |= s
        else:
            rest.append(s)
            kept |= s
    result = kept & touched
    rest.append(result)
    return result, rest, touched - result, touched


def _optimal(sets, out_set, dims, limit):
    results = [(0, [], sets)]
    for step in range(len(sets) - 1):
        found = []
        for cost, path, remaining in results:
            for pair in itertools.combinations(range(len(sets) - step), 2):
                result, rest, removed, touched = _contract(pair, remaining, out_set)
                if _size(result, dims) > limit:
                    continue
                found.append((cost + _flops(touched, removed, len(pair), dims), path + [pair], rest))
        if not found:
            path = min(results, key=lambda r: r[0])[1]
            return path + [tuple(range(len(sets) - step))]
        results = found
    if not results:
        return [tuple(range(len(sets)))]
    return min(results, key=lambda r: r[0])[1]


def _candidate(pair, sets, out_set, dims, limit, path_cost, naive_cost):
    result, rest, removed, touched = _contract(pair, sets, out_set)
    new_size = _size(result, dims)
    if new_size > limit:
        return None
    freed = sum(_size(sets[p], dims) for p in pair) - new_size
    cost = _flops(touched, removed, len(pair), dims)
    if path_cost + cost > naive_cost:
        return None
    return [(-freed, cost), pair, rest]


def _renumber(candidates, best):
    bx, by = best[1]
    out = []
    for key, (x, y), sets in candidates:
        if x in best[1] or y in best[1]:
            continue
        del sets[by - int(by > x) - int(by > y)]
        del sets[bx - int(bx > x) - int(bx > y)]
        sets.insert(-1, best[2][-1])
        out.append((key, (x - int(x > bx) - int(x > by), y - int(y > bx) - int(y > by)), sets))
    return out


def _greedy(sets, out_set, dims, limit):
    if len(sets) == 1:
        return [(0,)]
    if len(sets) == 2:
        return [(0, 1)]
    _, _, removed, touched = _contract(range(len(sets)), sets, out_set)
    naive_cost = _flops(touched, removed, len(sets), dims)
    pairs = itertools.combinations(range(len(sets)), 2)
    known = []
    path_cost = 0
    path = []
    for _ in range(len(sets) - 1):
        for pair in pairs:
            if sets[pair[0]].isdisjoint(sets[pair[1]]):
                continue
            c = _candidate(pair, sets, out_set, dims, limit, path_cost, naive_cost)
            if c is not None:
                known.append(c)
        if not known:
            # only outer products are left
            for pair in itertools.combinations(range(len(sets)), 2):
                c = _candidate(pair, sets, out_set, dims, limit, path_cost, naive_cost)
                if c is not None:
                    known.append(c)
            if not known:
                path.append(tuple(range(len(sets))))
                break
        best = min(known, key=lambda c: c[0])
        known = _renumber(known, best)
        sets = best[2]
        last = len(sets) - 1
        pairs = ((i, last) for i in range(last))
        path.append(best[1])
        path_cost += best[0][1]
    return path


def _parse(operands):
    if not operands or not isinstance(operands[0], str):
        raise NotImplementedError("kael's np.einsum_path takes the subscripts as a string, not the interleaved (operand, sublist) form")
    subscripts = operands[0].replace(' ', '')
    arrays = [np.asarray(o) for o in operands[1:]]
    if '.' in subscripts:
        raise NotImplementedError("kael's np.einsum_path does not take '...' in the subscripts yet")
    for c in subscripts:
        if c not in _LETTERS and c not in ',->':
            raise ValueError("Character %s is not a valid symbol." % c)
    if '->' in subscripts:
        inputs, output = subscripts.split('->')
    else:
        inputs = subscripts
        letters = inputs.replace(',', '')
        output = ''.join(sorted(c for c in set(letters) if letters.count(c) == 1))
    if len(inputs.split(',')) != len(arrays):
        raise ValueError("Number of einsum subscripts must be equal to the number of operands.")
    return inputs, output, arrays


def einsum_path(*operands, optimize='greedy', einsum_call=False):
    if einsum_call:
        raise NotImplementedError("kael's np.einsum_path does not take einsum_call=True (NumPy's internal contraction list)")
    how = optimize
    if how is True:
        how = 'greedy'
    if how is None:
        how = False
    explicit = False
    limit = None
    if how is False or isinstance(how, str):
        pass
    elif len(how) and how[0] == 'einsum_path':
        explicit = True
    elif len(how) == 2 and isinstance(how[0], str) and isinstance(how[1], (int, float)):
        limit = int(how[1])
        how = how[0]
    else:
        raise TypeError("Did not understand the path: %s" % str(how))
    inputs, output, arrays = _parse(operands)
    terms = inputs.split(',')
    sets = [set(t) for t in terms]
    out_set = set(output)
    indices = set(inputs.replace(',', ''))
    dims = {}
    for n, term in enumerate(terms):
        shape = arrays[n].shape
        if len(shape) != len(term):
            raise ValueError("Einstein sum subscript %s does not contain the correct number of indices for operand %d." % (inputs[n], n))
        for k, c in enumerate(term):
            d = shape[k]
            if c in dims:
                if dims[c] == 1:
                    dims[c] = d
                elif d not in (1, dims[c]):
                    raise ValueError("Size of label '%s' for operand %d (%d) does not match previous terms (%d)." % (c, n, dims[c], d))
            else:
                dims[c] = d
    largest = max(_size(t, dims) for t in terms + [output])
    if limit is None:
        limit = largest
    inner = sum(len(s) for s in sets) - len(indices) > 0
    naive_cost = _flops(indices, inner, len(terms), dims)
    if explicit:
        path = list(how[1:])
    elif how is False or len(terms) in (1, 2) or indices == out_set:
        path = [tuple(range(len(terms)))]
    elif how == 'greedy':
        path = _greedy(sets, out_set, dims, limit)
    elif how == 'optimal':
        path = _optimal(sets, out_set, dims, limit)
    else:
        raise KeyError("Path name %s not found", how)
    costs, scales, sizes, steps = [], [], [], []
    names = terms[:]
    for n, pos in enumerate(path):
        pos = tuple(sorted(pos, reverse=True))
        result, sets, removed, touched = _contract(pos, sets, out_set)
        costs.append(_flops(touched, removed, len(pos), dims))
        scales.append(len(touched))
        sizes.append(_size(result, dims))
        taken = [names.pop(p) for p in pos]
        if n == len(path) - 1:
            name = output
        else:
            name = ''.join(c for _, c in sorted((dims[c], c) for c in result))
        names.append(name)
        steps.append((','.join(taken) + '->' + name, names[:]))
    if len(names) != 1:
        raise RuntimeError("Invalid einsum_path is specified: {} more operands has to be contracted.".format(len(names) - 1))
    opt_cost = sum(costs) + 1
    text = "  Complete contraction:  %s\n" % (inputs + '->' + output)
    text += "         Naive scaling:  %d\n" % len(indices)
    text += "     Optimized scaling:  %d\n" % max(scales)
    text += "      Naive FLOP count:  %.3e\n" % naive_cost
    text += "  Optimized FLOP count:  %.3e\n" % opt_cost
    text += "   Theoretical speedup:  %3.3f\n" % (naive_cost / opt_cost)
    text += "  Largest intermediate:  %.3e elements\n" % max(sizes)
    text += "-" * 74 + "\n"
    text += "%6s %24s %40s\n" % ("scaling", "current", "remaining")
    text += "-" * 74
    for n, (current, remaining) in enumerate(steps):
        text += "\n%4d    %24s %40s" % (scales[n], current, ','.join(remaining) + '->' + output)
    return ['einsum_path'] + path, text
