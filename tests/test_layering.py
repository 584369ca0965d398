"""The architecture as a test: who may import what."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "affidavit"
PROJECTIONS = ROOT / "projections"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _modules(root: Path) -> list[Path]:
    return sorted(root.rglob("*.py"))


def test_only_the_ledger_package_imports_apsw() -> None:
    """apsw appears in ledger/ and nowhere else."""
    offenders = [p for p in _modules(SRC) if any(m.split(".")[0] == "apsw" for m in _imports(p))
                 and "ledger" not in p.relative_to(SRC).parts]
    assert offenders == []
    assert any("apsw" in _imports(p) for p in _modules(SRC / "ledger"))  # control


def test_only_the_crypto_package_imports_cryptography() -> None:
    """cryptography appears in crypto/ (and the standalone bundle verifier) only."""
    offenders = [p for p in _modules(SRC)
                 if any(m.split(".")[0] == "cryptography" for m in _imports(p))
                 and "crypto" not in p.relative_to(SRC).parts]
    assert offenders == []


def test_projections_import_only_events_and_pure_text() -> None:
    """Projections never import the ledger, the store, the clock or randomness."""
    allowed_prefixes = ("affidavit.events", "affidavit.errors", "affidavit.text",
                        "affidavit.projections", "msgspec", "hashlib", "types", "typing",
                        "collections", "__future__", "dataclasses", "itertools", "bisect")
    bad = {(p.name, m) for p in _modules(PROJECTIONS) for m in _imports(p)
           if not m.startswith(allowed_prefixes)}
    assert bad == set()


def test_only_mcp_knows_json_rpc() -> None:
    """The JSON-RPC envelope ('jsonrpc') is spelled only inside mcp/."""
    offenders = [p for p in _modules(SRC) if '"jsonrpc"' in p.read_text()
                 and "mcp" not in p.relative_to(SRC).parts]
    assert offenders == []


# -- the layers: nothing imports from a layer above it ---------------------------------

# Lowest first. A module may import from its own layer or any layer below it.
LAYERS = ("core", "base", "engine", "memory", "forensics", "facade", "faces")
# The flat modules of src/affidavit/: no I/O, no state; each new one must be placed here.
CORE = {"chain", "clock", "codec", "compact", "errors", "events", "filelock", "identity", "logs", "merkle",
        "secrets_scan", "translog", "validation", "wording"}
# base: each package owns one library (ledger: apsw, crypto: cryptography) or one pure
# kind of decision (projections, text, gates); the certificate format sits beside crypto.
PACKAGE_LAYER = {"ledger": "base", "crypto": "base", "projections": "base", "text": "base",
                 "gates": "base", "engine": "engine", "memory": "memory",
                 "forensics": "forensics", "mcp": "faces", "cli": "faces"}
FLAT_LAYER = {"certificates": "base", "progress": "base", "testing": "memory", "store": "facade",
              "review": "facade", "api": "faces", "api_hygiene": "faces",
              "__main__": "faces", "cli_entry": "faces"}


def _module_name(path: Path) -> str:
    if path.is_relative_to(PROJECTIONS):
        parts = ["affidavit", "projections", *path.relative_to(PROJECTIONS).with_suffix("").parts]
    else:
        parts = ["affidavit", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in [*_modules(SRC), *_modules(PROJECTIONS)]}


def layer_of(module: str) -> str:
    """The layer of an ``affidavit`` module; KeyError for a flat module nobody placed."""
    parts = module.split(".")
    if parts == ["affidavit"]:
        return "facade"  # the package's __init__: the public names
    if parts[1] in PACKAGE_LAYER:
        return PACKAGE_LAYER[parts[1]]
    if parts[1] in FLAT_LAYER:
        return FLAT_LAYER[parts[1]]
    if parts[1] in CORE:
        return "core"
    raise KeyError(f"{module} is in no layer: add it to CORE, FLAT_LAYER or PACKAGE_LAYER")


def affidavit_imports(tree: ast.AST, known: set[str] | dict[str, Path] = MODULES) -> list[tuple[int, str]]:
    """(line, module) for every affidavit module imported anywhere in ``tree``.

    Function-level and TYPE_CHECKING imports count like any other. ``from pkg import
    name`` names the submodule ``pkg.name`` when there is one, else ``pkg`` itself.
    """
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "affidavit"]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] != "affidavit":
                continue
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.append((node.lineno, sub if sub in known else node.module))
    return out


def upward_imports(module: str, source: str) -> list[str]:
    """Imports in ``source`` (the text of ``module``) that reach a layer above the module's."""
    mine = LAYERS.index(layer_of(module))
    return [f"{module}:{line} imports {target} ({layer_of(target)} above {layer_of(module)})"
            for line, target in affidavit_imports(ast.parse(source))
            if LAYERS.index(layer_of(target)) > mine]


