"""What a store can do, each capability delegating to the module that owns it.

``Store`` (store.py) owns opening, verification, replay and the sealed write path;
this mixin is its public face: remember, recall, forget, review, sources, views.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from affidavit.errors import AffidavitError, InvalidInput
from affidavit.events import Applied

if TYPE_CHECKING:
    from affidavit.erasure import ForgetOutcome
    from affidavit.recalling import RecallOutcome
    from affidavit.remembering import RememberOutcome
    from affidavit.sourcing import AddSourceOutcome, ReceiptReport
    from affidavit.store import Store


class Capabilities:
    def remember(self: Store, claim: str, evidence: str, **kwargs: object) -> RememberOutcome:
        """Propose a claim with its evidence; see ``affidavit.remembering``."""
        from affidavit.remembering import remember

        self._require_writable()
        return remember(self, claim, evidence, **kwargs)  # type: ignore[arg-type]

    def recall(self: Store, query: str, *, as_of: str | None = None,
               as_of_seq: int | None = None, limit: int = 10) -> RecallOutcome:
        """Answer from grounded claims or abstain; see ``affidavit.recalling``."""
        from affidavit.recalling import recall

        if as_of_seq is not None:
            with self.at(as_of_seq) as view:
                outcome = recall(view, query, as_of=as_of, limit=limit)
        else:
            self.catch_up()
            outcome = recall(self, query, as_of=as_of, limit=limit)
        if os.environ.get("AFFIDAVIT_AUDIT_READS"):
            from affidavit.audit import record_recall

            record_recall(self, query, outcome)
        return outcome

    def forget(self: Store, subject: str) -> ForgetOutcome:
        """Erase a subject provably and return the outcome with its certificate."""
        from affidavit.erasure import forget

        self._require_writable()
        return forget(self, subject)

    def review_items(self: Store):  # type: ignore[no-untyped-def]
        """Pending review items of this tenant (operator only)."""
        from affidavit.review import review_items

        self.catch_up()
        return review_items(self)

    def review(self: Store, item: str, decision: str, note: str, *,
               reviewed_hash: str | None = None):  # type: ignore[no-untyped-def]
        """Record an operator's decision on a review item (operator only)."""
        from affidavit.review import review

        self._require_writable()
        return review(self, item, decision, note, reviewed_hash=reviewed_hash)

    def freeze(self: Store, claim_id: str, note: str):  # type: ignore[no-untyped-def]
        from affidavit.review import freeze

        self._require_writable()
        return freeze(self, claim_id, note)

    def unfreeze(self: Store, claim_id: str, note: str):  # type: ignore[no-untyped-def]
        from affidavit.review import unfreeze

        self._require_writable()
        return unfreeze(self, claim_id, note)

    def add_source(self: Store, source_id: str, text: str, origin: str | None = None) -> AddSourceOutcome:
        from affidavit.sourcing import add_source

        self._require_writable()
        return add_source(self, source_id, text, origin)

    def verify_receipts(self: Store) -> ReceiptReport:
        from affidavit.sourcing import verify_all

        self.catch_up()
        return verify_all(self)

    # -- views as of a ledger position --------------------------------------------
    def at(self: Store, seq: int, observe: Callable[[Applied], None] | None = None) -> Store:
        """A read-only view of the store as it stood at ledger position ``seq`` (replayed)."""
        self.catch_up()
        if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= self.head_seq:
            raise InvalidInput("as_of_seq", f"expected a seq from 1 to {self.head_seq}")
        view = type(self)(self.path, self._ledger, self._keyring, self.store_id, self.identity,
                     self.clock, self.keyring_dir)
        view._readonly_at = seq
        view._owner = False
        if observe is not None:
            view._observers.append(observe)
        view._catch_up(self._ledger.rows(0, seq))
        return view

    _readonly_at: int | None = None
    _owner: bool = True

    def _require_writable(self) -> None:
        if self._readonly_at is not None:
            raise AffidavitError(f"this is a read-only view as of seq {self._readonly_at}")
