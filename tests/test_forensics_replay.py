"""`replay --until`: what the store held at a past seq or time, by replay, read-only."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from affidavit import translog
from affidavit.cli import main
from affidavit.errors import AffidavitError, InvalidInput
from affidavit.forensics.replay import log_root_at, replay_to, seq_at_time


@pytest.fixture(autouse=True)
def _keep_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process CLI calls must not rebind logging to a captured stream that pytest closes."""
    monkeypatch.setattr("affidavit.logs.configure_logging", lambda *a, **k: None)



def _disputed_pair(store):  # type: ignore[no-untyped-def]
    a = store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    b = store.remember("Omar Haddad lives in York.", "Omar Haddad lives in York.")
    return a, b


def test_replay_refuses_positions_outside_the_ledger(open_store) -> None:
    """Seq 0, a seq past the head and a time before genesis are typed errors, not empty answers."""
    store = open_store()
    _disputed_pair(store)
    for bad in (0, store.head_seq + 1, -3):
        with pytest.raises(InvalidInput):
            replay_to(store, bad)
    with pytest.raises(InvalidInput):
        seq_at_time(store, "1999-01-01")
    with pytest.raises(InvalidInput):
        seq_at_time(store, "not a date")
    assert replay_to(store, store.head_seq).seq == store.head_seq  # control: the head is fine


def test_replay_shows_the_state_before_a_later_dispute(open_store) -> None:
    """At the first claim's seq it was active; at the head it is disputed."""
    store = open_store()
    a, _b = _disputed_pair(store)
    then = replay_to(store, a.seq, subject="Omar Haddad")
    now = replay_to(store, store.head_seq, subject="Omar Haddad")
    assert then.counts["active"] == 1 and then.counts["disputed"] == 0
    assert [(c.claim_id, c.state) for c in then.subject_claims] == [(a.claim_id, "active")]
    assert now.counts["disputed"] == 2
    assert {c.state for c in now.subject_claims} == {"disputed"}


def test_replay_of_an_unknown_subject_reads_like_absent(open_store) -> None:
    """A name never seen gives an empty claim list, same shape as a known subject with no claims."""
    store = open_store()
    _disputed_pair(store)
    summary = replay_to(store, store.head_seq, subject="Nobody Known")
    assert summary.subject_claims == ()
    assert "no claims held" in summary.text()


def test_replay_never_writes(open_store) -> None:
    """Replaying leaves the ledger length and the head unchanged; the view refuses writes."""
    store = open_store()
    a, _ = _disputed_pair(store)
    before = (store._ledger.last_seq(), store.head_hash)
    replay_to(store, a.seq, subject="Omar Haddad")
    assert (store._ledger.last_seq(), store.head_hash) == before
    with store.at(a.seq) as view, pytest.raises(AffidavitError):
        view.remember("Omar Haddad lives in Hull.", "Omar Haddad lives in Hull.")


def test_replay_log_root_is_the_rfc6962_root_of_the_prefix(open_store) -> None:
    """The printed log root equals MTH over leaf(event hash) for events 1..seq, and differs after."""
    store = open_store()
    a, _ = _disputed_pair(store)
    hashes = [r.hash for r in store._ledger.rows(0, a.seq)]
    expected = translog.mth([translog.leaf_hash(h) for h in hashes])
    assert replay_to(store, a.seq).log_root == expected.hex()
    assert log_root_at(store, a.seq + 1) != expected


def test_until_time_picks_the_last_event_recorded_by_then(open_store) -> None:
    """--until-time at a transaction's instant includes it; one microsecond earlier excludes it."""
    store = open_store()
    a, _ = _disputed_pair(store)
    rows = list(store._ledger.rows(0))
    at = rows[a.seq - 1].recorded_at
    before = max(r.seq for r in rows if r.recorded_at < at)

    def stamp(us: int) -> str:
        return datetime.fromtimestamp(us // 1_000_000, UTC).isoformat()[:-6] + f".{us % 1_000_000:06d}+00:00"

    assert seq_at_time(store, stamp(at)) == max(r.seq for r in rows if r.recorded_at == at)
    assert seq_at_time(store, stamp(at - 1)) == before < a.seq


def test_cli_replay_prints_json_for_a_subject(open_store, store_dirs, capsys) -> None:
    """`affidavit replay --until SEQ --subject NAME --json` reports the subject's claims then."""
    store = open_store()
    a, _ = _disputed_pair(store)
    store.close()
    path, kdir = store_dirs
    rc = main(["replay", str(path), "--keyring-dir", str(kdir), "--until", str(a.seq),
               "--subject", "Omar Haddad", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["seq"] == a.seq
    assert [c["state"] for c in out["subject_claims"]] == ["active"]
    rc = main(["replay", str(path), "--keyring-dir", str(kdir), "--until", "999"])
    assert rc == 2  # control: a position past the head is an error exit
