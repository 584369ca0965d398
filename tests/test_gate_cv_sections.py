"""A CV laid out in sections: headings alone on their lines, year columns, language levels.

"CURRICULUM VITAE — Name", an "Education" heading with no colon, "2017–2021  Accountant,
Firm" with the years in a column, "Czech (B2)": each admitted claim is paired with a near
miss over the same CV (another level, an unfinished degree, another span of years, a line
of study read as a job). Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_degree import degree_readings, profile_person
from affidavit.gates.write_fields import field_readings
from affidavit.gates.write_tenure import tenure_readings

ADMIT = ("ACCEPT", "RESCUE")
CV = (
    "CURRICULUM VITAE — Ihintza Garaikoetxea\n"
    "Experience\n"
    "2020–present  Senior surveyor, Lurralde Neurketak, Gasteiz\n"
    "2015–2020  Surveyor, Aiaraldea Topografia\n"
    "Education\n"
    "2010–2014  BSc Geomatics, Mondragon Unibertsitatea\n"
    "MSc Hydrography (2015)\n"
    "Languages: Basque and Spanish (native), French (B2), English (basic), Italian (reading only)"
)
UNFINISHED = CV.replace("MSc Hydrography (2015)", "MSc Hydrography (expected 2027)")
IN_PROGRESS = CV.replace("MSc Hydrography (2015)", "2024–present  MSc Hydrography, Bilbo Institute")


@pytest.mark.parametrize(
    ("claim", "supported", "near_miss"),
    [
        # Levels: a CEFR level or "basic" is speaking it; "(reading only)" is not.
        ("Ihintza Garaikoetxea speaks French.", CV, CV.replace("French (B2)", "French (learning)")),
        ("Ihintza Garaikoetxea speaks some English.", CV,
         CV.replace("English (basic)", "English (A1 course)")),
        ("Ihintza Garaikoetxea's native language is Basque.", CV,
         CV.replace("Basque and Spanish (native)", "Basque (learning) and Spanish (native)")),
        # A degree under a heading with no colon: studied, held, and its level.
        ("Ihintza Garaikoetxea studied geomatics at Mondragon Unibertsitatea.", CV,
         CV.replace("Education\n", "References\n")),
        ("Ihintza Garaikoetxea holds a BSc in Geomatics from Mondragon Unibertsitatea.", CV,
         CV.replace("2010–2014  BSc Geomatics", "2010–2014  BSc Geomatics (not completed)")),
        ("Ihintza Garaikoetxea has a master's degree in hydrography.", CV, UNFINISHED),
        ("Ihintza Garaikoetxea has a master's degree in hydrography.", CV, IN_PROGRESS),
        # Job lines laid out in a column of years.
        ("Ihintza Garaikoetxea worked as a surveyor at Aiaraldea Topografia for five years.", CV,
         CV.replace("2015–2020  Surveyor", "2016–2020  Surveyor")),
        ("Ihintza Garaikoetxea has been a senior surveyor at Lurralde Neurketak since 2020.", CV,
         CV.replace("2020–present  Senior surveyor", "2020–2023  Senior surveyor")),
    ],
)
def test_a_cv_section_admits_its_form_and_refuses_the_near_miss(
    claim: str, supported: str, near_miss: str
) -> None:
    assert decide_write(claim, supported).verdict in ADMIT, claim
    assert decide_write(claim, near_miss).verdict not in ADMIT, near_miss


def test_the_document_kind_is_not_the_person() -> None:
    assert profile_person(CV) == "Ihintza Garaikoetxea"
    assert profile_person("CURRICULUM VITAE\nExperience") is None
    said = [r for _, _, r in tenure_readings(CV)]
    assert said and all(r.startswith("Ihintza Garaikoetxea ") for r in said)


def test_a_level_that_is_not_speaking_leaves_the_item_out() -> None:
    spoken = [r for _, _, r in field_readings(CV) if " speaks " in r]
    assert spoken[0] == "Ihintza Garaikoetxea speaks Basque, Spanish, French, some English."
    assert decide_write("Ihintza Garaikoetxea speaks Italian.", CV).verdict not in ADMIT
    assert decide_write("Ihintza Garaikoetxea speaks Spanish.", CV).verdict in ADMIT
    assert decide_write("Ihintza Garaikoetxea is fluent in French.", CV).verdict not in ADMIT


def test_a_line_of_study_is_not_a_job() -> None:
    cv = ("Ane Lizarralde\nExperience\n2014–2016  Diploma in Animal Health\n"
          "2016–2020  Vet nurse, Lekeitio Clinic")
    jobs = [r for _, _, r in tenure_readings(cv)]
    assert jobs and not any("Diploma" in r for r in jobs)
    worked = "Ane Lizarralde worked as a vet nurse at Lekeitio Clinic for four years."
    assert decide_write(worked, cv).verdict in ADMIT
    assert decide_write("Ane Lizarralde worked at Diploma in Animal Health.", cv).verdict not in ADMIT


def test_a_month_range_gives_no_count_of_years() -> None:
    cv = "Ane Lizarralde — CV\nJun 2019 – Feb 2022: Call handler, Txingudi Connect"
    said = [r for _, _, r in tenure_readings(cv)]
    months = "Ane Lizarralde worked as a call handler at Txingudi Connect from June 2019 to February 2022."
    assert months in said
    assert not any(" for " in r for r in said)
    assert decide_write("Ane Lizarralde worked at Txingudi Connect from 2019 to 2022.", cv).verdict in ADMIT
    assert decide_write("Ane Lizarralde worked at Txingudi Connect for three years.", cv).verdict not in ADMIT
    same = cv.replace("Feb 2022", "Jun 2022")
    assert any(r.endswith("for three years.") for _, _, r in tenure_readings(same))


def test_a_degree_without_its_school_names_none() -> None:
    said = [r for _, _, r in degree_readings(CV)]
    assert "Ihintza Garaikoetxea holds an MSc in Hydrography." in said
    assert not any("Hydrography at" in r for r in said)


@pytest.mark.parametrize(
    ("claim", "supported", "near_miss"),
    [
        ("Ane Lizarralde is allergic to penicillin.",
         "Clinic note. Pt: Ane Lizarralde, 52F. Allergies: penicillin (rash), latex.",
         "Clinic note. Pt: Ane Lizarralde, 52F. Allergies: penicillin (ruled out 2024), latex."),
        ("Ane is allergic to prawns.",
         "I'm Ane 🙂 allergic to prawns (not other shellfish though). see you sunday",
         "I'm Ane 🙂 allergic to prawns (suspected). see you sunday"),
    ],
)
def test_a_bracket_that_takes_the_item_back(claim: str, supported: str, near_miss: str) -> None:
    assert decide_write(claim, supported).verdict in ADMIT, supported
    assert decide_write(claim, near_miss).verdict not in ADMIT, near_miss


# Whose lines a profile's heading owns, and what takes a line back: each near miss adds one
# line (or names another party) to the CV that supports the claim.
OWN = ("Olga Zhaksylyk\nExperience\n2015–2019  Personal assistant, Ivan Sokolov, Almaty\n"
       "2019–2023  Manager, Honda, Astana")
MANAGER = "Olga Zhaksylyk worked as a manager at Honda."


@pytest.mark.parametrize(
    ("claim", "supported", "near_miss"),
    [
        # Past a heading no profile is made of ("References"), the lines are not the heading's.
        (MANAGER, OWN,
         OWN.replace("2019–2023  Manager", "References\nDr Erlan Nurgali\n2019–2023  Manager")),
        # A later note that names the employer takes the job back.
        (MANAGER, OWN,
         OWN + "\nNote: the Honda position was withdrawn before I started."),
        # A status word on the job's line.
        (MANAGER, OWN, OWN.replace("Astana", "Astana (offer declined)")),
        # An organisation heading is no person's profile.
        (MANAGER, OWN, OWN.replace("Olga Zhaksylyk\n", "Nordwind Logistics GmbH\n")
         .replace("Experience", "Olga Zhaksylyk\nExperience")),
        # Two Languages fields: whose each is, is unsaid.
        ("Olga Zhaksylyk speaks Kazakh.", OWN + "\nLanguages: Kazakh (native)",
         OWN + "\nLanguages: Russian (native)\nOther applicant\nLanguages: Kazakh (native)"),
        # A later line that questions the degree.
        ("Olga Zhaksylyk holds an MSc in Soil Science.", OWN + "\nEducation\nMSc Soil Science (2014)",
         OWN + "\nEducation\nMSc Soil Science (2014)\nBackground check: no record of this degree."),
    ],
)
def test_the_headings_person_owns_only_what_the_profile_says(
    claim: str, supported: str, near_miss: str
) -> None:
    assert decide_write(claim, supported).verdict in ADMIT, supported
    assert decide_write(claim, near_miss).verdict not in ADMIT, near_miss


def test_a_job_line_is_its_persons_not_a_name_inside_it() -> None:
    assert decide_write("Olga Zhaksylyk worked as a personal assistant in Almaty.", OWN).verdict in ADMIT
    assert decide_write("Ivan Sokolov worked as a personal assistant in Almaty.", OWN).verdict not in ADMIT


def test_a_category_is_an_evidence_nouns_not_a_verbs() -> None:
    # WordNet files a study under work: "worked at" is still not said by "studied at".
    evidence = "Ihintza Garaikoetxea studied geology at Mondragon Unibertsitatea from 2009 to 2012."
    studied, worked = (f"Ihintza Garaikoetxea {verb} at Mondragon Unibertsitatea."
                       for verb in ("studied", "worked"))
    assert decide_write(studied, evidence).verdict in ADMIT
    assert decide_write(worked, evidence).verdict not in ADMIT
