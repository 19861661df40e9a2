"""No import circle among the services: every import counts, at the top or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICES = Path(__file__).resolve().parent.parent / "judgeaid" / "services"


def service_imports() -> dict[str, set[str]]:
    """Return, per service module, the service modules it imports."""
    modules = {path.stem for path in SERVICES.glob("*.py")}
    graph = {}
    for path in SERVICES.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names |= {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
        # judgeaid.services.cards.Actor and judgeaid.services.cards both name "cards"
        found = {name.split(".")[2] for name in names if name.startswith("judgeaid.services.")}
        graph[path.stem] = found & modules - {path.stem}
    return graph


def circle_from(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """Return a path of imports from `start` back to itself, if there is one."""
    stack, seen = [(start, [start])], set()
    while stack:
        module, path = stack.pop()
        for imported in sorted(graph[module]):
            if imported == start:
                return [*path, start]
            if imported not in seen:
                seen.add(imported)
                stack.append((imported, [*path, imported]))
    return None


def test_no_service_imports_itself_back():
    graph = service_imports()
    circles = [" -> ".join(c) for m in sorted(graph) if (c := circle_from(m, graph))]
    assert circles == []


def test_the_circle_finder_finds_a_circle():
    assert circle_from("a", {"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle_from("a", {"a": {"b"}, "b": set()}) is None
