"""Write gate 3.139: reports set between commas, a report by a title of several words,
a denied report ("never said"), a report by the message's own writer, and a passive with
a time or place before its "by".

Every case is a pair over the same evidence: the claim the evidence supports admitted,
its near miss refused. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_parse import _passive_search
from tests.gate_pairs import ADMIT, assert_pair

REPORTS = [
    # a report between commas governs the clause before it, and (unsure) the one after
    ("modality_dropped",
     "No one was injured, brigade spokesman Radek Wilczur said on Monday, but the drying shed was destroyed.",
     "No one was injured.",
     "According to Radek Wilczur, no one was injured."),
    # a title of several lower-case words before the name ("works" is a noun there)
    ("modality_dropped",
     "Construction of the bridge is expected to finish in October, regional works official Getaye Mulu said.",
     "Construction of the bridge is expected to finish in October.",
     "According to Getaye Mulu, construction of the bridge is expected to finish in October."),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), REPORTS)
def test_a_report_set_between_commas(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)


@pytest.mark.parametrize("evidence", [
    "Hessel Anstema never told the council that the bridge was unsafe.",
    "Hessel Anstema did not say that the bridge was unsafe.",
    "Hessel Anstema has never said that the bridge was unsafe.",
    # words before the report that deny, hedge or leave it unmade (a red team's finds)
    "It is untrue that Hessel Anstema said that the bridge was unsafe.",
    "Hessel Anstema never once said that the bridge was unsafe.",
    "Not once did Hessel Anstema say that the bridge was unsafe.",
    "Hessel Anstema refused to say that the bridge was unsafe.",
    "Hessel Anstema was misquoted as saying that the bridge was unsafe.",
])
def test_a_denied_report_is_no_report(evidence: str) -> None:
    """ "X never said that P": no report of P by X (it was read as the speaker "X never")."""
    assert_pair("negation_flipped", evidence,
                "Hessel Anstema said that the bridge was unsafe.",
                evidence.rstrip(".") + ".")


VOICEMAIL = ("Voicemail, Wed 15 Jul 2026: Shikamoo bibi, it's Hamisi Jabiri from the eye clinic. The "
             "insurance covers TSh 80,000. Ola says the frames are TSh 40,000.")


def test_a_hedged_report_is_not_stated_as_made() -> None:
    evidence = "Hessel Anstema may have said that the bridge was unsafe."
    assert_pair("modality_dropped", evidence, "Hessel Anstema said that the bridge was unsafe.", evidence)


def test_what_the_writer_says_is_theirs_to_say() -> None:
    """ "According to Hamisi Jabiri, ..." of the voicemail Hamisi leaves: the writer's report."""
    yes = decide_write("According to Hamisi Jabiri, the insurance covers TSh 80,000.", VOICEMAIL)
    assert yes.verdict in ADMIT, yes.refusal
    # near misses: another figure; and Ola's report given as Hamisi's own
    other = decide_write("According to Hamisi Jabiri, the insurance covers TSh 90,000.", VOICEMAIL)
    assert other.verdict == "REJECT"
    no = decide_write("According to Hamisi Jabiri, the frames are TSh 40,000.", VOICEMAIL)
    assert no.verdict == "REJECT" and no.refusal is not None and no.refusal.code == "modality_dropped"
    # ... and a report inside the writer's words is kept when the claim keeps it
    nested = decide_write("According to Hamisi Jabiri, Ola says the frames are TSh 40,000.", VOICEMAIL)
    assert nested.verdict in ADMIT, nested.refusal


def test_a_passive_with_a_time_before_its_agent() -> None:
    evidence = "Kestrova Mills was founded in 1921 by Ana Velkova."
    assert_pair("relation_transposed", evidence,
                "Kestrova Mills founded Ana Velkova in 1921.",
                "Ana Velkova founded Kestrova Mills in 1921.")
    # only a time or a place between: "born in the house built by X" is no passive of "born"
    for text, participle in (("It was founded in 1921 by Ana Velkova.", "founded"),
                             ("It was built in Leeds by Ana Velkova.", "built"),
                             ("Ana Velkova was born in the house built by Kestrova Mills.", None)):
        hit = _passive_search(text, 0, len(text))
        assert (hit.group(1) if hit else None) == participle, text


