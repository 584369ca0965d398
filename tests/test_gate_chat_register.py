"""Chat register: names and cues written without capitals, first-person hedges, values set aside.

Each supported claim sits next to an unsupported one over the same evidence, so a gate
that admits everything, or refuses everything, fails here.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.text.recase import chat_cased, recase_from_claim

ADMITTED = ("ACCEPT", "RESCUE")


def verdict(claim: str, evidence: str) -> tuple[str, str | None]:
    d = decide_write(claim, evidence)
    return d.verdict, d.refusal.code if d.refusal else None


@pytest.mark.parametrize(("supported", "unsupported", "code", "evidence"), [
    ("Tiimo Wessberg repaired the boiler at the Kallio flat.",
     "Tiimo Wessberg repaired the boiler at the Töölö flat.", "asserts_more_than_evidence",
     "ok so tiimo wessberg repaired the boiler at the kallio flat yesterday, works fine now"),
    ("Brannagh Quist teaches pottery in Ruthin.",
     "Brannagh Quist teaches pottery in Denbigh.", "asserts_more_than_evidence",
     "btw brannagh quist teaches pottery in ruthin on tuesdays, she's great"),
])
def test_lower_case_names_are_the_claims_names(supported: str, unsupported: str, code: str,
                                               evidence: str) -> None:
    assert verdict(supported, evidence)[0] in ADMITTED
    got = verdict(unsupported, evidence)
    assert got[0] == "REJECT" and got[1] is not None


def test_a_lower_case_question_in_chat_is_still_a_question() -> None:
    evidence = "omg orlaith vennick is moving to porto?? who told u that"
    assert verdict("Orlaith Vennick is moving to Porto.", evidence) == ("REJECT", "modality_dropped")
    said = "omg orlaith vennick is moving to porto. she told me herself"
    assert verdict("Orlaith Vennick is moving to Porto.", said)[0] in ADMITTED  # control


def test_a_lower_case_did_question_is_not_a_statement() -> None:
    asked = "did quillon abernethy ever finish the kiln in mold? he was on the chimney in may"
    assert verdict("Quillon Abernethy finished the kiln in Mold.", asked) == ("REJECT", "modality_dropped")
    told = "quillon abernethy finished the kiln in mold last week, photos soon"
    assert verdict("Quillon Abernethy finished the kiln in Mold.", told)[0] in ADMITTED


@pytest.mark.parametrize("hedge", ["i think", "tbh i think", "i guess", "iirc"])
def test_first_person_hedges_are_not_vouched(hedge: str) -> None:
    hedged = f"{hedge} saoirse delahunt left the choir in carlow last spring"
    assert verdict("Saoirse Delahunt left the choir in Carlow last spring.", hedged) == (
        "REJECT", "modality_dropped")
    guessed = "saoirse delahunt left the choir in carlow last spring, guess who told me"
    assert verdict("Saoirse Delahunt left the choir in Carlow last spring.", guessed)[0] in ADMITTED
    plain = "saoirse delahunt left the choir in carlow last spring, she said so herself"
    assert verdict("Saoirse Delahunt left the choir in Carlow last spring.", plain)[0] in ADMITTED


def test_a_value_the_evidence_sets_aside_is_not_asserted() -> None:
    evidence = "my sister Wren Achterberg runs a bakery in Zwolle, not Deventer like everyone thinks"
    assert verdict("Wren Achterberg runs a bakery in Deventer.", evidence) == ("REJECT", "negation_flipped")
    assert verdict("Wren Achterberg runs a bakery in Zwolle.", evidence)[0] in ADMITTED
    dated = "Wren Achterberg opens the bakery on the 4th, not the 3rd."
    assert verdict("Wren Achterberg opens the bakery on the 4th.", dated)[0] in ADMITTED
    assert verdict("Wren Achterberg opens the bakery on the 3rd.", dated)[0] == "REJECT"
    added = "Wren Achterberg sells bread in Zwolle, not only cakes."  # "not only" adds
    assert verdict("Wren Achterberg sells bread in Zwolle.", added)[0] in ADMITTED


def test_recasing_keeps_every_offset_and_leaves_words_alone() -> None:
    claim = "Rose Tamsin Oduya met Will at the Kelso market."
    evidence = "rose tamsin oduya met will at the kelso market. the rose garden was shut, will it open?"
    out = recase_from_claim(claim, evidence)
    assert len(out) == len(evidence) and out.lower() == evidence.lower()
    assert out.startswith("Rose Tamsin Oduya met will at the Kelso market.")  # "will" is a word
    assert "the rose garden" in out  # a dictionary word alone stays as written
    assert chat_cased("so i said no. e.g. this one? yes") == "So I said no. e.g. this one? Yes"
    written = "Prose Already Cased. Fine."
    assert chat_cased(written) == written and recase_from_claim("Cased Fine.", written) == written


@pytest.mark.parametrize("evidence", [
    "Hi Maren,\nI sent the survey to the printers this morning.\nBest,\nHallvard Roenning",
    "Hi Maren, I sent the survey to the printers this morning. Best, Hallvard Roenning",
    "From: Hallvard Roenning <h.r@example.org>\nTo: Maren\n\n"
    "Hi, I sent the survey to the printers this morning.",
    "hi, Hallvard Roenning here. I sent the survey to the printers this morning",
    "sent it!! I sent the survey to the printers this morning — Hallvard Roenning",
])
def test_the_first_person_of_a_message_is_its_writer(evidence: str) -> None:
    """"I" is the one person the message names as its writer; never the person it greets."""
    assert verdict("Hallvard Roenning sent the survey to the printers.", evidence)[0] in ADMITTED
    assert verdict("Maren sent the survey to the printers.", evidence)[0] == "REJECT"
    assert verdict("Hallvard Roenning sent the survey to the bindery.", evidence)[0] == "REJECT"


def test_the_receipt_reaches_the_sign_off_that_names_the_writer() -> None:
    evidence = "Hi Maren,\nI've paid the 9.500 kr. for the hut into your account.\nKveðja,\nHallvard"
    d = decide_write("Hallvard paid 9.500 kr. for the hut into Maren's account.", evidence)
    assert d.verdict in ADMITTED and d.span is not None
    assert evidence[d.span[0] : d.span[1]].endswith("Hallvard")  # the name "I" stands for
    assert verdict("Hallvard paid 9.500 kr. for the hut into Sunniva's account.", evidence)[0] == "REJECT"


def test_two_writers_or_none_leave_the_first_person_unread() -> None:
    two = "From: Hallvard Roenning\n\nI sent the survey to the printers.\n\nThanks, Sunniva Eide"
    assert verdict("Hallvard Roenning sent the survey to the printers.", two)[0] == "REJECT"
    assert verdict("Sunniva Eide sent the survey to the printers.", two)[0] == "REJECT"
    nobody = "I sent the survey to the printers this morning."
    assert verdict("Hallvard Roenning sent the survey to the printers.", nobody)[0] == "REJECT"


def test_a_chat_speaker_label_is_the_first_person_of_its_line_only() -> None:
    chat = "Maren: who has the van?\nHallvard: I have the van until Friday\nSunniva: I have the keys"
    assert verdict("Hallvard has the van until Friday.", chat)[0] in ADMITTED
    assert verdict("Hallvard has the keys.", chat)[0] == "REJECT"
    assert verdict("Sunniva has the keys.", chat)[0] in ADMITTED
    assert verdict("Maren has the van until Friday.", chat)[0] == "REJECT"
    owner = "Maren: who fixed the gate?\nHallvard: my cousin Sunniva Eide fixed the gate last week"
    assert verdict("Hallvard fixed the gate last week.", owner)[0] == "REJECT"  # the label owns, not does
    assert verdict("Sunniva Eide fixed the gate last week.", owner)[0] in ADMITTED


def test_negative_contractions_without_the_apostrophe_still_deny() -> None:
    evidence = "tamsin okoro-vale fixed 3 bikes for the youth club and she didnt charge for any of them"
    assert verdict("Tamsin Okoro-Vale charged the youth club for the bikes.", evidence)[0] == "REJECT"
    assert verdict("Tamsin Okoro-Vale fixed three bikes for the youth club.", evidence)[0] in ADMITTED
    isnt = "ferdia quenby isnt on the rowing crew anymore"
    assert verdict("Ferdia Quenby is on the rowing crew.", isnt) == ("REJECT", "temporal_shifted")  # ended
    assert verdict("Ferdia Quenby is no longer on the rowing crew.", isnt)[0] in ADMITTED
    stays = "ferdia quenby is on the rowing crew, she loves it"
    assert verdict("Ferdia Quenby is no longer on the rowing crew.", stays)[0] == "REJECT"
    until = "Ferdia Quenby is acting captain of the crew until a replacement is found."
    assert verdict("Ferdia Quenby is the acting captain of the crew.", until)[0] in ADMITTED
    ended = "Ferdia Quenby was captain of the crew until 2022."
    assert verdict("Ferdia Quenby is the captain of the crew.", ended)[0] == "REJECT"


def test_a_value_set_aside_without_a_comma_when_both_are_of_one_kind() -> None:
    evidence = "correction: the ceilidh at Dunmore Hall is on FRIDAY not thursday, sorry"
    assert verdict("The ceilidh at Dunmore Hall is on Friday.", evidence)[0] in ADMITTED
    assert verdict("The ceilidh at Dunmore Hall is on Thursday.", evidence) == ("REJECT", "negation_flipped")
    rooms = "Ailbhe Strand is in room 14 not 12."
    assert verdict("Ailbhe Strand is in room 14.", rooms)[0] in ADMITTED
    assert verdict("Ailbhe Strand is in room 12.", rooms)[0] == "REJECT"


MINUTES = ("Minutes — Harrowgate Looms board, 3 Mar\nPresent: Ysolde Farrant (chair), Corin Blaise\n"
           "1. Board approved the new dye house for Kettlewick, budget £380k.\n"
           "2. Launch moved from 12 May to 26 May.")


def test_a_title_line_says_whose_the_unnamed_items_below_are() -> None:
    said = "The Harrowgate Looms board approved a £380k dye house for {}."
    assert verdict(said.format("Kettlewick"), MINUTES)[0] in ADMITTED
    assert verdict(said.format("Pately"), MINUTES)[0] == "REJECT"
    # A line with a subject of its own is that subject's, not the title's.
    own = "Minutes — Harrowgate Looms board, 3 Mar\nCorin Blaise approved the dye house."
    assert verdict("Harrowgate Looms approved the dye house.", own)[0] == "REJECT"


def test_the_value_something_moved_from_no_longer_holds() -> None:
    evidence = "Project sync — Harrowgate Looms\nDecisions: the launch moved from 12 May to 26 May."
    assert verdict("The Harrowgate Looms launch is on 12 May.", evidence)[0] == "REJECT"
    assert verdict("The Harrowgate Looms launch moved from 12 May to 26 May.", evidence)[0] in ADMITTED


def test_from_a_to_b_is_not_from_b_to_a() -> None:
    evidence = "Ticket 88: I moved £900 from my savings account to my current account.\nPellam Ostry"
    assert verdict("Pellam Ostry moved £900 from his savings account to his current account.", evidence)[0] \
        in ADMITTED
    assert verdict("Pellam Ostry moved £900 from his current account to his savings account.", evidence) == (
        "REJECT", "relation_transposed")


def test_a_standup_line_has_its_label_as_doer() -> None:
    standup = ("Standup 4/6 — Brackenmoor Software\nTeodor: finished the payroll export, no blockers.\n"
               "Yara: still blocked on the keys from Fellgate Ferries.\nOskar: off sick.")
    assert verdict("Teodor finished the payroll export.", standup)[0] in ADMITTED
    assert verdict("Yara finished the payroll export.", standup)[0] == "REJECT"
    assert verdict("Oskar finished the payroll export.", standup)[0] == "REJECT"


def test_a_one_line_standup_keeps_its_label_as_doer() -> None:
    """A one-line message is recased ("Kofi: Finished ..."); the capital does not hide the verb,
    and a name after the label is still a doer of its own."""
    assert verdict("Kofi Ndour finished the migration.", "Kofi Ndour: finished the migration.")[0] in ADMITTED
    assert verdict("Ama Ndour finished the migration.", "Kofi Ndour: finished the migration.")[0] == "REJECT"
    assert verdict("Kofi Ndour sold the boat.", "Kofi Ndour: Nils sold the boat.")[0] == "REJECT"
    assert verdict("Kofi Ndour sold the boat.", "Kofi Ndour: sold the boat.")[0] in ADMITTED


def test_a_profile_line_gives_its_pieces_to_its_label() -> None:
    line = ("Kofi Ndour: sound engineer; toured with Orchestre Sine-Saloum 2012–2016; "
            "runs Xalam Records in Rufisque.")
    assert verdict("Kofi Ndour runs Xalam Records in Rufisque.", line)[0] in ADMITTED
    assert verdict("Kofi Ndour toured with Orchestre Sine-Saloum.", line)[0] in ADMITTED
    assert verdict("Kofi Ndour toured with Xalam Records.", line)[0] == "REJECT"  # another piece's object
    assert verdict("Ama Ndour runs Xalam Records in Rufisque.", line)[0] == "REJECT"
    # The first person: the label is who speaks, and "my brother" is someone else.
    spoken = "Kofi Ndour: my brother; runs Xalam Records."
    assert verdict("Kofi Ndour runs Xalam Records.", spoken)[0] == "REJECT"


def test_dates_as_records_write_them() -> None:
    cv = "Lowri Askew — Engineer\n2019–present: Backend developer, Pennick Robotics\n2016–2019: QA, Tolvan"
    since = "Lowri Askew has been a backend developer at Pennick Robotics since {}."
    assert verdict(since.format(2019), cv)[0] in ADMITTED
    assert verdict(since.format(2016), cv)[0] == "REJECT"
    note = "Recall note, Sennen Pryce.\nSennen Pryce had her last cleaning 11/2023."
    assert verdict("Sennen Pryce had her last cleaning in November 2023.", note)[0] in ADMITTED
    assert verdict("Sennen Pryce had her last cleaning in October 2023.", note)[0] == "REJECT"
    day = "Dear parents,\nThe Pennick Academy trip is postponed to 3 May because of the rail strike."
    assert verdict("The Pennick Academy trip is postponed to 3 May.", day)[0] in ADMITTED  # "May" is no hedge
    assert verdict("The rail strike was postponed because of the Pennick Academy trip.", day)[0] == "REJECT"


def test_quoted_first_person_and_dash_labels() -> None:
    quoted = 'From: Hallvard Roenning\nSunniva told me "I sold the boat in May".'
    assert verdict("Hallvard Roenning sold the boat in May.", quoted)[0] == "REJECT"  # that "I" is Sunniva's
    dashed = "Ticket 12 - Hallvard Roenning: I ordered the Voss kit in May."
    assert verdict("Hallvard Roenning ordered the Voss kit in May.", dashed)[0] in ADMITTED
    assert verdict("Hallvard Roenning ordered the Voss kit in June.", dashed)[0] == "REJECT"
    owned = "From: Hallvard Roenning\nHi, my router stopped working on Monday."
    assert verdict("Hallvard Roenning's router stopped working on Monday.", owned)[0] in ADMITTED
    assert verdict("Hallvard Roenning stopped working on Monday.", owned)[0] == "REJECT"
    aside = "so i finally passed my driving test!! third attempt lol. — Hallvard Roenning, 14:02"
    assert verdict("Hallvard Roenning passed his driving test on his third attempt.", aside)[0] in ADMITTED
    assert verdict("Hallvard Roenning passed his driving test on his second attempt.", aside)[0] == "REJECT"


def test_till_says_until() -> None:
    evidence = "fyi Ysolde Farrant is covering the night desk till the end of june"
    said = "Ysolde Farrant is covering the night desk until the end of {}."
    assert verdict(said.format("June"), evidence)[0] in ADMITTED
    assert verdict(said.format("July"), evidence)[0] == "REJECT"


def test_a_bare_no_between_two_values_corrects_the_first() -> None:
    evidence = "tamsin: meet at the Kerrow depot 7:30, ugh no, 8:30, the bus is late"
    assert verdict("The meeting at the Kerrow depot is at 7:30.", evidence)[0] == "REJECT"
    assert verdict("The meeting at the Kerrow depot is at 8:30.", evidence)[0] in ADMITTED
    plain = "tamsin: meet at the Kerrow depot at 7:30, the bus is on time"
    assert verdict("The meeting at the Kerrow depot is at 7:30.", plain)[0] in ADMITTED  # control


def test_hearsay_after_a_chat_label_in_lower_case() -> None:
    evidence = "ysolde farrant: corin says pennick robotics is hiring welders again"
    assert verdict("Pennick Robotics is hiring welders again.", evidence) == ("REJECT", "modality_dropped")
    assert verdict("Corin says Pennick Robotics is hiring welders again.", evidence)[0] in ADMITTED


def test_none_of_them_is_more_than_some_of_them() -> None:
    evidence = "Ticket 91: Some users at the Kerrow office cannot log in to the payroll portal."
    assert verdict("No users at the Kerrow office can log in to the payroll portal.", evidence) == (
        "REJECT", "quantifier_changed")
    assert verdict("Some users at the Kerrow office cannot log in to the payroll portal.", evidence)[0] \
        in ADMITTED


def test_a_date_or_place_belongs_to_the_clause_of_the_claims_verb() -> None:
    dated = ("Hi Maren,\nthe Pennick contract was signed on 3 March; delivery of the boats is due "
             "two months later.")
    assert verdict("The boats for Pennick were due in March.", dated)[0] == "REJECT"
    assert verdict("The Pennick contract was signed on 3 March.", dated)[0] in ADMITTED
    placed = "Lowri Askew read law at the University of Truro and now runs a legal aid clinic in Bodmin."
    assert verdict("Lowri Askew runs a legal aid clinic in Truro.", placed)[0] == "REJECT"
    assert verdict("Lowri Askew runs a legal aid clinic in Bodmin.", placed)[0] in ADMITTED
    shared = "Ailbhe Strand moved to Truro in June and to Bodmin in August."  # the verb is shared
    assert verdict("Ailbhe Strand moved to Bodmin in August.", shared)[0] in ADMITTED
    assert verdict("Ailbhe Strand moved to Bodmin in June.", shared)[0] == "REJECT"


def test_all_but_one_is_not_all_and_a_reply_can_add_the_exception() -> None:
    evidence = "All but one of the Pennick suppliers shipped on time this quarter."
    assert verdict("All of the Pennick suppliers shipped on time this quarter.", evidence)[0] == "REJECT"
    assert verdict("Most of the Pennick suppliers shipped on time this quarter.", evidence)[0] in ADMITTED
    chat = ("Corin: every boat in the Kerrow fleet passed inspection\n"
            "Ysolde: except the Sulis, it needs a new hull")
    assert verdict("Every boat in the Kerrow fleet passed inspection.", chat)[0] == "REJECT"


def test_a_party_date_or_place_of_another_conjunct_is_not_the_claims() -> None:
    moved = "Lowri Askew joined Tolvan Telecom in 2016 and left two years later for Pennick Fibre."
    assert verdict("Lowri Askew joined Pennick Fibre in 2016.", moved)[0] == "REJECT"
    assert verdict("Lowri Askew joined Tolvan Telecom in 2016.", moved)[0] in ADMITTED
    said = "Agent note: customer Teodor Brask says the outage started Sunday; our logs show errors Saturday."
    assert verdict("Teodor Brask said the outage started on Saturday.", said)[0] == "REJECT"
    born = "Born in Truro, Wren Achterberg trained as a nurse in Bodmin and returned in 2012."
    assert verdict("Wren Achterberg was born in Bodmin.", born)[0] == "REJECT"
    assert verdict("Wren Achterberg was born in Truro.", born)[0] in ADMITTED


def test_red_team_cases_on_roles_conjuncts_writers_and_titles() -> None:
    """Found by a red-team pass over this round's mechanisms; each beside its supported twin."""
    paid = "Vantor paid the invoice to Brix Studio on 4 June."
    assert verdict("Brix Studio paid the invoice.", paid) == ("REJECT", "relation_transposed")
    assert verdict("Vantor paid the invoice.", paid)[0] in ADMITTED
    assert verdict("Brix Studio was paid by Vantor.", paid)[0] in ADMITTED
    joined = "Ines Prado joined Tolvan and Omar Ali joined Pennick."
    assert verdict("Ines Prado joined Pennick.", joined)[0] == "REJECT"
    assert verdict("Ines Prado joined Tolvan.", joined)[0] in ADMITTED
    quoted = ("Sounds good.\nOn Monday, Tove Lind wrote:\n> I booked the van for Friday.\n"
              "Best, Hallvard Roenning")
    assert verdict("Hallvard Roenning booked the van.", quoted)[0] == "REJECT"
    relayed = "Nils Ekberg here. Passing on Greta's note: I resigned on Friday."
    assert verdict("Nils Ekberg resigned.", relayed)[0] == "REJECT"
    assert verdict("Nils Ekberg resigned.", "Nils Ekberg here. I resigned on Friday.")[0] in ADMITTED
    contact = "Hi team,\nI approved the budget this morning.\nPlease contact:\nSiri Aasen"
    assert verdict("Siri Aasen approved the budget.", contact)[0] == "REJECT"
    signed = "Hi team,\nI approved the budget this morning.\nBest,\nSiri Aasen"
    assert verdict("Siri Aasen approved the budget.", signed)[0] in ADMITTED


