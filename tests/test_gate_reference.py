"""Reference inside the evidence: short forms, titles, pronouns and descriptions that point
back to a full name in the same evidence. Each admitted case is paired with a near miss that
must not be admitted: another person's short form, an ambiguous first name, a swapped role."""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMITTED = ("ACCEPT", "RESCUE")

# (claim, evidence admitted, evidence or claim that must not be) -- the negative evidence
# differs only in what makes the reference fail.
PAIRS = [
    pytest.param(
        "Ana paid the bill.",
        "Ana paid the bill.",
        ("Ana paid the bill.", "Ana skipped the bill."),
        id="mononym-quoted-exactly",
    ),
    pytest.param(
        "Ana Ruiz paid the bill.",
        "Chat, 14:02. Ana Ruiz arrived late. Ana paid the bill.",
        ("Ana Ruiz paid the bill.", "Chat, 14:02. Ana Ruiz arrived late. Tom paid the bill."),
        id="first-name-after-full-name",
    ),
    pytest.param(
        "Ana paid the bill.",
        "Ana Ruiz arrived late. Ana paid the bill.",
        ("Ana paid the bill.", "Ana Ruiz arrived late. Tom Hale paid the bill."),
        id="claim-uses-the-evidence-short-form",
    ),
    pytest.param(
        "Grace Okafor signed the lease.",
        "Minutes: Dr. Grace Okafor met the landlord on Monday. Dr. Okafor signed the lease.",
        (
            "Grace Okafor signed the lease.",
            "Minutes: Dr. Grace Okafor met the landlord. Dr. Ode signed the lease.",
        ),
        id="title-and-surname",
    ),
    pytest.param(
        "Dana Kim approved the budget.",
        "From: ops. Dana Kim chaired the call. Ms Kim approved the budget.",
        (
            "Dana Kim approved the budget.",
            "From: ops. Dana Kim chaired the call. Ms Lee approved the budget.",
        ),
        id="ms-surname",
    ),
    pytest.param(
        "Lena Ortiz left Vantec.",
        "Lena Ortiz trained in Cork. After the merger she left Vantec.",
        ("Lena Ortiz left Vantec.", "Lena Ortiz trained in Cork. Tom Hale said she left Vantec."),
        id="pronoun-after-fronted-adverbial",
    ),
    pytest.param(
        "Kestrel Labs employs 40 people.",
        "Kestrel Labs moved to Leeds in 2019. The firm employs 40 people.",
        (
            "Kestrel Labs employs 40 people.",
            "Kestrel Labs moved to Leeds. Brio Foods Ltd opened. The firm employs 40 people.",
        ),
        id="the-firm",
    ),
    pytest.param(
        "Ada Berg resigned.",
        "Vantec's chief executive, Ada Berg, met the board on Friday. The CEO resigned.",
        ("Ada Berg resigned.", "Ada Berg met the CEO on Friday. The CEO resigned."),
        id="the-ceo-stated-by-the-evidence",
    ),
    pytest.param(
        "Tom Hale lent Ava Moss his car.",
        "Tom Hale met Ava Moss in May. Tom lent Ava his car.",
        ("Ava Moss lent Tom Hale her car.", "Tom Hale met Ava Moss in May. Tom lent Ava his car."),
        id="two-short-forms-keep-their-roles",
    ),
]


@pytest.mark.parametrize(("claim", "evidence", "negative"), PAIRS)
def test_reference_resolves_and_its_near_miss_does_not(
    claim: str, evidence: str, negative: tuple[str, str]
) -> None:
    """The claim is admitted from the evidence; the near miss (claim, evidence) is not."""
    d = decide_write(claim, evidence)
    assert d.verdict in ADMITTED, d.refusal
    n = decide_write(*negative)
    assert n.verdict not in ADMITTED, negative


def test_two_people_with_one_first_name_is_never_guessed() -> None:
    """ "Ana" with two Anas in the evidence: the short claim is quarantined, the full one refused."""
    ev = "Ana Ruiz and Ana Lopez arrived at nine. Ana paid the bill."
    assert decide_write("Ana paid the bill.", ev).verdict == "QUARANTINE"
    assert decide_write("Ana Ruiz paid the bill.", ev).verdict == "REJECT"
    assert decide_write("Ana Lopez paid the bill.", ev).verdict == "REJECT"
    # Control: with one Ana the same sentence resolves.
    assert (
        decide_write("Ana Ruiz paid the bill.", "Ana Ruiz arrived at nine. Ana paid the bill.").verdict
        == "ACCEPT"
    )


def test_two_firms_leave_the_firm_unresolved() -> None:
    """ "The firm" with two firms named before it refers to neither."""
    ev = "Brio Foods Ltd bought Kestrel Labs in May. The firm employs 40 people."
    assert decide_write("Kestrel Labs employs 40 people.", ev).verdict == "REJECT"
    assert decide_write("Brio Foods Ltd employs 40 people.", ev).verdict == "REJECT"
    one = "Kestrel Labs opened in May. The firm employs 40 people."
    assert decide_write("Kestrel Labs employs 40 people.", one).verdict == "ACCEPT"


