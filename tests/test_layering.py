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