@pytest.mark.parametrize("said", [
    "my cousin corin vane prob fixed the pump idk", "pretty sure corin vane fixed the pump",
    "corin vane was gonna fix the pump", "corin vane fixed the pump lol as if",
    "i doubt corin vane fixed the pump",
])
def test_chat_hedges_and_irony_are_not_vouched(said: str) -> None:
    assert verdict("Corin Vane fixed the pump.", said)[0] == "REJECT"
    assert verdict("Corin Vane fixed the pump.", "corin vane fixed the pump yesterday, works great now")[0] \
        in ADMITTED  # control


def test_the_clause_of_the_verb_names_the_subject_only_as_an_owner() -> None:
    """check_possessor_clause: it had no test, and its clause finder missed "Sina's ..." and a
    conjunct whose only verb is "does"; each case beside the claim the same evidence supports."""
    evidence = "Sina's sister manages the Faleolo café, Sina just does weekends there."
    assert verdict("Sina manages the Faleolo café.", evidence) == ("REJECT", "unknown_subject")
    assert verdict("Sina's sister manages the Faleolo café.", evidence)[0] in ADMITTED
    own = "Sina manages the Faleolo café, Sina's sister does weekends there."
    assert verdict("Sina manages the Faleolo café.", own)[0] in ADMITTED