def test_a_short_form_is_stored_under_the_evidence_full_name() -> None:
    """The claim's "Ana" is linked (and checked against erasures) as the evidence's "Ana Ruiz";
    the receipt span reaches back to where the full name is stated."""
    ev = "Ana Ruiz arrived late. Ana paid the bill."
    d = decide_write("Ana paid the bill.", ev)
    assert d.shape is not None and d.shape.entities == ("Ana Ruiz",)
    assert d.span is not None and d.span[0] == 0
    alone = decide_write("Ana paid the bill.", "Ana paid the bill.")
    assert alone.shape is not None and alone.shape.entities == ("Ana",)


def test_the_full_name_claim_from_a_pronoun_sentence_keeps_the_roles() -> None:
    """A pronoun resolves to the lead name; the object of the sentence is not the subject."""
    ev = "Priya Shah interviewed Omar Ali on Monday. She hired Omar on Friday."
    assert decide_write("Priya Shah hired Omar Ali.", ev).verdict == "ACCEPT"
    assert decide_write("Omar Ali hired Priya Shah.", ev).verdict == "REJECT"


def test_one_word_organisation_that_is_also_a_common_word() -> None:
    """ "Kestrel" (also a bird) as the subject of its own sentence is a name the claim names."""
    assert decide_write("Kestrel employs 14 people.", "Kestrel employs 14 people.").verdict == "ACCEPT"
    assert decide_write("Kestrel employs fourteen people.", "Kestrel employs 14 people.").verdict in ADMITTED
    assert decide_write("Kestrel employs forty people.", "Kestrel employs 14 people.").verdict == "REJECT"
    assert decide_write("Kestrel employs 14 people.", "A kestrel nests on the roof.").verdict == "REJECT"


WARD = (
    "Ward round, 2 June. Ewa Kowalczyk, 71, admitted with pneumonia. "
    "Started amoxicillin 500 mg three times daily."
)


def test_a_subjectless_note_line_continues_the_previous_subject() -> None:
    """ "Started amoxicillin ..." after a line about Ewa Kowalczyk is about her; after a line
    led by someone else it is not; a fronted participle with a comma is no such line."""
    claim = "Ewa Kowalczyk was started on amoxicillin 500 mg three times daily."
    assert decide_write(claim, WARD).verdict == "ACCEPT"
    other = (
        "Ewa Kowalczyk, 71, admitted with pneumonia. Tom Hale, 80, admitted after a fall. "
        "Started amoxicillin 500 mg three times daily."
    )
    assert decide_write(claim, other).verdict == "REJECT"
    ticket = "Ticket 4411. Omar Ali called on Monday. Left a voicemail."
    assert decide_write("Omar Ali left a voicemail.", ticket).verdict == "ACCEPT"
    assert (
        decide_write(
            "Omar Ali left a voicemail.", "Ticket 4411. Priya Shah called Omar Ali. Left a voicemail."
        ).verdict
        == "REJECT"
    )


def test_a_short_form_claim_is_recalled_by_the_full_name(open_store) -> None:  # type: ignore[no-untyped-def]
    """Stored under the evidence's full name, the claim answers for "Ana Ruiz" and "Ana";
    the same claim from evidence with two Anas waits for review instead."""
    store = open_store()
    out = store.remember("Ana paid the bill.", "Ana Ruiz arrived late. Ana paid the bill.")
    assert out.status == "admitted", out.text
    assert store.recall("What did Ana Ruiz pay?").status == "answered"
    assert {r.name for r in store.entities.records().values()} == {"Ana Ruiz"}
    two = store.remember("Ana paid the bill.", "Ana Ruiz and Ana Lopez arrived. Ana paid the bill.")
    assert two.status == "quarantined", two.text


def test_a_month_name_after_a_year_starts_a_given_name() -> None:
    """ "In June 2016 June Okafor left": the second June is a person; "on 3 June Priya" is a date."""
    ev = "In June 2016 June Okafor left Dunmore Town and joined Port Elston Harriers."
    assert decide_write("June Okafor left Dunmore Town in June 2016.", ev).verdict == "ACCEPT"
    assert decide_write("June Okafor left Dunmore Town in May 2016.", ev).verdict == "REJECT"
    d = decide_write("Priya Shah left Vantec on 3 June.", "On 3 June Priya Shah left Vantec.")
    assert d.verdict == "ACCEPT" and d.shape is not None and d.shape.entities[0] == "Priya Shah"


def test_an_object_pronoun_stands_for_the_one_other_name() -> None:
    """ "She hired him": him is the other person of the sentence that named her; with two
    other names there it is neither, and the roles still hold."""
    ev = "Priya Shah interviewed Omar Ali on Monday. She hired him on Friday."
    assert decide_write("Priya Shah hired Omar Ali.", ev).verdict == "ACCEPT"
    assert decide_write("Omar Ali hired Priya Shah.", ev).verdict == "REJECT"
    assert decide_write("Priya Shah hired Ben Ode.", ev).verdict == "REJECT"
    two = "Priya Shah met Omar Ali and Ben Ode on Monday. She hired him on Friday."
    assert decide_write("Priya Shah hired Omar Ali.", two).verdict == "REJECT"


def test_a_short_form_listed_beside_its_full_name_is_someone_else() -> None:
    """ "Dana Kim and Mr Kim met": Mr Kim is not Dana Kim, so "Mr Kim approved" is not hers."""
    ev = "Dana Kim and Mr Kim met on Monday. Mr Kim approved the budget."
    assert decide_write("Dana Kim approved the budget.", ev).verdict == "REJECT"
    one = "Dana Kim met the auditors on Monday. Ms Kim approved the budget."
    assert decide_write("Dana Kim approved the budget.", one).verdict == "ACCEPT"

