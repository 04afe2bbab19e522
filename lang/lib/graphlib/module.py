"""Python's graphlib: TopologicalSorter, which orders the nodes of a graph
so that each comes after its predecessors, and CycleError."""

__all__ = ["TopologicalSorter", "CycleError"]

# A node's count of predecessors not yet done, or one of these once
# get_ready() has passed it out and once done() has been called on it.
_PASSED_OUT = -1
_DONE = -2


class _Node:
    __slots__ = ("node", "waiting", "successors")

    def __init__(self, node):
        self.node = node
        self.waiting = 0
        self.successors = []


class CycleError(ValueError):
    """The graph has a cycle: args[1] lists its nodes, the first repeated
    at the end."""
    pass


class TopologicalSorter:
    """Orders hashable nodes so that each comes after the nodes it depends
    on: graph maps each node to an iterable of its predecessors."""

    def __init__(self, graph=None):
        self._nodes = {}
        self._ready = None
        self._passed_out = 0
        self._finished = 0
        if graph is not None:
            for node, predecessors in graph.items():
                self.add(node, *predecessors)

    def _info(self, node):
        info = self._nodes.get(node)
        if info is None:
            info = self._nodes[node] = _Node(node)
        return info

    def add(self, node, *predecessors):
        """Adds node with the given predecessors (further ones when it was
        added before)."""
        if self._ready is not None:
            raise ValueError("Nodes cannot be added after a call to prepare()")
        info = self._info(node)
        info.waiting += len(predecessors)
        for pred in predecessors:
            self._info(pred).successors.append(node)

    def prepare(self):
        """Ends the graph: a CycleError when it has a cycle."""
        if self._ready is not None:
            raise ValueError("cannot prepare() more than once")
        self._ready = [i.node for i in self._nodes.values() if i.waiting == 0]
        cycle = self._find_cycle()
        if cycle:
            raise CycleError("nodes are in a cycle", cycle)

    def get_ready(self):
        """The tuple of the nodes whose predecessors are all done, not
        given out before."""
        if self._ready is None:
            raise ValueError("prepare() must be called first")
        result = tuple(self._ready)
        for node in result:
            self._nodes[node].waiting = _PASSED_OUT
        self._ready.clear()
        self._passed_out += len(result)
        return result

    def is_active(self):
        """Whether nodes remain to be given out or marked done."""
        if self._ready is None:
            raise ValueError("prepare() must be called first")
        return self._finished < self._passed_out or bool(self._ready)

    def __bool__(self):
        return self.is_active()

    def done(self, *nodes):
        """Marks nodes, given out by get_ready(), as processed: their
        successors may become ready."""
        if self._ready is None:
            raise ValueError("prepare() must be called first")
        for node in nodes:
            info = self._nodes.get(node)
            if info is None:
                raise ValueError(f"node {node!r} was not added using add()")
            if info.waiting != _PASSED_OUT:
                if info.waiting >= 0:
                    raise ValueError(f"node {node!r} was not passed out (still not ready)")
                raise ValueError(f"node {node!r} was already marked done")
            info.waiting = _DONE
            for succ in info.successors:
                succ_info = self._nodes[succ]
                succ_info.waiting -= 1
                if succ_info.waiting == 0:
                    self._ready.append(succ)
            self._finished += 1

    def _find_cycle(self):
        # A depth-first walk along the successors, iterative: a node met
        # again while on the path closes a cycle.
        seen = set()
        for start in self._nodes:
            if start in seen:
                continue
            path = []
            where = {}
            nexts = []
            node = start
            while True:
                if node in seen:
                    if node in where:
                        return path[where[node]:] + [node]
                else:
                    seen.add(node)
                    nexts.append(iter(self._nodes[node].successors))
                    where[node] = len(path)
                    path.append(node)
                found = False
                while path:
                    node = next(nexts[-1], _DONE_MARK)
                    if node is not _DONE_MARK:
                        found = True
                        break
                    del where[path.pop()]
                    nexts.pop()
                if not found:
                    break
        return None

    def static_order(self):
        """An iterator over the nodes in an order that puts each after
        its predecessors."""
        self.prepare()
        while self.is_active():
            group = self.get_ready()
            yield from group
            self.done(*group)


_DONE_MARK = object()
