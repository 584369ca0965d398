"""`export` + the standalone `affidavit-verify`: the untampered bundle passes, every tamper fails."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from affidavit.errors import ExportError
from affidavit.forensics.checkpoints import sign_checkpoint
from affidavit.forensics.export import export_bundle

ROOT = Path(__file__).resolve().parent.parent
VERIFIER = ROOT / "src" / "affidavit_verify.py"
EVIDENCE = "Priya Shah joined Kestrel Labs in 2019. She leads the robotics team in Oslo."


def _verify(bundle: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run the verifier as a script file, so nothing of the engine can be imported by accident."""
    return subprocess.run([sys.executable, "-I", str(VERIFIER), str(bundle), "--json", *extra],
                          capture_output=True, text=True, timeout=120, check=False)


def _results(done: subprocess.CompletedProcess[str]) -> list[dict[str, str]]:
    return json.loads(done.stdout)["results"]


@pytest.fixture
def bundle(open_store, tmp_path: Path) -> Path:
    """A store with claims, a forgotten subject (certificate) and checkpoints, exported with evidence."""
    store = open_store()
    store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    store.remember("Priya Shah leads the robotics team in Oslo.", EVIDENCE)
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    sign_checkpoint(store)
    store.forget("Omar Haddad")
    sign_checkpoint(store)
    out = tmp_path / "bundle"
    export_bundle(store, out, include_evidence=True)
    return out


