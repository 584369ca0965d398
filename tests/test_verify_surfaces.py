"""Every surface reports the same verification: `affidavit verify`, the MCP `verify` tool and
`affidavit report` (JSON and HTML) name the same checks with the same verdicts.

The report once verified the ledger alone (chain, seal, rollback, mark) while verify
also re-derived receipts and opened the sealed content; a store whose every data key
was corrupted then had a clean report and a failing verify.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import apsw
import pytest

from affidavit.api import StoreBackend
from affidavit.cli import main
from affidavit.identity import Identity
from affidavit.store import Store

CLAIMS = ("Dana Kim lives in Oslo.", "Omar Haddad lives in Leeds.")


@pytest.fixture(autouse=True)
def _keep_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process CLI calls must not rebind logging to a captured stream that pytest closes."""
    monkeypatch.setattr("affidavit.logs.configure_logging", lambda *a, **k: None)


def _filled(store_dirs: tuple[Path, Path]) -> None:
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1]) as store:
        for claim in CLAIMS:
            assert store.remember(claim, claim).status == "admitted"


def _verify(store_dirs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main(["verify", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]), "--json"])
    return code, json.loads(capsys.readouterr().out)


def _report(store_dirs: tuple[Path, Path], out: Path,
            capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    code = main(["report", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]), "--json",
                 "--html", str(out), "--no-reresolve", "--quiet"])
    return code, json.loads(capsys.readouterr().out), out.read_text()


def _verdicts(checks: list[dict[str, Any]]) -> dict[str, str]:
    return {c["name"]: c["status"] for c in checks}


def _mcp(store_dirs: tuple[Path, Path]) -> dict[str, Any]:
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False,
                    identity=Identity()) as store:
        return StoreBackend(store).verify()


def test_a_clean_store_gets_the_same_checks_on_every_surface(store_dirs, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """verify, the MCP tool and the report: the same checks run, all passed, receipts counted."""
    _filled(store_dirs)
    code, cli = _verify(store_dirs, capsys)
    mcp = _mcp(store_dirs)
    rcode, report, page = _report(store_dirs, tmp_path / "r.html", capsys)
    assert code == rcode == 0 and report["findings"] == []
    chain = report["chain"]
    assert _verdicts(chain["checks"]) == _verdicts(cli["checks"]) == _verdicts(mcp["checks"])
    assert {"chain", "head_seal", "receipts", "content"} <= set(chain["checks_run"])
    assert chain["receipts"] == cli["receipts"] == {"verified": 2, "failed": 0, "source_not_held": 0}
    assert 'id="chain.checks-table"' in page and "receipts" in page


def test_corrupted_keys_fail_the_report_as_they_fail_verify(store_dirs, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Every data key corrupted: verify fails the content check, and so does the report
    (exit 1, a finding, the check failed in the JSON and on the page), without content."""
    _filled(store_dirs)
    db = apsw.Connection(str(store_dirs[1] / "keyring.db"))
    db.execute("UPDATE keys SET material = randomblob(32) WHERE key_id != 'store'")
    db.close()
    code, cli = _verify(store_dirs, capsys)
    assert code == 1 and _verdicts(cli["checks"])["content"] == "failed"
    rcode, report, page = _report(store_dirs, tmp_path / "r.html", capsys)
    assert rcode == 1 and not report["chain"]["ok"]
    assert _verdicts(report["chain"]["checks"]) == _verdicts(cli["checks"])
    assert any(f.startswith("content check FAILED") for f in report["findings"])
    assert 'data-ok="false"' in page and "key corrupted" in page
    assert "Oslo" not in page + json.dumps(report)


def test_without_the_keyring_the_report_says_what_it_could_not_check(store_dirs, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """No keyring: the same checks are skipped, with the same reasons, on verify and the report."""
    _filled(store_dirs)
    away = (store_dirs[0], tmp_path / "no-keyring")
    code = main(["verify", str(away[0]), "--keyring-dir", str(away[1]), "--json"])
    cli = json.loads(capsys.readouterr().out)
    main(["report", str(away[0]), "--keyring-dir", str(away[1]), "--json", "--no-reresolve",
          "--quiet"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["chain"]["checks_skipped"] == cli["checks_skipped"]
    assert {"head_seal", "receipts", "content"} <= set(report["chain"]["checks_skipped"])
