"""The write gate keeps a clause's governing context: hearsay, condition, question, plan,
negation, correction and scope. Each case pairs a claim that must be refused with a
faithful restatement (or the unwrapped evidence) that must be admitted.

Agent-register examples of our own (chat, email, minutes, tickets); names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # contractions, straight and curly, and lexical negation
    (
        "negation_flipped",
        "Ana Ruiz didn't sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz did not sign the lease.",
    ),
    (
        "negation_flipped",
        "Ana Ruiz didn’t sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz didn't sign the lease.",
    ),
    (
        # "not ... any more" is an ending, as "no longer" is: the state held and stopped.
        "temporal_shifted",
        "Ana Ruiz isn't at Vantec any more.",
        "Ana Ruiz is at Vantec.",
        "Ana Ruiz is no longer at Vantec.",
    ),
    (
        "negation_flipped",
        "ticket 88: Omar Haddad wasn’t on call that night",
        "Omar Haddad was on call that night.",
        "Omar Haddad was not on call that night.",
    ),
    (
        "negation_flipped",
        "Brio Foods won't open a depot in Kerry.",
        "Brio Foods will open a depot in Kerry.",
        "Brio Foods will not open a depot in Kerry.",
    ),
    (
        "negation_flipped",
        "Lena Moss can't attend the hearing.",
        "Lena Moss can attend the hearing.",
        "Lena Moss cannot attend the hearing.",
    ),
    (
        "negation_flipped",
        "Lena Moss couldn’t reach the site.",
        "Lena Moss could reach the site.",
        "Lena Moss could not reach the site.",
    ),
    (
        "negation_flipped",
        "Omar Haddad hasn't paid the invoice.",
        "Omar Haddad has paid the invoice.",
        "Omar Haddad has not paid the invoice.",
    ),
    (
        "negation_flipped",
        "Omar Haddad never paid the invoice.",
        "Omar Haddad paid the invoice.",
        "Omar Haddad never paid the invoice.",
    ),
    (
        "negation_flipped",
        "It is false that Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz did not sign the lease.",
    ),
    (
        "negation_flipped",
        "It's not true that Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz did not sign the lease.",
    ),
    (
        "negation_flipped",
        "Lena Moss denied that Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "According to Lena Moss, Ana Ruiz did not sign the lease.",
    ),
    (
        "negation_flipped",
        "Ana Ruiz refused to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz refused to sign the lease.",
    ),
    (
        "negation_flipped",
        "Ana Ruiz failed to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz failed to sign the lease.",
    ),
    (
        "negation_flipped",
        "Ana Ruiz left without signing the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz left without signing the lease.",
    ),
    # plans, intents and attempts
    (
        "modality_dropped",
        "Ana Ruiz threatened to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz threatened to sign the lease.",
    ),
    (
        "modality_dropped",
        "Ana Ruiz offered to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz offered to sign the lease.",
    ),
    (
        "modality_dropped",
        "Ana Ruiz was supposed to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz was supposed to sign the lease.",
    ),
    (
        "modality_dropped",
        "Ana Ruiz is going to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz is going to sign the lease.",
    ),
    (
        "modality_dropped",
        "Ana Ruiz agreed to sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz agreed to sign the lease.",
    ),
    (
        "modality_dropped",
        "Ana Ruiz might sign the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz might sign the lease.",
    ),
    # hearsay: named, trailing, colon frames, cataphoric frames, rumour
    (
        "modality_dropped",
        "Omar told me Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "According to Omar, Ana Ruiz signed the lease.",
    ),
    (
        "modality_dropped",
        "Ana Ruiz signed the lease, Omar said.",
        "Ana Ruiz signed the lease.",
        "Omar said that Ana Ruiz signed the lease.",
    ),
    (
        "modality_dropped",
        "Lena Moss says Brio Foods stops the ferry in May.",
        "Brio Foods stops the ferry in May.",
        "According to Lena Moss, Brio Foods stops the ferry in May.",
    ),
    (
        "modality_dropped",
        "Per Omar: Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "Omar says Ana Ruiz signed the lease.",
    ),
    (
        "modality_dropped",
        "Standup notes\nPer Omar:\n- Ana Ruiz signed the lease\n- rent is due Friday",
        "Ana Ruiz signed the lease.",
        "According to Omar, Ana Ruiz signed the lease.",
    ),
    (
        "modality_dropped",
        "Lena told me two things. Ana Ruiz signed the lease. Omar is leaving.",
        "Ana Ruiz signed the lease.",
        "According to Lena, Ana Ruiz signed the lease.",
    ),
    (
        "modality_dropped",
        "Ravi Dutt's daughter, Lotte Brink, says Ravi Dutt founded Brinkworth Press.",
        "Ravi Dutt founded Brinkworth Press.",
        "Lotte Brink says Ravi Dutt founded Brinkworth Press.",
    ),
    (
        "modality_dropped",
        "Lena Moss says Hollis Freight may have breached safety rules.",
        "Hollis Freight may have breached safety rules.",
        "According to Lena Moss, Hollis Freight may have breached safety rules.",
    ),
    (
        "modality_dropped",
        "Rumour has it Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz reportedly signed the lease.",
    ),
    # conditions
    (
        "modality_dropped",
        "If the council agrees, Brio Foods will open a depot in Kerry.",
        "Brio Foods will open a depot in Kerry.",
        "If the council agrees, Brio Foods will open a depot in Kerry.",
    ),
    (
        "modality_dropped",
        "Brio Foods will open a depot in Kerry if the council agrees.",
        "Brio Foods will open a depot in Kerry.",
        "If the council agrees, Brio Foods will open a depot in Kerry.",
    ),
    (
        "modality_dropped",
        "If Ana Ruiz resigned, the board would collapse.",
        "Ana Ruiz resigned.",
        "If Ana Ruiz resigned, the board would collapse.",
    ),
    (
        "modality_dropped",
        "Unless the council objects, Brio Foods will open a depot.",
        "Brio Foods will open a depot.",
        "Unless the council objects, Brio Foods will open a depot.",
    ),
    (
        "modality_dropped",
        "Once the council agrees, Brio Foods will open a depot.",
        "Brio Foods will open a depot.",
        "Once the council agrees, Brio Foods will open a depot.",
    ),
    (
        "modality_dropped",
        "Had Ada Lane taken the job, she would have moved.",
        "Ada Lane took the job.",
        "Had Ada Lane taken the job, she would have moved.",
    ),
    # questions, direct and embedded, and hypotheticals
    (
        "modality_dropped",
        "Is Omar still at Vantec, I wonder?",
        "Omar is still at Vantec.",
        "Is Omar still at Vantec, I wonder?",
    ),
    (
        "modality_dropped",
        "I wonder if Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease.",
        "I wonder if Ana Ruiz signed the lease.",
    ),
    (
        "modality_dropped",
        "Do you know whether Ana Ruiz signed the lease?",
        "Ana Ruiz signed the lease.",
        "Do you know whether Ana Ruiz signed the lease?",
    ),
    (
        "modality_dropped",
        "Ana Ruiz signed the lease, didn't she?",
        "Ana Ruiz signed the lease.",
        "Ana Ruiz signed the lease, didn't she?",
    ),
    (
        "modality_dropped",
        "Suppose Ada took the job, what then?",
        "Ada took the job.",
        "Suppose Ada took the job, what then?",
    ),
    (
        "modality_dropped",
        "What if Ana Ruiz signed the lease?",
        "Ana Ruiz signed the lease.",
        "What if Ana Ruiz signed the lease?",
    ),
    # corrections: the corrected value is asserted, the retracted one is not
    (
        "numeral_invented",
        "The workshop with Ada Lane is in room 12 — no wait, room 14.",
        "The workshop with Ada Lane is in room 12.",
        "The workshop with Ada Lane is in room 14.",
    ),
    (
        "numeral_invented",
        "The workshop with Ada Lane is in room 12. Sorry, I meant room 14.",
        "The workshop with Ada Lane is in room 12.",
        "The workshop with Ada Lane is in room 14.",
    ),
    ("numeral_invented", "Ana Ruiz paid €40. Correction: €45.", "Ana Ruiz paid €40.", "Ana Ruiz paid €45."),
    ("numeral_invented", "Ana Ruiz paid €40, scratch that, €45.", "Ana Ruiz paid €40.", "Ana Ruiz paid €45."),
    (
        "asserts_more_than_evidence",
        "Ana Ruiz moved to Leeds - no wait, to York.",
        "Ana Ruiz moved to Leeds.",
        "Ana Ruiz moved to York.",
    ),
    # a weak reporting verb ("reported", "explained") before a bare clause, and a speaker
    # whose name ends like a verb ("Fatos", "Gomes") after the clause
    (
        "modality_dropped",
        "Sales meeting, 3 May. Ilze reported the Liepāja depot roof repair is finished.",
        "The Liepāja depot roof repair is finished.",
        "Ilze reported that the Liepāja depot roof repair is finished.",
    ),
    (
        "modality_dropped",
        "Nobody was hurt in the fire, police spokesman Aivars Ozols said.",
        "Nobody was hurt in the fire.",
        "Aivars Ozols said nobody was hurt in the fire.",
    ),
    # a quotation and its speaker; a description between a name and its verb
    (
        "modality_dropped",
        "“Kalia Freight is leaving Nukuʻalofa,” said Mele Fifita on Thursday.",
        "Kalia Freight is leaving Nukuʻalofa.",
        "Mele Fifita said Kalia Freight is leaving Nukuʻalofa.",
    ),
    (
        "modality_dropped",
        "Sione Lolo, manager of the Vavaʻu Vanilla Estate, said 300 workers at Kalia Farms could not "
        "reach the fields.",
        "300 workers at Kalia Farms could not reach the fields.",
        "Sione Lolo said 300 workers at Kalia Farms could not reach the fields.",
    ),
    # a value set aside: an amount with its symbol, a weekday abbreviated, after "now"
    (
        "negation_flipped",
        "The Lugo invoice from Xoel Rego is NZ$1,840, not NZ$1,480.",
        "The Lugo invoice from Xoel Rego is NZ$1,480.",
        "The Lugo invoice from Xoel Rego is NZ$1,840.",
    ),
    (
        "negation_flipped",
        "mele fifita's flight got moved, she lands tues now not mon",
        "Mele Fifita's flight does not land on Tuesday.",
        "Mele Fifita's flight lands on Tuesday.",
    ),
    # a denied fragment about another thing; a bare plural for "some"; a degree raised
    (
        "negation_flipped",
        "Recruiter note: Uxía Pazos speaks Galician and Spanish fluently; no Mandarin.",
        "Uxía Pazos does not speak Spanish.",
        "Uxía Pazos speaks Spanish fluently.",
    ),
    (
        "quantifier_changed",
        "Market report: some shops in Ourense still take only cash.",
        "Shops in Ourense take only cash.",
        "Some shops in Ourense take only cash.",
    ),
    (
        "quantifier_changed",
        "Recruiter note: Uxía Pazos speaks Galician fluently and some Portuguese.",
        "Uxía Pazos speaks Portuguese fluently.",
        "Uxía Pazos speaks some Portuguese.",
    ),
    # a scheduled present is a future; "by 14 votes" is a plural noun, not a present verb
    (
        "temporal_shifted",
        "The Lugo council voted 14 to 7 to close the Rúa Nova car park in 2025.",
        "The Lugo council votes to close the Rúa Nova car park.",
        "The Lugo council voted to close the Rúa Nova car park by 14 votes to 7.",
    ),
    # an ending before a turn to the present ("...; now runs ...") ends only what it says
    (
        "temporal_shifted",
        "Xoel Rego — formerly head chef at Taberna Miño in Lugo (2011–2018); now runs a cookery "
        "school in Vigo.",
        "Xoel Rego is head chef at Taberna Miño.",
        "Xoel Rego runs a cookery school in Vigo.",
    ),
    # scope: an exception in another clause or the next sentence
    (
        "quantifier_changed",
        "Brio Foods update: every branch closed on Monday, except Leeds.",
        "Every branch of Brio Foods closed on Monday.",
        "Every branch of Brio Foods except Leeds closed on Monday.",
    ),
    (
        "quantifier_changed",
        "Every branch of Brio Foods closed on Monday. Except Leeds, which stayed open.",
        "Every branch of Brio Foods closed on Monday.",
        "Every branch of Brio Foods closed on Monday except Leeds.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_context_is_kept(code: str, evidence: str, refused: str, admitted: str) -> None:
    """The claim that drops the context is refused with its code; the one that keeps it is admitted."""
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None
    assert no.refusal.code == code, no.refusal
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal


@pytest.mark.parametrize(
    ("evidence", "claim"),
    [
        ("Ana Ruiz signed the lease on Monday - did you get a copy?", "Ana Ruiz signed the lease on Monday."),
        (
            "Once the council agreed, Brio Foods opened a depot in Kerry.",
            "Brio Foods opened a depot in Kerry.",
        ),
        ("Ana Ruiz agreed to the terms.", "Ana Ruiz agreed to the terms."),
        ("Ana Ruiz said goodbye to Omar Haddad.", "Ana Ruiz said goodbye to Omar Haddad."),
        ("After a long dispute, Nora Quill resigned from Vantec.", "Nora Quill resigned from Vantec."),
        (
            "Brio Foods closed every branch on Monday. Not a great week.",
            "Brio Foods closed every branch on Monday.",
        ),
    ],
)
def test_asserted_clauses_beside_a_frame_stay_admitted(evidence: str, claim: str) -> None:
    """A stated clause next to a question, a past "once", or a frame-like word is still stated."""
    d = decide_write(claim, evidence)
    assert d.verdict in ADMIT, d.refusal


@pytest.mark.parametrize(
    ("code", "evidence", "claim"),
    [
        (
            "modality_dropped",
            "Omar told me Ana Ruiz signed the lease.",
            "According to Lena, Ana Ruiz signed the lease.",
        ),
        (
            "asserts_more_than_evidence",
            "Ana Ruiz signed the lease.",
            "According to Omar Haddad, Ana Ruiz signed the lease.",
        ),
        (
            "modality_dropped",
            "If the council agrees, Brio Foods will open a depot in Kerry.",
            "If the council objects, Brio Foods will open a depot in Kerry.",
        ),
    ],
)
def test_a_frame_must_be_the_evidence_s_own(code: str, evidence: str, claim: str) -> None:
    """Another speaker, another condition, or a frame the evidence lacks is refused."""
    d = decide_write(claim, evidence)
    assert d.verdict == "REJECT" and d.refusal is not None and d.refusal.code == code, d.refusal


@pytest.mark.parametrize(
    ("evidence", "claim", "admitted"),
    [
        (
            "Hi all, update from the harbour. The ferry run by Brio Foods stops in May this year. "
            "Tickets are on sale from Monday. Thanks, Omar",
            "The ferry run by Brio Foods stops in June.",
            "The ferry run by Brio Foods stops in May.",
        ),
        (
            "Ops note: Vantec moved its office south to Leeds last week. The old site closes in June.",
            "Vantec moved its office north to Leeds.",
            "Vantec moved its office south to Leeds.",
        ),
    ],
)
def test_a_changed_month_or_direction_in_a_long_message(evidence: str, claim: str, admitted: str) -> None:
    """The one word changed inside a multi-sentence message is found; the faithful claim passes."""
    assert decide_write(claim, evidence).verdict == "REJECT"
    assert decide_write(admitted, evidence).verdict in ADMIT


def test_a_labelled_turn_is_its_speakers_to_report() -> None:
    """A line with no label of its own continues the turn of the label above it."""
    evidence = (
        "REPORTER: How did the season go for Jasur Tashkentov?\nDILNOZA KARIMOVA: Badly.\n"
        "The Bukhara cotton harvest fell by a third."
    )
    fell = "the Bukhara cotton harvest fell by a third."
    said = decide_write(f"According to Dilnoza Karimova, {fell}", evidence)
    assert said.verdict in ADMIT, said.refusal
    other = decide_write(f"According to Jasur Tashkentov, {fell}", evidence)
    assert other.verdict == "REJECT"


def test_an_alternative_with_or_not_is_no_denial() -> None:
    evidence = "Gatis Ozols has signed the Liepāja lease, like it or not."
    assert decide_write("Gatis Ozols has signed the Liepāja lease.", evidence).verdict in ADMIT
    assert decide_write("Gatis Ozols has not signed the Liepāja lease.", evidence).verdict == "REJECT"
    denied = "Gatis Ozols has not signed the Liepāja lease, like it or not."
    assert decide_write("Gatis Ozols has signed the Liepāja lease.", denied).verdict == "REJECT"


def test_a_capitalised_noun_before_a_plural_verb_is_no_subject() -> None:
    evidence = "Dr Aziz ordered blood tests for Dilnoza Karimova on 3 May."
    assert decide_write("Blood tests were ordered for Dilnoza Karimova.", evidence).verdict in ADMIT
    assert decide_write("Blood tests were ordered for Zanele Dlamini.", evidence).verdict == "REJECT"


def test_a_scheduled_present_is_a_future() -> None:
    """ "starts on 2 June" says she will start; without a time it says no future."""
    will = "Ilze Kalniņa will start as team lead in Liepāja."
    scheduled = "Update: Ilze Kalniņa starts as team lead in Liepāja on 2 June."
    assert decide_write(will, scheduled).verdict in ADMIT
    no_time = decide_write(will, "Ilze Kalniņa leads the Liepāja team and likes it.")
    assert no_time.verdict == "REJECT"
    chairs = "Ilze Kalniņa chairs the Liepāja board."
    habit = decide_write("Ilze Kalniņa will chair the Liepāja board.", chairs)
    assert habit.verdict == "REJECT"


_NOTICE = (
    "Pekarna Vrhnik employs 112 people. Correction: an earlier version of this article said "
    "Pekarna Vrhnik was founded in 1978. It was founded in 1987."
)


def test_a_correction_notice_takes_back_what_was_published_not_the_figure_before_it() -> None:
    """ "Correction: an earlier version of this article said ..." reports the error: the
    reported clause is taken back; the "112" before the notice is not what it corrects."""
    assert decide_write("Pekarna Vrhnik employs 112 people.", _NOTICE).verdict in ("ACCEPT", "RESCUE")
    assert decide_write("Pekarna Vrhnik was founded in 1978.", _NOTICE).verdict == "REJECT"
    assert decide_write("Pekarna Vrhnik was founded in 1987.", _NOTICE).verdict in ("ACCEPT", "RESCUE")


def test_a_correction_of_the_line_before_still_corrects_it() -> None:
    """The control: a correction that states the new value takes back the old one."""
    evidence = (
        "Dear members,\nThe AGM will be held on 18 September in the Mosta parish hall.\n"
        "Correction: the date is 25 September, as the hall was double-booked."
    )
    admitted = decide_write("The AGM will be held on 25 September in the Mosta parish hall.", evidence)
    assert admitted.verdict in ("ACCEPT", "RESCUE")
    refused = decide_write("The AGM will be held on 18 September in the Mosta parish hall.", evidence)
    assert refused.verdict == "REJECT"


_STAFF = "Ak Serpil Halı employs 28 weavers, all of them women, and two dyers."


def test_all_of_them_is_said_of_the_counted_noun_only() -> None:
    """ "28 weavers, all of them women, and two dyers": the universal is of the weavers."""
    assert decide_write("All the weavers at Ak Serpil Halı are women.", _STAFF).verdict in (
        "ACCEPT",
        "RESCUE",
    )
    for claim in (
        "Every employee of Ak Serpil Halı is a woman.",
        "Every dyer at Ak Serpil Halı is a woman.",
        "All of Ak Serpil Halı's dyers are women.",
    ):
        assert decide_write(claim, _STAFF).verdict == "REJECT", claim


def test_a_narrow_description_points_back_only_to_a_name_it_was_attached_to() -> None:
    """ "Cal Roureda, a school, ... The hospital employs six people": another organisation.
    "the firm", "the company" may point back to any; an organisation by its name alone
    ("Seoryeong Pharma") may be "the chain"."""
    school = "Cal Roureda, a school in Vallcirera, has been sold. The {} employs six people."
    assert decide_write("Cal Roureda employs six people.", school.format("school")).verdict in (
        "ACCEPT",
        "RESCUE",
    )
    assert decide_write("Cal Roureda employs six people.", school.format("company")).verdict in (
        "ACCEPT",
        "RESCUE",
    )
    for other in ("hospital", "university", "bank"):
        assert decide_write("Cal Roureda employs six people.", school.format(other)).verdict == "REJECT", (
            other
        )


def test_a_figure_reported_as_a_figure_is_a_report() -> None:
    """ "an earlier version of this article gave the founding year of X as 1978": the figure
    is reported, not stated; a claim that keeps the report is admitted, the bare one is not."""
    evidence = (
        "Pekarna Vrhnik employs 112 people. Correction: an earlier version of this article gave "
        "the founding year of Pekarna Vrhnik as 1978. It is 1987."
    )
    assert decide_write("Pekarna Vrhnik was founded in 1978.", evidence).verdict == "REJECT"
    kept = "An earlier version of this article gave the founding year of Pekarna Vrhnik as 1978."
    assert decide_write(kept, evidence).verdict in ("ACCEPT", "RESCUE")
    # "gave" with an object and no "as" reports nothing.
    assert decide_write(
        "Lena Vrhnik gave the book to Ana Kos.", "Lena Vrhnik gave the book to Ana Kos."
    ).verdict in ("ACCEPT", "RESCUE")
