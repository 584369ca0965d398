"""Relative times in a dated message, read from its own date (``text.anchored``).

A chat stamp, a news dateline or a dated header says which day "tmrw", "on Monday" and
"from 1 March" are. Each pair quotes one evidence: the date the message means is
admitted, the date a misreading would give (the other week, the other year, the day
after the wrong anchor) is refused. The unit tests show what anchors nothing.
"""

from __future__ import annotations

import datetime

import pytest
from gate_pairs import assert_pair

from affidavit.gates.write import decide_write
from affidavit.text import anchored

PAIRS = [  # (evidence, admitted claim, refused claim)
    pytest.param("[Fri 16 Jan 2026, 18:42] Corvin Aldane: can't open the shop tmrw, the van is broken.",
                 "Corvin Aldane can't open the shop on Saturday 17 January 2026.",
                 "Corvin Aldane can't open the shop on Sunday 18 January 2026.", id="chat-stamp-tomorrow"),
    pytest.param("LOWMARSH, 28 April 2026 — Brenhill Dairy opened a cheese plant in Ostry Fen on Monday, "
                 "adding 40 jobs.",
                 "Brenhill Dairy opened a cheese plant in Ostry Fen on 27 April 2026.",
                 "Brenhill Dairy opened a cheese plant in Ostry Fen on 4 May 2026.",
                 id="dateline-past-weekday"),
    pytest.param("ESKDOW, 16 September 2026 — Pellory High School will close on Friday because of flooding.",
                 "Pellory High School will close on 18 September 2026.",
                 "Pellory High School will close on 11 September 2026.", id="dateline-future-weekday"),
    pytest.param("TARNBY, 2 February 2026 — The Skelda ferry will stop running on weekdays from 1 March.",
                 "The Skelda ferry will stop running on weekdays from 1 March 2026.",
                 "The Skelda ferry will stop running on weekdays from 1 March 2025.",
                 id="dateline-year-of-a-day"),
    pytest.param("Quarrendon allotments — committee minutes, Wed 7 January 2026\n"
                 "Actions: Ysolde Pennick to pay the deposit by Fri 9 Jan.",
                 "Ysolde Pennick is to pay the deposit by 9 January 2026.",
                 "Ysolde Pennick is to pay the deposit by 9 January 2027.",
                 id="header-weekday-picks-the-year"),
    pytest.param("[chat · Fri 16 Jan 2026, 18:42] Corvin Aldane: can't open the shop tmrw, the van is out.",
                 "Corvin Aldane can't open the shop on Saturday 17 January 2026.",
                 "Corvin Aldane can't open the shop on Sunday 18 January 2026.", id="labelled-chat-stamp"),
    pytest.param("Voicemail · Fri 16 Jan 2026 · 18:42\nCorvin Aldane here, can't open the shop tmrw",
                 "Corvin Aldane can't open the shop on Saturday 17 January 2026.",
                 "Corvin Aldane can't open the shop on Sunday 18 January 2026.", id="labelled-header-line"),
]


@pytest.mark.parametrize(("evidence", "admitted", "refused"), PAIRS)
def test_the_meant_date_is_admitted_and_a_misread_one_refused(evidence: str, admitted: str,
                                                              refused: str) -> None:
    assert_pair("temporal_shifted", evidence, refused, admitted)


def test_a_report_dated_by_its_message_stays_a_report() -> None:
    """ "..., Vendle Ferries said yesterday." read with its date is still hearsay."""
    evidence = ("TARNBY, 2 February 2026 — The Skelda ferry will stop on weekdays from 1 March, "
                "Vendle Ferries said yesterday.")
    assert_pair("modality_dropped", evidence,
                "The Skelda ferry will stop on weekdays from 1 March 2026.",
                "According to Vendle Ferries, the Skelda ferry will stop on weekdays from 1 March 2026.")


