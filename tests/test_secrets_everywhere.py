"""Every text input the store keeps is scanned for credentials; refusing one writes nothing."""

from __future__ import annotations

import pytest

from affidavit.errors import InvalidInput
from affidavit.identity import Identity

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
URL = "https://deploy:hunter2hunter2@git.example.org/repo"
DOC = "Dana Kim works for Harbor Bank in Leeds."


def _ledger_bytes(store_dirs) -> bytes:  # type: ignore[no-untyped-def]
    return b"".join(p.read_bytes() for p in store_dirs[0].iterdir() if p.name.startswith("ledger.db"))


@pytest.mark.parametrize(("field", "kwargs"), [
    ("text", {"text": f"{DOC} Token: {TOKEN}"}),
    ("origin", {"origin": URL}),
    ("source_id", {"source_id": TOKEN}),
])
def test_add_source_refuses_a_credential_in_any_field(open_store, store_dirs, field, kwargs) -> None:  # type: ignore[no-untyped-def]
    """text, origin (a user:pass URL) and the id are scanned; the error names the field, not the value."""
    store = open_store()
    head = store.head_seq
    args = {"source_id": "doc-1", "text": DOC, "origin": "https://example.org/x", **kwargs}
    with pytest.raises(InvalidInput) as info:
        store.add_source(args["source_id"], args["text"], args["origin"])
    assert info.value.field == field and TOKEN not in str(info.value) and "hunter2" not in str(info.value)
    assert store.head_seq == head
    assert store.add_source("doc-1", DOC, "https://example.org/x").status == "registered"  # control
    assert TOKEN.encode() not in _ledger_bytes(store_dirs)


@pytest.mark.parametrize("field", ["source_text", "subject"])
def test_remember_refuses_a_credential_in_source_text_or_subject(open_store, field) -> None:  # type: ignore[no-untyped-def]
    """Not only claim and evidence: the source text and the subject are scanned too."""
    store = open_store()
    head = store.head_seq
    kwargs = {"source_text": f"{DOC}\nToken: {TOKEN}\n"} if field == "source_text" else {"subject": TOKEN}
    out = store.remember("Dana Kim works for Harbor Bank.", DOC, **kwargs)
    assert out.status == "refused" and out.reason == "contains_secret"
    assert store.head_seq == head
    ok = store.remember("Dana Kim works for Harbor Bank.", DOC, source_text=f"{DOC}\n")  # control
    assert ok.status == "admitted"


def test_operator_notes_are_scanned(open_store) -> None:  # type: ignore[no-untyped-def]
    """A freeze note carrying a credential is refused; the claim stays active."""
    store = open_store(Identity("default", "ops", True))
    claim_id = store.remember("Dana Kim works for Harbor Bank.", DOC).claim_id
    assert claim_id is not None
    with pytest.raises(InvalidInput):
        store.freeze(claim_id, f"see {URL}")
    assert store.claims.get(claim_id).state == "active"
    assert store.freeze(claim_id, "wrong patient").status  # control: a plain note is fine
