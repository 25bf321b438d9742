"""No module of Krook reaches, through its imports, back to itself (docs/ARCHITECTURE.md).

import-linter checks the layers between packages; this checks every module, counting the imports made inside
functions (the lazy ones a layer check may let pass) and those only for type checkers (a module that names
another's type knows it: a Protocol of what it needs says the same without the loop).
"""

from __future__ import annotations

import grimp


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of more than one module (iterative: the graph has a few hundred modules)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    out.append(sorted(part))
    return out


def test_the_finder_sees_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"]]


def test_no_module_cycle_in_krook() -> None:
    built = grimp.build_graph("krook", exclude_type_checking_imports=False)
    graph = {m: set(built.find_modules_directly_imported_by(m)) for m in built.modules}
    assert strongly_connected(graph) == []
