"""The import contract (GUIDE: layers): the bottom layer (`base`) imports no other part of
Consul; the rules engine and the content never import the TUI, textual, the session or the
server; the session never imports the TUI; within the engine, the model (setup, state,
actions) imports no handler, view or engine module and the handlers never import the engine
that calls them; no two modules import each other, directly or round a circle.

Read from the source (every `import` and `from ... import`, also those inside functions,
where the lazy imports are; not those under `if TYPE_CHECKING:`, which never run), so that a
new import that breaks a layer fails here before it ever runs."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import consul_app

ROOT = Path(consul_app.__file__).parent
PACKAGE = "consul_app"

LAYERS = ("base", "content", "rules", "session", "sde", "md2", "serve", "tui", "commands")
"""The packages under consul_app."""

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "consul_app.base": ("textual", *(f"consul_app.{p}" for p in LAYERS if p != "base")),
    "consul_app.rules": ("textual", "consul_app.tui", "consul_app.session", "consul_app.serve"),
    "consul_app.content": ("textual", "consul_app.tui", "consul_app.session", "consul_app.serve"),
    "consul_app.session": ("textual", "consul_app.tui"),
    "consul_app.rules.model": (
        "consul_app.rules.handlers",
        "consul_app.rules.views",
        "consul_app.rules.engine",
        "consul_app.rules.game",
        "consul_app.rules.confirm",
    ),
    "consul_app.rules.handlers": (
        "consul_app.rules.engine",
        "consul_app.rules.game",
        "consul_app.rules.confirm",
    ),
}
"""Layer (a package) -> what no module in it may import."""

KNOWN_CIRCLES: list[set[str]] = []


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    return ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """The names of the modules `tree` imports (run-time imports only)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from _imports(child, module, is_package)
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module if is_package else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield sub if sub in MODULES else base
        else:
            yield from _imports(node, module, is_package)


@cache
def _graph() -> dict[str, set[str]]:
    """Who imports whom: read when a test asks (not at collection, in every xdist worker:
    a second and a half of CPU each)."""
    graph = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = set(_imports(tree, module, path.name == "__init__.py"))
        graph[module] = {n for n in names if n != module}
    return graph


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


@pytest.mark.parametrize("layer", list(FORBIDDEN))
def test_a_layer_never_imports_the_layers_above_it(layer: str) -> None:
    broken = sorted(
        f"{module} imports {name}"
        for module, names in _graph().items()
        if _within(module, layer)
        for name in names
        for forbidden in FORBIDDEN[layer]
        if _within(name, forbidden)
    )
    assert broken == []


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in graph:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_module_is_in_a_layer() -> None:
    """No loose modules at the package's root: each is in the layer it belongs to."""
    loose = [m for m in MODULES if m.count(".") == 1 and m.split(".")[1] not in LAYERS]
    assert sorted(loose) == ["consul_app.__main__"]


def test_no_modules_import_each_other() -> None:
    circles = [sorted(c) for c in _circles(_graph()) if c not in KNOWN_CIRCLES]
    assert circles == []


def test_the_contract_sees_a_circle_and_a_broken_layer() -> None:
    """The checks above would see what they look for."""
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    tree = ast.parse("def f():\n    from consul_app.tui import app\n")
    assert "consul_app.tui.app" in set(_imports(tree, "consul_app.rules.x", False))
