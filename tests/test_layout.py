"""The framework's layout keeps its promises: no import cycles, and each outside library
imported only by the part of the framework that is its boundary.

Imports are read from the source with `ast`, so every import counts: at module level,
inside functions, and under `if TYPE_CHECKING:`. The one exception is a package's
`__init__` importing its own children to re-export them, which cannot close a cycle
by itself. (Written here rather than with import-linter: the rule is these twenty
lines, and a library would add a dependency and a config language to say them.)
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "aoc2023"
FRAMEWORK = PACKAGE / "framework"


@pytest.fixture(autouse=True, scope="module")
def _parsed_while_this_module_runs() -> Iterator[None]:
    """The parsed trees (`nodes`, `_imports`) are kept while this module's tests run, and
    let go after them: hundreds of thousands of nodes left alive for the session would
    make every later full garbage collection in this process (one before each bench's
    timing, for one) many times slower."""
    yield
    nodes.cache_clear()
    _imports.cache_clear()


@cache
def nodes(source: str) -> tuple[ast.AST, ...]:
    """Every node of a source text's tree (`ast.walk`'s order, the module first), parsed
    and walked once while this module runs: the tests here read the same files again and
    again, and ask each several things (reading a file is cheap; a change gives another
    text, so other nodes). Parsing is nearly all these tests' work: nothing else parses."""
    return tuple(ast.walk(ast.parse(source)))


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path: Path, root: Path) -> tuple[str, ...]:
    """Every module `path` imports (`from a import b` names `a.b` when `b` is a module)."""
    package = module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    return _imports(path.read_text(encoding="utf-8"), package)


@cache
def _imports(source: str, package: str) -> tuple[str, ...]:
    """`imported_names` of `source`, a module of `package`: once a session each."""
    return tuple(_each_import(source, package))


def _each_import(source: str, package: str) -> Iterator[str]:
    for node in nodes(source):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module → the modules of the same package it imports, by the rule in the docstring."""
    files = {module_name(path, root): path for path in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        targets = {target for target in imported_names(path, root) if target in files}
        if path.name == "__init__.py":  # re-exporting its own children does not count
            targets = {t for t in targets if not t.startswith(name + ".")}
        graph[name] = targets - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_package_has_no_import_cycles() -> None:
    graph = import_graph(PACKAGE)
    assert "aoc2023.framework.results" in graph and len(graph) > 30
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_check_finds_cycles_through_functions_and_type_checking(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    write(
        root,
        {
            "__init__.py": "from pkg.a import A\n",  # re-exports a child: not a cycle
            "a.py": "A = 1\ndef f() -> None:\n    from pkg import b\n",
            "b.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.c import C\n"
            ),
            "c.py": "from . import a\nC = 1\n",
        },
    )
    assert find_cycle(import_graph(root)) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]
    (root / "c.py").write_text("C = 1\n")
    assert find_cycle(import_graph(root)) is None


def test_the_results_module_is_a_leaf() -> None:
    assert import_graph(PACKAGE)["aoc2023.framework.results"] == set()


def outside_imports(library: str) -> set[str]:
    """The framework modules that import `library` (any of its modules), anywhere."""
    return {
        module_name(path, PACKAGE)
        for path in FRAMEWORK.rglob("*.py")
        if any(
            name == library or name.startswith(library + ".")
            for name in imported_names(path, PACKAGE)
        )
    }


def test_only_the_aocd_boundary_imports_aocd_and_its_http_library() -> None:
    for library in ("aocd", "urllib3", "bs4"):
        importers = outside_imports(library)
        assert importers, library
        assert all(name.startswith("aoc2023.framework.aocd.") for name in importers), importers


def test_only_the_command_line_imports_typer() -> None:
    importers = outside_imports("typer")
    command_line = ("aoc2023.framework.cli", "aoc2023.framework.commands")
    assert importers and all(name.startswith(command_line) for name in importers)


PRIVATE_HOME = FRAMEWORK / "aocd" / "private.py"
_BY_NAME = {"getattr", "setattr", "delattr", "hasattr", "assign"}


def aocd_private_names() -> frozenset[str]:
    """Every `_x` the installed aocd defines: its functions, classes, globals, class
    attributes and what its methods set on `self`. An object aocd made (a Puzzle from the
    client) is not named by an aocd import, so `puzzle._get_prose()` is found by name."""
    from importlib.util import find_spec

    spec = find_spec("aocd")  # found, not imported: only its source is read
    assert spec is not None and spec.origin is not None
    names: set[str] = set()
    for path in Path(spec.origin).parent.rglob("*.py"):
        for node in nodes(path.read_text(encoding="utf-8")):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name | ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.id if isinstance(node, ast.Name) else node.attr)
    return frozenset(name for name in names if name.startswith("_") and not name.startswith("__"))


_IMPORTS_AOCD = re.compile(
    r"^[ \t]*(?:from[ \t]+aocd\b|import[ \t]+(?:.*[, \t])?aocd\b)", re.MULTILINE
)
"""A line that imports aocd itself (`import aocd.models`, `import os, aocd as a`, `from
aocd import runner`), not a module named after it (`from aoc2023.framework.aocd import
...`), whose names lead to no aocd object."""


def _may_reach_aocd(source: str, aocd_own: frozenset[str]) -> bool:
    """Whether `source` can hold a use `private_aocd_uses` finds: it has a line importing
    aocd (`_IMPORTS_AOCD`), or reads one of aocd's own private names as an attribute
    (`._x`). A file with neither (most of the framework and the tests) cannot, and is not
    parsed: parsing is nearly all this check's work."""
    return ("aocd" in source and bool(_IMPORTS_AOCD.search(source))) or any(
        name in source and re.search(rf"\.\s*{re.escape(name)}\b", source) for name in aocd_own
    )


