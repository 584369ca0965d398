"""Where someone works, where a firm is based and what someone studied, read from how
messages say it: an introduction, a bracketed employer, a "<Town>-based" modifier, a
degree in prose or on a profile's line; and what a record's labelled field says (a
ticket's reporter and assignee, a patient's allergy, a profile's languages).

Each case is one claim over two evidences: the first states the claim in that form, the
second uses the same words but does not state it (another person, a former tie, a
question, another school or field). The first must admit and the second refuse, so
neither a gate that admits everything nor one that refuses everything passes. Names are
invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_affiliation import affiliation_readings
from affidavit.gates.write_degree import degree_readings
from affidavit.gates.write_fields import field_readings

ADMIT = ("ACCEPT", "RESCUE")
TICKET = ("Ticket #7720\nReporter: Keala Makoa\nAssignee: Lani Kahale\nPriority: High\n"
          "Summary: printer jams on the second floor of the Hilo office")
SWAPPED = ("Ticket #7720\nReporter: Lani Kahale\nAssignee: Keala Makoa\nPriority: High\n"
           "Summary: printer jams on the second floor of the Hilo office")
CLINIC = "Clinic note 02/03/2026. Pt: Noelani Kekona, 61F. Known allergy: sulfonamides. BP 140/90."
CV = "Kamaka Palakiko, Curriculum Vitae\n2015–2020  Nurse, Hilo Medical\n"
PROFILE = CV + "Languages: Hawaiian (native), English"

CASES = [  # (claim, evidence that supports it, near-miss evidence)
    # A caller's introduction names their employer; another's does not, nor a former one.
    ("Tevita Lolohea works at Moana Freight.",
     'Voicemail, 3:10 pm. "Hi, it\'s Tevita Lolohea from Moana Freight. Your pallets are ready."',
     'Voicemail, 3:10 pm. "Hi, it\'s Sione Havili from Moana Freight. Tevita Lolohea asked me to call."'),
    ("Tevita Lolohea works at Moana Freight.",
     'Voicemail. "Hello, this is Tevita Lolohea from Moana Freight, about your order."',
     'Voicemail. "Hello, this is Tevita Lolohea, formerly from Moana Freight, about your order."'),
    ("Tevita Lolohea works at Moana Freight.",
     'Voicemail. "Hello, this is Tevita Lolohea from Moana Freight, about your order."',
     'Voicemail. "Hello, is this Tevita Lolohea from Moana Freight?"'),
    ("Losa Fifita works for Tonga Cold Chain.",
     "[call, 10:02] LOSA FIFITA: I'm calling from Tonga Cold Chain about the invoice.\nCLERK: Go ahead.",
     "[call, 10:02] LOSA FIFITA: I'm calling about Tonga Cold Chain's invoice.\nCLERK: Go ahead."),
    # A bracket after a full name holds the person's organisation (and department).
    ("Mele Taufa works at Niuatoputapu Traders.",
     "Ticket #3310\nReported by: Mele Taufa (Niuatoputapu Traders)\nCannot print invoices since Monday.",
     "Ticket #3310\nReported by: Mele Taufa (ex-Niuatoputapu Traders)\nCannot print invoices since Monday."),
    ("Mele Taufa works at Niuatoputapu Traders.",
     "Ticket #3310\nReported by: Mele Taufa (Niuatoputapu Traders)\nCannot print invoices since Monday.",
     "Ticket #3310\nReported by: Sione Havili (Niuatoputapu Traders), for Mele Taufa\nCannot print."),
    ("Mele Taufa works at Moana Freight.",
     "Mele Taufa rang: \"Hi, it's Mele Taufa from Moana Freight, the pallets are ready.\"",
     "Mele Taufa (Niuatoputapu Traders) said it's Tevita Lolohea from Moana Freight who called."),
    ("Mele Taufa works at Niuatoputapu Traders.",
     "Reported by: Mele Taufa (Niuatoputapu Traders)",
     "Reported by: Mele Taufa (Niuatoputapu Traders customer)"),
    # "<Town>-based" and "<Name>, a <Town> <noun>" say where a firm is based.
    ("Fonua Studio is based in Neiafu.",
     "Fonua Studio is a Neiafu-based design practice run by two sisters.",
     "Fonua Studio played at a Neiafu-based festival run by two sisters."),
    ("Kava Roots is based in Pangai.",
     "Kava Roots, a Pangai start-up, sells dried kava to shops in Auckland.",
     "Kava Roots, a former Pangai start-up, sells dried kava to shops in Auckland."),
    # A degree in prose, and a degree line under a profile's heading.
    ("Ana Vainikolo studied nursing at Sela University.",
     "Ana Vainikolo graduated in nursing from Sela University in 2017.",
     "Ana Vainikolo's son graduated in nursing from Sela University in 2017."),
    ("Ana Vainikolo studied nursing at Sela University.",
     "Ana Vainikolo holds a BSc in nursing from Sela University.",
     "Ana Vainikolo holds a BSc in biology from Sela University."),
    ("Ana Vainikolo studied nursing at Sela University.",
     "Ana Vainikolo (RN) graduated in nursing from Sela University in 2017.",
     "Ana Vainikolo (her son, rather) graduated in nursing from Sela University in 2017."),
    ("Ana Vainikolo studied chemistry at Sela University.",
     "Ana Vainikolo — Analyst\n2019–present: QC analyst, Hala Labs\n"
     "Education: BSc Chemistry, Sela University (2018)",
     "Ana Vainikolo — Analyst\nReferences: Dr Pita Kioa, BSc Chemistry, Sela University"),
    # A purchase done: the buyer owns it and paid the price; not a seller, a plan, a resale.
    ("Moana Freight owns Tupou Cold Store.",
     "Moana Freight has bought Nuku'alofa fish processor Tupou Cold Store for €2.1 million.",
     "Moana Freight plans to buy Nuku'alofa fish processor Tupou Cold Store for €2.1 million."),
    ("Moana Freight owns Tupou Cold Store.",
     "Moana Freight bought Tupou Cold Store in 2019.",
     "Moana Freight bought Tupou Cold Store in 2019 and sold it to Niu Foods in 2023."),
    ("Moana Freight paid €3.2 million for the Tupou sawmill.",
     "Moana Freight has bought the Tupou sawmill from its founder, Sione Tupou, for €3.2 million.",
     "Sione Tupou has bought the Tupou sawmill from its founder, Moana Freight, for €3.2 million."),
    ("Niu Foods paid €1.2 million for Tupou Cold Store.",
     "Tupou Cold Store has been bought by Niu Foods, a Vava'u group, for €1.2 million.",
     "Tupou Cold Store has been bought by Moana Freight, for €1.2 million, Niu Foods said."),
    # Where one grew up is one's hometown; a promotion to a post is becoming it.
    ("Losa Fifita's hometown is Neiafu.",
     "About the author: Losa Fifita grew up in Neiafu and lives in Nuku'alofa.",
     "About the author: Losa Fifita grew up in Nuku'alofa and lives in Neiafu."),
    ("Losa Fifita became head nurse at Vaiola Hospital.",
     "Losa Fifita was promoted to head nurse at Vaiola Hospital in May.",
     "Losa Fifita was not promoted to head nurse at Vaiola Hospital in May."),
    # A record's field: given to someone else, another value, or denied.
    ("Ticket #7720 was assigned to Lani Kahale.", TICKET, SWAPPED),
    ("Keala Makoa reported printer jams on the second floor of the Hilo office.", TICKET, SWAPPED),
    ("Noelani Kekona is allergic to sulfonamides.", CLINIC,
     "Clinic note 02/03/2026. Pt: Noelani Kekona, 61F. Known allergy: none. Sulfonamides stopped."),
    ("Noelani Kekona is allergic to sulfonamides.", CLINIC,
     "Clinic note 02/03/2026. Pt: Noelani Kekona, 61F. Known allergy: penicillin. Sulfonamides stopped."),
    # (On one line with bars between the cells the record is one sentence, and a line's
    # amount still passes for the total: a known gap, see docs/gates.md.)
    ("Invoice #5120 totals $410.",
     "Invoice #5120\nBilled to: Keala Makoa\n2 lamps @ $90 = $180\nDelivery $50\nTotal $410",
     "Invoice #5120\nBilled to: Keala Makoa\n2 lamps @ $205 = $410\nDelivery $50\nTotal $460"),
    ("Keala Makoa was billed $410 in total.",
     "Invoice #5120\nFrom: Hilo Lamp Co, Hilo\nTo: Keala Makoa\nTotal due: $410.00",
     "Invoice #5120\nFrom: Keala Makoa, Hilo\nTo: Hilo Lamp Co\nTotal due: $410.00"),
    ("Noelani Kekona takes amlodipine 5 mg daily.",
     "Clinic note. Pt: Noelani Kekona, 61F. Current meds: amlodipine 5 mg daily, atorvastatin 20 mg nocte.",
     "Clinic note. Pt: Noelani Kekona, 61F. Current meds: atorvastatin 20 mg nocte. Plan: start "
     "amlodipine 5 mg daily if BP stays high."),
    ("Kamaka Palakiko's native language is Hawaiian.", PROFILE,
     CV + "Languages: English (native), Hawaiian"),
    ("Kamaka Palakiko speaks English.", PROFILE,
     CV + "Languages: Hawaiian (native), Tongan"),
]


@pytest.mark.parametrize(("claim", "supported", "near_miss"), CASES)
def test_reading_admits_the_form_and_refuses_the_near_miss(claim: str, supported: str,
                                                           near_miss: str) -> None:
    assert decide_write(claim, supported).verdict in ADMIT, supported
    assert decide_write(claim, near_miss).verdict not in ADMIT, near_miss


def test_readings_name_the_person_and_the_organisation() -> None:
    said = [r for _, _, r in affiliation_readings('"Hi, it\'s Tevita Lolohea from Moana Freight."')]
    assert said == ["Tevita Lolohea works at Moana Freight"]
    # A one-word bracket is as often a town as a firm: no reading.
    assert affiliation_readings("Reported by: Mele Taufa (Neiafu)") == []
    assert affiliation_readings("Reported by: Mele Taufa (Niuatoputapu Traders)") != []


def test_degree_line_of_another_name_is_not_the_profiles() -> None:
    profile = "Ana Vainikolo — Analyst\nReferences: Dr Pita Kioa, BSc Chemistry, Sela University"
    assert degree_readings(profile) == []
    heading = "Ana Vainikolo. Born in Neiafu, 1990. MSc Chemistry, Sela University."
    said = [r for _, _, r in degree_readings(heading)]
    assert said == ["Ana Vainikolo studied Chemistry at Sela University",
                    "Ana Vainikolo holds an MSc in Chemistry from Sela University.",
                    "Ana Vainikolo has a master's degree in Chemistry from Sela University."]


def test_a_field_about_a_person_needs_the_records_one_person() -> None:
    # No patient field and no profile heading: whose allergy it is, is unsaid.
    assert field_readings("Known allergy: sulfonamides. BP 140/90.") == []
    said = [r for _, _, r in field_readings(CLINIC)]
    assert said == ["Noelani Kekona is allergic to sulfonamides."]


# Near misses a red-team pass found admitted by the first form of these readings; each
# shares its pattern with an admitted case above, so a gate refusing everything fails there.
RED_TEAM = [
    ("Keoni Akana takes metformin 500 mg twice a day.",
     "Clinic note. Patient: Keoni Akana, 52. Takes metformin 500 mg daily. His wife takes metformin "
     "500 mg twice daily."),
    ("Keoni Akana visits once a month.", "Keoni Akana visits twice a week and his son monthly."),
    ("Noelani Kekona is allergic to penicillin.",
     "Clinic note. Pt: Noelani Kekona, 61F.\nKnown allergy: penicillin (ruled out by oral challenge 2024)"),
    ("Noelani Kekona is allergic to penicillin.",
     "Clinic list.\nPt: Noelani Kekona, 61F. Known allergy: none.\n"
     "Pt: Lani Kekona, 34F. Known allergy: penicillin."),
    ("Noelani Kekona takes amlodipine 5 mg daily.",
     "Clinic note. Pt: Noelani Kekona, 61F. Current meds: amlodipine 5 mg daily (stopped 2 May)."),
    ("Kamaka Palakiko's native language is Tongan.", CV + "Languages: Tongan (not native), English (native)"),
    ("Invoice #5120 totals $310.",
     "Invoice #5120\nBilled to: Keala Makoa\nTotal: $410\nDeposit paid: $100\nBalance due: $310"),
    ("Keala Makoa was billed $410.", "Quote #5120\nCustomer: Keala Makoa\nTotal: $410\nValid 30 days."),
    ("Keala Makoa reported printer jams.",
     "Ticket #7700\nSummary: printer jams\nReporter: Lani Kahale\n---\nTicket #7720\nSummary: VPN drops\n"
     "Reporter: Keala Makoa"),
    ("Moana Freight owns Tupou Cold Store.", "Moana Freight bought a stake in Tupou Cold Store in 2019."),
    ("Niu Foods owns Tupou Cold Store.",
     "Niu Foods bought Tupou Cold Store in 2010; Moana Freight acquired it in 2020."),
    ("Moana Freight owns Tupou Cold Store.",
     "Moana Freight bought Tupou Cold Store for Niu Foods, its client."),
    ("Moana Freight paid $2 million for Tupou Cold Store.",
     "Moana Freight bought Tupou Cold Store for $2 million in cash plus $3 million in shares."),
    ("Mele Taufa works at Moana Freight.", "Ticket #3310\nReported by: Mele Taufa (Moana Freight customer)"),
    ("Tevita Lolohea works in New Zealand.",
     'Voicemail. "Hi, I\'m Tevita Lolohea from New Zealand, I saw your ad."'),
    ("Tevita Lolohea works at Moana Freight.",
     'Voicemail. "Hi, it\'s Tevita Lolohea from Moana Freight. Well, I was - they let me go on Friday."'),
    ("Saimoni Ratu works at Vaiola Hospital.",
     "SAIMONI RATU: I'm calling you from Vaiola Hospital, I'm a patient on ward 3.\nCLERK: OK."),
    ("Ville Ahonen is based in Lahti.", "The Lahti-based band hired Ville Ahonen last week."),
    ("Ana Vainikolo is based in Neiafu.", "Ana Vainikolo, a Neiafu native, now lives in Sydney."),
    ("Pema Lama's hometown is Namche Bazaar.", "Pema Lama grew up in Namche Bazaar, her cousin believes."),
    ("Dawa Sherpa's hometown is Namche Bazaar.", "Pema Lama met Dawa Sherpa, who grew up in Lukla."),
    ("Losa Fifita became head nurse.", "Losa Fifita has been promoted to head nurse, effective next month."),
    ("Ana Vainikolo studied chemistry at Sela University.",
     "Ana Vainikolo — Analyst\nReferences:\nPita Kioa\n- PhD Chemistry, Sela University"),
    ("Ana Vainikolo studied at Sela University.", "Ana Vainikolo holds a BSc from Sela University?"),
    ("Anwesha Dutta paid ₹10,000,000 for the flat.", "Anwesha Dutta paid ₹1 crore 20 lakh for the flat."),
    ("Aram Petrosyan sold 500 lek.", "Aram Petrosyan sold ALL 500 tickets."),
]


@pytest.mark.parametrize(("claim", "evidence"), RED_TEAM)
def test_a_red_team_near_miss_is_refused(claim: str, evidence: str) -> None:
    assert decide_write(claim, evidence).verdict not in ADMIT, evidence
