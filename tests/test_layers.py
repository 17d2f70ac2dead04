"""The package's layers point one way: every module has its layer (the engine, the bots, whole
games, drawing, teaching, the site, widgets, the command), imports only its own and those below,
no import cycles; the engine stands alone, and only the modules of an extra import its packages.

Every ``import`` counts, also those inside functions, except inside the ``_repr_*`` display
hooks (python-chess's way: an engine object draws itself by importing the drawing lazily).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "kamplib"

# Every module of kamplib in its layer, lowest first: a module imports only its own layer and
# those below it.  A new module is placed here (test_every_module_has_a_layer).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    # the engine: stdlib only, and nothing of the layers above it
    ("engine", frozenset({
        "kamplib", "kamplib.cards", "kamplib.i18n", "kamplib.errors", "kamplib.glyphs",
        "kamplib.kinds", "kamplib.rules", "kamplib.seating", "kamplib.moves", "kamplib.deal",
        "kamplib.round", "kamplib.tricks", "kamplib.fantan", "kamplib.scoring",
        "kamplib.standings", "kamplib.game", "kamplib.view", "kamplib.record",
        "kamplib.text_table", "kamplib.data", "kamplib.data.puzzles"})),
    # bots that never peek: they read a player's view, and nothing above the engine
    ("bots", frozenset({
        "kamplib.bots", "kamplib.bots.base", "kamplib.bots.contrast", "kamplib.bots.explain",
        "kamplib.bots.heuristic", "kamplib.bots.inference", "kamplib.bots.measured",
        "kamplib.bots.random_bot", "kamplib.bots.search", "kamplib.bots.situation",
        "kamplib.bots.solver", "kamplib.bots.texts"})),
    # what plays and judges whole games: the one autoplay loop, the coach, score sheets,
    # simulations and tournaments
    ("games", frozenset({
        "kamplib.autoplay", "kamplib.hints", "kamplib.jobs", "kamplib.simulate",
        "kamplib.tournament",
        "kamplib.sheet", "kamplib.sheet.cells", "kamplib.sheet.csvfile", "kamplib.sheet.frames",
        "kamplib.sheet.judge", "kamplib.sheet.model", "kamplib.sheet.reach",
        "kamplib.sheet.texts", "kamplib.sheet.verdict"})),
    # drawing: SVG and HTML of cards, tables, sheets, charts
    ("draw", frozenset({
        "kamplib.draw", "kamplib.draw.cards", "kamplib.draw.charts", "kamplib.draw.display",
        "kamplib.draw.download", "kamplib.draw.learner", "kamplib.draw.overview",
        "kamplib.draw.sheet", "kamplib.draw.table", "kamplib.draw.tables",
        "kamplib.draw.texts"})),
    # the teaching layer in plain Python, and the printout
    ("teach", frozenset({
        "kamplib.teach", "kamplib.teach.choices", "kamplib.teach.drills",
        "kamplib.teach.examples", "kamplib.teach.explore", "kamplib.teach.files",
        "kamplib.teach.house_rules", "kamplib.teach.mistakes", "kamplib.teach.narration",
        "kamplib.teach.notes", "kamplib.teach.progress", "kamplib.teach.puzzles",
        "kamplib.teach.rating", "kamplib.teach.review", "kamplib.teach.rule_lines",
        "kamplib.teach.scorebook", "kamplib.teach.scoresheet", "kamplib.teach.session",
        "kamplib.teach.store", "kamplib.teach.summary", "kamplib.teach.tables",
        "kamplib.teach.texts", "kamplib.teach.trainer", "kamplib.teach.walk",
        "kamplib.printable"})),
    # the site: its pages and links, and what a page needs from the Voilà kernel or the
    # browser it runs in
    ("site", frozenset({
        "kamplib.site", "kamplib.site.background", "kamplib.site.browser",
        "kamplib.site.front", "kamplib.site.map", "kamplib.site.pages",
        "kamplib.site.practice", "kamplib.site.query"})),
    # thin ipywidgets: layout and event binding
    ("widgets", frozenset({
        "kamplib.widgets", "kamplib.widgets.base", "kamplib.widgets.drill",
        "kamplib.widgets.explore", "kamplib.widgets.learner", "kamplib.widgets.memory",
        "kamplib.widgets.play", "kamplib.widgets.puzzles",
        "kamplib.widgets.rules_picker", "kamplib.widgets.scorebook", "kamplib.widgets.sheet",
        "kamplib.widgets.site", "kamplib.widgets.style", "kamplib.widgets.texts",
        "kamplib.widgets.walkthrough"})),
    # the command line
    ("command", frozenset({"kamplib.cli", "kamplib.__main__"})),
)
ENGINE = LAYERS[0][1]
# Packages of extras and of the places kamplib runs in, and the only modules that may import
# them (also inside a function): the core installs nothing besides Python.
FOREIGN = {
    "pandas": {"kamplib.sheet.frames", "kamplib.simulate"},
    "tqdm": {"kamplib.simulate"},
    "ipywidgets": {m for m in LAYERS[6][1] if m not in {"kamplib.widgets.texts"}},
    "ipykernel": {"kamplib.site.query"},  # the Voilà page's kernel
    "tornado": {"kamplib.site.query"},
    "js": {"kamplib.site.background"},  # the browser edition's Python (Pyodide)
    "pyodide": {"kamplib.site.background"},
    "IPython": set(), "matplotlib": set(), "numpy": set(), "traitlets": set(),
}


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


def layer_of(module: str) -> int:
    return next(i for i, (_, members) in enumerate(LAYERS) if module in members)


def test_every_module_has_a_layer() -> None:
    placed = set().union(*(members for _, members in LAYERS))
    assert sorted(set(import_graph()) - placed) == [], "place the new module in LAYERS"
    assert sorted(placed - set(import_graph())) == [], "a module in LAYERS is gone"


@pytest.mark.parametrize("layer", [name for name, _ in LAYERS])
def test_a_layer_imports_only_itself_and_the_layers_below(layer: str) -> None:
    graph = internal_graph()
    level = [name for name, _ in LAYERS].index(layer)
    bad = sorted(f"{module} -> {target}" for module in LAYERS[level][1]
                 for target in graph[module] if layer_of(target) > level)
    assert bad == []


def test_only_the_modules_of_an_extra_import_it() -> None:
    graph = import_graph()
    bad = sorted(f"{module} -> {target}" for module, targets in graph.items()
                 for target in targets if target.split(".")[0] in FOREIGN
                 and module not in FOREIGN[target.split(".")[0]])
    assert bad == []


@pytest.mark.parametrize("module", sorted(ENGINE))
def test_the_engine_imports_nothing_above_it(module: str) -> None:
    graph = import_graph()
    above = {m for _, members in LAYERS[1:] for m in members}
    bad = sorted(t for t in graph[module]
                 if t in above or t.split(".")[0] in FOREIGN)
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


# -- one loop lets bots move: kamplib.autoplay ------------------------------------------------
BOT_MOVES = {"move_in", "round_policy"}  # a bot's (or its tactic's) move, read from a round


def _asks_a_bot(node: ast.Call) -> bool:
    """``bot.choose(view)``: a bot asked through a player's view (another ``choose``, such as
    a page's choice of puzzles, takes no view)."""
    return isinstance(node.func, ast.Attribute) and node.func.attr == "choose" and any(
        (isinstance(a, ast.Name) and "view" in a.id)
        or (isinstance(a, ast.Call) and isinstance(a.func, ast.Name) and a.func.id == "make_view")
        for a in node.args)


