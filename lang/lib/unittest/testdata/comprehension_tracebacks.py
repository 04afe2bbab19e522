"""Tracebacks through list, set and dict comprehensions and generator
expressions: each has a frame of its own (<listcomp>, <setcomp>,
<dictcomp>, <genexpr>) below the one that evaluated it, whose first
iterable is evaluated, and iter() called on it, outside; the loop's own
errors point at the whole comprehension, as CPython 3.11's do."""
import sys
import traceback

xs = [1, 0]


def h(y):
    return 1 // y


def gen():
    yield 1
    raise ValueError("g")


class Body:
    def fails():
        class C:
            z = [1 // y for y in xs]


def recurse(n):
    return [recurse(n - 1) for _ in [0]] if n else 1 // n


cases = [
    lambda: [1 // x for x in xs],
    lambda: {1 // x for x in xs},
    lambda: {x: 1 // x for x in xs},
    lambda: {x: [1 // y for y in x] for x in [(1,), (0,)]},
    lambda: {[x]: 1 for x in xs},
    lambda: {x for x in [[1]]},
    lambda: [h(x) for x in xs],
    lambda: [(lambda: 1 // x)() for x in xs],
    lambda: [sum(1 // y for y in [x]) for x in xs],
    lambda: sum([1 // y for y in [x]][0] for x in xs),
    lambda: [x for x in 5],
    lambda: [x for x in h(0)],
    lambda: [x for x in gen()],
    lambda: [y for x in xs for y in x],
    lambda: [x for x in xs if 1 // x],
    lambda: [a for a, b in xs],
    lambda: [[y for y in [1 // x]] for x in xs],
    lambda: [x for x in [1 // y for y in xs]],
    lambda: recurse(2),
    lambda: [next(g) for g in [gen()] for _ in range(3)],
    lambda: {k: 1 // v for k, v in {"a": 1, "b": 0}.items()},
    lambda: [x for x in None],
    lambda: [int(s) for s in ["1", "a"]],
    lambda: [x for x in [1] for y in 5],
    lambda: sum(x for x in gen()),
    lambda: list(x for x in 5),
    lambda: list(y for x in [1] for y in x),
    Body.fails,
]

for case in cases:
    try:
        case()
    except Exception:
        traceback.print_exc(file=sys.stdout)

try:
    [1 // x for x in xs]
except ZeroDivisionError:
    traceback.print_exc(file=sys.stdout)