NOTE = "Clinic note, 3 June 2026. Tiiu Varblane, 41F, c/o headaches x 2/52, worse in the mornings."


@pytest.mark.parametrize(("code", "refused", "admitted"), [
    ("numeral_invented", "Tiiu Varblane is 42 years old.", "Tiiu Varblane is 41 years old."),
    ("asserts_more_than_evidence", "Tiiu Varblane is male.", "Tiiu Varblane is female."),
    ("numeral_invented", "Tiiu Varblane has had headaches for three weeks.",
     "Tiiu Varblane has had headaches for two weeks."),
])
def test_a_clinical_note_age_sex_and_weeks(code: str, refused: str, admitted: str) -> None:
    """ "41F" is 41 years old and female; "x 2/52" is two weeks."""
    assert_pair(code, NOTE, refused, admitted)


def test_an_age_is_the_named_person_s_own() -> None:
    """ "41-year-old Getnet Birru" and "Getnet Birru, 41," give his age, not his father's
    (the age read beside a name was read for any name in the sentence before 3.139)."""
    after = "was taken to hospital; his father Tesfa Kebede was unhurt."
    for driver in ("41-year-old Getaye Birru", "Getaye Birru, 41"):
        evidence = f"The driver, {driver}, {after}"
        assert_pair("numeral_invented", evidence,
                    "Tesfa Kebede is 41 years old.", "Getaye Birru is 41 years old.")


def test_none_of_a_whole_the_evidence_counts_a_part_of() -> None:
    evidence = ("RËBÔKÒWÒ, Tuesday 10 February 2026 — Its chairman, Szczëpón Smòlëk, 60, said eleven of the "
                "harbour's 17 boats had not left port since Christmas.")
    said = "According to Szczëpón Smòlëk, {} of the harbour's 17 boats {} left port since Christmas."
    assert_pair("quantifier_changed", evidence, said.format("none", "has"), said.format("eleven", "had not"))


def test_a_greeting_in_another_language_before_an_introduction() -> None:
    """ "Ia ora na, this is Vaite from Taravao Dental": the caller works there; a report
    before the introduction ("Ana said today, this is ...") introduces no one."""
    evidence = ('Voicemail, Tue 7 Jul 2026, 09:12: "Ia ora na, this is Vaite Tehei from Taravao Dental. '
                'Call us."')
    assert_pair("asserts_more_than_evidence", evidence,
                "Vaite Tehei works at Papeete Dental.", "Vaite Tehei works at Taravao Dental.")
    reported = "Ana Ruiz said today, this is Vaite Tehei from Taravao Dental."
    assert decide_write("Vaite Tehei works at Taravao Dental.", reported).verdict == "REJECT"


def test_a_chat_turn_is_its_own_speaker_s_not_the_first_line_s() -> None:
    """ "Nimali Perera: hi / Kasun Silva: the shop closes at 5": Kasun says it; the first
    turn is no title over the lines below (it was read as one, already in 3.138)."""
    for evidence in ("Nimali Perera: hi\nKasun Silva: the shop closes at 5",
                     "Nimali Perera: ok\nKasun Silva: the shop closes at 5\nNimali Perera: thanks"):
        assert decide_write("According to Nimali Perera, the shop closes at 5.", evidence).verdict == "REJECT"
        yes = decide_write("According to Kasun Silva, the shop closes at 5.", evidence)
        assert yes.verdict in ADMIT, yes.refusal


def test_a_rumour_the_writer_passes_on_is_no_claim_of_theirs() -> None:
    """ "Ilnur Zaripov: rumour is the bus is cancelled": a rumour, as "the rumour is" was."""
    evidence = "Ilnur Zaripov: rumour is the bus is cancelled"
    assert_pair("modality_dropped", evidence,
                "According to Ilnur Zaripov, the bus is cancelled.",
                "According to Ilnur Zaripov, rumour is the bus is cancelled.")