def test_a_stamp_whose_weekday_is_wrong_anchors_nothing() -> None:
    """16 January 2026 was a Friday: "Tue 16 Jan 2026" is no date to count from."""
    bad = "[Tue 16 Jan 2026] Corvin Aldane: can't open the shop tmrw."
    good = "[Fri 16 Jan 2026] Corvin Aldane: can't open the shop tmrw."
    assert anchored.anchor_at(bad, len(bad) - 1) is None
    assert anchored.anchor_at(good, len(good) - 1) == (datetime.date(2026, 1, 16), 0)
    claim = "Corvin Aldane can't open the shop on 17 January 2026."
    assert decide_write(claim, bad).verdict == "REJECT"
    assert decide_write(claim, good).verdict in ("ACCEPT", "RESCUE")


@pytest.mark.parametrize(("text", "dated"), [
    # an event's date / the same line as a dateline
    ("Rookhaven pool — timetable from 12 January 2026\nClosed on Sunday.",
     "ROOKHAVEN, 12 January 2026 — The pool is closed on Sunday."),
    # a subject line's date / a Date: header's
    ("Subject: Meeting on 5 March 2026\nWe meet tomorrow.", "Date: Thu, 5 March 2026\nWe meet tomorrow."),
    # two dates on the first line / one
    ("Brenhill Dairy opened on Monday, 28 April 2026 and on 3 May 2026 it closed.",
     "LOWMARSH, 28 April 2026 — Brenhill Dairy opened on Monday."),
])
def test_what_is_not_a_message_date(text: str, dated: str) -> None:
    """Paired: each text that gives no message date beside one that does."""
    assert anchored.anchor_at(text, len(text) - 1) is None
    assert anchored.anchor_at(dated, len(dated) - 1) is not None


@pytest.mark.parametrize(("text", "said"), [
    ("LOWMARSH, 28 April 2026 — The market opens on Mondays.", None),  # a habit
    ("LOWMARSH, 27 April 2026 — The market opened on Monday.", None),  # the message's own weekday
    ("LOWMARSH, 28 April 2026 — The market is open on Friday.", None),  # no tense to count by
    ("LOWMARSH, 28 April 2026 — The market closed on Friday.", "Friday 24 April 2026"),
    ("LOWMARSH, 28 April 2026 — The market will close on Friday.", "Friday 1 May 2026"),
    ("LOWMARSH, 28 April 2026 — The market has been shut since Friday.", "Friday 24 April 2026"),
])
def test_which_weekday(text: str, said: str | None) -> None:
    subs, _ = anchored.rewrites(text, 0, len(text))
    days = [r for s, e, r in subs if "day" in text[s:e].casefold()]
    assert days == ([] if said is None else [f"{text[subs[0][0]:subs[0][1]]} ({said})"])


def test_a_universal_narrowed_in_the_evidence_is_not_widened() -> None:
    """ "all trips to the outer islands" is no "all of its trips"."""
    evidence = "Kestrow Lines suspended all trips to the outer islands on Sunday as the storm came in."
    assert_pair("quantifier_changed", evidence,
                "Kestrow Lines suspended all of its trips.",
                "Kestrow Lines suspended all trips to the outer islands.")


