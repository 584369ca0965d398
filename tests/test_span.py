"""locate_span: exact first, then whitespace/quote/dash tolerant, byte offsets, never a guess."""

from __future__ import annotations

import random

import pytest

from affidavit.errors import InvalidInput
from affidavit.text.span import char_to_byte_span, locate_span


def _bytes_at(document: str, span: tuple[int, int] | None) -> bytes:
    assert span is not None
    return document.encode("utf-8")[span[0] : span[1]]


# --- adversarial cases first -------------------------------------------------


@pytest.mark.parametrize("quote", ["", " ", "\n\t", "\u00a0\u3000"])
def test_empty_or_blank_quote_is_not_found(quote: str) -> None:
    """An empty or whitespace-only quote locates nothing, even in a document full of spaces."""
    assert locate_span("a  b \n c", quote) is None
    assert locate_span("a  b \n c", "b") == (3, 4)


def test_quote_longer_than_document_is_not_found() -> None:
    """A quote longer than the document returns None; its prefix still matches."""
    assert locate_span("short", "short and longer") is None
    assert locate_span("short", "short") == (0, 5)


def test_multibyte_characters_before_match_shift_byte_offsets() -> None:
    """Offsets are UTF-8 bytes: é (2), € (3) and 𝄞 (4) before the match all count."""
    doc = "é€𝄞 café owns 𝄞x"
    span = locate_span(doc, "café")
    assert span == (10, 15)
    assert _bytes_at(doc, span) == "café".encode()
    assert locate_span(doc, "cafe") is None  # no accent folding


def test_nul_bytes_are_ordinary_characters() -> None:
    """A NUL inside document and quote matches exactly and is not treated as whitespace."""
    doc = "a\x00b c\x00d"
    assert locate_span(doc, "c\x00d") == (4, 7)
    assert locate_span(doc, "a b") is None
    assert locate_span(doc, "c d") is None


@pytest.mark.parametrize("quote", [".*", "a+b", "(x)", "[z]", "\\d", "$1.00?", "^|"])
def test_regex_metacharacters_match_literally(quote: str) -> None:
    """Regex metacharacters in the quote are literal text, never a pattern."""
    doc = f"costs {quote} today"
    assert _bytes_at(doc, locate_span(doc, quote)) == quote.encode()
    assert locate_span("costs nothing today", quote) is None


def test_regex_metacharacters_with_whitespace_tolerance() -> None:
    """The tolerant path also treats metacharacters literally."""
    doc = "price (x+y)*\n\n2 done"
    span = locate_span(doc, "(x+y)* 2")
    assert _bytes_at(doc, span) == b"(x+y)*\n\n2"
    assert locate_span(doc, "(x-y)* 2") is None


def test_no_fuzzy_matching_beyond_whitespace_quotes_and_dashes() -> None:
    """Case, a missing word, an em dash or a typo are not tolerated."""
    doc = "The ship sailed at dawn \u2014 quietly."
    assert locate_span(doc, "the ship sailed") is None
    assert locate_span(doc, "The sailed") is None
    assert locate_span(doc, "dawn - quietly") is None  # em dash is not a hyphen
    assert locate_span(doc, "The shp") is None
    assert locate_span(doc, "The ship sailed") == (0, 15)


def test_whitespace_must_exist_where_the_quote_has_it() -> None:
    """A space in the quote does not match an absence of space, and vice versa."""
    assert locate_span("nowhere", "now here") is None
    assert locate_span("now here", "nowhere") is None
    assert locate_span("now\nhere", "now here") == (0, 8)


def test_lone_surrogate_in_document_is_a_typed_error() -> None:
    """Text that cannot be UTF-8 encoded raises InvalidInput, not UnicodeEncodeError."""
    with pytest.raises(InvalidInput):
        locate_span("bad \ud800 text", "text")
    assert locate_span("good text", "text") == (5, 9)


def test_char_to_byte_span_rejects_bad_ranges() -> None:
    """Reversed or out-of-range character spans are InvalidInput."""
    for start, end in [(2, 1), (-1, 2), (0, 6)]:
        with pytest.raises(InvalidInput):
            char_to_byte_span("héllo", start, end)
    assert char_to_byte_span("héllo", 1, 3) == (1, 4)


