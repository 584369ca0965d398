"""The backend methods of the browse and operator tools: list_claims, freeze, unfreeze,
resolve_dispute. Mixed into ``affidavit.api.StoreBackend`` (and delegated by the lazy one).

Authority is the store's identity, from the process; these methods only shape results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from affidavit.errors import InvalidInput

if TYPE_CHECKING:
    from affidavit.store import Store


class HygieneMethods:
    store: Store

    def list_claims(self, *, cursor: str | None = None, limit: int = 20,
                    written_by: str | None = None, **filters: Any) -> dict[str, Any]:
        from affidavit.memory.browse import Filters  # browsing loads on its first call

        page = self.store.claims_page(Filters(agent=written_by, **filters), cursor=cursor,
                                      limit=limit)
        keep = ("id", "state", "text", "agent", "valid_from", "valid_to", "seq",
                "receipt_status", "dispute_hash")
        return {"claims": [{k: getattr(r, k) for k in keep} for r in page.claims],
                "matched": page.matched, "next_cursor": page.next_cursor, "text": page.text}

    def freeze(self, *, claim_id: str, note: str) -> dict[str, Any]:
        out = self.store.freeze(claim_id, note)
        return msgspec.to_builtins(out)

    def unfreeze(self, *, claim_id: str, note: str) -> dict[str, Any]:
        out = self.store.unfreeze(claim_id, note)
        return msgspec.to_builtins(out)

    def resolve_dispute(self, *, claim_id: str, decision: str, note: str,
                        keep: str | None = None, intervals: list[Any] | None = None,
                        reviewed_hash: str | None = None) -> dict[str, Any]:
        spans = None
        if intervals is not None:
            spans = {}
            for item in intervals:
                got = item if isinstance(item, dict) else msgspec.structs.asdict(item)
                if got["claim_id"] in spans:
                    raise InvalidInput("intervals", "one interval per claim")
                spans[got["claim_id"]] = (got.get("valid_from"), got.get("valid_to"))
        out = self.store.resolve_dispute(claim_id, decision, note, keep=keep, intervals=spans,
                                         reviewed_hash=reviewed_hash)
        result: dict[str, Any] = msgspec.to_builtins(out)
        return result


class LazyHygieneMethods:
    """The same tools on the server's lazily opened backend: wait for the open, then delegate."""

    def _backend(self) -> Any:
        raise NotImplementedError

    def list_claims(self, **arguments: Any) -> dict[str, Any]:
        return self._backend().list_claims(**arguments)

    def freeze(self, **arguments: Any) -> dict[str, Any]:
        return self._backend().freeze(**arguments)

    def unfreeze(self, **arguments: Any) -> dict[str, Any]:
        return self._backend().unfreeze(**arguments)

    def resolve_dispute(self, **arguments: Any) -> dict[str, Any]:
        return self._backend().resolve_dispute(**arguments)
