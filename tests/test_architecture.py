"""The package's layers (docs/architecture.md): each imports only from the layers below it, and
no modules import each other in a circle. The import graph is read from the sources, every
``import`` and ``from … import`` at any depth of a module: a function's late imports and those
under ``if TYPE_CHECKING:`` (a type named for annotations) count like the others, so a module
never names a type of a module above it (the engine's modules below game.py read ``Rules``)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"

LAYERS = [
    ["interpreter.errors", "interpreter.data", "interpreter.cache", "interpreter.lazy", "interpreter.digits"],
    ["interpreter.engine"],
    ["interpreter.language"],
    ["interpreter.players"],
    ["interpreter.authoring", "interpreter.simulation"],
    ["interpreter.envs", "interpreter.lsp", "interpreter.web"],
    ["interpreter"],
]
"""Bottom first. A module may import from its own part (a package of a layer, or one module
of the bottom layer) and from any part of a lower layer; parts of one layer do not import each
other."""


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """(module imported, line) for every import of the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((a.name, node.lineno) for a in node.names if a.name.startswith("interpreter"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("interpreter"):
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in known else target, node.lineno))
    return found


def part_of(name: str) -> tuple[int, str]:
    """The layer (its index) and the part of it a module belongs to."""
    best = None
    for rank, parts in enumerate(LAYERS):
        for part in parts:
            if (name == part or name.startswith(part + ".")) and (best is None or len(part) > len(best[1])):
                best = (rank, part)
    assert best is not None, f"{name} belongs to no layer: add it to LAYERS and docs/architecture.md"
    return best


def graph() -> dict[str, list[tuple[str, int]]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def upward_imports(edges: dict[str, list[tuple[str, int]]]) -> list[str]:
    wrong = []
    for name, targets in edges.items():
        rank, part = part_of(name)
        for target, line in targets:
            their_rank, their_part = part_of(target)
            if their_part != part and their_rank >= rank:
                wrong.append(f"{name}:{line} imports {target} ({their_part} is not below {part})")
    return wrong


def circles(edges: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself), by Tarjan's algorithm."""
    runs = {name: sorted({t for t, _ in targets if t in edges}) for name, targets in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in runs[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in runs[v]:
                found.append(sorted(component))

    for v in sorted(runs):
        if v not in index:
            connect(v)
    return found


def test_no_layer_imports_from_a_layer_above_it_or_beside_it():
    assert upward_imports(graph()) == []


def test_no_modules_import_each_other_in_a_circle():
    assert circles(graph()) == []


def test_no_package_exports_a_name_that_is_one_of_its_modules():
    """A function and a module of one package never share a name: importing the module would
    put it where the function was (``envs.pettingzoo_env`` stopped being callable that way)."""
    clashes = []
    known = modules()
    for name, path in known.items():
        if path.name != "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported = set()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                exported.add(node.name)
            elif isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "__all__":
                exported |= set(ast.literal_eval(node.value))
        clashes += [f"{name}.{export}" for export in sorted(exported) if f"{name}.{export}" in known]
    assert clashes == []


def test_every_module_belongs_to_a_layer():
    for name in modules():
        part_of(name)


def test_the_checks_find_an_upward_import_and_a_circle():
    """The checks themselves, on a made-up graph: the engine importing a player is upward, two
    players importing each other a circle, and an import for annotations closes one too."""
    edges = {
        "interpreter.engine.state": [("interpreter.players.greedy", 3)],
        "interpreter.players.greedy": [("interpreter.players.ismcts", 5)],
        "interpreter.players.ismcts": [("interpreter.players.greedy", 7)],
        "interpreter.engine.game": [("interpreter.engine.match", 9)],
        "interpreter.engine.match": [("interpreter.engine.game", 11)],     # for annotations
        "interpreter.authoring.fmt": [("interpreter.simulation.stats", 13)],
        "interpreter.simulation.stats": [],
    }
    assert upward_imports(edges) == [
        "interpreter.engine.state:3 imports interpreter.players.greedy (interpreter.players is not below "
        "interpreter.engine)",
        "interpreter.authoring.fmt:13 imports interpreter.simulation.stats (interpreter.simulation is not below "
        "interpreter.authoring)"]
    assert circles(edges) == [["interpreter.engine.game", "interpreter.engine.match"],
                              ["interpreter.players.greedy", "interpreter.players.ismcts"]]


@pytest.mark.parametrize("name", ["interpreter.engine", "interpreter.language", "interpreter.players"])
def test_a_lower_layer_imports_nothing_of_the_layers_above(name):
    """Importing a layer in a fresh interpreter loads no module of a layer above it."""
    import subprocess
    import sys

    rank, _ = part_of(name)
    above = [part for parts in LAYERS[rank + 1:-1] for part in parts]
    code = (f"import importlib, pkgutil, sys; import {name} as p\n"
            f"[importlib.import_module(m.name) for m in pkgutil.walk_packages(p.__path__, '{name}.')]\n"
            f"print('\\n'.join(sorted(m for m in sys.modules if m.startswith('interpreter'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=PACKAGE.parent).stdout.split()
    assert [m for m in loaded if any(m == a or m.startswith(a + ".") for a in above)] == []