def test_a_name_chat_types_without_its_diacritics_is_the_claims() -> None:
    """ "hemi parata" is the claim's "Hēmi Parata" typed without the macron: recased letter for
    letter, its own letters kept (same length); "Hōne Parata" is someone else."""
    evidence = "fyi hemi parata is the new chair of the marae committee, voted in last nite"
    recased = recase_from_claim("Hēmi Parata is the new chair.", evidence)
    assert recased.startswith("fyi Hemi Parata ") and len(recased) == len(evidence)
    assert verdict("Hēmi Parata is the new chair of the marae committee.", evidence)[0] in ADMITTED
    assert verdict("Hōne Parata is the new chair of the marae committee.", evidence)[0] == "REJECT"


def test_a_clitic_is_after_a_name_and_a_possessed_word_whole() -> None:
    """ "Lyimo's in Arusha" says Lyimo is in Arusha (also typed lower case, "lyimo's on
    nights"); "Lyimo's in-laws live in Arusha" says nothing of where Lyimo lives."""
    away = "Neema Lyimo's in Arusha till Friday."
    assert verdict("Neema Lyimo is in Arusha till Friday.", away)[0] in ADMITTED
    assert verdict("Neema Lyimo is in Moshi till Friday.", away)[0] == "REJECT"
    chat = "neema lyimo's on nights at kibo view clinic all this week btw."
    assert verdict("Neema Lyimo is on nights at Kibo View Clinic all this week.", chat)[0] in ADMITTED
    assert verdict("Neema Mrema is on nights at Kibo View Clinic all this week.", chat)[0] == "REJECT"
    in_laws = "Neema Lyimo's in-laws live in Arusha."
    assert verdict("Neema Lyimo lives in Arusha.", in_laws)[0] == "REJECT"
    assert verdict("Neema Lyimo's in-laws live in Arusha.", in_laws)[0] in ADMITTED


