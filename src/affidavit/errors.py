"""Every exception affidavit raises, under one root.

Failures are exceptions; refusals are values (see ``affidavit.gates``). Messages
say what was expected, what was found and where, and never carry personal
content: refer to claims by id, events by seq, subjects by fingerprint.
"""

from __future__ import annotations


class AffidavitError(Exception):
    """Root of every error raised by affidavit."""

    code: str = "affidavit_error"


class InvalidInput(AffidavitError):
    """A caller-supplied value is malformed; nothing was written."""

    code = "invalid_input"

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"invalid {field}: {problem}")
        self.field = field
        self.problem = problem


class LedgerError(AffidavitError):
    """The ledger file could not be used."""

    code = "ledger_error"


class NotALedger(LedgerError):
    """The file is not an affidavit ledger (garbage, truncated, another database)."""

    code = "not_a_ledger"


class ChainBroken(LedgerError):
    """Verification found the first event that does not chain; the store refuses to open."""

    code = "chain_broken"

    def __init__(self, seq: int, expected: str, found: str) -> None:
        super().__init__(f"chain broken at seq {seq}: expected {expected}, found {found}")
        self.seq = seq
        self.expected = expected
        self.found = found


class UnknownEventKind(LedgerError):
    """An event kind outside the closed vocabulary this version knows."""

    code = "unknown_event_kind"

    def __init__(self, kind: str, seq: int | None = None) -> None:
        where = f" at seq {seq}" if seq is not None else ""
        super().__init__(
            f"unknown event kind {kind!r}{where}; this version of affidavit cannot apply it"
        )
        self.kind = kind
        self.seq = seq


class EventUndecodable(LedgerError):
    """A verified event whose body does not match the schema of its kind."""

    code = "event_undecodable"

    def __init__(self, seq: int, kind: str, problem: str) -> None:
        super().__init__(f"event at seq {seq} ({kind}) does not decode: {problem}")
        self.seq = seq
        self.kind = kind


class ConcurrentWriteTimeout(LedgerError):
    """Another process held the write lock for longer than the busy timeout."""

    code = "write_lock_timeout"


class StorageFull(LedgerError):
    """The disk (or the database's size limit) is full: nothing of the write was kept."""

    code = "disk_full"


class StorageReadOnly(LedgerError):
    """A file affidavit must write is read-only to this process (permissions, a read-only mount)."""

    code = "read_only"


class StorageIOError(LedgerError):
    """The operating system reported an I/O error reading or writing a store or keyring file."""

    code = "io_error"


def storage_failure(exc: OSError, name: str, kept: str = "nothing of the write was kept") -> LedgerError:
    """An ``OSError`` from writing ``name`` (a file name, never a path) as the typed error it is.

    Full disk, permission denied and other I/O errors each say what happened and what to
    do; ``kept`` says what state the failed write left (callers know it, the OS does not).
    """
    import errno

    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return StorageFull(f"disk full: {name} could not be written, so {kept}; free space on "
                           "that filesystem (or raise the quota) and retry")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return StorageReadOnly(f"permission denied: {name} could not be written, so {kept}; "
                               "give this user read-write access to the file and its directory "
                               "(or remount the filesystem read-write) and retry")
    return StorageIOError(f"I/O error ({errno.errorcode.get(exc.errno or 0, 'unknown')}): {name} "
                          f"could not be written, so {kept}; check the disk and filesystem, "
                          "then retry")


class ErasurePending(AffidavitError):
    """Committed erasures list keys the keyring still holds, and destroying them failed.

    Raised by an open that cannot finish an interrupted erasure (``forget`` itself
    reports the same state as an ``incomplete`` outcome). ``cause`` is the code of the
    keyring failure (``disk_full``, ``read_only``, ``io_error``, ...).
    """

    code = "erasure_pending"

    def __init__(self, keys_pending: int, erasure_seqs: tuple[int, ...], cause: AffidavitError) -> None:
        where = ", ".join(str(s) for s in erasure_seqs[:5]) or "?"
        super().__init__(
            f"the erasure committed at seq {where} is still pending: {keys_pending} of its keys "
            f"are not yet destroyed (every projection already treats the subject as gone), "
            f"because the keyring write failed ({cause.code}: {cause}). Fix that, then open "
            "the store again: the open finishes the erasure")
        self.keys_pending = keys_pending
        self.erasure_seqs = erasure_seqs
        self.cause = cause


class KeyringError(AffidavitError):
    """The keyring is missing, unreadable or does not belong to this store."""

    code = "keyring_error"


class KeyUnavailable(KeyringError):
    """A data key is not held (destroyed by an erasure, or the keyring was lost)."""

    code = "key_unavailable"

    def __init__(self, key_id: str, erased: bool) -> None:
        why = "destroyed by an erasure" if erased else "not held by this keyring"
        super().__init__(f"data key {key_id} is {why}")
        self.key_id = key_id
        self.erased = erased


class SealedWrite(AffidavitError):
    """Projected state was mutated outside ledger append/apply."""

    code = "sealed_write"


class NotAuthorized(AffidavitError):
    """The process lacks the authority (operator flag) the call needs."""

    code = "not_authorized"


class SourceConflict(AffidavitError):
    """A source id is already registered with different text."""

    code = "source_conflict"


class UnknownSource(AffidavitError):
    """A source id that is not registered in this tenant."""

    code = "unknown_source"


class NotFound(AffidavitError):
    """A claim or review item that does not exist in this tenant."""

    code = "not_found"


class StaleReview(AffidavitError):
    """A review decision was made on a version of the item that has since changed."""

    code = "stale_review"


class CertificateInvalid(AffidavitError):
    """An erasure certificate did not verify."""

    code = "certificate_invalid"


class InvalidTransition(AffidavitError):
    """A claim exists in this tenant but its state does not allow the requested transition."""

    code = "invalid_transition"


class NoCheckpoint(AffidavitError):
    """No signed checkpoint covers the events a proof was asked about."""

    code = "no_checkpoint"


class LogBehindCheckpoint(NoCheckpoint):
    """A checkpoint the verifier holds is ahead of this store's head: what a rollback looks like.

    A checkpoint of ``size`` events is signed as event ``size + 1``; a store whose head
    is at or before ``size`` never held it, so it is an older copy of the log (restored
    together with its keyring), not a store that merely needs a new checkpoint.
    """

    code = "log_behind_checkpoint"

    def __init__(self, size: int, head_seq: int) -> None:
        super().__init__(
            f"the checkpoint you hold covers {size} events and was signed as event {size + 1}, "
            f"but this store's head is at seq {head_seq}: the newest checkpoint you hold is "
            "ahead of this store's head, which is what a rollback looks like (an older copy "
            "of the store and its keyring restored together). A new `affidavit checkpoint` "
            "would not repair this; compare with the copy the checkpoint was taken from")
        self.size = size
        self.head_seq = head_seq


class ExportError(AffidavitError):
    """A bundle could not be written (the target exists and is not empty, or a claim is unknown)."""

    code = "export_error"


class ResourceCorrupt(AffidavitError):
    """A data file the package ships (a pinned table) is missing or altered: reinstall."""

    code = "resource_corrupt"

    def __init__(self, resource: str, problem: str) -> None:
        super().__init__(f"{resource} {problem}; reinstall affidavit")
        self.resource = resource
        self.problem = problem
