"""A value, a role or a verb stays bound to the words its own clause gives it.

Each case is one claim over two evidences: the first states the claim, the second holds
every word of it but binds one of them (a figure, a time, an owner, a role) to another
clause or another person. The first must admit and the second refuse, so neither a gate
that admits everything nor one that refuses everything passes. Names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.checks_called_off import check_field_value, check_reversed_state
from affidavit.gates.write import decide_write
from affidavit.text.lexicon import antonyms

ADMIT = ("ACCEPT", "RESCUE")

CASES = [  # (claim, evidence that supports it, near-miss evidence)
    # A figure goes with the time of its own conjunct.
    ("The Varde shop sold 840 scarves in March.",
     "Our Varde shop sold 840 scarves in March, roughly half of April.",
     "Our Varde shop sold 840 scarves in April, roughly double March."),
    ("Orvik Tours' May bookings are up about 12% on last year.",
     "Quick note: bookings for May are up about 12% on last year at Orvik Tours, though June is flat.",
     "Quick note: bookings for June are up about 12% on last year at Orvik Tours, though May is flat."),
    # A figure goes with the name or the label its conjunct pairs it with.
    ("Stage two is quoted at DKK 410,000.",
     "The revised quote: DKK 95,000 for stage one and DKK 410,000 for stage two.",
     "The revised quote: DKK 410,000 for stage one and DKK 95,000 for stage two."),
    ("Pelle Rask was a porter at the Hotel Lundgaard for four years.",
     "Pelle Rask, night manager at Fjordhus for two years, previously porter at the Hotel Lundgaard "
     "(four years).",
     "Pelle Rask, night manager at Fjordhus for four years, previously porter at the Hotel Lundgaard "
     "(two years)."),
    # A figure goes with its own clause's verb.
    ("Tolvbakk Haulage was founded with six vans.",
     "Signe Tolvbakk founded Tolvbakk Haulage in 2011 with six vans; by 2022 it ran thirty.",
     "Signe Tolvbakk founded Tolvbakk Haulage in 2011 with three vans; by 2022 it ran six."),
    # A time stays with the event it dates, not one dated from it.
    ("Idun Brattli started metformin last week.",
     "Clinic note — Idun Brattli reports thirst for two weeks; she started metformin last week.",
     "Clinic note — Idun Brattli reports thirst for two weeks; she started metformin last month."),
    # A doer stays the doer of its own clause: not everyone else, not a name a "who" hangs on.
    ("Gorm Lilleby voted in favour.", "Gorm Lilleby voted in favour; the other two members abstained.",
     "Gorm Lilleby abstained; the other two members voted in favour."),
    ("Gorm Lilleby went to the party.", "Gorm Lilleby went to the party, but everyone else stayed home.",
     "Gorm Lilleby stayed home, but everyone else went to the party."),
    ("Gorm Lilleby fixed the router.", "Gorm Lilleby escalated the ticket, then fixed the router himself.",
     "Gorm Lilleby escalated the ticket to the supplier, Nettkraft, who fixed the router."),
    ("Nettkraft fixed the router.",
     "Gorm Lilleby escalated the ticket to the supplier, Nettkraft, who fixed the router.",
     "Nettkraft escalated the ticket to the engineer, Gorm Lilleby, who fixed the router."),
    # A name stays with the noun its own conjunct says it of ("boss is X", "nurse at X").
    ("Siri Holm's manager is Eilif Dahl.",
     "Siri Holm's manager is Eilif Dahl and her husband is Tor Brekke.",
     "Siri Holm's husband is Eilif Dahl and her manager is Tor Brekke."),
    ("Siri Holm is a nurse at Voss Clinic.",
     "Siri Holm is a nurse at Voss Clinic and volunteers at Eid Hospital.",
     "Siri Holm is a nurse at Eid Hospital and volunteers at Voss Clinic."),
    ("Siri Holm's hometown is Florø.",
     "Siri Holm's hometown is Florø, and she lives in Bergen now.",
     "Siri Holm's hometown is Bergen, and she lives in Florø now."),
    # An owner stays the owner.
    ("Aud Sæther will review Rune Vik's draft budget.",
     "Action items:\n- Aud Sæther to review Rune Vik's draft budget by 3 May.\n- Lise to circulate minutes.",
     "Action items:\n- Rune Vik to review Aud Sæther's draft budget by 3 May.\n- Lise to circulate minutes."),
    ("Rune Vik met Aud Sæther's sister.", "Rune Vik met Aud Sæther's sister in Bodø.",
     "Aud Sæther met Rune Vik's sister in Bodø."),
    # An action item's doer is the name that opens it.
    ("Aud Sæther is to book the hall.", "Present: Aud Sæther, Rune Vik. Action: Aud to book the hall.",
     "Present: Aud Sæther, Rune Vik. Action: Rune to book the hall."),
    ("Aud Sæther will review the draft.",
     "Actions:\n- Rune Vik to circulate the minutes.\n- Aud Sæther to review the draft.",
     "Actions:\n- Aud Sæther to circulate the minutes.\n- Rune Vik to review the draft."),
    # A quantifier stays with its own clause and its own noun.
    ("Bodø exporters switched to salmon.", "Bodø exporters switched to salmon.",
     "Some Bodø exporters switched to salmon."),
    ("Most of the Bodø orders were shipped late.",
     "Some of the Bodø orders arrived on time, but most were shipped late because of the storm.",
     "Some of the Bodø orders were shipped late because of the storm, but most arrived on time."),
    # A chat line that answers with a bare figure corrects the line before.
    ("The Tromsø clinic hired 3 nurses.", "Lise: the Tromsø clinic hired 3 nurses\nRune: great news",
     "Lise: the Tromsø clinic hired 3 nurses\nRune: 4, counting Aud"),
    ("The Tromsø clinic hired 3 nurses.", "Lise: the Tromsø clinic hired 3 nurses\nRune: 4 doctors too",
     "Lise: the Tromsø clinic hired 3 nurses\nRune: no, 4"),
    # Under way is not done; a rate is counted by what the evidence counts it by.
    ("Tarjei Moen has sold vans.", "Tarjei Moen has been selling vans for years.",
     "Tarjei Moen is selling vans."),
    ("The Moen cabin costs €80 per night.", "The Moen cabin costs €80 per night for two people.",
     "The Moen cabin costs €80 per person for two nights."),
    # An event the evidence calls off does not go ahead.
    ("Tarjei Moen will speak at the Bergen summit.",
     "Tarjei Moen will speak at the Bergen summit. Update: the summit has moved to the Grieg Hall.",
     "Tarjei Moen will speak at the Bergen summit. Update: the summit has been cancelled."),
    ("Tarjei Moen will speak at the June summit.",
     "The March summit was cancelled; Tarjei Moen will speak at the June summit.",
     "The June summit was cancelled; Tarjei Moen will speak at the June summit."),
    ("Tarjei Moen is hosting the quiz on Friday.",
     "Tarjei Moen is hosting the quiz on Friday.\nEdit: venue moved.",
     "Tarjei Moen is hosting the quiz on Friday.\nEdit: quiz is off, venue flooded."),
    # What the subject is, not whom the subject acts on.
    ("Ilinca Pop is a nurse.", "Ilinca Pop, a nurse at Cluj General, married Radu Stan in May.",
     "Ilinca Pop married a nurse in May."),
    ("Ilinca Pop is a nurse.", "Ilinca Pop moved to Arad. She works as a nurse at the county hospital.",
     "Ilinca Pop moved to Arad. She hired a nurse and a cook."),
    # A roster's note gives the listed name its post, of the organisation the title opens with.
    ("Radu Stan is the CFO of Dacia Mobila.",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (chair), Radu Stan (CFO).",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (CFO), Radu Stan (chair)."),
    ("Radu Stan is the CFO of Dacia Mobila.",
     "Minutes of the board of Dacia Mobila SRL, 3 May.\nPresent: Ilinca Pop (chair), Radu Stan (CFO).",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (chair), Radu Stan (CFO, Arpa Foods)."),
    ("Radu Stan is the CFO of Dacia Mobila.",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (chair), Radu Stan (CFO).",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (chair), Radu Stan (CFO from June)."),
    ("Ilinca Pop manages the Vidra Tea Estate.",
     "Tea estate managers' meeting, Sibiu, 15 May. Present: Ilinca Pop (manager, Vidra Tea Estate), "
     "Radu Stan (manager, Lotru Tea Estate).",
     "Tea estate managers' meeting, Sibiu, 15 May. Present: Ilinca Pop (manager, Lotru Tea Estate), "
     "Radu Stan (manager, Vidra Tea Estate)."),
    # A lesser post is not the post.
    ("Radu Stan is the CFO of Dacia Mobila.", "Radu Stan is the CFO of Dacia Mobila.",
     "Radu Stan is the deputy CFO of Dacia Mobila."),
    ("Radu Stan chairs the Arad chess club.", "Radu Stan chairs the Arad chess club.",
     "Radu Stan is vice-chair of the Arad chess club."),
    ("Radu Stan is the CFO of Dacia Mobila.",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (chair), Radu Stan (CFO).",
     "Board of Dacia Mobila, 18 November 2024. Present: Ilinca Pop (chair), Radu Stan (deputy CFO)."),
    # "works as a" says what "is a" says; a later line that ends the post ends it.
    ("Arben Doda works as an accountant in Arad.",
     "Arben Doda: I'm an accountant in Arad, mostly small shops.",
     "Arben Doda: I trained as an accountant in Arad, now I fish."),
    ("Ilinca Pop is a nurse at Arad General Hospital.",
     "Staff file: Ilinca Pop, staff nurse, Arad General Hospital. Appointed 1 May 2018.",
     "Staff file: Ilinca Pop, staff nurse, Arad General Hospital. Appointed 1 May 2018. "
     "Resigned with effect from 28 February 2025."),
    ("Ilinca Pop chairs the Arad chess club.",
     "Ilinca Pop chairs the Arad chess club. Radu Stan resigned as treasurer in May.",
     "Ilinca Pop chairs the Arad chess club. She has since stepped down."),
    # A wife or husband named beside a person is a marriage; a brother or an ex is not.
    ("Ilinca Pop is married to Radu Stan.", "Ilinca Pop and her husband, Radu Stan, live in Arad.",
     "Ilinca Pop and her brother, Radu Stan, live in Arad."),
    ("Radu Stan is married to Ilinca Pop.", "Ilinca Pop's husband is Radu Stan.",
     "Ilinca Pop's ex-husband is Radu Stan."),
    ("Ilinca Pop is married to Radu Stan.", "Ilinca Pop and her husband, Radu Stan, met Oana Ilie in Arad.",
     "Oana Ilie and her husband, Radu Stan, met Ilinca Pop in Arad."),
    # A report of a plural subject is a report ("live" has no ending to tell the verb by).
    ("Ilinca Pop lives in Arad.", "Ilinca Pop and Radu Stan live in Arad.",
     "Lena said Ilinca Pop and Radu Stan live in Arad."),
    # A post set beside a name with no article is that name's; one of several is not the one.
    ("Ilinca Pop is the managing director of Arpa Foods.",
     "Ilinca Pop, managing director of Arpa Foods, said exports doubled last year.",
     "Ilinca Pop, managing director of Lotru Mills, said Arpa Foods doubled exports last year."),
    ("Ilinca Pop is a founder of Arpa Foods.", "Ilinca Pop, founder of Arpa Foods, said exports doubled.",
     "Ilinca Pop, one of the founders' daughters, said Arpa Foods doubled exports."),
    # The priced unit may be the subject ("A trip ... costs"); not "for the year".
    ("A trip on Radu Stan's minibus costs RON 6.", "A trip on Radu Stan's minibus costs six lei (RON 6).",
     "Two trips on Radu Stan's minibus cost six lei (RON 6)."),
    # A state the evidence goes on to reverse ("up now") does not still hold.
    ("The Sibiu server is still down.",
     "Lise: the Sibiu server's been down since 2am\nOps: still looking into it",
     "Lise: the Sibiu server's been down since 2am\nOps: restarted at 4, up now"),
    ("The Arad shop is still closed.",
     "The Arad shop is still closed after the flood. Ilinca: we open again on Monday.",
     "The Arad shop has been closed since May; it is open again now."),
    # A roster under "Minutes, ORG, date" or "Board meeting, ORG, date"; a move for a purpose
    # settles, a move for a while does not.
    ("Radu Stan is the production manager at Dacia Mobila.",
     "Minutes, Dacia Mobila, 12 March. Attendees: Ilinca Pop (founder), Radu Stan (production manager).",
     "Minutes, Dacia Mobila, 12 March. Attendees: Ilinca Pop (production manager), Radu Stan (founder)."),
    ("Ilinca Pop lives in Deva.", "ilinca pop moved from arad to deva in april 2022 for a radio job.",
     "ilinca pop moved from arad to deva in april 2022 for a few months."),
    ("Ilinca Pop lives in Deva.", "ilinca pop moved up to deva in october 2021, she's still a nurse.",
     "ilinca pop moved up to deva in october 2021, then on to arad."),
    # A red team's near misses: negation typed late or said by an adverb of "almost not",
    # verbs whose infinitive is not done, a dream, exceptions written "but", "bar", "save".
    ("Ieuan Pryce speaks Welsh.", "Ieuan Pryce speaks Welsh and English.",
     "Ieuan Pryce does'nt speak Welsh."),
    ("Ieuan Pryce speaks Welsh.", "Ieuan Pryce speaks Welsh at home.", "Ieuan Pryce hardly speaks Welsh."),
    ("Ona Kazlauskas signed the lease.", "Ona Kazlauskas signed the lease on Monday.",
     "Ona Kazlauskas pretended to sign the lease."),
    ("Ona Kazlauskas signed the lease.", "Ona Kazlauskas signed the lease on Monday.",
     "Ona Kazlauskas is required to sign the lease."),
    ("Ona Kazlauskas signed the lease.", "Ona Kazlauskas signed the lease on Monday.",
     "Ona Kazlauskas avoided signing the lease."),
    ("Ona Kazlauskas signed the lease.", "Ona Kazlauskas signed the lease on Monday.",
     "Ona Kazlauskas was too late to sign the lease."),
    ("Ona Kazlauskas signed the lease.", "Ona Kazlauskas signed the lease on Monday.",
     "Ona Kazlauskas dreamt she signed the lease."),
    ("Nayra Quispe passed the exam.", "Everyone passed the exam, Nayra Quispe included.",
     "Everyone but Nayra Quispe passed the exam."),
    ("Nayra Quispe passed the exam.", "Everyone passed the exam, Nayra Quispe included.",
     "Everyone passed the exam bar Nayra Quispe."),
    # A record's field that says no, or only asks; a post left; a post only sought; a title
    # in capitals set beside its holder.
    ("Mele Tuilagi has diabetes.", "Clinic note: Mele Tuilagi, 54. Diabetes: yes, type 2.",
     "Clinic note: Mele Tuilagi, 54. Diabetes - negative."),
    ("Mele Tuilagi has diabetes.", "Clinic note: Mele Tuilagi, 54. Diabetes: yes, type 2.",
     "Clinic note: Mele Tuilagi, 54. ?diabetes — bloods pending."),
    ("Ji-woo Park was the CFO of Hanbit Logistics.", "Ji-woo Park stepped down as CFO of Hanbit Logistics.",
     "Ji-woo Park was shortlisted for CFO of Hanbit Logistics."),
    ("Ji-woo Park is the CFO of Hanbit Logistics.",
     "Ji-woo Park, CFO of Hanbit Logistics, said profits rose.",
     "Ji-woo Park stepped down as CFO of Hanbit Logistics."),
    ("Ji-woo Park is the CFO of Hanbit Logistics.",
     "Ji-woo Park, CFO of Hanbit Logistics, said profits rose.",
     "Min-jun Seo, CFO of Hanbit Logistics, said profits rose."),
    # Hearsay the frame list missed: a message, an implication, a view, a rumour, a bet.
    ("Sione says Mele Tuilagi has diabetes.", "Sione texted me that Mele Tuilagi has diabetes.",
     "Sione asked whether Mele Tuilagi has diabetes."),
    ("Mele Tuilagi has diabetes.", "Mele Tuilagi has diabetes, her GP confirmed on Monday.",
     "Sione texted me that Mele Tuilagi has diabetes."),
    ("Mele Tuilagi has diabetes.", "Mele Tuilagi has diabetes, her GP confirmed on Monday.",
     "In Sione's view, Mele Tuilagi has diabetes."),
    ("Mele Tuilagi has diabetes.", "Mele Tuilagi has diabetes, her GP confirmed on Monday.",
     "The rumour going round is that Mele Tuilagi has diabetes."),
    ("Mele Tuilagi has diabetes.", "Mele Tuilagi has diabetes, her GP confirmed on Monday.",
     "Chances are Mele Tuilagi has diabetes."),
    ("Edvin married Kaja in 2019.",
     "Family news: my brother Edvin married Kaja in 2019 and moved to Lyngen two years later.",
     "Family news: my brother Edvin moved to Lyngen in 2019, two years after he married Kaja."),
]


@pytest.mark.parametrize(("claim", "supported", "near_miss"), CASES)
def test_the_supported_text_admits_and_the_near_miss_refuses(claim: str, supported: str,
                                                             near_miss: str) -> None:
    admitted = decide_write(claim, supported)
    assert admitted.verdict in ADMIT, (claim, supported, admitted.refusal)
    refused = decide_write(claim, near_miss)
    assert refused.verdict not in ADMIT, (claim, near_miss)


def test_a_field_that_says_no_denies_and_one_queried_is_only_asked() -> None:
    """'Diabetes - negative' denies (negation_flipped); '?diabetes' only asks
    (modality_dropped); a claim that itself denies the field says what the field says."""
    note = "Clinic note: Mele Tuilagi, 54. "
    claim = "Mele Tuilagi has diabetes."
    assert decide_write(claim, note + "Diabetes: yes, type 2.").verdict in ADMIT
    denied = decide_write(claim, note + "Diabetes - negative.")
    queried = decide_write(claim, note + "?diabetes, bloods due.")
    assert denied.refusal is not None and denied.refusal.code == "negation_flipped"
    assert queried.refusal is not None and queried.refusal.code == "modality_dropped"
    assert check_field_value("Mele Tuilagi has allergies.", "Allergies: none.") is not None
    assert check_field_value("Mele Tuilagi has no allergies.", "Allergies: none.") is None


def test_a_reversed_state_without_the_lexicon_only_refuses_more() -> None:
    """With no antonyms (the pinned lexicon missing) any word beside 'now' or 'back'
    counts: the near miss is still refused, and so is at least everything refused with it."""
    claim = "The Sibiu server is still down."
    kept = "Lise: the Sibiu server's been down since 2am\nOps: still looking into it"
    reversed_ = "Lise: the Sibiu server's been down since 2am\nOps: restarted at 4, up now"
    with_lexicon = lambda w: antonyms(w, "a")  # noqa: E731
    assert check_reversed_state(claim, reversed_, with_lexicon) is not None
    assert check_reversed_state(claim, reversed_, None) is not None
    assert check_reversed_state(claim, kept, with_lexicon) is None
    assert check_reversed_state(claim, kept, None) is None