def test_a_possessive_in_the_claim_and_its_bare_name() -> None:
    """ "Myroslava Fedoruk is Ostap Fedoruk's daughter" recases "ostap fedoruk: my daughter
    myroslava fedoruk ..."; a whole name's possessive is the name's ("Beñat Iribar's sister"
    recases "beñat iribar"), but a one-word "Iribar's" alone recases no evidence "iribar";
    either way the evidence names Beñat Iribar, not his sister."""
    chat = "ostap fedoruk: my daughter myroslava fedoruk designs the kosiv plates now"
    assert verdict("Myroslava Fedoruk is Ostap Fedoruk's daughter.", chat)[0] in ADMITTED
    said = "beñat iribar was there"
    assert recase_from_claim("Beñat Iribar's sister left.", said) == "Beñat Iribar was there"
    assert "Iribar" not in recase_from_claim("Iribar's sister left.", said)
    assert verdict("Beñat Iribar's sister left.", said)[0] == "REJECT"
    assert verdict("Beñat Iribar's sister left.", "beñat iribar's sister left early")[0] in ADMITTED


def test_an_emoji_after_a_self_introduction_is_punctuation() -> None:
    """ "Ilse here ✌️ I restore pianos": the emoji ends the introduction, so the message's
    later first person is Ilse's; "here with me" still introduces no writer."""
    evidence = "Hi! Ilse Vanderbeke here ✌️ I run a café in Geel. I also restore old pianos on weekends."
    assert decide_write("Ilse Vanderbeke restores old pianos.", evidence).verdict in ("ACCEPT", "RESCUE")
    other = evidence.replace("Ilse Vanderbeke here ✌️", "Ilse Vanderbeke is here with me ✌️")
    assert decide_write("Ilse Vanderbeke restores old pianos.", other).verdict not in ("ACCEPT", "RESCUE")
