"""The engine's modules import each other in one direction only (DESIGN.md): no cycles.

Read from the source with ``ast`` (nothing is imported), so a cycle is found even where
Python would tolerate it because of import order or ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, name: str, modules: set[str]) -> set[str]:
    """The engine modules that ``path`` (module ``name``) names in its import statements."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}  # `from . import plaindata`
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in ENGINE.rglob("*.py")}
    return {name: imports_of(path, name, set(paths)) for name, path in paths.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first repeated at the end), or None."""
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> list[str] | None:
        if node in trail:
            return [*trail[trail.index(node):], node]
        if node in done:
            return None
        for target in sorted(graph[node]):
            cycle = visit(target, [*trail, node])
            if cycle:
                return cycle
        done.add(node)
        return None

    return next((cycle for node in sorted(graph) if (cycle := visit(node, []))), None)


def test_the_engine_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "engine.games" in graph and "engine.cards" in graph["engine.tricks"]
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
