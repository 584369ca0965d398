"""Write gate 3.139: a CV whose title is alone on its first line, a birth line without its
colon, and a CV line whose later field names a degree (a course of study, not a job).

Pairs over the same evidence: the supported claim admitted, its near miss refused.
Examples are our own; names are invented.
"""

from __future__ import annotations

from affidavit.gates.write import decide_write
from affidavit.gates.write_tenure import tenure_readings
from tests.gate_pairs import ADMIT

CV = ("CURRICULUM VITAE\nSiliya Ndoye Faal\nBorn 1988 in Kaolack\n"
      "2019–present: Head nurse, Hôpital Régional Kaolack\n2012–2019: Nurse, Poste de Santé Ndiaffate\n"
      "2006–2011: Université Gaston Berger, degree in nursing\nLanguages: Wolof (native), French (fluent)")


def test_a_title_alone_on_the_first_line_heads_the_name_below() -> None:
    yes = decide_write("Siliya Ndoye Faal worked as a nurse at Poste de Santé Ndiaffate for seven years.", CV)
    assert yes.verdict in ADMIT, yes.refusal
    for claim in ("Siliya Ndoye Faal worked as a nurse at Poste de Santé Ndiaffate for nine years.",
                  "Siliya Ndoye Faal worked as a head nurse at Poste de Santé Ndiaffate."):
        assert decide_write(claim, CV).verdict == "REJECT", claim


def test_a_study_line_is_no_job() -> None:
    """ "Université Gaston Berger, degree in nursing": she studied there, did not work there
    (no job reading is made of it; "worked at Université Gaston Berger" is still admitted by
    the coverage check, "nursing" being a kind of work: a weakness this test does not hide)."""
    assert not any("Gaston Berger" in reading for _, _, reading in tenure_readings(CV))
    yes = decide_write("Siliya Ndoye Faal has worked as a head nurse at Hôpital Régional Kaolack since 2019.",
                       CV)
    assert yes.verdict in ADMIT, yes.refusal


def test_a_note_that_is_no_cv_line_still_ends_the_profile() -> None:
    """Below a line a CV is not made of, the job lines are no longer read as the person's."""
    other = CV.replace("Born 1988 in Kaolack", "Her brother's CV is attached")
    claim = "Siliya Ndoye Faal worked as a nurse at Poste de Santé Ndiaffate for seven years."
    assert decide_write(claim, other).verdict == "REJECT"
    assert decide_write(claim, CV).verdict in ADMIT  # control: the same claim with the birth line