def test_every_module_has_a_layer() -> None:
    """Each module of the package sits in exactly one named layer."""
    assert {m: layer_of(m) for m in MODULES}  # raises KeyError naming an unplaced module
    assert "affidavit.engine.engine" in MODULES and "affidavit.memory.forget" in MODULES  # control


def test_no_module_imports_from_a_layer_above_it() -> None:
    """core < ledger, crypto, projections, text, gates < engine < memory < forensics < facade < faces."""
    found = [v for m, p in MODULES.items() for v in upward_imports(m, p.read_text())]
    assert found == []


def test_the_upward_import_check_catches_a_violation() -> None:
    """Control: an engine module importing a use case, even inside a function, is reported."""
    bad = "def f():\n    from affidavit.memory.recall import recall\n"
    assert upward_imports("affidavit.engine.engine", bad) == [
        "affidavit.engine.engine:2 imports affidavit.memory.recall (memory above engine)"]
    assert upward_imports("affidavit.memory.recall", "from affidavit import store\n") != []
    assert upward_imports("affidavit.store", "from affidavit.memory import recall\n") == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _import_graph() -> dict[str, set[str]]:
    return {m: {t for _, t in affidavit_imports(ast.parse(p.read_text())) if t != m}
            for m, p in MODULES.items()}


def test_no_import_cycles() -> None:
    """No two modules import each other, directly or round a circle (lazy imports included)."""
    assert _cycles(_import_graph()) == []


def test_the_cycle_check_catches_a_circle() -> None:
    """Control: a use case importing the facade that imports it is a cycle."""
    graph = _import_graph()
    graph["affidavit.memory.recall"] = graph["affidavit.memory.recall"] | {"affidavit.store"}
    assert ["affidavit.memory.recall", "affidavit.store"] in [
        [m for m in c if m in ("affidavit.memory.recall", "affidavit.store")] for c in _cycles(graph)]


# -- the engine's private names stay inside the engine -----------------------------------

ENGINE = SRC / "engine"


def engine_private_names() -> set[str]:
    """Every ``_name`` the engine defines: module globals, methods, and ``self._x`` attributes."""
    names: set[str] = set()
    for path in _modules(ENGINE):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


ENGINE_PUBLIC_CLASSES = {"Engine", "Store", "WriteContext"}


def private_reaches(module: str, source: str, private: set[str]) -> list[str]:
    """Engine-private names that ``source`` imports from the engine or reads off an engine object.

    ``obj._name`` counts for any receiver but ``self``/``cls``; ``self._name`` counts in
    a class built on an engine class (the facade may not use the engine's internals).
    """
    out: list[str] = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("affidavit.engine"):
            out += [f"{module}:{node.lineno} imports {a.name}" for a in node.names
                    if a.name.startswith("_")]
    subclass_nodes: set[int] = set()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        if {getattr(b, "id", getattr(b, "attr", None)) for b in cls.bases} & ENGINE_PUBLIC_CLASSES:
            subclass_nodes.update(id(n) for n in ast.walk(cls))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr in private):
            continue
        receiver = node.value.id if isinstance(node.value, ast.Name) else None
        if receiver not in ("self", "cls") or id(node) in subclass_nodes:
            out.append(f"{module}:{node.lineno} reads .{node.attr}")
    return out


def test_nothing_outside_the_engine_touches_its_private_names() -> None:
    """Use cases, forensics, the facade and the faces use the engine's public names only."""
    private = engine_private_names()
    assert {"_ledger", "_keyring", "_catch_up", "_replay_all"} <= private  # control: collected
    found = [v for m, p in MODULES.items() if not m.startswith("affidavit.engine")
             for v in private_reaches(m, p.read_text(), private)]
    assert found == []


def test_the_private_name_check_catches_a_violation() -> None:
    """Control: reading ``store._ledger``, importing ``_x`` or using ``self._x`` in a subclass."""
    private = engine_private_names()
    assert private_reaches("m", "def f(store):\n    return store._ledger.rows(0)\n", private) == [
        "m:2 reads ._ledger"]
    assert private_reaches("m", "from affidavit.engine.engine import _x\n", private) == [
        "m:1 imports _x"]
    sub = "class Store(Engine):\n    def f(self):\n        return self._keyring\n"
    assert private_reaches("m", sub, private) == ["m:3 reads ._keyring"]
    mine = "class Envelope:\n    def f(self):\n        return self._keyring\n"
    assert private_reaches("m", mine, private) == []  # its own attribute, not the engine's
