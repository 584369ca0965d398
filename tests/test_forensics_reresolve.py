"""`reresolve`: today's write gate over every recorded decision's inputs, read-only."""

from __future__ import annotations

import json

import pytest

from affidavit.cli import main
from affidavit.events import ClaimAdmitted, ClaimPrivate, ClaimQuarantined, Sealed
from affidavit.forensics.reresolve import Recorded, decide_same, recorded_decision, reresolve
from affidavit.gates.contracts import Refusal, WriteDecision
from affidavit.gates.write import RESOLVER_VERSION
from affidavit.store import Store

OLD = "write-gate/0.1"
SEALED = Sealed(keys=("k",), nonce=b"n", ct=b"c")

@pytest.fixture(autouse=True)
def _keep_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process CLI calls must not rebind logging to a captured stream that pytest closes."""
    monkeypatch.setattr("affidavit.logs.configure_logging", lambda *a, **k: None)



def _forge_old_admission(store, claim: str, evidence: str) -> int:  # type: ignore[no-untyped-def]
    """An admission recorded by an older, laxer gate (written without today's gate)."""
    def decide(ctx):  # type: ignore[no-untyped-def]
        key = ctx.new_keys()[0]
        seq = ctx.next_seq()
        private = ClaimPrivate(text=claim, evidence=evidence, subject_name="Dana Kim",
                               predicate="work for", object="Harbor Bank",
                               predicate_terms=("work",), proposed_text=claim)
        sealed = ctx.seal(seq, "CLAIM_ADMITTED", "private", private, (key,))
        return ctx.add("CLAIM_ADMITTED", ClaimAdmitted(
            claim_id="clm_forged", subject_id=key, entity_ids=(key,), verdict="ACCEPT",
            private=sealed), private)

    return store._transact(decide, resolver=OLD)


def test_a_decision_today_would_reverse_is_reported_with_its_version(open_store) -> None:
    """An admission by an older gate that today's gate rejects is listed with seq, version, verdicts."""
    store = open_store()
    seq = _forge_old_admission(store, "Dana Kim does not work for Harbor Bank.",
                               "Dana Kim works for Harbor Bank.")
    report = reresolve(store, tenant=None)
    assert report.different == 1 and report.same == 0
    (diff,) = report.differences
    assert (diff.seq, diff.claim_id, diff.resolver_then) == (seq, "clm_forged", OLD)
    assert diff.verdict_then == "ACCEPT" and diff.verdict_now.startswith("REJECT")
    assert diff.reason_now == "negation_flipped"


def test_decisions_made_by_todays_gate_come_out_the_same(open_store) -> None:
    """Control: real remember() admissions and quarantines re-decide identically."""
    store = open_store()
    ev = "Priya Shah joined Kestrel Labs in 2019. She leads the robotics team."
    assert store.remember("Priya Shah joined Kestrel Labs in 2019.", ev).status == "admitted"
    assert store.remember("Priya Shah leads the robotics team.", ev).status == "admitted"
    report = reresolve(store, tenant=store.identity.tenant)
    assert (report.decisions, report.same, report.different) == (2, 2, 0)
    assert report.resolver_now == RESOLVER_VERSION


def test_inputs_without_their_keys_are_not_redecidable(open_store, store_dirs, tmp_path) -> None:
    """Opened without the keyring, every decision counts as unavailable; nothing is guessed."""
    store = open_store()
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    store.close()
    path, _ = store_dirs
    with Store.open(path, keyring_dir=tmp_path / "no-such-keyring", allow_missing_keyring=True,
                    create=False) as blind:
        report = reresolve(blind, tenant=None)
    assert report.not_redecidable == {"unavailable": 1} and report.same == report.different == 0


def test_erased_inputs_are_counted_as_erased(open_store) -> None:
    """After forget, the subject's decisions are 'erased', while a bystander's still re-decide."""
    store = open_store()
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    store.forget("Omar Haddad")
    report = reresolve(store, tenant=None)
    assert report.not_redecidable.get("erased") == 1
    assert report.same == 1


def test_reresolve_is_read_only(open_store, store_dirs) -> None:
    """The ledger file's bytes are identical before and after a re-resolve."""
    store = open_store()
    _forge_old_admission(store, "Dana Kim does not work for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    store._ledger.checkpoint()
    db = store_dirs[0] / "ledger.db"
    before = db.read_bytes()
    reresolve(store, tenant=None)
    store._ledger.checkpoint()
    assert db.read_bytes() == before and store._ledger.last_seq() == store.head_seq


def test_recorded_verdicts_and_comparison_rules() -> None:
    """A quarantine matches only the same code; an operator's approval is not the gate's."""
    q = ClaimQuarantined(claim_id="c", subject_id="e", entity_ids=("e",), reason="unknown_subject",
                         private=SEALED)
    then = recorded_decision(q)
    assert then == Recorded("QUARANTINE (unknown_subject)", frozenset({"QUARANTINE"}), "unknown_subject")
    same = WriteDecision("QUARANTINE", Refusal("unknown_subject", "d", "r"), None, None)
    other = WriteDecision("QUARANTINE", Refusal("numeral_invented", "d", "r"), None, None)
    assert decide_same(then, same) and not decide_same(then, other)
    review = ClaimAdmitted(claim_id="c", subject_id="e", entity_ids=("e",), verdict="REVIEW",
                           private=SEALED, review_seq=3)
    assert recorded_decision(review) is None
    ambiguous = recorded_decision(ClaimQuarantined(claim_id="c", subject_id="e", entity_ids=("e",),
                                                   reason="ambiguous_subject", private=SEALED))
    assert decide_same(ambiguous, WriteDecision("ACCEPT", None, None, None))
    assert not decide_same(ambiguous, WriteDecision("REJECT", Refusal("x", "d", "r"), None, None))


def test_cli_exit_code_signals_a_difference(open_store, store_dirs, capsys) -> None:
    """Exit 1 with the difference in --json when a decision changed; exit 0 when none did."""
    store = open_store()
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    path, kdir = store_dirs
    args = ["reresolve", str(path), "--keyring-dir", str(kdir), "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["different"] == 0
    _forge_old_admission(store, "Dana Kim does not work for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    assert main(args) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["differences"][0]["resolver_then"] == OLD
