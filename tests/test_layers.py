"""The package's layers point one way: no import cycles, and the engine stands alone.

Every ``import`` counts, also those inside functions, except inside the ``_repr_*`` display
hooks (python-chess's way: an engine object draws itself by importing the drawing lazily).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kamplib"

# The engine: stdlib only, and nothing of the layers above it.
ENGINE = {
    "kamplib.cards", "kamplib.i18n", "kamplib.errors", "kamplib.kinds", "kamplib.rules",
    "kamplib.seating", "kamplib.deal", "kamplib.round", "kamplib.tricks", "kamplib.fantan",
    "kamplib.scoring", "kamplib.standings", "kamplib.game", "kamplib.view", "kamplib.record",
    "kamplib.moves",
}
ABOVE_ENGINE = ("kamplib.teach", "kamplib.draw", "kamplib.widgets", "kamplib.course",
                "kamplib.printable", "kamplib.sheet", "kamplib.simulate", "kamplib.bots",
                "kamplib.hints", "kamplib.cli")
FOREIGN = ("pandas", "ipywidgets", "IPython", "matplotlib", "numpy", "tqdm", "traitlets")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """Modules imported anywhere in ``tree`` except inside ``_repr_*`` functions."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name.startswith("_repr_"):
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, module, is_package)
            # "from pkg import sub" depends on the submodule; "from pkg import name" on pkg
            names = [f"{base}.{alias.name}" for alias in node.names]
            submodules = [n for n in names if n in known]
            found.update(submodules)
            if len(submodules) < len(names):
                found.add(base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    parts = parts[: len(parts) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


@functools.cache  # the files do not change during a run: parse them once, not once per test
def import_graph() -> dict[str, set[str]]:
    files = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p): p for p in files}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = _imports(tree, name, path.name == "__init__.py", set(modules))
    return graph


def internal_graph() -> dict[str, set[str]]:
    graph = import_graph()
    known = set(graph)
    out: dict[str, set[str]] = {}
    for name, targets in graph.items():
        edges = set()
        for target in targets:
            if target in known:
                edges.add(target)
        # importing a package runs its __init__: that is an edge too, already included
        edges.discard(name)
        out[name] = edges
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_no_import_cycle_in_kamplib() -> None:
    assert cycles(internal_graph()) == []


@pytest.mark.parametrize("module", sorted(ENGINE))
def test_the_engine_imports_nothing_above_it(module: str) -> None:
    graph = import_graph()
    bad = sorted(t for t in graph[module]
                 if t.startswith(ABOVE_ENGINE) or t.split(".")[0] in FOREIGN)
    assert bad == []


# -- one rule in one place: callers ask the round, they never tell kinds apart by name --------
# What a round answers (kamplib.round.Round): probing for these by name restates the family.
ROUND_QUESTIONS = {"trick", "tricks", "trump", "needs_trump", "leader", "winning", "passes",
                   "laid", "playable", "opening", "layout", "out", "tricks_won", "taken"}


def _is_kind(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "kind") or (
        isinstance(node, ast.Attribute) and node.attr == "kind")


def _is_text(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_text(e) for e in node.elts)
    return isinstance(node, ast.Name) and node.id.endswith("_KINDS")


def kind_comparisons(source: str) -> list[int]:
    """Lines comparing a kind with a kind's name (``kind == "fantan"``, ``rnd.kind in (...)``,
    ``kind in TAKE_KINDS``) or probing a round for what it is (``getattr(rnd, "tricks", ())``,
    ``hasattr(rnd, "trump")``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_kind(o) for o in operands) and any(_is_text(o) for o in operands):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("getattr", "hasattr") and len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and name.value in ROUND_QUESTIONS:
                lines.append(node.lineno)
    return sorted(lines)


def test_the_detector_finds_each_way_of_telling_kinds_apart() -> None:
    source = (
        'a = rnd.kind == "fantan"\n'
        'b = kind != "pass"\n'
        'c = view.kind in ("grand", "trumf")\n'
        'd = sit.kind in TAKE_KINDS\n'
        'e = getattr(rnd, "tricks", ())\n'
        'f = hasattr(rnd, "needs_trump")\n'
        'g = rnd.family is Family.FANTAN\n'  # asking the round: fine
        'h = rnd.kind == other.kind\n'  # the same kind as another round: fine
    )
    assert kind_comparisons(source) == [1, 2, 3, 4, 5, 6]


def test_no_module_outside_the_engine_tells_kinds_apart_by_name() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if module in ENGINE:
            continue
        for line in kind_comparisons(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    assert found == []
