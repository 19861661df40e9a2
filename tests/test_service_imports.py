"""The arrows between judgeaid's modules: no import circle, and the web leans on the services.

Every import counts, at the top or inside a function. A circle is reported as the path of
imports that closes it ("judgeaid.a -> judgeaid.b -> judgeaid.a"). A blueprint's schemas
(judgeaid/<blueprint>/schemas.py) belong to its views: the typed inputs a service takes live
with the services (judgeaid/services/*_inputs.py), so no service imports a blueprint's schemas.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "judgeaid"


def module_name(path: Path) -> str:
    """Return the dotted name of a module file of the package ("judgeaid.services.cards")."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Return every module of the package by its dotted name."""
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Return the package's modules that this module imports, anywhere in it.

    `from judgeaid.services import cards` names the module judgeaid.services.cards;
    `from judgeaid.services.cards import Actor` names judgeaid.services.cards.
    """
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target:
                    found.add(target)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, from this module's package
                package = name.split(".")
                if path.name != "__init__.py":
                    package = package[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.add(f"{base}.{alias.name}")
                elif base in known:
                    found.add(base)
    return found - {name}


def import_graph() -> dict[str, set[str]]:
    """Return, per module of the package, the modules of the package it imports."""
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def circle_from(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """Return a path of imports from `start` back to itself, if there is one."""
    stack, seen = [(start, [start])], set()
    while stack:
        module, path = stack.pop()
        for imported_module in sorted(graph[module]):
            if imported_module == start:
                return [*path, start]
            if imported_module not in seen:
                seen.add(imported_module)
                stack.append((imported_module, [*path, imported_module]))
    return None


def circles(graph: dict[str, set[str]]) -> list[str]:
    """Return each import circle once, as the path of imports that closes it."""
    found, reported = [], set()
    for module in sorted(graph):
        circle = circle_from(module, graph)
        if circle and frozenset(circle) not in reported:
            reported.add(frozenset(circle))
            found.append(" -> ".join(circle))
    return found


def test_no_module_imports_itself_back():
    assert circles(import_graph()) == []


def test_no_service_imports_itself_back():
    graph = import_graph()
    services = {m: {i for i in graph[m] if i.startswith("judgeaid.services.")}
                for m in graph if m.startswith("judgeaid.services.")}
    assert circles(services) == []


def test_no_service_imports_a_blueprints_schemas():
    graph = import_graph()
    schemas = {module_name(path) for path in PACKAGE.glob("*/schemas.py")}
    assert "judgeaid.cards.schemas" in schemas  # the blueprints are found
    wrong = {service: sorted(graph[service] & schemas) for service in sorted(graph)
             if service.startswith("judgeaid.services.") and graph[service] & schemas}
    assert wrong == {}


def test_the_circle_finder_finds_a_circle():
    assert circle_from("a", {"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle_from("a", {"a": {"b"}, "b": set()}) is None
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == ["a -> b -> a"]


def test_the_graph_reads_every_kind_of_import():
    graph = import_graph()
    # from judgeaid.services import cards (a module) and from judgeaid.services.cards import
    # Actor (a name in a module) both name the module
    assert "judgeaid.services.cards" in graph["judgeaid.cards.views"]
    assert "judgeaid.services.card_views" in graph["judgeaid.cards.views"]
    # an import inside a function counts too: the app factory imports the blueprints there
    assert "judgeaid.cards.views" in graph["judgeaid"]