def private_aocd_uses(source: str, aocd_own: frozenset[str] = frozenset()) -> list[str]:
    """Where `source` reaches an aocd name that is not public: `_x` read as an attribute
    of something imported from aocd (`aocd.models.User._token2id`, `runner._load_users`),
    or named in a string to getattr/setattr/monkeypatch.setattr on it; and `._x` on any
    object when `_x` is in `aocd_own` (one of aocd's own private names)."""
    if not _may_reach_aocd(source, aocd_own):
        return []
    walked = nodes(source)
    from_aocd = {
        alias.asname or alias.name.split(".")[0]
        for node in walked
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name.split(".")[0] == "aocd"
    }
    from_aocd |= {
        alias.asname or alias.name
        for node in walked
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "aocd"
        for alias in node.names
    }

    def rooted_in_aocd(node: ast.expr) -> bool:
        while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
            node = node.func if isinstance(node, ast.Call) else node.value
        return isinstance(node, ast.Name) and node.id in from_aocd

    def private(name: str) -> bool:
        return name.startswith("_") and not name.startswith("__")

    found = []
    for node in walked:
        if (
            isinstance(node, ast.Attribute)
            and private(node.attr)
            and (rooted_in_aocd(node.value) or node.attr in aocd_own)
        ):
            found.append(f"line {node.lineno}: .{node.attr}")
        if isinstance(node, ast.Call) and len(node.args) >= 2:
            called = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")
            )
            name = node.args[1]
            if (
                called in _BY_NAME
                and isinstance(name, ast.Constant)
                and isinstance(name.value, str)
                and private(name.value)
                and rooted_in_aocd(node.args[0])
            ):
                found.append(f"line {node.lineno}: {called}(..., {name.value!r})")
    return found


def test_private_aocd_names_are_used_in_one_module_only() -> None:
    """aocd/private.py holds every use of an aocd name that is not public, each with a
    test (test_aocd_private.py); a use anywhere else, framework or tests, fails here."""
    tests = Path(__file__).resolve().parent
    sources = [*FRAMEWORK.rglob("*.py"), *tests.rglob("*.py")]
    own = aocd_private_names()
    assert {"_token2id", "_limiter", "_get_prose", "_load_users"} <= own
    uses = {
        f"{path.name} {use}"
        for path in sources
        if path != PRIVATE_HOME
        for use in private_aocd_uses(path.read_text(encoding="utf-8"), own)
    }
    assert sorted(uses) == []


