"""The public facade: ``Store`` is an opened engine with the use cases as methods.

``Store.open`` opens (or creates), verifies and replays (``affidavit.engine``); each
method validates the call's mode (a read-only view refuses writes) and delegates to
the function in ``affidavit.memory`` that owns the use case. Nothing here decides.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from affidavit.clock import Clock
from affidavit.engine import LEDGER_FILE, Engine, default_store_path, open_engine
from affidavit.events import Applied
from affidavit.identity import Identity
from affidavit.ledger import Durability
from affidavit.memory.recall import RecallOutcome, recall

if TYPE_CHECKING:
    # Every use case but recall loads on its first call, not on open: the write path (the
    # gate's rules), forget (the signer), disputes and browsing (the conflict rules and
    # their number readers) are not what a server's first answer needs.
    from affidavit.memory.browse import ClaimPage, Filters
    from affidavit.memory.disputes import DisputeView, ResolveOutcome
    from affidavit.memory.forget import ForgetOutcome
    from affidavit.memory.freeze import StateOutcome
    from affidavit.memory.importing import ImportLine, ImportReport
    from affidavit.memory.remember import RememberOutcome
    from affidavit.memory.review import ReviewOutcome, ReviewQueueView
    from affidavit.memory.sources import AddSourceOutcome, ReceiptReport

__all__ = ["LEDGER_FILE", "Store", "default_store_path"]


class Store(Engine):
    """One opened store: the ledger, its keyring, the projections, and what you can ask of it."""

    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        identity: Identity | None = None,
        keyring_dir: str | Path | None = None,
        clock: Clock | None = None,
        durability: Durability = "full",
        create: bool = True,
        allow_missing_keyring: bool = False,
    ) -> Store:
        """Open (or create) the store at ``path``; verify the chain from genesis and replay it."""
        return open_engine(cls, path, identity=identity, keyring_dir=keyring_dir, clock=clock,
                           durability=durability, create=create,
                           allow_missing_keyring=allow_missing_keyring)

    def remember(
        self,
        claim: str,
        evidence: str,
        *,
        source_id: str | None = None,
        source_text: str | None = None,
        subject: str | None = None,
        valid_from: str | None = None,
        valid_to: str | None = None,
        supersedes: str | None = None,
        note: str | None = None,
    ) -> RememberOutcome:
        """Propose a claim with its evidence; see ``affidavit.memory.remember``.

        ``supersedes=CLAIM_ID`` (with ``note`` saying why) records a deliberate
        correction of that claim (``affidavit.memory.correct``).
        """
        self.require_writable()
        from affidavit.memory.remember import remember

        return remember(self, claim, evidence, source_id=source_id, source_text=source_text,
                        subject=subject, valid_from=valid_from, valid_to=valid_to,
                        supersedes=supersedes, note=note)

    def import_claims(self, items: Iterable[ImportLine | Mapping[str, object]], *,
                      batch_size: int = 200) -> ImportReport:
        """Remember many claims through the same gate, synced in batches, resumable;
        see ``affidavit.memory.importing``."""
        from affidavit.memory.importing import import_claims

        return import_claims(self, items, batch_size=batch_size)

    def recall(self, query: str, *, as_of: str | None = None,
               as_of_seq: int | None = None, limit: int = 10) -> RecallOutcome:
        """Answer from grounded claims or abstain; see ``affidavit.memory.recall``."""
        if as_of_seq is not None:
            with self.at(as_of_seq) as view:
                outcome = recall(view, query, as_of=as_of, limit=limit)
        else:
            self.catch_up()
            outcome = recall(self, query, as_of=as_of, limit=limit)
        if os.environ.get("AFFIDAVIT_AUDIT_READS"):
            from affidavit.memory.audit import record_recall

            record_recall(self, query, outcome)
        return outcome

    def forget(self, subject: str) -> ForgetOutcome:
        """Erase a subject provably and return the outcome with its certificate."""
        self.require_writable()
        from affidavit.memory.forget import forget

        return forget(self, subject)

    def review_items(self) -> ReviewQueueView:
        """Pending review items of this tenant (operator only)."""
        self.catch_up()
        from affidavit.memory import review as reviewing

        return reviewing.review_items(self)

    def review(self, item: str, decision: str, note: str, *,
               reviewed_hash: str | None = None) -> ReviewOutcome:
        """Record an operator's decision on a review item (operator only)."""
        self.require_writable()
        from affidavit.memory import review as reviewing

        return reviewing.review(self, item, decision, note, reviewed_hash=reviewed_hash)

    def freeze(self, claim_id: str, note: str) -> StateOutcome:
        """Freeze a claim: kept for audit, never recalled (operator only)."""
        self.require_writable()
        from affidavit.memory import freeze as freezing

        return freezing.freeze(self, claim_id, note)

    def unfreeze(self, claim_id: str, note: str) -> StateOutcome:
        """Return a frozen claim to the state it was frozen from (operator only)."""
        self.require_writable()
        from affidavit.memory import freeze as freezing

        return freezing.unfreeze(self, claim_id, note)

    def claims_page(self, filters: Filters | None = None, *, cursor: str | None = None,
                    limit: int = 20) -> ClaimPage:
        """One page of this tenant's claims, oldest first; see ``affidavit.memory.browse``."""
        self.catch_up()
        from affidavit.memory.browse import list_claims

        return list_claims(self, filters, cursor=cursor, limit=limit)

    def dispute(self, claim_id: str) -> DisputeView:
        """The dispute a claim is part of, with the hash a resolution binds to (operator only)."""
        self.catch_up()
        from affidavit.memory import disputes as disputing

        return disputing.dispute_of(self, claim_id)

    def resolve_dispute(self, claim_id: str, decision: str, note: str, *,
                        keep: str | None = None,
                        intervals: dict[str, tuple[str | None, str | None]] | None = None,
                        reviewed_hash: str | None = None) -> ResolveOutcome:
        """Keep one claim of a dispute, or both at different valid times (operator only)."""
        self.require_writable()
        from affidavit.memory import disputes as disputing

        return disputing.resolve_dispute(self, claim_id, decision, note, keep=keep,
                                         intervals=intervals, reviewed_hash=reviewed_hash)

    def add_source(self, source_id: str, text: str, origin: str | None = None) -> AddSourceOutcome:
        """Register a source document under an opaque id, for later citation by id."""
        self.require_writable()
        from affidavit.memory import sources

        return sources.add_source(self, source_id, text, origin)

    def verify_receipts(self) -> ReceiptReport:
        """Re-derive every receipt of this tenant from the held sources."""
        self.catch_up()
        from affidavit.memory import sources

        return sources.verify_all(self)

    def at(self, seq: int, observe: Callable[[Applied], None] | None = None) -> Store:
        """A read-only view of the store as it stood at ledger position ``seq`` (replayed)."""
        return self.view_at(seq, observe)
