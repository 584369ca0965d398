"""`affidavit report`: the audit page's figures equal its --json, content only when asked, escaped."""

from __future__ import annotations

import json
import re
import shlex
from html import escape
from pathlib import Path

import pytest
from report_store import (
    ERASED_NAME,
    HOSTILE,
    OLD_RESOLVER,
    OTHER_TENANT_TEXT,
    PLAIN,
    REQUIRED_FIGURES,
    SCRIPT,
    Built,
    build,
    cli,
    copy_built,
    page_figures,
    resolve,
    shown,
    tamper,
)

from affidavit.certificates import PUBLIC_KEY_FILE
from affidavit.crypto.signer import Signer
from affidavit.forensics import report as report_module
from affidavit.forensics.checkpoints import Checkpoint
from affidavit.forensics.report import ReportOptions, build_report
from affidavit.gates.write import RESOLVER_VERSION
from affidavit.identity import Identity
from affidavit.store import Store

OPERATOR = {"AFFIDAVIT_OPERATOR": "1"}


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("built")
    return build(base / "store", base / "keyring")


@pytest.fixture
def built(built_once: Built, tmp_path: Path) -> Built:
    return copy_built(built_once, tmp_path / "copy")


def _report(b: Built, out: Path, *extra: str, env: dict[str, str] | None = None
            ) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    done = cli("report", str(b.store), "--keyring-dir", str(b.keys), "--html", str(out), "--json",
               *extra, env=env)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout), out.read_text(encoding="utf-8")


def test_every_figure_on_the_page_is_the_json_figure(built: Built, tmp_path: Path) -> None:
    """Each data-figure's value and text equal the --json value at that path; all sections shown."""
    code, data, page = _report(built, tmp_path / "r.html")
    assert code == 0 and data["findings"] == []
    figures = page_figures(page)
    missing = [p for p in REQUIRED_FIGURES if p not in figures]
    assert missing == []
    for path, (value, text) in figures.items():
        assert value == resolve(data, path), path
        assert text == shown(value), path
    assert data["chain"]["events"] == built.head and data["checkpoint"]["seq"] == built.checkpoint_seq
    assert data["checkpoint"]["head_size"] == built.head and data["checkpoint"]["head_consistent"]
    assert data["erasures"][0]["signature"] == "verified"
    assert data["erasures"][0]["probes"] == data["erasures"][0]["probes_abstained"] > 0
    assert data["reviews"][0]["seq"] == built.review_seq
    assert data["reviews"][0]["approval_kind"] == "human"
    diff = data["reresolve"]["differences"][0]
    assert (diff["seq"], diff["resolver_then"], diff["resolver_now"]) == (
        built.forged_seq, OLD_RESOLVER, RESOLVER_VERSION)
    assert [a["agent"] for a in data["reads_by_agent"]] == ["agent-1"]
    chart = page.split('id="state-chart"', 1)[1]
    assert f'data-points="{len(data["series"])}"' in chart
    assert f'data-state="active" data-last="{data["claims_now"]["active"]}"' in chart


def test_no_personal_content_without_the_flag_and_it_is_there_with_it(built: Built, tmp_path: Path) -> None:
    """Default: no claim text or name in the page or the JSON. --include-content shows them."""
    _, data, page = _report(built, tmp_path / "r.html")
    blob = json.dumps(data, ensure_ascii=False)
    for text in built.claim_texts:
        assert text not in page and escape(text) not in page and text not in blob, text
    assert 'id="content-omitted"' in page
    _, data, page = _report(built, tmp_path / "c.html", "--include-content")
    texts = [row["text"] for row in data["content"]]
    assert HOSTILE in texts and PLAIN in texts  # positive control
    assert escape(HOSTILE) in page and escape(PLAIN) in page
    assert ERASED_NAME not in page and OTHER_TENANT_TEXT not in page  # erased; another tenant
    assert (tmp_path / "c.html").stat().st_mode & 0o777 == 0o600  # personal content: owner only


def test_a_claim_with_a_script_tag_is_escaped(built: Built, tmp_path: Path) -> None:
    """The page has no script element at all; the hostile text appears only escaped."""
    _, _, page = _report(built, tmp_path / "c.html", "--include-content")
    assert "<script" not in page.lower()
    assert escape(SCRIPT) in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page


def test_the_page_loads_nothing_from_anywhere(built: Built, tmp_path: Path) -> None:
    """No src or href but data: URIs, no CSS url() or @import: the file is the whole report."""
    _, _, page = _report(built, tmp_path / "c.html", "--include-content")
    assert re.findall(r'(?:src|href)\s*=\s*"(?!data:)', page) == []
    assert "url(" not in page and "@import" not in page
    assert re.findall(r'(?:src|href)\s*=\s*"data:', page)  # control: the data: icon is seen


def test_a_tampered_store_reports_the_failing_seq_in_red(built: Built, tmp_path: Path) -> None:
    """One flipped body byte at seq 7: exit 1, chain.ok false, first_bad_seq 7, a .fail banner."""
    tamper(built.store, 7)
    code, data, page = _report(built, tmp_path / "t.html")
    assert code == 1 and not data["chain"]["ok"] and data["chain"]["first_bad_seq"] == 7
    assert data["opened"] is False and data["chain"]["events"] == 6
    assert 'id="chain-status" class="status fail" data-ok="false"' in page
    assert page_figures(page)["chain.first_bad_seq"] == (7, "7")
    assert "chain verification FAILED at seq 7" in data["findings"]