def test_the_check_finds_private_aocd_names() -> None:
    source = (
        "import aocd.models\nfrom aocd import runner as r\n"
        "aocd.models.User._token2id = None\nx = r._load_users\n"
        "monkeypatch.setattr(aocd.utils.http, '_max_t', 0)\nok = aocd.models.URL\n"
    )
    assert private_aocd_uses(source) == [
        "line 3: ._token2id",
        "line 4: ._load_users",
        "line 5: setattr(..., '_max_t')",
    ]
    # An import inside a function, among other modules, still names aocd for the check.
    assert private_aocd_uses("def f():\n    import os, aocd as a\n    a._owner\n") == [
        "line 3: ._owner"
    ]


def test_the_check_finds_private_names_on_objects_aocd_made() -> None:
    source = "puzzle = client.puzzle(token, 2023, 7)\nhtml = puzzle._get_prose()\nself._mine\n"
    assert private_aocd_uses(source, frozenset({"_get_prose"})) == ["line 2: ._get_prose"]


PYTEST_PRIVATE = re.compile(r"(?<![\w.])_pytest\b")


def test_only_the_pytest_boundary_imports_pytest_s_private_modules() -> None:
    """pytest_private.py holds every use of pytest's private `_pytest` package, each name
    with its test (test_pytest_private.py); an import anywhere else, framework or
    tests, fails here."""
    importers = {
        str(path.relative_to(PACKAGE.parent))
        for root in (PACKAGE, PACKAGE.parent / "tests")
        for path in root.rglob("*.py")
        # Only a file that holds the name `_pytest` (not inside another name, as in
        # test_pytest_plugin) can import it: the others stay unparsed.
        if PYTEST_PRIVATE.search(path.read_text(encoding="utf-8"))
        and any(
            name == "_pytest" or name.startswith("_pytest.") for name in imported_names(path, root)
        )
    }
    assert importers == {"aoc2023/framework/pytest_private.py"}


LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # (what the layer is, the modules and packages in it: each a child of aoc2023.framework)
    (
        "the day's API, plain data and the leaves",
        (
            "__init__",
            "results",
            "errors",
            "solution",
            "answers",
            "files",
            "calendar",
            "project",
            "launcher",
            "output",
            "store",
            "runtimes",
            "pytest_private",
            "aocd",
        ),
    ),
    ("finding days and their inputs", ("registry", "inputs")),
    (
        "running and sending",
        (
            "runner",
            "timeouts",
            "instruments",
            "submit",
            "verdict",
            "watch",
            "testing",
            "pytest_plugin",
            "plugin",
        ),
    ),
    ("benching", ("bench",)),
    ("the commands and the command line", ("commands", "cli", "script_guard")),
)
"""The framework's layers, lowest first: a module imports from its own layer or lower,
never higher, at module level or inside a function. Each entry is a module or a whole
package directly under the framework, so a package's name tells its layer: no module is
placed apart from its package. The aocd boundary (`aocd/`) is with the leaves: it imports
only them, and store.py builds on its folders."""


def layer_of(module: str) -> int:
    """The index in LAYERS of `module` (dotted, under aoc2023.framework): that of the
    framework's child it is, or is in."""
    name = module.removeprefix("aoc2023.framework").lstrip(".").split(".")[0] or "__init__"
    found = [index for index, (_, children) in enumerate(LAYERS) if name in children]
    assert found, f"aoc2023.framework.{name} has no layer in test_layout.LAYERS"
    return found[0]


def test_the_layers_are_a_few_and_name_each_child_of_the_framework_once() -> None:
    listed = [child for _, children in LAYERS for child in children]
    children = {
        path.stem if path.is_file() else path.name
        for path in FRAMEWORK.iterdir()
        if (path.suffix == ".py" or (path / "__init__.py").exists())
    }
    assert len(LAYERS) <= 5
    assert sorted(listed) == sorted(children), "each child of the framework, once"
    assert all("." not in child for child in listed)


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Each import of `graph` from a framework module to one of a higher layer."""
    framework = {name for name in graph if name.startswith("aoc2023.framework")}
    return [
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for module in sorted(framework)
        for target in sorted(graph[module] & framework)
        if layer_of(target) > layer_of(module)
    ]


def test_imports_go_down_the_layers_never_up() -> None:
    assert upward_imports(import_graph(PACKAGE)) == []


def test_the_layer_check_finds_an_import_upward(tmp_path: Path) -> None:
    assert layer_of("aoc2023.framework.runner") > layer_of("aoc2023.framework.registry")
    assert layer_of("aoc2023.framework.plugin") == layer_of("aoc2023.framework.submit")
    assert layer_of("aoc2023.framework.aocd.sent") == layer_of("aoc2023.framework")
    root = tmp_path / "aoc2023"
    write(
        root,
        {
            "__init__.py": "",
            "framework/__init__.py": "",
            "framework/registry.py": "def f():\n    from aoc2023.framework import cli\n",
            "framework/cli/__init__.py": "",
        },
    )
    assert upward_imports(import_graph(root)) == [
        "aoc2023.framework.registry (finding days and their inputs) imports "
        "aoc2023.framework.cli (the commands and the command line)"
    ]


STORE = FRAMEWORK / "store.py"
AOCD_OWN_FILES = frozenset({"token2id.json", "tokens.json", "{}_post.json", "examples.json"})
"""Files that aocd (or its example parser) keeps, which the boundary names by their
own names: not ours, so not the store's."""


