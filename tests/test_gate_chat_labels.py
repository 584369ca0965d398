"""Who speaks a chat line, in the forms chat exports write it.

A stamp before the label ("[Sat 14 Mar 2026] Talshyn: ..."), a name in brackets ("[Lippu]
I'll get 200 ..."), a forum handle ("u/quill_ferret: ...", "Posted by marrow_k: ..."), a
voicemail's "it's Hamadi from ...", and a turn that drops its subject before a negated
auxiliary ("Goizane: cant make dinner tmrw"). Each pair quotes one evidence: what the
speaker said, attributed to them or read with them as its subject, is admitted; the
same words about someone else, or with the polarity or the message's date, are refused.
"""

from __future__ import annotations

import pytest
from gate_pairs import assert_pair

from affidavit.gates.write import decide_write
from affidavit.gates.write_writer import author, line_speaker, turn_speaker


@pytest.mark.parametrize(("text", "speaker"), [
    ("[Sat 14 Mar 2026] Orlaith Venn: the clinic opens at 9.", "Orlaith Venn"),
    ("[Pellam] I'll bring 40 chairs from the hall", "Pellam"),
    ("[10:42] [Pellam] I'll bring 40 chairs from the hall", "Pellam"),
    ("[festa] committee: who brings chairs?", None),  # a bracket that holds no name
])
def test_the_line_speaker(text: str, speaker: str | None) -> None:
    found = line_speaker(text, len(text) - 2)
    assert (found.name if found else None) == speaker
    turn = turn_speaker(text, len(text) - 2)
    assert (turn.name if turn else None) == speaker


@pytest.mark.parametrize(("text", "writer"), [
    ("u/quill_ferret: Went to the Dunmarrow night market last fri. Skewers were ₱15.", "u/quill_ferret"),
    ("Posted by marrow_k: Drove the coast road yesterday. Fuel at Tollis is card only.", "marrow_k"),
    ("Voicemail, Wed 15 Jul 2026: Morning, it's Hamadi Okwaro from the eye clinic. Your glasses are in.",
     "Hamadi Okwaro"),
    ("Voicemail: hi, this is about Hamadi Okwaro's glasses. They are in.", None),  # an owner, no intro
])
def test_the_message_writer(text: str, writer: str | None) -> None:
    assert author(text) == writer


def test_a_handle_is_the_writer_a_report_names() -> None:
    evidence = "u/quill_ferret: Parking at the Dunmarrow night market is a nightmare, go early."
    assert_pair("asserts_more_than_evidence", evidence,
                "According to u/brisk_otter, parking at the Dunmarrow night market is a nightmare.",
                "According to u/quill_ferret, parking at the Dunmarrow night market is a nightmare.")


def test_a_bracketed_speaker_owns_the_first_person() -> None:
    evidence = ("[Kessa] who is doing the chairs for saturday?\n"
                "[Pellam] I'll bring 40 chairs from the parish hall")
    yes = decide_write("Pellam will bring 40 chairs from the parish hall.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal
    no = decide_write("Kessa will bring 40 chairs from the parish hall.", evidence)
    assert no.verdict == "REJECT"


def test_a_turn_without_a_subject_is_its_speakers() -> None:
    """ "Goizane: cant make dinner" is Goizane's; its negation and its date still hold."""
    evidence = "[Fri 16 Jan 2026, 18:42] Briallen: cant make dinner tmrw, the boat's back late."
    assert_pair("negation_flipped", evidence,
                "Briallen can make dinner on 17 January 2026.",
                "Briallen cannot make dinner on 17 January 2026.")
    # The stamp's day is when she wrote, not the dinner's.
    assert_pair("temporal_shifted", evidence,
                "Briallen cannot make dinner on 16 January 2026.",
                "Briallen cannot make dinner on Saturday 17 January 2026.")


def test_a_question_keeps_its_subject_after_the_verb() -> None:
    """ "can you make dinner?" asks the reader: no subjectless turn of the speaker's."""
    evidence = "Briallen: can you make dinner on Saturday?"
    assert decide_write("Briallen can make dinner on Saturday.", evidence).verdict == "REJECT"


def test_an_introduction_after_a_greeting_names_the_writer() -> None:
    """ "Sälem! I'm Äset, 29": the writer, whose "I drive" and "I don't drink" these are."""
    evidence = ("Halló! I'm Brynmor, 31, from Caerwern. I drive a van for Tallow Freight. "
                "My wife Eiluned teaches maths. I don't drink, so no pub please")
    assert author(evidence) == "Brynmor"
    assert_pair("negation_flipped", evidence, "Brynmor drinks.", "Brynmor does not drink.")
    yes = decide_write("Brynmor drives a van for Tallow Freight.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal
    assert decide_write("Eiluned drives a van for Tallow Freight.", evidence).verdict == "REJECT"


def test_a_stamped_question_without_its_mark_is_no_statement() -> None:
    """ "[09:12] Kris: did the Baja van leave" asks; its asker is who a claim may report."""
    evidence = "[09:12] Ffion: did Tegid ever pay back the 400 pounds he borrowed?\n[09:14] Rhodri: no idea"
    assert decide_write("Tegid paid back the 400 pounds he borrowed.", evidence).verdict == "REJECT"
    assert decide_write("Rhodri asked whether Tegid paid back the 400 pounds he borrowed.",
                        evidence).verdict == "REJECT"
    yes = decide_write("Ffion asked whether Tegid paid back the 400 pounds he borrowed.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal


@pytest.mark.parametrize(("evidence", "admitted", "refused"), [
    ("A rockfall hit the Pennant road on Monday and nobody was hurt.",
     "No one was hurt in the rockfall on the Pennant road.",
     "One person was hurt in the rockfall on the Pennant road."),
    ("A rockfall hit the Pennant road on Monday and no one was hurt.",
     "Nobody was hurt in the rockfall on the Pennant road.",
     "Somebody was hurt in the rockfall on the Pennant road."),
])
def test_no_one_is_nobody(evidence: str, admitted: str, refused: str) -> None:
    """ "no one" counts nobody (not one person), and "Nobody" opening a claim is no name."""
    assert decide_write(refused, evidence).verdict == "REJECT"
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal


def test_a_pronoun_before_the_writer_is_someone_else() -> None:
    """ "he sews and I sell" (I = Liivi): "he" points back to another party, so sewing is not
    the writer's; selling is."""
    evidence = ("Tere! I'm Maarika, I sell knitwear at the Kõrvemäe market. my husband is a tailor, "
                "we work together, he sews and I sell.")
    assert decide_write("Maarika sews.", evidence).verdict == "REJECT"
    assert decide_write("Maarika does the sewing.", evidence).verdict == "REJECT"
    yes = decide_write("Maarika sells knitwear.", evidence)
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal


@pytest.mark.parametrize("noun", ["gran", "teacher", "plumber"])
def test_a_noun_after_the_negated_auxiliary_is_the_subject(noun: str) -> None:
    """ "Eluned: didnt gran sell the van" asks about gran: only a verb the lexicon knows after
    the auxiliary makes a subjectless turn the speaker's ("cant make dinner")."""
    assert decide_write("Eluned Roskilly did not sell the van.",
                        f"Eluned Roskilly: didnt {noun} sell the van").verdict == "REJECT"
    yes = decide_write("Eluned Roskilly cannot make dinner.", "Eluned Roskilly: cant make dinner, sorry")
    assert yes.verdict in ("ACCEPT", "RESCUE"), yes.refusal
