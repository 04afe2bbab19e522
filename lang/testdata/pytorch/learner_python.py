# The Python a learner writes around a training script, as CPython prints it:
# typing checks, sorting with keys, dicts and comprehensions, string methods,
# slicing, math, time, f-strings, random and small classes.
import math
import random
import time
import typing
from typing import List, Dict, Optional, Tuple

# Isinstance with typing forms.
print(isinstance([], typing.List), isinstance({}, Dict), isinstance((1,), Tuple), isinstance([], list))

# Sorted, max and min with key functions (str.lower unbound).
words = ["banana", "Apple", "cherry", "date"]
print(sorted(words, key=str.lower))
print(sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: (len(w), w)))
print(max(words, key=len), min(words, key=lambda s: s[-1]))

# Counting with dict.get, dict comprehensions, dict(zip(...)), enumerate.
counts = {}
for ch in "hello world":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print({k: v for k, v in sorted(counts.items(), key=lambda kv: -kv[1]) if v > 1})
print(dict(zip("abc", range(3))))
print(list(enumerate("xyz", start=1)))

# String methods.
s = "  Hello, World!  "
print(s.strip(), s.lstrip(), s.rstrip(), s.lower(), s.upper())
print(s.strip().split(", "), "-".join(["a", "b", "c"]))
print(s.replace("l", "L", 2), s.count("l"), s.find("W"), s.strip().startswith("Hell"), s.endswith("  "))
print("abc".title(), "a b c".split(), "x".center(5, "*"), "7".zfill(3), "ab".ljust(4) + "|", "ab".rjust(4))
print("Hello".isalpha(), "123".isdigit(), "  ".isspace(), "abc".capitalize(), "aBc".swapcase())
print("a,b,,c".split(","), "line1\nline2".splitlines(), "key=val=x".partition("="), "a.b.c".rsplit(".", 1))

# The math module.
print(math.sqrt(2), math.pi, math.exp(1), math.log(10), math.log(8, 2), math.floor(2.7), math.ceil(2.1))
print(math.isclose(0.1 + 0.2, 0.3), math.fsum([0.1] * 10), math.prod([1, 2, 3, 4]), math.gcd(12, 18))
print(math.inf > 1e308, math.isfinite(1.0), math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
print(math.comb(5, 2), math.factorial(5), math.pow(2, 10), math.trunc(-2.5), math.copysign(1, -0.0))

# Timing a training loop with f-strings.
start = time.time()
losses = []
for epoch in range(3):
    loss = 1.0 / (epoch + 1)
    losses.append(loss)
    print(f"epoch {epoch + 1:2d} | loss {loss:.4f} | {'best' if loss == min(losses) else ''}")
elapsed = time.time() - start
print(f"done in {elapsed:.0f}s" if elapsed < 1 else "slow")

# Enumerate, zip, generator expressions, map, filter.
names = ["a", "b", "c"]
scores = [3, 1, 2]
for i, (n, s) in enumerate(zip(names, scores)):
    print(i, n, s)
print(list(zip(*[(1, 2), (3, 4)])))
print(sum(s for s in scores if s > 1), any(s > 2 for s in scores), all(scores))
print(list(map(str, scores)), list(filter(lambda x: x % 2, scores)))
print(list(reversed(names)), sorted(zip(scores, names)))

# Format specs, str.format and %.
x = 3.14159
print(f"{x:.2f} {x:8.3f}| {x:<8.1f}| {x:e} {x:.2e} {1234567:,} {0.25:.1%} {42:05d} {255:x} {255:#x} {5:b}")
print(f"{'left':<10}|{'right':>10}|{'mid':^9}|")
name = "kael"
print(f"{name!r} {name.upper()} {len(name)=}")
print("{} + {} = {}".format(1, 2, 3), "{0}{1}{0}".format("a", "b"), "{name}".format(name="n"))
print("%d items at %.2f each, %s" % (3, 1.5, "ok"), "%5s|%-5s|" % ("a", "b"))

# The random module (CPython's values for the same seed).
random.seed(0)
print(random.random(), random.randint(1, 10), random.choice([1, 2, 3]))
xs = [1, 2, 3, 4, 5]
random.shuffle(xs)
print(xs, random.uniform(0, 1), random.sample(range(10), 3))

# A small class with __repr__ and __eq__.
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def __eq__(self, o):
        return (self.x, self.y) == (o.x, o.y)
ps = [Point(2, 1), Point(1, 2)]
print(sorted(ps, key=lambda p: p.x), Point(1, 2) == ps[1], str(ps[0]))

# Numbers: round, divmod, pow, int and float conversions.
nums = [3, 1, 4, 1, 5, 9, 2, 6]
print(len(nums), sum(nums) / len(nums), max(nums), min(nums), sorted(set(nums)))
print(round(3.14159, 2), round(2.5), round(3.5), divmod(17, 5), abs(-3), pow(2, 10, 1000))
print(int("42"), float("3.5"), str(3), bool(""), int(3.9), int("ff", 16), hex(255), bin(5), oct(8))
print(list(range(0, 10, 3)), [x ** 2 for x in range(5)], [[i * j for j in range(3)] for i in range(3)])

# String slicing and str/repr of floats.
s = "The quick brown fox"
words = s.split()
print([w[::-1] for w in words], [w for w in words if len(w) > 3], s[4:9], s[-3:])
print(s.index("quick"), s.lower().count("o"), ord("a"), chr(98), "abc" * 2, "b" in "abc")
print(str(1.0), str(1e20), str(1e-5), repr(0.1), 1/3, 2/3, 10/2, 7//2, -7//2, 7 % 3, -7 % 3)

# List and tuple methods.
xs = [5, 3, 8]
xs.sort()
print(xs, xs.pop(), xs, xs.count(3))
xs.extend([1, 1]); xs.insert(0, 9); xs.remove(1)
print(xs, xs.copy() == xs, xs * 2, [0] * 3)
t = (1, 2, 3)
print(t.index(2), t.count(1), t + (4,), len(t), t[1:])