def strings(source: str) -> Iterator[tuple[int, str, bool]]:
    """Each string of `source` but its docstrings, an f-string with `{}` for its fields:
    (line, text, whether it is joined into a path: the right of `/`, or an argument of
    `Path`, `joinpath` or `with_name`). A `help=` text is for people, and left out."""
    walked = nodes(source)
    left_out: set[int] = set()
    joined: set[int] = set()
    for node in walked:
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            left_out |= {id(stmt.value) for stmt in node.body if isinstance(stmt, ast.Expr)}
        elif isinstance(node, ast.JoinedStr):
            left_out |= {id(value) for value in node.values}
        elif isinstance(node, ast.keyword) and node.arg == "help":
            left_out.add(id(node.value))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            joined.add(id(node.right))
        elif isinstance(node, ast.Call) and (
            getattr(node.func, "id", None) == "Path"
            or getattr(node.func, "attr", None) in {"joinpath", "with_name"}
        ):
            joined |= {id(argument) for argument in node.args}
    for node in walked:
        if id(node) in left_out:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                str(value.value) if isinstance(value, ast.Constant) else "{}"
                for value in node.values
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        yield node.lineno, text, id(node) in joined


def store_names() -> set[str]:
    """The names of the files the store keeps, as its strings write them, each cut at its
    fields into the pieces long enough to be a name of ours (`aoc-days.json`,
    `_leaderboard_`, `history.json`...)."""
    names = {
        text
        for _, text, _ in strings(STORE.read_text(encoding="utf-8"))
        if text.endswith((".json", ".txt", ".lock")) or text.startswith((".aoc-", "aoc-"))
    }
    return {piece for name in names for piece in name.split("{}") if len(piece) >= 7}


def names_of_files(source: str, ours: set[str]) -> list[str]:
    """Where `source` names a file of the store's (a string holding one of `ours`), or
    joins into a path a name that is a file the store should keep: a `.json` or `.lock`
    file, or a name that starts as ours do (`aoc-`, `.aoc-`) and is not aocd's own."""
    found = []
    for line, text, joined in strings(source):
        new_file = (
            joined
            and text not in AOCD_OWN_FILES
            and (text.endswith((".json", ".lock")) or text.startswith(("aoc-", ".aoc-")))
        )
        if new_file or any(name in text for name in ours):
            found.append(f"line {line}: {text!r}")
    return found


def test_only_the_store_names_the_files_aoc_keeps_and_locks_them() -> None:
    """store.py names every file aoc keeps and takes every lock: a module that built such a
    path, or took a FileLock, of its own would keep a second copy of where the file is."""
    assert outside_imports("filelock") == {"aoc2023.framework.store"}
    ours = store_names()
    assert {"aoc-attempts.json", "_leaderboard_", "history.json", ".aoc-locks"} <= ours
    named = {
        f"{path.relative_to(FRAMEWORK)} {use}"
        for path in FRAMEWORK.rglob("*.py")
        if path != STORE
        for use in names_of_files(path.read_text(encoding="utf-8"), ours)
    }
    assert sorted(named) == []


