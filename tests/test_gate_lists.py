"""Lists and appositions: rosters under a label, coordinated subjects, bio and profile lines.
Each listed name that the label covers is admitted; a name under another label, or not
listed, is refused."""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMITTED = ("ACCEPT", "RESCUE")
MINUTES = "Attendees: Tom Hale, Priya Shah, Omar Ali. Apologies: Ben Ode."
STANDUP = "Standup, 9 May\nPresent:\n- Tom Hale\n- Priya Shah (finance)\nApologies:\n- Ben Ode"
BOARD = "Chair: Tom Hale. Attendees: Priya Shah, Omar Ali."

PAIRS = [  # (admitted claim, refused claim, evidence, reason the refused one gets)
    pytest.param(
        "Priya Shah attended the meeting.",
        "Ben Ode attended the meeting.",
        MINUTES,
        "negation_flipped",
        id="inline-roster",
    ),
    pytest.param(
        "Ben Ode did not attend the meeting.",
        "Omar Ali did not attend the meeting.",
        MINUTES,
        "negation_flipped",
        id="apologies",
    ),
    pytest.param(
        "Priya Shah attended the standup.",
        "Ben Ode attended the standup.",
        STANDUP,
        "negation_flipped",
        id="bulleted-roster-under-header",
    ),
    pytest.param(
        "Tom Hale chaired the meeting.",
        "Priya Shah chaired the meeting.",
        BOARD,
        "asserts_more_than_evidence",
        id="chair-label",
    ),
    pytest.param(
        "Omar Ali joined Vantec.",
        "Ben Ode joined Vantec.",
        "Tom Hale, Priya Shah and Omar Ali joined Vantec in May. Ben Ode left.",
        "asserts_more_than_evidence",
        id="coordinated-subjects",
    ),
    pytest.param(
        "Nora Quill is an architect.",
        "Nora Quill is a surveyor.",
        "Nora Quill, 44, a Cork architect, designed the library.",
        "asserts_more_than_evidence",
        id="bio-apposition",
    ),
    pytest.param(
        "Nora Quill is 44.",
        "Nora Quill is 45.",
        "Nora Quill, 44, a Cork architect, designed the library.",
        "numeral_invented",
        id="bio-age",
    ),
    pytest.param(
        "Nora Quill is a senior architect at Brix Studio.",
        "Nora Quill is a senior architect at Kell Partners.",
        "Nora Quill — Senior Architect, Brix Studio",
        "asserts_more_than_evidence",
        id="profile-line",
    ),
    pytest.param(
        "Omar Ali works at Vantec.",
        "Omar Ali works at Brio Foods.",
        "Thanks,\nOmar Ali | Head of Sales | Vantec",
        "asserts_more_than_evidence",
        id="signature-line",
    ),
]


@pytest.mark.parametrize(("good", "bad", "evidence", "reason"), PAIRS)
def test_listed_name_admitted_and_the_other_refused(good: str, bad: str, evidence: str, reason: str) -> None:
    """The listed name is admitted; the near miss is refused with the reason named."""
    d = decide_write(good, evidence)
    assert d.verdict in ADMITTED, d.refusal
    n = decide_write(bad, evidence)
    assert n.verdict == "REJECT" and n.refusal is not None, n
    assert n.refusal.code == reason, n.refusal


def test_a_roster_receipt_covers_the_label() -> None:
    """The span stored for a bulleted item reaches back to the label that gives it meaning."""
    d = decide_write("Priya Shah attended the standup.", STANDUP)
    assert d.span is not None
    assert "Present:" in STANDUP[d.span[0] : d.span[1]]


def test_a_line_with_a_verb_is_not_a_roster() -> None:
    """ "Attendees: Tom Hale asked Priya Shah to leave" is a sentence, not a list of attendees."""
    ev = "Attendees: Tom Hale asked Priya Shah to leave before the vote."
    assert decide_write("Priya Shah attended the meeting.", ev).verdict == "REJECT"


