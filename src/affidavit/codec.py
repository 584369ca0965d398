"""Canonical encoding of event bodies and typed decoding, built once.

The ledger hashes the *stored* body bytes, so verification never depends on
re-encoding; decoding is a separate step that may fail on an unknown kind.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from affidavit.chain import Row
from affidavit.errors import EventUndecodable, UnknownEventKind
from affidavit.events import KIND_OF, KINDS, REPLAY_KINDS, Event, Sealed

_encoder = msgspec.json.Encoder(order="deterministic")
_decoders: dict[str, msgspec.json.Decoder[Any]] = {
    kind: msgspec.json.Decoder(cls) for kind, cls in KINDS.items()
}
# For replay's loop, which indexes it directly (one lookup, no call) and falls back to
# ``decode_event`` for the error when a kind is unknown or a body is bad. Claim events
# decode into their lazy shape (``REPLAY_KINDS``): the sealed content stays JSON text.
REPLAY_DECODERS: Final[dict[str, msgspec.json.Decoder[Any]]] = {
    **_decoders, **{kind: msgspec.json.Decoder(cls) for kind, cls in REPLAY_KINDS.items()}
}
_sealed_decoder = msgspec.json.Decoder(Sealed)


def decode_sealed(raw: msgspec.Raw) -> Sealed | None:
    """A sealed field kept as JSON text by replay, or None when it is not a ``Sealed``."""
    try:
        return _sealed_decoder.decode(raw)
    except msgspec.DecodeError:
        return None
_private_encoder = msgspec.msgpack.Encoder(order="deterministic")


def kind_of(event: Event) -> str:
    try:
        return KIND_OF[type(event)]
    except KeyError:
        raise UnknownEventKind(type(event).__name__) from None


def encode_body(event: Event) -> bytes:
    kind_of(event)  # refuse anything outside the closed vocabulary
    return _encoder.encode(event)


def decode_body(kind: str, body: bytes, seq: int | None = None) -> Event:
    decoder = _decoders.get(kind)
    if decoder is None:
        raise UnknownEventKind(kind, seq)
    result: Event = decoder.decode(body)
    return result


def encode_private(value: msgspec.Struct) -> bytes:
    return _private_encoder.encode(value)


_private_decoders: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def decode_private(cls: type, data: bytes) -> Any:
    decoder = _private_decoders.get(cls)
    if decoder is None:
        decoder = _private_decoders[cls] = msgspec.msgpack.Decoder(cls)
    return decoder.decode(data)


def decode_event(row: Row) -> Event:
    """Decode a verified row; a body that does not match its kind's schema is named by seq."""
    # Replay calls this once per event: one dict lookup and one decode, no helper call.
    decoder = _decoders.get(row.kind)
    if decoder is None:
        raise UnknownEventKind(row.kind, row.seq)
    try:
        result: Event = decoder.decode(row.body)
    except msgspec.DecodeError as exc:
        raise EventUndecodable(row.seq, row.kind, str(exc)) from None
    return result