def test_a_reports_own_date_keeps_the_report() -> None:
    """ "An article on 27 June said ...": the date is the report's, read as part of its cue,
    so what the article said stays the article's (the correction after it holds)."""
    evidence = ("CORRECTION, 30 June 2026 — An article on 27 June said the Brennick dairy cooperative "
                "had 240 members. It has 204. We apologise for the error.")
    assert decide_write("The Brennick dairy cooperative has 240 members.", evidence).verdict == "REJECT"
    yes = decide_write("An article on 27 June said the Brennick dairy cooperative had 240 members.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal


@pytest.mark.parametrize(("text", "said"), [
    # A one-line news paragraph: the weekday's tense is its own sentence's ("will"), not
    # the earlier sentence's past ("destroyed"), and "said" in an earlier sentence is no
    # report of this one.
    ("KELLOWAY, Sunday 27 September 2026 — Fire destroyed the shed. The staff will be back on Wednesday.",
     "Wednesday 30 September 2026"),
    ("KELLOWAY, Sunday 27 September 2026 — The owner said the shed was insured. The staff will be back "
     "on Wednesday.", "Wednesday 30 September 2026"),
    # Near misses: a report in the weekday's own sentence is dated by the report, not the paper.
    ("KELLOWAY, Sunday 27 September 2026 — The owner said the staff will be back on Wednesday.", None),
    ("KELLOWAY, Sunday 27 September 2026 — Fire destroyed the shed; staff said they will be back on "
     "Wednesday.", None),
])
def test_a_weekday_is_read_within_its_own_sentence(text: str, said: str | None) -> None:
    subs, _ = anchored.rewrites(text, 0, len(text))
    days = [r for s, e, r in subs if "day" in text[s:e].casefold()]
    assert days == ([] if said is None else [f"Wednesday ({said})"])


def test_a_news_weekday_dates_the_claim() -> None:
    evidence = ("KELLOWAY, Sunday 27 September 2026 — Fire destroyed the drying shed of the Ronan sawmill. "
                "The owner, Ines Ronan, said the shed was insured. The sawmill's 14 staff will be back at "
                "work on Wednesday, Ronan said.")
    yes = decide_write("According to Ines Ronan, the sawmill's 14 staff will be back at work on 30 September "
                       "2026.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal
    no = decide_write("According to Ines Ronan, the sawmill's 14 staff will be back at work on 23 September "
                      "2026.", evidence)
    assert no.verdict == "REJECT"


@pytest.mark.parametrize(
    ("inner", "dated"),
    [
        ("SMS · Corvin → Ysolde · Fri 16 Jan 2026 · 18:42", True),
        ("chat · Fri 16 Jan 2026, 18:42", True),
        ("SMS from Corvin, Fri 16 Jan 2026, 18:42", True),
        ("Berdaq 9 residents | Fri 16 Jan 2026", True),  # a label may hold a figure
        ("2231 · Fri 16 Jan 2026", False),  # a figure alone is no label
        ("Archive photo, 2 May 2024", False),  # with commas only, a label must say it is a message
        ("chat · Fri 16 Jan 2026 · Sat 17 Jan 2026", False),  # two dates: which is the message's?
        ("meeting notes about the fire drill and the new rota for January · Fri 16 Jan 2026", False),
    ],
)
def test_a_stamps_labels_beside_its_date(inner: str, dated: bool) -> None:
    """A stamp's fields beside its one date are short labels with a letter in them, or a time."""
    assert (anchored._stamp_date(inner) is not None) is dated


@pytest.mark.parametrize(("text", "said"), [
    # "last year" is read from the paper's date: it is no other time to count from itself.
    ("COMBERLY, Tuesday 10 February 2026 — The winery exported 48,000 bottles last year.",
     "last year (2025)"),
    ("[Sun 5 Jul 2026] my cousin opened a tea shop last month.", "last month (June 2026)"),
    # Near misses: a year, a month or a past frame anywhere in the evidence may be what it
    # counts from ("the 1998 minutes show", "That was in 1998", "As a young brewer").
    ("COMBERLY, Tuesday 10 February 2026 — In a text from 2019 she said she moved last year.", None),
    ("COMBERLY, Tuesday 10 February 2026 — In 2019 the club moved; last year it won.", None),
    ("COMBERLY, Tuesday 10 February 2026 — The winery exported 48,000 bottles last year, the 1998 minutes "
     "show.", None),
    ("COMBERLY, Tuesday 10 February 2026 — The winery exported 48,000 bottles last year. That was in 1998.",
     None),
    ("COMBERLY, Tuesday 10 February 2026 — As a young brewer, Ebbe saw the winery export 48,000 bottles "
     "last year.", None),
    ("COMBERLY, Tuesday 10 February 2026 — The winery exported 48,000 bottles last year, nearly double "
     "its 2024 figure.", None),
])
def test_last_year_is_counted_from_the_message(text: str, said: str | None) -> None:
    subs, _ = anchored.rewrites(text, 0, len(text))
    read = [r for s, e, r in subs if text[s:e].casefold().startswith("last")]
    assert read == ([] if said is None else [said])


@pytest.mark.parametrize(("text", "said"), [
    # The time of the saying itself, right after its verb or after the one told: the news.
    ("GARRICK, Thursday 2 July 2026 — The hospital announced on Wednesday that Ana Ruiz would lead it.",
     "Wednesday 1 July 2026"),
    ("GARRICK, Thursday 2 July 2026 — The chairman told the district council on Monday that boats "
     "would be sold.", "Monday 29 June 2026"),
    # Near misses: a clause after the verb of saying holds the time, dated by the report;
    # and a story with a time of its own.
    ("GARRICK, Thursday 2 July 2026 — The hospital announced it would open on Wednesday.", None),
    # "announced the vote on Friday": the vote's Friday, or the announcement's?
    ("GARRICK, Thursday 2 July 2026 — The hospital announced the vote on Friday.", None),
    ("GARRICK, Thursday 2 July 2026 — The chairman told the council of Pa Yang on Monday that boats "
     "would be sold.", None),
    ("GARRICK, Thursday 2 July 2026 — In March, the chairman told the council on Monday that boats would "
     "be sold.", None),
    ("GARRICK, Thursday 2 July 2026 — The chairman told the council on Monday that boats would be sold. "
     "That was in 1998.", None),
    ("GARRICK, Thursday 2 July 2026 — The owner said the shop opens on Wednesday.", None),
    ("GARRICK, Thursday 2 July 2026 — The owner said that the staff are back on Wednesday.", None),
])
def test_a_saying_dated_by_its_own_time(text: str, said: str | None) -> None:
    subs, _ = anchored.rewrites(text, 0, len(text))
    days = [r for s, e, r in subs if "day" in text[s:e].casefold()]
    assert days == ([] if said is None else [f"{text[subs[0][0]:subs[0][1]]} ({said})"])


@pytest.mark.parametrize(("text", "said"), [
    # a start or a deadline ahead: the month ahead
    ("Kijomba Water Users — AGM, Sun 10 May 2026\nResolved: the fee will rise to TSh 3,000 from July.",
     "July 2026"),
    # after a past verb it may be either side ("raised ... from July" was read as July 2025;
    # "worked there until July" is last year's): nothing is read
    ("Kijomba Water Users — AGM, Sun 10 May 2026\nResolved: monthly fee raised to TSh 3,000 from July.",
     None),
    ("Kijomba Water Users — AGM, Sun 10 May 2026\nBounmy worked at the mill until July.", None),
    ("Sent: Fri 14 Aug 2026\nWe can supply the sacks, but only from next month.",
     "next month (September 2026)"),
    # near misses: a month that may be either side of the date, and a span that only ends there
    ("Kijomba Water Users — AGM, Sun 10 May 2026\nResolved: monthly fee raised to TSh 3,000 from November.",
     None),
    ("Sent: Fri 14 Aug 2026\nWe have supplied sacks since last year.", None),
])
def test_a_start_or_an_end_ahead(text: str, said: str | None) -> None:
    subs, _ = anchored.rewrites(text, 0, len(text))
    read = [r for s, e, r in subs if not text[s:e][:1].isdigit()]
    assert read == ([] if said is None else [said])  # never "July 2025", the past verb's side


@pytest.mark.parametrize(("text", "said"), [
    # an event that "is on" a weekday is the one coming; "after a fire" is the verb's
    ("[SMS from Inal Tsorion, Sun 22 Mar 2026] the funeral is on Tuesday at 11.", "Tuesday 24 March 2026"),
    ("CORTI, Tuesday 14 July 2026 – The mill reopened on Monday after a fire.", "Monday 13 July 2026"),
    # near misses: a state that may hold every week, a habit, and the weekday after another
    ("LOWMARSH, 28 April 2026 — The market is open on Friday.", None),
    ("LOWMARSH, 28 April 2026 — The market is on Fridays.", None),
    ("CORTI, Tuesday 14 July 2026 – The mill reopened the Monday after.", None),
])
def test_a_weekday_the_clause_does_not_date_by_tense(text: str, said: str | None) -> None:
    test_a_saying_dated_by_its_own_time(text, said)  # the same reading, read the same way
