"""A quote read in its document: the sign-off or header says who "I" is.

The quote must still be what says the fact: a claim the rest of the document supports
without the quote, a claim about someone else, or the same quote without its source, is
refused. Positive and negative controls share one store.
"""

from __future__ import annotations

from affidavit.identity import Identity

EMAIL = ("From: Orna Pellow <orna@example.org>\nTo: lab list\n\nHi all,\nCount me in for the open day. "
         "I moved from Truro to Bodmin in March 2022.\nI run the enzyme bench on Tuesdays.\n\nOrna Pellow\n")
QUOTE = "I moved from Truro to Bodmin in March 2022."
CLAIM = "Orna Pellow moved from Truro to Bodmin in March 2022."


def test_the_writer_named_in_the_source_is_the_quotes_first_person(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    alone = store.remember(CLAIM, QUOTE)  # no source: nobody is named
    assert alone.status == "refused" and alone.reason == "unknown_subject"
    admitted = store.remember(CLAIM, QUOTE, source_text=EMAIL)
    assert admitted.status == "admitted", admitted.text
    assert QUOTE in admitted.evidence and "Orna Pellow" in admitted.evidence  # the receipt shows both
    report = store.verify_receipts()
    assert report.verified >= 1 and report.failed == 0
    answer = store.recall("Where did Orna Pellow move to?")
    assert answer.status == "answered" and [c.id for c in answer.claims] == [admitted.claim_id]


def test_the_quote_must_still_say_it(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    other = store.remember("Lowen Tresize moved from Truro to Bodmin in March 2022.", QUOTE,
                           source_text=EMAIL)
    assert other.status == "refused"  # the writer is Orna Pellow
    elsewhere = store.remember("Orna Pellow runs the enzyme bench on Tuesdays.",
                               "Count me in for the open day.", source_text=EMAIL)
    assert elsewhere.status == "refused"  # the document says it, the quote does not
    told = store.remember("Orna Pellow runs the enzyme bench on Tuesdays.",
                          "I run the enzyme bench on Tuesdays.", source_text=EMAIL)
    assert told.status == "admitted", told.text  # control: quoting the line that says it
    two = ("From: Orna Pellow\n\nI moved from Truro to Bodmin in March 2022.\n\nThanks, Lowen Tresize\n")
    assert store.remember(CLAIM, QUOTE, source_text=two).status == "refused"  # two writers: nobody
