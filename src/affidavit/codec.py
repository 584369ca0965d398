"""Encoding of event bodies and typed decoding, built once.

The ledger hashes the *stored* body bytes, so verification never depends on
re-encoding; decoding is a separate step that may fail on an unknown kind. Two body
formats are read, told apart by their first byte: JSON (ledger format 1, an object,
so ``{``) and the compact encoding (format 2, ``0x01``, ``affidavit.compact``), which
is what this version writes. Sealed payloads likewise: a msgpack map (format 1) or a
positional msgpack array (format 2), told apart after decryption by their first byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from affidavit import compact
from affidavit.chain import Row
from affidavit.errors import EventUndecodable, UnknownEventKind
from affidavit.events import COMPACT_REPLAY_KINDS, KIND_OF, KINDS, REPLAY_KINDS, Event, Sealed

_json_encoder = msgspec.json.Encoder(order="deterministic")
_decoders: dict[str, msgspec.json.Decoder[Any]] = {
    kind: msgspec.json.Decoder(cls) for kind, cls in KINDS.items()
}
# For replay's loop, which indexes it directly (one lookup, no call) and falls back to
# ``decode_event`` for the error when a kind is unknown or a body is bad. Claim events
# in JSON decode into their lazy shape (``REPLAY_KINDS``): the sealed content stays JSON
# text. A compact body (first byte ``compact.FORMAT_BYTE``) goes to ``decode_compact``.
REPLAY_DECODERS: Final[dict[str, msgspec.json.Decoder[Any]]] = {
    **_decoders, **{kind: msgspec.json.Decoder(cls) for kind, cls in REPLAY_KINDS.items()}
}
COMPACT_FORMAT_BYTE: Final = compact.FORMAT_BYTE
_sealed_decoder = msgspec.json.Decoder(Sealed)


class _CompactDecoders(dict[str, Callable[[bytes], Event]]):
    """Decoders by kind, each made on the first body of its kind (a KeyError for a kind
    outside the vocabulary). Making one costs about 3 ms (the twin struct, its builder,
    the typed decoder); a store opens with a few kinds of the sixteen, an empty one with
    one, so none is made before a body needs it."""

    def __missing__(self, kind: str) -> Callable[[bytes], Event]:
        decode: Callable[[bytes], Event] = compact.decoder_for(KINDS[kind], COMPACT_REPLAY_KINDS.get(kind))
        self[kind] = decode
        return decode


def compact_replay_decoders() -> dict[str, Callable[[bytes], Event]]:
    """This thread's decoders of compact bodies by kind, as replay's loop calls them
    (a KeyError for an unknown kind, like ``REPLAY_DECODERS``). Claim events decode into
    their kept shape (``COMPACT_REPLAY_KINDS``): the sealed content stays as parsed."""
    return _CompactDecoders()


def decode_sealed(value: object) -> Sealed | None:
    """A claim's sealed content as replay kept it (a ``Sealed``, JSON text, or the parsed
    positional twin of a compact body), or None when it is not a ``Sealed``."""
    if isinstance(value, Sealed):
        return value
    try:
        if isinstance(value, msgspec.Raw):
            return _sealed_decoder.decode(value)
        sealed: Sealed = msgspec.convert(value, Sealed, from_attributes=True)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    return sealed


def kind_of(event: Event) -> str:
    try:
        return KIND_OF[type(event)]
    except KeyError:
        raise UnknownEventKind(type(event).__name__) from None


def encode_body(event: Event) -> bytes:
    """The body this version writes: the compact encoding (ledger format 2)."""
    kind_of(event)  # refuse anything outside the closed vocabulary
    return compact.encode(event)


def encode_json_body(event: Event) -> bytes:
    """The ledger format 1 body: deterministic JSON (how stores written before are read)."""
    kind_of(event)
    return _json_encoder.encode(event)


def decode_body(kind: str, body: bytes, seq: int | None = None) -> Event:
    decoder = _decoders.get(kind)
    if decoder is None:
        raise UnknownEventKind(kind, seq)
    if compact.is_compact(body):
        result_compact: Event = compact.decode(KINDS[kind], body)
        return result_compact
    result: Event = decoder.decode(body)
    return result


_private_map_encoder = msgspec.msgpack.Encoder(order="deterministic")


def encode_private(value: msgspec.Struct) -> bytes:
    """A sealed payload's plaintext: a positional msgpack array (format 2)."""
    return compact.encode_plain(value)


def encode_private_map(value: msgspec.Struct) -> bytes:
    """A format 1 plaintext: a msgpack map keyed by field name."""
    return _private_map_encoder.encode(value)


_private_decoders: dict[type, msgspec.msgpack.Decoder[Any]] = {}


def decode_private(cls: type, data: bytes) -> Any:
    if compact.is_array(data):
        return compact.decode_plain(cls, data)
    decoder = _private_decoders.get(cls)
    if decoder is None:
        decoder = _private_decoders[cls] = msgspec.msgpack.Decoder(cls)
    return decoder.decode(data)


def decode_event(row: Row) -> Event:
    """Decode a verified row; a body that does not match its kind's schema is named by seq."""
    try:
        return decode_body(row.kind, row.body, row.seq)
    except msgspec.DecodeError as exc:
        raise EventUndecodable(row.seq, row.kind, str(exc)) from None
