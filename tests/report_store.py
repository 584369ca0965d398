"""A store with something in every section of the audit report, for the report tests."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from affidavit.clock import FixedClock
from affidavit.events import ClaimAdmitted, ClaimPrivate
from affidavit.forensics.checkpoints import sign_checkpoint
from affidavit.identity import Identity
from affidavit.store import LEDGER_FILE, Store

OPS = Identity("default", "ops-1", operator=True)
AGENT = Identity("default", "agent-1")
OTHER = Identity("globex", "agent-9")
SCRIPT = "<script>window.__pwned=1</script>"
HOSTILE = f"Dana Kim works for Harbor Bank {SCRIPT}."
PLAIN = "Marcus Bell works for Kestrel Labs."
ERASED_NAME = "Ruth Lee"
OTHER_TENANT_TEXT = "Greta Varga lives in Graz."
HELD = ("Priya opened a bakery in Leeds.", "Priya Nair and Priya Shah opened a bakery in Leeds.")
OLD_RESOLVER = "write-gate/0.1"
FORGED = ("Dana Kim does not work for Harbor Bank.", "Dana Kim works for Harbor Bank.")


@dataclass
class Built:
    store: Path
    keys: Path
    head: int
    checkpoint_seq: int
    erasure_seq: int
    review_seq: int
    forged_seq: int
    claim_texts: tuple[str, ...]  # personal content that must not appear without the flag


def _open(built_dirs: tuple[Path, Path], identity: Identity) -> Store:
    return Store.open(built_dirs[0], keyring_dir=built_dirs[1], identity=identity,
                      clock=FixedClock(step_us=1000))


def forge_old_admission(store: Store) -> int:
    """An admission recorded by an older, laxer gate that today's gate rejects."""
    claim, evidence = FORGED

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

    return store._transact(decide, resolver=OLD_RESOLVER)


def build(store_dir: Path, keys: Path) -> Built:
    """Admitted, refused, quarantined then approved, audited reads, an erasure, a checkpoint."""
    dirs = (store_dir, keys)
    with _open(dirs, OPS) as ops:
        assert ops.remember(HOSTILE, HOSTILE).status == "admitted"
        assert ops.remember(PLAIN, PLAIN + " It said so in 2019.").status == "admitted"
        assert ops.remember(f"{ERASED_NAME} lives in Cork.", f"{ERASED_NAME} lives in Cork.").status \
            == "admitted"
        assert ops.remember("Dana Kim is a pilot.", HOSTILE).status == "refused"
        held = ops.remember(*HELD)
        assert held.status == "quarantined" and held.claim_id
        review_seq = ops.review(held.claim_id, "approve", "Checked: it is Priya Nair.").review_seq
        forged_seq = forge_old_admission(ops)
        checkpoint_seq = sign_checkpoint(ops).seq
    os.environ["AFFIDAVIT_AUDIT_READS"] = "1"
    try:
        with _open(dirs, AGENT) as agent:
            agent.recall("Where does Dana Kim work?")
            agent.recall("Where does Marcus Bell work?")
    finally:
        del os.environ["AFFIDAVIT_AUDIT_READS"]
    with _open(dirs, OPS) as ops:
        erasure_seq = ops.forget(ERASED_NAME).erasure_seq
        assert erasure_seq is not None
    with _open(dirs, OTHER) as other:
        assert other.remember(OTHER_TENANT_TEXT, OTHER_TENANT_TEXT).status == "admitted"
        head = other.head_seq
    return Built(store_dir, keys, head, checkpoint_seq, erasure_seq, review_seq or 0, forged_seq,
                 (HOSTILE, PLAIN, HELD[0], FORGED[0], "Dana Kim", "Marcus Bell", ERASED_NAME,
                  "Greta Varga"))


def tamper(store_dir: Path, seq: int) -> None:
    """Flip one byte of the body of row ``seq`` as someone with file access would."""
    db = sqlite3.connect(store_dir / LEDGER_FILE)
    db.execute("DROP TRIGGER events_no_update")
    body = db.execute("SELECT body FROM events WHERE seq = ?", (seq,)).fetchone()[0]
    flipped = bytes([body[0]]) + bytes([body[1] ^ 0x01]) + body[2:]
    db.execute("UPDATE events SET body = ? WHERE seq = ?", (flipped, seq))
    db.commit()
    db.close()


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "affidavit.cli_entry", *args], capture_output=True,
                          text=True, timeout=300, check=False, env=full)


class Figures(HTMLParser):
    """Every ``data-figure`` element of a page: path -> (data-value as JSON, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, tuple[object, str]] = {}
        self._open: list[tuple[str, object, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-figure" in a:
            self._open.append((a["data-figure"] or "", json.loads(a["data-value"] or "null"), []))

    def handle_data(self, data: str) -> None:
        for _, _, text in self._open:
            text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag == "span":  # fig() always writes a span
            path, value, text = self._open.pop()
            self.found[path] = (value, "".join(text))


def page_figures(page: str) -> dict[str, tuple[object, str]]:
    parser = Figures()
    parser.feed(page)
    return parser.found


def resolve(data: object, path: str) -> object:
    """The value at a dotted path (list indices as numbers) of the --json output."""
    for part in path.split("."):
        if isinstance(data, list):
            data = data[int(part)]
        else:
            assert isinstance(data, dict), path
            data = data[part]
    return data


def shown(value: object) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "\u2014"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "\u2014"
    return str(value)


REQUIRED_FIGURES = (
    "chain.ok", "chain.events", "chain.head_hash", "chain.head_seal", "chain.verified_at",
    "checkpoint.seq", "checkpoint.valid", "checkpoint.head_consistent", "checkpoint.tree_root",
    "claims_now.active", "claims_now.quarantined", "claims_total",
    "erasures.0.fingerprint", "erasures.0.claims", "erasures.0.certificate_id",
    "erasures.0.signature", "erasures.0.probes", "erasures.0.probes_abstained",
    "erasures.0.probe_results",
    "reviews.0.reviewer", "reviews.0.approval_kind", "reviews.0.reviewed_hash",
    "reads_total", "reads_by_agent.0.agent", "reads.0.claim_ids",
    "reresolve.resolver_now", "reresolve.differences.0.resolver_then",
    "reresolve.differences.0.resolver_now", "resolver",
)


def copy_built(original: Built, into: Path) -> Built:
    """A private copy of a built store and its keyring (tests may tamper with theirs)."""
    store, keys = into / "store", into / "keyring"
    shutil.copytree(original.store, store)
    shutil.copytree(original.keys, keys)
    return dataclasses.replace(original, store=store, keys=keys)