def bot_moves(source: str) -> list[int]:
    """Lines that ask a bot (or its tactic) for a move, or pick a random legal move: a loop
    of bot moves beside the one in :mod:`kamplib.autoplay`."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else (
            node.func.id if isinstance(node.func, ast.Name) else "")
        picks_a_legal_move = name == "choice" and any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr == "legal_moves" for a in node.args for n in ast.walk(a))
        if name in BOT_MOVES or picks_a_legal_move or _asks_a_bot(node):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_the_bot_move_detector_finds_each_way_of_moving_a_bot() -> None:
    source = (
        "rnd.play(rng.choice(rnd.legal_moves()))\n"
        "move = bot.choose(view).move\n"
        "g.play(bots[seat].move_in(rnd, seat))\n"
        "rnd.play(round_policy(rnd, rnd.to_move))\n"
        "d = bots[1].choose(make_view(rnd, 1))\n"
        "card = rng.choice(hand)\n"  # a random card of a hand: not a move
        "board.choose(change['new'])\n"  # a page's choice: not a bot
        "autoplay(rnd, make_bots(4, 'random', seed=1), max_moves=8)\n"  # the one loop: fine
    )
    assert bot_moves(source) == [1, 2, 3, 4, 5]


def test_only_autoplay_lets_bots_move() -> None:
    """Outside the bots themselves (their searches play moves ahead) and the autoplay loop, no
    module of kamplib asks a bot for a move."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if module == "kamplib.autoplay" or module.startswith("kamplib.bots"):
            continue
        for line in bot_moves(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    assert found == []
