"""The store as MCP/CLI tools: plain JSON-able dicts in the public result shapes.

``open_backend`` is what `affidavit serve` and the tool subcommands use. Identity
comes from the process environment (AFFIDAVIT_TENANT / AFFIDAVIT_AGENT /
AFFIDAVIT_OPERATOR), never from arguments.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import structlog

from affidavit.api_hygiene import HygieneMethods, LazyHygieneMethods
from affidavit.identity import Identity
from affidavit.text.pinned import load_pinned
from affidavit.wording import plural

if TYPE_CHECKING:
    from affidavit.store import Store

log = structlog.get_logger("affidavit.api")


def _builtins(value: object) -> Any:
    return msgspec.to_builtins(value)


class StoreBackend(HygieneMethods):
    def __init__(self, store: Store) -> None:
        self.store = store
        self.operator = store.identity.operator

    def close(self) -> None:
        self.store.close()

    def remember(self, *, claim: str, evidence: str, source_id: str | None = None,
                 source_text: str | None = None, subject: str | None = None,
                 valid_from: str | None = None, valid_to: str | None = None,
                 supersedes: str | None = None, note: str | None = None) -> dict[str, Any]:
        out = self.store.remember(claim, evidence, source_id=source_id, source_text=source_text,
                                  subject=subject, valid_from=valid_from, valid_to=valid_to,
                                  supersedes=supersedes, note=note)
        result = {
            "status": out.status, "reason": out.reason, "claim_id": out.claim_id,
            "receipt": _builtins(out.receipt) if out.receipt is not None else None,
            "text": out.text, "detail": out.detail, "remedy": out.remedy, "term": out.term,
        }
        if out.admitted_text is not None:
            result["admitted_text"] = out.admitted_text
        if out.transitions:
            result["transitions"] = list(out.transitions)
        return result

    def recall(self, *, query: str, as_of: str | None = None, as_of_seq: int | None = None,
               limit: int = 10) -> dict[str, Any]:
        out = self.store.recall(query, as_of=as_of, as_of_seq=as_of_seq, limit=limit)
        keep = ("id", "text", "state", "valid_from", "valid_to", "receipt_status")
        return {
            "status": out.status, "reason": out.reason, "ungrounded_term": out.ungrounded_term,
            "claims": [{k: getattr(c, k) for k in keep} for c in out.claims],
            "known": [{k: getattr(c, k) for k in keep} for c in out.known],
            "next": out.next, "text": out.text, "as_of": out.as_of, "as_of_seq": out.as_of_seq,
        }

    def forget(self, *, subject: str) -> dict[str, Any]:
        out = self.store.forget(subject)
        return _builtins(out)

    def verify(self) -> dict[str, Any]:
        # Reports, never raises, for what it finds: a live engine that saw its chain break
        # refuses every other tool, but verify says ok=false and where (memory/verify.py).
        from affidavit.memory.verify import verify_result, verify_store

        return verify_result(verify_store(self.store))

    def history(self, *, subject: str | None = None, claim_id: str | None = None) -> dict[str, Any]:
        store = self.store
        store.catch_up()
        tenant = store.identity.tenant
        wanted_entities: set[str] = set()
        if subject is not None:
            wanted_entities = set(store.entities.resolve(tenant, subject))
        found = []
        from affidavit.memory.history import entries

        for entry in entries(store, tenant=tenant):
            if subject is not None and not wanted_entities.intersection(entry.entity_ids) and not (
                any((r := store.claims.get(c)) is not None and wanted_entities.intersection(r.entity_ids)
                    for c in entry.claim_ids)):
                continue
            if claim_id is not None and claim_id not in entry.claim_ids:
                continue
            found.append({"seq": entry.seq, "kind": entry.kind, "recorded_at": entry.recorded_at,
                          "actor": entry.actor, "summary": entry.summary})
        what = subject and "that subject" or claim_id and f"claim {claim_id}" or "this tenant"
        text = (f"{plural(len(found), 'ledger event')} about {what}" if found
                else f"no ledger events about {what} in this tenant")
        lines = [f"  {e['seq']:>6} {e['kind']:<20} {e['summary']}" for e in found[-50:]]
        return {"events": found, "text": "\n".join([text, *lines])}

    def add_source(self, *, source_id: str, text: str, origin: str | None = None) -> dict[str, Any]:
        out = self.store.add_source(source_id, text, origin)
        return _builtins(out)

    def stats(self) -> dict[str, Any]:
        store = self.store
        store.catch_up()
        tenant = store.identity.tenant
        counts = store.claims.counts(tenant)
        result = {
            "claims": counts, "subjects": store.entities.count(tenant),
            "sources": store.sources.count(tenant), "events": store.head_seq,
            "head_hash": store.head_hash.hex(),
        }
        result["text"] = (
            "claims: " + ", ".join(f"{v} {k}" for k, v in counts.items())
            + f"; {plural(store.entities.count(tenant), 'subject')}, "
            f"{plural(store.sources.count(tenant), 'source')}; "
            f"ledger {plural(store.head_seq, 'event')}, head {store.head_hash.hex()[:16]}…")
        return result

    def review_queue(self) -> dict[str, Any]:
        return _builtins(self.store.review_items())

    def review(self, *, item: str, decision: str, note: str,
               reviewed_hash: str | None = None) -> dict[str, Any]:
        out = self.store.review(item, decision, note, reviewed_hash=reviewed_hash)
        return _builtins(out)


def _store_class() -> type[Store]:
    # Imported on first use, not with this module: the use cases load the gates, and a
    # server answers initialize and tools/list before any of them is needed.
    from affidavit.store import Store

    return Store


def open_backend(store_path: str | Path | None, *,
                 keyring_dir: Path | None = None) -> StoreBackend:
    Store = _store_class()
    identity = Identity.from_env()
    store = Store.open(store_path or None, identity=identity, keyring_dir=keyring_dir)
    return StoreBackend(store)


def _load_pinned() -> None:
    try:
        load_pinned()
    except Exception as exc:  # the first use loads them then, and meets the same fault
        log.warning("lexicon_preload_failed", exc_type=type(exc).__name__)


class LazyStoreBackend(LazyHygieneMethods):
    """The server's backend: the store opens (verifies, replays) in the background.

    ``initialize`` and ``tools/list`` need no store, so an agent host that starts the
    server sees it answer at once whatever the store's size, while verification runs.
    Every tool call waits for the open to finish; nothing is served before the chain
    has verified, and a store that fails verification fails every tool call with the
    typed error that names the first bad seq (fail closed).

    The pinned lexical resources the gates read load meanwhile on a thread of their own
    (``affidavit.text.pinned``): mostly decompression and hashing, which run beside the
    open rather than after it. A tool call waits for that too, so the first question
    never loads them a second time alongside.
    """

    def __init__(self, store_path: str | None, keyring_dir: Path | None = None) -> None:
        self._path = store_path or None  # a directory or a postgresql:// URL
        self._keyring_dir = keyring_dir
        self._identity = Identity.from_env()  # a bad identity still fails at start
        self.operator = self._identity.operator
        self._inner: StoreBackend | None = None
        self._error: BaseException | None = None
        self._loading = threading.Thread(target=_load_pinned, name="affidavit-lexicon", daemon=True)
        self._loading.start()
        self._opening = threading.Thread(target=self._open, name="affidavit-open", daemon=True)
        self._opening.start()

    def _open(self) -> None:
        try:
            store = _store_class().open(self._path, identity=self._identity,
                                        keyring_dir=self._keyring_dir)
            # A server store catches up in the background as others' appends are announced
            # (PostgreSQL); every call below runs under the store's lock, so it never sees a
            # half-applied catch-up.
            store.follow()
            self._inner = StoreBackend(store)
        except BaseException as exc:  # re-raised on every call, in the caller's thread
            self._error = exc
            log.error("store_open_failed", code=getattr(exc, "code", type(exc).__name__))

    def _backend(self) -> StoreBackend:
        self._opening.join()
        self._loading.join()
        if self._error is not None:
            raise self._error
        assert self._inner is not None
        return self._inner

    def _call(self, name: str, **arguments: Any) -> dict[str, Any]:
        backend = self._backend()
        with backend.store.lock:
            result: dict[str, Any] = getattr(backend, name)(**arguments)
        return result

    def close(self) -> None:
        self._opening.join()
        if self._inner is not None:
            self._inner.close()

    def remember(self, **arguments: Any) -> dict[str, Any]:
        return self._call("remember", **arguments)

    def recall(self, **arguments: Any) -> dict[str, Any]:
        return self._call("recall", **arguments)

    def forget(self, **arguments: Any) -> dict[str, Any]:
        return self._call("forget", **arguments)

    def verify(self) -> dict[str, Any]:
        self._opening.join()
        if self._error is not None:
            # The store refused to open; verify still reports what is wrong (the ledger as
            # stored), while every other tool keeps failing closed.
            from affidavit.memory.verify import verify_at, verify_result

            return verify_result(verify_at(self._path, identity=self._identity))
        return self._call("verify")

    def history(self, **arguments: Any) -> dict[str, Any]:
        return self._call("history", **arguments)

    def add_source(self, **arguments: Any) -> dict[str, Any]:
        return self._call("add_source", **arguments)

    def stats(self) -> dict[str, Any]:
        return self._call("stats")

    def review_queue(self) -> dict[str, Any]:
        return self._call("review_queue")

    def review(self, **arguments: Any) -> dict[str, Any]:
        return self._call("review", **arguments)


def open_lazy_backend(store_path: str | None,
                      keyring_dir: Path | None = None) -> LazyStoreBackend:
    return LazyStoreBackend(store_path, keyring_dir)
