"""The compact body encoding (ledger format 2): exact both ways, frozen, and fails typed.

Bodies are hashed as stored, so the encoding needs no canonical form, but decoding must
give back exactly the struct that was written, for every kind, whatever its strings
hold; a malformed body is an ``EventUndecodable`` naming its seq, never a stray
exception. The frozen vector pins the bytes: changing it is a format change.
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from affidavit import codec, compact
from affidavit import events as ev
from affidavit.chain import Row
from affidavit.errors import EventUndecodable
from affidavit.events import KINDS, ClaimAdmitted, ClaimPrivate, EntityPrivate, ReceiptRef, Sealed
from affidavit.merkle import Receipt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
import affidavit_verify  # noqa: E402  (the standalone verifier reads the format on its own)

A, B = "k_" + "ab" * 12, "k_" + "cd" * 12
ROOT, LEAF, REF = "11" * 32, "22" * 32, "33" * 32
SEALED = Sealed(keys=(A, B), nonce=bytes(range(12)), ct=bytes(range(40)))
RECEIPT = ReceiptRef(source_ref=REF, receipt=Receipt(
    root_hex=ROOT, byte_start=3, byte_end=40, part_indices=(0, 1), leaf_hashes_hex=(LEAF, ROOT),
    proofs=((ROOT,), (LEAF,)), tree_size=2, parts_byte_start=0))
CLAIM = ClaimAdmitted(claim_id="clm_0123456789abcdef", subject_id=A, entity_ids=(A, B),
                      verdict="ACCEPT", private=SEALED, receipt=RECEIPT, evidence=SEALED,
                      evidence_entity_ids=(A, B))
# The claim above, compact: frozen. A change here is a ledger format change.
CLAIM_BODY = (
    "019b"  # format 2, an array of the 11 fields
    "c70c0203636c6d0123456789abcdef"  # claim_id: token 0, prefix "clm" and 8 bytes
    "c70e02016babababababababababababab"  # subject_id: token 1 (A)
    "92d40001c70e02016bcdcdcdcdcdcdcdcdcdcdcdcd"  # entity_ids: a reference to 1, token 2 (B)
    "a6414343455054"  # verdict
    "9392d40001d40002c40c000102030405060708090a0b"  # private: keys (1, 2), nonce,
    "c428000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021222324252627"  # ct
    "92c72001" + "33" * 32  # receipt: source_ref, token 3,
    + "98c72001" + "11" * 32  # root_hex, token 4,
    + "0328920001"  # byte range, part indices
    "92c72001" + "22" * 32 + "d40004"  # leaf hashes: token 5, a reference to 4
    + "9291d4000491d40005"  # proofs
    "0200"  # tree size, parts_byte_start
    "c0c0c0"  # valid_from, valid_to, review_seq
    "9392d40001d40002c40c000102030405060708090a0b"  # evidence: keys, nonce,
    "c428000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021222324252627"  # ct
    "92d40001d40002"  # evidence_entity_ids
)

ONE_OF_EACH = [
    ev.StoreCreated(store_id="00112233445566778899aabbccddeeff"),
    ev.EntityRegistered(entity_id=A, name=Sealed(keys=(A,), nonce=b"n" * 12, ct=b"c" * 20)),
    ev.EntityRegistered(entity_id=B, name=SEALED, alias_of=A),
    ev.SourceRegistered(source_ref=REF, root=ROOT, leaf_hashes=(ROOT,), part_spans=((0, 40),),
                     meta=SEALED, parts=(SEALED,), part_mentions=((LEAF, REF),)),
    CLAIM,
    ClaimAdmitted(claim_id="syn_000000007", subject_id=A, entity_ids=(A,), verdict="RESCUE",
                  private=SEALED),
    ev.ClaimQuarantined(claim_id="clm_00000000deadbeef", subject_id=B, entity_ids=(B,),
                     reason="previously_erased", private=SEALED, fingerprint=LEAF),
    ev.ClaimStateChanged(claim_id="clm_00000000deadbeef", from_state="active", to_state="frozen",
                      reason="frozen_by_operator", cause_seq=9, note=SEALED),
    ev.ReviewDecided(claim_id="clm_00000000deadbeef", decision="approve", reviewer="ops-1",
                  approval_kind="human", reviewed_hash=ROOT),
    ev.SubjectErased(fingerprint=LEAF, entity_ids=(A,), claim_ids=("clm_00000000deadbeef",),
                  keys_destroyed=(A, B), held_item=True),
    ev.SourcePartRedacted(source_ref=REF, part_index=0, key_id=B, erasure_seq=12),
    ev.ErasureAcknowledged(claim_id="clm_0123456789abcdef", fingerprint=LEAF, review_seq=3),
    ev.CertificateIssued(erasure_seq=12, payload=b'{"a":1}', signature=b"s" * 64, public_key=b"p" * 32),
    ev.CheckpointSigned(tree_size=5, head_hash=ROOT, tree_root=LEAF, note="affidavit/x\n5\nAA==\n",
                     signature=b"s" * 64, public_key=b"p" * 32),
    ev.ClaimsRecalled(agent="a1", claim_ids=(), query_fingerprint=LEAF, status="answered"),
    ev.ClaimCorrected(claim_id="clm_0123456789abcdef", corrected_by="clm_00000000deadbeef",
                   from_state="active", outcome="superseded", corrector="a1", operator=False,
                   valid_to="2024-05-01"),
    ev.DisputeResolved(claim_ids=("clm_0123456789abcdef", "clm_00000000deadbeef"), decision="keep_one",
                    reviewer="ops-1", reviewed_hash=ROOT, kept="clm_0123456789abcdef",
                    closed_valid_to=(("clm_00000000deadbeef", None),)),
]


def _row(kind: str, body: bytes, seq: int = 7) -> Row:
    return Row(seq, kind, "default", "local", 1, "r/1", body, bytes(32), bytes(32))


def test_the_frozen_vector() -> None:
    """The claim encodes to exactly the frozen bytes, and they decode back to it."""
    body = codec.encode_body(CLAIM)
    assert body.hex() == CLAIM_BODY
    assert codec.decode_body("CLAIM_ADMITTED", body) == CLAIM


def test_every_kind_round_trips_exactly_and_is_smaller_than_its_json() -> None:
    """Each kind decodes back to an equal struct of the same type, from fewer bytes."""
    assert {codec.kind_of(e) for e in ONE_OF_EACH} == set(KINDS)  # every kind is here
    for event in ONE_OF_EACH:
        kind, body = codec.kind_of(event), codec.encode_body(event)
        back = codec.decode_event(_row(kind, body))
        assert body[0] == compact.FORMAT_BYTE and type(back) is type(event) and back == event
        assert len(body) < len(codec.encode_json_body(event)), kind
        assert codec.decode_body(kind, codec.encode_json_body(event)) == event  # format 1 still reads


def test_tokens_are_stored_once_as_bytes_and_only_exact_ones() -> None:
    """Lower-case hex and prefix_hex strings become bytes, once per body; anything else stays text."""
    body = codec.encode_body(CLAIM)
    assert body.count(bytes.fromhex(A[2:])) == 1 and A.encode() not in body
    assert body.count(bytes.fromhex(ROOT)) == 1 and ROOT.encode() not in body
    near_misses = ["K_" + "ab" * 12, "k_" + "AB" * 12, "k_" + "abc" * 3, "k_abcdef", "k1_" + "ab" * 12,
                   "ab" * 3, "abc", "", "clm_" + "ab" * 8 + " ", "x" * 16 + "_" + "ab" * 8]
    for text in near_misses:
        event = ev.ClaimStateChanged(claim_id=text, from_state="a", to_state="b", reason="r")
        body = codec.encode_body(event)
        assert text.encode() in body and codec.decode_body("CLAIM_STATE_CHANGED", body) == event


def test_more_tokens_than_one_byte_can_index() -> None:
    """Past 256 distinct tokens a reference takes two bytes; all of them still come back."""
    ids = tuple(f"k_{i:024x}" for i in range(700))
    event = ev.SubjectErased(fingerprint=LEAF, entity_ids=ids, claim_ids=(), keys_destroyed=ids[::-1])
    body = codec.encode_body(event)
    assert codec.decode_body("SUBJECT_ERASED", body) == event
    assert len(body) <= 700 * 17 + 700 * 4 + 64  # each id once as bytes, then a 4-byte reference


@given(text=st.text(max_size=80), other=st.text(max_size=80))
def test_any_string_comes_back_as_written(text: str, other: str) -> None:
    """Whatever a text field holds, decoding gives it back; a different one, a different body."""
    def body(value: str) -> bytes:
        return codec.encode_body(ev.ClaimStateChanged(claim_id=value, from_state=value, to_state="x",
                                                   reason=value, cause_claim_id=value))
    event = codec.decode_body("CLAIM_STATE_CHANGED", body(text))
    assert isinstance(event, ev.ClaimStateChanged) and event.claim_id == event.reason == text
    assert (body(text) == body(other)) == (text == other)  # the control: the body tells them apart


@pytest.mark.parametrize(("damage", "body"), [
    ("truncated", codec.encode_body(CLAIM)[:-5]),
    ("unknown extension type", compact.PREFIX + msgspec.msgpack.encode(
        ["clm_1", msgspec.msgpack.Ext(9, b"\x00" * 4)])),
    ("reference to no token", compact.PREFIX + msgspec.msgpack.encode(
        [msgspec.msgpack.Ext(0, b"\x05")])),
    ("a field of the wrong type", compact.PREFIX + msgspec.msgpack.encode([1, 2, 3, 4, 5])),
    ("not an array", compact.PREFIX + msgspec.msgpack.encode({"claim_id": "x"})),
    ("a prefix that is not ASCII", compact.PREFIX + msgspec.msgpack.encode(
        [msgspec.msgpack.Ext(2, b"\x02\xff\xfe" + b"\x00" * 4)])),
])
def test_a_malformed_compact_body_is_a_typed_error_naming_its_seq(damage: str, body: bytes) -> None:
    with pytest.raises(EventUndecodable) as caught:
        codec.decode_event(_row("CLAIM_ADMITTED", body, seq=41))
    assert caught.value.seq == 41, damage
    assert codec.decode_event(_row("CLAIM_ADMITTED", codec.encode_body(CLAIM), seq=41)) == CLAIM


def test_sealed_payloads_of_both_formats_decode_to_the_same_struct() -> None:
    """Format 2 seals a positional array, format 1 a map; the first byte tells them apart."""
    private = ClaimPrivate(text="Dana Kim works for Harbor Bank.", evidence="", subject_name="Dana Kim",
                           predicate="work", object="for Harbor Bank", predicate_terms=("work",),
                           proposed_text="Dana Kim works for Harbor Bank.", entity_names=("Dana Kim",))
    new, old = codec.encode_private(private), codec.encode_private_map(private)
    assert compact.is_array(new) and not compact.is_array(old) and len(new) < len(old)
    assert codec.decode_private(ClaimPrivate, new) == private == codec.decode_private(ClaimPrivate, old)
    name = EntityPrivate(name="Dana Kim")
    assert codec.decode_private(EntityPrivate, codec.encode_private(name)) == name


def test_the_standalone_verifier_reads_the_fields_it_needs_by_the_same_names() -> None:
    """affidavit_verify's field tables are the events' declaration order (it imports no engine)."""
    for kind, names in affidavit_verify.COMPACT_FIELDS.items():
        assert KINDS[kind].__struct_fields__[:len(names)] == names, kind
    assert ReceiptRef.__struct_fields__ == affidavit_verify.RECEIPT_REF_FIELDS
    assert Receipt.__struct_fields__ == affidavit_verify.RECEIPT_FIELDS
    for event in ONE_OF_EACH:
        kind = codec.kind_of(event)
        parsed = affidavit_verify.parse_body(kind, codec.encode_body(event))
        as_json = affidavit_verify.parse_body(kind, codec.encode_json_body(event))
        for name in affidavit_verify.COMPACT_FIELDS.get(kind, ()):
            if name in parsed and name != "private":  # (a trailing default is left out)
                value = parsed[name]
                assert value == as_json[name] or affidavit_verify.b64(as_json[name]) == value, name


def test_the_built_struct_is_the_conversion_and_a_wrong_text_still_fails_it() -> None:
    """Replay builds each struct from its parsed twin (``compact.builder``) instead of
    ``msgspec.convert``: for every kind, in every shape replay decodes into, the result is
    the conversion's; a text position holding anything but a string goes to the
    conversion, which refuses it as before."""
    for event in ONE_OF_EACH:
        kind = codec.kind_of(event)
        body = codec.encode_body(event)
        for target in {KINDS[kind], ev.COMPACT_REPLAY_KINDS.get(kind, KINDS[kind])}:
            assert compact.builder(target) is not None, kind
            compact._local.seen.clear()
            parsed = msgspec.msgpack.Decoder(compact.twin(KINDS[kind]),
                                             ext_hook=compact._local.hook).decode(body[1:])
            built = compact.builder(target)(parsed)  # type: ignore[misc]
            converted = msgspec.convert(parsed, target, from_attributes=True)
            assert type(built) is type(converted) and built == converted, kind
    wrong = compact.PREFIX + msgspec.msgpack.encode(
        [7, "k_" + "ab" * 12, ["k_" + "ab" * 12], "ACCEPT", [[], b"", b""]])
    with pytest.raises(EventUndecodable) as caught:
        codec.decode_event(_row("CLAIM_ADMITTED", wrong, seq=9))
    assert caught.value.seq == 9
    with pytest.raises(msgspec.ValidationError):
        codec.compact_replay_decoders()["CLAIM_ADMITTED"](wrong)
