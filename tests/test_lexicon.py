"""The WordNet lexicon: pinned, verified at load, empty (never wider) when anything is wrong."""

from __future__ import annotations

import doctest
import hashlib
import json
import zlib
from importlib import resources

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from affidavit.text import lexicon as lx

DATA = resources.files("affidavit.text") / "data"


@pytest.fixture(scope="module")
def blob() -> bytes:
    return (DATA / lx.DATA_FILE).read_bytes()


def test_the_packaged_file_matches_the_pin_and_the_manifest(blob: bytes) -> None:
    """The shipped bytes hash to PINNED_SHA256, which the build's manifest also records."""
    digest_hex = hashlib.sha256(blob).hexdigest()
    manifest = json.loads((DATA / "lexicon-wn30.json").read_text())
    assert digest_hex == lx.PINNED_SHA256 == manifest["sha256"]
    assert lx.lexicon().status == "ok"
    assert lx.LEXICON_VERSION == lx.lexicon().version == manifest["version"] == f"wn30-{digest_hex[:12]}"
    assert manifest["wordnet"] == "Princeton WordNet 3.0"
    assert "Princeton University" in (DATA / "LICENSE-WordNet").read_text()


def test_every_section_of_the_pinned_file_decodes(blob: bytes) -> None:
    """Sections are inflated lazily; for the pinned file each one decodes and is non-empty."""
    stats = lx.load(blob).stats()
    assert all(stats.values()), stats


@pytest.mark.parametrize(
    ("make", "status"),
    [
        (lambda b: None, "missing"),
        (lambda b: b[:-1] + bytes([b[-1] ^ 1]), "mismatch"),  # one flipped bit
        (lambda b: b + b"\0", "mismatch"),
        (lambda b: b"", "mismatch"),
    ],
    ids=["missing", "flipped-bit", "appended", "empty"],
)
def test_a_missing_or_altered_file_gives_the_empty_lexicon(blob: bytes, make, status: str) -> None:
    """Negative control: whatever is wrong, every lookup answers nothing and version is 'none'."""
    empty = lx.load(make(blob))
    assert (empty.status, empty.version, bool(empty)) == (status, "none", False)
    assert empty.derivations("employ", "v") == frozenset()
    assert empty.converses("lend") == frozenset()
    assert empty.antonyms("win") == frozenset()
    assert not empty.is_a("hockey", "sport")
    assert empty.categories("asthma") == frozenset()
    assert empty.synonyms_first_sense("illness", "n") == frozenset()


def test_a_file_with_the_right_hash_but_bad_content_is_refused_too() -> None:
    """A re-pinned file that is not a lexicon (not msgpack, wrong schema, wrong format) loads empty."""
    wrong_format = msgspec.msgpack.encode(
        lx.Envelope(
            format=lx.FORMAT + 1, wordnet="3.0", relations=b"", nouns=b"", categories=b"", synonyms=b""
        )
    )
    for bad in (b"not msgpack", msgspec.msgpack.encode({"format": lx.FORMAT}), wrong_format):
        assert lx.load(bad, hashlib.sha256(bad).hexdigest()).status == "unreadable"


def test_a_section_that_does_not_decode_answers_nothing() -> None:
    """Defence in depth: a corrupt section (impossible under the pin) empties its own tables."""
    junk = zlib.compress(b"\x90")
    env = lx.Envelope(
        format=lx.FORMAT, wordnet="3.0", relations=b"x", nouns=junk, categories=junk, synonyms=b""
    )
    blob = msgspec.msgpack.encode(env)
    broken = lx.load(blob, hashlib.sha256(blob).hexdigest())
    assert broken.status == "ok"  # the envelope is fine ...
    assert broken.derivations("employ", "v") == frozenset()  # ... but nothing is admitted from it
    assert not broken.is_a("hockey", "sport")
    assert broken.synonyms_first_sense("illness", "n") == frozenset()


def test_two_loads_are_equal(blob: bytes) -> None:
    """Loading is deterministic: the same bytes give equal lexicons with equal answers."""
    a, b = lx.load(blob), lx.load(bytes(blob))
    assert a == b and a is not b
    assert a.categories("cello") == b.categories("cello")


def test_derivations_carry_the_noun_role() -> None:
    """employ ~ employer (agent) ~ employee (patient) ~ employment (event), both directions."""
    assert {("employer", "n", "agent"), ("employee", "n", "patient"), ("employment", "n", "event")} <= (
        lx.derivations("employ", "v")
    )
    assert lx.derivations("employer", "n") == {("employ", "v", "agent")}
    assert lx.derivations("employee", "n") == {("employ", "v", "patient")}
    assert ("payee", "n", "patient") in lx.derivations("pay", "v")
    assert ("founder", "n", "agent") in lx.derivations("found", "v")