# --- positive behaviour ------------------------------------------------------


def test_exact_match_returns_first_occurrence() -> None:
    """With several occurrences, the first one is returned."""
    doc = "ab ab ab"
    assert locate_span(doc, "ab") == (0, 2)
    assert locate_span(doc, "b a") == (1, 4)


def test_exact_match_wins_over_earlier_tolerant_match() -> None:
    """An exact occurrence is preferred even when a tolerant one comes earlier."""
    doc = "red\nfox then red fox"
    assert locate_span(doc, "red fox") == (13, 20)
    assert locate_span("red\nfox only", "red fox") == (0, 7)


def test_whitespace_runs_match_any_whitespace_run() -> None:
    """Newlines, tabs, nbsp and multiple spaces in either text match one another."""
    doc = "Alpha  beta\n\n\tgamma\u00a0delta epsilon"
    span = locate_span(doc, "beta gamma   delta")
    assert _bytes_at(doc, span) == "beta\n\n\tgamma\u00a0delta".encode()
    assert locate_span(doc, "beta  gamma delta  epsilon") is not None
    assert locate_span(doc, "beta gamma zeta") is None


def test_quote_edges_are_trimmed_in_tolerant_mode() -> None:
    """Leading/trailing whitespace of the quote is ignored when no exact match exists."""
    doc = "one two\nthree four"
    span = locate_span(doc, "  two three\n")
    assert _bytes_at(doc, span) == b"two\nthree"
    assert locate_span(doc, " two\n") == (3, 8)  # an exact match keeps its spaces
    assert locate_span(doc, " two ") == (4, 7)  # a tolerant one does not


def test_curly_and_straight_quotes_and_dashes_are_interchangeable() -> None:
    """Curly quotes match straight ones and en dash matches hyphen, both directions."""
    doc = "He said \u201cit\u2019s 1990\u20132000\u201d and left."
    span = locate_span(doc, 'said "it\'s 1990-2000"')
    assert _bytes_at(doc, span) == "said \u201cit\u2019s 1990\u20132000\u201d".encode()
    assert locate_span('say "x-y"', "say \u201cx\u2013y\u201d") == (0, 9)
    assert locate_span(doc, "said 'it's") is None  # a double quote is not a single one


def test_tolerant_offsets_after_multibyte_text_and_collapsed_runs() -> None:
    """Mapping back to bytes stays right when collapsed runs and multibyte chars precede."""
    doc = "Ünïcödé   text\n\n\n here 🎉  is   the   quote\u2019s end"
    span = locate_span(doc, "the quote's end")
    assert _bytes_at(doc, span) == "the   quote\u2019s end".encode()


def test_matches_agree_with_a_naive_reference_on_random_inputs() -> None:
    """Seeded random documents: the tolerant span text re-normalises to the quote."""
    seed = 20240611
    rng = random.Random(seed)
    alphabet = ["a", "b", " ", "\n", "\u00a0", "\u2019", "'", "-", "\u2013", "é"]
    for _ in range(500):
        doc = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        i, j = sorted(rng.sample(range(len(doc) + 1), 2)) if len(doc) > 1 else (0, len(doc))
        quote = doc[i:j]
        span = locate_span(doc, quote)
        if not quote.strip():
            assert span is None, seed
            continue
        assert span is not None, (seed, doc, quote)
        found = _bytes_at(doc, span).decode()
        table = str.maketrans({"\u2019": "'", "\u2013": "-"})
        assert " ".join(found.translate(table).split()) == " ".join(
            quote.translate(table).split()
        ), seed


def test_fast_on_100kb_documents() -> None:
    """A 100 KB document with many whitespace runs is searched in well under a second."""
    rng = random.Random(7)
    words = ["lorem", "ipsum", "dolor", "sit", "amet", "\u2019", "\u2013"]
    seps = [" ", "  ", "\n", "\n\n", "\u00a0"]
    parts: list[str] = []
    while sum(map(len, parts)) < 100_000:
        parts.append(rng.choice(words) + rng.choice(seps))
    doc = "".join(parts) + "the  final\nsentence."
    span = locate_span(doc, "the final sentence.")
    missing = locate_span(doc, "the final sentence!")
    assert _bytes_at(doc, span) == b"the  final\nsentence."
    assert missing is None