def test_the_check_finds_a_file_of_ours_named_outside_the_store() -> None:
    source = (
        '"""Kept in aoc-days.json."""\n'
        'path = paths.data_dir() / "aoc-days.json"\n'
        'board = folder / f"{year}_leaderboard_{board_id}.json"\n'
        'new = paths.config_dir().joinpath("aoc-view-key")\n'
        'record = Path(root, f"{year}_runtimes.json")\n'
        'memo = paths.config_dir() / "token2id.json"\n'
        'url = f"/{year}/leaderboard/private/view/{board_id}.json"\n'
        'option = typer.Option(help="Save to benchmarks/history.json.")\n'
    )
    assert names_of_files(source, {"aoc-days.json", "_leaderboard_", "history.json"}) == [
        "line 2: 'aoc-days.json'",
        "line 3: '{}_leaderboard_{}.json'",
        "line 4: 'aoc-view-key'",
        "line 5: '{}_runtimes.json'",
    ]


FILES = FRAMEWORK / "files.py"
WRITERS = {
    "write_text",
    "write_bytes",
    "mkstemp",
    "NamedTemporaryFile",
    "replace",
    "rename",
    "savefig",
    "open",
    "touch",
}
"""Calls that write a file, or make one: outside files.py, each is one of WRITES_ALLOWED."""
WRITES_ALLOWED = {
    "output.py open": "reopens a file descriptor (stdout) as a stream",
    "commands/json_output.py open": "writes the JSON document to the saved stdout descriptor",
    "commands/stats.py savefig": "draws a PNG into memory, written by write_atomically",
    "bench/outputs.py savefig": "draws a chart into memory, written by write_atomically",
}


def writes_of_files(source: str) -> list[str]:
    """The calls in `source` that write or make a file (WRITERS; `open` only with a mode
    that writes, `replace` and `rename` only of `os`), as `NAME line N`."""
    found: list[tuple[int, str]] = []
    for node in nodes(source):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in WRITERS:
            continue
        if name in ("replace", "rename") and not (
            isinstance(func, ast.Attribute) and getattr(func.value, "id", None) == "os"
        ):
            continue  # str.replace, Path.replace of a string...
        if name == "open":
            modes = [arg.value for arg in node.args[1:2] if isinstance(arg, ast.Constant)]
            modes += [
                kw.value.value
                for kw in node.keywords
                if kw.arg == "mode" and isinstance(kw.value, ast.Constant)
            ]
            if not any(isinstance(mode, str) and set(mode) & set("wax+") for mode in modes):
                continue
        found.append((node.lineno, f"{name} line {node.lineno}"))
    return [use for _, use in sorted(found)]


def test_every_file_is_written_one_way() -> None:
    """files.write_atomically is the one way aoc writes a file (whole or not at all, a
    failure one sentence naming it): no other framework module writes one itself."""
    found = sorted(
        f"{path.relative_to(FRAMEWORK)} {write}"
        for path in FRAMEWORK.rglob("*.py")
        if path != FILES
        for write in writes_of_files(path.read_text(encoding="utf-8"))
    )
    allowed = {use for use in found if use.rsplit(" line ", 1)[0] in WRITES_ALLOWED}
    assert sorted(set(found) - allowed) == []
    assert {use.rsplit(" line ", 1)[0] for use in allowed} == set(WRITES_ALLOWED)


def test_the_check_finds_a_file_written_another_way() -> None:
    source = (
        "path.write_text(text)\n"
        'with open(path, "w") as out: pass\n'
        "with open(path) as read: pass\n"
        "os.replace(temporary, path)\n"
        'name = text.replace("a", "b")\n'
        "figure.savefig(path)\n"
    )
    assert writes_of_files(source) == [
        "write_text line 1",
        "open line 2",
        "replace line 4",
        "savefig line 6",
    ]


TYPER_COMMAND = "typer passes a command's parameters by name; their order is its help's"
BOOLS_PASSED_BY_POSITION = {
    **dict.fromkeys(
        [
            "commands.bench.bench",
            "commands.leaderboard.leaderboard",
            "commands.list.list_days",
            "commands.new.new",
            "commands.read.examples",
            "commands.read.read",
            "commands.run.run",
            "commands.stats.stats",
            "commands.token.token",
        ],
        TYPER_COMMAND,
    ),
    "cli._commands": TYPER_COMMAND + " (the app's callback: `aoc --version`)",
    "commands.options.show_version": "typer calls an option's callback= with its value",
}
"""The functions that may take a bool by position, each with why: a library calls them."""
NOT_YET: set[str] = set()
"""Bools still taken by position, in modules being rewritten now: to do (issue 45), then
taken out of this set. An entry that takes none any more may stay until then."""