def _copy(bundle: Path, tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(bundle, target)
    return target


def _rewrite(path: Path, index: int, change) -> None:  # type: ignore[no-untyped-def]
    lines = path.read_text().splitlines()
    item = json.loads(lines[index])
    change(item)
    lines[index] = json.dumps(item)
    path.write_text("\n".join(lines) + "\n")


def _flip_hex(value: str, at: int = 0) -> str:
    return value[:at] + ("0" if value[at] != "0" else "1") + value[at + 1:]


def test_verifier_imports_only_stdlib_and_cryptography() -> None:
    """affidavit_verify.py imports nothing outside the standard library and cryptography."""
    tree = ast.parse(VERIFIER.read_text())
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, "no relative imports"
            roots.add((node.module or "").split(".")[0])
    allowed = set(sys.stdlib_module_names) | {"cryptography", "__future__"}
    assert roots - allowed == set()
    assert "cryptography" in roots  # control: the rule is really looking at imports


def test_each_tamper_is_detected(bundle: Path, tmp_path: Path) -> None:
    """Flip an event byte, a checkpoint signature, a receipt proof, a certificate; drop event lines."""
    events = [json.loads(x) for x in (bundle / "events.jsonl").read_text().splitlines()]
    claim_at = next(i for i, e in enumerate(events) if e["kind"] == "CLAIM_ADMITTED")

    def body_flip(item):  # type: ignore[no-untyped-def]
        item["body"] = _flip_hex(item["body"], 10)

    def sig_flip(item):  # type: ignore[no-untyped-def]
        item["signature"] = _flip_hex(item["signature"], 4)

    def proof_flip(item):  # type: ignore[no-untyped-def]
        proof = item["receipt"]["proofs"][0]
        if proof:
            proof[0] = _flip_hex(proof[0])
        else:  # a one-part document has an empty path: tamper the leaf instead
            item["receipt"]["leaf_hashes_hex"][0] = _flip_hex(item["receipt"]["leaf_hashes_hex"][0])

    def payload_flip(item):  # type: ignore[no-untyped-def]
        item["payload"] = _flip_hex(item["payload"], 20)

    cases = {
        "event byte": ("events.jsonl", claim_at, body_flip),
        "checkpoint signature": ("checkpoints.jsonl", 0, sig_flip),
        "receipt proof": ("receipts.jsonl", 0, proof_flip),
        "certificate": ("certificates.jsonl", 0, payload_flip),
    }
    for name, (file, index, change) in cases.items():
        copy = _copy(bundle, tmp_path, name.replace(" ", "-"))
        _rewrite(copy / file, index, change)
        done = _verify(copy)
        assert done.returncode == 1, name
        assert any(r["status"] == "FAIL" for r in _results(done)), name
    for name, drop in (("middle", len(events) // 2), ("last", len(events) - 1)):
        copy = _copy(bundle, tmp_path, f"drop-{name}")
        lines = (copy / "events.jsonl").read_text().splitlines()
        del lines[drop]
        (copy / "events.jsonl").write_text("\n".join(lines) + "\n")
        assert _verify(copy).returncode == 1, name


def test_untampered_bundle_passes(bundle: Path) -> None:
    """The exported bundle verifies: chain, checkpoints, receipts with evidence and the certificate."""
    done = _verify(bundle)
    assert done.returncode == 0, done.stdout + done.stderr
    results = _results(done)
    passed = {r["what"].split(" ")[0] for r in results if r["status"] == "PASS"}
    assert {"chain", "checkpoint", "receipt", "certificate"} <= passed
    assert not [r for r in results if r["status"] == "FAIL"]


def test_structure_only_receipts_are_never_passes(open_store, tmp_path: Path) -> None:
    """Without --include-evidence receipts read NOT VERIFIABLE HERE and no evidence text is exported."""
    store = open_store()
    store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    out = tmp_path / "plain"
    export_bundle(store, out)
    done = _verify(out)
    receipts = [r for r in _results(done) if r["what"].startswith("receipt")]
    assert done.returncode == 0 and receipts
    assert {r["status"] for r in receipts} == {"NOT VERIFIABLE HERE"}
    blob = b"".join(p.read_bytes() for p in out.iterdir())
    assert b"Priya" not in blob and b"Priya".hex().encode() not in blob
    _rewrite(out / "receipts.jsonl", 0, lambda item: item["receipt"].update(
        root_hex=_flip_hex(item["receipt"]["root_hex"])))
    assert _verify(out).returncode == 1  # structure is still checked


def test_redacted_parts_are_not_verifiable_here(bundle: Path) -> None:
    """The forgotten subject's receipt has no held part: reported as not verifiable, not passed."""
    rows = [json.loads(x) for x in (bundle / "receipts.jsonl").read_text().splitlines()]
    redacted = [r for r in rows if r["parts"] is not None and None in r["parts"]]
    assert redacted
    results = _results(_verify(bundle))
    claim = redacted[0]["claim_id"]
    (entry,) = [r for r in results if claim in r["what"]]
    assert entry["status"] == "NOT VERIFIABLE HERE"


def test_wrong_pinned_key_fails(bundle: Path, tmp_path: Path) -> None:
    """Pinning a different public key fails every signature; pinning the shipped key passes."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    other = Ed25519PrivateKey.generate().public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    (tmp_path / "other.pub").write_bytes(other)
    assert _verify(bundle, "--public-key", str(tmp_path / "other.pub")).returncode == 1
    assert _verify(bundle, "--public-key", str(bundle / "signing.pub")).returncode == 0


def test_unusable_bundles_exit_2(tmp_path: Path, bundle: Path) -> None:
    """A directory that is not a bundle, or lacks events.jsonl, exits 2 rather than passing."""
    assert _verify(tmp_path / "nothing-here").returncode == 2
    copy = _copy(bundle, tmp_path, "no-events")
    (copy / "events.jsonl").unlink()
    assert _verify(copy).returncode == 2


def test_export_refuses_a_non_empty_target_and_unknown_claims(open_store, tmp_path: Path) -> None:
    """Export never overwrites; an unknown claim id is an error and writes nothing."""
    store = open_store()
    out = store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    target = tmp_path / "used"
    target.mkdir()
    (target / "x").write_text("keep")
    with pytest.raises(ExportError):
        export_bundle(store, target)
    with pytest.raises(ExportError):
        export_bundle(store, tmp_path / "fresh", claims=["clm_nope"])
    assert not (tmp_path / "fresh").exists()
    summary = export_bundle(store, tmp_path / "one", claims=[out.claim_id])
    assert summary.receipts == 1


def test_installed_entry_point_runs(bundle: Path) -> None:
    """`affidavit-verify DIR` (the console script) verifies the bundle too."""
    exe = Path(sys.executable).with_name("affidavit-verify")
    if not exe.exists():
        pytest.skip("console script not installed in this environment")
    done = subprocess.run([str(exe), str(bundle)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0 and "0 failed" in done.stdout


def test_checkpoints_link_by_consistency_proofs(bundle: Path, tmp_path: Path) -> None:
    """The second checkpoint ships an RFC 6962 proof that it extends the first; a bent proof fails."""
    good = _results(_verify(bundle))
    linked = [r for r in good if r["what"].startswith("consistency of checkpoint")]
    assert [r["status"] for r in linked] == ["PASS"]
    bent = _copy(bundle, tmp_path, "bent")

    def flip(item: dict) -> None:  # type: ignore[type-arg]
        item["consistency"]["proof"][0] = "00" * 32

    _rewrite(bent / "checkpoints.jsonl", 1, flip)
    done = _verify(bent)
    assert done.returncode == 1
    assert any(r["status"] == "FAIL" and r["what"].startswith("consistency of checkpoint")
               for r in _results(done))


def test_a_held_checkpoint_is_checked_against_the_bundle(open_store, tmp_path: Path) -> None:
    """A note kept from earlier passes on the log that extends it and fails on a rewritten one."""
    store = open_store()
    store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    note = tmp_path / "held.note"
    cp = sign_checkpoint(store)
    name = cp.event.note.split("\n", 1)[0]
    from affidavit.forensics.checkpoints import signed_note

    note.write_text(signed_note(cp.event.note, name, cp.event.public_key, cp.event.signature))
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    sign_checkpoint(store)
    out = tmp_path / "later"
    export_bundle(store, out)
    done = _verify(out, "--checkpoint", str(note))
    statuses = {r["what"]: r["status"] for r in _results(done)}
    assert done.returncode == 0, done.stdout
    assert statuses["held checkpoint"] == "PASS"
    assert statuses["held checkpoint signature"] == "PASS"
    forged = tmp_path / "forged.note"
    lines = note.read_text().split("\n")
    lines[2] = "A" * 43 + "="  # a root this log never had
    forged.write_text("\n".join(lines))
    done = _verify(out, "--checkpoint", str(forged))
    assert done.returncode == 1
    assert {r["what"]: r["status"] for r in _results(done)}["held checkpoint"] == "FAIL"


def test_a_tenant_bundle_withholds_other_tenants_events(open_store, tmp_path: Path) -> None:
    """Another tenant's events appear only as linked hashes: no tenant, actor, claim id or certificate."""
    from affidavit.errors import NotAuthorized
    from affidavit.identity import Identity

    acme = open_store(Identity("acme", "a-agent"))  # creates the store
    globex = open_store(Identity("globex", "g-agent"))
    secret = globex.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    globex.forget("Omar Haddad")
    mine = acme.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    sign_checkpoint(acme)
    out = tmp_path / "acme"
    export_bundle(acme, out)
    raw = "".join(p.read_text() for p in out.iterdir() if p.suffix in (".jsonl", ".json"))
    for leak in ("globex", "g-agent", str(secret.claim_id)):
        assert leak not in raw, leak
    assert str(mine.claim_id) in raw and "a-agent" in raw  # control: its own events are there
    assert (out / "certificates.jsonl").read_text() == ""  # globex's certificate stays out
    done = _verify(out)
    assert done.returncode == 0, done.stdout
    statuses = {r["what"]: r["status"] for r in _results(done)}
    assert statuses["chain"] == "PASS" and statuses["other tenants' events"] == "NOT VERIFIABLE HERE"
    with pytest.raises(NotAuthorized):
        export_bundle(acme, tmp_path / "all", all_tenants=True)
    ops = open_store(Identity("acme", "ops", True))
    export_bundle(ops, tmp_path / "all", all_tenants=True)
    assert "globex" in (tmp_path / "all" / "events.jsonl").read_text()  # the operator's copy is whole


def test_the_genesis_in_a_tenant_bundle_names_neither_the_creator_tenant_nor_its_agent(
        open_store, tmp_path: Path) -> None:
    """Genesis is in full in every bundle, so the tenant that created the store must not be in it."""
    from affidavit.identity import Identity

    acme = open_store(Identity("acme", "a-agent"))  # creates the store
    acme.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    globex = open_store(Identity("globex", "g-agent"))
    globex.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    export_bundle(globex, tmp_path / "globex")
    raw = (tmp_path / "globex" / "events.jsonl").read_text()
    genesis = json.loads(raw.splitlines()[0])
    assert genesis["kind"] == "STORE_CREATED"
    assert (genesis["tenant"], genesis["actor"]) == ("default", "affidavit")
    assert "acme" not in raw and "a-agent" not in raw
    assert "globex" in raw and "g-agent" in raw  # control: its own events name it
    assert _verify(tmp_path / "globex").returncode == 0


def _clean_store(open_store):  # type: ignore[no-untyped-def]
    store = open_store()
    store.remember("Priya Shah joined Kestrel Labs in 2019.", EVIDENCE)
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    return store


def test_a_clean_bundle_under_a_covering_checkpoint_verifies_all_pass(open_store, tmp_path: Path) -> None:
    """Checkpoint last, evidence included, one tenant: all PASS; the head seal listed as skipped."""
    store = _clean_store(open_store)
    sign_checkpoint(store)  # covers every event before it; it is the head
    export_bundle(store, tmp_path / "b", include_evidence=True)
    done = _verify(tmp_path / "b")
    report = json.loads(done.stdout)
    statuses = {r["status"] for r in report["results"]}
    assert done.returncode == 0 and report["all_pass"] is True, done.stdout
    assert statuses == {"PASS", "SKIPPED"}
    (coverage,) = [r for r in report["results"] if r["what"] == "checkpoint coverage"]
    assert coverage["status"] == "PASS" and f"all {store.head_seq} events" in coverage["detail"]
    (seal,) = [r for r in report["results"] if r["status"] == "SKIPPED"]
    assert seal["what"] == "head seal"


def test_control_events_after_the_checkpoint_are_not_covered(open_store, tmp_path: Path) -> None:
    """Positive control: one claim after the checkpoint is chain-verified only, so not all-PASS."""
    store = _clean_store(open_store)
    sign_checkpoint(store)
    store.remember("Omar Haddad works in York.", "Omar Haddad works in York.")
    export_bundle(store, tmp_path / "b", include_evidence=True)
    report = json.loads(_verify(tmp_path / "b").stdout)
    (coverage,) = [r for r in report["results"] if r["what"] == "checkpoint coverage"]
    assert coverage["status"] == "NOT VERIFIABLE HERE" and report["all_pass"] is False
    assert report["ok"] is True  # nothing failed: it is only not covered
    lines = [json.loads(x) for x in (tmp_path / "b" / "events.jsonl").read_text().splitlines()]
    last_cp = max(e["seq"] for e in lines if e["kind"] == "CHECKPOINT_SIGNED")
    assert coverage["detail"].startswith(f"{len(lines) - last_cp} event(s) from seq {last_cp + 1} on")


def test_two_checkpoints_in_a_row_the_newer_covers_the_older_and_itself(
        open_store, tmp_path: Path) -> None:
    """The second checkpoint covers the first; dropping it from the bundle breaks the chain."""
    store = _clean_store(open_store)
    sign_checkpoint(store)
    sign_checkpoint(store)  # covers the first checkpoint too, and is itself the head
    export_bundle(store, tmp_path / "b", include_evidence=True)
    assert json.loads(_verify(tmp_path / "b").stdout)["all_pass"] is True
    # Rewrite the second checkpoint out of the coverage by dropping its line: the chain fails.
    lines = (tmp_path / "b" / "events.jsonl").read_text().splitlines()
    (tmp_path / "b" / "events.jsonl").write_text("\n".join(lines[:-1]) + "\n")
    assert _verify(tmp_path / "b").returncode == 1


def test_cli_export_with_checkpoint_signs_first_and_the_bundle_is_all_pass(
        open_store, store_dirs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`affidavit export --checkpoint` signs a covering checkpoint when the head is not one."""
    from affidavit.cli import main

    monkeypatch.setattr("affidavit.logs.configure_logging", lambda *a, **k: None)
    store = _clean_store(open_store)
    head = store.head_seq
    store.close()
    path, kdir = store_dirs
    base = [str(path), "--keyring-dir", str(kdir), "--include-evidence"]
    assert main(["export", *base, "--out", str(tmp_path / "plain")]) == 0
    assert json.loads(_verify(tmp_path / "plain").stdout)["all_pass"] is False  # control: no checkpoint
    assert main(["export", *base, "--checkpoint", "--out", str(tmp_path / "b")]) == 0
    assert main(["export", *base, "--checkpoint", "--out", str(tmp_path / "c")]) == 0  # no second one
    report = json.loads(_verify(tmp_path / "b").stdout)
    assert report["all_pass"] is True, report
    manifest = json.loads((tmp_path / "c" / "manifest.json").read_text())
    assert manifest["events"] == head + 1