def test_other_tenants_need_an_operator(built: Built, tmp_path: Path) -> None:
    """--all-tenants and --tenant globex exit 2 for an agent; an operator sees every tenant."""
    for scope in (["--all-tenants"], ["--tenant", "globex"]):
        denied = cli("report", str(built.store), "--keyring-dir", str(built.keys), "--json", *scope)
        assert denied.returncode == 2 and "operator" in denied.stderr
    _, mine, _ = _report(built, tmp_path / "a.html")
    _, every, _ = _report(built, tmp_path / "b.html", "--all-tenants", env=OPERATOR)
    assert every["scope"] == "*" and every["claims_total"] == mine["claims_total"] + 1
    assert "AFFIDAVIT_OPERATOR=1" in every["command"]


def test_since_limits_the_dated_sections(built: Built, tmp_path: Path) -> None:
    """--since SEQ drops earlier reviews and starts the chart there; a future time empties them."""
    _, data, _ = _report(built, tmp_path / "s.html", "--since", str(built.erasure_seq))
    assert data["reviews"] == [] and [e["seq"] for e in data["erasures"]] == [built.erasure_seq]
    assert data["series"][0]["seq"] == built.erasure_seq and data["since_seq"] == built.erasure_seq
    _, later, _ = _report(built, tmp_path / "f.html", "--since", "2999-01-01")
    assert later["erasures"] == [] and later["series"] == [] and later["reads"] == []
    assert later["claims_now"] == data["claims_now"]  # current counts are not dated


def test_the_footer_command_regenerates_the_same_figures(built: Built, tmp_path: Path) -> None:
    """Running the command the page names writes a report with the same figures (times aside)."""
    _, first, _ = _report(built, tmp_path / "r.html", "--since", "3")
    words = shlex.split(first["command"])
    env = dict(w.split("=", 1) for w in words if "=" in w.split("/")[0])
    again = cli(*[w for w in words if "=" not in w.split("/")[0]][1:], env=env)
    second = json.loads(again.stdout)
    for key in ("generated_at",):
        first.pop(key), second.pop(key)
    first["chain"].pop("verified_at"), second["chain"].pop("verified_at")
    assert first == second


def test_the_checkpoint_is_checked_not_assumed(built: Built, monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint whose root was altered is invalid and the head is not consistent with it."""
    real = report_module.latest

    def altered(store: Store) -> Checkpoint | None:
        cp = real(store)
        assert cp is not None
        import msgspec

        root = ("00" if cp.event.tree_root[:2] != "00" else "11") + cp.event.tree_root[2:]
        return Checkpoint(cp.seq, msgspec.structs.replace(cp.event, tree_root=root))

    monkeypatch.setattr(report_module, "latest", altered)
    got = build_report(built.store, built.keys, identity=Identity(),
                       options=ReportOptions(tenant="default"), at_us=0)
    assert got.checkpoint is not None
    assert not got.checkpoint.valid and not got.checkpoint.head_consistent
    assert any("checkpoint" in f for f in got.findings)


def test_a_certificate_is_checked_against_the_published_key(built: Built, tmp_path: Path) -> None:
    """With another key in signing.pub the certificate's signature is FAILED and exit is 1."""
    other = Signer.load_or_create(tmp_path / "other.key")
    (built.store / PUBLIC_KEY_FILE).write_bytes(other.public_key_pem())
    code, data, _ = _report(built, tmp_path / "k.html")
    assert code == 1
    assert data["erasures"][0]["signature"] == "FAILED"
    assert data["erasures"][0]["signer_is_published_key"] is False
    assert data["checkpoint"]["signer_is_published_key"] is False


def test_without_the_keyring_the_report_says_so(built: Built, tmp_path: Path) -> None:
    """No keyring: the chain still verifies, nothing sealed opens, content is not included."""
    done = cli("report", str(built.store), "--keyring-dir", str(tmp_path / "none"), "--json",
               "--include-content")
    data = json.loads(done.stdout)
    assert data["chain"]["ok"] and data["chain"]["head_seal"] == "not checked"
    assert data["keyring_held"] is False and data["content_included"] is False
    assert data["content"] == []


def test_read_audit_off_is_said(store_dirs: tuple[Path, Path], tmp_path: Path) -> None:
    """A store never recalled with AFFIDAVIT_AUDIT_READS says the read audit is off."""
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1]) as store:
        store.remember(PLAIN, PLAIN)
    out = tmp_path / "r.html"
    done = cli("report", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]), "--html", str(out))
    assert done.returncode == 0, done.stderr
    assert 'id="read-audit-off"' in out.read_text() and "no integrity findings" in done.stdout


def test_no_reresolve_skips_it_and_says_so(built: Built, tmp_path: Path) -> None:
    """--no-reresolve: no re-resolve figures, the page says it was not run; the rest is there."""
    _, data, page = _report(built, tmp_path / "n.html", "--no-reresolve")
    assert data["reresolve"] is None and 'id="reresolve-skipped"' in page
    assert data["chain"]["ok"] and data["erasures"] and "--no-reresolve" in data["command"]


def test_report_needs_an_output(built: Built) -> None:
    """Neither --html nor --json is an error, not a silent no-op."""
    done = cli("report", str(built.store), "--keyring-dir", str(built.keys))
    assert done.returncode == 2 and "--html" in done.stderr