def _bool_aliases(sources: Iterable[str]) -> set[str]:
    """The names modules give to a bool annotation (`AsJson = Annotated[bool, ...]`)."""
    return {
        target.id
        for source in sources
        for statement in nodes(source)
        if isinstance(statement, ast.Assign) and _is_bool(statement.value, set())
        for target in statement.targets
        if isinstance(target, ast.Name)
    }


def _is_bool(annotation: ast.expr | None, aliases: set[str]) -> bool:
    """`bool`, `bool | None`, `Optional[bool]`, `Annotated[bool, ...]` or an alias."""
    if isinstance(annotation, ast.Name):
        return annotation.id == "bool" or annotation.id in aliases
    if isinstance(annotation, ast.Subscript) and getattr(annotation.value, "id", None) in (
        "Annotated",
        "Optional",
    ):
        inner = annotation.slice
        return _is_bool(inner.elts[0] if isinstance(inner, ast.Tuple) else inner, aliases)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = (annotation.left, annotation.right)
        return any(_is_bool(side, aliases) for side in sides) and all(
            _is_bool(side, aliases) or (isinstance(side, ast.Constant) and side.value is None)
            for side in sides
        )
    return False


def bools_by_position(source: str, module: str, aliases: set[str]) -> dict[str, list[str]]:
    """Each function of `source` (as `module.Class.name`, `...<locals>.name` inside one)
    that can be given a bool by position → those parameters. A dunder method is left out
    (Python fixes its signature) but for `__init__` and `__new__`, which the class's call
    takes; so is a pytest hook (`pytest_...`: pytest passes its arguments by name)."""
    found: dict[str, list[str]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name, arguments = child.name, child.args
                dunder = name.startswith("__") and name.endswith("__")
                passed = [
                    *arguments.posonlyargs,
                    *arguments.args,
                    *([arguments.vararg] if arguments.vararg else []),
                ]
                bools = [
                    argument.arg for argument in passed if _is_bool(argument.annotation, aliases)
                ]
                if (
                    bools
                    and not (dunder and name not in ("__init__", "__new__"))
                    and not name.startswith("pytest_")
                ):
                    found[f"{prefix}{name}"] = bools
                visit(child, f"{prefix}{name}.<locals>.")
            else:
                visit(child, prefix)

    visit(nodes(source)[0], f"{module}." if module else "")
    return found


def test_framework_functions_take_their_bools_by_keyword() -> None:
    """`render(report, verbose=True)`, never `render(report, True)`: a bool a function
    takes comes after `*` (issue 45), but where a library calls the function."""
    sources = {
        module_name(path, FRAMEWORK).removeprefix("framework").lstrip("."): path.read_text(
            encoding="utf-8"
        )
        for path in FRAMEWORK.rglob("*.py")
    }
    aliases = _bool_aliases(sources.values())
    assert {"AsJson", "Verbose"} <= aliases
    found = {
        name: bools
        for module, source in sources.items()
        for name, bools in bools_by_position(source, module, aliases).items()
    }
    assert {
        name: bools
        for name, bools in sorted(found.items())
        if name not in NOT_YET and name not in BOOLS_PASSED_BY_POSITION
    } == {}
    assert sorted(set(BOOLS_PASSED_BY_POSITION) - set(found)) == [], "allowed, but not found"


def test_the_check_finds_a_bool_taken_by_position() -> None:
    source = (
        "Flag = Annotated[bool, typer.Option()]\n"
        "def f(a: int, b: bool, *, c: bool) -> None:\n"
        "    def inner(d: bool | None = None) -> None: ...\n"
        "class C:\n"
        "    def __init__(self, e: Optional[bool]) -> None: ...\n"
        "    def __exit__(self, *args: bool) -> None: ...\n"
        "    def g(self, *flags: bool, h: bool) -> None: ...\n"
        "def k(flag: Flag, number: int | None, text: str | bool) -> None: ...\n"
    )
    aliases = _bool_aliases([source])
    assert aliases == {"Flag"}
    assert bools_by_position(source, "m", aliases) == {
        "m.f": ["b"],
        "m.f.<locals>.inner": ["d"],
        "m.C.__init__": ["e"],
        "m.C.g": ["flags"],
        "m.k": ["flag"],
    }