def test_derivations_near_misses_are_absent() -> None:
    """No link across unrelated verbs, no direction where WordNet gives none (rent: let or hire)."""
    assert not any(noun == "employer" for noun, _, _ in lx.derivations("hire", "v"))
    assert ("teacher", "n", "agent") not in lx.derivations("learn", "v")
    assert lx.derivations("employer", "v") == frozenset()  # pos matters
    roles = {role for noun, _, role in lx.derivations("rent", "v") if noun == "renter"}
    assert roles == {"person"}


def test_converses_are_transfer_pairs_and_symmetric() -> None:
    """lend ~ borrow and buy ~ sell swap source and recipient; win ~ lose is an antonym only."""
    assert lx.converses("lend") == {"borrow"} and lx.converses("borrow") == {"lend"}
    assert lx.converses("buy") == {"sell"} and lx.converses("sell") == {"buy"}
    assert "teach" not in lx.converses("lend") and lx.converses("teach") == frozenset()
    assert lx.converses("win") == frozenset() and "lose" in lx.antonyms("win", "v")
    for verb in ("lend", "borrow", "buy", "sell"):
        assert all(verb in lx.converses(other) for other in lx.converses(verb))


def test_antonyms_by_part_of_speech() -> None:
    """Antonyms come per pos and are symmetric; a non-antonym is absent."""
    assert lx.antonyms("increase", "v") == {"decrease"}
    assert "dead" in lx.antonyms("alive", "a") and "alive" in lx.antonyms("dead", "a")
    assert lx.antonyms("increase", "a") == frozenset()
    assert "borrow" not in lx.antonyms("teach")


@pytest.mark.parametrize(
    ("lemma", "category"),
    [("hockey", "sport"), ("asthma", "disease"), ("asthma", "illness"), ("flu", "disease"),
     ("nurse", "health professional"), ("cello", "instrument"), ("cello", "musical instrument"),
     ("tennis", "sport"), ("paris", "city"), ("ireland", "country"), ("einstein", "physicist")],
)  # fmt: skip
def test_known_categories(lemma: str, category: str) -> None:
    """A named instance or hyponym belongs to the category a question asks about."""
    assert lx.is_a(lemma, category)


@pytest.mark.parametrize(
    ("lemma", "category"),
    [("hockey", "disease"), ("asthma", "sport"), ("cello", "sport"), ("nurse", "instrument"),
     ("hockey", "entity"), ("hockey", "act"), ("nurse", "person"), ("nurse", "organism"),
     ("asthma", "condition"), ("cello", "artifact"), ("sport", "hockey"), ("hockey", "hockey"),
     ("nosuchword", "sport")],
)  # fmt: skip
def test_near_miss_categories_are_absent(lemma: str, category: str) -> None:
    """Unrelated, inverted, too general (floor and hyponym cap) or too far up: not a category."""
    assert not lx.is_a(lemma, category)


def test_first_sense_synonyms_are_only_the_first_synset() -> None:
    """employ's first sense is 'use', so 'hire' (its second) is not offered as a synonym."""
    assert lx.synonyms_first_sense("employ", "v") >= {"use", "utilise", "utilize"}
    assert "hire" not in lx.synonyms_first_sense("employ", "v")
    assert lx.synonyms_first_sense("illness", "n") == {"malady", "sickness", "unwellness"}
    assert lx.synonyms_first_sense("illness", "a") == frozenset()


def test_lookups_fold_case_and_underscores() -> None:
    """Callers may pass 'Ice_Hockey' or 'ice hockey'."""
    assert lx.is_a("Ice_Hockey", "Sport") and lx.is_a("ice hockey", "contact sport")


def test_the_docstring_examples_run() -> None:
    """Every example in the module's docstrings holds."""
    result = doctest.testmod(lx, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10 and result.failed == 0


def test_importing_does_not_load() -> None:
    """Import is cheap: nothing is read or decoded until the first lookup."""
    import subprocess
    import sys

    probe = "import affidavit.text.lexicon as l; print(l.lexicon.cache_info().currsize)"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.split()[0] == "0"


@settings(max_examples=200, deadline=None)
@given(keys=st.lists(st.text(alphabet="abcé ", max_size=4), max_size=30),
       probes=st.lists(st.text(alphabet="abcé ", max_size=4), max_size=10), ordered=st.booleans())
def test_noun_positions_answer_as_a_dict_of_the_list(keys: list[str], probes: list[str],
                                                     ordered: bool) -> None:
    """Bisection over a sorted noun table (the pinned file's case) and the dict kept for any
    other list give the position a dict of the list gives, for held and absent keys alike."""
    from affidavit.text.lexicon import _Positions

    if ordered:
        keys = sorted(set(keys))
    positions, reference = _Positions(keys), dict(zip(keys, range(len(keys)), strict=True))
    for key in [*keys, *probes, "zzz"]:
        assert positions.get(key) == reference.get(key)
    assert len(positions) == len(reference)
    assert positions.get("zzz") is None  # the negative control: never held


def test_the_pinned_noun_table_is_searched_in_place() -> None:
    lexicon = lx.lexicon()
    assert lexicon.categories("hockey") and lexicon._noun_index._dict is None
