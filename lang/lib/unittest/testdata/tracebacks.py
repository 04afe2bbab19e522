"""traceback's formats of exceptions raised in nested calls, chained, and re-raised."""
import sys
import traceback


def inner(x):
    return 10 / x


def middle(x):
    return inner(x) + 1


def outer():
    values = [1, 2]
    return middle(0) + values[0]


try:
    outer()
except ZeroDivisionError as e:
    traceback.print_exc(file=sys.stdout)
    print(traceback.format_exception_only(e))
    for frame in traceback.extract_tb(e.__traceback__):
        print(frame.name, frame.lineno, frame.line)
    print("".join(traceback.format_tb(e.__traceback__)), end="")
    print(traceback.format_exc(limit=1), end="")
    print(traceback.format_exc(limit=-1), end="")

try:
    try:
        [][3]
    except IndexError as e:
        raise KeyError("while handling") from e
except KeyError as e:
    print("".join(traceback.format_exception(e)), end="")
    print("".join(traceback.format_exception(type(e), e, e.__traceback__, chain=False)), end="")

try:
    try:
        int("x")
    except ValueError:
        {}["nope"]
except KeyError:
    traceback.print_exc(file=sys.stdout)


class Custom(Exception):
    pass


def fails():
    d = {"a": [1]}
    return d["a"][5]


try:
    raise Custom()
except Custom as e:
    print(traceback.format_exception_only(e))
try:
    fails()
except IndexError:
    traceback.print_exc(file=sys.stdout)
print(traceback.format_exc(), end="")


def recurse(n):
    if n == 0:
        raise RecursionError("deep enough")
    return recurse(n - 1)


try:
    recurse(6)
except RecursionError:
    traceback.print_exc(file=sys.stdout)
