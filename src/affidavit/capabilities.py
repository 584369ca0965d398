"""What a store can do, each capability delegating to the module that owns it.

``Store`` (store.py) owns opening, verification, replay and the sealed write path;
this mixin is its public face: remember, recall, forget, review, sources, views.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, cast

from affidavit.errors import AffidavitError, InvalidInput
from affidavit.events import Applied

if TYPE_CHECKING:
    from affidavit.erasure import ForgetOutcome
    from affidavit.importing import ImportLine, ImportReport
    from affidavit.recalling import RecallOutcome
    from affidavit.remembering import RememberOutcome
    from affidavit.review import ReviewOutcome, ReviewQueueView
    from affidavit.review_freeze import StateOutcome
    from affidavit.sourcing import AddSourceOutcome, ReceiptReport
    from affidavit.store import Store


class Capabilities:
    """Mixed into ``Store``; ``_store`` is ``self`` typed as the full store."""

    _readonly_at: int | None = None
    _owner: bool = True

    @property
    def _store(self) -> Store:
        return cast("Store", self)

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
    ) -> RememberOutcome:
        """Propose a claim with its evidence; see ``affidavit.remembering``."""
        from affidavit.remembering import remember

        self._require_writable()
        return remember(self._store, claim, evidence, source_id=source_id,
                        source_text=source_text, subject=subject, valid_from=valid_from,
                        valid_to=valid_to)

    def import_claims(self, items: Iterable[ImportLine | Mapping[str, object]], *,
                      batch_size: int = 200) -> ImportReport:
        """Remember many claims through the same gate, synced in batches, resumable;
        see ``affidavit.importing``."""
        from affidavit.importing import import_claims

        return import_claims(self._store, items, batch_size=batch_size)

    def recall(self, query: str, *, as_of: str | None = None,
               as_of_seq: int | None = None, limit: int = 10) -> RecallOutcome:
        """Answer from grounded claims or abstain; see ``affidavit.recalling``."""
        from affidavit.recalling import recall

        store = self._store
        if as_of_seq is not None:
            with self.at(as_of_seq) as view:
                outcome = recall(view, query, as_of=as_of, limit=limit)
        else:
            store.catch_up()
            outcome = recall(store, query, as_of=as_of, limit=limit)
        if os.environ.get("AFFIDAVIT_AUDIT_READS"):
            from affidavit.audit import record_recall

            record_recall(store, query, outcome)
        return outcome

    def forget(self, subject: str) -> ForgetOutcome:
        """Erase a subject provably and return the outcome with its certificate."""
        from affidavit.erasure import forget

        self._require_writable()
        return forget(self._store, subject)

    def review_items(self) -> ReviewQueueView:
        """Pending review items of this tenant (operator only)."""
        from affidavit.review import review_items

        self._store.catch_up()
        return review_items(self._store)

    def review(self, item: str, decision: str, note: str, *,
               reviewed_hash: str | None = None) -> ReviewOutcome:
        """Record an operator's decision on a review item (operator only)."""
        from affidavit.review import review

        self._require_writable()
        return review(self._store, item, decision, note, reviewed_hash=reviewed_hash)

    def freeze(self, claim_id: str, note: str) -> StateOutcome:
        """Freeze a claim: kept for audit, never recalled (operator only)."""
        from affidavit.review import freeze

        self._require_writable()
        return freeze(self._store, claim_id, note)

    def unfreeze(self, claim_id: str, note: str) -> StateOutcome:
        """Return a frozen claim to the state it was frozen from (operator only)."""
        from affidavit.review import unfreeze

        self._require_writable()
        return unfreeze(self._store, claim_id, note)

    def add_source(self, source_id: str, text: str, origin: str | None = None) -> AddSourceOutcome:
        """Register a source document under an opaque id, for later citation by id."""
        from affidavit.sourcing import add_source

        self._require_writable()
        return add_source(self._store, source_id, text, origin)

    def verify_receipts(self) -> ReceiptReport:
        """Re-derive every receipt of this tenant from the held sources."""
        from affidavit.sourcing import verify_all

        self._store.catch_up()
        return verify_all(self._store)

    def at(self, seq: int, observe: Callable[[Applied], None] | None = None) -> Store:
        """A read-only view of the store as it stood at ledger position ``seq`` (replayed)."""
        store = self._store
        store.catch_up()
        if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= store.head_seq:
            raise InvalidInput("as_of_seq", f"expected a seq from 1 to {store.head_seq}")
        view = type(store)(store.path, store._ledger, store._keyring, store.store_id,
                           store.identity, store.clock, store.keyring_dir)
        view._readonly_at = seq
        view._owner = False
        if observe is not None:
            view._observers.append(observe)
        collecting = gc.isenabled()
        gc.disable()  # as at open: replay allocates many small acyclic objects
        try:
            with store._ledger.scan(0, seq) as rows:
                view._catch_up(rows)
        finally:
            if collecting:
                gc.enable()
        return view

    def _require_writable(self) -> None:
        if self._readonly_at is not None:
            raise AffidavitError(f"this is a read-only view as of seq {self._readonly_at}")