def test_a_former_post_is_no_current_one() -> None:
    """ "ex-Head of Sales", "former Architect" on a profile line say nothing about now."""
    ex = "Omar Ali | ex-Head of Sales | Vantec"
    assert decide_write("Omar Ali works at Vantec.", ex).verdict == "REJECT"
    former = "Nora Quill — former Senior Architect, Brix Studio"
    assert decide_write("Nora Quill is a senior architect at Brix Studio.", former).verdict == "REJECT"
    assert decide_write("Omar Ali works at Vantec.", "Omar Ali | Head of Sales | Vantec").verdict == "ACCEPT"


def test_a_title_that_names_a_body_names_its_meeting() -> None:
    """ "Minutes — Liepāja harbour committee, 11 March": the meeting of that committee, that day."""
    evidence = (
        "Minutes — Liepāja harbour committee, 11 March\n"
        "Present: Ilze Kalniņa (chair), Gatis Ozols, Māra Liepiņa\nApologies: Jānis Krūmiņš"
    )
    attended = "Gatis Ozols attended the Liepāja harbour committee meeting on 11 March."
    assert decide_write(attended, evidence).verdict in ADMITTED
    assert decide_write(attended.replace("11 March", "12 March"), evidence).verdict not in ADMITTED
    absent = "Jānis Krūmiņš attended the Liepāja harbour committee meeting on 11 March."
    assert decide_write(absent, evidence).verdict not in ADMITTED
    chaired = "Ilze Kalniņa chaired the Liepāja harbour committee meeting on 11 March."
    assert decide_write(chaired, evidence).verdict in ADMITTED
    assert decide_write(chaired.replace("Ilze Kalniņa", "Māra Liepiņa"), evidence).verdict not in ADMITTED


def test_apologies_say_they_were_sent_and_the_meeting_of_a_date() -> None:
    evidence = (
        "Fonua Growers' Association, meeting of 12 March 2026.\n"
        "Present: Mele Taufa (chair), Sione Lolo.\nApologies: Tevita Havili."
    )
    sent = "Tevita Havili sent apologies for the Fonua Growers' Association meeting of 12 March 2026."
    assert decide_write(sent, evidence).verdict in ADMITTED
    assert decide_write(sent.replace("Tevita Havili", "Sione Lolo"), evidence).verdict not in ADMITTED
    assert decide_write(sent.replace("12 March", "13 March"), evidence).verdict not in ADMITTED
    attended = "Tevita Havili attended the Fonua Growers' Association meeting."
    assert decide_write(attended, evidence).verdict not in ADMITTED


def test_a_title_line_says_whose_meeting_where_and_when() -> None:
    """ "Weekly standup — Orla Foods" and "board meeting, Tromsø, 12 February": the names after
    the event on its title line, and its date, are the meeting's."""
    standup = "Weekly standup — Orla Foods\nPresent: Ines Varga, Pal Hegedus\n- Ines: new menu from 1 July"
    attended = "Pal Hegedus attended the Orla Foods weekly standup."
    assert decide_write(attended, standup).verdict in ADMITTED
    assert decide_write(attended.replace("Orla Foods", "Orla Farms"), standup).verdict not in ADMITTED
    assert decide_write(attended, standup.replace(" — Orla Foods", "")).verdict not in ADMITTED
    board = (
        "Minutes — Varga Fisk AS board meeting, Tromsø, 12 February\n"
        "Present: Ines Varga (chair), Pal Hegedus\nApologies: Zsofia Kerekes"
    )
    chaired = "Ines Varga chaired the 12 February board meeting of Varga Fisk AS."
    assert decide_write(chaired, board).verdict in ADMITTED
    assert decide_write(chaired.replace("12 February", "13 February"), board).verdict not in ADMITTED
    assert decide_write(chaired.replace("Ines Varga", "Pal Hegedus"), board).verdict not in ADMITTED
    sent = "Zsofia Kerekes sent apologies for the Varga Fisk AS board meeting on 12 February."
    assert decide_write(sent, board).verdict in ADMITTED
    assert decide_write(sent.replace("sent apologies for", "attended"), board).verdict not in ADMITTED
